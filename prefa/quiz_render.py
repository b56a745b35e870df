"""Quiz items as HTML: a working static quiz, whole quiz pages, printable handouts.

Everything here works from a checked item (:class:`prefa.quiz.Result`), so
what the page says about each choice is what the engine said: the verdict
and the reason are computed in Python and written into the page as JSON; the
small inline script only shows them.  Nothing is loaded from the network.

- :func:`item_html`: one item as a self-contained fragment (its own style
  and script), for a notebook output or any page.  The choices are
  ``<button>`` elements (Tab, Enter and Space work), the feedback is an
  ``aria-live`` region, *Try again* clears the answer, and the lesson score
  is kept in the page and in ``localStorage`` when the browser allows it.
- :func:`quiz_html`: a whole page of items with one score bar.
- :func:`handout_html`: a printable handout: a header with lines for the
  name, date and class, the items with their diagrams and an answer line,
  two to a row on A4; then, from a new page, the answer key as a table.
- :func:`projector_html`: the items one at a time, large, for a class
  looking at one screen, driven by the keyboard.

Decisions of the page script:

- *What a reload shows.*  Besides the score, the choices the learner made
  on each item are kept (``localStorage`` key of the quiz plus
  :data:`PICKED_SUFFIX`), and an item shows them again, with their verdicts,
  when the page is loaded again.  *Try again* forgets them (not the score).
- *Try again* is offered after a wrong choice and after *Show the answer*,
  never once the item is solved: a right answer is the end of the item.
- *Several right choices* (``legal-cards``...): every choice, right or
  wrong, is marked with its reason, and the item stays open until every
  right choice is found (lesson 00 says so); the count of those found
  shows after each choice, and the whole layout and the explanation come
  once the item is solved.
- *One score line per quiz on a page*, before its first question: an item
  of :meth:`prefa.ui.QuizSession.static_html` has no score line of its own;
  where a page holds several lines of one quiz (items shown one by one, or
  a bank in parts) the script keeps the first, moved before the quiz's
  first question, and hides the others; where it holds none it makes one.
- *Starting a lesson again* (the score bar's button) asks first, then forgets
  the lesson's score and its shown answers, and clears the marks on the page.
- *Schools.*  An item whose schools of play differ carries, in its data,
  each other school's answer and verdicts (``"schools"``) besides the
  default's.  The learner chooses one school for the whole site (kept under
  :data:`SCHOOL_KEY`; the default is the first of :data:`SCHOOLS`); such an
  item grades by it, is graded again at once when the choice changes, and
  once answered lists what the other schools play and why.  The first-try
  score keeps the verdict given at the time.  An item without schools
  grades as before.  A school is named for the learner by its label, never
  its name (:data:`prefa.quiz.SCHOOLS`): "The course's own school plays K♠",
  where the page said "default plays K♠".

- *A question seen by one seat* (``seen-by``) draws only that seat's
  hand; the whole layout (:func:`layout_svg`) is in the page, hidden, and
  shown once the item is answered (a right answer, a wrong one, or *Show
  the answer*), again after a reload, as the marks are.  *Try again* hides
  it with the marks.  While several answers are still to find it stays
  hidden.

Ids are made from the quiz name and the item id, never at random, so the
same quiz renders to the same bytes every time.  The script may run any
number of times on a page (a notebook or a site that re-runs page scripts):
an item that already has its handlers is left alone.

Scoring: an item counts once, on the first try.  With one right answer the
first choice decides; where several choices are right (``legal-cards``,
``best-card``...) the item is right when every right choice is found before
any wrong one.  *Try again* is practice and does not change the score.

>>> from prefa.quiz import parse_quiz, check
>>> r = check(parse_quiz('''
... id: ruff
... kind: trick-winner
... question: Spades are trumps. Which card wins?
... contract: spades
... trick: AH 7H 7S
... choices: AH, 7H, 7S
... answer: 7S
... ''')[0])
>>> html = item_html(r, quiz="lesson-1")
>>> 'id="pq-lesson-1-ruff"' in html, html.count("<button")
(True, 5)
>>> html == item_html(r, quiz="lesson-1")
True
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Sequence
from html import escape

from . import quiz as _quiz
from .cards import CARD_CODE, SUIT_WORDS, Suit, card_symbol, parse_card
from .display import (
    CARD_H,
    CARD_W,
    TABLE_FIT_CSS,
    HtmlStr,
    SvgStr,
    card_svg,
    card_words,
    drawing_width,
)
from .i18n import NC_, N_, _, catalog, language, ngettext, pgettext
from .quiz import CAPTION, DRAW, QuizItem, Result, choice_label, school_label

RIGHT = N_("Right.")
"""The verdict word shown for a right choice (the widget shows the same), in English:
``_(RIGHT)`` in the learner's language."""

WRONG = N_("Wrong.")
"""The verdict word shown for a wrong choice (``_(WRONG)`` translated)."""

STORAGE_PREFIX = "prefa-quiz:"
"""``localStorage`` key prefix; the quiz name follows (one key per quiz)."""

PICKED_SUFFIX = "#picked"
"""Added to a quiz's key for the key of the choices the learner made (shown again on a reload)."""

LAYOUT_HEAD = N_("The whole layout (every hand, as the cards lay):")
"""The line over the layout a ``seen-by`` item shows once it is answered."""

NOT_STARTED = N_("Score: not started.")
"""The score line before any answer (``_(NOT_STARTED)`` translated)."""

SCHOOL_KEY = "prefa-school"
"""``localStorage`` key of the school the learner grades by, one for the whole site."""

SCHOOLS: tuple[str, ...] = tuple(_quiz.SCHOOLS)
"""The schools a learner may grade by, the course's default first: their names
(the page shows each one's label, :data:`prefa.quiz.SCHOOLS`)."""


# -- names and ids --------------------------------------------------------------------
def slug(text: str) -> str:
    """A lower-case id made of letters, digits and hyphens; stable for a given text.

    When the text itself is not such an id, a short hash of it is added so two
    different texts never share a slug.

    >>> slug("lead-07"), slug("Lesson 1")
    ('lead-07', 'lesson-1-2ff2e6')
    """
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"
    if s != text:
        s += "-" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:6]
    return s


def item_dom_id(quiz: str, item_id: str) -> str:
    """The HTML id of an item in a quiz: ``pq-QUIZ-ITEM``.

    >>> item_dom_id("lesson-1", "ruff")
    'pq-lesson-1-ruff'
    """
    return f"pq-{slug(quiz)}-{slug(item_id)}"


_CARD_RE = re.compile(CARD_CODE)


BID_KINDS: set[str] = {"greek-bid", "greek-legal-calls", "greek-declare"}
"""Kinds whose choices are bids or contracts written like cards (``6S`` is six
spades, not the six of spades): they are drawn as bids, never as card pictures."""

_BID_RE = re.compile(r"(6|7|8|9|10)(S|C|D|H|NT)")
_NUMBER_WORDS = {"6": NC_("bid level", "six"), "7": NC_("bid level", "seven"),
                 "8": NC_("bid level", "eight"), "9": NC_("bid level", "nine"),
                 "10": NC_("bid level", "ten")}
_BID_SUITS = {**{s.letter: (s.symbol, SUIT_WORDS[s]) for s in Suit}, "NT": ("NT", N_("no trumps"))}
"""A bid's denomination letter -> its sign and its name (the suits' from :mod:`prefa.cards`)."""


def is_bid_choice(choice: str, kind: str = "") -> bool:
    """True when a choice of a bidding kind is a bid such as ``6S`` (six spades).

    >>> is_bid_choice("6S", "greek-bid"), is_bid_choice("6S"), is_bid_choice("hold", "greek-bid")
    (True, False, False)
    """
    return kind in BID_KINDS and bool(_BID_RE.fullmatch(choice))


def is_card_choice(choice: str, kind: str = "") -> bool:
    """True when a (canonical) choice names a card, so it is drawn as a card; a bid
    of a bidding kind (:data:`BID_KINDS`) is not a card."""
    return bool(_CARD_RE.fullmatch(choice)) and not is_bid_choice(choice, kind)


def bid_text(choice: str) -> str:
    """A bid as people read it, as the engine's reasons write it: ``6♠``, ``7NT``.

    >>> bid_text("6S"), bid_text("10NT"), bid_text("pass")
    ('6♠', '10NT', 'pass')
    """
    m = _BID_RE.fullmatch(choice)
    return f"{m[1]}{_BID_SUITS[m[2]][0]}" if m else choice


def bid_words(choice: str) -> str:
    """A bid in words for screen readers, in the learner's language: ``six spades (bid)``."""
    m = _BID_RE.fullmatch(choice)
    return _("{number} {suit} (bid)").format(number=pgettext("bid level", _NUMBER_WORDS[m[1]]),
                                            suit=_(_BID_SUITS[m[2]][1])) if m else choice


def choice_text(choice: str, kind: str = "") -> str:
    """A choice as people read it: cards with suit signs (``10♥``), bids as bids
    (``6 ♠``), the rest in the learner's words (:func:`prefa.quiz.choice_label`:
    ``follow``, ``seat 0 at 2``)."""
    if is_bid_choice(choice, kind):
        return bid_text(choice)
    return card_symbol(parse_card(choice)) if is_card_choice(choice) else choice_label(choice, kind)


def choice_words(choice: str, kind: str = "") -> str:
    """A choice in words for screen readers: ``ten of hearts``, ``six spades (bid)``,
    the rest in the learner's words (:func:`prefa.quiz.choice_label`)."""
    if is_bid_choice(choice, kind):
        return bid_words(choice)
    return card_words(parse_card(choice)) if is_card_choice(choice) else choice_label(choice, kind)


def _bid_chip(choice: str) -> str:
    m = _BID_RE.fullmatch(choice)
    red = m[2] in ("D", "H")
    return (f'<span class="pq-bid-chip" aria-hidden="true">{m[1]}'
            f'<span class="pq-bid-suit{" pq-red" if red else ""}">{_BID_SUITS[m[2]][0]}</span>'
            f'</span><span class="pq-sr">{escape(bid_words(choice))}</span>')


# -- the position ---------------------------------------------------------------------
def position_svg(item: QuizItem, *, four_colour: bool = False) -> SvgStr | HtmlStr | None:
    """The item's position drawn as cards, or ``None`` when it has no cards: an SVG
    picture, or a card table's HTML (:func:`prefa.display.table_svg`).

    Each kind draws its own, with the ``draw`` its ruleset registered
    (:func:`prefa.quiz.register_kind`; the Balkan kinds': :func:`prefa.balkan.quiz.draw`).
    """
    draw = DRAW.get(item.kind)
    return draw(item, four_colour=four_colour) if draw is not None else None


def layout_svg(item: QuizItem, *, four_colour: bool = False) -> SvgStr | None:
    """The whole layout of a ``seen-by`` item (every hand open), shown once it is
    answered; ``None`` for an item shown with all hands open already.

    The drawing is the kind's own (:data:`prefa.quiz.DRAW`) of
    :func:`prefa.quiz.layout_item`.
    """
    if item.seen_by is None:
        return None
    return position_svg(_quiz.layout_item(item), four_colour=four_colour)


def position_caption(item: QuizItem) -> str:
    """The position in words, as HTML (the ``caption`` the kind's ruleset registered)."""
    caption = CAPTION.get(item.kind)
    return caption(item) if caption is not None else ""


def auction_table(seats: Sequence[int], calls: Sequence[tuple[int, object]],
                  word: Callable[[object], str] = str) -> str:
    """The calls ``(seat, call)`` as an HTML table: a column per seat, a row per round.

    Every ruleset's caption uses it; ``word`` spells a call (``str`` by default).

    >>> html = auction_table((0, 1, 2), [(0, "2"), (1, "pass"), (2, "3"), (0, "pass")])
    >>> html.count("<tr>"), html.count("<td>pass</td>")   # the header and two rounds
    (3, 2)
    """
    if not calls:
        return ""
    rows: list[list[str]] = []
    prev: int | None = None
    for seat, call in calls:
        col = seats.index(seat)
        if prev is None or col <= prev:  # back round the table: a new round
            rows.append([""] * len(seats))
        rows[-1][col] = word(call)
        prev = col
    head = "".join(f'<th scope="col">{escape(_("Seat {seat}").format(seat=s))}</th>'
                   for s in seats)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>"
                   for row in rows)
    return (f'<table class="pq-auction"><caption>{escape(_("Auction"))}</caption><thead>'
            f"<tr>{head}</tr></thead><tbody>{body}</tbody></table>")


# -- style and script -------------------------------------------------------------------
STYLE = """
.pq-item{border:1px solid #c8c8c8;border-radius:8px;padding:0.8em 1em;margin:1em 0;
 max-width:60em}
.pq-item .pq-q{font-size:1.1em;font-weight:600;margin:0 0 0.6em}
.pq-position svg,.ho-item svg{max-width:100%;height:auto}
.pq-auction{border-collapse:collapse;margin:0.4em 0;font-size:0.95em}
.pq-auction caption{text-align:left;font-weight:600}
.pq-auction th,.pq-auction td{border:1px solid #c8c8c8;padding:0.15em 0.6em;text-align:center}
.pq-caption{margin:0.3em 0}
.pq-choices{display:flex;flex-wrap:wrap;gap:0.5em;margin:0.8em 0}
.pq-choice,.pq-reveal,.pq-retry,.pq-reset{font:inherit;color:inherit;background:transparent;
 border:2px solid #8a8a8a;border-radius:6px;padding:0.35em 0.8em;cursor:pointer;
 min-height:2.4em}
.pq-choice.pq-card{padding:0.25em;display:inline-flex;flex-direction:column;
 align-items:center}
.pq-choice svg{display:block}
.pq-bid-chip{font-weight:700;white-space:nowrap}
.pq-bid-suit.pq-red{color:#c0102a}
.pq-choice:hover,.pq-reveal:hover,.pq-retry:hover,.pq-reset:hover{border-color:#444}
.pq-choice:focus-visible,.pq-reveal:focus-visible,.pq-retry:focus-visible,
.pq-reset:focus-visible{outline:3px solid #1a66d2;outline-offset:2px}
.pq-choice[data-state=right]{border-color:#157a2c;background:rgba(21,122,44,0.12)}
.pq-choice[data-state=wrong]{border-color:#c0102a;background:rgba(192,16,42,0.10)}
.pq-mark{font-weight:700;margin-left:0.2em}
.pq-choice[data-state=right] .pq-mark::after{content:"\\2713";color:#157a2c}
.pq-choice[data-state=wrong] .pq-mark::after{content:"\\2717";color:#c0102a}
.pq-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);
 white-space:nowrap}
.pq-feedback{min-height:1.5em;margin:0.5em 0}
.pq-feedback .pq-verdict{font-weight:700}
.pq-feedback[data-state=right] .pq-verdict{color:#157a2c}
.pq-feedback[data-state=wrong] .pq-verdict{color:#c0102a}
.pq-explain{display:block;margin-top:0.3em;font-style:italic}
.pq-score{font-weight:600;margin:0.6em 0}
.pq-schools{margin:0.4em 0;font-size:0.95em}
.pq-school{font:inherit;margin-left:0.3em;max-width:100%}
.pq-others{margin:0.3em 0;padding-left:1.2em;font-size:0.95em}
.pq-layout{margin:0.5em 0}
.pq-layout[hidden]{display:none}
.pq-layout svg{max-width:100%;height:auto}
.pq-layout-head{font-weight:600;margin:0.2em 0}
.pq-error{border:2px solid #c0102a;border-radius:6px;padding:0.5em 0.8em}
@media print{.pq-retry,.pq-reset,.pq-reveal,.pq-feedback,.pq-score,.pq-schools,
 .pq-others,.pq-layout{display:none}
 .pq-item{break-inside:avoid}}
"""

_WORDS = {"right": RIGHT, "wrong": WRONG, "said_right": N_("(right)"),
          "said_wrong": N_("(wrong)"), "answer": N_("Answer: {answer}."), "none": N_("none"),
          "only": N_("It is the only right choice."), "not_started": NOT_STARTED,
          "reset": N_("Start this lesson again"), "grade_by": N_("Grade by"),
          "plays": N_("{school} plays {answer}: {reason}"),
          "plays_end": N_("{school} plays {answer}.")}
_COUNTED = {
    "found": ("{found} of {total} right choice found.", "{found} of {total} right choices found."),
    "all_found": ("All {n} right choice found.", "All {n} right choices found."),
    "score": ("Score: {right} of {total} right on the first try ({answered} answered).",
              "Score: {right} of {total} right on the first try ({answered} answered)."),
    "forget": ("Forget your answer to this lesson's questions and start again?",
               "Forget your {n} answers to this lesson's questions and start again?")}
"""The page script's messages with a count: its key -> the English singular and plural
(the same sentences :func:`progress_text` and :func:`score_text` write)."""


def _counted_marks() -> None:  # pragma: no cover - only for the catalog's extraction
    ngettext("{found} of {total} right choice found.", "{found} of {total} right choices found.", 2)
    ngettext("All {n} right choice found.", "All {n} right choices found.", 2)
    ngettext("Score: {right} of {total} right on the first try ({answered} answered).",
             "Score: {right} of {total} right on the first try ({answered} answered).", 2)
    ngettext("Forget your answer to this lesson's questions and start again?",
             "Forget your {n} answers to this lesson's questions and start again?", 2)


def _plural_index(n: int) -> int:
    cat = catalog(language())
    plural = getattr(cat, "plural", None)
    return int(plural(n)) if plural is not None else int(n != 1)


def quiz_words(*, english: bool = False) -> dict:
    """The page script's words in the language spoken (``english``: as written, for
    the script's own defaults): the verdicts, the score line, the buttons, the
    school labels; a message with a count gives its forms, and ``plural`` the form
    each count 0-199 takes (above 199 the script reads the last two digits, which
    is how Serbian, Russian, Greek and English choose).

    >>> w = quiz_words()
    >>> w["right"], w["found"][1], w["plural"][:3]
    ('Right.', '{found} of {total} right choices found.', '101')
    """
    if english:
        out = {k: v for k, v in _WORDS.items()}
        out.update({k: list(v) for k, v in _COUNTED.items()})
        out["labels"] = dict(_quiz.SCHOOLS)
        out["plural"] = "".join("0" if n == 1 else "1" for n in range(200))
        return out
    out = {k: _(v) for k, v in _WORDS.items()}
    index = [_plural_index(n) for n in range(200)]
    for key, (one, many) in _COUNTED.items():
        forms = []
        for i in range(max(index) + 1):
            n = index.index(i) if i in index else 1
            forms.append(ngettext(one, many, n))
        out[key] = forms
    out["labels"] = {name: school_label(name) for name in _quiz.SCHOOLS}
    out["plural"] = "".join(str(i) for i in index)
    return out


def _page_words() -> dict | None:
    """The words an item's data (and its score line) carry: none in English, the
    script's own."""
    return None if language() == "en" else quiz_words()



_SCRIPT = r"""
(function () {
  "use strict";
  var VERSION = 6, PREFIX = @PREFIX@, ENGLISH = @WORDS@;
  var SCHOOLS = @SCHOOLS@, SCHOOL_KEY = @SCHOOL_KEY@, PICKED = @PICKED@;
  var P = window.prefaQuiz;
  if (!P || P.version !== VERSION) {
    P = window.prefaQuiz = {version: VERSION, prefix: PREFIX, mem: {}, memPicked: {},
                            memSchool: null, schools: SCHOOLS, words: {}, W: ENGLISH};
    var has = function (o, k) { return Object.prototype.hasOwnProperty.call(o, k); };
    /* The words of a quiz, in the language its page was made in: an item's data
       (and its score line) carry them, rendered by prefa.quiz_render.quiz_words;
       an English page carries none and reads the English ones of this script. */
    P.w = function (quiz) { return has(P.words, quiz) ? P.words[quiz] : ENGLISH; };
    P.learn = function (quiz, words) {
      if (words && typeof words === "object") { P.words[quiz] = words; P.W = words; }
    };
    P.fmt = function (text, values) {
      return String(text).replace(/\{(\w+)\}/g, function (m, k) {
        return has(values, k) ? String(values[k]) : m;
      });
    };
    /* A message with a count: the form the count takes in the page's language
       (W.plural holds the form of each count 0-199; above, the last two digits decide). */
    P.nw = function (W, key, n, values) {
      var forms = W[key], i = +String(W.plural).charAt(n < 200 ? n : 100 + n % 100) || 0;
      return P.fmt(forms[Math.min(i, forms.length - 1)], values);
    };
    var read = function (key, mem, name) {
      /* The browser's storage is the truth (another page or tab may have changed
         it); the copy in memory serves only where there is no storage. */
      var text;
      try { text = window.localStorage.getItem(key); }
      catch (e) { if (!has(mem, name)) { mem[name] = {}; } return mem[name]; }
      var saved = {};
      try {
        var parsed = text ? JSON.parse(text) : null;
        if (parsed && typeof parsed === "object") { saved = parsed; }
      } catch (e) { saved = {}; }
      mem[name] = saved;
      return saved;
    };
    var write = function (key, value) {
      try { window.localStorage.setItem(key, JSON.stringify(value)); }
      catch (e) { /* no storage here: it lives in the page only */ }
    };
    var forget = function (key) {
      try { window.localStorage.removeItem(key); } catch (e) { /* none */ }
    };
    P.load = function (quiz) { return read(PREFIX + quiz, P.mem, quiz); };
    P.save = function (quiz) { write(PREFIX + quiz, P.mem[quiz]); };
    /* What the learner chose, item by item (choices in order, or "reveal"), so
       a reload shows the answers again; the score above is kept apart. */
    P.picked = function (quiz) { return read(PREFIX + quiz + PICKED, P.memPicked, quiz); };
    P.savePicked = function (quiz) { write(PREFIX + quiz + PICKED, P.memPicked[quiz]); };
    P.school = function () {
      var s = P.memSchool;
      try { s = window.localStorage.getItem(SCHOOL_KEY) || null; } catch (e) { /* memory */ }
      return s;
    };
    P.setSchool = function (name) {
      P.memSchool = name;
      try { window.localStorage.setItem(SCHOOL_KEY, name); } catch (e) { /* memory */ }
      P.regradeAll();
    };
    P.sections = function (quiz) {
      var out = [], all = document.querySelectorAll(".pq-item");
      for (var i = 0; i < all.length; i++) {
        if (quiz === null || all[i].getAttribute("data-quiz") === quiz) { out.push(all[i]); }
      }
      return out;
    };
    P.regradeAll = function () {
      var secs = P.sections(null), i, sels = document.querySelectorAll("select.pq-school");
      for (i = 0; i < secs.length; i++) { if (secs[i].prefaRegrade) { secs[i].prefaRegrade(); } }
      for (i = 0; i < sels.length; i++) { P.fillSchools(sels[i]); }
    };
    /* A school as the learner reads it: its label (prefa.quiz.SCHOOLS), never its name. */
    P.schoolLabel = function (s, W) {
      var labels = (W || ENGLISH).labels || {};
      return has(labels, s) ? labels[s] : s;
    };
    P.fillSchools = function (sel) {
      var now = P.school() || SCHOOLS[0] || "";
      if (!sel.options.length) {
        for (var i = 0; i < SCHOOLS.length; i++) {
          var o = document.createElement("option");
          o.value = SCHOOLS[i];
          o.textContent = P.schoolLabel(SCHOOLS[i], sel.prefaWords);
          sel.appendChild(o);
        }
      }
      sel.value = now;
    };
    P.schoolPicker = function (where, n, W) {
      var lab = document.createElement("label"), sel = document.createElement("select");
      lab.className = "pq-school-choice";
      lab.appendChild(document.createTextNode((W || ENGLISH).grade_by + " "));
      sel.prefaWords = W || ENGLISH;
      sel.className = "pq-school";
      sel.name = "pq-school-" + n;
      P.fillSchools(sel);
      sel.addEventListener("change", function () { P.setSchool(sel.value); });
      lab.appendChild(sel);
      where.appendChild(lab);
      return lab;
    };
    P.count = 0;
    P.reset = function (quiz, ask) {
      if (ask) {
        var n = 0, got = P.load(quiz);
        for (var k in got) { if (has(got, k)) { n++; } }
        var q = P.nw(P.w(quiz), "forget", n, {n: n});
        if (n && !window.confirm(q)) { return false; }
      }
      P.mem[quiz] = {};
      P.memPicked[quiz] = {};
      forget(PREFIX + quiz);
      forget(PREFIX + quiz + PICKED);
      var secs = P.sections(quiz);
      for (var i = 0; i < secs.length; i++) { if (secs[i].prefaClear) { secs[i].prefaClear(); } }
      P.showScore(quiz);
      return true;
    };
    P.showScore = function (quiz) {
      var got = P.load(quiz), seen = {}, total = 0, right = 0, answered = 0, i;
      var items = document.querySelectorAll(".pq-item[data-scored='1']");
      for (i = 0; i < items.length; i++) {
        var id = items[i].getAttribute("data-item");
        if (items[i].getAttribute("data-quiz") !== quiz || has(seen, id)) { continue; }
        seen[id] = true;
        total += 1;
        if (has(got, id)) { answered += 1; if (got[id] === true) { right += 1; } }
      }
      var text = P.nw(P.w(quiz), "score", total,
                      {right: right, total: total, answered: answered});
      var bars = document.querySelectorAll(".pq-score");
      for (i = 0; i < bars.length; i++) {
        if (bars[i].getAttribute("data-quiz") !== quiz) { continue; }
        var t = bars[i].querySelector(".pq-score-text");
        if (t) { t.textContent = text; }
      }
    };
    /* One score line per quiz on a page, before its first question: the first
       line of the quiz there is moved before it, or made when the page has
       none (a lesson showing its questions in parts), and any other is hidden. */
    P.oneBar = function (quiz) {
      var secs = P.sections(quiz), all = document.querySelectorAll(".pq-score"), bars = [], i;
      for (i = 0; i < all.length; i++) {
        if (all[i].getAttribute("data-quiz") === quiz) { bars.push(all[i]); }
      }
      var bar = bars[0], first = secs[0];
      if (!first) { return; }
      if (!bar) {
        bar = document.createElement("div");
        bar.className = "pq-score";
        bar.setAttribute("data-quiz", quiz);
        var t = document.createElement("span"), b = document.createElement("button");
        t.className = "pq-score-text";
        t.setAttribute("aria-live", "polite");
        t.textContent = P.w(quiz).not_started;
        b.type = "button";
        b.className = "pq-reset";
        bar.appendChild(t);
        bar.appendChild(document.createTextNode(" "));
        bar.appendChild(b);
      }
      if (!bar.parentNode || first.contains(bar) ||
          (bar.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_PRECEDING)) {
        first.parentNode.insertBefore(bar, first);
      }
      bar.hidden = false;
      for (i = 1; i < bars.length; i++) { bars[i].hidden = true; }
      P.bindScore(bar);
    };
    P.bindScore = function (bar) {
      if (bar.getAttribute("data-pq-bound") === "1") { return; }
      bar.setAttribute("data-pq-bound", "1");
      var quiz = bar.getAttribute("data-quiz"), b = bar.querySelector(".pq-reset");
      var said = bar.getAttribute("data-words");
      if (said) { try { P.learn(quiz, JSON.parse(said)); } catch (e) { /* English */ } }
      if (b) {
        b.textContent = P.w(quiz).reset;
        b.addEventListener("click", function () { P.reset(quiz, true); });
      }
    };
    /* The grading of an item for the chosen school: each choice's verdict, the
       answer and its reason.  An item without schools grades as it always did. */
    P.grading = function (data) {
      var chosen = P.school(), schools = data.schools || {}, own = data.school || null;
      var g = {school: own, choices: [], answer: data.answer || [],
               answer_text: data.answer_text, reason: data.reason};
      var alt = chosen && chosen !== own && has(schools, chosen) ? schools[chosen] : null;
      for (var i = 0; i < data.choices.length; i++) {
        var c = data.choices[i], v = alt && alt.choices && has(alt.choices, c.choice) ?
          alt.choices[c.choice] : null;
        g.choices.push(v ? {choice: c.choice, correct: !!v.correct, reason: v.reason || c.reason}
                         : c);
      }
      if (alt) {
        g.school = chosen;
        if (alt.answer) {
          g.answer = alt.answer;
          g.answer_text = P.names(data, alt.answer, P.w(data.quiz));
        }
        var first = g.answer.length && has(alt.choices || {}, g.answer[0]) ?
          alt.choices[g.answer[0]].reason : "";
        if (first) { g.reason = first; }
      }
      return g;
    };
    P.names = function (data, answer, W) {
      var out = [];
      for (var i = 0; i < answer.length; i++) {
        var name = answer[i];
        out.push(data.labels && has(data.labels, name) ? data.labels[name] :
          /^[2-9TJQKA][SHDC]$/.test(name) ? P.cardText(name) : name);
      }
      return out.join(", ") || (W || ENGLISH).none;
    };
    P.cardText = function (c) {
      var suit = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"}[c.charAt(1)];
      return (c.charAt(0) === "T" ? "10" : c.charAt(0)) + suit;
    };
    /* What the other schools play, and why, for an item whose schools differ. */
    P.others = function (data, g) {
      var schools = data.schools || {}, lines = [], names = [], k, i, W = P.w(data.quiz);
      for (k in schools) { if (has(schools, k)) { names.push(k); } }
      if (data.school && names.indexOf(data.school) < 0) { names.unshift(data.school); }
      for (i = 0; i < names.length; i++) {
        var s = names[i];
        if (s === g.school) { continue; }
        var ans, why;
        if (s === data.school || !has(schools, s)) {
          ans = data.answer || []; why = data.reason;
        } else {
          ans = schools[s].answer || [];
          why = ans.length && has(schools[s].choices || {}, ans[0]) ?
            schools[s].choices[ans[0]].reason : "";
        }
        var who = P.schoolLabel(s, W);
        who = who.charAt(0).toUpperCase() + who.slice(1);
        lines.push(P.fmt(why ? W.plays : W.plays_end,
                         {school: who, answer: P.names(data, ans, W), reason: why}));
      }
      return lines;
    };
    P.bind = function (sec) {
      if (sec.getAttribute("data-pq-bound") === "1") { return; }
      var dataEl = sec.querySelector(".pq-data"), data;
      try { data = JSON.parse(dataEl ? dataEl.textContent : sec.getAttribute("data-pq")); }
      catch (e) { return; }
      sec.setAttribute("data-pq-bound", "1");
      P.learn(data.quiz, data.words);
      var W = P.w(data.quiz);
      var buttons = sec.querySelectorAll(".pq-choice");
      var reveal = sec.querySelector(".pq-reveal"), retry = sec.querySelector(".pq-retry");
      var fb = sec.querySelector(".pq-feedback"), picked = [], revealed = false, i;
      /* A question shown as one seat sees it (seen-by) opens the whole layout
         once it is answered: right, wrong or shown; Try again hides it. */
      var layout = sec.querySelector(".pq-layout");
      var showLayout = function (on) { if (layout) { layout.hidden = !on; } };
      var schoolish = false;
      for (var k in (data.schools || {})) { if (has(data.schools, k)) { schoolish = true; } }
      var othersEl = null;
      if (schoolish) {
        P.count += 1;
        var box = document.createElement("div");
        box.className = "pq-schools";
        P.schoolPicker(box, P.count, W);
        othersEl = document.createElement("ul");
        othersEl.className = "pq-others";
        othersEl.hidden = true;
        fb.parentNode.insertBefore(box, fb);
        fb.parentNode.insertBefore(othersEl, fb.nextSibling);
      }
      var part = function (cls) { return fb.querySelector("." + cls); };
      var show = function (state, verdict, reason, progress, explain) {
        if (state) { fb.setAttribute("data-state", state); } else { fb.removeAttribute("data-state"); }
        part("pq-verdict").textContent = verdict;
        part("pq-reason").textContent = reason;
        part("pq-progress").textContent = progress;
        part("pq-explain").textContent = explain;
      };
      var showOthers = function (g, on) {
        if (!othersEl) { return; }
        while (othersEl.firstChild) { othersEl.removeChild(othersEl.firstChild); }
        var lines = on ? P.others(data, g) : [];
        for (var j = 0; j < lines.length; j++) {
          var li = document.createElement("li");
          li.textContent = lines[j];
          othersEl.appendChild(li);
        }
        othersEl.hidden = !lines.length;
      };
      /* The verdict read out with a choice is its last hidden span (a card
         choice's first one holds the card's name, which must stay). */
      var said = function (b) { var s = b.querySelectorAll(".pq-sr"); return s[s.length - 1]; };
      var clearMarks = function () {
        for (var j = 0; j < buttons.length; j++) {
          buttons[j].removeAttribute("data-state");
          said(buttons[j]).textContent = "";
        }
        show("", "", "", "", "");
        showOthers(null, false);
        showLayout(false);
        retry.hidden = true;
      };
      /* Shows the state after the choices in "picked"; scores the last one when
         "score" is set (a new click, not a reload or a change of school). */
      var render = function (score) {
        var g = P.grading(data), rightCount = 0, found = 0, j, solved = false, v = null;
        clearMarks();
        for (j = 0; j < g.choices.length; j++) { if (g.choices[j].correct) { rightCount++; } }
        for (j = 0; j < picked.length; j++) {
          v = g.choices[picked[j]];
          buttons[picked[j]].setAttribute("data-state", v.correct ? "right" : "wrong");
          said(buttons[picked[j]]).textContent = " " + (v.correct ? W.said_right : W.said_wrong);
          if (v.correct) { found++; }
        }
        if (revealed) {
          show("answer", P.fmt(W.answer, {answer: g.answer_text}), g.reason, "", data.explain);
          showOthers(g, true);
          showLayout(true);
          retry.hidden = false;
          return;
        }
        if (v === null) { return; }
        solved = data.multi ? found === rightCount : v.correct;
        var progress = "", missed = false;
        for (j = 0; j < picked.length; j++) { if (!g.choices[picked[j]].correct) { missed = true; } }
        /* Several right choices: a wrong one is marked and the item stays open,
           with the count of those found, until every right choice is found. */
        if (data.multi && (v.correct || rightCount > 1)) {
          progress = rightCount === 1 ? W.only :
            solved ? P.nw(W, "all_found", rightCount, {n: rightCount}) :
            P.nw(W, "found", rightCount, {found: found, total: rightCount});
        }
        show(v.correct ? "right" : "wrong", v.correct ? W.right : W.wrong, v.reason, progress,
             solved ? data.explain : "");
        var over = solved || (!v.correct && !data.multi);
        showOthers(g, over);
        showLayout(over);
        retry.hidden = solved || !missed;  /* Try again after a wrong choice, until solved */
        if (score) {
          var got = P.load(data.quiz);
          if (!has(got, data.id) && (!v.correct || solved)) {
            got[data.id] = v.correct;
            P.save(data.quiz);
            P.showScore(data.quiz);
          }
        }
      };
      var remember = function () {
        var all = P.picked(data.quiz), names = [];
        for (var j = 0; j < picked.length; j++) { names.push(data.choices[picked[j]].choice); }
        if (revealed) { all[data.id] = "reveal"; }
        else if (names.length) { all[data.id] = names; }
        else { delete all[data.id]; }
        P.savePicked(data.quiz);
      };
      var choose = function (i) {
        if (picked.indexOf(i) < 0) { picked.push(i); }
        remember();
        render(true);
      };
      var bindChoice = function (i) {
        buttons[i].addEventListener("click", function () { choose(i); });
      };
      for (i = 0; i < buttons.length; i++) { bindChoice(i); }
      if (reveal) {
        reveal.addEventListener("click", function () {
          revealed = true;
          remember();
          render(false);
        });
      }
      retry.addEventListener("click", function () {
        picked = [];
        revealed = false;
        remember();
        clearMarks();
        var first = buttons.length ? buttons[0] : reveal;
        if (first) { first.focus(); }
      });
      sec.prefaClear = function () { picked = []; revealed = false; clearMarks(); };
      sec.prefaRegrade = function () { render(false); };
      /* The answers given before this page was (re)loaded. */
      var before = P.picked(data.quiz)[data.id];
      if (before === "reveal" && reveal) { revealed = true; }
      else if (before && before.length) {
        for (i = 0; i < before.length; i++) {
          for (var b = 0; b < data.choices.length; b++) {
            if (data.choices[b].choice === before[i] && picked.indexOf(b) < 0) { picked.push(b); }
          }
        }
      }
      if (revealed || picked.length) { render(false); }
    };
    P.bindAll = function (root) {
      var i, quizzes = {}, secs = root.querySelectorAll(".pq-item");
      for (i = 0; i < secs.length; i++) {
        P.bind(secs[i]);
        quizzes[secs[i].getAttribute("data-quiz")] = true;
      }
      var bars = root.querySelectorAll(".pq-score");
      for (i = 0; i < bars.length; i++) {
        P.bindScore(bars[i]);
        quizzes[bars[i].getAttribute("data-quiz")] = true;
      }
      var pickers = root.querySelectorAll(".pq-school-site");
      for (i = 0; i < pickers.length; i++) {
        if (pickers[i].getAttribute("data-pq-bound") !== "1") {
          pickers[i].setAttribute("data-pq-bound", "1");
          P.count += 1;
          P.schoolPicker(pickers[i], P.count, P.W);
        }
      }
      for (var q in quizzes) { if (has(quizzes, q)) { P.oneBar(q); P.showScore(q); } }
    };
  }
  P.bindAll(document);
})();
""".replace("@PREFIX@", json.dumps(STORAGE_PREFIX)) \
   .replace("@SCHOOLS@", json.dumps(list(SCHOOLS))) \
   .replace("@SCHOOL_KEY@", json.dumps(SCHOOL_KEY)).replace("@PICKED@", json.dumps(PICKED_SUFFIX)) \
   .replace("@WORDS@", json.dumps(quiz_words(english=True)))
"""The page script: shows the precomputed verdicts; safe to run more than once."""

SCRIPT = _SCRIPT
"""The page script, for a site that serves it once as a file (``assets/javascripts/quiz.js``
of the teaching site) instead of once per item.  It binds every quiz item of the page
when it runs; ``window.prefaQuiz.bindAll(root)`` binds items added later.  An item's
data is read from its ``script.pq-data`` element or, where a site moved it there,
from the item's ``data-pq`` attribute."""


def score_text(right: int, total: int, answered: int) -> str:
    """The score line, worded as the page script words it.

    >>> score_text(2, 5, 3)
    'Score: 2 of 5 right on the first try (3 answered).'
    """
    return ngettext(*_COUNTED["score"], total).format(right=right, total=total,
                                                      answered=answered)


def progress_text(found: int, total: int) -> str:
    """What a learner is told after a right choice of an item with several answers.

    >>> progress_text(1, 3), progress_text(3, 3), progress_text(1, 1)
    ('1 of 3 right choices found.', 'All 3 right choices found.', 'It is the only right choice.')
    """
    if total == 1:
        return _(_WORDS["only"])
    if found >= total:
        return ngettext(*_COUNTED["all_found"], total).format(n=total)
    return ngettext(*_COUNTED["found"], total).format(found=found, total=total)


def _json_for_script(data: object) -> str:
    """JSON that cannot end the ``<script>`` element it sits in."""
    return (json.dumps(data, ensure_ascii=False, sort_keys=True)
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def item_data(result: Result, quiz: str) -> dict:
    """What the page script needs for one item: every choice's verdict and reason.

    ``school`` names the school the item is graded by when schools differ on
    it (else ``None``); ``schools`` then holds each school's grading, its
    ``answer`` (the choices right in that school) and a verdict per choice,
    so the page can grade by the school the learner picked
    (:data:`prefa.quiz.SCHOOLS`); ``schools`` always holds
    :data:`~prefa.quiz.DEFAULT_SCHOOL` then, and a school it lacks grades as
    the top-level ``choices`` do.  Reasons are plain sentences: no convention ids.
    """
    item = result.item
    out = {"quiz": quiz, "id": item.id, "multi": item.multi,
            "choices": [{"choice": v.choice, "correct": v.correct, "reason": plain(v.reason)}
                        for v in result.verdicts],
            "answer": list(result.engine),
            "answer_text": (", ".join(choice_text(a, item.kind) for a in result.engine)
                            or _("none")),
            "reason": plain(result.reason), "explain": item.text("explain"),
            "school": result.school,
            "schools": {name: {"answer": [v.choice for v in sr.verdicts if v.correct],
                               "choices": {v.choice: {"correct": v.correct,
                                                      "reason": plain(v.reason)}
                                           for v in sr.verdicts}}
                        for name, sr in result.schools.items()}}
    # the names of the answers a school's grading shows (P.names), where a word differs
    labels = {v.choice: choice_text(v.choice, item.kind) for v in result.verdicts
              if not is_card_choice(v.choice, item.kind)
              and choice_text(v.choice, item.kind) != v.choice}
    if labels:
        out["labels"] = labels
    words = _page_words()
    if words is not None:
        out["words"] = words
    return out


def plain(reason: str) -> str:
    """A reason as the learner reads it: without a convention's id in brackets.

    >>> plain("Small through the declarer [lead.small-through-declarer]: lead low.")
    'Small through the declarer: lead low.'
    """
    return re.sub(r" ?\[[a-z0-9]+(?:[.-][a-z0-9]+)+\]", "", reason)


# -- one item -------------------------------------------------------------------------
def _choice_button(i: int, choice: str, four_colour: bool, kind: str = "") -> str:
    if is_bid_choice(choice, kind):
        inner = _bid_chip(choice)
        cls = "pq-choice pq-bid"
    elif is_card_choice(choice):
        svg = card_svg(parse_card(choice), four_colour=four_colour, decorative=True)
        inner = f'{svg}<span class="pq-sr">{escape(choice_words(choice))}</span>'
        cls = "pq-choice pq-card"
    else:
        inner = escape(choice_label(choice, kind))
        cls = "pq-choice"
    return (f'<button type="button" class="{cls}" data-index="{i}" '
            f'data-choice="{escape(choice, quote=True)}">{inner}'
            f'<span class="pq-mark" aria-hidden="true"></span><span class="pq-sr"></span>'
            "</button>")


def _section(result: Result, quiz: str, four_colour: bool, score_line: bool) -> str:
    item = result.item
    dom = item_dom_id(quiz, item.id)
    svg = position_svg(item, four_colour=four_colour)
    scored = bool(result.verdicts)
    parts = [(f'<section class="pq-item" id="{dom}" data-quiz="{escape(quiz, quote=True)}" '
              f'data-item="{escape(item.id, quote=True)}" data-kind="{escape(item.kind)}" '
              f'data-scored="{1 if scored else 0}" aria-labelledby="{dom}-q">'),
             f'<p class="pq-q" id="{dom}-q">{escape(item.text("question"))}</p>',
             '<div class="pq-position">', svg or "", position_caption(item), "</div>"]
    layout = layout_svg(item, four_colour=four_colour)
    if scored:
        parts.append(f'<div class="pq-choices" role="group" aria-labelledby="{dom}-q">')
        parts += [_choice_button(i, v.choice, four_colour, item.kind)
                  for i, v in enumerate(result.verdicts)]
        parts.append("</div>")
    else:
        parts.append('<div class="pq-choices"><button type="button" class="pq-reveal">'
                     f"{escape(_('Show the answer'))}</button></div>")
    parts.append(f'<p class="pq-feedback" id="{dom}-fb" role="status" aria-live="polite">'
                 '<span class="pq-verdict"></span> <span class="pq-reason"></span> '
                 '<span class="pq-progress"></span><span class="pq-explain"></span></p>')
    if layout:
        parts.append('<div class="pq-layout" hidden><p class="pq-layout-head">'
                     f"{escape(_(LAYOUT_HEAD))}</p>{layout}</div>")
    parts.append(f'<button type="button" class="pq-retry" hidden>{escape(_("Try again"))}</button>')
    if score_line:
        parts.append(_score_bar(quiz))
    parts.append(f'<script type="application/json" class="pq-data">'
                 f"{_json_for_script(item_data(result, quiz))}</script>")
    parts.append("</section>")
    return "".join(parts)


def _score_bar(quiz: str) -> str:
    words = _page_words()
    said = "" if words is None else \
        f' data-words="{escape(json.dumps(words, ensure_ascii=False, sort_keys=True))}"'
    return (f'<div class="pq-score" data-quiz="{escape(quiz, quote=True)}"{said}>'
            f'<span class="pq-score-text" aria-live="polite">{escape(_(NOT_STARTED))}</span> '
            f'<button type="button" class="pq-reset">{escape(_("Start this lesson again"))}'
            "</button></div>")


def item_html(result: Result, *, quiz: str = "quiz", four_colour: bool = False,
              score: bool = True) -> str:
    """One checked item as a self-contained HTML fragment (style, markup, data, script).

    ``quiz`` names the lesson: it makes the ids and the ``localStorage`` key, and
    items with the same quiz name share one score.  ``score=False`` leaves out
    the score line under the item.
    """
    return (f"<style>{STYLE}</style>" + _section(result, quiz, four_colour, score)
            + f"<script>{_SCRIPT}</script>")


def score_html(quiz: str = "quiz") -> str:
    """A self-contained score line for a quiz (for a page of :func:`item_html` items)."""
    return f"<style>{STYLE}</style>{_score_bar(quiz)}<script>{_SCRIPT}</script>"


def error_html(message: str) -> str:
    """A quiz item that could not be shown: its error message, as a fragment."""
    return (f'<style>{STYLE}</style><div class="pq-error" role="alert">'
            f"<strong>{escape(_('This quiz item cannot be shown.'))}</strong> "
            f"{escape(message)}</div>")


# -- pages ------------------------------------------------------------------------------
_CSP = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
        "img-src data:")


def _page(title: str, style: str, body: str, script: str = "") -> str:
    return ("<!DOCTYPE html>\n"
            f'<html lang="{language()}"><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{style}</style></head>"
            f"<body>{body}" + (f"<script>{script}</script>" if script else "")
            + "</body></html>\n")


_PAGE_STYLE = """
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',Arial,sans-serif;
 line-height:1.45;margin:0 auto;padding:1em 1.2em;max-width:62em;color:#1a1a1a;background:#fff}
"""


def quiz_html(results: Sequence[Result], title: str, *, quiz: str | None = None,
              four_colour: bool = False) -> str:
    """A whole quiz page: a title, one score bar and every item.

    ``quiz`` (default: the title) names the score and the ids.
    """
    q = quiz or title
    body = (f"<main><h1>{escape(title)}</h1>{_score_bar(q)}"
            + "".join(_section(r, q, four_colour, False) for r in results) + "</main>")
    return _page(title, _PAGE_STYLE + STYLE, body, _SCRIPT)


_HANDOUT_STYLE = """
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',Arial,sans-serif;
 font-size:15px;line-height:1.35;margin:0 auto;padding:1em 1.2em;max-width:62em;color:#111;
 background:#fff}
h1{font-size:1.5em;margin:0 0 0.3em}
.ho-head{display:flex;flex-wrap:wrap;gap:0.4em 2em;margin:0 0 0.8em;padding-bottom:0.5em;
 border-bottom:2px solid #111}
.ho-head span{flex:1 1 12em;white-space:nowrap}
.ho-field{display:inline-block;width:70%;border-bottom:1px solid #111;height:1.1em;
 vertical-align:bottom}
.ho-items{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(22em,100%),1fr));
 gap:0 1.4em}
.ho-item{min-width:0;overflow-wrap:anywhere}
.ho-wide{grid-column:1/-1}
.ho-wide svg.prefa-cards{max-width:min(100%,150mm)}
.ho-item{padding:0.5em 0 0.6em;border-bottom:1px solid #bbb;break-inside:avoid;
 page-break-inside:avoid}
.ho-item h2{font-size:1em;margin:0.1em 0 0.4em;font-weight:600}
.ho-item svg.prefa-cards{display:block;max-width:100%;height:auto}
.ho-item .pq-auction{font-size:0.85em;margin:0.3em 0}
.ho-item .pq-caption{margin:0.2em 0;font-size:0.9em}
.ho-choices{display:flex;flex-wrap:wrap;gap:0.3em 1em;list-style:none;padding:0;margin:0.4em 0}
.ho-choices li{display:flex;align-items:center;gap:0.25em}
.ho-choices svg{display:block}
.ho-letter{font-weight:700}
.ho-line{margin:0.5em 0 0.1em}
.ho-line span{display:inline-block;width:60%;border-bottom:1px solid #111;height:1em;
 vertical-align:bottom}
.ho-key{break-before:page;page-break-before:always;margin-top:1.5em}
.ho-key h2{font-size:1.2em;margin:0 0 0.4em}
.ho-keytable{border-collapse:collapse;width:100%;font-size:0.9em}
.ho-keytable th,.ho-keytable td{border:1px solid #999;padding:0.2em 0.45em;text-align:left;
 vertical-align:top}
.ho-keytable td:nth-child(2){font-weight:700;min-width:4em}
.ho-keytable{table-layout:auto;overflow-wrap:anywhere}
.ho-answer{break-inside:avoid;page-break-inside:avoid}
.ho-id{font-weight:400;color:#555;font-size:0.85em}
@media print{@page{size:A4;margin:11mm}body{font-size:10pt;max-width:none;padding:0}
 .ho-items{grid-template-columns:1fr 1fr}.ho-key{margin-top:0}}
""" + TABLE_FIT_CSS.format(".ho-item")  # on paper a table shrinks as one picture

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

HANDOUT_WIDE = 560
"""A handout item whose drawing is wider than this (a four-hand table) takes a
whole row of the page, not half of one, so its cards are printed large enough."""

_TAG_RE = re.compile(r"\s*\[[a-z0-9_]+(?:[.-][a-z0-9_]+)+\]")


def strip_tags(text: str) -> str:
    """A reason without the engine's rule tags (``[lead.small-through-declarer]``).

    >>> strip_tags("Small through the declarer [lead.small-through-declarer]: lead low.")
    'Small through the declarer: lead low.'
    """
    return _TAG_RE.sub("", text)


def _letter(i: int) -> str:
    return _LETTERS[i] if i < len(_LETTERS) else str(i + 1)


def _handout_choice(i: int, choice: str, four_colour: bool, kind: str = "") -> str:
    if is_bid_choice(choice, kind):
        body = _bid_chip(choice)
    elif is_card_choice(choice):
        svg = card_svg(parse_card(choice), four_colour=four_colour, decorative=True)
        scaled = svg.replace(f'width="{CARD_W}" height="{CARD_H}"',
                             f'width="{CARD_W * 0.6:g}" height="{CARD_H * 0.6:g}"', 1)
        body = scaled + f'<span class="pq-sr">{escape(choice_words(choice))}</span>'
    else:
        body = f"<span>{escape(choice_label(choice, kind))}</span>"
    return f'<li><span class="ho-letter">{_letter(i)}.</span>{body}</li>'


def handout_html(results: Sequence[Result], title: str, *, four_colour: bool = False,
                 key: bool = True, ids: bool = False) -> str:
    """A printable handout: a header with lines for the name, date and class, the
    questions with their diagrams, lettered choices and an answer line each, two
    to a row on paper; then, from a new page, the answer key as a table: the
    engine's answer and one reason per item.

    ``key=False`` leaves out the key (questions only); ``ids=True`` shows each
    item's id and the engine's rule tags in the key, for the teacher who wrote
    the quiz.  No script: nothing on it moves.  A question shown as one seat
    sees it (``seen-by``) prints only that seat's hand, and the key gives its
    answer without the layout, so the handout stays short.  (For a class looking at one
    screen there is :func:`projector_html`.)

    It takes checked results only, since it states the engine's answers: an
    invalid item has none, so the ``prefa quiz handout`` command (and the
    site's handouts) write nothing for a file with an invalid or disagreeing
    item and name each one with its file and line instead of skipping it.
    """
    qs = []
    keys = []
    for n, r in enumerate(results, 1):
        item = r.item
        svg = position_svg(item, four_colour=four_colour)
        choices = [v.choice for v in r.verdicts]
        # A seen-by drawing is as wide as its open layout would be, however long
        # the hidden hands drawn face down: only a table of many open hands takes a whole row.
        size = drawing_width((layout_svg(item) if item.seen_by is not None else svg) or "")
        wide = " ho-wide" if size and size > HANDOUT_WIDE else ""
        q = [f'<article class="ho-item{wide}" id="ho-{slug(item.id)}">',
             f"<h2>{n}. {escape(item.text('question'))}</h2>", svg or "", position_caption(item)]
        if choices:
            q.append('<ol class="ho-choices">'
                     + "".join(_handout_choice(i, c, four_colour, item.kind)
                             for i, c in enumerate(choices))
                     + "</ol>")
        answer = escape(_("Answer:"))
        q.append(f'<p class="ho-line">{answer} <span></span></p>')
        q.append("</article>")
        qs.append("".join(q))
        answer = ", ".join(_keyed(choices, a, item.kind) for a in r.engine) or _("none")
        why = r.reason if ids else strip_tags(r.reason)
        others = [f"{school_label(name)}: "
                  f"{', '.join(_keyed(choices, a, item.kind) for a in alt.get('answer', []))}"
                  for name, alt in (item_data(r, "").get("schools") or {}).items()
                  if alt.get("answer") and list(alt["answer"]) != list(r.engine)]
        if others:
            why += " " + _("Other schools: {schools}.").format(schools="; ".join(others))
        idcell = f' <span class="ho-id">({escape(item.id)})</span>' if ids else ""
        keys.append(f'<tr class="ho-answer" id="key-{slug(item.id)}"><td>{n}{idcell}</td>'
                    f"<td>{escape(answer)}</td><td>{escape(why)}</td></tr>")
    head = ('<p class="ho-head">' + "".join(
        f'<span>{escape(label)} <span class="ho-field"></span></span>'
        for label in (_("Name:"), _("Date:"), _("Class:"))) + "</p>")
    body = f'<main><h1>{escape(title)}</h1>{head}<div class="ho-items">{"".join(qs)}</div>'
    if key:
        key_head = escape(_("Answer key: {title}").format(title=title))
        cols = "".join(f'<th scope="col">{escape(c)}</th>'
                       for c in (pgettext("the column of the question numbers", "No."), _("Answer"),
                                 _("Why")))
        body += (f'<section class="ho-key"><h2>{key_head}</h2>'
                 f'<table class="ho-keytable"><thead><tr>{cols}</tr></thead>'
                 f'<tbody>{"".join(keys)}</tbody></table></section>')
    body += "</main>"
    return _page(title, _HANDOUT_STYLE + STYLE, body)


def _keyed(choices: Sequence[str], answer: str, kind: str = "") -> str:
    text = choice_text(answer, kind)
    return f"{_letter(choices.index(answer))}. {text}" if answer in choices else text


# -- projector ---------------------------------------------------------------------------
_PROJECTOR_STYLE = """
html,body{height:100%}
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',Arial,sans-serif;
 margin:0;background:#000;color:#fff;font-size:clamp(16px,2.3vw,40px);line-height:1.3}
main{box-sizing:border-box;min-height:100%;padding:0.8em 1.4em 3.2em;display:flex;
 flex-direction:column}
.pj-item{flex:1;display:flex;flex-direction:column}
.pj-item[hidden]{display:none}
.pj-item h2{font-size:1.15em;margin:0 0 0.5em;font-weight:700}
.pj-board{display:flex;gap:0.6em 1.2em;align-items:flex-start}
.pj-draw{background:#fff;border-radius:0.3em;padding:0.3em;flex:0 1 64%;min-width:0}
.pj-draw svg{display:block;width:100%;height:auto;max-height:calc(100vh - 8em)}
.pj-side{flex:1 1 30%;min-width:0}
.pj-side .pq-auction{color:#fff;font-size:0.75em;border-collapse:collapse}
.pj-side .pq-auction caption{text-align:left;font-weight:700}
.pj-side .pq-auction th,.pj-side .pq-auction td{border:2px solid #fff;padding:0.1em 0.4em}
@media (max-aspect-ratio:1/1){.pj-board{flex-direction:column}.pj-draw{flex:none;width:100%}}
.pj-side .pq-caption{font-size:0.8em;margin:0.3em 0}
.pj-choices{display:flex;flex-wrap:wrap;gap:0.5em 0.9em;list-style:none;padding:0;margin:0.4em 0}
.pj-choices li{display:flex;align-items:center;gap:0.25em;border:0.18em solid transparent;
 border-radius:0.3em;padding:0.1em 0.25em}
.pj-choices svg{display:block;width:2.1em;height:auto;background:#fff;border-radius:0.2em}
.pj-choices li[data-right]{border-color:#7dff8a}
.pj-letter{font-weight:700}
.pj-answer{font-size:0.8em;margin:0.5em 0 0;padding:0.4em 0.6em;border-left:0.25em solid #7dff8a}
.pj-answer[hidden]{display:none}
.pj-answer strong{color:#7dff8a}
.pj-draw[hidden],.pj-layout-draw[hidden]{display:none}
.pj-layout-draw{background:#fff;color:#000;border-radius:0.3em;padding:0.3em;flex:0 1 64%;
 min-width:0}
.pj-layout-draw p{font-size:0.6em;margin:0 0 0.2em}
.pj-layout-draw svg{display:block;width:100%;height:auto;max-height:calc(100vh - 9em)}
.pj-bar{position:fixed;left:0;right:0;bottom:0;display:flex;gap:0.6em;align-items:center;
 padding:0.35em 1em;background:#111;border-top:2px solid #444;font-size:0.7em}
.pj-bar button{font:inherit;color:#fff;background:#222;border:2px solid #aaa;border-radius:0.3em;
 padding:0.2em 0.8em;cursor:pointer}
.pj-bar button:focus-visible{outline:3px solid #ffd400;outline-offset:2px}
.pj-count{margin-left:auto}
.pj-keys{color:#ccc}
.pq-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.pj-draw .prefa-table,.pj-layout-draw .prefa-table{margin:0 auto}
"""

_PROJECTOR_SCRIPT = r"""
(function () {
  "use strict";
  var W = @WORDS@;
  var items = document.querySelectorAll(".pj-item"), n = items.length, at = 0;
  var count = document.querySelector(".pj-count"), show = document.querySelector(".pj-show");
  /* the drawings are page-sized: scale the one shown to fill its box and the
     screen's height above the bar (never below its own size) */
  var bar = document.querySelector(".pj-bar");
  var fit = function () {
    var boxes = items[at].querySelectorAll(".pj-draw, .pj-layout-draw");
    for (var k = 0; k < boxes.length; k++) {
      var box = boxes[k], t = box.querySelector(".prefa-table");
      if (!t || box.hidden) { continue; }
      t.style.zoom = "";
      t.style.maxWidth = "100%";  /* as drawn: never wider than its box */
      var r = t.getBoundingClientRect(), b = box.getBoundingClientRect();
      var room = window.innerHeight - (bar ? bar.offsetHeight : 0) - r.top - 16;
      var z = Math.min((b.width - 12) / r.width, room / r.height);
      var natural = Number(t.getAttribute("data-width")) || r.width;
      /* a small screen (the drawing already narrowed): it wraps as on a page */
      if (z <= 1.05 || r.width < natural - 1) { continue; }
      t.style.maxWidth = "none";  /* scaled whole: its hands keep their rows */
      t.style.zoom = String(Math.floor(z * 100) / 100);
      var h = t.getBoundingClientRect().height;
      if (h > room) { t.style.zoom = String(Math.floor(z * room / h * 100) / 100); }
    }
  };
  window.addEventListener("resize", fit);
  var go = function (i) {
    at = Math.max(0, Math.min(n - 1, i));
    for (var k = 0; k < n; k++) { items[k].hidden = k !== at; }
    fit();
    show.textContent = items[at].querySelector(".pj-answer").hidden ? W.show : W.hide;
    count.textContent = W.count.replace("{n}", String(at + 1)).replace("{total}", String(n));
    if (window.history && window.history.replaceState) {
      window.history.replaceState(null, "", "#" + (at + 1));
    }
  };
  var reveal = function () {
    var a = items[at].querySelector(".pj-answer"), on = a.hidden;
    a.hidden = !on;
    /* a question shown as one seat sees it: the whole layout takes the place of
       the seen hand while the answer is shown */
    var lay = items[at].querySelector(".pj-layout-draw"), seen = items[at].querySelector(".pj-draw");
    if (lay) { lay.hidden = !on; if (seen) { seen.hidden = on; } }
    fit();
    show.textContent = on ? W.hide : W.show;
    var lis = items[at].querySelectorAll(".pj-choices li[data-correct]");
    for (var k = 0; k < lis.length; k++) {
      if (on) { lis[k].setAttribute("data-right", ""); } else { lis[k].removeAttribute("data-right"); }
    }
  };
  var toggleFull = function () {
    try {
      if (document.fullscreenElement) { document.exitFullscreen(); }
      else { document.documentElement.requestFullscreen(); }
    } catch (e) { /* not allowed here */ }
  };
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var k = e.key;
    if (k === "ArrowRight" || k === "PageDown" || k === " " || k === "n" || k === "N") { go(at + 1); }
    else if (k === "ArrowLeft" || k === "PageUp" || k === "Backspace" || k === "p" || k === "P") {
      go(at - 1);
    }
    else if (k === "Home") { go(0); }
    else if (k === "End") { go(n - 1); }
    else if (k === "Enter" || k === "a" || k === "A") {
      if (e.target && e.target.tagName === "BUTTON") { return; }
      reveal();
    }
    else if (k === "f" || k === "F") { toggleFull(); }
    else { return; }
    e.preventDefault();
  });
  document.querySelector(".pj-prev").addEventListener("click", function () { go(at - 1); });
  document.querySelector(".pj-next").addEventListener("click", function () { go(at + 1); });
  show.addEventListener("click", reveal);
  var start = parseInt((window.location.hash || "#1").slice(1), 10);
  go(isNaN(start) ? 0 : start - 1);
})();
"""


_HAND_RUN = re.compile(r"\b[SHDC](?:10|[2-9TJQKA])+(?:[ ]+[SHDC](?:10|[2-9TJQKA])+)*\b")
_CODE = re.compile(r"\b(10|[2-9TJQKA])([SHDC])\b")


def cards_shown(text: str) -> str:
    """A text with its hands and cards written as a class reads them on a screen:
    ``S98 H87`` becomes ``9♠ 8♠ 8♥ 7♥`` and ``KS`` becomes ``K♠``.

    >>> cards_shown("Seat 1 plays betl with S98 H87 DT; lead KS or CA?")
    'Seat 1 plays betl with 9♠ 8♠ 8♥ 7♥ 10♦; lead K♠ or A♣?'
    """
    def hand(m: re.Match) -> str:
        out = []
        for group in m.group(0).split():
            out += [card_symbol(parse_card(rank + group[0]))
                    for rank in re.findall(r"10|[2-9TJQKA]", group[1:])]
        return " ".join(out)

    text = _HAND_RUN.sub(hand, text)
    return _CODE.sub(lambda m: card_symbol(parse_card(m.group(1) + m.group(2))), text)


def projector_html(results: Sequence[Result], title: str, *, four_colour: bool = False) -> str:
    """A quiz for one screen in front of a class: one item at a time, large cards
    on black, the answer shown when the teacher asks for it.

    Keys: Right arrow, Space, Page Down or N for the next item; Left arrow,
    Page Up or P for the one before; Home and End; Enter or A shows (and
    hides) the answer; F for full screen.  The buttons at the bottom do the
    same with a mouse.  The address ends with the item's number (``#3``), so a
    reload stays on it.  Nothing is loaded and nothing is kept.  A question
    shown as one seat sees it (``seen-by``) draws only that seat's hand; while
    the answer is shown, the whole layout takes its place.
    """
    parts = []
    for n, r in enumerate(results, 1):
        item = r.item
        svg = position_svg(item, four_colour=four_colour)
        layout = layout_svg(item, four_colour=four_colour)
        choices = [v.choice for v in r.verdicts]
        lis = []
        for i, v in enumerate(r.verdicts):
            if is_bid_choice(v.choice, item.kind):
                body = _bid_chip(v.choice)
            elif is_card_choice(v.choice):
                body = (card_svg(parse_card(v.choice), four_colour=four_colour, decorative=True)
                        + f'<span class="pq-sr">{escape(choice_words(v.choice))}</span>')
            else:
                body = f"<span>{escape(choice_label(v.choice, item.kind))}</span>"
            mark = " data-correct" if v.correct else ""
            lis.append(f'<li{mark}><span class="pj-letter">{_letter(i)}.</span>{body}</li>')
        answer = ", ".join(_keyed(choices, a, item.kind) for a in r.engine) or _("none")
        parts.append(
            f'<section class="pj-item" id="pj-{slug(item.id)}" aria-labelledby="pj-{slug(item.id)}-q"'
            f"{'' if n == 1 else ' hidden'}>"
            f'<h2 id="pj-{slug(item.id)}-q">{n}. {escape(cards_shown(item.text("question")))}</h2>'
            '<div class="pj-board">'
            + (f'<div class="pj-draw">{svg}</div>' if svg else "")
            + (f'<div class="pj-layout-draw" hidden><p>{escape(_(LAYOUT_HEAD))}</p>{layout}</div>'
               if layout else "")
            + f'<div class="pj-side">{position_caption(item)}'
            + (f'<ol class="pj-choices">{"".join(lis)}</ol>' if lis else "")
            + '</div></div><p class="pj-answer" hidden>'
            f"<strong>{escape(_('Answer: {answer}.').format(answer=answer))}</strong> "
            f"{escape(cards_shown(strip_tags(r.reason)))}</p></section>")
    words = {"show": _("Show the answer"), "hide": _("Hide the answer"),
             "count": _("Question {n} of {total}"), "prev": _("Previous"), "next": _("Next")}
    bar = (f'<nav class="pj-bar" aria-label="{escape(_("Questions"))}">'
           f'<button type="button" class="pj-prev">{escape(words["prev"])}</button>'
           f'<button type="button" class="pj-show">{escape(words["show"])}</button>'
           f'<button type="button" class="pj-next">{escape(words["next"])}</button>'
           '<span class="pj-keys">'
           + escape(_("Keys: {keys} move, {enter} shows the answer, {full} full screen").format(
               keys="\u2190 \u2192", enter="Enter", full="F"))
           + '</span><span class="pj-count" aria-live="polite">'
           + escape(words["count"].format(n=1, total=len(results))) + "</span></nav>")
    body = f'<main><h1 class="pq-sr">{escape(title)}</h1>{"".join(parts)}</main>{bar}'
    script = _PROJECTOR_SCRIPT.replace("@WORDS@", _json_for_script(words))
    return _page(title, _PROJECTOR_STYLE, body, script)

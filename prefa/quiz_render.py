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
- :func:`handout_html`: a printable, projectable page: the items with their
  diagrams first, then, from a new page, the answer key with the engine's
  reasons.

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

from .cards import card_symbol, parse_card
from .display import CARD_H, CARD_W, SvgStr, card_svg, card_words
from .quiz import CAPTION, DRAW, QuizItem, Result

RIGHT = "Right."
"""The verdict word shown for a right choice (the widget shows the same)."""

WRONG = "Wrong."
"""The verdict word shown for a wrong choice."""

STORAGE_PREFIX = "prefa-quiz:"
"""``localStorage`` key prefix; the quiz name follows (one key per quiz)."""


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


_CARD_RE = re.compile(r"[2-9TJQKA][SHDC]")


def is_card_choice(choice: str) -> bool:
    """True when a (canonical) choice names a card, so it is drawn as a card."""
    return bool(_CARD_RE.fullmatch(choice))


def choice_text(choice: str) -> str:
    """A choice as people read it: cards with suit signs (``10♥``), the rest as is."""
    return card_symbol(parse_card(choice)) if is_card_choice(choice) else choice


def choice_words(choice: str) -> str:
    """A choice in words for screen readers: ``ten of hearts``, the rest as is."""
    return card_words(parse_card(choice)) if is_card_choice(choice) else choice


# -- the position ---------------------------------------------------------------------
def position_svg(item: QuizItem, *, four_colour: bool = False) -> SvgStr | None:
    """The item's position drawn as cards, or ``None`` when it has no cards.

    Each kind draws its own, with the ``draw`` its ruleset registered
    (:func:`prefa.quiz.register_kind`; the Balkan kinds': :func:`prefa.balkan.quiz.draw`).
    """
    draw = DRAW.get(item.kind)
    return draw(item, four_colour=four_colour) if draw is not None else None


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
    head = "".join(f'<th scope="col">Seat {s}</th>' for s in seats)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>"
                   for row in rows)
    return (f'<table class="pq-auction"><caption>Auction</caption><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>")


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
.pq-error{border:2px solid #c0102a;border-radius:6px;padding:0.5em 0.8em}
@media print{.pq-retry,.pq-reset,.pq-reveal,.pq-feedback,.pq-score{display:none}
 .pq-item{break-inside:avoid}}
"""

_SCRIPT = r"""
(function () {
  "use strict";
  var VERSION = 2, PREFIX = @PREFIX@, RIGHT = @RIGHT@, WRONG = @WRONG@;
  var P = window.prefaQuiz;
  if (!P || P.version !== VERSION) {
    P = window.prefaQuiz = {version: VERSION, prefix: PREFIX, mem: {}};
    var has = function (o, k) { return Object.prototype.hasOwnProperty.call(o, k); };
    P.load = function (quiz) {
      /* The browser's storage is the truth (another page or tab may have changed
         it); the copy in memory serves only where there is no storage. */
      var text;
      try { text = window.localStorage.getItem(PREFIX + quiz); }
      catch (e) { if (!has(P.mem, quiz)) { P.mem[quiz] = {}; } return P.mem[quiz]; }
      var saved = {};
      try {
        var parsed = text ? JSON.parse(text) : null;
        if (parsed && typeof parsed === "object") { saved = parsed; }
      } catch (e) { saved = {}; }
      P.mem[quiz] = saved;
      return saved;
    };
    P.save = function (quiz) {
      try { window.localStorage.setItem(PREFIX + quiz, JSON.stringify(P.mem[quiz])); }
      catch (e) { /* no storage here: the score lives in the page only */ }
    };
    P.reset = function (quiz) {
      P.mem[quiz] = {};
      try { window.localStorage.removeItem(PREFIX + quiz); } catch (e) { /* none */ }
      P.showScore(quiz);
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
      var text = "Score: " + right + " of " + total + " right on the first try (" +
        answered + " answered).";
      var bars = document.querySelectorAll(".pq-score");
      for (i = 0; i < bars.length; i++) {
        if (bars[i].getAttribute("data-quiz") !== quiz) { continue; }
        var t = bars[i].querySelector(".pq-score-text");
        if (t) { t.textContent = text; }
      }
    };
    P.bindScore = function (bar) {
      if (bar.getAttribute("data-pq-bound") === "1") { return; }
      bar.setAttribute("data-pq-bound", "1");
      var quiz = bar.getAttribute("data-quiz"), b = bar.querySelector(".pq-reset");
      if (b) { b.addEventListener("click", function () { P.reset(quiz); }); }
    };
    P.bind = function (sec) {
      if (sec.getAttribute("data-pq-bound") === "1") { return; }
      var dataEl = sec.querySelector(".pq-data"), data;
      try { data = JSON.parse(dataEl ? dataEl.textContent : sec.getAttribute("data-pq")); }
      catch (e) { return; }
      sec.setAttribute("data-pq-bound", "1");
      var buttons = sec.querySelectorAll(".pq-choice");
      var reveal = sec.querySelector(".pq-reveal"), retry = sec.querySelector(".pq-retry");
      var fb = sec.querySelector(".pq-feedback"), picked = [], i;
      var part = function (cls) { return fb.querySelector("." + cls); };
      var show = function (state, verdict, reason, progress, explain) {
        fb.setAttribute("data-state", state);
        part("pq-verdict").textContent = verdict;
        part("pq-reason").textContent = reason;
        part("pq-progress").textContent = progress;
        part("pq-explain").textContent = explain;
      };
      /* The verdict read out with a choice is its last hidden span (a card
         choice's first one holds the card's name, which must stay). */
      var said = function (b) { var s = b.querySelectorAll(".pq-sr"); return s[s.length - 1]; };
      var rightCount = 0;
      for (i = 0; i < data.choices.length; i++) { if (data.choices[i].correct) { rightCount++; } }
      var choose = function (i) {
        var v = data.choices[i], b = buttons[i], found = 0, j;
        if (picked.indexOf(i) < 0) { picked.push(i); }
        b.setAttribute("data-state", v.correct ? "right" : "wrong");
        said(b).textContent = v.correct ? " (right)" : " (wrong)";
        for (j = 0; j < picked.length; j++) { if (data.choices[picked[j]].correct) { found++; } }
        var solved = data.multi ? found === rightCount : v.correct;
        var progress = "";
        if (data.multi && v.correct) {
          progress = rightCount === 1 ? "It is the only right choice." :
            solved ? "All " + rightCount + " right choices found." :
            found + " of " + rightCount + " right choices found.";
        }
        show(v.correct ? "right" : "wrong", v.correct ? RIGHT : WRONG, v.reason, progress,
             solved ? data.explain : "");
        var got = P.load(data.quiz);
        if (!has(got, data.id) && (!v.correct || solved)) {
          got[data.id] = v.correct;
          P.save(data.quiz);
          P.showScore(data.quiz);
        }
        retry.hidden = false;
      };
      var bindChoice = function (i) {
        buttons[i].addEventListener("click", function () { choose(i); });
      };
      for (i = 0; i < buttons.length; i++) { bindChoice(i); }
      if (reveal) {
        reveal.addEventListener("click", function () {
          show("answer", "Answer: " + data.answer_text + ".", data.reason, "", data.explain);
          retry.hidden = false;
        });
      }
      retry.addEventListener("click", function () {
        picked = [];
        for (var k = 0; k < buttons.length; k++) {
          buttons[k].removeAttribute("data-state");
          said(buttons[k]).textContent = "";
        }
        show("", "", "", "", "");
        fb.removeAttribute("data-state");
        retry.hidden = true;
        var first = buttons.length ? buttons[0] : reveal;
        if (first) { first.focus(); }
      });
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
      for (var q in quizzes) { if (has(quizzes, q)) { P.showScore(q); } }
    };
  }
  P.bindAll(document);
})();
""".replace("@PREFIX@", json.dumps(STORAGE_PREFIX)).replace("@RIGHT@", json.dumps(RIGHT)) \
   .replace("@WRONG@", json.dumps(WRONG))
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
    return f"Score: {right} of {total} right on the first try ({answered} answered)."


def progress_text(found: int, total: int) -> str:
    """What a learner is told after a right choice of an item with several answers.

    >>> progress_text(1, 3), progress_text(3, 3), progress_text(1, 1)
    ('1 of 3 right choices found.', 'All 3 right choices found.', 'It is the only right choice.')
    """
    if total == 1:
        return "It is the only right choice."
    if found >= total:
        return f"All {total} right choices found."
    return f"{found} of {total} right choices found."


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
    return {"quiz": quiz, "id": item.id, "multi": item.multi,
            "choices": [{"choice": v.choice, "correct": v.correct, "reason": plain(v.reason)}
                        for v in result.verdicts],
            "answer": list(result.engine),
            "answer_text": ", ".join(choice_text(a) for a in result.engine) or "none",
            "reason": plain(result.reason), "explain": item.explain,
            "school": result.school,
            "schools": {name: {"answer": [v.choice for v in sr.verdicts if v.correct],
                               "choices": {v.choice: {"correct": v.correct,
                                                      "reason": plain(v.reason)}
                                           for v in sr.verdicts}}
                        for name, sr in result.schools.items()}}


def plain(reason: str) -> str:
    """A reason as the learner reads it: without a convention's id in brackets.

    >>> plain("Small through the declarer [lead.small-through-declarer]: lead low.")
    'Small through the declarer: lead low.'
    """
    return re.sub(r" ?\[[a-z0-9]+(?:[.-][a-z0-9]+)+\]", "", reason)


# -- one item -------------------------------------------------------------------------
def _choice_button(i: int, choice: str, four_colour: bool) -> str:
    if is_card_choice(choice):
        svg = card_svg(parse_card(choice), four_colour=four_colour, decorative=True)
        inner = f'{svg}<span class="pq-sr">{escape(choice_words(choice))}</span>'
        cls = "pq-choice pq-card"
    else:
        inner = escape(choice)
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
             f'<p class="pq-q" id="{dom}-q">{escape(item.question)}</p>',
             '<div class="pq-position">', svg or "", position_caption(item), "</div>"]
    if scored:
        parts.append(f'<div class="pq-choices" role="group" aria-labelledby="{dom}-q">')
        parts += [_choice_button(i, v.choice, four_colour) for i, v in enumerate(result.verdicts)]
        parts.append("</div>")
    else:
        parts.append('<div class="pq-choices"><button type="button" class="pq-reveal">'
                     "Show the answer</button></div>")
    parts.append(f'<p class="pq-feedback" id="{dom}-fb" role="status" aria-live="polite">'
                 '<span class="pq-verdict"></span> <span class="pq-reason"></span> '
                 '<span class="pq-progress"></span><span class="pq-explain"></span></p>')
    parts.append('<button type="button" class="pq-retry" hidden>Try again</button>')
    if score_line:
        parts.append(_score_bar(quiz))
    parts.append(f'<script type="application/json" class="pq-data">'
                 f"{_json_for_script(item_data(result, quiz))}</script>")
    parts.append("</section>")
    return "".join(parts)


def _score_bar(quiz: str) -> str:
    return (f'<div class="pq-score" data-quiz="{escape(quiz, quote=True)}">'
            '<span class="pq-score-text" aria-live="polite">Score: not started.</span> '
            '<button type="button" class="pq-reset">Reset score</button></div>')


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
            f"<strong>This quiz item cannot be shown.</strong> {escape(message)}</div>")


# -- pages ------------------------------------------------------------------------------
_CSP = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
        "img-src data:")


def _page(title: str, style: str, body: str, script: str = "") -> str:
    return ("<!DOCTYPE html>\n"
            '<html lang="en"><head><meta charset="utf-8">'
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
 font-size:22px;line-height:1.4;margin:0 auto;padding:1em 1.5em;max-width:60em;color:#111;
 background:#fff}
h1{font-size:1.8em;margin:0 0 0.5em}
.ho-item{padding:0.6em 0 1.2em;border-bottom:1px solid #bbb;break-inside:avoid;
 page-break-inside:avoid}
.ho-item h2{font-size:1.2em;margin:0.2em 0 0.5em}
.ho-choices{display:flex;flex-wrap:wrap;gap:0.6em 1.6em;list-style:none;padding:0;margin:0.8em 0}
.ho-choices li{display:flex;align-items:center;gap:0.35em}
.ho-letter{font-weight:700}
.ho-blank{margin:0.8em 0}
.ho-key{break-before:page;page-break-before:always}
.ho-key h2{font-size:1.5em}
.ho-answer{break-inside:avoid;page-break-inside:avoid;padding:0.4em 0 0.8em;
 border-bottom:1px solid #bbb}
.ho-answer h3{font-size:1.1em;margin:0.3em 0}
.ho-verdicts{margin:0.3em 0;padding-left:1.2em}
.ho-ok{color:#157a2c;font-weight:700}
.ho-no{color:#c0102a;font-weight:700}
.ho-id{font-weight:400;color:#555;font-size:0.8em}
@media screen{.ho-item{min-height:90vh}}
@media print{@page{margin:14mm}body{font-size:13pt;max-width:none;padding:0}
 .ho-item{min-height:0}button{display:none}}
"""

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _letter(i: int) -> str:
    return _LETTERS[i] if i < len(_LETTERS) else str(i + 1)


def _handout_choice(i: int, choice: str, four_colour: bool) -> str:
    if is_card_choice(choice):
        svg = card_svg(parse_card(choice), four_colour=four_colour, decorative=True)
        scaled = svg.replace(f'width="{CARD_W}" height="{CARD_H}"',
                             f'width="{CARD_W * 0.75:g}" height="{CARD_H * 0.75:g}"', 1)
        body = scaled
    else:
        body = f"<span>{escape(choice)}</span>"
    return f'<li><span class="ho-letter">{_letter(i)}.</span>{body}</li>'


def handout_html(results: Sequence[Result], title: str, *, four_colour: bool = False) -> str:
    """A printable, projectable handout: the questions with their diagrams, no
    answers; then, from a new page, the answer key with the engine's reasons.

    Large type on screen for projecting (each item fills about a screen);
    print CSS for clean pages.  No script: nothing on it moves.

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
        q = [f'<article class="ho-item" id="ho-{slug(item.id)}">',
             f"<h2>{n}. {escape(item.question)}</h2>", svg or "", position_caption(item)]
        if choices:
            q.append('<ol class="ho-choices">'
                     + "".join(_handout_choice(i, c, four_colour) for i, c in enumerate(choices))
                     + "</ol>")
        else:
            q.append('<p class="ho-blank">Answer: ______________________</p>')
        q.append("</article>")
        qs.append("".join(q))
        answer = ", ".join(_keyed(choices, a) for a in r.engine) or "none"
        k = [f'<article class="ho-answer" id="key-{slug(item.id)}">',
             f'<h3>{n}. {escape(answer)} <span class="ho-id">({escape(item.id)})</span></h3>',
             f"<p>{escape(r.reason)}</p>"]
        if r.verdicts:
            k.append('<ul class="ho-verdicts">')
            for i, v in enumerate(r.verdicts):
                mark = ('<span class="ho-ok">✓ right</span>' if v.correct
                        else '<span class="ho-no">✗ wrong</span>')
                k.append(f"<li>{_letter(i)}. {escape(choice_text(v.choice))}: {mark}. "
                         f"{escape(v.reason)}</li>")
            k.append("</ul>")
        if item.explain:
            k.append(f"<p><em>{escape(item.explain)}</em></p>")
        k.append("</article>")
        keys.append("".join(k))
    body = (f"<main><h1>{escape(title)}</h1>{''.join(qs)}"
            f'<section class="ho-key"><h2>Answer key: {escape(title)}</h2>{"".join(keys)}'
            "</section></main>")
    return _page(title, _HANDOUT_STYLE + STYLE, body)


def _keyed(choices: Sequence[str], answer: str) -> str:
    text = choice_text(answer)
    return f"{_letter(choices.index(answer))}. {text}" if answer in choices else text

"""Quiz items checked by the engine: the format, the checker, the registry of kinds.

A quiz file is plain text that a teacher can write by hand: items separated
by lines of ``---``, each item ``key: value`` lines like a hand record (see
:mod:`prefa.record`), plus these keys:

==========  ==============================================================
key         value
==========  ==============================================================
id          a stable name, unique in the file (``lead-07``)
kind        the question kind (:func:`kinds`)
question    the question as the learner reads it
choices     the choices, comma-separated (optional for some kinds)
answer      the author's answer; several answers comma-separated
question[L] the question in language ``L`` (``question[sr]: Ko nosi ovaj štih?``),
            one line per language (see *Texts per language* below)
explain[L]  the explanation in language ``L``
answer[S]   the author's answer in school ``S`` (``answer[tournament rules]: AS``),
            where the schools of play differ; ``S`` is one of :data:`SCHOOLS`
            (any case), one line per school, ``answer:`` being the default's
explain     an optional explanation shown after answering
trick       for ``trick-winner``: the cards of one trick, lead first
ask         what a score question asks (``hand-score``: ``declarer bule``,
            ``bule SEAT`` or ``supe WRITER AGAINST``; each ruleset says its own)
seen-by     the seat whose view the question shows (``seen-by: 0``): only his
            own hand, the auction and the cards played are drawn, as he sees
            them at the table; the whole layout is shown after the answer.
            The engine still checks the item on the whole deal.
==========  ==============================================================

Texts per language.  An item's texts are written once per language in the
same item, each beside the English it renders: ``question[sr]:`` and
``explain[sr]:`` after ``question:`` and ``explain:``; ``L`` is a tag of
:data:`prefa.i18n.LANGUAGES` (``sr``, ``sr-Cyrl``, ``el``, ``ru``).  Our
decision, against one file per language: the position, the choices and the
answer are the same in every language, so writing them once keeps a
translation from drifting off its position, and a teacher's own file in
Serbian alone is a file whose ``question:`` lines are Serbian.  Serbian
Cyrillic needs no lines of its own: it is the Latin text transliterated
(:mod:`prefa.translit`), unless ``question[sr-Cyrl]:`` is written.  A
language with no line reads the English.  :meth:`QuizItem.text` gives the
text in the language spoken (:func:`prefa.i18n.language`).

The position is written with the hand record keys of the item's ruleset
(``deal``, ``auction``, ``discard``, ``contract``, ``defence``, ``play``...)
and stops where the question is asked; a kind may read keys of its own.

What lives where.  This module holds the format (:func:`parse_item`,
:func:`load_quiz`, :func:`parse_quiz`), the checker (:func:`check`,
:func:`check_text`, :class:`Line`, :func:`report_json`), the registry of
question kinds (:func:`register_kind`, :func:`kinds`) and the toolkit the
kinds share (:class:`Answer`, :func:`offered`, :func:`digits`,
:func:`whole_number`, :func:`ask_seats`, :func:`card_text`,
:func:`cards_text`, :func:`signs`, :func:`other_choice`).  The kinds
themselves, their engines and their drawing live with their rulesets, each
in its ``quiz`` module, which registers them: :mod:`prefa.balkan.quiz`
(``legal-cards``, ``trick-winner``, ... ``best-card``),
:mod:`prefa.greek.quiz`, :mod:`prefa.russian.quiz`, :mod:`prefa.vida.quiz`
and :mod:`prefa.priffe.quiz` (``greek-...``, ``russian-...``...).  No
ruleset's quiz module imports another's.

This module imports no ruleset's quiz module: they are loaded when a kind is
first needed (an item parsed or checked, :func:`kinds` asked), so importing
this module costs no ruleset's kinds.  Our decision: all of them at once
(Balkan, Greek, Russian, Vida, Priffe), rather than only the ruleset of the
item at hand, because the keys an item may have are every kind's together,
and an item must parse the same whatever was loaded before it.  :func:`kinds`
lists them in that order however the modules came to be imported.

For every choice the engine gives a verdict and a reason, computed when the
item is checked (so static pages carry them): the kind's own judge where it
has one, else :func:`other_choice` (a number is told how far off it is); a
rules kind names its seed after every reason.  Each ruleset's module says
what its reasons are.

Where the schools of play differ on an item, :func:`check` grades it by
the default school (the one the convention follows by default; see
:data:`DEFAULT_SCHOOL`) and by each school (``Result.schools``); an
``answer[S]`` line is checked against school ``S``'s answer and a
disagreement is reported per school.

An item the engine cannot check is *invalid*, never a crash: one that does
not parse, or one on which checking raises a :class:`~prefa.errors.PrefaError`
(a seat that is not at the table, a trick with more cards than players, a
convention question without a ``deal``...).  :func:`check_text` reports it
with its file, line and id, in file order, and checks the other items.
Numbers in answers, asks and calls are ASCII digits only.

>>> items = parse_quiz('''
... id: ruff
... kind: trick-winner
... question: Spades are trumps. Who wins this trick?
... contract: spades
... trick: AH 7H 7S
... choices: AH, 7H, 7S
... answer: 7S
... ''')
>>> r = check(items[0]); r.agrees, r.engine
(True, ('7S',))
>>> [v.correct for v in r.verdicts]
[False, False, True]
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from .cards import card_symbol, parse_card, signs
from .errors import ParseError, PrefaError
from .i18n import LANGUAGES, NC_, N_, _, language, normalize, pgettext
from .record import KEYS, Record, _blocks, _parse_block

QUIZ_KEYS = ("id", "kind", "question", "choices", "answer", "explain", "trick", "ask",
             "seen-by") + KEYS

DEFAULT_SCHOOL = "default"
"""The kit's own reading on each point where the books differ (each convention
module's docstring says which school it follows there): what an item is
graded by unless the learner picks a school."""
SCHOOLS: dict[str, str] = {
    DEFAULT_SCHOOL: N_("the course's own school"),
    "Gulin": N_("the Gulin school"),
    "tournament rules": N_("the tournament rules school"),
    "site rules": N_("the Serbian site's rules school"),
    "v1.2 rules": N_("the v1.2 rules school"),
    "strategy text": N_("the strategy text school"),
}
"""Every school an item may be graded by, the default first: its name, then its label.

The name is what a quiz file writes (``answer[tournament rules]``), what an
item's data and the learner's choice keep, and what the conventions call the
school (:mod:`prefa.balkan.conventions.evaluation`: ``GULIN``, ``TOURNAMENT``,
``SITE``, ``V12``, ``STRATEGY``).  The label is how the school is named for the learner,
the one wording used everywhere (:func:`school_label`): the feedback on the
site and in JupyterLab, the school picker, the handouts' key, the reasons of
the Balkan quiz kinds, ``prefa advise`` and the drill."""


def school_label(name: str) -> str:
    """The label of school ``name`` for the learner, in the language spoken (a name
    not in :data:`SCHOOLS`: as is).

    >>> school_label(DEFAULT_SCHOOL), school_label("Gulin")
    ("the course's own school", 'the Gulin school')
    """
    return _(SCHOOLS[name]) if name in SCHOOLS else name

SCHOOL_ALIASES: dict[str, str] = {"v1.2 site rules": "site rules",
                                   "strategy article": "strategy text"}
"""Former school names an ``answer[...]`` line may still use → the school's name now
(the site's rules page and the v1.2 rules were one school until issue 19; the
strategy text of seed 001 had two names)."""


class _Keys(tuple):
    """The keys an item may have: ``QUIZ_KEYS`` and the kinds' own, plus ``answer[SCHOOL]``."""

    def __contains__(self, key: object) -> bool:
        return (isinstance(key, str) and key.endswith("]")
                and key.startswith(("answer[", "question[", "explain["))) \
            or tuple.__contains__(self, key)


def _school_name(text: str, line: int | None) -> str:
    t = " ".join(text.split()).lower()
    t = SCHOOL_ALIASES.get(t, t)
    for name in SCHOOLS:
        if name.lower() == t:
            return name
    raise ParseError(f"unknown school {text.strip()!r} in answer[...]: expected one of "
                     + ", ".join(SCHOOLS), line=line)


_RULESETS = ("balkan", "greek", "russian", "vida", "priffe")
"""The rulesets whose ``quiz`` modules register kinds, in the order :func:`kinds` lists them.

Each such module lists its kinds in its own ``KINDS``."""

_KINDS: list[str] = []
"""Every registered kind, in the order registered."""

MULTI: set[str] = set()
"""Kinds whose answer is a set (several choices may be right), as registered."""

_EXTRA_KEYS: tuple[str, ...] = ()

DRAW: dict[str, Callable[..., str | None]] = {}
"""Registered kinds' drawing of the position (see :func:`register_kind`)."""
CAPTION: dict[str, Callable[[QuizItem], str]] = {}
"""Registered kinds' position in words, as HTML."""


@dataclass(frozen=True)
class QuizItem:
    """One parsed quiz item."""

    id: str
    kind: str
    question: str
    choices: tuple[str, ...]
    answer: tuple[str, ...]
    explain: str
    record: Record = field(compare=False)
    line: int = 0
    school_answers: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """The author's answer per school (``answer[SCHOOL]:`` lines), in file order."""
    seen_by: int | None = None
    """The seat whose view the question shows (``seen-by:``), or ``None``: all hands open."""
    texts: tuple[tuple[str, str, str], ...] = ()
    """``(key, language, text)`` of each ``question[L]:`` and ``explain[L]:`` line."""

    def text(self, key: str, lang: str | None = None) -> str:
        """The item's ``question`` or ``explain`` in ``lang`` (default: the language
        spoken); Serbian Cyrillic transliterated from the Latin; else the English.

        >>> item = parse_quiz('''
        ... id: w
        ... kind: trick-winner
        ... question: Who wins?
        ... question[sr]: Ko nosi štih?
        ... contract: sans
        ... trick: AH 7H 8H
        ... answer: AH
        ... ''')[0]
        >>> item.text("question", "sr"), item.text("question", "sr-Cyrl"), item.text("question", "el")
        ('Ko nosi štih?', 'Ко носи штих?', 'Who wins?')
        """
        lang = normalize(lang) if lang else language()
        if lang != "en":
            for want in (lang, "sr") if lang == "sr-Cyrl" else (lang,):
                for k, tag, text in self.texts:
                    if k == key and tag == want:
                        if want != lang:
                            from .translit import to_cyrillic
                            return to_cyrillic(text)
                        return text
        return self.question if key == "question" else self.explain

    @property
    def multi(self) -> bool:
        return self.kind in MULTI


@dataclass(frozen=True)
class Verdict:
    """The engine's verdict on one choice."""

    choice: str
    correct: bool
    reason: str


@dataclass(frozen=True)
class Result:
    """The engine's check of an item: its answer, agreement, a verdict per choice."""

    item: QuizItem
    engine: tuple[str, ...]
    agrees: bool
    reason: str
    verdicts: tuple[Verdict, ...]
    school: str | None = None
    """The school the item is graded by when schools differ on it (else ``None``)."""
    schools: dict[str, SchoolResult] = field(default_factory=dict, compare=False)
    """Each school's own grading, when schools differ on the item (else empty)."""

    @property
    def disagreements(self) -> tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]:
        """``(school, author, engine)`` for each ``answer[SCHOOL]`` the engine does not share."""
        out = []
        for name, author in self.item.school_answers:
            sr = self.schools.get(name)
            engine = sr.engine if sr is not None else self.engine
            if set(engine) != set(author):
                out.append((name, author, engine))
        return tuple(out)

    def to_json(self) -> dict:
        return {"id": self.item.id, "kind": self.item.kind, "agrees": self.agrees,
                "engine": list(self.engine), "author": list(self.item.answer),
                "reason": self.reason,
                "verdicts": [{"choice": v.choice, "correct": v.correct, "reason": v.reason}
                             for v in self.verdicts],
                "school": self.school,
                "schools": {k: {"engine": list(v.engine), "reason": v.reason,
                                "verdicts": [{"choice": x.choice, "correct": x.correct,
                                              "reason": x.reason} for x in v.verdicts]}
                            for k, v in self.schools.items()}}


@dataclass(frozen=True)
class SchoolResult:
    """One school's grading of an item: its answer, reason and a verdict per choice."""

    engine: tuple[str, ...]
    reason: str
    verdicts: tuple[Verdict, ...]


# -- parsing ----------------------------------------------------------------------------
def _split(text: str) -> tuple[str, ...]:
    return tuple(p.strip() for p in text.split(",") if p.strip())


def parse_item(rec: Record) -> QuizItem:
    """Build an item from one parsed block; raises ParseError naming the line."""
    first = min(rec.lines.values(), default=0)
    for key in ("id", "kind", "question", "answer"):
        if not rec.get(key):
            raise ParseError(f"item has no {key!r}", line=first)
    _load_kinds()
    kind = rec.values["kind"].strip().lower()
    if kind not in _ENGINE:
        raise ParseError(f"unknown kind {kind!r}: expected one of {', '.join(kinds())}",
                         line=rec.line("kind"))
    norm = _NORMALISE[kind]
    try:
        choices = tuple(norm(c) for c in _split(rec.get("choices") or ""))
    except PrefaError as e:
        raise ParseError(f"choices: {e}", line=rec.line("choices")) from None
    try:
        answer = tuple(norm(a) for a in _split(rec.values["answer"]))
    except PrefaError as e:
        raise ParseError(f"answer: {e}", line=rec.line("answer")) from None
    for key, values in (("choices", choices), ("answer", answer)):
        twice = next((v for i, v in enumerate(values) if v in values[:i]), None)
        if twice is not None:
            raise ParseError(f"{key}: {twice!r} is given twice", line=rec.line(key))
    if not answer:
        raise ParseError("answer is empty", line=rec.line("answer"))
    if len(answer) > 1 and kind not in MULTI:
        raise ParseError(f"kind {kind} has one answer, got {len(answer)}", line=rec.line("answer"))
    if choices and any(a not in choices for a in answer):
        bad = next(a for a in answer if a not in choices)
        raise ParseError(f"answer {bad!r} is not one of the choices", line=rec.line("answer"))
    texts: list[tuple[str, str, str]] = []
    for key in rec.values:
        if not key.startswith(("question[", "explain[")):
            continue
        base, tag = key[:-1].split("[", 1)
        try:
            tag = normalize(tag)
        except PrefaError:
            raise ParseError(f"{key}: unknown language {tag!r}: expected one of "
                             + ", ".join(t for t in LANGUAGES if t != "en"),
                             line=rec.line(key)) from None
        if tag == "en":
            raise ParseError(f"{key}: English is the {base}: line itself",
                             line=rec.line(key))
        if any(k == base and t == tag for k, t, _x in texts):
            raise ParseError(f"{base}[{tag}] is given twice", line=rec.line(key))
        if not rec.values[key].strip():
            raise ParseError(f"{key} is empty", line=rec.line(key))
        texts.append((base, tag, rec.values[key]))
    per_school: list[tuple[str, tuple[str, ...]]] = []
    for key in rec.values:
        if not key.startswith("answer["):
            continue
        line = rec.line(key)
        name = _school_name(key[len("answer["):-1], line)
        if any(n == name for n, _ in per_school):
            raise ParseError(f"answer[{name}] is given twice", line=line)
        try:
            sa = tuple(norm(a) for a in _split(rec.values[key]))
        except PrefaError as e:
            raise ParseError(f"{key}: {e}", line=line) from None
        if not sa:
            raise ParseError(f"{key} is empty", line=line)
        if len(sa) > 1 and kind not in MULTI:
            raise ParseError(f"kind {kind} has one answer, got {len(sa)} in {key}", line=line)
        bad = next((a for a in sa if choices and a not in choices), None)
        if bad is not None:
            raise ParseError(f"{key}: {bad!r} is not one of the choices", line=line)
        per_school.append((name, sa))
    seen_by = None
    if rec.get("seen-by") is not None:
        text = rec.values["seen-by"].strip()
        if not (text.isascii() and text.isdigit() and len(text) == 1):
            raise ParseError(f"seen-by: bad seat {text!r}: expected a seat number such as 0",
                             line=rec.line("seen-by"))
        seen_by = int(text)
    return QuizItem(rec.values["id"].strip(), kind, rec.values["question"], choices, answer,
                    rec.get("explain") or "", rec, first, tuple(per_school), seen_by,
                    tuple(texts))


def _block_id(block: list[tuple[int, str]]) -> str:
    """The ``id`` written in a raw block, or ``"?"``: the name of an item that did not parse."""
    for _no, raw in block:
        key, colon, value = raw.split("#", 1)[0].partition(":")
        if colon and not raw[:1].isspace() and key.strip().lower() == "id" and value.strip():
            return value.strip()
    return "?"


def _load(text: str) -> Iterable[QuizItem | tuple[str, ParseError]]:
    """Every item of a quiz file in file order: a :class:`QuizItem`, or ``(id, error)``
    for one that does not parse (``id`` read from the block, ``"?"`` without one)."""
    _load_kinds()  # the keys an item may have are every kind's
    seen: dict[str, int] = {}
    for block in _blocks(text):
        if not any(r.split("#", 1)[0].strip() for _, r in block):
            continue
        try:
            item = parse_item(_parse_block(block, _Keys(QUIZ_KEYS + _EXTRA_KEYS)))
        except ParseError as e:
            yield _block_id(block), (e if e.line is not None
                                     else ParseError(str(e), line=block[0][0]))
            continue
        if item.id in seen:
            yield item.id, ParseError(f"id {item.id!r} used twice (first on line "
                                      f"{seen[item.id]})", line=item.record.line("id"))
            continue
        seen[item.id] = item.record.line("id") or item.line
        yield item


def load_quiz(text: str) -> tuple[list[QuizItem], list[ParseError]]:
    """Parse every item; a bad item becomes an error (with its line), the others load."""
    items: list[QuizItem] = []
    errors: list[ParseError] = []
    for x in _load(text):
        if isinstance(x, QuizItem):
            items.append(x)
        else:
            errors.append(x[1])
    return items, errors


def parse_quiz(text: str) -> list[QuizItem]:
    """Parse a quiz file; raises the first error."""
    items, errors = load_quiz(text)
    if errors:
        raise errors[0]
    return items


# -- answers in one canonical spelling ---------------------------------------------------
def digits(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits ``0``-``9``.

    ``str.isdigit`` also says yes to ``²``, ``١`` and ``２`` (which ``int``
    then refuses or reads as a number): user text goes through this instead.

    >>> digits("12"), digits("²"), digits("١"), digits("２"), digits("")
    (True, False, False, False, False)
    """
    return text.isascii() and text.isdigit()


def ask_seats(item: QuizItem, words: Sequence[str], players: int) -> tuple[int, ...]:
    """The seats an item's ``ask`` names (``words``), each one of ``0`` to ``players - 1``
    and all different; a :class:`ParseError` on the ``ask`` line names a bad one."""
    ask = item.record.get("ask")
    line = item.record.line("ask") or item.line
    seats = []
    for w in words:
        if not digits(w) or int(w) >= players:
            raise ParseError(f"bad seat {w!r} in ask {ask!r}: expected a seat from 0 to "
                             f"{players - 1}", line=line)
        seats.append(int(w))
    if len(set(seats)) != len(seats):
        raise ParseError(f"bad ask {ask!r}: the seats must be different", line=line)
    return tuple(seats)


def whole_number(text: str) -> str:
    """A whole number in one spelling (``"07"`` → ``"7"``); for the rulesets' quiz kinds.

    Digits are ASCII only: ``²``, ``١`` or ``２`` are refused, not read as numbers.

    >>> whole_number(" 07 "), whole_number("-3")
    ('7', '-3')
    >>> whole_number("٣")
    Traceback (most recent call last):
    ...
    prefa.errors.ParseError: bad number '٣': expected a whole number (digits 0-9, optionally signed)
    """
    t = text.strip()
    if not re.fullmatch(r"[+-]?[0-9]+", t):
        raise ParseError(f"bad number {t!r}: expected a whole number (digits 0-9, "
                         "optionally signed)")
    return str(int(t))


# -- the engine's answers ----------------------------------------------------------------
def cards_text(names: Iterable[str]) -> str:
    """Card names as a reason writes them, with suit signs: ``'A♠ 10♥'``."""
    return " ".join(card_text(n) for n in names)


def card_text(choice: str) -> str:
    """A choice as a reason writes it: a card with its suit sign (``A♥``), the rest as is.

    >>> card_text("TH"), card_text("pass")
    ('10♥', 'pass')
    """
    try:
        return card_symbol(parse_card(choice)) if len(choice) == 2 else choice_label(choice)
    except PrefaError:
        return choice_label(choice)


_CHOICE_WORDS = (
    NC_("quiz choice", "pass"),
    NC_("quiz choice", "follow"),
    NC_("quiz choice", "kontra"),
    NC_("quiz choice", "rekontra"),
    NC_("quiz choice", "call"),
    NC_("quiz choice", "alone"),
    NC_("quiz choice", "decline"),
    NC_("quiz choice", "hold"),
    NC_("quiz choice", "igra"),
    NC_("quiz choice", "betl"),
    NC_("quiz choice", "sans"),
    NC_("quiz choice", "refe"),
    NC_("quiz choice", "yes"),
    NC_("quiz choice", "no"),
    NC_("quiz choice", "preferans"),
)
"""The choices of the quiz kinds that are words (a decision, a call, yes or no), marked
for the catalog in the context ``quiz choice``."""
NC_("quiz decision", "pass")
_SEAT_CHOICE = re.compile(r"seat ([0-9]+)(?: (at) ([0-9]+)| (igra) (\S+)| (\S+))?")


def choice_label(choice: str, kind: str = "") -> str:
    """A choice that is not a card, in the learner's language: ``follow``, ``pass``,
    ``seat 0 at 2``, ``yes`` (a card, a number or an unknown word: as written);
    ``kind`` tells a defence's ``pass`` (not coming) from a call's.

    >>> choice_label("seat 0 at 2"), choice_label("follow"), choice_label("7")
    ('seat 0 at 2', 'follow', '7')
    """
    if kind == "defence" and choice == "pass":  # not coming: Serbian ne dođem, not dalje
        return pgettext("quiz decision", "pass")
    if choice in _CHOICE_WORDS:
        return pgettext("quiz choice", choice)
    m = _SEAT_CHOICE.fullmatch(choice)
    if m is None:
        return choice
    seat = m[1]
    if m[2]:
        return _("seat {seat} at {number}").format(seat=seat, number=m[3])
    if m[4]:
        return _("seat {seat} igra {game}").format(seat=seat, game=_(m[5]))
    if m[6]:
        return _("seat {seat} {game}").format(seat=seat, game=choice_label(m[6]))
    return _("seat {seat}").format(seat=seat)


def capitalized(sentence: str) -> str:
    """``sentence`` with its first letter a capital (a choice word may begin it).

    >>> capitalized("dalje je ...")
    'Dalje je ...'
    """
    return sentence[:1].upper() + sentence[1:]


@dataclass(frozen=True)
class Answer:
    """What the engine says: its answer(s), the reason, and optionally a verdict per choice."""

    values: tuple[str, ...]
    reason: str
    per_choice: Callable[[str], tuple[bool, str]] | None = None
    school: str | None = None
    """The school ``values`` follow, when schools differ on the item."""
    schools: dict[str, Answer] = field(default_factory=dict, compare=False)
    """Each school's own answer (the one named by ``school`` included), when they differ."""


def offered(values: Iterable[str], item: QuizItem) -> tuple[str, ...]:
    """The engine's right ``values`` that ``item`` offers as choices (all of
    them when it lists none): what the author's answer is compared with."""
    return tuple(v for v in values if not item.choices or v in item.choices)


def legal_calls_answer(item: QuizItem, auction, *, parse: Callable[[str], object] = str,
                       words: Callable[[object], str] = lambda call: choice_label(str(call)),
                       because: Callable[[str], str] = lambda why: why,
                       reason: str | None = None) -> Answer:
    """The answer to "which calls may seat N make now?", for any ruleset's auction.

    ``auction`` answers ``legal_calls()``, ``why_illegal(call)`` (``None`` or
    the rule that refuses it) and ``to_call``.  The right values are the legal
    calls ``item`` offers; each choice gets a reason of its own: "X is legal
    now", or the rule that refuses it.  ``parse`` reads a choice as a call
    (:meth:`why_illegal` gets its result), ``words`` names a call for the
    learner (the Greek ``6S (Πρώτα)``; by default :func:`choice_label`), ``because``
    words a refusal, and
    ``reason`` replaces the default "Seat N may say: ..." for the whole item.
    """
    legal = list(auction.legal_calls())

    def judge(choice: str) -> tuple[bool, str]:
        call = parse(choice)
        why = auction.why_illegal(call)
        return (why is None, capitalized(_("{call} is legal now.").format(call=words(call)))
                if why is None else because(why))
    told = reason or _("Seat {seat} may say: {calls}.").format(
        seat=auction.to_call, calls=", ".join(words(c) for c in legal))
    return Answer(offered([str(c) for c in legal], item), told, judge)


# -- the registry -----------------------------------------------------------------------
RULE_SOURCE: dict[str, str] = {}
"""The rules source each rules kind follows, as a reader knows it (``"the Serbian
rules text"``, marked with :func:`~prefa.i18n.N_`), named after every verdict's reason."""

_ENGINE: dict[str, Callable[[QuizItem], Answer]] = {}
_NORMALISE: dict[str, Callable[[str], str]] = {}
_loaded = False


def _load_kinds() -> None:
    """Import every ruleset's quiz module, once: each registers its kinds as it loads."""
    global _loaded
    if _loaded:
        return
    for name in _RULESETS:
        importlib.import_module(f"{__package__}.{name}.quiz")
    _loaded = True


def kinds() -> tuple[str, ...]:
    """Every question kind: the Balkan ones, then each other ruleset's (greek, russian,
    vida, priffe), each in its module's order; then any registered from elsewhere.

    The first call loads the rulesets' quiz modules.

    >>> kinds()[:3], "greek-score" in kinds()
    (('legal-cards', 'trick-winner', 'legal-calls'), True)
    """
    _load_kinds()
    order = {k: i for i, k in enumerate(
        k for name in _RULESETS
        for k in importlib.import_module(f"{__package__}.{name}.quiz").KINDS)}
    return tuple(sorted(_KINDS, key=lambda k: order.get(k, len(order))))


def register_kind(kind: str, engine: Callable[[QuizItem], Answer],
                  normalise: Callable[[str], str], *, multi: bool = False,
                  keys: Sequence[str] = (),
                  draw: Callable[..., str | None] | None = None,
                  caption: Callable[[QuizItem], str] | None = None,
                  source: str = "") -> None:
    """Add a question kind (how every ruleset brings its questions).

    A ruleset's ``quiz`` module calls it for each of its kinds as it is
    imported, and lists them in its ``KINDS``; the module is named in
    ``_RULESETS`` so that :func:`kinds` loads it.

    ``engine`` computes the :class:`Answer` of an item, ``normalise`` turns a
    choice or answer into its one canonical spelling (raising a
    :class:`~prefa.errors.PrefaError` for a bad one), ``multi`` says several
    answers may be right, and ``keys`` are the item keys the kind reads beyond
    the common ones.  ``draw(item, four_colour=False)`` (the position as SVG,
    or ``None``) and ``caption`` (the position in words, as HTML) are what
    :mod:`prefa.quiz_render` shows above the choices (nothing without them).  ``source`` names the
    rules source a rules kind follows as a reader knows it (``"the Greek rules
    text"``, marked with :func:`~prefa.i18n.N_` and translated when shown); it is
    added to every verdict's reason.  Registering the same kind twice replaces it.
    """
    global _EXTRA_KEYS
    _ENGINE[kind] = engine
    if source:
        RULE_SOURCE[kind] = source
    else:
        RULE_SOURCE.pop(kind, None)
    _NORMALISE[kind] = normalise
    if multi:
        MULTI.add(kind)
    else:
        MULTI.discard(kind)
    if draw is not None:
        DRAW[kind] = draw
    if caption is not None:
        CAPTION[kind] = caption
    if kind not in _KINDS:
        _KINDS.append(kind)
    _EXTRA_KEYS = _EXTRA_KEYS + tuple(k for k in keys
                                      if k not in QUIZ_KEYS and k not in _EXTRA_KEYS)


def check(item: QuizItem) -> Result:
    """The engine's answer to ``item``, whether the author agrees, and a verdict per choice.

    Raises :class:`ParseError` (with the item's line) when the position does
    not fit the question; any other :class:`PrefaError` the engine raises on
    the item (an illegal call or card in its record...) comes out as a
    ParseError with the item's line too.
    """
    _load_kinds()
    _check_seen_by(item)
    try:
        ans = _ENGINE[item.kind](item)
    except ParseError as e:
        if e.line is None:
            raise ParseError(str(e), line=item.line) from None
        raise
    except PrefaError as e:
        raise ParseError(str(e), line=item.line) from None
    try:
        verdicts = _verdicts(item, ans)
        schools = {name: SchoolResult(a.values, signs(a.reason), _verdicts(item, a))
                   for name, a in ans.schools.items()}
    except PrefaError as e:
        raise ParseError(str(e), line=item.line) from None
    r = Result(item, ans.values, set(ans.values) == set(item.answer), signs(ans.reason),
               verdicts, ans.school if schools else None, schools)
    if r.disagreements:
        r = replace(r, agrees=False)
    return r


def _check_seen_by(item: QuizItem) -> None:
    """``seen-by`` must name a seat of the item's deal (a position without a deal has none)."""
    if item.seen_by is None:
        return
    line = item.record.line("seen-by")
    deal = item.record.get("deal")
    if not deal:
        raise ParseError("seen-by needs a deal: there is no hand to show", line=line)
    seats = deal.split("|", 1)[0].count("/") + 1
    if item.seen_by >= seats:
        raise ParseError(f"seen-by: no seat {item.seen_by} in a deal of {seats} hands "
                         f"(seats 0 to {seats - 1})", line=line)


def layout_item(item: QuizItem) -> QuizItem:
    """The same item with every hand open: the layout shown after a ``seen-by`` answer.

    >>> layout_item(QuizItem("x", "who-leads", "?", (), ("0",), "", Record({}, {}), seen_by=1)).seen_by
    """
    return replace(item, seen_by=None)


def _verdicts(item: QuizItem, ans: Answer) -> tuple[Verdict, ...]:
    """A verdict per choice of ``item``: the kind's own judge, else :func:`other_choice`."""
    out = []
    for c in item.choices:
        if ans.per_choice is not None:
            ok, why = ans.per_choice(c)
        else:
            ok = c in ans.values
            why = ans.reason if ok else other_choice(c, ans)
        if item.kind in RULE_SOURCE:
            why = _("{reason} (Source: {source}.)").format(
                reason=why.rstrip(), source=_(RULE_SOURCE[item.kind]))
        out.append(Verdict(c, ok, signs(why)))
    return tuple(out)


def other_choice(choice: str, ans: Answer) -> str:
    """Why a wrong ``choice`` fails, for a kind that has no judge of its own.

    A number is measured against the engine's (``+10 is 6 too many``); any
    other choice is named and set against the engine's answer and reason.
    """
    right = ans.values[0] if len(ans.values) == 1 else None
    if right is not None and re.fullmatch(r"[+-]?[0-9]+", choice) \
            and re.fullmatch(r"[+-]?[0-9]+", right):
        n, r = int(choice), int(right)
        if r != 0 and n == -r:
            text = _("{choice} has the wrong sign: {reason}")
        elif r != 0 and n == 2 * r:
            text = _("{choice} is twice the right figure: {reason}")
        elif n != 0 and 2 * n == r:
            text = _("{choice} is half the right figure: {reason}")
        elif n > r:
            text = _("{choice} is {n} too high: {reason}")
        else:
            text = _("{choice} is {n} too low: {reason}")
        return text.format(choice=choice, n=abs(n - r), reason=ans.reason)
    if right is None:
        return capitalized(_("{choice} is not among them: {reason}").format(
            choice=card_text(choice), reason=ans.reason))
    return _("Not {choice} but {right}: {reason}").format(
        choice=card_text(choice), right=card_text(right), reason=ans.reason)


@dataclass(frozen=True)
class Line:
    """One line of a check report: an item that agrees, disagrees, or is invalid.

    ``line`` is the item's line in its file (for an invalid item, the line
    the error names).
    """

    status: str  # "agrees", "disagrees", "invalid"
    id: str
    text: str
    result: Result | None = None
    line: int | None = None

    @property
    def verdict(self) -> str:
        """The status in the reader's language (``status`` itself stays the code)."""
        return pgettext("quiz check", _VERDICTS[self.status])

    def to_json(self) -> dict:
        d = {"status": self.status, "id": self.id, "message": self.text, "line": self.line}
        if self.result is not None:
            d.update(self.result.to_json())
        return d


_VERDICTS = {"agrees": NC_("quiz check", "agrees"), "disagrees": NC_("quiz check", "disagrees"),
             "invalid": NC_("quiz check", "invalid")}


def _message(e: ParseError) -> str:
    """The error's message without its ``line N:`` prefix."""
    text = str(e)
    prefix = f"line {e.line}: "
    return text[len(prefix):] if e.line is not None and text.startswith(prefix) else text


def check_text(text: str, source: str = "") -> list[Line]:
    """Check every item of a quiz file; one line per item, in file order.

    An item that does not parse, or that the engine refuses (any
    :class:`PrefaError` while checking it: a seat that is not at the table, a
    position that does not fit the kind...), is *invalid*: its line says
    ``SOURCE:LINE: ID: message`` and the other items are still checked.  A
    handout states the engine's answers, so the ``prefa quiz handout`` command
    and the site write none for a file with an invalid item (they name each
    one instead).
    """
    where = f"{source}:" if source else ""
    lines: list[Line] = []
    for x in _load(text):
        if isinstance(x, QuizItem):
            item = x
            try:
                r = check(item)
            except PrefaError as e:
                no = getattr(e, "line", None) or item.line
                lines.append(Line("invalid", item.id, f"{where}{no}: {item.id}: "
                                  f"{_message(e) if isinstance(e, ParseError) else e}", line=no))
                continue
        else:
            item_id, e = x
            lines.append(Line("invalid", item_id, f"{where}{e.line or '?'}: {item_id}: "
                              f"{_message(e)}", line=e.line))
            continue
        if r.agrees:
            per = "".join(f"; {name}: {', '.join(a)}" for name, a in item.school_answers)
            lines.append(Line("agrees", item.id, _("{id}: agrees ({answer})").format(
                id=item.id, answer=signs(", ".join(r.engine) + per)), r, item.line))
            continue
        problems = []
        if set(r.engine) != set(item.answer):
            problems.append(_("author {author}, engine {engine}: {reason}").format(
                author=", ".join(item.answer), engine=", ".join(r.engine) or _("(none)"),
                reason=r.reason))
        for name, author, engine in r.disagreements:
            sr = r.schools.get(name)
            problems.append(_("school {school}: author {author}, engine {engine}: {reason}").format(
                school=name, author=", ".join(author), engine=", ".join(engine) or _("(none)"),
                reason=sr.reason if sr else r.reason))
        lines.append(Line("disagrees", item.id, _("{id}: disagrees: {problems}").format(
            id=item.id, problems=signs("; ".join(problems))), r, item.line))
    return lines


def report_json(lines: Sequence[Line]) -> str:
    """The ``--json`` form of a check report."""
    return json.dumps([ln.to_json() for ln in lines])

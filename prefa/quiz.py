"""Quiz items checked by the engine.

A quiz file is plain text that a teacher can write by hand: items separated
by lines of ``---``, each item ``key: value`` lines like a hand record (see
:mod:`prefa.record`), plus these keys:

==========  ==============================================================
key         value
==========  ==============================================================
id          a stable name, unique in the file (``lead-07``)
kind        the question kind (below)
question    the question as the learner reads it
choices     the choices, comma-separated (optional for some kinds)
answer      the author's answer; several answers comma-separated
answer[S]   the author's answer in school ``S`` (``answer[tournament rules]: AS``),
            where the schools of play differ; ``S`` is one of :data:`SCHOOLS`
            (any case), one line per school, ``answer:`` being the default's
explain     an optional explanation shown after answering
trick       for ``trick-winner``: the cards of one trick, lead first
ask         for ``hand-score``: ``declarer bule`` (default), ``bule SEAT``
            or ``supe WRITER AGAINST`` (seats at the table, two different ones)
==========  ==============================================================

The position is written with the hand record keys (``deal``, ``auction``,
``discard``, ``contract``, ``defence``, ``play``) and stops where the
question is asked.  Kinds, and what the engine computes:

- ``legal-cards``: the cards the player to move may play (among ``choices``
  when given);
- ``trick-winner``: the card that wins ``trick`` in ``contract``;
- ``legal-calls``: the calls the next bidder may make (among ``choices``);
- ``auction-outcome``: ``refe``, ``seat N at K``, ``seat N igra`` or
  ``seat N igra GAME`` / ``seat N betl`` / ``seat N sans``;
- ``who-leads``: ``seat N``, the leader to the first trick;
- ``hand-score``: a number (bule with a sign, supe without) for a finished hand;
- ``defence``: follow, pass, call, alone, kontra... by the whist conventions;
- ``bid``: the call the bidding conventions advise;
- ``opening-lead``: the card the lead conventions advise;
- ``discard``: the card the signalling conventions advise (also second-hand play);
- ``betl-caught``: ``yes`` or ``no``: can the defenders catch the betl;
- ``betl-leads``: the leads that catch the betl (among ``choices``);
- ``declarer-tricks``: the declarer's tricks with best play by all;
- ``best-card``: the cards that keep the best result for the player to move.

For every choice the engine gives a verdict and a reason of its own, computed
when the item is checked (so static pages carry them): for a rules question
the rule the choice breaks; for a number how far off it is; for a solver
question the declarer's tricks after that card; for a convention question
the rule the choice breaks, the school that plays it if one does, and, for a
card on a dealt hand, what exact play says of it: the declarer's tricks after
it and the best play that follows, from one card table per item.  A card
exactly as good as the convention's, when that one keeps the best result, is
accepted with a note naming the convention's card (exact play sees every
card; the convention reads only the player's own).  When every legal card
gives the same result, exact play has no say and the convention grades alone.

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

import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from .balkan.auction import Call
from .balkan.contract import Contract, Game
from .balkan.defence import Decision
from .balkan.hand import BalkanHand, Phase
from .balkan.scoring import Sheet, score_change
from .cards import card_name, card_symbol, parse_card
from .errors import ParseError, PrefaError
from .play import trick_winner, why_illegal
from .record import KEYS, Record, _blocks, _parse_block, replay

QUIZ_KEYS = ("id", "kind", "question", "choices", "answer", "explain", "trick", "ask") + KEYS

DEFAULT_SCHOOL = "default"
"""The kit's own reading on each point where the books differ (each convention
module's docstring says which school it follows there): what an item is
graded by unless the learner picks a school."""
SCHOOLS: tuple[str, ...] = (DEFAULT_SCHOOL, "Gulin", "tournament rules", "v1.2 site rules",
                            "strategy text", "strategy article")
"""Every school an item may be graded by, the default first (the names the
conventions give: :mod:`prefa.balkan.conventions.evaluation` and :mod:`~prefa.balkan.conventions.leads`)."""


class _Keys(tuple):
    """The keys an item may have: ``QUIZ_KEYS`` and the kinds' own, plus ``answer[SCHOOL]``."""

    def __contains__(self, key: object) -> bool:
        return (isinstance(key, str) and key.startswith("answer[") and key.endswith("]")) \
            or tuple.__contains__(self, key)


def _school_name(text: str, line: int | None) -> str:
    t = " ".join(text.split()).lower()
    for name in SCHOOLS:
        if name.lower() == t:
            return name
    raise ParseError(f"unknown school {text.strip()!r} in answer[...]: expected one of "
                     + ", ".join(SCHOOLS), line=line)

_BALKAN_KINDS = ("legal-cards", "trick-winner", "legal-calls", "auction-outcome", "who-leads",
         "hand-score", "defence", "bid", "opening-lead", "discard", "betl-caught",
         "betl-leads", "declarer-tricks", "best-card")
"""The Balkan question kinds, in the order the module docstring lists them."""

MULTI = {"legal-cards", "legal-calls", "betl-leads", "best-card"}
"""Kinds whose answer is a set (several choices may be right); ruleset kinds add to it."""

KINDS: tuple[str, ...] = _BALKAN_KINDS
"""Every question kind: the Balkan ones, then those the other rulesets register."""

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
    kind = rec.values["kind"].strip().lower()
    if kind not in KINDS:
        raise ParseError(f"unknown kind {kind!r}: expected one of {', '.join(KINDS)}",
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
    return QuizItem(rec.values["id"].strip(), kind, rec.values["question"], choices, answer,
                    rec.get("explain") or "", rec, first, tuple(per_school))


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
def _card(text: str) -> str:
    return card_name(parse_card(text))


def _call(text: str) -> str:
    return str(Call.parse(text))


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


def _seat(text: str) -> str:
    t = text.strip().lower().removeprefix("seat").strip()
    if not digits(t):
        raise ParseError(f"bad seat {text.strip()!r}: expected 'seat N' or a number")
    return f"seat {int(t)}"


def _decision(text: str) -> str:
    return str(Decision.find(text))


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


def _int(text: str) -> str:
    """A number that keeps an explicit sign (bule are written ``+4`` / ``-4``)."""
    v = int(whole_number(text))
    t = text.strip()
    return f"{v:+d}" if t[:1] in "+-" else str(v)


def _outcome(text: str) -> str:
    t = " ".join(text.lower().split())
    if t == "refe":
        return t
    words = t.removeprefix("seat").split()
    if not words or not digits(words[0]):
        raise ParseError(f"bad auction outcome {text.strip()!r}: expected 'refe', "
                         "'seat N at K' or 'seat N igra [GAME]'")
    rest = words[1:]
    if rest[:1] == ["at"] and len(rest) == 2 and digits(rest[1]):
        return f"seat {int(words[0])} at {int(rest[1])}"
    if rest and rest[0] in ("igra", "betl", "sans", "preferans"):
        if rest[0] == "igra" and len(rest) == 2:
            return f"seat {int(words[0])} igra {Game.find(rest[1])}"
        if len(rest) == 1:
            return f"seat {int(words[0])} {rest[0]}"
    raise ParseError(f"bad auction outcome {text.strip()!r}: expected 'refe', 'seat N at K' "
                     "or 'seat N igra [GAME]'")


def _yes_no(text: str) -> str:
    t = text.strip().lower()
    if t not in ("yes", "no"):
        raise ParseError(f"bad answer {text.strip()!r}: expected yes or no")
    return t


def _action(text: str) -> str:
    """A convention action: a card, a call or a decision, each in canonical form."""
    for f in (_card, _decision, _call):
        try:
            return f(text)
        except PrefaError:
            continue
    raise ParseError(f"bad answer {text.strip()!r}: expected a card, a call or a decision")


_NORMALISE: dict[str, Callable[[str], str]] = {
    "legal-cards": _card, "trick-winner": _card, "legal-calls": _call,
    "auction-outcome": _outcome, "who-leads": _seat, "hand-score": _int, "defence": _decision,
    "bid": _call, "opening-lead": _card, "discard": _card, "betl-caught": _yes_no,
    "betl-leads": _card, "declarer-tricks": _int, "best-card": _card}


# -- the engine's answers ----------------------------------------------------------------
_CARD_TOKEN = re.compile(r"\b[AKQJT987][SHDC]\b")


def signs(text: str) -> str:
    """A reason with every card name written with its suit sign (``AS`` → ``A♠``).

    A contract written like a card (the Greek ``7S``) reads the same way: ``7♠``.

    >>> signs("After AS the declarer takes 7; after TD he takes 6.")
    'After A♠ the declarer takes 7; after 10♦ he takes 6.'
    """
    return _CARD_TOKEN.sub(lambda m: card_text(m.group(0)), text)


def cards_text(names: Iterable[str]) -> str:
    """Card names as a reason writes them, with suit signs: ``'A♠ 10♥'``."""
    return " ".join(card_text(n) for n in names)


def card_text(choice: str) -> str:
    """A choice as a reason writes it: a card with its suit sign (``A♥``), the rest as is.

    >>> card_text("TH"), card_text("pass")
    ('10♥', 'pass')
    """
    try:
        return card_symbol(parse_card(choice)) if len(choice) == 2 else choice
    except PrefaError:
        return choice


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


def _position(item: QuizItem) -> BalkanHand:
    return replay(item.record, partial=True)


def _legal_cards(item: QuizItem) -> Answer:
    hand = _position(item)
    if hand.phase is not Phase.PLAY:
        raise ParseError(f"legal-cards needs a position in the play (the hand is at the "
                         f"{hand.phase.value} step)", line=item.line)
    legal = [card_name(c) for c in hand.legal_cards()]
    seat = hand.to_act
    ps = hand.play_state

    def judge(choice: str) -> tuple[bool, str]:
        c = parse_card(choice)
        ct = card_symbol(c)
        if choice in legal:
            return True, f"{ct} is legal for seat {seat}."
        if c not in ps.hands[seat]:
            return False, f"Seat {seat} does not hold {ct}."
        return False, f"{ct} is not legal: {why_illegal(ps.hands[seat], ps.trick, ps.rules, seat)}."
    values = offered(legal, item)
    return Answer(values, f"Seat {seat} may play {cards_text(legal)}.", judge)


def _trick_winner(item: QuizItem) -> Answer:
    rec = item.record
    if not rec.get("trick") or not rec.get("contract"):
        raise ParseError("trick-winner needs 'contract' and 'trick'", line=item.line)
    try:
        contract = Contract.parse(rec.values["contract"])
        cards = [parse_card(t) for t in rec.values["trick"].replace(",", " ").split()]
    except PrefaError as e:
        raise ParseError(str(e), line=rec.line("trick")) from None
    if not 2 <= len(cards) <= 3 or len(set(cards)) != len(cards):
        raise ParseError(f"trick {rec.values['trick']!r}: expected two or three different cards "
                         "(one per player in the trick: three, or two when a defender is out)",
                         line=rec.line("trick"))
    rules = contract.play_rules()
    win = cards[trick_winner(cards, rules)]
    w, wt = card_name(win), card_symbol(win)
    led = cards[0] >> 4
    trump = rules.trump
    why = (f"{wt} is the highest trump." if trump is not None and win >> 4 == trump
           and led != trump else f"{wt} is the highest card of the suit led.")

    def judge(choice: str) -> tuple[bool, str]:
        if choice == w:
            return True, why
        c = parse_card(choice)
        ct = card_symbol(c)
        if c not in cards:
            return False, f"{ct} is not in this trick."
        if c >> 4 == led and win >> 4 == led:
            return False, f"{ct} follows the suit led, but {wt} is higher in it."
        if c >> 4 == led:
            return False, f"{ct} follows the suit led, but {wt} is a trump and beats it."
        if trump is not None and c >> 4 == trump:
            return False, f"{ct} is a trump, but {wt} is a higher one."
        return False, (f"{ct} neither follows the suit led nor is a trump, so it cannot win: "
                       f"{why}")
    return Answer((w,), why, judge)


def _legal_calls(item: QuizItem) -> Answer:
    hand = _position(item)
    if hand.phase is not Phase.AUCTION:
        raise ParseError("legal-calls needs an auction still going", line=item.line)
    a = hand.auction
    legal = [str(c) for c in a.legal_calls()]

    def judge(choice: str) -> tuple[bool, str]:
        why = a.why_illegal(Call.parse(choice))
        return (why is None, f"{choice} is legal now." if why is None else why)
    values = offered(legal, item)
    return Answer(values, f"Seat {a.to_call} may say: {', '.join(legal)}.", judge)


def _auction_outcome(item: QuizItem) -> Answer:
    hand = _position(item)
    r = hand.auction_result
    if r is None:
        raise ParseError("auction-outcome needs a finished auction", line=item.line)
    if r.winner is None:
        ans = Answer(("refe",), "Everybody passed: nobody plays and refe is written.")
    elif r.number is not None:
        ans = Answer((f"seat {r.winner} at {r.number}",),
                     f"Seat {r.winner} holds the highest number, {r.number}, and takes the talon.")
    elif r.contract is None:
        ans = Answer((f"seat {r.winner} igra",), f"Seat {r.winner} said igra and nobody outbid it.")
    else:
        g = r.contract.game
        value = f"seat {r.winner} {g}" if g in (Game.BETL, Game.SANS, Game.PREFERANS) \
            else f"seat {r.winner} igra {g}"
        ans = Answer((value,), f"Seat {r.winner} has the highest game announced: {r.contract}.")
    right = ans.values[0]

    def judge(choice: str) -> tuple[bool, str]:
        if choice == right:
            return True, ans.reason
        if choice == "refe":
            return False, f"Not refe: somebody bid. {ans.reason}"
        words = choice.split()
        seat, how = int(words[1]), " ".join(words[2:])
        said = [str(c) for s, c in hand.auction.calls if s == seat]
        did = (f"seat {seat} said {', '.join(said)}" if said else f"seat {seat} said nothing")
        right_how = " ".join(right.split()[2:])
        claim = ""
        if words[2:3] == ["at"] and r.number is not None and int(words[3]) != r.number:
            claim = f" The last number is {r.number}, not {int(words[3])}."
        elif how != right_how and r.winner is not None:
            claim = f" It ends {right_how}, not {how}."
        if r.winner is None:
            return False, f"Everybody passed ({did}), so nobody wins: refe."
        if seat != r.winner:
            return False, f"Not seat {seat}: {did}, and seat {r.winner} won.{claim} {ans.reason}"
        return False, f"Seat {seat} wins, but not {how}.{claim} {ans.reason}"
    return replace(ans, per_choice=judge)


def _who_leads(item: QuizItem) -> Answer:
    hand = _position(item)
    if hand.phase is not Phase.PLAY or hand.play_state is None or hand.play_state.played:
        raise ParseError("who-leads needs a position at the start of the play", line=item.line)
    why = ("In sans the defender seated before the declarer leads through him."
           if hand.contract.game in (Game.SANS, Game.PREFERANS)
           else "The forehand leads when he plays, otherwise the next playing seat.")
    leader, declarer = hand.leader, hand.declarer
    active = hand.play_state.active

    def judge(choice: str) -> tuple[bool, str]:
        n = int(choice.split()[1])
        if n == leader:
            return True, why
        if n not in hand.seats or n not in active:
            return False, f"Seat {n} does not play this hand. {why} That is seat {leader}."
        if n == declarer:
            return False, f"Seat {n} is the declarer, and he does not lead here. {why}"
        return False, f"Seat {n} plays, but comes after seat {leader}. {why}"
    return Answer((f"seat {leader}",), why, judge)


def _hand_score(item: QuizItem) -> Answer:
    hand = replay(item.record)
    ch = score_change(Sheet.new(hand.rules), hand.result())
    ask = (item.record.get("ask") or "declarer bule").lower().split()
    if ask == ["declarer", "bule"]:
        d = hand.declarer
        if d is None:
            raise ParseError("hand-score: nobody declared", line=item.line)
        v = f"{ch.bule[d]:+d}"
        return Answer((v,), f"The base is {ch.base}; the declarer writes {v} bule.")
    players = len(ch.bule)
    if len(ask) == 2 and ask[0] == "bule":
        (s,) = ask_seats(item, ask[1:], players)
        return Answer((f"{ch.bule[s]:+d}",), f"Seat {s} writes {ch.bule[s]:+d} bule "
                       f"(base {ch.base}).")
    if len(ask) == 3 and ask[0] == "supe":
        w, a = ask_seats(item, ask[1:], players)
        amt = sum(m for ww, aa, m in ch.supe if ww == w and aa == a)
        ans = Answer((str(amt),), f"Seat {w} writes {amt} supe against seat {a} "
                     f"(base {ch.base} per trick).")
        base = ch.base

        def judge(choice: str) -> tuple[bool, str]:
            if choice == ans.values[0]:
                return True, ans.reason
            n = int(choice)
            if base and n % base == 0 and amt % base == 0:
                k, t = n // base, amt // base
                return False, (f"{choice} is {k} × {base}; seat {w} writes {t} × {base} = {amt} "
                               f"supe against seat {a} ({base} per trick).")
            return False, _other_choice(choice, ans)
        return replace(ans, per_choice=judge)
    raise ParseError(f"bad ask {item.record.get('ask')!r}: expected 'declarer bule', "
                     "'bule SEAT' or 'supe WRITER AGAINST'", line=item.record.line("ask"))


def _convention(item: QuizItem) -> Answer:
    """A convention question, graded by the default school and by every school that differs.

    A card question (lead, discard, second-hand play) on a dealt hand also
    gets exact play: every card's value from one card table, so a wrong card
    is told what it costs, and a card as good as the convention's (when that
    one keeps the best result) is accepted, with a note naming the
    convention's card.  Our decision: when every legal card gives the same
    result, exact play has no say and the convention alone grades the item
    (else a question whose cards all tie could not be answered wrongly).
    """
    from .balkan.conventions.advise import advise_hand
    hand = _position(item)
    if hand.hands is None:
        raise ParseError(f"{item.kind} needs a 'deal': the conventions read the cards of the "
                         "seat to act", line=item.line)
    advice = advise_hand(hand)
    exact = _exact_play(item, hand) if item.kind in ("opening-lead", "discard") else None
    main = _school_answer(item, hand, advice, advice, exact)
    if not advice.schools:
        return main
    name = advice.school or DEFAULT_SCHOOL
    schools = {k: _school_answer(item, hand, a, advice, exact, k)
               for k, a in advice.schools.items()}
    schools.setdefault(name, main)
    schools.setdefault(DEFAULT_SCHOOL, main)
    return replace(main, school=name, schools=schools)


def _school_answer(item: QuizItem, hand: BalkanHand, adv, whole, exact, school: str = "") -> Answer:
    """The :class:`Answer` of one school's advice ``adv`` (``whole`` holds every school's)."""
    act = _action(adv.action)
    others = {}
    for k, a in [("", whole)] + list(whole.schools.items()):
        x = _action(a.action)
        if x != act and k != school:
            others.setdefault(x, k or whole.school or DEFAULT_SCHOOL)

    def judge(choice: str) -> tuple[bool, str]:
        if choice == act:
            return True, f"{adv.name}: {adv.reason}" + (exact.note(choice) if exact else "")
        if exact is not None and exact.as_good(choice, act):
            return True, (f"{card_text(choice)} is as good as {card_text(act)} by exact play "
                          f"({exact.count(choice)}), but the convention plays "
                          f"{card_text(act)}: {adv.name}.")
        why = _breaks(item, hand, choice, act, adv)
        if exact is not None:
            why += exact.compare(choice, act)
        if choice in others:
            who = others[choice]
            why += (" It is what the kit's default reading plays here." if who == DEFAULT_SCHOOL
                    else f" It is what the {who} school plays here.")
        return False, why
    return Answer((act,), f"{adv.name}: {adv.reason}", judge)


@dataclass
class _Exact:
    """One card table of a convention card question: what exact play says of each card."""

    table: dict[str, int]
    best: int
    seat_wants: bool
    lines: Callable[[str], str]

    def count(self, card: str) -> str:
        n = self.table[card]
        return f"the declarer takes {n} trick{'s' if n != 1 else ''}"

    @property
    def indifferent(self) -> bool:
        """Every legal card gives the same result: exact play has no say."""
        return len(set(self.table.values())) == 1

    def as_good(self, choice: str, act: str) -> bool:
        return not self.indifferent and choice in self.table and act in self.table and \
            self.table[choice] == self.table[act] == self.best

    def note(self, card: str) -> str:
        if card not in self.table:
            return ""
        return f" By exact play, after {card_text(card)} {self.count(card)}."

    def compare(self, choice: str, act: str) -> str:
        if choice not in self.table or act not in self.table:
            return ""
        n, m = self.table[choice], self.table[act]
        if self.indifferent:
            return (f" Exact play has no say here: after any card {self.count(act)}, so the "
                    "convention decides.")
        if n == m:
            return (f" By exact play it costs nothing here: after either card "
                    f"{self.count(act)}.")
        if (n > m) == self.seat_wants:
            return (f" Seeing every card, {card_text(choice)} would even do better here "
                    f"({self.count(choice)}; after {card_text(act)} he takes {m}), but the "
                    "convention reads only your own cards.")
        return (f" By exact play, after {self.lines(choice)} {self.count(choice)}; "
                f"after {card_text(act)} he takes {m}.")


def _exact_play(item: QuizItem, hand: BalkanHand) -> _Exact | None:
    """The card table of a defender's card question on a dealt hand (``None`` without a deal)."""
    if hand.deal is None or hand.phase is not Phase.PLAY:
        return None
    from .solver import Solver, wants_tricks
    _hand, pos = _solver_position(item)
    solver = Solver()
    table = {card_name(c): n for c, n in solver.card_table(pos).items()}
    wants = wants_tricks(pos, pos.to_move)
    best = (max if wants else min)(table.values())

    return _Exact(table, best, wants, lambda card: _refutation(solver, pos, card))


def _refutation(solver, pos, card: str) -> str:
    """``"A♥ (8♥ Q♥, then J♠ A♠ K♠)"``: ``card`` and best play after it to the end of
    the next trick, the line that shows what the card costs."""
    after = pos.play(parse_card(card))
    cards = _short_line(solver, after)
    if not cards:
        return card_text(card)
    size = len(after.active)
    first = size - len(after.trick) if after.trick else 0
    words = [" ".join(card_symbol(c) for c in cards[:first])]
    if cards[first:]:
        words.append("then " + " ".join(card_symbol(c) for c in cards[first:first + size]))
    return f"{card_text(card)} ({', '.join(w for w in words if w)})"


def _short_line(solver, position) -> list[int]:
    """Best play from ``position`` to the end of the next trick (a refuting line, short)."""
    from .solver import wants_tricks
    value = solver.solve(position)
    line: list[int] = []
    ends, stop = 0, 2 if position.trick else 1
    while not position.is_over() and ends < stop:
        maximiser = wants_tricks(position, position.to_move)
        for card in position.legal_moves():
            after = position.play(card)
            if (solver.at_least(after, value) if maximiser
                    else not solver.at_least(after, value + 1)):
                break
        else:  # pragma: no cover - the solver guarantees a card keeps the value
            return line
        line.append(card)
        position = after
        if not position.trick:
            ends += 1
    return line


def _lower(name: str) -> str:
    """A convention's name inside a sentence: ``'Low from A-x-x'`` → ``'low from A-x-x'``."""
    return name[:1].lower() + name[1:] if name[1:2].islower() else name


def _breaks(item: QuizItem, hand: BalkanHand, choice: str, act: str, adv) -> str:
    """The rule a wrong choice breaks, in a sentence about the player's own cards."""
    if item.kind in ("opening-lead", "discard"):
        return _card_breaks(item, hand, choice, act, adv)
    if item.kind == "defence":
        return _decision_breaks(choice, act, adv)
    return _call_breaks(choice, act, adv)


def _card_breaks(item: QuizItem, hand: BalkanHand, choice: str, act: str, adv) -> str:
    from .cards import Suit
    from .balkan.conventions.evaluation import holding_text
    from .balkan.conventions.leads import is_rezon, suit_words
    ps = hand.play_state
    seat = ps.to_move
    mine = ps.hands[seat]
    c, a = parse_card(choice), parse_card(act)
    ct, at = card_text(choice), card_text(act)
    if c not in mine:
        return f"You do not hold {ct}."
    why = why_illegal(mine, ps.trick, ps.rules, seat) if c not in hand.legal_cards() else None
    if why:
        return f"{ct} is not legal: {why}."
    suit = Suit(c >> 4)
    ranks = mine.ranks(suit)
    trump = ps.rules.trump
    lead = item.kind == "opening-lead"
    verb = "lead" if lead else "play"
    if c >> 4 == a >> 4:
        return (f"From {suit_words(suit)} the rule plays {at}, not {ct}: {_lower(adv.name)}"
                f"{'' if adv.name.endswith('.') else '.'}")
    if lead and trump is not None and c >> 4 != trump and len(ranks) == 1:
        return (f"{ct} is a side-suit singleton, and a singleton is not led: the declarer "
                f"draws trumps before you can ruff. The rule leads {at}.")
    if lead and trump is not None and c >> 4 == trump:
        return (f"{ct} is a trump; a trump is led only from strong trumps, with the trump ace "
                f"and a void, or a lone small trump. Here the rule leads {at}.")
    suit_game = trump is not None
    if lead and suit_game and len(ranks) > 1 and (c & 15) != ranks[0] and is_rezon(ranks):
        return (f"{ct} leads small under your {card_text(card_name((c & 0x30) | ranks[0]))}, "
                f"which is how a sure trick is given away; the rule leads {at}.")
    if lead and suit_game and is_rezon(ranks) and (c & 15) == ranks[0] and len(ranks) > 1:
        return (f"{ct} spends your trick in {suit_words(suit)} at once and sets up the "
                f"declarer's cards there; the rule leads {at}.")
    if not lead and hand.contract.game is not Game.BETL and is_rezon(ranks):
        return (f"{ct} comes from {suit_words(suit)}, where you hold a possible trick; the "
                f"signal here is {at} ({_lower(adv.name)}).")
    if not lead and ps.trick and c >> 4 != ps.trick[0] >> 4 and len(ranks) > 0:
        return (f"Discarding {ct} sends your partner a signal in {suit_words(suit)}, "
                f"where you hold {holding_text(ranks)}; the signal this hand needs is {at} "
                f"({_lower(adv.name)}).")
    return (f"{ct} is not the card of this rule: {_lower(adv.name)} {verb}s {at} from "
            f"{suit_words(Suit(a >> 4))}.")


_DECISION_WHY = {
    ("pass", "follow"): "Passing leaves your partner alone against a hand you hold the minimum to "
                        "defend.",
    ("follow", "pass"): "Following without the minimum makes you answer for the fall.",
    ("kontra", "follow"): "A kontra doubles the stakes; your cards are enough to follow, not to "
                          "double.",
    ("kontra", "pass"): "A kontra doubles the stakes, and your cards are not even enough to "
                        "follow.",
    ("follow", "kontra"): "Following is not enough here: the kontra is asked of you.",
    ("pass", "kontra"): "Passing is not allowed here: the kontra is asked of you.",
    ("call", "alone"): "Calling your partner in makes him answer for tricks he may not have; "
                       "you can defend alone.",
    ("alone", "call"): "Alone you cannot make the defenders' tricks; call your partner in.",
    ("kontra", "decline"): "A kontra doubles the stakes and wants five tricks in your hand; you "
                           "do not hold them.",
    ("decline", "kontra"): "Declining gives away the doubled stakes that your tricks can win.",
    ("rekontra", "decline"): "A rekontra doubles the stakes again; your hand does not carry it.",
    ("decline", "rekontra"): "Declining gives away the doubled stakes that your hand can win.",
}


def _decision_breaks(choice: str, act: str, adv) -> str:
    lead = _DECISION_WHY.get((choice, act), f"{choice.capitalize()} is not what the rule asks.")
    return f"{lead} The rule says {act} ({adv.name})."


def _call_breaks(choice: str, act: str, adv) -> str:
    def number(x: str) -> int | None:
        return int(x) if digits(x) else None
    n, m = number(choice), number(act)
    if choice == "pass":
        lead = f"Passing gives up a bid the hand can make ({act})."
    elif act == "pass":
        lead = f"Saying {choice} promises more than the hand holds; pass."
    elif n is not None and m is not None:
        lead = (f"{choice} goes past what the hand is worth (up to {act})." if n > m
                else f"{choice} stops below what the hand is worth ({act}).")
    elif choice == "igra":
        lead = f"Igra promises a game without the talon; this hand bids {act} instead."
    elif choice == "hold":
        lead = f"Holding stops at the number said, below what the hand is worth; say {act}."
    elif act == "hold" and n is not None:
        lead = f"{choice} goes past the hand's game; hold the number instead."
    else:
        lead = f"{choice} is not the call for this hand; say {act}."
    return f"{lead} The rule: {_lower(adv.name)}."


def _solver_position(item: QuizItem):
    from .balkan.solve import position_from_deal
    hand = _position(item)
    if hand.phase is not Phase.PLAY or hand.play_state is None or hand.deal is None:
        raise ParseError("this kind needs a position in the play of a dealt hand (the hand is "
                         f"at the {hand.phase.value} step)", line=item.line)
    ps = hand.play_state
    out = next((s for s in hand.seats if s not in ps.active), None)
    hands = tuple(hand.hands) if hand.hands is not None else hand.deal.hands
    from .deal import Deal
    start = Deal(tuple(hands))
    return hand, position_from_deal(start, hand.contract.game, hand.declarer, hand.leader,
                                    ps.played, out=out)


def _declarer_tricks(item: QuizItem) -> Answer:
    from .solver import solve
    _hand, pos = _solver_position(item)
    n = solve(pos)
    return Answer((str(n),), f"With best play by everyone the declarer takes {n} tricks.")


def _best_card(item: QuizItem) -> Answer:
    from .solver import Solver, wants_tricks
    _hand, pos = _solver_position(item)
    solver = Solver()
    table = {card_name(c): n for c, n in solver.card_table(pos).items()}
    seat = pos.to_move
    best_n = (max if wants_tricks(pos, seat) else min)(table.values())
    best = tuple(c for c, n in table.items() if n == best_n)
    top = card_text(best[0])

    def judge(choice: str) -> tuple[bool, str]:
        if choice not in table:
            return False, f"{card_text(choice)} cannot be played now."
        n = table[choice]
        if n == best_n:
            return True, (f"After {card_text(choice)} the declarer takes {n} tricks with best "
                          f"play (the best for seat {seat} is {best_n}).")
        return False, (f"After {_refutation(solver, pos, choice)} the declarer takes {n} tricks "
                       f"with best play; after {top} he takes {best_n}, the best for seat {seat}.")
    values = offered(best, item)
    return Answer(values, f"Best: {cards_text(best)} (declarer {best_n} tricks).", judge)


def _betl(item: QuizItem, solver=None):
    from .analysis import betl_leads
    hand, pos = _solver_position(item)
    if hand.contract.game is not Game.BETL:
        raise ParseError("betl questions need a betl contract", line=item.line)
    ps = hand.play_state
    if ps.trick:
        raise ParseError("betl questions are asked at the start of a trick", line=item.line)
    from .deal import Deal
    start = Deal(tuple(hand.hands))
    out = next((s for s in hand.seats if s not in ps.active), None)
    if out is not None:
        raise ParseError("in betl both defenders play", line=item.line)
    return betl_leads(start, hand.declarer, hand.leader, ps.played, solver=solver), pos


def _betl_caught(item: QuizItem) -> Answer:
    an, _ = _betl(item)
    leads = cards_text(card_name(c) for c in an.leads)
    return Answer(("yes" if an.caught else "no",),
                   f"The betl is caught with best play (leads that catch it: {leads})."
                   if an.caught else "With best play the declarer takes no trick.")


def _betl_leads(item: QuizItem) -> Answer:
    from .solver import Solver
    solver = Solver()
    an, pos = _betl(item, solver)
    good = [card_name(c) for c in an.leads]
    legal = {card_name(c) for c in pos.legal_moves()}

    def judge(choice: str) -> tuple[bool, str]:
        if choice in good:
            return True, f"After {card_text(choice)} the declarer cannot avoid a trick."
        if choice not in legal:
            return False, f"{card_text(choice)} cannot be led now."
        return False, (f"After {_refutation(solver, pos, choice)} the declarer escapes: with "
                       "best play he takes no trick.")
    values = offered(good, item)
    return Answer(values, "Leads that catch the betl: " + (cards_text(good) or "none") + ".", judge)


RULE_SOURCE: dict[str, str] = {k: "seed 001, the Balkan rules" for k in (
    "legal-cards", "trick-winner", "legal-calls", "auction-outcome", "who-leads", "hand-score")}
"""The seed each rules kind comes from, named after every verdict's reason."""

_ENGINE: dict[str, Callable[[QuizItem], Answer]] = {
    "legal-cards": _legal_cards, "trick-winner": _trick_winner, "legal-calls": _legal_calls,
    "auction-outcome": _auction_outcome, "who-leads": _who_leads, "hand-score": _hand_score,
    "defence": _convention, "bid": _convention, "opening-lead": _convention,
    "discard": _convention, "betl-caught": _betl_caught, "betl-leads": _betl_leads,
    "declarer-tricks": _declarer_tricks, "best-card": _best_card}


def register_kind(kind: str, engine: Callable[[QuizItem], Answer],
                  normalise: Callable[[str], str], *, multi: bool = False,
                  keys: Sequence[str] = (),
                  draw: Callable[..., str | None] | None = None,
                  caption: Callable[[QuizItem], str] | None = None,
                  source: str = "") -> None:
    """Add a question kind (how the other rulesets bring their own questions).

    ``engine`` computes the :class:`Answer` of an item, ``normalise`` turns a
    choice or answer into its one canonical spelling (raising a
    :class:`~prefa.errors.PrefaError` for a bad one), ``multi`` says several
    answers may be right, and ``keys`` are the item keys the kind reads beyond
    the common ones.  ``draw(item, four_colour=False)`` (the position as SVG, or ``None``) and
    ``caption`` (the position in words, as HTML) are what
    :mod:`prefa.quiz_render` shows above the choices.  ``source`` names the
    seed a rules kind comes from (``"seed 000, Greek Prefa"``); it is added to
    every verdict's reason.  Registering the same kind twice replaces it.
    """
    global KINDS, _EXTRA_KEYS
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
    if kind not in KINDS:
        KINDS = KINDS + (kind,)
    _EXTRA_KEYS = _EXTRA_KEYS + tuple(k for k in keys
                                      if k not in QUIZ_KEYS and k not in _EXTRA_KEYS)


def check(item: QuizItem) -> Result:
    """The engine's answer to ``item``, whether the author agrees, and a verdict per choice.

    Raises :class:`ParseError` (with the item's line) when the position does
    not fit the question; any other :class:`PrefaError` the engine raises on
    the item (an illegal call or card in its record...) comes out as a
    ParseError with the item's line too.
    """
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


def _verdicts(item: QuizItem, ans: Answer) -> tuple[Verdict, ...]:
    """A verdict per choice of ``item``: the kind's own judge, else :func:`_other_choice`."""
    out = []
    for c in item.choices:
        if ans.per_choice is not None:
            ok, why = ans.per_choice(c)
        else:
            ok = c in ans.values
            why = ans.reason if ok else _other_choice(c, ans)
        if item.kind in RULE_SOURCE:
            why = f"{why.rstrip()} ({RULE_SOURCE[item.kind]}.)"
        out.append(Verdict(c, ok, signs(why)))
    return tuple(out)


def _other_choice(choice: str, ans: Answer) -> str:
    """Why a wrong ``choice`` fails, for a kind that has no judge of its own.

    A number is measured against the engine's (``+10 is 6 too many``); any
    other choice is named and set against the engine's answer and reason.
    """
    right = ans.values[0] if len(ans.values) == 1 else None
    if right is not None and re.fullmatch(r"[+-]?[0-9]+", choice) \
            and re.fullmatch(r"[+-]?[0-9]+", right):
        n, r = int(choice), int(right)
        if r != 0 and n == -r:
            return f"{choice} has the wrong sign: {ans.reason}"
        if r != 0 and n == 2 * r:
            return f"{choice} is twice the right figure: {ans.reason}"
        if n != 0 and 2 * n == r:
            return f"{choice} is half the right figure: {ans.reason}"
        return f"{choice} is {abs(n - r)} too {'high' if n > r else 'low'}: {ans.reason}"
    if right is None:
        return f"{card_text(choice)} is not among them: {ans.reason}"
    return f"Not {card_text(choice)} but {card_text(right)}: {ans.reason}"


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

    def to_json(self) -> dict:
        d = {"status": self.status, "id": self.id, "message": self.text, "line": self.line}
        if self.result is not None:
            d.update(self.result.to_json())
        return d


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
            lines.append(Line("agrees", item.id, f"{item.id}: agrees ({', '.join(r.engine)}{per})",
                              r, item.line))
            continue
        problems = []
        if set(r.engine) != set(item.answer):
            problems.append(f"author {', '.join(item.answer)}, engine "
                            f"{', '.join(r.engine) or '(none)'}: {r.reason}")
        for name, author, engine in r.disagreements:
            sr = r.schools.get(name)
            problems.append(f"school {name}: author {', '.join(author)}, engine "
                            f"{', '.join(engine) or '(none)'}: {sr.reason if sr else r.reason}")
        lines.append(Line("disagrees", item.id, f"{item.id}: disagrees: " + "; ".join(problems),
                          r, item.line))
    return lines


def report_json(lines: Sequence[Line]) -> str:
    """The ``--json`` form of a check report."""
    return json.dumps([ln.to_json() for ln in lines])


# The other rulesets register their kinds from their own ``quiz`` modules.
# A ruleset without a quiz module yet is skipped; one that is there and
# fails to import raises as usual.
import importlib as _importlib
import importlib.util as _importlib_util

for _name in ("greek", "russian", "vida", "priffe"):
    if (_importlib_util.find_spec(f"{__package__}.{_name}") is not None
            and _importlib_util.find_spec(f"{__package__}.{_name}.quiz") is not None):
        _importlib.import_module(f"{__package__}.{_name}.quiz")

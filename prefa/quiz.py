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

For every choice the engine gives a verdict and a reason: the rule, the
solver's trick count for that card, or the convention and its school.

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
from dataclasses import dataclass, field

from .balkan.auction import Call
from .balkan.contract import Contract, Game
from .balkan.defence import Decision
from .balkan.hand import BalkanHand, Phase
from .balkan.scoring import Sheet, score_change
from .cards import card_name, parse_card
from .errors import ParseError, PrefaError
from .play import trick_winner, why_illegal
from .record import KEYS, Record, _blocks, _parse_block, replay

QUIZ_KEYS = ("id", "kind", "question", "choices", "answer", "explain", "trick", "ask") + KEYS

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

    def to_json(self) -> dict:
        return {"id": self.item.id, "kind": self.item.kind, "agrees": self.agrees,
                "engine": list(self.engine), "author": list(self.item.answer),
                "reason": self.reason,
                "verdicts": [{"choice": v.choice, "correct": v.correct, "reason": v.reason}
                             for v in self.verdicts]}


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
    return QuizItem(rec.values["id"].strip(), kind, rec.values["question"], choices, answer,
                    rec.get("explain") or "", rec, first)


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
            item = parse_item(_parse_block(block, QUIZ_KEYS + _EXTRA_KEYS))
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
@dataclass(frozen=True)
class Answer:
    """What the engine says: its answer(s), the reason, and optionally a verdict per choice."""

    values: tuple[str, ...]
    reason: str
    per_choice: Callable[[str], tuple[bool, str]] | None = None


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
        if choice in legal:
            return True, f"{choice} is legal for seat {seat}."
        if c not in ps.hands[seat]:
            return False, f"Seat {seat} does not hold {choice}."
        return False, f"{choice} is not legal: {why_illegal(ps.hands[seat], ps.trick, ps.rules, seat)}."
    values = offered(legal, item)
    return Answer(values, f"Seat {seat} may play {' '.join(legal)}.", judge)


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
    w = card_name(cards[trick_winner(cards, rules)])
    led = cards[0] >> 4
    why = (f"{w} is the highest trump." if rules.trump is not None and parse_card(w) >> 4 == rules.trump
           and led != rules.trump else f"{w} is the highest card of the suit led.")
    return Answer((w,), why)


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
        return Answer(("refe",), "Everybody passed: nobody plays and refe is written.")
    if r.number is not None:
        return Answer((f"seat {r.winner} at {r.number}",),
                       f"Seat {r.winner} holds the highest number, {r.number}, and takes the talon.")
    if r.contract is None:
        return Answer((f"seat {r.winner} igra",), f"Seat {r.winner} said igra and nobody outbid it.")
    g = r.contract.game
    value = f"seat {r.winner} {g}" if g in (Game.BETL, Game.SANS, Game.PREFERANS) \
        else f"seat {r.winner} igra {g}"
    return Answer((value,), f"Seat {r.winner} has the highest game announced: {r.contract}.")


def _who_leads(item: QuizItem) -> Answer:
    hand = _position(item)
    if hand.phase is not Phase.PLAY or hand.play_state is None or hand.play_state.played:
        raise ParseError("who-leads needs a position at the start of the play", line=item.line)
    why = ("In sans the defender seated before the declarer leads through him."
           if hand.contract.game in (Game.SANS, Game.PREFERANS)
           else "The forehand leads when he plays, otherwise the next playing seat.")
    return Answer((f"seat {hand.leader}",), why)


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
        return Answer((str(amt),), f"Seat {w} writes {amt} supe against seat {a} "
                       f"(base {ch.base} per trick).")
    raise ParseError(f"bad ask {item.record.get('ask')!r}: expected 'declarer bule', "
                     "'bule SEAT' or 'supe WRITER AGAINST'", line=item.record.line("ask"))


def _convention(item: QuizItem) -> Answer:
    from .balkan.conventions.advise import advise_hand
    hand = _position(item)
    if hand.hands is None:
        raise ParseError(f"{item.kind} needs a 'deal': the conventions read the cards of the "
                         "seat to act", line=item.line)
    advice = advise_hand(hand)
    main = _action(advice.action)
    alt = {_action(a.action): school for school, a in advice.schools.items()}

    def judge(choice: str) -> tuple[bool, str]:
        if choice == main:
            return True, f"{advice.name}: {advice.reason}"
        if choice in alt:
            return False, (f"The {alt[choice]} school would say {choice}; our default is "
                           f"{main} ({advice.name}).")
        return False, f"The convention says {main}: {advice.reason}"
    return Answer((main,), f"{advice.name} [{advice.convention}]: {advice.reason}", judge)


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
    from .solver import card_table, wants_tricks
    _hand, pos = _solver_position(item)
    table = {card_name(c): n for c, n in card_table(pos).items()}
    seat = pos.to_move
    best_n = (max if wants_tricks(pos, seat) else min)(table.values())
    best = tuple(c for c, n in table.items() if n == best_n)

    def judge(choice: str) -> tuple[bool, str]:
        if choice not in table:
            return False, f"{choice} cannot be played now."
        n = table[choice]
        return n == best_n, (f"After {choice} the declarer takes {n} tricks with best play "
                             f"(the best for seat {seat} is {best_n}).")
    values = offered(best, item)
    return Answer(values, f"Best: {' '.join(best)} (declarer {best_n} tricks).", judge)


def _betl(item: QuizItem):
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
    return betl_leads(start, hand.declarer, hand.leader, ps.played), pos


def _betl_caught(item: QuizItem) -> Answer:
    an, _ = _betl(item)
    leads = " ".join(card_name(c) for c in an.leads)
    return Answer(("yes" if an.caught else "no",),
                   f"The betl is caught with best play (leads that catch it: {leads})."
                   if an.caught else "With best play the declarer takes no trick.")


def _betl_leads(item: QuizItem) -> Answer:
    an, _pos = _betl(item)
    good = [card_name(c) for c in an.leads]

    def judge(choice: str) -> tuple[bool, str]:
        if choice in good:
            return True, f"After {choice} the declarer cannot avoid a trick."
        return False, f"After {choice} the declarer can escape with best play."
    values = offered(good, item)
    return Answer(values, "Leads that catch the betl: " + (" ".join(good) or "none") + ".", judge)


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
                  caption: Callable[[QuizItem], str] | None = None) -> None:
    """Add a question kind (how the other rulesets bring their own questions).

    ``engine`` computes the :class:`Answer` of an item, ``normalise`` turns a
    choice or answer into its one canonical spelling (raising a
    :class:`~prefa.errors.PrefaError` for a bad one), ``multi`` says several
    answers may be right, and ``keys`` are the item keys the kind reads beyond
    the common ones.  ``draw(item, four_colour=False)`` (the position as SVG, or ``None``) and
    ``caption`` (the position in words, as HTML) are what
    :mod:`prefa.quiz_render` shows above the choices.  Registering the same
    kind twice replaces it.
    """
    global KINDS, _EXTRA_KEYS
    _ENGINE[kind] = engine
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
    engine = ans.values
    agrees = set(engine) == set(item.answer)
    verdicts = []
    for c in item.choices:
        if ans.per_choice is not None:
            ok, why = ans.per_choice(c)
        else:
            ok = c in engine
            why = ans.reason if ok else f"No: {ans.reason}"
        verdicts.append(Verdict(c, ok, why))
    return Result(item, engine, agrees, ans.reason, tuple(verdicts))


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
            lines.append(Line("agrees", item.id, f"{item.id}: agrees ({', '.join(r.engine)})", r,
                              item.line))
        else:
            lines.append(Line("disagrees", item.id,
                              f"{item.id}: disagrees: author {', '.join(item.answer)}, engine "
                              f"{', '.join(r.engine) or '(none)'}: {r.reason}", r, item.line))
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

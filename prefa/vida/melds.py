"""Melds (αέρα, *aera*) and the belote (μπουρλότ) of Vida (seed 002, RULES.md §4).

A meld is a combination a player holds when the cards are dealt:

===========================================  ======
meld                                         points
===========================================  ======
three cards in sequence in one suit (τρίτη)  20
four in sequence (τετάρτη)                   50
five in sequence (πέμπτη)                    100
four jacks (καρέ)                            200
four nines                                   150
four aces, tens, kings or queens             100
===========================================  ======

Sequences follow the natural order 7 8 9 T J Q K A, whatever the trump.
Four eights or four sevens are worth nothing.

**Only one team scores melds in a hand**: the team holding the best meld
scores all the melds its two players declared; the other team's melds are
lost.  Melds are compared by points; at equal points a four-of-a-kind
(καρέ, *kare*) beats a sequence; two fours of a kind go by the trump order
(A above T above K above Q); two sequences of the same length go by their
top card.  When the two best sequences are equal (same length, same top
card) the one in trumps wins, and if neither is in trumps neither team
scores melds.

The **belote** is the king and queen of trumps in one hand: 20 points,
announced as the first of the two is played, and it always counts for its
team, whatever melds the other team holds.

Decisions where the seed is silent: a run longer than five counts as one
meld of 100; a card may belong to a four-of-a-kind and a sequence at once;
the belote is scored apart from the melds, even when the king and queen are
also part of a sequence.

>>> from prefa.cards import CardSet, Suit
>>> find_melds(CardSet.parse("SJ HAKQJ DJ7 CJ"))
(Meld.parse('SJ HJ DJ CJ'), Meld.parse('HAKQJ'))
>>> a = [Meld.parse("S987"), Meld.parse("CKQJ")]        # team 0: two low tierces
>>> b = [Meld.parse("HAKQ")]                             # team 1: a higher tierce
>>> o = counted_melds([a, b, [], []], trump=Suit.DIAMONDS)
>>> o.winner, o.points
(1, (0, 20))
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import (
    ACE,
    EIGHT,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    TEN,
    CardSet,
    Suit,
    make_card,
    parse_cards,
)
from ..errors import ParseError
from ..handflow import check_text
from .teams import PLAYERS, team_of

BELOTE = 20
"""The belote: king and queen of trumps in one hand."""

CARRE_POINTS = {JACK: 200, NINE: 150, ACE: 100, TEN: 100, KING: 100, QUEEN: 100}
"""Four of a kind: the ranks that score, and how much."""

SEQUENCE_POINTS = {3: 20, 4: 50, 5: 100}
"""A sequence by its length (longer runs count as five)."""

_CARRE_ORDER = (JACK, NINE, ACE, TEN, KING, QUEEN)  # the trump order, for comparing carrés
_RANK_WORDS = {ACE: "aces", KING: "kings", QUEEN: "queens", JACK: "jacks", TEN: "tens",
               NINE: "nines", EIGHT: "eights", SEVEN: "sevens"}


class MeldKind(enum.Enum):
    """What sort of meld."""

    SEQUENCE = "sequence"
    CARRE = "carre"


@dataclass(frozen=True, slots=True)
class Meld:
    """One meld: a sequence in one suit or four cards of a rank.

    ``str`` names it; ``repr`` pastes back as code.

    >>> m = Meld.parse("HQKA"); str(m), m.points, m.top_name
    ('tierce ♥A K Q', 20, 'ace')
    >>> str(Meld.parse("SJ HJ DJ CJ")), Meld.parse("SJ HJ DJ CJ").points
    ('four jacks', 200)
    >>> Meld.parse("S8 H8 D8 C8")
    Traceback (most recent call last):
    ...
    prefa.errors.ParseError: bad meld 'S8 H8 D8 C8': four eights or four sevens are not a meld
    """

    cards: CardSet

    def __post_init__(self) -> None:
        _kind(self.cards, str(self.cards))

    @classmethod
    def parse(cls, text: str) -> Meld:
        """A meld from its cards: hand notation (``HAKQ``, ``SJ HJ DJ CJ``) or a
        list of cards (``QH KH AH``)."""
        text = check_text(text, "meld", "its cards such as 'HAKQ'")
        try:
            cards = CardSet.parse(text)
        except ParseError as e:
            try:
                cards = CardSet.of(parse_cards(text))
            except ParseError:
                raise ParseError(f"bad meld {text.strip()!r}: {e}") from None
        _kind(cards, text.strip())
        return cls(cards)

    @property
    def kind(self) -> MeldKind:
        return _kind(self.cards, str(self.cards))

    @property
    def rank(self) -> int:
        """The rank of a four-of-a-kind, or the top card's rank of a sequence."""
        return max(c & 15 for c in self.cards)

    @property
    def suit(self) -> Suit | None:
        """The suit of a sequence (``None`` for four of a kind)."""
        if self.kind is MeldKind.CARRE:
            return None
        return Suit(next(iter(self.cards)) >> 4)

    @property
    def points(self) -> int:
        if self.kind is MeldKind.CARRE:
            return CARRE_POINTS[self.rank]
        return SEQUENCE_POINTS[min(len(self.cards), 5)]

    @property
    def top_name(self) -> str:
        """The top card's rank in words (``ace``, ``ten``...)."""
        return _RANK_WORDS[self.rank][:-1] if self.rank != TEN else "ten"

    @property
    def name(self) -> str:
        """``tierce``, ``quarte``, ``quinte`` (or ``run of 6``...), ``four jacks``..."""
        if self.kind is MeldKind.CARRE:
            return f"four {_RANK_WORDS[self.rank]}"
        n = len(self.cards)
        return {3: "tierce", 4: "quarte", 5: "quinte"}.get(n, f"run of {n}")

    def key(self, trump: int) -> tuple[int, ...]:
        """A key ordering melds from worst to best, the trump breaking ties of sequences."""
        if self.kind is MeldKind.CARRE:
            return (self.points, 1, len(_CARRE_ORDER) - _CARRE_ORDER.index(self.rank), 0, 0)
        return (self.points, 0, len(self.cards), self.rank, int(self.suit == trump))

    def __str__(self) -> str:
        return self.name if self.kind is MeldKind.CARRE else f"{self.name} {self.cards.symbols()}"

    def __repr__(self) -> str:
        return f"Meld.parse({str(self.cards)!r})"


def _kind(cards: CardSet, text: str) -> MeldKind:
    cs = list(cards)
    ranks = {c & 15 for c in cs}
    suits = {c >> 4 for c in cs}
    if len(cs) == 4 and len(ranks) == 1:
        if ranks <= {EIGHT, SEVEN}:
            raise ParseError(f"bad meld {text!r}: four eights or four sevens are not a meld")
        if not ranks <= set(CARRE_POINTS):
            raise ParseError(f"bad meld {text!r}: four of a kind must be of 7 to A")
        return MeldKind.CARRE
    if len(cs) >= 3 and len(suits) == 1 and min(ranks) >= SEVEN \
            and max(ranks) - min(ranks) == len(cs) - 1:
        return MeldKind.SEQUENCE
    raise ParseError(f"bad meld {text!r}: expected three or more cards in sequence in one suit "
                     "(e.g. 'HAKQ') or four cards of a rank (e.g. 'SJ HJ DJ CJ')")


def find_melds(hand: CardSet) -> tuple[Meld, ...]:
    """Every meld in ``hand``: fours of a kind first (J 9 A T K Q), then each
    suit's longest runs (S H D C)."""
    out = []
    for r in _CARRE_ORDER:
        if all(make_card(s, r) in hand for s in range(4)):
            out.append(Meld(CardSet.of(make_card(s, r) for s in range(4))))
    for s in range(4):
        run: list[int] = []
        for r in range(ACE, SEVEN - 2, -1):  # one past the seven closes the last run
            if r >= SEVEN and make_card(s, r) in hand:
                run.append(make_card(s, r))
                continue
            if len(run) >= 3:
                out.append(Meld(CardSet.of(run)))
            run = []
    return tuple(out)


def belote_seat(hands: Sequence[CardSet], trump: int) -> int | None:
    """The seat holding both king and queen of trumps, if any (the belote).

    >>> from prefa.cards import CardSet, Suit
    >>> belote_seat([CardSet.parse("SKQ"), CardSet.parse("HK"), CardSet(), CardSet()], Suit.SPADES)
    0
    """
    kq = CardSet.of((make_card(trump, KING), make_card(trump, QUEEN)))
    for s, h in enumerate(hands):
        if (h & kq) == kq:
            return s
    return None


@dataclass(frozen=True, slots=True)
class MeldOutcome:
    """Which team scores its melds, and for how much.

    ``winner`` is the team whose melds count (``None``: nobody's);
    ``points[team]`` the meld points each team scores (one is always 0);
    ``counted`` the ``(seat, meld)`` pairs that count; ``reason`` in words.
    """

    winner: int | None
    points: tuple[int, int]
    counted: tuple[tuple[int, Meld], ...]
    reason: str

    @property
    def total(self) -> int:
        return sum(self.points)


def best_meld(melds: Sequence[Meld], trump: int) -> Meld | None:
    """The best of ``melds`` (``None`` for none)."""
    return max(melds, key=lambda m: m.key(trump), default=None)


def counted_melds(declared: Sequence[Sequence[Meld]], trump: int) -> MeldOutcome:
    """Which melds count, given each seat's declared melds (four lists, by seat).

    >>> from prefa.cards import Suit
    >>> t = Meld.parse("HAKQ"); u = Meld.parse("DAKQ")
    >>> counted_melds([[t], [u], [], []], Suit.HEARTS).points      # equal: the trump one wins
    (20, 0)
    >>> counted_melds([[t], [u], [], []], Suit.CLUBS).points       # equal, neither trump: none
    (0, 0)
    """
    if len(declared) != PLAYERS:
        raise ValueError(f"expected the melds of {PLAYERS} seats, got {len(declared)}")
    by_team: list[list[tuple[int, Meld]]] = [[], []]
    for seat, melds in enumerate(declared):
        for m in melds:
            by_team[team_of(seat)].append((seat, m))
    best = [best_meld([m for _, m in by_team[t]], trump) for t in (0, 1)]
    if best[0] is None and best[1] is None:
        return MeldOutcome(None, (0, 0), (), "Nobody declared a meld.")
    if best[1] is None or (best[0] is not None and best[0].key(trump) > best[1].key(trump)):
        winner = 0
    elif best[0] is None or best[1].key(trump) > best[0].key(trump):
        winner = 1
    else:
        return MeldOutcome(None, (0, 0), (), f"The best melds are equal ({best[0]} and "
                           f"{best[1]}) and neither is in trumps: no melds count.")
    loser_best = best[1 - winner]
    counted = tuple(by_team[winner])
    pts = sum(m.points for _, m in counted)
    points = (pts, 0) if winner == 0 else (0, pts)
    listed = ", ".join(f"{m} (seat {s}, {m.points})" for s, m in counted)
    if loser_best is None:
        why = f"Only team {winner} declared melds: {listed}."
    elif best[winner].points == loser_best.points and best[winner].kind == loser_best.kind \
            and best[winner].kind is MeldKind.SEQUENCE and best[winner].rank == loser_best.rank \
            and len(best[winner].cards) == len(loser_best.cards):
        why = (f"The best melds are equal and team {winner}'s {best[winner]} is in trumps, "
               f"so team {winner} scores {listed}.")
    else:
        why = (f"Team {winner}'s best meld ({best[winner]}) beats team {1 - winner}'s "
               f"({loser_best}), so team {winner} scores {listed}; team {1 - winner}'s melds "
               "are lost.")
    return MeldOutcome(winner, points, counted, why)


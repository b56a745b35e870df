"""Trick play shared by every ruleset: legal cards, trick winner, a hand
played card by card with undo.

The rules of play are data (:class:`PlayRules`); legality lives in one
function (:func:`legal_cards`) used by the play state, the command line, the
widgets, the quiz checker and the solver.

>>> from prefa.cards import CardSet, parse_card, Suit
>>> rules = PlayRules(trump=Suit.SPADES)
>>> hand = CardSet.parse("S7 HAK")
>>> str(legal_cards(hand, [parse_card("AD")], rules))   # void in diamonds: must trump
'S7'
>>> trick_winner([parse_card("AD"), parse_card("7S"), parse_card("KD")], rules)
1

A hand played card by card, with undo:

>>> p = TrickPlay.start([CardSet.parse("SA HK"), CardSet.parse("SK H7"), CardSet.parse("S7 HA")],
...                     leader=0, rules=PlayRules())
>>> p.play(parse_card("HK")); p.to_move
1
>>> p.play(parse_card("SK"))
Traceback (most recent call last):
...
prefa.errors.IllegalPlay: K♠: seat 1 must follow hearts (has ♥7)
>>> p.play(parse_card("H7")); p.play(parse_card("HA")); p.tricks[-1].winner
2
>>> p.undo()
28
>>> p.to_move, len(p.tricks)
(2, 0)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Sequence

from .cards import (SUIT_WORDS, Card, CardSet, Suit, card_name, card_suit, card_symbol,
                    check_card, check_cardset, check_trump)
from .deal import is_seat
from .errors import IllegalPlay, RuleOptionError
from .i18n import _


class Overtake(enum.Enum):
    """When a player following suit must beat the best card so far."""

    NEVER = "never"
    """No obligation to overtake (Balkan, Greek)."""
    TRUMP_LEAD = "trump-lead"
    """Only when trumps are led (Vida)."""
    ALWAYS = "always"
    """Whenever following suit (Russian preferans, by default)."""


@dataclass(frozen=True, slots=True)
class PlayRules:
    """The play-rule switches of a contract.

    - ``trump``: the trump suit, or ``None`` (sans, betl, misère, no-trumps).
    - ``must_trump``: a player void in the led suit must play a trump if he
      has one (all preferans games; not Priffe).
    - ``overtake``: see :class:`Overtake`.
    - ``must_overtrump``: a player who trumps must beat an earlier trump in
      the trick when he can (Russian, Vida).
    - ``trump_order`` / ``plain_order``: rank numbers from highest to lowest
      when the order is not A-high (Vida: trumps J 9 A T K Q 8 7, plain suits
      A T K Q J 9 8 7); ``None`` means A K Q J T 9 8 7 ...

    Every field is checked when the rules are made (a :class:`RuleOptionError`
    names a bad one): ``trump`` is a suit number 0-3 (kept as a
    :class:`~prefa.cards.Suit`), the switches are ``bool``, ``overtake`` an
    :class:`Overtake` (or its value, e.g. ``"always"``), an order a tuple
    of different rank numbers 0-12 (a list is kept as a tuple).

    >>> PlayRules(trump=7)
    Traceback (most recent call last):
    ...
    prefa.errors.RuleOptionError: bad trump 7: expected a suit (Suit.SPADES ... Suit.CLUBS, or 0-3) or None
    """

    trump: Suit | None = None
    must_trump: bool = True
    overtake: Overtake = Overtake.NEVER
    must_overtrump: bool = False
    trump_order: tuple[int, ...] | None = None
    plain_order: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "trump", check_trump(self.trump))
        for name in ("must_trump", "must_overtrump"):
            v = getattr(self, name)
            if not isinstance(v, bool):
                raise RuleOptionError(f"bad {name} {v!r}: expected True or False")
        if not isinstance(self.overtake, Overtake):
            try:
                object.__setattr__(self, "overtake", Overtake(self.overtake))
            except (ValueError, TypeError):
                raise RuleOptionError(f"bad overtake {self.overtake!r}: expected one of "
                                      + ", ".join(repr(o.value) for o in Overtake)) from None
        for name in ("trump_order", "plain_order"):
            order = getattr(self, name)
            if order is None:
                continue
            try:
                ranks = tuple(order)
            except TypeError:
                ranks = None
            if (ranks is None or not ranks or len(set(ranks)) != len(ranks)
                    or any(not isinstance(r, int) or isinstance(r, bool) or not 0 <= r <= 12
                           for r in ranks)):
                raise RuleOptionError(f"bad {name} {order!r}: expected different rank numbers "
                                      "0-12 from the highest to the lowest, e.g. (12, 8, 11)")
            object.__setattr__(self, name, ranks)

    def strength(self, card: Card) -> int:
        """A number ordering the cards of one suit (higher beats lower)."""
        rank = card & 15
        order = self.trump_order if (self.trump is not None and card >> 4 == self.trump) \
            else self.plain_order
        if order is None:
            return rank
        return len(order) - order.index(rank)

    def beats(self, card: Card, best: Card) -> bool:
        """True when ``card`` played later beats ``best`` (the trick's best so far)."""
        cs, bs = card >> 4, best >> 4
        if cs == bs:
            return self.strength(card) > self.strength(best)
        return self.trump is not None and cs == self.trump


def _best(trick: Sequence[Card], rules: PlayRules) -> int:
    """Index of the winning card of a (possibly incomplete) trick."""
    best = 0
    for i in range(1, len(trick)):
        if rules.beats(trick[i], trick[best]):
            best = i
    return best


def trick_winner(trick: Sequence[Card], rules: PlayRules) -> int:
    """Index (0 = the lead) of the card that wins ``trick``."""
    if not trick:
        raise ValueError("an empty trick has no winner")
    return _best(trick, rules)


def legal_cards(hand: CardSet, trick: Sequence[Card], rules: PlayRules) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` (cards so far, lead first).

    The one place that answers "is this card legal?".
    """
    if not trick:
        return hand
    led = trick[0] >> 4
    same = hand.suit(led)
    if same:
        if rules.overtake is Overtake.ALWAYS or (
                rules.overtake is Overtake.TRUMP_LEAD and led == rules.trump):
            best = trick[_best(trick, rules)]
            if best >> 4 == led:  # not trumped: must beat the best of the suit
                higher = CardSet.of(c for c in same if rules.strength(c) > rules.strength(best))
                if higher:
                    return higher
        return same
    if rules.trump is not None and rules.must_trump:
        trumps = hand.suit(rules.trump)
        if trumps:
            if rules.must_overtrump:
                best = trick[_best(trick, rules)]
                if best >> 4 == rules.trump:
                    higher = CardSet.of(c for c in trumps
                                        if rules.strength(c) > rules.strength(best))
                    if higher:
                        return higher
            return trumps
    return hand


def why_illegal(hand: CardSet, trick: Sequence[Card], rules: PlayRules, seat: int) -> str:
    """Why no card of ``hand`` outside :func:`legal_cards` may be played, in words."""
    led = card_suit(trick[0])
    same = hand.suit(led)
    legal = legal_cards(hand, trick, rules)
    suit = _(SUIT_WORDS[led])
    if same and legal == same:
        return _("seat {seat} must follow {suit} (has {cards})").format(
            seat=seat, suit=suit, cards=same.symbols())
    if same:
        return _("seat {seat} must follow {suit} with a higher card (has {cards})").format(
            seat=seat, suit=suit, cards=legal.symbols())
    return _("seat {seat} has no {suit} and must trump (has {cards})").format(
        seat=seat, suit=suit, cards=legal.symbols())


def check_play(card: Card, hand: CardSet | None, trick: Sequence[Card], rules: PlayRules,
               seat: int) -> None:
    """Raise :class:`IllegalPlay` naming ``card`` unless ``seat`` may play it now.

    ``hand`` is the seat's cards, or ``None`` when the hand is over.  The
    trick play state and the solver's positions both refuse cards here; a
    value that is no card at all (``99``, ``-1``, ``'AS'``) is refused by
    :func:`~prefa.cards.check_card`.
    """
    check_card(card)
    if hand is None:
        raise IllegalPlay(_("{card}: the hand is over, no card can be played").format(
            card=card_symbol(card)))
    if card not in hand:
        raise IllegalPlay(_("{card}: seat {seat} does not hold it (holds {cards})").format(
            card=card_symbol(card), seat=seat, cards=hand.symbols()))
    if card not in legal_cards(hand, trick, rules):
        raise IllegalPlay(_("{card}: {reason}").format(
            card=card_symbol(card), reason=why_illegal(hand, trick, rules, seat)))


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the cards in playing order, who won."""

    leader: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    winner: int

    def __str__(self) -> str:
        return " ".join(card_name(c) for c in self.cards)


@dataclass
class TrickPlay:
    """A hand being played: make/unmake moves with a stack, cheap to copy.

    ``hands[seat]`` are the cards still held; ``active`` the seats that play
    (a defender who sits out is left out: his tricks have two cards).
    """

    hands: list[CardSet]
    active: tuple[int, ...]
    rules: PlayRules
    leader: int
    trick: list[Card] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    won: list[int] = field(default_factory=list)
    _history: list[tuple[int, Card]] = field(default_factory=list, repr=False)

    @classmethod
    def start(cls, hands: Sequence[CardSet], leader: int, rules: PlayRules,
              active: Sequence[int] | None = None) -> "TrickPlay":
        """A new play from full hands; ``active`` defaults to every seat with cards."""
        hands = list(hands)
        for s, h in enumerate(hands):
            check_cardset(h, f"hand of seat {s}")
        if active is None:
            active = [s for s, h in enumerate(hands) if h]
        act = tuple(sorted(active))
        if any(not is_seat(s, len(hands)) for s in act) or len(set(act)) != len(act):
            raise IllegalPlay(f"bad playing seats {tuple(active)!r}: expected different seats "
                              f"from 0 to {len(hands) - 1}")
        if not isinstance(rules, PlayRules):
            raise IllegalPlay(f"bad rules {rules!r}: expected a PlayRules")
        if not is_seat(leader, len(hands)) or leader not in act:
            raise IllegalPlay(f"seat {leader!r} cannot lead: not playing (playing seats: "
                              f"{', '.join(map(str, act))})")
        return cls(hands, act, rules, leader, won=[0] * len(hands))

    def copy(self) -> "TrickPlay":
        """An independent copy (for widgets and analysis)."""
        return TrickPlay(list(self.hands), self.active, self.rules, self.leader,
                         list(self.trick), list(self.tricks), list(self.won),
                         list(self._history))

    # -- whose turn -----------------------------------------------------------
    def next_seat(self, seat: int) -> int:
        """The playing seat after ``seat``."""
        a = self.active
        return a[(a.index(seat) + 1) % len(a)]

    @property
    def to_move(self) -> int:
        """The seat to play next."""
        s = self.leader
        for _ in self.trick:
            s = self.next_seat(s)
        return s

    def is_over(self) -> bool:
        """True when every playing seat has played all its cards."""
        return not self.trick and not any(self.hands[s] for s in self.active)

    def legal_moves(self) -> CardSet:
        """The cards the seat to move may play (empty when the hand is over)."""
        if self.is_over():
            return CardSet()
        return legal_cards(self.hands[self.to_move], self.trick, self.rules)

    # -- make / unmake ----------------------------------------------------------
    def play(self, card: Card) -> None:
        """Play ``card`` for the seat to move; an illegal card raises
        :class:`~prefa.errors.IllegalPlay` and changes nothing."""
        seat = self.to_move
        check_play(card, self.hands[seat] if not self.is_over() else None, self.trick,
                   self.rules, seat)
        hand = self.hands[seat]
        self.hands[seat] = hand.remove(card)
        self.trick.append(card)
        self._history.append((seat, card))
        if len(self.trick) == len(self.active):
            w = trick_winner(self.trick, self.rules)
            seats = [self.leader]
            for _ in range(len(self.trick) - 1):
                seats.append(self.next_seat(seats[-1]))
            winner = seats[w]
            self.tricks.append(Trick(self.leader, tuple(self.trick), tuple(seats), winner))
            self.won[winner] += 1
            self.trick = []
            self.leader = winner

    def undo(self) -> Card:
        """Take back the last card played and return it."""
        if not self._history:
            raise IllegalPlay("nothing to undo: no card has been played")
        seat, card = self._history.pop()
        if not self.trick:
            t = self.tricks.pop()
            self.won[t.winner] -= 1
            self.leader = t.leader
            self.trick = list(t.cards)
        self.trick.pop()
        self.hands[seat] = self.hands[seat].add(card)
        return card

    @property
    def played(self) -> list[Card]:
        """Every card played so far, in order."""
        return [c for _, c in self._history]


"""Dealing in Russian preferans: who deals first, the 2-talon-2-2-2-2 pattern.

Seed 004: the 32-card piquet deck (*пикетная колода*, A K Q J 10 9 8 7 in
each suit).  The player who draws the lowest card deals first; the deal then
passes clockwise, one seat at a time.  The dealer gives two cards to each
player in turn, starting with the eldest hand (the seat after him), then two
cards face down to the middle: the talon (*прикуп*, prikup); then two cards
to each player four more times, until each holds ten.  In Gusarik (*гусарик*,
four players) the dealer deals to the other three and sits the hand out.

Seats are numbered in playing order (RULES.md §0): play goes clockwise in
the Russian game, so seat ``i + 1`` sits on the left of seat ``i``.

>>> d = russian_deal(7)
>>> [len(h) for h in d.hands], len(d.talon)
([10, 10, 10], 2)
>>> str(russian_deal(7, players=4, dealer=1)).split(" / ")[1]
'-'
>>> first_dealer([parse_card("9H"), parse_card("7C"), parse_card("KS")])
1
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, check_deck, deck, parse_card  # noqa: F401  (parse_card: doctests)
from ..deal import Deal, Pattern, deal_cards, random_deal
from ..errors import IllegalAction
from ..handflow import check_dealer

RUSSIAN_PATTERN: Pattern = (("hands", 2), ("talon", 2), ("hands", 2), ("hands", 2),
                            ("hands", 2), ("hands", 2))
"""Two to each, two to the talon, then two to each four times (seed 004)."""

_BID_SUIT_ORDER = {0: 0, 3: 1, 2: 2, 1: 3}
"""cards.Suit -> place in the bidding order (spades, clubs, diamonds, hearts)."""


def russian_deal(seed: int, *, players: int = 3, dealer: int | None = None) -> Deal:
    """A reproducible random deal dealt 2-talon-2-2-2-2, starting left of the dealer.

    With four players the dealer (default: the last seat) gets ``-``.
    """
    return random_deal(seed, players=players, dealer=dealer, pattern=RUSSIAN_PATTERN)


def deal_in_order(cards: Sequence[Card], *, players: int = 3, dealer: int | None = None) -> Deal:
    """Deal a deck whose cards come in ``cards`` order (top card first).

    >>> from prefa.cards import deck
    >>> d = deal_in_order(sorted(deck()))
    >>> str(d.hands[0]), str(d.talon)
    ('S87 HAK87 DQJ CT9', 'SAK')
    """
    _check_players(players)
    check_deck(list(cards), 32)
    if sorted(cards) != sorted(deck()):
        raise IllegalAction("a Russian deal uses the 32 cards of the piquet deck, each once")
    if dealer is None:
        dealer = players - 1
    check_dealer(dealer, players)
    receivers = [(dealer + 1 + i) % players for i in range(players)]
    if players == 4:
        receivers = receivers[:3]
    return deal_cards(list(cards), receivers, players, RUSSIAN_PATTERN)


def first_dealer(draws: Sequence[Card]) -> int:
    """The seat that deals first: the one who drew the lowest card.

    Ranks decide (7 lowest ... A highest); between equal ranks the suit
    lower in the bidding order (spades, clubs, diamonds, hearts) counts as
    lower (our decision: the seed is silent on ties).

    >>> first_dealer([parse_card("7H"), parse_card("7S"), parse_card("AC")])
    1
    """
    if len(set(draws)) != len(draws) or not draws:
        raise IllegalAction("each player draws one different card")
    check_deck(list(draws), 32, "drawn card")
    return min(range(len(draws)),
               key=lambda i: (draws[i] & 15, _BID_SUIT_ORDER[draws[i] >> 4]))


def next_dealer(dealer: int, players: int = 3) -> int:
    """The next dealer: the deal passes clockwise, to the dealer's left.

    >>> next_dealer(2), next_dealer(2, players=4)
    (0, 3)
    """
    _check_players(players)
    check_dealer(dealer, players)
    return (dealer + 1) % players


def eldest_hand(dealer: int, players: int = 3) -> int:
    """The eldest hand (*первая рука*): the seat on the dealer's left, who bids and leads first."""
    _check_players(players)
    check_dealer(dealer, players)
    return (dealer + 1) % players


def _check_players(players: object) -> None:
    if players not in (3, 4) or isinstance(players, bool) or type(players) is not int:
        raise IllegalAction(f"bad number of players {players!r}: expected 3 or 4")


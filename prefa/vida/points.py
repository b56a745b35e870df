"""Card points and the order of the cards in Vida (seed 002, RULES.md §4).

In the trump suit (κόζι, *kozi*) the jack and the nine rise to the top:

=====  ===================  ==================
rank   trump suit (order)   plain suit (order)
=====  ===================  ==================
J      20 (1st)             2 (5th)
9      14 (2nd)             0 (6th)
A      11 (3rd)             11 (1st)
T      10 (4th)             10 (2nd)
K      4 (5th)              4 (3rd)
Q      3 (6th)              3 (4th)
8      0 (7th)              0 (7th)
7      0 (8th)              0 (8th)
=====  ===================  ==================

The cards hold 152 points (62 in the trump suit, 30 in each plain suit),
and the team that wins the last trick adds 10: every hand is worth
:data:`HAND_POINTS` = 162 (melds come on top, see :mod:`prefa.vida.melds`).

>>> from prefa.cards import Suit, parse_card, parse_cards, deck
>>> card_points(parse_card("JH"), Suit.HEARTS), card_points(parse_card("JS"), Suit.HEARTS)
(20, 2)
>>> pile_points(deck(), Suit.CLUBS)
152
>>> pile_points(parse_cards("AS TS 9C KD"), Suit.CLUBS)       # 11 + 10 + 14 + 4
39
>>> pile_points(parse_cards("AS TS 9C KD"), Suit.CLUBS, last_trick=True)
49
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import ACE, EIGHT, JACK, KING, NINE, QUEEN, SEVEN, TEN, Card, CardSet, Suit, card_name, card_symbol
from ..play import Overtake, PlayRules, legal_cards, trick_winner

TRUMP_ORDER = (JACK, NINE, ACE, TEN, KING, QUEEN, EIGHT, SEVEN)
"""The trump suit from highest to lowest: J 9 A T K Q 8 7."""

PLAIN_ORDER = (ACE, TEN, KING, QUEEN, JACK, NINE, EIGHT, SEVEN)
"""A plain suit from highest to lowest: A T K Q J 9 8 7."""

TRUMP_POINTS = {JACK: 20, NINE: 14, ACE: 11, TEN: 10, KING: 4, QUEEN: 3, EIGHT: 0, SEVEN: 0}
"""Points of each rank in the trump suit."""

PLAIN_POINTS = {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2, NINE: 0, EIGHT: 0, SEVEN: 0}
"""Points of each rank in a plain suit."""

LAST_TRICK = 10
"""The bonus for the team that wins the eighth trick."""

CARD_POINTS = 152
"""The points of all 32 cards."""

HAND_POINTS = CARD_POINTS + LAST_TRICK
"""What the tricks of one hand are worth: 162."""


def card_points(card: Card, trump: int) -> int:
    """The points of ``card`` when ``trump`` is the trump suit."""
    table = TRUMP_POINTS if card >> 4 == trump else PLAIN_POINTS
    return table[card & 15]


def pile_points(cards: Iterable[Card], trump: int, *, last_trick: bool = False) -> int:
    """The points of a trick or a pile of tricks, with 10 more for the last trick."""
    return sum(card_points(c, trump) for c in cards) + (LAST_TRICK if last_trick else 0)


def play_rules(trump: int) -> PlayRules:
    """The rules of play of a Vida hand with ``trump`` as trumps.

    Follow suit; when trumps are led, beat the best trump if you can; when
    you cannot follow, you must trump, and beat an earlier trump if you can
    (otherwise play a lower trump); with no trump, any card.  Whether the
    partner is winning the trick changes nothing (seed 002).

    >>> from prefa.cards import CardSet, Suit, parse_cards
    >>> r = play_rules(Suit.SPADES)
    >>> str(legal_cards(CardSet.parse("SJ87 HA"), parse_cards("9S"), r))   # beat the nine
    'SJ'
    """
    return PlayRules(trump=trump, must_trump=True, overtake=Overtake.TRUMP_LEAD,
                     must_overtrump=True, trump_order=TRUMP_ORDER, plain_order=PLAIN_ORDER)



def play_reason(hand: CardSet, trick: Sequence[Card], trump: int) -> str:
    """Which rule of play limits ``hand`` now, in words (the legal cards
    themselves come from :func:`~prefa.play.legal_cards`).

    >>> from prefa.cards import CardSet, Suit, parse_cards
    >>> play_reason(CardSet.parse("SA8 DK"), parse_cards("AH QS"), Suit.SPADES)
    'no hearts: you must trump, and over-trump the Q♠ if you can (A♠)'
    >>> play_reason(CardSet.parse("SA8 DK"), parse_cards("AH 9S"), Suit.SPADES)
    'no hearts: you must trump; nothing beats the 9♠, so any trump'
    """
    rules = play_rules(trump)
    legal = legal_cards(hand, trick, rules)
    if not trick:
        return "you lead: any card"
    led = trick[0] >> 4
    led_word = Suit(led).name.lower()
    win = trick_winner(trick, rules)
    best = trick[win]
    mate = " (your partner is winning, but that changes nothing)" \
        if win == len(trick) - 2 else ""
    beaters = [c for c in legal if rules.beats(c, best)]
    names = " ".join(card_symbol(c) for c in legal)
    if hand.suit(led):
        if led == trump:
            if not beaters:
                return (f"trumps were led: follow with a trump (none beats the "
                        f"{card_symbol(best)}, so any trump)")
            return f"trumps were led: you must beat the {card_symbol(best)} if you can ({names})"
        return f"follow {led_word}; you need not beat the {card_symbol(best)}"
    if hand.suit(trump):
        if best >> 4 == trump:
            if not beaters:
                return (f"no {led_word}: you must trump; nothing beats the {card_symbol(best)}, "
                        f"so any trump{mate}")
            return (f"no {led_word}: you must trump, and over-trump the {card_symbol(best)} "
                    f"if you can ({names}){mate}")
        return f"no {led_word}: you must trump{mate}"
    return f"no {led_word} and no trump: any card"


__all__ = [
    "CARD_POINTS",
    "HAND_POINTS",
    "LAST_TRICK",
    "PLAIN_ORDER",
    "PLAIN_POINTS",
    "TRUMP_ORDER",
    "TRUMP_POINTS",
    "card_points",
    "legal_cards",
    "pile_points",
    "play_reason",
    "play_rules",
]

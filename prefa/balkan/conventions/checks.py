"""The hands the conventions accept, checked in one place.

The conventions are written for the three-hand games of the 32-card deck
(ten cards to each player, two in the talon).  Their entry points refuse a
hand they were not written for, with a message that names it:

- a hand that is not a :class:`~prefa.cards.CardSet`, or holds a card
  outside the 32-card deck (a 2 to 6: :func:`~prefa.cards.check_deck`),
  wherever a hand is taken;
- a hand of other than ten cards where the convention judges a full hand:
  the evaluation and bidding functions (before the talon is taken), the
  opening lead (:class:`~prefa.balkan.conventions.leads.LeadSituation`,
  :func:`~prefa.balkan.conventions.leads.betl_lead`) and the whist decisions
  (:class:`~prefa.balkan.conventions.whist.WhistSituation`).  The card-play
  conventions (discards, following, the betl defence after the lead) take
  the cards still held, any number.

>>> from prefa.cards import CardSet
>>> full_hand(CardSet.parse("SAK7 HKQ DJ87 C97"))
CardSet.parse('SAK7 HKQ DJ87 C97')
>>> full_hand(CardSet.parse("SAK7 HKQ DJ87 C9"))
Traceback (most recent call last):
...
prefa.errors.IllegalAction: hand 'SAK7 HKQ DJ87 C9' has 9 cards: expected a full hand of 10
>>> full_hand(CardSet.parse("SAK7 HKQ DJ87 C96"))
Traceback (most recent call last):
...
prefa.errors.ParseError: card 6C is not in the 32-card deck (ranks A K Q J T 9 8 7)
"""

from __future__ import annotations

from ...cards import CardSet, check_cardset, check_deck, check_trump
from ...errors import IllegalAction

HAND_SIZE = 10
"""Cards in a full hand of the three-hand games."""


def cards_held(hand: object, what: str = "hand") -> CardSet:
    """``hand`` itself when it is a :class:`CardSet` of the 32-card deck (any
    number of cards), else a :class:`~prefa.errors.PrefaError` naming it."""
    check_deck(check_cardset(hand, what), 32)
    return hand  # type: ignore[return-value]


def full_hand(hand: object, what: str = "hand") -> CardSet:
    """``hand`` itself when it is ten cards of the 32-card deck, else a
    :class:`~prefa.errors.PrefaError` naming it and what was expected."""
    h = cards_held(hand, what)
    if len(h) != HAND_SIZE:
        raise IllegalAction(f"{what} {str(h)!r} has {len(h)} cards: expected a full hand "
                            f"of {HAND_SIZE}")
    return h


def check_play_input(hand: object, trick: object) -> None:
    """Refuse a hand or a trick of the card-play conventions holding a value
    that is no card of the 32-card deck."""
    cards_held(hand)
    if isinstance(trick, str):
        raise IllegalAction(f"bad trick {trick!r}: expected a list of cards, "
                            "e.g. parse_cards('KH 7H')")
    check_deck(list(trick), 32, "card in the trick")  # type: ignore[call-overload]


__all__ = ["HAND_SIZE", "cards_held", "check_play_input", "check_trump", "full_hand"]

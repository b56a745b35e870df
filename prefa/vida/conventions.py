"""The bidding conventions of Vida that seed 002 teaches, as small pure functions.

A call tells the partner something.  The conventions (RULES.md §4):

- **Opening** in a suit promises a good suit: at least three cards of it
  with its jack or its nine (the two top trumps), and an ace in another
  suit (a *side ace*, ξώφυλλος άσσος).
  *Single opening* (80, or 90 over an opponent's 80) = the suit lacks one of
  the jack and the nine.  *Double opening* (100) = it holds both.
- **Partner opened single**: with the missing top trump (the jack or nine
  of his suit) raise his suit 10 above the current bid; with it and a side
  ace, 20 above.  A side ace without the top trump is not enough: pass.
  Later, if the opponents have taken the bid, show that side ace by
  raising partner's suit 10 (the seed's Δ, who passed and then said 120).
- **Partner opened double**: raise his suit 10 for every side ace.
- Otherwise pass.  The seed teaches nothing for vida: that is judgement.

Decisions where the seed is loose: a side ace is needed for any opening;
new-suit openings stop at the levels the seed shows (single at 80 or 90,
double at 100), because higher up "two or three lost tricks sink the bid";
a player whose partner has opened answers partner before thinking of a suit
of his own; and the player who opened makes no further conventional bid.

The seed's auction, replayed with hands that fit it (A deals; B, Γ, Δ, A
are seats 1, 2, 3, 0):

>>> from prefa.cards import CardSet
>>> hands = [CardSet.parse(h) for h in ("SAQJ9 DJ8 C98", "S87 DAT CKJT7",
...          "HKJ97 DKQ7 CA", "SKT HAQT8 D9 CQ")]
>>> a = Auction(dealer=0)
>>> while not a.is_over:
...     a.call(advise(hands[a.to_call], a).call)
>>> str(a)
'80 clubs, 100 hearts, pass, 110 hearts, pass, pass, 120 clubs, pass, pass, pass'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import ACE, JACK, NINE, CardSet, card_name, make_card, signs
from .auction import PASS, Auction, Call, CallKind, suit_word
from .points import card_points
from .teams import partner

SINGLE_LEVELS = (80, 90)
"""Where a single opening may be made: 80 first, 90 over an opponent's 80."""

DOUBLE_LEVEL = 100
"""The double opening."""


@dataclass(frozen=True, slots=True)
class Advice:
    """A call the conventions advise, the convention's name and the reason."""

    call: Call
    name: str
    reason: str

    def __post_init__(self) -> None:
        # the reason is read by a learner: cards with their suit signs (J♣, not JC)
        object.__setattr__(self, "reason", signs(self.reason))

    def __str__(self) -> str:
        return f"{self.call} — {self.name}: {self.reason}"


def top_trumps(hand: CardSet, suit: int) -> list[str]:
    """The jack and nine of ``suit`` held, by name (``['JC']``)."""
    return [card_name(make_card(suit, r)) for r in (JACK, NINE) if make_card(suit, r) in hand]


def side_aces(hand: CardSet, suit: int) -> list[str]:
    """The aces held outside ``suit``.

    >>> side_aces(CardSet.parse("SA HA D7 CA"), 1)
    ['AS', 'AC']
    """
    return [card_name(make_card(s, ACE)) for s in range(4)
            if s != suit and make_card(s, ACE) in hand]


def opening_suits(hand: CardSet) -> list[tuple[int, bool]]:
    """The suits the hand may open, best first, as ``(suit, double)``.

    A suit qualifies with three or more cards including its jack or nine,
    and an ace elsewhere; ``double`` when it holds both the jack and the nine.

    >>> opening_suits(CardSet.parse("SJ87 HA D8 CJ97"))
    [(3, True), (0, False)]
    """
    out = []
    for s in range(4):
        tops = top_trumps(hand, s)
        if hand.count(s) >= 3 and tops and side_aces(hand, s):
            out.append((s, len(tops) == 2))

    def strength(x: tuple[int, bool]) -> tuple:
        s, double = x
        return (double, hand.count(s), sum(card_points(c, s) for c in hand.suit(s)), -s)
    return sorted(out, key=strength, reverse=True)


def opening(hand: CardSet, current: int | None = None) -> Advice | None:
    """The conventional opening over ``current`` (the highest bid, or ``None``).

    >>> print(opening(CardSet.parse("SJ87 HA D8 C987")))
    80 spades — single opening: three or more spades with J♠ but not the nine; side ace A♥.
    >>> print(opening(CardSet.parse("SJ87 HA D8 C987"), current=80).call)
    90 spades
    >>> print(opening(CardSet.parse("SJ87 HA D8 C987"), current=90))
    None
    >>> print(opening(CardSet.parse("SJ97 HA D8 C987"), current=90).call)
    100 spades
    """
    for s, double in opening_suits(hand):
        tops = top_trumps(hand, s)
        aces = " ".join(side_aces(hand, s))
        if double and (current is None or current < DOUBLE_LEVEL):
            return Advice(Call.bid(DOUBLE_LEVEL, s), "double opening",
                          f"{hand.count(s)} {suit_word(s)} with both top trumps "
                          f"({' '.join(tops)}); side ace {aces}.")
        level = SINGLE_LEVELS[0] if current is None else current + 10
        if not double and level in SINGLE_LEVELS:
            missing = "nine" if tops == [card_name(make_card(s, JACK))] else "jack"
            return Advice(Call.bid(level, s), "single opening",
                          f"three or more {suit_word(s)} with {tops[0]} but not the "
                          f"{missing}; side ace {aces}.")
    return None


def answer_single(hand: CardSet, suit: int, current: int) -> Advice:
    """Partner opened single in ``suit``; the highest bid is ``current``.

    >>> a = answer_single(CardSet.parse("S9 HA D87 CKQT"), 0, 90)
    >>> print(a.call, "|", a.name)
    110 spades | raise with the top trump and a side ace
    >>> a.reason
    "9♠ completes partner's top trumps; side ace A♥: 20 above 90."
    """
    tops = top_trumps(hand, suit)
    aces = side_aces(hand, suit)
    name = suit_word(suit)
    if tops and aces:
        return Advice(Call.bid(current + 20, suit), "raise with the top trump and a side ace",
                      f"{tops[0]} completes partner's top trumps; side ace {' '.join(aces)}: "
                      f"20 above {current}.")
    if tops:
        return Advice(Call.bid(current + 10, suit), "raise with the top trump",
                      f"{tops[0]} completes partner's top trumps: 10 above {current}.")
    if aces:
        return Advice(PASS, "no top trump",
                      f"a side ace ({' '.join(aces)}) without the jack or nine of {name} "
                      "is not enough to raise a single opening.")
    return Advice(PASS, "no top trump", f"no jack or nine of {name} to add to partner's "
                  "single opening.")


def answer_double(hand: CardSet, suit: int, current: int) -> Advice:
    """Partner opened double in ``suit``: 10 above ``current`` for each side ace.

    >>> print(answer_double(CardSet.parse("SA HA D87 CKQ"), 3, 100).call)
    120 clubs
    """
    aces = side_aces(hand, suit)
    if not aces:
        return Advice(PASS, "no side ace", f"partner has both top trumps; with no ace outside "
                      f"{suit_word(suit)} there is nothing to add.")
    return Advice(Call.bid(current + 10 * len(aces), suit), "side aces over a double opening",
                  f"{len(aces)} side ace{'s' if len(aces) > 1 else ''} "
                  f"({' '.join(aces)}): 10 each above {current}.")


def advise(hand: CardSet, auction: Auction) -> Advice:
    """The conventional call for the seat to call in ``auction``, holding ``hand``."""
    seat = auction.to_call
    if seat is None:
        raise ValueError("the auction is over: nobody is to call")
    if auction.vidas:
        return Advice(PASS, "no convention", "the Greek Vida rules teach no convention for vida and "
                      "kontra-vida: that is the players' judgement.")
    calls = auction.calls
    high = auction.high
    current = None if high is None else high[1].number
    mate = partner(seat)
    mine = [i for i, (s, c) in enumerate(calls) if s == seat and c.kind is CallKind.BID]
    theirs = [i for i, (s, c) in enumerate(calls) if s == mate and c.kind is CallKind.BID]
    if theirs and (not mine or theirs[0] < mine[0]):
        i = theirs[0]
        bid = calls[i][1]
        suit, double = bid.suit, bid.number >= DOUBLE_LEVEL
        assert current is not None
        spoken = [c for s, c in calls[i + 1:] if s == seat]
        if not spoken:
            return (answer_double if double else answer_single)(hand, suit, current)
        shown = any(c.kind is CallKind.BID for c in spoken)
        aces = side_aces(hand, suit)
        if not double and not shown and aces and not top_trumps(hand, suit) \
                and high is not None and high[0] not in (seat, mate):
            return Advice(Call.bid(current + 10, suit), "show the side ace",
                          f"the opponents hold the bid; raising partner's {suit_word(suit)} "
                          f"10 tells him of the side ace {' '.join(aces)}.")
        return Advice(PASS, "nothing more to show", "you have already answered partner's "
                      "opening.")
    if mine:
        return Advice(PASS, "nothing more to show", "you have opened; the conventions "
                      "teach no further bid.")
    adv = opening(hand, current)
    if adv is not None:
        return adv
    return Advice(PASS, "no opening", "no suit of three or more with its jack or nine "
                  "and a side ace, at a level the conventions open.")

"""What the bids promise (seed 003, Werner & Sandgren's honour tricks), and
advice: which bid a hand should make.

The seed gives the meaning of each bid made by the **first hand of a team**
(the first of the two partners to bid: seats 0 and 1 when seat 3 deals);
honour tricks (ht) are counted with :mod:`~prefa.priffe.honours`:

==========  ==========================================================  =======
bid         promises (first hand of the team)                           ht
==========  ==========================================================  =======
play        five honour tricks or more, with stops                      5+
noll        cards good for noll, weak in hearts and diamonds            2 to 3
hearts      five hearts or more; good enough for noll                   2½+
diamonds    five diamonds or more, a stop in hearts; good for noll      2½+
spades      information: stops in three suits; strong invitation to     4 to 4½
            play without trumps
clubs       information: stops in three suits; invitation to play       2½ to 3½
            without trumps, but the hand can also play noll
pass        none of these, or content with the bids so far
==========  ==========================================================  =======

Measures (our definitions, where the seed names a quality without one):

- a **stop** in a suit: the ace, the king with another card, the queen with
  two others, or the jack with three others;
- **good for noll**: a low card (2 to 6) in every suit held;
- **weak in hearts and diamonds**: no honour trick in hearts and at most ½
  in diamonds;
- a range "a to b" honour tricks takes in b+ (b and a quarter), so that a
  hand of 4½+ ht, too weak for play, still bids spades.

Our decisions for the advice:

- a hand that fits several bids takes the first of: play, spades, hearts,
  diamonds, noll, clubs (the strong invitation before the suit bids, the
  suit bids before noll); a bid not higher than the bids so far is skipped;
- the second hand of a team answers its partner: after *spades* (4 to 4½
  ht) it bids *play* with 1 ht or more (together five); after *clubs* (2½
  to 3½) *play* with 2½ or more, else *noll* with a hand good for noll;
  after *hearts* or *diamonds* it bids *noll* with at most 1 ht and a hand
  good for noll (the partner promised he can play noll), *play* with five
  honour tricks and stops; after *noll* or a pass it bids as a first hand
  would, but never takes the partner's noll out except to *play*;
- only the first hand of a team makes the information bids (the seed says
  so): a second hand never bids clubs or spades, since its partner has no
  turn left to answer.

>>> from prefa.cards import CardSet
>>> hand = CardSet.parse("SAK74 HAQ3 DKJ5 C862")
>>> print(advise_bid(hand, []))
spades — Spades: invitation to play: 4+ ht (♠ A K = 2; ♥ A Q = 1½; ♦ K J x = ½+), stops in ♠ ♥ ♦: spades shows 4 to 4½ honour tricks with stops in three suits and invites partner to bid play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..advice import Advice
from ..cards import ACE, JACK, KING, QUEEN, CardSet, Suit
from .auction import Bid
from .honours import honour_tricks, honour_tricks_words, ht_text, suit_honour_tricks


# -- measures of a hand ----------------------------------------------------------------------
def is_stopped(hand: CardSet, suit: int) -> bool:
    """True when ``hand`` stops ``suit``: A, K x, Q x x or J x x x.

    >>> h = CardSet.parse("SA HK2 DQ32 CJ432")
    >>> [is_stopped(h, s) for s in Suit]
    [True, True, True, True]
    >>> [is_stopped(CardSet.parse("SK HQ2 DJ32 C5432"), s) for s in Suit]
    [False, False, False, False]
    """
    ranks = hand.ranks(suit)
    n = len(ranks)
    return (ACE in ranks or (KING in ranks and n >= 2) or (QUEEN in ranks and n >= 3)
            or (JACK in ranks and n >= 4))


def stops(hand: CardSet) -> tuple[Suit, ...]:
    """The suits ``hand`` stops."""
    return tuple(s for s in Suit if is_stopped(hand, s))


def noll_fit(hand: CardSet) -> bool:
    """True when every suit held has a low card (2 to 6) to play under the others.

    >>> noll_fit(CardSet.parse("SA32 HK4 DQ652 C9843")), noll_fit(CardSet.parse("SA HK4 DQ6 C9"))
    (True, False)
    """
    return all(any(r <= 4 for r in hand.ranks(s)) for s in Suit if hand.has_suit(s))


def weak_in_red(hand: CardSet) -> bool:
    """No honour trick in hearts and at most ½ in diamonds."""
    return (suit_honour_tricks(hand.ranks(Suit.HEARTS))[0] == 0
            and suit_honour_tricks(hand.ranks(Suit.DIAMONDS))[0] <= 2)


@dataclass(frozen=True, slots=True)
class HandProfile:
    """What the conventions look at in a hand."""

    ht: int
    """Honour tricks, in quarters."""
    stops: tuple[Suit, ...]
    hearts: int
    diamonds: int
    noll_fit: bool
    weak_in_red: bool
    ht_words: str

    @classmethod
    def of(cls, hand: CardSet) -> HandProfile:
        return cls(honour_tricks(hand), stops(hand), hand.count(Suit.HEARTS),
                   hand.count(Suit.DIAMONDS), noll_fit(hand), weak_in_red(hand),
                   honour_tricks_words(hand, total=False) or "no honour tricks")

    def stops_text(self) -> str:
        return " ".join(s.symbol for s in self.stops) or "none"


# -- the meanings, as data -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BidMeaning:
    """What a bid by the first hand of a team promises."""

    bid: Bid
    name: str
    promise: str
    fits: Callable[[HandProfile], bool]


Q = 4  # quarters in one honour trick

MEANINGS: tuple[BidMeaning, ...] = (
    BidMeaning(Bid.PLAY, "Play", "five honour tricks or more with stops in three suits",
               lambda p: p.ht >= 5 * Q and len(p.stops) >= 3),
    BidMeaning(Bid.SPADES, "Spades: invitation to play",
               "4 to 4½ honour tricks with stops in three suits and invites partner to bid play",
               lambda p: 4 * Q <= p.ht <= 4 * Q + 3 and len(p.stops) >= 3),
    BidMeaning(Bid.HEARTS, "Hearts", "2½ honour tricks or more, five hearts or more, and a hand "
               "that can also play noll",
               lambda p: p.ht >= 2 * Q + 2 and p.hearts >= 5 and p.noll_fit),
    BidMeaning(Bid.DIAMONDS, "Diamonds", "2½ honour tricks or more, five diamonds or more, a "
               "stop in hearts, and a hand that can also play noll",
               lambda p: p.ht >= 2 * Q + 2 and p.diamonds >= 5 and Suit.HEARTS in p.stops
               and p.noll_fit),
    BidMeaning(Bid.NOLL, "Noll", "2 to 3 honour tricks, cards good for noll, weak in hearts "
               "and diamonds",
               lambda p: 2 * Q <= p.ht <= 3 * Q + 1 and p.noll_fit and p.weak_in_red),
    BidMeaning(Bid.CLUBS, "Clubs: information",
               "2½ to 3½ honour tricks with stops in three suits: an invitation to play, "
               "and the hand can also play noll",
               lambda p: 2 * Q + 2 <= p.ht <= 3 * Q + 3 and len(p.stops) >= 3 and p.noll_fit),
)
"""The first-hand meanings, in the order the advice tries them."""

_BY_BID = {m.bid: m for m in MEANINGS}


def meaning(bid: Bid) -> BidMeaning:
    """The meaning of ``bid`` by the first hand of a team (pass has none).

    >>> meaning(Bid.NOLL).promise
    '2 to 3 honour tricks, cards good for noll, weak in hearts and diamonds'
    """
    return _BY_BID[bid]


def _advice(bid: Bid, name: str, reason: str, convention: str) -> Advice:
    return Advice((str(bid),), f"priffe.{convention}", name, reason, source="seed 003")


def _legal(bid: Bid, earlier: Sequence[Bid]) -> bool:
    return bid is Bid.PASS or all(bid > b for b in earlier if b is not Bid.PASS)


def advise_bid(hand: CardSet, earlier: Sequence[Bid]) -> Advice:
    """The bid the honour-trick conventions advise for ``hand`` after the
    ``earlier`` bids of this auction (in order from the forehand).

    The seat's place is ``len(earlier)``: 0 and 1 are the first hands of their
    teams, 2 and 3 the second hands, whose partner bid ``earlier[-2]``.
    """
    earlier = [Bid(b) for b in earlier]
    if len(earlier) > 3 or Bid.PLAY in earlier:
        raise ValueError("the auction is over: no bid to advise")
    p = HandProfile.of(hand)
    facts = f"{ht_text(p.ht)} ht ({p.ht_words}), stops in {p.stops_text()}"
    partner = earlier[-2] if len(earlier) >= 2 else None

    if partner is not None and partner is not Bid.PASS:
        ans = _answer(partner, p, earlier, facts)
        if ans is not None:
            return ans
    for m in MEANINGS:
        if partner is Bid.NOLL and m.bid is not Bid.PLAY:
            continue
        if m.bid.is_information and len(earlier) >= 2:
            continue  # information bids are for the first hand of a team only
        if m.fits(p) and _legal(m.bid, earlier):
            return _advice(m.bid, m.name, f"{facts}: {m.bid} shows {m.promise}.",
                           m.bid.name.lower())
    return _advice(Bid.PASS, "Pass", f"{facts}: no bid fits this hand"
                   + (" above the bids so far." if any(b is not Bid.PASS for b in earlier)
                      else "."), "pass")


def _answer(partner: Bid, p: HandProfile, earlier: Sequence[Bid], facts: str) -> Advice | None:
    """The second hand's answer to its partner's bid (``None``: bid as a first hand)."""
    if partner is Bid.SPADES:
        if p.ht >= Q and _legal(Bid.PLAY, earlier):
            return _advice(Bid.PLAY, "Accept the invitation",
                           f"{facts}: partner's spades showed 4 to 4½ ht, so together you "
                           "have five or more: bid play.", "answer-spades")
        return _advice(Bid.PASS, "Decline the invitation",
                       f"{facts}: with less than 1 ht the five honour tricks for play are "
                       "not there; pass (spades left as the final bid means a forced noll).",
                       "answer-spades")
    if partner is Bid.CLUBS:
        if p.ht >= 2 * Q + 2 and _legal(Bid.PLAY, earlier):
            return _advice(Bid.PLAY, "Accept the invitation",
                           f"{facts}: partner's clubs showed 2½ to 3½ ht; with your 2½ or "
                           "more you have five together: bid play.", "answer-clubs")
        if p.noll_fit and _legal(Bid.NOLL, earlier):
            return _advice(Bid.NOLL, "Noll for the clubs bidder",
                           f"{facts}: not enough for play, but your cards are good for noll "
                           "and partner's clubs promised he can play noll.", "answer-clubs")
        return None
    if partner in (Bid.HEARTS, Bid.DIAMONDS):
        if p.ht <= Q and p.noll_fit and _legal(Bid.NOLL, earlier):
            return _advice(Bid.NOLL, "Noll instead of the suit",
                           f"{facts}: a weak hand good for noll; partner's {partner} "
                           "promised a hand that can play noll too.", "answer-suit")
        m = _BY_BID[Bid.PLAY]
        if m.fits(p) and _legal(Bid.PLAY, earlier):
            return _advice(Bid.PLAY, "Play over partner's suit",
                           f"{facts}: {m.promise}; play outranks the suit.", "answer-suit")
        return _advice(Bid.PASS, "Leave partner's suit",
                       f"{facts}: partner's {partner} is your side's contract; pass.",
                       "answer-suit")
    return None

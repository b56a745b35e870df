"""One hand of Priffe: the deal, the auction, the play, the result.

All 52 cards are dealt, 13 to each player (seed 003).  Then the one-round
auction (:mod:`~prefa.priffe.auction`) and the play of all thirteen tricks:
a player must follow suit if he can and may otherwise play any card (no
duty to trump); the highest trump wins, or the highest card of the suit
led.  Partners' tricks count together.  Nobody's hand is shown (there is no
dummy).

Who leads (our decision; the seed does not say): the forehand leads to the
first trick, whatever the contract (RULES.md §0), and the winner of each
trick leads to the next.

A deal may be left out (``deal=None``) to score a hand from its facts: then
:meth:`PriffeHand.claim` gives the tricks (and the honours).

Every step is refused with a :class:`~prefa.errors.PrefaError` when illegal,
and the hand is then left exactly as it was; :meth:`PriffeHand.undo` takes
back the last step.

>>> from prefa.deal import Deal
>>> h = PriffeHand(Deal.parse(
...     "SAKQJT98765432 / HAKQJT98765432 / DAKQJT98765432 / CAKQJT98765432"))
>>> for b in ["pass", "hearts", "pass", "pass"]: h.bid(b)
>>> h.contract, h.declarers, h.play_state.to_move
(Contract.HEARTS, 1, 0)
>>> h.play("AS"); h.play("2H")
>>> len(h.legal_cards())          # seat 2 has no spades: any card, no duty to trump
13
>>> h.play("KS")
Traceback (most recent call last):
...
prefa.errors.IllegalPlay: K♠: seat 2 does not hold it (holds ♦A K Q J 10 9 8 7 6 5 4 3 2)
>>> h.play("2D"); h.play("2C"); h.play_state.tricks[-1].winner   # the small trump wins
1
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import ClassVar

from ..cards import CardSet, check_deck
from ..deal import Deal, random_deal
from ..errors import IllegalAction
from ..handflow import HandSteps, Step, check_deal_type, check_dealer, check_rules
from ..play import TrickPlay
from .auction import Auction, Bid
from .contract import Contract
from .honours import honour_counts
from .options import PriffeRules
from .scoring import HandResult
from .teams import team_tricks

PRIFFE_PATTERN = (("hands", 1),) * 13
"""How a deck is dealt: one card at a time round the table, 13 rounds."""


def random_priffe_deal(seed: int, dealer: int = 3) -> Deal:
    """A reproducible random deal of 13 cards to each of the four seats.

    >>> d = random_priffe_deal(1); [len(h) for h in d.hands], len(d.cards)
    ([13, 13, 13, 13], 52)
    """
    return random_deal(seed, players=4, dealer=dealer, deck_size=52, pattern=PRIFFE_PATTERN)


def parse_priffe_deal(text: str) -> Deal:
    """Parse four hands of 13 cards: ``H / H / H / H`` (no talon)."""
    d = Deal.parse(text, hand_size=13, players=4)
    _check_deal(d)
    return d


def _check_deal(deal: Deal) -> None:
    check_deal_type(deal)
    if deal.talon:
        raise IllegalAction(f"talon {deal.talon}: Priffe has no talon, all 52 cards are dealt")
    if len(deal.hands) != 4:
        raise IllegalAction(f"deal has {len(deal.hands)} hands: expected 4")
    for s, h in enumerate(deal.hands):
        if len(h) != 13:
            raise IllegalAction(f"hand of seat {s} has {len(h)} cards: expected 13")
    check_deck(deal.cards, 52)


class Phase(enum.Enum):
    """Where a hand stands."""

    AUCTION = "auction"
    PLAY = "play"
    DONE = "done"


class PriffeHand(HandSteps):
    """A hand of Priffe being played.

    ``dealer`` defaults to seat 3, so seat 0 is the forehand: he bids first
    and leads to the first trick.

    Its :class:`~prefa.handflow.Step` kinds are ``bid``, ``play`` and
    ``claim``; the step log, ``undo``, ``legal_cards`` and ``play`` come from
    :class:`~prefa.handflow.HandSteps`.
    """

    PLAY_PHASE = Phase.PLAY
    STEP_METHODS: ClassVar[dict[str, str]] = {"auction": "bid", "play": "play"}

    def __init__(self, deal: Deal | None = None, rules: PriffeRules | None = None,
                 dealer: int = 3) -> None:
        self.rules = check_rules(rules, PriffeRules)
        check_dealer(dealer, 4)
        self.dealer = dealer
        self.seats = tuple((dealer + 1 + i) % 4 for i in range(4))
        if deal is not None:
            _check_deal(deal)
        self.deal = deal
        self.steps: list[Step] = []
        self._reset()

    def _reset(self) -> None:
        self.auction = Auction(self.seats)
        self.play_state: TrickPlay | None = None
        self.claimed: tuple[tuple[int, int], tuple[int, int, int, int]] | None = None

    # -- derived state ------------------------------------------------------------------
    @property
    def forehand(self) -> int:
        """The seat after the dealer: bids first and leads to the first trick."""
        return self.seats[0]

    @property
    def contract(self) -> Contract | None:
        r = self.auction_result
        return None if r is None else r.contract

    @property
    def declarers(self) -> int | None:
        """The declaring team (``None`` before the end of the auction and in a forced noll)."""
        r = self.auction_result
        return None if r is None else r.declarers

    @property
    def phase(self) -> Phase:
        if not self.auction.is_over:
            return Phase.AUCTION
        if self.claimed is not None:
            return Phase.DONE
        if self.play_state is None or not self.play_state.is_over():
            return Phase.PLAY
        return Phase.DONE

    @property
    def to_act(self) -> int | None:
        """The seat to bid or play, or ``None`` (hand over, or tricks to be claimed)."""
        ph = self.phase
        if ph is Phase.AUCTION:
            return self.auction.to_bid
        if ph is Phase.PLAY and self.play_state is not None:
            return self.play_state.to_move
        return None

    @property
    def hands(self) -> list[CardSet] | None:
        """The cards each seat still holds (``None`` without a deal)."""
        if self.deal is None:
            return None
        if self.play_state is None:
            return list(self.deal.hands)
        return list(self.play_state.hands)

    # -- steps --------------------------------------------------------------------------
    def bid(self, bid: Bid | str) -> None:
        """The next bid of the auction."""
        self._require(Phase.AUCTION, f"bid {bid}")
        self.auction.bid(bid)
        self.steps.append(Step("bid", self.auction.bids[-1][1]))
        if self.auction.is_over and self.deal is not None:
            assert self.contract is not None
            self.play_state = TrickPlay.start(self.deal.hands, self.forehand,
                                              self.contract.play_rules())

    call = bid

    def legal_bids(self) -> list[Bid]:
        return self.auction.legal_bids() if self.phase is Phase.AUCTION else []

    def claim(self, tricks: Sequence[int], honours: Sequence[int] = (0, 0, 0, 0)) -> None:
        """Give the tricks (of each team, or of each seat) for a hand without a deal,
        and how many honour cards each seat held."""
        if self.phase is not Phase.PLAY or self.deal is not None:
            raise IllegalAction("claim: tricks can be given only for a hand without a deal, "
                                "after the auction")
        t = tuple(tricks)
        if len(t) == 4:
            t = team_tricks(t)
        h = tuple(honours)
        HandResult(self.contract, self.declarers, t, h)  # type: ignore[arg-type]  # validates
        self.claimed = (t, h)  # type: ignore[assignment]
        self.steps.append(Step("claim", (t, h)))

    def _apply(self, st: Step) -> None:
        if st.kind == "claim":
            self.claim(*st.value)  # type: ignore[misc]
        else:
            getattr(self, st.kind)(st.value)

    # -- result -------------------------------------------------------------------------
    @property
    def tricks(self) -> tuple[int, int]:
        """Tricks won so far by team 0 and team 1."""
        if self.claimed is not None:
            return self.claimed[0]
        if self.play_state is not None:
            return team_tricks(self.play_state.won)
        return (0, 0)

    @property
    def seat_tricks(self) -> tuple[int, ...]:
        """Tricks won so far by each seat (zeros for a claimed hand)."""
        if self.play_state is not None:
            return tuple(self.play_state.won)
        return (0, 0, 0, 0)

    def honours(self) -> tuple[int, int, int, int]:
        """How many of the contract's honour cards each seat was dealt."""
        if self.contract is None:
            raise IllegalAction("no contract yet: the honours depend on the contract")
        if self.claimed is not None:
            return self.claimed[1]
        if self.deal is None:
            return (0, 0, 0, 0)
        return honour_counts(self.deal.hands, self.contract, self.rules)  # type: ignore[return-value]

    def result(self) -> HandResult:
        """The facts of the finished hand, for the score."""
        if self.phase is not Phase.DONE:
            raise IllegalAction(f"the hand is not finished: it is at the {self.phase.value} step")
        r = self.auction_result
        assert r is not None
        return HandResult(r.contract, r.declarers, self.tricks, self.honours(), r.bidder)


__all__ = ["PRIFFE_PATTERN", "Phase", "PriffeHand", "Step", "parse_priffe_deal",
           "random_priffe_deal"]

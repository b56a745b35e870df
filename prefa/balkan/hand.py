"""One hand of Balkan preferans from the deal to the result.

Phases: the auction, the talon exchange (a winner by numbers shows and
takes the talon and discards two), the declaration, the defence decisions,
the play, and the result that goes on the sheet.  Every step is refused with
a :class:`~prefa.errors.PrefaError` when illegal, and the hand is then left
exactly as it was.  :meth:`BalkanHand.undo` takes back the last step.

Who leads (RULES.md §1): the forehand if he plays, otherwise the next
playing seat; in sans and preferans the defender seated just before the
declarer leads "through" him; if that defender sits out, the other defender
leads (our decision: the point of the rule is that the defence leads).

A deal may be left out (``deal=None``) to score a hand from its facts: then
there is no talon exchange and no card play, and :meth:`BalkanHand.claim`
gives the tricks.

>>> from prefa.deal import Deal
>>> h = BalkanHand(Deal.parse("SAKQJT HAKQ DAK / S98 H987 DQJT9 C7 / HJT D87 CAKQJT9 | S7 C8"))
>>> for c in ["2", "pass", "pass"]: h.call(c)
>>> h.phase, str(h.talon)
(<Phase.DISCARD: 'discard'>, 'S7 C8')
>>> h.discard("S7 C8"); h.declare("spades"); h.decide("follow"); h.decide("pass")
>>> h.decide("alone"); h.decide("kontra"); h.decide("decline")
>>> h.phase, h.leader
(<Phase.PLAY: 'play'>, 0)
"""

from __future__ import annotations

import enum
from typing import Sequence

from ..cards import Card, CardSet
from ..deal import Deal
from ..errors import IllegalAction, PrefaError
from ..handflow import (
    HandSteps,
    Step,
    card_list,
    check_claim,
    check_dealer,
    check_rules,
    check_talon_deal,
    check_total,
    defenders_after,
    exchange_talon,
    seat_tricks,
)
from ..play import TrickPlay
from .auction import Auction, Call
from .contract import Contract, Game
from .defence import Decision, Defence, DefenceOutcome
from .options import BalkanRules
from .scoring import HandResult, Outcome


class Phase(enum.Enum):
    """Where a hand stands."""

    AUCTION = "auction"
    DISCARD = "discard"
    DECLARE = "declare"
    DEFENCE = "defence"
    PLAY = "play"
    DONE = "done"


class BalkanHand(HandSteps):
    """A hand of Balkan preferans being played.

    ``dealer`` defaults to the last seat, so the forehand is seat 0.  With
    four players the dealer sits out and the deal holds ``-`` for him.

    Its :class:`~prefa.handflow.Step` kinds are ``call``, ``discard``,
    ``declare``, ``decide``, ``play`` and ``claim``; the step log, ``undo``,
    ``legal_cards`` and ``play`` come from :class:`~prefa.handflow.HandSteps`.
    """

    PLAY_PHASE = Phase.PLAY

    def __init__(self, deal: Deal | None = None, rules: BalkanRules | None = None,
                 dealer: int | None = None) -> None:
        self.rules = check_rules(rules, BalkanRules)
        n = self.rules.players
        self.dealer = n - 1 if dealer is None else check_dealer(dealer, n)
        self.seats = tuple((self.dealer + 1 + i) % n for i in range(n))
        if n == 4:
            self.seats = self.seats[:3]
        if deal is not None:
            check_talon_deal(deal, n, self.seats)
        self.deal = deal
        self.steps: list[Step] = []
        self._reset()

    def _reset(self) -> None:
        self.auction = Auction(self.rules, self.seats)
        self.hands: list[CardSet] | None = list(self.deal.hands) if self.deal else None
        self.discards: CardSet | None = None
        self.contract: Contract | None = None
        self.defence: Defence | None = None
        self.play_state: TrickPlay | None = None
        self.claimed: tuple[int, ...] | None = None

    # -- derived state ----------------------------------------------------------------
    @property
    def talon(self) -> CardSet | None:
        """The talon (``None`` when the deal is unknown)."""
        return self.deal.talon if self.deal else None

    @property
    def declarer(self) -> int | None:
        r = self.auction_result
        return None if r is None else r.winner

    @property
    def defenders(self) -> tuple[int, int]:
        """The two defenders, the one seated next after the declarer first."""
        d = self.declarer
        if d is None:
            raise IllegalAction("there is no declarer yet")
        return defenders_after(self.seats, d)

    @property
    def phase(self) -> Phase:
        r = self.auction_result
        if r is None:
            return Phase.AUCTION
        if r.winner is None:
            return Phase.DONE
        if r.number is not None and self.deal is not None and self.discards is None:
            return Phase.DISCARD
        if self.contract is None:
            return Phase.DECLARE
        assert self.defence is not None
        if not self.defence.is_over:
            return Phase.DEFENCE
        if not self.defence.outcome().played:
            return Phase.DONE
        if self.claimed is not None:
            return Phase.DONE
        if self.play_state is None:
            return Phase.PLAY if self.deal is None else Phase.DONE
        if self.play_state.is_over() or self._stopped():
            return Phase.DONE
        return Phase.PLAY

    def _stopped(self) -> bool:
        if not self.rules.stop_at_five or self.play_state is None or self.play_state.trick:
            return False
        if self.contract is None or self.contract.game in (Game.BETL, Game.PREFERANS):
            return False
        return sum(self.play_state.won[s] for s in self.defenders) >= 5

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the hand is over."""
        ph = self.phase
        if ph is Phase.AUCTION:
            return self.auction.to_call
        if ph in (Phase.DISCARD, Phase.DECLARE):
            return self.declarer
        if ph is Phase.DEFENCE:
            return self.defence.to_act  # type: ignore[union-attr]
        if ph is Phase.PLAY and self.play_state is not None:
            return self.play_state.to_move
        return None

    @property
    def leader(self) -> int:
        """Who leads to the first trick."""
        o = self._outcome()
        d = self.declarer
        assert d is not None and self.contract is not None
        if self.contract.game in (Game.SANS, Game.PREFERANS):
            before = self.seats[(self.seats.index(d) - 1) % 3]
            if before in o.playing:
                return before
            return next(s for s in self.defenders if s in o.playing)
        return next(s for s in self.seats if s in o.playing)

    def _outcome(self) -> DefenceOutcome:
        if self.defence is None:
            raise IllegalAction("no game has been declared yet")
        return self.defence.outcome()

    # -- steps --------------------------------------------------------------------------
    def call(self, call: Call | str) -> None:
        """Make the next call of the auction."""
        self._require(Phase.AUCTION, f"call {call}")
        c = Call.parse(call) if isinstance(call, str) else call
        self.auction.call(c)
        self.steps.append(Step("call", self.auction.calls[-1][1]))
        r = self.auction_result
        if r is not None and r.contract is not None:
            self._set_contract(r.contract)  # betl, sans, preferans, a revealed igra

    def discard(self, cards: Sequence[Card] | CardSet | str) -> None:
        """The declarer discards two of his twelve cards (face down)."""
        cs = card_list(cards)
        self._require(Phase.DISCARD, "discard")
        d = self.declarer
        assert d is not None and self.hands is not None and self.talon is not None
        self.hands[d], self.discards = exchange_talon(self.hands[d], self.talon, cs)
        self.steps.append(Step("discard", self.discards))

    def legal_contracts(self) -> list[Contract]:
        """The games the declarer may declare now."""
        if self.phase is not Phase.DECLARE:
            return []
        r = self.auction_result
        assert r is not None
        if r.number is not None:
            return [Contract(g) for g in Game
                    if g.value >= r.number and (g is not Game.PREFERANS or self.rules.preferans_game)]
        return [Contract(g, igra=True) for g in Game if g.is_suit]

    def declare(self, contract: Contract | Game | str) -> None:
        """Announce the game (after the talon, or for a lone igra)."""
        if isinstance(contract, str):
            contract = Contract.parse(contract)
        if isinstance(contract, Game):
            contract = Contract(contract)
        self._require(Phase.DECLARE, f"declare {contract}")
        r = self.auction_result
        assert r is not None
        if r.igra and not contract.igra:
            contract = Contract(contract.game, igra=True)
        if contract not in self.legal_contracts():
            allowed = ", ".join(str(c) for c in self.legal_contracts())
            raise IllegalAction(f"declare {contract}: not allowed here (may declare: {allowed})")
        self._set_contract(contract)
        self.steps.append(Step("declare", contract))

    def _set_contract(self, contract: Contract) -> None:
        self.contract = contract
        self.defence = Defence(self.declarer, self.defenders, contract, self.rules)  # type: ignore[arg-type]
        self._maybe_start_play()

    def decide(self, decision: Decision | str) -> None:
        """The next defence decision (or the declarer's answer to a kontra)."""
        self._require(Phase.DEFENCE, f"decision {decision}")
        assert self.defence is not None
        self.defence.decide(decision)
        self.steps.append(Step("decide", self.defence.decisions[-1][1]))
        self._maybe_start_play()

    def decline_rest(self) -> None:
        """Decline every kontra level still open (players who say nothing play on)."""
        while self.phase is Phase.DEFENCE and self.defence is not None \
                and Decision.DECLINE in self.defence.legal():
            self.decide(Decision.DECLINE)

    def _maybe_start_play(self) -> None:
        if self.defence is None or not self.defence.is_over or self.deal is None:
            return
        o = self.defence.outcome()
        if not o.played or self.play_state is not None:
            return
        assert self.hands is not None and self.contract is not None
        hands = [h if s in o.playing else CardSet() for s, h in enumerate(self.hands)]
        self.play_state = TrickPlay.start(hands, self.leader, self.contract.play_rules(),
                                          active=sorted(o.playing))

    def claim(self, tricks: Sequence[int]) -> None:
        """Give the tricks of each seat without card play (a hand scored from its facts).

        With a deal too, before any card is played: the tricks are then taken as
        given, not played out."""
        if self.phase is not Phase.PLAY or (self.play_state is not None
                                             and self.play_state.played):
            raise IllegalAction("claim: tricks can be given only before any card is played, "
                                "after the defence decisions")
        t = check_claim(tricks, self.rules.players, self._outcome().playing)
        total = sum(t)
        stopped = (self.rules.stop_at_five and self.contract is not None
                   and self.contract.game not in (Game.BETL, Game.PREFERANS)
                   and total - t[self.declarer] == 5)  # type: ignore[index]
        if not (stopped and total < 10):
            check_total(t)
        self.claimed = t
        self.steps.append(Step("claim", t))

    # -- result -------------------------------------------------------------------------
    @property
    def tricks(self) -> tuple[int, ...]:
        """Tricks won so far by each seat."""
        return seat_tricks(self.claimed, self.play_state, self.rules.players)

    def result(self) -> HandResult:
        """The facts of the finished hand, for the sheet."""
        if self.phase is not Phase.DONE:
            raise IllegalAction(f"the hand is not finished: it is at the {self.phase.value} step")
        r = self.auction_result
        assert r is not None
        if r.winner is None:
            return HandResult(Outcome.REFE)
        o = self._outcome()
        common = dict(declarer=r.winner, contract=self.contract, followers=o.followers,
                      caller=o.caller, kontra=o.kontra, kontra_giver=o.kontra_giver,
                      responsibility=o.responsibility, defenders=self.defenders)
        if o.spades_without_kontra:
            return HandResult(Outcome.SPADES_NOT_PLAYED, **common)
        if not o.played:
            return HandResult(Outcome.DEFENDERS_PASSED, **common)
        return HandResult(Outcome.PLAYED, tricks=self.tricks, **common)


__all__ = ["BalkanHand", "Phase", "Step", "PrefaError"]

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

House rules that add a step (options of :class:`~.options.BalkanRules`):

- ``bargaining``: when one defender follows alone, :meth:`BalkanHand.bargain`
  gives the tricks he and the declarer agreed on, before any card is
  played; the hand is then written as if played so (v1.2 ch. 16: Miran
  plays clubs, Milenko follows alone and asks "Daješ tri?", Miran says
  "Da": Miran writes a made game, Milenko three tricks' supe);
- ``culprit_takes_fall``: after the hand, :meth:`BalkanHand.blame` names the
  defender the table found at fault (the scoring moves his partner's fall
  to him);
- ``missed_kontra_bule``: found by the engine itself from the deal
  (:func:`~.defence.must_kontra`), no step needed.

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
from ..i18n import _
from ..play import TrickPlay
from .auction import Auction, Call
from .contract import Contract, Game
from .defence import Decision, Defence, DefenceOutcome, must_kontra
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
        self.bargained: int | None = None
        """The lone defender's tricks, when he and the declarer agreed them (:meth:`bargain`)."""
        self.culprit: int | None = None

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
        c = self.auction.read(call) if isinstance(call, str) else call
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
            allowed = ", ".join(c.words() for c in self.legal_contracts())
            raise IllegalAction(_("declare {game}: not allowed here (may declare: {games})")
                                .format(game=contract.words(), games=allowed))
        self._set_contract(contract)
        self.steps.append(Step("declare", contract))

    def _set_contract(self, contract: Contract) -> None:
        self.contract = contract
        self.defence = Defence(self.declarer, self.defenders, contract, self.rules)  # type: ignore[arg-type]
        self._maybe_start_play()

    def decide(self, decision: Decision | str) -> None:
        """The next defence decision (or the declarer's answer to a kontra).

        *Dođem i kontra* makes several decisions at once, each its own step
        (see :meth:`~.defence.Defence.decide`)."""
        self._require(Phase.DEFENCE, f"decision {decision}")
        assert self.defence is not None
        for d in self.defence.decide(decision):
            self.steps.append(Step("decide", d))
        self._maybe_start_play()

    def decline_rest(self) -> None:
        """Settle what nobody said: the one follower who does not call plays alone, and
        every kontra level still open is declined (players who say nothing play on)."""
        while self.phase is Phase.DEFENCE and self.defence is not None:
            legal = self.defence.legal()
            if Decision.DECLINE in legal:
                self.decide(Decision.DECLINE)
            elif Decision.ALONE in legal:
                self.decide(Decision.ALONE)
            else:
                break

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

    def can_bargain(self) -> bool:
        """True when the lone defender and the declarer may agree on the tricks now
        (option ``bargaining``: one defender follows alone, no kontra, no card played)."""
        if not self.rules.bargaining or self.phase is not Phase.PLAY or self.claimed is not None:
            return False
        if self.play_state is not None and self.play_state.played:
            return False
        o = self._outcome()
        return len(o.followers) == 1 and o.caller is None and o.kontra_giver is None

    def bargain(self, tricks: int | str) -> None:
        """The lone defender's tricks as he and the declarer agreed them (option
        ``bargaining``); the hand is not played and is written as if the declarer
        took the other tricks.  Comes after the defence decisions, before any card."""
        k = tricks
        if isinstance(tricks, str):
            t = tricks.strip()
            k = int(t) if t.isascii() and t.isdigit() else None
        top = 5 if self.rules.stop_at_five else 10
        if type(k) is not int or not 0 <= k <= top:
            raise IllegalAction(_("Agreed tricks {said}: give the lone defender's tricks, a "
                                  "whole number from 0 to {top}.").format(said=tricks, top=top))
        if not self.rules.bargaining:
            raise IllegalAction(_("Tricks are agreed instead of played only at a table that "
                                  "plays that house rule."))
        if not self.can_bargain():
            raise IllegalAction(_("Tricks are agreed only when one defender follows alone, "
                                  "without kontra, before the first card is played."))
        (follower,) = self._outcome().followers
        t = [0] * self.rules.players
        t[follower], t[self.declarer] = k, 10 - k  # type: ignore[index]
        self.claimed = tuple(t)
        self.bargained = k
        self.steps.append(Step("bargain", k))

    def blame(self, seat: int | str) -> None:
        """Name the defender whose fault made his partner fall (option
        ``culprit_takes_fall``): he falls in his partner's place."""
        c = seat
        if isinstance(seat, str):
            t = seat.strip().lower().removeprefix("seat").strip()
            c = int(t) if t.isascii() and t.isdigit() else None
        if type(c) is not int:
            raise IllegalAction(_("Culprit {said}: give the seat of one of the defenders.")
                                .format(said=seat))
        if not self.rules.culprit_takes_fall:
            raise IllegalAction(_("A culprit is named only at a table that plays that house rule."))
        if self.phase is not Phase.DONE or self.auction_result.winner is None \
                or not self._outcome().played or self.bargained is not None:
            raise IllegalAction(_("A culprit is named only after a hand that was played."))
        if self.culprit is not None:
            raise IllegalAction(_("Seat {seat} has been named the culprit already.")
                                .format(seat=self.culprit))
        playing = self._outcome().playing
        if c not in self.defenders or c not in playing or len(playing) < 3:
            raise IllegalAction(_("Culprit {seat}: the culprit is one of the two defenders who "
                                  "played the hand.").format(seat=c))
        self.culprit = c
        self.steps.append(Step("blame", c))

    def missed_kontra(self) -> int | None:
        """The first defender, when he held four trumps and the five top cards of
        another suit and gave no kontra (option ``missed_kontra_bule``; needs the deal)."""
        if not self.rules.missed_kontra_bule or self.deal is None or self.contract is None \
                or self.contract.game.trump is None or self.defence is None \
                or not self.defence.is_over:
            return None
        first = self.defenders[0]
        if not must_kontra(self.deal.hands[first], self.contract.game.trump):
            return None
        return None if self._outcome().kontra_giver == first else first

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
                      responsibility=o.responsibility, defenders=self.defenders,
                      missed_kontra=self.missed_kontra())
        if o.spades_without_kontra:
            return HandResult(Outcome.SPADES_NOT_PLAYED, **common)
        if not o.played:
            return HandResult(Outcome.DEFENDERS_PASSED, **common)
        return HandResult(Outcome.PLAYED, tricks=self.tricks, culprit=self.culprit,
                          bargained=self.bargained is not None, **common)


__all__ = ["BalkanHand", "Phase", "Step", "PrefaError"]

"""One hand of Russian preferans from the deal to the result (seed 004, RULES.md §3).

The steps, in order:

1. **Auction** (:mod:`prefa.russian.auction`), the eldest hand first.  When
   everybody passes the hand is a **raspasovka** (*распасовка*): played at
   once with no trumps, nobody takes the talon, and each player tries to
   take as few tricks as he can.
2. **Talon**: the declarer takes the two cards of the talon (*прикуп*,
   prikup) into his hand and **discards** two cards face down (*снос*,
   snos).  The discards lie with the declarer's tricks, but they make no
   trick: a hand always has ten tricks of three cards (our reading of the
   seed's "the discards count as tricks captured by the declarer").
3. **Contract**: the declarer names his contract: his winning bid or any
   higher trick contract; misère only when misère won the auction, and then
   nothing else (our decision: the seed says only that he names the trump).
4. **Whist** (*вист*) or **pass** (*пас*): the defender on the declarer's
   left first, then the other.  Both pass: the declarer scores his contract
   without play.  One whists: he plays alone, the passer's hand is laid face
   up and the whister plays both defender hands (:meth:`RussianHand.controller`).
   Both whist: both play.  Misère has no whist step: both defenders play
   (with their hands face up, the seed says).  The decisions bind for the
   whole hand.
5. **Play**: the eldest hand leads to the first trick, whoever declared;
   follow suit, trump when void, and (option ``must_overtake``, on by
   default) beat the cards already in the trick when you can.

Every step is refused with a :class:`~prefa.errors.PrefaError` when it is
illegal, and the hand is then exactly as it was.  :meth:`RussianHand.undo`
takes back the last step.  A hand may be scored from its facts without a
deal (``deal=None``): then there is no talon and :meth:`RussianHand.claim`
gives the tricks.

>>> from prefa.deal import Deal
>>> deal = Deal.parse("SAKQJ HAKQ DAK C7 / ST987 H7 DQ7 CKJ8 / HJT98 DJT98 CAQ | CT9")
>>> h = RussianHand(deal)
>>> for c in ["6S", "pass", "pass"]: h.call(c)
>>> h.phase, h.declarer, str(h.talon)
(<Phase.DISCARD: 'discard'>, 0, 'CT9')
>>> h.discard("C9 CT"); h.declare("8S"); h.decide("whist"); h.decide("pass")
>>> h.phase, h.leader, h.to_act, h.controller(2)
(<Phase.PLAY: 'play'>, 0, 0, 1)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from ..cards import Card, CardSet
from ..deal import Deal
from ..errors import IllegalAction
from ..handflow import (
    HandSteps,
    Step,
    card_list,
    check_claim,
    check_dealer,
    check_rules,
    check_talon_deal,
    check_text,
    check_total,
    defenders_after,
    exchange_talon,
    seat_tricks,
)
from ..play import PlayRules, TrickPlay
from .auction import Auction, Call
from .contract import LADDER, Contract, russian_play_rules
from .options import RussianRules
from .scoring import HandResult, Outcome


class Phase(enum.Enum):
    """Where a hand stands."""

    AUCTION = "auction"
    DISCARD = "discard"
    DECLARE = "declare"
    WHIST = "whist"
    PLAY = "play"
    DONE = "done"


class Whist(enum.Enum):
    """A defender's decision: whist (*вист*) or pass (*пас*)."""

    WHIST = "whist"
    PASS = "pass"

    @classmethod
    def find(cls, text: str | Whist) -> Whist:
        """Parse ``whist`` / ``вист`` / ``vist`` or ``pass`` / ``пас``.

        >>> Whist.find("вист"), Whist.find("Pass")
        (Whist.WHIST, Whist.PASS)
        """
        if isinstance(text, Whist):
            return text
        text = check_text(text, "whist decision", "whist or pass")
        w = _WHIST_WORDS.get(text.strip().lower())
        if w is None:
            raise IllegalAction(f"bad whist decision {text.strip()!r}: expected whist or pass")
        return w

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Whist.{self.name}"


_WHIST_WORDS = {"whist": Whist.WHIST, "вист": Whist.WHIST, "vist": Whist.WHIST,
                "w": Whist.WHIST, "pass": Whist.PASS, "пас": Whist.PASS, "pas": Whist.PASS,
                "p": Whist.PASS}


class RussianHand(HandSteps):
    """A hand of Russian preferans being played.

    ``dealer`` defaults to the last seat, so the eldest hand is seat 0.  With
    four players (Gusarik) the dealer sits out and the deal holds ``-`` for him.

    Its :class:`~prefa.handflow.Step` kinds are ``call``, ``discard``,
    ``declare``, ``whist`` (made by :meth:`decide`), ``play`` and ``claim``;
    the step log, ``undo`` (for analysis and teaching), ``legal_cards`` and
    ``play`` come from :class:`~prefa.handflow.HandSteps`.  The lone whister
    plays the passer's cards too.
    """

    PLAY_PHASE = Phase.PLAY

    def __init__(self, deal: Deal | None = None, rules: RussianRules | None = None,
                 dealer: int | None = None) -> None:
        self.rules = check_rules(rules, RussianRules)
        n = self.rules.players
        self.dealer = n - 1 if dealer is None else check_dealer(dealer, n)
        order = tuple((self.dealer + 1 + i) % n for i in range(n))
        self.seats: tuple[int, ...] = order[:3]
        """The three seats that play, in playing order from the eldest hand."""
        self.sitting_out: int | None = self.dealer if n == 4 else None
        if deal is not None:
            check_talon_deal(deal, n, self.seats)
        self.deal = deal
        self.steps: list[Step] = []
        self._reset()

    def _reset(self) -> None:
        self.auction = Auction(self.seats)
        self.hands: list[CardSet] | None = list(self.deal.hands) if self.deal else None
        self.discards: CardSet | None = None
        self.contract: Contract | None = None
        self.whists: list[tuple[int, Whist]] = []
        self.play_state: TrickPlay | None = None
        self.claimed: tuple[int, ...] | None = None

    # -- derived state --------------------------------------------------------------
    @property
    def eldest(self) -> int:
        """The eldest hand (*первая рука*): bids first and leads to the first trick."""
        return self.seats[0]

    @property
    def talon(self) -> CardSet | None:
        """The talon (*прикуп*), ``None`` when the deal is unknown."""
        return self.deal.talon if self.deal else None

    @property
    def raspasovka(self) -> bool:
        """True when everybody passed."""
        r = self.auction_result
        return r is not None and r.raspasovka

    @property
    def declarer(self) -> int | None:
        r = self.auction_result
        return None if r is None else r.declarer

    @property
    def defenders(self) -> tuple[int, int]:
        """The two defenders, the one on the declarer's left (next in play) first."""
        d = self.declarer
        if d is None:
            raise IllegalAction("there is no declarer")
        return defenders_after(self.seats, d)

    @property
    def whisters(self) -> frozenset[int]:
        """The defenders who play against the declarer (both in misère)."""
        if self.contract is not None and self.contract.is_misere:
            return frozenset(self.defenders)
        return frozenset(s for s, w in self.whists if w is Whist.WHIST)

    @property
    def leader(self) -> int:
        """Who leads to the first trick: always the eldest hand (seed 004)."""
        return self.eldest

    @property
    def play_rules(self) -> PlayRules:
        """The play rules of this hand (contract or raspasovka, with the options)."""
        trump = self.contract.trump if self.contract is not None else None
        return russian_play_rules(trump, self.rules.must_overtake, self.rules.must_overtrump)

    def _whists_done(self) -> bool:
        return (self.contract is not None and self.contract.is_misere) or len(self.whists) == 2

    def _played(self) -> bool:
        """True when the hand is played out (raspasovka, misère, or somebody whists)."""
        return self.raspasovka or bool(self.whisters)

    @property
    def phase(self) -> Phase:
        r = self.auction_result
        if r is None:
            return Phase.AUCTION
        if r.declarer is not None:
            if self.deal is not None and self.discards is None:
                return Phase.DISCARD
            if self.contract is None:
                return Phase.DECLARE
            if not self._whists_done():
                return Phase.WHIST
            if not self._played():
                return Phase.DONE
        if self.claimed is not None:
            return Phase.DONE
        if self.play_state is None:
            return Phase.PLAY if self.deal is None else Phase.DONE
        return Phase.DONE if self.play_state.is_over() else Phase.PLAY

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is (whose cards are played), or ``None`` when over."""
        ph = self.phase
        if ph is Phase.AUCTION:
            return self.auction.to_call
        if ph in (Phase.DISCARD, Phase.DECLARE):
            return self.declarer
        if ph is Phase.WHIST:
            return self.defenders[len(self.whists)]
        if ph is Phase.PLAY and self.play_state is not None:
            return self.play_state.to_move
        return None

    def controller(self, seat: int) -> int:
        """Who chooses the cards of ``seat``: the lone whister for the passer's
        open hand, otherwise the seat itself.  Only once both defenders have
        spoken: a defender still to say whist or pass says it himself."""
        if self.declarer is not None and self._whists_done() and len(self.whisters) == 1 \
                and seat in self.defenders \
                and seat not in self.whisters and not self.contract.is_misere:  # type: ignore[union-attr]
            return next(iter(self.whisters))
        return seat

    @property
    def open_hands(self) -> frozenset[int]:
        """Hands lying face up: the passer's when one defender whists; both
        defenders' in misère (seed 004)."""
        if self.phase not in (Phase.PLAY, Phase.DONE) or self.declarer is None \
                or self.contract is None:
            return frozenset()
        if self.contract.is_misere:
            return frozenset(self.defenders)
        if len(self.whisters) == 1:
            return frozenset(s for s in self.defenders if s not in self.whisters)
        return frozenset()

    # -- steps ------------------------------------------------------------------------
    def legal_calls(self) -> list[Call]:
        """The calls the seat to call may make (empty after the auction)."""
        return self.auction.legal_calls() if self.phase is Phase.AUCTION else []

    def call(self, call: Call | str) -> None:
        """Make the next call of the auction."""
        self._require(Phase.AUCTION, f"call {call}")
        c = Call.parse(call)
        self.auction.call(c)
        self.steps.append(Step("call", c))
        self._maybe_start_play()

    def discard(self, cards: Sequence[Card] | CardSet | str) -> None:
        """The declarer, holding his ten cards and the talon, puts two cards away."""
        self._require(Phase.DISCARD, "discard")
        cs = card_list(cards)
        d = self.declarer
        assert d is not None and self.hands is not None and self.talon is not None
        self.hands[d], self.discards = exchange_talon(self.hands[d], self.talon, cs)
        self.steps.append(Step("discard", self.discards))

    def legal_contracts(self) -> list[Contract]:
        """The contracts the declarer may name now, lowest first."""
        if self.phase is not Phase.DECLARE:
            return []
        r = self.auction_result
        assert r is not None and r.contract is not None
        if r.contract.is_misere:
            return [r.contract]
        return [c for c in LADDER if not c.is_misere and c >= r.contract]

    def declare(self, contract: Contract | str) -> None:
        """Name the contract (after the talon)."""
        c = Contract.parse(contract) if isinstance(contract, str) else contract
        self._require(Phase.DECLARE, f"declare {c}")
        legal = self.legal_contracts()
        if c not in legal:
            raise IllegalAction(f"declare {c}: not allowed here (may declare: {legal[0]}"
                                + (f" ... {legal[-1]}" if len(legal) > 1 else "") + ")")
        self.contract = c
        self.steps.append(Step("declare", c))
        self._maybe_start_play()

    def decide(self, decision: Whist | str) -> None:
        """The next defender says whist or pass (the left defender first).

        The decisions bind: once both have spoken, neither can change his mind.
        """
        w = Whist.find(decision)
        if self.phase is not Phase.WHIST and self.contract is not None \
                and not self.contract.is_misere and len(self.whists) == 2:
            raise IllegalAction(f"{w}: the whist decisions are made and bind for the whole hand")
        self._require(Phase.WHIST, f"{w}")
        self.whists.append((self.to_act, w))  # type: ignore[arg-type]
        self.steps.append(Step("whist", w))
        self._maybe_start_play()

    def _maybe_start_play(self) -> None:
        if self.deal is None or self.play_state is not None or self.hands is None:
            return
        if self.phase is not Phase.DONE and self.phase is not Phase.PLAY:
            return
        if not self._played():
            return
        hands = [h if s in self.seats else CardSet() for s, h in enumerate(self.hands)]
        self.play_state = TrickPlay.start(hands, self.leader, self.play_rules,
                                          active=sorted(self.seats))

    def claim(self, tricks: Sequence[int]) -> None:
        """Give each seat's tricks without card play (a hand scored from its facts).

        With a deal too, before any card is played: the tricks are then taken as
        given, not played out."""
        if self.phase is not Phase.PLAY or (self.play_state is not None
                                             and self.play_state.played):
            raise IllegalAction("claim: tricks can be given only before any card is played, "
                                "when it is to be played")
        t = check_claim(tricks, self.rules.players, self.seats)  # all but one sitting out
        check_total(t)
        self.claimed = t
        self.steps.append(Step("claim", t))

    def _apply(self, st: Step) -> None:
        getattr(self, "decide" if st.kind == "whist" else st.kind)(st.value)

    # -- result -------------------------------------------------------------------------
    @property
    def tricks(self) -> tuple[int, ...]:
        """Tricks won so far by each seat (the lone whister's include the passer's hand)."""
        return seat_tricks(self.claimed, self.play_state, self.rules.players)

    @property
    def declarer_pile(self) -> CardSet:
        """The cards lying before the declarer: his tricks and his two discards."""
        d = self.declarer
        if d is None:
            return CardSet()
        pile = self.discards or CardSet()
        if self.play_state is not None:
            for t in self.play_state.tricks:
                if t.winner == d:
                    pile = pile | CardSet.of(t.cards)
        return pile

    def result(self) -> HandResult:
        """The facts of the finished hand, for the sheet."""
        if self.phase is not Phase.DONE:
            raise IllegalAction(f"the hand is not finished: it is at the {self.phase.value} step")
        if self.raspasovka:
            return HandResult(Outcome.RASPASOVKA, tricks=self.tricks,
                              sitting_out=self.sitting_out, players=self.rules.players)
        d = self.declarer
        assert d is not None and self.contract is not None
        outcome = Outcome.PLAYED if self._played() else Outcome.NOT_PLAYED
        return HandResult(outcome, d, self.contract, self.tricks, self.whisters, self.defenders,
                          self.sitting_out, self.rules.players)

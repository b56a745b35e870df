"""One hand of Vida from the deal to what each team writes.

Steps: the auction (:mod:`prefa.vida.auction`); the melds, which each
player declares in turn; the play of the eight tricks with the Vida rules of
play (:func:`prefa.vida.points.play_rules`); the result.  Every step is
refused with a :class:`~prefa.errors.PrefaError` when illegal, and the hand
is then left exactly as it was; :meth:`VidaHand.undo` takes back the last
step.

Decisions where the seed is silent (the usual Belote practice):

- the cards are dealt three, two, three (:func:`vida_deal`), starting with
  the player at the dealer's right;
- the player at the dealer's right, who spoke first, leads to the first trick;
- melds are declared before the first card, by each player in turn from the
  leader (at the table they are shown when their first card is played; the
  score is the same);
- a hand in which all four pass is thrown in: nothing is written.

>>> h = VidaHand(vida_deal(1))
>>> for c in ["pass", "80 hearts", "pass", "pass", "pass"]:
...     h.call(c)
>>> h.phase, str(h.contract)
(<Phase.MELDS: 'melds'>, '80 hearts by seat 1')
>>> h.declare_all(); h.phase, h.to_act
(<Phase.PLAY: 'play'>, 0)
>>> while h.phase is Phase.PLAY:
...     h.play(next(iter(h.legal_cards())))
>>> sum(h.team_points())
162
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import ClassVar

from ..cards import JACK, CardSet, check_deck, make_card
from ..deal import Deal, SplitMix64, check_seed, deal_cards
from ..errors import IllegalAction, ParseError, PrefaError
from ..handflow import HandSteps, Step, check_deal_type, check_dealer, check_rules
from ..play import TrickPlay
from .auction import Auction, Call, VidaContract
from .melds import Meld, MeldOutcome, belote_seat, counted_melds, find_melds
from .options import VidaRules
from .points import LAST_TRICK, pile_points, play_rules
from .scoring import HandResult, HandScore, hand_score
from .teams import PLAYERS, team_of

VIDA_PATTERN = (("hands", 3), ("hands", 2), ("hands", 3))
"""How the 32 cards are dealt: three to each, two to each, three to each."""


def vida_deal(seed: int, dealer: int = 3) -> Deal:
    """A reproducible random deal of eight cards to each of four players.

    >>> d = vida_deal(1); [len(h) for h in d.hands], len(d.talon)
    ([8, 8, 8, 8], 0)
    """
    check_seed(seed)
    check_dealer(dealer, PLAYERS)
    order = sorted(CardSet.parse("SAKQJT987 HAKQJT987 DAKQJT987 CAKQJT987"))
    SplitMix64(seed).shuffle(order)
    receivers = [(dealer + 1 + i) % PLAYERS for i in range(PLAYERS)]
    return deal_cards(order, receivers, PLAYERS, VIDA_PATTERN)


class Phase(enum.Enum):
    """Where a hand stands."""

    AUCTION = "auction"
    MELDS = "melds"
    PLAY = "play"
    DONE = "done"


class VidaHand(HandSteps):
    """A hand of Vida being played.  ``dealer`` defaults to seat 3, so seat 0
    speaks first and leads.

    Its :class:`~prefa.handflow.Step` kinds are ``call``, ``declare`` and
    ``play``; the step log, ``legal_cards`` and ``play`` come from
    :class:`~prefa.handflow.HandSteps` (``undo`` here takes the last step
    back directly, without playing the others again).
    """

    PLAY_PHASE = Phase.PLAY
    STEP_METHODS: ClassVar[dict[str, str]] = {"auction": "call", "melds": "declare",
                                              "play": "play"}

    def __init__(self, deal: Deal, rules: VidaRules | None = None, dealer: int = 3) -> None:
        self.rules = check_rules(rules, VidaRules)
        check_dealer(dealer, PLAYERS)
        check_deal_type(deal)
        if len(deal.hands) != PLAYERS:
            raise IllegalAction(f"deal has {len(deal.hands)} hands: expected 4")
        if deal.talon:
            raise IllegalAction(f"Vida has no talon (got {deal.talon})")
        for s, h in enumerate(deal.hands):
            if len(h) != 8:
                raise IllegalAction(f"hand of seat {s} has {len(h)} cards: expected 8")
        check_deck(deal.cards, 32)
        self.deal = deal
        self.dealer = dealer
        self.leader = (dealer + 1) % PLAYERS
        self.steps: list[Step] = []
        self._reset()

    def _reset(self) -> None:
        self.auction = Auction(self.rules, self.dealer)
        self.declared: list[tuple[Meld, ...] | None] = [None] * PLAYERS
        self.play_state: TrickPlay | None = None

    # -- derived state ------------------------------------------------------------------
    @property
    def contract(self) -> VidaContract | None:
        """The contract once the auction is over (``None`` before, or when thrown in)."""
        return self.auction.result() if self.auction.is_over else None

    @property
    def phase(self) -> Phase:
        if not self.auction.is_over:
            return Phase.AUCTION
        if self.contract is None:
            return Phase.DONE
        if any(d is None for d in self.declared):
            return Phase.MELDS
        assert self.play_state is not None
        return Phase.DONE if self.play_state.is_over() else Phase.PLAY

    @property
    def _meld_order(self) -> list[int]:
        return [(self.leader + i) % PLAYERS for i in range(PLAYERS)]

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the hand is over."""
        ph = self.phase
        if ph is Phase.AUCTION:
            return self.auction.to_call
        if ph is Phase.MELDS:
            return next(s for s in self._meld_order if self.declared[s] is None)
        if ph is Phase.PLAY:
            return self.play_state.to_move  # type: ignore[union-attr]
        return None

    @property
    def hands(self) -> list[CardSet]:
        """The cards each seat still holds."""
        if self.play_state is not None:
            return list(self.play_state.hands)
        return list(self.deal.hands)

    # -- steps ----------------------------------------------------------------------------
    def call(self, call: Call | str) -> None:
        """The next call of the auction."""
        self._require(Phase.AUCTION, f"call {call}")
        self.auction.call(call)
        self.steps.append(Step("call", self.auction.calls[-1][1]))

    def melds_in_hand(self, seat: int) -> tuple[Meld, ...]:
        """Every meld the seat was dealt."""
        return find_melds(self.deal.hands[seat])

    def declare(self, melds: Sequence[Meld] | str = "all") -> None:
        """The seat to act declares melds: ``"all"`` (every meld he holds),
        ``"none"``, comma-separated melds (``"HAKQ, SJ HJ DJ CJ"``) or
        :class:`~prefa.vida.melds.Meld` objects.  Each must be one of the melds
        :meth:`melds_in_hand` finds: a run is declared whole (a player may keep
        a meld quiet, but not cut a run of eight into a five and a three)."""
        self._require(Phase.MELDS, "declare melds")
        seat = self.to_act
        assert seat is not None
        ms = self._melds(melds, seat)
        self.declared[seat] = ms
        self.steps.append(Step("declare", ms))
        if all(d is not None for d in self.declared):
            c = self.contract
            assert c is not None
            self.play_state = TrickPlay.start(list(self.deal.hands), self.leader,
                                              play_rules(c.trump))

    def _melds(self, melds: Sequence[Meld] | str, seat: int) -> tuple[Meld, ...]:
        if isinstance(melds, str):
            t = melds.strip().lower()
            if t == "all":
                return self.melds_in_hand(seat)
            if t in ("none", "-", ""):
                return ()
            try:
                melds = [Meld.parse(p) for p in melds.split(",")]
            except ParseError as e:
                raise IllegalAction(f"declare {melds.strip()!r}: {e}") from None
        elif not isinstance(melds, (list, tuple)) or not all(isinstance(m, Meld) for m in melds):
            raise IllegalAction(f"bad melds {melds!r}: expected all, none, meld cards "
                                "('HAKQ, SJ HJ DJ CJ') or a list of Meld")
        out: list[Meld] = []
        held = self.deal.hands[seat]
        own = self.melds_in_hand(seat)
        for m in melds:
            if (m.cards & held) != m.cards:
                raise IllegalAction(f"declare {m}: seat {seat} was not dealt {m.cards - held} "
                                    f"(holds {held})")
            if m not in own:
                mine = ", ".join(str(x) for x in own) or "none"
                raise IllegalAction(f"declare {m}: not a whole meld of seat {seat}'s hand "
                                    f"(a run counts whole; his melds: {mine})")
            if m in out:
                raise IllegalAction(f"declare {m}: declared twice")
            out.append(m)
        return tuple(out)

    def declare_all(self) -> None:
        """Every seat still to declare declares all its melds."""
        while self.phase is Phase.MELDS:
            self.declare("all")

    def undo(self) -> Step:
        """Take back the last step."""
        if not self.steps:
            raise IllegalAction("nothing to undo: the hand has no steps yet")
        last = self.steps[-1]
        if last.kind == "play":
            self.play_state.undo()  # type: ignore[union-attr]
        elif last.kind == "call":
            self.auction.undo()
        else:
            seat = next(s for s in reversed(self._meld_order) if self.declared[s] is not None)
            self.declared[seat] = None
            self.play_state = None
        self.steps.pop()
        return last

    # -- points and result -------------------------------------------------------------------
    def team_points(self) -> tuple[int, int]:
        """Each team's trick points so far (the last trick's 10 included once won)."""
        c = self.contract
        if c is None or self.play_state is None:
            return (0, 0)
        pts = [0, 0]
        tricks = self.play_state.tricks
        for i, t in enumerate(tricks):
            pts[team_of(t.winner)] += pile_points(t.cards, c.trump)
        if len(tricks) == 8:
            pts[team_of(tricks[-1].winner)] += LAST_TRICK
        return (pts[0], pts[1])

    def team_tricks(self) -> tuple[int, int]:
        """Each team's tricks so far."""
        if self.play_state is None:
            return (0, 0)
        w = self.play_state.won
        return (w[0] + w[2], w[1] + w[3])

    def meld_outcome(self) -> MeldOutcome:
        """Which team's declared melds count (see :func:`~prefa.vida.melds.counted_melds`)."""
        c = self.contract
        if c is None or any(d is None for d in self.declared):
            raise IllegalAction("the melds are not all declared yet")
        return counted_melds([d or () for d in self.declared], c.trump)

    @property
    def belote_team(self) -> int | None:
        """The team holding the king and queen of trumps in one hand."""
        c = self.contract
        if c is None:
            return None
        s = belote_seat(self.deal.hands, c.trump)
        return None if s is None else team_of(s)

    def jack_team(self) -> int:
        """The team that took the trump jack in its tricks."""
        c = self.contract
        if c is None or self.play_state is None:
            raise IllegalAction("no card has been played")
        jack = make_card(c.trump, JACK)
        for t in self.play_state.tricks:
            if jack in t.cards:
                return team_of(t.winner)
        raise IllegalAction("the trump jack has not been played yet")

    def result(self) -> HandResult | None:
        """The facts of the finished hand for the score (``None``: thrown in)."""
        if self.phase is not Phase.DONE:
            raise IllegalAction(f"the hand is not finished: it is at the {self.phase.value} step")
        c = self.contract
        if c is None:
            return None
        return HandResult(bidders=c.team, bid=c.number, points=self.team_points(),
                          jack_team=self.jack_team(), tricks=self.team_tricks(),
                          melds=self.meld_outcome().points, belote=self.belote_team,
                          vidas=c.vidas)

    def score(self) -> HandScore | None:
        """What each team writes for the finished hand (``None``: thrown in)."""
        r = self.result()
        return None if r is None else hand_score(r, self.rules)


__all__ = ["VIDA_PATTERN", "Phase", "PrefaError", "Step", "VidaHand", "vida_deal"]

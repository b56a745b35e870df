"""An engine player of Balkan preferans, and the review of a played hand.

- :func:`bot_action` is an engine player as a pure function: given a
  :class:`~prefa.balkan.hand.BalkanHand` and the seat to act, it returns the
  action as text the hand accepts (:func:`apply_text` makes it).  Calls and
  defence decisions follow the conventions
  (:func:`prefa.balkan.conventions.advise.advise_hand`); where no advice fits (the
  declarer given a kontra, a defender asked to raise it again) it declines:
  it never raises the stakes unadvised; the talon uses a simple
  rule (:func:`talon_discard`: the two lowest cards outside the longest
  suit; :func:`talon_contract`: the suit game in the longest trump suit);
  cards come from sampling (:func:`prefa.solver_play.sampled_card`, which
  the Greek and Russian players share): the cards the seat cannot see are
  dealt at random (consistent with the play so far and the talon seen) a
  few times, each layout is solved double dummy, and the card with the best
  total wins (ties: the lowest card).
- :func:`card_costs` goes through a seat's cards after the hand and tells,
  double dummy on the real deal, what each card cost; :func:`review` keeps
  the ones that cost tricks, with the best line from there
  (:func:`best_line`).
- :func:`best_cards` is the solver's answer for the seat to play, on the
  real deal (the teaching hint).

The engine player sees only what its seat may see; the review and the
hint see every card (they teach after the fact, or on request).

>>> from prefa.deal import random_deal
>>> h = BalkanHand(random_deal(3))
>>> rng = SplitMix64(1)
>>> while h.to_act is not None:
...     apply_text(h, bot_action(h, h.to_act, rng, samples=1))
>>> h.phase.value, str(h.contract), h.declarer, h.tricks
('done', 'igra clubs', 0, (7, 0, 3))
>>> [(k.card, k.cost) for k in card_costs(h, 0)][:3], review(h, 0)
([('9D', 0), ('TS', 0), ('JS', 0)], [])
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import solver_play
from ..cards import Card, CardSet, card_name, card_rank, card_suit
from ..deal import SplitMix64
from ..errors import IllegalAction, PrefaError
from ..solver import Position, Solver
from ..solver_play import CardCost, best_line
from .auction import Call
from .contract import Contract, Game
from .conventions.advise import advise_hand
from .defence import Decision
from .hand import BalkanHand, Phase

__all__ = ["CardCost", "Mistake", "apply_text", "best_cards", "best_line", "bot_action",
           "card_costs", "play_position", "review", "talon_contract", "talon_discard"]


def bot_action(hand: BalkanHand, seat: int, rng: SplitMix64, samples: int = 20) -> str:
    """The engine's action for ``seat`` (who must be the seat to act), as text.

    Deterministic given the state of ``rng`` (which it advances).
    """
    if hand.to_act is None:
        raise IllegalAction("the hand is over: nobody is to act")
    if hand.to_act != seat:
        raise IllegalAction(f"seat {seat} is not to act (seat {hand.to_act} is)")
    ph = hand.phase
    if ph is Phase.AUCTION:
        legal = hand.auction.legal_calls()
        try:
            c = Call.parse(advise_hand(hand).action)
            if c in legal:
                return str(c)
        except (PrefaError, ValueError):
            pass
        return str(legal[0])
    if ph is Phase.DEFENCE:
        assert hand.defence is not None
        legal_d = hand.defence.legal()
        try:
            d = Decision(advise_hand(hand).action)
            if d in legal_d:
                return d.value
        except (PrefaError, ValueError):
            pass
        # no advice that fits: never raise the stakes unadvised
        return (Decision.DECLINE if Decision.DECLINE in legal_d else legal_d[0]).value
    if ph is Phase.DISCARD:
        return " ".join(card_name(c) for c in talon_discard(hand, seat))
    if ph is Phase.DECLARE:
        return str(talon_contract(hand, seat))
    if ph is Phase.PLAY:
        return card_name(_sampled_card(hand, seat, rng, samples))
    raise IllegalAction(f"no action at the {ph.value} step")


def _longest_suit(cards: CardSet, suits=range(4)) -> int:
    # longest, then strongest (sum of ranks), then the first suit
    return max(suits, key=lambda s: (cards.count(s), sum(cards.ranks(s)), -s))


def talon_discard(hand: BalkanHand, seat: int) -> list[Card]:
    """The engine's discard: the two lowest of the twelve cards outside the
    longest suit (inside it when there are fewer than two outside)."""
    assert hand.hands is not None and hand.talon is not None
    twelve = hand.hands[seat] | hand.talon
    long = _longest_suit(twelve)
    outside = sorted((c for c in twelve if card_suit(c) != long), key=lambda c: (card_rank(c), c))
    inside = sorted((c for c in twelve if card_suit(c) == long), key=lambda c: (card_rank(c), c))
    return (outside + inside)[:2]


def talon_contract(hand: BalkanHand, seat: int) -> Contract:
    """The engine's game after the talon: the suit game of its longest (then
    strongest) suit among the legal ones; the first legal game when no suit game is."""
    legal = hand.legal_contracts()
    assert hand.hands is not None
    mine = hand.hands[seat]
    suits = [c for c in legal if c.game.is_suit]
    if suits:
        return max(suits, key=lambda c: (mine.count(int(c.game.trump)),
                                         sum(mine.ranks(int(c.game.trump))), -c.game.value))
    return legal[0]


#: layouts the betl declarer looks at, at least (a betl is cheap to solve)
BETL_SAMPLES = 16


def _sampled_card(hand: BalkanHand, seat: int, rng: SplitMix64, samples: int) -> Card:
    tp = hand.play_state
    assert tp is not None and hand.contract is not None and hand.declarer is not None
    seen = hand.discards if seat == hand.declarer and hand.discards is not None else None
    # the talon was shown: a defender knows the other defender does not hold it
    known_not: dict[int, CardSet] = {}
    if hand.talon is not None and hand.discards is not None and seat != hand.declarer:
        known_not = {s: hand.talon for s in tp.active if s not in (seat, hand.declarer)}
    escape = seat == hand.declarer and _goal(hand) == "betl"
    if escape:  # a ten-card betl is cheap to solve: look at more layouts
        samples = max(samples, BETL_SAMPLES)
    return solver_play.sampled_card(tp, hand.declarer, _goal(hand), rng, samples,
                                    known={seat: tp.hands[seat]}, seen=seen,
                                    known_not=known_not, escape=escape, seats=hand.seats)


def _goal(hand: BalkanHand) -> str:
    assert hand.contract is not None
    return "betl" if hand.contract.game is Game.BETL else "tricks"


def apply_text(hand: BalkanHand, text: str) -> None:
    """Apply an action given as text for whoever is to act (refused when illegal):
    the hand's own :meth:`~prefa.handflow.HandSteps.apply_text`."""
    hand.apply_text(text)




# ---------------------------------------------------------------------------
# The solver on the real deal: hints and the review
# ---------------------------------------------------------------------------

def play_position(hand: BalkanHand) -> Position:
    """The solver's :class:`~prefa.solver.Position` of the play now, every card known."""
    tp = hand.play_state
    if tp is None or hand.contract is None or hand.declarer is None:
        raise IllegalAction(f"no card play to solve: the hand is at the {hand.phase.value} step")
    return solver_play.play_position(tp, hand.declarer, _goal(hand), seats=hand.seats)


def best_cards(hand: BalkanHand, solver: Solver | None = None) -> tuple[list[Card], dict[Card, int]]:
    """The solver's best cards for the seat to play, double dummy on the real deal,
    and the card table (the declarer's final tricks after each legal card)."""
    return solver_play.best_cards(play_position(hand), solver)


@dataclass(frozen=True, slots=True)
class Mistake:
    """A card that cost tricks: on the real deal, double dummy."""

    trick_no: int
    card: str
    best_cards: tuple[str, ...]
    tricks_lost: int

    def __str__(self) -> str:
        s = "" if self.tricks_lost == 1 else "s"
        return (f"trick {self.trick_no}: {self.card} cost {self.tricks_lost} trick{s} "
                f"(best: {' '.join(self.best_cards)})")


def card_costs(hand: BalkanHand, seat: int = 0, *, lines: bool = True) -> list[CardCost]:
    """Every card ``seat`` played in ``hand``, with what it cost (double dummy on the
    real deal) and, for a card that cost, the best line from there
    (:class:`~prefa.solver_play.CardCost`)."""
    tp = hand.play_state
    if tp is None or hand.declarer is None or hand.contract is None:
        return []
    return solver_play.card_costs(tp, hand.declarer, _goal(hand), seat, lines=lines,
                                  seats=hand.seats)


def review(hand: BalkanHand, seat: int = 0) -> list[Mistake]:
    """The cards ``seat`` played that cost tricks (double dummy on the real deal)."""
    return [Mistake(k.trick_no, k.card, k.best_cards, k.cost)
            for k in card_costs(hand, seat, lines=False) if k.cost > 0]

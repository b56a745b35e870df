"""An engine player of Greek Prefa, and the review of a played hand.

The same shape as :mod:`prefa.balkan.player`: :func:`bot_action` is an
engine player as a pure function: given a :class:`~prefa.greek.hand.GreekHand`
and the seat to act, it returns the action as text the hand accepts
(:func:`apply_text` makes it).  What it does at each step:

- **the auction**: the step-by-step convention
  (:func:`prefa.greek.conventions.bid_advice`, aiming at the contract the
  hand's sure tricks support; the blind take "τα παίρνω" with five sure
  tricks when everybody before passed); a call the auction does not allow
  now is replaced by ``pass``;
- **the two cards** (τα κάτω): a simple rule, :func:`talon_discard`: the
  two lowest of the twelve cards outside the longest suit (inside it when
  fewer than two are outside).  After a Πρέφα bid (option ``prefa_bid``) it
  puts away the two highest cards instead, to keep ten cards of rank 10 or
  lower;
- **the declaration**: :func:`declaration`: what the ten cards can make
  (:func:`~prefa.greek.conventions.best_contract`), through the
  under-declaring bluff of :func:`~prefa.greek.conventions.declaration_advice`
  when the kasas are given; "και οι άσοι" whenever the four aces may be
  declared; the blind taker concedes (6♠ without play) when his ten cards
  count fewer than five sure tricks;
- **the defence**: :func:`prefa.greek.conventions.defence_advice` (play,
  pass, alone, along by counting one's own sure tricks);
- **the cards**: sampling (:func:`prefa.solver_play.sampled_card`): the
  cards the seat cannot see are dealt at random a few times, consistent
  with the voids the play has shown, each layout is solved double dummy and
  the card with the best total wins (ties: the lowest card).

Decisions where the rules and the conventions are silent (ours):

- a hand that bought but counts fewer sure tricks than its bid declares the
  lowest legal contract in its longest suit (ties: the higher suit), not
  the bid's denomination: the trumps it holds are worth more than the
  word it said;
- the four aces are declared whenever they may be (they are four sure
  tricks, and the bonus is paid back only if the contract fails);
- τα κάτω are face down: nobody but the buyer sees them, so a defender's
  sampling deals them anywhere among the unseen cards.

:func:`best_cards` (the solver's answer for the seat to play, on the real
deal: the teaching hint) and :func:`card_costs` (what each card of a seat
cost, after the hand) see every card; the engine player sees only what its
seat may see.

>>> from prefa.greek.hand import random_greek_deal
>>> h = GreekHand(random_greek_deal(23))
>>> rng = SplitMix64(1)
>>> while h.to_act is not None:
...     apply_text(h, bot_action(h, h.to_act, rng, samples=1))
>>> h.phase.value, h.buyer, str(h.contract), str(h.defence), h.tricks
('done', 1, '6H', 'play, pass, alone', (0, 7, 3))
>>> [k.cost for k in card_costs(h, 1)][:3]
[0, 0, 0]
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import solver_play
from ..cards import Card, CardSet, card_name, card_rank, card_suit
from ..deal import SplitMix64
from ..errors import IllegalAction, PrefaError
from ..solver import Position, Solver
from ..solver_play import CardCost, best_line
from .auction import Call
from .contract import Denomination
from .conventions import (
    Advice,
    best_contract,
    bid_advice,
    declaration_advice,
    defence_advice,
    sure_tricks,
)
from .defence import Decision
from .hand import GreekHand, Phase
from .solve import position

__all__ = ["CardCost", "apply_text", "best_cards", "best_line", "bot_action", "card_costs",
           "declaration", "play_position", "talon_discard"]

CONCEDE_BELOW = 5
"""The blind taker concedes when his ten cards count fewer sure tricks than this."""


def bot_action(hand: GreekHand, seat: int, rng: SplitMix64, samples: int = 20, *,
               kasa: Sequence[int] | None = None) -> str:
    """The engine's action for ``seat`` (who must be the seat to act), as text.

    ``kasa``: the players' kasas now (for the bluff of the declaration; without
    them the engine declares what it can make).  Deterministic given the
    state of ``rng`` (which it advances).
    """
    if hand.to_act is None:
        raise IllegalAction("the hand is over: nobody is to act")
    if hand.to_act != seat:
        raise IllegalAction(f"seat {seat} is not to act (seat {hand.to_act} is)")
    ph = hand.phase
    if ph is Phase.AUCTION:
        return call_advice(hand).action
    if ph is Phase.DISCARD:
        return " ".join(card_name(c) for c in talon_discard(hand, seat))
    if ph is Phase.DECLARE:
        return declaration(hand, kasa).action
    if ph is Phase.DEFENCE:
        return decision_advice(hand).action
    if ph is Phase.PLAY:
        return card_name(_sampled_card(hand, seat, rng, samples))
    raise IllegalAction(f"no action at the {ph.value} step")


def call_advice(hand: GreekHand) -> Advice:
    """The convention's call for the seat to call (``pass`` when its call is not legal)."""
    seat = hand.to_act
    assert seat is not None and hand.hands is not None
    a = bid_advice(hand.auction, hand.hands[seat])
    try:
        if Call.parse(a.action) in hand.auction.legal_calls():
            return a
    except PrefaError:
        pass
    return Advice("pass", "pass", "The convention's call is not possible now: πάσο.")


def decision_advice(hand: GreekHand) -> Advice:
    """The convention's defence decision for the defender to act."""
    d = hand.defence
    seat = hand.to_act
    assert d is not None and seat is not None and hand.hands is not None
    assert hand.contract is not None
    a = defence_advice(hand.hands[seat], hand.contract, seat == hand.defenders[0],
                       [x for _, x in d.decisions])
    legal = d.legal()
    if Decision.find(a.action) in legal:
        return a
    return Advice(legal[0].value, "the first open decision",  # pragma: no cover - advice fits
                  "The convention's word is not open now.")


def _longest(cards: CardSet) -> int:
    """The longest suit, then the strongest (sum of ranks), then the higher in the
    Greek order (hearts > diamonds > clubs > spades)."""
    order = {int(d.trump): d for d in Denomination if d.trump is not None}
    return max(order, key=lambda s: (cards.count(s), sum(cards.ranks(s)), order[s]))


def talon_discard(hand: GreekHand, seat: int) -> list[Card]:
    """The engine's discard from its twelve cards (see the module's docstring)."""
    assert hand.hands is not None and hand.talon is not None
    twelve = hand.hands[seat] | hand.talon
    r = hand.auction_result
    if r is not None and r.prefa:
        return sorted(twelve, key=lambda c: (-card_rank(c), c))[:2]
    long = _longest(twelve)
    outside = sorted((c for c in twelve if card_suit(c) != long), key=lambda c: (card_rank(c), c))
    inside = sorted((c for c in twelve if card_suit(c) == long), key=lambda c: (card_rank(c), c))
    return (outside + inside)[:2]


def declaration(hand: GreekHand, kasa: Sequence[int] | None = None) -> Advice:
    """The buyer's declaration as text the hand accepts (``6H``, ``7S aces``,
    ``concede``), with its convention and reason (see the module's docstring)."""
    b = hand.buyer
    assert b is not None and hand.hands is not None
    mine = hand.hands[b]
    r = hand.auction_result
    assert r is not None
    legal = hand.legal_contracts()
    if r.blind and sure_tricks(mine) < CONCEDE_BELOW:
        return Advice("concede", "concede the blind take",
                      f"Your ten cards count {sure_tricks(mine)} sure tricks, so 6♠ would go "
                      "down two or more: give it up for 4 kasa and 16 kapikia.")
    can = best_contract(mine)
    aces = " aces" if hand.may_declare_aces() else ""
    if can is None or can < legal[0]:
        long = _longest(mine)
        c = next(x for x in legal if x.denomination.trump == long)
        return Advice(f"{c}{aces}", "the lowest contract in your longest suit",
                      f"Your sure tricks do not reach {legal[0]}: declare the lowest contract "
                      f"you may in your longest suit, {c} ({c.greek}).")
    if kasa is not None:
        others = [k for p, k in enumerate(kasa) if p != b]
        a = declaration_advice(can, r.contract, kasa[b], others)
    else:
        a = Advice(str(can), "declare what you can make",
                   f"{can} lowers your kasa by its full value, {can.value}.")
    return Advice(a.action + aces, a.name, a.reason + (" With all four aces: και οι άσοι."
                                                       if aces else ""))


def _sampled_card(hand: GreekHand, seat: int, rng: SplitMix64, samples: int) -> Card:
    tp = hand.play_state
    assert tp is not None and hand.buyer is not None
    seen = hand.discards if seat == hand.buyer and hand.discards is not None else CardSet()
    return solver_play.sampled_card(tp, hand.buyer, "tricks", rng, samples,
                                    known={seat: tp.hands[seat]}, seen=seen, seats=hand.seats)


def apply_text(hand: GreekHand, text: str) -> None:
    """Apply an action given as text for whoever is to act (refused when illegal):
    the hand's own :meth:`~prefa.handflow.HandSteps.apply_text`."""
    hand.apply_text(text)


# -- the solver on the real deal: hints and the review --------------------------------------
def play_position(hand: GreekHand) -> Position:
    """The solver's position of the play now, every card known."""
    return position(hand)


def best_cards(hand: GreekHand, solver: Solver | None = None
               ) -> tuple[list[Card], dict[Card, int]]:
    """The solver's best cards for the seat to play, double dummy on the real deal,
    and the card table (the buyer's final tricks after each legal card)."""
    return solver_play.best_cards(position(hand), solver)


def card_costs(hand: GreekHand, seat: int = 0, *, lines: bool = True) -> list[CardCost]:
    """Every card ``seat`` played in ``hand``, with what it cost (double dummy on the
    real deal) and, for a card that cost, the best line from there."""
    tp = hand.play_state
    if tp is None or hand.buyer is None or seat not in tp.active:
        return []
    return solver_play.card_costs(tp, hand.buyer, "tricks", seat, lines=lines, seats=hand.seats)

"""The exact solver on Greek positions: a thin adapter over :mod:`prefa.solver`.

Like :mod:`prefa.balkan.solve` and :mod:`prefa.russian.solve` (the same
function names), it builds a :class:`prefa.solver.Position` for a Greek
hand and asks the solver how many tricks the buyer takes when everybody
plays perfectly with all cards known (double dummy):

- every Greek contract is played for tricks (the solver's ``"tricks"``
  goal) with the contract's trump, or none; the play rules are the Greek
  ones (follow suit, else any trump, no duty to overtake:
  :meth:`~prefa.greek.contract.Contract.play_rules`);
- a defender who passed and was not taken along lays his cards aside: he
  sits out (the solver's ``out``), and the tricks have two cards;
- the buyer is the solver's declarer.

With four at the table the tembelis deals and sits out: :func:`position`
gives the solver the three seats dealt in, in order
(:func:`prefa.solver_play.three_seats`), so the position's seats are theirs.

>>> from prefa.deal import Deal
>>> d = Deal.parse("SAK HA / SQJ H7 / ST9 HK")
>>> declarer_tricks(position_from_deal(d, "6NT", declarer=0, leader=0))
3
>>> declarer_tricks(position_from_deal(d, "6S", declarer=1, leader=0, out=2))
0
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card
from ..deal import Deal
from ..errors import IllegalAction, RuleOptionError
from ..solver import Position, Solver
from ..solver_play import play_position
from .contract import Contract
from .hand import GreekHand, Phase

__all__ = ["card_table", "declarer_tricks", "position", "position_from_deal"]


def _contract(contract: Contract | str) -> Contract:
    return contract if isinstance(contract, Contract) else Contract.parse(contract)


def position_from_deal(deal: Deal, contract: Contract | str, declarer: int, leader: int,
                       played: Iterable[Card] | str = (), *, out: int | None = None) -> Position:
    """The solver's position after ``played`` (cards from the first lead) in a
    deal of three hands, under the Greek play rules of ``contract``; ``out``
    is a defender who sits out.  Each card is checked by
    :func:`prefa.play.legal_cards`.
    """
    if len(deal.hands) != 3:
        raise RuleOptionError(f"give the three playing hands, not {len(deal.hands)}")
    c = _contract(contract)
    return Position.from_deal(deal, declarer, leader, played, goal="tricks", out=out,
                              rules=c.play_rules())


def position(hand: GreekHand) -> Position:
    """The solver's position for a Greek hand in play (with its deal): the hands
    after the talon and the discard, the cards played so far, and the
    defender who sits out, if any."""
    ps = hand.play_state
    if hand.phase is not Phase.PLAY or ps is None or hand.contract is None \
            or hand.hands is None:
        raise IllegalAction(f"the solver needs a hand in play with its deal (the hand is at "
                            f"the {hand.phase.value} step)")
    assert hand.buyer is not None
    return play_position(ps, hand.buyer, "tricks", seats=hand.seats)


def declarer_tricks(p: Position | GreekHand, solver: Solver | None = None) -> int:
    """The buyer's total tricks with best play by everybody (tricks won so far included)."""
    pos = position(p) if isinstance(p, GreekHand) else p
    return (solver or Solver()).solve(pos)


def card_table(p: Position | GreekHand, solver: Solver | None = None) -> dict[Card, int]:
    """For each legal card of the player to move, the buyer's total after it."""
    pos = position(p) if isinstance(p, GreekHand) else p
    return (solver or Solver()).card_table(pos)

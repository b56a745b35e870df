"""The exact solver on Russian positions: a thin adapter over :mod:`prefa.solver`.

It builds a :class:`prefa.solver.Position` for a Russian hand and asks the
solver how many tricks the declarer takes when everybody plays perfectly
with all cards known (double dummy):

- the play rules are the Russian ones, with the overtaking duties the
  options switch on (:func:`~prefa.russian.contract.russian_play_rules`);
- misère is the solver's ``"betl"`` goal: the declarer wants no trick;
- when one defender whists alone, the passer's hand lies face up and the
  whister plays it: both defender hands are in play, on one side, which is
  exactly the solver's two-defender search (nobody sits out);
- in Gusarik the three playing seats are renumbered 0, 1, 2 in playing
  order for the solver (:func:`solver_seats`) and the answers are given
  back in the hand's own seats.

A raspasovka has no declarer: each player plays for himself, which is not
the two-sided game the solver searches; :func:`position` refuses it.

>>> from prefa.deal import Deal
>>> from .contract import MISERE
>>> d = Deal.parse("S87 H8 / SAK DA / SQJ HA")
>>> declarer_tricks(position_from_deal(d, MISERE, declarer=0, leader=1))
0
>>> from .contract import Contract
>>> declarer_tricks(position_from_deal(d, Contract.parse("6NT"), declarer=1, leader=0))
2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card, CardSet, parse_cards
from ..deal import Deal
from ..errors import IllegalAction, RuleOptionError
from ..play import PlayRules, TrickPlay
from ..solver import Position, Solver
from .contract import Contract
from .hand import Phase, RussianHand
from .options import RussianRules


def solver_seats(seats: Sequence[int]) -> dict[int, int]:
    """Hand seat -> solver seat: the three playing seats, in playing order
    from the lowest, become 0, 1, 2 (the solver's seat ``i + 1`` follows ``i``).

    >>> solver_seats((1, 2, 3)), solver_seats((2, 3, 0))
    ({1: 0, 2: 1, 3: 2}, {0: 0, 2: 1, 3: 2})
    """
    order = sorted(seats)
    if len(order) != 3:
        raise RuleOptionError(f"the solver needs three playing seats, not {len(order)}")
    return {s: i for i, s in enumerate(order)}


def position_from_deal(deal: Deal, contract: Contract, declarer: int, leader: int,
                       played: Iterable[Card] | str = (), *,
                       rules: RussianRules | None = None) -> Position:
    """The solver's position after ``played`` (cards from the first lead) in a
    deal of three hands (seats 0, 1, 2), under the Russian play rules.

    Each card is checked by the one legality function
    (:func:`prefa.play.legal_cards`) with the overtaking duties.
    """
    r = rules or RussianRules()
    if len(deal.hands) != 3:
        raise RuleOptionError(f"give the three playing hands, not {len(deal.hands)}")
    prules = contract.play_rules(r.must_overtake, r.must_overtrump)
    return _position(list(deal.hands), contract, declarer, leader, played, prules)


def _position(hands: list[CardSet], contract: Contract, declarer: int, leader: int,
              played: Iterable[Card] | str, prules: PlayRules) -> Position:
    if isinstance(played, str):
        played = parse_cards(played)
    sizes = {len(h) for h in hands}
    if len(sizes) != 1:
        raise IllegalAction("the three hands hold different numbers of cards: "
                            + ", ".join(str(len(h)) for h in hands))
    tp = TrickPlay.start(hands, leader, prules, active=(0, 1, 2))
    for c in played:
        tp.play(c)
    goal = "betl" if contract.is_misere else "tricks"
    return Position(tuple(tp.hands), declarer, tp.leader, prules, goal, tuple(tp.trick),
                    tp.won[declarer])


def position(hand: RussianHand) -> tuple[Position, dict[int, int]]:
    """The solver's position for a hand in play, and the seat map hand -> solver.

    The hand must be in the play of a declared contract with a deal (a
    raspasovka is refused: it has no declarer).
    """
    if hand.raspasovka:
        raise IllegalAction("a raspasovka has no declarer: every player plays for himself, "
                            "and the solver searches a declarer against two defenders")
    if hand.phase is not Phase.PLAY or hand.play_state is None or hand.hands is None:
        raise IllegalAction(f"the solver needs a hand in play with its deal (the hand is at "
                            f"the {hand.phase.value} step)")
    m = solver_seats(hand.seats)
    start = [CardSet()] * 3
    for s, i in m.items():
        start[i] = hand.hands[s]
    d = hand.declarer
    assert d is not None and hand.contract is not None
    pos = _position(start, hand.contract, m[d], m[hand.leader], hand.play_state.played,
                    hand.play_rules)
    return pos, m


def declarer_tricks(p: Position | RussianHand, solver: Solver | None = None) -> int:
    """The declarer's total tricks with best play by everybody (tricks won so far included)."""
    pos = position(p)[0] if isinstance(p, RussianHand) else p
    return (solver or Solver()).solve(pos)


def card_table(p: Position | RussianHand, solver: Solver | None = None) -> dict[Card, int]:
    """For each legal card of the player to move, the declarer's total after it."""
    pos = position(p)[0] if isinstance(p, RussianHand) else p
    return (solver or Solver()).card_table(pos)


def misere_caught(p: Position | RussianHand, solver: Solver | None = None) -> bool:
    """True when the defenders can force the misère declarer to take a trick."""
    pos = position(p)[0] if isinstance(p, RussianHand) else p
    if pos.goal != "betl":
        raise IllegalAction("misere_caught: the contract is not misère")
    return (solver or Solver()).at_least(pos, 1)

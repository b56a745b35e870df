"""The exact solver on Balkan games: a thin adapter over :mod:`prefa.solver`.

The solver knows no ruleset: it takes a goal (``"tricks"`` or ``"betl"``)
and a trump suit.  This module maps a Balkan :class:`~prefa.balkan.contract.Game`
onto them, as :mod:`prefa.russian.solve` does for the Russian contracts:

- the four suit games are played for tricks with their suit as trumps;
  sans and preferans for tricks without trumps; betl is the solver's
  ``"betl"`` goal (the declarer wants no trick), without trumps;
- the play rules are the game's plain ones (follow suit, else trump:
  :meth:`~prefa.balkan.contract.Contract.play_rules`), unless a caller
  gives others (e.g. must-overtake, for the analysis of a variant);
- a defender who does not follow sits out (``out``): his hand is set aside.

The sampled lead evaluation of :mod:`prefa.analysis` is given the game's
goal, trump and the tricks the declarer needs (six in the suit games and
sans, every trick in preferans, none in betl): :func:`evaluate_leads` and
:func:`beaten`.

>>> from prefa.deal import Deal
>>> d = Deal.parse("HK D8 CT / SQ HJ CJ / S9 HA DA")
>>> declarer_tricks(position_from_deal(d, "betl", declarer=0, leader=1))
2
>>> declarer_tricks(position_from_deal(d, Game.SANS, declarer=0, leader=0))
0
"""

from __future__ import annotations

from collections.abc import Iterable

from ..analysis import LeadEvaluation, LeadReport
from ..analysis import beaten as _beaten
from ..analysis import evaluate_leads as _evaluate_leads
from ..cards import Card, CardSet, Suit
from ..deal import Deal
from ..errors import IllegalAction
from ..play import PlayRules
from ..solver import Position, Solver
from .contract import Game
from .hand import BalkanHand, Phase

__all__ = ["beaten", "card_table", "declarer_tricks", "evaluate_leads", "goal", "lead_evaluation", "need",
           "position", "position_from_deal"]


def _game(game: Game | str) -> Game:
    return game if isinstance(game, Game) else Game.find(str(game))


def goal(game: Game | str) -> tuple[str, Suit | None]:
    """The solver's goal and trump suit for a Balkan game.

    >>> goal("hearts"), goal(Game.BETL), goal("preferans")
    (('tricks', <Suit.HEARTS: 1>), ('betl', None), ('tricks', None))
    """
    g = _game(game)
    return ("betl" if g is Game.BETL else "tricks"), g.trump


def need(game: Game | str, hand_size: int = 10) -> int:
    """The tricks the declarer needs to make the game: six, every trick in
    preferans, none in betl (where one trick beats him).

    >>> need("clubs"), need("preferans"), need("preferans", 5), need("betl")
    (6, 10, 5, 0)
    """
    g = _game(game)
    return 0 if g is Game.BETL else hand_size if g is Game.PREFERANS else 6


def position_from_deal(deal: Deal, game: Game | str, declarer: int, leader: int,
                       played: Iterable[Card] | str = (), *, out: int | None = None,
                       rules: PlayRules | None = None) -> Position:
    """The solver's position after ``played`` (cards from the first lead) in a
    Balkan ``game`` (a :class:`Game` or a name :meth:`Game.find` accepts).

    ``rules`` replaces the game's plain play rules (it then carries the
    trump); ``out`` is a defender who sits out.  Each card is checked by
    :func:`prefa.play.legal_cards`.

    >>> p = position_from_deal(Deal.parse("SAK HA / SQJ H7 / ST9 HK"), "pik", 0, 0, "AS QS")
    >>> p.goal, p.rules.trump, p.to_move
    ('tricks', <Suit.SPADES: 0>, 2)
    """
    g, trump = goal(game)
    if rules is not None:
        trump = None  # the rules carry their own trump
    return Position.from_deal(deal, declarer, leader, played, trump=trump, goal=g, out=out,
                              rules=rules)


def position(hand: BalkanHand) -> Position:
    """The solver's position for a Balkan hand in play (with its deal): the
    hands as dealt (after the talon and the discard), the cards played so
    far, and the defender who sits out, if any.
    """
    if hand.phase is not Phase.PLAY or hand.play_state is None or hand.contract is None:
        raise IllegalAction(f"the solver needs a hand in play (the hand is at the "
                            f"{hand.phase.value} step)")
    if hand.hands is None and hand.deal is None:
        raise IllegalAction("the solver needs the hand's deal: every card must be known")
    ps = hand.play_state
    out = next((s for s in hand.seats if s not in ps.active), None)
    hands = tuple(hand.hands) if hand.hands is not None else hand.deal.hands  # type: ignore[union-attr]
    assert hand.declarer is not None
    return position_from_deal(Deal(tuple(hands)), hand.contract.game, hand.declarer,
                              hand.leader, ps.played, out=out)


def declarer_tricks(p: Position | BalkanHand, solver: Solver | None = None) -> int:
    """The declarer's total tricks with best play by everybody (tricks won so far included)."""
    pos = position(p) if isinstance(p, BalkanHand) else p
    return (solver or Solver()).solve(pos)


def card_table(p: Position | BalkanHand, solver: Solver | None = None) -> dict[Card, int]:
    """For each legal card of the player to move, the declarer's total after it."""
    pos = position(p) if isinstance(p, BalkanHand) else p
    return (solver or Solver()).card_table(pos)


def beaten(game: Game | str, tricks: int, hand_size: int = 10) -> bool:
    """True when the declarer's ``tricks`` lose the Balkan ``game``.

    >>> beaten("sans", 5), beaten("clubs", 6), beaten("betl", 1), beaten("preferans", 9)
    (True, False, True, True)
    """
    g, _trump = goal(game)
    return _beaten(tricks, goal=g, need=need(game, hand_size))


def evaluate_leads(hand: CardSet | str, game: Game | str, declarer: int, leader: int,
                   **options) -> LeadReport:
    """:func:`prefa.analysis.evaluate_leads` for a Balkan ``game``: its goal,
    trump and the tricks the declarer needs come from the game; the other
    keywords (``known``, ``voids``, ``seen``, ``out``, ``samples``, ``seed``,
    ``rules``, ``progress``, ``deck_size``, ``workers``) are passed on.

    >>> r = evaluate_leads("SAK7 HKQ DJ87 C97", "sans", declarer=0, leader=1, samples=8, seed=1)
    >>> r.samples, len(r.leads), 0 <= r.best.beat_chance <= 1
    (8, 10, True)
    """
    return _evaluate_leads(hand, declarer, leader, **_setting(game, options), **options)


def _setting(game: Game | str, options: dict) -> dict:
    """The solver's trump, goal and tricks needed for a Balkan ``game``."""
    g = _game(game)
    aim, trump = goal(g)
    if options.get("rules") is not None:
        trump = None  # the rules carry their own trump
    return {"trump": trump, "goal": aim, "need": None if g is Game.PREFERANS else 6}


def lead_evaluation(hand: CardSet | str, game: Game | str, declarer: int, leader: int,
                    **options) -> LeadEvaluation:
    """:class:`prefa.analysis.LeadEvaluation` (the evaluation a few layouts at a
    time) for a Balkan ``game``, with the keywords of :func:`evaluate_leads`
    but ``progress`` and ``workers``.

    >>> ev = lead_evaluation("SAK7 HKQ DJ87 C97", "sans", 0, 1, samples=2, seed=1)
    >>> ev.step(5), ev.report() == evaluate_leads("SAK7 HKQ DJ87 C97", "sans", 0, 1,
    ...                                          samples=2, seed=1)
    (2, True)
    """
    return LeadEvaluation(hand, declarer, leader, **_setting(game, options), **options)

"""The Priffe score: trick points, slams, honours, games, the rubber and the
individual settlement (seed 003, RULES.md §5).

Pure and table-driven: :func:`score_change` turns a :class:`HandResult` and
a :class:`RubberSheet` into a :class:`HandScore`, and :func:`score_hand`
returns the new sheet.  Every number comes from the
:class:`~prefa.priffe.options.ScoreTable` of the rules.

A hand with declarers (diamonds, hearts, play):

- the declarers need **seven** tricks, more than half.  They score 10 for
  each trick over six, plus 10 for a small slam (12 tricks) or 20 for a
  grand slam (13; the grand slam bonus replaces the small one);
- if they fail, the **defenders** score **double**: 20 for each of their
  tricks over six, and 20 or 40 for a slam.

Noll (misère): the declarers need to take **six tricks or fewer**.  They
score 10 for each trick under seven; if they fail, the defenders score 20
for each of *their* tricks under seven.  **Forced noll**: nobody declares;
the team that took six tricks or fewer scores 10 for each trick under seven,
never doubled.  (Our decision: the seed gives no slam bonus in noll.)

Games and the rubber (*robbert*):

- Only trick points **before doubling** count towards a game (the doubled
  part, slams, honours and bonuses count only in the totals).
- A team needs 30 trick points for its first game (bonus 10) and, once it
  has a game, 40 for its second (bonus 20).  A team that wins a game
  "closes" it: both teams start the next game from zero (our decision, as
  in whist and bridge: points over the target do not carry over).
- The rubber ends when one team has won two games.

Individual settlement: each team's total of every point it scored in the
rubber is added up; the loser's total is taken from the winner's and divided
by ten; each winner gets that many points and each loser loses as many, so
the four add up to zero.  (All scores are multiples of ten.)

>>> from prefa.priffe.contract import Contract
>>> s = RubberSheet.new()
>>> hand = HandResult(Contract.HEARTS, declarers=0, tricks=(9, 4), honours=(2, 1, 1, 1))
>>> ch = score_change(s, hand); ch.game_points, ch.honours, ch.total
((30, 0), (20, 0), (60, 0))
>>> ch.game_won
0
>>> s = score_hand(s, hand); s.games, s.game_points, s.totals
((1, 0), (0, 0), (60, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..errors import IllegalAction
from .contract import Contract
from .honours import honour_points
from .options import PriffeRules, ScoreTable
from .teams import TEAMS, other_team, team_seats


@dataclass(frozen=True, slots=True)
class HandResult:
    """What the score needs to know about one hand.

    ``declarers`` is the declaring team (``None`` for a forced noll),
    ``tricks`` the tricks of team 0 and team 1, ``honours`` how many of the
    contract's honour cards each seat was dealt (five trump honours by
    default, four aces or twos; at most five in all), ``bidder`` the seat whose
    bid won (for the record).
    """

    contract: Contract
    declarers: int | None
    tricks: tuple[int, int]
    honours: tuple[int, int, int, int] = (0, 0, 0, 0)
    bidder: int | None = None

    def __post_init__(self) -> None:
        t = tuple(self.tricks)
        if len(t) != 2 or any(x < 0 for x in t) or sum(t) != 13:
            raise IllegalAction(f"tricks {' '.join(map(str, t))}: expected two team counts "
                                "adding up to 13")
        if self.contract.has_declarers != (self.declarers is not None):
            raise IllegalAction(f"{self.contract}: " + ("a forced noll has no declarers"
                                if self.declarers is not None else "expected a declaring team"))
        if self.declarers is not None:
            team_seats(self.declarers)
        h = tuple(self.honours)
        if len(h) != 4 or any(x < 0 for x in h) or sum(h) > 5:
            raise IllegalAction(f"honours {' '.join(map(str, h))}: expected four counts, one "
                                "per seat, of at most five honour cards")

    @property
    def made(self) -> bool | None:
        """True when the declarers made the contract; ``None`` in a forced noll."""
        if self.declarers is None:
            return None
        t = self.tricks[self.declarers]
        return t <= 6 if self.contract.is_noll else t >= 7


@dataclass(frozen=True, slots=True)
class HandScore:
    """What one hand writes, for each team (team 0, team 1).

    ``game_points`` are the trick points that count towards a game;
    ``penalty`` the extra the doubling adds for defenders who beat the
    contract; ``slam`` the slam bonus; ``honours``; ``game_bonus`` 10 or 20
    when this hand wins a game.  ``scorer`` is the team that scored trick
    points (``None`` if nobody did), ``game_won`` the team that won a game
    with this hand, ``rubber_won`` the team that won the rubber.
    """

    game_points: tuple[int, int]
    penalty: tuple[int, int]
    slam: tuple[int, int]
    honours: tuple[int, int]
    game_bonus: tuple[int, int]
    scorer: int | None = None
    made: bool | None = None
    game_won: int | None = None
    rubber_won: int | None = None

    @property
    def total(self) -> tuple[int, int]:
        """Everything each team scores with this hand."""
        return tuple(self.game_points[t] + self.penalty[t] + self.slam[t] + self.honours[t]
                     + self.game_bonus[t] for t in (0, 1))  # type: ignore[return-value]


def _pair(team: int | None, value: int) -> tuple[int, int]:
    if team is None or not value:
        return (0, 0)
    return (value, 0) if team == 0 else (0, value)


def trick_points(result: HandResult, table: ScoreTable) -> tuple[int | None, int, int, int]:
    """``(team, game points, penalty, slam)``: who scores for the tricks and how much.

    >>> from prefa.priffe.options import STANDARD
    >>> trick_points(HandResult(Contract.PLAY, 1, (1, 12)), STANDARD)
    (1, 60, 0, 10)
    >>> trick_points(HandResult(Contract.HEARTS, 0, (5, 8)), STANDARD)   # 2 over six, doubled
    (1, 20, 20, 0)
    >>> trick_points(HandResult(Contract.FORCED_NOLL, None, (9, 4)), STANDARD)
    (1, 30, 0, 0)
    """
    t = result.tricks
    d = result.declarers
    if result.contract.is_noll:
        if d is None:
            team = 0 if t[0] <= 6 else 1
            doubled = False
        else:
            team = d if t[d] <= 6 else other_team(d)
            doubled = team != d
        n = 7 - t[team]
        per = table.penalty_trick if doubled else table.trick
        return team, n * table.trick, n * (per - table.trick), 0
    assert d is not None
    team = d if t[d] >= 7 else other_team(d)
    doubled = team != d
    n = t[team] - 6
    per = table.penalty_trick if doubled else table.trick
    slam = 0
    if t[team] == 13:
        slam = table.grand_penalty_slam if doubled else table.grand_slam
    elif t[team] == 12:
        slam = table.small_penalty_slam if doubled else table.small_slam
    return team, n * table.trick, n * (per - table.trick), slam


@dataclass(frozen=True, slots=True)
class RubberSheet:
    """The score of a rubber in progress (immutable).

    ``game_points`` are each team's trick points in the game being played,
    ``games`` the games each team has won, ``totals`` everything each team has
    scored in the rubber, ``history`` the :class:`HandScore` of each hand.
    """

    rules: PriffeRules = field(default_factory=PriffeRules)
    game_points: tuple[int, int] = (0, 0)
    games: tuple[int, int] = (0, 0)
    totals: tuple[int, int] = (0, 0)
    history: tuple[HandScore, ...] = field(default=(), repr=False)

    @classmethod
    def new(cls, rules: PriffeRules | None = None) -> RubberSheet:
        """A fresh rubber."""
        return cls(rules or PriffeRules())

    @property
    def table(self) -> ScoreTable:
        return self.rules.table

    def target(self, team: int) -> int:
        """The trick points ``team`` needs for its next game: 30, or 40 for a second."""
        return self.table.first_game_target if self.games[team] == 0 \
            else self.table.second_game_target

    @property
    def is_over(self) -> bool:
        """True when a team has won two games."""
        return max(self.games) >= 2

    @property
    def winner(self) -> int | None:
        """The team that won the rubber, or ``None`` while it goes on."""
        return self.games.index(2) if self.is_over else None

    def __str__(self) -> str:
        rows = [("", "team 0", "team 1"), ("games", *self.games),
                ("game points", *self.game_points), ("total", *self.totals)]
        lines = [f"{a:<12}{b:>8}{c:>8}" for a, b, c in rows]
        if self.is_over:
            lines.append(f"rubber won by team {self.winner}")
        return "\n".join(lines)


def score_change(sheet: RubberSheet, result: HandResult) -> HandScore:
    """What ``result`` writes on ``sheet`` (pure)."""
    if sheet.is_over:
        raise IllegalAction(f"the rubber is over: team {sheet.winner} has won two games")
    table = sheet.table
    team, game, penalty, slam = trick_points(result, table)
    honours = honour_points(result.honours, table)
    game_won = rubber_won = None
    bonus = (0, 0)
    if team is not None and sheet.game_points[team] + game >= sheet.target(team):
        game_won = team
        second = sheet.games[team] >= 1
        bonus = _pair(team, table.second_game if second else table.first_game)
        if second:
            rubber_won = team
    return HandScore(_pair(team, game), _pair(team, penalty), _pair(team, slam), honours,
                     bonus, team, result.made, game_won, rubber_won)


def apply_change(sheet: RubberSheet, change: HandScore) -> RubberSheet:
    """The sheet after writing ``change``."""
    gp = tuple(a + b for a, b in zip(sheet.game_points, change.game_points))
    games = list(sheet.games)
    if change.game_won is not None:
        games[change.game_won] += 1
        gp = (0, 0)
    totals = tuple(a + b for a, b in zip(sheet.totals, change.total))
    return replace(sheet, game_points=gp, games=tuple(games), totals=totals,  # type: ignore[arg-type]
                   history=sheet.history + (change,))


def score_hand(sheet: RubberSheet, result: HandResult) -> RubberSheet:
    """``(hand result, sheet) -> new sheet``; refuses a hand after the rubber ends."""
    return apply_change(sheet, score_change(sheet, result))


def play_rubber(results: Sequence[HandResult], rules: PriffeRules | None = None) -> RubberSheet:
    """The sheet after scoring ``results`` in order from a fresh rubber."""
    s = RubberSheet.new(rules)
    for r in results:
        s = score_hand(s, r)
    return s


# -- individual settlement ------------------------------------------------------------------
def settle(totals: Sequence[int]) -> tuple[int, int]:
    """Individual points of a member of team 0 and of team 1 from the team totals.

    The loser's total is taken from the winner's and divided by ten; each
    winner gains that, each loser loses it.

    >>> settle((310, 90)), settle((40, 140)), settle((70, 70))
    ((22, -22), (-10, 10), (0, 0))
    """
    a, b = totals
    if (a - b) % 10:
        raise IllegalAction(f"totals {a} and {b}: expected multiples of ten")
    units = (a - b) // 10
    return (units, -units)


def individual_points(sheet: RubberSheet, seating: Sequence[str]) -> dict[str, int]:
    """Each player's individual points for a finished rubber (``seating``: names by seat).

    >>> individual_points(RubberSheet(games=(2, 1), totals=(250, 120)), "ABCD")
    {'A': 13, 'B': -13, 'C': 13, 'D': -13}
    """
    if not sheet.is_over:
        raise IllegalAction("the rubber is not over: individual points are counted after it")
    if len(seating) != 4:
        raise IllegalAction(f"seating {tuple(seating)!r}: expected four players")
    units = settle(sheet.totals)
    return {seating[s]: units[s % 2] for s in range(4)}


def evening_points(rubbers: Sequence[tuple[Sequence[str], RubberSheet]]) -> dict[str, int]:
    """Every player's individual total over several rubbers ``(seating, sheet)``.

    The player with the most points is the winner of the evening.
    """
    out: dict[str, int] = {}
    for seating, sheet in rubbers:
        for name, pts in individual_points(sheet, seating).items():
            out[name] = out.get(name, 0) + pts
    return out


__all__ = [
    "TEAMS",
    "HandResult",
    "HandScore",
    "RubberSheet",
    "apply_change",
    "evening_points",
    "individual_points",
    "play_rubber",
    "score_change",
    "score_hand",
    "settle",
    "trick_points",
]

"""The options of Swedish Priffe and its two score tables (seed 003, RULES.md §5).

A :class:`ScoreTable` holds every number of the score: trick points, the
penalty (doubled) points, slams, the game bonuses, the points needed for a
game, and the honour rows.  The seed gives a main table and "a slightly
different" one; both are here, chosen by ``PriffeRules(score_table=...)``.

Honour rows are ``(team holds at least, one hand holds at least, points)``,
read from the top; the first row that fits is scored, none scores 0.  By
default the trump honours are the four cards A K Q J (``trump_honours``
below), like the four aces of *play* and the four twos of *noll*.  The rows
read "at least", so that they serve the option of five trump honours too.

- **standard** (the seed's main text): the team holding three honours scores
  20, four (or all five) 40, four (or five) in one hand 50; two or fewer: 0.
- **alternative** (the seed's second table): three honours *in one hand*
  score 20, three in one hand and another with the partner 40, four in one
  hand 50.  Honours split two and one, or two and two, score nothing.

The trick numbers of the two tables are the same: 10 a trick, 20 a trick
for defenders who beat the contract, slams 10 and 20 (20 and 40 for the
defenders), games 10 and 20.

>>> PriffeRules().table.honours
((4, 4, 50), (4, 0, 40), (3, 0, 20))
>>> PriffeRules(score_table="alternative").table.honours
((4, 4, 50), (4, 3, 40), (3, 3, 20))
>>> PriffeRules(score_table="bridge")
Traceback (most recent call last):
...
prefa.errors.RuleOptionError: score_table='bridge': expected 'standard' or 'alternative'

The options are read and written as ``name=value`` words by the methods
every ruleset shares (:class:`prefa.options.RuleOptions`):

>>> PriffeRules().with_options(trump_honours="AKQJT").trump_honours
'AKQJT'
>>> PriffeRules(score_table="alternative").options_text()
'score_table=alternative'
>>> PriffeRules.parse("score_table=alternative trump_honours=AKQJT")
PriffeRules(score_table='alternative', trump_honours='AKQJT')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import RuleOptionError
from ..options import RuleOptions


@dataclass(frozen=True, slots=True)
class ScoreTable:
    """Every number of the Priffe score (see the module docstring)."""

    name: str
    trick: int = 10
    """Each trick over six (under seven in noll) for the side that wins."""
    penalty_trick: int = 20
    """The same, for defenders who beat the declarers (double)."""
    small_slam: int = 10
    """Twelve tricks (or six over the book)."""
    grand_slam: int = 20
    """All thirteen tricks (replaces the small slam bonus)."""
    small_penalty_slam: int = 20
    """The defenders take twelve tricks against the declarers."""
    grand_penalty_slam: int = 40
    """The defenders take all thirteen."""
    first_game_target: int = 30
    """Trick points a team needs for its first game of the rubber."""
    second_game_target: int = 40
    """Trick points a team that already has a game needs for its second."""
    first_game: int = 10
    """Bonus for a team's first game."""
    second_game: int = 20
    """Bonus for a team's second game (it wins the rubber)."""
    honours: tuple[tuple[int, int, int], ...] = ((4, 4, 50), (4, 0, 40), (3, 0, 20))
    """Rows ``(team holds >=, one hand holds >=, points)``, the first fit scores."""


STANDARD = ScoreTable("standard")
"""The seed's main score: honours counted for the team."""

ALTERNATIVE = ScoreTable("alternative", honours=((4, 4, 50), (4, 3, 40), (3, 3, 20)))
"""The seed's "slightly different" table: honours count with three in one hand."""

SCORE_TABLES = {t.name: t for t in (STANDARD, ALTERNATIVE)}

TRUMP_HONOURS = ("AKQJ", "AKQJT")
"""The two readings of the trump honours (see :class:`PriffeRules`)."""


@dataclass(frozen=True, slots=True)
class PriffeRules(RuleOptions):
    """Options of the Priffe ruleset with their defaults.

    ``with_options``, ``parse_option``, ``parse`` and ``options_text`` come
    from :class:`~prefa.options.RuleOptions`.

    - ``score_table``: ``standard`` (the seed's main text) or ``alternative``
      (the seed's second table).
    - ``trump_honours``: ``AKQJ`` (default) or ``AKQJT``.  The rules digest
      (RULES.md §5) decides for four trump honours, A K Q J, like the four
      aces of *play* and the four twos of *noll*: it is the only reading
      under which the seed's honour score (2: 0, 3: 20, 4: 40, four in one
      hand: 50) covers every case.  ``AKQJT`` is the seed's caption
      ("AKQJ 10") read literally, five trump honours; the rows then read "at
      least": a team holding all five scores as four (40), four or five in
      one hand 50.
    """

    score_table: str = "standard"
    trump_honours: str = "AKQJ"

    def __post_init__(self) -> None:
        if self.score_table not in SCORE_TABLES:
            raise RuleOptionError(f"score_table={self.score_table!r}: expected 'standard' "
                                  "or 'alternative'")
        if self.trump_honours not in TRUMP_HONOURS:
            raise RuleOptionError(f"trump_honours={self.trump_honours!r}: expected 'AKQJ' "
                                  "or 'AKQJT'")

    @property
    def table(self) -> ScoreTable:
        """The score table in use."""
        return SCORE_TABLES[self.score_table]

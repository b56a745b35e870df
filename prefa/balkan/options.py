"""The options of Balkan preferans, named after the rule texts (RULES.md §1).

Every variant is an option value, never a copy of code.  Defaults are the
digest's decisions:

>>> r = BalkanRules()
>>> r.players, r.starting_bule, r.refe_limit, r.max_number, r.kontra_limit
(3, 100, 3, 7, 16)
>>> BalkanRules(preferans_game=True).max_number
8
>>> BalkanRules(starting_bule=99)
Traceback (most recent call last):
...
prefa.errors.RuleOptionError: starting_bule=99: expected an even positive number (30, 60, 100, 120, 150...)

The options are read and written as ``name=value`` words (hand records, the
command line) by the methods every ruleset shares
(:class:`prefa.options.RuleOptions`):

>>> BalkanRules.parse_option("preferans_game=yes")
('preferans_game', True)
>>> BalkanRules(kontra_limit=8, igra_tie="later").options_text()
'igra_tie=later kontra_limit=8'
>>> BalkanRules.parse("igra_tie=later kontra_limit=8") == BalkanRules(kontra_limit=8, igra_tie="later")
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import RuleOptionError
from ..options import RuleOptions


@dataclass(frozen=True, slots=True)
class BalkanRules(RuleOptions):
    """Options of the Balkan ruleset with their defaults (RULES.md §1).

    ``with_options``, ``parse_option``, ``parse`` and ``options_text`` come
    from :class:`~prefa.options.RuleOptions`.
    """

    players: int = 3
    """3, or 4 with the dealer sitting out each hand."""
    starting_bule: int = 100
    """Bule each player starts with: any even positive number (30, 60, 100, 120, 150...)."""
    refe_per_bule: int = 30
    """At most one refe round per this many starting bule (100 → 3 refe)."""
    max_refe: int | None = None
    """An explicit refe limit, overriding ``refe_per_bule``."""
    preferans_game: bool = False
    """Allow the game *preferans* (value 8, all ten tricks; "Balkanski" text)."""
    igra_tie: str = "earlier"
    """When two igra players name the same game: ``earlier`` seat wins (default)
    or ``later`` seat wins (the "Balkanski" text)."""
    kontra_limit: int = 16
    """Highest kontra factor: 16 (up to mortkontra) or 8 (Croatian rules stop at subkontra)."""
    spades_needs_kontra: bool = True
    """A spades game bought with the talon is played only after a kontra."""
    stop_at_five: bool = False
    """Play stops once the defenders hold 5 tricks (trump games and sans)."""
    reduced_supe_at_end: bool = False
    """When the last pass is cut down to reach zero, the defenders' supe per
    trick are cut down too (Croatian text); by default they stay full."""
    double_fall_at: int = 0
    """When the bule still to play (the sum of all bule) are this many or
    fewer, a player who falls writes his fall twice; the supe stay as they
    are.  0: never (the v1.2 rules' "the fall is written as usual"); the
    "Balkanski" text plays it at 2 ("double fall when playing for 2")."""
    bargaining: bool = False
    """When one defender follows alone, he and the declarer may agree on his
    tricks instead of playing the hand (the v1.2 rules, ch. 16: "Daješ
    tri?" "Da."); the hand is written as if played with those tricks."""
    culprit_takes_fall: bool = False
    """The table may name the defender whose fault (a follow without the
    holdings the rules ask, a gross error) made his partner fall: he falls
    in his partner's place and writes the defence's supe, his partner writes
    nothing (the v1.2 rules, ch. 16; the strategy text).  If he fell too,
    each keeps his own fall."""
    missed_kontra_bule: int = 0
    """A first defender holding four trumps and the five top cards of another
    suit must give kontra; if he does not, he falls for this many bule (the
    Serbian rules page: 20).  0: no such penalty.  Needs the deal."""
    subkontra_by_partner: bool = False
    """After a rekontra the subkontra is given by the defender who did not give
    the kontra (the tournament rules); the kontra-giver still answers for the
    defence."""
    reentry_kontra: bool = False
    """The first defender who passed may come back in, only by saying kontra,
    when the other follows alone (the tournament rules: with two side suits
    of all the high cards, a holding the table judges)."""

    def __post_init__(self) -> None:
        if self.players not in (3, 4):
            raise RuleOptionError(f"players={self.players!r}: expected 3 or 4")
        if not isinstance(self.starting_bule, int) or self.starting_bule <= 0 \
                or self.starting_bule % 2:
            raise RuleOptionError(f"starting_bule={self.starting_bule!r}: expected an even "
                                  "positive number (30, 60, 100, 120, 150...)")
        if self.refe_per_bule <= 0:
            raise RuleOptionError(f"refe_per_bule={self.refe_per_bule!r}: expected a positive number")
        if self.max_refe is not None and self.max_refe < 0:
            raise RuleOptionError(f"max_refe={self.max_refe!r}: expected a number >= 0")
        if self.igra_tie not in ("earlier", "later"):
            raise RuleOptionError(f"igra_tie={self.igra_tie!r}: expected 'earlier' or 'later'")
        if self.kontra_limit not in (2, 4, 8, 16):
            raise RuleOptionError(f"kontra_limit={self.kontra_limit!r}: expected 2, 4, 8 or 16")
        for name in ("double_fall_at", "missed_kontra_bule"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise RuleOptionError(f"{name}={v!r}: expected a whole number >= 0")

    @property
    def refe_limit(self) -> int:
        """How many refe rounds may be written in one game."""
        if self.max_refe is not None:
            return self.max_refe
        return self.starting_bule // self.refe_per_bule

    @property
    def max_number(self) -> int:
        """The highest number of the auction: 7, or 8 with the preferans game."""
        return 8 if self.preferans_game else 7

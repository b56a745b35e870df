"""The options of Russian preferans, named after the rules (RULES.md §3, seed 004).

The default is the Sochi game (*сочинка*, *sochinka*) as seed 004 describes
it, with the seed's duty to overtake switched on.  Every variant is an option
value, never a copy of code:

- ``variant``: :attr:`Variant.SOCHI` (default), :attr:`Variant.LENINGRAD`
  (*ленинградка*: gora and whists doubled when written, the pool doubled at
  the settlement) or :attr:`Variant.ROSTOV` (*ростов*: a failed contract
  writes no gora but 5 whists per opponent per undertrick; whisters'
  penalties halved);
- ``must_overtake``: follow suit with a card higher than every card already
  in the trick when you have one (default on; many clubs play without it);
- ``must_overtrump``: trump higher than an earlier trump when you can
  (``None``, the default, means "the same as ``must_overtake``", as the seed
  states both duties in one sentence);
- ``pool_target``: the agreed size of each player's pool (*пуля*, 10);
- ``pools_to_finish``: how many players must fill their pool to end the game
  (2: "as soon as at least two players fill their pool columns");
- ``whists_per_pool``: the conversion at the settlement (10 whists = 1 pool);
- ``players``: 3, or 4 for *Gusarik* (*гусарик*: the dealer sits out);
- ``whist_quota``: the whisters' duty to take a minimum number of tricks
  (off by default: seed 004 states none; see :mod:`prefa.russian.scoring`).

>>> r = RussianRules()
>>> r.variant, r.must_overtake, r.pool_target, r.whists_per_pool, r.players
(Variant.SOCHI, True, 10, 10, 3)
>>> r.overtrump
True
>>> RussianRules(variant="leningrad").variant
Variant.LENINGRAD
>>> RussianRules(players=5)
Traceback (most recent call last):
...
prefa.errors.RuleOptionError: players=5: expected 3, or 4 (Gusarik: the dealer sits out)

The options are read and written as ``name=value`` words (records and quiz
files) by the methods every ruleset shares (:class:`prefa.options.RuleOptions`);
``must_overtrump=none`` or ``=same`` sets it back to "as ``must_overtake``":

>>> RussianRules.parse_option("must-overtake=no")
('must_overtake', False)
>>> RussianRules.parse_option("variant=rostov"), RussianRules.parse_option("must_overtrump=same")
(('variant', Variant.ROSTOV), ('must_overtrump', None))
>>> RussianRules.from_text("variant=leningrad players=4")
RussianRules(variant=Variant.LENINGRAD, players=4)
>>> RussianRules(variant="rostov", must_overtrump=False).options_text()
'variant=rostov must_overtrump=false'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import ClassVar

from ..errors import RuleOptionError
from ..options import RuleOptions


class Variant(enum.Enum):
    """The scoring variant (seed 004, "Variações comuns")."""

    SOCHI = "sochi"
    """Сочинка: the rules as seed 004 describes them (default)."""
    LENINGRAD = "leningrad"
    """Ленинградка: gora and whists doubled when written; pool doubled at the settlement."""
    ROSTOV = "rostov"
    """Ростов: gora of a failed contract replaced by 5 whists per opponent per
    undertrick; whisters' penalties halved."""

    @classmethod
    def find(cls, text: str | Variant) -> Variant:
        """Parse a variant name (English or Russian).

        >>> Variant.find("Сочи"), Variant.find("rostov")
        (Variant.SOCHI, Variant.ROSTOV)
        """
        if isinstance(text, Variant):
            return text
        v = _VARIANT_WORDS.get(str(text).strip().lower())
        if v is None:
            raise RuleOptionError(f"variant={text!r}: expected sochi, leningrad or rostov")
        return v

    def __repr__(self) -> str:
        return f"Variant.{self.name}"

    def __str__(self) -> str:
        return self.value


_VARIANT_WORDS = {"sochi": Variant.SOCHI, "сочи": Variant.SOCHI, "сочинка": Variant.SOCHI,
                  "sochinka": Variant.SOCHI, "leningrad": Variant.LENINGRAD,
                  "ленинград": Variant.LENINGRAD, "ленинградка": Variant.LENINGRAD,
                  "leningradka": Variant.LENINGRAD, "rostov": Variant.ROSTOV,
                  "ростов": Variant.ROSTOV}


@dataclass(frozen=True, slots=True)
class RussianRules(RuleOptions):
    """Options of the Russian ruleset with their defaults (RULES.md §3).

    ``with_options``, ``parse_option``, ``parse`` (or ``from_text``) and
    ``options_text`` come from :class:`~prefa.options.RuleOptions`.
    """

    OPTION_WORDS: ClassVar[Mapping[str, Mapping[str, object]]] = {
        "must_overtrump": {"same": None}}

    variant: Variant = Variant.SOCHI
    """Sochi (default), Leningrad or Rostov scoring."""
    must_overtake: bool = True
    """Following suit, beat every card already in the trick when you can (seed 004)."""
    must_overtrump: bool | None = None
    """Trumping, beat an earlier trump when you can; ``None``: as ``must_overtake``."""
    pool_target: int = 10
    """The agreed pool (*пуля*) each player fills."""
    pools_to_finish: int = 2
    """The game ends once this many players have filled their pool."""
    whists_per_pool: int = 10
    """Whists worth one pool point at the settlement."""
    players: int = 3
    """3, or 4 (Gusarik: the dealer sits out each hand)."""
    whist_quota: bool = False
    """Whisters must take a minimum share of tricks (off: seed 004 states none)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "variant", Variant.find(self.variant))
        if self.players not in (3, 4):
            raise RuleOptionError(f"players={self.players!r}: expected 3, or 4 "
                                  "(Gusarik: the dealer sits out)")
        for name in ("pool_target", "whists_per_pool"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
                raise RuleOptionError(f"{name}={v!r}: expected a positive whole number")
        if not isinstance(self.pools_to_finish, int) or not 1 <= self.pools_to_finish <= 3:
            raise RuleOptionError(f"pools_to_finish={self.pools_to_finish!r}: expected 1, 2 or 3")

    @property
    def overtrump(self) -> bool:
        """Whether a player who trumps must beat an earlier trump."""
        return self.must_overtake if self.must_overtrump is None else self.must_overtrump

    @property
    def write_factor(self) -> int:
        """What gora and whists are multiplied by when written (2 in Leningrad)."""
        return 2 if self.variant is Variant.LENINGRAD else 1

    @property
    def settlement_pool_factor(self) -> int:
        """What the pool is multiplied by at the settlement (2 in Leningrad)."""
        return 2 if self.variant is Variant.LENINGRAD else 1

    def __repr__(self) -> str:
        base = RussianRules()
        parts = [f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                 if getattr(self, f.name) != getattr(base, f.name)]
        return f"RussianRules({', '.join(parts)})"

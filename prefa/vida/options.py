"""The options of Greek Vida, named after the rule texts (RULES.md §4, seed 002).

A variant is an option value, never a copy of code.  The defaults:

>>> r = VidaRules()
>>> r.game_target, r.bidders_must_beat_opponents, r.max_vidas
(3500, True, 4)
>>> VidaRules(game_target=5000).game_target
5000
>>> VidaRules(game_target=4000)
Traceback (most recent call last):
...
prefa.errors.RuleOptionError: game_target=4000: expected 3500 or 5000
>>> VidaRules.parse_option("bidders_must_beat_opponents=no")
('bidders_must_beat_opponents', False)
>>> VidaRules(bidders_must_beat_opponents=False).options_text()
'bidders_must_beat_opponents=false'
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from ..errors import RuleOptionError


@dataclass(frozen=True, slots=True)
class VidaRules:
    """Options of the Vida ruleset with their defaults."""

    game_target: int = 3500
    """The game ends when a team reaches this total: 3500 or 5000, as agreed."""
    bidders_must_beat_opponents: bool = True
    """The bidding team must reach its bid *and* hold more points than the
    other team (melds included).  ``False`` is the variant "reaching the bid
    is enough"."""
    max_vidas: int = 4
    """How many doublings may follow each other in one auction: vida (×2),
    kontra-vida (×4), vida again (×8), kontra-vida again (×16)."""
    belote_kept_when_lost: bool = True
    """The belote (trump K and Q in one hand, 20) stays with its team even when
    that team loses the hand.  ``False``: a losing team writes nothing at all."""
    min_bid: int = 80
    """The lowest bid."""
    capot_bid: int = 250
    """A bid of this number or more promises every trick (capot, καπό)."""

    def __post_init__(self) -> None:
        if self.game_target not in (3500, 5000):
            raise RuleOptionError(f"game_target={self.game_target!r}: expected 3500 or 5000")
        if self.max_vidas not in (0, 1, 2, 3, 4):
            raise RuleOptionError(f"max_vidas={self.max_vidas!r}: expected 0 to 4")
        if self.min_bid <= 0 or self.min_bid % 10:
            raise RuleOptionError(f"min_bid={self.min_bid!r}: expected a positive multiple of 10")
        if self.capot_bid <= self.min_bid or self.capot_bid % 10:
            raise RuleOptionError(f"capot_bid={self.capot_bid!r}: expected a multiple of 10 "
                                  f"above min_bid ({self.min_bid})")

    def with_options(self, **changes: object) -> VidaRules:
        """A copy with some options changed (validated)."""
        return replace(self, **changes)

    @classmethod
    def parse_option(cls, text: str) -> tuple[str, object]:
        """Parse ``name=value`` for one option (records, the command line)."""
        name, eq, value = text.partition("=")
        name = name.strip().replace("-", "_")
        known = {f.name for f in fields(cls)}
        if name not in known or not eq:
            raise RuleOptionError(f"bad option {text!r}: expected NAME=VALUE with NAME one of "
                                  + ", ".join(sorted(known)))
        v = value.strip().lower()
        if isinstance(getattr(cls(), name), bool):
            if v in ("1", "true", "yes", "on"):
                return name, True
            if v in ("0", "false", "no", "off"):
                return name, False
            raise RuleOptionError(f"bad option {text!r}: expected yes or no")
        try:
            return name, int(v)
        except ValueError:
            raise RuleOptionError(f"bad option {text!r}: expected a whole number") from None

    @classmethod
    def from_text(cls, text: str) -> VidaRules:
        """Rules from ``name=value`` words (the ``options`` of a record).

        >>> VidaRules.from_text("game_target=5000 max_vidas=2").max_vidas
        2
        """
        return cls(**dict(cls.parse_option(w) for w in text.split()))

    def options_text(self) -> str:
        """The options that differ from the defaults, as ``name=value`` words."""
        base = VidaRules()
        out = []
        for f in fields(self):
            v = getattr(self, f.name)
            if v != getattr(base, f.name):
                out.append(f"{f.name}={str(v).lower() if isinstance(v, bool) else v}")
        return " ".join(out)

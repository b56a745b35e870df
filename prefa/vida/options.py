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

The options are read and written as ``name=value`` words (records, the
command line) by the methods every ruleset shares
(:class:`prefa.options.RuleOptions`):

>>> VidaRules.parse_option("bidders_must_beat_opponents=no")
('bidders_must_beat_opponents', False)
>>> VidaRules(bidders_must_beat_opponents=False).options_text()
'bidders_must_beat_opponents=false'
>>> VidaRules.from_text("game_target=5000 max_vidas=2").max_vidas
2
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import RuleOptionError
from ..options import RuleOptions


@dataclass(frozen=True, slots=True)
class VidaRules(RuleOptions):
    """Options of the Vida ruleset with their defaults.

    ``with_options``, ``parse_option``, ``parse`` (or ``from_text``) and
    ``options_text`` come from :class:`~prefa.options.RuleOptions`.
    """

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

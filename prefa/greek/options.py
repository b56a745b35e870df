"""The options of Greek Prefa (Πρέφα), named after the rules they switch (RULES.md §2).

Every variant is an option value, never a copy of code.  The defaults are the
rules digest's decisions:

>>> r = GreekRules()
>>> r.players, r.kasa, r.blind_take, r.prefa_bid, r.four_aces, r.lick
(3, 30, True, False, True, True)
>>> GreekRules(kasa=40).kasa
40
>>> GreekRules(players=5)
Traceback (most recent call last):
...
prefa.errors.RuleOptionError: players=5: expected 3, or 4 with the tembelis (τεμπέλης) sitting out

The options are read and written as ``name=value`` words (the ``options:``
line of a record) by the methods every ruleset shares
(:class:`prefa.options.RuleOptions`):

>>> GreekRules.parse_option("prefa_bid=yes")
('prefa_bid', True)
>>> GreekRules(kasa=40, prefa_bid=True).options_text()
'kasa=40 prefa_bid=true'
>>> GreekRules.parse("players=4 kasa=40").players
4

Decisions taken where the seed leaves a choice open:

- ``kasa`` defaults to 30: the seed calls both 30 and 40 usual, and its
  worked end-of-game example starts from 30.
- ``prefa_value`` is 60 kapikia (the seed says 60–70 "by agreement"), half
  from each of the two other players.
- ``aces_doubled_on_solo`` is off: the seed says players must agree, and that
  paying the aces once is "probably right".
- The tembelis (the fourth player, who deals and sits out) is paid 25 kapikia
  when the buyer goes one down and 50 when he goes two or more down; with
  ``tembelis_by_level`` he is paid 25 at the six-trick level and 50 from seven
  tricks up instead (the seed states both readings).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import RuleOptionError
from ..options import RuleOptions


@dataclass(frozen=True, slots=True)
class GreekRules(RuleOptions):
    """Options of the Greek ruleset with their defaults (RULES.md §2).

    ``with_options``, ``parse_option``, ``parse`` and ``options_text`` come
    from :class:`~prefa.options.RuleOptions`.
    """

    players: int = 3
    """3, or 4: then the dealer is the tembelis (τεμπέλης) and sits the hand out."""
    kasa: int = 30
    """The kasa (κάσα) each player starts with; 1 kasa = 10 kapikia.  30 and 40 are usual."""
    blind_take: bool = True
    """The blind take "τα παίρνω" / "τα γράφω" may be said by a player before whom
    everybody passed."""
    prefa_bid: bool = False
    """The "Πρέφα" bid: the highest call, which ends the auction; the caller must
    keep ten cards of rank 10 or lower out of his twelve."""
    prefa_value: int = 60
    """Kapikia a Πρέφα is worth: paid to the caller (half by each other player)
    when he makes it, paid by him (half to each) when he does not."""
    four_aces: bool = True
    """The buyer holding all four aces may declare them with his contract ("και οι άσοι")."""
    aces_doubled_on_solo: bool = False
    """The four aces are paid double when the buyer goes two or more down (σόλο)."""
    tembelis_paid: bool = True
    """With four players the tembelis is paid when the buyer goes down (τεμπελίστικα)."""
    tembelis_by_level: bool = False
    """Pay the tembelis 25 at six tricks and 50 from seven up, instead of 25 one
    down and 50 two or more down."""
    lick: bool = True
    """γλύφω: a buyer whose kasa is empty lowers the largest remaining kasa and is
    paid its value in kapikia by its owner."""

    def __post_init__(self) -> None:
        if self.players not in (3, 4):
            raise RuleOptionError(f"players={self.players!r}: expected 3, or 4 with the "
                                  "tembelis (τεμπέλης) sitting out")
        if not isinstance(self.kasa, int) or isinstance(self.kasa, bool) or self.kasa <= 0:
            raise RuleOptionError(f"kasa={self.kasa!r}: expected a positive whole number "
                                  "(30 and 40 are usual)")
        if not isinstance(self.prefa_value, int) or self.prefa_value <= 0 \
                or self.prefa_value % 2:
            raise RuleOptionError(f"prefa_value={self.prefa_value!r}: expected a positive even "
                                  "number of kapikia (half is paid by each other player)")

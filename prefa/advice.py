"""The answer object every convention returns.

A convention answers a question a player faces (follow or pass? which lead?
which discard?) with an :class:`Advice`: the recommended action(s), the
convention that produced it (a stable id and a short human name), the reason
in a sentence or two a teacher would say, and, where schools of play differ,
each named school's own answer.

>>> a = Advice(actions=("follow",), convention="whist.two-trump-tricks",
...            name="Two trump tricks", reason="Two sure trump tricks are enough to follow.")
>>> a.action, str(a)
('follow', 'follow — Two trump tricks: Two sure trump tricks are enough to follow.')

:meth:`Advice.words` is the same advice as a card player reads it, cards drawn
with their suit signs (:func:`prefa.cards.signs`):

>>> Advice(("KD",), "lead.x", "Top of a sequence", "Lead KD from KQJ.").words()
'K♦ — Top of a sequence: Lead K♦ from KQJ.'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .cards import SUIT_WORDS, signs
from .i18n import _

_SUIT = re.compile(r"[SHDC]")


def action_text(action: str) -> str:
    """One action as people read it: a card ``KD`` as ``K♦``, a suit letter ``D`` as
    ``diamonds`` (in the learner's language); any other action (``follow``, ``2``) as it is.

    >>> [action_text(a) for a in ("KD", "TS", "D", "follow", "2")]
    ['K♦', '10♠', 'diamonds', 'follow', '2']
    """
    if _SUIT.fullmatch(action):
        return _(SUIT_WORDS["SHDC".index(action)])
    return signs(action)


@dataclass(frozen=True, slots=True)
class Advice:
    """A convention's answer.

    ``actions`` are the recommended actions, best first, as text the engine
    parses (a card name such as ``"KH"``, a decision such as ``"follow"``, a
    call such as ``"3"``); ``convention`` is a stable dotted id
    (``"lead.top-of-sequence"``); ``name`` a short human name; ``reason``
    one or two sentences; ``schools`` maps a school's name to its own Advice
    where schools disagree (empty when they agree); ``source`` names the seed
    text the convention comes from; ``school`` names the school whose answer
    this is when schools differ (empty for the kit's own default reading).
    """

    actions: tuple[str, ...]
    convention: str
    name: str
    reason: str
    schools: dict[str, Advice] = field(default_factory=dict, compare=False, hash=False)
    source: str = ""
    school: str = field(default="", compare=False)

    @property
    def action(self) -> str:
        """The first recommended action."""
        return self.actions[0] if self.actions else ""

    def __str__(self) -> str:
        return f"{' or '.join(self.actions) or '-'} — {self.name}: {self.reason}"

    def words(self) -> str:
        """The advice as a card player reads it: cards with their suit signs (``K♦``),
        suits by name; the rest as :meth:`__str__` gives it."""
        actions = _(" or ").join(action_text(a) for a in self.actions) or "-"
        return f"{actions} — {self.name}: {signs(self.reason)}"

    def to_json(self) -> dict:
        """A plain dict for ``--json`` output and the static site."""
        return {"actions": list(self.actions), "convention": self.convention,
                "name": self.name, "reason": self.reason, "source": self.source,
                "schools": {k: v.to_json() for k, v in self.schools.items()}}

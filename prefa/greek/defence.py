"""The defenders' answer to the buyer: play or pass, alone or taking the other along.

After the declaration the two defenders (οι αμυνόμενοι, also κοντραδόροι)
speak: first the one at the buyer's right (the next seat in playing order),
then the other (seed 000, RULES.md §2).

**Obligations.**  Together the defenders must take ``10 − contract`` tricks.
Each also has a *personal* obligation (:data:`PERSONAL`):

========  ================  =================
contract  first defender    second defender
========  ================  =================
6         2                 2
7         2                 1
8         1                 1
9         one trick between them (either may take it)
10        none              none
========  ================  =================

The personal obligation matters only when the two together fall short; if
they reach the total, nobody is "in" (μέσα), whoever took the tricks.

**Decisions**, each case of the seed (words: ``play`` παίζω, ``pass`` πάσο,
``alone`` μόνος, ``along`` μαζί / "παίζεις κι εσύ" / "έλα κι εσύ" / "πάμε μαζί"):

1. both pass (``pass, pass``): nothing is played; the buyer lowers his kasa;
2. both play (``play, play``): each answers for his personal obligation;
3. the first plays, the second passes; the first then plays ``alone``
   (``play, pass, alone``: his personal obligation) or takes the other
   ``along`` (``play, pass, along``);
4. the first passes; the second may pass (as 1), take the first ``along``
   at once (``pass, along``), or say ``play``; then the first speaks again:
   ``pass`` leaves him to play alone (``pass, play, pass``), ``along`` takes
   him along after all (``pass, play, along``).

Whoever takes the other along answers for the tricks of both
(``10 − contract`` together) and receives or pays everything the other would
have: the other plays his cards but bears nothing.

Decisions where the seed is silent: a defender playing alone owes the
personal obligation of his seat (so the second defender alone at 7 owes one
trick); at 9 the one trick is shared, and if two defenders playing side by
side miss it, each pays half of the charge (so the buyer receives what a
single defender would pay); a defender who passes and is not taken along
lays his cards aside, and the tricks then have two cards.

>>> from prefa.greek.contract import Contract
>>> d = Defence(buyer=0, defenders=(1, 2), contract=Contract.parse("8S"))
>>> d.decide("play"); d.decide("πάσο"); d.legal()
[Decision.ALONE, Decision.ALONG]
>>> d.decide("παίζεις κι εσύ"); o = d.outcome()
>>> sorted(o.playing), o.along_by, o.obligations
([1, 2], 1, (Obligation(answerable=(1,), counted=(1, 2), tricks=2),))
>>> obligation_text(o)
'2 together'
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import IllegalAction
from ..handflow import check_text
from .contract import Contract, fold


class Decision(enum.Enum):
    """A defender's word."""

    PLAY = "play"
    PASS = "pass"
    ALONE = "alone"
    ALONG = "along"

    @classmethod
    def find(cls, text: str) -> Decision:
        """Parse an English or Greek word (παίζω, πάσο, μόνος, μαζί, παίζεις κι εσύ...)."""
        text = check_text(text, "defence decision", "play, pass, alone or along")
        d = _WORDS.get(fold(text))
        if d is None:
            raise IllegalAction(f"bad defence decision {text.strip()!r}: expected play (παίζω), "
                                "pass (πάσο), alone (μόνος) or along (μαζί, παίζεις κι εσύ)")
        return d

    @property
    def greek(self) -> str:
        """The word at the table: παίζω, πάσο, μόνος, μαζί."""
        return {"play": "παίζω", "pass": "πάσο", "alone": "μόνος", "along": "μαζί"}[self.value]

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Decision.{self.name}"


_WORDS: dict[str, Decision] = {d.value: d for d in Decision}
for _w in ("παιζω", "paizo", "παιζουμε"):
    _WORDS[_w] = Decision.PLAY
for _w in ("πασο", "paso", "p", "δεν παιζω"):
    _WORDS[_w] = Decision.PASS
for _w in ("μονοσ", "monos", "παιζω μονοσ"):
    _WORDS[_w] = Decision.ALONE
for _w in ("μαζι", "mazi", "παιζεισ κι εσυ", "παιξε κι εσυ", "ελα κι εσυ", "ελα κι εσυ μαζι",
           "παμε μαζι", "παιζουμε ολοι μαζι", "παιζεισ μαζι μου", "take along", "with me"):
    _WORDS[_w] = Decision.ALONG


PERSONAL: dict[int, tuple[int, int] | None] = {6: (2, 2), 7: (2, 1), 8: (1, 1), 9: None,
                                               10: (0, 0)}
"""Personal obligations (first defender, second defender) by the contract's tricks;
``None`` at 9: one trick between them."""


def personal_obligation(tricks: int, first: bool) -> int:
    """The tricks a defender owes on his own: by :data:`PERSONAL`, and one at 9.

    >>> [personal_obligation(n, True) for n in (6, 7, 8, 9, 10)]
    [2, 2, 1, 1, 0]
    >>> [personal_obligation(n, False) for n in (6, 7, 8, 9, 10)]
    [2, 1, 1, 1, 0]
    """
    p = PERSONAL[tricks]
    if p is None:
        return 1
    return p[0] if first else p[1]


@dataclass(frozen=True, slots=True)
class Obligation:
    """Tricks owed to the buyer: the tricks of ``counted`` must reach ``tricks``;
    if they do not, ``answerable`` pays (two seats share the charge at 9)."""

    answerable: tuple[int, ...]
    counted: tuple[int, ...]
    tricks: int

    def __str__(self) -> str:
        who = " and ".join(f"seat {s}" for s in self.answerable)
        if len(self.counted) > 1 and len(self.answerable) == 1:
            return f"{who} answers for {self.tricks} tricks of both defenders"
        return f"{who} must take {self.tricks}" + (" between them" if len(self.answerable) > 1
                                                     else "")


@dataclass(frozen=True, slots=True)
class DefenceOutcome:
    """What the defence decisions settled."""

    played: bool
    """False when both passed: nothing is played."""
    playing: frozenset[int]
    """The defenders whose cards are in play."""
    along_by: int | None
    """The defender who took the other along, and answers for both."""
    obligations: tuple[Obligation, ...]
    defenders: tuple[int, int]
    contract: Contract

    @property
    def alone(self) -> int | None:
        """The defender playing alone, if one does."""
        if len(self.playing) == 1:
            return next(iter(self.playing))
        return None


def obligations(contract: Contract, defenders: Sequence[int], playing: Sequence[int],
                along_by: int | None = None) -> tuple[Obligation, ...]:
    """The obligations of the playing defenders (see the module docstring).

    >>> from prefa.greek.contract import Contract
    >>> [str(o) for o in obligations(Contract.parse("7S"), (1, 2), (1, 2))]
    ['seat 1 must take 2', 'seat 2 must take 1']
    >>> [str(o) for o in obligations(Contract.parse("9H"), (1, 2), (1, 2))]
    ['seat 1 and seat 2 must take 1 between them']
    """
    d1, d2 = defenders
    n = contract.tricks
    play = set(playing)
    if not play:
        return ()
    if along_by is not None:
        return (Obligation((along_by,), (d1, d2), 10 - n),)
    if play == {d1, d2}:
        if PERSONAL[n] is None:
            return (Obligation((d1, d2), (d1, d2), 1),)
        return (Obligation((d1,), (d1,), personal_obligation(n, True)),
                Obligation((d2,), (d2,), personal_obligation(n, False)))
    (d,) = play
    return (Obligation((d,), (d,), personal_obligation(n, d == d1)),)


def obligation_text(outcome: DefenceOutcome) -> str:
    """The obligations in the short words of the quizzes: ``2 and 1`` (first, second),
    ``1 between them``, ``2 alone``, ``2 together`` (one took the other along), ``none``."""
    obs = outcome.obligations
    if not outcome.played or not obs:
        return "none"
    if outcome.along_by is not None:
        return f"{obs[0].tricks} together"
    if len(obs) == 2:
        return f"{obs[0].tricks} and {obs[1].tricks}"
    if len(obs[0].answerable) == 2:
        return f"{obs[0].tricks} between them"
    return f"{obs[0].tricks} alone"


class Defence:
    """The defenders' decisions; :meth:`decide` refuses an illegal one and changes nothing."""

    def __init__(self, buyer: int, defenders: Sequence[int], contract: Contract) -> None:
        if len(defenders) != 2 or buyer in defenders:
            raise IllegalAction(f"defenders {tuple(defenders)}: expected the two seats other "
                                f"than the buyer (seat {buyer})")
        self.buyer = buyer
        self.defenders = (defenders[0], defenders[1])
        self.contract = contract
        self.decisions: list[tuple[int, Decision]] = []

    def _point(self) -> tuple[int, list[Decision]] | None:
        """The seat to decide and his options, or ``None`` when complete."""
        d1, d2 = self.defenders
        ds = [d for _, d in self.decisions]
        if not ds:
            return d1, [Decision.PLAY, Decision.PASS]
        if ds[0] is Decision.PLAY:
            if len(ds) == 1:
                return d2, [Decision.PLAY, Decision.PASS]
            if ds[1] is Decision.PASS and len(ds) == 2:
                return d1, [Decision.ALONE, Decision.ALONG]
            return None
        if len(ds) == 1:
            return d2, [Decision.PASS, Decision.PLAY, Decision.ALONG]
        if ds[1] is Decision.PLAY and len(ds) == 2:
            return d1, [Decision.PASS, Decision.ALONG]
        return None

    @property
    def to_act(self) -> int | None:
        """The seat to decide next, or ``None`` when the decisions are complete."""
        p = self._point()
        return None if p is None else p[0]

    @property
    def is_over(self) -> bool:
        return self._point() is None

    def legal(self) -> list[Decision]:
        """The decisions open to the seat to act."""
        p = self._point()
        return [] if p is None else list(p[1])

    def decide(self, decision: Decision | str) -> None:
        """Record the next decision; refuses an illegal one."""
        d = Decision.find(decision) if isinstance(decision, str) else decision
        p = self._point()
        if p is None:
            raise IllegalAction(f"{d}: the defence decisions are complete")
        seat, options = p
        if d not in options:
            raise IllegalAction(f"{d}: seat {seat} must now say one of "
                                + ", ".join(f"{o} ({o.greek})" for o in options))
        self.decisions.append((seat, d))

    def undo(self) -> Decision:
        """Take back the last decision."""
        if not self.decisions:
            raise IllegalAction("nothing to undo: no defence decision has been made")
        return self.decisions.pop()[1]

    def outcome(self) -> DefenceOutcome:
        """The settled defence; raises while a decision is still open."""
        p = self._point()
        if p is not None:
            raise IllegalAction(f"defence not complete: seat {p[0]} must say one of "
                                + ", ".join(str(o) for o in p[1]))
        d1, d2 = self.defenders
        ds = [d for _, d in self.decisions]
        along = None
        if ds == [Decision.PASS, Decision.PASS]:
            playing: set[int] = set()
        elif ds == [Decision.PLAY, Decision.PLAY]:
            playing = {d1, d2}
        elif ds == [Decision.PLAY, Decision.PASS, Decision.ALONE]:
            playing = {d1}
        elif ds == [Decision.PASS, Decision.PLAY, Decision.PASS]:
            playing = {d2}
        else:  # someone took the other along
            playing = {d1, d2}
            along = d1 if ds[-1] is Decision.ALONG and len(ds) == 3 else d2
        obs = obligations(self.contract, self.defenders, sorted(playing), along)
        return DefenceOutcome(bool(playing), frozenset(playing), along, obs, self.defenders,
                              self.contract)

    def __str__(self) -> str:
        return ", ".join(str(d) for _, d in self.decisions)

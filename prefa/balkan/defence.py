"""Defence decisions (pratnja): follow or pass, call, and the kontra chain.

Order of decisions (seed 001 ch.9–10, "Balkanski" text, RULES.md §1):

1. *Follow*: the defender seated next after the declarer says ``follow``
   (dođem) or ``pass`` (ne dođem), then the other.  In betl (and preferans)
   both defenders play and there is no such decision.
2. *Call*: when exactly one follows, he says ``call`` (idemo zajedno: the
   other must play, and the caller answers for both) or ``alone``.
3. *Kontra*: the followers in the same order say ``kontra`` or ``decline``
   (može); a kontra brings in a passing defender.  The declarer may answer
   ``rekontra``, the kontra-giver ``subkontra``, the declarer ``mortkontra``,
   each doubling again, up to the ``kontra_limit`` option.  Each level may be
   declined.

A spades game bought with the talon is played only after a kontra.

>>> from prefa.balkan.contract import Contract, Game
>>> d = Defence(declarer=0, defenders=(1, 2), contract=Contract(Game.CLUBS))
>>> for w in ["follow", "pass", "alone", "kontra", "rekontra", "decline"]:
...     d.decide(w)
>>> o = d.outcome(); o.played, sorted(o.playing), o.kontra, o.kontra_giver
(True, [0, 1, 2], 4, 1)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Sequence

from ..errors import IllegalAction
from ..handflow import check_text
from .contract import Contract, Game
from .options import BalkanRules


class Decision(enum.Enum):
    """A defence decision (or the declarer's answer in the kontra chain)."""

    FOLLOW = "follow"
    PASS = "pass"
    CALL = "call"
    ALONE = "alone"
    KONTRA = "kontra"
    REKONTRA = "rekontra"
    SUBKONTRA = "subkontra"
    MORTKONTRA = "mortkontra"
    DECLINE = "decline"

    @classmethod
    def find(cls, text: str) -> "Decision":
        """Parse an English or Serbian/Croatian word (dođem, ne dođem, zovem, može...)."""
        text = check_text(text, "defence decision", "a decision word such as follow")
        t = " ".join(text.strip().lower().split())
        d = _WORDS.get(t)
        if d is None:
            raise IllegalAction(f"bad defence decision {text.strip()!r}: expected one of "
                                + ", ".join(x.value for x in cls))
        return d

    def __str__(self) -> str:
        return self.value


_WORDS = {d.value: d for d in Decision}
_WORDS.update({"dođem": Decision.FOLLOW, "dodjem": Decision.FOLLOW, "dodem": Decision.FOLLOW,
               "dolazim": Decision.FOLLOW, "ne dođem": Decision.PASS, "ne dodjem": Decision.PASS,
               "ne dodem": Decision.PASS, "ne dolazim": Decision.PASS,
               "zovem": Decision.CALL, "idemo zajedno": Decision.CALL, "sam": Decision.ALONE,
               "može": Decision.DECLINE, "moze": Decision.DECLINE, "no": Decision.DECLINE,
               "no kontra": Decision.DECLINE, "dobra": Decision.DECLINE,
               "kontra!": Decision.KONTRA, "re": Decision.REKONTRA, "sub": Decision.SUBKONTRA,
               "mort": Decision.MORTKONTRA})

_LEVEL_WORD = {1: Decision.KONTRA, 2: Decision.REKONTRA, 4: Decision.SUBKONTRA,
               8: Decision.MORTKONTRA}


class Responsibility(enum.Enum):
    """Who answers for the defenders' tricks."""

    NONE = "none"
    """Betl and preferans without kontra: the defenders bear no penalty."""
    EACH = "each"
    """Each follower for himself: 2 tricks, or 4 together when both follow."""
    CALLER = "caller"
    """The caller answers for 4 tricks of both and writes all their supe."""
    KONTRA = "kontra"
    """The kontra-giver answers for 5 tricks of both and writes all their supe."""


@dataclass(frozen=True, slots=True)
class DefenceOutcome:
    """What the defence decisions settled."""

    played: bool
    """False when the hand is not played (both defenders passed, or spades
    bought with the talon got no kontra)."""
    playing: frozenset[int]
    followers: frozenset[int]
    caller: int | None
    kontra: int
    """The kontra factor: 1, 2, 4, 8 or 16."""
    kontra_giver: int | None
    responsibility: Responsibility
    spades_without_kontra: bool = False


class Defence:
    """The decision chain after the declaration; :meth:`decide` refuses an
    illegal decision and changes nothing then."""

    def __init__(self, declarer: int, defenders: Sequence[int], contract: Contract,
                 rules: BalkanRules | None = None) -> None:
        if len(defenders) != 2:
            raise ValueError("a Balkan hand has exactly two defenders")
        self.declarer = declarer
        self.defenders = tuple(defenders)
        self.contract = contract
        self.rules = rules or BalkanRules()
        self.decisions: list[tuple[int, Decision]] = []

    @property
    def must_play(self) -> bool:
        """True in betl and preferans: both defenders play, no follow decision."""
        return self.contract.game in (Game.BETL, Game.PREFERANS)

    @property
    def needs_kontra(self) -> bool:
        """True for spades bought with the talon (played only after a kontra)."""
        return (self.rules.spades_needs_kontra and self.contract.game is Game.SPADES
                and not self.contract.igra)

    def _sequence(self):
        """Yield (seat, options) for each decision point, receiving the choice."""
        d1, d2 = self.defenders
        follow: dict[int, bool] = {}
        if self.must_play:
            follow = {d1: True, d2: True}
        else:
            for s in (d1, d2):
                choice = yield s, [Decision.FOLLOW, Decision.PASS]
                follow[s] = choice is Decision.FOLLOW
        followers = [s for s in (d1, d2) if follow[s]]
        caller = None
        if len(followers) == 1 and not self.must_play:
            choice = yield followers[0], [Decision.CALL, Decision.ALONE]
            if choice is Decision.CALL:
                caller = followers[0]
        giver = None
        level = 1
        for s in followers:
            choice = yield s, [Decision.KONTRA, Decision.DECLINE]
            if choice is Decision.KONTRA:
                giver, level = s, 2
                break
        if giver is not None:
            turn = self.declarer
            while level < self.rules.kontra_limit:
                word = _LEVEL_WORD[level]
                choice = yield turn, [word, Decision.DECLINE]
                if choice is Decision.DECLINE:
                    break
                level *= 2
                turn = giver if turn == self.declarer else self.declarer
        return {"follow": follow, "followers": followers, "caller": caller,
                "giver": giver, "level": level}

    def _run(self):
        """Replay: (pending (seat, options) or None, final state or None)."""
        gen = self._sequence()
        try:
            point = next(gen)
            for seat, dec in self.decisions:
                point = gen.send(dec)
            return point, None
        except StopIteration as stop:
            return None, stop.value

    @property
    def to_act(self) -> int | None:
        """The seat to decide next, or ``None`` when the chain is complete."""
        point, _ = self._run()
        return None if point is None else point[0]

    def legal(self) -> list[Decision]:
        """The decisions open to the seat to act."""
        point, _ = self._run()
        return [] if point is None else list(point[1])

    @property
    def is_over(self) -> bool:
        """True when every decision has been made."""
        return self.to_act is None

    def decide(self, decision: Decision | str) -> None:
        """Record the next decision; refuses an illegal one."""
        d = Decision.find(decision) if isinstance(decision, str) else decision
        point, _ = self._run()
        if point is None:
            raise IllegalAction(f"{d}: the defence decisions are complete")
        seat, options = point
        if d not in options:
            raise IllegalAction(f"{d}: seat {seat} must now say one of "
                                + ", ".join(str(o) for o in options))
        self.decisions.append((seat, d))

    def undo(self) -> Decision:
        """Take back the last decision."""
        if not self.decisions:
            raise IllegalAction("nothing to undo: no defence decision has been made")
        return self.decisions.pop()[1]

    def outcome(self) -> DefenceOutcome:
        """The settled defence; raises while decisions are still open."""
        point, st = self._run()
        if point is not None:
            raise IllegalAction(f"defence not complete: seat {point[0]} must say one of "
                                + ", ".join(str(o) for o in point[1]))
        followers = st["followers"]
        giver, caller, level = st["giver"], st["caller"], st["level"]
        d1, d2 = self.defenders
        if giver is not None:
            playing = {self.declarer, d1, d2}
            resp = Responsibility.KONTRA
        elif self.must_play:
            playing = {self.declarer, d1, d2}
            resp = Responsibility.NONE
        elif caller is not None:
            playing = {self.declarer, d1, d2}
            resp = Responsibility.CALLER
        else:
            playing = {self.declarer, *followers}
            resp = Responsibility.EACH
        spades_unplayed = self.needs_kontra and giver is None
        played = bool(followers) and not spades_unplayed
        return DefenceOutcome(played, frozenset(playing) if played else frozenset(),
                              frozenset(followers), caller, level, giver, resp,
                              spades_without_kontra=spades_unplayed)


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

The words of the table (the league code, *kodeks*: *Dođem, Ne (dođem),
Zajedno, Kontra, Rekontra, Subkontra, Mortkontra, Može*) are read with or
without diacritics (*dođem*/*dodjem*/*dodem*, *može*/*moze*):

- *zajedno* ("together", the v1.2 rules' *idemo zajedno*) is how the one
  follower calls the other defender in; *ne* alone is *ne dođem*;
- *može* ("all right, play") declines a kontra or its answer (the v1.2
  rules, ch. 10: "Ako nema kontru kaže 'Može'"); said by the one follower
  where he could call his partner in, it is ``alone``: he does not call
  (our reading; whether he gives kontra is asked next, as always);
- *dođem i kontra* (the v1.2 rules, ch. 10, example 5) is the speaker's
  ``follow`` and his ``kontra`` in one breath: the steps between are
  settled as they must be (his own call: ``alone``, the kontra bringing the
  other in anyway; the first follower's right to kontra first: declined,
  his silence letting it pass, as the tournament rules say).  It is refused
  while the other defender has still to say whether he follows: kontras
  come after the follow decisions.

House rules (options of :class:`~.options.BalkanRules`):

- ``subkontra_by_partner`` (the tournament rules): after a rekontra the
  subkontra is given by the defender who did *not* give the kontra.  The
  kontra-giver still answers for the defence (the rules say who gives it,
  not who answers for it: our decision).
- ``reentry_kontra`` (the tournament rules): the first defender who said
  *ne dođem*, when the other follows alone, may come back into the hand,
  only by saying *kontra*; he is then the kontra-giver.  The rules allow it
  with "two side suits with all the high cards"; the engine does not judge
  the holding, the table does.

>>> from prefa.balkan.contract import Contract, Game
>>> d = Defence(declarer=0, defenders=(1, 2), contract=Contract(Game.CLUBS))
>>> for w in ["follow", "pass", "alone", "kontra", "rekontra", "decline"]:
...     _ = d.decide(w)
>>> o = d.outcome(); o.played, sorted(o.playing), o.kontra, o.kontra_giver
(True, [0, 1, 2], 4, 1)
>>> d = Defence(declarer=0, defenders=(1, 2), contract=Contract(Game.CLUBS))
>>> [str(x) for w in ["ne", "dođem i kontra"] for x in d.decide(w)]
['pass', 'follow', 'alone', 'kontra']
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Sequence

from ..cards import CardSet, Suit
from ..errors import IllegalAction
from ..handflow import check_text
from ..i18n import _
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
_WORDS.update({"zajedno": Decision.CALL, "ne": Decision.PASS,
               "dođem": Decision.FOLLOW, "dodjem": Decision.FOLLOW, "dodem": Decision.FOLLOW,
               "dolazim": Decision.FOLLOW, "ne dođem": Decision.PASS, "ne dodjem": Decision.PASS,
               "ne dodem": Decision.PASS, "ne dolazim": Decision.PASS,
               "zovem": Decision.CALL, "idemo zajedno": Decision.CALL, "sam": Decision.ALONE,
               "može": Decision.DECLINE, "moze": Decision.DECLINE, "no": Decision.DECLINE,
               "no kontra": Decision.DECLINE, "dobra": Decision.DECLINE,
               "kontra!": Decision.KONTRA, "re": Decision.REKONTRA, "sub": Decision.SUBKONTRA,
               "mort": Decision.MORTKONTRA})

FOLLOW_AND_KONTRA = ("dođem i kontra", "dodjem i kontra", "dodem i kontra", "dolazim i kontra",
                     "follow and kontra", "follow kontra")
"""The words of *dođem i kontra*: follow and give kontra at once (see :meth:`Defence.decide`)."""

_LEVEL_WORD = {1: Decision.KONTRA, 2: Decision.REKONTRA, 4: Decision.SUBKONTRA,
               8: Decision.MORTKONTRA}


TOP_FIVE = (12, 11, 10, 9, 8)
"""The five top cards of a suit: ace, king, queen, jack, ten."""


def must_kontra(hand: CardSet, trump: Suit) -> bool:
    """True when ``hand`` holds four trumps or more and the five top cards of
    another suit: the first defender must then give kontra (the Serbian site's
    rules page, PRATNJA case 6; the conventions' ``mandatory-kontra`` list reads
    the same holding, and a test keeps the two alike).

    >>> must_kontra(CardSet.parse("HAKQJT DJT97 C7"), Suit.DIAMONDS)
    True
    >>> must_kontra(CardSet.parse("HAKQJ9 DJT97 C7"), Suit.DIAMONDS)
    False
    """
    if hand.count(trump) < 4:
        return False
    return any(s != trump and all(r in hand.ranks(s) for r in TOP_FIVE) for s in Suit)


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
        kontra_seats = list(followers)
        if (self.rules.reentry_kontra and followers == [d2] and caller is None
                and not self.must_play):
            kontra_seats = [d1, d2]  # the first defender, who passed, may come back with kontra
        for s in kontra_seats:
            choice = yield s, [Decision.KONTRA, Decision.DECLINE]
            if choice is Decision.KONTRA:
                giver, level = s, 2
                break
        if giver is not None:
            partner = d2 if giver == d1 else d1
            turn = self.declarer
            while level < self.rules.kontra_limit:
                word = _LEVEL_WORD[level]
                choice = yield turn, [word, Decision.DECLINE]
                if choice is Decision.DECLINE:
                    break
                level *= 2
                if turn != self.declarer:
                    turn = self.declarer
                elif level == 4 and self.rules.subkontra_by_partner:
                    turn = partner
                else:
                    turn = giver
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

    def decide(self, decision: Decision | str) -> list[Decision]:
        """Record the next decision; refuses an illegal one and changes nothing then.

        The word *može* (``decline``) said where the one follower may call is read
        as ``alone`` (the value ``Decision.DECLINE`` is refused there); *dođem i kontra* is several decisions at once (see the
        module docstring).  Returns the decisions recorded.
        """
        if isinstance(decision, str) and " ".join(decision.lower().split()) in FOLLOW_AND_KONTRA:
            return self._follow_and_kontra(decision.strip())
        d = Decision.find(decision) if isinstance(decision, str) else decision
        point, _state = self._run()
        if point is None:
            raise IllegalAction(f"{d}: the defence decisions are complete")
        seat, options = point
        if isinstance(decision, str) and d is Decision.DECLINE \
                and options == [Decision.CALL, Decision.ALONE]:
            d = Decision.ALONE  # "može" said where he may call: no call, he plays alone
        if d not in options:
            raise IllegalAction(f"{d}: seat {seat} must now say one of "
                                + ", ".join(str(o) for o in options))
        self.decisions.append((seat, d))
        return [d]

    def _follow_and_kontra(self, text: str) -> list[Decision]:
        point, _state = self._run()
        if point is None:
            raise IllegalAction(_("{said}: the defence decisions are complete.").format(said=text))
        seat, options = point
        if Decision.FOLLOW not in options:
            raise IllegalAction(_("{said}: seat {seat} must now say one of {words}.").format(
                said=text, seat=seat, words=", ".join(str(o) for o in options)))
        before = list(self.decisions)
        made = [Decision.FOLLOW]
        self.decisions.append((seat, Decision.FOLLOW))
        while True:
            point, _state = self._run()
            if point is None:
                break
            s, opts = point
            if s == seat and Decision.KONTRA in opts:
                self.decisions.append((seat, Decision.KONTRA))
                made.append(Decision.KONTRA)
                return made
            if s == seat and Decision.ALONE in opts:
                d = Decision.ALONE  # the kontra brings the other defender in anyway
            elif s != seat and s in self.defenders and opts == [Decision.KONTRA, Decision.DECLINE]:
                d = Decision.DECLINE  # the first follower lets the kontra pass to the second
            else:
                break
            self.decisions.append((s, d))
            made.append(d)
        self.decisions = before
        if point is None or point[0] == self.declarer:
            raise IllegalAction(_("{said}: no kontra can be given here.").format(said=text))
        raise IllegalAction(_("{said}: the kontra comes after both defenders have said whether "
                              "they follow; say dođem now, and kontra when your turn comes.")
                            .format(said=text))

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


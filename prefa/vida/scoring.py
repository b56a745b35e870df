"""What each team writes after a hand of Vida, and the game (seed 002, RULES.md §4).

Scoring is pure and table-driven: :func:`hand_score` turns the facts of a
hand (:class:`HandResult`) into what each team writes, and
:func:`score_hand` adds that to a :class:`Sheet`.

**Rounding.**  The tricks of a hand hold 162 points, and each team's points
are rounded to tens so that the two make 160.  Each is rounded to the
nearest ten (134 → 130, 28 → 30).  When both would go up (146 and 16, or
155 and 7), the team that took the trump jack in its tricks gets the
rounding in its favour and the other team is rounded down: 146/16 becomes
150/10 when the 146 team holds the jack.  (The seed gives the jack rule for
the 146/16 case and rounds 134/28 to 130/30 without naming the jack; this
reading agrees with both.)

**Made or not.**  A team's *points* for the contract are its trick points
(exact, not rounded: a 120 bid with 119 points fails), its counted melds
and its belote; a team that took every trick (capot) counts 250 for its
tricks.  The bidders make the contract when their points reach the bid
and, by default, are more than the other team's (option
``bidders_must_beat_opponents=False``: reaching the bid is enough).  A
capot bid (250 or more) also needs every trick.

**What is written** (``B`` the bid, ``R`` a team's rounded points, 250 in
place of 160 or ``R`` for a team that took every trick):

=========================  ===================================  =============================
case                       the bidders                          the opponents
=========================  ===================================  =============================
made                       B + R + their melds                  R + their melds
failed                     0                                    B + 160 + all counted melds
made, vida (×m)            m·B + 160 + all counted melds        0
failed, vida (×m)          0                                    m·B + 160 + all counted melds
=========================  ===================================  =============================

``m`` is 2 for a vida, 4 for a kontra-vida, 8 and 16 for the next two.
The belote (20) always stays with the team that held it, even when that
team writes nothing else (option ``belote_kept_when_lost=False``: the
losing team's belote goes to the winners with the melds).

**The game** goes to 3500 (or 5000): it ends after the hand in which a team
reaches the target; if both do, the higher total wins, and on a tie
another hand is played (our decision: the seed does not say).

>>> hand_score(HandResult(bidders=1, bid=120, points=(28, 134), jack_team=0)).written
(30, 250)
>>> hand_score(HandResult(bidders=1, bid=120, points=(43, 119), jack_team=1)).written
(280, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..errors import IllegalAction
from .melds import BELOTE
from .options import VidaRules
from .points import HAND_POINTS

ROUNDED_TOTAL = 160
"""The rounded points of a hand: 162 rounded so that the two teams make 160."""

CAPOT = 250
"""What a team that takes every trick writes instead of 160."""

TRICKS = 8
"""Tricks in a hand."""


def round_points(points: Sequence[int], jack_team: int) -> tuple[int, int]:
    """Round the two teams' trick points to tens so that they make 160.

    >>> round_points((146, 16), jack_team=0)      # seed 002
    (150, 10)
    >>> round_points((146, 16), jack_team=1)
    (140, 20)
    >>> round_points((134, 28), jack_team=0), round_points((134, 28), jack_team=1)
    ((130, 30), (130, 30))
    """
    if len(points) != 2 or sum(points) != HAND_POINTS or min(points) < 0:
        raise IllegalAction(f"points {tuple(points)}: expected two numbers adding up to "
                            f"{HAND_POINTS}")
    if jack_team not in (0, 1):
        raise IllegalAction(f"jack_team {jack_team!r}: expected team 0 or 1")
    r = [(p + 5) // 10 * 10 for p in points]
    if sum(r) > ROUNDED_TOTAL:
        r[1 - jack_team] -= 10
    return (r[0], r[1])


@dataclass(frozen=True, slots=True)
class HandResult:
    """The facts of a played hand that the score needs, by team (0 and 1).

    - ``bidders``: the team that won the auction; ``bid`` its number;
    - ``points``: each team's trick points, last trick included (sum 162);
    - ``jack_team``: the team with the trump jack in its tricks;
    - ``tricks``: each team's tricks (needed only for a capot);
    - ``melds``: each team's counted meld points (see :mod:`prefa.vida.melds`);
    - ``belote``: the team holding the belote, or ``None``;
    - ``vidas``: 0, or 1–4 for vida, kontra-vida and the next two.
    """

    bidders: int
    bid: int
    points: tuple[int, int]
    jack_team: int
    tricks: tuple[int, int] | None = None
    melds: tuple[int, int] = (0, 0)
    belote: int | None = None
    vidas: int = 0

    def __post_init__(self) -> None:
        if self.bidders not in (0, 1):
            raise IllegalAction(f"bidders {self.bidders!r}: expected team 0 or 1")
        if self.bid <= 0 or self.bid % 10:
            raise IllegalAction(f"bid {self.bid!r}: expected a positive multiple of 10")
        round_points(self.points, self.jack_team)  # checks points and jack_team
        if self.tricks is not None:
            t = self.tricks
            if len(t) != 2 or sum(t) != TRICKS or min(t) < 0:
                raise IllegalAction(f"tricks {t}: expected two numbers adding up to {TRICKS}")
            for team in (0, 1):
                if t[team] == 0 and self.points[team]:
                    raise IllegalAction(f"team {team} took no trick but has "
                                        f"{self.points[team]} points")
        if self.belote not in (None, 0, 1):
            raise IllegalAction(f"belote {self.belote!r}: expected team 0, 1 or None")
        if not 0 <= self.vidas <= 4:
            raise IllegalAction(f"vidas {self.vidas!r}: expected 0 to 4")
        if len(self.melds) != 2 or min(self.melds) < 0 or self.melds[0] % 10 \
                or self.melds[1] % 10:
            raise IllegalAction(f"melds {self.melds}: expected two multiples of 10")

    @property
    def opponents(self) -> int:
        return 1 - self.bidders

    @property
    def capot_team(self) -> int | None:
        """The team that took every trick, if one did (without ``tricks``, a
        team holding all 162 points is taken to have taken every trick)."""
        if self.tricks is not None:
            return next((t for t in (0, 1) if self.tricks[t] == TRICKS), None)
        return next((t for t in (0, 1) if self.points[t] == HAND_POINTS), None)

    def belote_points(self, team: int) -> int:
        return BELOTE if self.belote == team else 0

    def contract_points(self, team: int) -> int:
        """What counts for the contract: exact trick points (250 for a capot),
        counted melds, belote."""
        tricks = CAPOT if self.capot_team == team else self.points[team]
        return tricks + self.melds[team] + self.belote_points(team)


@dataclass(frozen=True, slots=True)
class HandScore:
    """What one hand writes: ``written[team]``, whether the contract was made, why."""

    written: tuple[int, int]
    made: bool
    rounded: tuple[int, int]
    reason: str


def is_made(hand: HandResult, rules: VidaRules | None = None) -> tuple[bool, str]:
    """Whether the bidders made their contract, and why, in words.

    >>> is_made(HandResult(bidders=0, bid=120, points=(119, 43), jack_team=0))
    (False, 'the bidders have 119 points, short of their bid of 120')
    """
    rules = rules or VidaRules()
    b, o = hand.bidders, hand.opponents
    pb, po = hand.contract_points(b), hand.contract_points(o)
    if hand.bid >= rules.capot_bid and hand.capot_team != b:
        return False, f"a capot bid of {hand.bid} needs every trick"
    if pb < hand.bid:
        return False, f"the bidders have {pb} points, short of their bid of {hand.bid}"
    if rules.bidders_must_beat_opponents and pb <= po:
        return False, (f"the bidders have {pb} points, not more than the opponents' {po} "
                       "(the bidders must beat the opponents)")
    return True, f"the bidders have {pb} points: the bid of {hand.bid} is reached"


def hand_score(hand: HandResult, rules: VidaRules | None = None) -> HandScore:
    """What each team writes for ``hand`` (pure; see the table in the module docstring).

    >>> s = hand_score(HandResult(bidders=1, bid=120, points=(28, 134), jack_team=0, vidas=1))
    >>> s.written, s.made                     # 160 + 2 × 120
    ((0, 400), True)
    """
    rules = rules or VidaRules()
    made, why = is_made(hand, rules)
    b, o = hand.bidders, hand.opponents
    rounded = round_points(hand.points, hand.jack_team)
    capot = hand.capot_team
    bel = (hand.belote_points(0), hand.belote_points(1))
    w = [0, 0]
    if made and not hand.vidas:
        for t in (0, 1):
            base = CAPOT if capot == t else rounded[t]
            w[t] = base + hand.melds[t] + bel[t]
        w[b] += hand.bid
        return HandScore((w[0], w[1]), True, rounded, f"Made: {why}.")
    winner = b if made else o
    loser = 1 - winner
    base = CAPOT if capot == winner else ROUNDED_TOTAL
    w[winner] = hand.bid * 2 ** hand.vidas + base + sum(hand.melds) + bel[winner]
    if rules.belote_kept_when_lost:
        w[loser] = bel[loser]
    else:
        w[winner] += bel[loser]
    what = "Made" if made else "Failed"
    vida = f" with {('vida', 'kontra-vida', 'three vidas', 'four vidas')[hand.vidas - 1]}" \
        if hand.vidas else ""
    return HandScore((w[0], w[1]), made, rounded, f"{what}{vida}: {why}.")


@dataclass(frozen=True, slots=True)
class Sheet:
    """The score of a game in progress (immutable): each team's total and history."""

    rules: VidaRules
    totals: tuple[int, int] = (0, 0)
    history: tuple[tuple[int, int], ...] = field(default=(), repr=False)

    @classmethod
    def new(cls, rules: VidaRules | None = None) -> Sheet:
        return cls(rules or VidaRules())

    @property
    def hands(self) -> int:
        """How many hands have been written."""
        return len(self.history)

    @property
    def winner(self) -> int | None:
        """The team that won the game, or ``None`` while it goes on."""
        t = self.totals
        target = self.rules.game_target
        if max(t) < target or t[0] == t[1]:
            return None
        return 0 if t[0] > t[1] else 1

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def __str__(self) -> str:
        lines = ["hand  team 0  team 1"]
        run = [0, 0]
        for i, (a, b) in enumerate(self.history, 1):
            run = [run[0] + a, run[1] + b]
            lines.append(f"{i:4d}  {run[0]:6d}  {run[1]:6d}")
        end = f"; team {self.winner} wins" if self.is_over else ""
        lines.append(f"game to {self.rules.game_target}{end}")
        return "\n".join(lines)


def score_hand(sheet: Sheet, hand: HandResult) -> Sheet:
    """``(sheet, hand result) -> new sheet``; refuses hands after the end.

    >>> s = score_hand(Sheet.new(), HandResult(bidders=1, bid=120, points=(28, 134), jack_team=0))
    >>> s.totals, s.is_over
    ((30, 250), False)
    """
    if sheet.is_over:
        raise IllegalAction(f"the game is over: team {sheet.winner} has won")
    w = hand_score(hand, sheet.rules).written
    return replace(sheet, totals=(sheet.totals[0] + w[0], sheet.totals[1] + w[1]),
                   history=sheet.history + (w,))


def play_sheet(hands: Sequence[HandResult], rules: VidaRules | None = None) -> Sheet:
    """The sheet after scoring ``hands`` in order from a fresh start."""
    s = Sheet.new(rules)
    for h in hands:
        s = score_hand(s, h)
    return s

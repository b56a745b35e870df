"""The Balkan score sheet: bule, supe, refe, the hat, the end and the result.

Scoring is pure and table-driven: :func:`score_hand` turns a
:class:`HandResult` and a :class:`Sheet` into a new sheet (RULES.md §1, seed
001 v1.2 ch.11–14 and the "Balkanski" text).

- Base ``b = 2·v`` (``v`` with the igra +1) × kontra factor × 2 when the
  declarer still has a refe (one refe is then ticked off, pass or fall).
- Declarer passes: bule ``-b``; falls: ``+b``.
- Responsible defenders write ``tricks × b`` supe against the declarer; a
  defender short of his quota adds ``b`` to his bule (and still writes supe).
- Betl or preferans lost: declarer ``+b``, each defender writes ``10·v``
  supe (× kontra × refe).
- All pass: every player gets a refe, unless the refe limit is reached or
  somebody is under the hat (bule below zero).
- The game ends when the bule sum to zero; a pass that would take the sum
  below zero is cut down to reach zero (a fall never ends the game).
- Result = supe written against you − supe you wrote + 10 × bule (lower is
  better; the results sum to zero).

House rules (options of :class:`~.options.BalkanRules`):

- ``culprit_takes_fall``: a hand may name its ``culprit``, the defender
  whose fault made his partner fall; he falls in the partner's place and
  writes the supe the partner would have written (v1.2 ch. 16: "B pada
  umesto A i piše njegove supe", B falls instead of A and writes his supe;
  the strategy text: "vi preuzimate pad", you take over the fall).  When he
  fell too, each keeps his own fall (the strategy text: "ukoliko i vi sami
  niste pali", unless you fell yourself).
- ``missed_kontra_bule``: the first defender who held four trumps and the
  five top cards of another suit and gave no kontra (``missed_kontra``)
  falls for that many bule, whatever became of the hand.
- ``double_fall_at``: while the bule still to play are that many or fewer,
  every fall (the declarer's, a defender's, a penalty) is written twice;
  supe are written as usual.
- ``bargaining`` needs nothing here: a bargained hand is written as if it
  had been played with the agreed tricks.

>>> s = Sheet.new(BalkanRules())
>>> s = score_hand(s, HandResult.played_hand(declarer=0, contract=Contract(Game.CLUBS),
...                tricks=(6, 2, 2), followers=(1, 2)))
>>> s.bule, s.supe[1][0], s.supe[2][0]
((90, 100, 100), 20, 20)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Sequence

from ..errors import IllegalAction
from .contract import Contract, Game
from .defence import Responsibility
from .options import BalkanRules


class Outcome(enum.Enum):
    """How a hand ended."""

    REFE = "refe"
    """Everybody passed in the auction."""
    SPADES_NOT_PLAYED = "spades not played"
    """Spades bought with the talon, no kontra."""
    DEFENDERS_PASSED = "defenders passed"
    """Both defenders passed: the declarer scores a pass without play."""
    PLAYED = "played"


@dataclass(frozen=True, slots=True)
class HandResult:
    """What the sheet needs to know about one hand."""

    outcome: Outcome
    declarer: int | None = None
    contract: Contract | None = None
    tricks: tuple[int, ...] = ()
    """Tricks taken by each seat (zeros for seats that did not play)."""
    followers: frozenset[int] = frozenset()
    caller: int | None = None
    kontra: int = 1
    kontra_giver: int | None = None
    responsibility: Responsibility = Responsibility.EACH
    defenders: tuple[int, ...] = ()
    """The two defenders, first to decide first."""
    culprit: int | None = None
    """The defender the table found at fault (option ``culprit_takes_fall``)."""
    missed_kontra: int | None = None
    """The first defender who missed a compulsory kontra (option ``missed_kontra_bule``)."""
    bargained: bool = False
    """The tricks were agreed, not played (option ``bargaining``)."""

    @classmethod
    def played_hand(cls, declarer: int, contract: Contract, tricks: Sequence[int],
                    followers: Sequence[int] = (), caller: int | None = None,
                    kontra: int = 1, kontra_giver: int | None = None) -> "HandResult":
        """A played hand of a three-player game described by its facts (for tests and examples)."""
        defenders = ((declarer + 1) % 3, (declarer + 2) % 3)
        if contract.game in (Game.BETL, Game.PREFERANS):
            resp = Responsibility.KONTRA if kontra_giver is not None else Responsibility.NONE
            followers = defenders
        elif kontra_giver is not None:
            resp = Responsibility.KONTRA
        elif caller is not None:
            resp = Responsibility.CALLER
        else:
            resp = Responsibility.EACH
        return cls(Outcome.PLAYED, declarer, contract, tuple(tricks), frozenset(followers),
                   caller, kontra, kontra_giver, resp, defenders)


@dataclass(frozen=True, slots=True)
class Sheet:
    """The score sheet of a game in progress (immutable).

    ``bule[p]`` is player p's middle column; ``supe[p][q]`` the supe p has
    written against q; ``refe[p]`` the refe p has still to play;
    ``refe_rounds`` how many refe rounds have been written; ``history[p]``
    the successive values of p's bule column.
    """

    rules: BalkanRules
    bule: tuple[int, ...]
    supe: tuple[tuple[int, ...], ...]
    refe: tuple[int, ...]
    refe_rounds: int = 0
    hands: int = 0
    history: tuple[tuple[int, ...], ...] = field(default=(), repr=False)

    @classmethod
    def new(cls, rules: BalkanRules | None = None) -> "Sheet":
        """A fresh sheet: everyone at the starting bule, no supe, no refe."""
        r = rules or BalkanRules()
        n = r.players
        return cls(r, (r.starting_bule,) * n, ((0,) * n,) * n, (0,) * n, 0, 0,
                   tuple((r.starting_bule,) for _ in range(n)))

    @property
    def players(self) -> int:
        return len(self.bule)

    def under_hat(self, player: int) -> bool:
        """True when the player's bule are below zero (written under a hat)."""
        return self.bule[player] < 0

    @property
    def refe_allowed(self) -> bool:
        """True when a new refe round may be written."""
        return (self.refe_rounds < self.rules.refe_limit
                and not any(b < 0 for b in self.bule))

    @property
    def remaining(self) -> int:
        """The sum of all bule: the game ends when it reaches zero."""
        return sum(self.bule)

    @property
    def is_over(self) -> bool:
        """True when the bule sum to zero."""
        return self.remaining == 0

    def results(self) -> tuple[int, ...]:
        """Each player's result: supe against him − supe he wrote + 10 × bule.

        Lower is better; the results sum to zero once the bule do.
        """
        n = self.players
        return tuple(sum(self.supe[q][p] for q in range(n)) - sum(self.supe[p])
                     + 10 * self.bule[p] for p in range(n))

    def results_positive_good(self) -> tuple[int, ...]:
        """The same results in the sign convention where positive is good."""
        return tuple(-r for r in self.results())

    def __str__(self) -> str:
        n = self.players
        lines = ["player  bule  refe  " + "  ".join(f"supe>{q}" for q in range(n))]
        for p in range(n):
            hat = "^" if self.under_hat(p) else " "
            supe = "  ".join(f"{self.supe[p][q]:6d}" if q != p else "     -" for q in range(n))
            lines.append(f"{p:6d} {self.bule[p]:5d}{hat} {self.refe[p]:4d}  {supe}")
        lines.append(f"refe rounds {self.refe_rounds}/{self.rules.refe_limit}; "
                     f"remaining bule {self.remaining}" + ("; game over" if self.is_over else ""))
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class ScoreChange:
    """What one hand wrote: bule changes, supe written, refe and base."""

    bule: tuple[int, ...]
    supe: tuple[tuple[int, int, int], ...]
    """(writer, against, amount) entries."""
    base: int
    refe_written: bool = False
    refe_ticked: int | None = None
    falls: tuple[int, ...] = ()
    cut_to_zero: bool = False
    doubled: bool = False
    """True when the falls were written twice (option ``double_fall_at``)."""
    culprit: int | None = None
    """The defender who fell in his partner's place, when he did."""
    missed_kontra: int | None = None
    """The defender who fell for a missed compulsory kontra."""


def hand_base(contract: Contract, kontra: int, declarer_has_refe: bool) -> int:
    """``b = 2·v × kontra × (2 if the declarer has a refe)``.

    >>> hand_base(Contract(Game.SPADES, igra=True), 4, True)   # 001 ch.13 ex.13
    48
    """
    return contract.base * kontra * (2 if declarer_has_refe else 1)


def score_change(sheet: Sheet, hand: HandResult) -> ScoreChange:
    """The entries one hand writes on ``sheet`` (pure)."""
    n = sheet.players
    rules = sheet.rules
    bule = [0] * n
    supe: list[tuple[int, int, int]] = []
    double = 2 if rules.double_fall_at and sheet.remaining <= rules.double_fall_at else 1
    penalty: dict[int, int] = {}  # bule a player falls for, besides the declarer's fall
    missed = hand.missed_kontra if rules.missed_kontra_bule else None
    if missed is not None:
        penalty[missed] = rules.missed_kontra_bule
    extra = {"doubled": double == 2 and bool(penalty), "missed_kontra": missed,
             "falls": tuple(penalty)}

    def with_penalties() -> tuple[int, ...]:
        for s, v in penalty.items():
            bule[s] += v * double
        return tuple(bule)

    if hand.outcome is Outcome.REFE or (hand.outcome is Outcome.SPADES_NOT_PLAYED
                                        and sheet.refe_allowed):
        return ScoreChange(with_penalties(), (), 0, refe_written=sheet.refe_allowed, **extra)
    d = hand.declarer
    assert d is not None and hand.contract is not None
    has_refe = sheet.refe[d] > 0
    b = hand_base(hand.contract, hand.kontra, has_refe)
    ticked = d if has_refe else None
    if hand.outcome in (Outcome.DEFENDERS_PASSED, Outcome.SPADES_NOT_PLAYED):
        bule[d] = -(b if penalty else _cut(sheet, b))
        return ScoreChange(with_penalties(), (), b, refe_ticked=ticked,
                           cut_to_zero=bule[d] != -b, **extra)
    tricks = hand.tricks
    dt = tricks[d]
    def_tricks = sum(tricks[s] for s in hand.defenders)
    game = hand.contract.game
    falls: list[int] = []
    if game in (Game.BETL, Game.PREFERANS):
        made = dt == 0 if game is Game.BETL else dt == 10
        if not made:
            per = 10 * hand.contract.value * hand.kontra * (2 if has_refe else 1)
            if hand.kontra_giver is not None:
                supe.append((hand.kontra_giver, d, per * len(hand.defenders)))
            else:
                supe.extend((s, d, per) for s in hand.defenders)
        elif hand.kontra_giver is not None:
            falls.append(hand.kontra_giver)
    else:
        made = dt >= 6
        r = hand.responsibility
        if r is Responsibility.KONTRA:
            writers = {hand.kontra_giver: def_tricks}
            if def_tricks < 5:
                falls.append(hand.kontra_giver)
        elif r is Responsibility.CALLER:
            writers = {hand.caller: def_tricks}
            if def_tricks < 4:
                falls.append(hand.caller)
        else:
            writers = {s: tricks[s] for s in hand.defenders if s in hand.followers}
            both = len(writers) == 2
            for s, t in writers.items():
                if t < 2 and not (both and def_tricks >= 4):
                    falls.append(s)
        supe.extend((s, d, t * b) for s, t in writers.items() if t)
    culprit = None
    if rules.culprit_takes_fall and hand.culprit is not None:
        c = hand.culprit
        partner = next(s for s in hand.defenders if s != c)
        if partner in falls and c not in falls:
            culprit = c
            falls = [c if s == partner else s for s in falls]
            moved = sum(a for w, _, a in supe if w in (c, partner))
            supe = [e for e in supe if e[0] not in (c, partner)]
            if moved:
                supe.append((c, d, moved))
    for s in falls:
        penalty[s] = penalty.get(s, 0) + b
    cut = False
    if made:
        amount = b if penalty else _cut(sheet, b)
        cut = amount != b
        bule[d] = -amount
        if cut and rules.reduced_supe_at_end:
            supe = [(w, a, amt * amount // b) for w, a, amt in supe]
    else:
        bule[d] = b * double
        falls.insert(0, d)
    if missed is not None and missed not in falls:
        falls.append(missed)
    return ScoreChange(with_penalties(), tuple(supe), b, refe_ticked=ticked,
                       falls=tuple(falls), cut_to_zero=cut,
                       doubled=double == 2 and bool(falls), culprit=culprit,
                       missed_kontra=missed)


def _cut(sheet: Sheet, b: int) -> int:
    """A pass of ``b`` cut down so the bule sum does not go below zero."""
    return min(b, max(sheet.remaining, 0))


def apply_change(sheet: Sheet, change: ScoreChange) -> Sheet:
    """The sheet after writing ``change``."""
    n = sheet.players
    bule = tuple(sheet.bule[p] + change.bule[p] for p in range(n))
    supe = [list(row) for row in sheet.supe]
    for w, a, amt in change.supe:
        supe[w][a] += amt
    refe = list(sheet.refe)
    rounds = sheet.refe_rounds
    if change.refe_written:
        refe = [x + 1 for x in refe]
        rounds += 1
    if change.refe_ticked is not None:
        refe[change.refe_ticked] -= 1
    history = tuple(h + (bule[p],) if change.bule[p] else h
                    for p, h in enumerate(sheet.history))
    return replace(sheet, bule=bule, supe=tuple(tuple(r) for r in supe), refe=tuple(refe),
                   refe_rounds=rounds, hands=sheet.hands + 1, history=history)


def score_hand(sheet: Sheet, hand: HandResult) -> Sheet:
    """``(hand result, sheet) -> new sheet``; refuses hands after the end."""
    if sheet.is_over:
        raise IllegalAction("the game is over: the bule sum to zero")
    return apply_change(sheet, score_change(sheet, hand))


def write_off_shares(bule: Sequence[int]) -> tuple[int, ...]:
    """How much each player writes off when a game stops early (otpisivanje).

    The remaining sum is split as evenly as possible; players with worse
    (higher) bule take the larger shares; between equal bule the earlier
    seat goes first (our decision: the seeds are silent).

    >>> write_off_shares([24, 34, 28])      # 001 ch.13 example 15
    (28, 29, 29)
    >>> write_off_shares([8, 2, 0])         # 001 ch.13 example 16
    (4, 3, 3)
    >>> write_off_shares([20, 30, 40])      # 001 ch.13 example 14
    (30, 30, 30)
    """
    n = len(bule)
    q, r = divmod(sum(bule), n)
    worst = sorted(range(n), key=lambda p: (-bule[p], p))[:r]
    return tuple(q + (1 if p in worst else 0) for p in range(n))


def write_off(sheet: Sheet) -> Sheet:
    """End the game early: every player writes off his share so the bule sum to zero."""
    shares = write_off_shares(sheet.bule)
    bule = tuple(b - s for b, s in zip(sheet.bule, shares))
    history = tuple(h + (bule[p],) if shares[p] else h for p, h in enumerate(sheet.history))
    return replace(sheet, bule=bule, history=history)


def play_sheet(hands: Sequence[HandResult], rules: BalkanRules | None = None) -> Sheet:
    """The sheet after scoring ``hands`` in order from a fresh start."""
    s = Sheet.new(rules)
    for h in hands:
        s = score_hand(s, h)
    return s

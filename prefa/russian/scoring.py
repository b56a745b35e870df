"""The Russian score sheet: pool (*пуля*), gora (*гора*) and whists (*висты*).

Every player has three parts on the sheet (*расписка*, raspiska):

- the **pool** (*пуля*, pulya, "bullet"): the points that count towards the
  end of the game; good points;
- the **gora** (*гора*, "mountain", also "dump"): penalty points;
- the **whists** (*висты*): points one player writes *against* another;
  they are settled between the two at the end.

Scoring is pure and table-driven: :func:`score_change` turns a
:class:`HandResult` and a :class:`Sheet` into the entries of one hand,
:func:`score_hand` writes them.  With ``v`` the contract's pool value
(6=2, 7=4, 8=6, 9=8, 10=10, misère 10) and ``k`` the write factor (1; 2 in
Leningrad), seed 004 and RULES.md §3 give:

===========================  ================================================
what happened                what is written
===========================  ================================================
contract made                declarer: pool ``+v``
  … one defender whisted     the whister: ``k × (tricks of both defender
                             hands)`` whists on the declarer; the declarer:
                             ``k × v`` whists on the defender who passed
  … both defenders whisted   each: ``k × ⌈defenders' tricks / 2⌉`` whists on
                             the declarer (the seed's "half each, rounded up")
  … both defenders passed    declarer: pool ``+v`` without play, no whists
contract failed by ``u``     declarer: gora ``+k × v × u``; each defender:
                             ``k × v × u`` whists on the declarer
misère                       no trick: pool ``+10``; else gora ``+k × 10`` per
                             trick (no whists)
raspasovka (all passed)      each player with no trick: pool ``+1``; the
                             others: gora ``+k`` per trick
===========================  ================================================

Rostov: a failed contract writes no gora; instead each opponent writes
``5 × u`` whists on the declarer, on top of the ``v × u`` above.  Leningrad:
``k = 2`` for gora and whists; the pool is written single and doubled at the
settlement.

Decisions where the seed and RULES.md are silent (each written down here):

- **The lone whister** plays both defender hands, so he is credited with
  the tricks of both.  After a failed contract the whisters get only the
  ``v × u`` whists the seed names, not their trick whists too.
- **Gusarik**: the dealer who sits out "scores only through whists": he
  receives the ``v × u`` whists (and in Rostov the 5 per undertrick) of a
  failed contract, like a defender, and nothing else.
- **A full pool**: a player's pool never goes past the target.  Points
  beyond it help the next player on his left whose pool is not full (he
  writes them in that player's pool and writes ``whists_per_pool × k``
  whists on him per point, which leaves that player's balance unchanged);
  when no pool has room, they come off the player's own gora
  (``k`` per point).
- **Whister's quota** (option ``whist_quota``, off by default because the
  seed states none): the whisting side must take 4 tricks against a six,
  2 against a seven, 1 against an eight or a nine, none against a ten; a
  lone whister short of it writes ``k × v`` gora per missing trick; two
  whisters share the quota (the first ⌈q/2⌉, the second ⌊q/2⌋) and only
  count as short when the two together are short.  Rostov halves this gora.
- **The end**: the game is over once ``pools_to_finish`` players (2) have a
  full pool.  **Settlement**: each player's pool (×2 in Leningrad) minus his
  gora plus (whists he wrote − whists written on him) / ``whists_per_pool``,
  minus the average of these values: the results add up to zero.  (For three
  players this is the classical "gora × 10 / 3 whists to each opponent".)

>>> s = Sheet.new()
>>> s = score_hand(s, HandResult.played(0, Contract.parse("7S"), (7, 2, 1), whisters=(1,)))
>>> s.pool, s.gora, s.whists[1][0], s.whists[0][2]
((4, 0, 0), (0, 0, 0), 3, 4)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..errors import IllegalAction
from .contract import MISERE_VALUE, Contract
from .options import RussianRules, Variant


class Outcome(enum.Enum):
    """How a hand ended."""

    RASPASOVKA = "raspasovka"
    """Everybody passed in the auction: played with no trumps, fewest tricks best."""
    NOT_PLAYED = "not played"
    """Both defenders passed: the declarer scores his contract without play."""
    PLAYED = "played"
    """The contract (or misère) was played out."""


WHIST_QUOTA: dict[int, int] = {6: 4, 7: 2, 8: 1, 9: 1, 10: 0}
"""Tricks the whisting side must take (option ``whist_quota``; not in seed 004)."""

ROSTOV_WHISTS_PER_UNDERTRICK = 5
"""Rostov: whists each opponent writes per undertrick instead of the gora (seed 004)."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """What the sheet needs to know about one hand.

    ``tricks`` has one count per seat (0 for a seat that sits out);
    ``defenders`` are the two defenders, the one on the declarer's left
    first; ``whisters`` those who said whist (both in misère);
    ``sitting_out`` the dealer in Gusarik.
    """

    outcome: Outcome
    declarer: int | None = None
    contract: Contract | None = None
    tricks: tuple[int, ...] = ()
    whisters: frozenset[int] = frozenset()
    defenders: tuple[int, ...] = ()
    sitting_out: int | None = None
    players: int = 3

    # -- construction from facts ---------------------------------------------------
    @staticmethod
    def _seats(players: int, sitting_out: int | None) -> list[int]:
        if players not in (3, 4):
            raise IllegalAction(f"players={players}: expected 3 or 4")
        if (players == 4) != (sitting_out is not None):
            raise IllegalAction("with four players the dealer sits out: give sitting_out "
                                "(and only then)")
        return [s for s in range(players) if s != sitting_out]

    @classmethod
    def played(cls, declarer: int, contract: Contract, tricks: Sequence[int],
               whisters: Sequence[int] | None = None, *,
               sitting_out: int | None = None) -> HandResult:
        """A played contract described by its facts.

        ``whisters`` defaults to both defenders (always so in misère).
        """
        seats = cls._seats(len(tricks), sitting_out)
        if declarer not in seats:
            raise IllegalAction(f"seat {declarer} does not play and cannot declare")
        i = seats.index(declarer)
        defenders = (seats[(i + 1) % 3], seats[(i + 2) % 3])
        if whisters is None or contract.is_misere:
            whisters = defenders
        return cls(Outcome.PLAYED, declarer, contract, tuple(tricks), frozenset(whisters),
                   defenders, sitting_out, len(tricks))

    @classmethod
    def not_played(cls, declarer: int, contract: Contract, *, players: int = 3,
                   sitting_out: int | None = None) -> HandResult:
        """Both defenders passed: the declarer scores without play."""
        seats = cls._seats(players, sitting_out)
        i = seats.index(declarer)
        return cls(Outcome.NOT_PLAYED, declarer, contract, (0,) * players, frozenset(),
                   (seats[(i + 1) % 3], seats[(i + 2) % 3]), sitting_out, players)

    @classmethod
    def raspasovka(cls, tricks: Sequence[int], *, sitting_out: int | None = None
                   ) -> HandResult:
        """Everybody passed and the hand was played for the fewest tricks."""
        cls._seats(len(tricks), sitting_out)
        return cls(Outcome.RASPASOVKA, tricks=tuple(tricks), sitting_out=sitting_out,
                   players=len(tricks))

    @property
    def playing(self) -> tuple[int, ...]:
        """The three seats that take part (in seat order)."""
        return tuple(s for s in range(self.players) if s != self.sitting_out)

    def check(self) -> None:
        """Raise :class:`~prefa.errors.IllegalAction` for facts that cannot happen."""
        t = self.tricks
        if len(t) != self.players or any(x < 0 for x in t):
            raise IllegalAction(f"tricks {t}: expected one count of 0 or more per seat")
        if self.sitting_out is not None and t[self.sitting_out]:
            raise IllegalAction(f"seat {self.sitting_out} sits out and takes no trick")
        if self.outcome is not Outcome.NOT_PLAYED and sum(t) != 10:
            raise IllegalAction(f"tricks {' '.join(map(str, t))} add up to {sum(t)}: expected 10")
        if self.outcome is not Outcome.RASPASOVKA:
            if self.declarer is None or self.contract is None:
                raise IllegalAction("a declared hand needs its declarer and contract")
            if not self.whisters <= set(self.defenders):
                raise IllegalAction("only defenders whist")
            if self.outcome is Outcome.PLAYED and not self.whisters:
                raise IllegalAction("a contract is played only when a defender whists")


# ---------------------------------------------------------------------------
# The sheet
# ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Sheet:
    """The score sheet of a game (immutable).

    ``pool[p]``, ``gora[p]``; ``whists[p][q]`` the whists ``p`` has written
    on ``q``.  The histories keep each running total, the way players write
    them on paper: small numbers separated by dots (``2.6.10``).
    """

    rules: RussianRules
    pool: tuple[int, ...]
    gora: tuple[int, ...]
    whists: tuple[tuple[int, ...], ...]
    hands: int = 0
    pool_history: tuple[tuple[int, ...], ...] = field(default=(), repr=False)
    gora_history: tuple[tuple[int, ...], ...] = field(default=(), repr=False)
    whist_history: tuple[tuple[tuple[int, ...], ...], ...] = field(default=(), repr=False)

    @classmethod
    def new(cls, rules: RussianRules | None = None) -> Sheet:
        """A fresh sheet: every column empty."""
        r = rules or RussianRules()
        n = r.players
        return cls(r, (0,) * n, (0,) * n, ((0,) * n,) * n, 0, ((),) * n, ((),) * n,
                   (((),) * n,) * n)

    @property
    def players(self) -> int:
        return len(self.pool)

    @property
    def full(self) -> tuple[int, ...]:
        """The players whose pool has reached the target."""
        return tuple(p for p in range(self.players) if self.pool[p] >= self.rules.pool_target)

    @property
    def is_over(self) -> bool:
        """True once ``pools_to_finish`` players (2 by default) have a full pool."""
        return len(self.full) >= min(self.rules.pools_to_finish, self.players)

    def column_text(self, history: Sequence[int]) -> str:
        """Running totals as players write them: ``2.6.10`` (``0`` when empty)."""
        return ".".join(str(x) for x in history) or "0"

    def whist_text(self, writer: int, against: int) -> str:
        """The whists ``writer`` has written on ``against``, dotted: ``3.7``."""
        return self.column_text(self.whist_history[writer][against])

    def settlement(self) -> Settlement:
        """The final conversion into one result per player (see :class:`Settlement`)."""
        return settle(self)

    def __str__(self) -> str:
        n = self.players
        lines = []
        for p in range(n):
            w = ", ".join(f"on {q}: {self.whist_text(p, q)}" for q in range(n) if q != p)
            lines.append(f"seat {p}: pool {self.column_text(self.pool_history[p])}"
                         f" | gora {self.column_text(self.gora_history[p])} | whists {w}")
        end = "; game over" if self.is_over else ""
        lines.append(f"pool target {self.rules.pool_target} ({self.rules.variant}); "
                     f"{self.hands} hands{end}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """The text sheet in a notebook (the drawn sheet: :mod:`prefa.ui.sheets_russian`)."""
        from html import escape
        return f"<pre>{escape(str(self))}</pre>"


@dataclass(frozen=True, slots=True)
class ScoreChange:
    """The entries of one hand: pool and gora changes, whists written, and why."""

    pool: tuple[int, ...]
    gora: tuple[int, ...]
    whists: tuple[tuple[int, int, int], ...]
    """(writer, against, amount) entries."""
    notes: tuple[str, ...] = ()
    """Each entry in words."""

    def whists_between(self, writer: int, against: int) -> int:
        """The whists ``writer`` writes on ``against`` in this hand."""
        return sum(a for w, o, a in self.whists if w == writer and o == against)


def _ceil_half(x: int) -> int:
    return (x + 1) // 2


def score_change(sheet: Sheet, hand: HandResult) -> ScoreChange:
    """The entries one hand writes on ``sheet`` (pure).

    >>> ch = score_change(Sheet.new(), HandResult.played(0, Contract.parse("8H"), (6, 3, 1)))
    >>> ch.gora, ch.whists
    ((12, 0, 0), ((1, 0, 12), (2, 0, 12)))
    >>> print(*ch.notes, sep="\\n")
    seat 0 is 2 down in 8♥: gora +12 (6 × 2)
    seat 1 writes 12 whists on seat 0 (6 × 2)
    seat 2 writes 12 whists on seat 0 (6 × 2)
    """
    hand.check()
    r = sheet.rules
    n = sheet.players
    if hand.players != n:
        raise IllegalAction(f"a hand of {hand.players} players on a sheet of {n}")
    k = r.write_factor
    pool_adds: list[tuple[int, int]] = []
    gora = [0] * n
    whists: list[tuple[int, int, int]] = []
    notes: list[str] = []
    times = f" (×{k}, {r.variant})" if k != 1 else ""

    def write_gora(p: int, amount: int, why: str, how: str = "") -> None:
        gora[p] += amount
        notes.append(f"seat {p} {why}: gora +{amount}{how}{times}")

    def write_whists(w: int, o: int, amount: int, why: str) -> None:
        if amount:
            whists.append((w, o, amount))
            notes.append(f"seat {w} writes {amount} whists on seat {o}{why}")

    t = hand.tricks
    if hand.outcome is Outcome.RASPASOVKA:
        for s in hand.playing:
            if t[s] == 0:
                pool_adds.append((s, 1))
                notes.append(f"seat {s} takes no trick in the raspasovka: pool +1")
            else:
                write_gora(s, k * t[s], f"takes {t[s]} trick{'s' if t[s] > 1 else ''} in the "
                           "raspasovka")
    else:
        d, c = hand.declarer, hand.contract
        assert d is not None and c is not None
        v = c.value
        if hand.outcome is Outcome.NOT_PLAYED:
            pool_adds.append((d, v))
            notes.append(f"both defenders pass: seat {d} scores {c} without play: pool +{v}")
        elif c.is_misere:
            if t[d] == 0:
                pool_adds.append((d, MISERE_VALUE))
                notes.append(f"seat {d} makes the misère: pool +{MISERE_VALUE}")
            else:
                write_gora(d, k * MISERE_VALUE * t[d],
                           f"takes {t[d]} trick{'s' if t[d] > 1 else ''} in misère",
                           f" ({MISERE_VALUE} × {t[d]})")
        else:
            need = c.tricks
            def_t = sum(t[s] for s in hand.defenders)
            if t[d] >= need:
                pool_adds.append((d, v))
                notes.append(f"seat {d} makes {c}: pool +{v}")
                ws = [s for s in hand.defenders if s in hand.whisters]
                if len(ws) == 1:
                    (w,) = ws
                    passer = next(s for s in hand.defenders if s != w)
                    write_whists(w, d, k * def_t, f" for the {def_t} tricks of both defender "
                                 f"hands{times}")
                    write_whists(d, passer, k * v, f" who passed (the contract's value {v})"
                                 f"{times}")
                else:
                    share = _ceil_half(def_t)
                    for w in ws:
                        write_whists(w, d, k * share, f": half of the {def_t} defenders' "
                                     f"tricks, rounded up{times}")
                if r.whist_quota:
                    _quota(hand, ws, v, k, r.variant, write_gora)
            else:
                u = need - t[d]
                opponents = list(hand.defenders)
                if hand.sitting_out is not None:
                    opponents.append(hand.sitting_out)
                if r.variant is Variant.ROSTOV:
                    notes.append(f"seat {d} is {u} down in {c}: no gora in Rostov")
                    for o in opponents:
                        write_whists(o, d, v * u + ROSTOV_WHISTS_PER_UNDERTRICK * u,
                                     f" ({v} × {u} + {ROSTOV_WHISTS_PER_UNDERTRICK} × {u}, "
                                     "Rostov)")
                else:
                    write_gora(d, k * v * u, f"is {u} down in {c}", f" ({v} × {u})")
                    for o in opponents:
                        write_whists(o, d, k * v * u, f" ({v} × {u}){times}")
    pool, gora2, more = _pool_entries(sheet, pool_adds, notes)
    gora = [g + x for g, x in zip(gora, gora2)]
    return ScoreChange(tuple(pool), tuple(gora), tuple(whists + more), tuple(notes))


def _quota(hand: HandResult, ws: list[int], v: int, k: int, variant: Variant, write_gora
           ) -> None:
    """The whister's quota penalty (option ``whist_quota``)."""
    assert hand.contract is not None
    q = WHIST_QUOTA[hand.contract.tricks]
    t = hand.tricks
    total = sum(t[s] for s in hand.defenders)
    if not ws or total >= q:
        return
    if len(ws) == 1:
        shares = {ws[0]: (q, total)}
    else:
        first, second = hand.defenders
        shares = {first: (_ceil_half(q), t[first]), second: (q // 2, t[second])}
    for w, (share, took) in shares.items():
        short = share - took
        if short > 0:
            amount = k * v * short
            if variant is Variant.ROSTOV:
                amount //= 2
            write_gora(w, amount, f"whisted {short} trick{'s' if short > 1 else ''} short of "
                       f"his share ({share})")


def _pool_entries(sheet: Sheet, adds: list[tuple[int, int]], notes: list[str]
                  ) -> tuple[list[int], list[int], list[tuple[int, int, int]]]:
    """Write pool points without passing the target (see the module docstring)."""
    r = sheet.rules
    n = sheet.players
    target = r.pool_target
    k = r.write_factor
    now = list(sheet.pool)
    pool = [0] * n
    gora = [0] * n
    whists: list[tuple[int, int, int]] = []
    for p, amount in adds:
        own = min(amount, max(target - now[p], 0))
        now[p] += own
        pool[p] += own
        extra = amount - own
        for i in range(1, n):
            if not extra:
                break
            q = (p + i) % n
            room = max(target - now[q], 0)
            give = min(room, extra)
            if give:
                now[q] += give
                pool[q] += give
                extra -= give
                whists.append((p, q, give * r.whists_per_pool * k))
                goes = f"{give} point{'s go' if give > 1 else ' goes'}"
                notes.append(f"seat {p}'s pool is full: {goes} to seat {q}'s pool, and seat {p} "
                             f"writes {give * r.whists_per_pool * k} whists on seat {q}")
        if extra:
            gora[p] -= k * extra
            notes.append(f"every pool is full: seat {p}'s gora −{k * extra}")
    return pool, gora, whists


def apply_change(sheet: Sheet, change: ScoreChange) -> Sheet:
    """The sheet after writing ``change``."""
    n = sheet.players
    pool = tuple(sheet.pool[p] + change.pool[p] for p in range(n))
    gora = tuple(sheet.gora[p] + change.gora[p] for p in range(n))
    w = [list(row) for row in sheet.whists]
    for writer, against, amount in change.whists:
        w[writer][against] += amount
    wh = [[list(col) for col in row] for row in sheet.whist_history]
    for p in range(n):
        for q in range(n):
            if w[p][q] != sheet.whists[p][q]:
                wh[p][q].append(w[p][q])
    return replace(
        sheet, pool=pool, gora=gora, whists=tuple(tuple(r) for r in w), hands=sheet.hands + 1,
        pool_history=tuple(h + (pool[p],) if change.pool[p] else h
                           for p, h in enumerate(sheet.pool_history)),
        gora_history=tuple(h + (gora[p],) if change.gora[p] else h
                           for p, h in enumerate(sheet.gora_history)),
        whist_history=tuple(tuple(tuple(c) for c in row) for row in wh))


def score_hand(sheet: Sheet, hand: HandResult) -> Sheet:
    """``(hand result, sheet) -> new sheet``; refuses a hand once the game is over."""
    if sheet.is_over:
        raise IllegalAction(f"the game is over: {len(sheet.full)} pools are full")
    return apply_change(sheet, score_change(sheet, hand))


def play_sheet(hands: Sequence[HandResult], rules: RussianRules | None = None) -> Sheet:
    """The sheet after scoring ``hands`` in order from a fresh start."""
    s = Sheet.new(rules)
    for h in hands:
        s = score_hand(s, h)
    return s


# ---------------------------------------------------------------------------
# Settlement
# ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Settlement:
    """The final conversion of a sheet.

    ``values[p]``: pool (×2 in Leningrad) − gora + (whists written − whists
    received) / ``whists_per_pool``, in pool points.  ``net[p]``: ``values[p]``
    minus their average, so the results add up to zero; positive wins.
    ``whists`` is ``net`` in whists.
    """

    values: tuple[Fraction, ...]
    net: tuple[Fraction, ...]
    whists_per_pool: int

    @property
    def whists(self) -> tuple[Fraction, ...]:
        return tuple(x * self.whists_per_pool for x in self.net)

    @property
    def winner(self) -> int:
        """The player with the largest result (the earlier seat on a tie)."""
        return max(range(len(self.net)), key=lambda p: (self.net[p], -p))

    def transfers(self) -> tuple[tuple[int, int, Fraction], ...]:
        """Payments in pool points that settle the results: (payer, payee, amount),
        the biggest loser paying first, to the biggest winner first."""
        owe = [-x for x in self.net]
        out = []
        while True:
            payer = max(range(len(owe)), key=lambda p: (owe[p], -p))
            payee = min(range(len(owe)), key=lambda p: (owe[p], p))
            if owe[payer] <= 0 or owe[payee] >= 0:
                break
            amt = min(owe[payer], -owe[payee])
            out.append((payer, payee, amt))
            owe[payer] -= amt
            owe[payee] += amt
        return tuple(out)

    def __str__(self) -> str:
        return "\n".join(f"seat {p}: {_frac(v)} pool points, result {_frac(x, sign=True)} "
                         f"({_frac(x * self.whists_per_pool, sign=True)} whists)"
                         for p, (v, x) in enumerate(zip(self.values, self.net)))


def _frac(x: Fraction, sign: bool = False) -> str:
    """A result for people: a whole number, else two decimals; ``+`` when asked."""
    plus = "+" if sign else ""
    if x.denominator == 1:
        return f"{int(x):{plus}d}"
    return f"{float(x):{plus}.2f}"


def settle(sheet: Sheet) -> Settlement:
    """Convert pool, gora and whists into one zero-sum result per player.

    >>> s = play_sheet([HandResult.played(0, Contract.parse("6S"), (5, 3, 2))])
    >>> st = settle(s)
    >>> st.values, sum(st.net)
    ((Fraction(-12, 5), Fraction(1, 5), Fraction(1, 5)), Fraction(0, 1))
    """
    r = sheet.rules
    n = sheet.players
    f = r.settlement_pool_factor
    values = tuple(Fraction(sheet.pool[p] * f - sheet.gora[p])
                   + Fraction(sum(sheet.whists[p]) - sum(sheet.whists[q][p] for q in range(n)),
                              r.whists_per_pool)
                   for p in range(n))
    mean = sum(values, Fraction(0)) / n
    return Settlement(values, tuple(v - mean for v in values), r.whists_per_pool)

"""The kasa (κάσα) and the kapikia (καπίκια): the Greek score sheet (κιτάπι).

Each player starts with the same kasa (30 or 40; option ``kasa``).  One kasa
is worth 10 kapikia.  A player's kasa goes **down** when he buys and makes
his contract, **up** when he goes down; the game ends when **every** kasa
is zero.  Kapikia change hands between the players along the way, and the
final reckoning adds them up.  Scoring is pure and table-driven:
:func:`score_change` turns a :class:`HandResult` and a :class:`KasaSheet`
into a :class:`KasaChange`, and :func:`score_hand` into the next sheet.

With ``v`` the value of the contract (:data:`prefa.greek.contract.VALUES`):

=====================================  =========================================
what happened                          written
=====================================  =========================================
made (the defenders missed nothing)    buyer's kasa −v; he pays each playing
                                       defender v kapikia per trick he took
one down (μέσα)                        buyer's kasa +v; he pays v per defender trick
two or more down (σόλο)                buyer's kasa +2v; he pays 2v per defender trick
a defender one short                   he pays the buyer ``10v − v × his tricks``;
                                       the buyer's kasa stays
a defender two or more short (σόλο)    he pays the buyer ``2 × 10v``; kasa stays
both defenders pass                    buyer's kasa −v; nobody is paid
the blind taker concedes               buyer's kasa +4; he pays 16 kapikia
four aces declared                     every other player pays the buyer 25
                                       (50 from 7 tricks up); he pays them if he
                                       goes down
buyer down, with a tembelis            the tembelis gets 25 (50 two or more down)
=====================================  =========================================

A defender who took the other along answers for both: their tricks are
counted together, and he receives (or pays) what both would have.

γλύφω ("licking"): a buyer whose kasa is already zero, or reaches zero with
value to spare, lowers the **largest** remaining kasa instead and its owner
pays him 10 kapikia per kasa so taken.  Among equal kasas he may choose
(``lick=``); by default he licks the player he owes most, as players
usually do, then the first in seat order after him.

The end: when every kasa is zero, each player's kapikia are his result (they
sum to zero).  When the players stop early, each remaining kasa is shared
out: its owner pays every other player ``10 × kasa / players`` kapikia,
rounded to the nearest kapiki (:meth:`KasaSheet.stop_early`).

The seed's worked examples:

>>> sheet = KasaSheet.new()
>>> ch = score_change(sheet, HandResult.played_hand(0, "6H", (6, 1, 3)))
>>> ch.kasa, ch.kapikia          # 6♥ made: kasa −5, pays 5 and 15
((-5, 0, 0), (-20, 5, 15))
>>> score_change(sheet, HandResult.played_hand(0, "6H", (4, 3, 3))).kasa   # σόλο: +10
(10, 0, 0)
>>> score_change(sheet, HandResult.played_hand(0, "7S", (8, 1, 1))).kapikia
(56, -63, 7)

Decisions where the seed is silent: a concession's 16 kapikia go 8 to each
defender; two defenders playing side by side at 9 who both miss the one
trick share its charge; a four-aces bonus is also paid when both defenders
pass (the contract then counts as made); value that does not fit in any kasa
when the last kasas reach zero is lost; nothing is written when all pass in
the auction.

Where the seed contradicts itself: a contract is made with **at least** the
tricks declared, as its passage on the declaration says (its passages on the
end of the game and on the bluff say "exactly"); a defender two short against
6♥ pays the table's 100, not the 80 of its bluff example (80 is the 6♦
figure); the tembelis is paid by how far the buyer went down, its first rule
(``tembelis_by_level`` gives its second: by the size of the contract).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import IllegalAction
from .contract import Contract
from .defence import Obligation, obligations
from .options import GreekRules

KAPIKIA_PER_KASA = 10
"""One kasa is worth ten kapikia."""
CONCESSION_KASA = 4
"""The blind taker who concedes adds 4 to his kasa (as 6♠ two down)."""
CONCESSION_KAPIKIA = 16
"""... and pays 16 kapikia, 8 to each defender."""
ACES = {6: 25}
"""Four aces pay 25 kapikia from each player at six tricks, 50 from seven up."""
TEMBELIS_ONE_DOWN, TEMBELIS_SOLO = 25, 50
"""Paid to the tembelis when the buyer goes one down, or two or more (σόλο)."""


class Outcome(enum.Enum):
    """How a hand ended."""

    ALL_PASSED = "all passed"
    """Nobody bought: nothing is written, the next dealer deals."""
    PREFA = "prefa"
    """The Πρέφα bid (option): made or not."""
    CONCEDED = "conceded"
    """The blind taker gave up at 6♠ without play."""
    DEFENDERS_PASSED = "defenders passed"
    """Both defenders passed: the contract counts as made, without play."""
    PLAYED = "played"


class Verdict(enum.Enum):
    """What a played hand means for the sheet."""

    MADE = "made"
    DEFENDER_SHORT = "defender short"
    ONE_DOWN = "one down"
    SOLO = "solo"


@dataclass(frozen=True, slots=True)
class HandResult:
    """What the sheet needs to know about one hand.

    ``tricks`` has one count per seat (zero for a seat that did not play);
    ``defenders`` are the first (at the buyer's right) and the second;
    ``playing`` the defenders whose cards were in play; ``along_by`` the one
    who took the other along; ``tembelis`` the seat sitting out (four players).
    """

    outcome: Outcome
    buyer: int | None = None
    contract: Contract | None = None
    defenders: tuple[int, ...] = ()
    playing: frozenset[int] = frozenset()
    along_by: int | None = None
    tricks: tuple[int, ...] = ()
    aces: bool = False
    prefa_made: bool = False
    tembelis: int | None = None

    @staticmethod
    def _seats(buyer: int, seats: Sequence[int]) -> tuple[int, int]:
        s = tuple(seats)
        if buyer not in s:
            raise IllegalAction(f"buyer {buyer}: not one of the playing seats {s}")
        i = s.index(buyer)
        return s[(i + 1) % 3], s[(i + 2) % 3]

    @classmethod
    def played_hand(cls, buyer: int, contract: Contract | str, tricks: Sequence[int], *,
                    playing: Sequence[int] | None = None, along_by: int | None = None,
                    aces: bool = False, seats: Sequence[int] = (0, 1, 2),
                    tembelis: int | None = None) -> HandResult:
        """A played hand from its facts (for examples and tests).

        ``playing`` defaults to both defenders; ``seats`` are the three seats
        in play in playing order.
        """
        c = Contract.parse(contract) if isinstance(contract, str) else contract
        d = cls._seats(buyer, seats)
        play = frozenset(d if playing is None else playing)
        return cls(Outcome.PLAYED, buyer, c, d, play, along_by, tuple(tricks), aces,
                   tembelis=tembelis)

    @classmethod
    def defenders_passed(cls, buyer: int, contract: Contract | str, *, aces: bool = False,
                         seats: Sequence[int] = (0, 1, 2),
                         tembelis: int | None = None) -> HandResult:
        """Both defenders passed: nothing played."""
        c = Contract.parse(contract) if isinstance(contract, str) else contract
        return cls(Outcome.DEFENDERS_PASSED, buyer, c, cls._seats(buyer, seats), aces=aces,
                   tembelis=tembelis)

    @classmethod
    def conceded(cls, buyer: int, *, seats: Sequence[int] = (0, 1, 2),
                 tembelis: int | None = None) -> HandResult:
        """The blind taker conceded at 6♠ without play."""
        return cls(Outcome.CONCEDED, buyer, Contract.parse("6S"), cls._seats(buyer, seats),
                   tembelis=tembelis)

    @classmethod
    def prefa(cls, buyer: int, made: bool, *, seats: Sequence[int] = (0, 1, 2),
              tembelis: int | None = None) -> HandResult:
        """A Πρέφα bid, made or not."""
        return cls(Outcome.PREFA, buyer, None, cls._seats(buyer, seats), prefa_made=made,
                   tembelis=tembelis)

    @property
    def obligations(self) -> tuple[Obligation, ...]:
        """The playing defenders' obligations (see :mod:`prefa.greek.defence`)."""
        if self.outcome is not Outcome.PLAYED or self.contract is None:
            return ()
        return obligations(self.contract, self.defenders, sorted(self.playing), self.along_by)

    @property
    def down(self) -> int:
        """How many tricks the buyer is short of his contract (0 when made)."""
        if self.outcome is not Outcome.PLAYED or self.contract is None:
            return 0
        return max(0, self.contract.tricks - self.tricks[self.buyer])

    def shortfalls(self) -> tuple[tuple[Obligation, int], ...]:
        """Each obligation with how many tricks it is short.  Counted only when the
        playing defenders together took fewer than ``10 − contract``: when they
        reach that total, nobody is "in", whoever took the tricks."""
        if self.outcome is not Outcome.PLAYED or self.contract is None:
            return ()
        together = sum(self.tricks[s] for s in self.playing)
        if together >= self.contract.defenders_need:  # nobody is "in"
            return tuple((o, 0) for o in self.obligations)
        return tuple((o, max(0, o.tricks - sum(self.tricks[s] for s in o.counted)))
                     for o in self.obligations)

    @property
    def verdict(self) -> Verdict | None:
        """Made, a defender short, one down (μέσα) or two or more down (σόλο)."""
        if self.outcome is not Outcome.PLAYED:
            return None
        if self.down == 1:
            return Verdict.ONE_DOWN
        if self.down >= 2:
            return Verdict.SOLO
        if any(n for _, n in self.shortfalls()):
            return Verdict.DEFENDER_SHORT
        return Verdict.MADE


@dataclass(frozen=True, slots=True)
class Payment:
    """Kapikia paid by one player to another, with the reason."""

    payer: int
    payee: int
    amount: int
    reason: str

    def __str__(self) -> str:
        return f"seat {self.payer} pays seat {self.payee} {self.amount} ({self.reason})"


@dataclass(frozen=True, slots=True)
class KasaChange:
    """What one hand writes: the change of every kasa, and the payments."""

    kasa: tuple[int, ...]
    payments: tuple[Payment, ...] = ()
    notes: tuple[str, ...] = ()
    final: bool = False
    """True for the sharing out of the remaining kasas when the game stops early."""

    @property
    def kapikia(self) -> tuple[int, ...]:
        """Each player's net kapikia from this hand (they sum to zero)."""
        out = [0] * len(self.kasa)
        for p in self.payments:
            out[p.payer] -= p.amount
            out[p.payee] += p.amount
        return tuple(out)

    def paid(self, payer: int, payee: int) -> int:
        """Kapikia ``payer`` paid ``payee`` in this hand."""
        return sum(p.amount for p in self.payments if p.payer == payer and p.payee == payee)

    def __str__(self) -> str:
        lines = [f"kasa: {' '.join(f'{k:+d}' for k in self.kasa)}"]
        lines += [str(p) for p in self.payments]
        lines += list(self.notes)
        return "\n".join(lines)


def _share(kasa: int, players: int) -> int:
    """``10 × kasa / players`` rounded to the nearest kapiki (halves up)."""
    return (2 * KAPIKIA_PER_KASA * kasa + players) // (2 * players)


@dataclass(frozen=True, slots=True)
class KasaSheet:
    """The sheet of a game in progress (immutable).

    ``kasa[p]`` is player p's kasa; ``ledger[p][q]`` the net kapikia p has won
    from q (so ``ledger[q][p] == -ledger[p][q]``); ``changes`` the hands so far.
    """

    rules: GreekRules
    kasa: tuple[int, ...]
    ledger: tuple[tuple[int, ...], ...]
    changes: tuple[KasaChange, ...] = field(default=(), repr=False)

    @classmethod
    def new(cls, rules: GreekRules | None = None) -> KasaSheet:
        """A fresh sheet: everybody at the starting kasa, no kapikia."""
        r = rules or GreekRules()
        n = r.players
        return cls(r, (r.kasa,) * n, ((0,) * n,) * n)

    @classmethod
    def at(cls, kasa: Sequence[int], owed: dict[tuple[int, int], int] | None = None,
           rules: GreekRules | None = None) -> KasaSheet:
        """A sheet in a given state: ``owed[(a, b)]`` kapikia that ``a`` owes ``b``.

        >>> s = KasaSheet.at((27, 21, 1), {(0, 1): 10, (2, 0): 5, (2, 1): 38})
        >>> s.kapikia
        (-5, 48, -43)
        """
        r = rules or GreekRules(players=len(kasa))
        n = len(kasa)
        if n != r.players or any(k < 0 for k in kasa):
            raise IllegalAction(f"kasa {tuple(kasa)}: expected {r.players} numbers, none "
                                "below zero")
        led = [[0] * n for _ in range(n)]
        for (a, b), amount in (owed or {}).items():
            led[b][a] += amount
            led[a][b] -= amount
        return cls(r, tuple(kasa), tuple(tuple(row) for row in led))

    # -- reading -----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.kasa)

    @property
    def kapikia(self) -> tuple[int, ...]:
        """Each player's net kapikia so far (they sum to zero)."""
        return tuple(sum(row) for row in self.ledger)

    @property
    def remaining(self) -> int:
        """The sum of the kasas still open."""
        return sum(self.kasa)

    @property
    def is_over(self) -> bool:
        """True when every kasa is zero: the game is over."""
        return not any(self.kasa)

    @property
    def hands(self) -> int:
        """How many hands have been written."""
        return sum(not c.final for c in self.changes)

    def owes(self, a: int, b: int) -> int:
        """Net kapikia ``a`` owes ``b`` (negative when ``b`` owes ``a``)."""
        return self.ledger[b][a]

    def lick_target(self, licker: int) -> int | None:
        """Whose kasa ``licker`` would lick now: the largest; among equals the player
        he owes most, then the first in seat order after him."""
        n = self.players
        order = [(licker + i) % n for i in range(1, n)]
        open_ = [p for p in order if self.kasa[p] > 0]
        if not open_:
            return None
        top = max(self.kasa[p] for p in open_)
        ties = [p for p in open_ if self.kasa[p] == top]
        return max(ties, key=lambda p: (self.owes(licker, p), -order.index(p)))

    # -- the end ----------------------------------------------------------------------
    def stop_early(self) -> KasaSheet:
        """Stop the game now: each remaining kasa is shared out (its owner pays each
        other player ``10 × kasa / players``, rounded) and every kasa becomes zero."""
        n = self.players
        led = [list(row) for row in self.ledger]
        payments = []
        for p in range(n):
            share = _share(self.kasa[p], n)
            if not share:
                continue
            for q in range(n):
                if q != p:
                    led[q][p] += share
                    led[p][q] -= share
                    payments.append(Payment(p, q, share, f"sharing out kasa {self.kasa[p]}"))
        change = KasaChange(tuple(-k for k in self.kasa), tuple(payments),
                            ("the game stops early: the remaining kasas are shared out",),
                            final=True)
        return KasaSheet(self.rules, (0,) * n, tuple(tuple(r) for r in led),
                         self.changes + (change,))

    def settlement(self) -> tuple[int, ...]:
        """The final kapikia of each player: as they stand when the game is over, else
        after sharing out the remaining kasas (:meth:`stop_early`)."""
        return self.kapikia if self.is_over else self.stop_early().kapikia

    # -- text ---------------------------------------------------------------------------
    def table(self, names: Sequence[str] | None = None) -> str:
        """The sheet as a text table: kasa, kapikia, and kapikia won from each player."""
        n = self.players
        names = list(names) if names else [f"seat {p}" for p in range(n)]
        w = max(8, *(len(x) for x in names))
        head = f"{'player':<{w}}  {'kasa':>4}  {'kapikia':>7}" + "".join(
            f"  {'from ' + str(q):>7}" for q in range(n))
        rows = [head]
        for p in range(n):
            cells = "".join(f"  {'-' if q == p else f'{self.ledger[p][q]:+d}':>7}"
                            for q in range(n))
            rows.append(f"{names[p]:<{w}}  {self.kasa[p]:>4}  {self.kapikia[p]:>+7d}{cells}")
        rows.append(f"remaining kasa {self.remaining}" + ("; game over" if self.is_over else ""))
        return "\n".join(rows)

    def __str__(self) -> str:
        return self.table()

    def _repr_html_(self) -> str:
        """The text table in a notebook (the drawn sheet: :mod:`prefa.ui.sheets_greek`)."""
        from html import escape
        return f"<pre>{escape(self.table())}</pre>"


# -- scoring ------------------------------------------------------------------------------
def _check(sheet: KasaSheet, r: HandResult) -> None:
    n = sheet.players
    if sheet.is_over:
        raise IllegalAction("the game is over: every kasa is zero")
    if r.outcome is Outcome.ALL_PASSED:
        return
    b = r.buyer
    if b is None or not 0 <= b < n or any(not 0 <= d < n for d in r.defenders) \
            or len({b, *r.defenders}) != 3:
        raise IllegalAction(f"buyer {b} and defenders {r.defenders}: expected three different "
                            f"seats from 0 to {n - 1}")
    if r.tembelis is not None and (n != 4 or r.tembelis in (b, *r.defenders)):
        raise IllegalAction(f"tembelis {r.tembelis}: only with four players, the seat out of play")
    if r.outcome is not Outcome.PLAYED:
        return
    if len(r.tricks) != n or any(t < 0 for t in r.tricks):
        raise IllegalAction(f"tricks {r.tricks}: expected {n} counts, one per seat")
    playing = {b, *r.playing}
    for s in range(n):
        if s not in playing and r.tricks[s]:
            raise IllegalAction(f"tricks {r.tricks}: seat {s} does not play and takes no trick")
    if sum(r.tricks) != 10:
        raise IllegalAction(f"tricks {r.tricks}: they add up to {sum(r.tricks)}, expected 10")
    if not r.playing or not r.playing <= set(r.defenders):
        raise IllegalAction(f"playing {sorted(r.playing)}: expected one or both defenders")
    if r.along_by is not None and (r.along_by not in r.defenders or len(r.playing) != 2):
        raise IllegalAction(f"along_by {r.along_by}: expected a defender, with both playing")


class _Writer:
    """Accumulates one hand's kasa changes and payments against a sheet."""

    def __init__(self, sheet: KasaSheet) -> None:
        self.sheet = sheet
        self.kasa = list(sheet.kasa)
        self.payments: list[Payment] = []
        self.notes: list[str] = []

    def pay(self, payer: int, payee: int, amount: int, reason: str) -> None:
        if amount:
            self.payments.append(Payment(payer, payee, amount, reason))

    def raise_kasa(self, p: int, amount: int, reason: str) -> None:
        self.kasa[p] += amount
        self.notes.append(f"seat {p}: kasa +{amount} ({reason})")

    def lower_kasa(self, p: int, amount: int, reason: str, lick: int | None) -> None:
        own = min(amount, self.kasa[p])
        self.kasa[p] -= own
        if own:
            self.notes.append(f"seat {p}: kasa −{own} ({reason})")
        rest = amount - own
        first = True
        while rest and self.sheet.rules.lick:
            view = KasaSheet(self.sheet.rules, tuple(self.kasa), self.sheet.ledger)
            target = view.lick_target(p)
            if target is None:
                break
            if first and lick is not None:
                top = max(self.kasa[q] for q in range(len(self.kasa)) if q != p)
                if lick == p or not 0 <= lick < len(self.kasa) or self.kasa[lick] != top \
                        or top == 0:
                    raise IllegalAction(f"lick seat {lick}: only a largest remaining kasa "
                                        f"may be licked (kasas {tuple(self.kasa)})")
                target = lick
            first = False
            take = min(rest, self.kasa[target])
            self.kasa[target] -= take
            rest -= take
            self.pay(target, p, KAPIKIA_PER_KASA * take, f"γλύφω: seat {p} licks {take} kasa")
            self.notes.append(f"seat {target}: kasa −{take} (licked by seat {p})")
        if rest:
            self.notes.append(f"{rest} kasa left over: no kasa is open to take it")

    def change(self) -> KasaChange:
        delta = tuple(a - b for a, b in zip(self.kasa, self.sheet.kasa))
        return KasaChange(delta, tuple(self.payments), tuple(self.notes))


def score_change(sheet: KasaSheet, result: HandResult, *, lick: int | None = None) -> KasaChange:
    """What ``result`` writes on ``sheet`` (pure).  ``lick`` names whose kasa a buyer
    with an empty kasa licks, when several are equally large."""
    _check(sheet, result)
    w = _Writer(sheet)
    r = result
    o = r.outcome
    if o is Outcome.ALL_PASSED:
        w.notes.append("all passed: nothing is written")
        return w.change()
    b = r.buyer
    assert b is not None
    others = [p for p in range(sheet.players) if p != b]
    if o is Outcome.PREFA:
        half = sheet.rules.prefa_value // 2
        for d in r.defenders:
            if r.prefa_made:
                w.pay(d, b, half, "Πρέφα made")
            else:
                w.pay(b, d, half, "Πρέφα failed")
        return w.change()
    if o is Outcome.CONCEDED:
        w.raise_kasa(b, CONCESSION_KASA, "blind take conceded at 6♠")
        for d in r.defenders:
            w.pay(b, d, CONCESSION_KAPIKIA // 2, "blind take conceded")
        return w.change()
    c = r.contract
    assert c is not None
    v = c.value
    aces = ACES.get(c.tricks, 50)
    if o is Outcome.DEFENDERS_PASSED:
        w.lower_kasa(b, v, f"{c.symbols} not played: both defenders passed", lick)
        if r.aces:
            for p in others:
                w.pay(p, b, aces, "four aces")
        return w.change()
    verdict = r.verdict
    if verdict in (Verdict.ONE_DOWN, Verdict.SOLO):
        mult = 1 if verdict is Verdict.ONE_DOWN else 2
        word = "one down (μέσα)" if mult == 1 else f"{r.down} down (σόλο)"
        w.raise_kasa(b, mult * v, f"{c.symbols} {word}")
        for d in sorted(r.playing):
            payee = r.along_by if r.along_by is not None else d
            w.pay(b, payee, mult * v * r.tricks[d], f"{r.tricks[d]} trick(s) of seat {d} at "
                  f"{mult * v}")
        if r.aces:
            k = 2 if mult == 2 and sheet.rules.aces_doubled_on_solo else 1
            for p in others:
                w.pay(b, p, k * aces, "four aces, contract lost")
        if r.tembelis is not None and sheet.rules.tembelis_paid:
            if sheet.rules.tembelis_by_level:
                amount = TEMBELIS_ONE_DOWN if c.tricks == 6 else TEMBELIS_SOLO
            else:
                amount = TEMBELIS_ONE_DOWN if mult == 1 else TEMBELIS_SOLO
            w.pay(b, r.tembelis, amount, "the tembelis's due (τεμπελίστικα)")
        return w.change()
    # the contract is made; did the defence miss an obligation?
    shorts = r.shortfalls()
    if verdict is Verdict.MADE:
        w.lower_kasa(b, v, f"{c.symbols} made", lick)
    else:
        w.notes.append(f"seat {b}: kasa stays (a defender is short)")
    for ob, short in shorts:
        got = sum(r.tricks[s] for s in ob.counted)
        if short == 0:
            for s in ob.counted:
                payee = r.along_by if r.along_by is not None else s
                w.pay(b, payee, v * r.tricks[s], f"{r.tricks[s]} trick(s) of seat {s} at {v}")
            continue
        charge = (KAPIKIA_PER_KASA * v - v * got if short == 1
                  else 2 * KAPIKIA_PER_KASA * v)
        word = "one short" if short == 1 else f"{short} short (σόλο)"
        each = charge // len(ob.answerable)
        for s in ob.answerable:
            w.pay(s, b, each, f"{word}: owed {ob.tricks}, took {got}")
    if r.aces:
        for p in others:
            w.pay(p, b, aces, "four aces")
    return w.change()


def score_hand(sheet: KasaSheet, result: HandResult, *, lick: int | None = None) -> KasaSheet:
    """The sheet after ``result`` (pure; ``sheet`` is left as it was)."""
    ch = score_change(sheet, result, lick=lick)
    n = sheet.players
    led = [list(row) for row in sheet.ledger]
    for p in ch.payments:
        led[p.payee][p.payer] += p.amount
        led[p.payer][p.payee] -= p.amount
    kasa = tuple(k + d for k, d in zip(sheet.kasa, ch.kasa))
    assert all(k >= 0 for k in kasa) and len(kasa) == n
    return KasaSheet(sheet.rules, kasa, tuple(tuple(r) for r in led), sheet.changes + (ch,))


def one_short_table(tricks: int, denomination: int, owed: int | None = None) -> int:
    """What a defender one trick short pays: ``10v − v × (owed − 1)``.

    ``owed`` defaults to the first defender's personal obligation, which is
    what the seed's table lists.

    >>> [one_short_table(6, d) for d in range(5)]
    [18, 27, 36, 45, 54]
    """
    from .contract import VALUES
    from .defence import personal_obligation
    v = VALUES[tricks][denomination]
    if owed is None:
        owed = personal_obligation(tricks, True)
    return KAPIKIA_PER_KASA * v - v * (owed - 1)


def two_short_table(tricks: int, denomination: int) -> int:
    """What a defender two or more tricks short (σόλο) pays: ``2 × 10v``.

    >>> [two_short_table(6, d) for d in range(5)]
    [40, 60, 80, 100, 120]
    """
    from .contract import VALUES
    return 2 * KAPIKIA_PER_KASA * VALUES[tricks][denomination]

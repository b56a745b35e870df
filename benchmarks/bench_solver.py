"""Benchmark of the double-dummy solver on a fixed set of seeded deals, both backends.

Run ``python benchmarks/bench_solver.py`` (``--help`` for options).  The
set: deals ``random_deal(1000 + i)``; deal ``i`` is played as a suit game,
sans or betl by turns (equal parts), with the declarer on lead for half of
each kind and the defender after him on lead for the other half.  The
declarer is the seat whose hand suits the game best: the longest suit with
the most honours for a suit game (that suit is trumps), the most honours
for sans, the lowest cards for betl.

Every measurement is made for each backend that is available in one run
on the same deals: the native core (``prefa._native``, C) and the Python
reference (``Solver(backend="python")``); the native time of a deal is the
best of ``--repeat`` solves (3), as other programs on a shared machine
cost a sub-millisecond solve more than the solve itself.  Printed: time per solve
(median, max, by kind; wall-clock time, and the process's CPU time, which
other programs sharing the machine disturb less), nodes searched (cards
tried: the same on every machine; the two backends count alike but search
different trees), the values of the two backends compared deal by deal,
peak memory of the slowest solves (tracemalloc for Python; for the native
core, the size of its table and the growth of the resident memory), the time of a full card table against one
solve, and a 200-sample single-dummy lead evaluation in one process and
in two.

``--leak N`` solves N small positions with fresh native solvers and prints
the resident memory before and after (100,000 by default with ``--leak``);
``--differential N`` compares the two backends on N random positions of
every game kind and ruleset (values, card tables and thresholds), on the
long positions of the tests and on N / 50 full deals (values).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import tracemalloc

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from prefa import _solver
from prefa.balkan.contract import Game
from prefa.balkan.solve import evaluate_leads, position_from_deal
from prefa.deal import Deal, random_deal
from prefa.solver import Position, Solver, backend

SUIT_GAMES = {0: Game.SPADES, 1: Game.HEARTS, 2: Game.DIAMONDS, 3: Game.CLUBS}
KINDS = ("suit", "sans", "betl")


def _honours(hand) -> int:
    return sum(max(0, (c & 15) - 8) for c in hand)  # J=1 Q=2 K=3 A=4


def choose(deal: Deal, kind: str) -> tuple[Game, int]:
    """The game and declarer for one deal of the set (see the module docstring)."""
    hands = deal.hands
    if kind == "betl":
        return Game.BETL, min(range(3), key=lambda s: sum(c & 15 for c in hands[s]))
    if kind == "sans":
        return Game.SANS, max(range(3), key=lambda s: _honours(hands[s]))
    _score, seat, suit = max((10 * hands[s].count(su) + _honours(hands[s]), s, su)
                            for s in range(3) for su in range(4))
    return SUIT_GAMES[suit], seat


def positions(n: int) -> list[tuple[str, Position]]:
    out = []
    for i in range(n):
        kind = KINDS[i % 3]
        deal = random_deal(1000 + i)
        game, declarer = choose(deal, kind)
        leader = declarer if (i // 3) % 2 == 0 else (declarer + 1) % 3
        out.append((kind, position_from_deal(deal, game, declarer, leader)))
    return out


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def backends() -> list[str]:
    return (["native"] if _solver.built() else []) + ["python"]


def solve_all(ps, which: str, repeat: int = 1) -> list[tuple]:
    """One row per deal: the best of ``repeat`` solves, each with fresh tables."""
    rows = []
    for i, (kind, p) in enumerate(ps):
        best = None
        for _ in range(repeat):
            solver = Solver(backend=which)
            c = time.process_time()
            t = time.perf_counter()
            value = solver.solve(p)
            dt = time.perf_counter() - t
            row = (dt, solver.nodes, kind, i, p, value, time.process_time() - c)
            if best is None or row[0] < best[0]:
                best = row
        rows.append(best)
    return rows


def report(rows, which: str) -> None:
    times = [r[0] for r in rows]
    nodes = [r[1] for r in rows]
    print(f"\n[{which}] {len(rows)} full 10-card deals (fresh tables; the native core: the "
          "best of --repeat solves):")
    print(f"  median {ms(statistics.median(times))}   max {ms(max(times))}   "
          f"mean {ms(statistics.mean(times))}   total {sum(times):.2f} s")
    cpu = [r[6] for r in rows]
    print(f"  CPU time: median {ms(statistics.median(cpu))}   max {ms(max(cpu))}")
    print(f"  nodes: median {statistics.median(nodes):.0f}, max {max(nodes)}, "
          f"total {sum(nodes)}; {sum(times) / sum(nodes) * 1e6:.3f} us per node")
    for kind in KINDS:
        ts = [r[0] for r in rows if r[2] == kind]
        ns = [r[1] for r in rows if r[2] == kind]
        if not ts:
            continue
        print(f"  {kind:5}: median {ms(statistics.median(ts))}   max {ms(max(ts))}   "
              f"median nodes {statistics.median(ns):.0f}, total {sum(ns)}")
    for who in ("declarer", "defender"):
        ts = [r[0] for r in rows if (r[4].leader == r[4].declarer) == (who == "declarer")]
        if ts:
            print(f"  {who} on lead: median {ms(statistics.median(ts))}   "
                  f"max {ms(max(ts))}")
    slow = sorted(rows, key=lambda r: -r[0])[:5]
    print("  slowest: " + ", ".join(f"#{r[3]} {r[2]} {r[0] * 1000:.1f} ms ({r[1]} nodes)"
                                    for r in slow))


def rss_mb() -> float:
    """Current resident memory of this process (Linux), MB."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def leak_check(n: int) -> None:
    from prefa.cards import CardSet, deck
    from prefa.deal import SplitMix64
    print(f"\nleak check: {n} small solves (3-trick positions, a fresh native Solver and "
          "a card table each)")
    g = SplitMix64(5)
    ps = []
    for i in range(500):
        cards = list(deck())
        g.shuffle(cards)
        hands = tuple(CardSet.of(cards[3 * s:3 * s + 3]) for s in range(3))
        game = ("sans", "hearts", "betl")[i % 3]
        ps.append(position_from_deal(Deal(hands), game, i % 3, (i // 3) % 3))

    def run(k: int) -> None:
        for i in range(k):
            p = ps[i % len(ps)]
            s = Solver(backend="native")
            s.solve(p)
            s.card_table(p)

    run(10_000)  # warm-up: allocator pools, caches
    before = rss_mb()
    t = time.perf_counter()
    run(n)
    dt = time.perf_counter() - t
    after = rss_mb()
    print(f"  resident memory: {before:.1f} MB after a warm-up of 10,000, {after:.1f} MB after "
          f"{n} more ({after - before:+.1f} MB); {dt / n * 1e6:.0f} us per solve + table")


def differential(n: int) -> None:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
    from test_solver_native import RULESETS, ruled_position
    print(f"\ndifferential run: {n} random positions of 1-7 tricks, native against Python "
          "(value, card table, at_least at the value and one above)")
    rulesets = sorted(RULESETS)
    goals = ("suit", "notrump", "betl")
    bad = 0
    counts = {"lone": 0, "mid-trick": 0}
    t = time.perf_counter()
    for i in range(n):
        rs, goal = rulesets[i % len(rulesets)], goals[(i // len(rulesets)) % 3]
        p = ruled_position(1_000_000 + i, rs, goal, max_tricks=7)
        counts["lone"] += p.out is not None
        counts["mid-trick"] += bool(p.trick)
        nat, ref = Solver(backend="native"), Solver(backend="python")
        v = ref.solve(p)
        ok = nat.solve(p) == v and nat.card_table(p) == ref.card_table(p)
        ok = ok and nat.at_least(p, v) and not nat.at_least(p, v + 1)
        if not ok:
            bad += 1
            print("  DISAGREEMENT:", rs, goal, 1_000_000 + i, p)
    print(f"  {n} positions ({counts['lone']} with a lone defender, {counts['mid-trick']} "
          f"mid-trick; {len(rulesets)} rulesets x {len(goals)} goals): {bad} disagreements "
          f"({time.perf_counter() - t:.0f} s)")
    # every long position of tests/test_solver.py's generalisation test (6-10 tricks),
    # and full deals of every game kind with either side on lead
    from test_solver import _long_position
    longs = [_long_position(s) for s in range(120)] + [_long_position(s, "betl")
                                                       for s in range(500, 560)]
    games = ("spades", "hearts", "diamonds", "clubs", "sans", "preferans", "betl")
    fulls = [position_from_deal(random_deal(20_000 + i), games[i % 7], i % 3, (i // 7) % 3)
             for i in range(n // 50)]
    for name, group in (("long positions of the tests", longs), ("full deals", fulls)):
        t = time.perf_counter()
        bad = sum(Solver(backend="native").solve(p) != Solver(backend="python").solve(p)
                  for p in group)
        print(f"  {len(group)} {name}: {bad} disagreements ({time.perf_counter() - t:.0f} s)")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=60, help="number of deals (default 60)")
    ap.add_argument("--tables", type=int, default=12,
                    help="deals for the card-table comparison (default 12)")
    ap.add_argument("--samples", type=int, default=200,
                    help="samples of the lead evaluation (default 200)")
    ap.add_argument("--leak", type=int, nargs="?", const=100_000, default=0,
                    help="solves of the native leak check (default 100,000 when given)")
    ap.add_argument("--differential", type=int, nargs="?", const=10_000, default=0,
                    help="random positions of the native/Python comparison (10,000 when given)")
    ap.add_argument("--only", choices=("native", "python"), help="one backend only")
    ap.add_argument("--repeat", type=int, default=3,
                    help="native solves per deal, the fastest kept: a shared machine's other "
                         "programs cost a sub-millisecond solve more than the solve (default 3)")
    args = ap.parse_args(argv)

    which = [b for b in backends() if args.only in (None, b)]
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs; default backend "
          f"{backend()}; measured: {', '.join(which)}")
    if not _solver.built():
        print(f"  (native core not built: {_solver.REASON})")
    ps = positions(args.deals)
    results = {b: solve_all(ps, b, args.repeat if b == "native" else 1) for b in which}
    for b in which:
        report(results[b], b)
    if len(which) == 2:
        nat, py = results["native"], results["python"]
        same = sum(a[5] == b[5] for a, b in zip(nat, py))
        ratio = [b[0] / a[0] for a, b in zip(nat, py)]
        print(f"\nnative against python: same value on {same} of {len(nat)} deals; "
              f"median time x{statistics.median(py[i][0] for i in range(len(py))) / statistics.median(r[0] for r in nat):.0f} faster "
              f"(per deal: median x{statistics.median(ratio):.0f}, min x{min(ratio):.0f}), "
              f"slowest deal x{max(r[0] for r in py) / max(r[0] for r in nat):.0f}")

    for b in which:
        slow = sorted(results[b], key=lambda r: -r[0])[:5]
        if b == "python":
            tracemalloc.start()
            for r in slow:
                Solver(backend="python").solve(r[4])
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            print(f"\n[python] peak memory (tracemalloc, the five slowest solves): "
                  f"{peak / 2**20:.1f} MB")
        else:
            before = rss_mb()
            solver = Solver(backend="native")
            solver.solve(slow[0][4])
            table = sum(e.engine.memory for e in solver._native.values())
            print(f"\n[native] the slowest solve (#{slow[0][3]}): its table holds "
                  f"{table / 2**20:.1f} MB; resident memory grew by "
                  f"{rss_mb() - before:.1f} MB while it ran")

    for b in which:
        print(f"\n[{b}] card table against one solve ({args.tables} deals, fresh tables each):")
        ratios = []
        for kind, p in ps[:args.tables]:
            t = time.perf_counter()
            Solver(backend=b).solve(p)
            one = time.perf_counter() - t
            t = time.perf_counter()
            table = Solver(backend=b).card_table(p)
            full = time.perf_counter() - t
            ratios.append(full / one)
            print(f"  {kind:5} {len(table):2} cards: solve {ms(one)}   table {ms(full)}   "
                  f"x{full / one:.2f}")
        print(f"  ratio: median x{statistics.median(ratios):.2f}, max x{max(ratios):.2f}")

    deal = random_deal(7)
    hand = deal.hands[1]
    print(f"\nlead evaluation, {args.samples} samples: seat 1 leads from {hand} against "
          "hearts by seat 0 (unseen cards dealt at random)")
    for b in which:
        for workers in (1, 2):
            env = os.environ.get("PREFA_SOLVER")
            # the workers take the default backend: set it for this measurement
            os.environ["PREFA_SOLVER"] = b
            _solver._native = _solver.BUILT if b == "native" else None
            try:
                c = time.process_time()
                t = time.perf_counter()
                rep = evaluate_leads(hand, Game.HEARTS, declarer=0, leader=1,
                                     samples=args.samples, seed=1, workers=workers)
                dt = time.perf_counter() - t
                cpu = time.process_time() - c
            finally:
                if env is None:
                    os.environ.pop("PREFA_SOLVER", None)
                else:
                    os.environ["PREFA_SOLVER"] = env
                _solver._native = _solver.BUILT if _solver.REASON == "" else None
            cpu_note = f", CPU time {cpu:.2f} s" if workers == 1 else ""
            print(f"  [{b}] {workers} process{'es' if workers > 1 else ''}: {dt:.2f} s "
                  f"({dt / args.samples * 1000:.1f} ms per sample{cpu_note}); "
                  f"best lead: {rep.best}")

    if args.leak and _solver.built():
        leak_check(args.leak)
    if args.differential and _solver.built():
        differential(args.differential)

    try:
        import resource
    except ImportError:  # not on every platform
        return
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak resident memory of this process: {rss:.0f} MB")


if __name__ == "__main__":
    main()

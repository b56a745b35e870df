"""Benchmark of the double-dummy solver on a fixed set of seeded deals.

Run ``python benchmarks/bench_solver.py`` (``--help`` for options).  The
set: deals ``random_deal(1000 + i)``; deal ``i`` is played as a suit game,
sans or betl by turns (equal parts), with the declarer on lead for half of
each kind and the defender after him on lead for the other half.  The
declarer is the seat whose hand suits the game best: the longest suit with
the most honours for a suit game (that suit is trumps), the most honours
for sans, the lowest cards for betl.

Printed: time per solve (median, max, by kind; wall-clock time, and the
process's CPU time, which other programs sharing the machine disturb less),
nodes searched (cards tried: the same on every machine), peak memory of
the slowest solves (tracemalloc, measured in a second pass because tracing
slows Python down) and of the whole run, the time of a full card table
against one solve, and a 200-sample single-dummy lead evaluation in one
process and in two.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import tracemalloc

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from prefa.balkan.contract import Game
from prefa.balkan.solve import evaluate_leads, position_from_deal
from prefa.deal import Deal, random_deal
from prefa.solver import Position, Solver

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


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=60, help="number of deals (default 60)")
    ap.add_argument("--tables", type=int, default=12,
                    help="deals for the card-table comparison (default 12)")
    ap.add_argument("--samples", type=int, default=200,
                    help="samples of the lead evaluation (default 200)")
    args = ap.parse_args(argv)

    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    ps = positions(args.deals)
    rows = []
    for i, (kind, p) in enumerate(ps):
        solver = Solver()
        c = time.process_time()
        t = time.perf_counter()
        value = solver.solve(p)
        dt = time.perf_counter() - t
        rows.append((dt, solver.nodes, kind, i, p, value, time.process_time() - c))
    times = [r[0] for r in rows]
    nodes = [r[1] for r in rows]
    print(f"\n{len(rows)} full 10-card deals, one solve each (fresh tables):")
    print(f"  median {ms(statistics.median(times))}   max {ms(max(times))}   "
          f"mean {ms(statistics.mean(times))}   total {sum(times):.2f} s")
    cpu = [r[6] for r in rows]
    print(f"  CPU time: median {ms(statistics.median(cpu))}   max {ms(max(cpu))}")
    print(f"  nodes: median {statistics.median(nodes):.0f}, max {max(nodes)}, "
          f"total {sum(nodes)}; {sum(times) / sum(nodes) * 1e6:.1f} us per node")
    for kind in KINDS:
        ts = [r[0] for r in rows if r[2] == kind]
        ns = [r[1] for r in rows if r[2] == kind]
        print(f"  {kind:5}: median {ms(statistics.median(ts))}   max {ms(max(ts))}   "
              f"median nodes {statistics.median(ns):.0f}, total {sum(ns)}")
    for who in ("declarer", "defender"):
        ts = [r[0] for r in rows if (r[4].leader == r[4].declarer) == (who == "declarer")]
        print(f"  {who} on lead: median {ms(statistics.median(ts))}   max {ms(max(ts))}")
    slow = sorted(rows, key=lambda r: -r[0])[:5]
    print("  slowest: " + ", ".join(f"#{r[3]} {r[2]} {r[0] * 1000:.0f} ms ({r[1]} nodes)"
                                    for r in slow))

    tracemalloc.start()
    for r in slow:
        Solver().solve(r[4])
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"\npeak memory (tracemalloc, the five slowest solves): {peak / 2**20:.1f} MB")

    print(f"\ncard table against one solve ({args.tables} deals, fresh tables each):")
    ratios = []
    for kind, p in ps[:args.tables]:
        t = time.perf_counter()
        Solver().solve(p)
        one = time.perf_counter() - t
        t = time.perf_counter()
        table = Solver().card_table(p)
        full = time.perf_counter() - t
        ratios.append(full / one)
        print(f"  {kind:5} {len(table):2} cards: solve {ms(one)}   table {ms(full)}   "
              f"x{full / one:.2f}")
    print(f"  ratio: median x{statistics.median(ratios):.2f}, max x{max(ratios):.2f}")

    deal = random_deal(7)
    hand = deal.hands[1]
    print(f"\nlead evaluation, {args.samples} samples: seat 1 leads from {hand} against "
          "hearts by seat 0 (unseen cards dealt at random)")
    for workers in (1, 2):
        t = time.perf_counter()
        report = evaluate_leads(hand, Game.HEARTS, declarer=0, leader=1, samples=args.samples,
                                seed=1, workers=workers)
        dt = time.perf_counter() - t
        print(f"  {workers} process{'es' if workers > 1 else ''}: {dt:.2f} s "
              f"({dt / args.samples * 1000:.1f} ms per sample); best lead: {report.best}")

    try:
        import resource
    except ImportError:  # not on every platform
        return
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak resident memory of this process: {rss:.0f} MB")

if __name__ == "__main__":
    main()

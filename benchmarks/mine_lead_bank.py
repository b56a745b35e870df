"""Mine the lead drill's bank: problems where the opening lead matters.

For drill problems ``0 .. N-1`` of a seed (:func:`prefa.drill.lead_problem`)
the engine solves each lead over :data:`~prefa.drill.BANK_SAMPLES` sampled
layouts that fit the auction (single dummy, :func:`prefa.drill.lead_figures`)
and keeps the problem when the best lead beats the contract clearly more
often than the worst (by :data:`~prefa.drill.BANK_GAP` at least).  Each kept
problem is tagged with the convention that applies (its theme) and a
difficulty from the figures (:func:`prefa.drill.difficulty`).

It prints the bank's size, the share of problems where the convention's lead
is among the best leads (with a 95% Wilson interval), the themes and
difficulties, and the mining time per deal (median and max).  The bank is
written to ``prefa/data/lead_bank.json`` (``--out`` elsewhere); the same
seed and number of deals give the same bank, byte for byte.

Run: ``python benchmarks/mine_lead_bank.py [--deals N] [--seed S] [--out PATH]``.
With the solver's native core the default 600 deals take about five minutes.
This is a benchmark, not a test: it is not run in CI.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from prefa.drill import BANK_GAP, BANK_SAMPLES, BANK_SEED, mine_problem
from prefa.solver import backend

OUT = Path(__file__).resolve().parent.parent / "prefa" / "data" / "lead_bank.json"


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=600)
    ap.add_argument("--seed", type=int, default=BANK_SEED)
    ap.add_argument("--samples", type=int, default=BANK_SAMPLES)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    times, bank = [], []
    for k in range(args.deals):
        t = time.perf_counter()
        p = mine_problem(args.seed, k, args.samples, BANK_GAP)
        times.append(time.perf_counter() - t)
        if p is not None:
            bank.append(p)
    best = sum(p.convention_is_best for p in bank)
    lo, hi = wilson(best, len(bank))
    data = {"about": ("Opening-lead problems mined by benchmarks/mine_lead_bank.py: drill "
                      f"problems of seed {args.seed} where the best lead beats the contract "
                      f"at least {BANK_GAP:.0%} more often than the worst, on "
                      f"{args.samples} sampled layouts."),
            "seed": args.seed, "deals": args.deals, "samples": args.samples, "gap": BANK_GAP,
            "problems": [p.to_json() for p in bank]}
    text = json.dumps(data, separators=(",", ":"), sort_keys=False) + "\n"
    args.out.write_text(text.replace('{"seed"', '\n{"seed"'), encoding="utf-8")
    print(f"solver core: {backend()}; seed {args.seed}, {args.deals} deals, "
          f"{args.samples} layouts each")
    print(f"bank: {len(bank)} problems ({len(bank) / args.deals:.0%} of the deals), "
          f"{args.out.stat().st_size / 1024:.0f} KiB")
    print(f"convention's lead among the best: {best} of {len(bank)} = "
          f"{best / max(1, len(bank)):.0%} (95% interval {lo:.0%}-{hi:.0%})")
    print("themes: " + ", ".join(f"{t} {n}" for t, n in Counter(p.theme for p in bank).most_common()))
    print("difficulty: " + ", ".join(f"{d} {n}" for d, n in
                                       sorted(Counter(p.difficulty for p in bank).items())))
    print(f"mining time per deal: median {statistics.median(times):.2f} s, "
          f"max {max(times):.2f} s, total {sum(times):.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

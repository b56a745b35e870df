"""The solver benchmark's deals solved under Pyodide, against CPython here.

Run ``python benchmarks/bench_pyodide.py [--deals N]`` in the test setup (the
README's test command installs what it needs).  Pyodide (CPython compiled to
WebAssembly, the browser's Python) runs in Node.js from the npm package that
the tests install into ``build/pyodide`` (see ``tests/pyodide_setup.py``).
The deals are those of ``bench_solver.py``; one program solves each once
with fresh tables, in Pyodide and then here, and the medians and maxima are
printed, with the ratio of the two.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

from pyodide_setup import PYODIDE_VERSION, run_here, run_in_pyodide  # noqa: E402

PROGRAM = """
import json, sys, time
sys.path.insert(0, "/home/pyodide/benchmarks")
from bench_solver import positions
from prefa.solver import Solver
rows = []
for kind, p in positions({n}):
    s = Solver()
    t = time.perf_counter()
    v = s.solve(p)
    rows.append([kind, v, time.perf_counter() - t])
json.dumps({{"python": sys.version.split()[0], "rows": rows}})
"""


def summary(rows: list) -> str:
    ts = [r[2] for r in rows]
    kinds = "   ".join(f"{k} {statistics.median([r[2] for r in rows if r[0] == k]) * 1000:.0f}"
                       for k in ("suit", "sans", "betl"))
    return (f"median {statistics.median(ts) * 1000:7.1f} ms   max {max(ts) * 1000:7.0f} ms   "
            f"total {sum(ts):6.2f} s   (medians by kind, ms: {kinds})")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=60, help="number of deals (default 60)")
    args = ap.parse_args(argv)
    t = time.perf_counter()
    there = json.loads(run_in_pyodide(PROGRAM.format(n=args.deals), folders=("benchmarks",),
                                      timeout=3600))
    wall = time.perf_counter() - t
    here = json.loads(run_here(PROGRAM.format(n=args.deals)))["rows"]
    assert [r[1] for r in here] == [r[1] for r in there["rows"]], "the two disagree"
    print(f"{args.deals} deals of bench_solver.py, one solve each (fresh tables); the same "
          "values in both")
    print(f"  Pyodide {PYODIDE_VERSION} (Python {there['python']}) in Node.js: "
          f"{summary(there['rows'])}")
    print(f"  CPython {sys.version.split()[0]} here:  {summary(here)}")
    ratio = statistics.median(a[2] / b[2] for a, b in zip(there["rows"], here))
    print(f"  Pyodide / CPython, median per deal: x{ratio:.2f}; the Pyodide run took "
          f"{wall:.1f} s with its start")


if __name__ == "__main__":
    main()

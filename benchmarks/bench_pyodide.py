"""The solver benchmark's deals solved under Pyodide, against CPython here.

Run ``python benchmarks/bench_pyodide.py [--deals N]`` in the test setup (the
README's test command installs what it needs).  Pyodide (CPython compiled to
WebAssembly, the browser's Python) runs in Node.js from the npm package that
the tests install into ``build/pyodide`` (see ``tests/pyodide_setup.py``).
The deals are those of ``bench_solver.py``; one program solves each once
with fresh tables, in Pyodide and then here, with each solver backend there
is (the native core, as the WebAssembly build ``prefa/_solver/solver.wasm``
under Pyodide and as the extension here, and the Python reference), and
the medians and maxima are printed, with the ratio of the two.
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
from prefa import _solver
from prefa.solver import Solver
_solver.built()  # loads the WebAssembly core under Pyodide
out = {{"version": sys.version.split()[0], "reason": _solver.REASON}}
ps = positions({n})
for backend in (["native"] if _solver.built() else []) + ["python"]:
    rows = []
    for kind, p in ps:
        s = Solver(backend=backend)
        t = time.perf_counter()
        v = s.solve(p)
        rows.append([kind, v, time.perf_counter() - t])
    out[backend] = rows
json.dumps(out)
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
    here = json.loads(run_here(PROGRAM.format(n=args.deals)))
    values = [r[1] for r in here["python"]]
    for out in (there, here):
        for b in ("native", "python"):
            if b in out:
                assert [r[1] for r in out[b]] == values, f"{b} disagrees"
    print(f"{args.deals} deals of bench_solver.py, one solve each (fresh tables); the same "
          "values everywhere")
    if "native" not in there:
        print(f"  (no native core under Pyodide: {there['reason']})")
    for b in ("native", "python"):
        if b in there:
            print(f"  Pyodide {PYODIDE_VERSION} (Python {there['version']}) in Node.js, {b}: "
                  f"{summary(there[b])}")
    for b in ("native", "python"):
        if b in here:
            print(f"  CPython {sys.version.split()[0]} here, {b}:  {summary(here[b])}")
    for b in ("native", "python"):
        if b in there and b in here:
            ratio = statistics.median(a[2] / c[2] for a, c in zip(there[b], here[b]))
            print(f"  {b}: Pyodide / CPython, median per deal: x{ratio:.2f}")
    print(f"  the Pyodide run took {wall:.1f} s with its start")


if __name__ == "__main__":
    main()

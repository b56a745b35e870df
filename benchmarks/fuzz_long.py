"""The long run of the fuzz suite: tests/test_fuzz.py under the ``fuzz-long`` profile.

Run ``python benchmarks/fuzz_long.py`` (``--help`` for options).  It runs
pytest on tests/test_fuzz.py with ``PREFA_FUZZ=long``: every fuzz test
tries ``--factor`` times as many cases as in CI (40 by default), drawn at
random, so each long run tries inputs no run tried before; a failure prints
hypothesis's smallest failing example, as in CI.

Printed: per test, the cases tried (hypothesis's own count of the examples
it ran in its generate phase, passing and failing) and the time; then the
total of cases, the wall-clock time, and whether anything failed.  The exit
code is pytest's.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

_TEST = re.compile(r"^(tests/test_fuzz\.py::.+):\s*$")
_COUNT = re.compile(r"- (\d+) passing(?: examples?)?, (\d+) failing(?: examples?)?, (?:and )?"
                    r"(\d+) invalid")
_PHASE = re.compile(r"- during generate phase \(([\d.]+) seconds\)")


def parse_statistics(text: str) -> list[tuple[str, int, int, float]]:
    """(test, passing, failing, seconds) per test from pytest's
    ``--hypothesis-show-statistics`` output."""
    rows: list[tuple[str, int, int, float]] = []
    test, seconds, in_generate = None, 0.0, False
    for line in text.splitlines():
        m = _TEST.match(line.strip())
        if m:
            test, in_generate = m.group(1), False
            continue
        m = _PHASE.search(line)
        if m:
            seconds, in_generate = float(m.group(1)), True
            continue
        if "during " in line and "phase" in line:
            in_generate = False
        m = _COUNT.search(line)
        if m and test is not None and in_generate:
            rows.append((test, int(m.group(1)), int(m.group(2)), seconds))
            in_generate = False
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--factor", type=int, default=40,
                    help="cases per test, as a multiple of the CI profile's (default 40)")
    ap.add_argument("-k", default=None, help="run only the tests matching this pytest -k")
    args = ap.parse_args(argv)
    env = dict(os.environ, PREFA_FUZZ="long", PREFA_FUZZ_FACTOR=str(args.factor))
    cmd = [sys.executable, "-m", "pytest", "tests/test_fuzz.py", "-q", "-p", "no:cacheprovider",
           "-o", "addopts=", "--hypothesis-show-statistics"]
    if args.k:
        cmd += ["-k", args.k]
    start = time.perf_counter()
    p = subprocess.run(cmd, check=False, cwd=ROOT, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    rows = parse_statistics(p.stdout)
    width = max((len(t) for t, *_ in rows), default=10)
    print(f"{'test':{width}s}  {'cases':>7s}  {'failing':>7s}  {'seconds':>8s}")
    for test, ok, bad, secs in rows:
        print(f"{test:{width}s}  {ok + bad:7d}  {bad:7d}  {secs:8.1f}")
    total = sum(ok + bad for _, ok, bad, _ in rows)
    failing = sum(bad for _, _, bad, _ in rows)
    summary = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else ""
    print(f"\n{total} cases in {len(rows)} fuzz tests, factor {args.factor}, "
          f"{wall:.0f} s wall clock; pytest: {summary}")
    if p.returncode != 0:
        print("\nFAILURES (pytest output follows)\n")
        print(p.stdout[-20000:])
        print(p.stderr[-2000:], file=sys.stderr)
    else:
        print("nothing found: every case passed" if not failing else "")
    return p.returncode


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: the engine in the browser (Pyodide in a Web Worker) against CPython.

Measured on the built site in Debian's chromium (tests/test_browser_engine.py
runs it in the same run as the browser tests; ``python
benchmarks/bench_browser_engine.py`` builds and serves the site and prints
the figures):

- engine ready, cold (a fresh browser profile: every file fetched, Python
  started, the engine imported, its memory snapshot kept) and warm (the
  same profile again: the browser's cache serves the files -- the server
  counts the engine's files it sent in full, none on the warm visit -- and
  the worker restores the snapshot);
- a learner's move: one action of the bidding box with the learner calling
  for every seat (the round trip page -> worker -> page, no engine seat);
- an engine player's decision: every decision of the two engine seats
  during a hand at the card table (TableSession.engine_times);
- one deal's analysis (AnalyseSession: card table, best line).

The same session calls in this Python give the CPython column.  TARGETS
are the issue's targets on this machine.

What is measured, and when the engine starts: the engine ready (ms from
its worker's start to the engine imported, ``prefaEngine.readyMs``) and
the view drawn (from the learner's Start to the first view on the page,
``prefaEngine.viewMs``), both timed in the page -- Playwright's click and
wait add some 0.4 s of their own.  ``--starts N`` gives N cold, warm and
warm-after-reading starts on the play and analysis pages.

Measured 2026-12-03 (later the same day), idle machine (load average
under 1): ready cold 2.2-2.7 s.  Before and after the early start
(engine.js), three runs each at load average 2: play page view drawn cold
3.3 s median (3.7 max) before, 3.1 s (3.5) after; warm 0.65 s before, 0.6 s
after; warm after a 1.5 s read 0.48 s before, 0.08 s after (the engine
started when the view came into sight).  With the play and analysis
pages starting the engine as they open (data-early="page"), three runs at
load average 0.5-3: cold after a 1.5 s read, view drawn 1.4 s median (1.5
max) on the play page, 1.8 s (2.2) on the analysis page, against the
cold click at once 2.8 s (3.3).  Of the cold start Pyodide's own
start took 2.4-3.2 s at that load (its files arrive from a local server in
0.3 s; the WebAssembly compiles in 0.1 s, the rest is its interpreter
starting), the engine's import 0.3-0.4 s, the first view 0.1 s.  Importing
only the first view's module at start (tried again) saved nothing on the
play page and 0.1 s on the analysis page, so the worker imports every view
and the snapshot serves every page.

Measured 2026-12-03 on the same shared machine, before any change to the
start-up, three runs at load average 2-3: ready cold 5.57, 4.12, 3.54 s
(median 4.1 s), warm 0.46, 0.80, 0.84 s; at load average 6-7 cold 8.8 and
8.4 s, warm 0.9 and 1.4 s.  The worker's steps show where the cold start
goes: starting Pyodide (fetching and compiling its 9.6 MB WebAssembly, its
standard library) 2.8-7.9 s, importing the engine 0.5-0.8 s, making the
snapshot 0.05 s.  Importing only what the play page's first view needs
(the web module and the card table, not the drill and the bidding box) was
tried on the built site: the import step took 0.48 and 0.62 s (load average
4-5), within the noise of the full import, so the worker's imports were left
as they are; the cold start is Pyodide's own.

Measured 2026-12-01 on the 2-core test machine (load average 4-5, other
work running): ready cold 4.75 s, warm 0.85 s (snapshot restored; 3.7-4.0 s
before the snapshot, when the interpreter started afresh each visit); a move
0.6 ms median (CPython 0.08 ms); an engine decision 3 ms median, 0.24 s p95
over 56 decisions (CPython 0.07 s p95); one deal's analysis 0.04 s
(CPython 0.02 s).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

TARGETS = {"ready_cold_s": 8.0, "ready_warm_s": 2.0, "move_ms": 100.0,
           "engine_decision_s_p95": 2.0}
DEAL = "SAKJ87 H7 CKJ87 / S9 HAKJT8 DKT7 CA / SQT HQ9 DAQJ98 C9 | CQT"
HANDS = [(11, True), (11, False), (12, False), (13, False), (14, False)]
"""The hands played (seed, does the learner bid?): passing, the engine declares and plays."""

# The hand a learner plays: bid a little, follow, play the first card offered.
PLAY_HAND = """async ([seed, bid]) => {
  const E = window.prefaEngine;
  const made = JSON.parse(await E.call({op: "new", view: "table", args: JSON.stringify({seed})}));
  let s = made.state;
  const order = ["card", "discard", "pick", "contract", "decision", "call"];
  const rank = (a) => {
    let k = order.indexOf(a.type);
    if (a.type === "pick" && (s.picked || []).includes(a.card)) k = 99;
    let p = 0;
    if (a.type === "call") p = bid ? (({"2": 0, "hold": 1, "3": 2})[String(a.call).split(" ")[0]] ?? 5)
                                   : (a.call === "pass" ? 0 : 5);
    if (a.type === "decision") p = ["follow", "decline"].includes(a.decision) ? 0 : 1;
    return (k < 0 ? 99 : k) * 10 + p;
  };
  const moves = [];
  for (let i = 0; i < 200 && s.phase !== "done"; i++) {
    const legal = s.legal.filter((a) => rank(a) < 990).sort((a, b) => rank(a) - rank(b));
    const t = performance.now();
    s = JSON.parse(await E.call({op: "act", sid: made.id, action: JSON.stringify(legal[0])}));
    moves.push(performance.now() - t);
  }
  const timings = JSON.parse(await E.call({op: "timings", sid: made.id}));
  return {phase: s.phase, moves, timings};
}"""

MOVES = """async () => {
  const E = window.prefaEngine;
  const made = JSON.parse(await E.call({op: "new", view: "bidding",
                                        args: JSON.stringify({seed: 3, seat: null})}));
  let s = made.state;
  const times = [];
  for (let i = 0; i < 12 && s.legal.some((a) => a.type === "call"); i++) {
    const a = s.legal.find((x) => x.type === "call" && x.call !== "pass") ||
              s.legal.find((x) => x.type === "call");
    const t = performance.now();
    s = JSON.parse(await E.call({op: "act", sid: made.id, action: JSON.stringify(a)}));
    times.push(performance.now() - t);
  }
  return times;
}"""

ANALYSE = """async (deal) => {
  const E = window.prefaEngine;
  const made = JSON.parse(await E.call({op: "new", view: "analyse", args: "{}"}));
  const t = performance.now();
  const s = JSON.parse(await E.call({op: "act", sid: made.id, action: JSON.stringify(
    {type: "analyse", deal, game: "sans", declarer: 0, leader: 1})}));
  return [performance.now() - t, s.table.length];
}"""


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))] if xs else 0.0


class Served:
    """The site on 127.0.0.1, counting the engine's files sent in full (status 200)."""

    def __init__(self, directory: str) -> None:
        import functools
        import http.server
        import threading

        self.full: list[str] = []
        served = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def send_response(self, code, message=None):
                if code == 200 and "/assets/engine/" in self.path:
                    served.full.append(self.path)
                super().send_response(code, message)

        self.server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(Handler, directory=directory))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _ready(page, origin: str, path: str = "/play/?seed=1", read: float = 0.0
           ) -> tuple[float, float]:
    """Open ``path``, read for ``read`` seconds, click Start: the seconds from the
    worker's start to the engine ready, and from the click to the first view
    drawn (the engine ready, the session made, its view loaded and drawn) --
    what the learner waits."""
    page.goto(origin + path)
    if read:
        page.wait_for_timeout(read * 1000)
    page.locator(".prefa-live-start").first.click()
    page.wait_for_selector(".prefa-live[data-live=ready]", timeout=120_000)  # the view drawn
    page.wait_for_function("window.prefaEngine.readyMs !== null", timeout=120_000)
    # (timed in the page: Playwright's click and wait add some 0.4 s of their own)
    ready, shown = page.evaluate("[window.prefaEngine.readyMs, window.prefaEngine.viewMs]")
    return ready / 1000, shown / 1000


def start_figures(browser, served: Served, runs: int = 5,
                  paths: tuple[str, ...] = ("/play/?seed=1", "/analyse/")) -> dict:
    """Cold, warm, warm-after-a-read and cold-after-a-read starts, ``runs`` times on
    each page, each cold one in a fresh browser profile: the median and maximum
    (seconds) of the engine ready and of the click to the first view drawn."""
    import os
    import shutil
    import tempfile

    from browser_setup import ARGS, ensure_chromium

    out: dict = {"load_average": [round(x, 2) for x in os.getloadavg()], "runs": runs}
    for path in paths:
        got: dict[str, list[float]] = {}
        steps: list[dict] = []
        for _ in range(runs):
            profile = tempfile.mkdtemp(prefix="prefa-bench-profile-")
            ctx = browser.browser_type.launch_persistent_context(
                profile, executable_path=ensure_chromium(), args=ARGS)
            try:
                for visit, read in (("cold", 0.0), ("warm", 0.0), ("warm_read", 1.5),
                                    ("cold_read", 1.5)):
                    if visit == "cold_read":  # a first visit again, in a fresh profile
                        ctx.close()
                        shutil.rmtree(profile, ignore_errors=True)
                        profile = tempfile.mkdtemp(prefix="prefa-bench-profile-")
                        ctx = browser.browser_type.launch_persistent_context(
                            profile, executable_path=ensure_chromium(), args=ARGS)
                    page = ctx.new_page()
                    ready, shown = _ready(page, served.origin, path, read)
                    got.setdefault(visit, []).append(ready)
                    got.setdefault(visit + "_view", []).append(shown)
                    if visit.startswith("cold"):
                        steps.append(page.evaluate("window.prefaEngine.steps"))
                        page.wait_for_function("window.prefaEngine.snapshot !== null",
                                               timeout=60_000)
                    page.close()
            finally:
                ctx.close()
                shutil.rmtree(profile, ignore_errors=True)
        out[path] = {k: {"median": round(statistics.median(v), 2), "max": round(max(v), 2)}
                     for k, v in got.items()}
        out[path]["steps_ms_cold"] = steps  # ms from the worker's start to each step
    out["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    return out


def browser_figures(browser, served: Served) -> dict:
    """In a fresh browser profile on disk (as a learner's browser keeps its cache:
    an in-memory profile does not keep a file as large as the interpreter)."""
    import shutil
    import tempfile

    from browser_setup import ARGS, ensure_chromium

    origin = served.origin
    profile = tempfile.mkdtemp(prefix="prefa-bench-profile-")
    ctx = browser.browser_type.launch_persistent_context(
        profile, executable_path=ensure_chromium(), args=ARGS)
    try:
        page = ctx.new_page()
        cold, cold_view = _ready(page, origin)
        cold_early = page.evaluate("window.prefaEngine.early")
        cold_files = len(served.full)
        cold_steps = page.evaluate("window.prefaEngine.steps")
        # the learner stays a moment: the worker keeps its snapshot for the next visit
        page.wait_for_function("window.prefaEngine.snapshot !== null", timeout=60_000)
        page.close()
        page = ctx.new_page()
        warm, warm_view = _ready(page, origin)
        warm_files = len(served.full) - cold_files
        warm_steps = page.evaluate("window.prefaEngine.steps")
        warm_early = page.evaluate("window.prefaEngine.early")
        # a returning learner reads the page a moment before he clicks
        read_page = ctx.new_page()
        _ready_read, read_view = _ready(read_page, origin, read=1.5)
        read_page.close()
        moves = page.evaluate(MOVES)
        hands = [page.evaluate(PLAY_HAND, [seed, bid]) for seed, bid in HANDS]
        hand = {"phase": hands[0]["phase"], "timings": [t for h in hands for t in h["timings"]]}
        analyse_ms, _n = page.evaluate(ANALYSE, DEAL)
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)
    return {"ready_cold_s": round(cold, 2), "ready_warm_s": round(warm, 2),
            "view_cold_s": round(cold_view, 2), "view_warm_s": round(warm_view, 2),
            "view_warm_after_reading_s": round(read_view, 2),
            "early_cold": cold_early, "early_warm": warm_early,
            "files_sent_cold": cold_files, "files_sent_warm": warm_files,
            "warm_sent": served.full[cold_files:],
            "steps_ms_cold": cold_steps, "steps_ms_warm": warm_steps,
            "move_ms_median": round(statistics.median(moves), 1),
            "move_ms_max": round(max(moves), 1),
            "engine_decisions": len(hand["timings"]),
            "engine_decision_s_median": round(statistics.median(hand["timings"]), 3),
            "engine_decision_s_p95": round(_p95(hand["timings"]), 3),
            "hand_phase": hand["phase"], "analysis_s": round(analyse_ms / 1000, 3)}


def cpython_figures() -> dict:
    from prefa.ui.analyse import AnalyseSession
    from prefa.ui.bidding import BiddingSession
    from prefa.ui.table import TableSession

    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", ("import prefa.ui.table, prefa.ui.drill, "
                    "prefa.ui.bidding, prefa.ui.web")], check=True, cwd=ROOT)
    ready = time.perf_counter() - t
    b = BiddingSession(3, seat=None)
    moves = []
    s = b.state()
    for _ in range(12):
        calls = [a for a in s["legal"] if a["type"] == "call"]
        if not calls:
            break
        a = next((x for x in calls if x["call"] != "pass"), calls[0])
        t = time.perf_counter()
        s = b.act(a)
        moves.append((time.perf_counter() - t) * 1000)
    order = ["card", "discard", "pick", "contract", "decision", "call"]
    times: list[float] = []
    phases = []
    for seed, bid in HANDS:
        table = TableSession(seed)

        def rank(a, s, bid=bid):
            k = order.index(a["type"]) if a["type"] in order else 99
            if a["type"] == "pick" and a["card"] in (s.get("picked") or []):
                k = 99
            p = 0
            if a["type"] == "call":
                p = ({"2": 0, "hold": 1, "3": 2}.get(str(a["call"]).split(" ")[0], 5) if bid
                     else (0 if a["call"] == "pass" else 5))
            if a["type"] == "decision":
                p = 0 if a["decision"] in ("follow", "decline") else 1
            return k * 10 + p
        s = table.state()
        for _ in range(200):
            if s["phase"] == "done":
                break
            s = table.act(min((a for a in s["legal"] if rank(a, s) < 990),
                              key=lambda a, s=s: rank(a, s)))
        phases.append(s["phase"])
        times += [x for _p, x, *_rest in table.engine_times]
    a = AnalyseSession()
    t = time.perf_counter()
    a.act({"type": "analyse", "deal": DEAL, "game": "sans", "declarer": 0, "leader": 1})
    analysis = time.perf_counter() - t
    return {"ready_s": round(ready, 2), "move_ms_median": round(statistics.median(moves), 2),
            "engine_decisions": len(times),
            "engine_decision_s_median": round(statistics.median(times), 3) if times else 0,
            "engine_decision_s_p95": round(_p95(times), 3), "hand_phase": phases[0],
            "analysis_s": round(analysis, 3)}


def run(browser, site_dir: str) -> dict:
    """The figures, the browser's on the built site in ``site_dir`` and CPython's."""
    served = Served(site_dir)
    try:
        return {"browser": browser_figures(browser, served), "cpython": cpython_figures(),
                "targets": TARGETS}
    finally:
        served.close()


def main() -> None:
    """``bench_browser_engine.py [--site DIR] [--starts N]``: the figures on a site
    already built in DIR (else built here); with ``--starts`` only the starts,
    N runs of each (median and maximum)."""
    import argparse

    from browser_setup import ARGS, build_site, ensure_chromium
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser()
    ap.add_argument("--site", help="a built site (mkdocs build -d DIR)")
    ap.add_argument("--starts", type=int, default=0, help="only the starts, N runs of each")
    opts = ap.parse_args()
    site = opts.site or build_site()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
        if opts.starts:
            served = Served(site)
            try:
                print(json.dumps(start_figures(browser, served, opts.starts), indent=1))
            finally:
                served.close()
        else:
            print(json.dumps(run(browser, site), indent=1))
        browser.close()


if __name__ == "__main__":
    main()

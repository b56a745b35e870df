"""Benchmark of the teaching site: build time, page weight per lesson, click to feedback.

    python benchmarks/bench_site.py            # everything (about 2-4 minutes)
    python benchmarks/bench_site.py --no-build # measure an existing build/site/

1. **Build time**: ``mkdocs build --strict`` of the whole site from a fresh
   working folder (no cache: every notebook is converted), then again with
   mkdocs-jupyter's cache warm, as ``mkdocs serve`` rebuilds do.  Target:
   the cold build under 3 minutes on the project's 2-core machine.
2. **Page weight** of each lesson: every byte the browser fetches to show
   the page on a first visit (a fresh browser profile), as served (the test
   server sends files uncompressed) and gzip-compressed as a web server
   would send them; and the lesson's own HTML, which is all a second lesson
   costs once the shared styles and scripts are cached.
3. **Click to feedback**: every choice of every quiz on every lesson page is
   clicked with the mouse (Playwright, Debian's chromium); the time runs from
   the pointer press (the event's own time stamp) to just after the next
   frame is drawn, the frame that shows the verdict.  Target: under 50 ms.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser_setup import ARGS, ensure_chromium

LATENCY_PROBE = """
window.__lat = [];
document.addEventListener('pointerdown', function (e) { window.__t0 = e.timeStamp; }, true);
document.addEventListener('click', function (e) {
  if (!e.target.closest || !e.target.closest('.pq-choice')) { return; }
  var t0 = window.__t0;
  requestAnimationFrame(function () {
    setTimeout(function () { window.__lat.push(performance.now() - t0); }, 0);
  });
}, true);
"""


def build(out: Path, cwd: Path) -> float:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env.pop("PREFA_SITE_URL", None)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-q",
                    "-f", str(ROOT / "mkdocs.yml"), "-d", str(out)],
                   cwd=cwd, env=env, check=True)
    return time.perf_counter() - t0


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def kb(n: float) -> str:
    return f"{n / 1024:8.0f}"


def measure(site: Path, breakdown: bool = False) -> None:
    from playwright.sync_api import sync_playwright

    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    lessons = sorted(p.parent.name for p in (site / "lessons").glob("*/index.html"))
    all_lat: list[float] = []
    breakdown_text = ""
    print(f"{'lesson':34s} {'html kB':>8s} {'first visit kB':>15s} {'gzip kB':>8s} "
          f"{'choices':>8s} {'median ms':>10s} {'max ms':>7s}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
        for lesson in lessons:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            responses: list = []
            page.on("response", lambda r, keep=responses: keep.append(r))
            page.add_init_script(LATENCY_PROBE)
            page.goto(f"{origin}/lessons/{lesson}/", wait_until="networkidle")
            bodies = {r.url: r.body() for r in responses}
            html = bodies.get(f"{origin}/lessons/{lesson}/", b"")
            total = sum(len(b) for b in bodies.values())
            zipped = sum(len(gzip.compress(b, 6)) for b in bodies.values())
            choices = page.locator(".pq-choice")
            n = choices.count()
            for i in range(n):
                choices.nth(i).click()
            page.wait_for_function(f"window.__lat.length >= {n}", timeout=30000)
            lat = page.evaluate("window.__lat")
            all_lat += lat
            med = f"{statistics.median(lat):10.1f}" if lat else f"{'-':>10s}"
            top = f"{max(lat):7.1f}" if lat else f"{'-':>7s}"
            print(f"{lesson:34s} {kb(len(html))} {kb(total):>15s} {kb(zipped)} {n:8d} {med} {top}")
            if breakdown and lesson == lessons[1]:
                shared = sorted(((len(b), u.removeprefix(origin)) for u, b in bodies.items()),
                                reverse=True)
                parts = ", ".join(f"{u} {n / 1024:.0f}" for n, u in shared[:6])
                breakdown_text = f"largest files of a first visit (kB): {parts}"
            context.close()
        browser.close()
    server.shutdown()
    if breakdown:
        print(breakdown_text)
    if all_lat:
        q = statistics.quantiles(all_lat, n=20)
        print(f"click to feedback, {len(all_lat)} clicks: median {statistics.median(all_lat):.1f} ms,"
              f" p95 {q[18]:.1f} ms, max {max(all_lat):.1f} ms (target < 50 ms)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--no-build", action="store_true", help="measure build/site as it is")
    args = ap.parse_args()
    if args.no_build:
        measure(ROOT / "build" / "site")
        return
    tmp = Path(tempfile.mkdtemp(prefix="prefa-bench-site-"))
    try:
        out = tmp / "site"
        cold = build(out, tmp)
        warm = build(out, tmp)
        print(f"build, cold (every notebook converted): {cold:.1f} s (target < 180 s)")
        print(f"build, warm (notebook cache):            {warm:.1f} s")
        files = [f for f in out.rglob("*") if f.is_file()]
        print(f"site: {len(files)} files, {sum(f.stat().st_size for f in files) / 2**20:.1f} MB "
              f"({sum(1 for f in files if f.suffix == '.html')} HTML pages)")
        measure(out, breakdown=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()

"""How fast the lesson widgets answer: quiz feedback, a legal call, a solve view.

Targets (issue 6): quiz feedback and a legal move under 50 ms; a full-deal
solve view (the solver's best line drawn trick by trick) under 200 ms.
Prints the median and the maximum of each over repeated runs.

Run: ``python benchmarks/bench_widgets.py``.
"""

from __future__ import annotations

import statistics
import sys
import time
from importlib import resources
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from prefa.balkan.solve import position_from_deal  # noqa: E402
from prefa.deal import random_deal  # noqa: E402
from prefa.quiz import parse_quiz  # noqa: E402
from prefa.table_widgets import BiddingBox, best_line_replay  # noqa: E402
from prefa.widgets import QuizWidget  # noqa: E402


def timed(fn, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def report(name: str, ms: list[float], target: float) -> None:
    med, mx = statistics.median(ms), max(ms)
    ok = "ok" if mx <= target else "over"
    print(f"{name:42s} median {med:7.2f} ms   max {mx:7.2f} ms   target {target:.0f} ms: {ok}")


def main() -> None:
    text = resources.files("prefa").joinpath("data/quizzes/01_cards_and_tricks.txt").read_text()
    items = parse_quiz(text)
    widgets = [QuizWidget(i) for i in items]

    def feedback():
        for w in widgets:
            w.choose(0)
            w.retry()
    ms = [t / len(widgets) for t in timed(feedback, 20)]
    report("quiz feedback (choose a choice)", ms, 50)

    def call():
        box = BiddingBox()
        for c in ("2", "3", "pass", "hold", "4", "pass"):
            box.click(c)
    report("legal call in the bidding box (per call)", [t / 6 for t in timed(call, 20)], 50)

    solve_ms = []
    for seed in range(30):
        d = random_deal(seed)
        game = ("spades", "sans", "hearts", "clubs", "diamonds", "betl")[seed % 6]
        p = position_from_deal(type(d)(d.hands), game, declarer=seed % 3, leader=0)
        solve_ms += timed(lambda: best_line_replay(p), 1)
    report("full-deal solve view (best line replay)", solve_ms, 200)


if __name__ == "__main__":
    main()

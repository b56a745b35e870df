"""How fast the card table answers: a learner's move, and an engine seat's decision.

Targets (issue 16): a learner's move through ``TableSession.act`` -- the
session's own work, with the state as JSON, the engine seats' thinking
after it left out -- median and p95 at most 50 ms; an engine seat's decision
(:func:`prefa.balkan.player.bot_action`, the sampled solver) p95 at most 1 s
on this machine.

The learner is played two ways over several seeded hands: by the engine
player itself (real hands: auctions won and lost, talons, defence), and by
random legal actions (which bid betl and sans far more often than anyone
would, so the engine defends the slow betl hands too).  Prints the median,
the p95 and the maximum of each.

Measured here with the solver's native core (2 cores shared, load about 3;
30 seeds, 20 samples): a learner's move median 0.7 ms, p95 1.3 ms; an engine
decision median 1.2 ms, p95 6.8 ms; an engine card with a choice p95 12 ms
(betl: p95 32 ms, slowest 56 ms); the best line on a full deal median 1.6 ms,
slowest 6.7 ms (666 ms on the Python solver).

The other views are timed too (targets of issue 6, kept from the old
widgets' benchmark): a quiz answer through ``QuizSession.act`` and a call
through ``BiddingSession.act`` at most 50 ms, the solver's best line drawn
trick by trick (:func:`prefa.ui.line.best_line_html`) on a full deal at
most 200 ms (median and maximum).

The Greek and the Russian tables (``TableSession(ruleset=...)``) are timed
the same way (:func:`ruleset_table`), with the same targets: a learner's
move (the session's own work) and an engine decision.  Measured here (native
core, 12 seeds x 2 learners, 20 samples, load about 6): Greek, a learner's
move median 0.7 ms, p95 5.9 ms, max 11 ms; an engine decision median 3.0 ms,
p95 22 ms, max 102 ms (a card with a choice p95 37 ms).  Russian, a
learner's move median 1.3 ms, p95 9.6 ms, max 16 ms; an engine decision
median 0.1 ms, p95 26 ms, max 306 ms (a card with a choice p95 33 ms; the
raspasovka cards are the ducking rule, no solve).

Four at the table (``TableSession(players=4)``, the dealer sitting out; each
seat in turn the learner's, so a quarter of the tables are watched) is timed
the same way for the three games.  Measured here (native core, 12 seeds x 2
learners, 20 samples): a learner's move median 1.2 / 0.9 / 1.4 ms and p95
1.8 / 1.6 / 4.0 ms (Balkan / Greek / Russian); an engine decision p95 7.0 /
7.0 / 16 ms, max 57 / 37 / 106 ms; an engine card with a choice p95 11.5 /
10.8 / 25 ms.

Run: ``python benchmarks/bench_ui.py [hands] [samples]`` (12 hands, the
session's default samples).
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from prefa.balkan.auction import Call
from prefa.balkan.hand import Phase
from prefa.balkan.player import bot_action
from prefa.balkan.solve import position_from_deal
from prefa.deal import SplitMix64, random_deal
from prefa.greek.auction import Call as GreekCall
from prefa.russian.auction import Call as RussianCall
from prefa.ui import BiddingSession, QuizSession, TableSession
from prefa.ui.line import best_line_html


def learner_actions(t: TableSession, rng: SplitMix64) -> list[dict]:
    """The learner's next action(s), chosen by the engine player (two picks and the discard)."""
    h = t.hand
    text = bot_action(h, t.seat, rng, samples=1)
    ph = h.phase
    if ph is Phase.AUCTION:
        return [{"type": "call", "call": str(Call.parse(text))}]
    if ph is Phase.DISCARD:
        cards = text.split()
        return [{"type": "pick", "card": c} for c in cards] + [{"type": "discard", "cards": cards}]
    if ph is Phase.DECLARE:
        return [{"type": "contract", "contract": text}]
    if ph is Phase.DEFENCE:
        return [{"type": "decision", "decision": text}]
    return [{"type": "card", "card": text}]


def random_actions(t: TableSession, rnd: random.Random) -> list[dict]:
    """One random legal step of the hand (no tools; two new picks for a discard)."""
    s = t.state()
    moves = [a for a in s["legal"] if a["type"] in ("call", "contract", "decision", "card")]
    if s["phase"] == "discard":
        moves = [a for a in s["legal"] if a["type"] == "discard"
                 or (a["type"] == "pick" and a["card"] not in s["picked"])]
    return [rnd.choice(moves)]


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def report(name: str, ms: list[float], target: float, which: str) -> None:
    med, p95, mx = statistics.median(ms), pct(ms, 95), max(ms)
    judged = p95 if which == "p95" else mx if which == "median and max" else max(med, p95)
    ok = "ok" if judged <= target else "over"
    print(f"{name:34s} n={len(ms):4d}  median {med:8.2f} ms  p95 {p95:8.2f} ms  "
          f"max {mx:8.2f} ms  target {which} <= {target:.0f} ms: {ok}")


def main(hands: int = 12, samples: int | None = None) -> None:
    own: list[float] = []
    whole: list[float] = []
    kw = {} if samples is None else {"samples": samples}
    engine_start = 0
    engine: list[tuple[str, float, bool, bool]] = []
    for seed in range(2 * hands):
        t = TableSession(seed=seed % hands, **kw)
        rng, rnd = SplitMix64(seed + 99), random.Random(seed)
        choose = ((lambda t, rng=rng: learner_actions(t, rng)) if seed < hands
                  else (lambda t, rnd=rnd: random_actions(t, rnd)))
        engine += [(p, s, c, t.hand.contract is not None and t.hand.contract.game.name == "BETL")
                   for p, s, c in t.engine_times]
        while t.state()["phase"] != "done":
            for a in choose(t):
                engine_start = len(t.engine_times)
                t0 = time.perf_counter()
                state = t.act(a)
                json.dumps(state)
                total = time.perf_counter() - t0
                assert state["error"] is None, state["error"]
                new = t.engine_times[engine_start:]
                betl = t.hand.contract is not None and t.hand.contract.game.name == "BETL"
                engine += [(p, s, c, betl) for p, s, c in new]
                whole.append(total * 1000)
                own.append((total - sum(x[1] for x in new)) * 1000)
    print(f"{hands} seeds x 2 learners, engine samples per card: "
          f"{samples or TableSession().samples}")
    report("learner's move (session's own work)", own, 50, "median and p95")
    report("learner's move (act, engine included)", whole, 10_000, "p95")
    report("engine decision (all)", [s * 1000 for _, s, _, _ in engine], 1000, "p95")
    report("engine card with a choice", [s * 1000 for p, s, c, _ in engine if p == "play" and c],
           1000, "p95")
    betl = [s * 1000 for p, s, c, b in engine if p == "play" and c and b]
    if betl:
        report("engine betl card with a choice", betl, 1000, "p95")


def _same_call(ruleset: str, a: str, b: str) -> bool:
    call = {"balkan": Call, "greek": GreekCall, "russian": RussianCall}[ruleset]
    return call.parse(a) == call.parse(b)


def ruleset_learner_actions(t: TableSession, rng: SplitMix64) -> list[dict]:
    """The learner's next action(s) at a Greek or Russian table, chosen by that
    ruleset's engine player (the adapter's ``bot_action``)."""
    text = t.rs.bot_action(t.hand, t.seat, rng, 1, t.sheet)
    ph = t.phase
    if ph == "auction":
        return [next(a for a in t.state()["legal"] if a["type"] == "call"
                     and _same_call(t.ruleset, a["call"], text))]
    if ph == "discard":
        cards = text.split()
        return [{"type": "pick", "card": c} for c in cards] + [{"type": "discard", "cards": cards}]
    if ph == "declare":
        return [{"type": "contract", "contract": text}]
    if ph == "defence":
        return [{"type": "decision", "decision": text}]
    return [{"type": "card", "card": text}]


def ruleset_table(ruleset: str, hands: int = 12, samples: int | None = None,
                  players: int = 3) -> None:
    """The Greek or Russian table (or any, with four at it) timed as :func:`main`
    times the Balkan one."""
    own: list[float] = []
    engine: list[tuple[str, float, bool]] = []
    kw = {} if samples is None else {"samples": samples}
    for seed in range(2 * hands):
        t = TableSession(seed=seed % hands, ruleset=ruleset, players=players,
                         seat=seed % players if players == 4 else 0, **kw)
        rng, rnd = SplitMix64(seed + 99), random.Random(seed)
        choose = ((lambda t, rng=rng: ruleset_learner_actions(t, rng)) if seed < hands
                  else (lambda t, rnd=rnd: random_actions(t, rnd)))
        engine += t.engine_times
        while t.state()["phase"] != "done":
            for a in choose(t):
                start = len(t.engine_times)
                t0 = time.perf_counter()
                state = t.act(a)
                json.dumps(state)
                total = time.perf_counter() - t0
                assert state["error"] is None, (ruleset, seed, a, state["error"])
                new = t.engine_times[start:]
                engine += new
                own.append((total - sum(x[1] for x in new)) * 1000)
    name = ruleset if players == 3 else f"{ruleset} with four"
    print(f"{name}: {hands} seeds x 2 learners")
    report(f"{name}: learner's move (own work)", own, 50, "median and p95")
    report(f"{name}: engine decision (all)", [x * 1000 for _, x, _ in engine], 1000, "p95")
    report(f"{name}: engine card with a choice",
           [x * 1000 for p, x, c in engine if p == "play" and c], 1000, "p95")


def timed(fn, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def other_views() -> None:
    """A quiz answer, a call in the bidding box, the best line drawn (median and max)."""
    bank = Path(__file__).resolve().parent.parent / "prefa/data/quizzes/01_cards_and_tricks.txt"
    quiz = QuizSession(bank)
    answer: list[float] = []
    for _ in range(5):
        for a in [a for a in quiz.state()["legal"] if a["type"] in ("choose", "reveal")]:
            if a in quiz.state()["legal"]:
                answer += timed(lambda a=a: json.dumps(quiz.act(a)), 1)
        for a in [a for a in quiz.state()["legal"] if a["type"] == "retry"]:
            quiz.act(a)
    report("quiz answer (QuizSession.act)", answer, 50, "median and max")
    calls: list[float] = []
    for seed in range(10):
        box = BiddingSession(seed)
        while any(a["type"] == "call" for a in box.state()["legal"]):
            a = next(a for a in box.state()["legal"] if a["type"] == "call")
            calls += timed(lambda a=a, box=box: json.dumps(box.act(a)), 1)
    report("call in the bidding box (act)", calls, 50, "median and max")
    lines: list[float] = []
    for seed in range(30):
        d = random_deal(seed)
        game = ("spades", "sans", "hearts", "clubs", "diamonds", "betl")[seed % 6]
        p = position_from_deal(type(d)(d.hands), game, declarer=seed % 3, leader=0)
        lines += timed(lambda p=p: best_line_html(p), 1)
    report("best line drawn (full deal)", lines, 200, "median and max")


if __name__ == "__main__":
    args = [int(x) for x in sys.argv[1:3]]
    main(*args)
    ruleset_table("greek", *args)
    ruleset_table("russian", *args)
    for ruleset in ("balkan", "greek", "russian"):  # four at the table: the dealer sits out
        ruleset_table(ruleset, *args, players=4)
    other_views()

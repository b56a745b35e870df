"""Measure the lead, discard and second-hand conventions against exact (double-dummy) play.

For many seeded random deals this script sets up situations that fit the
conventions — the strongest hand buys the talon at 2 and declares its
longest suit, sans or betl; both defenders follow — and asks, at the opening
lead, at each defender's discard in the first tricks, and at each second-hand card
a defender plays to the declarer's lead there when he follows suit with a choice
(suit games and sans; betl has conventions of its own):

- which card the convention recommends (``prefa.balkan.conventions.advise``), and
- what each legal card is worth with best play by everyone afterwards
  (``prefa.solver.card_table``).

Per convention it reports how often the convention's card is among the best
cards (with a 95% Wilson interval), and how many tricks it costs on average
when it is not (and over all its situations, with a 95% normal interval).
With the solver's native core, 10,000 deals (the default) take about 1.5
minutes.  The results go to ``prefa/data/convention_measurements.json`` for
the lessons to show.

Run: ``python benchmarks/measure_conventions.py [--deals N] [--seed S]``.
This is a benchmark, not a test: it is not run in CI.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from prefa.balkan.contract import Game  # noqa: E402
from prefa.balkan.conventions.advise import advise_hand  # noqa: E402
from prefa.balkan.conventions.evaluation import hand_potential  # noqa: E402
from prefa.balkan.hand import BalkanHand, Phase  # noqa: E402
from prefa.balkan.solve import position_from_deal  # noqa: E402
from prefa.cards import parse_card  # noqa: E402
from prefa.deal import Deal, random_deal  # noqa: E402
from prefa.errors import PrefaError  # noqa: E402
from prefa.solver import Position, Solver, wants_tricks  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "prefa" / "data" / "convention_measurements.json"
GAMES = ("suit", "sans", "betl")


def setup_hand(deal: Deal, kind: str) -> BalkanHand | None:
    """The strongest seat (or, for betl, the weakest) buys at 2 and declares."""
    pot = [hand_potential(h) for h in deal.hands]
    declarer = (min if kind == "betl" else max)(range(3), key=lambda s: (pot[s], -s))
    hand = BalkanHand(deal)
    for seat in range(3):
        hand.call("2" if seat == declarer else "pass")
    twelve = hand.hands[declarer] | deal.talon
    if kind == "suit":
        trump = max(range(4), key=lambda s: (twelve.count(s), s))
        game = Game(2 + [0, 2, 1, 3][trump])  # S=2, H=4, D=3, C=5
        keep = [c for c in twelve if c >> 4 == trump]
        others = sorted((c for c in twelve if c >> 4 != trump), key=lambda c: c & 15)
        discard = others[:2] if len(others) >= 2 else others + keep[-(2 - len(others)):]
    elif kind == "sans":
        game = Game.SANS
        discard = sorted(twelve, key=lambda c: (twelve.count(c >> 4), c & 15))[:2]
    else:
        game = Game.BETL
        discard = sorted(twelve, key=lambda c: -(c & 15))[:2]
    hand.discard(discard)
    hand.declare(game)
    while hand.phase is Phase.DEFENCE:
        legal = hand.defence.legal()
        word = next((w for w in ("follow", "alone", "decline") if w in {str(x) for x in legal}),
                    str(legal[0]))
        hand.decide(word)
    return hand if hand.phase is Phase.PLAY else None


def position(hand: BalkanHand) -> Position:
    ps = hand.play_state
    out = next((s for s in hand.seats if s not in ps.active), None)
    return position_from_deal(Deal(tuple(hand.hands)), hand.contract.game, hand.declarer,
                              hand.leader, ps.played, out=out)


def judge(hand: BalkanHand, solver: Solver, stats: dict, kind: str, what: str) -> None:
    """Compare the convention's card with the solver's card table at this point."""
    try:
        advice = advise_hand(hand)
    except PrefaError:
        return
    pos = position(hand)
    table = solver.card_table(pos)
    seat = pos.to_move
    best = (max if wants_tricks(pos, seat) else min)(table.values())
    card = parse_card(advice.action)
    cost = abs(table[card] - best)
    key = f"{what}:{advice.convention}"
    s = stats[key]
    s["name"] = advice.name
    s["games"][kind] = s["games"].get(kind, 0) + 1
    s["n"] += 1
    s["best"] += cost == 0
    s["cost"] += cost
    s["cost2"] += cost * cost


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``k / n``.

    >>> wilson(90, 100)
    (0.826, 0.945)
    """
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)


def mean_interval(total: float, total2: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """A 95% normal interval of a mean from the sum and the sum of squares."""
    if n < 2:
        return 0.0, 0.0
    mean = total / n
    var = max(0.0, (total2 - n * mean * mean) / (n - 1))
    half = z * (var / n) ** 0.5
    return round(max(0.0, mean - half), 3), round(mean + half, 3)


def measure(deals: int, seed: int) -> dict:
    solver = Solver()
    stats: dict = defaultdict(lambda: {"n": 0, "best": 0, "cost": 0, "cost2": 0, "games": {},
                                       "name": ""})
    t0 = time.perf_counter()
    for i in range(deals):
        kind = GAMES[i % 3]
        hand = setup_hand(random_deal(seed + i), kind)
        if hand is None or hand.play_state.to_move == hand.declarer:
            continue
        judge(hand, solver, stats, kind, "lead")
        # then play on with best play, judging each defender's discard in 4 tricks
        for _ in range(12):
            if hand.phase is not Phase.PLAY or len(hand.play_state.tricks) >= 4:
                break
            ps = hand.play_state
            if ps.to_move != hand.declarer and ps.trick:
                me = ps.hands[ps.to_move]
                if not me.has_suit(ps.trick[0] >> 4):
                    judge(hand, solver, stats, kind, "discard")
                elif (kind != "betl" and len(ps.trick) == 1 and ps.leader == hand.declarer
                      and len(me.suit(ps.trick[0] >> 4)) > 1):
                    judge(hand, solver, stats, kind, "second")
            pos = position(hand)
            table = solver.card_table(pos)
            pick = (max if wants_tricks(pos, pos.to_move) else min)(
                table, key=lambda c: (table[c], -c) if wants_tricks(pos, pos.to_move)
                else (-table[c], -c))
            hand.play(pick)
    elapsed = time.perf_counter() - t0
    out = {"deals": deals, "seed": seed, "seconds": round(elapsed, 1),
           "method": ("strongest hand buys at 2 (weakest for betl) and declares its longest "
                      "suit, sans or betl; both defenders follow; best play afterwards"),
           "conventions": {}}
    for key, s in sorted(stats.items()):
        missed = s["n"] - s["best"]
        out["conventions"][key] = {
            "name": s["name"], "situations": s["n"], "games": s["games"],
            "best_rate": round(s["best"] / s["n"], 3),
            "best_rate_ci95": list(wilson(s["best"], s["n"])),
            "mean_cost_ci95": list(mean_interval(s["cost"], s["cost2"], s["n"])),
            "mean_cost_when_not_best": round(s["cost"] / missed, 2) if missed else 0.0,
            "mean_cost": round(s["cost"] / s["n"], 3)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    res = measure(args.deals, args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(res, indent=1, sort_keys=True) + "\n")
    print(f"{args.deals} deals in {res['seconds']} s -> {args.out}")
    print(f"{'convention':58s} {'n':>5s} {'best':>6s} {'95% interval':>15s} {'cost|miss':>9s}")
    for key, s in res["conventions"].items():
        lo, hi = s["best_rate_ci95"]
        print(f"{key:58s} {s['situations']:5d} {s['best_rate']:6.1%} "
              f"{lo:6.1%} - {hi:6.1%} {s['mean_cost_when_not_best']:9.2f}")


if __name__ == "__main__":
    main()

"""How well the engine players play: their cards against exact play, beside a baseline.

For each three-hand game the card table seats (Balkan, Greek, Russian) the
same seeded deals are played out by the table's engine players at every
seat (:meth:`prefa.ui.table_rules.TableRules.bot_action`: conventions for
the auction and the talon, the sampled solver for the cards, with the
table's samples).  At every card with a choice the solver is asked, all
cards open on the real deal, what each legal card is worth (the
declarer's final tricks, or in betl and misère his tricks against the
goal); a card's **cost** is how many tricks it gives away against the best
card, for the side that plays it.  At the same position a **baseline**
chooses too, and its card is valued the same way: a legal-card heuristic
that knows no conventions (:func:`baseline_card`: win the trick as cheaply
as it can unless its partner already wins it, else throw its lowest card;
on lead, the lowest card of its longest suit; in betl and misère, the
highest card that does not win the trick).  The declarer's **discard** is
valued the same way: the solver's result of the game he then declared with
his discard, against the best of the 66 discards he could have made for it
(the baseline discards its two lowest cards).

Both are measured on the engine's own line of play, so each pair of costs is
at one and the same position (a paired comparison: the baseline never
reaches positions of its own making).  Printed per game and per decision
kind (the declarer's cards, the defenders' cards): the number of decisions,
the mean cost per decision and per hand (the hand's decisions of that kind
summed, over the hands that had any), each with its 95% interval (normal
approximation, 1.96 standard errors), for the engine and for the baseline.

Left out, and why: the auction, the choice of game and the defence decisions (follow,
pass, kontra; the Russian whist) have no exact value with the cards open
that a single solve gives (their worth is a score over the hand's whole
play, with the other seats' answers to it); a Russian raspasovka has no
declarer, so its cards have no solver value either.  Four-hand games (Vida,
Priffe) have no table or engine player yet (issue 26).

Run: ``python benchmarks/bench_players.py [deals] [samples]`` (2,000 deals
per game; the table's default samples).  Measured here: see the README's
"How well the engine plays".
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from prefa.cards import Card, CardSet, card_suit, parse_card  # noqa: E402
from prefa.deal import SplitMix64  # noqa: E402
from prefa.play import TrickPlay, trick_winner  # noqa: E402
from prefa.solver import Solver, backend  # noqa: E402
from prefa.solver_play import wants_tricks  # noqa: E402
from prefa.ui.table_rules import table_rules  # noqa: E402

GAMES = ("balkan", "greek", "russian")


def baseline_card(tp: TrickPlay, tricks_game: bool, partners: frozenset[int]) -> Card:
    """A legal card by a plain rule, with no convention and no search.

    On lead: the lowest card of the longest suit.  Following: if the trick is
    not already the partner's, the cheapest card that wins it; else (or when
    no card wins) the lowest card.  In a game of no tricks (betl, misère) every
    seat plays its highest card that does not win the trick, if it has one.
    """
    legal = sorted(tp.legal_moves(), key=lambda c: (c & 15, c))
    if not tp.trick:
        by_suit = defaultdict(list)
        for c in tp.hands[tp.to_move]:
            by_suit[card_suit(c)].append(c)
        longest = max(by_suit.values(), key=len)
        lows = [c for c in legal if c in longest]
        return (lows or legal)[0]
    seats = [tp.leader]
    for _ in tp.trick[1:]:
        seats.append(tp.next_seat(seats[-1]))
    winning = seats[trick_winner(tp.trick, tp.rules)]
    wins = [c for c in legal if trick_winner([*tp.trick, c], tp.rules) == len(tp.trick)]
    if not tricks_game:
        losers = [c for c in legal if c not in wins]
        return (losers or legal)[-1 if losers else 0]
    if winning in partners or not wins:
        return legal[0]
    return wins[0]


def baseline_discard(cards: list[Card]) -> tuple[Card, Card]:
    """The baseline's discard: its two lowest cards (by rank, then card order)."""
    low = sorted(cards, key=lambda c: (c & 15, c))
    return low[0], low[1]


def discard_costs(pos, discards: CardSet | None) -> tuple[float, float] | None:
    """What the declarer's discard cost against his best discard for the game he
    then declared (``pos``: the play about to begin), all cards open, and what
    the baseline's would have cost; ``None`` when he discarded nothing (igra, no
    talon)."""
    if discards is None or len(discards) != 2:
        return None
    d = pos.declarer
    full = [*pos.hands[d], *discards]
    solver = Solver()
    sign = 1 if wants_tricks(pos, d) else -1
    values = {}
    for pair in itertools.combinations(full, 2):
        hands = list(pos.hands)
        hands[d] = CardSet.of([c for c in full if c not in pair])
        values[frozenset(pair)] = sign * solver.solve(dataclasses.replace(pos, hands=tuple(hands)))
    best = max(values.values())
    return best - sign * solver.solve(pos), best - values[frozenset(baseline_discard(full))]


def interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation)."""
    if not values:
        return (math.nan, math.nan, math.nan)
    m = statistics.fmean(values)
    if len(values) < 2:
        return (m, m, m)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return (m, m - half, m + half)


def measure(game: str, deals: int, samples: int | None) -> dict:
    """Play ``deals`` seeded hands of ``game``; the costs per decision and per hand."""
    rules = table_rules(game)
    if samples is None:
        samples = 20 if backend() == "native" else 3
    per_decision: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    per_hand: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    played = 0
    for seed in range(1, deals + 1):
        dealer = (seed + 2) % 3
        _deal, hand = rules.new_hand(seed, dealer)
        sheet = rules.new_sheet()
        rng = SplitMix64(seed * 7919 + 17)
        hand_sums: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        talon_seen = False
        while hand.to_act is not None:
            seat = rules.chooser(hand)
            if not talon_seen and rules.phase(hand) == "play" and rules.goal(hand) is not None:
                talon_seen = True  # the play begins: was the discard the best one?
                costs = discard_costs(rules.position(hand), getattr(hand, "discards", None))
                for who, cost in zip(("engine", "baseline"), costs or ()):
                    per_decision["discard"][who].append(cost)
                    hand_sums["discard"][who] += cost
            text = rules.bot_action(hand, seat, rng, rules.samples(hand, samples), sheet)
            if rules.phase(hand) == "play" and rules.goal(hand) is not None:
                tp = hand.play_state
                if len(tp.legal_moves()) > 1:
                    chooser = seat
                    declarer = rules.declarer(hand)
                    pos = rules.position(hand)
                    _best, table = rules.best_cards(hand)
                    wants = wants_tricks(pos, chooser)
                    value = (lambda c: table[c]) if wants else (lambda c: -table[c])
                    top = max(value(c) for c in table)
                    kind = "declarer card" if chooser == declarer else "defence card"
                    partners = frozenset(s for s in tp.active
                                         if (s == declarer) == (chooser == declarer))
                    mine = baseline_card(tp, pos.goal != "betl", partners)
                    for who, card in (("engine", parse_card(text)), ("baseline", mine)):
                        cost = top - value(card)
                        per_decision[kind][who].append(cost)
                        hand_sums[kind][who] += cost
            rules.apply(hand, text)
        if any(hand_sums.values()):
            played += 1
        for kind, sums in hand_sums.items():
            for who, total in sums.items():
                per_hand[kind][who].append(total)
    return {"decisions": per_decision, "hands": per_hand, "played": played}


def main(argv: list[str]) -> None:
    deals = int(argv[1]) if len(argv) > 1 else 2000
    samples = int(argv[2]) if len(argv) > 2 else None
    print(f"solver backend: {backend()}; {deals:,} deals per game; "
          f"samples: {samples or 'the table default'}")
    print("| game | decision | decisions | engine cost per decision | baseline | "
          "engine cost per hand | baseline |")
    print("|---|---|---:|---|---|---|---|")
    for game in GAMES:
        t0 = time.perf_counter()
        r = measure(game, deals, samples)
        for kind in ("declarer card", "defence card", "discard"):
            d, h = r["decisions"].get(kind), r["hands"].get(kind)
            if not d:
                continue
            cells = []
            for data in (d, h):
                for who in ("engine", "baseline"):
                    if not data.get(who):
                        cells.append("–")
                        continue
                    m, lo, hi = interval(data[who])
                    cells.append(f"{m:.3f} ({max(lo, 0):.3f}–{hi:.3f})")
            print(f"| {game} | {kind} | {len(d['engine']):,} | {cells[0]} | {cells[1]} | "
                  f"{cells[2]} | {cells[3]} |")
        print(f"<!-- {game}: {r['played']:,} hands with a decision measured; "
              f"{time.perf_counter() - t0:.0f} s -->")


if __name__ == "__main__":
    main(sys.argv)

"""Soundness of the solver's table entries (prefa.solver).

The solver stores proven bounds at trick boundaries and generalises them:
an entry fixes who holds some cards of each suit (the top ones, and in betl
also the bottom ones) plus every hand's suit lengths, and claims the same
bounds for every position that agrees on those.  These tests take the
entries of real searches, deal every position that matches an entry (or a
sample of them), solve each one without generalisation, and check that the
bounds hold.  They also check the sure bounds (quick tricks, escapes...)
against the plain minimax of tests/test_solver.py.
"""

from __future__ import annotations

import itertools

import pytest

from prefa.cards import CardSet, Suit, deck
from prefa.deal import SplitMix64
from prefa.play import PlayRules, TrickPlay
from prefa.solver import Position, Solver

try:
    from test_solver import VIDA, random_position, reference
except ImportError:  # tests run as a package
    from tests.test_solver import VIDA, random_position, reference


def middle_position(seed: int, kind: str, low: int = 5, high: int = 7) -> Position:
    """A random position of ``low`` to ``high`` tricks: three hands or a lone
    defender, any rank order, sometimes started in the middle of a trick."""
    g = SplitMix64(seed * 7919 + 17)
    k = low + g.below(high - low + 1)
    out = 1 + g.below(2) if g.below(4) == 0 else None
    active = [s for s in range(3) if s != out]
    cards = list(deck())
    g.shuffle(cards)
    hands = [CardSet()] * 3
    for i, s in enumerate(active):
        hands[s] = CardSet.of(cards[i * k:(i + 1) * k])
    declarer = 0 if out is not None else g.below(3)
    leader = active[g.below(len(active))]
    trump = Suit(g.below(4)) if kind == "suit" else None
    rules = PlayRules(trump=trump, **(VIDA if g.below(6) == 0 else {}))
    tp = TrickPlay.start(hands, leader, rules, active)
    for _ in range(g.below(len(active)) if g.below(2) else 0):
        moves = list(tp.legal_moves())
        tp.play(moves[g.below(len(moves))])
    return Position(tuple(tp.hands), declarer, tp.leader, rules,
                    "betl" if kind == "betl" else "tricks", tuple(tp.trick), tp.won[declarer], out)


def matching_positions(engine, p: Position, suits, leader: int, limit: int):
    """Positions that match an entry's ``suits``: the free cards of each suit
    dealt out in every way the lengths allow (at most ``limit`` of them),
    using the highest cards of each suit that the rules rank."""
    per_suit = []
    for i, (lengths, holders) in enumerate(suits):
        ranks = sorted((x for x in engine.from_int if x >> 4 == i), reverse=True)
        cards = [engine.from_int[x] for x in ranks[:len(holders)]]
        free = list(lengths)
        for h in holders:
            if h is not None:
                free[h] -= 1
        pool = [s for s in range(3) for _ in range(free[s])]
        ways = sorted(set(itertools.permutations(pool)))
        options = []
        for way in ways:
            it = iter(way)
            seats = [h if h is not None else next(it) for h in holders]
            options.append([CardSet.of(c for c, s in zip(cards, seats) if s == seat)
                            for seat in range(3)])
        per_suit.append(options)
    for n, combo in enumerate(itertools.product(*per_suit)):
        if n >= limit:
            return
        hands = tuple(CardSet.of(c for part in combo for c in part[seat]) for seat in range(3))
        yield Position(hands, p.declarer, leader, p.rules, p.goal, (), 0, p.out)


def check_entries(p: Position, exact: Solver, sample: int = 25, limit: int = 12) -> int:
    """Solve ``p``, then check a sample of the entries that leave cards free
    against exact solves of their matching positions; the number of checks."""
    solver = Solver(backend="python")  # the Python engine's generalised entries
    solver.solve(p)
    engine = solver._engine(p)
    entries = [e for e in engine.entries() if any(None in h for _, h in e[1])]
    checked = 0
    for leader, suits, lower, upper in entries[::max(1, len(entries) // sample)]:
        for q in matching_positions(engine, p, suits, leader, limit):
            v = exact.solve(q)
            checked += 1
            assert lower <= v <= upper, (str(p), str(q), lower, upper, v)
    return checked


@pytest.mark.parametrize("kind", ["suit", "sans", "betl"])
def test_generalised_entries_hold_in_every_matching_position(kind: str) -> None:
    """Each stored bound holds in the positions its entry claims to cover."""
    exact = Solver(generalise=False)
    base = 1000 * ["suit", "sans", "betl"].index(kind)
    checked = sum(check_entries(middle_position(base + seed, kind), exact)
                  for seed in range(40))
    assert checked > 1000


def test_runs_of_equivalent_cards_in_sans_regression() -> None:
    """A player for whom every card fails had only the lowest card of each run
    of equivalent cards searched; when a higher card of the run mattered
    later, the entry must also fix the card below it (else another layout of
    the run, where that card is a real choice, would be wrongly covered).
    Entries of this sans position were wrong before that rule (the suit and
    betl cases are among the random positions above)."""
    assert check_entries(middle_position(1133, "sans"), Solver(generalise=False)) > 50


@pytest.mark.parametrize("kind", ["suit", "sans", "betl"])
def test_sure_bounds_hold(kind: str) -> None:
    """The quick bounds worked out at trick boundaries (cashable winners, top
    trumps; in betl escapes and forced tricks) never exclude the true value."""
    tight = 0
    for seed in range(400):
        p = random_position(300_000 + seed, kind, lone=seed % 3 == 0, overtake=False)
        if p.trick or p.is_over():
            continue
        solver = Solver()
        engine = solver._engine(p)
        engine.load(p)
        r = len(p.hands[p.leader])
        lower, upper, _ = engine.sure_bounds(p.leader, r)
        v = reference(p) - p.won
        assert lower <= v <= upper, (seed, str(p), lower, upper, v)
        tight += lower == upper
    assert tight > 0


def betl_ending(seed: int, suits: int) -> Position:
    """A random betl ending of 2 to 4 tricks, a defender on lead, cards of
    only ``suits`` suits (so that suits are long and the quick betl bounds
    have something to say)."""
    g = SplitMix64(seed * 104729 + 3)
    k = 2 + g.below(3)
    lone = g.below(3) == 0
    out = 1 + g.below(2) if lone else None
    active = [s for s in range(3) if s != out]
    cards = [c for c in deck() if c >> 4 < suits]
    g.shuffle(cards)
    hands = [CardSet()] * 3
    for i, s in enumerate(active):
        hands[s] = CardSet.of(cards[i * k:(i + 1) * k])
    declarer = 0 if lone else g.below(3)
    leader = [s for s in active if s != declarer][g.below(len(active) - 1)]
    return Position(tuple(hands), declarer, leader, PlayRules(), "betl", (), 0, out)


def can_go_under_now(p: Position) -> bool:
    """The declarer can go under every lead of this trick by playing his
    lowest card of the suit led (his lowest is below the leader's lowest,
    or below the lowest card of the other defender, who must follow)."""
    d = p.hands[p.declarer]
    lead = p.hands[p.leader]
    other = [s for s in p.active if s not in (p.declarer, p.leader)]
    for suit in Suit:
        ds = [c & 15 for c in d if c >> 4 == suit]
        ls = [c & 15 for c in lead if c >> 4 == suit]
        if not ds or not ls or min(ds) < min(ls):
            continue
        os_ = [c & 15 for c in p.hands[other[0]] if c >> 4 == suit] if other else []
        if os_ and min(os_) > min(ds):
            continue
        return False
    return True


def test_betl_bound_of_one_lost_trick_holds() -> None:
    """In betl, with a defender on lead, the declarer loses at least one of
    the remaining tricks when he can go under this trick's lead, or when a
    defender holds only cards above the declarer's lowest card of some suit
    and keeps that suit through this trick (he leads it, holds two or more
    cards of it, or cannot throw a card): then that lowest card loses now
    if the suit is led, or else is a losing lead to the next trick.  The
    quick upper bound is checked against plain minimax, also in positions
    where only the second rule applies (which must occur)."""
    second_rule = 0
    for seed in range(500):
        p = betl_ending(seed, 2 + seed % 2)
        solver = Solver()
        engine = solver._engine(p)
        engine.load(p)
        r = len(p.hands[p.leader])
        lower, upper, _ = engine.sure_bounds(p.leader, r)
        v = reference(p)
        assert lower <= v <= upper, (seed, str(p), lower, upper, v)
        if upper == r - 1 and not can_go_under_now(p):
            second_rule += 1
    assert second_rule > 60

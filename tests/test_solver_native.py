"""Differential tests of the native solver core (prefa/_solver/solver.c).

The C search must give the same values as the Python reference of
prefa.solver on every position: the positions of the exactness tests in
tests/test_solver.py and tests/test_solver_tables.py (themselves checked
against plain minimax), and a few thousand random positions of every game
kind and every ruleset's play rules (the lone defender, must-overtake on
trump leads and always, must-overtrump, rank orders that are not the ranks,
no duty to trump, positions in the middle of a trick).  Node counts may
differ; values, card tables and threshold answers may not.

``test_native_core_is_built`` fails (it does not skip) when the extension
was not built, so that a CI run whose build failed says so; only with
``PREFA_SOLVER=python`` in the environment is a missing core expected.
"""

from __future__ import annotations

import os
import sys

import pytest

import prefa.solver
from prefa import _solver
from prefa.balkan.solve import position_from_deal
from prefa.cards import CardSet, Suit, deck, parse_card
from prefa.deal import Deal, SplitMix64, random_deal
from prefa.errors import RuleOptionError
from prefa.play import Overtake, PlayRules, TrickPlay
from prefa.solver import Position, Solver

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_solver import (
    GROUPS,
    KOVALEVSKAYA,
    VIDA,
    _long_position,
    random_position,
)
from test_solver_tables import betl_ending, middle_position

FORCED_PYTHON = os.environ.get("PREFA_SOLVER", "").strip().lower() == "python"


def test_native_core_is_built() -> None:
    """The extension prefa._native is built and used (unless PREFA_SOLVER=python)."""
    if FORCED_PYTHON:
        assert prefa.solver.backend() == "python"
        assert Solver().backend == "python"
        return
    assert _solver.BUILT is not None, (
        "THE NATIVE SOLVER CORE WAS NOT BUILT: " + _solver.REASON
        + " -- reinstall with a C compiler (pip install -e .), or set PREFA_SOLVER=python "
        "to test only the Python solver")
    assert prefa.solver.backend() == "native"
    assert Solver().backend == "native"


def native_solver(**kwargs) -> Solver:
    """A Solver on the native core; the core must be built (see above)."""
    if _solver.BUILT is None:
        if FORCED_PYTHON:
            pytest.skip("PREFA_SOLVER=python and the native core is not built")
        pytest.fail("the native solver core is not built: " + _solver.REASON)
    return Solver(backend="native", **kwargs)


def disagreements(positions, tables: bool = True, thresholds: bool = False) -> list:
    """The positions where the two backends differ (value, card table, at_least)."""
    bad = []
    for tag, p in positions:
        nat, ref = native_solver(), Solver(backend="python")
        v = ref.solve(p)
        if nat.solve(p) != v:
            bad.append((tag, "solve", str(p)))
            continue
        if tables and nat.card_table(p) != ref.card_table(p):
            bad.append((tag, "card_table", str(p)))
        if tables and not p.is_over():
            # the core's own legal cards (the public table keeps only the legal ones)
            e = nat._native_engine(p)
            if set(e.engine.table(*e.args(p))) != set(p.legal_moves()):
                bad.append((tag, "legal cards", str(p)))
        if thresholds:
            for n in (v, v + 1):
                if nat.at_least(p, n) != (n <= v):
                    bad.append((tag, f"at_least {n}", str(p)))
    return bad


# ---------------------------------------------------------------------------
# The positions of the existing exactness tests
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("kind,lone,overtake", GROUPS)
def test_brute_force_endings_agree(kind: str, lone: bool, overtake: bool) -> None:
    """The endings that tests/test_solver.py checks against minimax."""
    base = 1000 * GROUPS.index((kind, lone, overtake))
    cases = [(s, random_position(s, kind, lone, overtake)) for s in range(base, base + 260)]
    tbase = 50_000 + 1000 * GROUPS.index((kind, lone, overtake))
    tables = [(s, random_position(s, kind, lone, overtake, max_tricks=4))
              for s in range(tbase, tbase + 40)]
    assert not disagreements(cases, tables=False, thresholds=True)
    assert not disagreements(tables)


@pytest.mark.parametrize("kind", ["suit", "sans", "betl"])
def test_other_rank_orders_agree(kind: str) -> None:
    cases = [(s, random_position(s, kind, lone=s % 3 == 0, overtake=s % 2 == 0, vida=True))
             for s in range(90_000, 90_080)]
    assert not disagreements(cases)


def test_reused_native_solver_with_small_tables_stays_exact() -> None:
    """One native Solver whose table is dropped and refilled many times."""
    solver = native_solver(max_entries=500)
    for seed in range(120_000, 120_150):
        kind = ("suit", "sans", "betl")[seed % 3]
        p = random_position(seed, kind, lone=False, overtake=False, max_tricks=7)
        assert solver.solve(p) == Solver(backend="python").solve(p), seed


def test_known_results_agree() -> None:
    cases = []
    for rules in (PlayRules(), PlayRules(overtake=Overtake.ALWAYS, must_overtrump=True)):
        cases.append(("kovalevskaya", position_from_deal(KOVALEVSKAYA, "betl", 0, 2,
                                                         rules=rules)))
    deal = Deal.parse("SAKQJ HAKQ DAKQ / ST98 HJT9 DJT9 C7 / S7 H87 D87 CAKQJ9")
    cases += [(g, position_from_deal(deal, g, 0, 0)) for g in ("sans", "preferans")]
    cases.append(("lone", position_from_deal(Deal.parse("SAK / SQJ / ST9"), "sans", 0, 2,
                                             out=1)))
    for seed, game, leader in ((1, "sans", 1), (2, "hearts", 0), (3, "betl", 1)):
        cases.append((seed, position_from_deal(random_deal(seed), game, 0, leader)))
    assert not disagreements(cases)
    # the betl regression of tests/test_solver.py, mid-trick
    hands = tuple(CardSet.parse(x) for x in ("SAQ9 HQJT8 D7", "SKJ8 H7 DKT8 CK",
                                             "ST DAQJ9 CT9"))
    p = Position(hands, 0, 2, PlayRules(), "betl", (parse_card("7S"),), 0)
    assert not disagreements([("betl-8", p)], thresholds=True)


def test_long_positions_agree() -> None:
    """Positions of 6 to 10 tricks (those of the generalisation test)."""
    cases = [(s, _long_position(s)) for s in range(0, 120, 4)]
    cases += [(s, _long_position(s, "betl")) for s in range(500, 560, 6)]
    assert not disagreements(cases, tables=False, thresholds=True)


@pytest.mark.parametrize("kind", ["suit", "sans", "betl"])
def test_table_test_positions_agree(kind: str) -> None:
    """The positions of tests/test_solver_tables.py."""
    base = 1000 * ["suit", "sans", "betl"].index(kind)
    cases = [(s, middle_position(base + s, kind)) for s in range(40)]
    cases += [(s, random_position(300_000 + s, kind, lone=s % 3 == 0, overtake=False))
              for s in range(400)]
    assert not disagreements(cases, tables=kind != "betl")
    if kind == "betl":
        assert not disagreements([(s, betl_ending(s, 2 + s % 2)) for s in range(500)])


# ---------------------------------------------------------------------------
# Random positions of every ruleset
# ---------------------------------------------------------------------------

RULESETS = {
    "balkan": lambda t: PlayRules(trump=t),
    "greek": lambda t: PlayRules(trump=t, must_trump=True, overtake=Overtake.NEVER),
    "russian": lambda t: PlayRules(trump=t, overtake=Overtake.ALWAYS,
                                   must_overtrump=t is not None),
    "russian-no-overtrump": lambda t: PlayRules(trump=t, overtake=Overtake.ALWAYS),
    "vida": lambda t: PlayRules(trump=t, overtake=Overtake.TRUMP_LEAD, must_overtrump=True,
                                **VIDA),
    "overtrump-only": lambda t: PlayRules(trump=t, must_overtrump=True),
    "priffe": lambda t: PlayRules(trump=t, must_trump=False),
}


def ruled_position(seed: int, ruleset: str, goal: str, max_tricks: int = 6) -> Position:
    """A random position of 1 to ``max_tricks`` tricks under ``ruleset``: a
    suit game, a no-trump tricks game (sans, preferans) or betl, a lone
    defender one time in three, sometimes in the middle of a trick."""
    g = SplitMix64(seed * 6151 + 11)
    k = 1 + g.below(max_tricks)
    out = 1 + g.below(2) if g.below(3) == 0 else None
    active = [s for s in range(3) if s != out]
    cards = list(deck())
    g.shuffle(cards)
    hands = [CardSet()] * 3
    for i, s in enumerate(active):
        hands[s] = CardSet.of(cards[i * k:(i + 1) * k])
    declarer = (0 if out is not None else g.below(3))
    leader = active[g.below(len(active))]
    trump = Suit(g.below(4)) if goal == "suit" else None
    rules = RULESETS[ruleset](trump)
    tp = TrickPlay.start(hands, leader, rules, active)
    for _ in range(g.below(len(active) * 2)):
        if tp.is_over():
            break
        moves = list(tp.legal_moves())
        tp.play(moves[g.below(len(moves))])
    return Position(tuple(tp.hands), declarer, tp.leader, rules,
                    "betl" if goal == "betl" else "tricks", tuple(tp.trick), tp.won[declarer],
                    out)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@pytest.mark.parametrize("goal", ["suit", "notrump", "betl"])
def test_random_positions_of_every_ruleset_agree(ruleset: str, goal: str) -> None:
    base = 10_000 * sorted(RULESETS).index(ruleset) + 1000 * ["suit", "notrump", "betl"].index(goal)
    cases = [(s, ruled_position(s, ruleset, goal)) for s in range(base, base + 110)]
    lone = sum(p.out is not None for _, p in cases)
    mid = sum(bool(p.trick) for _, p in cases)
    assert lone > 10 and mid > 10  # both defender cases, both kinds of root
    assert not disagreements(cases, thresholds=True)


def test_full_deals_agree() -> None:
    """Whole ten-card deals, every game kind, declarer or defender on lead."""
    cases = []
    for i, game in enumerate(("spades", "hearts", "sans", "preferans", "betl", "clubs")):
        deal = random_deal(4000 + i)
        cases.append((i, position_from_deal(deal, game, i % 3, (i + i // 3) % 3)))
    assert not disagreements(cases, tables=False)


# ---------------------------------------------------------------------------
# The binding
# ---------------------------------------------------------------------------

def test_native_refuses_a_card_outside_the_rank_order() -> None:
    rules = PlayRules(plain_order=(12, 11, 10, 9, 8, 7, 6))  # no seven
    p = Position((CardSet.parse("SA"), CardSet.parse("SK"), CardSet.parse("S7")), 0, 0, rules)
    for solver in (native_solver(), Solver(backend="python")):
        with pytest.raises(RuleOptionError, match="7S has no place"):
            solver.solve(p)


def test_bad_backend_is_named() -> None:
    with pytest.raises(RuleOptionError, match="'fortran'"):
        Solver(backend="fortran")


def test_nodes_are_counted() -> None:
    s = native_solver()
    p = position_from_deal(random_deal(5), "sans", 0, 1)
    s.solve(p)
    assert s.nodes > 0


def test_no_leak_over_many_small_solves() -> None:
    """20,000 solves with fresh solvers (tables allocated and freed each
    time) leave the peak resident memory where it was after the first 2,000
    (benchmarks/bench_solver.py --leak runs 100,000)."""
    import resource
    positions = [random_position(s, ("suit", "sans", "betl")[s % 3], s % 2 == 0, s % 5 == 0,
                                 max_tricks=3) for s in range(200)]
    native_solver()

    def run(n: int) -> None:
        for i in range(n):
            p = positions[i % len(positions)]
            s = Solver(backend="native")
            s.solve(p)
            s.card_table(p)

    run(2000)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    run(20_000)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert after - before < 4096, (before, after)  # KB


@pytest.mark.parametrize("rules,trick,hands,legal", [
    # Russian: void in spades, an earlier trump in the trick: beat it when he can
    (PlayRules(trump=Suit.HEARTS, overtake=Overtake.ALWAYS, must_overtrump=True),
     "AS 9H", ("SK C7", "D7 C8", "HT8 D8"), "HT"),
    # must-overtake when following suit
    (PlayRules(overtake=Overtake.ALWAYS), "9S", ("S8 C7", "SAQJ", "S7 D8 C9"), "SAQJ"),
    # Vida: only on trump leads
    (PlayRules(trump=Suit.SPADES, overtake=Overtake.TRUMP_LEAD, must_overtrump=True, **VIDA),
     "AS", ("SK C7", "SJ7 D9", "S8 D8 C9"), "SJ"),
    # Priffe: no duty to trump
    (PlayRules(trump=Suit.HEARTS, must_trump=False), "AS", ("SK C7", "H7 C8 D9", "H8 D8 C9"), "H7 D9 C8"),
])
def test_duties_of_play_at_a_mid_trick_root(rules, trick, hands, legal) -> None:
    """The core's legal cards and values where a duty of play bites."""
    from prefa.cards import parse_cards

    t = tuple(parse_cards(trick))
    hs = [CardSet.parse(h) for h in hands]  # what each seat holds after the trick so far
    p = Position(tuple(hs), 0, 0, rules, "tricks", t)
    assert p.legal_moves() == CardSet.parse(legal)
    assert not disagreements([("duty", p)], thresholds=True)
    for goal in ("tricks", "betl"):
        q = Position(tuple(hs), 1, 0, rules, goal, t)
        assert not disagreements([("duty", q)], thresholds=True)


@pytest.mark.parametrize("goal", ["suit", "notrump", "betl"])
def test_the_core_searches_the_python_solvers_exact_tree(goal: str) -> None:
    """With exact table entries (``generalise=False``) the Python solver
    searches the same tree as the core, card for card: same move order,
    bounds, table hits and cuts, hence the same node count, for solves and
    card tables alike.  A stronger check than equal values: a difference in
    the move order, a sure bound or the legal cards shows here even where
    the value comes out the same."""
    for i in range(140):
        rs = sorted(RULESETS)[i % len(RULESETS)]
        p = ruled_position(500_000 + i, rs, goal, max_tricks=6)
        nat, ref = native_solver(), Solver(generalise=False)
        assert nat.solve(p) == ref.solve(p), (rs, i)
        nat.card_table(p)
        ref.card_table(p)
        assert nat.nodes == ref.nodes, (rs, i, str(p))
    for i, game in enumerate(("spades", "sans", "betl")):
        p = position_from_deal(random_deal(1000 + i), game, i, (i + 1) % 3)
        nat, ref = native_solver(), Solver(generalise=False)
        assert nat.solve(p) == ref.solve(p)
        assert nat.nodes == ref.nodes > 100, game


def _run(code: str, **env: str) -> str:
    import subprocess
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    e = {k: v for k, v in os.environ.items() if k != "PREFA_SOLVER"}
    e.update(env)
    done = subprocess.run([sys.executable, "-c", code], cwd=root, env=e, capture_output=True,
                          text=True, check=True)
    return done.stdout.strip()


def test_without_the_extension_the_python_solver_answers() -> None:
    """Where the core could not be built, import and solve still work (the
    import of prefa._native is made to fail in a fresh interpreter)."""
    out = _run("import sys; sys.modules['prefa._native'] = None\n"
               "from prefa.deal import Deal\n"
               "from prefa.solver import Position, Solver, backend, solve\n"
               "from prefa import _solver\n"
               "p = Position.from_deal(Deal.parse('SAK / SQJ / ST9'), 0, 1)\n"
               "print(backend(), solve(p), Solver().backend, 'not built' in _solver.REASON)")
    assert out == "python 2 python True"


def test_prefa_solver_python_forces_the_reference() -> None:
    native_solver()
    out = _run("from prefa.solver import Solver, backend\n"
               "print(backend(), Solver().backend, Solver(backend='native').backend)",
               PREFA_SOLVER="python")
    assert out == "python python native"
    assert _run("from prefa.solver import backend; print(backend())") == "native"

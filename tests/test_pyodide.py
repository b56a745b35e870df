"""The engine under Pyodide (the browser's Python) gives the same answers as CPython.

The solver is written in pure Python so that it runs wherever the engine
runs, the browser included.  These tests run one program on the engine under
Pyodide in Node.js, with no network (see ``pyodide_setup``), and the same
program here, and compare: exact solves and card tables of full deals in every kind of game
(mid-trick and lone-defender positions too), a sampled lead evaluation, and
the engine's check of every quiz bank the package ships.
"""

from __future__ import annotations

import json

import pytest
from pyodide_setup import run_here, run_in_pyodide

PROGRAM = r'''
import json, sys
from importlib import resources
from prefa.balkan.solve import evaluate_leads, position_from_deal
from prefa.cards import card_name
from prefa.deal import Deal, random_deal
from prefa.quiz import check_text, report_json
from prefa.solver import Position, Solver, solve

out = {"python": sys.version.split()[0], "platform": sys.platform}
kova = Deal.parse("S789T C8 D789 H89 / SKA CTJQ DA HTQKA / SJQ C79 DTJQK H7J")
out["kovalevskaya"] = solve(Position.from_deal(kova, declarer=0, leader=2, goal="betl"))
def solved(p):
    s = Solver()
    return [s.solve(p), {card_name(c): n for c, n in s.card_table(p).items()}]

games = ("spades", "sans", "betl", "hearts", "preferans", "betl", "clubs", "sans", "diamonds")
solves = []
for i, game in enumerate(games):
    deal = random_deal(300 + i)
    declarer = i % 3
    leader = (declarer + i // 3) % 3
    played = (next(iter(deal.hands[leader])),) if i % 2 else ()
    solves.append([game, *solved(position_from_deal(deal, game, declarer, leader, played))])
lone = Position.from_deal(random_deal(77), declarer=0, leader=1, out=2)
solves.append(["lone", *solved(lone)])
out["solves"] = solves
report = evaluate_leads("SAK7 HKQ DJ87 C97", "sans", declarer=0, leader=1, samples=6, seed=3)
out["leads"] = {card_name(x.card): [x.mean_tricks, x.beat_chance] for x in report.leads}
banks = resources.files("prefa").joinpath("data/quizzes")
out["quizzes"] = {f.name: json.loads(report_json(check_text(f.read_text(encoding="utf-8"), f.name)))
                  for f in sorted(banks.iterdir(), key=lambda f: f.name)}
json.dumps(out, sort_keys=True)
'''


@pytest.fixture(scope="module")
def both() -> tuple[dict, dict]:
    return json.loads(run_in_pyodide(PROGRAM)), json.loads(run_here(PROGRAM))


def test_it_really_runs_under_pyodide(both) -> None:
    there, here = both
    assert there["platform"] == "emscripten"
    assert here["platform"] != "emscripten"


def test_kovalevskaya_misere_under_pyodide(both) -> None:
    """The issue's classic misère: the declarer takes exactly one trick."""
    there, _ = both
    assert there["kovalevskaya"] == 1


def test_solves_and_card_tables_agree(both) -> None:
    there, here = both
    assert len(there["solves"]) == 10
    assert there["solves"] == here["solves"]


def test_lead_evaluation_agrees(both) -> None:
    there, here = both
    assert len(there["leads"]) == 10
    assert there["leads"] == here["leads"]


def test_every_quiz_bank_is_checked_alike(both) -> None:
    there, here = both
    assert len(there["quizzes"]) >= 17
    assert there["quizzes"] == here["quizzes"]
    lines = [ln for bank in there["quizzes"].values() for ln in bank]
    assert lines and all(ln["status"] == "agrees" for ln in lines)

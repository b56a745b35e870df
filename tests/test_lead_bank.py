"""The mined lead-drill bank (prefa/data/lead_bank.json, benchmarks/mine_lead_bank.py)
and the drill that draws from it (prefa.ui.LeadDrillSession)."""

from __future__ import annotations

import importlib.util
import io
import json
import random
import re
import subprocess
import sys
import zipfile
from importlib import resources
from pathlib import Path

import pytest

from prefa.balkan.conventions.leads import opening_lead
from prefa.cards import card_name
from prefa.drill import (
    BANK_GAP,
    BANK_PATH,
    bank_order,
    difficulty,
    lead_problem,
    load_lead_bank,
    mine_problem,
)
from prefa.ui import LeadDrillSession

ROOT = Path(__file__).resolve().parent.parent
BANK = load_lead_bank()
DATA = json.loads(resources.files("prefa").joinpath(BANK_PATH).read_text(encoding="utf-8"))
CARD = re.compile(r"\b[2-9TJQKA][SHDC]\b")


def test_the_bank_is_small_package_data_with_many_problems():
    path = ROOT / "prefa" / BANK_PATH
    assert path.stat().st_size < 200_000  # well under 1 MB
    assert len(BANK) >= 60 and len(BANK) == len(DATA["problems"])
    assert len({(p.seed, p.k) for p in BANK}) == len(BANK)
    assert {p.seed for p in BANK} == {DATA["seed"]} and all(p.k < DATA["deals"] for p in BANK)


def test_the_sites_engine_zip_carries_the_bank():
    spec = importlib.util.spec_from_file_location("engine_hook", ROOT / "site" / "_hooks" / "engine.py")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    names = zipfile.ZipFile(io.BytesIO(hook.package_zip())).namelist()
    assert "prefa/" + BANK_PATH in names


@pytest.mark.parametrize("p", BANK, ids=lambda p: f"k{p.k}")
def test_every_problem_matters_and_its_tags_are_the_engines(p):
    report = p.report()
    assert report.best.beat_chance - report.leads[-1].beat_chance >= BANK_GAP - 1e-9
    problem = p.problem
    assert {c for c, _, _ in p.figures} == {card_name(c) for c in problem.hand}
    advice = opening_lead(problem.situation())
    assert (p.theme, p.convention) == (advice.convention, advice.action)
    assert p.difficulty == difficulty(report)
    # the best first, as the evaluation sorts them (the defenders want the contract down)
    beats = [b for _, _, b in p.figures]
    assert beats == sorted(beats, reverse=True)


SAMPLE = random.Random(19).sample(range(len(BANK)), 3)


@pytest.mark.parametrize("i", SAMPLE)
def test_a_sample_of_the_bank_recomputed_by_the_engine_gives_the_stored_figures(i):
    p = BANK[i]
    again = mine_problem(p.seed, p.k, p.samples, DATA["gap"])
    assert again == p  # the same figures (same layouts sampled), theme and difficulty


def test_the_mining_script_is_deterministic_and_made_the_shipped_bank(tmp_path):
    n = 6
    outs = []
    for name in ("a.json", "b.json"):
        out = tmp_path / name
        run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "mine_lead_bank.py"),
                              "--deals", str(n), "--out", str(out)],
                             capture_output=True, text=True, check=True, cwd=ROOT)
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    mined = load_lead_bank(outs[0].decode("utf-8"))
    assert mined == tuple(p for p in BANK if p.k < n)
    said = run.stdout
    assert re.search(r"bank: \d+ problems", said) and "convention's lead among the best" in said
    assert re.search(r"mining time per deal: median [\d.]+ s, max [\d.]+ s", said)


def test_the_drill_draws_from_the_bank_in_a_seeded_order():
    a, b = LeadDrillSession(seed=3), LeadDrillSession(seed=3)
    order = bank_order(3, len(BANK))
    for k in range(3):
        st = a.state()
        assert st == b.state()
        assert st["bank"]["index"] == order[k] and st["bank"]["theme"] is None  # not told yet
        want = BANK[order[k]].problem
        assert st["hand"] == [card_name(c) for c in want.hand]
        for s in (a, b):
            s.act({"type": "lead", "card": st["hand"][0]})
            s.act({"type": "next"})
    assert bank_order(4, len(BANK)) != order  # another seed, another order


def test_a_bank_problem_is_answered_at_once_with_the_stored_figures():
    s = LeadDrillSession(seed=0)
    entry = BANK[bank_order(0, len(BANK))[0]]
    report = entry.report()
    before = s.state()
    mine = set(before["hand"])
    assert set(CARD.findall(json.dumps(before))) <= mine  # no other hand before the lead
    assert before["bank"]["difficulty"] == entry.difficulty
    worst = card_name(report.leads[-1].card)
    st = s.act({"type": "lead", "card": worst})
    assert st["phase"] == "answered" and st["legal"] == [{"type": "next"}]
    assert st["progress"] == {"done": entry.samples, "total": entry.samples}
    assert [(x["card"], x["mean_tricks"], x["beat_chance"]) for x in st["leads"]] == \
        [tuple(f) for f in entry.figures]
    assert st["verdict"]["right"] is False  # the worst lead, clearly worse than the best
    assert st["bank"]["theme"] == entry.theme and st["convention"]["card"] == entry.convention
    assert f"Leads over {entry.samples} sampled layouts" in s.static_html()
    assert "lead bank" in s.static_html()


def test_the_drill_can_still_deal_fresh_problems():
    s = LeadDrillSession(seed=5, samples=2, batch=2, fresh=True)
    st = s.state()
    assert st["bank"] is None
    assert st["hand"] == [card_name(c) for c in lead_problem(5, 0).hand]
    assert s.act({"type": "lead", "card": st["hand"][0]})["phase"] == "analysing"


def test_bank_order_is_a_permutation_for_each_seed():
    for seed in range(5):
        assert sorted(bank_order(seed, 40)) == list(range(40))
    assert bank_order(0, 40) != bank_order(1, 40)

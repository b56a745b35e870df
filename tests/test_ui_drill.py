"""The opening-lead drill session (prefa.ui.LeadDrillSession) through state()/act(): the
fresh problems (fresh=True); the problems from the mined bank are tests/test_lead_bank.py's."""

from __future__ import annotations

import json
import random
import re
from functools import partial

import pytest
from hypothesis import given, settings
from ui_checks import actions, assert_refused, random_walk

from prefa.balkan.conventions.leads import opening_lead
from prefa.balkan.solve import evaluate_leads, lead_evaluation, position_from_deal
from prefa.cards import card_name, parse_card
from prefa.deal import Deal
from prefa.drill import IGRA_POTENTIAL, fits_auction, lead_problem
from prefa.errors import PrefaError
from prefa.solver import Solver
from prefa.ui import LeadDrillSession

CARD = re.compile(r"\b[2-9TJQKA][SHDC]\b")


def _lead_and_finish(s: LeadDrillSession, card: str) -> dict:
    st = s.act({"type": "lead", "card": card})
    while st["phase"] == "analysing":
        st = s.act({"type": "continue"})
    return st


@pytest.mark.parametrize("seed", range(3))
def test_random_legal_actions_end_done(seed):
    s = LeadDrillSession(fresh=True, seed=seed, samples=3, batch=2, problems=3)
    made = random_walk(s, random.Random(seed))
    assert [a["type"] for a in made].count("lead") == 3
    st = s.state()
    assert st["legal"] == [] and st["score"]["answered"] == 3
    assert 0 <= st["score"]["right"] <= 3


@pytest.mark.parametrize("k", range(6))
def test_no_other_hand_is_shown_before_the_lead_has_been_analysed(k):
    s = LeadDrillSession(fresh=True, seed=5, samples=2, batch=1)
    for _ in range(k):  # get to problem k
        _lead_and_finish(s, s.state()["hand"][0])
        s.act({"type": "next"})
    p = lead_problem(5, k)
    mine = {card_name(c) for c in p.hand}
    states = [s.state()]
    st = s.act({"type": "lead", "card": min(mine)})
    states.append(st)
    assert st["phase"] == "analysing"
    for state in states:
        text = json.dumps(state)
        assert set(CARD.findall(text)) <= mine, set(CARD.findall(text)) - mine
        assert state["layout"] is None and state["leads"] == []
    assert set(CARD.findall(s.static_html())) <= mine


def test_the_figures_are_the_evaluation_and_every_lead_as_good_as_the_best_is_right():
    p = lead_problem(0, 0)
    report = evaluate_leads(p.hand, p.contract.game, p.declarer, p.leader, samples=4,
                            seed=p.eval_seed, accept=partial(fits_auction, p))
    rights = []
    for c in p.hand:
        s = LeadDrillSession(fresh=True, seed=0, samples=4, batch=3)
        st = _lead_and_finish(s, card_name(c))
        assert st["problem"]["number"] == 1 and st["phase"] == "answered"
        assert [(x["card"], x["mean_tricks"], x["beat_chance"]) for x in st["leads"]] == [
            (card_name(x.card), round(x.mean_tricks, 4), round(x.beat_chance, 4))
            for x in report.leads]
        assert st["verdict"]["right"] == report.as_good_as_best(c)
        assert [(x["mean_text"], x["beat_text"]) for x in st["leads"]] == [
            (f"{x.mean_tricks:.2f}", f"{x.beat_chance:.0%}") for x in report.leads]
        assert [x["card"] for x in st["leads"] if x["best"]] == [
            card_name(x.card) for x in report.leads if report.as_good_as_best(x.card)]
        rights.append(st["verdict"]["right"])
        assert st["score"] == {"right": int(st["verdict"]["right"]), "answered": 1}
    assert any(rights)  # the best lead itself is right
    assert rights.count(True) == sum(report.as_good_as_best(c) for c in p.hand)


def test_the_convention_and_the_real_layout():
    s = LeadDrillSession(fresh=True, seed=1, samples=2, batch=2)
    p = lead_problem(1, 0)
    advice = opening_lead(p.situation())
    lead = next(c for c in s.state()["hand"] if c != advice.action)
    st = s.act({"type": "lead", "card": lead})
    assert st["convention"]["card"] == advice.action
    assert st["convention"]["reason"] == advice.reason
    while st["phase"] == "analysing":
        st = s.act({"type": "continue"})
    table = Solver().card_table(position_from_deal(Deal(p.deal.hands[:3]), p.contract.game,
                                                   p.declarer, p.leader))
    assert st["layout"]["tricks"] == {card_name(c): n for c, n in table.items()}
    assert st["layout"]["yours"] == table[parse_card(lead)]
    assert st["layout"]["hands"] == [[card_name(c) for c in h] for h in p.deal.hands[:3]]
    assert not st["verdict"]["convention_agrees"]
    assert "real layout" in st["layout"]["text"]


def test_the_analysis_goes_in_batches_with_progress():
    s = LeadDrillSession(fresh=True, seed=2, samples=5, batch=2)
    st = s.act({"type": "lead", "card": s.state()["hand"][0]})
    seen = [st["progress"]["done"]]
    while st["phase"] == "analysing":
        assert st["legal"] == [{"type": "continue"}]
        st = s.act({"type": "continue"})
        seen.append(st["progress"]["done"])
    assert seen == [0, 2, 4, 5] and st["progress"]["total"] == 5
    assert st["legal"] == [{"type": "next"}]
    st = s.act({"type": "next"})
    assert st["phase"] == "lead" and st["problem"]["number"] == 2 and st["lead"] is None


def test_same_seed_same_drill():
    a, b = LeadDrillSession(fresh=True, seed=7, samples=2), LeadDrillSession(fresh=True, seed=7, samples=2)
    assert a.json() == b.json()
    assert LeadDrillSession(fresh=True, seed=8, samples=2).state()["hand"] != a.state()["hand"]


def test_refusals_name_the_card():
    s = LeadDrillSession(fresh=True, seed=0, samples=2)
    hand = s.state()["hand"]
    other = next(card_name(c) for c in lead_problem(0, 0).deal.hands[0])
    assert other not in hand
    assert "is not in your hand" in assert_refused(s, {"type": "lead", "card": other})
    assert "XX" in assert_refused(s, {"type": "lead", "card": "XX"})
    assert "expected one of lead" in assert_refused(s, {"type": "next"})
    st = s.act({"type": "lead", "card": hand[0]})
    assert st["error"] is None
    assert "analysed" in assert_refused(s, {"type": "lead", "card": hand[1]})


def test_bad_settings_are_refused():
    for kw in ({"samples": 0}, {"batch": 0}, {"problems": 0}):
        with pytest.raises(PrefaError):
            LeadDrillSession(**kw)


def _in_phase(phase: str) -> LeadDrillSession:
    s = LeadDrillSession(fresh=True, seed=3, samples=2, batch=1)
    while s.state()["phase"] != phase:
        s.act(s.state()["legal"][0])
    return s


# A refused action changes nothing, so one session per phase serves every example.
_SESSIONS = [_in_phase(p) for p in ("lead", "analysing", "answered")]
_HAND = _SESSIONS[0].state()["hand"]


@settings(max_examples=150)
@given(actions(["lead", "continue", "next"], ["card", "item"],
               [*_HAND, "AS", "7C", "TH", "ah", " AS"]))
def test_every_illegal_action_is_refused_and_changes_nothing(action):
    for s in _SESSIONS:
        if action not in s.state()["legal"]:
            assert_refused(s, action)


def test_static_html_shows_the_answer_once_analysed():
    s = LeadDrillSession(fresh=True, seed=0, samples=2, batch=2)
    assert "Problem 1" in s.static_html() and "<svg" in s.static_html()
    _lead_and_finish(s, s.state()["hand"][0])
    html = s.static_html()
    assert "Leads over 2 sampled layouts" in html and "real layout" in html


def test_the_sampled_layouts_fit_the_auction():
    from prefa.balkan.conventions.evaluation import hand_potential
    for k in range(3):
        p = lead_problem(4, k)
        ev = lead_evaluation(p.hand, p.contract.game, p.declarer, p.leader, samples=12,
                            seed=p.eval_seed, accept=partial(fits_auction, p))
        for d in ev.deals:
            assert d.hands[p.leader] == p.hand
            strongest = max(range(3), key=lambda s: (hand_potential(d.hands[s]), -s))
            assert strongest == p.declarer
            assert hand_potential(d.hands[p.declarer]) >= IGRA_POTENTIAL
            trump = p.contract.game.trump
            if trump is not None:
                assert d.hands[p.declarer].count(trump) >= 4


def test_the_widget_draws_the_drill_view_and_acts_on_messages():
    from prefa.ui.widget import widget
    s = LeadDrillSession(fresh=True, seed=0, samples=2, batch=2)
    w = widget(s)
    assert w._repr_mimebundle_()[0]["text/html"].endswith(s.static_html())
    assert "drawDrill" in w._esm and ".pf-leads" in w._css
    card = s.state()["hand"][0]
    w._on_msg(w, {"type": "act", "action": {"type": "lead", "card": card}}, [])
    assert w.state["phase"] == "analysing" and w.state["lead"] == card


def test_the_drill_solves_enough_layouts_for_stable_figures():
    # 24 layouts left each lead's figure uncertain by several points
    s = LeadDrillSession(fresh=True, seed=0)
    assert s.samples >= 100 and s.samples % s.batch == 0


def test_the_python_solver_gets_fewer_layouts_so_a_batch_stays_short(monkeypatch):
    """Without the native core (the browser's engine) a solve costs a hundred
    times more: the drill then solves 24 layouts, 4 a step."""
    from prefa.ui import drill

    monkeypatch.setattr(drill, "backend", lambda: "python")
    s = LeadDrillSession(fresh=True, seed=0)
    assert (s.samples, s.batch) == (24, 4)

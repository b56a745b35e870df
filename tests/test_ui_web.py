"""The sessions the site runs in the browser: prefa.ui.web (what the worker
calls), AnalyseSession and CheckSession, and the lesson placeholder.

All in CPython (tests/test_browser_engine.py runs the same under Pyodide in
a browser)."""

from __future__ import annotations

import io
import json
import re
import sys
from html import unescape
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prefa.balkan.solve import position_from_deal
from prefa.cards import card_name
from prefa.deal import random_deal
from prefa.solver import card_table
from prefa.ui import web
from prefa.ui.analyse import MAX_DEAL, AnalyseSession
from prefa.ui.check import MAX_TEXT, CheckSession
from prefa.ui.table import TableSession

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "site" / "_hooks"))
BANK = (ROOT / "prefa" / "data" / "quizzes" / "00_how_to_use.txt").read_text(encoding="utf-8")


# -- prefa.ui.web ------------------------------------------------------------------------------
@pytest.mark.parametrize("view, args, words", [
    ("shell", "{}", "no live view 'shell'"),
    ("table", "[1]", "expected a JSON object"),
    ("table", "{seed: 1}", "is not JSON"),
    ("table", '{"rules": {}}', "has no argument 'rules'"),
    ("table", '{"colour": 1}', "has no argument 'colour'"),
    ("table", '{"seat": 5}', "seat 5"),
    ("table", json.dumps({"seed": "x" * (web.MAX_TEXT + 1)}), "expected at most"),
])
def test_new_refuses_in_one_line(view, args, words):
    out = json.loads(web.new(view, args))
    assert set(out) == {"error"} and words in out["error"] and "\n" not in out["error"]


def test_new_and_act_answer_json_the_same_as_the_session():
    made = json.loads(web.new("table", '{"seed": 3}'))
    here = TableSession(3)
    assert made["state"] == json.loads(json.dumps(here.state()))
    assert made["sprite"].startswith("<svg")
    action = here.state()["legal"][1]
    assert json.loads(web.act(made["id"], json.dumps(action))) == json.loads(
        json.dumps(here.act(action)))


@given(st.one_of(st.text(max_size=40), st.binary(max_size=20).map(lambda b: b.hex())))
def test_act_with_any_text_leaves_the_session_as_it_was(text):
    made = json.loads(web.new("bidding", '{"seed": 1}'))
    before = made["state"]
    after = json.loads(web.act(made["id"], text))
    assert after["error"] and "\n" not in after["error"]
    assert {**after, "error": None} == before


def test_act_on_no_session():
    assert "no session 999" in json.loads(web.act(999, "{}"))["error"]


# -- AnalyseSession ------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("game", ["hearts", "betl", "sans"])
def test_the_card_table_is_the_solvers(seed, game):
    deal = random_deal(seed)
    s = AnalyseSession(str(deal), game, 0, 1).state()
    p = position_from_deal(deal, game, 0, 1)
    assert [(r["card"], r["tricks"]) for r in s["table"]] == [
        (card_name(c), n) for c, n in card_table(p).items()]
    best = [r["card"] for r in s["table"] if r["best"]]
    assert s["line"][0]["card"] in best and len(s["line"]) == 30
    assert (s["betl"] is not None) == (game == "betl")


def test_following_a_card_and_taking_it_back():
    a = AnalyseSession("HK D8 CT / SQ HJ CJ / S9 HA DA", "betl", 0, 1)
    first = a.state()
    s = a.act({"type": "play", "card": "JC"})
    assert s["played"] == ["JC"] and s["to_move"] == 2
    assert {"type": "back"} in s["legal"]
    assert a.act({"type": "back"}) == first


@pytest.mark.parametrize("action, words", [
    ({"deal": "SAK / SQ"}, "has 2 hands"),
    ({"deal": "SAK / SQJ / ST9", "game": "preferans"}, "expected one of"),
    ({"deal": "SAK / SQJ / ST9", "game": "chess"}, "chess"),
    ({"deal": "SAK / SQJ / ST"}, "same number of cards"),
    ({"deal": "SAK / SQJ / ST9", "declarer": 4}, "declarer 4"),
    ({"deal": "S" * (MAX_DEAL + 1)}, "characters long"),
    ({"deal": "<script>alert(1)</script> / x / y"}, "<script>"),
    ({"deal": "SAK / SQJ / ST9", "declarer": True}, "not possible"),
])
def test_a_refused_analysis_leaves_the_last_one(action, words):
    a = AnalyseSession("SAK / SQJ / ST9", "sans", 0, 1)
    before = a.state()
    full = {"type": "analyse", "deal": "", "game": "sans", "declarer": 0, "leader": 1, **action}
    after = a.act(full)
    assert words in after["error"] and "\n" not in after["error"]
    assert {**after, "error": None, "form": before["form"]} == before
    if "not possible" not in words:  # the form keeps what was typed, to be corrected
        assert after["form"] == {k: full[k] for k in ("deal", "game", "declarer", "leader")}


def test_random_deals_are_reproducible():
    a, b = AnalyseSession(seed=7), AnalyseSession(seed=7)
    act = {"type": "random", "game": "sans", "declarer": 1, "leader": 2}
    assert a.act(act) == b.act(act)
    assert a.state()["deal"]["text"] == str(random_deal(7))
    assert a.act(act)["deal"]["text"] == str(random_deal(8))


# -- CheckSession --------------------------------------------------------------------------------
def test_a_planted_wrong_answer_disagrees():
    planted = BANK.replace("answer: AS", "answer: TS", 1)
    s = CheckSession().act({"type": "check", "text": planted, "name": "x.txt"})
    status = {ln["id"]: ln["status"] for ln in s["lines"]}
    assert status.pop("start-01") == "disagrees"
    assert set(status.values()) == {"agrees"}
    item = next(i for i in s["items"] if i["id"] == "start-01")
    assert item["author"] == ["10♠"] and item["engine"] == ["A♠"]


EVIL = ("id: e<script>alert(1)</script>\nkind: trick-winner\n"
        "question: <img src=x onerror=alert(2)> wins?\ncontract: sans\ntrick: TS AS 7S\n"
        "choices: TS, AS, 7S\nanswer: AS\nexplain: <svg onload=alert(3)>\n")


def test_the_handout_escapes_what_the_file_says():
    s = CheckSession().act({"type": "check", "text": EVIL, "name": "<i>n</i>.txt"})
    h = s["handout"]
    assert "<script>alert" not in h and "<img" not in h and "<svg onload" not in h
    assert "<i>n" not in h
    assert "&lt;img src=x onerror=alert(2)&gt;" in h
    # what the handout's text says, unescaped, is what the file said
    assert "<img src=x onerror=alert(2)> wins?" in unescape(re.sub(r"<[^>]+>", "", h))


@pytest.mark.parametrize("text, words", [
    ("", "empty"),
    ("x" * (MAX_TEXT + 1), "characters long"),
    ("# only a comment\n", "no quiz item"),
    ("---\n".join(["id: a\nkind: trick-winner\n"] * 201), "at most 200"),
])
def test_a_bad_file_gets_one_line_and_keeps_the_report(text, words):
    c = CheckSession(BANK, "bank.txt")
    before = c.state()
    after = c.act({"type": "check", "text": text, "name": "bad.txt"})
    assert words in after["error"] and "\n" not in after["error"]
    assert {**after, "error": None} == before


# -- the lesson's table, live on the site -----------------------------------------------------
def test_the_table_widget_output_is_a_placeholder_the_site_makes_live():
    pytest.importorskip("anywidget")
    pytest.importorskip("mkdocs")
    import engine  # site/_hooks/engine.py

    from prefa.ui.widget import widget

    s = TableSession(9, open_hands=True)
    html = widget(s)._repr_mimebundle_()[0]["text/html"]
    assert engine.has_live_view(html) and s.static_html() in html
    m = re.search(r'<div class="prefa-live" data-view="(\w+)" data-args="([^"]*)"', html)
    assert m and m.group(1) == "table"
    args = unescape(m.group(2))
    assert json.loads(args) == {"seed": 9, "open_hands": True}
    assert json.loads(web.new("table", args))["state"] == json.loads(json.dumps(s.state()))


def test_the_browser_gets_the_solver_core_as_webassembly_and_no_extension():
    """The package zip for the browser carries solver.wasm (built by the site's
    solver_wasm hook) so Pyodide solves with the C core, and no CPython build."""
    pytest.importorskip("mkdocs")
    import zipfile

    import engine  # site/_hooks/engine.py

    from prefa._solver import build_wasm

    build_wasm.build()
    names = zipfile.ZipFile(io.BytesIO(engine.package_zip())).namelist()
    assert "prefa/_solver/solver.wasm" in names
    assert not any(n.endswith((".so", ".pyd", ".c", ".h")) for n in names)

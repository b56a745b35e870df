"""Quiz items: every kind checked on right and wrong author answers; bad files."""

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from prefa.balkan.quiz import KINDS as BALKAN_KINDS
from prefa.cli import main
from prefa.quiz import check, check_text, load_quiz, parse_quiz

DATA = Path(__file__).parent / "data"
TEXT = (DATA / "quiz_kinds.txt").read_text()
ITEMS = {i.id: i for i in parse_quiz(TEXT)}

# A wrong answer for each item (one of its choices where it has them).
WRONG = {"legal-cards": "8S", "trick-winner": "AH", "legal-calls": "pass, 4",
         "auction-outcome": "seat 1 at 6", "who-leads": "seat 1", "hand-score": "+10",
         "hand-score-supe": "20", "defence": "follow", "bid": "3", "opening-lead": "AS",
         "discard": "8S", "read-discards": "clubs", "betl-caught": "no", "betl-leads": "QS",
         "betl-card": "AS", "declarer-tricks": "0",
         "best-card": "AC"}


def test_every_kind_is_covered():
    assert {i.kind for i in ITEMS.values()} == set(BALKAN_KINDS)


def test_kinds_keep_their_order_whichever_ruleset_loads_first():
    """The Balkan kinds first, then Greek, Russian, Vida, Priffe, even when a ruleset's
    quiz module was imported before ``prefa.quiz`` loaded the others."""
    code = ("import prefa.priffe.quiz, prefa.greek.quiz\n"
            "from prefa.quiz import kinds, load_quiz\n"
            "print(kinds())\n"
            "print(load_quiz('id: x\\nkind: nonsense\\nquestion: q\\nanswer: a\\n')[1][0])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=False, cwd=Path(__file__).parent.parent)
    assert out.returncode == 0, out.stderr
    order, message = out.stdout.splitlines()
    order = ast.literal_eval(order)
    assert order[:len(BALKAN_KINDS)] == BALKAN_KINDS
    assert [k.split("-")[0] for k in order[len(BALKAN_KINDS):]] == sorted(
        (k.split("-")[0] for k in order[len(BALKAN_KINDS):]),
        key=["greek", "russian", "vida", "priffe"].index)
    assert message.startswith("line 2: unknown kind 'nonsense': expected one of legal-cards, "
                              "trick-winner,"), message
    assert message.endswith(", ".join(order)), message


@pytest.mark.parametrize("item_id", sorted(ITEMS))
def test_right_answer_agrees(item_id):
    r = check(ITEMS[item_id])
    assert r.agrees, r.reason
    for v in r.verdicts:
        assert v.correct == (v.choice in ITEMS[item_id].answer), v
        assert v.reason


@pytest.mark.parametrize("item_id", sorted(ITEMS))
def test_wrong_answer_disagrees(item_id):
    block = TEXT.split("---")[list(ITEMS).index(item_id)]
    bad = re.sub(r"(?m)^answer: .*$", f"answer: {WRONG[item_id]}", block)
    (item,) = parse_quiz(bad)
    assert not check(item).agrees


def test_rules_verdict_reasons_name_the_rule():
    r = check(ITEMS["legal-cards"])
    why = {v.choice: v.reason for v in r.verdicts}
    assert "must follow clubs" in why["8S"]
    calls = {v.choice: v.reason for v in check(ITEMS["legal-calls"]).verdicts}
    assert "hold" in calls["hold 3"] and "next is 4" in calls["3"]


def test_solver_verdicts_give_trick_counts():
    r = check(ITEMS["best-card"])
    assert all("declarer takes 9 tricks" in v.reason for v in r.verdicts)


def test_malformed_file_one_error_per_problem_with_lines_nothing_lost():
    text = (
        "id: a\nkind: trick-winner\nquestion: q\ncontract: spades\ntrick: AH 7H 7S\nanswer: 7S\n"
        "---\n"
        "id: b\nkind: nonsense\nquestion: q\nanswer: x\n"            # line 9: bad kind
        "---\n"
        "id: c\nkind: trick-winner\nquestion: q\ncontract: spades\ntrick: AH 7H\nanswer: XX\n"
        "---\n"
        "id: a\nkind: trick-winner\nquestion: q\ncontract: hearts\ntrick: AH 7H\nanswer: AH\n"
        "---\n"
        "id: e\nkind: trick-winner\nquestion: q\nanswer: AH\n"
        "---\n"
        "id: f\nkind: trick-winner\nquestion: q\ncontract: hearts\ntrick: AH 7H\nanswer: AH\n")
    items, errors = load_quiz(text)
    assert [i.id for i in items] == ["a", "e", "f"]
    msgs = [str(e) for e in errors]
    assert any(m.startswith("line 9:") and "unknown kind 'nonsense'" in m for m in msgs)
    assert any(m.startswith("line 18:") and "bad card 'XX'" in m for m in msgs)
    assert any(m.startswith("line 20:") and "id 'a' used twice" in m for m in msgs)
    lines = check_text(text, "t.txt")
    # in file order, each invalid item under its own id (the second 'a' is the repeated id)
    assert [(ln.id, ln.status) for ln in lines] == [
        ("a", "agrees"), ("b", "invalid"), ("c", "invalid"), ("a", "invalid"), ("e", "invalid"),
        ("f", "agrees")]
    assert sum(ln.status == "invalid" for ln in lines) == 4
    assert any("t.txt:27" in ln.text and "needs 'contract' and 'trick'" in ln.text
               for ln in lines)


def test_answer_must_be_a_choice():
    with pytest.raises(Exception, match="not one of the choices"):
        parse_quiz("id: x\nkind: trick-winner\nquestion: q\ncontract: spades\n"
                   "trick: AH 7H\nchoices: AH, 7H\nanswer: 7S\n")


def test_cli_quiz_check_exit_codes(tmp_path, capsys):
    assert main(["quiz", "check", str(DATA / "quiz_kinds.txt")]) == 0
    n = len(parse_quiz((DATA / "quiz_kinds.txt").read_text()))
    assert f"{n} agree, 0 disagree, 0 invalid" in capsys.readouterr().out
    bad = tmp_path / "bad.txt"
    bad.write_text(TEXT.replace("answer: 7S", "answer: AH"))
    assert main(["quiz", "check", "--json", str(bad)]) == 1
    data = json.loads(capsys.readouterr().out)
    (line,) = [d for d in data if d["status"] == "disagrees"]
    assert line["id"] == "trick-winner" and line["engine"] == ["7S"]


def test_bank_files_agree_with_the_engine():
    bank = sorted((Path(__file__).parent.parent / "prefa" / "data" / "quizzes").glob("*.txt"))
    for path in bank:
        for ln in check_text(path.read_text(), path.name):
            assert ln.status == "agrees", ln.text

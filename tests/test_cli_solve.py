"""Tests of the ``prefa solve`` and ``prefa leads`` subcommands (prefa.cli_solve)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from prefa.cards import Suit, card_name
from prefa.cli_solve import main
from prefa.deal import Deal
from prefa.solver import Position, card_table, solve

DEAL = "SQJ9 HJ9 DKJ7 CJ8 / SA7 HAT8 DAQT98 / SKT8 HKQ7 CAQT9 | CK7"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_json_shape(capsys) -> None:
    code, out, err = run(capsys, "solve", "--game", "herc", "--declarer", "1", "--leader", "0",
                         "--json", DEAL)
    assert code == 0 and err == ""
    data = json.loads(out)
    assert list(data) == ["tricks", "cards"]
    p = Position.from_deal(Deal.parse(DEAL), 1, 0, trump=Suit.HEARTS)
    assert data["tricks"] == solve(p)
    assert data["cards"] == {card_name(c): n for c, n in card_table(p).items()}
    assert set(data["cards"]) == {card_name(c) for c in p.legal_moves()}


def test_solve_json_mid_trick_with_a_defender_out(capsys) -> None:
    code, out, _ = run(capsys, "solve", "--game", "sans", "--declarer", "1", "--leader", "0",
                       "--out", "2", "--played", "QS AS 7S", "--json", DEAL)
    assert code == 0
    data = json.loads(out)
    p = Position.from_deal(Deal.parse(DEAL), 1, 0, played="QS AS 7S", out=2)
    assert data == {"tricks": solve(p),
                    "cards": {card_name(c): n for c, n in card_table(p).items()}}


def test_solve_text_output(capsys) -> None:
    code, out, _ = run(capsys, "solve", "--game", "betl", "--declarer", "0", "--leader", "2",
                       "--line", "ST987 H98 D987 C8 / SAK HAKQT DA CQJT / SQJ HJ7 DKQJT C97")
    assert code == 0
    assert "takes 1 trick with best play" in out
    assert "seat 2 leads" in out and "best" in out and "line:" in out


def test_solve_with_must_overtake(capsys) -> None:
    code, out, _ = run(capsys, "solve", "--game", "sans", "--declarer", "0", "--leader", "1",
                       "--overtake", "--json", "SAK / SQJ / ST9")
    assert code == 0 and json.loads(out)["tricks"] == 2


@pytest.mark.parametrize("argv,word", [
    (["--game", "tennis", "--declarer", "0", "--leader", "1", DEAL], "tennis"),
    (["--game", "sans", "--declarer", "3", "--leader", "1", DEAL], "declarer"),
    (["--game", "sans", "--declarer", "0", "--leader", "x", DEAL], "leader"),
    (["--game", "sans", "--declarer", "0", "--leader", "1", "--out", "0", DEAL], "declarer"),
    (["--game", "sans", "--declarer", "0", "--leader", "1", "SQJ9 HJ9 / SXA"], "X"),
    (["--game", "sans", "--declarer", "0", "--leader", "1", "SA / SA / SK"], "AS"),
    (["--game", "sans", "--declarer", "0", "--leader", "1", "SAK / SQ / ST9"], "cards"),
    (["--game", "sans", "--declarer", "0", "--leader", "1", "--played", "ZZ", DEAL], "ZZ"),
    (["--game", "sans", "--declarer", "0", "--leader", "1", "--played", "KH", DEAL], "K♥"),
])
def test_solve_bad_input_exits_2_with_one_line(capsys, argv: list[str], word: str) -> None:
    code, out, err = run(capsys, "solve", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("prefa solve: error:")
    assert word in err
    assert "Traceback" not in err


def test_no_traceback_from_the_command_line() -> None:
    proc = subprocess.run([sys.executable, "-m", "prefa.cli_solve", "solve", "--game", "sans",
                           "--declarer", "0", "--leader", "1", "SAK / SQ / SJ9"],
                          check=False, capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1


def test_leads_json_and_progress(capsys, monkeypatch) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)  # the bar is drawn on a terminal
    code, out, err = run(capsys, "leads", "--game", "hearts", "--declarer", "0", "--leader",
                         "1", "-n", "4", "--seed", "3", "--known", "0:HA", "--void", "0:C",
                         "--json", "SAK7 HKQ DJ87 C97")
    assert code == 0
    data = json.loads(out)
    assert data["samples"] == 4 and data["seed"] == 3
    assert {d["card"] for d in data["leads"]} == {"AS", "KS", "7S", "KH", "QH", "JD", "8D",
                                                  "7D", "9C", "7C"}
    for d in data["leads"]:
        assert set(d) == {"card", "mean_tricks", "beat_chance"}
    assert "4/4" in err and "[" in err  # the progress bar


def test_leads_text_and_quiet(capsys) -> None:
    code, out, err = run(capsys, "leads", "--game", "betl", "--declarer", "0", "--leader", "1",
                         "-n", "2", "--quiet", "SAK7 HKQ DJ87 C97")
    assert code == 0 and err == ""
    assert "lead" in out and "beats" in out


FULL = "SAK7 HKQ DJ87 C97"


@pytest.mark.parametrize("argv,word", [
    (["--game", "sans", "--declarer", "0", "--leader", "1", "-n", "zero", FULL], "samples"),
    (["--game", "sans", "--declarer", "0", "--leader", "1", "--seed", "-1", FULL], "seed"),
    (["--game", "sans", "--declarer", "0", "--leader", "1", "--known", "SA", FULL], "known"),
    (["--game", "sans", "--declarer", "0", "--leader", "1", "--void", "0:X", FULL], "X"),
    (["--game", "sans", "--declarer", "0", "--leader", "1", "--known", "0:SA", FULL], "AS"),
    (["--game", "nope", "--declarer", "0", "--leader", "1", FULL], "nope"),
])
def test_leads_bad_input_exits_2_with_one_line(capsys, argv: list[str], word: str) -> None:
    code, out, err = run(capsys, "leads", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("prefa leads: error:") and word in err

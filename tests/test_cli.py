"""The prefa command: deal, replay, sheet; bad input exits 2 with one line."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from prefa.cli import main
from prefa.deal import Deal, random_deal

DATA = Path(__file__).parent / "data"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_deal_prints_the_seeded_deal(capsys):
    code, out, _ = run(capsys, "deal", "--seed", "42")
    assert code == 0 and out.strip() == str(random_deal(42))
    d = Deal.parse(out.strip(), hand_size=10, talon_size=2, players=3)
    assert len(d.cards) == 32


def test_deal_json(capsys):
    code, out, _ = run(capsys, "deal", "--seed", "42", "--json")
    data = json.loads(out)
    assert data["deal"] == str(random_deal(42)) and len(data["hands"]) == 3


def test_replay_text_and_json(capsys):
    code, out, _ = run(capsys, "replay", str(DATA / "clubs_made.txt"))
    assert code == 0
    assert "tricks: seat 0 9  seat 1 0  seat 2 1" in out
    assert "seat 0 bule -10" in out and "seat 2 writes 10 supe against seat 0" in out
    code, out, _ = run(capsys, "replay", "--json", str(DATA / "clubs_made.txt"))
    data = json.loads(out)
    assert data["tricks"] == [9, 0, 1] and data["score"]["bule"] == [-10, 10, 10]
    assert len(data["trick_play"]) == 10


def test_sheet_text_and_json(capsys):
    code, out, _ = run(capsys, "sheet", str(DATA / "game_short.txt"))
    assert code == 0 and "Boris: bule 30 10 0" in out and "game goes on: 32 bule" in out
    code, out, _ = run(capsys, "sheet", "--json", "--write-off", str(DATA / "game_short.txt"))
    data = json.loads(out)
    assert data["over"] and sum(data["results"]) == 0 and data["remaining"] == 0


@pytest.mark.parametrize("argv, words", [
    (["replay", "/no/such/file"], "cannot read '/no/such/file'"),
    (["deal", "--seed", "x"], "invalid int value: 'x'"),
    (["sheet"], "the following arguments are required"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, words):
    with pytest.raises(SystemExit) as e:
        code = main(argv)
        raise SystemExit(code)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_bad_record_via_subprocess_never_shows_a_traceback(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text((DATA / "clubs_made.txt").read_text().replace("CA C7 CT", "CA S8 CT"))
    p = subprocess.run([sys.executable, "-m", "prefa", "replay", str(bad)],
                       capture_output=True, text=True)
    assert p.returncode == 2
    assert p.stderr.strip() == ("prefa: error: line 7: play: 8♠: seat 1 must follow clubs "
                                "(has ♣7)")


@pytest.mark.parametrize("argv, option", [
    (["deal", "--seed", "1", "--seed", "2"], "--seed"),
    (["deal", "--seed", "1", "--seed", "1"], "--seed"),
    (["deal", "--seed", "1", "--players", "3", "--players=4"], "--players"),
    (["leads", "SAK7 HKQ DJ87 C97", "--game", "sans", "--declarer", "1", "--leader", "0",
      "-n", "3", "--samples", "5"], "--samples"),
    (["solve", "SA / SK / SQ", "--game", "sans", "--game", "betl", "--declarer", "0",
      "--leader", "1"], "--game"),
    (["quiz", "handout", "x.txt", "-o", "a.html", "-o", "b.html"], "-o"),
])
def test_an_option_given_twice_is_refused_on_one_line(capsys, argv, option):
    """Which of two values counts is not for the program to guess (issue 15)."""
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.endswith(f": error: option {option} given twice: expected it once\n")
    assert len(err.splitlines()) == 1


def test_repeatable_options_may_still_be_repeated(capsys):
    assert main(["leads", "SAK7 HKQ DJ87 C97", "--game", "sans", "--declarer", "1",
                 "--leader", "0", "-n", "2", "--quiet", "--known", "2:SQ", "--known", "1:HA"]) == 0

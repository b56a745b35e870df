"""Bad input to the prefa command: every refusal exits 2 with one line on
stderr and no traceback, and nothing wrong is accepted (issue 15)."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from prefa import cli
from prefa.cli import main

DATA = Path(__file__).parent / "data"
QUIZ = Path(cli.__file__).parent / "data" / "quizzes" / "01_cards_and_tricks.txt"
CLUBS = (DATA / "clubs_made.txt").read_text(encoding="utf-8")
ADVISE = CLUBS.split("auction:")[0] + "auction: 2\n"
FACTS = "auction: 2, pass, pass\ncontract: clubs\ndefence: follow, follow\n"


def refused(capsys, *argv) -> str:
    """Run the command; it must exit 2 with one line on stderr; return that line."""
    try:
        code = main([str(a) for a in argv])
    except SystemExit as e:  # argparse's own refusals
        code = e.code
    out, err = capsys.readouterr()
    assert len(out) + len(err) < 2000, "far too long for one line"
    assert code == 2, (code, out, err)
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err.rstrip("\n")


def ok(capsys, *argv) -> str:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 0 and not err, (code, err)
    return out


def write(tmp_path, name, data) -> Path:
    p = tmp_path / name
    if isinstance(data, str):
        p.write_text(data, encoding="utf-8")
    else:
        p.write_bytes(data)
    return p


# -- 1. text that is not UTF-8; the byte-order mark; standard input ----------------------------
NOT_UTF8 = [
    ("latin1", "# café\n".encode("latin-1"), 5, "0xe9"),
    ("cp1250", "# Đoković\n".encode("cp1250"), 2, "0xd0"),
    ("utf16", "auction: pass\n".encode("utf-16"), 0, "UTF-16 byte-order mark"),
    ("utf16le", "auction: pass\n".encode("utf-16-le"), 1, "NUL byte"),
    ("binary", bytes(range(0x80, 0x100)), 0, "0x80"),
    ("cut", "# ♠\n".encode()[:3], 2, "0xe2"),
]


def _quiz_check(p):
    return ("quiz", "check", p)


def _quiz_handout(p):
    return ("quiz", "handout", "-o", str(p) + ".html", p)


COMMANDS = {"replay": lambda p: ("replay", p), "sheet": lambda p: ("sheet", p),
            "advise": lambda p: ("advise", p), "quiz check": _quiz_check,
            "quiz handout": _quiz_handout}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("name, data, at, what", NOT_UTF8, ids=[c[0] for c in NOT_UTF8])
def test_text_that_is_not_utf8_is_refused_with_the_file_and_the_byte(
        capsys, tmp_path, command, name, data, at, what):
    p = write(tmp_path, f"{name}.txt", data)
    line = refused(capsys, *COMMANDS[command](p))
    assert f"{p}: not UTF-8 text at byte {at} " in line and what in line
    assert "expected UTF-8" in line
    assert not (tmp_path / f"{name}.txt.html").exists()


def test_a_utf8_byte_order_mark_is_accepted_by_every_command(capsys, tmp_path):
    bom = b"\xef\xbb\xbf"
    rec = write(tmp_path, "clubs.txt", bom + CLUBS.encode())
    assert "seat 0 plays clubs: played" in ok(capsys, "replay", rec)
    game = write(tmp_path, "game.txt", bom + (DATA / "game_short.txt").read_bytes())
    assert "Boris: bule 30 10 0" in ok(capsys, "sheet", game)
    adv = write(tmp_path, "adv.txt", bom + ADVISE.encode())
    assert "seat 1 (auction)" in ok(capsys, "advise", adv)
    quiz = write(tmp_path, "quiz.txt", bom + QUIZ.read_bytes())
    assert ok(capsys, "quiz", "check", quiz) == ok(capsys, "quiz", "check", QUIZ)
    ok(capsys, "quiz", "handout", "-o", tmp_path / "h.html", quiz)


def test_standard_input_not_utf8_and_with_a_byte_order_mark(capsys, monkeypatch):
    class Stdin:
        closed = False

        def __init__(self, data):
            self.buffer = __import__("io").BytesIO(data)

    monkeypatch.setattr(sys, "stdin", Stdin(b"# caf\xe9\n"))
    assert refused(capsys, "replay", "-").startswith(
        "prefa: error: standard input: not UTF-8 text at byte 5 ")
    monkeypatch.setattr(sys, "stdin", Stdin(b"\xef\xbb\xbf" + CLUBS.encode()))
    assert "seat 0 plays clubs" in ok(capsys, "replay", "-")
    monkeypatch.setattr(sys, "stdin", None)
    assert refused(capsys, "replay", "-") == ("prefa: error: cannot read standard input: "
                                              "it is closed")


def _prefa(args, **kw):
    env = dict(os.environ, PYTHONIOENCODING="ascii:strict", LC_ALL="C")
    return subprocess.run([sys.executable, "-m", "prefa", *args], capture_output=True,
                          env=env, check=False, **kw)


def test_closed_and_strictly_decoded_standard_input_in_a_real_process():
    p = _prefa(["replay", "-"], stdin=subprocess.DEVNULL, close_fds=True,
               preexec_fn=lambda: os.close(0))
    assert p.returncode == 2
    assert p.stderr.decode() == "prefa: error: cannot read standard input: it is closed\n"
    # an ASCII-only, strict terminal still reads UTF-8 records
    p = _prefa(["replay", "-"], input=("# ♠ café\n" + CLUBS).encode())
    assert p.returncode == 0, p.stderr
    p = _prefa(["replay", "-"], input=b"# caf\xe9\n")
    assert p.returncode == 2 and p.stderr.count(b"\n") == 1
    assert p.stderr.startswith(b"prefa: error: standard input: not UTF-8 text at byte 5 ")


def test_an_output_the_terminal_cannot_encode_is_one_line(tmp_path):
    p = write(tmp_path, "names.txt", "players: Đorđe, Ana, Boris\n---\nauction: pass, pass, pass\n")
    r = _prefa(["sheet", str(p)])
    assert r.returncode == 2 and b"Traceback" not in r.stderr
    assert r.stderr == (b"prefa: error: cannot write the output in this terminal's encoding "
                        b"(ascii): set PYTHONIOENCODING=utf-8\n")


# -- 7. advice needs the cards -----------------------------------------------------------------
def test_advise_without_a_deal_is_refused(capsys, tmp_path):
    p = write(tmp_path, "nodeal.txt", "auction: 2, pass\n")
    assert refused(capsys, "advise", p) == (
        "prefa: error: advise: the record has no 'deal': advice needs the cards")


def test_advise_on_a_finished_hand_is_refused(capsys, tmp_path):
    p = write(tmp_path, "done.txt", CLUBS)
    assert "the hand is over" in refused(capsys, "advise", p)


# -- 8. a sheet's error names the file and the line in it ---------------------------------------
def test_sheet_error_in_a_later_file_names_that_file_and_its_line(capsys, tmp_path):
    a = write(tmp_path, "a.txt", (DATA / "game_short.txt").read_text())
    b = write(tmp_path, "b.txt", "# hand 5\nauction: 2, pass, pass\ncontract: bridge\n")
    assert refused(capsys, "sheet", a, b).startswith(
        f"prefa: error: {b}: line 3: contract: bad game 'bridge'")


def test_sheet_error_found_when_scoring_names_the_file(capsys, tmp_path):
    a = write(tmp_path, "a.txt", "auction: pass, pass, pass\n")
    b = write(tmp_path, "b.txt", "\n\n" + FACTS + "tricks: 6 2 1\n")
    line = refused(capsys, "sheet", a, b)
    assert line.startswith(f"prefa: error: {b}: line 6: tricks: ")


def test_sheet_error_in_the_first_file_names_it_too(capsys, tmp_path):
    a = write(tmp_path, "a.txt", "auction: pass, maybe\n")
    assert refused(capsys, "sheet", a).startswith(f"prefa: error: {a}: line 1: auction: ")


# -- 10. deal: the dealer's seat and the seed ----------------------------------------------------
@pytest.mark.parametrize("players, dealer", [(3, 3), (3, 7), (3, -1), (4, 4)])
def test_deal_refuses_a_dealer_out_of_range(capsys, players, dealer):
    line = refused(capsys, "deal", "--seed", "1", "--players", players, "--dealer", dealer)
    assert line == (f"prefa: error: --dealer {dealer}: expected a seat from 0 to "
                    f"{players - 1}")


def test_deal_takes_every_seat_as_dealer(capsys):
    for d in range(4):
        ok(capsys, "deal", "--seed", "1", "--players", "4", "--dealer", d)


def test_deal_refuses_a_negative_seed(capsys):
    line = refused(capsys, "deal", "--seed", "-1")
    assert line == "prefa: error: --seed -1: expected a whole number 0 or more"
    ok(capsys, "deal", "--seed", "0")


# -- 11. empty input -----------------------------------------------------------------------------
EMPTY = {"empty": "", "comments": "# nothing here\n\n   # still nothing\n", "separators": "---\n"}


@pytest.mark.parametrize("text", sorted(EMPTY))
@pytest.mark.parametrize("command", ["sheet", "quiz check", "quiz handout"])
def test_empty_input_is_refused(capsys, tmp_path, command, text):
    p = write(tmp_path, "empty.txt", EMPTY[text])
    line = refused(capsys, *COMMANDS[command](p))
    assert f"{p}: " in line and "nothing in it" in line
    assert not (tmp_path / "empty.txt.html").exists()


def test_an_empty_file_among_good_ones_is_refused(capsys, tmp_path):
    p = write(tmp_path, "empty.txt", "# only a comment\n")
    refused(capsys, "sheet", DATA / "game_short.txt", p)
    refused(capsys, "quiz", "check", QUIZ, p)


def test_a_sheet_of_a_header_alone_is_refused(capsys, tmp_path):
    p = write(tmp_path, "header.txt", "players: Ana, Boris, Ceca\n")
    assert refused(capsys, "sheet", p) == (
        "prefa: error: no hands to score: expected at least one hand record")


# -- 12. input size -------------------------------------------------------------------------------
def test_a_file_larger_than_the_cap_is_refused_unread(capsys, tmp_path):
    p = tmp_path / "big.txt"
    with open(p, "wb") as f:
        f.truncate(cli.MAX_INPUT + 1)
    line = refused(capsys, "replay", p)
    assert line == f"prefa: error: {p}: larger than 4 MB: expected a record or quiz file"


def test_a_long_play_line_is_refused_quickly(capsys, tmp_path):
    p = write(tmp_path, "long.txt", CLUBS.rstrip() + ", DA" * 900_000 + "\n")
    assert p.stat().st_size < cli.MAX_INPUT
    start = time.perf_counter()
    line = refused(capsys, "replay", p)
    assert time.perf_counter() - start < 3
    assert "7: play: AD: card 31, but the hand is over after 30 cards" in line


def test_a_file_of_many_continuation_lines_is_read_quickly(capsys, tmp_path):
    p = write(tmp_path, "cont.txt", CLUBS.rstrip() + "\n" + " DA\n" * 600_000)
    start = time.perf_counter()
    refused(capsys, "replay", p)
    assert time.perf_counter() - start < 3


def test_an_endless_input_is_cut_at_the_cap():
    def small():  # should the cap fail, fail fast instead of eating the machine's memory
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    p = subprocess.run([sys.executable, "-m", "prefa", "replay", "/dev/zero"],
                       capture_output=True, preexec_fn=small, timeout=60, check=False)
    assert p.returncode == 2
    assert p.stderr == b"prefa: error: /dev/zero: larger than 4 MB: expected a record or quiz file\n"


# -- 14. words in the messages and the counts ------------------------------------------------------
def test_sheet_counts_one_hand_in_the_singular(capsys, tmp_path):
    p = write(tmp_path, "one.txt", "auction: pass, pass, pass\n")
    out = ok(capsys, "sheet", p)
    assert out.startswith("1 hand\n")
    assert ok(capsys, "sheet", DATA / "game_short.txt").startswith("4 hands\n")


def test_sheet_json_unchanged_for_one_hand(capsys, tmp_path):
    p = write(tmp_path, "one.txt", "auction: pass, pass, pass\n")
    assert json.loads(ok(capsys, "sheet", "--json", p))["hands"] == 1


def test_quiz_counts_in_the_singular(capsys, tmp_path):
    one = QUIZ.read_text().split("\n---\n")[0] + "\n"
    p = write(tmp_path, "one.txt", one)
    assert ok(capsys, "quiz", "check", p).endswith("\n1 agrees, 0 disagree, 0 invalid\n")
    out = ok(capsys, "quiz", "handout", "-o", tmp_path / "h.html", p)
    assert out == f"1 item written to {tmp_path / 'h.html'}\n"


def test_no_double_spaces_in_a_refusal(capsys, tmp_path):
    p = write(tmp_path, "r.txt", CLUBS.replace("auction: 2, pass, pass",
                                               "auction: 2, pass, pass,  pass"))
    line = refused(capsys, "replay", p)
    assert "  " not in line and "auction: call pass: not now" in line


def test_a_sheet_error_without_a_line_names_the_file_and_the_hand(capsys, tmp_path):
    a = write(tmp_path, "a.txt", "auction: pass, pass, pass\n")
    b = write(tmp_path, "b.txt", "# next\nauction: 2, pass, pass\n")
    assert refused(capsys, "sheet", a, b) == (
        f"prefa: error: {b}: line 2: hand 2: seat 1 won the auction: 'contract' is missing")


@pytest.mark.parametrize("command", ["replay", "advise"])
def test_an_empty_record_is_refused_as_empty(capsys, tmp_path, command):
    p = write(tmp_path, "empty.txt", "# nothing\n")
    assert refused(capsys, command, p) == (
        f"prefa: error: {p}: nothing in it (empty, or only comments): expected a hand record")


def test_a_huge_bad_token_is_shortened_in_the_message(capsys, tmp_path):
    p = write(tmp_path, "huge.txt", FACTS.replace("clubs", "clubs" * 100_000))
    line = refused(capsys, "replay", p)
    assert line.startswith("prefa: error: line 2: contract: bad game 'clubsclubs")
    assert " … " in line and line.endswith("(pik karo herc tref accepted) or a number 2-8")

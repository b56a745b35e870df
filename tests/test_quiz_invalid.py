"""Bad quiz items: each one invalid with its file and line, the others still checked;
non-ASCII digits refused by the calls, contracts and answers of every ruleset."""

import json

import pytest

from prefa import quiz
from prefa.balkan.auction import Call as BalkanCall
from prefa.balkan.contract import Contract as BalkanContract
from prefa.cli import main
from prefa.errors import IllegalAction, ParseError, PrefaError
from prefa.greek.auction import Call as GreekCall
from prefa.greek.contract import Contract as GreekContract
from prefa.priffe.auction import Bid as PriffeBid
from prefa.priffe.contract import Contract as PriffeContract
from prefa.quiz import check, check_text, parse_quiz, report_json
from prefa.russian.auction import Call as RussianCall
from prefa.russian.contract import Contract as RussianContract
from prefa.vida.auction import Call as VidaCall

# The same digits in other scripts: str.isdigit() says yes to all of them.
SCRIPTS = {"superscript": str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"),
           "arabic-indic": str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"),
           "fullwidth": str.maketrans("0123456789", "０１２３４５６７８９")}

GOOD = ("id: good\nkind: trick-winner\nquestion: Who wins?\ncontract: hearts\n"
        "trick: KD AS 9D\nanswer: KD\n")

BALKAN = """deal: SKQT HKT8 CAJT8 / S9 HQJ DAKJT8 CKQ / SA87 HA97 DQ97 C9 | SJ C7
auction: 2, 3, pass, pass
discard: JS 9S
contract: diamonds
defence: follow, follow, kontra, decline
play: AC 7C 9C, JC QC 7D, AH 8H JH, 9H KH QH, TC KC 9D, AS TS 8D, AD QD 8C, KD 7S TH,
      JD 7H QS, TD 8S KS
"""
GREEK = """ruleset: greek
auction: Πρώτα, pass, pass
contract: 6H
defence: play, play
tricks: 6 1 3
"""
RUSSIAN = """ruleset: russian
auction: 7S, pass, pass
whist: pass, whist
tricks: 7 2 1
"""
SCORE = {"hand-score": BALKAN, "greek-score": GREEK, "russian-score": RUSSIAN}


def _item(kind: str, body: str, ask: str | None = None, answer: str = "0",
          item_id: str = "bad") -> str:
    return (f"id: {item_id}\nkind: {kind}\nquestion: How much?\n{body}"
            + (f"ask: {ask}\n" if ask else "") + f"answer: {answer}\n")


def _line_of(text: str, start: str) -> int:
    return next(n for n, ln in enumerate(text.splitlines(), 1) if ln.startswith(start))


def _ask_line(text: str) -> int:
    return _line_of(text, "ask:")


# -- item 2: one bad item is invalid, named with file and line; the rest checked -----------
@pytest.mark.parametrize(("kind", "ask", "good_ask", "bad"), [
    ("hand-score", "bule 3", "bule 1", "'3'"),
    ("hand-score", "bule 9", "bule 1", "'9'"),
    ("hand-score", "bule ²", "bule 1", "'²'"),
    ("hand-score", "supe 9 1", "supe 2 1", "'9'"),
    ("hand-score", "supe 2 9", "supe 2 1", "'9'"),
    ("hand-score", "supe 2 2", "supe 2 1", "different"),
    ("greek-score", "kasa 9", "kasa 0", "'9'"),
    ("greek-score", "kasa ²", "kasa 0", "'²'"),
    ("greek-score", "kapikia 9", "kapikia 0", "'9'"),
    ("greek-score", "paid 9 1", "paid 0 1", "'9'"),
    ("greek-score", "paid 0 9", "paid 0 1", "'9'"),
    ("greek-score", "paid 1 1", "paid 0 1", "different"),
    ("russian-score", "pool 9", "pool 0", "'9'"),
    ("russian-score", "gora 9", "gora 0", "'9'"),
    ("russian-score", "gora ٣", "gora 0", "'٣'"),
    ("russian-score", "whists 9 1", "whists 0 1", "'9'"),
    ("russian-score", "whists 0 9", "whists 0 1", "'9'"),
    ("russian-score", "whists 1 1", "whists 0 1", "different"),
])
def test_ask_for_a_seat_not_at_the_table_is_invalid(kind, ask, good_ask, bad):
    text = _item(kind, SCORE[kind], ask) + "---\n" + GOOD
    lines = check_text(text, "f.txt")
    assert [(ln.id, ln.status) for ln in lines] == [("bad", "invalid"), ("good", "agrees")]
    msg = lines[0].text
    assert msg.startswith(f"f.txt:{_ask_line(text)}: bad: ") and bad in msg and "\n" not in msg
    assert lines[0].line == _ask_line(text)
    # the same item with a seat that is there is checked
    (ok,) = check_text(_item(kind, SCORE[kind], good_ask), "f.txt")
    assert ok.status != "invalid", ok.text


@pytest.mark.parametrize("kind", ["bid", "defence", "opening-lead"])
def test_convention_item_without_a_deal_is_invalid(kind):
    # (a record without a deal stops before the play, so ``discard`` items cannot get there)
    body = {"bid": "auction: 2\n",
            "defence": "auction: 2, pass, pass\ncontract: spades\n",
            "opening-lead": "auction: 2, pass, pass\ncontract: spades\ndefence: follow, follow\n"}[kind]
    answer = {"bid": "pass", "defence": "follow"}.get(kind, "7H")
    text = _item(kind, body, answer=answer) + "---\n" + GOOD
    lines = check_text(text, "f.txt")
    assert [(ln.id, ln.status) for ln in lines] == [("bad", "invalid"), ("good", "agrees")]
    assert lines[0].text.startswith("f.txt:1: bad: ") and "needs a 'deal'" in lines[0].text


@pytest.mark.parametrize("trick", ["KD AS 9D 7D", "KD AS 9D 7D 8D", "KD"])
def test_trick_winner_needs_a_card_per_player(trick):
    text = ("id: bad\nkind: trick-winner\nquestion: q\ncontract: hearts\n"
            f"trick: {trick}\nanswer: KD\n---\n" + GOOD)
    lines = check_text(text, "f.txt")
    assert [(ln.id, ln.status) for ln in lines] == [("bad", "invalid"), ("good", "agrees")]
    assert lines[0].text.startswith("f.txt:5: bad: ") and trick in lines[0].text


@pytest.mark.parametrize(("kind", "body", "answer"), [
    ("hand-score", BALKAN + "ask: supe 2 1\n", "6²"),
    ("declarer-tricks", "", "²"),
    ("who-leads", "", "seat ²"),
    ("who-leads", "", "seat ２"),
    ("auction-outcome", "", "seat ² at 2"),
    ("auction-outcome", "", "seat 0 at ٢"),
    ("greek-score", GREEK, "-٥"),
    ("greek-obligation", "", "² and 1"),
    ("russian-score", RUSSIAN + "ask: whists 0 1\n", "４"),
    ("russian-auction", "", "seat ² 7S"),
    ("vida-card-points", "", "5５"),
    ("vida-melds", "", "team 1 ²0"),
    ("vida-score", "", "250 / ３0"),
    ("priffe-honours", "", "٤0"),
    ("priffe-ht", "", "٤+"),
])
def test_non_ascii_digits_in_an_answer_are_invalid(kind, body, answer):
    text = _item(kind, body, answer=answer) + "---\n" + GOOD
    lines = check_text(text, "f.txt")
    assert [(ln.id, ln.status) for ln in lines] == [("bad", "invalid"), ("good", "agrees")]
    line = len(text.split("---")[0].splitlines())
    assert lines[0].text.startswith(f"f.txt:{line}: bad: answer: ") and repr(answer) in lines[0].text
    assert lines[0].text.count("line ") == 0  # the line is said once, as FILE:LINE


def test_any_engine_error_makes_its_item_invalid(monkeypatch):
    def refuse(item):
        raise IllegalAction("no such step")
    monkeypatch.setitem(quiz._ENGINE, "legal-cards", refuse)
    text = ("id: x\nkind: legal-cards\nquestion: q\nanswer: AS\n---\n" + GOOD)
    lines = check_text(text, "f.txt")
    assert (lines[0].id, lines[0].status, lines[0].text) == \
        ("x", "invalid", "f.txt:1: x: no such step")
    assert lines[1].status == "agrees"
    with pytest.raises(ParseError, match="no such step") as e:
        check(parse_quiz(text)[0])
    assert e.value.line == 1


MIXED = ("id: one\nkind: trick-winner\nquestion: q\ncontract: spades\ntrick: AH 7H 7S\n"
         "answer: 7S\n"
         "---\n"
         "id: two\nkind: trick-winner\nquestion: q\ncontract: spades\ntrick: AH 7H\n"
         "answer: XX\n"                                              # a bad card
         "---\n"
         "id: three\nkind: hand-score\nquestion: q\n" + BALKAN + "ask: bule 3\nanswer: 0\n"
         "---\n"
         "kind: trick-winner\nquestion: q\nanswer: AH\n"             # no id
         "---\n" + GOOD)


def test_invalid_items_keep_file_order_and_id():
    lines = check_text(MIXED, "m.txt")
    assert [(ln.id, ln.status) for ln in lines] == [
        ("one", "agrees"), ("two", "invalid"), ("three", "invalid"), ("?", "invalid"),
        ("good", "agrees")]
    data = json.loads(report_json(lines))
    assert [(d["id"], d["status"]) for d in data] == [(ln.id, ln.status) for ln in lines]
    bad_card, bad_ask = _line_of(MIXED, "answer: XX"), _line_of(MIXED, "ask:")
    assert data[1]["line"] == bad_card
    assert data[1]["message"].startswith(f"m.txt:{bad_card}: two: answer: bad card 'XX'")
    assert data[2]["line"] == bad_ask and "bad seat '3'" in data[2]["message"]


def test_cli_check_reports_every_item_and_exits_1(tmp_path, capsys):
    path = tmp_path / "mixed.txt"
    path.write_text(MIXED)
    assert main(["quiz", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:{_ask_line(MIXED)}: three: bad seat '3' in ask 'bule 3'" in out
    assert "2 agree, 0 disagree, 3 invalid" in out
    assert main(["quiz", "check", "--json", str(path)]) == 1
    ids = [d["id"] for d in json.loads(capsys.readouterr().out)]
    assert ids == ["one", "two", "three", "?", "good"]


def test_cli_handout_refuses_a_file_with_an_item_the_engine_refuses(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    text = GOOD + "---\n" + _item("greek-score", GREEK, "kapikia 9")
    path.write_text(text)
    out = tmp_path / "out.html"
    assert main(["quiz", "handout", str(path), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"invalid: {path}:{_ask_line(text)}: bad: bad seat '9' in ask 'kapikia 9'" in err
    assert "nothing written" in err and "Traceback" not in err
    assert not out.exists()


# -- item 6: non-ASCII digits in calls and contracts of every ruleset -------------------------
PARSERS = [
    ("balkan call", BalkanCall.parse, ["2", "7", "hold 3"]),
    ("balkan contract", BalkanContract.parse, ["igra 2", "5"]),
    ("greek call", GreekCall.parse, ["6S", "7H", "hold 7H", "8 Πρώτα"]),
    ("greek contract", GreekContract.parse, ["6S", "7NT", "10 hearts"]),
    ("russian call", RussianCall.parse, ["6S", "7NT", "10H"]),
    ("russian contract", RussianContract.parse, ["6S", "7♠", "10 nt"]),
    ("vida call", VidaCall.parse, ["80 clubs", "clubs 90", "100C", "120 ♥"]),
    ("priffe bid", PriffeBid.find, []),
    ("priffe contract", PriffeContract.find, []),
]
CASES = [(name, parse, text, script) for name, parse, texts in PARSERS for text in texts
         for script in SCRIPTS]


@pytest.mark.parametrize(("name", "parse", "text", "script"), CASES,
                         ids=[f"{n}-{t}-{s}" for n, _, t, s in CASES])
def test_calls_and_contracts_refuse_non_ascii_digits(name, parse, text, script):
    parse(text)  # the ASCII spelling is a good one
    bad = text.translate(SCRIPTS[script])
    with pytest.raises(ParseError) as e:
        parse(bad)
    digits = "".join(ch for ch in text if ch.isdigit()).translate(SCRIPTS[script])
    assert digits in str(e.value) and "\n" not in str(e.value)  # names the bad token


@pytest.mark.parametrize(("name", "parse"), [(n, p) for n, p, _ in PARSERS])
@pytest.mark.parametrize("bad", ["²", "١", "２", "٧S", "7²S", "８０ clubs", "hold ²"])
def test_digit_lookalikes_are_unknown_tokens_everywhere(name, parse, bad):
    with pytest.raises(ParseError) as e:
        parse(bad)
    assert repr(bad) in str(e.value)


SAMPLES = ("7", "2", "seat 1", "seat 1 at 3", "team 0 20", "250 / 30", "2 and 1", "4+", "80 clubs",
           "hold 3", "6S", "seat 1 7S", "seat 0 play", "7S", "10H")


def _accepts(norm, text: str) -> bool:
    try:
        norm(text)
    except PrefaError:
        return False
    return True


DIGIT_KINDS = sorted(k for k in quiz.kinds() if any(_accepts(quiz._NORMALISE[k], a) for a in SAMPLES))


def test_digit_kinds_are_most_kinds():
    # the kinds left out read words only (yes/no, defence decisions, priffe bids)
    assert set(quiz.kinds()) - set(DIGIT_KINDS) == {
        "betl-caught", "defence", "greek-defence", "priffe-bid", "priffe-legal-bids"}


@pytest.mark.parametrize("kind", DIGIT_KINDS)
@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_every_kind_refuses_non_ascii_digits_in_answers(kind, script):
    """Whatever the kind, an answer of digits in another script is refused, one line."""
    norm = quiz._NORMALISE[kind]
    for answer in (a for a in SAMPLES if _accepts(norm, a)):
        bad = answer.translate(SCRIPTS[script])
        with pytest.raises(PrefaError) as e:
            norm(bad)
        assert "\n" not in str(e.value), (kind, bad)


@pytest.mark.parametrize(("body", "bad"), [
    ("kind: vida-card-points\ntrump: hearts\ncards: AS AS\nanswer: 22\n", "AS appears twice"),
    ("kind: vida-card-points\ntrump: hearts\ncards: JH 9S AS TD\nlast: maybe\nanswer: 41\n", "bad last 'maybe'"),
    ("kind: vida-legal-cards\ntrump: hearts\nhand: JS 8S 7S AH\ntrick: AS AS\nanswer: JS\n", "AS appears twice"),
    ("kind: vida-legal-cards\ntrump: hearts\nhand: JS 8S JS AH\ntrick: AS\nanswer: JS\n", "JS appears twice"),
])
def test_vida_piles_tricks_and_last_refuse_what_cannot_be(body, bad):
    text = f"id: bad\nquestion: q\n{body}---\n" + GOOD
    lines = check_text(text, "f.txt")
    assert [(ln.id, ln.status) for ln in lines] == [("bad", "invalid"), ("good", "agrees")]
    assert bad in lines[0].text and lines[0].text.startswith("f.txt:")


@pytest.mark.parametrize("vida", ["12", "34", "5"])
def test_caption_of_an_unchecked_vida_score_item_shows_a_bad_vida_as_written(vida):
    from prefa.quiz_render import position_caption
    (item,) = parse_quiz("id: a\nkind: vida-score\nquestion: q\nbid: 120\npoints: 100 62\n"
                         f"jack: bidders\nvida: {vida}\nanswer: 1 / 2\n")
    assert f"; {vida};" in position_caption(item)
    (line,) = check_text("id: a\nkind: vida-score\nquestion: q\nbid: 120\npoints: 100 62\n"
                         f"jack: bidders\nvida: {vida}\nanswer: 1 / 2\n")
    assert line.status == "invalid" and f"bad vida {vida!r}" in line.text


@pytest.mark.parametrize(("key", "choices", "answer"), [
    ("choices", "AH, 7H, A♥", "AH"),
    ("answer", "", "7S, 7♠"),
])
def test_a_choice_or_answer_given_twice_is_invalid(key, choices, answer):
    text = ("id: bad\nkind: legal-cards\nquestion: q\ndeal: SAK9 DAKQ8 CKQ9 / HAKQJT DJT97 C7 / "
            "SQJT8 H987 CAJT | S7 C8\n" + (f"choices: {choices}\n" if choices else "")
            + f"answer: {answer}\n---\n" + GOOD)
    lines = check_text(text, "f.txt")
    assert [(ln.id, ln.status) for ln in lines] == [("bad", "invalid"), ("good", "agrees")]
    assert f"{key}: " in lines[0].text and "given twice" in lines[0].text

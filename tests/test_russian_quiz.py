"""The Russian quiz kinds and the lesson's quiz file, checked by the engine."""

import re
from pathlib import Path

import pytest
from quiz_helpers import with_answer

from prefa.errors import ParseError
from prefa.quiz import check, check_text, kinds, parse_quiz
from prefa.quiz_render import item_html, position_caption, position_svg
from prefa.russian import quiz as rquiz

PATH = Path(__file__).parent.parent / "prefa" / "data" / "quizzes" / "18_russian_preferans.txt"
TEXT = PATH.read_text(encoding="utf-8")
ITEMS = {i.id: i for i in parse_quiz(TEXT)}


def test_kinds_are_registered():
    assert set(rquiz.KINDS) <= set(kinds())


def test_the_file_has_at_least_eight_items_and_every_kind():
    assert len(ITEMS) >= 8
    assert {i.kind for i in ITEMS.values()} == set(rquiz.KINDS)


def test_every_item_agrees_with_the_engine():
    lines = check_text(TEXT, PATH.name)
    assert [ln.status for ln in lines] == ["agrees"] * len(ITEMS), [ln.text for ln in lines]


@pytest.mark.parametrize("item_id", sorted(ITEMS))
def test_verdicts_match_the_answer_and_a_wrong_answer_disagrees(item_id):
    item = ITEMS[item_id]
    r = check(item)
    for v in r.verdicts:
        assert v.correct == (v.choice in item.answer), v
        assert v.reason
    wrong = next(c for c in item.choices if c not in item.answer)
    assert not check(with_answer(TEXT, item_id, wrong)).agrees


def test_reasons_name_the_rule():
    why = {v.choice: v.reason for v in check(ITEMS["ru-overtake-01"]).verdicts}
    assert "with a higher card" in why["8S"] and "must follow spades" in why["TH"]
    bids = {v.choice: v.reason for v in check(ITEMS["ru-bids-01"]).verdicts}
    assert "higher than 8♠" in bids["8♠"]
    score = check(ITEMS["ru-score-04"]).reason
    assert "gora +12 (6 × 2)" in score


def test_drawings_and_captions_show_the_position():
    svg = position_svg(ITEMS["ru-lone-01"])
    assert svg.startswith('<div class="prefa-table"') and "open, played by seat 1" in svg
    assert "Seat 0 (declarer, 7NT" in svg
    cap = position_caption(ITEMS["ru-lone-01"])
    assert "<table" in cap and "Seat 1 whist" not in cap and "seat 1 whist" in cap
    # the auction question must not give its answer away
    auc = position_caption(ITEMS["ru-auction-01"])
    assert "plays" not in auc and "7♠" in auc  # the calls are shown, not the verdict
    assert position_svg(ITEMS["ru-score-01"]) is None  # no deal: nothing to draw
    html = item_html(check(ITEMS["ru-misere-01"]), quiz="russian")
    assert len(re.findall(r'<button\b[^>]*\bclass="pq-choice\b', html)) == 3
    assert "<svg" in html


def test_positions_that_do_not_fit_the_kind_are_refused():
    base = ("id: x\nkind: {kind}\nquestion: q\nruleset: russian\n"
            "deal: S9 HAKQJ DAKQ CAK / SK8 HT9 DJT9 CQJT / SAQJT7 H87 D87 C9 | C87\n"
            "auction: 6NT\nanswer: {answer}\n")
    for kind, answer in (("russian-legal-cards", "AS"), ("russian-auction", "raspasovka"),
                         ("russian-misere-tricks", "0")):
        (item,) = parse_quiz(base.format(kind=kind, answer=answer))
        with pytest.raises(ParseError):
            check(item)
    with pytest.raises(ParseError, match="bad auction outcome"):
        parse_quiz(base.format(kind="russian-auction", answer="seat x"))
    (item,) = parse_quiz("id: y\nkind: russian-score\nquestion: q\nauction: pass, pass, pass\n"
                         "tricks: 0 3 7\nask: supe 1 2\nanswer: 3\n")
    with pytest.raises(ParseError, match="bad ask"):
        check(item)

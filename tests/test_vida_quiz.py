"""The Vida quiz kinds (prefa.vida.quiz) and the bank file 19_vida.txt."""

import re
from importlib import resources

import pytest
from quiz_helpers import with_answer

from prefa.errors import ParseError
from prefa.quiz import check, check_text, kinds, parse_quiz
from prefa.quiz_render import item_html, position_caption, position_svg
from prefa.vida.quiz import KINDS as VIDA_KINDS

TEXT = resources.files("prefa").joinpath("data/quizzes/19_vida.txt").read_text(encoding="utf-8")
ITEMS = {i.id: i for i in parse_quiz(TEXT)}


def test_kinds_are_registered_and_all_used_in_the_bank():
    assert set(VIDA_KINDS) <= set(kinds())
    assert {i.kind for i in ITEMS.values()} == set(VIDA_KINDS)
    assert len(ITEMS) >= 8


def test_every_bank_item_agrees_with_the_engine():
    lines = check_text(TEXT, "19_vida.txt")
    assert lines and all(ln.status == "agrees" for ln in lines), [ln.text for ln in lines]


@pytest.mark.parametrize("item_id", sorted(ITEMS))
def test_verdicts_match_the_answer(item_id):
    item = ITEMS[item_id]
    r = check(item)
    assert r.agrees and r.reason
    for v in r.verdicts:
        assert v.correct == (v.choice in item.answer), v
        assert v.reason


@pytest.mark.parametrize("item_id", sorted(ITEMS))
def test_a_wrong_answer_disagrees(item_id):
    item = ITEMS[item_id]
    wrong = next(c for c in item.choices if c not in item.answer)
    assert not check(with_answer(TEXT, item_id, wrong)).agrees


@pytest.mark.parametrize("item_id", sorted(ITEMS))
def test_positions_are_drawn_and_told(item_id):
    item = ITEMS[item_id]
    svg = position_svg(item)
    if item.kind == "vida-score":
        assert svg is None
    else:
        assert svg.startswith(("<svg", '<div class="prefa-table"')) and 'aria-label="' in svg
    cap = position_caption(item)
    assert cap.startswith('<p class="pq-caption">')
    html = item_html(check(item), quiz="19_vida")
    assert len(re.findall(r'<button\b[^>]*\bclass="pq-choice\b', html)) == len(item.choices)


def test_legal_cards_drawing_shows_the_trick_and_the_hand():
    svg = position_svg(ITEMS["vida-legal-02"])
    assert "Seat 0 (to play)" in svg and "Trick so far: seat 1 ace of hearts" in svg
    assert "your partner is seat 2" in position_caption(ITEMS["vida-legal-02"])


def test_reasons_name_the_rule():
    why = {v.choice: v.reason for v in check(ITEMS["vida-legal-02"]).verdicts}
    assert "over-trump the 9♠" in why["8S"] and "your partner is winning" in why["8S"]
    why = {v.choice: v.reason for v in check(ITEMS["vida-opening-03"]).verdicts}
    assert "no top trump" in why["110 clubs"]
    assert "(trump)" in check(ITEMS["vida-points-01"]).reason


ITEM = """
id: x
kind: {kind}
question: q
{keys}
answer: {answer}
"""


@pytest.mark.parametrize("kind,keys,answer,match", [
    ("vida-card-points", "cards: AS", "11", "needs 'trump'"),
    ("vida-card-points", "trump: stars\ncards: AS", "11", "bad trump"),
    ("vida-melds", "trump: hearts\ndeal: SA / HA", "none", "deal"),
    ("vida-opening", "hand: SA\nauction: pass, pass, pass, pass", "pass", "still going"),
    ("vida-opening", "hand: SA\nauction: 70 clubs", "pass", "auction"),
    ("vida-score", "bid: 120\npoints: 134 28", "250 / 30", "jack"),
    ("vida-score", "bid: 120\npoints: 134 20\njack: bidders", "250 / 30", "162"),
    ("vida-score", "bid: 120\npoints: 134 28\njack: bidders\nvida: 7", "250 / 30", "vida"),
    ("vida-legal-cards", "trump: spades\nhand: SA\ntrick: AS", "AS", "trick"),
])
def test_bad_positions_are_reported_with_a_line(kind, keys, answer, match):
    (item,) = parse_quiz(ITEM.format(kind=kind, keys=keys, answer=answer))
    with pytest.raises(ParseError, match=match) as e:
        check(item)
    assert e.value.line is not None


@pytest.mark.parametrize("kind,answer", [("vida-melds", "team 2 20"),
                                         ("vida-score", "250"), ("vida-card-points", "x")])
def test_bad_answers_are_refused(kind, answer):
    with pytest.raises(ParseError, match="answer"):
        parse_quiz(ITEM.format(kind=kind, keys="trump: spades", answer=answer))


def test_score_options_are_read():
    text = ITEM.format(kind="vida-score", answer="170 / 120",
                       keys="bid: 80\npoints: 90 72\nmelds: 0 50\njack: bidders\n"
                            "options: bidders_must_beat_opponents=no")
    (item,) = parse_quiz(text)
    assert check(item).agrees

"""The Priffe question kinds and the Priffe quiz file: every item agrees with
the engine, a wrong answer disagrees, bad items are reported with their line,
and each item draws its position for the static site."""

import re
from importlib import resources

import pytest
from quiz_helpers import with_answer

from prefa.priffe.quiz import KINDS as PRIFFE_KINDS
from prefa.quiz import check, check_text, kinds, load_quiz, parse_quiz
from prefa.quiz_render import item_html, position_caption, position_svg

TEXT = resources.files("prefa").joinpath("data/quizzes/20_priffe.txt").read_text(encoding="utf-8")
ITEMS = {i.id: i for i in parse_quiz(TEXT)}
CHOICE = re.compile(r'<button\b[^>]*\bclass="pq-choice\b')


def test_kinds_are_registered():
    assert set(PRIFFE_KINDS) <= set(kinds())


def test_file_has_at_least_eight_items_covering_every_kind():
    assert len(ITEMS) >= 8
    assert {i.kind for i in ITEMS.values()} == set(PRIFFE_KINDS)


@pytest.mark.parametrize("item_id", sorted(ITEMS))
def test_every_item_agrees_with_the_engine(item_id):
    r = check(ITEMS[item_id])
    assert r.agrees, (r.engine, r.reason)
    for v in r.verdicts:
        assert v.correct == (v.choice in ITEMS[item_id].answer), v
        assert v.reason


@pytest.mark.parametrize("item_id", sorted(ITEMS))
def test_a_wrong_answer_disagrees(item_id):
    item = ITEMS[item_id]
    wrong = next(c for c in item.choices if c not in item.answer)
    assert not check(with_answer(TEXT, item_id, wrong)).agrees


@pytest.mark.parametrize("item_id", sorted(ITEMS))
def test_every_item_draws_its_position(item_id):
    item = ITEMS[item_id]
    svg = position_svg(item)
    caption = position_caption(item)
    if item.record.get("deal") or item.record.get("hand"):
        assert svg is not None and svg.startswith(("<svg", '<div class="prefa-table"'))
    else:  # an auction or a score without cards: the caption shows it
        assert svg is None and "<table" in caption
    html = item_html(check(item), quiz="20_priffe")
    assert len(CHOICE.findall(html)) == len(item.choices)


def test_bid_item_shows_only_the_bidders_hand():
    svg = position_svg(ITEMS["priffe-bid-03"])
    assert "Seat 2 (to bid)" in svg and "Seat 0" not in svg


def test_auction_caption_is_a_table_by_seat():
    cap = position_caption(ITEMS["priffe-auction-02"])
    assert "<th scope=\"col\">Seat 0</th>" in cap and "<td>noll</td>" in cap


def test_score_reason_explains_the_parts():
    r = check(ITEMS["priffe-score-05"])
    assert "tricks 70" in r.reason and "slam 20" in r.reason and "game bonus 10" in r.reason


BAD = """\
id: a
kind: priffe-honours
question: q
contract: hearts
answer: 20
---
id: b
kind: priffe-auction
question: q
auction: hearts, clubs
answer: forced noll
---
id: c
kind: priffe-score
question: q
auction: play
tricks: 7 7
answer: 10
---
id: d
kind: priffe-auction
question: q
auction: pass, pass
answer: seat 9 hearts
---
id: e
kind: priffe-ht
question: q
hand: SAK
answer: 2+
---
id: f
kind: priffe-honours
question: q
deal: SAKQJT98765432 / HAKQJT98765432 / DAKQJT98765432 / CAKQJT98765432
contract: hearts
options: score_table=bridge
answer: 50
"""


def test_bad_items_are_reported_with_their_lines():
    items, errors = load_quiz(BAD)
    assert [i.id for i in items] == ["a", "b", "c", "e", "f"]
    assert any(e.line == 24 and "bad auction outcome" in str(e) for e in errors)
    lines = {ln.id: ln for ln in check_text(BAD, "bad.txt")}
    assert lines["a"].status == "invalid" and "needs 'deal'" in lines["a"].text
    assert lines["b"].status == "invalid" and "must be higher than hearts" in lines["b"].text
    assert lines["c"].status == "invalid" and "adding up to 13" in lines["c"].text
    assert lines["e"].status == "disagrees" and "author 2+, engine 2:" in lines["e"].text
    assert lines["f"].status == "invalid" and "score_table='bridge'" in lines["f"].text
    assert "bad.txt:10" in lines["b"].text and "bad.txt:37" in lines["f"].text

"""The Greek question kinds and the two Greek quiz files: every item agrees with the
engine, a wrong answer disagrees, the position is drawn and captioned."""

import re
from importlib import resources

import pytest
from quiz_helpers import with_answer

from prefa.greek.quiz import KINDS
from prefa.quiz import check, check_text, kinds, load_quiz, parse_quiz
from prefa.quiz_render import item_html, position_caption, position_svg

FILES = ["16_prefa_the_greek_game.txt", "17_kasa_and_kapikia.txt"]
TEXTS = {f: resources.files("prefa").joinpath(f"data/quizzes/{f}").read_text(encoding="utf-8")
         for f in FILES}
ITEMS = [(f, i) for f in FILES for i in parse_quiz(TEXTS[f])]
IDS = [i.id for _, i in ITEMS]
CHOICE = re.compile(r'<button\b[^>]*\bclass="pq-choice\b')


def test_kinds_are_registered_and_each_file_has_at_least_eight_items():
    assert set(KINDS) <= set(kinds())
    for f in FILES:
        assert len(parse_quiz(TEXTS[f])) >= 8
    assert {i.kind for _, i in ITEMS} == set(KINDS)


@pytest.mark.parametrize("f", FILES)
def test_every_item_agrees_with_the_engine(f):
    lines = check_text(TEXTS[f], f)
    assert lines and all(ln.status == "agrees" for ln in lines), [ln.text for ln in lines]


@pytest.mark.parametrize("f, item", ITEMS, ids=IDS)
def test_verdicts_match_the_answer_and_give_reasons(f, item):
    r = check(item)
    for v in r.verdicts:
        assert v.correct == (v.choice in item.answer), v
        assert v.reason


def _wrong(item) -> list[str]:
    wrong = [c for c in item.choices if c not in item.answer]
    if not wrong and item.kind in ("greek-score", "greek-value"):
        wrong = ["99"]
    return wrong


# Items where every choice is right (a blind taker may declare anything) have
# no wrong answer to try.
WRONG = [(f, i) for f, i in ITEMS if _wrong(i)]


@pytest.mark.parametrize("f, item", WRONG, ids=[i.id for _, i in WRONG])
def test_a_wrong_answer_disagrees(f, item):
    assert not check(with_answer(TEXTS[f], item.id, _wrong(item)[0])).agrees


@pytest.mark.parametrize("f, item", ITEMS, ids=IDS)
def test_position_drawn_and_captioned(f, item):
    svg = position_svg(item)
    if item.record.get("deal"):
        assert svg is not None and "<svg" in svg
    cap = position_caption(item)
    if item.record.get("auction"):
        assert 'class="pq-auction"' in cap or 'class="pq-caption"' in cap
    html = item_html(check(item), quiz=f.removesuffix(".txt"))
    assert len(CHOICE.findall(html)) == len(item.choices)


def test_caption_shows_the_auction_in_greek():
    item = next(i for _, i in ITEMS if i.id == "greek-bid-03")
    cap = position_caption(item)
    assert "Τέταρτα" in cap and "ναι" in cap and "Seat 0 is to call" in cap


def test_draw_marks_the_buyer_and_shows_kato_face_down_in_the_auction():
    item = next(i for _, i in ITEMS if i.id == "greek-bid-01")
    assert "2 cards face down" in position_svg(item)
    item = next(i for _, i in ITEMS if i.id == "greek-defence-01")
    assert "(buyer)" in position_svg(item) and "Seat 0 (to decide)" in position_svg(item)


def test_bad_items_are_errors_with_lines():
    text = ("id: a\nkind: greek-obligation\nquestion: q\nanswer: 3 and a half\n---\n"
            "id: b\nkind: greek-score\nquestion: q\nauction: Πρώτα, pass, pass\ncontract: 6H\n"
            "defence: play, play\ntricks: 6 2 2\nask: nonsense\nanswer: 1\n---\n"
            "id: c\nkind: greek-legal-calls\nquestion: q\nauction: Πρώτα, pass, pass\n"
            "answer: pass\n---\n"
            "id: d\nkind: greek-score\nquestion: q\nkasa: 1 2\nauction: Πρώτα, pass, pass\n"
            "contract: 6H\ndefence: pass, pass\nanswer: 1\n")
    _, errors = load_quiz(text)
    assert any(e.line == 4 and "bad obligation" in str(e) for e in errors)
    status = {ln.id: ln for ln in check_text(text, "t.txt")}
    assert status["b"].status == "invalid" and "bad ask" in status["b"].text
    assert status["c"].status == "invalid" and "auction still going" in status["c"].text
    assert status["d"].status == "invalid" and "bad kasa" in status["d"].text


def test_normalised_spellings():
    (item,) = parse_quiz("id: x\nkind: greek-obligation\nquestion: q\nauction: Πρώτα, pass, "
                         "pass\ncontract: 7S\ndefence: play, play\nchoices: 2+1, 2 & 2\n"
                         "answer: 2 + 1\n")
    assert item.choices == ("2 and 1", "2 and 2") and check(item).agrees
    (item,) = parse_quiz("id: y\nkind: greek-legal-calls\nquestion: q\nauction: Πρώτα\n"
                         "choices: πάσο, Δεύτερα, ναι\nanswer: πάσο, Δεύτερα\n")
    assert item.choices == ("pass", "6C", "hold") and check(item).agrees

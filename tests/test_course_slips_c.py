"""Slips of lessons 15-20 and their banks (issue 24, part c), each checked against the engine."""

import re
from pathlib import Path

import pytest

from prefa.quiz import check, parse_quiz
from prefa.quiz_render import (
    choice_text,
    choice_words,
    handout_html,
    is_card_choice,
    item_data,
    item_html,
    projector_html,
)

ROOT = Path(__file__).resolve().parent.parent
BANKS = ROOT / "prefa" / "data" / "quizzes"
GREEK = [check(i) for i in parse_quiz((BANKS / "16_prefa_the_greek_game.txt").read_text())]
BID_ITEMS = [r for r in GREEK
             if r.item.kind in ("greek-bid", "greek-legal-calls", "greek-declare")
             and any(re.fullmatch(r"\d+(S|C|D|H|NT)", v.choice) for v in r.verdicts)]
CARD_NAME = re.compile(r"\b(six|seven|eight|nine|ten|jack|queen|king|ace) of "
                       r"(spades|clubs|diamonds|hearts)\b")


def test_the_greek_bank_has_bid_items():
    assert len(BID_ITEMS) >= 10


@pytest.mark.parametrize("r", BID_ITEMS, ids=lambda r: r.item.id)
def test_a_greek_bid_is_drawn_as_a_bid_not_a_card(r):
    html = item_html(r, quiz="lesson-16")
    choices = html.split('class="pq-choices"')[1].split("</div>")[0]
    assert 'class="pq-choice pq-card"' not in choices and "<svg" not in choices
    assert not CARD_NAME.search(choices)
    bids = [v.choice for v in r.verdicts if re.fullmatch(r"\d+(S|C|D|H|NT)", v.choice)]
    assert html.count('class="pq-choice pq-bid"') == len(bids)
    for b in bids:
        words = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts", "NT": "no trumps"}
        assert f"{words[re.sub(r'^[0-9]+', '', b)]} (bid)" in html
    assert not re.search(r"\d[♠♣♦♥]", item_data(r, "lesson-16")["answer_text"])
    pages = ((handout_html([r], "x"), 'ho-choices">'), (projector_html([r], "x"), 'pj-choices">'))
    for page, cls in pages:
        listed = page.split(cls, 1)[1].split("</ol>")[0]
        assert "<svg" not in listed and not CARD_NAME.search(listed)


def test_a_card_choice_is_still_a_card():
    assert is_card_choice("6S") and choice_words("6S") == "six of spades"
    assert not is_card_choice("6S", "greek-bid")
    assert choice_words("6S", "greek-bid") == "six spades (bid)"
    assert choice_text("7NT", "greek-declare") == "7 NT"

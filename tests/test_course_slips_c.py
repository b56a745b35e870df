"""Slips of lessons 15-20 and their banks (issue 24, part c), each checked against the engine."""

import re
from pathlib import Path

import pytest

from prefa.cards import CARD_CODES
from prefa.greek.quiz import in_symbols
from prefa.quiz import check, parse_quiz
from prefa.quiz_render import (
    bid_text,
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
    # the answer written as the engine's reasons write a contract (6♠, 7NT), no card named
    answer_text = item_data(r, "lesson-16")["answer_text"]
    assert all(bid_text(a) in answer_text for a in r.engine if a in bids)
    assert not CARD_NAME.search(answer_text)
    pages = ((handout_html([r], "x"), 'ho-choices">'), (projector_html([r], "x"), 'pj-choices">'))
    for page, cls in pages:
        listed = page.split(cls, 1)[1].split("</ol>")[0]
        assert "<svg" not in listed and not CARD_NAME.search(listed)


def test_a_card_choice_is_still_a_card():
    assert is_card_choice("6S") and choice_words("6S") == "six of spades"
    assert not is_card_choice("6S", "greek-bid")
    assert choice_words("6S", "greek-bid") == "six spades (bid)"
    assert choice_text("7NT", "greek-declare") == "7NT"
    assert choice_text("7S", "greek-declare") == "7♠" == in_symbols("7S")


LESSONS = sorted(p for n in range(15, 21) for p in (ROOT / "lessons").glob(f"{n}_*.ipynb"))
BANK_FILES = sorted(p for n in range(15, 21) for p in BANKS.glob(f"{n}_*.txt"))


def learner_texts(path):
    """What a learner reads in a lesson: its markdown and its outputs' plain text."""
    import json
    for n, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        if cell["cell_type"] == "markdown":
            yield n, "".join(cell["source"])
        for out in cell.get("outputs", []):
            yield n, "".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", ""))


def bank_texts(path):
    """A bank's questions, choices, feedback and explanations (not comments or position keys)."""
    for r in (check(i) for i in parse_quiz(path.read_text(encoding="utf-8"))):
        yield r.item.id, " ".join([r.item.question, r.item.explain or "", r.reason,
                                   *(v.reason for v in r.verdicts)])


def test_lessons_15_to_20_have_the_six_lessons():
    assert len(LESSONS) == 6 and len(BANK_FILES) == 5


@pytest.mark.parametrize("path", LESSONS + BANK_FILES, ids=lambda p: p.stem)
def test_no_seed_no_tuple_no_option_in_what_a_learner_reads(path):
    texts = learner_texts(path) if path.suffix == ".ipynb" else bank_texts(path)
    bad = [(where, m.group(0)) for where, text in texts
           for m in re.finditer(r"\bseeds?\b|\(\('|\b[a-z_]+=[a-z0-9_]+\b", text, re.I)]
    assert not bad, bad


def test_vida_opening_03_names_the_club_queen_it_holds():
    from prefa.cards import CardSet, parse_card
    from prefa.vida.conventions import top_trumps
    text = (BANKS / "19_vida.txt").read_text()
    block = text[text.index("id: vida-opening-03"):].split("---")[0]
    hand = CardSet.parse(re.search(r"^hand: (.*)$", block, re.M)[1])
    (r,) = [check(i) for i in parse_quiz(text) if i.id == "vida-opening-03"]
    words = " ".join([r.item.question, r.item.explain])
    assert r.agrees and parse_card("QC") in hand
    assert "no club honour" not in words and "queen of clubs" in words
    assert not top_trumps(hand, parse_card("QC") >> 4) and "neither top trump" in words


def test_lesson_18_says_its_scoring_is_one_school_the_sochi_of_the_russian_rules_text():
    import json
    path = next((ROOT / "lessons").glob("18_*.ipynb"))
    cells = ["".join(c["source"]) for c in json.loads(path.read_text())["cells"]
             if c["cell_type"] == "markdown"]
    sheet = next(c for c in cells if "| contract made |" in c)
    assert "Sochi" in sheet and "Russian rules text" in sheet and "school" in sheet
    assert "Russian rules text" in cells[0] and "one school" in cells[0]


def _drill_answer(s, card):
    st = s.act({"type": "lead", "card": card})
    while st["phase"] == "analysing":
        st = s.act({"type": "continue"})
    return st


def test_the_drill_says_why_when_the_convention_is_not_the_best_lead():
    from prefa.ui import LeadDrillSession
    seen = {"why": 0, "none": 0}
    s = LeadDrillSession(seed=0)
    for _k in range(5):
        st = s.state()
        conv = None
        st = _drill_answer(s, st["hand"][0])
        conv = st["convention"]["card"]
        leads = {x["card"]: x for x in st["leads"]}
        tricks = st["layout"]["tricks"]
        best_open = min(tricks.values()) if st["problem"]["contract"] != "betl" else max(
            tricks.values())
        differs = not leads[conv]["best"] or tricks[conv] != best_open
        why = st["verdict"]["convention_why"]
        assert bool(why) == differs, (conv, why)
        if why:
            seen["why"] += 1
            symbol = conv[0].replace("T", "10") + "♠♥♦♣"["SHDC".index(conv[1])]
            assert why.startswith(f"The convention leads {symbol} (")
            assert why.count(". ") == 0 and why.endswith(".")
            assert why in st["verdict"]["convention_text"]
            assert not CARD_CODE.search(why)
        else:
            seen["none"] += 1
        if st["phase"] != "done":
            s.act({"type": "next"})
    assert seen["why"] >= 1


CARD_CODE = CARD_CODES  # the engine's own pattern: what signs() rewrites


@pytest.mark.parametrize("bank", ["16_prefa_the_greek_game.txt", "17_kasa_and_kapikia.txt"])
def test_greek_feedback_writes_contracts_in_suit_symbols(bank):
    results = [check(i) for i in parse_quiz((BANKS / bank).read_text())]
    assert all(r.agrees for r in results)
    texts = [t for r in results for t in [r.reason, *(v.reason for v in r.verdicts)]]
    assert not [t for t in texts if CARD_CODE.search(t)]
    assert any(re.search(r"\b6[♠♣♦♥]", t) for t in texts)


def test_the_drill_speaks_of_open_cards_not_single_or_double_dummy():
    from prefa.ui import LeadDrillSession
    s = LeadDrillSession(seed=0)
    st = _drill_answer(s, s.state()["hand"][0])
    said = " ".join([st["verdict"]["text"], st["verdict"]["convention_text"], st["layout"]["text"],
                     s.static_html()])
    assert "dummy" not in said
    assert "seeing only your own cards" in said and "with all cards open" in said
    js = (ROOT / "prefa" / "ui" / "views" / "drill.js").read_text()
    assert "single dummy" not in js and "double dummy" not in js

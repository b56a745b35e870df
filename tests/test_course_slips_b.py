"""Issue 24: the slips of lessons 08-11 and their banks, each with a test that would have
caught it (the engine checks the claim where it can)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from prefa.balkan.conventions.evaluation import (
    SHAPE_ADJUSTMENT,
    SHAPE_BONUS,
    evaluation,
    shape,
    shape_adjustment,
)
from prefa.balkan.conventions.leads import LeadSituation
from prefa.cards import ACE, JACK, CardSet, card_rank, card_suit, parse_card
from prefa.quiz import parse_quiz
from prefa.record import replay
from prefa.ui.quiz import QuizSession
from prefa.ui.table_balkan import BalkanTable

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))
BANKS = ROOT / "prefa" / "data" / "quizzes"
MINE = [p for p in LESSONS if "08" <= p.name[:2] <= "11"]
MY_BANKS = sorted(p for p in BANKS.glob("*.txt") if "08" <= p.name[:2] <= "11")
RANK_WORDS = {ACE: "ace", ACE - 1: "king", ACE - 2: "queen", JACK: "jack"}
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")


def lesson(number: str) -> Path:
    return next(p for p in LESSONS if p.name.startswith(number + "_"))


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def markdown(path: Path) -> str:
    return "\n".join("".join(c["source"]) for c in cells(path) if c["cell_type"] == "markdown")


def printed(path: Path) -> str:
    """What the code cells print as text (streams, and plain text where nothing richer shows)."""
    out = []
    for c in cells(path):
        for o in c.get("outputs", []):
            out.append("".join(o.get("text", "")))
            data = o.get("data", {})
            if "text/markdown" in data:
                out.append("".join(data["text/markdown"]))
            elif set(data) == {"text/plain"}:
                out.append("".join(data["text/plain"]))
    return "\n".join(out)


def flat(text: str) -> str:
    return " ".join(text.split())


def bank(name: str) -> Path:
    return next(p for p in MY_BANKS if p.name.startswith(name + "_"))


def items(name: str):
    return {i.id: i for i in parse_quiz(bank(name).read_text(encoding="utf-8"))}


def shown(name: str, **kwargs) -> list[str]:
    """The item ids in the order the lesson's quiz shows them."""
    return list(QuizSession(str(bank(name)), **kwargs).items)


def says(text: str, word: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(word.lower()) + r"(?!\w)", text.lower()) is not None


# -- bid-09, bid-12: the picture cards the question names are the hand's -------------------------
def picture_cards(item) -> list[str]:
    """The hand's aces, kings, queens and jacks, in words ("jack of clubs")."""
    hand = replay(item.record, partial=True).hands[0]
    return [f"{RANK_WORDS[card_rank(c)]} of {SUIT_WORDS[card_suit(c)]}" for c in hand
            if card_rank(c) >= JACK]


@pytest.mark.parametrize("item_id", ["bid-09", "bid-12"])
def test_the_question_names_every_picture_card_of_the_hand(item_id):
    item = items("08")[item_id]
    text = flat(item.question)
    assert "no honour" not in text.lower() and "no picture card" not in text.lower()
    pictures = picture_cards(item)
    assert pictures, item_id
    for words in pictures:  # "the ace and the jack of clubs" names both
        rank, suit = words.split(" of ")
        assert says(text, rank) and says(text, suit), (item_id, words)
    named = [w for w in RANK_WORDS.values() if says(text, w)]
    assert sorted(named) == sorted({w.split(" of ")[0] for w in pictures}), item_id


# -- lead-06 and lesson 09: the declarer who plays after you sits on your right --------------------
SITS = re.compile(r"declarer sits on your (left|right)", re.IGNORECASE)


def test_lead_06_seats_the_declarer_where_the_engine_plays_next():
    item = items("09")["lead-06"]
    sit = LeadSituation.from_hand(replay(item.record, partial=True))
    assert sit.through_declarer
    assert SITS.findall(flat(item.explain)) == [BalkanTable.next_sits] == ["right"]


@pytest.mark.parametrize("where", MINE + MY_BANKS, ids=lambda p: p.name[:2] + p.suffix)
def test_the_seat_after_you_sits_on_your_right(where):
    if where.suffix == ".txt":
        texts = [flat(i.question + " " + i.explain) for i in parse_quiz(where.read_text(encoding="utf-8"))]
    else:
        texts = [flat(markdown(where))]
    for text in texts:
        for m in re.finditer(r"sits on your (left|right) and plays right after you", text):
            assert m.group(1) == BalkanTable.next_sits, text[max(0, m.start() - 80):m.end()]


def test_lesson_09_called_hand_is_quiz_item_6_with_the_declarer_on_the_right():
    text = flat(markdown(lesson("09")))
    para = text[text.index("Quiz item 6 is such a hand"):][:400]
    assert shown("09")[5] == "lead-06"
    assert SITS.findall(para) == [BalkanTable.next_sits]


# -- lesson 11 and signal-14: why the queen is covered with three players ------------------------
def test_covering_the_queen_wins_the_trick_for_the_defence():
    """The declarer's queen is already down: the king takes the trick for the defenders,
    whatever the partner (who plays last) holds."""
    item = items("11")["signal-14"]
    play = replay(item.record, partial=True).play_state
    assert play.to_move == 1 and play.trick == [parse_card("QD")]
    play.play(parse_card("KD"))
    assert len(play.legal_moves()) > 1
    for card in play.legal_moves():  # the partner, last to play, whatever he holds
        trial = play.copy()
        trial.play(card)
        assert trial.tricks[-1].winner in (1, 2), card
    explain = flat(item.explain)
    assert "two honours" not in explain and "promotes" not in explain
    assert "nothing higher" in explain


def test_lesson_11_explains_covering_with_three_hands():
    text = flat(markdown(lesson("11")))
    assert "two of his honours" not in text and "two honours for one trick" not in text
    assert "promotes your partner" not in text and "must spend his ace" not in text
    part = text[text.index("## Covering an honour"):text.index("**When not to:**")]
    assert "nothing higher" in part


def test_lesson_11_names_the_quiz_item_by_the_place_it_is_shown():
    text = flat(markdown(lesson("11")))
    numbers = [int(n) for n in re.findall(r"quiz item (\d+)", text, re.IGNORECASE)]
    order = shown("11")
    assert numbers and all(1 <= n <= len(order) for n in numbers)
    assert [order[n - 1] for n in numbers] == ["signal-14"]


# -- lesson 08: the shape adjustment is the engine's --------------------------------------------
def test_lesson_08_says_the_shape_adjustment_the_engine_makes():
    text = flat(markdown(lesson("08")))
    part = text[text.index("## Adding up a whole hand"):text.index("## The 4.5-trick rule")]
    assert "a three-suited hand gains half" not in part or "4-4-2" in part
    # the sizes the text gives are the engine's
    assert SHAPE_ADJUSTMENT[4] == -0.5 and SHAPE_ADJUSTMENT[3] == 0.5 and SHAPE_ADJUSTMENT[2] == 1.5
    assert SHAPE_BONUS == {(4, 4, 2): 1.0, (5, 4, 1): 1.0}
    assert "4-4-2" in part and "5-4-1" in part and "a whole trick" in part
    assert "one and a half" in part


def test_lesson_08_brave_hand_adds_what_the_engine_adds():
    """The brave hand of lesson 08 is 4-4-2: the engine adds a whole trick, as its text says."""
    brave = CardSet.parse("HKJ87 D97 CKJT8")
    assert shape(brave) == (4, 4, 2) and shape_adjustment(brave) == 1.0
    assert evaluation(brave, seat=0).total == 4.5
    text = flat(markdown(lesson("08")))
    para = text[text.index("### The brave minimum"):][:500]
    assert "adds one" in para or "adds a whole trick" in para


# -- words a card player reads -------------------------------------------------------------------
CODES = re.compile(r"(?<![\w-])(?:[SHDC](?:10|[AKQJT987])+|(?:10|[AKQJT987])[SHDC])(?![\w-])")


@pytest.mark.parametrize("path", MY_BANKS, ids=lambda p: p.name[:2])
def test_my_banks_write_cards_with_suit_signs(path):
    for item in parse_quiz(path.read_text(encoding="utf-8")):
        for text in (item.question, item.explain):
            assert not CODES.findall(text), (item.id, CODES.findall(text))


@pytest.mark.parametrize("path", MY_BANKS, ids=lambda p: p.name[:2])
def test_my_banks_speak_a_card_players_words(path):
    for item in parse_quiz(path.read_text(encoding="utf-8")):
        text = item.question + " " + item.explain
        assert not says(text, "seed") and "option" not in text and not re.search(r"\b\w+=\w+", text), item.id
        assert "single dummy" not in text and "double dummy" not in text, item.id


@pytest.mark.parametrize("path", MINE, ids=lambda p: p.name[:2])
def test_my_lessons_speak_a_card_players_words(path):
    text = markdown(path)
    assert not re.search(r"\b\w+=\w+", text), path.name       # no option written name=value
    assert not says(text, "seed") and not says(text, "seeds"), path.name
    assert "single dummy" not in text and "double dummy" not in text, path.name
    assert "the project" not in text.lower() and "this kit" not in text.lower(), path.name


@pytest.mark.parametrize("path", MINE, ids=lambda p: p.name[:2])
def test_my_lessons_show_no_card_codes(path):
    for text in (markdown(path), printed(path)):
        assert not CODES.findall(text), (path.name, CODES.findall(text)[:5])


@pytest.mark.parametrize("path", MINE, ids=lambda p: p.name[:2])
def test_my_lessons_show_no_python_reprs(path):
    out = printed(path)
    assert not re.search(r"<[A-Za-z_.]+ (object|view)\b|\b[A-Z]\w+\(\w+=", out), path.name
    assert "Advice(" not in out and "CardSet(" not in out, path.name


@pytest.mark.parametrize("path", MINE, ids=lambda p: p.name[:2])
def test_my_lessons_hide_code_behind_a_caption(path):
    for c in cells(path):
        if c["cell_type"] != "code":
            continue
        src = "".join(c["source"])
        first = src.splitlines()[0]
        assert c["metadata"].get("jupyter", {}).get("source_hidden") is True, first
        assert first.startswith("# ") and "NBVAL" not in first, first
        assert not re.match(r"# *(from|import)\b", first), first

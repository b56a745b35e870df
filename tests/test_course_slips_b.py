"""Issue 24: the slips of lessons 08-11 and their banks, each with a test that would have
caught it (the engine checks the claim where it can)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from prefa.balkan.conventions.bidding import responsibility
from prefa.balkan.conventions.evaluation import (
    SHAPE_ADJUSTMENT,
    SHAPE_BONUS,
    evaluation,
    shape,
    shape_adjustment,
)
from prefa.balkan.conventions.leads import LeadSituation
from prefa.cards import ACE, JACK, CardSet, Suit, card_rank, card_suit, parse_card
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


# -- second reading: lesson 08 -----------------------------------------------------------------
def test_lesson_08_the_declarer_keeps_ten_of_his_twelve_cards():
    hand = replay(items("09")["lead-01"].record, partial=True)
    d = hand.declarer
    assert len(hand.hands[d]) == len(hand.discards) + 8 == 10
    text = flat(markdown(lesson("08")))
    assert "keeps the best two of twelve" not in text
    assert "keeps the best ten of the twelve" in text


def test_lesson_08_the_introductory_spade_needs_a_spade():
    """Gulin's uvodni pik: no four spades, but at least one; the engine agrees."""
    no_spade = CardSet.parse("HAK87 DAK8 CKQ8")
    one_spade = CardSet.parse("S7 HAK8 DAK87 CKQ")
    assert evaluation(no_spade, seat=0).total >= 4.5 and evaluation(one_spade, seat=0).total >= 4.5
    assert responsibility(no_spade, 2, seat=0).convention != "bid.responsibility.introductory-spade"
    assert responsibility(one_spade, 2, seat=0).convention == "bid.responsibility.introductory-spade"
    text = flat(markdown(lesson("08")))
    gulin = text[text.index("Gulin's **introductory spade**"):][:200]
    assert "at least one" in gulin


def test_lesson_08_says_why_length_counts_as_the_cards_fall():
    text = flat(markdown(lesson("08")))
    assert "after two rounds your small cards" not in text
    assert "three rounds" in text


# -- second reading: lesson 09 and lead-07: a round of trumps draws one of the declarer's --------
def test_a_round_of_trumps_draws_one_trump_of_the_declarer():
    item = items("09")["lead-07"]
    hand = replay(item.record, partial=True)
    play = hand.play_state
    declarer = hand.declarer
    before = play.hands[declarer].count(Suit.SPADES)
    play.play(parse_card("KS"))
    for card in play.legal_moves():
        trial = play.copy()
        trial.play(card)
        for last in trial.legal_moves():
            done = trial.copy()
            done.play(last)
            assert done.hands[declarer].count(Suit.SPADES) == before - 1
    for text in (flat(item.explain), flat(markdown(lesson("09")))):
        assert "takes two of the declarer's" not in text and "takes two of\nthe declarer" not in text
        assert "round takes two" not in text and "round of trumps takes two" not in text


def test_my_texts_write_the_ten_as_10():
    for item in (items("09")["lead-01"],):
        assert "T-9-8" not in item.explain
    assert "T-9-8" not in markdown(lesson("09"))


def test_the_seven_against_betl_is_not_called_safe():
    """Against betl the defenders want the declarer to win a trick: their seven is a
    weapon (nothing can go under it), not a 'safe' card."""
    assert "safest card against betl" not in flat(markdown(lesson("09")))
    assert "safest card against betl" not in flat(items("09")["lead-24"].explain)


# -- second reading: lesson 11 --------------------------------------------------------------------
def test_lesson_11_has_the_declarer_lead_from_his_own_hand():
    """No dummy with three players: the declarer's card comes from his hand."""
    text = flat(markdown(lesson("11")))
    assert "towards his hand" not in text
    hands = ["DK87 SA7 C9", "CK87 SA7 D9", "DK8 SA7 C9", "DA87 SA7 C9"]
    gone = {10 - len(CardSet.parse(h)) for h in hands}
    assert gone == {4, 5} and "four or five tricks have gone" in text


# -- the quiz items a lesson's text points at are the ones shown at that place -----------------
def test_lesson_08_and_09_name_their_quiz_items_by_the_place_shown():
    bids, leads = items("08"), items("09")
    order08, order09 = shown("08"), shown("09")

    def hand(item):
        return replay(item.record, partial=True).hands[0 if item.id.startswith("bid") and
                                                        item.id not in ("bid-05", "bid-06") else 2]
    text08 = flat(markdown(lesson("08")))
    assert "the hand of the first quiz item" in text08
    assert str(hand(bids[order08[0]])) == "SAK HAKQ8 DA7 C87"
    assert "quiz items 5 and 6 show this hand" in text08
    assert {str(hand(bids[order08[4]])), str(hand(bids[order08[5]]))} == {"SK8 H7 DA CAKJ987"}
    assert "for the hand of quiz item 10" in text08
    assert str(hand(bids[order08[9]])) == "HT97 D8 CAKJ987"
    text09 = flat(markdown(lesson("09")))
    assert "Here is the first quiz hand" in text09 and order09[0] == "lead-01"
    assert "(quiz item 22)" in text09 and "sans" in leads[order09[21]].question
    assert "Gulin" in leads[order09[21]].explain


NUMBER_WORDS = {"six": 6, "ten": 10, "eighteen": 18, "twenty-four": 24}


@pytest.mark.parametrize("number, phrase", [("08", "a quiz of eighteen bidding decisions"),
                                            ("08", "Eighteen decisions in the auction"),
                                            ("09", "a quiz of twenty-four leads"),
                                            ("09", "Twenty-four opening leads")])
def test_lesson_counts_its_quiz_items_as_shown(number, phrase):
    assert phrase in flat(markdown(lesson(number)))
    word = next(w for w in NUMBER_WORDS if w in phrase.lower().split())
    assert len(shown(number)) == NUMBER_WORDS[word]


def test_lesson_09_names_the_schools_for_small_under_a_king():
    summary = flat(markdown(lesson("09")).split("## Summary")[1])
    assert "never under your own ace or king." not in summary
    assert "Gulin" in summary and "strategy text" in summary

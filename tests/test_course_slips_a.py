"""Issue 24: the slips of lessons 00-06 and their banks, each with a test that would have
caught it (the engine checks the claim where it can)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from prefa.balkan.auction import Auction
from prefa.balkan.contract import Contract
from prefa.balkan.conventions import whist
from prefa.balkan.conventions.evaluation import rezons, sure_tricks
from prefa.balkan.conventions.whist import (
    WhistSituation,
    call_advice,
    follow_advice,
    stricter_table,
)
from prefa.cards import ACE, CardSet, Suit, card_rank, card_suit, parse_cards
from prefa.deal import Deal
from prefa.errors import PrefaError
from prefa.play import TrickPlay
from prefa.quiz import parse_quiz
from prefa.quiz_render import progress_text
from prefa.record import replay

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))
BANKS = ROOT / "prefa" / "data" / "quizzes"
MINE = [p for p in LESSONS if p.name[:2] <= "06"]
MY_BANKS = sorted(p for p in BANKS.glob("0[0-6]_*.txt"))
NUMBER_WORDS = {"eighteen": 18, "nineteen": 19, "twenty": 20, "twenty-one": 21, "twenty-two": 22,
                "twenty-three": 23}


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


def items(bank: str):
    return {i.id: i for i in parse_quiz((BANKS / bank).read_text(encoding="utf-8"))}


def title(path: Path) -> str:
    return next(line[2:].strip() for line in markdown(path).splitlines() if line.startswith("# "))


def says(text: str, word: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(word.lower()) + r"(?!\w)", text.lower()) is not None


# -- lesson 00: the map and the counts ------------------------------------------------------------
MAP_ROW = re.compile(r"^\| (\d\d) \| \[([^\]]+)\]\(([^)]+)\)([^|]*)\|([^|]*)\|$", re.MULTILINE)


def test_lesson_00_map_agrees_with_the_lessons():
    text = markdown(lesson("00"))
    rows = MAP_ROW.findall(text)
    assert [r[0] for r in rows] == [p.name[:2] for p in LESSONS]
    for number, name, target, _, words in rows:
        path = lesson(number)
        assert target == path.name, number
        assert name == title(path), number  # the map gives each lesson its own title
        body = markdown(path)
        for word in re.findall(r"\*([^*]+)\*", words):
            assert says(body, word), (number, word)  # a word the lesson really uses
    assert "playing and defending" not in text


def test_lesson_00_counts_the_course_as_it_is():
    text = " ".join(markdown(lesson("00")).split())
    last = LESSONS[-1].name[:2]
    teachers = next(p.name[:2] for p in LESSONS if "teachers" in title(p).lower())
    assert re.search(r"from 00 to (\d\d)", text).group(1) == last
    counts = re.findall(r"\b([a-z-]+) lessons\b", text)
    assert counts and all(NUMBER_WORDS[w] == len(LESSONS) for w in counts if w in NUMBER_WORDS)
    assert [w for w in counts if w in NUMBER_WORDS]
    for m in re.finditer(r"(\d\d) to (\d\d) (?:teach|take you through) the Balkan game", text):
        assert m.group(1) == "00" and int(m.group(2)) == int(teachers) - 1
    assert re.findall(r"(?:lesson )?(\d\d) is for teachers", text) == [teachers] * len(
        re.findall(r"is for teachers", text))
    for first, end in re.findall(r"(?:lessons )?(\d\d) to (\d\d) (?:are|tell)", text):
        assert int(first) == int(teachers) + 1 and end == last
    assert "eighteen" not in text and "from 00 to 17" not in text


def test_lesson_00_describes_the_multi_answer_items_as_they_work():
    text = " ".join(markdown(lesson("00")).split())
    assert progress_text(1, 3).rstrip(".") in text          # the line the quiz itself writes
    assert "marked wrong, with its reason" in text and "stays open" in text
    assert "until you have found every right choice" in text
    assert "counts as right on the first try only if you clicked no wrong choice" in text


# -- cards as cards ---------------------------------------------------------------------------------
CODES = re.compile(r"(?<![\w-])(?:[SHDC](?:10|[AKQJT987])+|(?:10|[AKQJT987])[SHDC])(?![\w-])")


@pytest.mark.parametrize("path", MINE, ids=lambda p: p.name[:2])
def test_my_lessons_show_no_card_codes(path):
    for text in (markdown(path), printed(path)):
        assert not CODES.findall(text.replace("CardSet.parse", "")), path.name
    assert "S = spades" not in markdown(path) and "suit letter" not in markdown(path)


@pytest.mark.parametrize("bank", MY_BANKS, ids=lambda p: p.name[:2])
def test_my_banks_write_cards_with_suit_signs(bank):
    for item in parse_quiz(bank.read_text(encoding="utf-8")):
        for text in (item.question, item.explain):
            assert not CODES.findall(text), (item.id, CODES.findall(text))


# -- lesson 04 and whist.py: case 8 -----------------------------------------------------------------
def _case8(hand: str) -> WhistSituation:
    return WhistSituation(CardSet.parse(hand), Contract.parse("hearts"),
                          talon=CardSet.parse("D87"), number=3)


@pytest.mark.parametrize("hand, said, not_said", [
    ("S98 H98 DAK9 CT97", "ace-king", "ace-queen"),
    ("S98 H98 DAQ9 CT97", "ace-queen", "ace-king"),
])
def test_case_8_names_the_holding_the_defender_has(hand, said, not_said):
    a = follow_advice(_case8(hand))
    assert a.action == "follow" and a.source == "001 site rules, PRATNJA case 8"
    assert said in a.reason and not_said not in a.reason


def test_case_8_is_an_extra_right_beside_the_ordinary_lists():
    assert "pair-bought" not in whist.STRICTER and getattr(whist, "EXTRA_RIGHTS", ()) == ("pair-bought",)
    assert not any("two cards of one suit" in row[0] for row in stricter_table())
    # a hand on the ordinary list still follows when the declarer bought a pair: nothing replaced
    ordinary = WhistSituation(CardSet.parse("SK8 HK7 D987 CA98"), Contract.parse("hearts"),
                              talon=CardSet.parse("SJT"), number=3)
    assert follow_advice(ordinary).action == "follow"
    text = " ".join(markdown(lesson("04")).split())
    assert "A-K or A-Q" in text and "extra right" in text
    assert whist.MINIMUMS[("pair-bought", "any")] == ("AK@pair", "AQ@pair")


def test_the_preparatory_spade_needs_a_spade():
    texts = [" ".join(markdown(lesson("04")).split()),
             " ".join(items("04_following.txt")["follow-16"].explain.split())]
    for text in texts:
        assert "nothing in spades" not in text and "every number as a promise" not in text
        assert "at least one spade" in text
    bank = items("04_following.txt")["follow-16"]
    hand = replay(bank.record, partial=True)
    sit = WhistSituation.from_hand(hand)
    a = call_advice(sit)
    assert a.action == "alone" and "at least one spade" in a.reason
    assert "at least one spade" in a.schools["tournament rules"].reason


def test_lesson_04_gives_the_league_codes_words_for_calling():
    text = " ".join(markdown(lesson("04")).split())
    assert "*Zajedno*" in text and "league code" in text and "*Uzmi*" in text


# -- the banks' claims, checked against the cards --------------------------------------------------
def _seat_hand(item) -> CardSet:
    seat = int(re.search(r"Seat (\d)[^.]*(?:holds|with) ", item.question).group(1))
    return Deal.parse(item.record.get("deal")).hands[seat]


def test_follow_11_has_the_ace_it_speaks_of():
    item = items("04_following.txt")["follow-11"]
    assert "a trump trick and an ace" in item.question
    hand = _seat_hand(item)
    assert any(card_rank(c) == ACE and card_suit(c) != Suit.HEARTS for c in hand)


def test_follow_18_counts_as_the_engine_counts():
    item = items("04_following.txt")["follow-18"]
    hand = _seat_hand(item)
    talon = Deal.parse(item.record.get("deal")).talon
    r, t = rezons(hand, Suit.HEARTS, talon), sure_tricks(hand, Suit.HEARTS)
    assert (r, t) == (2, 2)
    assert "count three rezons" not in item.explain and "are two sure tricks" in item.explain


def _reveal_good_after_spades(auction: str) -> bool:
    named = []
    for call in (c.strip() for c in auction.split(",")):
        if call in ("spades", "diamonds", "hearts", "clubs"):
            named.append(call)
        elif call == "good" and named and max(named, key=["spades", "diamonds", "hearts",
                                                          "clubs"].index) == "spades":
            return True
    return False


@pytest.mark.parametrize("bank", MY_BANKS, ids=lambda p: p.name[:2])
def test_no_good_after_spades_in_a_reveal(bank):
    # a later igra player cannot hold spades, so his game is always higher than spades
    for item in parse_quiz(bank.read_text(encoding="utf-8")):
        assert not _reveal_good_after_spades(item.record.get("auction") or ""), item.id


def test_the_engine_offers_no_good_after_spades_in_the_reveal():
    # talon-10's impossible auction: the engine itself must refuse it
    assert [str(c) for c in Auction.from_text("igra, igra, pass, spades").legal_calls()] == [
        "diamonds", "hearts", "clubs"]
    with pytest.raises(PrefaError):
        Auction.from_text("igra, igra, pass, spades, good")
    # after a higher game, good still says "mine is lower"
    assert "good" in [str(c) for c in Auction.from_text("igra, igra, igra, spades, diamonds").legal_calls()]


@pytest.mark.parametrize("bank", ["04_following.txt", "05_kontra.txt"])
def test_a_partner_who_passed_is_not_said_to_have_followed(bank):
    for item in items(bank).values():
        defence = [d.strip() for d in (item.record.get("defence") or "").split(",")]
        if defence[:2] in (["follow", "pass"], ["pass", "follow"]):
            assert "partner followed" not in item.explain + item.question, item.id
    text = " ".join(markdown(lesson("05")).split())
    assert "his partner followed on no such promise" not in text


def test_cards_07_does_not_say_the_ten_would_win():
    item = items("01_cards_and_tricks.txt")["cards-07"]
    deal = Deal.parse(item.record.get("deal"))
    play = TrickPlay.start(deal.hands, leader=0, rules=Contract.parse("betl").play_rules())
    for card in parse_cards("9D TD"):
        play.play(card)
    assert all(card_rank(c) > card_rank(parse_cards("TD")[0]) for c in play.legal_moves())
    assert "would win the trick" not in item.explain


# -- words ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", MINE, ids=lambda p: p.name[:2])
def test_my_lessons_speak_a_card_players_words(path):
    text = markdown(path)
    assert "tabela" not in text
    assert not re.search(r"\b\w+=\w+", text), path.name       # no option written name=value
    assert not says(text, "seed"), path.name
    assert "single dummy" not in text and "double dummy" not in text


@pytest.mark.parametrize("bank", MY_BANKS, ids=lambda p: p.name[:2])
def test_my_banks_speak_a_card_players_words(bank):
    for item in parse_quiz(bank.read_text(encoding="utf-8")):
        text = item.question + " " + item.explain
        assert "tabela" not in text and not says(text, "seed") and "option" not in text, item.id


def test_lesson_05_names_the_schools_on_subkontra():
    text = " ".join(markdown(lesson("05")).split())
    para = next(p for p in text.split("## ") if p.startswith("Rekontra"))
    assert "tournament rules" in para and "did not give the kontra" in para


def test_lesson_06_says_who_decides_first_at_its_table():
    from prefa.ui import TableSession
    t = TableSession(seed=18, open_hands=True, samples=3)
    for call in ("2", "pass"):
        t.act({"type": "call", "call": call})
    assert t.hand.defenders == (2, 0)      # left decides before you
    text = " ".join(markdown(lesson("06")).split())
    assert "Left, who decides first" in text

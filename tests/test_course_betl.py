"""Betl defence in the course (issue 19): the bank seen from one defender's seat, the
``betl-card`` kind, and lesson 12's slips (Kovalevskaya's seating, the 7-and-8 wording,
the Croatian verb for trumping)."""

import json
import re
from pathlib import Path

import pytest

from prefa.analysis import betl_leads
from prefa.balkan.contract import Contract, Game
from prefa.balkan.conventions.betl import left_defender
from prefa.cards import CardSet, parse_cards
from prefa.errors import ParseError
from prefa.play import trick_winner
from prefa.quiz import check, load_quiz, parse_quiz
from prefa.record import parse_record, replay

ROOT = Path(__file__).parent.parent
BANK = ROOT / "prefa" / "data" / "quizzes" / "12_betl_defence.txt"
LESSON = ROOT / "lessons" / "12_betl_defence.ipynb"
ITEMS, ERRORS = load_quiz(BANK.read_text())
SEEN = [i for i in ITEMS if i.seen_by is not None]
RESULTS = {i.id: check(i) for i in ITEMS}


def _hand(item):
    return replay(item.record, partial=True)


def _cells(kind):
    nb = json.loads(LESSON.read_text())
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == kind]


# -- the bank -------------------------------------------------------------------------------

def test_bank_parses_and_every_item_agrees_with_the_engine():
    assert not ERRORS
    assert all(r.agrees for r in RESULTS.values()), [i for i, r in RESULTS.items() if not r.agrees]


def test_at_least_24_betl_items_seen_by_one_defender():
    assert len(SEEN) >= 24
    for item in SEEN:
        hand = _hand(item)
        assert hand.contract.game is Game.BETL, item.id
        ps = hand.play_state
        # the seat whose view is shown is a defender, and the one to play
        assert item.seen_by != hand.declarer and item.seen_by == ps.to_move, item.id
        assert RESULTS[item.id].agrees, item.id


def test_a_seen_by_question_does_not_give_away_the_hidden_hands():
    """From one seat the declarer's and the partner's cards are unknown: the question may
    name the cards played, never a holding of another hand."""
    for item in SEEN:
        hand = _hand(item)
        for seat, cards in enumerate(hand.hands):
            if seat == item.seen_by:
                continue
            for group in str(cards).split():
                if len(group) > 2:  # a suit holding of two or more cards, e.g. DT7
                    assert group not in item.question, (item.id, group)


def test_the_seen_by_items_cover_the_themes():
    """Leads, cards to a trick, sheds when void, both defenders' seats, and the schools."""
    leads, follows, voids, left, right = [], [], [], [], []
    for item in SEEN:
        hand = _hand(item)
        ps = hand.play_state
        me = ps.hands[item.seen_by]
        if not ps.trick:
            leads.append(item.id)
        elif me.has_suit(ps.trick[0] >> 4):
            follows.append(item.id)
        else:
            voids.append(item.id)
        (left if item.seen_by == left_defender(hand.declarer, hand.seats) else right).append(item.id)
    assert len(leads) >= 8 and len(follows) >= 8 and len(voids) >= 4, (leads, follows, voids)
    assert len(left) >= 6 and len(right) >= 6, (left, right)
    schools = [i for i in SEEN if i.school_answers]
    assert len(schools) >= 2 and all("school" in i.question for i in schools)
    assert all(RESULTS[i.id].schools for i in schools)


# -- the betl-card kind ------------------------------------------------------------------------

CARD = """id: c
kind: betl-card
question: q
deal: SJT8 HAQT DKQJ7 / S9 HKJ987 CT987 / SAKQ7 DAT8 CAKQ | D9 CJ
auction: pass, betl, pass
defence: decline, decline
play: 8S 9S
choices: 7S, AS, KS, AD, 7H
answer: 7S
"""


def test_betl_card_judges_every_choice_by_the_solver_with_reasons_of_their_own():
    r = check(parse_quiz(CARD)[0])
    assert r.agrees and r.engine == ("7S",)
    why = {v.choice: v for v in r.verdicts}
    assert why["7S"].correct and "cannot avoid a trick" in why["7S"].reason
    assert "escapes" in why["AS"].reason and "escapes" in why["KS"].reason
    assert "not legal" in why["AD"].reason and "must follow spades" in why["AD"].reason
    assert "You do not hold 7♥" in why["7H"].reason
    wrong = [v.reason for v in r.verdicts if not v.correct]
    assert len(set(wrong)) == len(wrong)


@pytest.mark.parametrize("change, words", [
    (("play: 8S 9S", "play: 8S"), "defender's card"),              # the declarer is to play
    (("play: 8S 9S", "play: 8S 9S 7S 7H"), "already caught"),      # he has taken a trick
    (("auction: pass, betl, pass\ndefence: decline, decline",
      "auction: pass, sans, pass\ndefence: follow, follow, decline, decline"), "betl contract"),
])
def test_betl_card_refuses_what_it_cannot_ask(change, words):
    (item,) = parse_quiz(CARD.replace(*change))
    with pytest.raises(ParseError, match=words):
        check(item)


def test_betl_card_refuses_a_position_where_no_card_catches():
    # betl-02's safe nine-seven: no lead catches the declarer
    text = (BANK.read_text().split("---")[1].replace("kind: betl-caught", "kind: betl-card")
            .replace("choices: yes, no\nanswer: no", "answer: 7H"))
    (item,) = parse_quiz(text)
    with pytest.raises(ParseError, match="no card catches"):
        check(item)


def test_exact_play_in_a_betl_convention_item_speaks_of_catching():
    """A betl lead as good as the convention's is 'caught' either way, never 'better' because
    the declarer would take more tricks (one trick loses a betl, whatever the count)."""
    r = RESULTS["betl-19"]
    why = {v.choice: v for v in r.verdicts}
    assert why["QS"].correct and "the betl is caught" in why["QS"].reason
    assert "would even do better" not in why["QS"].reason
    assert "the declarer escapes" in why["7S"].reason and "tricks" not in why["7S"].reason


# -- the 7 and the 8 ---------------------------------------------------------------------------

INVERTED = (r"beaten only by the (?:7|seven)", r"(?:7|seven) beats neither",
            r"after one duck the\s+declarer", r"beaten by the (?:7|seven)",
            r"\b(?:seven|7)\b[^.]*\bbeats?\b")
"""Wordings that make the seven the higher card (it is the one below the 8 and the 9-8)."""


def _texts():
    yield from ((i.id, i.explain + " " + i.question) for i in ITEMS)
    yield from (("lesson", t) for t in _cells("markdown"))


def test_the_seven_and_eight_are_worded_as_the_engine_plays_them():
    # in betl (no trumps) a seven led loses to the eight and the nine: the declarer's
    # singleton 8 or 9-8 has nothing to play under it
    rules = Contract(Game.BETL).play_rules()
    assert trick_winner(parse_cards("7S 8S"), rules) == 1
    assert trick_winner(parse_cards("7S 9S"), rules) == 1
    for where, text in _texts():
        flat = " ".join(text.split())
        for pattern in INVERTED:
            assert not re.search(pattern, flat, re.IGNORECASE), (where, pattern)
    explain = {i.id: " ".join(i.explain.split()) for i in ITEMS}
    assert "above just one card, the seven" in explain["betl-05"]
    assert "the only spade below the 9 and the 8" in explain["betl-01"]
    # and the engine agrees: only the seven catches the lone eight
    item5 = next(i for i in ITEMS if i.id == "betl-05")
    assert RESULTS["betl-05"].engine == ("7S",) and item5.kind == "betl-leads"


# -- lesson 12 --------------------------------------------------------------------------------

def _kovalevskaya_record() -> str:
    (cell,) = [c for c in _cells("code") if "KOVALEVSKAYA" in c]
    return re.search(r'KOVALEVSKAYA = """(.*?)"""', cell, re.DOTALL).group(1)


def test_kovalevskayas_betl_is_legal_by_the_balkan_rules():
    """The lesson seats the famous hand at a Balkan table: its record replays, the betl is
    led by the forehand, and the solver's answer is the one the lesson gives."""
    hand = replay(parse_record(_kovalevskaya_record()), partial=True)
    assert hand.contract.game is Game.BETL
    assert hand.leader == hand.seats[0]  # the forehand, the seat after the dealer
    a = betl_leads(hand.deal, declarer=hand.declarer, leader=hand.leader)
    assert a.caught and a.leads == CardSet.parse("DKQJT")
    code = "\n".join(_cells("code"))
    assert not re.search(r"leader\s*=\s*\d", code), "the leader must come from the Balkan record"


def test_lesson_names_the_croatian_verb_for_trumping():
    text = " ".join(_cells("markdown"))
    assert "*sijeći*" in text and "rezati" not in text

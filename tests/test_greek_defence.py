"""The defenders' decisions and obligations (seed 000 "Απάντηση των παιχτών")."""

import pytest

from prefa.errors import IllegalAction
from prefa.greek.contract import Contract
from prefa.greek.defence import (
    PERSONAL,
    Decision,
    Defence,
    Obligation,
    obligation_text,
    obligations,
    personal_obligation,
)

C = Contract.parse


def test_personal_obligation_table_is_data():
    assert PERSONAL == {6: (2, 2), 7: (2, 1), 8: (1, 1), 9: None, 10: (0, 0)}
    assert [personal_obligation(n, True) + personal_obligation(n, False)
            for n in (6, 7, 8)] == [4, 3, 2]         # = 10 − contract at 6, 7, 8


@pytest.mark.parametrize("word, decision", [
    ("παίζω", Decision.PLAY), ("Πάσο", Decision.PASS), ("μόνος", Decision.ALONE),
    ("παίξε κι εσύ", Decision.ALONG), ("Έλα κι εσύ", Decision.ALONG),
    ("πάμε μαζί", Decision.ALONG), ("παίζουμε όλοι μαζί", Decision.ALONG), ("along", Decision.ALONG)])
def test_greek_words(word, decision):
    assert Decision.find(word) is decision


def test_bad_word_names_it():
    with pytest.raises(IllegalAction, match="'κοντρα'"):
        Decision.find("κοντρα")


def test_illegal_decision_is_refused_and_changes_nothing():
    d = Defence(0, (1, 2), C("6H"))
    with pytest.raises(IllegalAction, match="seat 1 must now say one of play"):
        d.decide("along")
    assert d.decisions == [] and d.to_act == 1
    d.decide("play")
    d.decide("play")
    with pytest.raises(IllegalAction, match="complete"):
        d.decide("pass")
    assert d.undo() is Decision.PLAY and d.to_act == 2


def test_outcome_refused_while_open():
    d = Defence(0, (1, 2), C("6H"))
    with pytest.raises(IllegalAction, match="not complete"):
        d.outcome()


def test_obligations_taken_along_is_the_total_of_both():
    for n in (6, 7, 8, 9, 10):
        (o,) = obligations(C(f"{n}S"), (1, 2), (1, 2), along_by=2)
        assert o == Obligation((2,), (1, 2), 10 - n)


def test_obligation_texts_for_every_case():
    def text(contract, words):
        d = Defence(0, (1, 2), C(contract))
        for w in words:
            d.decide(w)
        return obligation_text(d.outcome())
    assert text("6H", ["pass", "pass"]) == "none"
    assert text("7H", ["pass", "play", "pass"]) == "1 alone"     # the second defender alone at 7
    assert text("9H", ["play", "pass", "alone"]) == "1 alone"
    assert text("9H", ["play", "play"]) == "1 between them"
    assert text("10H", ["play", "play"]) == "0 and 0"
    assert text("6H", ["pass", "along"]) == "4 together"


def test_defenders_must_be_the_other_two_seats():
    with pytest.raises(IllegalAction, match="two seats other than the buyer"):
        Defence(1, (1, 2), C("6H"))

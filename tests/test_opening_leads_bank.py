"""The opening-lead bank (prefa/data/quizzes/09_opening_leads.txt): at least 24
items, each checked by the engine, each shown as the leader sees it (issue 19)."""

from importlib import resources

import pytest

from prefa.balkan.quiz import _position
from prefa.quiz import check, load_quiz

TEXT = resources.files("prefa").joinpath("data/quizzes/09_opening_leads.txt").read_text("utf-8")
ITEMS, ERRORS = load_quiz(TEXT)


def test_the_bank_has_24_opening_lead_items_that_load():
    assert ERRORS == []
    assert len(ITEMS) >= 24 and {i.kind for i in ITEMS} == {"opening-lead"}
    assert len({i.id for i in ITEMS}) == len(ITEMS)


@pytest.mark.parametrize("item", ITEMS, ids=lambda i: i.id)
def test_each_item_agrees_with_the_engine_and_is_seen_by_the_leader(item):
    r = check(item)
    assert r.agrees and not r.disagreements, (item.id, r.engine, r.disagreements)
    hand = _position(item)
    assert item.seen_by == hand.play_state.to_move  # the seat on lead
    assert item.seen_by != hand.declarer


@pytest.mark.parametrize("item", ITEMS, ids=lambda i: i.id)
def test_schools_that_differ_are_named_in_the_item(item):
    if item.school_answers:
        said = (item.question + " " + item.explain).lower()
        assert "school" in said or all(name.lower() in said for name, _ in item.school_answers)


def test_the_themes_are_covered():
    reasons = [check(i).reason for i in ITEMS]
    for theme in ("Small through the declarer", "High through the partner", "Top of a sequence",
                  "Lead strong trumps", "Lone small trump when every side suit holds a trick",
                  "Lead the bid suit when called", "Lead your partner's bid suit",
                  "Lead the suit bought in the talon", "Betl: lead a singleton",
                  "Betl: lead a four-card suit", "Betl: lead the shortest suit"):
        assert any(r.startswith(theme + ":") for r in reasons), theme
    assert any(i.record.get("contract") == "sans" or "sans" in (i.record.get("auction") or "")
               for i in ITEMS)
    # the singleton trap: a side-suit singleton offered and refused
    assert sum("singleton" in i.question.lower() or "singleton" in i.explain.lower()
               for i in ITEMS if i.record.get("contract") not in (None, "sans")) >= 2


def test_lead_06_says_the_declarer_plays_after_the_leader():
    # Seat 0 leads, seat 1 declares: the declarer plays right after him, so the
    # leader's king sits in front of the declarer, never "behind him".
    item = next(i for i in ITEMS if i.id == "lead-06")
    hand = _position(item)
    assert hand.declarer == (item.seen_by + 1) % 3
    assert "behind him" not in item.explain
    assert "plays right after you" in item.explain and "through him" in item.explain

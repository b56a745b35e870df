"""The hands the lessons put on the card table play out as their texts say, when the learner
follows the table's own hints (lesson 12: a betl to defend, lesson 16: a Greek hand, lesson
18: a Russian one)."""

import pytest

from prefa.cards import card_name
from prefa.ui import TableSession


@pytest.mark.parametrize("ruleset, seed, opening, made", [
    ("greek", 49, "6S", "You make 7 Πρώτα (7♠)"),
    ("russian", 6, "6S", "You make 7♠ (семь пик)"),
])
def test_the_lesson_hand_is_bought_and_made_by_the_hints(ruleset, seed, opening, made):
    t = TableSession(seed=seed, ruleset=ruleset, open_hands=True, samples=3)
    acts = t.play_by_hints()
    assert acts[0] == {"type": "call", "call": opening}
    assert t.state()["result"]["words"].startswith(made)
    assert t.state()["sheet"] is not None


def test_the_lesson_12_betl_is_caught_by_the_hints():
    t = TableSession(seed=1070, open_hands=True, samples=3)
    t.act({"type": "call", "call": "pass"})  # right announces igra betl, left passes
    acts = t.play_by_hints()
    assert acts[0] == {"type": "decision", "decision": "decline"}  # može: no kontra
    tricks = t.hand.play_state.tricks
    first = next(i for i, tr in enumerate(tricks) if tr.winner == 1)
    assert first == 6 and [card_name(c) for c in tricks[first].cards[:2]] == ["8D", "9D"]
    assert t.state()["result"]["words"] == "Right goes down in igra betl with 4 tricks."


def test_lesson_14_shows_a_short_game_played_to_its_end():
    game = TableSession(seed=7, game_to=20, samples=3)
    acts = game.play_by_hints(whole_game=True)
    assert game.state()["phase"] == "done" and game.sheet.is_over
    assert sum(a["type"] == "next_hand" for a in acts) == 10  # eleven hands
    assert game.sheet.results() == (-18, 54, -36) and sum(game.sheet.results()) == 0


def test_play_by_hints_stops_at_the_end_of_the_hand_of_a_game():
    game = TableSession(seed=7, game_to=20, samples=3)
    game.play_by_hints()
    assert game.state()["phase"] == "hand_over" and not game.sheet.is_over

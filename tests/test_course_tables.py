"""The hands the lessons put on the card table play out as their texts say, when the learner
follows the table's own hints (lesson 12: a betl to defend, lesson 16: a Greek hand, lesson
18: a Russian one)."""

import pytest

from prefa.cards import card_name
from prefa.ui import TableSession

META = ("hint", "undo", "last_trick", "claim", "review", "next_hand", "pick")


def follow_the_hints(t: TableSession) -> list[dict]:
    """Play the learner's seat by the hints: the advised call, contract or decision (the
    control the hint names), the hint's two cards to put away, the solver's best card."""
    done = []
    for _ in range(300):
        s = t.state()
        if s["phase"] == "done":
            return done
        h = t.act({"type": "hint"})["hint"]
        if s["phase"] == "play":
            h = t.act({"type": "hint"})["hint"] or h
            act = {"type": "card", "card": h["cards"][0]}
        elif any(a["type"] == "pick" for a in s["legal"]):
            for c in h["cards"][:2]:
                t.act({"type": "pick", "card": c})
            act = {"type": "discard", "cards": h["cards"][:2]}
        else:
            named = [c for c in t.state()["controls"] if c.get("action") and c["label"] in h["text"]]
            act = min(named, key=lambda c: h["text"].index(c["label"]))["action"]  # named first
        assert t.act(act)["error"] is None, (act, h)
        done.append(act)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("ruleset, seed, opening, made", [
    ("greek", 49, "6S", "You make 7 Πρώτα (7♠)"),
    ("russian", 6, "6S", "You make 7♠ (семь пик)"),
])
def test_the_lesson_hand_is_bought_and_made_by_the_hints(ruleset, seed, opening, made):
    t = TableSession(seed=seed, ruleset=ruleset, open_hands=True, samples=3)
    acts = follow_the_hints(t)
    assert acts[0] == {"type": "call", "call": opening}
    assert t.state()["result"]["words"].startswith(made)
    assert t.state()["sheet"] is not None


def test_the_lesson_12_betl_is_caught_by_the_hints():
    t = TableSession(seed=1070, open_hands=True, samples=3)
    t.act({"type": "call", "call": "pass"})  # right announces igra betl, left passes
    acts = follow_the_hints(t)
    assert acts[0] == {"type": "decision", "decision": "decline"}  # može: no kontra
    tricks = t.hand.play_state.tricks
    first = next(i for i, tr in enumerate(tricks) if tr.winner == 1)
    assert first == 6 and [card_name(c) for c in tricks[first].cards[:2]] == ["8D", "9D"]
    assert t.state()["result"]["words"] == "Right goes down in igra betl with 4 tricks."

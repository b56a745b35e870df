"""The engine's declarer in betl does not throw away a betl that exact play makes
(issue 24: in lesson 12's hand he played the 7♦ under the Q♦ and was caught later)."""

import pytest

from prefa.balkan.hand import BalkanHand
from prefa.balkan.player import bot_action, play_position
from prefa.cards import card_name
from prefa.deal import SplitMix64
from prefa.solver import Solver, solve
from prefa.ui import TableSession

# the cards of lesson 12's betl (seed 1070) as the old engine played them, to the Q♦ lead
BEFORE_QD = ["AS", "9S", "TS", "KS", "JS", "TC", "QS", "7S", "KD", "9H", "7H", "8H", "QD"]


def _lesson_12_hand() -> BalkanHand:
    t = TableSession(seed=1070, open_hands=True, samples=3)
    t.act({"type": "call", "call": "pass"})
    t.act({"type": "decision", "decision": "decline"})
    return t.hand  # now played by hand, card by card, with no engine seat acting


def test_the_lesson_12_betl_is_made_with_exact_play():
    h = _lesson_12_hand()
    assert str(h.contract) == "igra betl" and h.declarer == 1
    assert solve(play_position(h)) == 0


@pytest.mark.parametrize("rng", range(20))
def test_the_betl_declarer_keeps_his_seven_under_the_queen(rng):
    h = _lesson_12_hand()
    for c in BEFORE_QD:
        h.apply_text(c)
    assert h.to_act == h.declarer == 1
    table = Solver().card_table(play_position(h))
    assert table[next(c for c in table if card_name(c) == "7D")] > 0  # the 7♦ now loses the betl
    card = bot_action(h, 1, SplitMix64(rng), samples=3)
    assert table[next(c for c in table if card_name(c) == card)] == 0

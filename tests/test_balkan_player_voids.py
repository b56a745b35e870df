"""The engine's card sampler keeps to what the play has shown (prefa.balkan.player).

A player who neither follows suit nor trumps, where he must trump, has shown
that he holds no trumps either: a layout that gives him one makes his card
illegal, and the solver refuses such a position.
"""

from __future__ import annotations

from prefa.balkan.player import apply_text, bot_action
from prefa.cards import card_name
from prefa.deal import SplitMix64
from prefa.ui.table import TableSession

# Seed 9 at the table: right plays diamonds; after three tricks seat 0, out of
# trumps and of spades, is to play to right's ace of spades.
TO_THE_ACE = [{"type": "call", "call": "pass"}, {"type": "decision", "decision": "follow"},
              {"type": "decision", "decision": "decline"}, {"type": "card", "card": "AD"},
              {"type": "card", "card": "KH"}, {"type": "card", "card": "JC"}]


def _table() -> TableSession:
    t = TableSession(seed=9)
    for action in TO_THE_ACE:
        assert t.act(action)["error"] is None, action
    assert [card_name(c) for c in t.hand.play_state.trick] == ["AS"] and t.hand.to_act == 0
    return t


def test_a_discard_off_suit_shows_no_trumps_either():
    for seed in range(12):
        h = _table().hand
        apply_text(h, "TH")   # neither a spade nor a trump
        assert bot_action(h, 1, SplitMix64(seed), 3) in [card_name(c) for c in h.legal_cards()]


def test_the_table_goes_on_after_that_discard():
    t = _table()
    st = t.act({"type": "card", "card": "TH"})
    assert st["error"] is None and st["my_turn"]
    assert any(a["type"] == "card" for a in st["legal"])

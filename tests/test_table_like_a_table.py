"""The card table behaves like a real one (issue 24, item 4): every decision that
is the learner's is asked of him, a finished trick stays on the felt, a one-hand
table deals another, the badges say what a seat said last, the hints agree."""

from __future__ import annotations

import random

import pytest

from prefa.russian.hand import Whist
from prefa.ui import TableSession

GAME = {"call", "decision", "contract", "pick", "discard", "card"}


def _others_play_my_cards(t: TableSession, hand) -> bool:
    """True when the rules give the learner's cards to another seat: the Russian
    passer whose partner whists alone (his hand lies open and the whister plays it)."""
    if t.ruleset != "russian" or t.rs.phase(hand) != "play" or hand.contract is None:
        return False
    said = dict(hand.whists)
    return (not hand.contract.is_misere and said.get(t.seat) is Whist.PASS
            and Whist.WHIST in said.values())


def _spy_engine(t: TableSession) -> list[tuple[str, int]]:
    """Record every step the engine took for the learner's seat (it should take none)."""
    taken: list[tuple[str, int]] = []
    engine = t.rs.bot_action

    def spy(hand, seat, rng, samples, sheet):
        if hand.to_act == t.seat and not _others_play_my_cards(t, hand):
            taken.append((t.rs.phase(hand), len(hand.steps)))
        return engine(hand, seat, rng, samples, sheet)
    t.rs.bot_action = spy  # type: ignore[method-assign]
    return taken


@pytest.mark.parametrize("ruleset", ["balkan", "greek", "russian"])
def test_every_decision_of_the_learner_is_asked_of_him(ruleset):
    """Over many deals the engine never takes a step for seat 0: when the hand waits
    for him (a call, whist or pass, follow or come, kontra, the discard, a card) the
    table asks him (his turn, with the actions to choose from).  The learner passes
    most auctions, so that the others declare and he must answer them."""
    asked = set()
    for seed in range(40):
        t = TableSession(seed=seed, ruleset=ruleset, samples=1)
        taken = _spy_engine(t)
        t._start_hand()  # deal again, with the spy in place from the first step
        rnd = random.Random(seed)
        s = t.state()
        while s["phase"] not in ("done", "hand_over"):
            h = t.hand
            if h.to_act == t.seat and not _others_play_my_cards(t, h):
                assert s["my_turn"], (seed, s["phase"])
            acts = [a for a in s["legal"] if a["type"] in GAME]
            assert acts, (seed, s["phase"], s["legal"])
            asked.add(s["phase"])
            passes = [a for a in acts if a.get("call") in ("pass", "pas")]
            a = passes[0] if passes and rnd.random() < 0.8 else rnd.choice(acts)
            s = t.act(a)
            assert s["error"] is None, s["error"]
        assert not taken, (seed, taken)
    assert {"auction", "defence", "play"} <= asked

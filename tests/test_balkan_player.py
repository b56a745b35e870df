"""The engine player (prefa.balkan.player): legal and deterministic actions through
whole hands, the talon rule, decisions the conventions do not cover, the review."""

import pytest

from prefa.balkan.hand import BalkanHand, Phase
from prefa.balkan.player import Mistake, bot_action, review
from prefa.balkan.player import apply_text as _apply
from prefa.cards import card_name
from prefa.deal import Deal, SplitMix64, random_deal
from prefa.errors import PrefaError
from prefa.solver import Position, Solver, wants_tricks


def test_the_declarer_given_a_kontra_declines_rather_than_raise_unadvised():
    h = BalkanHand(Deal.parse("SAKQJT HAKQ DAK / S98 H987 DQJT9 C7 / HJT D87 CAKQJT9 | S7 C8"))
    for c in ["2", "pass", "pass"]:
        h.call(c)
    h.discard("S7 C8")
    h.declare("spades")
    h.decide("follow")
    h.decide("follow")
    h.decide("kontra")
    assert h.to_act == 0 and [d.value for d in h.defence.legal()] == ["rekontra", "decline"]
    assert bot_action(h, 0, SplitMix64(0)) == "decline"


def _bot_hand(seed: int) -> tuple[BalkanHand, list[str]]:
    h = BalkanHand(random_deal(seed))
    rng = SplitMix64(seed)
    acts = []
    while h.to_act is not None:
        a = bot_action(h, h.to_act, rng, samples=2)
        before = len(h.steps)
        _apply(h, a)  # raises when illegal
        assert len(h.steps) == before + 1
        acts.append(a)
    return h, acts


def test_bot_actions_are_legal_through_whole_hands():
    played = 0
    for seed in range(12):
        h, _acts = _bot_hand(seed)
        assert h.phase is Phase.DONE
        h.result()
        if h.play_state is not None:
            played += 1
            assert sum(h.tricks) in range(5, 11)
    assert played >= 2


def test_bot_cards_are_legal_and_deterministic():
    h1, a1 = _bot_hand(3)
    _h2, a2 = _bot_hand(3)
    assert a1 == a2 and h1.play_state is not None


def test_bot_refuses_wrong_seat():
    h = BalkanHand(random_deal(3))
    other = (h.to_act + 1) % 3
    with pytest.raises(PrefaError, match="not to act"):
        bot_action(h, other, SplitMix64(0))


def test_talon_rule_discards_low_cards_outside_the_longest_suit():
    h = BalkanHand(Deal.parse("SAKQJT HAKQ DAK / S98 H987 DQJT9 C7 / HJT D87 CAKQJT9 | S7 C8"))
    for c in ["2", "pass", "pass"]:
        h.call(c)
    # twelve cards: SAKQJT7 HAKQ DAK C8 -> spades longest; lowest outside: 8C, then QH
    assert bot_action(h, 0, SplitMix64(0)) == "8C QH"
    _apply(h, bot_action(h, 0, SplitMix64(0)))
    assert bot_action(h, 0, SplitMix64(0)) == "spades"


def test_review_finds_a_deliberate_mistake():
    seed = 3
    h = BalkanHand(random_deal(seed))
    rng = SplitMix64(seed)
    while h.phase is not Phase.PLAY:
        _apply(h, bot_action(h, h.to_act, rng, samples=2))
    tp = h.play_state
    goal = "betl" if h.contract.game.name == "BETL" else "tricks"
    out = next((s for s in range(3) if s not in tp.active), None)
    blunder = None
    while blunder is None:
        seat = tp.to_move
        pos = Position(tuple(tp.hands), h.declarer, tp.leader, tp.rules, goal,
                       tuple(tp.trick), tp.won[h.declarer], out)
        table = Solver().card_table(pos)
        sign = 1 if wants_tricks(pos, seat) else -1
        best = max(sign * v for v in table.values())
        bad = [c for c in table if sign * table[c] < best]
        if bad:
            blunder = (seat, len(tp.tricks) + 1, bad[0], best - sign * table[bad[0]])
            h.play(bad[0])
        else:
            _apply(h, bot_action(h, seat, rng, samples=2))
    while h.to_act is not None:
        _apply(h, bot_action(h, h.to_act, rng, samples=2))
    seat, trick_no, card, lost = blunder
    found = review(h, seat)
    m = next(m for m in found if m.trick_no == trick_no and m.card == card_name(card))
    assert isinstance(m, Mistake) and m.tricks_lost == lost
    assert m.best_cards and card_name(card) not in m.best_cards
    assert str(m).startswith(f"trick {trick_no}: {card_name(card)} cost")

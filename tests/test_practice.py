"""The practice table: engine opponents, the review, the widget."""

import pytest

from prefa.balkan.hand import BalkanHand, Phase
from prefa.cards import card_name
from prefa.deal import SplitMix64, random_deal
from prefa.errors import PrefaError
from prefa.practice import Mistake, PracticeTable, _apply, bot_action, review
from prefa.solver import Position, Solver, wants_tricks


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
    from prefa.deal import Deal
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


def _play_first_legal(t: PracticeTable) -> None:
    for _ in range(200):
        if t.hand.phase is Phase.DONE:
            return
        opts = t.legal_options()
        assert opts, t.state
        text = " ".join(opts[:2]) if t.hand.phase is Phase.DISCARD else opts[0]
        assert t.act(text), t.state
    raise AssertionError("the hand did not finish")


def test_practice_table_plays_hands_to_the_review():
    t = PracticeTable(seed=3, seat=0, samples=2)
    reviewed = False
    for _ in range(8):
        _play_first_legal(t)
        assert t.hand.phase is Phase.DONE
        assert "Hand over" in t.state
        assert "Result" in t.text
        assert t.sheet.hands == t.number + 1
        if t.hand.play_state is not None:
            assert "Review" in t.state and "Review" in t.after.value
            reviewed = True
            break
        assert t.next_hand()
    assert reviewed
    html = t._repr_mimebundle_()["text/html"]
    assert "Result" in html


def test_practice_table_refuses_bad_input_and_changes_nothing():
    t = PracticeTable(seed=0, seat=0, samples=2)
    before = (t.state, len(t.hand.steps))
    assert not t.act("XYZ")
    assert len(t.hand.steps) == before[1]
    assert "Error" in t.state and t.msg.value
    assert not t.act("9")  # not a legal call now (or not his turn)
    assert len(t.hand.steps) == before[1]
    assert not t.next_hand()  # the hand is not over yet
    assert "finish this hand first" in t.state
    _play_first_legal(t)
    steps = len(t.hand.steps)
    assert not t.act("pass")  # the hand is over
    assert len(t.hand.steps) == steps and "not your turn" in t.state


def test_practice_table_buttons_show_the_legal_options():
    t = PracticeTable(seed=0, seat=0, samples=2)
    if t.hand.to_act == 0 and t.hand.phase is Phase.AUCTION:
        descs = [b.description for b in t.options.children]
        assert descs == t.legal_options()
        t.options.children[0].click()
        assert t.hand.steps

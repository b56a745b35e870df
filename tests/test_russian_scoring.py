"""The Russian sheet beyond the seed's own statements: the decisions written
down in prefa/russian/scoring.py (full pools, the whister's quota, Gusarik),
the sheet's text and the settlement."""

from fractions import Fraction

import pytest

from prefa.errors import IllegalAction
from prefa.russian.contract import MISERE, Contract
from prefa.russian.options import RussianRules
from prefa.russian.scoring import (
    HandResult,
    Outcome,
    Sheet,
    apply_change,
    play_sheet,
    score_change,
    score_hand,
    settle,
)

C = Contract.parse


def made(declarer, contract, tricks_decl, whisters=None, players=3):
    t = [0] * 3
    t[declarer] = tricks_decl
    rest = 10 - tricks_decl
    d1 = (declarer + 1) % 3
    t[d1] = rest
    return HandResult.played(declarer, C(contract), tuple(t), whisters)


def test_full_pool_overflow_helps_the_next_player_on_the_left():
    s = play_sheet([HandResult.not_played(0, C("9S"))])          # seat 0 pool 8
    ch = score_change(s, HandResult.not_played(0, C("7S")))       # +4: 2 fill, 2 to help
    assert ch.pool == (2, 2, 0)
    assert ch.whists == ((0, 1, 20),)                              # 10 whists per point
    s = apply_change(s, ch)
    assert s.pool == (10, 2, 0)
    # the helped player's balance is unchanged: +2 pool, −20 whists
    assert settle(s).values[1] == 0


def test_overflow_skips_full_pools_and_then_comes_off_the_gora():
    rules = RussianRules(pools_to_finish=3)
    s = play_sheet([HandResult.not_played(0, C("10S")), HandResult.not_played(1, C("10S")),
                    HandResult.played(0, C("6S"), (5, 5, 0))], rules)  # seat 0 gora 2
    ch = score_change(s, HandResult.not_played(0, C("7S")))
    assert ch.pool == (0, 0, 4) and ch.whists == ((0, 2, 40),)
    s = play_sheet([HandResult.not_played(0, C("10S")), HandResult.not_played(1, C("10S")),
                    HandResult.not_played(2, C("9S")), HandResult.played(0, C("6S"), (5, 5, 0))],
                   rules)
    ch = score_change(s, HandResult.not_played(0, C("7S")))
    assert ch.pool == (0, 0, 2) and ch.gora == (-2, 0, 0)


def test_leningrad_overflow_whists_are_doubled_too():
    rules = RussianRules(variant="leningrad")
    s = play_sheet([HandResult.not_played(0, C("9S"))], rules)
    ch = score_change(s, HandResult.not_played(0, C("7S")))
    assert ch.whists == ((0, 1, 40),)
    # pool ×2 at the settlement: the helped player is still even
    assert settle(apply_change(s, ch)).values[1] == 0


def test_raspasovka_points_overflow_like_any_pool_points():
    s = play_sheet([HandResult.not_played(0, C("10S"))])
    ch = score_change(s, HandResult.raspasovka((0, 4, 6)))
    assert ch.pool == (0, 1, 0) and ch.whists == ((0, 1, 10),)


def test_whist_quota_two_whisters_share_it_and_are_excused_together():
    rules = RussianRules(whist_quota=True)
    # 6♠: quota 4; first whister share 2, second 2
    ok = score_change(Sheet.new(rules), HandResult.played(0, C("6S"), (6, 4, 0)))
    assert ok.gora == (0, 0, 0)
    short = score_change(Sheet.new(rules), HandResult.played(0, C("6S"), (7, 2, 1)))
    assert short.gora == (0, 0, 2)           # seat 2 one short of his 2: 2 × 1
    both = score_change(Sheet.new(rules), HandResult.played(0, C("6S"), (8, 1, 1)))
    assert both.gora == (0, 2, 2)
    # 7♠: quota 2 shared 1 and 1; 10: none
    seven = score_change(Sheet.new(rules), HandResult.played(0, C("7S"), (9, 0, 1)))
    assert seven.gora == (0, 4, 0)
    ten = score_change(Sheet.new(rules), HandResult.played(0, C("10S"), (10, 0, 0)))
    assert ten.gora == (0, 0, 0)


def test_whist_quota_is_off_by_default():
    ch = score_change(Sheet.new(), HandResult.played(0, C("6S"), (9, 1, 0), whisters=(1,)))
    assert ch.gora == (0, 0, 0)


def test_failed_contract_gives_whisters_only_the_undertrick_whists():
    ch = score_change(Sheet.new(), HandResult.played(0, C("6S"), (4, 5, 1), whisters=(1,)))
    assert ch.whists == ((1, 0, 4), (2, 0, 4))


def test_misere_writes_no_whists_and_both_defenders_play():
    h = HandResult.played(0, MISERE, (1, 4, 5), whisters=(1,))
    assert h.whisters == {1, 2}
    assert score_change(Sheet.new(), h).whists == ()
    assert score_change(Sheet.new(RussianRules(variant="leningrad")), h).gora == (20, 0, 0)
    assert score_change(Sheet.new(RussianRules(variant="rostov")), h).gora == (10, 0, 0)


def test_raspasovka_gora_doubled_in_leningrad_pool_not():
    ch = score_change(Sheet.new(RussianRules(variant="leningrad")),
                      HandResult.raspasovka((0, 3, 7)))
    assert ch.pool == (1, 0, 0) and ch.gora == (0, 6, 14)


def test_notes_explain_every_entry():
    ch = score_change(Sheet.new(), HandResult.played(0, C("7S"), (7, 2, 1), whisters=(1,)))
    assert ch.notes == ("seat 0 makes 7♠: pool +4",
                        "seat 1 writes 3 whists on seat 0 for the 3 tricks of both defender hands",
                        "seat 0 writes 4 whists on seat 2 who passed (the contract's value 4)")


def test_sheet_text_shows_dotted_columns():
    s = play_sheet([HandResult.not_played(0, C("6S")), HandResult.not_played(0, C("7S")),
                    HandResult.played(1, C("6S"), (4, 5, 1))])
    assert str(s).splitlines() == [
        "seat 0: pool 2.6 | gora 0 | whists on 1: 2, on 2: 0",
        "seat 1: pool 0 | gora 2 | whists on 0: 0, on 2: 0",
        "seat 2: pool 0 | gora 0 | whists on 0: 0, on 1: 2",
        "pool target 10 (sochi); 3 hands"]


def test_impossible_facts_are_refused():
    for bad in (HandResult.played(0, C("6S"), (6, 3, 0)),
                HandResult(Outcome.PLAYED, 0, C("6S"), (6, 4, 0), frozenset(), (1, 2)),
                HandResult(Outcome.PLAYED, 0, C("6S"), (6, 4, 0), frozenset({0}), (1, 2)),
                HandResult.raspasovka((-1, 5, 6))):
        with pytest.raises(IllegalAction):
            score_change(Sheet.new(), bad)
    with pytest.raises(IllegalAction, match="4 players on a sheet of 3"):
        score_change(Sheet.new(), HandResult.raspasovka((3, 3, 4, 0), sitting_out=3))
    with pytest.raises(IllegalAction, match="sitting_out"):
        HandResult.raspasovka((3, 3, 4, 0))


def test_gusarik_settlement_sums_to_zero_over_four():
    rules = RussianRules(players=4)
    s = play_sheet([HandResult.played(0, C("7S"), (5, 4, 1, 0), whisters=(1,), sitting_out=3),
                    HandResult.raspasovka((0, 2, 0, 8), sitting_out=2)], rules)
    assert s.whists[3][0] == 8 and s.pool == (1, 0, 0, 0) and s.gora == (8, 2, 0, 8)
    st = settle(s)
    assert sum(st.net) == 0 and len(st.net) == 4


def test_settlement_equals_the_classical_gora_times_ten_over_three():
    """For three players, "each player pays gora × 10 / 3 whists to each
    opponent" after the pools are topped up into the gora gives the same
    results as the module's pool − gora − average (without whists)."""
    s = play_sheet([HandResult.not_played(0, C("8S")), HandResult.played(1, C("7S"), (2, 5, 3)),
                    HandResult.raspasovka((4, 0, 6))])
    target = s.rules.pool_target
    g = [s.gora[p] + (target - s.pool[p]) for p in range(3)]
    pay = [sum(Fraction(10 * g[q], 3) for q in range(3) if q != p) - 2 * Fraction(10 * g[p], 3)
           for p in range(3)]
    whists = [sum(s.whists[p]) - sum(s.whists[q][p] for q in range(3)) for p in range(3)]
    assert settle(s).whists == tuple(Fraction(pay[p] + whists[p]) for p in range(3))


def test_transfers_settle_every_result():
    s = play_sheet([HandResult.played(0, C("6S"), (3, 4, 3)), HandResult.raspasovka((0, 1, 9))])
    st = settle(s)
    bal = [Fraction(0)] * 3
    for payer, payee, amt in st.transfers():
        assert amt > 0
        bal[payer] -= amt
        bal[payee] += amt
    assert tuple(bal) == st.net
    assert "result" in str(st)


def test_score_hand_after_the_end_is_refused():
    s = play_sheet([HandResult.not_played(0, C("10S")), HandResult.not_played(1, C("10S"))])
    assert s.is_over
    with pytest.raises(IllegalAction):
        score_hand(s, HandResult.not_played(2, C("6S")))

"""Every worked example RULES.md §1 cites, named after its source in seed 001.

Seat 0 is the forehand (Milenko in the seed's examples), seat 1 the next
(Dule/Dusko), seat 2 the last (Igor/Nikola), unless the example says otherwise.
"""

from dataclasses import replace

import pytest

from prefa.balkan.auction import Auction, AuctionResult
from prefa.balkan.contract import Contract, Game
from prefa.balkan.hand import BalkanHand, Phase
from prefa.balkan.options import BalkanRules
from prefa.balkan.scoring import (
    HandResult,
    Outcome,
    Sheet,
    hand_base,
    score_change,
    score_hand,
    write_off,
    write_off_shares,
)
from prefa.errors import IllegalCall

CLUBS = Contract(Game.CLUBS)


def auction(text, **opts):
    return Auction.from_text(text, BalkanRules(**opts))


# -- the auction: seed 001 v1.2 ch.7 ------------------------------------------------
def test_seed001_ch7_example1_two_then_passes_wins_with_any_game():
    h = BalkanHand()
    for c in "2 pass pass".split():
        h.call(c)
    assert h.declarer == 0 and h.phase is Phase.DECLARE
    assert [str(c) for c in h.legal_contracts()] == [
        "spades", "diamonds", "hearts", "clubs", "betl", "sans"]


def test_seed001_ch7_example2_winner_at_three_plays_diamonds_or_higher():
    h = BalkanHand()
    for c in ["pass", "2", "3", "pass"]:
        h.call(c)
    assert h.declarer == 2
    assert Contract(Game.SPADES) not in h.legal_contracts()
    assert Contract(Game.DIAMONDS) in h.legal_contracts()


def test_seed001_ch7_example3_first_holds_three_next_must_say_four():
    a = auction("2, 3, pass, hold 3")
    assert a.to_call == 1
    assert [str(c) for c in a.legal_calls()] == ["pass", "4"]


def test_seed001_ch7_example4_rules_digest_auction():
    a = auction("2, 3, 4, hold 4, 5, pass, hold 5, 6, hold 6, pass")
    assert a.result() == AuctionResult(0, number=6)
    h = BalkanHand()
    for c in "2, 3, 4, hold 4, 5, pass, hold 5, 6, hold 6, pass".split(", "):
        h.call(c)
    assert [str(c) for c in h.legal_contracts()] == ["betl", "sans"]


def test_seed001_ch7_example5_hold_passes_to_the_second_player():
    a = auction("2, 3, 4, pass, hold 4, 5, hold 5, 6, hold 6, pass")
    assert a.result() == AuctionResult(1, number=6)


def test_seed001_ch7_example6_three_passes_refe():
    a = auction("pass, pass, pass")
    assert a.result().all_passed


# -- igra: seed 001 v1.2 ch.8 -------------------------------------------------------
def test_seed001_ch8_example1_igra_takes_no_talon_and_plays_a_suit():
    h = BalkanHand()
    for c in ["pass", "2", "igra", "pass"]:
        h.call(c)
    assert h.declarer == 2 and h.phase is Phase.DECLARE
    assert [str(c) for c in h.legal_contracts()] == [
        "igra spades", "igra diamonds", "igra hearts", "igra clubs"]


def test_seed001_ch8_example2_betl_announced_directly():
    a = auction("pass, betl, pass")
    assert a.result().contract == Contract(Game.BETL, igra=True)


def test_seed001_ch8_example3_sans_outranks_betl():
    a = auction("pass, betl, sans")
    r = a.result()
    assert r.winner == 2 and r.contract == Contract(Game.SANS, igra=True)


def test_seed001_ch8_example4_after_igra_next_may_say_igra_betl_or_sans():
    a = auction("igra")
    assert [str(c) for c in a.legal_calls()] == ["pass", "igra", "betl", "sans"]


def test_seed001_ch8_example5_reveal_in_seat_order():
    # Milenko "mine is 2", Dule "mine is 5", Igor "mine is weaker".
    a = auction("igra, igra, igra, spades, clubs, good")
    r = a.result()
    assert r.winner == 1 and r.contract == Contract(Game.CLUBS, igra=True)


def test_rules_igra_nobody_else_may_name_spades():
    a = auction("igra, igra, pass, hearts")
    with pytest.raises(IllegalCall, match="not higher"):
        a.call("diamonds")
    b = auction("igra, igra, pass")
    b.call("clubs")
    with pytest.raises(IllegalCall, match="nobody may name spades"):
        b.call("spades")


def test_rules_igra_equal_games_earlier_seat_wins_by_default_later_by_option():
    a = auction("igra, igra, pass, hearts")
    assert "hearts" not in [str(c) for c in a.legal_calls()]
    b = auction("igra, igra, pass, hearts, hearts", igra_tie="later")
    assert b.result().winner == 1


# -- defence: seed 001 v1.2 ch.9 ----------------------------------------------------
def declared(contract="clubs", auction_text="igra, pass, pass"):
    h = BalkanHand()
    for c in auction_text.split(", "):
        h.call(c)
    h.declare(contract)
    return h


@pytest.mark.parametrize("words, playing, played", [
    (["pass", "follow", "alone", "decline"], {0, 2}, True),  # example 1
    (["follow", "follow", "decline", "decline"], {0, 1, 2}, True),   # example 2
    (["pass", "pass"], set(), False),                        # example 3
    (["follow", "pass", "call", "decline"], {0, 1, 2}, True),  # example 4
    (["pass", "follow", "call", "decline"], {0, 1, 2}, True),  # example 5
])
def test_seed001_ch9_examples_1_to_5_following(words, playing, played):
    h = declared()
    for w in words:
        h.decide(w)
    o = h.defence.outcome()
    assert o.played is played and set(o.playing) == playing
    assert h.phase is (Phase.PLAY if played else Phase.DONE)


def test_seed001_ch9_example3_both_pass_declarer_writes_ten_tricks():
    h = declared("clubs", "2, pass, pass")
    h.decide("pass"), h.decide("pass")
    res = h.result()
    assert res.outcome is Outcome.DEFENDERS_PASSED
    assert score_hand(Sheet.new(), res).bule == (90, 100, 100)


# -- kontra: seed 001 v1.2 ch.10 ----------------------------------------------------
def test_seed001_ch10_examples_2_3_moze_passes_kontra_to_the_other():
    h = declared()
    for w in ["follow", "follow", "decline", "kontra", "decline"]:
        h.decide(w)
    o = h.defence.outcome()
    assert o.kontra_giver == 2 and o.kontra == 2
    h2 = declared()
    for w in ["follow", "follow", "decline", "decline"]:
        h2.decide(w)
    assert h2.defence.outcome().kontra == 1


def test_seed001_ch10_example5_kontra_brings_in_the_passing_defender():
    h = declared()
    for w in ["pass", "follow", "alone", "kontra", "decline"]:
        h.decide(w)
    o = h.defence.outcome()
    assert set(o.playing) == {0, 1, 2} and o.kontra_giver == 2


def test_seed001_ch10_examples_6_to_8_rekontra_subkontra_mortkontra():
    h = declared()
    for w in ["follow", "follow", "kontra", "rekontra", "subkontra", "mortkontra"]:
        h.decide(w)
    assert h.defence.outcome().kontra == 16 and h.phase is Phase.PLAY


def test_rules_croatian_kontra_stops_at_subkontra():
    h = BalkanHand(rules=BalkanRules(kontra_limit=8))
    for c in ["igra", "pass", "pass"]:
        h.call(c)
    h.declare("clubs")
    for w in ["follow", "follow", "kontra", "rekontra", "subkontra"]:
        h.decide(w)
    assert h.defence.outcome().kontra == 8 and h.phase is Phase.PLAY


def test_seed001_ch10_example9_spades_without_kontra_is_not_played():
    h = declared("spades", "2, pass, pass")
    for w in ["follow", "follow", "decline", "decline"]:
        h.decide(w)
    res = h.result()
    assert res.outcome is Outcome.SPADES_NOT_PLAYED
    s = score_hand(Sheet.new(), res)
    assert s.refe == (1, 1, 1) and s.bule == (100, 100, 100)


def test_rules_spades_without_kontra_declarer_passes_when_no_refe_may_be_written():
    sheet = replace(Sheet.new(), bule=(-4, 50, 54))       # someone under the hat
    h = declared("spades", "2, pass, pass")
    h.decide("pass"), h.decide("pass")
    s = score_hand(sheet, h.result())
    assert s.bule == (-8, 50, 54) and s.refe == (0, 0, 0)


def test_rules_igra_spades_needs_no_kontra():
    h = declared("spades", "igra, pass, pass")
    for w in ["follow", "pass", "alone", "decline"]:
        h.decide(w)
    assert h.phase is Phase.PLAY


# -- refe: seed 001 v1.2 ch.11 --------------------------------------------------------
def test_seed001_ch11_example1_2_refe_doubles_and_is_ticked_off():
    sheet = replace(Sheet.new(), refe=(0, 0, 2), refe_rounds=2)
    res = HandResult.played_hand(declarer=2, contract=CLUBS, tricks=(2, 2, 6),
                                 followers=(0, 1))
    s = score_hand(sheet, res)
    assert s.bule[2] == 100 - 20 and s.refe == (0, 0, 1)
    assert s.supe[0][2] == 40 and s.supe[1][2] == 40


def test_rules_refe_limit_one_per_thirty_bule():
    s = Sheet.new()
    for _ in range(5):
        s = score_hand(s, HandResult(Outcome.REFE))
    assert s.refe_rounds == 3 and s.refe == (3, 3, 3)


def test_rules_no_refe_while_anyone_is_under_the_hat():
    s = replace(Sheet.new(), bule=(-2, 100, 100))
    assert score_hand(s, HandResult(Outcome.REFE)).refe == (0, 0, 0)


# -- scoring: seed 001 v1.2 ch.13 -----------------------------------------------------
def test_seed001_ch13_example4_pass_on_clubs_minus_ten_defender_falls():
    # Milenko makes clubs; Dusko followed and fell, Nikola passed (did not follow).
    res = HandResult.played_hand(declarer=0, contract=CLUBS, tricks=(9, 1, 0), followers=(1,))
    ch = score_change(Sheet.new(), res)
    assert ch.bule == (-10, 10, 0)
    assert ch.supe == ((1, 0, 10),)


def test_seed001_ch13_example5_igra_diamonds_made_one_defender_falls():
    res = HandResult.played_hand(declarer=0, contract=Contract(Game.DIAMONDS, igra=True),
                                 tricks=(7, 2, 1), followers=(1, 2))
    ch = score_change(Sheet.new(), res)
    assert ch.bule == (-8, 0, 8)


def test_seed001_ch13_example6_betl_kontra_general_doubling_rule():
    # v1.2 writes 12; RULES.md: the general doubling rule wins, so 2*6*2 = 24.
    res = HandResult.played_hand(declarer=0, contract=Contract(Game.BETL), tricks=(0, 6, 4),
                                 kontra=2, kontra_giver=2)
    ch = score_change(Sheet.new(), res)
    assert ch.bule == (-24, 0, 24)
    assert ch.supe == ()


def test_seed001_ch13_example7_hat_after_betl_pass():
    sheet = replace(Sheet.new(), bule=(8, 100, 100))
    s = score_hand(sheet, HandResult.played_hand(declarer=0, contract=Contract(Game.BETL),
                                                 tricks=(0, 5, 5)))
    assert s.bule[0] == -4 and s.under_hat(0)


def test_seed001_ch13_example9_two_tricks_on_clubs_write_twenty_supe():
    res = HandResult.played_hand(declarer=0, contract=CLUBS, tricks=(6, 2, 2), followers=(1, 2))
    ch = score_change(Sheet.new(), res)
    assert ch.supe == ((1, 0, 20), (2, 0, 20))
    assert ch.bule == (-10, 0, 0)


def test_seed001_ch13_example10_three_and_one_trick_nobody_falls():
    res = HandResult.played_hand(declarer=0, contract=CLUBS, tricks=(6, 3, 1), followers=(1, 2))
    ch = score_change(Sheet.new(), res)
    assert ch.supe == ((1, 0, 30), (2, 0, 10)) and ch.bule == (-10, 0, 0)


def test_seed001_ch13_example11_caller_writes_all_supe_and_falls():
    res = HandResult.played_hand(declarer=0, contract=Contract(Game.HEARTS), tricks=(7, 3, 0),
                                 followers=(1,), caller=1)
    ch = score_change(Sheet.new(), res)
    assert ch.supe == ((1, 0, 24),)
    assert ch.bule == (-8, 8, 0)


def test_seed001_ch13_example12_kontra_on_igra_clubs_120_supe():
    # "5*6*2*2 = 120": the second factor read as the kontra (RULES.md).
    res = HandResult.played_hand(declarer=0, contract=Contract(Game.CLUBS, igra=True),
                                 tricks=(5, 3, 2), followers=(1, 2), kontra=2, kontra_giver=1)
    ch = score_change(Sheet.new(), res)
    assert ch.supe == ((1, 0, 120),)
    assert ch.bule == (24, 0, 0)


def test_seed001_ch13_example13_rekontra_igra_spades_under_refe_240_supe():
    sheet = replace(Sheet.new(), refe=(1, 1, 1), refe_rounds=1)
    res = HandResult.played_hand(declarer=0, contract=Contract(Game.SPADES, igra=True),
                                 tricks=(5, 4, 1), followers=(1, 2), kontra=4, kontra_giver=1)
    ch = score_change(sheet, res)
    assert hand_base(Contract(Game.SPADES, igra=True), 4, True) == 48
    assert ch.supe == ((1, 0, 240),)
    assert ch.bule == (48, 0, 0) and ch.refe_ticked == 0


@pytest.mark.parametrize("igra, supe, bule", [(False, 60, 12), (True, 70, 14)])
def test_seed001_ch13_betl_lost_defenders_write_60_or_70(igra, supe, bule):
    res = HandResult.played_hand(declarer=0, contract=Contract(Game.BETL, igra=igra),
                                 tricks=(1, 5, 4))
    ch = score_change(Sheet.new(), res)
    assert ch.supe == ((1, 0, supe), (2, 0, supe)) and ch.bule == (bule, 0, 0)


@pytest.mark.parametrize("igra, supe, bule", [(False, 80, 16), (True, 90, 18)])
def test_balkanski_preferans_lost_defenders_write_80_or_90(igra, supe, bule):
    res = HandResult.played_hand(declarer=0, contract=Contract(Game.PREFERANS, igra=igra),
                                 tricks=(9, 1, 0))
    ch = score_change(Sheet.new(BalkanRules(preferans_game=True)), res)
    assert ch.supe == ((1, 0, supe), (2, 0, supe)) and ch.bule == (bule, 0, 0)


def test_seed001_ch13_example2_3_game_ends_when_bule_sum_to_zero():
    assert replace(Sheet.new(), bule=(10, 8, -18)).is_over
    assert not replace(Sheet.new(), bule=(20, 10, -10)).is_over


def test_balkanski_end_last_pass_is_cut_to_reach_zero_supe_stay_full():
    sheet = replace(Sheet.new(), bule=(4, 0, 0))
    res = HandResult.played_hand(declarer=0, contract=CLUBS, tricks=(6, 2, 2), followers=(1, 2))
    s = score_hand(sheet, res)
    assert s.bule == (0, 0, 0) and s.is_over
    assert s.supe[1][0] == 20 and s.supe[2][0] == 20


def test_croatian_end_reduced_supe_option():
    sheet = replace(Sheet.new(BalkanRules(reduced_supe_at_end=True)), bule=(4, 0, 0))
    res = HandResult.played_hand(declarer=0, contract=CLUBS, tricks=(6, 2, 2), followers=(1, 2))
    s = score_hand(sheet, res)
    assert s.bule == (0, 0, 0) and s.supe[1][0] == 8 and s.supe[2][0] == 8


def test_balkanski_end_a_fall_never_ends_the_game():
    sheet = replace(Sheet.new(), bule=(4, 0, 0))
    res = HandResult.played_hand(declarer=0, contract=CLUBS, tricks=(8, 1, 1), followers=(1, 2))
    s = score_hand(sheet, res)
    assert s.bule == (-6, 10, 10) and not s.is_over


def test_seed001_ch14_example1_final_result():
    # 12 bule, 200 supe written by him, 120 written against him: -200 + 120 + 120 = 40.
    sheet = replace(Sheet.new(), bule=(12, -6, -6),
                    supe=((0, 100, 100), (80, 0, 0), (40, 0, 0)))
    assert sheet.results()[0] == 40
    assert sum(sheet.results()) == 0
    assert sheet.results_positive_good()[0] == -40


@pytest.mark.parametrize("bule, shares, after", [
    ((20, 30, 40), (30, 30, 30), (-10, 0, 10)),      # example 14
    ((24, 34, 28), (28, 29, 29), (-4, 5, -1)),       # example 15
    ((8, 2, 0), (4, 3, 3), (4, -1, -3)),             # example 16
])
def test_seed001_ch13_examples_14_to_16_otpisivanje(bule, shares, after):
    assert write_off_shares(bule) == shares
    s = write_off(replace(Sheet.new(), bule=bule))
    assert s.bule == after and s.is_over

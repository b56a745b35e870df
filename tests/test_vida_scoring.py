"""Vida scoring (prefa.vida.scoring) and options (prefa.vida.options)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prefa.errors import IllegalAction, RuleOptionError
from prefa.vida.options import VidaRules
from prefa.vida.scoring import (
    HandResult,
    Sheet,
    hand_score,
    is_made,
    play_sheet,
    round_points,
    score_hand,
)


@given(st.integers(0, 162), st.sampled_from([0, 1]))
def test_rounding_is_to_the_nearest_ten_except_for_the_jack(a, jack):
    r = round_points((a, 162 - a), jack)
    assert sum(r) == 160
    for team, p in enumerate((a, 162 - a)):
        assert abs(r[team] - p) <= 7
        if team == jack:
            assert r[team] >= (p + 4) // 10 * 10      # never rounded down from 6 and over
    assert round_points((162 - a, a), 1 - jack) == r[::-1]


@pytest.mark.parametrize("points,jack,want", [
    ((155, 7), 0, (160, 0)), ((155, 7), 1, (150, 10)), ((81, 81), 0, (80, 80)),
    ((162, 0), 1, (160, 0)), ((140, 22), 0, (140, 20))])
def test_rounding_cases(points, jack, want):
    assert round_points(points, jack) == want


@pytest.mark.parametrize("kwargs,match", [
    ({"points": (100, 100)}, "adding up to 162"), ({"bidders": 2}, "bidders"),
    ({"bid": 85}, "multiple of 10"), ({"jack_team": 3}, "jack_team"),
    ({"tricks": (4, 3)}, "adding up to 8"), ({"vidas": 5}, "vidas"),
    ({"melds": (25, 0)}, "multiples of 10"), ({"belote": 2}, "belote"),
    ({"points": (0, 162), "tricks": (0, 8)}, None), ({"points": (10, 152), "tricks": (0, 8)},
                                                   "took no trick")])
def test_hand_result_is_checked(kwargs, match):
    args = {"bidders": 0, "bid": 100, "points": (100, 62), "jack_team": 0} | kwargs
    if match is None:
        HandResult(**args)
    else:
        with pytest.raises(IllegalAction, match=match):
            HandResult(**args)


def test_belote_is_kept_by_a_losing_team_by_default():
    r = HandResult(bidders=0, bid=120, points=(95, 67), jack_team=1, belote=0)
    s = hand_score(r)
    assert not s.made and s.written == (20, 120 + 160)
    s = hand_score(r, VidaRules(belote_kept_when_lost=False))
    assert s.written == (0, 120 + 160 + 20)


def test_belote_counts_towards_the_bid():
    r = HandResult(bidders=0, bid=120, points=(100, 62), jack_team=0)
    assert not is_made(r)[0]
    r = HandResult(bidders=0, bid=120, points=(100, 62), jack_team=0, belote=0)
    assert is_made(r)[0] and hand_score(r).written == (120 + 100 + 20, 60)


def test_a_tie_with_the_opponents_fails():
    r = HandResult(bidders=0, bid=80, points=(81, 81), jack_team=0)
    made, why = is_made(r)
    assert not made and "must beat" in why
    assert is_made(r, VidaRules(bidders_must_beat_opponents=False))[0]


def test_capot_by_the_defenders_writes_250():
    r = HandResult(bidders=0, bid=100, points=(0, 162), jack_team=1, tricks=(0, 8))
    assert hand_score(r).written == (0, 100 + 250)


def test_capot_without_a_capot_bid():
    r = HandResult(bidders=0, bid=100, points=(162, 0), jack_team=0, tricks=(8, 0))
    assert hand_score(r).written == (100 + 250, 0)


def test_a_made_vida_gives_the_losers_nothing_but_their_belote():
    r = HandResult(bidders=0, bid=100, points=(120, 42), jack_team=0, vidas=1, belote=1,
                   melds=(50, 0))
    assert hand_score(r).written == (160 + 200 + 50, 20)


def test_reason_words():
    r = HandResult(bidders=0, bid=100, points=(90, 72), jack_team=0, vidas=2)
    assert hand_score(r).reason.startswith("Failed with kontra-vida: the bidders have 90")


def test_sheet_adds_up_and_refuses_hands_after_the_end():
    hands = [HandResult(bidders=1, bid=120, points=(28, 134), jack_team=0),
             HandResult(bidders=0, bid=100, points=(43, 119), jack_team=1)]
    s = play_sheet(hands)
    assert s.totals == (30 + 0, 250 + 260) and s.hands == 2 and not s.is_over
    assert "   2      30     510" in str(s)
    over = Sheet(VidaRules(), (3500, 100))
    assert over.winner == 0
    with pytest.raises(IllegalAction, match="game is over"):
        score_hand(over, hands[0])


def test_both_past_the_target_higher_wins_tie_plays_on():
    assert Sheet(VidaRules(), (3600, 3700)).winner == 1
    assert Sheet(VidaRules(), (3600, 3600)).winner is None


def test_options():
    assert VidaRules.from_text("game_target=5000 belote_kept_when_lost=no") == VidaRules(
        game_target=5000, belote_kept_when_lost=False)
    for bad in ["game_target=4000", "max_vidas=5", "min_bid=85", "capot_bid=70"]:
        with pytest.raises(RuleOptionError):
            VidaRules.from_text(bad)
    for bad in ["colour=red", "max_vidas=two", "bidders_must_beat_opponents=maybe"]:
        with pytest.raises(RuleOptionError, match="bad option"):
            VidaRules.parse_option(bad)
    r = VidaRules(max_vidas=2)
    assert VidaRules.from_text(r.options_text()) == r and r.with_options(max_vidas=4) == VidaRules()

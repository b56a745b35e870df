"""The Priffe score sheet: a whole rubber worked by hand, the sheet text,
refused results, the evening's individual totals."""

import pytest

from prefa.errors import IllegalAction
from prefa.priffe.contract import Contract
from prefa.priffe.options import PriffeRules
from prefa.priffe.scoring import (
    HandResult,
    RubberSheet,
    evening_points,
    individual_points,
    play_rubber,
    score_change,
    settle,
)
from prefa.priffe.teams import rubber_seatings

H = Contract.HEARTS
RUBBER = [
    # 1. team 0 hearts, 9 tricks: 30 -> first game (+10); honours 3 of 5 for team 0: 20
    HandResult(H, 0, (9, 4), (2, 1, 1, 1)),
    # 2. team 1 noll, fails with 8 tricks: team 0 took 5 -> 2 under seven, doubled: 40
    HandResult(Contract.NOLL, 1, (5, 8), (1, 1, 1, 1)),
    # 3. forced noll: team 1 took 4 -> 30, its first game (+10); all four twos in seat 3: 50
    HandResult(Contract.FORCED_NOLL, None, (9, 4), (0, 0, 0, 4)),
    # 4. team 0 play, 12 tricks: 60 + small slam 10 -> 60 >= 40: second game (+20)
    HandResult(Contract.PLAY, 0, (12, 1), (1, 1, 1, 1)),
]


def test_a_whole_rubber_worked_by_hand():
    s = RubberSheet.new()
    expected = [  # (totals, games, game points) after each hand
        ((30 + 10 + 20, 0), (1, 0), (0, 0)),
        ((60 + 40, 0), (1, 0), (20, 0)),
        ((100, 30 + 10 + 50), (1, 1), (0, 0)),
        ((100 + 60 + 10 + 20, 90), (2, 1), (0, 0)),
    ]
    from prefa.priffe.scoring import score_hand
    for hand, (totals, games, gp) in zip(RUBBER, expected):
        s = score_hand(s, hand)
        assert (s.totals, s.games, s.game_points) == (totals, games, gp)
    assert s.is_over and s.winner == 0
    assert settle(s.totals) == (10, -10)          # (190 - 90) / 10
    assert play_rubber(RUBBER).totals == s.totals
    assert len(s.history) == 4 and sum(h.total[0] for h in s.history) == 190


def test_sheet_text():
    s = play_rubber(RUBBER[:2])
    assert str(s).splitlines() == [
        "              team 0  team 1",
        "games              1       0",
        "game points       20       0",
        "total            100       0"]
    assert str(play_rubber(RUBBER)).endswith("rubber won by team 0")


def test_alternative_table_changes_only_the_honours_here():
    std = play_rubber(RUBBER)
    alt = play_rubber(RUBBER, PriffeRules(score_table="alternative"))
    # hand 1: three honours split 2+1 score nothing in the alternative table
    assert std.totals[0] - alt.totals[0] == 20
    assert std.totals[1] == alt.totals[1]         # four in one hand: 50 in both


def test_bad_results_refused():
    with pytest.raises(IllegalAction, match="adding up to 13"):
        HandResult(H, 0, (7, 7))
    with pytest.raises(IllegalAction, match="forced noll has no declarers"):
        HandResult(Contract.FORCED_NOLL, 0, (7, 6))
    with pytest.raises(IllegalAction, match="expected a declaring team"):
        HandResult(Contract.PLAY, None, (7, 6))
    with pytest.raises(IllegalAction, match="honours"):
        HandResult(H, 0, (7, 6), (3, 3, 0, 0))


def test_made_property():
    assert HandResult(H, 0, (7, 6)).made is True
    assert HandResult(Contract.NOLL, 0, (7, 6)).made is False
    assert HandResult(Contract.NOLL, 0, (6, 7)).made is True
    assert HandResult(Contract.FORCED_NOLL, None, (6, 7)).made is None


def test_game_points_do_not_carry_over_after_a_game():
    s = play_rubber([HandResult(Contract.PLAY, 1, (2, 11))])   # 50 for team 1: game
    assert s.game_points == (0, 0) and s.games == (0, 1)
    assert s.target(1) == 40 and s.target(0) == 30


def test_individual_points_need_a_finished_rubber():
    with pytest.raises(IllegalAction, match="not over"):
        individual_points(RubberSheet.new(), "ABCD")


def test_an_evening_of_six_rubbers():
    seatings = rubber_seatings(("Anna", "Bo", "Cilla", "Dan"))
    sheets = [play_rubber(RUBBER) for _ in seatings]      # team 0 wins 190 to 90 each time
    pts = evening_points([(s, sh) for (s, _), sh in zip(seatings, sheets)])
    assert sum(pts.values()) == 0
    # each player sat in team 0 (seats 0 and 2) in some rubbers: +10 there, -10 elsewhere
    for name in pts:
        in_team0 = sum(name in (s[0], s[2]) for s, _ in seatings)
        assert pts[name] == 10 * in_team0 - 10 * (6 - in_team0)


def test_score_change_is_pure():
    s = RubberSheet.new()
    score_change(s, RUBBER[0])
    assert s == RubberSheet.new()

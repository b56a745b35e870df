"""Partnerships, seatings and the rotation between rubbers."""

import pytest

from prefa.errors import IllegalAction
from prefa.priffe.teams import (
    next_seating,
    other_team,
    partner_counts,
    partnerships,
    rubber_seatings,
    team_name,
    team_seats,
    team_tricks,
)


def test_team_helpers():
    assert team_seats(1) == (1, 3) and other_team(0) == 1
    assert team_name(1) == "team 1 (seats 1 and 3)"
    with pytest.raises(IllegalAction):
        team_seats(2)
    with pytest.raises(IllegalAction, match="four counts"):
        team_tricks((1, 2, 3))


def test_next_seating_changes_every_partnership():
    s = ("A", "B", "C", "D")
    for dealer in range(4):
        assert partnerships(next_seating(s, dealer)).isdisjoint(partnerships(s))


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_any_first_dealer_six_rubbers_give_each_pair_twice(first):
    seatings = [s for s, _ in rubber_seatings("NESW", first_dealer=first)]
    assert len(seatings) == 6
    assert sorted(partner_counts(seatings).values()) == [2] * 6


def test_rubber_seatings_refuses_repeated_names():
    with pytest.raises(IllegalAction, match="four different names"):
        rubber_seatings("AABC")

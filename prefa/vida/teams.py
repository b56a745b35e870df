"""Seats, partners and teams of Vida.

Four seats, numbered in playing order: seat 1 plays after seat 0, and so on
round the table (in Greece play goes to the right, counter-clockwise).
Partners sit opposite, so the partnerships are fixed: team 0 is seats 0
and 2, team 1 is seats 1 and 3.

>>> team_of(3), partner(3), seats_of(1)
(1, 1, (1, 3))
>>> opponents(0), other(0)
((1, 3), 1)
>>> team_name(0)
'team 0 (seats 0 and 2)'
"""

from __future__ import annotations

PLAYERS = 4
"""Vida is played by four."""

TEAMS = ((0, 2), (1, 3))
"""The seats of each team."""


def _check(seat: int) -> int:
    if not isinstance(seat, int) or not 0 <= seat < PLAYERS:
        raise ValueError(f"seat {seat!r}: expected 0, 1, 2 or 3")
    return seat


def team_of(seat: int) -> int:
    """The team (0 or 1) of ``seat``."""
    return _check(seat) % 2


def partner(seat: int) -> int:
    """The seat opposite ``seat``: his partner."""
    return (_check(seat) + 2) % PLAYERS


def seats_of(team: int) -> tuple[int, int]:
    """The two seats of ``team``."""
    if team not in (0, 1):
        raise ValueError(f"team {team!r}: expected 0 or 1")
    return TEAMS[team]


def opponents(seat: int) -> tuple[int, int]:
    """The two seats playing against ``seat``."""
    return seats_of(1 - team_of(seat))


def other(team: int) -> int:
    """The other team."""
    if team not in (0, 1):
        raise ValueError(f"team {team!r}: expected 0 or 1")
    return 1 - team


def team_name(team: int) -> str:
    """``team N (seats A and B)``, for messages and captions."""
    a, b = seats_of(team)
    return f"team {team} (seats {a} and {b})"

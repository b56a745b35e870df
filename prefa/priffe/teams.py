"""Partnerships: partners sit opposite; seatings change between rubbers.

Seats are numbered in playing order, 0 to 3; play goes clockwise, so seat
``s + 1`` sits on the left of seat ``s`` (RULES.md §0).  Partners sit
opposite: **team 0** is seats 0 and 2, **team 1** seats 1 and 3 (Swedish
*par* or *bolag*, a partnership).  Tricks won by partners always count
together.

The first seating comes from a draw (:func:`seating_by_draw`): the highest
card deals, the second highest sits opposite him.

Changing partners (seed 003): a classic evening is six rubbers, so that
each player partners each other player twice and an individual winner can be
named.  Between rubbers the dealer and the player on his right keep their
seats and the other two change places.  Our decisions where the seed is
short: the first deal of each rubber passes one seat on (so the pair that
changes places moves round the table), and "the dealer" is the dealer of
the new rubber.  With that rule six rubbers give each pairing twice
(:func:`rubber_seatings`).

>>> team_of(3), partner(1), team_seats(0), team_tricks((4, 2, 3, 4))
(1, 3, (0, 2), (7, 6))
>>> next_seating(("Anna", "Bo", "Cilla", "Dan"), dealer=0)
('Anna', 'Cilla', 'Bo', 'Dan')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations, pairwise

from ..cards import Card
from ..errors import IllegalAction

SEATS = (0, 1, 2, 3)
"""The four seats in playing order."""

TEAMS = ((0, 2), (1, 3))
"""The seats of team 0 and team 1."""


def _check_seat(seat: int) -> None:
    if seat not in SEATS:
        raise IllegalAction(f"seat {seat!r}: expected a seat from 0 to 3")


def team_of(seat: int) -> int:
    """The team (0 or 1) of ``seat``."""
    _check_seat(seat)
    return seat % 2


def partner(seat: int) -> int:
    """The seat opposite ``seat``: his partner."""
    _check_seat(seat)
    return (seat + 2) % 4


def team_seats(team: int) -> tuple[int, int]:
    """The two seats of ``team``."""
    if team not in (0, 1):
        raise IllegalAction(f"team {team!r}: expected 0 or 1")
    return TEAMS[team]


def other_team(team: int) -> int:
    """The other team."""
    team_seats(team)
    return 1 - team


def team_name(team: int) -> str:
    """``team 0 (seats 0 and 2)``."""
    a, b = team_seats(team)
    return f"team {team} (seats {a} and {b})"


def team_tricks(won: Sequence[int]) -> tuple[int, int]:
    """Tricks of each team from the tricks of each seat."""
    if len(won) != 4:
        raise IllegalAction(f"tricks {' '.join(map(str, won))}: expected four counts, one per seat")
    return (won[0] + won[2], won[1] + won[3])


def seating_by_draw(draws: Mapping[str, Card]) -> tuple[tuple[str, ...], int]:
    """The first seating and dealer from the cards the four players drew.

    The seed: the highest card deals and picks his seat, the second highest
    sits opposite him as his partner, the third highest picks one of the two
    seats left and the lowest takes the last.  Cards rank ace high; suits do
    not count, and two cards of the same rank mean drawing again (our
    decision).  Our decision for the third player's choice: he takes the
    forehand's seat, on the dealer's left.  The dealer sits in seat 3, so
    the forehand is seat 0.  Returns ``(names by seat, dealer seat)``.

    >>> from prefa.cards import parse_card
    >>> seating_by_draw({n: parse_card(c) for n, c in
    ...                  {"Anna": "9H", "Bo": "KS", "Cilla": "2C", "Dan": "JD"}.items()})
    (('Anna', 'Dan', 'Cilla', 'Bo'), 3)
    """
    if len(draws) != 4:
        raise IllegalAction(f"draws for {len(draws)} players: expected four")
    ranks = sorted(((card & 15, name) for name, card in draws.items()), reverse=True)
    for (r1, a), (r2, b) in pairwise(ranks):
        if r1 == r2:
            raise IllegalAction(f"{a} and {b} drew cards of the same rank: draw again")
    (_, dealer), (_, partner_), (_, third), (_, lowest) = ranks
    return (third, partner_, lowest, dealer), 3


def next_seating(seating: Sequence[str], dealer: int) -> tuple[str, ...]:
    """The seating of the next rubber: ``dealer`` and the player on his right
    (the seat before him in playing order) stay, the other two change places.

    Two players of different teams change places, so every player gets a new
    partner.
    """
    _check_seat(dealer)
    if len(seating) != 4:
        raise IllegalAction(f"seating {seating!r}: expected four players")
    s = list(seating)
    a, b = (dealer + 1) % 4, (dealer + 2) % 4
    s[a], s[b] = s[b], s[a]
    return tuple(s)


def partnerships(seating: Sequence[str]) -> frozenset[frozenset[str]]:
    """The two partnerships of a seating, as sets of names."""
    return frozenset(frozenset(seating[s] for s in team) for team in TEAMS)


def rubber_seatings(players: Sequence[str], rubbers: int = 6,
                    first_dealer: int = 3) -> list[tuple[tuple[str, ...], int]]:
    """``(seating, first dealer)`` of each rubber of an evening.

    The first dealer moves one seat on per rubber; each new seating comes
    from :func:`next_seating` with the new rubber's dealer.

    >>> rs = rubber_seatings("ABCD")
    >>> [" ".join("".join(sorted(p)) for p in sorted(partnerships(s), key=sorted)) for s, d in rs]
    ['AC BD', 'AB CD', 'AD BC', 'AC BD', 'AB CD', 'AD BC']
    """
    seating = tuple(players)
    if len(seating) != 4 or len(set(seating)) != 4:
        raise IllegalAction(f"players {seating!r}: expected four different names")
    _check_seat(first_dealer)
    out = [(seating, first_dealer)]
    for r in range(1, rubbers):
        dealer = (first_dealer + r) % 4
        seating = next_seating(seating, dealer)
        out.append((seating, dealer))
    return out


def partner_counts(seatings: Sequence[Sequence[str]]) -> dict[frozenset[str], int]:
    """How often each pair of players sat together as partners."""
    names = sorted(set(seatings[0])) if seatings else []
    counts = {frozenset(p): 0 for p in combinations(names, 2)}
    for s in seatings:
        for pair in partnerships(s):
            counts[pair] += 1
    return counts

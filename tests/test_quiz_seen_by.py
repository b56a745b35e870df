"""``seen-by``: a question shown as one seat sees it at the table (issue 19)."""

import pytest
from seen_by_item import ITEM

from prefa.errors import ParseError
from prefa.quiz import DRAW, check, layout_item, parse_quiz


def item(extra: str = "seen-by: 0"):
    return parse_quiz(ITEM + extra + "\n")[0]


def test_seen_by_is_read_and_the_engine_still_checks_the_whole_deal():
    it = item()
    assert it.seen_by == 0
    r = check(it)
    assert r.agrees and r.engine == ("8D",)
    assert check(item("")).engine == r.engine  # the same answer with all hands open


def test_the_drawing_shows_only_the_seen_hand():
    it = item()
    svg = DRAW[it.kind](it)
    assert "ace and nine of hearts" in svg  # seat 0's own hand
    assert "king and eight of hearts" not in svg and "queen, jack" not in svg  # seats 1, 2 hidden
    assert "Seat 1 (declarer): 10 cards face down" in svg and "Seat 2: 10 cards face down" in svg
    full = DRAW[it.kind](layout_item(it))
    assert "king and eight of hearts" in full and "face down" not in full


@pytest.mark.parametrize("text, words", [("seen-by: 3", "no seat 3"), ("seen-by: x", "bad seat 'x'"),
                                         ("seen-by: -1", "bad seat '-1'"), ("seen-by: ٣", "bad seat")])
def test_a_bad_seat_is_refused_with_its_line(text, words):
    with pytest.raises(ParseError, match=words):
        check(item(text))

"""Honours: the honour-trick table as numbers and text; the scoring honours of a deal."""

import pytest

from prefa.cards import TEN, CardSet, make_card
from prefa.deal import Deal
from prefa.errors import ParseError
from prefa.priffe.contract import Contract
from prefa.priffe.hand import random_priffe_deal
from prefa.priffe.honours import (
    HONOUR_TRICK_TABLE,
    honour_counts,
    honour_points,
    honour_row,
    honour_tricks,
    honour_tricks_words,
    ht_text,
    parse_ht,
)
from prefa.priffe.options import STANDARD, PriffeRules


def test_ht_text_and_parse_round_trip():
    for q in range(60):
        assert parse_ht(ht_text(q)) == q


@pytest.mark.parametrize("bad", ["", "abc", "1/3", "3.3", "½½"])
def test_parse_ht_refuses_bad_values(bad):
    with pytest.raises(ParseError):
        parse_ht(bad)


def test_every_row_is_reachable_by_a_holding():
    # each row of the table is the first fit for some holding
    from itertools import combinations
    ranks = list(range(13))
    hit = set()
    for n in range(1, 5):
        for combo in combinations(ranks[::-1], n):
            for row in HONOUR_TRICK_TABLE:
                if row.fits(combo):
                    hit.add(row.holding)
                    break
    assert hit == {r.holding for r in HONOUR_TRICK_TABLE}


def test_rows_are_ordered_from_high_to_low_within_a_suit_family():
    values = [r.quarters for r in HONOUR_TRICK_TABLE]
    assert values[0] == max(values) == 9


def test_whole_hand_sum():
    # A K x x = 2, K Q = 1, Q x x = +, J x x x = 0  ->  3+
    hand = CardSet.parse("SAK54 HKQ DQ76 CJ8432")
    assert honour_tricks(hand) == 13 and ht_text(13) == "3+"
    assert honour_tricks_words(hand).endswith("total 3+")


def test_honour_counts_from_a_deal():
    d = Deal.parse("SAJT98765 HAK D2 C2 / SKQ432 HQJ DA3 CA / H2 DK CK / -")
    # not a Priffe deal (sizes), but counting works for any hands
    assert honour_counts(d.hands, Contract.HEARTS) == (2, 2, 0, 0)
    assert honour_counts(d.hands, Contract.PLAY) == (2, 2, 0, 0)
    assert honour_counts(d.hands, Contract.NOLL) == (2, 1, 1, 0)   # D2 C2 / S2 / H2
    assert honour_counts(d.hands, Contract.FORCED_NOLL) == (2, 1, 1, 0)


def test_honour_counts_in_a_full_deal_four_honours_by_default():
    d = random_priffe_deal(11)
    for c in Contract:
        assert sum(honour_counts(d.hands, c)) == 4, c


def test_honour_counts_in_a_full_deal_five_trump_honours_with_the_akqjt_option():
    d = random_priffe_deal(11)
    five = PriffeRules(trump_honours="AKQJT")
    for c in Contract:
        assert sum(honour_counts(d.hands, c, five)) == (5 if c.trump is not None else 4), c


def test_honour_counts_the_option_only_adds_the_ten_of_trumps():
    d = random_priffe_deal(11)
    for c in (Contract.DIAMONDS, Contract.HEARTS):
        ten = next(s for s, h in enumerate(d.hands) if make_card(c.trump, TEN) in h)
        five = honour_counts(d.hands, c, PriffeRules(trump_honours="AKQJT"))
        only4 = honour_counts(d.hands, c)
        assert [a - b for a, b in zip(five, only4)] == [int(s == ten) for s in range(4)]


@pytest.mark.parametrize("counts,points", [
    ((3, 0, 2, 0), (40, 0)),    # five honours: a team with all five scores as four
    ((5, 0, 0, 0), (50, 0)),    # five in one hand: as four in one hand
    ((4, 1, 0, 0), (50, 0)),
    ((1, 2, 1, 1), (0, 20)),    # three of five for team 1
])
def test_five_trump_honours_option_reads_at_least(counts, points):
    assert PriffeRules().trump_honours == "AKQJ"
    assert PriffeRules(trump_honours="AKQJT").table.honours == STANDARD.honours  # the same rows
    assert honour_points(counts, STANDARD) == points


def test_honour_row_names_the_row_scored():
    assert honour_row((0, 4, 0, 0), 1, STANDARD) == (4, 4, 50)
    assert honour_row((0, 4, 0, 0), 0, STANDARD) is None

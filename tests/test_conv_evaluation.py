"""Hand evaluation: Gulin's potential tricks, trump tricks, rezons (seed 001)."""

from __future__ import annotations

import pytest

from prefa.balkan.conventions.evaluation import (
    BID_MINIMUM,
    HOLDINGS,
    POTENTIAL_TABLE,
    TALON_TRICKS,
    dominates,
    evaluate,
    evaluation,
    hand_potential,
    holds,
    meets,
    need_text,
    parse_need,
    position_adjustment,
    potential_tricks,
    rezons,
    shape_adjustment,
    side_rezons,
    sure_tricks,
    trump_tricks,
)
from prefa.cards import RANK_CHARS, CardSet, Suit


def hand(text: str) -> CardSet:
    """A ten-card hand (the tests build only legal hands)."""
    h = CardSet.parse(text)
    assert len(h) == 10, f"{text} has {len(h)} cards"
    return h


def suit(text: str) -> list[int]:
    """Ranks of a holding written in one suit, e.g. ``'AK7'``."""
    return CardSet.parse("S" + text).ranks(Suit.SPADES)


# -- Gulin's table ----------------------------------------------------------------------------
# Every combination Gulin lists, y (any small card) written as 7 or 8.
GULIN_EXAMPLES = [
    ("A", 1), ("KQ", 1), ("QJT", 1), ("JT98", 1),
    ("AK", 2), ("KQJ", 2), ("QJT9", 2), ("JT987", 2),
    ("AKQ", 3), ("KQJ7", 3), ("QJT97", 3),
    ("AKQJ", 4), ("KQJT7", 4), ("QJT987", 4),
    ("AKQJ7", 5), ("KQJT97", 5),
    ("K7", 0.5), ("Q87", 0.5), ("J987", 0.5),
    ("AQ", 1.5), ("KJ9", 1.5), ("KT87", 1.5), ("QJT8", 1.5), ("AJ7", 1.5),
    ("AKJ", 2.5), ("KQT7", 2.5), ("QJ987", 2.5),
    ("AKJT", 3.5), ("KQT87", 3.5),
]


@pytest.mark.parametrize("holding, value", GULIN_EXAMPLES)
def test_gulin_potential_tricks_table(holding, value):
    assert potential_tricks(suit(holding)) == value


def test_gulin_table_has_every_listed_combination_once():
    patterns = [p for p, _ in POTENTIAL_TABLE]
    assert len(patterns) == len(set(patterns)) == len(GULIN_EXAMPLES)


def _cards_of(pattern: str) -> list[int]:
    named = [RANK_CHARS.index(c) for c in pattern if c != "x"]
    small = [r for r in range(5, 13) if r not in named]
    return named + small[:pattern.count("x")]


@pytest.mark.parametrize("pattern, value", POTENTIAL_TABLE)
def test_table_is_consistent_each_pattern_worth_its_value(pattern, value):
    # a pattern's own cards (x as the smallest free cards) are worth exactly its value:
    # no entry is hidden by a stronger one
    assert potential_tricks(_cards_of(pattern)) == value


def test_holdings_outside_the_table_are_worth_nothing():
    assert potential_tricks(suit("K")) == 0
    assert potential_tricks(suit("Q8")) == 0
    assert potential_tricks([]) == 0


def test_stronger_holding_never_worth_less():
    # matching is card by card, so K-Q-9 is worth at least K-J-9
    assert potential_tricks(suit("KQ9")) >= potential_tricks(suit("KJ9"))
    assert potential_tricks(suit("AKQJT")) >= potential_tricks(suit("AKQJ7"))


def test_dominates_card_by_card_and_length():
    assert dominates(suit("AQ7"), "KJx")
    assert not dominates(suit("AQ"), "KJx")        # too short
    assert not dominates(suit("K987"), "KTxx")     # 9 below T


# -- adjustments and the talon ---------------------------------------------------------------
def test_gulin_position_first_gains_second_loses_last_neutral():
    assert position_adjustment(0) > 0 > position_adjustment(1)
    assert position_adjustment(2) == 0
    assert position_adjustment(None) == 0


@pytest.mark.parametrize("text, adj", [
    ("SAK HQ98 DA CKJ87", -0.5),      # four suits lose
    ("SAK87 HQ98 DA87", 0.5),           # three suits gain
    ("SAK87 HQJ98 DAJ", 1.0),           # 4-4-2 gains most of the three-suited
    ("SAK987 HQJ98 DA", 1.0),           # 5-4-1 too
    ("SAK987 HQJ987", 1.5),            # two suits gain most
])
def test_gulin_shape_adjustment(text, adj):
    assert shape_adjustment(hand(text)) == adj


def test_gulin_talon_adds_one_to_one_and_a_half():
    e = evaluation(hand("SAK HQ98 DA CKJ87"), seat=2)
    assert TALON_TRICKS == (1.0, 1.5)
    assert e.with_talon == (e.total + 1.0, e.total + 1.5)


def test_evaluation_total_is_table_plus_adjustments():
    h = hand("SAK HQ98 DA CKJ87")
    e = evaluation(h, seat=0)
    assert e.table == hand_potential(h) == 5.0
    assert e.total == 5.0 + 0.5 - 0.5


def test_gulin_bid_threshold_four_and_a_half():
    assert BID_MINIMUM == 4.5
    strong = evaluate(hand("SAK HQ98 DA CKJ87"), seat=0)          # 5 in all
    weak = evaluate(hand("SAK HQ98 DA CKJ87"), seat=1)            # 4 in all
    assert strong.actions == ("2",) and weak.actions == ("pass",)
    assert strong.convention == "eval.potential-tricks"
    assert "Gulin" in strong.source and "talon" in strong.reason


def test_evaluate_with_trump_counts_a_defenders_tricks():
    a = evaluate(hand("SAK HQ98 DA CKJ87"), Suit.HEARTS)
    assert "1 trump trick," in a.reason and "4 rezons" in a.reason


# -- trump tricks, sure tricks, rezons -------------------------------------------------------
@pytest.mark.parametrize("trumps, n", [
    ("A", 1), ("K7", 1), ("Q87", 1), ("J987", 1), ("T987", 0),
    ("K", 0), ("Q8", 0), ("AQ", 1), ("AQ7", 2), ("AK", 2), ("KQ8", 2), ("987", 0),
])
def test_trump_tricks_guard_rule(trumps, n):
    assert trump_tricks(CardSet.parse("S" + trumps), Suit.SPADES) == n


def test_no_trump_no_trump_tricks():
    assert trump_tricks(hand("SAK HQ98 DA CKJ87"), None) == 0


def test_sure_tricks_side_suit_capped_at_two_in_a_trump_game():
    h = hand("SAKQ8 H987 D98 C7")
    assert sure_tricks(h, Suit.HEARTS) == 2       # the third spade gets ruffed
    assert sure_tricks(h, None) == 3              # in sans it stands


def test_rezons_one_per_side_suit():
    h = hand("SAK HK7 DQ87 CK98")                # A-K counts once; every suit a rezon
    assert side_rezons(h, None) == 4
    assert side_rezons(h, Suit.CLUBS) == 3
    assert rezons(h, Suit.CLUBS) == 3 + trump_tricks(h, Suit.CLUBS) == 4


def test_rezons_need_guards():
    h = hand("SK HQ8 DJ987 C987")     # K single, Q doubleton, no rezon
    assert side_rezons(h, None) == 0


def test_tournament_rezon_two_in_bought_suit():
    # tournament rule 7: two cards of the bought talon's suit may be two rezons
    h = hand("SAK HK7 DQ87 CK98")
    assert side_rezons(h, Suit.CLUBS, CardSet.parse("S87")) == 4
    assert side_rezons(h, Suit.CLUBS) == 3


# -- named holdings and the matcher ----------------------------------------------------------
def test_holdings_tiers_ace_above_bela_kx_equals_qxx():
    assert holds(suit("A7"), "KQ") and not holds(suit("KQ"), "A")
    assert holds(suit("Q87"), "Kx") and holds(suit("K7"), "Qxx")
    assert holds(suit("AK"), "AQ") and not holds(suit("AQ"), "AK")
    assert holds(suit("AKQJT"), "A") and not holds(suit("AKQJ9"), "AKQJT")
    assert [h.local for h in HOLDINGS.values()][3] == "gabula, velike makaze"


def test_strong_rezon_is_ace_guarded_king_or_queen_third():
    assert holds(suit("A"), "R") and holds(suit("K8"), "R") and holds(suit("Q87"), "R")
    assert not holds(suit("K"), "R") and not holds(suit("Q8"), "R") and not holds(suit("J987"), "R")


def test_meets_puts_each_side_holding_in_its_own_suit():
    h = hand("SAK7 H98 D987 C98")
    assert not meets(h, "A A", Suit.HEARTS)        # A-K is one suit, not two aces
    assert meets(h, "A", Suit.HEARTS)


def test_meets_place_restricts_the_suit():
    h = hand("SKQ HK8 D987 C987")
    places = {"bought": frozenset({Suit.DIAMONDS})}
    assert not meets(h, "T KQ@bought", Suit.HEARTS, places)
    assert meets(h, "T KQ@bought", Suit.HEARTS, {"bought": frozenset({Suit.SPADES})})


def test_parse_need_and_words():
    n = parse_need("TT t:Jxxx Kx@rest")
    assert (n.trump_tricks, n.trump_pattern, n.side) == (2, "Jxxx", (("Kx", "rest"),))
    assert need_text("t:xxx A Qxx") == \
        "three trumps, an ace (kec) and a queen with two small (Q-x-x) (treća dama)"

"""Melds and the belote (prefa.vida.melds): finding, parsing, ranking, which team counts."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prefa.cards import CardSet, Suit
from prefa.errors import ParseError
from prefa.vida.hand import vida_deal
from prefa.vida.melds import Meld, MeldKind, belote_seat, best_meld, counted_melds, find_melds


def test_find_melds_in_a_hand():
    ms = find_melds(CardSet.parse("SJ HKQJ DJ CJ98"))
    assert [str(m) for m in ms] == ["four jacks", "tierce ♥K Q J"]


def test_a_run_longer_than_five_counts_as_one_meld_of_100():
    (m,) = find_melds(CardSet.parse("HAKQJT98 "))
    assert m.name == "run of 7" and m.points == 100


def test_two_runs_in_one_suit():
    ms = find_melds(CardSet.parse("HAKQ T98 S7"))
    assert [str(m) for m in ms] == ["tierce ♥A K Q", "tierce ♥10 9 8"]


def test_a_card_may_be_in_a_carre_and_a_sequence():
    ms = find_melds(CardSet.parse("SQ7 HAKQ DQ7 CQ"))
    assert [m.kind for m in ms] == [MeldKind.CARRE, MeldKind.SEQUENCE]


@pytest.mark.parametrize("text", ["HAKJ", "SA HK DQ", "HAK", "SA HA DA", "S7 H7 D7 C7",
                                  "SA HA DA CK"])
def test_not_a_meld(text):
    with pytest.raises(ParseError, match="bad meld"):
        Meld.parse(text)


def test_meld_parse_accepts_card_lists_and_repr_pastes_back():
    m = Meld.parse("QH KH AH")
    assert m == Meld.parse("HAKQ") and eval(repr(m)) == m and m.suit == Suit.HEARTS


def test_ranking_points_first_then_carre_over_sequence():
    t = Suit.SPADES
    order = ["D987", "HAKQ", "CT987", "SKQJT9", "SQ HQ DQ CQ", "SA HA DA CA",
             "S9 H9 D9 C9", "SJ HJ DJ CJ"]
    keys = [Meld.parse(x).key(t) for x in order]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


def test_a_quarte_beats_a_tierce_in_trumps():
    declared = [[Meld.parse("SAKQ")], [Meld.parse("HT987")], [], []]
    assert counted_melds(declared, Suit.SPADES).points == (0, 50)


def test_a_carre_of_100_beats_a_quinte_of_100():
    declared = [[Meld.parse("HAKQJT")], [Meld.parse("SQ HQ DQ CQ")], [], []]
    o = counted_melds(declared, Suit.HEARTS)
    assert o.winner == 1 and o.points == (0, 100)


def test_no_melds():
    o = counted_melds([[], [], [], []], Suit.CLUBS)
    assert o.winner is None and o.points == (0, 0) and "Nobody" in o.reason


def test_reasons_name_the_melds():
    o = counted_melds([[Meld.parse("HAKQ")], [Meld.parse("D987")], [], []], Suit.CLUBS)
    assert "(tierce ♥A K Q) beats team 1's (tierce ♦9 8 7)" in o.reason


def test_belote_seat():
    hands = [CardSet.parse("HK"), CardSet.parse("HQ"), CardSet.parse("SKQ"), CardSet()]
    assert belote_seat(hands, Suit.HEARTS) is None
    assert belote_seat(hands, Suit.SPADES) == 2


def test_counted_melds_needs_four_seats():
    with pytest.raises(ValueError):
        counted_melds([[]], Suit.CLUBS)


@settings(max_examples=80)
@given(st.integers(0, 2**32 - 1), st.sampled_from(list(Suit)))
def test_meld_scoring_is_symmetric(seed, trump):
    """Moving every hand one seat on swaps the teams and nothing else."""
    hands = vida_deal(seed).hands
    declared = [find_melds(h) for h in hands]
    o = counted_melds(declared, trump)
    turned = counted_melds(declared[-1:] + declared[:-1], trump)
    assert turned.points == o.points[::-1]
    assert (o.winner is None) == (turned.winner is None)
    assert 0 in o.points
    if o.winner is not None:
        best = best_meld([m for s, ms in enumerate(declared) for m in ms], trump)
        assert any(m == best for _, m in o.counted)

"""The Vida bidding conventions of seed 002 (prefa.vida.conventions)."""

import pytest

from prefa.cards import CardSet, Suit
from prefa.vida.auction import Auction
from prefa.vida.conventions import (
    advise,
    answer_double,
    answer_single,
    opening,
    opening_suits,
    side_aces,
)

# The seed's walk-through with hands that fit it: A (seat 0) deals; B, Γ, Δ are 1, 2, 3.
SEED_HANDS = [CardSet.parse(h) for h in ("SAQJ9 DJ8 C98", "S87 DAT CKJT7",
                                         "HKJ97 DKQ7 CA", "SKT HAQT8 D9 CQ")]
SEED_CALLS = ["80 clubs", "100 hearts", "pass", "110 hearts", "pass", "pass", "120 clubs",
              "pass", "pass", "pass"]
SEED_NAMES = ["single opening", "double opening", "no top trump",
              "side aces over a double opening", "nothing more to show",
              "nothing more to show", "show the side ace", "nothing more to show",
              "nothing more to show", "nothing more to show"]


def test_seed002_walk_through_every_call_is_the_conventional_one():
    a = Auction(dealer=0)
    for want, name in zip(SEED_CALLS, SEED_NAMES):
        adv = advise(SEED_HANDS[a.to_call], a)
        assert (str(adv.call), adv.name) == (want, name)
        a.call(adv.call)
    assert a.is_over and str(a.result()) == "120 clubs by seat 3"


def test_seed002_opening_80_is_a_good_suit_lacking_the_jack_or_the_nine():
    for hand in ["SJ87 HA D87 C87", "S987 HA D87 C87"]:
        adv = opening(CardSet.parse(hand))
        assert str(adv.call) == "80 spades" and adv.name == "single opening"


def test_seed002_opening_100_is_a_good_suit_holding_both():
    adv = opening(CardSet.parse("SJ97 HA D87 C87"))
    assert str(adv.call) == "100 spades" and adv.name == "double opening"


def test_seed002_over_an_opponents_80_single_is_90_double_is_100():
    assert str(opening(CardSet.parse("SJ87 HA D87 C87"), 80).call) == "90 spades"
    assert str(opening(CardSet.parse("SJ97 HA D87 C87"), 80).call) == "100 spades"


def test_seed002_partner_raises_10_with_the_missing_top_trump():
    adv = answer_single(CardSet.parse("S9 H87 D87 CKQT"), Suit.SPADES, 100)
    assert str(adv.call) == "110 spades"


def test_seed002_partner_raises_20_with_it_and_a_side_ace():
    adv = answer_single(CardSet.parse("S9 HA7 D87 CKQT"), Suit.SPADES, 100)
    assert str(adv.call) == "120 spades"


def test_seed002_a_side_ace_without_the_top_trump_passes():
    adv = answer_single(CardSet.parse("SK HA7 D87 CKQT"), Suit.SPADES, 100)
    assert str(adv.call) == "pass" and "not enough" in adv.reason


def test_seed002_over_a_double_opening_10_per_side_ace():
    for hand, want in [("SK H87 D87 CKQT", "pass"), ("SK HA7 D87 CKQT", "110 spades"),
                       ("SK HA7 DA7 CKQT", "120 spades"), ("SA HA7 DA7 CAQT", "130 hearts")]:
        suit = Suit.HEARTS if want.endswith("hearts") else Suit.SPADES
        assert str(answer_double(CardSet.parse(hand), suit, 100).call) == want


def test_the_trump_ace_is_not_a_side_ace():
    assert side_aces(CardSet.parse("SA HA"), Suit.SPADES) == ["AH"]


@pytest.mark.parametrize("hand", [
    "SJ987 H87 D87 CK",      # no side ace
    "SAKQT HA D87 C8",       # no jack or nine of spades
    "SJ9 HA DK87 CKQT"])     # only two spades
def test_no_opening_without_a_side_ace_a_top_trump_and_three_cards(hand):
    assert opening_suits(CardSet.parse(hand)) == [] and opening(CardSet.parse(hand)) is None


def test_the_better_suit_is_opened():
    adv = opening(CardSet.parse("SJ87 HA DJ98 CA"))
    assert str(adv.call) == "100 diamonds"


def test_partner_first_then_own_suit():
    # seat 1 opened; seat 3 holds a double-opening hand in diamonds but answers partner
    a = Auction.from_text("pass, 80 clubs, pass")
    adv = advise(CardSet.parse("SK HA DJ97 CQ87"), a)
    assert str(adv.call) == "pass" and adv.name == "no top trump"


def test_vida_has_no_convention():
    a = Auction.from_text("80 clubs, vida")
    assert advise(CardSet.parse("SA HA DA CA"), a).name == "no convention"


def test_advise_refuses_a_finished_auction():
    with pytest.raises(ValueError):
        advise(CardSet(), Auction.from_text("pass, pass, pass, pass"))

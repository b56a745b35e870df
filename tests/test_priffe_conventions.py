"""The bid meanings of seed 003's table of bids (first hand of a team) and the
advice built on the honour-trick table."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prefa.cards import CardSet, Suit
from prefa.priffe.auction import Auction, Bid
from prefa.priffe.conventions import (
    MEANINGS,
    HandProfile,
    advise_bid,
    is_stopped,
    meaning,
    noll_fit,
    stops,
    weak_in_red,
)
from prefa.priffe.hand import random_priffe_deal


def advise(hand, earlier=""):
    return advise_bid(CardSet.parse(hand), [Bid.find(b) for b in earlier.split(",") if b.strip()])


# -- measures ------------------------------------------------------------------------------
def test_stops():
    h = CardSet.parse("SA2 HK5 DQ75 CJ86432")
    assert stops(h) == (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    h = CardSet.parse("SQ5 HJ75 DK C9876532")
    assert stops(h) == () and not is_stopped(h, Suit.SPADES)


def test_noll_fit_and_weak_in_red():
    assert noll_fit(CardSet.parse("SA2 HK5 DQ75 CJ86432"))
    assert not noll_fit(CardSet.parse("SAKQ HK5 DQ75 CJ8643"))     # spades without a low card
    assert weak_in_red(CardSet.parse("SAKQ H98752 DQ75 C86"))       # D Q x x is only +
    assert not weak_in_red(CardSet.parse("SAKQ HK8752 D975 C86"))   # K x x in hearts is ½


# -- seed 003, table of bids (first hand of the team) ------------------------------------
def test_seed003_bids_play_five_honour_tricks_or_more():
    # spades row: "5 ht or more should bid play"
    a = advise("SAK74 HAK3 DAJ5 C862")          # 2 + 2 + 1+ = 5+
    assert a.action == "play" and "5+ ht" in a.reason


def test_seed003_bids_spades_four_to_four_and_a_half_with_three_stops():
    a = advise("SAK74 HAQ3 DKJ5 C862")          # 2 + 1½ + ½+ = 4+
    assert a.action == "spades" and a.convention == "priffe.spades"
    assert "stops in ♠ ♥ ♦" in a.reason


def test_seed003_bids_spades_needs_three_stops():
    # 4½ ht but stops only in spades and hearts: not spades
    assert advise("SAKQ74 HAK3 D8765 C2").action != "spades"


def test_seed003_bids_hearts_two_and_a_half_and_five_hearts_fit_for_noll():
    a = advise("SK82 HAQ642 D753 C43")           # ½ + 1½ + 0 + 0 = 2... needs 2½
    assert a.action != "hearts"
    a = advise("SK82 HAKT42 D753 C43")           # ½ + 2 = 2½, five hearts, low cards
    assert a.action == "hearts"


def test_seed003_bids_hearts_requires_a_hand_for_noll():
    # 2½ ht and five hearts, but no low card in spades or clubs
    assert advise("SKQJ HAKT42 D753 CT9").action != "hearts"


def test_seed003_bids_diamonds_needs_a_heart_stop():
    assert advise("SK82 H543 DAKT42 C43").action != "diamonds"     # no heart stop
    assert advise("SQ82 HK53 DAK642 C43").action == "diamonds"     # K x x stops hearts


def test_seed003_bids_noll_two_to_three_ht_weak_in_red():
    assert advise("SAQ5 HT843 D953 CK42").action == "noll"          # 1½ + ½ = 2
    assert advise("SAQ5 HK843 D953 C742").action != "noll"          # strength in hearts


def test_seed003_bids_clubs_two_and_a_half_to_three_and_a_half_three_stops():
    # A J x = 1+, K x x = ½, Q x x x = +, K x x = ½  ->  1¼ + ½ + ¼ + ½ = 2½
    a = advise("SAJ5 HK64 DQ853 CK72")
    assert a.action == "clubs" and "noll" in meaning(Bid.CLUBS).promise


def test_seed003_bids_pass_when_nothing_fits():
    a = advise("S9875 HT43 D652 CJ82")
    assert a.action == "pass" and "0 ht" in a.reason


def test_seed003_bids_a_bid_must_be_higher_than_earlier_bids():
    # the spades hand after an opponent's hearts: spades is not allowed any more
    a = advise("SAK74 HAQ3 DKJ5 C862", "hearts")
    assert a.action == "pass" and "above the bids so far" in a.reason


def test_meanings_cover_every_bid_but_pass_in_rank_order_for_advice():
    assert {m.bid for m in MEANINGS} == set(Bid) - {Bid.PASS}
    assert [m.bid for m in MEANINGS][:2] == [Bid.PLAY, Bid.SPADES]


# -- the second hand of a team (our decisions) ---------------------------------------------
def test_answer_to_spades_play_with_one_ht():
    assert advise("S832 HK75 DQ642 CQ93", "spades, pass").action == "play"   # ½ + + + + = 1
    assert advise("S832 HT75 D9642 C943", "spades, pass").action == "pass"


def test_answer_to_clubs():
    assert advise("SAK2 HA75 D9642 C943", "clubs, pass").action == "play"     # 2 + 1 = 3
    assert advise("S832 HT75 D9642 C943", "clubs, pass").action == "noll"
    assert advise("S832 HT75 D9642 C943", "clubs, noll").action == "pass"     # noll taken


def test_answer_to_partners_suit():
    assert advise("S832 HT75 D9642 C943", "hearts, pass").action == "noll"
    assert advise("SAK2 HAK5 DAK42 C943", "hearts, pass").action == "play"
    assert advise("SK32 HQ75 DKJ64 C943", "hearts, pass").action == "pass"    # 1½: no noll


def test_partner_noll_is_not_taken_out_except_to_play():
    a = advise("SK82 HAKT42 D753 C43", "noll, pass")          # a hearts hand
    assert a.action == "pass"


def test_profile():
    p = HandProfile.of(CardSet.parse("SAK74 HAQ3 DKJ5 C862"))
    assert p.ht == 17 and p.hearts == 3 and p.noll_fit and p.stops_text() == "♠ ♥ ♦"


@settings(max_examples=60)
@given(st.integers(0, 2**32 - 1), st.integers(0, 3))
def test_advice_is_always_legal(seed, upto):
    d = random_priffe_deal(seed)
    a = Auction()
    for seat in range(4):
        if a.is_over:
            break
        adv = advise_bid(d.hands[seat], [b for _, b in a.bids])
        assert a.why_illegal(adv.action) is None, adv
        a.bid(adv.action)
    assert a.is_over


def test_advice_after_the_end_refused():
    with pytest.raises(ValueError):
        advise_bid(CardSet.parse("SA"), [Bid.PLAY])


def test_seed003_bids_information_only_from_the_first_hand_of_the_team():
    spades_hand = "SAK74 HAQ3 DKJ5 C862"
    assert advise(spades_hand).action == "spades"
    assert advise(spades_hand, "pass").action == "spades"
    assert advise(spades_hand, "pass, pass").action == "pass"
    assert advise(spades_hand, "pass, pass, pass").action == "pass"


@settings(max_examples=60)
@given(st.integers(0, 2**32 - 1))
def test_second_hands_never_make_information_bids(seed):
    d = random_priffe_deal(seed)
    for earlier in ([Bid.PASS, Bid.PASS], [Bid.PASS, Bid.PASS, Bid.PASS], [Bid.CLUBS, Bid.PASS]):
        adv = advise_bid(d.hands[len(earlier)], earlier)
        assert not Bid.find(adv.action).is_information

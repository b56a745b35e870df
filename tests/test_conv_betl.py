"""Betl defence (prefa.balkan.conventions.betl): the typical declarer errors, who
continues a suit, shedding, the void defender, the left defender, and
legality over whole random betl hands."""

import random

import pytest

from prefa.balkan.contract import Contract
from prefa.balkan.conventions.betl import (
    TYPICAL_ERRORS,
    betl_continue,
    betl_follow,
    betl_shed,
    betl_weaknesses,
    breaking_suits,
    left_defender,
    lone_defender_forces,
)
from prefa.balkan.conventions.leads import LeadSituation, opening_lead
from prefa.cards import (
    ACE,
    EIGHT,
    JACK,
    NINE,
    QUEEN,
    SEVEN,
    TEN,
    CardSet,
    Suit,
    parse_card,
    parse_cards,
)
from prefa.deal import random_deal
from prefa.play import TrickPlay

BETL = Contract.parse("betl")


# -- the typical errors (001 Gulin: solo osmica, druga devetka, druga desetka, treća dama...) --

@pytest.mark.parametrize("holding, name, local", [
    ("S8", "singleton eight", "solo osmica"),
    ("S98", "nine-eight", "druga devetka"),
    ("ST7", "ten-seven", "druga desetka"),
    ("SQ97", "queen-nine-seven", "treća dama"),
    ("SAJ97", "ace-jack-nine-seven", "četvrti as"),
])
def test_each_typical_error_is_named(holding, name, local):
    hand = CardSet.parse(holding + " H987 D7")
    (w,) = betl_weaknesses(hand)
    assert (w.suit, w.name, w.local, str(w.cards)) == (Suit.SPADES, name, local, holding)


def test_a_hand_with_all_five_errors_in_four_suits():
    names = [w.name for w in betl_weaknesses(CardSet.parse("S8 HT7 DQ97 CAJ97"))]
    assert names == ["singleton eight", "ten-seven", "queen-nine-seven", "ace-jack-nine-seven"]


def test_clean_betl_has_no_weakness():
    # the seed's "clean" betl: six lowest of a suit without the 8, four lowest of another
    assert betl_weaknesses(CardSet.parse("SKQJT97 HT987")) == ()
    assert betl_weaknesses(CardSet.parse("S7 H987 DT987 C87")) == ()


def test_other_weak_holdings_are_flagged_generically():
    (w,) = betl_weaknesses(CardSet.parse("SJ7 H987 D87"))
    assert (w.name, w.local) == ("weak holding", "slaba boja")


def test_every_typical_error_is_forced_by_a_lone_defender():
    for ranks in TYPICAL_ERRORS:
        assert lone_defender_forces(list(ranks))
    assert not lone_defender_forces([NINE, SEVEN])
    assert not lone_defender_forces([SEVEN])
    assert lone_defender_forces([ACE, SEVEN])        # the 7 ducks once, the ace must win
    assert not lone_defender_forces([ACE, QUEEN, JACK, TEN, NINE, EIGHT, SEVEN])  # only K out
    assert not lone_defender_forces([EIGHT, SEVEN])


def test_breaking_cards():
    assert breaking_suits(CardSet.parse("S7 H98 DJT9 CJ8")) == (Suit.SPADES, Suit.HEARTS,
                                                                Suit.DIAMONDS)
    assert breaking_suits(CardSet.parse("SAK HQT DK8")) == ()


def test_left_defender_sits_before_the_declarer():
    assert [left_defender(d) for d in range(3)] == [2, 0, 1]
    assert left_defender(3, seats=(1, 2, 3)) == 2


# -- shedding --------------------------------------------------------------------------------------

def test_shed_the_top_of_the_shortest_suit():
    a = betl_shed(CardSet.parse("SK9 HAJ98 DQT87"), parse_cards("7C"))
    assert (a.action, a.convention) == ("KS", "betl.shed-shortest")


def test_shed_refused_when_the_player_can_follow():
    with pytest.raises(ValueError):
        betl_shed(CardSet.parse("SK9 C8"), parse_cards("7C"))


# -- following ------------------------------------------------------------------------------------

def test_stay_under_the_declarer():
    a = betl_follow(CardSet.parse("HK97 SA"), parse_cards("TH"), declarer_pos=0)
    assert (a.action, a.convention) == ("9H", "betl.stay-under-declarer")
    a = betl_follow(CardSet.parse("HK97 SA"), parse_cards("8H TH"), declarer_pos=1)
    assert a.action == "9H"


def test_shed_high_when_the_declarer_cannot_be_caught():
    a = betl_follow(CardSet.parse("HKJ SA"), parse_cards("TH"), declarer_pos=0)
    assert (a.action, a.convention) == ("KH", "betl.shed-high-when-beaten")


def test_do_not_raise_the_trick_before_the_declarer():
    a = betl_follow(CardSet.parse("HK97 SA"), parse_cards("JH"), declarer_pos=2)
    assert (a.action, a.convention) == ("9H", "betl.do-not-raise")
    a = betl_follow(CardSet.parse("HKQ SA"), parse_cards("JH"), declarer_pos=2)
    assert a.action == "QH"


def test_void_defender_leaves_the_trick_to_his_partner():
    hand = CardSet.parse("HK97 SA8 D987")  # no clubs
    a = betl_follow(hand, parse_cards("JH 8H"), declarer_pos=1, left=True)
    assert (a.action, a.convention) == ("9H", "betl.void-leaves-trick")


def test_left_defender_takes_the_lead():
    hand = CardSet.parse("HK97 SA8 D98 C7")
    a = betl_follow(hand, parse_cards("JH 8H"), declarer_pos=1, left=True)
    assert (a.action, a.convention) == ("KH", "betl.left-defender-takes-lead")


def test_right_defender_leaves_the_lead_to_the_left():
    hand = CardSet.parse("HK97 SA8 D98 C7")
    a = betl_follow(hand, parse_cards("JH 8H"), declarer_pos=1, left=False)
    assert (a.action, a.convention) == ("9H", "betl.leave-lead-to-left")


def test_follow_when_void_sheds():
    a = betl_follow(CardSet.parse("SK9 HAJ98 DQT87"), parse_cards("7C"), declarer_pos=0)
    assert a.convention == "betl.shed-shortest"


def test_follow_refuses_a_bad_position():
    with pytest.raises(ValueError):
        betl_follow(CardSet.parse("HK97"), parse_cards("TH"), declarer_pos=1)
    with pytest.raises(ValueError):
        betl_follow(CardSet.parse("HK97"), [], declarer_pos=0)


# -- continuing after the first trick -------------------------------------------------------------

def test_continue_the_suit_the_partner_is_void_in():
    a = betl_continue(CardSet.parse("HKT8 SQ9 DA97"), partner_void=[Suit.HEARTS])
    assert (a.action, a.convention) == ("8H", "betl.continue-partner-void")


def test_hand_over_a_singleton_without_breaking_cards():
    a = betl_continue(CardSet.parse("HKT8 SQ DAK9"), partner_void=[Suit.HEARTS])
    assert (a.action, a.convention) == ("QS", "betl.hand-over-singleton")


def test_no_hand_over_while_holding_breaking_cards():
    a = betl_continue(CardSet.parse("HKT8 SQ DA97"), partner_void=[Suit.HEARTS])
    assert a.convention == "betl.continue-partner-void"


def test_continue_avoids_a_suit_the_declarer_is_void_in():
    a = betl_continue(CardSet.parse("HKT8 SQ9 DA97"), declarer_void=[Suit.SPADES])
    assert not a.action.endswith("S")


def test_continue_without_information_is_an_opening_style_lead():
    a = betl_continue(CardSet.parse("SJ HKQT9 DA98 C87"))
    assert a.convention == "lead.betl-singleton"


# -- opening leads in betl through the LeadSituation ----------------------------------------------

def test_left_defender_opening_lead_goes_through_the_declarer():
    sit = LeadSituation.of("SJ HKQT9 DA98 C87", "betl", declarer=1, leader=0)
    assert sit.leader == left_defender(1) and sit.through_declarer
    assert opening_lead(sit).action == "JS"


# -- property: over whole random betl hands, every advised card is held and legal -----------------

def play_betl(seed):
    rng = random.Random(seed)
    deal = random_deal(seed)
    declarer = seed % 3
    p = TrickPlay.start(list(deal.hands), leader=0, rules=BETL.play_rules())
    left = left_defender(declarer)
    shown_out = {0: set(), 1: set(), 2: set()}
    checked = 0
    while not p.is_over():
        seat, hand, trick, legal = p.to_move, p.hands[p.to_move], list(p.trick), p.legal_moves()
        advice = None
        if seat != declarer:
            partner = 3 - declarer - seat
            if not p.played:
                advice = opening_lead(LeadSituation.of(hand, BETL, declarer=declarer,
                                                       leader=seat))
            elif not trick:
                advice = betl_continue(hand, partner_void=shown_out[partner],
                                       declarer_void=shown_out[declarer])
            else:
                order = [p.leader, p.next_seat(p.leader), p.next_seat(p.next_seat(p.leader))]
                advice = betl_follow(hand, trick, declarer_pos=order.index(declarer),
                                     left=seat == left)
        if advice is not None:
            for adv in [advice, *advice.schools.values()]:
                assert parse_card(adv.action) in hand and parse_card(adv.action) in legal
            card = parse_card(advice.action)
            checked += 1
        else:
            card = rng.choice(sorted(legal))
        if trick and card >> 4 != trick[0] >> 4:
            shown_out[seat].add(Suit(trick[0] >> 4))
        p.play(card)
    return checked, p.won[declarer]


def test_every_advised_betl_card_is_legal_over_random_hands():
    results = [play_betl(seed) for seed in range(120)]
    assert sum(c for c, _ in results) > 1000
    # random declarers against the conventions lose most betls
    assert sum(1 for _, won in results if won) > 60

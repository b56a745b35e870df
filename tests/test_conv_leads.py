"""Opening leads (prefa.balkan.conventions.leads): each convention, where it must not
fire, Gulin's worked examples, the schools, and legality on random deals.

How Gulin's four lead examples are read (seed 001, "Polazna karta prvog
štiha").  Each hand is printed as four lines, one per suit, with no suit
names.  The order is Gulin's own: "Boje po padajućem redu su: tref, herc,
karo i pik" (clubs, hearts, diamonds, spades).  His declarer examples in the
same chapter confirm it: "A,D,y,y / A,K,J,9 / D,10 / ---" is played in clubs
and opened with the heart ace then the heart jack (line 2 = hearts);
"J,y,y / A,K / K,J,y,y / A" plays the A-K of hearts, the spade ace, then
clubs, keeping three trump tricks in diamonds (line 3 = diamonds, line 4 =
spades).  With the contract in clubs the answers then make sense: "tref 8" is
the lone club of example 3 and "tref K" the top of K,Q,10 in example 4.  In
all four the opener leads *through* the declarer, so the declarer sits right
after him (declarer seat 1, leader seat 0).
"""

import pytest

from prefa.advice import Advice
from prefa.balkan.conventions.leads import (
    DEFAULT,
    GULIN,
    SCHOOLS,
    STRATEGY,
    TOURNAMENT,
    LeadSituation,
    betl_lead,
    is_rezon,
    is_sequence,
    lead_card,
    opening_lead,
)
from prefa.balkan.hand import BalkanHand
from prefa.cards import CardSet, Suit, parse_card
from prefa.deal import Deal, random_deal
from prefa.errors import IllegalAction


def through_declarer(hand, contract="clubs", **kw):
    """The leader (seat 0) plays just before the declarer (seat 1)."""
    return opening_lead(LeadSituation.of(hand, contract, declarer=1, leader=0, **kw))


def through_partner(hand, contract="clubs", **kw):
    """The leader (seat 0) plays just before his partner (seat 1); declarer seat 2."""
    return opening_lead(LeadSituation.of(hand, contract, declarer=2, leader=0, **kw))


def schools(advice):
    return {name: a.action for name, a in advice.schools.items()}


# -- Gulin's worked examples (001 Gulin, Polazna karta prvog štiha) ----------------------------

def test_gulin_lead_example_1_small_diamond_through_declarer():
    # K,8 / D,10,9 / 10,9,8 / K,J  ->  "Najbolji otvor je mala karo karta."
    a = through_declarer("CK8 HQT9 DT98 SKJ")
    assert a.action == "8D"
    assert a.convention == "lead.small-through-declarer"


def test_gulin_lead_example_2_king_of_hearts_from_ace_king():
    # J,9 / A,K,J,9 / K,9,7 / D  ->  "Najbolji otvor je herc K."
    a = through_declarer("CJ9 HAKJ9 DK97 SQ")
    assert a.action == "KH"
    assert a.convention == "lead.top-of-sequence"


def test_gulin_lead_example_3_lone_small_trump():
    # 8 / K,J,9,8 / D,10,7 / K,9  ->  "Najbolji otvor je tref 8."
    a = through_declarer("C8 HKJ98 DQT7 SK9")
    assert a.action == "8C"
    assert a.convention == "lead.singleton-small-trump"


def test_gulin_lead_example_4_king_from_strong_trumps():
    # K,D,10 / D,10,9 / D,7 / J,10  ->  "Najbolji otvor je tref K."
    a = through_declarer("CKQT HQT9 DQ7 SJT")
    assert a.action == "KC"
    assert a.convention == "lead.strong-trumps"


# -- schools where the texts differ ---------------------------------------------------------------

def test_school_small_lead_gulin_avoids_third_queen_strategy_text_prefers_it():
    a = through_declarer("CK8 HQT9 DT98 SKJ")
    assert schools(a) == {GULIN: "8D", STRATEGY: "9H", TOURNAMENT: "8D"}


def test_school_strategy_text_leads_small_from_doubleton_king():
    a = through_declarer("C987 HK7 DJ98 SA8")
    assert a.action == "8D"                      # Gulin: never under a king
    assert schools(a)[STRATEGY] == "7H"         # strategy text: dupli pop is the best suit


def test_school_ace_or_king_from_ace_king():
    a = through_declarer("CJ9 HAKJ9 DK97 SQ")
    assert schools(a) == {GULIN: "KH", STRATEGY: "AH", TOURNAMENT: "AH"}


def test_school_king_fourth_through_partner():
    a = through_partner("C7 HK987 DQ8 SQ87")
    assert (a.action, a.convention) == ("7H", "lead.small-from-fourth-king")
    assert schools(a) == {GULIN: "7H", STRATEGY: "KH", TOURNAMENT: "KH"}


def test_schools_agree_means_no_schools_attached():
    a = through_declarer("C8 HKJ98 DQT7 SK9")
    assert a.schools == {}


def test_default_doctrine_is_documented_choice():
    assert DEFAULT.small_lead == "gulin" and not DEFAULT.ace_from_ak
    assert set(SCHOOLS) == {GULIN, STRATEGY, TOURNAMENT}


# -- suit games: through the declarer -------------------------------------------------------------

def test_small_lead_never_under_the_ace():
    a = through_declarer("CQ7 HA87 DJ98 SK7")
    assert a.action == "8D"
    assert not a.action.endswith("H")


def test_no_singleton_side_lead():
    a = through_declarer("C987 H7 DKQ8 SAJ9")
    assert a.action != "7H"
    assert a.convention == "lead.cash-ace" and a.action == "AS"


def test_sequence_lead_through_declarer():
    a = through_declarer("C98 HKQJ D987 SA7")
    assert (a.action, a.convention) == ("KH", "lead.top-of-sequence")


def test_queen_jack_small_leads_the_queen_not_small():
    a = through_declarer("C98 HQJ7 DA8 SAK7")
    # A-K in spades is the higher sequence; take it away and Q-J-x leads the queen
    assert a.action == "KS"
    b = through_declarer("C98 HQJ7 DA87 SK7")
    assert b.action == "QH"


def test_long_suit_when_nothing_is_safe():
    a = through_declarer("C98 HK98 DK87 SQ7")
    # every side suit has a king or a queen: Gulin leads nothing small under them
    assert (a.action, a.convention) == ("7S", "lead.small-through-declarer")  # Q-x: last choice
    b = through_declarer("C987 HK987 DK87")
    assert (b.action, b.convention) == ("7H", "lead.long-suit")


# -- suit games: through the partner --------------------------------------------------------------

def test_high_through_partner_leads_the_ace():
    a = through_partner("CQ7 HA87 DJ98 SK7")
    assert (a.action, a.convention) == ("AH", "lead.high-through-partner")


def test_high_through_partner_not_from_ace_queen():
    a = through_partner("CQ7 HAQ8 DJ98 SK7")
    assert a.action == "JD"


def test_high_through_partner_small_suit_top_card():
    a = through_partner("CQ7 HK87 DJ98 SQ7")
    assert (a.action, a.convention) == ("JD", "lead.high-through-partner")


def test_partner_sitting_out_means_through_declarer():
    sit = LeadSituation.of("CK8 HQT9 DT98 SKJ", "clubs", declarer=2, leader=0,
                           partner_plays=False)
    assert sit.through_declarer and sit.partner is None
    assert opening_lead(sit).action == "8D"


# -- trump leads ----------------------------------------------------------------------------------

def test_trump_ace_when_void_in_a_side_suit():
    a = through_declarer("CA87 HK87 DQJT9")
    assert (a.action, a.convention) == ("AC", "lead.trump-ace-when-void")


def test_trump_ace_not_led_without_a_void():
    a = through_declarer("CA87 HK8 DQJ9 S98")
    assert a.convention != "lead.trump-ace-when-void"


def test_weak_trumps_are_not_strong_trumps():
    a = through_declarer("CKQ8 HQT9 DQ7 SJT")
    assert a.convention != "lead.strong-trumps"


def test_lone_trump_not_led_when_a_side_suit_is_weak():
    a = through_declarer("C8 HKJ98 DT97 SK9")
    assert a.convention != "lead.singleton-small-trump"
    assert a.action == "7D"


# -- bid suits, calls, the talon ------------------------------------------------------------------

def test_called_defender_leads_partners_bid_suit():
    a = through_declarer("C98 HA87 DJ9 SK87", caller=2, bids={2: "H"})
    assert (a.action, a.convention) == ("7H", "lead.called-bid-suit")


def test_called_defender_leads_own_bid_suit_when_partner_did_not_bid():
    a = through_declarer("C98 HA87 DJ9 SK87", caller=2, bids={0: "S"})
    assert a.action == "7S"


def test_school_called_defender_when_both_bid():
    a = through_declarer("C98 HA87 DJ9 SK87", caller=2, bids={0: "S", 2: "H"})
    assert a.action == "7H"
    assert schools(a)[STRATEGY] == "7S"


def test_called_defender_leads_the_talon_suit_when_nobody_bid():
    a = through_declarer("C98 HA87 DJ9 SK87", caller=2, talon="SA C7")
    assert (a.action, a.convention) == ("7S", "lead.talon-suit")


def test_talon_suit_not_led_when_not_called():
    a = through_declarer("C98 HA87 DJ9 SK87", talon="SA C7")
    assert a.convention != "lead.talon-suit"


def test_partners_bid_suit_led_without_a_call():
    a = through_partner("C98 HA87 DJ9 SK87", bids={1: "S"})
    assert (a.action, a.convention) == ("KS", "lead.partner-bid-suit")


def test_partners_bid_suit_ignored_when_it_is_trumps():
    a = through_declarer("CK8 HQT9 DT98 SKJ", bids={2: "C"})
    assert a.action == "8D"


# -- sans -----------------------------------------------------------------------------------------

def sans(hand, **kw):
    return opening_lead(LeadSituation.of(hand, "sans", declarer=1, leader=0, **kw))


def test_sans_call_leads_the_highest_club():
    a = sans("CK8 HQT9 DT98 SKJ", caller=2)
    assert (a.action, a.convention) == ("KC", "lead.sans-call-clubs")


def test_sans_call_with_four_clubs_leads_the_lowest():
    a = sans("CKT87 HQT9 DT9 SK", caller=2)
    assert a.action == "7C"


def test_sans_kontra_leads_spades_schools_differ():
    a = sans("CK8 HQT9 DT98 SKJ", kontra_giver=2)
    assert (a.action, a.convention) == ("KS", "lead.sans-kontra-spades")
    assert schools(a) == {GULIN: "KS", STRATEGY: "JS", TOURNAMENT: "KS"}


def test_sans_call_partners_bid_suit_comes_first():
    a = sans("CK8 HQT9 DT98 SKJ", caller=2, bids={2: "D"})
    assert (a.action, a.convention) == ("8D", "lead.sans-bid-suit")


def test_school_sans_call_own_bid_suit_or_clubs():
    a = sans("CK8 HQT9 DT98 SKJ", caller=2, bids={0: "H"})
    assert a.action == "9H"                   # tournament rules: own bid suit before clubs
    assert schools(a)[GULIN] == "KC"          # Gulin prefers clubs


def test_sans_without_a_call_leads_a_weak_suit_or_a_sequence():
    assert sans("CK8 HQT9 DT98 SKJ").action == "8D"
    a = sans("CKQJ HA8 DT98 SK7")
    assert (a.action, a.convention) == ("KC", "lead.top-of-sequence")


def test_sans_ace_king_leads_the_ace_for_every_school():
    a = sans("CAKJ HQ8 DT98 SK7")
    assert a.action == "AC" and a.schools == {}


def test_sans_clubs_not_led_without_a_call():
    assert sans("CK8 HQT9 DT98 SKJ").convention != "lead.sans-call-clubs"


# -- betl -----------------------------------------------------------------------------------------

def betl(hand, **kw):
    return opening_lead(LeadSituation.of(hand, "betl", declarer=1, leader=0, **kw))


def test_betl_leads_a_singleton_the_lower_of_two():
    assert betl("SJ HKQT9 DA98 C87").action == "JS"
    assert betl("SJ HKQT9 DA987 CA").action == "JS"


def test_betl_four_card_suit_without_the_ace():
    assert betl("SJ8 HKQT9 DA98 CT").convention == "lead.betl-singleton"
    a = betl("SJ8 HKQT9 DA9 CT7")
    assert (a.action, a.convention) == ("9H", "lead.betl-four-card-suit")
    assert schools(a)[TOURNAMENT] == "8S"


def test_betl_shortest_suit_keeps_its_seven():
    a = betl("SJ7 HKQ DA98 CAT7")
    assert (a.action, a.convention) == ("JS", "lead.betl-shortest-suit")


def test_betl_avoids_the_partners_bid_suit():
    a = betl("SJ8 HKQT DA98 CT7", bids={2: "H"})
    assert not a.action.endswith("H")


def test_betl_lead_function_directly():
    assert betl_lead(CardSet.parse("SJ8 HKQT9 DA98 C8")).action == "8C"


# -- the situation --------------------------------------------------------------------------------

def test_declarer_on_lead_is_refused():
    with pytest.raises(IllegalAction, match="declarer"):
        LeadSituation.of("CK8 HQT9 DT98 SKJ", "clubs", declarer=0, leader=0)


def test_situation_helpers():
    sit = LeadSituation.of("CK8 HQT9 DT98 SKJ", "clubs", declarer=2, leader=0, caller=1,
                           bids={1: "H"})
    assert sit.partner_seat == 1 and not sit.through_declarer
    assert sit.called and not sit.partner_kontra
    assert sit.bid_suit(1) is Suit.HEARTS and sit.bid_suit(2) is None
    assert lead_card(sit) == parse_card(opening_lead(sit).action)


def test_from_hand_at_the_start_of_play():
    d = Deal.parse("ST98 HJT9 DAKQ C7 / SAKQJ HAKQ D7 CAK / S7 H87 DJT98 CQJT | C98")
    h = BalkanHand(d)
    for c in ["pass", "2", "3", "hold", "pass"]:
        h.call(c)
    h.discard("D7 C8")
    h.declare("hearts")
    for x in ["follow", "pass", "call", "decline"]:
        h.decide(x)
    sit = LeadSituation.from_hand(h)
    assert (sit.leader, sit.declarer, sit.partner, sit.caller) == (0, 1, 2, 2)
    assert sit.bid_suit(2) is Suit.DIAMONDS and str(sit.talon) == "C98"
    a = opening_lead(sit)
    assert (a.action, a.convention) == ("KD", "lead.called-bid-suit")
    h.play("KD")
    with pytest.raises(IllegalAction, match="start of play"):
        LeadSituation.from_hand(h)


def test_helpers_on_holdings():
    assert is_rezon([12]) and not is_rezon([11]) and not is_rezon([])
    assert is_sequence([10, 9, 5]) and not is_sequence([11, 9, 8])


# -- property: every lead is a card of the hand, for every school ---------------------------------

GAMES = ["spades", "diamonds", "hearts", "clubs", "betl", "sans", "igra clubs"]


def test_every_recommended_lead_is_held_and_legal():
    from prefa.balkan.contract import Contract
    from prefa.play import legal_cards
    for seed in range(150):
        deal = random_deal(seed)
        declarer = seed % 3
        contract = Contract.parse(GAMES[seed % len(GAMES)])
        for leader in [s for s in range(3) if s != declarer]:
            partner = 3 - declarer - leader
            variants = [dict(), dict(caller=partner), dict(kontra_giver=partner),
                        dict(caller=leader, bids={partner: Suit(seed % 4)}),
                        dict(caller=partner, talon=str(deal.talon)),
                        dict(partner_plays=False, bids={leader: Suit((seed + 1) % 4)})]
            for kw in variants:
                sit = LeadSituation.of(deal[leader], contract, declarer=declarer,
                                       leader=leader, **kw)
                a = opening_lead(sit)
                assert isinstance(a, Advice) and a.convention.startswith("lead.")
                assert a.reason and a.name
                for adv in [a, *a.schools.values()]:
                    card = parse_card(adv.action)
                    assert card in deal[leader]
                    assert card in legal_cards(deal[leader], [], contract.play_rules())

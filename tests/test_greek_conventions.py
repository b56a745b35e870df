"""The seed's conventions as advice: counting tricks, bidding step by step, when a
defender should play, the under-declaring bluff."""

import pytest

from prefa.cards import CardSet
from prefa.deal import Deal
from prefa.greek.auction import Auction
from prefa.greek.contract import Contract
from prefa.greek.conventions import (
    Advice,
    best_contract,
    bid_advice,
    declaration_advice,
    defence_advice,
    defender_tricks,
    suit_tricks,
    sure_tricks,
)
from prefa.greek.defence import Decision

C = Contract.parse
# Seat 0 aims at diamonds, seat 2 at hearts, seat 1 has nothing: the seed's worked auction.
DEAL = Deal.parse("SA87 H87 DAKQT9 / SJT9 DJ87 CQJT9 / SKQ HAKQJT9 C87 | CAK")


def test_suit_tricks_top_run_draws_the_rest_or_counts_alone():
    h = CardSet.parse("SAKQ HAKQJ DAK7 CA")
    assert [suit_tricks(h, s) for s in range(4)] == [3, 4, 2, 1]
    assert suit_tricks(CardSet.parse("SAKQJ987"), 0) == 7
    assert suit_tricks(CardSet.parse("SKQJT"), 0) == 0


def test_best_contracts_of_the_worked_auction_hands():
    assert best_contract(DEAL[0]) == C("6D")
    assert best_contract(DEAL[2]) == C("6H")
    assert best_contract(DEAL[1]) is None
    assert best_contract(CardSet.parse("SAKQJ HAKQ DAKQ")) == C("10NT")


def test_step_by_step_convention_replays_the_seeds_worked_auction():
    a = Auction()
    while not a.is_over:
        advice = bid_advice(a, DEAL[a.to_call])
        a.call(advice.action)
    assert a.greek == "Πρώτα, πάσο, Δεύτερα, ναι, Τρίτα, ναι, Τέταρτα, πάσο"


def test_opening_advice_says_why_prota():
    adv = bid_advice(Auction(), DEAL[0])
    assert adv.action == "6S" and "Πρώτα" in adv.reason and "6♦" in adv.reason
    assert isinstance(adv, Advice) and str(adv).startswith("6♠ — step by step")


def test_blind_take_with_five_tricks_when_all_before_passed():
    five = CardSet.parse("SAKQ HAK D987 C87")
    assert sure_tricks(five) == 5
    assert bid_advice(Auction.from_text("pass, pass"), five).action == "take"
    assert bid_advice(Auction.from_text("Πρώτα"), five).action == "pass"


def test_advice_needs_an_open_auction():
    with pytest.raises(ValueError):
        bid_advice(Auction.from_text("pass, pass, pass"), DEAL[0])


def test_defender_tricks_rules_of_thumb():
    assert defender_tricks(CardSet.parse("SAK HAK8 DQ87"), C("6H")) == 4      # AK side, AK trumps
    assert defender_tricks(CardSet.parse("HQ87 DA"), C("6H")) == 2
    assert defender_tricks(CardSet.parse("HQ8 DA"), C("6H")) == 1
    assert defender_tricks(CardSet.parse("SAKQ HKQ"), C("6NT")) == 3


def test_defence_advice_in_each_position():
    six_h = C("6H")
    # first defender with three sure tricks plays; the second with none passes
    assert defence_advice(DEAL[0], six_h, True).action == "play"
    assert defence_advice(DEAL[1], six_h, False, [Decision.PLAY]).action == "pass"
    # then the first, with three, cannot answer for the four of both: alone
    assert defence_advice(DEAL[0], six_h, True, [Decision.PLAY, Decision.PASS]).action == "alone"
    strong = CardSet.parse("SAK DAK CAK HA")
    assert defence_advice(strong, six_h, True, [Decision.PLAY, Decision.PASS]).action == "along"
    assert defence_advice(strong, six_h, False, [Decision.PASS]).action == "along"
    assert defence_advice(CardSet.parse("SAK DA"), six_h, False, [Decision.PASS]).action == "play"
    # first defender again after "pass, play": the other promised his share
    assert defence_advice(CardSet.parse("SAK"), C("7H"), True,
                          [Decision.PASS, Decision.PLAY]).action == "along"
    assert defence_advice(CardSet.parse("S87"), C("7H"), True,
                          [Decision.PASS, Decision.PLAY]).action == "pass"


def test_defence_advice_warns_about_the_bluff():
    adv = defence_advice(CardSet.parse("SA D87"), C("6H"), True)
    assert adv.action == "pass" and "declared low on purpose" in adv.reason


def test_declaration_advice_bluff_only_with_a_small_kasa_and_a_bigger_one_elsewhere():
    assert declaration_advice(C("8H"), C("6H"), 5, (5, 5)).action == "8H"
    assert declaration_advice(C("8H"), C("6H"), 5, (12, 5)).action == "6H"
    assert declaration_advice(C("6H"), C("6H"), 1, (12, 5)).action == "6H"
    assert declaration_advice(C("8S"), C("7C"), 2, (20,)).action == "8S"     # 7♠ is below 7♣
    assert declaration_advice(C("9S"), C("7C"), 2, (20,)).action == "8S"

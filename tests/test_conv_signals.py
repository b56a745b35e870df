"""Signals and defence play (prefa.balkan.conventions.signals): discards in suit games
and sans, the schools, second-hand play, reading partner's discards, and
legality over whole random hands."""

import random

import pytest

from prefa.balkan.contract import Contract
from prefa.balkan.conventions.leads import GULIN, TOURNAMENT, LeadSituation, is_rezon, opening_lead
from prefa.balkan.conventions.signals import (
    discard,
    is_discard,
    read_discards,
    sans_discard,
    second_hand,
    trump_discard,
)
from prefa.cards import CardSet, Suit, parse_card, parse_cards
from prefa.deal import random_deal
from prefa.play import TrickPlay

CLUBS = Contract.parse("clubs")
SANS = Contract.parse("sans")


def schools(advice):
    return {name: a.action for name, a in advice.schools.items()}


# -- suit games: Gulin's worked signalling example (001 Gulin, Signalizacija) ---------------------

def test_gulin_signal_example_deny_hearts_nine_then_eight():
    # "--- / J,9,8,7 / A,K,10 / A,D,J", clubs, the declarer draws trumps:
    # the right discards are the heart 9 and then the heart 8.
    hand = CardSet.parse("HJ987 DAKT SAQJ")
    a = trump_discard(hand, parse_cards("AC"), CLUBS)
    assert (a.action, a.convention) == ("9H", "signal.deny-high-low")
    hand = hand.remove(parse_card("9H"))
    b = trump_discard(hand, parse_cards("KC"), CLUBS, earlier=parse_cards("9H"))
    assert (b.action, b.convention) == ("8H", "signal.deny-high-low")
    assert read_discards("9H 8H", CLUBS).actions == ("S", "D")


def test_school_tournament_discards_lowest_of_the_trick_suit():
    a = trump_discard(CardSet.parse("HJ987 DAKT SAQJ"), parse_cards("AC"), CLUBS)
    assert schools(a) == {GULIN: "9H", TOURNAMENT: "TD"}


# -- suit games: calls ----------------------------------------------------------------------------

def test_call_with_the_top_of_a_sequence():
    a = trump_discard(CardSet.parse("HAKQT DJ98 S987"), parse_cards("AC"), CLUBS)
    assert (a.action, a.convention) == ("AH", "signal.call-top-of-sequence")
    assert schools(a) == {GULIN: "AH", TOURNAMENT: "TH"}


def test_call_low_then_higher():
    hand = CardSet.parse("HAJ87 D987 SK98")
    a = trump_discard(hand, parse_cards("AC"), CLUBS)
    assert (a.action, a.convention) == ("7H", "signal.call-low-high")
    b = trump_discard(hand.remove(parse_card("7H")), parse_cards("KC"), CLUBS,
                      earlier=parse_cards("7H"))
    assert (b.action, b.convention) == ("8H", "signal.call-low-high")
    assert read_discards("7H 8H", CLUBS).actions == ("H",)


def test_primary_suit_is_called_first():
    a = trump_discard(CardSet.parse("HAJ87 DKQ97 S98"), parse_cards("AC"), CLUBS)
    assert a.action == "7H"
    assert read_discards("7H 7D", CLUBS).actions == ("H", "D")


def test_no_call_from_a_short_strong_suit():
    # A-K-10 and A-Q-J are strong but only three long: no call there
    a = trump_discard(CardSet.parse("HJ987 DAKT SAQJ"), parse_cards("AC"), CLUBS)
    assert not a.action.endswith(("D", "S"))


def test_least_damage_when_nothing_to_say():
    a = trump_discard(CardSet.parse("HAK DAQ SKQ"), parse_cards("AC"), CLUBS)
    assert a.convention == "signal.least-damage"


def test_discard_refused_when_the_player_can_follow_or_must_trump():
    with pytest.raises(ValueError, match="not a discard"):
        trump_discard(CardSet.parse("CA HJ987"), parse_cards("KC"), CLUBS)
    with pytest.raises(ValueError, match="not a discard"):
        trump_discard(CardSet.parse("C7 SJ987"), parse_cards("KH"), CLUBS)
    with pytest.raises(ValueError, match="suit games"):
        trump_discard(CardSet.parse("SJ987"), parse_cards("KH"), SANS)
    with pytest.raises(ValueError, match="sans and preferans"):
        sans_discard(CardSet.parse("SJ987"), parse_cards("KH"), CLUBS)
    assert not is_discard(CardSet.parse("C7 SJ987"), parse_cards("KH"), CLUBS)
    assert is_discard(CardSet.parse("SJ987"), parse_cards("KH"), CLUBS)


# -- sans -----------------------------------------------------------------------------------------

def test_sans_high_card_asks_for_the_higher_of_the_two_suits_left():
    # declarer runs clubs; hearts strong, spades and diamonds weak: discard a
    # spade; of hearts and diamonds, hearts ranks higher, so a high spade
    a = sans_discard(CardSet.parse("S987 HAK7 D87"), parse_cards("AC"), SANS)
    assert (a.action, a.convention) == ("9S", "signal.sans-high-low")
    assert schools(a) == {TOURNAMENT: "9S", GULIN: "7S"}
    assert read_discards("9S", SANS, led=Suit.CLUBS).action == "H"


def test_sans_low_card_asks_for_the_lower_of_the_two_suits_left():
    a = sans_discard(CardSet.parse("S987 HJ8 DAK7"), parse_cards("AC"), SANS)
    assert a.action == "7S" and a.schools == {}
    assert read_discards("7S", SANS, led=Suit.CLUBS).action == "D"


def test_sans_never_discards_from_the_suit_of_its_tricks():
    for hand in ["S987 HAK7 D87", "S987 HJ8 DAK7", "SQ87 HK7 D987"]:
        h = CardSet.parse(hand)
        a = sans_discard(h, parse_cards("AC"), SANS)
        for adv in [a, *a.schools.values()]:
            card = parse_card(adv.action)
            assert h.ranks(card >> 4)[0] != 12 and not (h.count(card >> 4) >= 2
                                                        and h.ranks(card >> 4)[0] == 11)


def test_sans_top_of_sequence_calls():
    a = sans_discard(CardSet.parse("SAKQJ HJ8 D987"), parse_cards("AC"), SANS)
    assert (a.action, a.convention) == ("AS", "signal.sans-top-of-sequence")
    assert read_discards("AS", SANS, led=Suit.CLUBS).action == "S"


def test_sans_nothing_to_show():
    a = sans_discard(CardSet.parse("SJ87 HJ8 D987"), parse_cards("AC"), SANS)
    assert a.convention == "signal.sans-nothing-to-show"


def test_sans_tournament_rule_round_trips_through_the_reader():
    """Whenever the discard suit lets the card be read unambiguously (it holds a
    spot of 7-8 and a card of 9 or more), the reader finds the strong suit."""
    checked = 0
    for seed in range(400):
        hand = random_deal(seed)[seed % 3]
        led = Suit(seed % 4)
        h = CardSet.of(c for c in hand if c >> 4 != led)
        if not h:
            continue
        a = sans_discard(h, [led * 16 + 12], SANS)
        card = parse_card(a.action)
        assert card in h
        ranks = h.ranks(card >> 4)
        if a.convention == "signal.sans-high-low" and ranks[0] >= 7 and ranks[-1] <= 6:
            want = Suit.find(read_discards([card], SANS, led=led).action)
            assert is_rezon(h.ranks(want)), (str(h), led, a.action)
            checked += 1
    assert checked > 20


def test_discard_dispatches_on_the_game():
    assert discard(CardSet.parse("S987 HAK7 D87"), parse_cards("AC"), SANS).action == "9S"
    assert discard(CardSet.parse("HJ987 DAKT SAQJ"), parse_cards("AC"), CLUBS).action == "9H"
    assert discard(CardSet.parse("SK9 HAJ98 DQT87"), parse_cards("7C"),
                   Contract.parse("betl")).action == "KS"


# -- second hand ----------------------------------------------------------------------------------

def test_every_queen_is_covered():
    a = second_hand(CardSet.parse("HK87 SA7 D987"), parse_cards("QH"), CLUBS)
    assert (a.action, a.convention) == ("KH", "second.cover-the-queen")
    a = second_hand(CardSet.parse("HAK8 SA7 D987"), parse_cards("QH"), CLUBS)
    assert a.action == "KH"


def test_except_the_trump_queen():
    a = second_hand(CardSet.parse("CK87 SA7 D987"), parse_cards("QC"), CLUBS)
    assert (a.action, a.convention) == ("7C", "second.trump-queen-not-covered")


def test_queen_not_covered_in_a_suit_already_played():
    a = second_hand(CardSet.parse("HK87 SA7 D987"), parse_cards("QH"), CLUBS,
                    played=CardSet.parse("HA9T"))
    assert a.convention != "second.cover-the-queen"


def test_honour_from_ace_or_king_doubleton():
    assert second_hand(CardSet.parse("HA7 S987"), parse_cards("9H"), CLUBS).action == "AH"
    a = second_hand(CardSet.parse("HK7 S987"), parse_cards("8H"), CLUBS)
    assert (a.action, a.convention) == ("KH", "second.honour-from-doubleton")
    # not when the declarer leads the ace over the king
    assert second_hand(CardSet.parse("HK7 S987"), parse_cards("AH"), CLUBS).action == "7H"


def test_ace_third_low_unless_partner_gave_kontra():
    hand = CardSet.parse("HA87 S987")
    a = second_hand(hand, parse_cards("TH"), CLUBS)
    assert (a.action, a.convention) == ("7H", "second.low-under-ace")
    b = second_hand(hand, parse_cards("TH"), CLUBS, partner_kontra=True)
    assert (b.action, b.convention) == ("AH", "second.ace-after-kontra")


def test_second_hand_low_by_default_and_void_cases():
    assert second_hand(CardSet.parse("HJ87 S987"), parse_cards("TH"), CLUBS).action == "7H"
    assert second_hand(CardSet.parse("S987 C87"), parse_cards("TH"), CLUBS).action == "7C"
    assert second_hand(CardSet.parse("S987 D7"), parse_cards("TH"), CLUBS).convention \
        .startswith("signal.")
    with pytest.raises(ValueError):
        second_hand(CardSet.parse("S987"), [], CLUBS)


# -- reading partner's discards -------------------------------------------------------------------

def test_reader_honour_calls_and_single_spot_cards():
    assert read_discards("AH", CLUBS).actions == ("H",)
    assert read_discards("7H", CLUBS).convention == "read.call"
    a = read_discards("TH", CLUBS)
    assert a.convention == "read.deny" and a.actions == ("S", "D")


def test_reader_sans_schools():
    a = read_discards("9S", SANS, led=Suit.CLUBS)
    assert a.action == "H"
    assert a.schools["Gulin"].actions == ("H", "D")
    assert read_discards("9S 8D", SANS, led=Suit.CLUBS).actions == ("H",)
    assert read_discards("9S 8D", SANS).actions == ("C", "H")  # declarer's suit unknown


def test_reader_refuses_empty_and_betl():
    with pytest.raises(ValueError):
        read_discards([], CLUBS)
    with pytest.raises(ValueError):
        read_discards("AS", Contract.parse("betl"))


# -- property: over whole random hands, every advised card is held and legal ----------------------

def play_out(seed, contract_text):
    """Play a random deal to the end; defenders follow the conventions where one
    applies, the declarer plays a random legal card.  Returns how many advices
    were checked."""
    rng = random.Random(seed)
    deal = random_deal(seed)
    contract = Contract.parse(contract_text)
    declarer = seed % 3
    rules = contract.play_rules()
    leader = (declarer - 1) % 3 if not contract.game.is_suit else 0
    p = TrickPlay.start(list(deal.hands), leader=leader, rules=rules)
    earlier = {0: [], 1: [], 2: []}
    checked = 0
    first = True
    while not p.is_over():
        seat, hand, trick, legal = p.to_move, p.hands[p.to_move], list(p.trick), p.legal_moves()
        advice = None
        if seat != declarer:
            partner = 3 - declarer - seat
            if first and seat == leader:
                advice = opening_lead(LeadSituation.of(hand, contract, declarer=declarer,
                                                       leader=seat, kontra_giver=partner
                                                       if seed % 2 else None))
            elif is_discard(hand, trick, contract):
                advice = discard(hand, trick, contract, earlier=earlier[seat])
                earlier[seat].append(parse_card(advice.action))
            elif len(trick) == 1 and p.leader == declarer:
                played = CardSet.of(p.played) - CardSet.of(trick)
                advice = second_hand(hand, trick, contract, played=played,
                                     partner_kontra=bool(seed % 2))
        if advice is not None:
            for adv in [advice, *advice.schools.values()]:
                assert parse_card(adv.action) in hand
                assert parse_card(adv.action) in legal, (str(hand), trick, adv)
            card = parse_card(advice.action)
            checked += 1
        else:
            card = rng.choice(sorted(legal))
        p.play(card)
        first = False
    return checked


@pytest.mark.parametrize("contract", ["spades", "diamonds", "hearts", "clubs", "sans"])
def test_every_advised_card_is_legal_over_random_hands(contract):
    total = sum(play_out(seed, contract) for seed in range(60))
    assert total > 100

"""Bidding judgement: limits, aimed game, number promises, responsibility (seed 001)."""

from __future__ import annotations

import pytest

from prefa.balkan.contract import Game
from prefa.balkan.conventions.bidding import (
    NUMBER_PROMISES,
    SITE_MINIMUMS,
    bid_advice,
    concentrated,
    gulin_cover,
    introductory_spade,
    number_promises,
    plan,
    preparatory_spade,
    responsibility,
    site_rule,
    tournament_cover,
)
from prefa.balkan.conventions.evaluation import GULIN, SITE, TOURNAMENT, V12, evaluation
from prefa.cards import CardSet


def hand(text: str) -> CardSet:
    h = CardSet.parse(text)
    assert len(h) == 10, f"{text} has {len(h)} cards"
    return h


# -- the site minimums ("LICITACIJA", 1.–9., the site text before v1.2) ------------------------------------------------
SITE_EXAMPLES = [
    ("SA8 HA7 DA987 C98", Game.DIAMONDS, 1),      # three aces
    ("SKQJ HA8 DA87 C98", Game.SPADES, 2),        # K-Q-J with two aces
    ("SKQJ HAK D987 C98", Game.SPADES, 2),        # ... with an ace-king
    ("SKQJ HKQ DKQ CKQ7", Game.SPADES, 2),        # ... with three belas
    ("ST987 HA8 DA8 CA8", Game.SPADES, 3),        # four cards, three aces beside
    ("ST987 HAK DA8 C98", Game.SPADES, 3),        # ... ace-king and an ace
    ("ST987 HAKJ D98 C9", Game.SPADES, 3),        # ... ace-king-jack
    ("SKQ87 HKQ87 D98", Game.HEARTS, 4),          # two fourth belas
    ("CAT987 S98 H98 D9", Game.CLUBS, 5),         # the ace fifth
    ("HAT87 SKQ D987 C9", Game.HEARTS, 6),        # ace fourth and a bela beside
    ("DAK87 S987 H987", Game.DIAMONDS, 7),        # ace-king and two more
    ("CKT987 SA8 H98 D9", Game.CLUBS, 8),         # five cards and an ace beside
]


@pytest.mark.parametrize("text, game, rule", SITE_EXAMPLES)
def test_v12_licitacija_minimums(text, game, rule):
    h = hand(text)
    assert site_rule(h, game).rule == rule
    p = plan(h, school=SITE)
    assert (p.game, p.limit) == (game, game.value)
    # the minimums are the site text's, which comes before the v1.2 rules in seed 001
    assert p.rule == f"bid.site.minimum-{rule}" and p.source == f"001 site text, LICITACIJA {rule}"


def test_v12_licitacija_list_is_data():
    assert [m.rule for m in SITE_MINIMUMS] == list(range(1, 9))


def test_v12_licitacija_9_stronger_hands_qualify():
    assert site_rule(hand("DAKQ8 S987 H987"), Game.DIAMONDS).rule == 7      # A-K-Q-x beats A-K-x-x
    assert site_rule(hand("HAT87 SAK D987 C9"), Game.HEARTS).rule == 6      # A-K beside is an ace


def test_v12_below_minimum_passes():
    h = hand("SK87 HQ97 DJ98 C9")                   # weak, and no betl either (two faults)
    assert all(site_rule(h, g) is None for g in Game if g.is_suit)
    a = bid_advice(h, school=SITE)
    assert a.action == "pass" and a.convention == "bid.site.below-minimum"


# -- the tournament meaning of the numbers ---------------------------------------------------------
def test_tournament_number_promises():
    assert set(NUMBER_PROMISES) == {2, 3, 4, 5, 6, 7}
    assert "preparatory spade" in number_promises(2)[-1]
    assert "diamonds" in number_promises(3)[0] and "hearts" in number_promises(4)[0]
    assert any("common suit" in p for p in number_promises(4))
    assert "clubs" in number_promises(5)[0]
    assert "answers to nobody" in number_promises(6)[0]
    assert "stopper in every suit" in number_promises(7)[0]


def test_tournament_three_card_suit_needs_five_tricks():
    h = hand("DAK7 SAK HAQ8 C98")
    assert tournament_cover(h, Game.DIAMONDS, 5.0)
    assert not tournament_cover(h, Game.DIAMONDS, 4.5)
    assert tournament_cover(hand("DAK87 SAK HQ8 C98"), Game.DIAMONDS, 4.5)   # four cards do
    assert not tournament_cover(hand("DAK87 SAK HQ8 C98"), Game.DIAMONDS, 4.0)


def test_tournament_preparatory_spade():
    h = hand("SAQ7 HAK8 DAQ7 C9")                   # 3-3-3-1, 4.5 potential tricks
    assert preparatory_spade(h, evaluation(h).total)
    p = plan(h, school=TOURNAMENT)
    assert (p.game, p.limit, p.rule) == (Game.SPADES, 2, "bid.tournament.preparatory-spade")
    assert not preparatory_spade(hand("SAQ87 HAK8 DAQ7"), 6.0)       # a four-card suit


# -- Gulin ---------------------------------------------------------------------------------------
def test_gulin_four_and_a_half_with_four_cards():
    h = hand("HKQJ87 DAQ7 C87")
    p = plan(h)
    assert (p.school, p.game, p.limit, p.rule) == (GULIN, Game.HEARTS, 4, "bid.gulin.cover")
    assert bid_advice(h).actions == ("2",)
    assert bid_advice(h, 2).actions == ("3",)
    assert bid_advice(h, 3).actions == ("4",)
    assert bid_advice(h, 4).actions == ("pass",)
    assert "herc" in bid_advice(h).reason


def test_gulin_too_weak_passes():
    a = bid_advice(hand("SK8 HQ87 DJ98 C98"))
    assert a.action == "pass" and a.convention == "bid.gulin.too-weak"


def test_gulin_three_top_cards_exception():
    h = hand("HAKQ SAQ DK8 C987")                   # A-K-Q and two more potential tricks
    assert gulin_cover(h, Game.HEARTS, evaluation(h).total)
    assert plan(h).limit == 4
    a = bid_advice(h, 2)
    assert a.action == "3"
    assert a.schools[TOURNAMENT].action == "pass" and a.schools[SITE].action == "pass"
    assert "Schools differ" in a.reason


def test_gulin_introductory_spade_no_responsibility():
    h = hand("SAQ7 HAK8 DAQ7 C9")
    assert introductory_spade(h, evaluation(h).total)
    p = plan(h)
    assert p.free and (p.game, p.limit) == (Game.SPADES, 2)
    r = responsibility(h, 2)
    assert r.actions == ("2",) and r.convention == "bid.responsibility.introductory-spade"
    a = bid_advice(h, 2)                            # Gulin and the tournament stop at 2
    assert a.action == "pass" and a.schools[SITE].action == "3"


def test_gulin_five_top_cards_concentration_no_bid():
    h = hand("SAKQJT H87 D87 C7")
    assert concentrated(h)
    a = bid_advice(h)
    assert a.action == "pass" and a.convention == "bid.gulin.concentrated"
    assert a.schools[SITE].action == "2" and a.schools[TOURNAMENT].action == "2"


def test_gulin_spade_igra_example_below_igra_criterion():
    # Gulin's hand 9 / 10 / A,8,7 / A,D,J,10,9: a weak spade game, no igra by the criterion
    h = hand("SAQJT9 H9 DA87 CT")
    assert evaluation(h).total == 4.5
    a = bid_advice(h)
    assert "igra" not in a.actions and a.actions == ("2",)


def test_igra_when_six_tricks_without_the_talon():
    h = hand("SAKQ7 HAK8 DAQ8")
    a = bid_advice(h)
    assert a.actions == ("igra", "2") and a.convention == "bid.igra"
    assert bid_advice(h, first_turn=False).actions == ("2",)


def test_hold_instead_of_raising():
    h = hand("HKQJ87 DAQ7 C87")
    assert bid_advice(h, 3, can_hold=True).actions == ("hold",)
    assert bid_advice(h, 4, can_hold=True).actions == ("hold",)
    assert bid_advice(h, 5, can_hold=True).actions == ("pass",)


def test_gulin_leave_clubs_to_the_opponent():
    h = hand("CAKQ87 SA8 HKQ D9")
    assert plan(h).game is Game.CLUBS
    a = bid_advice(h, 5)
    assert a.action == "pass" and a.convention == "bid.yield-common-suit"


# -- responsibility and bluff -------------------------------------------------------------------
@pytest.mark.parametrize("number", [6, 7])
def test_gulin_no_responsibility_for_betl_and_sans(number):
    a = responsibility(hand("S987 H987 D987 C9"), number)
    assert a.actions == (str(number),) and a.convention == "bid.responsibility.free"
    assert a.schools == {}


def test_gulin_bluff_stopping_without_cover():
    h = hand("HKQJ87 DAQ7 C87")
    assert responsibility(h, 4).convention == "bid.responsibility.covered"
    a = responsibility(h, 3)                        # 3 promises diamonds: only A-Q-7
    assert a.actions == ("pass",) and a.convention == "bid.responsibility.bluff"
    assert "blef" in a.name.lower() or "bluff" in a.reason
    assert a.schools[TOURNAMENT].action == "3"      # three diamonds in a five-trick hand
    assert a.schools[V12].action == "3"             # three diamonds headed by the ace (ch.16)


def test_gulin_clubs_exception_is_no_bluff():
    h = hand("CAKQ87 SA8 HKQ D9")
    assert responsibility(h, 4).action == "pass"
    a = responsibility(h, 4, outbid=5)
    assert a.actions == ("4",) and a.convention == "bid.responsibility.common-suit"


def test_position_changes_the_judgement():
    h = hand("SAK87 HKQ DAQ C98")                   # 4.5 by the table, four suits: 4 in all
    assert plan(h, seat=0).game is Game.SPADES
    assert plan(h, seat=1).game is None

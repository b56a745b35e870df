"""Whist obligations: the seed's minimum holdings to follow, call, kontra (seed 001)."""

from __future__ import annotations

import pytest

from prefa.balkan.contract import Contract, Game
from prefa.balkan.conventions.evaluation import GULIN, SITE, STRATEGY, TOURNAMENT, V12, meets
from prefa.balkan.conventions.whist import (
    MINIMUMS,
    WhistSituation,
    advise,
    call_advice,
    first_met,
    follow_advice,
    kontra_advice,
    mandatory_kontra,
    talon_case,
)
from prefa.balkan.hand import BalkanHand
from prefa.cards import CardSet
from prefa.deal import Deal
from prefa.errors import IllegalAction


def sit(text: str, contract: str = "igra hearts", *, talon: str = "-", **kw) -> WhistSituation:
    """A defender's situation; the hand must hold ten cards none of which is in the talon."""
    h, t = CardSet.parse(text), CardSet.parse(talon)
    assert len(h) == 10, f"{text} has {len(h)} cards"
    assert not (h & t), f"{text} shares cards with the talon {talon}"
    c = Contract.parse(contract)
    if t and "number" not in kw:
        kw["number"] = c.game.value
    return WhistSituation(h, c, talon=t, **kw)


def second(text: str, contract: str = "igra hearts", **kw) -> WhistSituation:
    return sit(text, contract, first=False, partner_followed=True, **kw)


def holds_item(s: WhistSituation, item: str) -> bool:
    from prefa.balkan.conventions.whist import _places
    return meets(s.hand, item, s.trump, _places(s))


# -- case 1: a declared game ---------------------------------------------------------------
CASE1_FIRST = [
    ("SA87 HA8 D98 CJ87", "T A"),
    ("SKQ HK7 DQ87 C987", "T KQ Qxx"),
    ("SKQ HQ87 DKQ C987", "T KQ KQ"),
    ("SA8 H97 DA87 CQ87", "A A Qxx"),
    ("SA8 H987 DKQ7 CK8", "A KQ Kx"),
    ("SAK H98 DAK7 C987", "AK AK"),
    ("SAQ H98 DAQ7 C987", "AQ AQ"),
    ("SA H987 DA87 C987", "t:xxx A A"),
]


@pytest.mark.parametrize("text, item", CASE1_FIRST)
def test_site_pratnja_case1_first_defender(text, item):
    s = sit(text)
    assert holds_item(s, item)
    a = follow_advice(s)
    assert a.action == "follow"
    assert a.convention.startswith("whist.igra.first.")
    assert a.source == "001 site rules, PRATNJA case 1"
    assert "dođem" in a.reason


def test_site_pratnja_case1_convention_names_the_item():
    assert follow_advice(sit("SA87 HA8 D98 CJ87")).convention == "whist.igra.first.T-A"
    assert follow_advice(sit("SA H987 DA87 C987")).convention == "whist.igra.first.trumps-xxx-A-A"


def test_site_pratnja_case1_first_below_minimum_passes_everywhere():
    a = follow_advice(sit("SK8 H98 DQ87 C987"))
    assert a.action == "pass" and a.convention == "whist.igra.first.below-minimum"
    assert "ne dođem" in a.reason
    assert a.schools == {}                          # all schools agree


CASE1_SECOND = [
    ("S98 HAK8 D987 C98", "TT"),
    ("SA8 H97 DA87 CQ87", "A A Qxx"),
    ("SA8 H98 DKQ7 CKQ8", "A KQ KQ"),
    ("SA8 H987 DKQ7 CK8", "A KQ Kx"),
    ("S987 HT987 D98 C9", "t:xxxx"),
    ("SA8 HK7 DQ87 C987", "T A Qxx"),
]


@pytest.mark.parametrize("text, item", CASE1_SECOND)
def test_site_pratnja_case1_second_defender(text, item):
    s = second(text)
    assert holds_item(s, item)
    assert follow_advice(s).action == "follow"


def test_site_pratnja_case1_second_is_stricter_than_first():
    text = "SA87 HA8 D98 CJ87"                      # a trump trick and an ace
    assert follow_advice(sit(text)).action == "follow"
    assert follow_advice(second(text)).action == "pass"


def test_second_defender_after_a_pass_uses_the_second_list():
    s = sit("S987 HT987 D98 C9", first=False, partner_followed=False)
    assert follow_advice(s).action == "follow"
    assert follow_advice(sit("S987 HT987 D98 C9")).action == "pass"


def test_schools_differ_on_three_rezons_without_trump_trick():
    # K-x, Q-x-x and a trump ace: not on the site's list; Gulin's general rule and
    # the tournament's three rezons both follow
    a = follow_advice(sit("SK8 HA87 DQ97 C98"))
    assert a.action == "pass"
    assert a.schools[GULIN].action == "follow"
    assert a.schools[GULIN].convention == "whist.gulin.three-rezons"
    assert a.schools[TOURNAMENT].action == "follow"
    assert "Schools differ" in a.reason
    assert follow_advice(sit("SK8 HA87 DQ97 C98"), GULIN).action == "follow"


def test_tournament_rule7_two_sure_tricks():
    s = sit("SAK H987 D987 C98")                  # two sure tricks, one rezon
    a = follow_advice(s, TOURNAMENT)
    assert a.action == "follow" and a.convention == "whist.tournament.two-sure-tricks"
    assert a.source == "001 tournament rule 7"
    assert a.schools[SITE].action == "pass"


# -- case 2: two announced games ------------------------------------------------------------
def test_site_pratnja_case2_lower_game_announcer():
    kw = dict(two_games=True, lower_igra=Game.HEARTS, lower_igra_mine=True)
    yes = sit("SA8 HAKQ987 CK7", "igra clubs", **kw)
    assert follow_advice(yes).action == "follow"
    assert follow_advice(yes).source == "001 site rules, PRATNJA case 2"
    # his own hearts do not count as the extra rezon
    no = sit("S98 HAKQ987 CK7", "igra clubs", **kw)
    assert follow_advice(no, GULIN).action == "pass"


def test_site_pratnja_case2_other_defender():
    kw = dict(first=False, two_games=True, lower_igra=Game.HEARTS)
    assert follow_advice(sit("SA8 H987 DK8 C987", "igra clubs", **kw)).action == "follow"
    # the other's game unknown: only three strong rezons will do
    unknown = dict(first=False, two_games=True)
    assert follow_advice(sit("SA8 H987 DK8 C987", "igra clubs", **unknown), GULIN).action == "pass"
    assert follow_advice(sit("SA8 HK8 DQ87 C987", "igra clubs", **unknown)).action == "follow"


# -- case 3: won at two, bought a trump and a high card ----------------------------------------
TALON3 = "HA CK"


def test_case3_is_recognised():
    s = sit("SA8 HK8 DKQ7 C987", "hearts", talon=TALON3, number=2)
    assert talon_case(s) == "bought-at-two"
    assert talon_case(sit("SA8 HK8 DKQ7 C987", "hearts", talon=TALON3, number=3)) == "igra"


@pytest.mark.parametrize("text, item", [
    ("SA8 HK8 DKQ7 C987", "T A KQ"),
    ("SA8 H987 DK8 CQ87", "R R R"),
    ("SKQ HT9 DK8 CQ987", "t:xx KQ Kx Qxx"),
    ("SAK H987 DAK C987", "AK AK"),
    ("SAQ H987 DAQ C987", "AQ AQ"),
    ("SA8 H987 DQ87 C98", "t:xxx A Qxx"),
    ("SAKQJT H987 D98", "t:xxx AKQJT"),
])
def test_site_pratnja_case3_first_defender(text, item):
    s = sit(text, "hearts", talon=TALON3, number=2)
    assert holds_item(s, item)
    a = follow_advice(s)
    assert a.action == "follow" and a.source == "001 site rules, PRATNJA case 3"


@pytest.mark.parametrize("text, item", [
    ("S98 HKQ8 D987 C98", "TT"),
    ("SK8 HK8 DK87 C987", "T Kx Kx"),
    ("SA8 H987 DK8 CQ87", "A Kx Qxx"),
    ("SA8 HK8 D987 C987", "T A"),
    ("S987 HJT98 D98 C9", "t:Jxxx"),
    ("SK8 HT987 D987 C9", "t:Txxx Kx"),
])
def test_site_pratnja_case3_second_defender(text, item):
    s = second(text, "hearts", talon=TALON3, number=2)
    assert holds_item(s, item)
    assert follow_advice(s).action == "follow"


def test_site_pratnja_case3_trump_trick_and_ace_second_only():
    text = "SA8 HK8 D987 C987"
    assert follow_advice(second(text, "hearts", talon=TALON3, number=2)).action == "follow"
    assert follow_advice(sit(text, "hearts", talon=TALON3, number=2)).action == "pass"


# -- case 4: the declarer leads ---------------------------------------------------------------
@pytest.mark.parametrize("text, item", [
    ("SA87 HA8 D98 CJ87", "T A"),
    ("SA8 H98 DA87 C987", "t:xx A A"),
    ("SA87 H98 DK8 CQ87", "t:xx A Kx Qxx"),
    ("SK8 HT987 D987 C9", "t:Txxx Kx"),
])
def test_site_pratnja_case4_first_defender(text, item):
    s = sit(text, declarer_leads=True)
    assert talon_case(s) == "declarer-leads" and holds_item(s, item)
    assert follow_advice(s).action == "follow"


def test_site_pratnja_case4_bela_in_the_bought_suit():
    kw = dict(talon="D7 C8", number=3, declarer_leads=True)
    assert follow_advice(sit("S987 HK8 DKQ8 C97", "hearts", **kw)).action == "follow"
    no = sit("SKQ98 HK87 DT9 C9", "hearts", **kw)
    assert not holds_item(no, "T KQ@bought")
    assert follow_advice(no).action == "pass"


@pytest.mark.parametrize("text, item", [
    ("SK8 HA8 DK87 C987", "T Kx Kx"),
    ("SA8 H987 DK8 CK87", "A Kx Kx"),
    ("SA8 HT987 D987 C9", "t:xxxx A"),
    ("S98 HAK8 D987 C98", "TT"),
])
def test_site_pratnja_case4_second_defender(text, item):
    s = second(text, declarer_leads=True)
    assert holds_item(s, item)
    assert follow_advice(s).action == "follow"


def test_site_pratnja_case4_four_small_trumps_no_longer_enough():
    text = "S987 HT987 D98 C9"
    assert follow_advice(second(text)).action == "follow"
    assert follow_advice(second(text, declarer_leads=True)).action == "pass"


# -- case 5: a strong talon -------------------------------------------------------------------
@pytest.mark.parametrize("talon", ["CA7", "C7 SA", "HA DA"])
def test_site_pratnja_case5_recognised(talon):
    s = sit("SK8 HK87 D987 CQ8", "clubs", talon=talon)
    assert talon_case(s) == "strong-talon"


@pytest.mark.parametrize("text, item", [
    ("SK8 HK87 D98 CQ98", "T Kx Kx"),
    ("SA8 HKQ7 DKQ8 C98", "A KQ KQ"),
    ("SA8 H98 D98 CJT98", "t:xxxx A"),
    ("SA8 HA8 DK87 CT98", "A A Kx"),
    ("S98 H987 D98 CKQ8", "TT"),
])
def test_site_pratnja_case5_any_defender(text, item):
    for s in (sit(text, "clubs", talon="C7 DA"), second(text, "clubs", talon="C7 DA")):
        assert holds_item(s, item)
        a = follow_advice(s)
        assert a.action == "follow" and a.source == "001 site rules, PRATNJA case 5"


def test_site_pratnja_case5_trump_trick_and_ace_not_enough():
    text = "SA87 HQ8 D987 CK8"
    assert follow_advice(sit(text, "clubs")).action == "follow"
    assert follow_advice(sit(text, "clubs", talon="HA DA")).action == "pass"


# -- case 6: the mandatory kontra -------------------------------------------------------------
def test_site_pratnja_case6_mandatory_kontra_first_only():
    text = "SAKQJT H7 DT987"
    s = sit(text, "igra diamonds")
    assert mandatory_kontra(s)
    a = follow_advice(s)
    assert a.action == "kontra" and a.convention == "whist.mandatory-kontra"
    assert "20 bule" in a.reason and a.source == "001 site rules, PRATNJA case 6"
    assert a.schools[TOURNAMENT].action == "follow"   # no such duty in the tournament text
    assert a.schools[GULIN].action == "kontra"
    assert kontra_advice(s).action == "kontra"
    later = second(text, "igra diamonds")
    assert not mandatory_kontra(later)
    assert follow_advice(later).action == "follow"


def test_mandatory_kontra_needs_the_five_top_cards():
    assert not mandatory_kontra(sit("SAKQJ9 H7 DT987", "igra diamonds"))


# -- case 8: two cards of one suit bought -------------------------------------------------------
def test_site_pratnja_case8_ace_king_or_ace_queen_in_the_bought_suit():
    kw = dict(talon="D87", number=3)
    assert follow_advice(sit("S98 H98 DAQ9 CT97", "hearts", **kw)).action == "follow"
    assert follow_advice(sit("S98 H98 DAK9 CT97", "hearts", **kw)).convention == \
        "whist.pair-bought.AK-in-pair"
    assert follow_advice(sit("S98 H98 DKQ9 CT97", "hearts", **kw)).action == "pass"
    # without the pair the same hand is below every list
    assert follow_advice(sit("S98 H98 DAQ9 CT97", "hearts", talon="D7 C8")).action == "pass"


def test_gulin_pair_bought_not_when_declarer_last():
    s = sit("S98 H98 DAQ9 CT97", "hearts", talon="D87", number=3, declarer_last=True)
    a = follow_advice(s)
    assert a.action == "follow"                    # the site's lists know no such caveat
    g = a.schools[GULIN]
    assert g.action == "pass" and "did not speak last" in g.reason


# -- spades bought with the talon ---------------------------------------------------------------
SPADES = dict(contract="spades", talon="DJ CJ", number=2)


def spades(text: str, **kw) -> WhistSituation:
    return sit(text, **SPADES, **kw)


def test_spades_talon_schools_agree_on_two_aces():
    a = follow_advice(spades("SA8 HA8 D987 C987"))
    assert a.action == "follow" and a.schools == {}


def test_v12_ch16_spades_needs_two_aces_or_trump_trick_and_ace():
    assert follow_advice(spades("SK8 HA8 D987 C987")).convention == "whist.spades-talon.v1.2.T-A"
    assert follow_advice(spades("S98 HA8 DA87 C987")).source == "001 v1.2 ch.16 DOGOVORI"


def test_strategy_spades_two_trump_tricks():
    a = follow_advice(spades("SAK8 H98 D987 C98"))
    assert a.action == "pass"                       # not in the v1.2 agreement
    assert a.schools[STRATEGY].action == "follow"
    assert a.schools[STRATEGY].source == "001 STRATEGIJA, Pratnja na Piku"
    assert a.schools[GULIN].action == "follow"


def test_gulin_spades_three_guarded_kings_one_in_trumps():
    a = follow_advice(spades("SK8 HK8 DK87 C987"), GULIN)
    assert a.action == "follow" and a.source == "001 Gulin, Pratnja (pik)"
    assert a.schools[V12].action == "pass" and a.schools[STRATEGY].action == "pass"


def test_gulin_spades_three_small_trumps_and_ace_unless_declarer_leads():
    assert follow_advice(spades("S987 HA8 D987 C98"), GULIN).action == "follow"
    assert follow_advice(spades("S987 HA8 D987 C98", declarer_leads=True), GULIN).action == "pass"


def test_strategy_spades_strong_hand_follows_with_own_kontra():
    s = spades("S98 HKQ8 DKQ8 CAQ")            # strong, but no ace pair and no trump trick
    a = follow_advice(s, STRATEGY)
    assert a.action == "kontra" and a.convention == "whist.spades-talon.strategy.own-kontra"
    assert kontra_advice(s).action == "kontra"


def test_igra_spades_needs_no_kontra_rule():
    # igra spades is an ordinary game: case 1 lists
    a = follow_advice(sit("SK8 HA8 D987 C987", "igra spades"))
    assert a.convention.startswith("whist.igra.first")


# -- betl, sans ---------------------------------------------------------------------------------
def test_betl_everyone_plays():
    a = follow_advice(sit("S987 H987 D987 C9", "betl"))
    assert a.action == "follow" and a.convention == "whist.betl.must-play"
    assert kontra_advice(sit("S987 H987 D987 C9", "betl")).action == "decline"


def test_sans_uses_the_rezon_rule():
    assert follow_advice(sit("SA8 HK8 DQ87 C987", "sans")).action == "follow"
    assert follow_advice(sit("SJ8 HJ8 DJ87 C987", "sans")).action == "pass"


# -- call and kontra ------------------------------------------------------------------------------
def test_call_the_partner_who_bid_a_side_suit():
    s = sit("SA87 HA8 D98 CJ87", "clubs", talon="H7 D7", partner_bid=4, pending="call")
    a = advise(s)
    assert a.action == "call" and a.convention == "whist.call.partner-bid" and "herc" in a.reason


def test_alone_when_the_partner_bid_the_trump_or_nothing():
    assert call_advice(sit("SA87 HA8 D98 CJ87", "igra hearts", partner_bid=4)).action == "alone"
    assert call_advice(sit("SA87 HA8 D98 CJ87", "igra hearts")).action == "alone"


def test_call_after_a_two_schools_differ():
    a = call_advice(sit("SA87 HA8 D98 CJ87", "igra hearts", partner_bid=2))
    assert a.action == "alone"                       # Gulin: an introductory spade promises nothing
    assert a.schools[TOURNAMENT].action == "call"    # tournament: a final 2 is always spades


def test_kontra_needs_five_tricks_with_the_partner():
    s = sit("SAK8 HAK8 D98 C98", "clubs", talon="H7 D7", partner_followed=True, pending="kontra")
    assert advise(s).action == "kontra"
    alone = sit("SAK8 HAK8 D98 C98", "clubs", talon="H7 D7", pending="kontra")
    a = advise(alone)
    assert a.action == "decline" and "može" in a.reason


def test_kontra_in_spades_mentions_the_game_is_not_played_without_it():
    s = spades("SA8 HA8 D987 C987", pending="kontra")
    assert "not played" in kontra_advice(s).reason


# -- from a hand at the defence step ----------------------------------------
DEAL = Deal.parse("SAKQJT HAKQ DAK / S98 H987 DQJT9 C7 / HJT D87 CAKQJT9 | S7 C8")


def test_from_hand_spades_bought_at_two():
    h = BalkanHand(DEAL)
    for c in ["2", "pass", "pass"]:
        h.call(c)
    h.discard("S7 C8")
    h.declare("spades")
    s = WhistSituation.from_hand(h)
    assert (s.first, s.number, str(s.talon), s.declarer_leads, s.pending) == \
        (True, 2, "S7 C8", True, "follow")
    assert str(s.hand) == "S98 H987 DQJT9 C7"
    assert advise(s).action == "pass"
    h.decide("pass")
    s2 = WhistSituation.from_hand(h)
    assert not s2.first and not s2.partner_followed
    assert advise(s2).schools[TOURNAMENT].action == "follow"   # two sure clubs


def test_from_hand_two_games_and_partner_bid():
    from prefa.deal import random_deal
    h = BalkanHand(random_deal(7))
    for c in ["pass", "igra", "igra", "hearts", "clubs"]:
        h.call(c)
    a = WhistSituation.from_hand(h)                     # seat 0, first after the declarer (2)
    assert (a.first, a.two_games, a.lower_igra, a.lower_igra_mine) == \
        (True, True, Game.HEARTS, False)
    assert (a.declarer_leads, a.declarer_last) == (False, True)
    b = WhistSituation.from_hand(h, seat=1)
    assert b.lower_igra_mine and b.lower_igra is Game.HEARTS

    h = BalkanHand(random_deal(7))
    for c in ["2", "3", "4", "pass", "pass"]:
        h.call(c)
    h.discard(list(h.hands[2] | h.talon)[-2:])
    h.declare("hearts")
    h.decide("follow")
    h.decide("pass")
    s = WhistSituation.from_hand(h)
    assert (s.pending, s.partner_bid, s.first) == ("call", 3, True)


def test_from_hand_refuses_outside_the_defence_step():
    h = BalkanHand(DEAL)
    with pytest.raises(IllegalAction):
        WhistSituation.from_hand(h)


# -- the data ------------------------------------------------------------
def test_every_list_item_parses_and_has_words():
    from prefa.balkan.conventions.evaluation import need_text
    for items in MINIMUMS.values():
        for item in items:
            assert need_text(item)


def test_first_met_returns_the_first_listed_item():
    s = sit("SAK H98 DAK7 C987")
    assert first_met(s, MINIMUMS[("igra", "first")]) == "AK AK"

"""Every table and worked example of seed 002 (Greek Vida), named after its source.

The seed's players: A and Γ are partners, B and Δ are partners, A deals and
B (at A's right) speaks first.  Seats are numbered in playing order, so with
A = seat 0 dealing: B = 1, Γ = 2, Δ = 3; team 0 is A–Γ, team 1 is B–Δ.
"""

import itertools

import pytest

from prefa.cards import CardSet, Suit, deck, parse_card, parse_cards
from prefa.errors import IllegalBid
from prefa.play import legal_cards, trick_winner
from prefa.vida.auction import Auction
from prefa.vida.melds import Meld, counted_melds, find_melds
from prefa.vida.options import VidaRules
from prefa.vida.points import (
    HAND_POINTS,
    PLAIN_ORDER,
    TRUMP_ORDER,
    card_points,
    pile_points,
    play_rules,
)
from prefa.vida.scoring import HandResult, Sheet, hand_score, round_points, score_hand

A, B, G, D = 0, 1, 2, 3   # the seed's A, B, Γ, Δ
AG, BD = 0, 1            # their teams


# -- seed 002, the card tables -------------------------------------------------------
@pytest.mark.parametrize("rank,points", [("J", 20), ("9", 14), ("A", 11), ("T", 10),
                                         ("K", 4), ("Q", 3), ("8", 0), ("7", 0)])
def test_seed002_trump_points_table(rank, points):
    assert card_points(parse_card(rank + "H"), Suit.HEARTS) == points


@pytest.mark.parametrize("rank,points", [("A", 11), ("T", 10), ("K", 4), ("Q", 3),
                                         ("J", 2), ("9", 0), ("8", 0), ("7", 0)])
def test_seed002_plain_points_table(rank, points):
    assert card_points(parse_card(rank + "S"), Suit.HEARTS) == points


def test_seed002_trump_order_is_the_order_of_the_table():
    # "the strength and the points of the trumps": J 9 A 10 K Q 8 7, strongest first
    trumps = parse_cards("JH 9H AH TH KH QH 8H 7H")
    rules = play_rules(Suit.HEARTS)
    for hi, lo in itertools.pairwise(trumps):
        assert trick_winner([lo, hi], rules) == 1 and trick_winner([hi, lo], rules) == 0
    assert TRUMP_ORDER == tuple(c & 15 for c in trumps)


def test_seed002_plain_order_is_the_order_of_the_table():
    plain = parse_cards("AS TS KS QS JS 9S 8S 7S")
    rules = play_rules(Suit.HEARTS)
    for hi, lo in itertools.pairwise(plain):
        assert trick_winner([lo, hi], rules) == 1
    assert PLAIN_ORDER == tuple(c & 15 for c in plain)


def test_seed002_a_hand_is_worth_162_points_152_plus_10_for_the_last_trick():
    for trump in Suit:
        assert pile_points(deck(), trump) == 152
        assert pile_points(deck(), trump, last_trick=True) == HAND_POINTS == 162


# -- seed 002, rounding ----------------------------------------------------------------
def test_seed002_146_16_rounds_to_150_10_for_the_team_with_the_trump_jack():
    assert round_points((146, 16), jack_team=0) == (150, 10)


def test_seed002_rounding_favours_the_jack_the_other_way_round():
    assert round_points((146, 16), jack_team=1) == (140, 20)


def test_seed002_rounded_points_always_make_160():
    for a in range(163):
        for j in (0, 1):
            r = round_points((a, 162 - a), j)
            assert sum(r) == 160 and all(x % 10 == 0 for x in r)


# -- seed 002, the melds (aera) --------------------------------------------------------
@pytest.mark.parametrize("text,points", [
    ("S987", 20), ("HAKQJ", 50), ("DKQJT9", 100),                    # 3, 4, 5 in sequence
    ("SJ HJ DJ CJ", 200), ("S9 H9 D9 C9", 150),
    ("SA HA DA CA", 100), ("ST HT DT CT", 100), ("SK HK DK CK", 100), ("SQ HQ DQ CQ", 100)])
def test_seed002_meld_table(text, points):
    assert Meld.parse(text).points == points


@pytest.mark.parametrize("text", ["S8 H8 D8 C8", "S7 H7 D7 C7"])
def test_seed002_four_eights_or_sevens_give_nothing(text):
    assert find_melds(CardSet.of(parse_cards(text))) == ()
    with pytest.raises(Exception, match="not a meld"):
        Meld.parse(text)


def test_seed002_two_low_tierces_lose_to_one_higher_tierce():
    # team A (A and Γ): 7-8-9 of spades and J-Q-K of clubs; team B: Q-K-A of hearts
    declared = [[Meld.parse("S987")], [Meld.parse("HAKQ")], [Meld.parse("CKQJ")], []]
    o = counted_melds(declared, Suit.DIAMONDS)
    assert o.winner == BD and o.points == (0, 20)


def test_seed002_the_trump_suit_does_not_lift_a_lower_tierce():
    declared = [[Meld.parse("S987")], [Meld.parse("HAKQ")], [Meld.parse("CKQJ")], []]
    assert counted_melds(declared, Suit.SPADES).points == (0, 20)


def test_seed002_equal_tierces_the_one_in_trumps_counts():
    declared = [[Meld.parse("HAKQ")], [Meld.parse("DAKQ")], [], []]
    assert counted_melds(declared, Suit.DIAMONDS).points == (0, 20)
    assert counted_melds(declared, Suit.HEARTS).points == (20, 0)


def test_seed002_equal_tierces_neither_in_trumps_neither_counts():
    declared = [[Meld.parse("HAKQ")], [Meld.parse("DAKQ")], [], []]
    o = counted_melds(declared, Suit.CLUBS)
    assert o.winner is None and o.points == (0, 0)


def test_seed002_a_carre_silences_the_opponents_tierces_and_the_partners_tierce_adds():
    declared = [[Meld.parse("SK HK DK CK")], [Meld.parse("HAKQ")],
                [Meld.parse("D987")], [Meld.parse("CAKQ")]]
    o = counted_melds(declared, Suit.SPADES)
    assert o.winner == AG and o.points == (120, 0)


def test_seed002_carre_of_aces_beats_carre_of_tens():
    declared = [[Meld.parse("SA HA DA CA")], [Meld.parse("ST HT DT CT")], [], []]
    assert counted_melds(declared, Suit.HEARTS).points == (100, 0)


def test_seed002_belote_counts_whatever_the_opponents_melds():
    # A holds K and Q of trumps (belote); B's team holds the better meld.
    res = HandResult(bidders=AG, bid=100, points=(120, 42), jack_team=AG,
                     melds=(0, 50), belote=AG)
    assert res.contract_points(AG) == 140
    assert hand_score(res).written == (100 + 120 + 20, 40 + 50)


# -- seed 002, the auction --------------------------------------------------------------
SEED_AUCTION = ("80 clubs, 100 hearts, pass, 110 hearts, pass, pass, "
                "120 clubs, pass, pass, pass")


def test_seed002_auction_walk_through_ends_with_team_b_delta_at_120_clubs():
    a = Auction(dealer=A)
    assert a.to_call == B                      # B, at the dealer's right, speaks first
    calls = [c.strip() for c in SEED_AUCTION.split(",")]
    speakers = []
    for c in calls:
        speakers.append(a.to_call)
        a.call(c)
    assert speakers == [B, G, D, A, B, G, D, A, B, G]
    c = a.result()
    assert (c.number, c.trump, c.declarer, c.team) == (120, Suit.CLUBS, D, BD)


def test_seed002_auction_would_close_at_110_after_three_passes():
    a = Auction.from_text("80 clubs, 100 hearts, pass, 110 hearts, pass, pass, pass", dealer=A)
    c = a.result()
    assert (c.number, c.trump, c.declarer, c.team) == (110, Suit.HEARTS, A, AG)


def test_seed002_bids_rise_by_tens_from_80():
    a = Auction(dealer=A)
    with pytest.raises(IllegalBid, match="lowest bid is 80"):
        a.call("70 clubs")
    a.call("80 clubs")
    with pytest.raises(IllegalBid, match="at least 90"):
        a.call("80 hearts")
    a.call("90 hearts")


def test_seed002_closes_after_four_passes_when_nobody_has_spoken():
    a = Auction.from_text("pass, pass, pass")
    assert not a.is_over and a.to_call == 3
    a.call("pass")
    assert a.is_over and a.thrown_in and a.result() is None


def test_seed002_the_fourth_player_may_still_open_after_three_passes():
    a = Auction.from_text("pass, pass, pass, 80 spades")
    assert not a.is_over
    for _ in range(3):
        a.call("pass")
    assert a.result().declarer == 3


def test_seed002_a_player_who_passed_may_bid_later():
    # Δ passed in the first round and raised to 120 in the second.
    a = Auction.from_text(SEED_AUCTION, dealer=A)
    assert next(s for s, c in a.calls if str(c) == "pass") == D
    assert any(s == D and str(c) == "120 clubs" for s, c in a.calls)


def test_seed002_capot_is_bid_at_250_and_270_with_belote():
    a = Auction.from_text("80 hearts, capot spades, 270 hearts, pass, pass, pass")
    c = a.result()
    assert c.number == 270 and c.capot and c.trump == Suit.HEARTS


def test_seed002_vida_ends_the_bidding_at_once():
    a = Auction.from_text("80 clubs, vida")
    with pytest.raises(IllegalBid, match="after a vida nobody may bid"):
        a.call("90 hearts")
    a.call("pass")
    a.call("pass")
    c = a.result()
    assert c.vidas == 1 and c.multiplier == 2 and c.number == 80


def test_seed002_kontra_vida_quadruples():
    a = Auction.from_text("80 clubs, vida, kontra-vida, pass, pass")
    assert a.result().multiplier == 4


def test_seed002_up_to_four_alternating_vidas():
    a = Auction.from_text("80 clubs, vida, kontra-vida, vida, kontra-vida")
    assert a.is_over and a.result().multiplier == 16


def test_seed002_vida_is_said_by_the_other_team_kontra_vida_by_the_bidders():
    a = Auction.from_text("80 clubs, pass")      # seat 2 (partner of the bidder) to call
    with pytest.raises(IllegalBid, match="only the opponents"):
        a.call("vida")
    a.call("pass")
    a.call("vida")                               # seat 3, an opponent
    with pytest.raises(IllegalBid, match="answers with kontra-vida"):
        a.call("vida")
    a.call("kontra-vida")                        # seat 0, the bidder


# -- seed 002, the rules of play ----------------------------------------------------------
SPADES = play_rules(Suit.SPADES)


def test_seed002_trump_led_play_a_higher_trump_if_possible():
    assert str(legal_cards(CardSet.parse("SAQ7 HA"), parse_cards("TS"), SPADES)) == "SA"


def test_seed002_trump_led_any_trump_when_none_is_higher():
    assert str(legal_cards(CardSet.parse("SQ7 HA"), parse_cards("JS KS"), SPADES)) == "SQ7"


def test_seed002_trump_led_void_any_card():
    assert str(legal_cards(CardSet.parse("HA DK7"), parse_cards("JS"), SPADES)) == "HA DK7"


def test_seed002_plain_led_follow_suit_without_having_to_beat():
    assert str(legal_cards(CardSet.parse("HK7 SJ"), parse_cards("AH"), SPADES)) == "HK7"


def test_seed002_plain_led_void_must_trump_and_the_trump_wins():
    assert str(legal_cards(CardSet.parse("S87 DA"), parse_cards("AH"), SPADES)) == "S87"
    assert trick_winner(parse_cards("AH 7S"), SPADES) == 1


def test_seed002_second_void_player_must_trump_higher():
    # hearts led; the second player trumped with the queen; the third is void too
    trick = parse_cards("AH QS")
    assert str(legal_cards(CardSet.parse("SA8 DK"), trick, SPADES)) == "SA"


def test_seed002_second_void_player_with_no_higher_trump_plays_a_lower_one_and_loses():
    trick = parse_cards("AH 9S")
    assert str(legal_cards(CardSet.parse("SA8 DK"), trick, SPADES)) == "SA8"
    assert trick_winner(trick + [parse_card("AS")], SPADES) == 1


def test_seed002_void_of_both_any_card():
    assert str(legal_cards(CardSet.parse("DAK C7"), parse_cards("AH 9S"), SPADES)) == "DAK C7"


def test_seed002_the_partner_winning_changes_nothing():
    # seat 0 leads AH, seat 1 (void) trumps with 9S, seat 2 follows; seat 3, whose partner
    # seat 1 is winning, is void in hearts: he must still beat the nine if he can.
    trick = parse_cards("AH 9S 7H")
    assert str(legal_cards(CardSet.parse("SJ8 DA"), trick, SPADES)) == "SJ"


# -- seed 002, the score ---------------------------------------------------------------------
def test_seed002_made_120_with_134_points_writes_120_plus_130_and_the_others_30():
    r = HandResult(bidders=BD, bid=120, points=(28, 134), jack_team=BD)
    s = hand_score(r)
    assert s.made and s.rounded == (30, 130)
    assert s.written == (30, 120 + 130)


def test_seed002_failed_120_with_119_points_gives_the_opponents_280():
    r = HandResult(bidders=BD, bid=120, points=(43, 119), jack_team=BD)
    s = hand_score(r)
    assert not s.made and s.written == (120 + 160, 0)


def test_seed002_failed_120_with_a_tierce_anywhere_gives_the_opponents_300():
    # the opponents' tierce, or the bidders' own (their 99 + 20 = 119 still fail)
    for points, melds in [((43, 119), (20, 0)), ((63, 99), (0, 20))]:
        r = HandResult(bidders=BD, bid=120, points=points, jack_team=AG, melds=melds)
        s = hand_score(r)
        assert not s.made and s.written == (120 + 180, 0)


def test_seed002_vida_failed_the_doublers_write_160_plus_twice_the_bid():
    r = HandResult(bidders=BD, bid=120, points=(43, 119), jack_team=BD, vidas=1)
    assert hand_score(r).written == (160 + 2 * 120, 0)


def test_seed002_vida_made_the_bidders_write_160_plus_twice_the_bid():
    r = HandResult(bidders=BD, bid=120, points=(28, 134), jack_team=BD, vidas=1)
    assert hand_score(r).written == (0, 160 + 2 * 120)


def test_seed002_kontra_vida_quadruples_the_bid_for_the_winner():
    r = HandResult(bidders=BD, bid=120, points=(28, 134), jack_team=BD, vidas=2)
    assert hand_score(r).written == (0, 160 + 4 * 120)


def test_seed002_capot_writes_250_instead_of_160():
    r = HandResult(bidders=AG, bid=250, points=(162, 0), jack_team=AG, tricks=(8, 0))
    assert hand_score(r).written == (250 + 250, 0)


def test_seed002_capot_bid_fails_without_every_trick():
    r = HandResult(bidders=AG, bid=250, points=(152, 10), jack_team=AG, tricks=(7, 1))
    s = hand_score(r)
    assert not s.made and s.written == (0, 250 + 160)


def test_seed002_capot_with_belote_270():
    r = HandResult(bidders=AG, bid=270, points=(162, 0), jack_team=AG, tricks=(8, 0), belote=AG)
    assert hand_score(r).written == (270 + 250 + 20, 0)
    r = HandResult(bidders=AG, bid=270, points=(162, 0), jack_team=AG, tricks=(8, 0))
    assert not hand_score(r).made             # no belote: 250 < 270


def test_seed002_bidders_must_beat_the_opponents_by_default():
    # The opponents' melds take them past the bidders although the bid is reached.
    r = HandResult(bidders=AG, bid=80, points=(90, 72), jack_team=AG, melds=(0, 50))
    assert not hand_score(r).made
    assert hand_score(r).written == (0, 80 + 160 + 50)


def test_seed002_variant_reaching_the_bid_is_enough():
    rules = VidaRules(bidders_must_beat_opponents=False)
    r = HandResult(bidders=AG, bid=80, points=(90, 72), jack_team=AG, melds=(0, 50))
    s = hand_score(r, rules)
    assert s.made and s.written == (80 + 90, 70 + 50)


@pytest.mark.parametrize("target", [3500, 5000])
def test_seed002_the_game_ends_when_a_team_reaches_3500_or_5000(target):
    sheet = Sheet.new(VidaRules(game_target=target))
    big = HandResult(bidders=AG, bid=250, points=(162, 0), jack_team=AG, tricks=(8, 0),
                     vidas=2)                            # 250 + 4 × 250 = 1250 a hand
    n = 0
    while not sheet.is_over:
        sheet = score_hand(sheet, big)
        n += 1
    assert sheet.winner == AG and sheet.totals[0] >= target > sheet.totals[0] - 1250
    assert n == -(-target // 1250)


def test_seed002_play_reasons_in_words():
    from prefa.vida.points import play_reason
    assert play_reason(CardSet.parse("C9 SA"), parse_cards("7C"), Suit.CLUBS) == \
        "trumps were led: you must beat the 7♣ if you can (9♣)"
    assert play_reason(CardSet.parse("HK7"), parse_cards("AH"), Suit.CLUBS) == \
        "follow hearts; you need not beat the A♥"
    assert play_reason(CardSet.parse("SJ8 DA"), parse_cards("AH 9S 7H"), Suit.SPADES) == (
        "no hearts: you must trump, and over-trump the 9♠ if you can (J♠) "
        "(your partner is winning, but that changes nothing)")
    assert play_reason(CardSet.parse("S8 DA"), parse_cards("7H AH"), Suit.SPADES) == \
        "no hearts: you must trump"
    assert play_reason(CardSet.parse("S8 DA"), parse_cards("AH 7H"), Suit.SPADES) == \
        "no hearts: you must trump (your partner is winning, but that changes nothing)"
    assert play_reason(CardSet.parse("DA"), parse_cards("AH 7H"), Suit.SPADES) == \
        "no hearts and no trump: any card"
    assert play_reason(CardSet.parse("DA"), [], Suit.SPADES) == "you lead: any card"

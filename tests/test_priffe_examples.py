"""Every table and rule of seed 003 (Swedish Priffe), named after its place in
the seed.  Numbers are worked out by hand from the seed's rules.

Seats: 0 is the forehand (left of the dealer, seat 3); team 0 is seats 0 and
2, team 1 seats 1 and 3.
"""

from itertools import pairwise

import pytest

from prefa.cards import CardSet, parse_card, parse_cards
from prefa.deal import Deal
from prefa.errors import IllegalBid
from prefa.play import trick_winner
from prefa.priffe.auction import Auction, Bid
from prefa.priffe.contract import Contract
from prefa.priffe.hand import PriffeHand, random_priffe_deal
from prefa.priffe.honours import honour_cards, honour_points, parse_ht, suit_honour_tricks
from prefa.priffe.options import ALTERNATIVE, STANDARD, PriffeRules
from prefa.priffe.scoring import (
    HandResult,
    RubberSheet,
    individual_points,
    score_change,
    score_hand,
    settle,
)
from prefa.priffe.teams import partner, partner_counts, rubber_seatings, team_of

SUITS_DEAL = "SAKQJT98765432 / HAKQJT98765432 / DAKQJT98765432 / CAKQJT98765432"


# -- infobox ------------------------------------------------------------------------------
def test_seed003_infobox_four_players_52_cards_13_each():
    d = random_priffe_deal(5)
    assert len(d.hands) == 4 and all(len(h) == 13 for h in d.hands)
    assert len(d.cards) == 52 and not d.talon


def test_seed003_infobox_rank_ace_high_down_to_two():
    ranks = "AKQJT98765432"
    rules = Contract.PLAY.play_rules()
    for hi, lo in pairwise(ranks):
        trick = [parse_card(lo + "S"), parse_card(hi + "S")]
        assert trick_winner(trick, rules) == 1, (hi, lo)


# -- deal -----------------------------------------------------------------------------------
def test_seed003_deal_partners_sit_opposite():
    assert [partner(s) for s in range(4)] == [2, 3, 0, 1]
    assert [team_of(s) for s in range(4)] == [0, 1, 0, 1]


def test_seed003_deal_left_of_dealer_is_forehand_and_bids_first():
    h = PriffeHand(random_priffe_deal(1), dealer=1)
    assert h.forehand == 2 and h.to_act == 2
    assert h.seats == (2, 3, 0, 1)


def test_seed003_deal_all_cards_13_each():
    with pytest.raises(Exception, match="expected 13"):
        PriffeHand(Deal.parse("SA / HA / DA / CA"))


# -- honour trick table (Werner & Sandgren) -------------------------------------------------
# (seed row, holding in one suit, honour tricks as the seed writes them)
HT_ROWS = [
    ("2+ht: AKQ", "AKQ", "2+"), ("2+ht: AKQ", "AKQ742", "2+"),
    ("2ht: AK", "AK", "2"), ("2ht: AK (J)", "AKJ", "2"), ("2ht: AK (J, 10)", "AKJT3", "2"),
    ("1½ht: AQ", "AQ", "1½"), ("1½ht: AQ (J)", "AQJ", "1½"), ("1½ht: AQ (10)", "AQT8", "1½"),
    ("1+ht: AJ10", "AJT", "1+"), ("1+ht: AJx", "AJ4", "1+"), ("1+ht: KQJ", "KQJ", "1+"),
    ("1+ht: singleton A", "A", "1+"),
    ("1ht: AJ", "AJ", "1"), ("1ht: KQ", "KQ", "1"), ("1ht: KQ", "KQ53", "1"),
    ("1ht: KJ10", "KJT", "1"),
    ("½+ht: KJx", "KJ6", "½+"),
    ("½ht: KJ", "KJ", "½"), ("½ht: Kx", "K7", "½"), ("½ht: Kx", "K842", "½"),
    ("½ht: QJ10", "QJT", "½"), ("½ht: QJx", "QJ5", "½"),
    ("+ht: QJ", "QJ", "+"), ("+ht: Q10", "QT", "+"), ("+ht: Qx", "Q93", "+"),
    ("+ht: singleton K", "K", "+"), ("+ht: singleton Q", "Q", "+"), ("+ht: singleton J", "J", "+"),
    ("no row: low cards", "T98", "0"), ("no row: Jx", "J5", "0"), ("no row: void", "", "0"),
]


@pytest.mark.parametrize("row,holding,value", HT_ROWS, ids=[f"{r}|{h}" for r, h, _ in HT_ROWS])
def test_seed003_honour_trick_table(row, holding, value):
    ranks = CardSet.parse("S" + holding).ranks(0) if holding else []
    q, _ = suit_honour_tricks(ranks)
    assert q == parse_ht(value)


def test_seed003_honour_trick_table_plus_is_a_quarter():
    assert parse_ht("+") == 1 and parse_ht("2+") == 9 and parse_ht("½+") == 3


def test_seed003_honour_trick_table_ace_with_low_cards_our_reading():
    # not in the seed's table: counted as one honour trick (module docstring)
    assert suit_honour_tricks([12, 3, 1])[0] == 4


# -- bids ---------------------------------------------------------------------------------
def test_seed003_bids_order_pass_clubs_spades_diamonds_hearts_noll_play():
    assert sorted(Bid) == [Bid.PASS, Bid.CLUBS, Bid.SPADES, Bid.DIAMONDS, Bid.HEARTS,
                           Bid.NOLL, Bid.PLAY]
    assert [Bid.find(w) for w in ("klöver", "spader", "ruter", "hjärter", "noll", "spel")] == \
        list(Bid)[1:]


def test_seed003_bids_honours_column_read_with_four_trump_honours():
    # the seed's table of bids, read literally: four trump honours, like the four aces and
    # the four twos; the engine has that reading as the option trump_honours="AKQJ"
    four = PriffeRules(trump_honours="AKQJ")
    assert str(honour_cards(Contract.PLAY, four)) == "SA HA DA CA"        # all aces
    assert str(honour_cards(Contract.NOLL, four)) == "S2 H2 D2 C2"        # all twos
    assert str(honour_cards(Contract.FORCED_NOLL, four)) == "S2 H2 D2 C2"
    assert str(honour_cards(Contract.HEARTS, four)) == "HAKQJ"
    assert str(honour_cards(Contract.DIAMONDS, four)) == "DAKQJ"


def test_rules_md_honours_default_trump_akqj_all_aces_in_play_all_twos_in_noll():
    # RULES.md §5: "Honours (trump A K Q J; all aces in play; all twos in noll)"; the decision:
    # four trump honours A K Q J by default, A K Q J T as the option
    assert str(honour_cards(Contract.HEARTS)) == "HAKQJ"
    assert str(honour_cards(Contract.DIAMONDS)) == "DAKQJ"
    assert str(honour_cards(Contract.HEARTS, PriffeRules(trump_honours="AKQJT"))) == "HAKQJT"
    assert str(honour_cards(Contract.PLAY)) == "SA HA DA CA"
    assert str(honour_cards(Contract.NOLL)) == "S2 H2 D2 C2"
    assert str(honour_cards(Contract.FORCED_NOLL)) == "S2 H2 D2 C2"


def test_seed003_bidding_no_bid_below_an_earlier_higher_bid():
    a = Auction.from_text("pass, hearts")
    for lower in ("clubs", "spades", "diamonds", "hearts"):
        with pytest.raises(IllegalBid):
            a.bid(lower)
    assert [str(b) for b in a.legal_bids()] == ["pass", "noll", "play"]


def test_seed003_bidding_pass_is_allowed_at_any_time():
    a = Auction.from_text("noll")
    assert Bid.PASS in a.legal_bids()
    a.bid("pass")
    assert a.to_bid == 2


def test_seed003_bidding_play_starts_the_game_at_once():
    a = Auction.from_text("clubs, play")
    assert a.is_over and a.to_bid is None
    with pytest.raises(IllegalBid, match="auction is over"):
        a.bid("pass")
    r = a.result()
    assert r.contract is Contract.PLAY and r.bidder == 1 and r.declarers == 1


def test_seed003_bidding_last_bid_is_final_bidder_and_partner_declare():
    r = Auction.from_text("clubs, diamonds, noll, pass").result()
    assert r.final is Bid.NOLL and r.bidder == 2 and r.declarers == 0


@pytest.mark.parametrize("bids", ["spades, pass, pass, pass", "pass, clubs, pass, pass",
                                  "clubs, spades, pass, pass"])
def test_seed003_bidding_final_spades_or_clubs_is_forced_noll_without_declarers(bids):
    r = Auction.from_text(bids).result()
    assert r.final.is_information
    assert r.contract is Contract.FORCED_NOLL and r.declarers is None


def test_seed003_play_contract1_forced_noll_all_passed():
    r = Auction.from_text("pass, pass, pass, pass").result()
    assert r.contract is Contract.FORCED_NOLL and r.declarers is None and r.final is None


@pytest.mark.parametrize("bid,contract,trump", [
    ("diamonds", Contract.DIAMONDS, "D"), ("hearts", Contract.HEARTS, "H"),
    ("noll", Contract.NOLL, None), ("play", Contract.PLAY, None)])
def test_seed003_play_contracts2to5(bid, contract, trump):
    r = Auction.from_text(f"pass, {bid}" + (", pass, pass" if bid != "play" else "")).result()
    assert r.contract is contract and r.declarers == 1
    assert (contract.trump.letter if contract.trump is not None else None) == trump


# -- play -----------------------------------------------------------------------------------
def test_seed003_play_follow_suit_if_possible():
    h = PriffeHand(random_priffe_deal(3))
    for b in ("pass", "pass", "pass", "hearts"):
        h.bid(b)
    lead = next(iter(h.legal_cards()))
    h.play(lead)
    seat = h.to_act
    same = h.hands[seat].suit(lead >> 4)
    assert h.legal_cards() == (same if same else h.hands[seat])


def test_seed003_play_highest_of_suit_led_unless_trumped():
    rules = Contract.HEARTS.play_rules()
    assert trick_winner(parse_cards("9S AS 3S 2D"), rules) == 1
    assert trick_winner(parse_cards("9S AS 2H 3H"), rules) == 3


def test_seed003_play_no_duty_to_trump():
    h = PriffeHand(Deal.parse(SUITS_DEAL))
    for b in ("diamonds", "pass", "pass", "pass"):
        h.bid(b)
    h.play("AS")
    assert len(h.legal_cards()) == 13  # void in spades: any heart, not forced to trump


def test_seed003_play_team_tricks_count_together():
    h = PriffeHand(Deal.parse(SUITS_DEAL))
    for b in ("play",):
        h.bid(b)
    for _ in range(13):
        for _ in range(4):
            h.play(next(iter(h.legal_cards())))
    assert h.seat_tricks == (13, 0, 0, 0) and h.tricks == (13, 0)


# -- outcome ------------------------------------------------------------------------------
def test_seed003_outcome_10_per_trick_over_six():
    ch = score_change(RubberSheet.new(), HandResult(Contract.HEARTS, 0, (8, 5)))
    assert ch.game_points == (20, 0) and ch.total == (20, 0)


def test_seed003_outcome_small_slam_plus_10():
    ch = score_change(RubberSheet.new(), HandResult(Contract.DIAMONDS, 1, (1, 12)))
    assert ch.game_points == (0, 60) and ch.slam == (0, 10)
    assert ch.total == (0, 60 + 10 + 10)          # + the first game's bonus


def test_seed003_outcome_grand_slam_plus_20():
    ch = score_change(RubberSheet.new(), HandResult(Contract.PLAY, 0, (13, 0)))
    assert ch.slam == (20, 0) and ch.total == (70 + 20 + 10, 0)


def test_seed003_outcome_defenders_win_double_when_declarers_fail():
    ch = score_change(RubberSheet.new(), HandResult(Contract.HEARTS, 0, (6, 7)))
    assert ch.scorer == 1 and ch.made is False
    assert ch.total == (0, 20)               # one trick over six, doubled


def test_seed003_outcome_only_undoubled_trick_points_count_for_game():
    # defenders take 8: 2 over six -> 20 counts for game, 40 is written
    s = score_hand(RubberSheet.new(), HandResult(Contract.HEARTS, 0, (5, 8)))
    assert s.game_points == (0, 20) and s.totals == (0, 40) and s.games == (0, 0)
    # a second such hand reaches 40 >= 30: game
    s = score_hand(s, HandResult(Contract.HEARTS, 0, (5, 8)))
    assert s.games == (0, 1)


def test_seed003_outcome_penalty_slams():
    ch = score_change(RubberSheet.new(), HandResult(Contract.PLAY, 0, (1, 12)))
    assert ch.slam == (0, 20) and ch.game_points == (0, 60) and ch.penalty == (0, 60)
    ch = score_change(RubberSheet.new(), HandResult(Contract.PLAY, 0, (0, 13)))
    assert ch.slam == (0, 40)


def test_seed003_outcome_noll_10_per_trick_under_seven():
    ch = score_change(RubberSheet.new(), HandResult(Contract.NOLL, 1, (9, 4)))
    assert ch.scorer == 1 and ch.game_points == (0, 30) and ch.penalty == (0, 0)


def test_seed003_outcome_noll_doubled_if_declarers_lose():
    ch = score_change(RubberSheet.new(), HandResult(Contract.NOLL, 1, (5, 8)))
    assert ch.scorer == 0 and ch.made is False
    assert ch.game_points == (20, 0) and ch.penalty == (20, 0)


def test_seed003_play_forced_noll_no_doubling_for_either_side():
    for tricks, scorer, pts in (((4, 9), 0, 30), ((10, 3), 1, 40), ((6, 7), 0, 10)):
        ch = score_change(RubberSheet.new(), HandResult(Contract.FORCED_NOLL, None, tricks))
        assert ch.scorer == scorer and ch.game_points[scorer] == pts and ch.penalty == (0, 0)
        assert ch.made is None


# honours: 2 honours 0, 3 honours 20, 4 honours 40, 4 in one hand 50.  The seed's table
# counts four honours (the aces in play, the twos in noll, and the trumps with
# trump_honours="AKQJ"); the counts below add up to four.
@pytest.mark.parametrize("counts,points", [
    ((1, 1, 1, 1), (0, 0)),    # 2 honours each: 0
    ((2, 0, 0, 2), (0, 0)),
    ((2, 1, 1, 0), (20, 0)),   # 3 honours: 20
    ((0, 3, 0, 1), (0, 40)),   # 4 honours: 40
    ((2, 0, 2, 0), (40, 0)),
    ((0, 0, 0, 4), (0, 50)),   # 4 in one hand: 50
])
def test_seed003_outcome_honours_table_four_honours(counts, points):
    assert sum(counts) == 4
    assert honour_points(counts, STANDARD) == points


# RULES.md §5, the default five trump honours A K Q J 10: the same rows read "at least"
@pytest.mark.parametrize("counts,points", [
    ((1, 1, 2, 1), (20, 0)),   # 3 of the 5: 20 (the other team's 2: nothing)
    ((2, 1, 2, 0), (40, 0)),   # 4 of the 5, two and two: 40
    ((0, 3, 0, 2), (0, 40)),   # all 5 for the team, three and two: 40, as four
    ((0, 4, 0, 1), (0, 50)),   # 4 in one hand: 50
    ((5, 0, 0, 0), (50, 0)),   # all 5 in one hand: 50, as four in one hand
])
def test_rules_md_honours_five_trump_honours_read_at_least(counts, points):
    assert sum(counts) == 5
    assert honour_points(counts, STANDARD) == points


def test_rules_md_honours_default_leaves_out_the_ten_of_trumps():
    # hearts: seat 0 A K, seat 2 J 10 -> by default (A K Q J) team 0 holds A K J: three, 20;
    # with the option of five honours, four of the five: 40
    deal = Deal.parse("SAK74 HAK3 DKJ5 C862 / SQJ3 HQ987 DA4 CAK53 / ST98 HJT6 DQ9872 CQJ / "
                      "S652 H542 DT63 CT974")
    h4 = PriffeHand(deal)
    for b in ("hearts", "pass", "pass", "pass"):
        h4.bid(b)
    assert h4.honours() == (2, 1, 1, 0)
    h = PriffeHand(deal, PriffeRules(trump_honours="AKQJT"))
    for b in ("hearts", "pass", "pass", "pass"):
        h.bid(b)
    assert h.honours() == (2, 1, 2, 0)
    assert honour_points(h.honours(), STANDARD) == (40, 0)
    assert honour_points(h4.honours(), STANDARD) == (20, 0)


def test_seed003_outcome_honours_go_to_holders_even_if_they_lose_the_hand():
    # hearts by team 0, which takes only 5 tricks but holds A K Q J 10 split 3 + 1, with one
    # for team 1: four honours, 40, whatever happened to the contract
    ch = score_change(RubberSheet.new(), HandResult(Contract.HEARTS, 0, (5, 8), (3, 1, 1, 0)))
    assert ch.honours == (40, 0) and ch.total == (40, 40)


def test_seed003_outcome_first_game_at_30_plus_10():
    s = RubberSheet.new()
    s = score_hand(s, HandResult(Contract.HEARTS, 0, (8, 5)))     # 20
    assert s.games == (0, 0) and s.game_points == (20, 0)
    ch = score_change(s, HandResult(Contract.HEARTS, 0, (7, 6)))  # +10 = 30: game
    assert ch.game_won == 0 and ch.game_bonus == (10, 0)


def test_seed003_outcome_second_game_needs_40_plus_20():
    s = score_hand(RubberSheet.new(), HandResult(Contract.PLAY, 0, (9, 4)))  # 30: game 1
    assert s.games == (1, 0) and s.game_points == (0, 0) and s.totals == (40, 0)
    s = score_hand(s, HandResult(Contract.PLAY, 0, (9, 4)))                  # 30 < 40
    assert s.games == (1, 0) and s.game_points == (30, 0)
    ch = score_change(s, HandResult(Contract.PLAY, 0, (7, 6)))               # 40: game 2
    assert ch.game_won == 0 and ch.game_bonus == (20, 0) and ch.rubber_won == 0


def test_seed003_outcome_other_team_first_game_still_30():
    s = score_hand(RubberSheet.new(), HandResult(Contract.PLAY, 0, (9, 4)))
    ch = score_change(s, HandResult(Contract.PLAY, 1, (4, 9)))
    assert ch.game_won == 1 and ch.game_bonus == (0, 10)


def test_seed003_outcome_rubber_complete_when_a_team_won_two_games():
    s = RubberSheet.new()
    for team in (0, 1):
        s = score_hand(s, HandResult(Contract.PLAY, team, (9, 4) if team == 0 else (4, 9)))
    assert s.games == (1, 1) and not s.is_over
    s = score_hand(s, HandResult(Contract.PLAY, 1, (3, 10)))   # 40 for team 1
    assert s.is_over and s.winner == 1
    with pytest.raises(Exception, match="rubber is over"):
        score_hand(s, HandResult(Contract.PLAY, 1, (3, 10)))


def test_seed003_outcome_individual_points():
    # team totals 310 and 90: (310 - 90) / 10 = 22 to each winner, -22 to each loser
    assert settle((310, 90)) == (22, -22)
    s = RubberSheet(games=(1, 2), totals=(90, 310))
    pts = individual_points(s, ("Anna", "Bo", "Cilla", "Dan"))
    assert pts == {"Anna": -22, "Bo": 22, "Cilla": -22, "Dan": 22}
    assert sum(pts.values()) == 0


def test_seed003_outcome_change_places_dealer_and_right_stay():
    seatings = rubber_seatings(("A", "B", "C", "D"), first_dealer=3)
    (s1, _), (s2, d2) = seatings[0], seatings[1]
    right = (d2 - 1) % 4
    assert s2[d2] == s1[d2] and s2[right] == s1[right]
    moved = [i for i in range(4) if s1[i] != s2[i]]
    assert sorted(moved) == sorted([(d2 + 1) % 4, (d2 + 2) % 4])


def test_seed003_outcome_six_rubbers_each_partners_each_twice():
    seatings = [s for s, _ in rubber_seatings("ABCD", rubbers=6)]
    assert set(partner_counts(seatings).values()) == {2}


# -- the alternative score table ----------------------------------------------------------
ALT = PriffeRules(score_table="alternative")


def test_seed003_points_alternative_table_every_row():
    t = ALTERNATIVE
    assert (t.trick, t.penalty_trick, t.first_game, t.second_game) == (10, 20, 10, 20)
    assert (t.small_slam, t.grand_slam, t.small_penalty_slam, t.grand_penalty_slam) == \
        (10, 20, 20, 40)


# the seed's second table, written for four honours
@pytest.mark.parametrize("counts,points", [
    ((0, 4, 0, 0), (0, 50)),    # four honours in one hand: 50
    ((3, 0, 0, 1), (20, 0)),    # three honours in one hand: 20
    ((3, 0, 1, 0), (40, 0)),    # three in one hand, one with the partner: 40
    ((2, 1, 1, 0), (0, 0)),     # three split between partners: nothing
    ((2, 0, 2, 0), (0, 0)),
])
def test_seed003_points_alternative_table_honours(counts, points):
    assert sum(counts) == 4
    assert honour_points(counts, ALTERNATIVE) == points


# the same table with the default five trump honours, read "at least"
@pytest.mark.parametrize("counts,points", [
    ((3, 0, 2, 0), (40, 0)),    # all five, three in one hand: 40
    ((2, 1, 2, 0), (0, 0)),     # four, split two and two: nothing
    ((1, 3, 0, 1), (0, 40)),    # four, three in one hand: 40
    ((0, 4, 1, 0), (0, 50)),    # four in one hand: 50
    ((0, 1, 3, 1), (20, 0)),    # three in one hand, none with the partner: 20
])
def test_rules_md_alternative_table_with_five_trump_honours(counts, points):
    assert sum(counts) == 5
    assert honour_points(counts, ALTERNATIVE) == points


def test_seed003_points_alternative_table_each_trick_and_penalty_trick():
    s = RubberSheet.new(ALT)
    assert score_change(s, HandResult(Contract.HEARTS, 0, (8, 5))).total == (20, 0)
    assert score_change(s, HandResult(Contract.HEARTS, 0, (4, 9))).total == (0, 60 + 10)


def test_seed003_deal_draw_for_seats_highest_deals_second_opposite():
    from prefa.priffe.teams import seating_by_draw
    draws = {"Anna": parse_card("4S"), "Bo": parse_card("AD"), "Cilla": parse_card("QH"),
             "Dan": parse_card("7C")}
    seating, dealer = seating_by_draw(draws)
    assert seating[dealer] == "Bo"                       # the highest card deals
    assert seating[partner(dealer)] == "Cilla"           # the second highest sits opposite
    assert set(seating) == set(draws)
    assert seating[(dealer + 1) % 4] == "Dan"            # our decision: third is the forehand
    with pytest.raises(Exception, match="draw again"):
        seating_by_draw({"A": parse_card("KS"), "B": parse_card("KD"), "C": parse_card("2S"),
                         "D": parse_card("3S")})

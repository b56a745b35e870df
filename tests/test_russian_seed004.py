"""Every value and rule seed 004 (Russian preferans, Portuguese) states, one test
each, named after the section of the seed it comes from.

Sections: intro, Jogadores (players), Baralho (deck), Objetivo (aim),
Preparação e Distribuição (dealing), Leilão (auction), Whisting, Jogabilidade
(play), Pontuação (scoring), Vitória (the end), Variações Comuns (variants),
Dicas (tips), Glossário.  Seat 0 is the eldest hand unless a test says
otherwise (the dealer is the last seat).
"""

from fractions import Fraction

import pytest

from prefa.cards import CardSet, deck, parse_card, parse_cards
from prefa.deal import Deal
from prefa.errors import IllegalAction, IllegalBid
from prefa.play import legal_cards, trick_winner
from prefa.russian.auction import Auction
from prefa.russian.contract import LADDER, MISERE, Contract, Strain
from prefa.russian.deal import deal_in_order, first_dealer, next_dealer, russian_deal
from prefa.russian.hand import Phase, RussianHand
from prefa.russian.options import RussianRules, Variant
from prefa.russian.scoring import (
    HandResult,
    Outcome,
    Sheet,
    play_sheet,
    score_change,
    score_hand,
    settle,
)
from prefa.russian.solve import declarer_tricks, misere_caught, position_from_deal

C = Contract.parse
DEAL = Deal.parse("SAKQJ HAKQ DAK C7 / ST987 H7 DQ7 CKJ8 / HJT98 DJT98 CAQ | CT9")


def auction_to_play(deal=DEAL, calls=("6S", "pass", "pass"), discard="C9 CT", contract="8S",
                    whists=("whist", "whist"), rules=None, dealer=None):
    h = RussianHand(deal, rules, dealer)
    for c in calls:
        h.call(c)
    if h.phase is Phase.DISCARD:
        h.discard(discard)
    if h.phase is Phase.DECLARE:
        h.declare(contract)
    for w in whists:
        if h.phase is Phase.WHIST:
            h.decide(w)
    return h


def rules_for(contract, **opts):
    r = RussianRules(**opts)
    return contract.play_rules(r.must_overtake, r.must_overtrump)


# -- intro ---------------------------------------------------------------------------
def test_seed004_intro_three_players_with_a_32_card_piquet_deck():
    d = russian_deal(11)
    assert [len(h) for h in d.hands] == [10, 10, 10] and len(d.talon) == 2
    assert d.cards == deck(32)
    assert RussianHand(d).seats == (0, 1, 2)


def test_seed004_intro_fixed_sequence_of_a_hand():
    # deal, auction, talon exchange, whist, ten tricks, settlement
    h = RussianHand(DEAL)
    seen = [h.phase]
    for c in ("6S", "pass", "pass"):
        h.call(c)
    seen.append(h.phase)
    h.discard("C9 CT")
    seen.append(h.phase)
    h.declare("6S")
    seen.append(h.phase)
    h.decide("whist")
    h.decide("whist")
    seen.append(h.phase)
    while h.phase is Phase.PLAY:
        h.play(next(iter(h.legal_cards())))
    seen.append(h.phase)
    assert seen == [Phase.AUCTION, Phase.DISCARD, Phase.DECLARE, Phase.WHIST, Phase.PLAY,
                    Phase.DONE]
    assert sum(h.tricks) == 10 and h.result().outcome is Outcome.PLAYED


def test_seed004_intro_game_played_to_an_agreed_pool_usually_10():
    assert RussianRules().pool_target == 10


# -- Jogadores -------------------------------------------------------------------------
def test_seed004_players_gusarik_four_players_dealer_sits_out():
    rules = RussianRules(players=4)
    d = russian_deal(3, players=4, dealer=2)
    assert [len(h) for h in d.hands] == [10, 10, 0, 10]
    h = RussianHand(d, rules, dealer=2)
    assert h.seats == (3, 0, 1) and h.sitting_out == 2
    assert h.auction.to_call == 3


def test_seed004_players_dealing_rotates_clockwise():
    assert [next_dealer(d) for d in range(3)] == [1, 2, 0]
    assert [next_dealer(d, 4) for d in range(4)] == [1, 2, 3, 0]


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_seed004_players_left_of_dealer_is_eldest_speaks_first_and_leads(dealer):
    eldest = (dealer + 1) % 3
    d = russian_deal(5, dealer=dealer)
    h = RussianHand(d, dealer=dealer)
    assert h.to_act == eldest == h.eldest
    for _ in range(3):
        h.call("pass")
    assert h.phase is Phase.PLAY and h.play_state.to_move == eldest


# -- Baralho ---------------------------------------------------------------------------
def test_seed004_deck_no_twos_to_sixes_ace_high_to_seven_low():
    d = deck(32)
    assert not any(c & 15 < 5 for c in d)
    rules = C("6NT").play_rules()
    order = parse_cards("AS KS QS JS TS 9S 8S 7S")
    for hi, lo in zip(order, order[1:]):
        assert trick_winner([lo, hi, parse_card("7H")], rules) == 1


def test_seed004_deck_bidding_suit_order_spades_clubs_diamonds_hearts_no_trump():
    assert [C(f"7{s}").rank for s in "SCDH"] + [C("7NT").rank] == list(range(5, 10))
    assert [Strain.find(s) for s in "♠♣♦♥"] == sorted(Strain.find(s) for s in "♥♦♣♠")


# -- Objetivo ---------------------------------------------------------------------------
@pytest.mark.parametrize("tricks,made", [(7, True), (8, True), (6, False)])
def test_seed004_aim_declarer_takes_at_least_the_contracted_tricks(tricks, made):
    ch = score_change(Sheet.new(), HandResult.played(0, C("7H"), (tricks, 10 - tricks, 0)))
    assert (ch.pool[0] == 4) is made and (ch.gora[0] > 0) is not made


# -- Preparação e Distribuição -------------------------------------------------------
def test_seed004_dealing_lowest_card_drawn_deals_first():
    assert first_dealer(parse_cards("KH 7D AS")) == 1
    assert first_dealer(parse_cards("8C 9S 8H TD")) in (0, 2)


def test_seed004_dealing_pattern_two_talon_then_twos_clockwise():
    order = list(deck(32))  # spades A..7, hearts A..7, diamonds, clubs
    d = deal_in_order(order)
    # first round: two each from the eldest (seat 0); then the talon; then four rounds
    assert set(order[0:2]) <= set(d.hands[0]) and set(order[2:4]) <= set(d.hands[1])
    assert set(order[4:6]) <= set(d.hands[2]) and CardSet.of(order[6:8]) == d.talon
    assert set(order[8:10]) <= set(d.hands[0]) and set(order[30:32]) <= set(d.hands[2])
    assert [len(h) for h in d.hands] == [10, 10, 10]


def test_seed004_dealing_dealer_deals_to_his_left_first():
    order = list(deck(32))
    d = deal_in_order(order, dealer=0)
    assert set(order[0:2]) <= set(d.hands[1])


def test_seed004_dealing_nobody_touches_the_talon_before_the_auction_ends():
    h = RussianHand(DEAL)
    h.call("6S")
    assert not any(h.hands[s] & DEAL.talon for s in range(3))
    with pytest.raises(IllegalAction):
        h.discard("C9 CT")


# -- Leilão ---------------------------------------------------------------------------
def test_seed004_auction_bids_six_to_ten_lowest_six_spades_highest_ten_no_trump():
    assert LADDER[0] == C("6♠") and LADDER[-1] == C("10NT")
    assert {c.tricks for c in LADDER if not c.is_misere} == {6, 7, 8, 9, 10}
    for bad in ("5S", "11H"):
        with pytest.raises(Exception, match="bad contract"):
            C(bad)


def test_seed004_auction_misere_between_eight_no_trump_and_nine_spades():
    i = LADDER.index(MISERE)
    assert LADDER[i - 1] == C("8NT") and LADDER[i + 1] == C("9S")
    a = Auction.from_text("8NT, misère")
    with pytest.raises(IllegalBid):
        a.call("8NT")
    a.call("9S")


def test_seed004_auction_misere_no_trump_defenders_hands_exposed():
    assert MISERE.trump is None
    h = auction_to_play(calls=("misère", "pass", "pass"), contract="misère", whists=())
    assert h.phase is Phase.PLAY and h.open_hands == {1, 2}
    assert h.play_state.rules.trump is None


def test_seed004_auction_each_bid_higher_than_the_last():
    a = Auction.from_text("7D")
    for low in ("7D", "7C", "6NT"):
        with pytest.raises(IllegalBid, match="higher than 7♦"):
            a.call(low)
    a.call("7H")
    assert a.highest == (1, C("7H"))


def test_seed004_auction_a_passed_player_cannot_bid_again():
    a = Auction.from_text("6S, pass, 6C, 7S")
    assert a.to_call == 2  # seat 1 passed and is skipped
    a.call("pass")
    assert a.is_over and a.result().declarer == 0


def test_seed004_auction_all_pass_raspasovka_no_trump_no_talon_fewest_tricks():
    h = RussianHand(DEAL)
    for _ in range(3):
        h.call("pass")
    assert h.raspasovka and h.phase is Phase.PLAY
    assert h.play_state.rules.trump is None
    assert h.discards is None and all(not (hh & DEAL.talon) for hh in h.play_state.hands)
    ch = score_change(Sheet.new(), HandResult.raspasovka((0, 3, 7)))
    assert ch.pool == (1, 0, 0) and ch.gora == (0, 3, 7)


def test_seed004_auction_winner_takes_the_talon_discards_two_and_names_trumps():
    h = RussianHand(DEAL)
    for c in ("6S", "pass", "pass"):
        h.call(c)
    assert h.phase is Phase.DISCARD and h.to_act == 0
    with pytest.raises(IllegalAction, match="two different cards"):
        h.discard("C9")
    h.discard("C7 CT")  # a card of the talon and one of his own
    assert len(h.hands[0]) == 10 and parse_card("9C") in h.hands[0]
    assert [str(c) for c in h.legal_contracts()[:3]] == ["6♠", "6♣", "6♦"]
    h.declare("6H")
    assert h.contract == C("6H")


def test_seed004_auction_discards_lie_with_the_declarers_tricks():
    h = auction_to_play()
    while h.phase is Phase.PLAY:
        h.play(next(iter(h.legal_cards())))
    assert h.discards & h.declarer_pile == h.discards
    assert len(h.declarer_pile) == 3 * h.tricks[0] + 2
    assert sum(h.tricks) == 10  # the discards make no trick


# -- Whisting -------------------------------------------------------------------------
def test_seed004_whist_each_defender_in_turn_left_of_declarer_first():
    h = RussianHand(DEAL)
    for c in ("pass", "6S", "pass"):  # seat 1 declares; seat 2 is on his left
        h.call(c)
    h.discard(list(h.hands[1] | h.talon)[-2:])
    h.declare("6S")
    assert h.phase is Phase.WHIST and h.defenders == (2, 0) and h.to_act == 2
    h.decide("pass")
    assert h.to_act == 0


def test_seed004_whist_both_pass_declarer_scores_without_play_no_whists():
    h = auction_to_play(whists=("pass", "pass"))
    assert h.phase is Phase.DONE and h.play_state is None
    r = h.result()
    assert r.outcome is Outcome.NOT_PLAYED
    ch = score_change(Sheet.new(), r)
    assert ch.pool == (6, 0, 0) and ch.whists == ()


def test_seed004_whist_one_whists_plays_alone_with_the_passers_hand_face_up():
    h = auction_to_play(whists=("pass", "whist"))
    assert h.phase is Phase.PLAY and h.whisters == {2}
    assert h.open_hands == {1} and h.controller(1) == 2 and h.controller(2) == 2
    assert h.play_state.active == (0, 1, 2)  # the passer's cards are played too


def test_seed004_whist_both_whist_each_gets_half_of_the_whists_rounded_up():
    ch = score_change(Sheet.new(), HandResult.played(0, C("6S"), (7, 2, 1), whisters=(1, 2)))
    assert ch.whists_between(1, 0) == ch.whists_between(2, 0) == 2  # 3 tricks: ⌈3/2⌉ each
    ch = score_change(Sheet.new(), HandResult.played(0, C("6S"), (6, 4, 0), whisters=(1, 2)))
    assert ch.whists_between(1, 0) == ch.whists_between(2, 0) == 2


def test_seed004_whist_decisions_bind_for_the_whole_hand():
    h = auction_to_play(whists=("whist", "pass"))
    h.play(next(iter(h.legal_cards())))
    with pytest.raises(IllegalAction, match="bind"):
        h.decide("pass")
    assert h.whisters == {1}


# -- Jogabilidade ---------------------------------------------------------------------
def test_seed004_play_eldest_leads_first_whoever_declares_winner_leads_next():
    h = RussianHand(DEAL)
    for c in ("pass", "pass", "6S", ):
        h.call(c)
    h.discard(list(h.hands[2] | h.talon)[-2:])
    h.declare("6NT")
    h.decide("whist")
    h.decide("whist")
    assert h.declarer == 2 and h.play_state.to_move == 0
    for _ in range(3):
        h.play(next(iter(h.legal_cards())))
    t = h.play_state.tricks[0]
    assert h.play_state.to_move == t.winner


def test_seed004_play_follow_suit_else_trump_else_any_card():
    r = rules_for(C("6H"))
    led = [parse_card("8D")]
    assert str(legal_cards(CardSet.parse("SA H7 DK9"), led, r)) == "DK9"
    assert str(legal_cards(CardSet.parse("SA HQ7 C8"), led, r)) == "HQ7"
    assert str(legal_cards(CardSet.parse("SA C8"), led, r)) == "SA C8"


def test_seed004_play_must_overtake_when_following_suit():
    r = rules_for(C("6H"))
    assert str(legal_cards(CardSet.parse("DK97"), parse_cards("8D TD"), r)) == "DK"
    # no higher card: any card of the suit
    assert str(legal_cards(CardSet.parse("D97"), parse_cards("8D TD"), r)) == "D97"


def test_seed004_play_must_overtake_when_trumping():
    r = rules_for(C("6H"))
    trick = parse_cards("8D 9H")
    assert str(legal_cards(CardSet.parse("HQ7 C8"), trick, r)) == "HQ"
    assert str(legal_cards(CardSet.parse("H7 C8"), trick, r)) == "H7"


def test_seed004_play_highest_trump_wins_else_highest_of_the_suit_led():
    r = rules_for(C("6H"))
    assert trick_winner(parse_cards("AD 7H 8H"), r) == 2
    assert trick_winner(parse_cards("9D AS KD"), r) == 2


def test_seed004_play_ten_tricks():
    h = auction_to_play()
    n = 0
    while h.phase is Phase.PLAY:
        h.play(next(iter(h.legal_cards())))
        n += 1
    assert n == 30 and len(h.play_state.tricks) == 10


# -- Pontuação ------------------------------------------------------------------------
def test_seed004_scoring_three_sections_per_player():
    s = Sheet.new()
    assert s.pool == s.gora == (0, 0, 0) and s.whists == ((0, 0, 0),) * 3


def test_seed004_scoring_contract_values_in_pool_points():
    assert {t: C(f"{t}S").value for t in range(6, 11)} == {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
    assert MISERE.value == 10
    assert all(C(f"{t}{s}").value == C(f"{t}S").value for t in range(6, 11) for s in "CDH")


def test_seed004_scoring_made_pool_whists_from_non_whister_whisters_get_their_tricks():
    ch = score_change(Sheet.new(), HandResult.played(0, C("7S"), (8, 2, 0), whisters=(1,)))
    assert ch.pool == (4, 0, 0) and ch.gora == (0, 0, 0)
    assert ch.whists_between(1, 0) == 2   # the whister's tricks
    assert ch.whists_between(0, 2) == 4   # the pool value from the defender who passed


def test_seed004_scoring_failed_gora_value_times_undertricks_whists_to_each_defender():
    ch = score_change(Sheet.new(), HandResult.played(2, C("9H"), (1, 2, 7), whisters=(0,)))
    assert ch.gora == (0, 0, 16) and ch.pool == (0, 0, 0)
    assert ch.whists_between(0, 2) == ch.whists_between(1, 2) == 16


def test_seed004_scoring_misere_zero_tricks_ten_pool_each_trick_ten_gora():
    ok = score_change(Sheet.new(), HandResult.played(1, MISERE, (5, 0, 5)))
    assert ok.pool == (0, 10, 0) and ok.whists == ()
    bad = score_change(Sheet.new(), HandResult.played(1, MISERE, (4, 2, 4)))
    assert bad.gora == (0, 20, 0) and bad.pool == (0, 0, 0)


def test_seed004_scoring_raspasovka_zero_tricks_one_pool_else_one_gora_per_trick():
    ch = score_change(Sheet.new(), HandResult.raspasovka((0, 0, 10)))
    assert ch.pool == (1, 1, 0) and ch.gora == (0, 0, 10)


def test_seed004_scoring_whists_written_as_small_numbers_separated_by_dots():
    s = play_sheet([HandResult.played(0, C("6S"), (6, 3, 1), whisters=(1,)),
                    HandResult.played(0, C("7S"), (7, 3, 0), whisters=(1,)),
                    HandResult.played(0, C("6D"), (8, 2, 0), whisters=(1,))])
    assert s.whists[1][0] == 4 + 3 + 2
    assert s.whist_text(1, 0) == "4.7.9"
    assert s.column_text(s.pool_history[0]) == "2.6.8"


# -- Vitória --------------------------------------------------------------------------
def test_seed004_end_when_at_least_two_players_fill_the_pool():
    s = play_sheet([HandResult.played(0, C("10S"), (10, 0, 0), whisters=(1,))])
    assert s.full == (0,) and not s.is_over
    s = score_hand(s, HandResult.played(1, C("10H"), (0, 10, 0), whisters=(2,)))
    assert s.is_over
    with pytest.raises(IllegalAction, match="game is over"):
        score_hand(s, HandResult.raspasovka((3, 3, 4)))


def test_seed004_end_whists_converted_ten_to_one_pool_point():
    s = play_sheet([HandResult.played(0, C("6S"), (6, 4, 0), whisters=(1,))])
    # pool 2 for seat 0; seat 1 wrote 4 whists on 0, seat 0 wrote 2 on seat 2
    st = settle(s)
    assert st.values == (Fraction(2) - Fraction(4, 10) + Fraction(2, 10), Fraction(4, 10),
                         Fraction(-2, 10))
    assert RussianRules().whists_per_pool == 10


def test_seed004_end_largest_net_result_wins_biggest_loser_pays():
    s = play_sheet([HandResult.played(0, C("8S"), (8, 2, 0), whisters=(1,)),
                    HandResult.played(2, C("7H"), (3, 2, 5), whisters=(0, 1))])
    st = settle(s)
    assert sum(st.net) == 0
    assert st.winner == 0 and min(range(3), key=lambda p: st.net[p]) == 2
    payer, payee, amount = st.transfers()[0]
    assert (payer, payee) == (2, 0) and amount > 0


# -- Variações Comuns -----------------------------------------------------------------
def test_seed004_variants_sochi_is_the_default():
    assert RussianRules().variant is Variant.SOCHI


def test_seed004_variants_rostov_gora_replaced_by_five_whists_per_opponent_per_undertrick():
    hand = HandResult.played(0, C("8S"), (6, 2, 2), whisters=(1, 2))
    soc = score_change(Sheet.new(), hand)
    ros = score_change(Sheet.new(RussianRules(variant="rostov")), hand)
    assert soc.gora == (12, 0, 0) and ros.gora == (0, 0, 0)
    for o in (1, 2):
        assert ros.whists_between(o, 0) == soc.whists_between(o, 0) + 5 * 2


def test_seed004_variants_rostov_whister_penalties_halved():
    # the whister's quota (an option: seed 004 states the penalty only through Rostov)
    hand = HandResult.played(0, C("6S"), (8, 1, 1), whisters=(1,))  # quota 4, took 2
    soc = score_change(Sheet.new(RussianRules(whist_quota=True)), hand)
    ros = score_change(Sheet.new(RussianRules(whist_quota=True, variant="rostov")), hand)
    assert soc.gora[1] == 2 * 2 and ros.gora[1] == soc.gora[1] // 2 == 2


def test_seed004_variants_leningrad_gora_and_whists_doubled_when_written():
    hand = HandResult.played(0, C("7D"), (5, 3, 2), whisters=(1, 2))
    soc = score_change(Sheet.new(), hand)
    len_ = score_change(Sheet.new(RussianRules(variant="leningrad")), hand)
    assert len_.gora == tuple(2 * g for g in soc.gora) == (16, 0, 0)
    assert len_.whists == tuple((w, o, 2 * a) for w, o, a in soc.whists)
    made = HandResult.played(0, C("7D"), (7, 3, 0), whisters=(1,))
    assert score_change(Sheet.new(RussianRules(variant="leningrad")), made).pool == (4, 0, 0)


def test_seed004_variants_leningrad_pool_doubled_only_at_the_settlement():
    hands = [HandResult.played(0, C("7D"), (7, 3, 0), whisters=(1,))]
    s = play_sheet(hands, RussianRules(variant="leningrad"))
    assert s.pool[0] == 4
    soc = play_sheet(hands)
    assert settle(s).values[0] - Fraction(sum(s.whists[0]) - s.whists[1][0], 10) == 8
    assert settle(soc).values[0] - Fraction(sum(soc.whists[0]) - soc.whists[1][0], 10) == 4


def test_seed004_variants_gusarik_dealer_does_not_play_scores_only_through_whists():
    rules = RussianRules(players=4)
    failed = HandResult.played(0, C("7S"), (6, 4, 0, 0), whisters=(1,), sitting_out=3)
    ch = score_change(Sheet.new(rules), failed)
    assert ch.whists_between(3, 0) == 4 and ch.pool[3] == ch.gora[3] == 0
    made = HandResult.played(0, C("7S"), (7, 3, 0, 0), whisters=(1,), sitting_out=3)
    ch = score_change(Sheet.new(rules), made)
    assert all(w != 3 and o != 3 for w, o, _ in ch.whists) and ch.pool[3] == 0
    with pytest.raises(IllegalAction):
        HandResult.played(0, C("7S"), (6, 2, 1, 1), whisters=(1,), sitting_out=3).check()


# -- Dicas ----------------------------------------------------------------------------
def test_seed004_tips_misere_with_long_weak_suits_and_no_aces_is_unbeatable():
    # the declarer's ten cards: long runs from the seven up, no ace
    deal = Deal.parse("S987 H987 D987 C7 / SAKQJ HAKQJ DA C8 / ST HT DKQJT CAKQ9 | CJT")
    pos = position_from_deal(deal, MISERE, declarer=0, leader=1)
    assert not misere_caught(pos) and declarer_tricks(pos) == 0
    # the same with a lone ace of clubs instead of the seven is caught
    weak = Deal.parse("S987 H987 D987 CA / SAKQJ HAKQJ DA C8 / ST HT DKQJT CKQ97 | CJT")
    assert misere_caught(position_from_deal(weak, MISERE, declarer=0, leader=1))


def test_seed004_tips_eight_or_nine_tricks_can_be_four_pool_points():
    """"The difference between a declarer making 8 and making 9 can be four
    pool points": in pool values 9 (8) − 8 (6) is 2; it becomes 4 where the
    pool counts double at the settlement (Leningrad)."""
    assert C("9S").value - C("8S").value == 2
    results = {}
    for variant in ("sochi", "leningrad"):
        rules = RussianRules(variant=variant)
        vals = []
        for c in ("8S", "9S"):
            s = score_hand(Sheet.new(rules), HandResult.not_played(0, C(c)))
            vals.append(settle(s).values[0])
        results[variant] = vals[1] - vals[0]
    assert results == {"sochi": 2, "leningrad": 4}


def test_seed004_tips_one_or_two_down_is_a_six_point_gora_swing():
    one = score_change(Sheet.new(), HandResult.played(0, C("8S"), (7, 3, 0), whisters=(1,)))
    two = score_change(Sheet.new(), HandResult.played(0, C("8S"), (6, 4, 0), whisters=(1,)))
    assert two.gora[0] - one.gora[0] == 6


# -- Glossário ------------------------------------------------------------------------
def test_seed004_glossary_prikup_two_face_down_cards_declarer_discards_two():
    h = auction_to_play(whists=())
    assert len(DEAL.talon) == 2 and len(h.discards) == 2 and len(h.hands[0]) == 10


def test_seed004_glossary_gora_takes_failed_contracts_and_raspasovka_tricks():
    s = play_sheet([HandResult.played(0, C("6S"), (5, 5, 0)), HandResult.raspasovka((2, 0, 8))])
    assert s.gora == (2 + 2, 0, 8) and s.pool == (0, 1, 0)


def test_seed004_glossary_bez_no_trump_above_hearts():
    assert C("6 bez") == C("6NT") and C("6H") < C("6 bez") < C("7S")


def test_seed004_glossary_overtaking_duty_can_be_switched_off():
    r = rules_for(C("6H"), must_overtake=False)
    assert str(legal_cards(CardSet.parse("DK97"), parse_cards("8D TD"), r)) == "DK97"
    assert str(legal_cards(CardSet.parse("HQ7 C8"), parse_cards("8D 9H"), r)) == "HQ7"
    assert rules_for(C("6H"), must_overtake=False, must_overtrump=True).must_overtrump

"""Every worked example of seed 000 (Greek Wikipedia, "Πρέφα"), named after its section.

The seed's players A, B, Γ are seats 0, 1, 2; Γ deals, so A (at the dealer's
right) speaks and leads first.  Section names: "Η αγορά" (the auction),
"Η δήλωση" (the declaration), "Απάντηση" (the defenders' answer), "Η
εκτέλεση" (the play), "Η κάσα και το μέτρημα" (the kasa and the reckoning),
"Πώς μηδενίζεται η κάσα" (how the kasa goes down), "Αποτυχημένη αγορά" (a
failed contract), "Το τέλος" (the end), "Η μπλόφα" (the bluff), "Έξτρα
αμοιβές" (extra payments), "Ορολογία" (the glossary).
"""

import pytest

from prefa.cards import CardSet, parse_card, parse_cards
from prefa.deal import Deal
from prefa.errors import IllegalAction, IllegalCall, IllegalPlay
from prefa.greek.auction import Auction, AuctionResult
from prefa.greek.contract import Contract
from prefa.greek.conventions import best_contract, declaration_advice, sure_tricks
from prefa.greek.defence import Decision, Defence, obligation_text
from prefa.greek.hand import GreekHand, Phase, random_greek_deal
from prefa.greek.kasa import HandResult, KasaSheet, Verdict, score_change, score_hand
from prefa.greek.options import GreekRules
from prefa.play import PlayRules, legal_cards, trick_winner

C = Contract.parse
FRESH = KasaSheet.new()


def change(*args, **kw):
    return score_change(FRESH, HandResult.played_hand(*args, **kw))


# -- Γενικά / Το μοίρασμα: the deal ---------------------------------------------------------
def test_seed000_deal_by_twos_from_the_dealers_right_seventh_and_eighth_face_down():
    order = list(range(5, 13)) + list(range(21, 29)) + list(range(37, 45)) + list(range(53, 61))
    from prefa.deal import deal_cards
    from prefa.greek.hand import GREEK_PATTERN
    d = deal_cards(order, [0, 1, 2], 3, GREEK_PATTERN)  # dealer 2: seat 0 is at his right
    assert set(d.talon) == {order[6], order[7]}
    assert {order[0], order[1], order[8], order[9]} <= set(d.hands[0])
    assert {order[2], order[3]} <= set(d.hands[1]) and {order[4], order[5]} <= set(d.hands[2])
    assert [len(h) for h in d.hands] == [10, 10, 10]


def test_seed000_ten_cards_each_two_kato_ten_tricks_per_deal():
    h = GreekHand(random_greek_deal(3))
    assert [len(x) for x in h.deal.hands] == [10, 10, 10] and len(h.talon) == 2


def test_seed000_tembelis_deals_and_sits_out_with_four_players():
    d = random_greek_deal(5, players=4, dealer=1)
    h = GreekHand(d, GreekRules(players=4), dealer=1)
    assert h.tembelis == 1 and h.seats == (2, 3, 0) and len(d.hands[1]) == 0


# -- Η αγορά: the auction ---------------------------------------------------------------------
def test_seed000_auction_example_hand_AKQT9_diamonds_and_ace_of_spades_is_six_diamonds():
    hand = CardSet.parse("SA87 H87 DAKQT9")   # the four cards the seed leaves open are small
    assert sure_tricks(hand) == 6
    assert best_contract(hand) == C("6D")


def test_seed000_auction_six_diamonds_outbids_six_clubs_and_no_trumps_outbid_all():
    assert C("6C") < C("6D") < C("6H") < C("6NT") < C("7S")
    assert max(C(f"6{d}") for d in "SCDH") < C("6NT")


def test_seed000_auction_worked_example_prota_pass_deftera_nai_trita_nai_tetarta_pass():
    a = Auction.from_text("Πρώτα, pass, Δεύτερα, ναι, Τρίτα, ναι, Τέταρτα, pass")
    assert a.result() == AuctionResult(2, C("6H"))
    assert [s for s, _ in a.calls] == [0, 1, 2, 0, 2, 0, 2, 0]


def test_seed000_auction_worked_example_gamma_must_say_deftera_not_six_hearts():
    a = Auction.from_text("Πρώτα, pass")
    with pytest.raises(IllegalCall, match="one step at a time: the next is 6♣"):
        a.call("6 κούπες")
    a.call("Δεύτερα")
    assert a.holder == 2


def test_seed000_auction_worked_example_greek_words_ola_edo_and_echo_hold():
    a = Auction.from_text("Πρώτα, πάσο, Δεύτερα, όλα εδώ, Τρίτα, έχω, Τέταρτα, πάσο")
    assert a.result().winner == 2 and a.result().contract == C("6H")


def test_seed000_glossary_milima_example_b_buys_six_tetarta():
    a = Auction.from_text("6 πρώτα, 6 δεύτερα, πάσο, 6 τρίτα, 6 τέταρτα, πάσο")
    assert a.result() == AuctionResult(1, C("6H"))


def test_seed000_auction_blind_take_only_after_passes_and_wins_if_the_rest_pass():
    with pytest.raises(IllegalCall, match="only when everybody before you passed"):
        Auction.from_text("Πρώτα").call("τα παίρνω")
    a = Auction.from_text("pass, τα παίρνω, pass")
    assert a.result() == AuctionResult(1, blind=True)
    h = GreekHand()
    for c in ["pass", "τα γράφω", "pass"]:
        h.call(c)
    assert h.legal_contracts()[0] == C("6S") and h.may_concede()


def test_seed000_auction_blind_taker_concedes_at_6_prota_for_4_kasa_and_16_kapikia():
    h = GreekHand()
    for c in ["τα παίρνω", "pass", "pass"]:
        h.call(c)
    h.declare("concede")
    ch = score_change(FRESH, h.result())
    assert ch.kasa == (4, 0, 0) and ch.kapikia == (-16, 8, 8)


def test_seed000_auction_note1_prefa_bid_ends_the_auction_ten_cards_ten_or_lower():
    rules = GreekRules(prefa_bid=True)
    d = Deal.parse("ST98 HT987 DT9 C8 / SAKQJ HAKQJ DAK / DQJ87 CAKQJT9 | S7 C7")
    h = GreekHand(d, rules)
    h.call("Πρέφα")
    assert h.auction.is_over and h.phase is Phase.DISCARD and h.buyer == 0
    h.discard("TD 9D")
    assert h.prefa_made is True
    assert score_change(KasaSheet.new(rules), h.result()).kapikia == (60, -30, -30)


def test_seed000_auction_note1_prefa_not_completed_pays_the_same_fine():
    rules = GreekRules(prefa_bid=True)
    d = Deal.parse("SA98 HT987 DT9 C8 / SKQJT HAKQJ DAK / DQJ87 CAKQJT9 | S7 C7")
    h = GreekHand(d, rules)
    h.call("pass")
    h.call("prefa")
    assert h.buyer == 1
    h.discard("KS QS")   # keeps the ace, jack, and more: not ten low cards
    assert h.prefa_made is False
    assert score_change(KasaSheet.new(rules), h.result()).kapikia == (30, -60, 30)


# -- Η δήλωση: the declaration ----------------------------------------------------------------
def _worked_hand():
    d = Deal.parse("SA9 DAKQT9 CAK7 / SJT8 H8 DJ87 CT98 / SKQ HAKQJT9 CQJ | S7 H7")
    h = GreekHand(d)
    for c in ["Πρώτα", "pass", "Δεύτερα", "ναι", "Τρίτα", "ναι", "Τέταρτα", "pass"]:
        h.call(c)
    return h


def test_seed000_declaration_gamma_may_not_declare_6_trita_but_6_tetarta_or_7_bastounia():
    h = _worked_hand()
    h.discard("7S JC")
    with pytest.raises(IllegalAction, match="lower than the bid 6♥"):
        h.declare("6 Τρίτα")
    assert h.phase is Phase.DECLARE and h.contract is None
    assert C("6H") in h.legal_contracts() and C("7S") in h.legal_contracts()
    h.declare("7 μπαστούνια")
    assert h.contract == C("7S")


def test_seed000_declaration_buyer_keeps_king_of_hearts_from_kato_and_lays_down_seven():
    d = Deal.parse("SA9 DAKQT9 CAK7 / SJT8 H8 DJ87 CT98 / SKQ HAQJT97 CQJ | S7 HK")
    h = GreekHand(d)
    for c in ["Πρώτα", "pass", "Δεύτερα", "ναι", "Τρίτα", "ναι", "Τέταρτα", "pass"]:
        h.call(c)
    h.discard("7H 7S")
    assert parse_card("KH") in h.hands[2] and parse_card("7H") not in h.hands[2]
    assert len(h.hands[2]) == 10


# -- Απάντηση: the defenders' answer ----------------------------------------------------------
@pytest.mark.parametrize("tricks, words", [(6, "2 and 2"), (7, "2 and 1"), (8, "1 and 1"),
                                           (9, "1 between them")])
def test_seed000_answer_personal_obligations_table(tricks, words):
    d = Defence(0, (1, 2), C(f"{tricks}S"))
    d.decide("play")
    d.decide("play")
    assert obligation_text(d.outcome()) == words


def test_seed000_answer_at_7_both_play_and_take_2_the_one_short_is_in():
    ch = change(0, "7S", (8, 1, 1))          # B owed 2 and took 1; Γ owed 1
    assert ch.paid(1, 0) == 63 and ch.paid(0, 2) == 7 and ch.kasa == (0, 0, 0)
    ch = change(0, "7S", (8, 2, 0))          # now Γ, who owed 1, took none
    assert ch.paid(2, 0) == 70 and ch.paid(0, 1) == 14


@pytest.mark.parametrize("words, playing, along", [
    (["pass", "pass"], [], None),                        # case 1 and 4α
    (["play", "play"], [1, 2], None),                    # case 2
    (["play", "pass", "alone"], [1], None),              # case 3α
    (["play", "pass", "παίζεις κι εσύ"], [1, 2], 1),     # case 3β
    (["pass", "έλα κι εσύ μαζί"], [1, 2], 2),            # case 4β
    (["pass", "play", "pass"], [2], None),               # case 4γ
    (["pass", "play", "πάμε μαζί"], [1, 2], 1),          # case 4δ
])
def test_seed000_answer_cases_1_to_4d(words, playing, along):
    d = Defence(0, (1, 2), C("6H"))
    for w in words:
        d.decide(w)
    o = d.outcome()
    assert sorted(o.playing) == playing and o.along_by == along and o.played == bool(playing)


def test_seed000_answer_case_3a_plays_alone_owing_2_at_6_2_at_7_1_at_8():
    for tricks, owed in [(6, 2), (7, 2), (8, 1)]:
        d = Defence(0, (1, 2), C(f"{tricks}D"))
        for w in ["play", "pass", "alone"]:
            d.decide(w)
        assert obligation_text(d.outcome()) == f"{owed} alone"


def test_seed000_answer_case_4b_must_take_along_at_once_else_first_speaks_again():
    d = Defence(0, (1, 2), C("6H"))
    d.decide("pass")
    d.decide("play")
    assert d.to_act == 1 and d.legal() == [Decision.PASS, Decision.ALONG]


# -- Η εκτέλεση: the play ---------------------------------------------------------------------
def test_seed000_play_gamma_deals_a_leads_ten_of_hearts_b_follows_gamma_wins_with_jack():
    rules = PlayRules(trump=None)
    b_hand = CardSet.parse("H8 S7 DK")
    assert str(legal_cards(b_hand, [parse_card("TH")], rules)) == "H8"
    assert trick_winner(parse_cards("TH 8H JH"), rules) == 2
    assert trick_winner(parse_cards("AS TS 7S"), rules) == 0   # Γ leads the ace and wins again


def test_seed000_play_forehand_at_the_dealers_right_leads_the_first_trick():
    h = _worked_hand()
    h.discard("7S JC")
    h.declare("6H")
    h.decide("play")
    h.decide("play")
    assert h.dealer == 2 and h.leader == 0 and h.to_act == 0


def test_seed000_play_spades_trumps_nine_of_spades_beats_ace_of_hearts():
    rules = C("6S").play_rules()
    assert trick_winner(parse_cards("TH AH 9S"), rules) == 2


def test_seed000_play_must_follow_with_one_heart_must_trump_when_void_free_without_trumps():
    rules = C("6S").play_rules()
    led = [parse_card("TH"), parse_card("AH")]
    assert str(legal_cards(CardSet.parse("S9 H7 DA"), led, rules)) == "H7"
    assert str(legal_cards(CardSet.parse("S97 DA"), led, rules)) == "S97"
    assert str(legal_cards(CardSet.parse("DA C8"), led, rules)) == "DA C8"


def test_seed000_play_two_trumps_in_a_trick_the_higher_wins():
    rules = C("6S").play_rules()
    assert trick_winner(parse_cards("TH TS JS"), rules) == 2


def test_seed000_play_no_duty_to_overtake_gamma_may_underruff_with_the_seven():
    rules = C("6S").play_rules()
    legal = legal_cards(CardSet.parse("ST7 D8"), parse_cards("TH 9S"), rules)
    assert str(legal) == "ST7"            # must trump, but the 7 (giving the trick away) is fine


def test_seed000_play_no_trumps_anything_goes_when_void():
    rules = C("6NT").play_rules()
    assert rules.trump is None
    assert str(legal_cards(CardSet.parse("S9 D8"), [parse_card("TH")], rules)) == "S9 D8"
    assert trick_winner(parse_cards("TH 7H AS"), rules) == 0


def test_seed000_play_an_illegal_card_is_refused_and_changes_nothing():
    h = _worked_hand()
    h.discard("7S JC")
    h.declare("6H")
    h.decide("play")
    h.decide("play")
    h.play("KC")                                        # A leads a club
    before = (list(h.play_state.hands), list(h.play_state.trick))
    with pytest.raises(IllegalPlay, match="must follow clubs"):
        h.play("JS")
    assert (list(h.play_state.hands), list(h.play_state.trick)) == before


# -- Η κάσα και το μέτρημα: the kasa and the reckoning -----------------------------------------
def test_seed000_kasa_30_is_300_kapikia_each():
    s = KasaSheet.new(GreekRules(kasa=30))
    assert s.kasa == (30, 30, 30) and 10 * s.kasa[0] == 300 and s.kapikia == (0, 0, 0)


def test_seed000_kasa_stakis_megas_salonik72_stopping_early():
    # Stakis owes Megas 10 and gets 5 from salonik72; salonik72 owes Megas 38;
    # their kasas are 27, 21 and 1.
    s = KasaSheet.at((27, 21, 1), {(0, 1): 10, (2, 0): 5, (2, 1): 38})
    final = s.stop_early()
    assert final.is_over
    # Stakis's share makes his debt to Megas 100 and turns the 5 he got from
    # salonik72 into a debt of 85; then Megas gives 70 each, salonik72 about 3.
    assert final.owes(0, 1) == 100 - 70 and final.owes(0, 2) == 85 - 3
    assert final.owes(1, 2) == 70 - 38 - 3
    assert final.settlement() == (-112, 1, 111) and s.settlement() == (-112, 1, 111)


def test_seed000_kasa_stakis_pays_90_megas_70_salonik72_about_3_to_each_other_player():
    s = KasaSheet.at((27, 21, 1), {(0, 1): 10, (2, 0): 5, (2, 1): 38})
    ch = s.stop_early().changes[-1]
    assert {(p.payer, p.amount) for p in ch.payments} == {(0, 90), (1, 70), (2, 3)}


# -- Πώς μηδενίζεται η κάσα: contract made ----------------------------------------------------
@pytest.mark.parametrize("tricks, row", [(6, (2, 3, 4, 5, 6)), (7, (7, 7, 7, 7, 8)),
                                         (8, (8, 8, 8, 8, 9)), (9, (9, 9, 9, 9, 10)),
                                         (10, (10, 10, 10, 10, 10))])
def test_seed000_values_table(tricks, row):
    assert tuple(C(f"{tricks}{d}").value for d in ("S", "C", "D", "H", "NT")) == row


def test_seed000_made_six_koupes_exactly_lowers_the_kasa_by_5():
    ch = change(0, "6H", (6, 2, 2))
    assert ch.kasa == (-5, 0, 0)


def test_seed000_made_six_koupes_defenders_1_and_3_are_paid_5_and_15():
    ch = change(0, "6H", (6, 1, 3))
    assert ch.paid(0, 1) == 5 and ch.paid(0, 2) == 15 and ch.kapikia == (-20, 5, 15)


# -- Αποτυχημένη αγορά: the buyer goes down ------------------------------------------------------
def test_seed000_failed_six_koupes_with_5_tricks_raises_5_and_pays_25():
    ch = change(0, "6H", (5, 2, 3))
    assert ch.kasa == (5, 0, 0) and -ch.kapikia[0] == 25


def test_seed000_failed_seven_with_trumps_one_down_raises_7_and_pays_28():
    for d in "SCDH":
        ch = change(0, f"7{d}", (6, 2, 2))
        assert ch.kasa == (7, 0, 0) and -ch.kapikia[0] == 28


@pytest.mark.parametrize("tricks, row", [(6, (4, 6, 8, 10, 12)), (7, (14, 14, 14, 14, 16)),
                                         (8, (16, 16, 16, 16, 18)), (9, (18, 18, 18, 18, 20)),
                                         (10, (20, 20, 20, 20, 20))])
def test_seed000_failed_solo_table_doubles_the_kasa(tricks, row):
    got = []
    for d in ("S", "C", "D", "H", "NT"):
        down2 = tricks - 2
        ch = change(0, f"{tricks}{d}", (down2, 10 - down2, 0), playing=(1,))
        got.append(ch.kasa[0])
    assert tuple(got) == row


def test_seed000_failed_solo_six_koupes_with_4_tricks_raises_10_and_pays_60():
    ch = change(0, "6H", (4, 3, 3))
    assert ch.kasa == (10, 0, 0) and -ch.kapikia[0] == 60
    assert HandResult.played_hand(0, "6H", (4, 3, 3)).verdict is Verdict.SOLO


def test_seed000_failed_solo_seven_with_trumps_raises_14_and_pays_70():
    ch = change(0, "7D", (5, 3, 2))
    assert ch.kasa == (14, 0, 0) and -ch.kapikia[0] == 70


# -- Οι άλλοι παίκτες: a defender short -------------------------------------------------------------
@pytest.mark.parametrize("tricks, row", [(6, (18, 27, 36, 45, 54)), (7, (63, 63, 63, 63, 72)),
                                         (8, (80, 80, 80, 80, 90)), (9, (90, 90, 90, 90, 100))])
def test_seed000_one_short_table(tricks, row):
    got = []
    for d in ("S", "C", "D", "H", "NT"):
        owed = {6: 2, 7: 2, 8: 1, 9: 1}[tricks]
        took = owed - 1
        ch = change(0, f"{tricks}{d}", (10 - took, took, 0), playing=(1,))
        assert ch.kasa == (0, 0, 0)                  # the buyer's kasa stays
        got.append(ch.paid(1, 0))
    assert tuple(got) == row


def test_seed000_one_short_six_bastounia_owed_2_took_1_pays_18_kasa_stays():
    ch = change(0, "6S", (9, 1, 0), playing=(1,))
    assert ch.paid(1, 0) == 18 and ch.kasa == (0, 0, 0)


def test_seed000_one_short_seven_with_trumps_owed_2_took_1_pays_63():
    ch = change(0, "7H", (9, 1, 0), playing=(1,))
    assert ch.paid(1, 0) == 63


def test_seed000_note_7_prota_b_owes_2_gamma_1_who_took_what_does_not_matter_if_3_made():
    ch = change(0, "7S", (7, 1, 2))
    assert ch.kasa == (-7, 0, 0) and ch.paid(0, 1) == 7 and ch.paid(0, 2) == 14


def test_seed000_note_7_prota_b_1_gamma_1_gamma_paid_7_b_pays_63_kasa_stays():
    ch = change(0, "7S", (8, 1, 1))
    assert ch.paid(0, 2) == 7 and ch.paid(1, 0) == 63 and ch.kasa == (0, 0, 0)
    assert ch.kapikia == (56, -63, 7)


@pytest.mark.parametrize("tricks, row", [(6, (40, 60, 80, 100, 120)), (7, (140, 140, 140, 140, 160))])
def test_seed000_two_short_table(tricks, row):
    got = []
    for d in ("S", "C", "D", "H", "NT"):
        ch = change(0, f"{tricks}{d}", (10, 0, 0), playing=(1,))
        assert ch.kasa == (0, 0, 0)
        got.append(ch.paid(1, 0))
    assert tuple(got) == row


def test_seed000_two_short_remarks_no_solo_at_8_and_9_a_defender_owing_one_pays_80_and_90():
    assert change(0, "8S", (10, 0, 0), playing=(1,)).paid(1, 0) == 80
    assert change(0, "9S", (10, 0, 0), playing=(1,)).paid(1, 0) == 90


@pytest.mark.parametrize("split", [(1, 1), (2, 0), (0, 2)])
def test_seed000_special_case_8_b_takes_gamma_along_two_tricks_b_paid_16_kasa_down_8(split):
    ch = change(0, "8S", (8, *split), along_by=1)
    assert ch.paid(0, 1) == 16 and ch.paid(0, 2) == 0 and ch.kasa == (-8, 0, 0)


def test_seed000_special_case_8_taken_along_one_trick_together_b_pays_72():
    for split in [(1, 0), (0, 1)]:
        ch = change(0, "8S", (9, *split), along_by=1)
        assert ch.paid(1, 0) == 72 and ch.paid(2, 0) == 0 and ch.kasa == (0, 0, 0)


def test_seed000_special_case_8_taken_along_no_trick_b_pays_160_solo():
    ch = change(0, "8S", (10, 0, 0), along_by=1)
    assert ch.paid(1, 0) == 160


def test_seed000_special_case_8_through_the_hand_gamma_passes_b_says_play_along():
    h = GreekHand()
    for c in ["Πρώτα", "pass", "pass"]:
        h.call(c)
    h.declare("8S")
    for w in ["play", "pass", "παίξε κι εσύ"]:
        h.decide(w)
    h.claim((9, 1, 0))
    assert score_change(FRESH, h.result()).paid(1, 0) == 72


def test_seed000_both_pass_buyer_lowers_his_kasa_and_pays_nothing():
    h = GreekHand()
    for c in ["Πρώτα", "pass", "pass"]:
        h.call(c)
    h.declare("6D")
    h.decide("pass")
    h.decide("pass")
    ch = score_change(FRESH, h.result())
    assert h.phase is Phase.DONE and ch.kasa == (-4, 0, 0) and ch.payments == ()


# -- Το τέλος: γλύφω and the end ----------------------------------------------------------------
def test_seed000_end_glypho_a_at_0_makes_6_trita_licks_b_12_to_8_and_gets_40():
    s = KasaSheet.at((0, 12, 6))
    r = HandResult.played_hand(0, "6D", (6, 2, 2))
    s2 = score_hand(s, r)
    assert s2.kasa == (0, 8, 6)
    assert score_change(s, r).paid(1, 0) == 40
    assert s2.kapikia[0] - s.kapikia[0] == 40 - 2 * 4 - 2 * 4   # he still pays the defenders


def test_seed000_end_glypho_equal_kasas_he_chooses_usually_the_one_he_owes_most():
    s = KasaSheet.at((0, 9, 9), {(0, 2): 30})
    r = HandResult.defenders_passed(0, "6D")
    assert score_hand(s, r).kasa == (0, 9, 5)               # he owes seat 2 most
    assert score_hand(s, r, lick=1).kasa == (0, 5, 9)       # or his choice
    with pytest.raises(IllegalAction, match="largest"):
        score_hand(KasaSheet.at((0, 9, 8)), r, lick=2)


def test_seed000_end_the_game_ends_when_every_kasa_is_zero():
    s = KasaSheet.at((0, 0, 4))
    s = score_hand(s, HandResult.defenders_passed(2, "6D"))
    assert s.is_over and s.settlement() == s.kapikia
    with pytest.raises(IllegalAction, match="game is over"):
        score_hand(s, HandResult.defenders_passed(2, "6D"))


def test_seed000_end_kasa_goes_down_only_for_a_made_contract_or_when_nobody_plays():
    assert change(0, "6H", (5, 2, 3)).kasa[0] > 0
    assert change(0, "6H", (7, 1, 2)).kasa == (0, 0, 0)     # a defender short: kasa stays


# -- Η μπλόφα: the bluff ------------------------------------------------------------------------------
def test_seed000_bluff_a_can_make_8_koupes_declares_6_b_plays_and_is_solo():
    # B reckons "he lacks 4, I have 2", plays; Γ takes the two B hoped for.
    r = HandResult.played_hand(0, "6H", (8, 0, 2))
    ch = score_change(FRESH, r)
    (short,) = [(o, n) for o, n in r.shortfalls() if n]
    assert short[0].answerable == (1,) and short[1] == 2          # B is two short: σόλο
    # The seed says B pays 80: that is the two-short figure of 6 Τρίτα (6♦);
    # the two-short table the seed gives for 6 Τέταρτα (6♥) says 100.
    assert ch.paid(1, 0) == 100
    assert change(0, "6D", (8, 0, 2)).paid(1, 0) == 80


def test_seed000_bluff_pays_when_your_kasa_is_near_zero_and_the_others_are_high():
    assert declaration_advice(C("8H"), C("6H"), 3, (25, 18)).action == "6H"
    assert declaration_advice(C("8H"), C("6H"), 25, (25, 18)).action == "8H"


# -- Έξτρα αμοιβές: the four aces and the tembelis ----------------------------------------------------
def test_seed000_aces_six_spathia_and_the_aces_made_25_from_each_player_tembelis_too():
    rules = GreekRules(players=4)
    s = KasaSheet.new(rules)
    r = HandResult.played_hand(0, "6C", (6, 2, 2, 0), aces=True, seats=(0, 1, 2), tembelis=3)
    ch = score_change(s, r)
    assert ch.paid(1, 0) == 25 and ch.paid(2, 0) == 25 and ch.paid(3, 0) == 25


def test_seed000_aces_seven_or_more_50_each_failed_pays_each_25_or_50():
    assert change(0, "7C", (7, 2, 1), aces=True).paid(1, 0) == 50
    ch = change(0, "6C", (5, 3, 2), aces=True)
    assert ch.paid(0, 1) == 25 + 3 * 3 and ch.paid(0, 2) == 25 + 2 * 3
    ch = change(0, "7C", (6, 2, 2), aces=True)
    assert ch.paid(0, 1) == 50 + 14


def test_seed000_aces_on_solo_paid_once_unless_agreed_double():
    r = HandResult.played_hand(0, "6C", (4, 3, 3), aces=True)
    assert score_change(FRESH, r).paid(0, 1) == 25 + 3 * 6
    doubled = KasaSheet.new(GreekRules(aces_doubled_on_solo=True))
    assert score_change(doubled, r).paid(0, 1) == 50 + 3 * 6


def test_seed000_aces_may_be_declared_only_by_a_buyer_holding_all_four():
    h = _worked_hand()
    h.discard("7S JC")
    with pytest.raises(IllegalAction, match="does not hold all four aces"):
        h.declare("6H aces")
    assert h.contract is None


def test_seed000_tembelis_paid_25_one_down_50_solo():
    rules = GreekRules(players=4)
    s = KasaSheet.new(rules)
    one = HandResult.played_hand(0, "6H", (5, 3, 2, 0), tembelis=3)
    solo = HandResult.played_hand(0, "6H", (4, 3, 3, 0), tembelis=3)
    made = HandResult.played_hand(0, "6H", (6, 2, 2, 0), tembelis=3)
    assert score_change(s, one).paid(0, 3) == 25
    assert score_change(s, solo).paid(0, 3) == 50
    assert score_change(s, made).paid(0, 3) == 0


def test_seed000_tembelis_alternative_reading_25_at_six_50_from_seven():
    s = KasaSheet.new(GreekRules(players=4, tembelis_by_level=True))
    assert score_change(s, HandResult.played_hand(0, "6H", (4, 3, 3, 0), tembelis=3)).paid(0, 3) == 25
    assert score_change(s, HandResult.played_hand(0, "7H", (6, 2, 2, 0), tembelis=3)).paid(0, 3) == 50

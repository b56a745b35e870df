"""A whole Greek hand: phases, who leads, the declaration, the talon, play, records, undo."""

import pytest

from prefa.cards import CardSet, parse_card
from prefa.deal import Deal
from prefa.errors import IllegalAction, IllegalCall, IllegalPlay, ParseError
from prefa.greek.contract import Contract
from prefa.greek.hand import (
    GreekHand,
    Phase,
    parse_declaration,
    prefa_complete,
    random_greek_deal,
    replay_text,
)
from prefa.greek.kasa import KasaSheet, Outcome, score_change
from prefa.greek.options import GreekRules

DEAL = "SA9 DAKQT9 CAK7 / SJT8 H8 DJ87 CT98 / SKQ HAKQJT9 CQJ | S7 H7"


def bought(deal=DEAL, auction="Πρώτα, pass, Δεύτερα, ναι, Τρίτα, ναι, Τέταρτα, pass"):
    h = GreekHand(Deal.parse(deal))
    for c in auction.split(", "):
        h.call(c)
    return h


def test_whole_hand_played_to_the_end_and_scored():
    h = bought()
    h.discard("7S JC")
    h.declare("6H")
    h.decide("play")
    h.decide("play")
    while h.phase is Phase.PLAY:
        h.play(min(h.legal_cards()))
    r = h.result()
    assert sum(r.tricks) == 10 and r.outcome is Outcome.PLAYED and r.buyer == 2
    ch = score_change(KasaSheet.new(), r)
    assert sum(ch.kapikia) == 0


def test_lone_defender_the_other_lays_his_cards_aside_and_tricks_have_two_cards():
    h = bought()
    h.discard("7S JC")
    h.declare("6H")
    for w in ["pass", "play", "pass"]:
        h.decide(w)
    assert h.playing == (1, 2) and h.leader == 1      # the forehand (seat 0) does not play
    h.play("JS")
    h.play("KS")
    assert len(h.play_state.tricks[0].cards) == 2 and h.play_state.tricks[0].winner == 2


def test_declaration_must_wait_for_the_discard_and_discard_must_be_two_held_cards():
    h = bought()
    with pytest.raises(IllegalAction, match="at the discard step"):
        h.declare("6H")
    with pytest.raises(IllegalAction, match="does not hold it"):
        h.discard("7S 8C")
    with pytest.raises(IllegalAction, match="exactly two"):
        h.discard("7S")
    assert h.discards is None and h.phase is Phase.DISCARD


def test_aces_declared_by_a_buyer_holding_all_four():
    deal = "SA9 HA DAKQT9 CAK / SJT8 H8 DJ87 CT98 / SKQ HKQJT9 CQJ7 | S7 H7"
    h = bought(deal, "Πρώτα, pass, pass")
    h.discard("7S 7H")
    assert h.may_declare_aces()
    h.declare("6 Τρίτα και οι άσοι")
    assert h.aces and h.contract == Contract.parse("6D")
    off = GreekHand(Deal.parse(deal), GreekRules(four_aces=False))
    for c in ["Πρώτα", "pass", "pass"]:
        off.call(c)
    off.discard("7S 7H")
    with pytest.raises(IllegalAction, match="option four_aces"):
        off.declare("6D aces")


def test_parse_declaration_forms():
    assert parse_declaration("6C aces") == (Contract.parse("6C"), True)
    assert parse_declaration("7 Αχρωμάτιστα") == (Contract.parse("7NT"), False)


def test_concede_only_after_a_blind_take():
    h = GreekHand()
    for c in ["Πρώτα", "pass", "pass"]:
        h.call(c)
    with pytest.raises(IllegalAction, match="only a buyer who took the cards blind"):
        h.concede()
    assert h.phase is Phase.DECLARE


def test_blind_taker_may_declare_anything_from_6_prota():
    h = GreekHand()
    for c in ["pass", "pass", "τα παίρνω"]:
        h.call(c)
    assert h.buyer == 2 and len(h.legal_contracts()) == 25


def test_four_players_the_tembelis_deals_and_is_left_out():
    rules = GreekRules(players=4)
    d = random_greek_deal(11, players=4, dealer=0)
    h = GreekHand(d, rules, dealer=0)
    assert h.seats == (1, 2, 3) and h.tembelis == 0 and h.auction.to_call == 1
    for c in ["Πρώτα", "pass", "pass"]:
        h.call(c)
    assert h.buyer == 1 and h.defenders == (2, 3)
    h.discard(list(h.hands[1] | h.talon)[:2])
    h.declare("6S")
    h.decide("play")
    h.decide("play")
    while h.phase is Phase.PLAY:
        h.play(max(h.legal_cards()))
    r = h.result()
    assert r.tembelis == 0 and r.tricks[0] == 0 and sum(r.tricks) == 10


def test_bad_deals_are_refused():
    with pytest.raises(IllegalAction, match="expected 3"):
        GreekHand(Deal.parse("SA / SK"))
    with pytest.raises(IllegalAction, match="τα κάτω"):
        GreekHand(Deal(random_greek_deal(1).hands))
    with pytest.raises(IllegalAction, match="dealer 5"):
        GreekHand(dealer=5)


def test_prefa_without_a_deal_and_prefa_complete():
    h = GreekHand(rules=GreekRules(prefa_bid=True))
    h.call("prefa")
    assert h.phase is Phase.PREFA and h.to_act == 0
    h.prefa_result(False)
    assert h.result().outcome is Outcome.PREFA and not h.result().prefa_made
    assert prefa_complete(CardSet.parse("ST987 HT98 DT9 C7"))
    assert not prefa_complete(CardSet.parse("SJ987 HT98 DT9 C7"))


def test_undo_walks_back_every_kind_of_step():
    h = bought()
    h.discard("7S JC")
    h.declare("6H")
    h.decide("play")
    h.decide("play")
    h.play("KC")
    assert h.undo().kind == "play" and h.phase is Phase.PLAY and not h.play_state.played
    assert h.undo().kind == "decide" and h.phase is Phase.DEFENCE
    h.undo()
    assert h.undo().kind == "declare" and h.contract is None
    assert h.undo().kind == "discard" and h.phase is Phase.DISCARD
    c = h.copy()
    assert c.steps == h.steps and c is not h


def test_play_refused_outside_the_play():
    with pytest.raises(IllegalPlay, match="auction step"):
        GreekHand(Deal.parse(DEAL)).play("AS")
    with pytest.raises(IllegalAction, match="not finished"):
        GreekHand().result()


def test_call_refused_after_the_auction_and_state_unchanged():
    h = bought()
    with pytest.raises(IllegalAction, match="not now"):
        h.call("pass")
    assert len(h.steps) == 8


def test_claim_checks_the_tricks():
    h = GreekHand()
    for c in ["Πρώτα", "pass", "pass"]:
        h.call(c)
    h.declare("6H")
    for w in ["play", "pass", "alone"]:
        h.decide(w)
    with pytest.raises(IllegalAction, match="seat 2 does not play"):
        h.claim((6, 2, 2))
    with pytest.raises(IllegalAction, match="add up to 9"):
        h.claim((6, 3, 0))
    h.claim((6, 4, 0))
    assert h.phase is Phase.DONE


def test_record_replay_with_errors_on_the_right_line():
    h = replay_text("ruleset: greek\ndeal: " + DEAL + "\nauction: Πρώτα, pass, Δεύτερα, ναι, "
                    "Τρίτα, ναι, Τέταρτα, pass\ndiscard: 7S JC\ncontract: 6H\ndefence: play, play\n",
                    partial=True)
    assert h.phase is Phase.PLAY
    with pytest.raises(ParseError, match="line 2: auction: 6♦: bids rise"):
        replay_text("contract: 6H\nauction: Πρώτα, Τρίτα")
    with pytest.raises(ParseError, match="unknown ruleset"):
        replay_text("ruleset: balkan\nauction: pass, pass, pass")
    with pytest.raises(ParseError, match="'tricks' is missing"):
        replay_text("auction: Πρώτα, pass, pass\ncontract: 6H\ndefence: play, play")
    r = replay_text("options: prefa_bid=yes\nauction: prefa\ncontract: prefa made").result()
    assert r.outcome is Outcome.PREFA and r.prefa_made


def test_illegal_call_through_the_hand_is_an_illegal_call():
    h = GreekHand()
    with pytest.raises(IllegalCall):
        h.call("hold")
    assert h.steps == []


def test_random_deal_is_the_greek_pattern_and_reproducible():
    assert random_greek_deal(4) == random_greek_deal(4)
    assert parse_card("AS") in random_greek_deal(4).cards

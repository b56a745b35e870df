"""A Russian hand step by step: refused steps, undo, claims, Gusarik, records."""

import pytest

from prefa.cards import CardSet, parse_card
from prefa.deal import Deal
from prefa.errors import IllegalAction, IllegalPlay, ParseError, PrefaError
from prefa.russian.contract import MISERE, Contract
from prefa.russian.deal import russian_deal
from prefa.russian.hand import Phase, RussianHand, Whist
from prefa.russian.options import RussianRules
from prefa.russian.record import format_record, parse_record, replay
from prefa.russian.scoring import Outcome

DEAL = Deal.parse("SAKQJ HAKQ DAK C7 / ST987 H7 DQ7 CKJ8 / HJT98 DJT98 CAQ | CT9")


def snapshot(h):
    return (h.phase, h.to_act, list(h.steps), None if h.hands is None else list(h.hands),
            h.discards, h.contract, list(h.whists),
            None if h.play_state is None else (list(h.play_state.played), list(h.play_state.won)))


def test_steps_out_of_turn_are_refused_and_change_nothing():
    h = RussianHand(DEAL)
    before = snapshot(h)
    for step in (lambda: h.discard("C9 CT"), lambda: h.declare("6S"), lambda: h.decide("whist"),
                 lambda: h.play("AS"), lambda: h.claim((5, 5, 0)), lambda: h.call("5S")):
        with pytest.raises(PrefaError):
            step()
        assert snapshot(h) == before
    h.call("6S")
    h.call("pass")
    h.call("pass")
    before = snapshot(h)
    for bad in ("C9 C9", "C9", "C9 CT C7", "C9 8D"):
        with pytest.raises(IllegalAction):
            h.discard(bad)
        assert snapshot(h) == before
    h.discard("C9 CT")
    with pytest.raises(IllegalAction, match="may declare: 6♠ ... 10NT"):
        h.declare("misère")
    h.declare("7S")
    before = snapshot(h)
    with pytest.raises(IllegalAction, match="bad whist decision"):
        h.decide("kontra")
    h.decide("whist")
    h.decide("pass")
    before = snapshot(h)
    with pytest.raises(IllegalPlay, match="does not hold it"):
        h.play("7H")
    assert snapshot(h) == before


def test_declared_contract_not_lower_than_the_bid():
    h = RussianHand(DEAL)
    for c in ("pass", "7D", "pass", "pass"):
        if h.phase is Phase.AUCTION:
            h.call(c)
    h.discard(list(h.hands[1] | h.talon)[:2])
    legal = h.legal_contracts()
    assert legal[0] == Contract.parse("7D") and MISERE not in legal
    with pytest.raises(IllegalAction):
        h.declare("7C")


def test_misere_is_declared_as_bid_and_skips_the_whist():
    h = RussianHand(DEAL)
    for c in ("pass", "misère", "pass"):
        h.call(c)
    h.discard(list(h.hands[1] | h.talon)[:2])
    assert h.legal_contracts() == [MISERE]
    h.declare("misère")
    assert h.phase is Phase.PLAY and h.whisters == {2, 0} and h.leader == 0
    with pytest.raises(IllegalAction):
        h.decide("pass")


def test_lone_whister_plays_the_passers_cards_and_counts_both_hands():
    h = RussianHand(DEAL)
    for c in ("6S", "pass", "pass"):
        h.call(c)
    h.discard("C9 CT")
    h.declare("6S")
    h.decide("pass")
    h.decide("whist")
    assert h.controller(1) == 2 and h.controller(0) == 0
    while h.phase is Phase.PLAY:
        h.play(max(h.legal_cards()))
    r = h.result()
    assert r.whisters == {2} and r.defenders == (1, 2) and sum(r.tricks) == 10


def test_undo_takes_back_every_kind_of_step():
    h = RussianHand(DEAL)
    for c in ("6S", "pass", "pass"):
        h.call(c)
    h.discard("C9 CT")
    h.declare("6S")
    h.decide("whist")
    h.decide("whist")
    h.play("AS")
    full = snapshot(h)
    played = h.undo()
    assert played.kind == "play" and h.play_state.played == []
    h.play("AS")
    assert snapshot(h) == full
    while h.steps:
        h.undo()
    assert snapshot(h) == snapshot(RussianHand(DEAL))
    with pytest.raises(IllegalAction, match="nothing to undo"):
        h.undo()


def test_a_hand_without_deal_is_scored_from_claimed_tricks():
    h = RussianHand()
    for c in ("pass", "pass", "pass"):
        h.call(c)
    assert h.phase is Phase.PLAY
    for bad in ((5, 5), (5, 5, 1), (-1, 6, 5)):
        with pytest.raises(IllegalAction):
            h.claim(bad)
    h.claim((0, 4, 6))
    assert h.result().outcome is Outcome.RASPASOVKA and h.result().tricks == (0, 4, 6)


def test_gusarik_hand_dealer_sits_out_and_gets_no_cards():
    rules = RussianRules(players=4)
    d = russian_deal(9, players=4, dealer=0)
    h = RussianHand(d, rules, dealer=0)
    assert h.seats == (1, 2, 3) and h.sitting_out == 0
    for c in ("7H", "pass", "pass"):
        h.call(c)
    h.discard(list(h.hands[1] | h.talon)[:2])
    h.declare("7H")
    assert h.defenders == (2, 3)
    h.decide("whist")
    h.decide("pass")
    assert h.play_state.to_move == 1
    while h.phase is Phase.PLAY:
        assert h.to_act != 0
        h.play(min(h.legal_cards()))
    r = h.result()
    assert r.tricks[0] == 0 and sum(r.tricks) == 10 and r.sitting_out == 0


def test_bad_deals_and_dealers_are_refused():
    with pytest.raises(IllegalAction, match="expected 3"):
        RussianHand(russian_deal(1, players=4))
    with pytest.raises(IllegalAction, match="dealer 3"):
        RussianHand(DEAL, dealer=3)
    with pytest.raises(IllegalAction, match="talon"):
        RussianHand(Deal(DEAL.hands))


def test_whist_words():
    assert Whist.find("ВИСТ") is Whist.WHIST and Whist.find("pas") is Whist.PASS


# -- records ------------------------------------------------------------------------------
RECORD = """\
ruleset: russian
deal: SAKQJ HAKQ DAK C7 / ST987 H7 DQ7 CKJ8 / HJT98 DJT98 CAQ | CT9
auction: 6♠, pass, pass
discard: TC 9C
contract: 6♠
whist: whist, pass
"""


def test_record_round_trip_of_a_played_hand():
    h = replay(parse_record(RECORD), partial=True)
    while h.phase is Phase.PLAY:
        h.play(min(h.legal_cards()))
    text = format_record(h, with_rules=True)
    again = replay(parse_record(text))
    assert again.result() == h.result()
    assert format_record(again, with_rules=True) == text


def test_record_errors_name_the_line():
    with pytest.raises(ParseError, match=r"^line 3: auction: 6♠: a bid must be higher"):
        replay(parse_record("ruleset: russian\ndeal: " + str(DEAL) + "\nauction: 7S, 6S\n"))
    with pytest.raises(ParseError, match="unknown ruleset"):
        replay(parse_record("ruleset: balkan\nauction: pass, pass, pass\ntricks: 3 3 4\n"))
    with pytest.raises(ParseError, match="'discard' is missing"):
        replay(parse_record("deal: " + str(DEAL) + "\nauction: 6S, pass, pass\n"))


def test_record_variant_and_options():
    rec = parse_record("ruleset: leningrad\noptions: must_overtake=no\n"
                       "auction: pass, pass, pass\ntricks: 3 3 4\n")
    h = replay(rec)
    assert h.rules == RussianRules(variant="leningrad", must_overtake=False)


def test_record_contract_defaults_to_the_winning_bid():
    h = replay(parse_record("deal: " + str(DEAL) + "\nauction: 6S, pass, pass\n"
                            "discard: C9 CT\nwhist: pass, pass\n"))
    assert h.contract == Contract.parse("6S") and h.phase is Phase.DONE
    assert parse_card("9C") not in h.hands[0] and h.hands[0] == CardSet.parse("SAKQJ HAKQ DAK C7")

"""The Greek auction: one step at a time, hold by priority, the blind take, Πρέφα."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prefa.errors import IllegalCall, ParseError
from prefa.greek.auction import Auction, AuctionResult, Call, CallKind
from prefa.greek.contract import Contract
from prefa.greek.options import GreekRules

C = Contract.parse


def legal(a):
    return [str(c) for c in a.legal_calls()]


def test_forehand_may_pass_take_or_open_with_prota():
    assert legal(Auction()) == ["pass", "take", "6S"]
    assert legal(Auction(GreekRules(blind_take=False, prefa_bid=True))) == ["pass", "6S", "prefa"]


def test_no_hold_in_the_first_round_a_later_seat_must_raise():
    a = Auction.from_text("Πρώτα")
    assert legal(a) == ["pass", "6C"]
    a.call("Δεύτερα")
    assert legal(a) == ["pass", "6D"]
    a.call("pass")
    assert legal(a) == ["pass", "hold", "6D"]   # seat 0 sits before seat 1


def test_hold_then_the_other_must_raise_and_holds_can_repeat():
    a = Auction.from_text("6S, 6C, pass, hold")
    assert a.to_call == 1 and legal(a) == ["pass", "6D"]
    a.call("6D")
    a.call("hold")
    assert a.holder == 0 and a.current == C("6D")


def test_hold_named_with_its_contract_is_accepted_only_for_the_standing_bid():
    a = Auction.from_text("6S, 6C, pass")
    with pytest.raises(IllegalCall, match="standing bid is 6♣, not 6♠"):
        a.call("hold 6S")
    a.call("ναι 6C")
    assert a.calls[-1][1] == Call(CallKind.HOLD)


def test_all_pass_nobody_buys():
    a = Auction.from_text("pass, pass, pass")
    assert a.is_over and a.result() == AuctionResult(None) and a.result().all_passed


def test_last_seat_may_still_buy_after_two_passes():
    a = Auction.from_text("pass, pass")
    assert a.to_call == 2 and legal(a) == ["pass", "take", "6S"]
    a.call("Πρώτα")
    assert a.result() == AuctionResult(2, C("6S"))


def test_blind_take_is_a_standing_call_below_prota():
    a = Auction.from_text("τα παίρνω, Πρώτα, pass")
    assert a.to_call == 0 and legal(a) == ["pass", "hold", "6C"]
    a.call("hold")
    a.call("pass")
    assert a.result() == AuctionResult(0, C("6S"))          # no longer blind
    b = Auction.from_text("take, 6S, pass, pass")
    assert b.result() == AuctionResult(1, C("6S"))


def test_prefa_bid_ends_the_auction_at_once():
    a = Auction.from_text("Πρώτα, Δεύτερα, Πρέφα", GreekRules(prefa_bid=True))
    assert a.is_over and a.result() == AuctionResult(2, prefa=True)
    with pytest.raises(IllegalCall, match="option prefa_bid"):
        Auction.from_text("Πρώτα").call("Πρέφα")


def test_ten_no_trumps_is_the_top():
    a = Auction()
    a.call("6S")
    for _ in range(24):
        a.call(str(a.next_bid()))
    assert a.current == C("10NT") and a.next_bid() is None
    assert "10NT is the highest bid" in a.why_illegal(Call.parse("10NT"))


def test_passed_player_never_speaks_again_and_turns_skip_him():
    a = Auction.from_text("6S, pass, 6C, hold, 6D")
    assert a.to_call == 0


def test_undo_and_the_auction_over_errors():
    a = Auction.from_text("6S, pass, 6C")
    assert a.undo() == Call.parse("6C") and str(a) == "6S, pass" and a.to_call == 2
    done = Auction.from_text("6S, pass, pass")
    with pytest.raises(IllegalCall, match="auction is over"):
        done.call("pass")
    with pytest.raises(IllegalCall, match="not over"):
        Auction.from_text("6S").result()
    with pytest.raises(IllegalCall, match="nothing to undo"):
        Auction().undo()


def test_greek_text_of_the_calls():
    a = Auction.from_text("Πρώτα, pass, Δεύτερα, ναι, Τρίτα")
    assert a.greek == "Πρώτα, πάσο, Δεύτερα, ναι, Τρίτα"
    assert Call.parse("7 Πρώτα").greek == "7 Πρώτα" and Call.parse("τα βλέπω").greek == "τα παίρνω"


@pytest.mark.parametrize("bad", ["", "hello", "6X", "5S"])
def test_bad_call_text_is_a_parse_error(bad):
    with pytest.raises(ParseError, match="call"):
        Call.parse(bad)


CALLS = ["pass", "take", "hold", "prefa"] + [str(c) for c in
                                             [Contract.from_step(i) for i in range(25)]]


@settings(max_examples=150)
@given(st.lists(st.sampled_from(CALLS), max_size=30), st.booleans())
def test_property_an_illegal_call_leaves_the_auction_unchanged(words, prefa):
    a = Auction(GreekRules(prefa_bid=prefa))
    for w in words:
        if a.is_over:
            break
        before = (list(a.calls), a.current, a.holder, set(a.passed), a.to_call)
        call = Call.parse(w)
        ok = call in a.legal_calls() or (call.kind is CallKind.HOLD and Call(CallKind.HOLD)
                                         in a.legal_calls())
        if ok:
            a.call(call)
            assert a.calls[-1][0] == before[4]
        else:
            with pytest.raises(IllegalCall):
                a.call(call)
            assert (list(a.calls), a.current, a.holder, set(a.passed), a.to_call) == before
    # bids only ever rise one step at a time
    bids = [c.contract.step for _, c in a.calls if c.kind is CallKind.BID]
    assert bids == list(range(len(bids)))

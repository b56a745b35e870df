"""The Russian auction: turn order, legal calls, the end, illegal calls change nothing."""

import pytest

from prefa.errors import IllegalBid, ParseError
from prefa.russian.auction import PASS, Auction, AuctionResult, Call
from prefa.russian.contract import LADDER, MISERE, Contract


def test_opening_calls_are_pass_and_every_bid():
    a = Auction()
    assert a.to_call == 0
    assert a.legal_calls() == [PASS] + [Call(c) for c in LADDER]


def test_jumps_are_allowed():
    a = Auction.from_text("6S, 9H")
    assert a.highest == (1, Contract.parse("9H"))
    assert [str(c) for c in a.legal_calls()] == ["pass", "9NT", "10♠", "10♣", "10♦", "10♥",
                                                 "10NT"]


def test_turns_skip_passed_players():
    a = Auction.from_text("6S, 6C, pass")
    assert a.to_call == 0
    a.call("6D")
    assert a.to_call == 1
    a.call("pass")
    assert a.is_over and a.result() == AuctionResult(0, Contract.parse("6D"))


def test_last_player_after_two_passes_may_still_pass():
    a = Auction.from_text("pass, pass")
    assert not a.is_over and a.to_call == 2
    a.call("pass")
    assert a.result().raspasovka


def test_last_player_after_two_passes_wins_with_any_bid():
    a = Auction.from_text("pass, pass, 6S")
    assert a.result() == AuctionResult(2, Contract.parse("6S"))


def test_misere_can_be_outbid_from_nine_spades():
    a = Auction.from_text("misère, 9S, pass, pass")
    assert a.result() == AuctionResult(1, Contract.parse("9S"))
    a = Auction.from_text("6S, misère, pass, pass")
    assert a.result() == AuctionResult(1, MISERE)


def test_ten_no_trump_ends_the_bidding_for_the_others():
    a = Auction.from_text("10NT")
    assert a.legal_calls() == [PASS]
    a.call("pass")
    a.call("pass")
    assert a.result() == AuctionResult(0, Contract.parse("10NT"))


def test_other_seat_orders():
    a = Auction.from_text("6S, pass, pass", seats=(2, 0, 1))
    assert a.result().declarer == 2
    with pytest.raises(IllegalBid):
        Auction(seats=(0, 0, 1))


@pytest.mark.parametrize("bad", ["6S", "7C", "6NT"])
def test_a_bid_not_higher_is_refused_and_changes_nothing(bad):
    a = Auction.from_text("7C")
    with pytest.raises(IllegalBid, match="higher than 7♣"):
        a.call(bad)
    assert a.calls == [(0, Call.parse("7C"))] and a.to_call == 1


def test_calls_after_the_end_are_refused():
    a = Auction.from_text("7C, pass, pass")
    with pytest.raises(IllegalBid, match="auction is over"):
        a.call("pass")
    assert len(a.calls) == 3 and a.to_call is None


def test_result_before_the_end_and_undo():
    a = Auction.from_text("6S, 6C")
    with pytest.raises(IllegalBid, match="not over"):
        a.result()
    assert str(a.undo()) == "6♣" and a.to_call == 1
    a.undo()
    with pytest.raises(IllegalBid, match="nothing to undo"):
        a.undo()


def test_call_parsing():
    assert Call.parse("пас").is_pass and Call.parse("P") == PASS
    assert Call.parse("мизер") == Call(MISERE)
    with pytest.raises(ParseError, match="bad call 'hold'"):
        Call.parse("hold")
    assert repr(Auction.from_text("6S, pass")) == "Auction.from_text('6♠, pass')"

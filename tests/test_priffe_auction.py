"""The Priffe auction: one round, rising bids, play ends it, illegal bids refused."""

import pytest

from prefa.errors import IllegalBid, ParseError
from prefa.priffe.auction import Auction, AuctionResult, Bid
from prefa.priffe.contract import Contract


def test_bid_names_parse_in_english_swedish_and_symbols():
    assert Bid.find("Spelut") is Bid.PLAY and Bid.find("♥") is Bid.HEARTS
    assert Bid.find("hjarter") is Bid.HEARTS and Bid.find("P") is Bid.PASS
    with pytest.raises(ParseError, match="bad bid 'sans'"):
        Bid.find("sans")


def test_each_player_bids_once_in_order_from_the_forehand():
    a = Auction(seats=(2, 3, 0, 1))
    order = []
    while not a.is_over:
        order.append(a.to_bid)
        a.bid("pass")
    assert order == [2, 3, 0, 1]
    assert a.result() == AuctionResult(None, None)


def test_first_bidder_may_bid_anything():
    assert Auction().legal_bids() == list(Bid)


def test_only_higher_bids_after_each_bid():
    a = Auction.from_text("spades")
    assert [str(b) for b in a.legal_bids()] == ["pass", "diamonds", "hearts", "noll", "play"]
    a.bid("pass")
    assert [str(b) for b in a.legal_bids()] == ["pass", "diamonds", "hearts", "noll", "play"]


def test_after_noll_only_play_or_pass():
    assert Auction.from_text("noll").legal_bids() == [Bid.PASS, Bid.PLAY]


def test_illegal_bid_leaves_the_auction_unchanged():
    a = Auction.from_text("pass, hearts")
    before = list(a.bids)
    with pytest.raises(IllegalBid, match="must be higher than hearts"):
        a.bid("diamonds")
    assert a.bids == before and a.to_bid == 2


def test_undo_and_copy():
    a = Auction.from_text("clubs, hearts")
    b = a.copy()
    assert a.undo() is Bid.HEARTS and a.to_bid == 1
    assert b.to_bid == 2
    a.undo()
    with pytest.raises(IllegalBid, match="nothing to undo"):
        a.undo()


def test_result_refused_while_bidding_goes_on():
    with pytest.raises(IllegalBid, match="seat 2 is to bid"):
        Auction.from_text("pass, pass").result()


def test_result_text_and_repr_paste_back():
    a = Auction.from_text("clubs, pass, noll, pass")
    assert str(a.result()) == "seat 2 noll"
    assert eval(repr(a)).bids == a.bids
    assert repr(a.result()) == "AuctionResult(final=Bid.NOLL, bidder=2)"


def test_information_bid_by_one_team_then_real_bid_by_partner():
    r = Auction.from_text("spades, pass, play").result()
    assert r.contract is Contract.PLAY and r.declarers == 0 and r.bidder == 2


def test_seats_must_be_the_four_seats():
    with pytest.raises(IllegalBid, match="expected the four seats"):
        Auction(seats=(0, 1, 2))

"""The Balkan auction: legal calls, refusals that change nothing, undo."""

import pytest

from prefa.balkan.auction import Auction, AuctionResult, Call, CallKind
from prefa.balkan.contract import Contract, Game
from prefa.balkan.options import BalkanRules
from prefa.errors import IllegalCall, ParseError, PrefaError


def names(a):
    return [str(c) for c in a.legal_calls()]


def test_opening_calls():
    assert names(Auction()) == ["pass", "2", "igra", "betl", "sans"]
    assert names(Auction(BalkanRules(preferans_game=True))) == [
        "pass", "2", "igra", "betl", "sans", "preferans"]


def test_numbers_rise_by_one_no_jumps():
    a = Auction.from_text("2")
    with pytest.raises(IllegalCall, match="next is 3"):
        a.call("4")


def test_max_number_is_seven_or_eight_with_preferans():
    seq = "2, 3, pass, hold 3, 4, hold 4, 5, hold 5, 6, hold 6, 7, hold 7"
    a = Auction.from_text(seq)
    assert a.to_call == 1 and names(a) == ["pass"]
    b = Auction.from_text(seq, BalkanRules(preferans_game=True))
    assert names(b) == ["pass", "8"]


def test_hold_needs_priority():
    a = Auction.from_text("2")
    assert "hold 2" not in names(a)          # seat 1 is after seat 0
    with pytest.raises(IllegalCall, match="only a seat before seat 0 may hold"):
        a.call("hold")


def test_hold_without_number_is_normalised():
    a = Auction.from_text("2, 3, pass, hold")
    assert str(a) == "2, 3, pass, hold 3"
    with pytest.raises(IllegalCall, match="the number to hold is 3"):
        Auction.from_text("2, 3, pass").call("hold 2")


def test_passed_player_never_reenters():
    a = Auction.from_text("pass, 2, 3, pass")
    assert a.is_over and a.result() == AuctionResult(2, number=3)
    a = Auction.from_text("pass, 2, 3")
    assert a.to_call == 1              # seat 0 passed and is skipped


def test_number_bidder_may_not_announce_a_direct_game():
    a = Auction.from_text("2, igra, pass")
    assert a.to_call == 0 and names(a) == ["pass"]
    with pytest.raises(IllegalCall, match="first turn"):
        a.call("betl")


def test_igra_voids_numbers():
    a = Auction.from_text("2, 3, igra")
    assert a.to_call == 0
    with pytest.raises(IllegalCall, match="numbers no longer count"):
        a.call("4")


def test_only_one_betl_and_betl_after_sans_refused():
    a = Auction.from_text("betl")
    assert "betl" not in names(a)
    b = Auction.from_text("sans")
    assert names(b) == ["pass"]


def test_betl_outranks_igra():
    a = Auction.from_text("igra, betl, pass")
    assert a.result() == AuctionResult(1, igra=True, contract=Contract(Game.BETL, igra=True))
    b = Auction.from_text("betl")
    assert "igra" not in names(b)


def test_single_igra_has_no_reveal():
    a = Auction.from_text("igra, pass, pass")
    assert a.result() == AuctionResult(0, igra=True)


def test_reveal_first_must_name_a_suit_game():
    a = Auction.from_text("igra, igra, pass")
    assert a.in_reveal and a.to_call == 0
    assert names(a) == ["spades", "diamonds", "hearts", "clubs"]
    with pytest.raises(IllegalCall, match="say good|reveal"):
        a.call("good")
    with pytest.raises(IllegalCall, match="betl and sans are announced directly"):
        a.call(Call(CallKind.NAME, game=Game.SANS))


def test_illegal_call_leaves_state_unchanged():
    a = Auction.from_text("2, 3")
    before = (str(a), a.to_call, names(a))
    for bad in ["5", "hold 3", "moja je 2", "uzmi", "clubs", "2"]:
        with pytest.raises(IllegalCall):
            a.call(bad)
        assert (str(a), a.to_call, names(a)) == before


def test_undo_restores_previous_state():
    a = Auction.from_text("2, 3, 4, hold 4, 5")
    before = (str(a), a.to_call, names(a))
    a.call("pass")
    assert a.undo() == Call(CallKind.PASS)
    assert (str(a), a.to_call, names(a)) == before
    with pytest.raises(IllegalCall, match="nothing to undo"):
        Auction().undo()


def test_calls_after_the_end_refused():
    a = Auction.from_text("pass, pass, pass")
    with pytest.raises(IllegalCall, match="auction is over"):
        a.call("2")
    with pytest.raises(IllegalCall, match="not over"):
        Auction.from_text("2").result()


@pytest.mark.parametrize("text, token", [("9", "9"), ("hello", "hello"), ("hold x", "hold x"),
                                         ("", "empty")])
def test_bad_call_text_names_the_token(text, token):
    with pytest.raises(ParseError) as e:
        Call.parse(text)
    assert token in str(e.value)
    assert isinstance(e.value, PrefaError)


def test_serbian_and_croatian_words():
    assert Call.parse("dalje").kind is CallKind.PASS
    assert Call.parse("mogu").kind is CallKind.HOLD
    assert Call.parse("to bi ja").kind is CallKind.HOLD
    assert Call.parse("sanac").kind is CallKind.SANS
    assert Call.parse("dobra").kind is CallKind.GOOD
    assert Call.parse("tref").game is Game.CLUBS


def test_four_players_dealer_sits_out():
    a = Auction(seats=(2, 3, 0))
    assert a.to_call == 2
    a.call("2"); a.call("3"); a.call("pass"); a.call("hold")
    assert a.holder == 2 and a.to_call == 3
    assert 0 in a.passed and 1 not in a.spoken

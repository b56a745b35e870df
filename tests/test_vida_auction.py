"""The Vida auction: calls, turns, closing, vida levels, refusals (prefa.vida.auction)."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prefa.cards import Suit
from prefa.errors import IllegalBid, ParseError
from prefa.vida.auction import KONTRA, PASS, VIDA, Auction, Call, CallKind
from prefa.vida.options import VidaRules


@pytest.mark.parametrize("text,canonical", [
    ("80 clubs", "80 clubs"), ("80C", "80 clubs"), ("clubs 80", "80 clubs"), ("80 ♣", "80 clubs"),
    ("σπαθιά 100", "100 clubs"), ("κούπες 90", "90 hearts"), ("capot diamonds", "250 diamonds"),
    ("καπό S", "250 spades"), ("pass", "pass"), ("πάσο", "pass"), ("Vida", "vida"),
    ("βίδα", "vida"), ("kontra", "kontra-vida"), ("κόντρα-βίδα", "kontra-vida")])
def test_call_parse_and_str(text, canonical):
    c = Call.parse(text)
    assert str(c) == canonical and Call.parse(str(c)) == c and eval(repr(c)) == c


@pytest.mark.parametrize("text", ["", "80", "clubs", "85 clubs", "80 stars", "double"])
def test_bad_calls_name_the_token(text):
    with pytest.raises(ParseError, match="call"):
        Call.parse(text)


def test_dealer_right_speaks_first_then_in_playing_order():
    for dealer in range(4):
        a = Auction(dealer=dealer)
        seen = []
        for _ in range(3):
            seen.append(a.to_call)
            a.call("pass")
        assert seen == [(dealer + 1 + i) % 4 for i in range(3)]


def test_illegal_call_leaves_the_auction_unchanged():
    a = Auction.from_text("90 hearts, pass")
    before = (list(a.calls), a.to_call)
    for bad in ["80 spades", "90 spades", "kontra-vida", "vida"]:   # seat 2 is the bidder's partner
        with pytest.raises(IllegalBid):
            a.call(bad)
        assert (list(a.calls), a.to_call) == before


def test_refusal_says_what_may_be_said():
    a = Auction.from_text("90 hearts")
    with pytest.raises(IllegalBid, match=r"seat 1 may say: pass, a bid of 100 or more, vida"):
        a.call("90 clubs")


def test_legal_calls():
    a = Auction.from_text("90 hearts")
    assert [str(c) for c in a.legal_calls()] == [
        "pass", "100 spades", "100 hearts", "100 diamonds", "100 clubs", "vida"]
    a.call("vida")
    assert a.legal_calls() == [PASS, KONTRA]


def test_after_vida_the_doubled_team_answers_in_turn():
    a = Auction.from_text("80 clubs, vida")      # seat 0 bids, seat 1 doubles
    assert a.to_call == 2                        # the bidder's partner, next after the doubler
    a.call("pass")
    assert a.to_call == 0
    a.call("pass")
    assert a.is_over and a.result().vidas == 1


def test_after_kontra_vida_the_doublers_may_vida_again():
    a = Auction.from_text("80 clubs, vida, pass, kontra-vida")   # seat 0 answers
    assert a.to_call == 1
    a.call("pass")
    assert a.to_call == 3
    a.call("vida")
    assert not a.is_over and a.to_call == 0
    a.call("pass")
    a.call("pass")
    assert a.result().vidas == 3 and a.result().multiplier == 8


def test_max_vidas_option():
    a = Auction.from_text("80 clubs, vida", VidaRules(max_vidas=1))
    assert a.is_over and a.result().vidas == 1
    a = Auction.from_text("80 clubs", VidaRules(max_vidas=0))
    with pytest.raises(IllegalBid, match="not played"):
        a.call(VIDA)


def test_result_before_the_end_is_refused_and_undo_takes_back():
    a = Auction.from_text("80 clubs, pass")
    with pytest.raises(IllegalBid, match="not over: seat 2"):
        a.result()
    assert a.undo() == PASS and a.to_call == 1
    a.undo()
    with pytest.raises(IllegalBid, match="nothing to undo"):
        a.undo()


def test_no_call_after_the_end():
    a = Auction.from_text("pass, pass, pass, pass")
    with pytest.raises(IllegalBid, match="auction is over"):
        a.call("80 clubs")
    assert a.legal_calls() == [] and a.to_call is None


def test_repr_replays():
    a = Auction.from_text("80 clubs, 90 hearts, vida", dealer=1)
    b = eval(repr(a))
    assert b.calls == a.calls and b.dealer == 1


def test_capot_flag_follows_the_option():
    c = Auction.from_text("240 spades, pass, pass, pass").result()
    assert not c.capot
    c = Auction.from_text("250 spades, pass, pass, pass").result()
    assert c.capot


ALL = ([PASS, VIDA, KONTRA] + [Call.bid(n, s) for n in range(70, 300, 10) for s in Suit])


@settings(max_examples=60)
@given(st.integers(0, 2**32 - 1))
def test_random_auctions_respect_the_rules(walk):
    rng = random.Random(walk)
    a = Auction(dealer=rng.randrange(4))
    while not a.is_over:
        legal = [c for c in ALL if a.is_legal(c)]
        illegal = [c for c in ALL if not a.is_legal(c)]
        if illegal and rng.random() < 0.3:
            before = list(a.calls)
            with pytest.raises(IllegalBid):
                a.call(rng.choice(illegal))
            assert a.calls == before
        weights = [6 if c.kind is CallKind.PASS else 1 for c in legal]
        c = rng.choices(legal, weights)[0]
        seat = a.to_call
        a.call(c)
        assert a.calls[-1] == (seat, c)
    bids = [c for _, c in a.calls if c.kind is CallKind.BID]
    assert all(x.number < y.number for x, y in itertools.pairwise(bids))
    assert a.vidas <= 4
    r = a.result()
    if r is None:
        assert [str(c) for _, c in a.calls] == ["pass"] * 4
    else:
        assert r.number == bids[-1].number


def test_copy_is_independent_and_contract_repr_pastes_back():
    from prefa.vida.auction import VidaContract  # noqa: F401  (for eval)
    a = Auction.from_text("80 clubs, vida")
    b = a.copy()
    b.call("kontra-vida")
    assert a.vidas == 1 and b.vidas == 2
    c = Auction.from_text("250 spades, vida, pass, pass").result()
    assert eval(repr(c)) == c and str(c) == "250 spades by seat 0 (capot), vida"

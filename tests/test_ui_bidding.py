"""The bidding-box session (prefa.ui.BiddingSession) through state()/act()."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from ui_checks import actions, assert_refused, random_walk

from prefa.balkan.auction import Auction
from prefa.balkan.conventions.advise import advise_hand
from prefa.balkan.hand import BalkanHand
from prefa.balkan.player import bot_action
from prefa.cards import card_name
from prefa.deal import SplitMix64, random_deal
from prefa.errors import PrefaError
from prefa.ui import BiddingSession
from prefa.ui.bidding import call_label


@pytest.mark.parametrize("seat", [0, 1, 2, None])
@pytest.mark.parametrize("seed", range(6))
def test_random_legal_calls_end_done(seat, seed):
    s = BiddingSession(seed=seed, seat=seat)
    random_walk(s, random.Random(seed), avoid=frozenset({"undo"}))
    st = s.state()
    assert st["phase"] == "done" and s.auction.is_over
    assert {"type": "next"} in st["legal"]
    assert not [a for a in st["legal"] if a["type"] == "call"]
    # the calls are the auction's, and the auction replays from its text
    assert str(Auction.from_text(str(s.auction))) == str(s.auction)


@pytest.mark.parametrize("seed", range(8))
def test_only_the_legal_calls_are_offered_with_both_words(seed):
    s = BiddingSession(seed=seed, seat=None)
    rnd = random.Random(seed)
    while s.state()["phase"] != "done":
        st = s.state()
        offered = [a["call"] for a in st["legal"] if a["type"] == "call"]
        assert offered == [str(c) for c in s.auction.legal_calls()]
        assert list(st["labels"]) == offered
        for c in s.auction.legal_calls():
            assert st["labels"][str(c)] == call_label(c)
        s.act({"type": "call", "call": rnd.choice(offered)})
    assert call_label(Auction.from_text("2").legal_calls()[0]) == "pass (dalje)"
    assert "hold 3 (mogu)" in BiddingSession(seed=0, seat=None, auction="pass, 2, 3")\
        .state()["labels"].values()


def test_the_engine_seats_call_as_the_engine_player():
    s = BiddingSession(seed=4, seat=2)
    hand = BalkanHand(random_deal(4))
    rng = SplitMix64(4)
    for _ in range(2):  # seats 0 and 1 call before the learner
        hand.call(bot_action(hand, hand.auction.to_call, rng))
    st = s.state()
    assert st["calls"] == [[seat, str(c)] for seat, c in hand.auction.calls]
    assert st["to_call"] == 2 and st["hand"]["seat"] == 2


def test_advice_is_the_conventions_and_goes_with_the_next_call():
    s = BiddingSession(seed=2, seat=1)
    expect = advise_hand(s.hand)
    st = s.act({"type": "advice"})
    assert st["advice"]["call"] == expect.action and st["advice"]["reason"] == expect.reason
    assert {"type": "advice"} not in st["legal"]
    assert "shown already" in assert_refused(s, {"type": "advice"})
    st = s.act({"type": "call", "call": "pass"})
    assert st["advice"] is None


def test_undo_takes_back_the_learners_call_and_the_engine_calls_after_it():
    s = BiddingSession(seed=3, seat=1)
    start = s.state()
    assert {"type": "undo"} not in start["legal"]
    assert "no call to take back" in assert_refused(s, {"type": "undo"})
    st = s.act({"type": "call", "call": "pass"})
    assert len(st["calls"]) > len(start["calls"]) + 1  # the engine went on
    st = s.act({"type": "undo"})
    assert st["calls"] == start["calls"] and st["to_call"] == 1
    assert st["note"].startswith("Took back")


def test_refused_calls_give_the_auctions_reason():
    s = BiddingSession(seed=1, seat=None)
    assert assert_refused(s, {"type": "call", "call": "5"}) == (
        "5: numbers rise by exactly one: the next is 2 (seat 0 may say: pass, 2, igra, betl, sans)")
    assert "bad call" in assert_refused(s, {"type": "call", "call": "whist"})
    assert "must be text" in assert_refused(s, {"type": "call", "call": 3})
    assert "write it 'pass'" in assert_refused(s, {"type": "call", "call": "dalje"})
    s.act({"type": "call", "call": "2"})
    assert assert_refused(s, {"type": "call", "call": "mogu"}).startswith(
        "hold 2: only a seat before seat 0 may hold")


def test_next_deals_again_and_bad_seat_is_refused():
    s = BiddingSession(seed=0, seat=None, auction="pass, pass, pass")
    assert s.state()["phase"] == "done" and s.state()["status"] == "Everybody passed: refe."
    st = s.act({"type": "next"})
    assert st["phase"] == "auction" and st["seed"] == 1 and st["calls"] == []
    with pytest.raises(PrefaError):
        BiddingSession(seat=5)


_SESSION = BiddingSession(seed=5, seat=0)


@settings(max_examples=150)
@given(actions(["call", "undo", "advice", "next"], ["call", "card"],
               ["pass", "2", "3", "hold", "hold 2", "igra", "betl", "sans", "good", "hearts",
                "dalje", "PASS", "9", ""]))
def test_every_illegal_action_is_refused_and_changes_nothing(action):
    s = _SESSION
    for _ in range(2):
        if action not in s.state()["legal"]:
            assert_refused(s, action)
        st = s.state()
        calls = [a for a in st["legal"] if a["type"] == "call"]
        s.act(calls[0] if calls else {"type": "next"})


def test_static_html_shows_the_auction():
    s = BiddingSession(seed=0, seat=None, auction="2, pass")
    html = s.static_html()
    assert "Seat 2 to call." in html and "<table" in html and "pass (dalje)" in html


@pytest.mark.parametrize("seed", range(4))
def test_only_the_learners_hand_is_shown_until_the_auction_is_over(seed):
    s = BiddingSession(seed=seed, seat=1)
    mine = set(s.state()["hand"]["cards"])
    rnd = random.Random(seed)
    while s.state()["phase"] != "done":
        st = s.state()
        assert set(re.findall(r"\b[2-9TJQKA][SHDC]\b", json.dumps(st))) <= mine
        assert st["layout"] is None
        s.act(rnd.choice([a for a in st["legal"] if a["type"] == "call"]))
    deal = random_deal(seed)
    assert s.state()["layout"]["hands"] == [[card_name(c) for c in h] for h in deal.hands]
    assert s.state()["layout"]["talon"] == [card_name(c) for c in deal.talon]


def test_the_widget_draws_the_bidding_view_and_acts_on_messages():
    from prefa.ui.widget import widget
    s = BiddingSession(seed=0, seat=None)
    w = widget(s)
    assert w._repr_mimebundle_()[0]["text/html"].endswith(s.static_html())
    assert "drawBidding" in w._esm and ".pf-calls" in w._css
    w._on_msg(w, {"type": "act", "action": {"type": "call", "call": "2"}}, [])
    assert w.state["calls"] == [[0, "2"]] == s.state()["calls"]


def test_no_advice_where_the_conventions_answer_no_legal_call():
    s = BiddingSession(seed=0, seat=None, auction="igra, igra, pass")  # the reveal
    st = s.act({"type": "advice"})
    assert st["advice"] is None and st["error"] is None
    assert st["advice_error"].startswith("No convention covers this call")
    assert {"type": "advice"} not in st["legal"]


def test_the_advice_names_the_call_as_the_box_offers_it():
    """A hold is advised as the box's own call ("hold 3"), so the view can name it."""
    for seed in range(60):
        s = BiddingSession(seed=seed, seat=None)
        for _ in range(6):
            st = s.state()
            if st["phase"] == "done":
                break
            if {"type": "advice"} in st["legal"]:
                st = s.act({"type": "advice"})
                if st["advice"] is not None:
                    calls = [a["call"] for a in st["legal"] if a["type"] == "call"]
                    assert st["advice"]["call"] in calls
                    if st["advice"]["call"].startswith("hold"):
                        return
            st = s.act(next(a for a in st["legal"] if a["type"] == "call" and a["call"] != "pass")
                       if any(a["type"] == "call" and a["call"] != "pass" for a in st["legal"])
                       else next(a for a in st["legal"] if a["type"] == "call"))
    pytest.fail("no deal gave hold advice")


def test_advice_names_each_school_by_its_label():
    """The box's "where the schools differ" names a school as the quizzes do."""
    from prefa.advice import Advice
    from prefa.quiz import SCHOOLS
    from prefa.ui.bidding import _advice_json
    other = Advice(("3",), "bid.x", "X", "Because.")
    a = Advice(("2",), "bid.y", "Y", "Because.", schools={"Gulin": other, "tournament rules": other})
    got = _advice_json(a, "2")["schools"]
    assert [(s["school"], s["label"]) for s in got] == [
        ("Gulin", SCHOOLS["Gulin"]), ("tournament rules", "the tournament rules school")]

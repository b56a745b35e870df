"""A whole hand of Vida (prefa.vida.hand): deal, auction, melds, play, result."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prefa.cards import Suit, deck
from prefa.deal import Deal
from prefa.errors import IllegalAction, IllegalBid, IllegalPlay
from prefa.vida.auction import KONTRA, PASS, VIDA, Call
from prefa.vida.hand import Phase, VidaHand, vida_deal
from prefa.vida.melds import BELOTE
from prefa.vida.points import HAND_POINTS

SUITS_DEAL = Deal.parse("SAKQJT987 / HAKQJT987 / DAKQJT987 / CAKQJT987")


def test_vida_deal_gives_eight_each_and_is_reproducible():
    d = vida_deal(42, dealer=1)
    assert [len(h) for h in d.hands] == [8] * 4 and d.cards == deck()
    assert vida_deal(42, dealer=1) == d and vida_deal(43, dealer=1) != d


def test_vida_deal_three_two_three_from_the_dealers_right():
    # the first three cards of the shuffled deck go to the seat at the dealer's right
    a, b = vida_deal(5, dealer=3), vida_deal(5, dealer=0)
    assert a.hands[0] == b.hands[1] and a.hands[3] == b.hands[0]


@pytest.mark.parametrize("text,match", [
    ("SAKQJT987 / HAKQJT987 / DAKQJT987", "deal has 3 hands: expected 4"),
    ("SAKQJT98 / HAKQJT987 / DAKQJT987 / CAKQJT987 S7", "seat 0 has 7 cards"),
    ("SAKQJT987 / HAKQJT987 / DAKQJT987 / CAKQJT98 | C7", "no talon")])
def test_bad_deals_are_refused(text, match):
    with pytest.raises(IllegalAction, match=match):
        VidaHand(Deal.parse(text))


def test_capot_with_all_the_trumps():
    """Seat 0 holds every spade and bids capot: 8 tricks, a run of eight in trumps, belote."""
    h = VidaHand(SUITS_DEAL)
    for c in ["capot spades", "pass", "pass", "pass"]:
        h.call(c)
    assert h.phase is Phase.MELDS and h.to_act == 0
    h.declare_all()
    o = h.meld_outcome()
    assert o.winner == 0 and o.points == (200, 0)        # seat 0's run beats the equal runs
    assert h.belote_team == 0
    while h.phase is Phase.PLAY:
        h.play(next(iter(h.legal_cards())))
    assert h.team_tricks() == (8, 0) and h.team_points() == (HAND_POINTS, 0)
    r = h.result()
    assert r.tricks == (8, 0) and r.jack_team == 0 and r.melds == (200, 0)
    assert h.score().written == (250 + 250 + 200 + BELOTE, 0)


def test_melds_must_be_held_and_whole():
    h = VidaHand(SUITS_DEAL)
    for c in ["80 hearts", "pass", "pass", "pass"]:
        h.call(c)
    with pytest.raises(IllegalAction, match="was not dealt"):
        h.declare("HAKQ")
    with pytest.raises(IllegalAction, match="not a whole meld"):
        h.declare("SAKQJT")
    h.declare("none")
    h.declare("HAKQJT987")
    with pytest.raises(IllegalAction, match="declared twice"):
        h.declare("DAKQJT987, DAKQJT987")
    h.declare("all")
    h.declare("CAKQJT987")
    o = h.meld_outcome()
    assert o.winner == 1 and o.points == (0, 200)        # hearts (trumps) beat the equal runs


def test_steps_out_of_turn_are_refused():
    h = VidaHand(vida_deal(3))
    with pytest.raises(IllegalAction, match="at the auction step"):
        h.declare()
    with pytest.raises(IllegalPlay, match="no card can be played"):
        h.play("AS")
    with pytest.raises(IllegalAction, match="not finished"):
        h.result()
    for c in ["90 clubs", "pass", "pass", "pass"]:
        h.call(c)
    with pytest.raises(IllegalAction, match="call 100 clubs: not now"):
        h.call("100 clubs")


def test_thrown_in_hand_scores_nothing():
    h = VidaHand(vida_deal(3))
    for _ in range(4):
        h.call(PASS)
    assert h.phase is Phase.DONE and h.result() is None and h.score() is None


def test_undo_each_kind_of_step():
    h = VidaHand(vida_deal(9))
    for c in ["80 hearts", "pass", "pass", "pass"]:
        h.call(c)
    h.declare_all()
    first = next(iter(h.legal_cards()))
    h.play(first)
    assert h.undo().value == first and h.phase is Phase.PLAY
    h.undo()
    assert h.phase is Phase.MELDS and h.to_act == 3 and h.play_state is None
    for _ in range(3):
        h.undo()
    assert h.to_act == 0
    h.undo()
    assert h.phase is Phase.AUCTION and len(h.auction.calls) == 3 and h.to_act == 3
    for _ in range(3):
        h.undo()
    assert h.steps == [] and h.auction.calls == []
    with pytest.raises(IllegalAction, match="nothing to undo"):
        h.undo()


def _state(h):
    ps = h.play_state
    return (list(h.auction.calls), list(h.declared), len(h.steps),
            None if ps is None else (list(ps.hands), list(ps.trick), list(ps.tricks)))


ALL_CALLS = [PASS, VIDA, KONTRA] + [Call.bid(n, s) for n in range(80, 270, 10) for s in Suit]


def _weight(call, min_bid):
    """Mostly passes and low bids, now and then a jump, a capot or a vida."""
    if call == PASS:
        return 12
    if call in (VIDA, KONTRA):
        return 1
    return 1 if call.number <= min_bid + 10 else 0.05


@settings(max_examples=40)
@given(st.integers(0, 2**32 - 1))
def test_random_whole_hands(walk):
    """Random legal hands: illegal steps change nothing; points make 162; the score adds up."""
    rng = random.Random(walk)
    dealer = rng.randrange(4)
    h = VidaHand(vida_deal(rng.randrange(10**6), dealer=dealer), dealer=dealer)
    while h.phase is Phase.AUCTION:
        legal = [c for c in ALL_CALLS if h.auction.is_legal(c)]
        if rng.random() < 0.2:
            bad = [c for c in ALL_CALLS if c not in legal]
            before = _state(h)
            with pytest.raises(IllegalBid):
                h.call(rng.choice(bad))
            assert _state(h) == before
        h.call(rng.choices(legal, [_weight(c, h.auction.min_bid) for c in legal])[0])
    if h.contract is None:
        assert h.result() is None
        return
    while h.phase is Phase.MELDS:
        h.declare(rng.choice(["all", "all", "none"]))
    while h.phase is Phase.PLAY:
        legal = h.legal_cards()
        seat = h.to_act
        others = [c for c in h.play_state.hands[seat] if c not in legal]
        if others and rng.random() < 0.3:
            before = _state(h)
            with pytest.raises(IllegalPlay):
                h.play(rng.choice(others))
            assert _state(h) == before
        h.play(rng.choice(list(legal)))
    assert sum(h.team_points()) == HAND_POINTS and sum(h.team_tricks()) == 8
    r = h.result()
    s = h.score()
    capot = r.capot_team is not None
    belote = BELOTE if r.belote is not None else 0
    expect = r.bid * 2 ** r.vidas + (250 if capot else 160) + sum(r.melds) + belote
    assert sum(s.written) == expect
    if s.made and not r.vidas:
        assert s.written[r.bidders] >= r.bid
    else:
        loser = r.bidders if not s.made else 1 - r.bidders
        assert s.written[loser] == (belote if r.belote == loser else 0)


SEED_DEAL = Deal.parse("SAQJ9 DJ8 C98 / S87 DAT CKJT7 / HKJ97 DKQ7 CA / SKT HAQT8 D9 CQ")
SEED_PLAY = ("JC AC QC 8C, AD 7D 9D 8D, TD QD TS JD, 7C 7H 8H 9C, AS 7S KD KS, "
             "QS 8S 9H QH, JS TC JH TH, KC KH AH 9S")


def test_seed002_auction_deal_played_out_120_clubs_made_with_123():
    """The lesson's hand: the seed's auction on these cards, then a sensible play.

    Counted by hand: team B–Δ takes 34 + 11 + 25 + 24 + 19 + 10 (last trick) = 123,
    team A–Γ 14 + 19 + 6 = 39; 123 + 39 = 162; written 120 + 120 and 40.
    """
    h = VidaHand(SEED_DEAL, dealer=0)
    for c in ["80 clubs", "100 hearts", "pass", "110 hearts", "pass", "pass", "120 clubs",
              "pass", "pass", "pass"]:
        h.call(c)
    h.declare_all()
    assert h.meld_outcome().winner is None and h.belote_team is None
    for c in SEED_PLAY.replace(",", "").split():
        h.play(c)
    from prefa.vida.points import pile_points
    per_trick = [pile_points(t.cards, Suit.CLUBS) for t in h.play_state.tricks]
    assert per_trick == [34, 11, 25, 14, 19, 6, 24, 19]
    assert [t.winner % 2 for t in h.play_state.tricks] == [1, 1, 1, 0, 0, 0, 1, 1]
    assert h.team_points() == (39, 123) and h.jack_team() == 1
    s = h.score()
    assert s.made and s.rounded == (40, 120) and s.written == (40, 240)

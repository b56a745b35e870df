"""prefa.handflow: the steps every ruleset's hand and auction take the same way.

The pure helpers of the talon games are tested directly; the two mixins
(CallLog for the auctions, HandSteps for the hands) are tested through the
real auctions and hands of every ruleset that uses them: a random walk of
legal steps, with illegal steps refused without a trace, and every step
taken back by undo to exactly the state before it.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prefa.balkan.auction import Auction as BalkanAuction
from prefa.balkan.contract import Contract
from prefa.balkan.hand import BalkanHand
from prefa.balkan.hand import Phase as BalkanPhase
from prefa.balkan.options import BalkanRules
from prefa.cards import CardSet, card_name, parse_card
from prefa.deal import Deal, random_deal
from prefa.errors import IllegalAction, IllegalCall, PrefaError
from prefa.greek.auction import Auction as GreekAuction
from prefa.greek.hand import GreekHand
from prefa.greek.hand import Phase as GreekPhase
from prefa.greek.options import GreekRules
from prefa.handflow import (
    CallLog,
    HandSteps,
    Step,
    card_list,
    check_claim,
    check_talon_deal,
    check_total,
    defenders_after,
    exchange_talon,
    seat_tricks,
)
from prefa.play import TrickPlay
from prefa.priffe.hand import Phase as PriffePhase
from prefa.priffe.hand import PriffeHand, random_priffe_deal
from prefa.russian.auction import Auction as RussianAuction
from prefa.russian.hand import Phase as RussianPhase
from prefa.russian.hand import RussianHand
from prefa.vida.auction import Auction as VidaAuction
from prefa.vida.hand import Phase as VidaPhase
from prefa.vida.hand import VidaHand, vida_deal

WALKS = st.integers(0, 2**32 - 1)
FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- the talon games: pure helpers ---------------------------------------------------------------
@pytest.mark.parametrize("seats", [(0, 1, 2), (1, 2, 0), (3, 0, 1), (2, 3, 0)])
def test_defenders_follow_the_declarer_in_playing_order(seats):
    for i, d in enumerate(seats):
        first, second = defenders_after(seats, d)
        assert {d, first, second} == set(seats)
        assert first == seats[(i + 1) % 3]          # next after the declarer
        assert second == seats[(i + 2) % 3]


@given(WALKS)
@settings(max_examples=40, deadline=None)
def test_talon_exchange_keeps_ten_of_the_twelve(walk):
    rnd = random.Random(walk)
    deal = random_deal(walk)
    seat = rnd.randrange(3)
    twelve = sorted(deal.hands[seat] | deal.talon)
    away = rnd.sample(twelve, 2)
    form = rnd.choice([away, CardSet.of(away), " ".join(card_name(c) for c in away)])
    kept, discards = exchange_talon(deal.hands[seat], deal.talon, form)
    assert len(kept) == 10 and discards == CardSet.of(away)
    assert kept | discards == CardSet.of(twelve) and not kept & discards


@pytest.mark.parametrize("cards, words", [
    ("S7", "expected exactly two different cards"),
    ("S7 S7", "expected exactly two different cards"),
    ("S7 C8 SA", "expected exactly two different cards"),
    ("", "discard (none): expected exactly two"),
    ("S7 HJ", "discard JH: the buyer does not hold it"),
])
def test_bad_discards_are_refused(cards, words):
    with pytest.raises(IllegalAction, match=words.replace("(", r"\(").replace(")", r"\)")):
        exchange_talon(CardSet.parse("SAKQJT HAKQ DAK"), CardSet.parse("S7 C8"), cards, "buyer")


def test_card_list_reads_every_form():
    want = [parse_card("AD"), parse_card("KD")]
    assert card_list("AD KD") == want
    assert card_list("DAK") == want
    assert card_list(want) == want
    assert sorted(card_list(CardSet.of(want))) == sorted(want)
    with pytest.raises(PrefaError):
        card_list("XX")


def test_talon_deal_checks_count_the_cards():
    deal = random_deal(3, players=4, dealer=3)
    check_talon_deal(deal, 4, (0, 1, 2))                      # the dealer sits out
    with pytest.raises(IllegalAction, match="hand of seat 0 has 10 cards: expected 0"):
        check_talon_deal(deal, 4, (1, 2, 3))
    with pytest.raises(IllegalAction, match="deal has 4 hands: expected 3"):
        check_talon_deal(deal, 3, (0, 1, 2))
    short = Deal.parse("SAKQJT HAKQ DAK / S98 H987 DQJT9 C7 / HJT D87 CAKQJT9 | S7")
    with pytest.raises(IllegalAction, match="τα κάτω has 1 cards: expected 2"):
        check_talon_deal(short, 3, (0, 1, 2), talon="τα κάτω")


def test_claims_are_checked_seat_by_seat():
    assert check_claim([7, 3, 0, 0], 4, {0, 1}) == (7, 3, 0, 0)
    for bad, words in [([7, 3], "expected 4 counts"), ([7, 3, -1, 1], "expected 4 counts"),
                       ([7, 3.0, 0, 0], "expected 4 counts"),
                       ([6, 3, 1, 0], "seat 2 does not play")]:
        with pytest.raises(IllegalAction, match=words):
            check_claim(bad, 4, {0, 1})
    check_total((6, 4, 0))
    with pytest.raises(IllegalAction, match="tricks 6 3 0: they add up to 9, expected 10"):
        check_total((6, 3, 0))


def test_seat_tricks_claimed_played_or_none():
    assert seat_tricks(None, None, 4) == (0, 0, 0, 0)
    assert seat_tricks((6, 4, 0), None, 3) == (6, 4, 0)
    deal = random_deal(5)
    ps = TrickPlay.start(list(deal.hands), 0, Contract.parse("sans").play_rules())
    while not ps.is_over():
        ps.play(next(iter(ps.legal_moves())))
    assert seat_tricks(None, ps, 3) == tuple(ps.won) and sum(ps.won) == 10


def test_step_is_a_value():
    assert Step("play", 3) == Step("play", 3)
    assert repr(Step("call", "pass")) == "Step(kind='call', value='pass')"
    with pytest.raises(AttributeError):
        Step("play", 3).kind = "call"  # type: ignore[misc]


# -- CallLog: the auctions -----------------------------------------------------------------------
AUCTIONS = {
    "balkan": (lambda: BalkanAuction(BalkanRules(preferans_game=True)),
               lambda a: BalkanAuction.from_text(str(a), BalkanRules(preferans_game=True)),
               ["pass", "2", "3", "4", "hold", "hold 3", "igra", "betl", "sans", "preferans",
                "hearts", "good", "8"]),
    "greek": (lambda: GreekAuction(GreekRules(prefa_bid=True)),
              lambda a: GreekAuction.from_text(str(a), GreekRules(prefa_bid=True)),
              ["pass", "6S", "6C", "6D", "7NT", "hold", "take", "prefa", "10NT"]),
    "russian": (RussianAuction, lambda a: RussianAuction.from_text(str(a)),
                ["pass", "6S", "6C", "7H", "misère", "8NT", "10NT"]),
    "vida": (VidaAuction, lambda a: VidaAuction.from_text(str(a), dealer=a.dealer),
             ["pass", "80 clubs", "90 hearts", "100 spades", "vida", "kontra-vida", "capot clubs"]),
}


@pytest.mark.parametrize("name", sorted(AUCTIONS))
@given(walk=WALKS)
@FAST
def test_calls_are_made_refused_and_taken_back(name, walk):
    new, again, words = AUCTIONS[name]
    rnd = random.Random(walk)
    a = new()
    assert isinstance(a, CallLog)
    history: list[str] = [str(a)]
    while not a.is_over and len(a.calls) < 30:
        for w in rnd.sample(words, 3):
            if a.why_illegal(a.CALL.parse(w)) is not None:
                before = (str(a), a.to_call)
                with pytest.raises(IllegalCall):
                    a.call(w)
                assert (str(a), a.to_call) == before       # refused: nothing changed
        legal = a.legal_calls()
        a.call(rnd.choice(legal))
        history.append(str(a))
        assert str(again(a)) == str(a)                    # the text form replays
    with pytest.raises(IllegalCall, match="the auction is over"):
        a.call("pass")
    while a.calls:
        last = a.calls[-1][1]
        history.pop()
        assert a.undo() == last
        assert str(a) == history[-1]
    with pytest.raises(IllegalCall, match="nothing to undo"):
        a.undo()


def test_make_calls_returns_the_auction():
    a = RussianAuction()
    assert a.make_calls("6S, pass, 7C") is a and str(a) == "6♠, pass, 7♣"
    assert repr(a) == "Auction.from_text('6♠, pass, 7♣')"


# -- HandSteps: the hands -----------------------------------------------------------------------
def _talon_steps(hand, phases, rnd: random.Random) -> list:
    """The legal steps of a Balkan, Greek or Russian hand now."""
    ph = hand.phase
    if ph is phases.AUCTION:
        legal = (hand.legal_calls() if hasattr(hand, "legal_calls")
                 else hand.auction.legal_calls())
        return [lambda h, c=c: h.call(c) for c in legal]
    if ph is phases.DISCARD:
        twelve = sorted(hand.hands[hand.to_act] | hand.talon)
        choices = [rnd.sample(twelve, 2) for _ in range(2)]
        return [lambda h, d=d: h.discard(d) for d in choices]
    if ph is phases.DECLARE:
        return [lambda h, c=c: h.declare(c) for c in hand.legal_contracts()]
    if ph is getattr(phases, "DEFENCE", None):
        return [lambda h, d=d: h.decide(d) for d in hand.defence.legal()]
    if ph is getattr(phases, "WHIST", None):
        return [lambda h, w=w: h.decide(w) for w in ("whist", "pass")]
    if ph is phases.PLAY:
        return [lambda h, c=c: h.play(c) for c in hand.legal_cards()]
    return []


def _vida_steps(hand, rnd: random.Random) -> list:
    if hand.phase is VidaPhase.AUCTION:
        return [lambda h, c=c: h.call(c) for c in hand.auction.legal_calls()]
    if hand.phase is VidaPhase.MELDS:
        return [lambda h: h.declare("all"), lambda h: h.declare("none")]
    if hand.phase is VidaPhase.PLAY:
        return [lambda h, c=c: h.play(c) for c in hand.legal_cards()]
    return []


def _priffe_steps(hand, rnd: random.Random) -> list:
    if hand.phase is PriffePhase.AUCTION:
        return [lambda h, b=b: h.bid(b) for b in hand.legal_bids()]
    if hand.phase is PriffePhase.PLAY:
        return [lambda h, c=c: h.play(c) for c in hand.legal_cards()]
    return []


HANDS = {
    "balkan": (lambda w: BalkanHand(random_deal(w), BalkanRules(stop_at_five=w % 2 == 0)),
               lambda h, r: _talon_steps(h, BalkanPhase, r)),
    "greek": (lambda w: GreekHand(random_deal(w, players=4, dealer=w % 4),
                                  GreekRules(players=4), dealer=w % 4),
              lambda h, r: _talon_steps(h, GreekPhase, r)),
    "russian": (lambda w: RussianHand(random_deal(w)), lambda h, r: _talon_steps(h, RussianPhase, r)),
    "vida": (lambda w: VidaHand(vida_deal(w)), _vida_steps),
    "priffe": (lambda w: PriffeHand(random_priffe_deal(w)), _priffe_steps),
}


def snapshot(hand) -> tuple:
    """What an undo must give back exactly."""
    ps = hand.play_state
    return (hand.phase, hand.to_act, list(hand.steps),
            None if hand.hands is None else list(hand.hands), hand.legal_cards(),
            None if ps is None else (list(ps.played), list(ps.won)),
            str(hand.auction), hand.auction_result)


@pytest.mark.parametrize("name", sorted(HANDS))
@given(walk=WALKS)
@FAST
def test_every_step_is_taken_back_exactly(name, walk):
    new, steps = HANDS[name]
    rnd = random.Random(walk)
    hand = new(walk)
    assert isinstance(hand, HandSteps)
    before = [snapshot(hand)]
    while True:
        options = steps(hand, rnd)
        if not options:
            break
        rnd.choice(options)(hand)
        before.append(snapshot(hand))
        if hand.phase is not type(hand).PLAY_PHASE:
            assert hand.legal_cards() == CardSet()
            with pytest.raises(PrefaError, match="no card can be played now"):
                hand.play(next(iter(CardSet.parse("SAKQJT987 HAKQJT987"))))
            assert snapshot(hand) == before[-1]
    while hand.steps:
        last = hand.steps[-1]
        assert hand.undo() == last
        before.pop()
        assert snapshot(hand) == before[-1]
    with pytest.raises(IllegalAction, match="nothing to undo"):
        hand.undo()


@pytest.mark.parametrize("name", sorted(HANDS))
def test_steps_out_of_phase_say_where_the_hand_is(name):
    new, _ = HANDS[name]
    hand = new(1)
    with pytest.raises(PrefaError, match="the hand is at the auction step"):
        hand.play("AS")
    with pytest.raises(IllegalAction, match="not now"):
        hand._require(type(hand).PLAY_PHASE, "play")


# -- garbage types: refused with a PrefaError that names them (found by the fuzz suite) -------
@pytest.mark.parametrize("cards", [None, 1.5, 7, True, (-1, 5), ("AS", 99), [None], [1.5]],
                         ids=repr)
def test_card_list_refuses_what_is_not_cards(cards):
    with pytest.raises(PrefaError, match="bad card"):
        card_list(cards)


@pytest.mark.parametrize("tricks", [None, 5, 1.5, "6 4 0", [6.0, 4, 0], [True, 9, 0]], ids=repr)
def test_check_claim_refuses_what_is_not_counts(tricks):
    with pytest.raises(IllegalAction, match="tricks"):
        check_claim(tricks, 3, {0, 1, 2})


def _parsers():
    from prefa.balkan.auction import Call as BalkanCall
    from prefa.balkan.contract import Game
    from prefa.balkan.defence import Decision as BalkanDecision
    from prefa.greek.auction import Call as GreekCall
    from prefa.greek.contract import Contract as GreekContract
    from prefa.greek.contract import Denomination
    from prefa.greek.defence import Decision as GreekDecision
    from prefa.greek.hand import parse_declaration
    from prefa.priffe.auction import Bid
    from prefa.priffe.contract import Contract as PriffeContract
    from prefa.russian.auction import Call as RussianCall
    from prefa.russian.contract import Contract as RussianContract
    from prefa.russian.contract import Strain
    from prefa.russian.hand import Whist
    from prefa.vida.auction import Call as VidaCall
    from prefa.vida.melds import Meld
    return {"balkan call": BalkanCall.parse, "balkan game": Game.find,
            "balkan contract": Contract.parse, "balkan decision": BalkanDecision.find,
            "greek call": GreekCall.parse, "greek contract": GreekContract.parse,
            "greek denomination": Denomination.find, "greek decision": GreekDecision.find,
            "greek declaration": parse_declaration, "priffe bid": Bid.find,
            "priffe contract": PriffeContract.find, "russian call": RussianCall.parse,
            "russian contract": RussianContract.parse, "russian strain": Strain.find,
            "russian whist": Whist.find, "vida call": VidaCall.parse, "vida meld": Meld.parse}


@pytest.mark.parametrize("value", [None, 3, 2.5, b"pass", ["pass"]], ids=repr)
@pytest.mark.parametrize("parser", sorted(_parsers()))
def test_every_word_parser_refuses_what_is_not_a_text(parser, value):
    with pytest.raises(PrefaError, match=r"^bad .*: expected a text") as e:
        _parsers()[parser](value)
    assert repr(value) in str(e.value)


@pytest.mark.parametrize("name", sorted(HANDS))
@pytest.mark.parametrize("value", [None, 2.5, 2**64, ["pass"], object()], ids=type)
def test_a_call_that_is_no_text_is_refused_without_a_trace(name, value):
    hand = HANDS[name][0](1)
    before = snapshot(hand)
    with pytest.raises(PrefaError):
        hand.call(value)
    assert snapshot(hand) == before


def test_garbage_at_each_step_of_a_vida_and_a_priffe_hand_is_refused():
    """The melds of a Vida declaration and the bid of a Priffe hand: a list of
    numbers or a number is refused, not read as melds or as a bid number."""
    vida, priffe = HANDS["vida"][0](1), HANDS["priffe"][0](1)
    with pytest.raises(PrefaError, match="expected a text"):
        priffe.bid(0)
    rnd = random.Random(1)
    while vida.phase is not VidaPhase.MELDS:
        rnd.choice(HANDS["vida"][1](vida, rnd))(vida)
    before = snapshot(vida)
    for junk in (None, [1, 2], ("AS", "KS"), 7):
        with pytest.raises(IllegalAction, match="bad melds"):
            vida.declare(junk)
        assert snapshot(vida) == before


def test_apply_text_makes_each_games_steps_by_their_own_methods():
    """``HandSteps.apply_text``: the step written as text, by the method of the phase."""
    from prefa.balkan.hand import BalkanHand
    from prefa.deal import random_deal
    from prefa.errors import IllegalAction, PrefaError
    from prefa.priffe.hand import PriffeHand, random_priffe_deal
    from prefa.russian.deal import russian_deal
    from prefa.russian.hand import RussianHand
    from prefa.vida.hand import VidaHand
    h = BalkanHand(random_deal(3))
    for text in ("2", "pass", "pass"):
        h.apply_text(text)
    assert h.phase.value == "discard"
    with pytest.raises(PrefaError):
        h.apply_text("pass")  # a call at the discard: refused as discard() refuses it
    assert h.phase.value == "discard"
    r = RussianHand(russian_deal(3))
    r.apply_text("6S")
    assert r.auction.calls[-1][1].contract is not None
    p = PriffeHand(random_priffe_deal(3))
    p.apply_text("pass")
    assert len(p.steps) == 1 and p.steps[0].kind == "bid"
    assert set(VidaHand.STEP_METHODS.values()) <= {"call", "declare", "play"}
    from prefa.cards import card_name

    def next_step(hand):
        ph = hand.phase.value
        if ph == "discard":
            return " ".join(card_name(c) for c in list(hand.hands[hand.declarer])[:2])
        if ph == "declare":
            return str(hand.legal_contracts()[0])
        if ph == "defence":
            return hand.defence.legal()[0].value
        return card_name(next(iter(hand.legal_cards())))
    while h.phase.value != "done":
        h.apply_text(next_step(h))
    with pytest.raises(IllegalAction, match="the hand is over"):
        h.apply_text("AS")

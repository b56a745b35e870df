"""A hand of Priffe: deal checks, phases, play, claim, undo, refused steps."""

import pytest

from prefa.deal import Deal
from prefa.errors import IllegalAction, IllegalPlay, PrefaError
from prefa.priffe.contract import Contract
from prefa.priffe.hand import Phase, PriffeHand, parse_priffe_deal, random_priffe_deal
from prefa.priffe.options import PriffeRules

SUITS = "SAKQJT98765432 / HAKQJT98765432 / DAKQJT98765432 / CAKQJT98765432"


def play_out(h):
    while h.phase is Phase.PLAY:
        h.play(next(iter(h.legal_cards())))


def test_parse_priffe_deal_checks_sizes_and_talon():
    assert len(parse_priffe_deal(SUITS).hands) == 4
    with pytest.raises(PrefaError, match="expected 13"):
        parse_priffe_deal("SAKQJT98765432 / HAKQJT98765432 / DAKQJT98765432 / CAKQJT9876543")
    with pytest.raises(IllegalAction, match="no talon"):
        PriffeHand(Deal.parse("SAKQJT98765432 / HAKQJT98765432 / DAKQJT98765432 / "
                              "CAKQJT9876543 | C2"))
    with pytest.raises(IllegalAction, match="seat 3 has 12 cards"):
        PriffeHand(Deal.parse("SAKQJT98765432 / HAKQJT98765432 / DAKQJT98765432 / "
                              "CAKQJT9876543"))


def test_phases_and_to_act():
    h = PriffeHand(random_priffe_deal(2), dealer=0)
    assert h.phase is Phase.AUCTION and h.to_act == 1
    for b in ("pass", "noll", "pass", "pass"):
        h.bid(b)
    assert h.phase is Phase.PLAY and h.to_act == 1   # the forehand leads
    assert h.contract is Contract.NOLL and h.declarers == 0
    play_out(h)
    assert h.phase is Phase.DONE and h.to_act is None and sum(h.tricks) == 13


def test_forehand_leads_whatever_the_contract():
    for dealer in range(4):
        h = PriffeHand(random_priffe_deal(9), dealer=dealer)
        h.bid("play")
        assert h.play_state.leader == (dealer + 1) % 4


def test_result_has_the_honours_as_dealt():
    # seat 1 holds every heart: all four trump honours A K Q J (the default)
    h = PriffeHand(Deal.parse(SUITS))
    h.bid("pass"); h.bid("hearts"); h.bid("pass"); h.bid("pass")
    play_out(h)
    r = h.result()
    assert r.contract is Contract.HEARTS and r.declarers == 1 and r.bidder == 1
    assert r.honours == (0, 4, 0, 0)
    assert sum(r.tricks) == 13


def test_result_refused_before_the_end():
    h = PriffeHand(random_priffe_deal(1))
    with pytest.raises(IllegalAction, match="at the auction step"):
        h.result()


def test_bid_during_play_and_card_during_auction_refused():
    h = PriffeHand(random_priffe_deal(4))
    with pytest.raises(IllegalPlay, match="at the auction step"):
        h.play("AS")
    h.bid("play")
    with pytest.raises(IllegalAction, match="at the play step"):
        h.bid("pass")


def test_illegal_card_leaves_the_hand_unchanged():
    h = PriffeHand(Deal.parse(SUITS))
    for b in ("hearts", "pass", "pass", "pass"):
        h.bid(b)
    h.play("AS")
    state = (list(h.play_state.hands), list(h.play_state.trick), h.to_act)
    with pytest.raises(IllegalPlay, match="does not hold"):
        h.play("KS")
    assert (list(h.play_state.hands), list(h.play_state.trick), h.to_act) == state


def test_must_follow_suit():
    d = random_priffe_deal(21)
    h = PriffeHand(d)
    h.bid("play")
    lead = next(c for c in h.legal_cards())
    h.play(lead)
    seat = h.to_act
    held = h.hands[seat]
    if held.has_suit(lead >> 4):
        wrong = next(c for c in held if c >> 4 != lead >> 4)
        with pytest.raises(IllegalPlay, match="must follow"):
            h.play(wrong)


def test_undo_takes_back_cards_and_bids():
    h = PriffeHand(random_priffe_deal(8))
    for b in ("clubs", "pass", "pass", "pass"):
        h.bid(b)
    assert h.contract is Contract.FORCED_NOLL and h.declarers is None
    c = next(iter(h.legal_cards()))
    h.play(c)
    assert h.undo().value == c and h.phase is Phase.PLAY and not h.play_state.played
    h.undo()
    assert h.phase is Phase.AUCTION and h.to_act == 3
    for _ in range(3):
        h.undo()
    with pytest.raises(IllegalAction, match="no steps"):
        h.undo()


def test_claim_for_a_hand_without_a_deal():
    h = PriffeHand()
    for b in ("pass", "pass", "diamonds", "pass"):
        h.bid(b)
    with pytest.raises(IllegalAction, match="add"):
        h.claim((7, 7))
    h.claim((3, 2, 5, 3), honours=(1, 0, 2, 1))
    r = h.result()
    assert r.tricks == (8, 5) and r.declarers == 0 and r.honours == (1, 0, 2, 1)
    assert r.made is True


def test_claim_refused_with_a_deal():
    h = PriffeHand(random_priffe_deal(3))
    h.bid("play")
    with pytest.raises(IllegalAction, match="without a deal"):
        h.claim((7, 6))


def test_bad_dealer_refused():
    with pytest.raises(IllegalAction, match="dealer 4"):
        PriffeHand(dealer=4)


def test_rules_reach_the_honours():
    # with the four-card reading trump_honours="AKQJ" the same hand holds four honours
    h = PriffeHand(Deal.parse(SUITS), PriffeRules(trump_honours="AKQJ"))
    h.bid("pass"); h.bid("hearts"); h.bid("pass"); h.bid("pass")
    play_out(h)
    assert h.result().honours == (0, 4, 0, 0)

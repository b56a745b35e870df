"""A whole Balkan hand: phases, who leads, refusals that change nothing, undo."""

import pytest

from prefa.balkan.contract import Contract, Game
from prefa.balkan.hand import BalkanHand, Phase
from prefa.balkan.options import BalkanRules
from prefa.balkan.scoring import Outcome
from prefa.cards import CardSet
from prefa.deal import Deal, random_deal
from prefa.errors import IllegalAction, IllegalCall, IllegalPlay, PrefaError
from prefa.record import format_record

DEAL = Deal.parse("SAKQJ HAKQ D7 CAK / ST98 HJT9 DAKQ C7 / S7 H87 DJT98 CQJT | C98")


def bought(contract="clubs", deal=DEAL, auction="2, pass, pass", discard="D7 SJ", **opts):
    h = BalkanHand(deal, BalkanRules(**opts))
    for c in auction.split(", "):
        h.call(c)
    h.discard(discard)
    h.declare(contract)
    return h


def snapshot(h):
    return (format_record(h), h.phase, h.to_act, str(h.legal_cards()))


def test_talon_is_taken_and_discards_leave_ten_cards():
    h = bought()
    assert h.hands[0] == CardSet.parse("SAKQ HAKQ CAK98")
    assert h.discards == CardSet.parse("SJ D7")


def test_discard_refusals_name_the_problem():
    h = BalkanHand(DEAL)
    for c in ["2", "pass", "pass"]:
        h.call(c)
    before = snapshot(h)
    with pytest.raises(IllegalAction, match="expected exactly two"):
        h.discard("D7")
    with pytest.raises(IllegalAction, match="does not hold"):
        h.discard("D7 DA")
    assert snapshot(h) == before


def test_declaration_below_the_number_refused():
    h = BalkanHand(DEAL)
    for c in ["2", "3", "pass", "pass"]:
        h.call(c)
    h.discard("ST S9")
    with pytest.raises(IllegalAction, match="may declare: diamonds"):
        h.declare("spades")


def test_betl_defenders_must_play_without_follow_decision():
    h = BalkanHand(DEAL)
    for c in ["betl", "pass", "pass"]:
        h.call(c)
    assert h.contract == Contract(Game.BETL, igra=True)
    assert h.phase is Phase.DEFENCE
    assert [str(d) for d in h.defence.legal()] == ["kontra", "decline"]
    h.decline_rest()
    assert h.phase is Phase.PLAY and h.leader == 0


@pytest.mark.parametrize("declarer_calls, leader", [
    (["sans", "pass", "pass"], 2),          # seat 0 declares: seat 2 sits before him
    (["pass", "sans", "pass"], 0),          # seat 1 declares: seat 0 leads through him
    (["pass", "pass", "sans"], 1),
])
def test_sans_defender_before_the_declarer_leads(declarer_calls, leader):
    h = BalkanHand(DEAL)
    for c in declarer_calls:
        h.call(c)
    for w in ["follow", "follow"]:
        h.decide(w)
    h.decline_rest()
    assert h.leader == leader


def test_sans_lead_passes_to_the_other_defender_when_the_first_sits_out():
    h = BalkanHand(DEAL)
    for c in ["sans", "pass", "pass"]:
        h.call(c)
    for w in ["follow", "pass", "alone"]:
        h.decide(w)
    h.decline_rest()
    assert h.leader == 1 and h.play_state.active == (0, 1)


def test_forehand_leads_if_he_plays_else_next_playing_seat():
    h = BalkanHand(DEAL)
    for c in ["pass", "2", "pass"]:
        h.call(c)
    h.discard("C9 C8")
    h.declare("hearts")
    for w in ["follow", "pass", "alone", "decline"]:   # seat 2 follows, seat 0 passes
        h.decide(w)
    assert h.leader == 1      # seat 0 sits out: next playing seat is the declarer


def test_two_card_tricks_when_a_defender_sits_out():
    h = bought()
    for w in ["follow", "pass", "alone", "decline"]:
        h.decide(w)
    assert h.play_state.active == (0, 1)
    h.play("CA"); h.play("C7")
    assert len(h.play_state.tricks) == 1 and h.play_state.tricks[0].seats == (0, 1)


def test_illegal_card_refused_and_nothing_changes():
    h = bought()
    for w in ["follow", "follow"]:
        h.decide(w)
    h.decline_rest()
    h.play("CA")
    before = snapshot(h)
    with pytest.raises(IllegalPlay, match="8♠: seat 1 must follow clubs"):
        h.play("8S")
    with pytest.raises(IllegalPlay, match="does not hold"):
        h.play("AS")
    assert snapshot(h) == before


def test_steps_out_of_phase_refused():
    h = BalkanHand(DEAL)
    with pytest.raises(IllegalAction, match="auction step"):
        h.declare("clubs")
    with pytest.raises(IllegalPlay, match="no card can be played"):
        h.play("AS")
    with pytest.raises(IllegalAction, match="auction step"):
        h.decide("follow")
    with pytest.raises(IllegalAction, match="not finished"):
        h.result()


def test_undo_every_step_back_to_the_start():
    h = bought()
    for w in ["follow", "follow"]:
        h.decide(w)
    h.decline_rest()
    for c in ["CA", "C7", "CT", "CK"]:
        h.play(c)
    records = []
    while h.steps:
        records.append(format_record(h))
        h.undo()
    assert h.phase is Phase.AUCTION and format_record(h) == f"deal: {DEAL}\nauction: "
    with pytest.raises(IllegalAction, match="nothing to undo"):
        h.undo()


def test_stop_at_five_option_ends_play_early():
    # Seat 1 declares spades and is beaten quickly by seat 0's winners.
    deal = Deal.parse("SAKQJ HAKQ D7 CAK / ST98 HJT9 DAKQ C7 / S7 H87 DJT98 CQJT | C98")
    h = BalkanHand(deal, BalkanRules(stop_at_five=True))
    for c in ["pass", "2", "pass", "pass"][:3]:
        h.call(c)
    h.discard("C9 C8")
    h.declare("diamonds")
    for w in ["follow", "follow", "decline", "decline"]:
        h.decide(w)
    while h.phase is Phase.PLAY:
        h.play(next(iter(h.legal_cards())))
    def_tricks = h.tricks[0] + h.tricks[2]
    assert def_tricks == 5 and sum(h.tricks) < 10
    assert h.result().outcome is Outcome.PLAYED


def test_four_players_dealer_sits_out():
    d = random_deal(3, players=4, dealer=1)
    h = BalkanHand(d, BalkanRules(players=4), dealer=1)
    assert h.seats == (2, 3, 0) and h.to_act == 2
    with pytest.raises(IllegalAction, match="hand of seat 0 has 10 cards: expected 0"):
        BalkanHand(random_deal(3, players=4, dealer=1), BalkanRules(players=4), dealer=0)


def test_claim_for_a_hand_without_deal():
    h = BalkanHand()
    for c in ["2", "pass", "pass"]:
        h.call(c)
    h.declare("hearts")
    for w in ["follow", "pass", "alone", "decline"]:
        h.decide(w)
    with pytest.raises(IllegalAction, match="seat 2 does not play"):
        h.claim([6, 2, 2])
    with pytest.raises(IllegalAction, match="add up to 9"):
        h.claim([6, 3, 0])
    h.claim([6, 4, 0])
    assert h.result().tricks == (6, 4, 0)


def test_every_error_is_a_prefa_error():
    for cls in (IllegalAction, IllegalCall, IllegalPlay):
        assert issubclass(cls, PrefaError)

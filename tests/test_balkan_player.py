"""The engine player (prefa.balkan.player): decisions the conventions do not cover."""

from prefa.balkan.hand import BalkanHand
from prefa.balkan.player import bot_action
from prefa.deal import Deal, SplitMix64


def test_the_declarer_given_a_kontra_declines_rather_than_raise_unadvised():
    h = BalkanHand(Deal.parse("SAKQJT HAKQ DAK / S98 H987 DQJT9 C7 / HJT D87 CAKQJT9 | S7 C8"))
    for c in ["2", "pass", "pass"]:
        h.call(c)
    h.discard("S7 C8")
    h.declare("spades")
    h.decide("follow")
    h.decide("follow")
    h.decide("kontra")
    assert h.to_act == 0 and [d.value for d in h.defence.legal()] == ["rekontra", "decline"]
    assert bot_action(h, 0, SplitMix64(0)) == "decline"

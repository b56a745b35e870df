"""One entry point: the convention's advice for whoever is to act in a hand.

:func:`advise_hand` looks at where a :class:`~prefa.balkan.hand.BalkanHand`
stands and asks the right module: the auction → :mod:`.bidding`; the
defence decisions → :mod:`.whist`; the opening lead → :mod:`.leads`; a
defender's later card → :mod:`.betl` in betl, else :mod:`.signals` (a
discard when void, second-hand play when the declarer led).  The same
function serves the quiz checker, the widgets and ``prefa advise``.

>>> from prefa.record import parse_record, replay
>>> hand = replay(parse_record('''
... deal: SAKQJ HAKQ D7 CAK / ST98 HJT9 DAKQ C7 / S7 H87 DJT98 CQJT | C98
... auction: 2, pass, pass
... discard: 7D JS
... contract: clubs
... '''), partial=True)
>>> a = advise_hand(hand); hand.to_act, a.convention.split(".")[0]
(1, 'whist')
"""

from __future__ import annotations

from ...advice import Advice
from ...cards import CardSet
from ...errors import IllegalAction
from ..contract import Game
from ..hand import BalkanHand, Phase
from . import betl, bidding, leads, signals, whist


def advise_hand(hand: BalkanHand) -> Advice:
    """The advice for the seat to act in ``hand`` (raises when no convention applies)."""
    ph = hand.phase
    if ph is Phase.AUCTION:
        if hand.hands is None:
            raise IllegalAction("bidding advice: the record has no deal, so the bidder's "
                                "cards are not known (add a 'deal' line)")
        return _bid(hand)
    if ph is Phase.DEFENCE:
        return whist.advise(whist.WhistSituation.from_hand(hand))
    if ph is Phase.PLAY and hand.play_state is not None:
        return _card(hand)
    raise IllegalAction(f"no convention applies at the {ph.value} step "
                        "(advice covers the auction, the defence decisions and the defenders' play)")


def _bid(hand: BalkanHand) -> Advice:
    a = hand.auction
    seat = a.to_call
    assert seat is not None and hand.hands is not None
    can_hold = any(c.kind.value == "hold" for c in a.legal_calls())
    return bidding.bid_advice(hand.hands[seat], a.number, seat=hand.seats.index(seat),
                              can_hold=can_hold, first_turn=seat not in a.spoken)


def _card(hand: BalkanHand) -> Advice:
    ps = hand.play_state
    assert ps is not None and hand.contract is not None
    seat = ps.to_move
    if seat == hand.declarer:
        raise IllegalAction("the conventions advise the defenders; for the declarer's cards "
                            "ask the solver")
    me = ps.hands[seat]
    contract = hand.contract
    if not ps.tricks and not ps.trick:
        return leads.opening_lead(leads.LeadSituation.from_hand(hand))
    if contract.game is Game.BETL:
        if not ps.trick:
            return betl.betl_continue(me)
        order = [ps.leader]
        while len(order) < len(ps.active):
            order.append(ps.next_seat(order[-1]))
        return betl.betl_follow(me, ps.trick, declarer_pos=order.index(hand.declarer),
                                left=seat == betl.left_defender(hand.declarer, hand.seats))
    if not ps.trick:
        raise IllegalAction("the conventions cover a defender's opening lead, discards and "
                            "second-hand play; later leads are left to the player")
    played = CardSet.of(c for t in ps.tricks for c in t.cards)  # earlier tricks only
    if signals.is_discard(me, ps.trick, contract):
        return signals.discard(me, ps.trick, contract)
    if len(ps.trick) == 1 and ps.leader == hand.declarer:
        giver = hand.defence.outcome().kontra_giver if hand.defence is not None else None
        return signals.second_hand(me, ps.trick, contract, played=played,
                                   partner_kontra=giver is not None and giver != seat)
    raise IllegalAction("the conventions cover second-hand play after the declarer's lead "
                        "and discards; this card is the player's own judgement")

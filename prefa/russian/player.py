"""An engine player of Russian preferans, and the review of a played hand.

The same shape as :mod:`prefa.balkan.player`: :func:`bot_action` is an
engine player as a pure function: given a
:class:`~prefa.russian.hand.RussianHand` and the seat to act, it returns the
action as text the hand accepts (:func:`apply_text` makes it).  The kit has
no Russian bidding or whist conventions, so the engine follows plain rules
of its own, counted on the hand (our decisions, written here):

- **counting** (:func:`playing_tricks`): in each suit the ace, the king
  with another card of the suit, the queen with two more; and the long
  cards: each card past the fourth of a side suit, past the third of the
  trump suit.  The trump suit is the longest (then the strongest, then the
  higher in the bidding order);
- **the auction** (:func:`call_advice`): with six or more counted tricks,
  bid the lowest legal bid (never misère) while it is not above that
  contract, else pass; without them, bid misère when the hand is safe for
  it (:func:`misere_safe`) and misère is a legal bid; else pass;
- **the talon**: the two lowest of the twelve cards outside the longest
  suit (:func:`talon_discard`); for a misère the two highest cards;
- **the contract** (:func:`contract_choice`): misère after a misère;
  otherwise the lowest legal contract in the longest suit, raised to the
  counted tricks when they are more;
- **whist or pass** (:func:`whist_advice`), with the whisting side's quota
  of :data:`prefa.russian.scoring.WHIST_QUOTA` (4 tricks against a six, 2
  against a seven, 1 against an eight or a nine, none against a ten: the
  option ``whist_quota``'s table; seed 004 states no quota): a defender
  counts his own sure tricks (:func:`defender_tricks`: aces; in the trump
  suit also the king with another trump and the queen with two more; in a
  side suit the king with another card) and whists when they reach his
  share: ``⌈q/2⌉`` for the first defender, ``⌊q/2⌋`` for the second after a
  whist, the whole ``q`` for the second after a pass; always at least one;
- **the cards** in a contract: sampling (:func:`prefa.solver_play.sampled_card`):
  the cards the seat cannot see are dealt at random a few times (the hands
  lying face up are known: the passer's when one defender whists, both
  defenders' in misère), each layout is solved double dummy and the card
  with the best total wins.  The lone whister chooses the passer's cards
  too, for his side;
- **the cards in a raspasovka** (:func:`duck_card`): nobody declares, each
  player plays for himself, which is not the two-sided game the solver
  searches; the engine ducks: it plays the highest legal card that does
  not take the trick as it stands (the cards already played to it), else
  the lowest legal card; on the lead, the lowest card (then the suit first
  in the deck's order).

The talon (*прикуп*) is shown to all when the declarer takes it (our
decision: the seed is silent; it is how the game is usually played), so a
defender knows those two cards are the declarer's or among his discards.

:func:`best_cards` (the solver's answer for the seat to play, on the real
deal) and :func:`card_costs` (what each card a seat chose cost, after the
hand) see every card; neither applies to a raspasovka.

>>> from prefa.russian.deal import russian_deal
>>> h = RussianHand(russian_deal(6))
>>> rng = SplitMix64(1)
>>> while h.to_act is not None:
...     apply_text(h, bot_action(h, h.controller(h.to_act), rng, samples=1))
>>> h.phase.value, h.declarer, str(h.contract), h.whists, h.tricks
('done', 0, '7♠', [(1, Whist.WHIST), (2, Whist.PASS)], (7, 3, 0))
>>> len(card_costs(h, 1)), [k.cost for k in card_costs(h, 1)][:3]  # his cards and the passer's
(20, [0, 0, 0])
"""

from __future__ import annotations

from ..advice import Advice
from ..cards import ACE, KING, QUEEN, Card, CardSet, card_name, card_rank, card_suit
from ..deal import SplitMix64
from ..errors import IllegalAction
from ..play import trick_winner
from ..solver import Position, Solver
from ..solver_play import CardCost, best_line, sampled_card
from ..solver_play import best_cards as _best_cards
from ..solver_play import card_costs as _card_costs
from ..solver_play import play_position as solver_play_position
from .auction import Call
from .contract import MISERE, Contract, Strain
from .hand import Phase, RussianHand, Whist
from .scoring import WHIST_QUOTA

__all__ = ["CardCost", "apply_text", "best_cards", "best_line", "bot_action", "call_advice",
           "card_costs", "contract_choice", "defender_tricks", "duck_card", "goal",
           "misere_safe", "play_position", "playing_tricks", "talon_discard", "whist_advice"]

_STRAIN = {int(s.suit): s for s in Strain if s.suit is not None}


def _advice(action: str, name: str, reason: str) -> Advice:
    return Advice((action,), f"russian.engine.{name.replace(' ', '-')}", name, reason)


def longest_suit(cards: CardSet) -> int:
    """The longest suit, then the strongest (sum of ranks), then the higher bid suit."""
    return max(_STRAIN, key=lambda s: (cards.count(s), sum(cards.ranks(s)), _STRAIN[s]))


def playing_tricks(cards: CardSet, trump: int | None = None) -> int:
    """The hand's tricks by the engine's count (see the module's docstring).

    >>> playing_tricks(CardSet.parse("SAKQ97 HA8 DK7 C7"), 0)
    7
    """
    n = 0
    for s in range(4):
        length = cards.count(s)
        n += (s * 16 + ACE in cards) + (s * 16 + KING in cards and length >= 2) \
            + (s * 16 + QUEEN in cards and length >= 3)
        n += max(0, length - (3 if s == trump else 4))
    return min(n, 10)


def misere_safe(cards: CardSet) -> bool:
    """True when each suit held can always be played under the others: its
    ``i``-th lowest card is at most the 7, 9, jack, king for ``i`` = 0, 1, 2, 3
    (each step leaves room for one card of the others below it), and no
    suit has more than four cards above that ladder.

    >>> misere_safe(CardSet.parse("S79J H7 D79 C79J")), misere_safe(CardSet.parse("SA7"))
    (True, False)
    """
    for s in range(4):
        ranks = sorted(cards.ranks(s))
        for i, r in enumerate(ranks):
            if r > min(ACE, 5 + 2 * i):  # SEVEN is 5: 7, 9, J, K, then anything
                return False
    return True


def call_advice(hand: RussianHand) -> Advice:
    """The engine's call for the seat to call (see the module's docstring)."""
    seat = hand.to_act
    assert seat is not None and hand.hands is not None
    mine = hand.hands[seat]
    legal = hand.legal_calls()
    trump = longest_suit(mine)
    n = playing_tricks(mine, trump)
    bids = [c for c in legal if c.contract is not None and not c.contract.is_misere]
    if n >= 6:
        aim = Contract(n, _STRAIN[trump])
        if bids and bids[0].contract <= aim:  # type: ignore[operator]
            return _advice(str(bids[0]), "bid up to your count",
                           f"You count {n} tricks with {_STRAIN[trump].symbol} as trumps: bid "
                           f"one step at a time up to {aim}.")
        return _advice("pass", "stop at your count",
                       f"You count {n} tricks: the bidding has passed {aim}. Пас.")
    if Call(MISERE) in legal and misere_safe(mine):
        return _advice(str(Call(MISERE)), "misère on low cards",
                       "Every suit you hold can go under the others' cards: мизер.")
    return _advice("pass", "pass without six tricks",
                   f"You count {n} tricks, fewer than six: пас.")


def talon_discard(hand: RussianHand, seat: int) -> list[Card]:
    """The engine's discard from its twelve cards (see the module's docstring)."""
    assert hand.hands is not None and hand.talon is not None
    twelve = hand.hands[seat] | hand.talon
    r = hand.auction_result
    if r is not None and r.contract is not None and r.contract.is_misere:
        return sorted(twelve, key=lambda c: (-card_rank(c), c))[:2]
    long = longest_suit(twelve)
    outside = sorted((c for c in twelve if card_suit(c) != long), key=lambda c: (card_rank(c), c))
    inside = sorted((c for c in twelve if card_suit(c) == long), key=lambda c: (card_rank(c), c))
    return (outside + inside)[:2]


def contract_choice(hand: RussianHand) -> Contract:
    """The engine's contract after the talon (see the module's docstring)."""
    legal = hand.legal_contracts()
    if legal and legal[0].is_misere:
        return legal[0]
    d = hand.declarer
    assert d is not None and hand.hands is not None
    mine = hand.hands[d]
    trump = longest_suit(mine)
    n = playing_tricks(mine, trump)
    ours = [c for c in legal if c.strain == _STRAIN[trump]]
    if not ours:  # pragma: no cover - the ladder has every suit up to 10
        return legal[0]
    c = ours[0]
    raised = Contract(n, _STRAIN[trump]) if n >= 6 else c
    return raised if raised in ours and raised > c else c


def defender_tricks(cards: CardSet, trump: int | None) -> int:
    """A defender's sure tricks by the engine's count (see the module's docstring).

    >>> defender_tricks(CardSet.parse("SAK8 HK7 DQ87 C987"), 1)
    3
    """
    n = 0
    for s in range(4):
        length = cards.count(s)
        n += (s * 16 + ACE in cards) + (s * 16 + KING in cards and length >= 2)
        if s == trump:
            n += s * 16 + QUEEN in cards and length >= 3
    return n


def whist_advice(hand: RussianHand) -> Advice:
    """Whist or pass for the defender to speak (see the module's docstring)."""
    seat = hand.to_act
    c = hand.contract
    assert seat is not None and c is not None and hand.hands is not None
    q = WHIST_QUOTA[c.tricks]
    mine = defender_tricks(hand.hands[seat], c.trump)
    if not hand.whists:
        share, who = (q + 1) // 2, "the first defender's share"
    elif hand.whists[0][1] is Whist.WHIST:
        share, who = q // 2, "the second defender's share"
    else:
        share, who = q, "the whole quota, alone"
    share = max(1, share)
    count = f"You count {mine} sure trick{'s' if mine != 1 else ''}"
    if mine >= share:
        return _advice("whist", "whist with your share",
                       f"{count}; against {c} the whisting side owes {q}, and {who} is "
                       f"{share}: вист.")
    return _advice("pass", "pass when short",
                   f"{count}; against {c} {who} is {share}: пас.")


def duck_card(hand: RussianHand) -> Card:
    """The engine's card in a raspasovka (see the module's docstring)."""
    tp = hand.play_state
    assert tp is not None
    legal = sorted(tp.legal_moves(), key=lambda c: (card_rank(c), c))
    if not tp.trick:
        return legal[0]
    trick = list(tp.trick)
    under = [c for c in legal if trick_winner(trick + [c], tp.rules) != len(trick)]
    return under[-1] if under else legal[0]


def goal(hand: RussianHand) -> str | None:
    """The solver's goal of the hand: ``"betl"`` in misère, ``"tricks"`` in a
    contract, ``None`` in a raspasovka (no declarer: no solver)."""
    if hand.raspasovka or hand.contract is None:
        return None
    return "betl" if hand.contract.is_misere else "tricks"


def bot_action(hand: RussianHand, seat: int, rng: SplitMix64, samples: int = 20) -> str:
    """The engine's action for the seat that chooses now, as text.

    ``seat`` is whoever chooses: the seat to act, or the lone whister for the
    passer's open hand (:meth:`RussianHand.controller`).  Deterministic given
    the state of ``rng`` (which it advances).
    """
    if hand.to_act is None:
        raise IllegalAction("the hand is over: nobody is to act")
    if hand.controller(hand.to_act) != seat:
        raise IllegalAction(f"seat {seat} is not to act (seat {hand.to_act} is)")
    ph = hand.phase
    if ph is Phase.AUCTION:
        return call_advice(hand).action
    if ph is Phase.DISCARD:
        return " ".join(card_name(c) for c in talon_discard(hand, seat))
    if ph is Phase.DECLARE:
        return contract_choice(hand).letters
    if ph is Phase.WHIST:
        return whist_advice(hand).action
    if ph is Phase.PLAY:
        if goal(hand) is None:
            return card_name(duck_card(hand))
        return card_name(_sampled_card(hand, seat, rng, samples))
    raise IllegalAction(f"no action at the {ph.value} step")


def _sampled_card(hand: RussianHand, seat: int, rng: SplitMix64, samples: int) -> Card:
    tp = hand.play_state
    d = hand.declarer
    g = goal(hand)
    assert tp is not None and d is not None and g is not None
    known = {s: tp.hands[s] for s in tp.active
             if s == seat or s in hand.open_hands or hand.controller(s) == seat}
    seen = hand.discards if seat == d and hand.discards is not None else CardSet()
    known_not = {}
    if seat != d and hand.talon is not None:  # the talon was shown: it is the declarer's
        known_not = {s: hand.talon for s in tp.active if s not in (d, seat)}
    return sampled_card(tp, d, g, rng, samples, known=known, seen=seen, known_not=known_not,
                        chooser=seat, seats=hand.seats)


def apply_text(hand: RussianHand, text: str) -> None:
    """Apply an action given as text for whoever is to act (refused when illegal):
    the hand's own :meth:`~prefa.handflow.HandSteps.apply_text`."""
    hand.apply_text(text)


# -- the solver on the real deal: hints and the review --------------------------------------
def play_position(hand: RussianHand) -> Position:
    """The solver's position of the play now, every card known (not in a raspasovka)."""
    g = goal(hand)
    tp = hand.play_state
    if g is None or tp is None or hand.declarer is None or hand.phase is not Phase.PLAY:
        why = ("a raspasovka has no declarer: every player plays for himself"
               if hand.raspasovka else f"the hand is at the {hand.phase.value} step")
        raise IllegalAction(f"no card play to solve: {why}")
    return solver_play_position(tp, hand.declarer, g, seats=hand.seats)


def best_cards(hand: RussianHand, solver: Solver | None = None
               ) -> tuple[list[Card], dict[Card, int]]:
    """The solver's best cards for the seat to play, double dummy on the real deal,
    and the card table (the declarer's final tricks after each legal card)."""
    return _best_cards(play_position(hand), solver)


def card_costs(hand: RussianHand, seat: int = 0, *, lines: bool = True) -> list[CardCost]:
    """Every card ``seat`` chose in ``hand`` (his own, and the passer's when he
    whisted alone), with what it cost double dummy; none in a raspasovka."""
    tp = hand.play_state
    g = goal(hand)
    if tp is None or g is None or hand.declarer is None:
        return []
    return _card_costs(tp, hand.declarer, g, seat, lines=lines,
                       chose=lambda s: hand.controller(s) == seat, seats=hand.seats)

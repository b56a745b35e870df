"""What the seed teaches about playing Prefa well, as small pure functions giving advice.

Each function returns an :class:`Advice`: the action, the convention's name,
and the reason in words.  They are rules of thumb for a learner, not a
solver, and they say so:

- :func:`sure_tricks` counts the tricks a hand takes by itself, the way the
  seed counts its example hand (A K Q 10 9 of diamonds and the ace of spades:
  six tricks in diamonds);
- :func:`best_contract` turns that count into the highest contract to aim for;
- :func:`bid_advice` bids **step by step**: open with Πρώτα ("I have a
  purchase somewhere"), hold ("ναι") while the bid is not above your aim,
  raise one step only when you cannot hold, pass once the bidding goes past
  your aim.  The other players learn your strength from how far you climb,
  not where it lies;
- :func:`defence_advice` tells a defender whether to play: play when your own
  sure tricks cover your personal obligation, take the other along when they
  cover both obligations, else pass.  Count only your own tricks: the buyer
  may have declared low on purpose;
- :func:`declaration_advice` is the under-declaring bluff (μπλόφα): with a
  kasa nearly empty while the others' are still high, declare only the bid,
  not all you can make, so that the defenders are tempted to play and fall
  short.

>>> from prefa.cards import CardSet
>>> sure_tricks(CardSet.parse("SA87 H87 DAKQT9"))
6
>>> best_contract(CardSet.parse("SA87 H87 DAKQT9"))
Contract.parse('6D')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import ACE, KING, QUEEN, SEVEN, CardSet, signs
from ..i18n import _, ngettext
from .auction import HOLD, PASS, TAKE, Auction, Call, CallKind
from .contract import ALL_CONTRACTS, Contract, Denomination
from .defence import Decision, personal_obligation


@dataclass(frozen=True, slots=True)
class Advice:
    """A convention's advice: what to do, which rule says so, and why."""

    action: str
    name: str
    reason: str

    def __post_init__(self) -> None:
        # the reason is read by a learner: contracts and cards with their suit signs
        object.__setattr__(self, "reason", signs(self.reason))

    def __str__(self) -> str:
        return f"{signs(self.action)} — {self.name}: {self.reason}"


# -- counting tricks ---------------------------------------------------------------------
def _top_run(hand: CardSet, suit: int) -> int:
    """How many of the suit's top cards (A, K, Q, ...) the hand holds without a gap."""
    k = 0
    for rank in range(ACE, SEVEN - 1, -1):
        if suit * 16 + rank in hand:
            k += 1
        else:
            break
    return k


def suit_tricks(hand: CardSet, suit: int) -> int:
    """Sure tricks in one suit: all its cards when the top run can draw every card
    the others hold (even if one player holds them all), else the top run.

    >>> suit_tricks(CardSet.parse("DAKQT9"), 2), suit_tricks(CardSet.parse("DAKJ"), 2)
    (5, 2)
    """
    length = hand.count(suit)
    k = _top_run(hand, suit)
    return length if k >= 8 - length else k


def sure_tricks(hand: CardSet) -> int:
    """Tricks the hand takes by itself, counted suit by suit with :func:`suit_tricks`.

    In a trump contract this assumes the trumps are the buyer's longest, solid
    suit, drawn first: then, as the seed says of its example, nobody has a
    trump left to ruff the side winners."""
    return sum(suit_tricks(hand, s) for s in range(4))


def best_contract(hand: CardSet) -> Contract | None:
    """The highest contract the hand's sure tricks support: the most tricks over the
    denominations (the longest suit as trumps, or no trumps), ties to the higher
    denomination; ``None`` below six tricks.

    The trumps are the suit with most cards (ties to the higher); no trumps when
    every suit held runs from the top.
    """
    n = min(sure_tricks(hand), 10)
    if n < 6:
        return None
    suits = [Denomination.SPADES, Denomination.CLUBS, Denomination.DIAMONDS,
             Denomination.HEARTS]
    best = max(suits, key=lambda d: (hand.count(d.trump), d))
    if all(suit_tricks(hand, s) == hand.count(s) for s in range(4) if hand.has_suit(s)):
        best = Denomination.NO_TRUMPS  # every suit runs: no trumps is worth most
    return Contract(n, best)


# -- bidding -----------------------------------------------------------------------------
def bid_advice(auction: Auction, hand: CardSet | None = None, *,
               target: Contract | None = None) -> Advice:
    """The next call by the step-by-step convention, aiming at ``target`` (by default
    :func:`best_contract` of ``hand``).

    >>> a = Auction.from_text("Πρώτα, pass, Δεύτερα")
    >>> bid_advice(a, target=Contract.parse("6D")).action
    'hold'
    """
    if auction.to_call is None:
        raise ValueError("the auction is over: there is no call to advise")
    legal = auction.legal_calls()
    if target is None and hand is not None:
        target = best_contract(hand)
    if target is None:
        if hand is not None and TAKE in legal and sure_tricks(hand) == 5:
            return Advice(str(TAKE), _("blind take with five tricks"),
                          _("Everybody before you passed and you count five sure tricks: say "
                            "τα παίρνω. The two cards may bring the sixth, and if they do not, "
                            "you may give up at 6♠ for 4 kasa and 16 kapikia."))
        return Advice(str(PASS), _("pass without six tricks"),
                      _("You cannot count six tricks, so you do not buy: πάσο."))
    if HOLD in legal and auction.current is not None and auction.current <= target:
        return Advice(str(HOLD), _("hold before raising"),
                      _("You sit before the bidder, so you may keep his bid {bid} by saying ναι; "
                        "he must go higher. Your aim is {target}.").format(bid=auction.current,
                                                                          target=target))
    nxt = auction.next_bid()
    if nxt is not None and nxt <= target:
        opening = auction.current is None
        why = (_("Open with the lowest bid, Πρώτα: it says \"I can buy somewhere\" without "
                 "saying where.") if opening else
               _("Climb one step only: the others learn how strong you are, not where."))
        return Advice(str(Call(CallKind.BID, nxt)), _("step by step"),
                      _("{why} Your aim is {target} ({greek}).").format(
                          why=why, target=target, greek=target.greek))
    return Advice(str(PASS), _("stop at your aim"),
                  _("The bidding has gone past your aim {target}: πάσο.").format(target=target))


# -- defence -------------------------------------------------------------------------------
def defender_tricks(hand: CardSet, contract: Contract) -> int:
    """A defender's sure tricks against ``contract``: in trumps the ace, a king with
    another trump, a queen with two more; in a side suit the ace, and the king
    too with the ace; at no trumps the top run of each suit.

    >>> defender_tricks(CardSet.parse("SAK8 HK7 DQ87 C987"), Contract.parse("6H"))
    3
    """
    trump = contract.trump
    n = 0
    for s in range(4):
        length = hand.count(s)
        if trump is None:
            n += min(_top_run(hand, s), length)
        elif s == trump:
            n += (s * 16 + ACE in hand) + (s * 16 + KING in hand and length >= 2) \
                + (s * 16 + QUEEN in hand and length >= 3)
        else:
            ace = s * 16 + ACE in hand
            n += ace + (ace and s * 16 + KING in hand)
    return n


def defence_advice(hand: CardSet, contract: Contract, first: bool,
                   earlier: Sequence[Decision | str] = ()) -> Advice:
    """Play, pass, or take the other along, by counting your own sure tricks.

    ``first`` is True for the defender at the buyer's right; ``earlier`` the
    decisions already made in this hand, in order (decisions or words).

    >>> from prefa.greek.contract import Contract
    >>> weak = CardSet.parse("SJT9 DJ87 CQJT9")
    >>> defence_advice(weak, Contract.parse("6H"), False, ["play"]).action
    'pass'

    """
    earlier = [Decision.find(d) if isinstance(d, str) else d for d in earlier]
    mine = defender_tricks(hand, contract)
    own = personal_obligation(contract.tricks, first)
    other = personal_obligation(contract.tricks, not first)
    both = contract.defenders_need
    def said(text: str) -> str:
        """A sentence that begins "You count N sure tricks", N the defender's own."""
        return text.format(n=mine, own=own, both=both, other=other)
    along = Advice(str(Decision.ALONG), _("take the other along"), said(ngettext(
        "You count {n} sure trick, enough for the {both} the two of you owe together: say "
        "\"παίζεις κι εσύ\". You answer for both and collect both payments.",
        "You count {n} sure tricks, enough for the {both} the two of you owe together: say "
        "\"παίζεις κι εσύ\". You answer for both and collect both payments.", mine)))
    if not earlier or earlier == [Decision.PLAY]:
        if mine >= own:
            return Advice(str(Decision.PLAY), _("play with your obligation covered"), said(ngettext(
                "You count {n} sure trick, and you owe {own}: παίζω.",
                "You count {n} sure tricks, and you owe {own}: παίζω.", mine)))
        return Advice(str(Decision.PASS), _("pass when short"), said(ngettext(
            "You count {n} sure trick but owe {own}. Do not hope for tricks you cannot see: the "
            "buyer may have declared low on purpose. πάσο.",
            "You count {n} sure tricks but owe {own}. Do not hope for tricks you cannot see: the "
            "buyer may have declared low on purpose. πάσο.", mine)))
    if earlier == [Decision.PASS]:  # second defender, the first passed
        if mine >= both:
            return along
        if mine >= own:
            return Advice(str(Decision.PLAY), _("play alone"), said(ngettext(
                "You count {n} sure trick, enough for your own {own} but not for the {both} of "
                "both: παίζω.",
                "You count {n} sure tricks, enough for your own {own} but not for the {both} of "
                "both: παίζω.", mine)))
        return Advice(str(Decision.PASS), _("pass when short"), said(ngettext(
            "You count {n} sure trick but owe {own}: πάσο, and nothing is played.",
            "You count {n} sure tricks but owe {own}: πάσο, and nothing is played.", mine)))
    if earlier == [Decision.PLAY, Decision.PASS]:  # first defender, the second passed
        if mine >= both:
            return along
        return Advice(str(Decision.ALONE), _("play alone"), said(ngettext(
            "You count {n} sure trick: enough for your own {own}, not for the {both} of both. "
            "Play alone (μόνος).",
            "You count {n} sure tricks: enough for your own {own}, not for the {both} of both. "
            "Play alone (μόνος).", mine)))
    # first defender again after pass, play
    if mine + other >= both:
        return Advice(str(Decision.ALONG), _("take the other along"), said(ngettext(
            "You count {n} sure trick, and the other promised his {other} by saying play: "
            "together that is the {both} you owe. Say \"πάμε μαζί\".",
            "You count {n} sure tricks, and the other promised his {other} by saying play: "
            "together that is the {both} you owe. Say \"πάμε μαζί\".", mine)))
    return Advice(str(Decision.PASS), _("leave him alone"), said(ngettext(
        "You count {n} sure trick; with the {other} he promised you are short of {both}. Let "
        "him play alone.",
        "You count {n} sure tricks; with the {other} he promised you are short of {both}. Let "
        "him play alone.", mine)))


# -- declaring -----------------------------------------------------------------------------
def declaration_advice(can_make: Contract, bid: Contract | None, my_kasa: int,
                       other_kasas: Sequence[int]) -> Advice:
    """Declare what you can make, or under-declare (the bluff, μπλόφα).

    The bluff: when your kasa is no bigger than the value of what you can
    make, while another kasa is still bigger than yours, declare the lowest
    contract your bid allows in the same denomination.  Your kasa gains
    little from a big contract, and defenders who count on the tricks you
    hide will play, fall short and pay you.

    >>> declaration_advice(Contract.parse("8H"), Contract.parse("6H"), 4, (20, 25)).action
    '6H'
    >>> declaration_advice(Contract.parse("8H"), Contract.parse("6H"), 30, (20, 25)).action
    '8H'
    """
    low = bid.step if bid is not None else 0
    lowest = next(c for c in ALL_CONTRACTS[low:] if c.denomination == can_make.denomination)
    if lowest < can_make and my_kasa <= can_make.value and max(other_kasas, default=0) > my_kasa:
        return Advice(str(lowest), _("the under-declaring bluff"),
                      _("Your kasa ({kasa}) is nearly empty and another is still {other}: "
                        "declare only {lowest} although you can make {can}. A defender who "
                        "thinks you lack {n} tricks may play and fall short, and then he pays "
                        "you.").format(kasa=my_kasa, other=max(other_kasas), lowest=lowest,
                                       can=can_make, n=10 - lowest.tricks))
    return Advice(str(can_make), _("declare what you can make"),
                  _("{contract} lowers your kasa by its full value, {value}.").format(
                      contract=can_make, value=can_make.value))

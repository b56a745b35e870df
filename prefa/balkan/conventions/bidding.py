"""Bidding judgement (licitacija): how far a hand may bid, what it aims at,
what each number promises, and when stopping at a number is a bluff.

Three schools of seed 001, each a small function over the same evaluation:

- :data:`~.evaluation.V12` — the site's minimums (:data:`SITE_MINIMUMS`,
  "LICITACIJA" 1.–9.): a hand may bid up to a suit only with one of the
  listed holdings; bidding below them is punishable.
- :data:`~.evaluation.TOURNAMENT` — what each number promises
  (:data:`NUMBER_PROMISES`): the suit of the number with four cards, or three
  with five tricks, in a hand of 4.5 potential tricks; 2 may also be a
  "preparatory spade" (3-3-3-1).
- :data:`~.evaluation.GULIN` — 4.5 potential tricks (the talon adds 1–1.5)
  and at least four cards in the suit you stop at (or its A-K-Q with two more
  potential tricks elsewhere); an "introductory spade" 2 carries no
  responsibility; strength piled in one suit does not justify a bid.

Bidding betl or sans makes nobody responsible; stopping at a suit's number
without cover (blef) makes you answer for the damage to a partner who calls
or gives kontra counting on that suit.

>>> hand = CardSet.parse("HKQJ87 DAQ7 C87")
>>> p = plan(hand); p.game, p.limit
(Game.HEARTS, 4)
>>> bid_advice(hand, 2).actions, bid_advice(hand, 4).actions
(('3',), ('pass',))
>>> r = responsibility(hand, 3)   # stopping at 3 promises diamonds: only three here
>>> r.action, r.schools["tournament rules"].action
('pass', '3')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ...advice import Advice
from ...cards import CardSet, Suit
from ...errors import RuleOptionError
from ..contract import Game
from .checks import full_hand
from .evaluation import (
    BID_MINIMUM,
    GULIN,
    TOURNAMENT,
    V12,
    dominates,
    evaluation,
    holding_text,
    meets,
    potential_tricks,
    shape,
)

SUIT_GAMES = (Game.CLUBS, Game.HEARTS, Game.DIAMONDS, Game.SPADES)
"""The suit games, highest first."""
IGRA_TRICKS = 6.0
"""Potential tricks in hand to announce igra: a game without the talon must
make its six tricks alone (v1.2 ch.8; Gulin)."""
THREE_CARD_TRICKS = 5.0
"""Tricks that let a three-card suit be bid (tournament rule 4)."""


# -- the v1.2 site minimums (one home) --------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SiteMinimum:
    """One minimum of the site's list: the holding in the suit bid up to and
    the side holdings that complete it (alternatives; ``""`` for none)."""

    rule: int
    suit: str
    side: tuple[str, ...]
    text: str


SITE_MINIMUMS: tuple[SiteMinimum, ...] = (
    SiteMinimum(1, "Axx", ("A A",), "three aces, one in a suit of three or more"),
    SiteMinimum(2, "KQJ", ("A A", "AK", "KQ KQ KQ"),
                "king-queen-jack (treća bela s pubom) with two more aces, an ace-king, "
                "or three belas"),
    SiteMinimum(3, "xxxx", ("A A A", "AK A", "AKJ"),
                "four cards with three aces, ace-king and ace, or ace-king-jack beside"),
    SiteMinimum(4, "KQxx", ("KQxx",), "two suits of four headed by king-queen (dve četvrte bele)"),
    SiteMinimum(5, "Axxxx", ("",), "the ace fifth (peti kec)"),
    SiteMinimum(6, "Axxx", ("KQ", "A", "Qxxx"),
                "the ace fourth with a bela, an ace or a queen fourth beside"),
    SiteMinimum(7, "AKxx", ("",), "ace-king and two more"),
    SiteMinimum(8, "xxxxx", ("A", "KQ"), "five cards with an ace or a bela beside"),
)
"""001 v1.2 LICITACIJA 1.–8.; 9. ("every stronger hand") is covered by
matching card by card, where stronger holdings satisfy weaker ones."""

NUMBER_PROMISES: Mapping[int, tuple[str, ...]] = {
    2: ("4.5 potential tricks with four or more spades",
        "or another suit of four or more the bidder means to reach",
        "or a betl hand he must bid up to",
        "or a sans hand he will bid up to",
        "or a preparatory spade: 4.5 potential tricks, no four-card suit, a spade (3-3-3-1)"),
    3: ("four or more diamonds, or three diamonds in a hand of five tricks",
        "or another suit of four or more the bidder means to reach",
        "or a betl hand he must bid up to", "or a sans hand he will bid up to"),
    4: ("four or more hearts, or three hearts in a hand of five tricks",
        "or four or more clubs the bidder means to reach",
        "or a betl hand he must bid up to", "or a sans hand he will bid up to",
        "or handing the auction to an opponent when clubs is plainly the common suit"),
    5: ("four or more clubs, or three clubs in a hand of five tricks",
        "or a betl hand he must bid up to", "or a sans hand he will bid up to"),
    6: ("no trump suit: a loser's hand for betl of any shape and strength, for which the "
        "bidder answers to nobody, or a sans hand he will bid up to",),
    7: ("no trump suit: high cards, mostly balanced, a stopper in every suit "
        "(a bluffed sans lacks one suit)",),
}
"""What each number promises in the tournament rules (001 PRAVILA TURNIRA,
Licitacija), in our words."""


def number_promises(number: int) -> tuple[str, ...]:
    """What a bid of ``number`` promises in the tournament rules.

    >>> number_promises(3)[0]
    'four or more diamonds, or three diamonds in a hand of five tricks'
    """
    return NUMBER_PROMISES[number]


def site_rule(hand: CardSet, game: Game) -> SiteMinimum | None:
    """The first site minimum that lets ``hand`` bid up to ``game``.

    >>> site_rule(CardSet.parse("SA8 HA7 DA987 C98"), Game.DIAMONDS).rule
    1
    """
    full_hand(hand)
    suit = game.trump
    for m in SITE_MINIMUMS:
        if any(meets(hand, f"t:{m.suit} {side}", suit) for side in m.side):
            return m
    return None


# -- cover in a suit ----------------------------------------------------------------------------
def tournament_cover(hand: CardSet, game: Game, potential: float) -> bool:
    """Tournament rule 4: four cards of the suit, or three in a hand of five
    tricks, in a hand of 4.5 potential tricks."""
    n = hand.count(game.trump)
    return potential >= BID_MINIMUM and (n >= 4 or (n >= 3 and potential >= THREE_CARD_TRICKS))


def preparatory_spade(hand: CardSet, potential: float) -> bool:
    """Tournament: 4.5 potential tricks, no four-card suit, at least one spade."""
    return potential >= BID_MINIMUM and shape(hand)[0] <= 3 and hand.has_suit(Suit.SPADES)


def gulin_cover(hand: CardSet, game: Game, potential: float) -> bool:
    """Gulin's adequate cards: four of the suit in a hand of 4.5 potential
    tricks, or its three top cards with two more potential tricks elsewhere."""
    s = game.trump
    if hand.count(s) >= 4 and potential >= BID_MINIMUM:
        return True
    rest = sum(potential_tricks(hand.ranks(o)) for o in Suit if o != s)
    return dominates(hand.ranks(s), "AKQ") and rest >= 2


def introductory_spade(hand: CardSet, potential: float) -> bool:
    """Gulin's "uvodni pik": 4.5 potential tricks, fewer than four spades but one at least."""
    return potential >= BID_MINIMUM and 1 <= hand.count(Suit.SPADES) <= 3


def concentrated(hand: CardSet) -> bool:
    """All potential tricks in one suit of a four-suited hand (Gulin: no bid)."""
    worth = [s for s in Suit if potential_tricks(hand.ranks(s))]
    return len(worth) == 1 and len(shape(hand)) == 4


# -- plans ----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BidPlan:
    """How far a hand may bid in one school: the game it aims at and its number
    (``limit``, 0 when it should not bid); ``free`` when the bid carries no
    responsibility."""

    school: str
    game: Game | None
    limit: int
    rule: str
    reason: str
    source: str
    free: bool = False


def _v12(hand: CardSet) -> BidPlan:
    src = "001 v1.2 LICITACIJA"
    for g in SUIT_GAMES:
        m = site_rule(hand, g)
        if m is not None:
            return BidPlan(V12, g, g.value, f"bid.v12.minimum-{m.rule}",
                           f"Site minimum {m.rule}, {m.text}, holds in {g} ({g.local})",
                           f"{src} {m.rule}")
    return BidPlan(V12, None, 0, "bid.v12.below-minimum",
                   "None of the site's minimums for a bid holds", src)


def _tournament(hand: CardSet, pot: float) -> BidPlan:
    src = "001 tournament rules, Licitacija"
    for g in SUIT_GAMES:
        if tournament_cover(hand, g, pot):
            n = hand.count(g.trump)
            return BidPlan(TOURNAMENT, g, g.value, "bid.tournament.suit",
                           f"With {pot:g} potential tricks and {n} {g} ({g.local}) you may bid "
                           "that suit's number", src)
    if preparatory_spade(hand, pot):
        return BidPlan(TOURNAMENT, Game.SPADES, 2, "bid.tournament.preparatory-spade",
                       f"With {pot:g} potential tricks and no four-card suit, 2 is a preparatory "
                       "spade", src)
    return BidPlan(TOURNAMENT, None, 0, "bid.tournament.no-suit",
                   f"{pot:g} potential tricks without a suit of four (or three in a five-trick "
                   "hand) promise nothing a number could show", src)


def _gulin(hand: CardSet, pot: float) -> BidPlan:
    src = "001 Gulin, Licitacija i odgovornost"
    if pot < BID_MINIMUM:
        return BidPlan(GULIN, None, 0, "bid.gulin.too-weak",
                       f"{pot:g} potential tricks are fewer than the 4.5 a bid needs", src)
    if concentrated(hand):
        return BidPlan(GULIN, None, 0, "bid.gulin.concentrated",
                       "All your strength sits in one suit; strength spread over several suits "
                       "bids better, and one strong suit with small cards beside is no bid", src)
    for g in SUIT_GAMES:
        if gulin_cover(hand, g, pot):
            return BidPlan(GULIN, g, g.value, "bid.gulin.cover",
                           f"{pot:g} potential tricks and {holding_text(hand.ranks(g.trump))} in "
                           f"{g} ({g.local}) cover a bid up to {g.value}", src)
    if introductory_spade(hand, pot):
        return BidPlan(GULIN, Game.SPADES, 2, "bid.gulin.introductory-spade",
                       f"{pot:g} potential tricks without four spades: an introductory spade "
                       "(uvodni pik) 2, for which you answer to nobody", src, free=True)
    return BidPlan(GULIN, None, 0, "bid.gulin.no-suit",
                   f"{pot:g} potential tricks but no suit of four to stop in", src)


SCHOOLS = (GULIN, TOURNAMENT, V12)


def plan(hand: CardSet, *, seat: int | None = None, school: str = GULIN) -> BidPlan:
    """The game ``hand`` aims at and the highest number it may bid, in ``school``.

    >>> plan(CardSet.parse("SAKQJT H87 D87 C7")).rule
    'bid.gulin.concentrated'
    >>> plan(CardSet.parse("SAKQJT H87 D87 C7"), school=V12).limit
    2
    """
    full_hand(hand)
    pot = evaluation(hand, seat=seat).total
    if school == V12:
        return _v12(hand)
    if school == TOURNAMENT:
        return _tournament(hand, pot)
    return _gulin(hand, pot)


# -- advice ----------------------------------------------------------------------------------------
def _combine(advices: dict[str, Advice], main: str) -> Advice:
    m = advices[main]
    others = {k: v for k, v in advices.items() if k != main}
    if all(v.actions == m.actions for v in others.values()):
        return m
    note = ", ".join(f"{k} say{'' if k.endswith('rules') else 's'} {v.action}"
                     for k, v in others.items())
    return Advice(m.actions, m.convention, m.name, f"{m.reason} Schools differ here: {note}.",
                  schools=others, source=m.source, school=main)


def _bid(hand: CardSet, current: int | None, seat: int | None, can_hold: bool,
         first_turn: bool, school: str) -> Advice:
    p = plan(hand, seat=seat, school=school)
    pot = evaluation(hand, seat=seat).total
    nxt = 2 if current is None else current + 1
    if p.game is None:
        return Advice(("pass",), p.rule, "No bid", f"{p.reason}, so pass (dalje).", source=p.source)
    aim = f"{p.game} ({p.game.local}, {p.limit})"
    actions: list[str] = []
    if first_turn and pot >= IGRA_TRICKS and not p.free:
        actions.append("igra")
    if can_hold and current is not None and current <= p.limit:
        actions.append("hold")
    elif nxt <= p.limit:
        actions.append(str(nxt))
    if actions and actions[0] == "igra":
        held = holding_text(hand.ranks(p.game.trump))
        return Advice(tuple(actions), "bid.igra", "Igra without the talon",
                      f"{pot:g} potential tricks with {held} in {p.game} ({p.game.local}) can make "
                      "six tricks without the talon: announce igra (worth one more than the "
                      f"bought game); a number up to {p.limit} is the alternative.",
                      source="001 v1.2 ch.8; Gulin, Procjena")
    if actions:
        step = "your last step" if actions[0] in ("hold", str(p.limit)) else "on the way"
        return Advice(tuple(actions), p.rule, "Bid towards your game",
                      f"{p.reason}; say {actions[0]}, {step}, aiming at {aim}.", source=p.source)
    if p.game is Game.CLUBS and current is not None and current >= 5 and school != V12:
        return Advice(("pass",), "bid.yield-common-suit", "Leave the common suit",
                      "An opponent has bid 5 towards clubs, your own suit: let him have it, since "
                      "a kontra or a call against him is now likely.",
                      source="001 Gulin, Licitacija i odgovornost; tournament rule 6")
    return Advice(("pass",), p.rule, "Stop at your game",
                  f"{p.reason}; your hand reaches {aim} and no further, so pass (dalje).",
                  source=p.source)


def bid_advice(hand: CardSet, current: int | None = None, *, seat: int | None = None,
               can_hold: bool = False, first_turn: bool = True, school: str = GULIN) -> Advice:
    """The call to make when the highest number so far is ``current`` (``None``:
    nobody has bid): the next number (or ``hold`` when ``can_hold``) while the
    hand's limit allows it, ``igra`` first when the hand needs no talon and it
    is the player's ``first_turn``, else ``pass``.  ``seat`` counts from the
    forehand (0) and feeds Gulin's position adjustment."""
    full_hand(hand)
    if current is not None and not _is_number(current, 2, 7):
        raise RuleOptionError(f"bad current number {current!r}: expected None (nobody has bid) "
                              "or a number from 2 to 7")
    return _combine({s: _bid(hand, current, seat, can_hold, first_turn, s) for s in SCHOOLS},
                    school)


def _covered(hand: CardSet, number: int, pot: float, school: str) -> bool:
    game = Game(number)
    if school == GULIN:
        return gulin_cover(hand, game, pot)
    if school == TOURNAMENT:
        return tournament_cover(hand, game, pot) or (number == 2 and preparatory_spade(hand, pot))
    return _v12(hand).limit >= number


def _responsibility(hand: CardSet, number: int, seat: int | None, outbid: int | None,
                    school: str) -> Advice:
    pot = evaluation(hand, seat=seat).total
    src = {GULIN: "001 Gulin, Licitacija i odgovornost",
           TOURNAMENT: "001 tournament rules, Licitacija", V12: "001 v1.2 LICITACIJA"}[school]
    if number >= 6:
        return Advice((str(number),), "bid.responsibility.free",
                      "No responsibility for betl or sans",
                      "A bid up to betl (6) or sans (7) says nothing about a suit, so nobody can "
                      "hold you to it.",
                      source="001 Gulin, Licitacija i odgovornost; tournament rules")
    game = Game(number)
    if school == GULIN and number == 2 and introductory_spade(hand, pot):
        return Advice(("2",), "bid.responsibility.introductory-spade", "Introductory spade",
                      "Stopping at 2 with 4.5 potential tricks and fewer than four spades is an "
                      "introductory spade (uvodni pik): you answer to nobody for it.", source=src)
    if (school != V12 and outbid == 5 and number < 5
            and gulin_cover(hand, Game.CLUBS, pot) and not _covered(hand, number, pot, school)):
        return Advice((str(number),), "bid.responsibility.common-suit",
                      "Clubs left to the opponent",
                      "You stopped below clubs, your real suit, because an opponent bid 5 towards "
                      "it; that is no bluff, and a partner should expect your clubs.", source=src)
    if _covered(hand, number, pot, school):
        return Advice((str(number),), "bid.responsibility.covered", "Covered bid",
                      f"Stopping at {number} promises {game} ({game.local}), and "
                      f"{holding_text(hand.ranks(game.trump))} there is cover in this school.",
                      source=src)
    return Advice(("pass",), "bid.responsibility.bluff", "Bluff (blef)",
                  f"Stopping at {number} without cover in {game} ({game.local}) is a bluff: if a "
                  "partner calls you or gives kontra counting on that suit, you answer for the "
                  "damage.",
                  source=src)


def responsibility(hand: CardSet, number: int, *, seat: int | None = None,
                   outbid: int | None = None, school: str = GULIN) -> Advice:
    """May ``hand`` stop at ``number`` (win the auction there, or be outbid
    there) without bluffing?  ``(str(number),)`` when covered or free of
    responsibility, ``("pass",)`` when it would be a bluff — then pass earlier.
    ``outbid``: the number an opponent bid over you (5: Gulin's clubs exception).

    >>> responsibility(CardSet.parse("HKQJ87 DAQ7 C87"), 4).convention
    'bid.responsibility.covered'
    """
    full_hand(hand)
    if not _is_number(number, 2, 8):
        raise RuleOptionError(f"bad number {number!r}: expected a bid number from 2 to 8")
    return _combine({s: _responsibility(hand, number, seat, outbid, s) for s in SCHOOLS}, school)


def _is_number(n: object, lo: int, hi: int) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and lo <= n <= hi


__all__ = ["BidPlan", "IGRA_TRICKS", "NUMBER_PROMISES", "SCHOOLS", "SITE_MINIMUMS", "SUIT_GAMES",
           "SiteMinimum", "THREE_CARD_TRICKS", "bid_advice", "concentrated", "gulin_cover",
           "introductory_spade", "number_promises", "plan", "preparatory_spade",
           "responsibility", "site_rule", "tournament_cover"]

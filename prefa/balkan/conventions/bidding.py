"""Bidding judgement (licitacija): how far a hand may bid, what it aims at,
what each number promises, when stopping at a number is a bluff, and when a
hand is one for betl or sans.

The schools of seed 001, each a small function over the same evaluation:

- :data:`~.evaluation.SITE` (the rules page of the Serbian site that opens
  seed 001, written before the v1.2 rules) — *how far to bid*: its minimums
  (:data:`SITE_MINIMUMS`, the site's "LICITACIJA" 1.–9.): a hand may bid up
  to a suit only with one of the listed holdings, and bidding below them is
  punishable.  The site text gives no rule for *stopping*.
- :data:`~.evaluation.V12` (the v1.2 rules) — *where to stop*: the agreement
  of ch. 16 "DOGOVORI" (:data:`V12_STOP_TRUMPS` / :func:`v12_stop_cover`): a
  player who stops at 2, 3, 4 or 5 holds at least three cards of that
  number's suit, the highest of them the queen, king or ace.  The v1.2 rules
  list no minimums for bidding, so :func:`bid_advice` does not offer them as a
  school (:data:`BID_SCHOOLS`); :func:`responsibility` does (:data:`STOP_SCHOOLS`).
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

Betl and sans hands (all schools alike; the seeds describe them, none gives a
count, so the thresholds below are our decisions):

- **Betl** (:func:`betl_hand`; 001 Gulin "čisti betl" and "betl s greškom",
  tournament rules "Šest": a loser's hand, which must bid up to 6).  A suit
  is *safe* (:func:`betl_safe`) when a defender holding every other card of
  it cannot force the declarer to win a trick: the declarer's lowest card is
  below the defender's lowest (so the seven is needed), his second lowest
  below the defender's second lowest, and so on for as many rounds as the
  defender has cards (7; 7-9; 7-9-J; a long 7-8-9-J-K-A, where the
  defender's 10 and queen run out first).  A void is safe.  A
  hand whose every suit is safe is a *clean betl*: announce betl at the first
  turn (igra betl, worth 7, no talon needed).  A hand with faults that one
  card put away cures (:func:`betl_cure`) bids numbers up to 6 and mends
  itself with the talon: one discard for the fault, one spare for a bad
  talon card (our decision: :data:`BETL_TALON_CURE`).  Any more and it is no
  betl.  Not modelled: Gulin's note that a forehand declarer, who must lead,
  can fall even with a clean betl, and that faults weigh less beside a void.
- **Sans** (:func:`sans_hand`; 001 tournament rules "Sedam": high cards,
  mostly balanced, a stopper, štoper, in every suit; a bluffed sans lacks
  one).  Sure tricks in hand (:func:`sans_tricks`: the top cards of each suit
  from the ace, the whole suit once they outnumber the defenders' cards) and
  stoppers (:func:`sans_stopper`): a holding worth a full potential trick in
  Gulin's table (A, K-Q, Q-J-10, J-10-9-8) stops a suit whoever leads it; a
  guarded honour (K-x, Q-x-x, J-x-x-x) is half a stopper, because in sans
  the defender seated before the declarer leads *through* him and the card
  over his honour may sit behind him.  Six sure tricks and a full stopper in
  every suit: announce sans at the first turn (igra sans, 8).  Five sure
  tricks and at least half a stopper everywhere: bid numbers up to 7 and let
  the talon bring the sixth trick (our thresholds: :data:`SANS_TRICKS`,
  :data:`SANS_TALON_TRICKS`).

At the first turn the order of choice is sans, betl, igra, then numbers up to
the highest game the hand reaches.

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from ...advice import Advice
from ...cards import ACE, SEVEN, CardSet, Suit
from ...errors import RuleOptionError
from ...i18n import N_, _, language, ngettext, table_word
from ..contract import Game
from .betl import betl_weaknesses, lone_defender_forces
from .checks import full_hand
from .evaluation import (
    BID_MINIMUM,
    GULIN,
    SITE,
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


# -- the site minimums (one home) -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SiteMinimum:
    """One minimum of the site's list: the holding in the suit bid up to and
    the side holdings that complete it (alternatives; ``""`` for none)."""

    rule: int
    suit: str
    side: tuple[str, ...]
    text: str


SITE_MINIMUMS: tuple[SiteMinimum, ...] = (
    SiteMinimum(1, "Axx", ("A A",), N_("three aces, one in a suit of three or more")),
    SiteMinimum(2, "KQJ", ("A A", "AK", "KQ KQ KQ"),
                N_("king-queen-jack (treća bela s pubom) with two more aces, an ace-king, "
                   "or three belas")),
    SiteMinimum(3, "xxxx", ("A A A", "AK A", "AKJ"),
                N_("four cards with three aces, ace-king and ace, or ace-king-jack beside")),
    SiteMinimum(4, "KQxx", ("KQxx",),
                N_("two suits of four headed by king-queen (dve četvrte bele)")),
    SiteMinimum(5, "Axxxx", ("",), N_("the ace fifth (peti kec)")),
    SiteMinimum(6, "Axxx", ("KQ", "A", "Qxxx"),
                N_("the ace fourth with a bela, an ace or a queen fourth beside")),
    SiteMinimum(7, "AKxx", ("",), N_("ace-king and two more")),
    SiteMinimum(8, "xxxxx", ("A", "KQ"), N_("five cards with an ace or a bela beside")),
)
"""001 site text (the Serbian page before the v1.2 rules), LICITACIJA 1.–8.;
9. ("every stronger hand") is covered by matching card by card, where
stronger holdings satisfy weaker ones.  The v1.2 rules themselves list no
bidding minimums; their bidding agreement is :data:`V12_STOP_TRUMPS`."""

SITE_SOURCE = "001 site text, LICITACIJA"
"""Where :data:`SITE_MINIMUMS` come from: the site text that precedes the v1.2 rules."""

V12_STOP_TRUMPS = "Qxx"
"""001 v1.2 ch. 16 (DOGOVORI), an agreement players may make before the game:
who stops at 2, 3, 4 or 5 holds at least three cards of that number's suit,
the highest the queen, king or ace (as a card-by-card pattern: ``Qxx``)."""

V12_STOP_SOURCE = "001 v1.2 ch.16 DOGOVORI"

_SUIT_ELSEWHERE = N_("or another suit of four or more the bidder means to reach")
_BETL_UP_TO = N_("or a betl hand he must bid up to")
_SANS_UP_TO = N_("or a sans hand he will bid up to")

NUMBER_PROMISES: Mapping[int, tuple[str, ...]] = {
    2: (N_("4.5 potential tricks with four or more spades"), _SUIT_ELSEWHERE, _BETL_UP_TO,
        _SANS_UP_TO,
        N_("or a preparatory spade: 4.5 potential tricks, no four-card suit, a spade (3-3-3-1)")),
    3: (N_("four or more diamonds, or three diamonds in a hand of five tricks"),
        _SUIT_ELSEWHERE, _BETL_UP_TO, _SANS_UP_TO),
    4: (N_("four or more hearts, or three hearts in a hand of five tricks"),
        N_("or four or more clubs the bidder means to reach"), _BETL_UP_TO, _SANS_UP_TO,
        N_("or handing the auction to an opponent when clubs is plainly the common suit")),
    5: (N_("four or more clubs, or three clubs in a hand of five tricks"),
        _BETL_UP_TO, _SANS_UP_TO),
    6: (N_("no trump suit: a loser's hand for betl of any shape and strength, for which the "
           "bidder answers to nobody, or a sans hand he will bid up to"),),
    7: (N_("no trump suit: high cards, mostly balanced, a stopper in every suit "
           "(a bluffed sans lacks one suit)"),),
}
"""What each number promises in the tournament rules (001 PRAVILA TURNIRA,
Licitacija), in our words."""


def number_promises(number: int) -> tuple[str, ...]:
    """What a bid of ``number`` promises in the tournament rules.

    >>> number_promises(3)[0]
    'four or more diamonds, or three diamonds in a hand of five tricks'
    """
    return tuple(_(p) for p in NUMBER_PROMISES[number])


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


def v12_stop_cover(hand: CardSet, number: int) -> bool:
    """The v1.2 ch. 16 agreement: may ``hand`` stop at ``number`` (2–5)?  Only
    with three or more cards of that number's suit headed by the queen or better.

    >>> h = CardSet.parse("SK87 HAK8 DAK8 C7")
    >>> v12_stop_cover(h, 2), v12_stop_cover(h, 5)
    (True, False)
    >>> v12_stop_cover(CardSet.parse("S8 HKQJ87 DAQ C87"), 3)   # two diamonds only
    False
    """
    full_hand(hand)
    if not _is_number(number, 2, 5):
        raise RuleOptionError(f"bad number {number!r}: the v1.2 stopping agreement speaks of "
                              "2 to 5")
    return dominates(hand.ranks(Game(number).trump), V12_STOP_TRUMPS)


# -- betl hands -----------------------------------------------------------------------------------
BETL_TALON_CURE = 1
"""Cards a betl hand may need to put away to be safe and still bid up to betl
with the talon (one discard for the fault, one spare for a bad talon card)."""


def betl_safe(ranks: Sequence[int]) -> bool:
    """True when a betl declarer holding ``ranks`` in a suit cannot be forced
    to win a trick in it, even by a defender holding all the other cards.

    >>> from prefa.cards import SEVEN, EIGHT, NINE, TEN, JACK
    >>> [betl_safe(r) for r in ([], [SEVEN], [EIGHT], [NINE, SEVEN], [TEN, SEVEN],
    ...                        [JACK, NINE, SEVEN])]
    [True, True, False, True, False, True]
    """
    return not lone_defender_forces(ranks)


def betl_cure(ranks: Sequence[int]) -> int:
    """The fewest cards of a suit to put away (with the talon) to make it safe.

    >>> from prefa.cards import ACE, SEVEN, EIGHT, NINE, JACK
    >>> betl_cure([SEVEN]), betl_cure([EIGHT]), betl_cure([ACE, JACK, NINE, SEVEN])
    (0, 1, 1)
    >>> betl_cure([NINE, EIGHT])   # 9-8: either card alone is still a fault
    2
    """
    rs = list(ranks)
    for k in range(len(rs) + 1):
        for drop in combinations(range(len(rs)), k):
            if betl_safe([r for i, r in enumerate(rs) if i not in drop]):
                return k
    return len(rs)  # pragma: no cover - an empty suit is safe


@dataclass(frozen=True, slots=True)
class BetlHand:
    """A hand judged for betl: its faults (suits a lone defender can force, each
    named), how many cards the talon must take away to cure them, the safe
    suits held and the voids; ``verdict`` ``"clean"``, ``"talon"`` or ``"no"``."""

    faults: tuple
    cure: int
    safe: tuple[Suit, ...]
    voids: tuple[Suit, ...]

    @property
    def verdict(self) -> str:
        if not self.faults:
            return "clean"
        return "talon" if self.cure <= BETL_TALON_CURE else "no"

    def words(self) -> str:
        """The judgement in a sentence."""
        if not self.faults:
            return _("every suit is safe: in none can a defender force you to take a trick, so "
                     "this is a clean betl (čisti betl)")
        serbian = language() in ("sr", "sr-Cyrl")
        named = "; ".join(f"{w.cards} ({table_word(w.local)})" if serbian else
                          f"{w.cards} ({_(w.name)}, {w.local})" for w in self.faults)
        if self.verdict == "talon":
            return _("one fault, {faults}, and one card put away with the talon cures it: a "
                     "betl with a fault (betl s greškom) that the talon can mend").format(
                faults=named)
        return _("the faults {faults} need {n} cards put away, more than the talon's discards "
                 "can spare: no betl").format(faults=named, n=self.cure)


def betl_hand(hand: CardSet) -> BetlHand:
    """Judge ``hand`` for betl (see the module docstring).

    >>> b = betl_hand(CardSet.parse("S97 HJ97 D87 C987"))
    >>> b.verdict, b.cure
    ('clean', 0)
    >>> b = betl_hand(CardSet.parse("S8 HJ97 D97 CT987"))
    >>> b.verdict, [str(w.cards) for w in b.faults]
    ('talon', ['S8'])
    """
    full_hand(hand)
    faults = betl_weaknesses(hand)
    cure = sum(betl_cure(hand.ranks(w.suit)) for w in faults)
    bad = {w.suit for w in faults}
    return BetlHand(faults, cure, tuple(s for s in Suit if hand.has_suit(s) and s not in bad),
                    tuple(s for s in Suit if not hand.has_suit(s)))


# -- sans hands -----------------------------------------------------------------------------------
SANS_TRICKS = 6
"""Sure tricks in hand to announce sans without the talon (a declarer needs six)."""
SANS_TALON_TRICKS = 5
"""Sure tricks in hand to bid up to sans (7) with the talon, which brings about one more."""


def sans_suit_tricks(ranks: Sequence[int]) -> int:
    """Sure tricks of one suit in sans: the top cards from the ace down, and the
    whole suit once they are at least as many as the defenders' cards of it.

    >>> from prefa.cards import ACE, KING, QUEEN, JACK, SEVEN, EIGHT
    >>> sans_suit_tricks([ACE, KING, EIGHT]), sans_suit_tricks([ACE, KING, QUEEN, JACK, SEVEN])
    (2, 5)
    >>> sans_suit_tricks([KING, QUEEN, JACK])
    0
    """
    rs = sorted(ranks, reverse=True)
    top = 0
    for r in range(ACE, SEVEN - 1, -1):
        if r not in rs:
            break
        top += 1
    return len(rs) if top and top >= 8 - len(rs) else top


def sans_tricks(hand: CardSet) -> int:
    """Sure tricks of a hand in sans (:func:`sans_suit_tricks` summed)."""
    return sum(sans_suit_tricks(hand.ranks(s)) for s in Suit)


def sans_stopper(ranks: Sequence[int]) -> float:
    """How well a holding stops a suit in sans: 1 (A, K-Q, Q-J-10, J-10-9-8 or
    better: a trick whoever leads the suit), 0.5 (K-x, Q-x-x, J-x-x-x: a trick only
    when the card above it is not behind you), 0.

    >>> from prefa.cards import ACE, KING, QUEEN, SEVEN
    >>> sans_stopper([ACE]), sans_stopper([KING, SEVEN]), sans_stopper([QUEEN, SEVEN])
    (1.0, 0.5, 0.0)
    """
    worth = potential_tricks(ranks)
    return 1.0 if worth >= 1 else 0.5 if worth > 0 else 0.0


@dataclass(frozen=True, slots=True)
class SansHand:
    """A hand judged for sans: its sure tricks and the stopper of each suit (S H D C);
    ``verdict`` ``"sans"`` (announce it), ``"talon"`` (bid up to 7) or ``"no"``."""

    tricks: int
    stoppers: tuple[float, float, float, float]

    @property
    def verdict(self) -> str:
        if self.tricks >= SANS_TRICKS and min(self.stoppers) == 1:
            return "sans"
        if self.tricks >= SANS_TALON_TRICKS and min(self.stoppers) >= 0.5:
            return "talon"
        return "no"

    def words(self) -> str:
        """The judgement in a sentence."""
        open_ = [Suit(i) for i, x in enumerate(self.stoppers) if x == 0]
        half = [Suit(i) for i, x in enumerate(self.stoppers) if x == 0.5]
        t = ngettext("{n} sure trick for sans", "{n} sure tricks for sans",
                     self.tricks).format(n=self.tricks)
        if open_:
            return _("{tricks}, but nothing stops {suits}: the defenders would run that "
                     "suit").format(tricks=t, suits=_(" and ").join(_suit_name(s) for s in open_))
        if half:
            return _("{tricks}, and {suits} only half stopped (a guarded honour, with the lead "
                     "coming through you)").format(
                tricks=t, suits=_(" and ").join(_suit_name(s) for s in half))
        return _("{tricks}, and a stopper (štoper) in every suit").format(tricks=t)


def _suit_name(s: Suit) -> str:
    from .leads import suit_words
    return suit_words(s)


def _game_words(g: Game) -> str:
    """A suit game as a reason names it: ``spades (pik)`` (in Serbian: ``pik``)."""
    name, local = _(str(g)), table_word(g.local)
    return name if name == local else _("{suit} ({local})").format(suit=name, local=local)


def sans_hand(hand: CardSet) -> SansHand:
    """Judge ``hand`` for sans (see the module docstring).

    >>> j = sans_hand(CardSet.parse("SAK7 HAK8 DAQ CKQ"))
    >>> j.tricks, j.stoppers, j.verdict
    (5, (1.0, 1.0, 1.0, 1.0), 'talon')
    """
    full_hand(hand)
    return SansHand(sans_tricks(hand),
                    tuple(sans_stopper(hand.ranks(s)) for s in Suit))  # type: ignore[arg-type]


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


def _site(hand: CardSet) -> BidPlan:
    src = SITE_SOURCE
    for g in SUIT_GAMES:
        m = site_rule(hand, g)
        if m is not None:
            return BidPlan(SITE, g, g.value, f"bid.site.minimum-{m.rule}",
                           _("Site minimum {rule}, {text}, holds in {game}").format(
                               rule=m.rule, text=_(m.text), game=_game_words(g)),
                           f"{src} {m.rule}")
    return BidPlan(SITE, None, 0, "bid.site.below-minimum",
                   _("None of the site's minimums for a bid holds"), src)


def _tournament(hand: CardSet, pot: float) -> BidPlan:
    src = "001 tournament rules, Licitacija"
    for g in SUIT_GAMES:
        if tournament_cover(hand, g, pot):
            n = hand.count(g.trump)
            return BidPlan(TOURNAMENT, g, g.value, "bid.tournament.suit",
                           _("With {pot} potential tricks and {n} {game} you may bid that "
                             "suit's number").format(pot=f"{pot:g}", n=n, game=_game_words(g)),
                           src)
    if preparatory_spade(hand, pot):
        return BidPlan(TOURNAMENT, Game.SPADES, 2, "bid.tournament.preparatory-spade",
                       _("With {pot} potential tricks and no four-card suit, 2 is a preparatory "
                         "spade").format(pot=f"{pot:g}"), src)
    return BidPlan(TOURNAMENT, None, 0, "bid.tournament.no-suit",
                   _("{pot} potential tricks without a suit of four (or three in a five-trick "
                     "hand) promise nothing a number could show").format(pot=f"{pot:g}"), src)


def _gulin(hand: CardSet, pot: float) -> BidPlan:
    src = "001 Gulin, Licitacija i odgovornost"
    if pot < BID_MINIMUM:
        return BidPlan(GULIN, None, 0, "bid.gulin.too-weak",
                       _("{pot} potential tricks are fewer than the 4.5 a bid needs").format(
                           pot=f"{pot:g}"), src)
    if concentrated(hand):
        return BidPlan(GULIN, None, 0, "bid.gulin.concentrated",
                       _("All your strength sits in one suit; strength spread over several suits "
                         "bids better, and one strong suit with small cards beside is no bid"),
                       src)
    for g in SUIT_GAMES:
        if gulin_cover(hand, g, pot):
            return BidPlan(GULIN, g, g.value, "bid.gulin.cover",
                           _("{pot} potential tricks and {holding} in {game} cover a bid up to "
                             "{limit}").format(pot=f"{pot:g}",
                                               holding=holding_text(hand.ranks(g.trump)),
                                               game=_game_words(g), limit=g.value), src)
    if introductory_spade(hand, pot):
        return BidPlan(GULIN, Game.SPADES, 2, "bid.gulin.introductory-spade",
                       _("{pot} potential tricks without four spades: an introductory spade "
                         "(uvodni pik) 2, for which you answer to nobody").format(pot=f"{pot:g}"),
                       src, free=True)
    return BidPlan(GULIN, None, 0, "bid.gulin.no-suit",
                   _("{pot} potential tricks but no suit of four to stop in").format(
                       pot=f"{pot:g}"), src)


BID_SCHOOLS = (GULIN, TOURNAMENT, SITE)
"""The schools that say how far a hand may bid (:func:`bid_advice`, :func:`plan`)."""
STOP_SCHOOLS = (GULIN, TOURNAMENT, V12)
"""The schools that say where a hand may stop without bluffing (:func:`responsibility`)."""
SCHOOLS = (GULIN, TOURNAMENT, SITE, V12)


def plan(hand: CardSet, *, seat: int | None = None, school: str = GULIN) -> BidPlan:
    """The game ``hand`` aims at and the highest number it may bid, in ``school``.

    >>> plan(CardSet.parse("SAKQJT H87 D87 C7")).rule
    'bid.gulin.concentrated'
    >>> plan(CardSet.parse("SAKQJT H87 D87 C7"), school=SITE).limit
    2
    """
    full_hand(hand)
    pot = evaluation(hand, seat=seat).total
    if school == SITE:
        return _site(hand)
    if school == TOURNAMENT:
        return _tournament(hand, pot)
    return _gulin(hand, pot)


# -- advice ----------------------------------------------------------------------------------------
def _combine(advices: dict[str, Advice], main: str) -> Advice:
    m = advices[main]
    others = {k: v for k, v in advices.items() if k != main}
    if all(v.actions == m.actions for v in others.values()):
        return m
    if language() == "en":
        note = ", ".join(f"{k} say{'' if k.endswith('rules') else 's'} {v.action}"
                         for k, v in others.items())
    else:  # each school by its label, each call in the learner's words
        from ...quiz import choice_label, school_label
        note = ", ".join(_("{school}: {action}").format(school=school_label(k),
                                                         action=choice_label(v.action))
                         for k, v in others.items())
    return Advice(m.actions, m.convention, m.name,
                  _("{reason} Schools differ here: {note}.").format(reason=m.reason, note=note),
                  schools=others, source=m.source, school=main)


_BETL_SRC = "001 Gulin, Betl (čisti betl, betl s greškom); tournament rules, Licitacija (Šest)"
_SANS_SRC = "001 tournament rules, Licitacija (Sedam); Gulin, Polazna karta (sanac)"


def _direct_plan(hand: CardSet, school: str) -> BidPlan | None:
    """The plan of a sans or betl hand, bid up to with the talon (``None``: neither)."""
    sj = sans_hand(hand)
    if sj.verdict != "no":
        return BidPlan(school, Game.SANS, 7, "bid.sans-talon",
                       _("You hold {judgement}, a hand for sans (sanac)").format(
                           judgement=sj.words()), _SANS_SRC, free=True)
    bj = betl_hand(hand)
    if bj.verdict != "no":
        return BidPlan(school, Game.BETL, 6, "bid.betl-talon",
                       _("In your hand {judgement}, and a betl hand bids on up to betl "
                         "(6)").format(judgement=bj.words()),
                       _BETL_SRC, free=True)
    return None


def _aim(p: BidPlan) -> str:
    assert p.game is not None
    name, local = _(str(p.game)), table_word(p.game.local)
    if local == name or p.game.local == str(p.game):
        return _("{game} ({limit})").format(game=name, limit=p.limit)
    return _("{game} ({local}, {limit})").format(game=name, local=local, limit=p.limit)


def _bid(hand: CardSet, current: int | None, seat: int | None, can_hold: bool,
         first_turn: bool, school: str) -> Advice:
    suit = plan(hand, seat=seat, school=school)
    pot = evaluation(hand, seat=seat).total
    nxt = 2 if current is None else current + 1
    if first_turn:
        sj = sans_hand(hand)
        if sj.verdict == "sans":
            return Advice(("sans",), "bid.sans", _("Announce sans"),
                          _("You hold {judgement}: announce sans (sanac) now, without the talon. "
                            "It outranks every igra and betl and is worth 8.").format(
                              judgement=sj.words()), source=_SANS_SRC)
        bj = betl_hand(hand)
        if bj.verdict == "clean":
            return Advice(("betl",), "bid.betl", _("Announce betl"),
                          _("In your hand {judgement}: announce betl now, without the talon. It "
                            "needs nothing from the talon, is worth one more (7) and shuts out "
                            "every igra.").format(judgement=bj.words()), source=_BETL_SRC)
        if suit.game is not None and pot >= IGRA_TRICKS and not suit.free:
            alt = [str(nxt)] if nxt <= suit.limit and not can_hold else []
            held = holding_text(hand.ranks(suit.game.trump))
            return Advice(tuple(["igra"] + alt), "bid.igra", _("Igra without the talon"),
                          _("{pot} potential tricks with {holding} in {game} can make six tricks "
                            "without the talon: announce igra (worth one more than the bought "
                            "game); a number up to {limit} is the alternative.").format(
                              pot=f"{pot:g}", holding=held, game=_game_words(suit.game),
                              limit=suit.limit),
                          source="001 v1.2 ch.8; Gulin, Procjena")
    direct = _direct_plan(hand, school)
    p = direct if direct is not None and direct.limit > suit.limit else suit
    if p.game is None:
        return Advice(("pass",), p.rule, _("No bid"),
                      _("{reason}, so pass (dalje).").format(reason=p.reason), source=p.source)
    aim = _aim(p)
    actions: list[str] = []
    if can_hold and current is not None and current <= p.limit:
        actions.append("hold")
    elif nxt <= p.limit:
        actions.append(str(nxt))
    if actions:
        why = (_("{reason}; say {call}, your last step, aiming at {aim}.")
               if actions[0] in ("hold", str(p.limit)) else
               _("{reason}; say {call}, on the way, aiming at {aim}."))
        from ...quiz import choice_label
        return Advice(tuple(actions), p.rule, _("Bid towards your game"),
                      why.format(reason=p.reason, call=choice_label(actions[0]), aim=aim),
                      source=p.source)
    if p.game is Game.CLUBS and current is not None and current >= 5 and school != SITE:
        return Advice(("pass",), "bid.yield-common-suit", _("Leave the common suit"),
                      _("An opponent has bid 5 towards clubs, your own suit: let him have it, "
                        "since a kontra or a call against him is now likely."),
                      source="001 Gulin, Licitacija i odgovornost; tournament rule 6")
    return Advice(("pass",), p.rule, _("Stop at your game"),
                  _("{reason}; your hand reaches {aim} and no further, so pass (dalje).").format(
                      reason=p.reason, aim=aim),
                  source=p.source)


def bid_advice(hand: CardSet, current: int | None = None, *, seat: int | None = None,
               can_hold: bool = False, first_turn: bool = True, school: str = GULIN) -> Advice:
    """The call to make when the highest number so far is ``current`` (``None``:
    nobody has bid): at the player's ``first_turn`` ``sans`` or ``betl`` for a
    hand that needs no talon for them, then ``igra`` for a suit game that needs
    none; else the next number (or ``hold`` when ``can_hold``) while the hand's
    limit allows it (6 for a betl hand, 7 for a sans hand), else ``pass``.  ``seat`` counts from the
    forehand (0) and feeds Gulin's position adjustment."""
    full_hand(hand)
    if current is not None and not _is_number(current, 2, 7):
        raise RuleOptionError(f"bad current number {current!r}: expected None (nobody has bid) "
                              "or a number from 2 to 7")
    return _combine({s: _bid(hand, current, seat, can_hold, first_turn, s) for s in BID_SCHOOLS},
                    school)


def _covered(hand: CardSet, number: int, pot: float, school: str) -> bool:
    game = Game(number)
    if school == GULIN:
        return gulin_cover(hand, game, pot)
    if school == TOURNAMENT:
        return tournament_cover(hand, game, pot) or (number == 2 and preparatory_spade(hand, pot))
    return v12_stop_cover(hand, number)


def _responsibility(hand: CardSet, number: int, seat: int | None, outbid: int | None,
                    school: str) -> Advice:
    pot = evaluation(hand, seat=seat).total
    src = {GULIN: "001 Gulin, Licitacija i odgovornost",
           TOURNAMENT: "001 tournament rules, Licitacija", V12: V12_STOP_SOURCE}[school]
    if number >= 6:
        return Advice((str(number),), "bid.responsibility.free",
                      _("No responsibility for betl or sans"),
                      _("A bid up to betl (6) or sans (7) says nothing about a suit, so nobody "
                        "can hold you to it."),
                      source="001 Gulin, Licitacija i odgovornost; tournament rules")
    game = Game(number)
    if school == GULIN and number == 2 and introductory_spade(hand, pot):
        return Advice(("2",), "bid.responsibility.introductory-spade", _("Introductory spade"),
                      _("Stopping at 2 with 4.5 potential tricks and fewer than four spades is "
                        "an introductory spade (uvodni pik): you answer to nobody for it."),
                      source=src)
    if (school != V12 and outbid == 5 and number < 5
            and gulin_cover(hand, Game.CLUBS, pot) and not _covered(hand, number, pot, school)):
        return Advice((str(number),), "bid.responsibility.common-suit",
                      _("Clubs left to the opponent"),
                      _("You stopped below clubs, your real suit, because an opponent bid 5 "
                        "towards it; that is no bluff, and a partner should expect your clubs."),
                      source=src)
    held = holding_text(hand.ranks(game.trump))
    if _covered(hand, number, pot, school):
        why = (_("Stopping at {number} promises {game}, and {holding} there is cover in this "
                 "school (the v1.2 agreement: three or more cards of the suit, headed by the "
                 "queen or better).") if school == V12 else
               _("Stopping at {number} promises {game}, and {holding} there is cover in this "
                 "school."))
        return Advice((str(number),), "bid.responsibility.covered", _("Covered bid"),
                      why.format(number=number, game=_game_words(game), holding=held),
                      source=src)
    why = (" " + _("The v1.2 agreement asks for three or more {game} headed by the queen or "
                   "better; you hold {holding}.").format(game=_(str(game)), holding=held)
           if school == V12 else "")
    return Advice(("pass",), "bid.responsibility.bluff", _("Bluff (blef)"),
                  _("Stopping at {number} without cover in {game} is a bluff: if a partner calls "
                    "you or gives kontra counting on that suit, you answer for the "
                    "damage.").format(number=number, game=_game_words(game)) + why,
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
    return _combine({s: _responsibility(hand, number, seat, outbid, s) for s in STOP_SCHOOLS},
                    school)


def _is_number(n: object, lo: int, hi: int) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and lo <= n <= hi


__all__ = [
    "BETL_TALON_CURE",
    "IGRA_TRICKS",
    "NUMBER_PROMISES",
    "SANS_TALON_TRICKS",
    "SANS_TRICKS",
    "BID_SCHOOLS",
    "SCHOOLS",
    "STOP_SCHOOLS",
    "SITE_MINIMUMS",
    "SITE_SOURCE",
    "SUIT_GAMES",
    "THREE_CARD_TRICKS",
    "V12_STOP_SOURCE",
    "V12_STOP_TRUMPS",
    "BetlHand",
    "BidPlan",
    "SansHand",
    "SiteMinimum",
    "betl_cure",
    "betl_hand",
    "betl_safe",
    "bid_advice",
    "concentrated",
    "gulin_cover",
    "introductory_spade",
    "number_promises",
    "plan",
    "preparatory_spade",
    "responsibility",
    "sans_hand",
    "sans_stopper",
    "sans_suit_tricks",
    "sans_tricks",
    "site_rule",
    "tournament_cover",
    "v12_stop_cover",
]

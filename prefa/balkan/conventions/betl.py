"""Betl defence (pratnja na betl): the void tactic, shedding, who leads.

In betl the declarer must lose every trick and both defenders play.  The
defenders' difficulty is that neither sees the other's cards: one may hold a
card low enough to make the declarer win a trick while the other, playing
higher, rescues him.  Hence the basic idea (seed 001: strategy text "Pratnja
na Betl", strategy chapter "Pratnja na Betlu", Gulin, tournament rules):

- one defender gets rid of a suit (leads his singleton, then sheds), so the
  other fights the declarer in that suit alone;
- the defender who won the singleton lead *continues* the suit while his
  partner sheds; if he holds nothing to break the declarer with but has a
  singleton himself, he hands over with it at once;
- shedding (odbacivanje): the highest card of the shortest suit;
- a defender with a void does not take tricks from his partner, so the
  partner keeps the lead and looks for the void;
- the left defender (seated just before the declarer, so his leads go
  *through* him) should be the one leading, and takes the lead when he can.

Typical declarer weaknesses (greške): singleton 8 (solo osmica), 9-8 (druga
devetka), 10-7 (druga desetka), Q-9-7 (treća dama), A-J-9-7 (četvrti as).
They weigh less when the declarer is void in a suit or two, since he can
shed on it.

>>> for w in betl_weaknesses(CardSet.parse("S8 HT7 DQ97 CAJ97")):
...     print(w)
S8: singleton eight (solo osmica)
HT7: ten-seven (druga desetka)
DQ97: queen-nine-seven (treća dama)
CAJ97: ace-jack-nine-seven (četvrti as)
>>> betl_weaknesses(CardSet.parse("S7 H987 DT987 C87"))
()
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...advice import Advice
from ...cards import (
    ACE,
    EIGHT,
    JACK,
    NINE,
    QUEEN,
    SEVEN,
    TEN,
    Card,
    CardSet,
    Suit,
    card_name,
    make_card,
    parse_cards,  # noqa: F401  (used by the doctests)
)
from ...i18n import N_, _
from .checks import cards_held, check_play_input
from .leads import _betl_lead, suit_words

TYPICAL_ERRORS: dict[tuple[int, ...], tuple[str, str]] = {
    (EIGHT,): (N_("singleton eight"), "solo osmica"),
    (NINE, EIGHT): (N_("nine-eight"), "druga devetka"),
    (TEN, SEVEN): (N_("ten-seven"), "druga desetka"),
    (QUEEN, NINE, SEVEN): (N_("queen-nine-seven"), "treća dama"),
    (ACE, JACK, NINE, SEVEN): (N_("ace-jack-nine-seven"), "četvrti as"),
}
"""The typical betl errors named by Gulin: a suit holding, highest first -> (name, local)."""


@dataclass(frozen=True, slots=True)
class BetlWeakness:
    """A suit of a betl hand in which the declarer can be forced to win a trick."""

    suit: Suit
    cards: CardSet
    name: str
    local: str

    def __str__(self) -> str:
        return f"{self.cards}: {self.name} ({self.local})"


def lone_defender_forces(ranks: Sequence[int]) -> bool:
    """True when a defender holding every other card of the suit (his partner
    void) can force the declarer holding ``ranks`` to win a trick in it.

    He leads his cards upwards; the declarer is safe only if his j-th lowest
    card is below the defender's j-th lowest, for every round both can play.

    >>> lone_defender_forces([TEN, SEVEN]), lone_defender_forces([NINE, SEVEN])
    (True, False)
    """
    mine = sorted(ranks)
    theirs = [r for r in range(SEVEN, ACE + 1) if r not in mine]
    return any(m > t for m, t in zip(mine, theirs, strict=False))


def betl_weaknesses(hand: CardSet) -> tuple[BetlWeakness, ...]:
    """The weak suits of a betl declarer's hand, each named: one of the five
    typical errors, or ``weak holding`` (slaba boja) for another suit that a
    lone defender can force."""
    cards_held(hand)
    out = []
    for s in Suit:
        r = tuple(hand.ranks(s))
        if not r:
            continue
        if r in TYPICAL_ERRORS:
            name, local = TYPICAL_ERRORS[r]
        elif lone_defender_forces(r):
            name, local = N_("weak holding"), "slaba boja"
        else:
            continue
        out.append(BetlWeakness(s, hand.suit(s), name, local))
    return tuple(out)


def breaking_suits(hand: CardSet) -> tuple[Suit, ...]:
    """Suits in which a defender holds cards to break the declarer (karte za
    rušenje): the seven, the 9-8, or a jack with two lower cards."""
    cards_held(hand)
    out = []
    for s in Suit:
        r = hand.ranks(s)
        if SEVEN in r or (NINE in r and EIGHT in r) or \
                (JACK in r and sum(1 for x in r if x < JACK) >= 2):
            out.append(s)
    return tuple(out)


def left_defender(declarer: int, seats: Sequence[int] = (0, 1, 2)) -> int:
    """The defender seated just before the declarer: his leads go through him.

    >>> left_defender(0), left_defender(2)
    (2, 1)
    """
    return seats[(list(seats).index(declarer) - 1) % len(seats)]


def _adv(card: Card, conv: str, name: str, reason: str, source: str) -> Advice:
    return Advice((card_name(card),), conv, name, reason, source=source)


_SRC = "001 Gulin, Polazna karta (betl); strategy text, Pratnja na Betl"


def betl_shed(hand: CardSet, trick: Sequence[Card]) -> Advice:
    """The card to shed when void in the suit led: the top of the shortest suit.

    >>> betl_shed(CardSet.parse("SK9 HAJ98 DQT87"), parse_cards("7C")).action
    'KS'
    """
    check_play_input(hand, trick)
    if not trick or hand.has_suit(trick[0] >> 4):
        raise ValueError("betl_shed is for a defender void in the suit led")
    s = min((x for x in Suit if hand.has_suit(x)),
            key=lambda x: (hand.count(x), -hand.ranks(x)[0]))
    return _adv(make_card(s, hand.ranks(s)[0]), "betl.shed-shortest",
                _("Betl: shed the top of your shortest suit"),
                _("You cannot follow, so throw your highest {suit}, your shortest suit: high "
                  "cards are what could rescue the declarer, and a void there soon leaves your "
                  "partner to fight alone.").format(suit=suit_words(s)),
                "001 tournament rules, Pravila odbacivanja 1; Gulin, Signalizacija (betl)")


def betl_follow(hand: CardSet, trick: Sequence[Card], *, declarer_pos: int,
                left: bool = False) -> Advice:
    """The card to play to a betl trick already led.

    ``declarer_pos`` is the declarer's place in this trick (0 = he led,
    1 or 2); ``left`` is True when this defender is the left defender
    (:func:`left_defender`).

    >>> betl_follow(CardSet.parse("HK97 SA"), parse_cards("TH"), declarer_pos=0).action
    '9H'
    """
    check_play_input(hand, trick)
    me = len(trick)
    if not trick or me > 2 or declarer_pos == me or not 0 <= declarer_pos <= 2:
        raise ValueError(f"betl_follow: trick of {me} cards, declarer at {declarer_pos}")
    led = Suit(trick[0] >> 4)
    if not hand.has_suit(led):
        return betl_shed(hand, trick)
    r = hand.ranks(led)
    same = [(i, c & 15) for i, c in enumerate(trick) if c >> 4 == led]
    win_i, best = max(same, key=lambda x: x[1])
    under = [x for x in r if x < best]
    if declarer_pos < me and win_i == declarer_pos:
        if under:
            return _adv(make_card(led, max(under)), "betl.stay-under-declarer",
                        _("Betl: stay under the declarer"),
                        _("The declarer's card is winning: play below it (your highest card that "
                          "is still below) and he takes the trick, which breaks his betl."), _SRC)
        return _adv(make_card(led, r[0]), "betl.shed-high-when-beaten",
                    _("Betl: shed high when you cannot get under"),
                    _("You cannot play below the declarer, so this trick is lost for him anyway: "
                      "get rid of your highest card of the suit."), _SRC)
    if declarer_pos > me:
        card = make_card(led, max(under) if under else r[-1])
        return _adv(card, "betl.do-not-raise", _("Betl: do not raise the trick"),
                    _("The declarer plays after you and must get under the highest card so far: "
                      "keep that card your partner's by playing below it, or as low as you can."),
                    _SRC)
    void = any(not hand.has_suit(s) for s in Suit)
    if void and under:
        return _adv(make_card(led, max(under)), "betl.void-leaves-trick",
                    _("Betl: a void defender leaves the trick to his partner"),
                    _("You are void in a suit, so let your partner keep this trick: he leads "
                      "next, and seeing you did not take it, he looks for your void."),
                    "001 Gulin, Polazna karta (betl); Signalizacija (betl)")
    over = [x for x in r if x > best]
    if left and over:
        return _adv(make_card(led, r[0]), "betl.left-defender-takes-lead",
                    _("Betl: the left defender takes the lead"),
                    _("The declarer is beaten in this trick, and you sit just before him: win it "
                      "with your highest card so the next lead goes through him."),
                    "001 Gulin, Polazna karta (betl); strategy text, Dodatak")
    if under:
        return _adv(make_card(led, max(under)), "betl.leave-lead-to-left",
                    _("Betl: leave the lead to the left defender"),
                    _("The declarer is beaten in this trick; your partner sits just before him, so "
                      "let him keep the lead and play through the declarer."),
                    "001 Gulin, Polazna karta (betl); strategy text, Dodatak")
    return _adv(make_card(led, r[0]), "betl.shed-high-when-beaten",
                _("Betl: shed high when the declarer is beaten"),
                _("The declarer is already beaten in this trick and you must go over your "
                  "partner: use your highest card."), _SRC)


def betl_continue(hand: CardSet, *, partner_void: Iterable[Suit] = (),
                  declarer_void: Iterable[Suit] = ()) -> Advice:
    """What a betl defender leads after the first trick, given the suits his
    partner and the declarer are known to be void in.

    >>> betl_continue(CardSet.parse("HKT8 SQ9 DA97"), partner_void=[Suit.HEARTS]).action
    '8H'
    >>> betl_continue(CardSet.parse("HKT8 SQ DAK9"), partner_void=[Suit.HEARTS]).action
    'QS'
    """
    cards_held(hand)
    pv, dv = set(partner_void), set(declarer_void)
    usable = CardSet.of(c for c in hand if Suit(c >> 4) not in dv) or hand
    singles = sorted((c for c in usable if usable.count(c >> 4) == 1), key=lambda c: c & 15)
    if singles and not breaking_suits(hand):
        return _adv(singles[0], "betl.hand-over-singleton",
                    _("Betl: hand over with your singleton"),
                    _("You hold nothing that can break the declarer, so lead your own singleton "
                      "now: your partner takes over, and you shed high cards in his strong suit."),
                    "001 Gulin, Signalizacija (betl)")
    for s in sorted(pv):
        if usable.has_suit(s):
            return _adv(make_card(s, usable.ranks(s)[-1]), "betl.continue-partner-void",
                        _("Betl: continue the suit your partner is void in"),
                        _("Your partner has no {suit}, so you fight the declarer there alone: "
                          "lead your lowest so he must get under it, while your partner sheds "
                          "his high cards.").format(suit=suit_words(s)),
                        "001 Gulin, Signalizacija (betl); strategy chapter, Pratnja na Betlu")
    return _betl_lead(usable)


__all__ = ["BetlWeakness", "TYPICAL_ERRORS", "betl_weaknesses", "lone_defender_forces",
           "breaking_suits", "left_defender", "betl_shed", "betl_follow", "betl_continue"]

"""Opening leads for the defenders (polazna karta prvog štiha).

A defender on lead to the first trick gets one :class:`Advice` from
:func:`opening_lead`, computed from a :class:`LeadSituation`: his hand, the
contract, where the declarer and the partner sit, who called or gave kontra,
the suits bid in the auction and the talon if it was shown.

The rules, in the order they are tried (seed 001: strategy text, tournament
rules "Pravila izigravanja", Gulin "Polazna karta prvog štiha"):

- **Suit games.** A called defender (or one whose partner gave kontra) leads
  his partner's bid suit, else his own, else (called, nobody bid) the suit the
  declarer bought in the talon.  Any defender leads the partner's bid suit.
  Then the trump leads: the trump ace when void in a side suit, the top of
  strong trumps (A-K-Q, K-Q-J, K-Q-10), a lone small trump when every side
  suit holds a trick.  Otherwise *small through the declarer* (kroz izvođača
  malom) or *high through the partner* (kroz saigrača velikom), a sequence
  being led from its top.  A side-suit singleton is never led.
- **Sans.** After a call lead clubs, after a kontra spades (the partner's or
  your own bid suit first); else the partner's bid suit; else the top of a
  sequence or a low card of a suit where you expect no trick.
- **Betl.** A singleton; else a four-card suit without the ace; else the
  shortest suit, from its bottom (a seven is kept unless it is alone).

Schools (:data:`SCHOOLS`).  Where the texts disagree each school gives its own
answer in ``Advice.schools``; the default answer is :data:`DEFAULT`:

- small lead through the declarer: Gulin never leads under an ace, a king or a
  third queen; the strategy text calls K-x and Q-x-x the best suits for it.
  Default Gulin: his worked examples follow it, and the strategy chapter of
  the same seed ("kroz protivnika") agrees.
- from A-K in a suit game Gulin leads the king, the strategy text and the
  tournament rules ("always the highest of a sequence") the ace.  Default the
  king (worked example 2); in sans every school leads the ace.
- a called defender when both defenders bid: the strategy text leads his own
  suit, Gulin and the tournament rules the partner's.  Default the partner's.
- sans call or kontra when the leader bid a suit himself: the tournament
  rules and the strategy chapter lead his own suit before clubs or spades,
  Gulin prefers clubs or spades.  Default the tournament order.
- the spade after a sans kontra: the strategy text leads the lowest, Gulin the
  highest (the lowest from four or more).  Default Gulin, which also unblocks
  as the tournament rules ask.
- K-x-x-x through the partner: Gulin leads small, the strategy text and the
  tournament rules the highest card.  Default Gulin.
- betl without a singleton: Gulin leads a four-card suit without the ace, the
  tournament rules the shortest suit.  Default Gulin.

A school silent on a point takes the default answer there.

>>> sit = LeadSituation.of("CK8 HQT9 DT98 SKJ", "clubs", declarer=1, leader=0)
>>> a = opening_lead(sit); a.action, a.convention
('8D', 'lead.small-through-declarer')
>>> a.schools["strategy text"].action
'9H'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ...advice import Advice
from ...cards import (
    ACE,
    JACK,
    KING,
    QUEEN,
    SEVEN,
    TEN,
    SUIT_WORDS,
    Card,
    CardSet,
    Suit,
    card_name,
    make_card,
    parse_card,
)
from ...deal import is_seat
from ...errors import IllegalAction
from ...i18n import _, table_word
from ..contract import Contract, Game
from .checks import cards_held, full_hand
from .evaluation import GULIN, STRATEGY, TOURNAMENT

if TYPE_CHECKING:
    from ..hand import BalkanHand


_LOCAL = {Suit.SPADES: "pik", Suit.HEARTS: "herc", Suit.DIAMONDS: "karo", Suit.CLUBS: "tref"}


def suit_words(suit: Suit) -> str:
    """``'hearts (herc)'``: the suit's name in the learner's language and its local
    name (the local name alone where it is the learner's word: Serbian ``herc``)."""
    name, local = _(SUIT_WORDS[suit]), table_word(_LOCAL[suit])
    return name if name == local else _("{suit} ({local})").format(suit=name, local=local)


# -- holdings: ranks of one suit, highest first ---------------------------------------

def is_rezon(ranks: Sequence[int]) -> bool:
    """True when a holding promises a trick (rezon): the ace, a guarded king
    or a queen with two guards.

    >>> is_rezon([KING, SEVEN]), is_rezon([QUEEN, TEN]), is_rezon([QUEEN, TEN, SEVEN])
    (True, False, True)
    """
    if not ranks:
        return False
    top = ranks[0]
    return top == ACE or (top == KING and len(ranks) >= 2) or (top == QUEEN and len(ranks) >= 3)


def is_sequence(ranks: Sequence[int]) -> bool:
    """True for an honour sequence led from its top: A-K..., K-Q-J, K-Q-10,
    Q-J-10 and Q-J-x (Gulin's list; from Q-J-x he leads the queen).

    >>> is_sequence([ACE, KING]), is_sequence([KING, QUEEN, TEN]), is_sequence([KING, QUEEN, 7])
    (True, True, False)
    """
    r = list(ranks)
    if len(r) >= 2 and r[0] == ACE and r[1] == KING:
        return True
    if len(r) >= 3 and r[0] == KING and r[1] == QUEEN and r[2] in (JACK, TEN):
        return True
    return len(r) >= 3 and r[0] == QUEEN and r[1] == JACK


def lowest_keeping_seven(ranks: Sequence[int]) -> int:
    """The lowest rank of a betl holding, but not the seven unless it is alone."""
    rest = [r for r in ranks if r != SEVEN]
    return min(rest) if rest else min(ranks)


# -- schools as data ---------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Doctrine:
    """The lead choices on which the seed's texts differ (see the module docstring)."""

    small_lead: str = "gulin"          # "gulin" | "strategy": which suits to lead small
    ace_from_ak: bool = False          # suit games: lead A (True) or K from A-K
    partner_suit_first: bool = True    # called defender: partner's bid suit before his own
    sans_own_suit_first: bool = True   # sans call/kontra: own bid suit before clubs/spades
    kontra_spade_lowest: bool = False  # sans kontra: the lowest spade
    king_fourth_small: bool = True     # K-x-x-x through the partner: small, not the king
    betl_four_card: bool = True        # betl: a four-card suit without the ace before the shortest


DEFAULT = Doctrine()
SCHOOLS: Mapping[str, Doctrine] = {
    GULIN: Doctrine(sans_own_suit_first=False),
    STRATEGY: Doctrine(small_lead="strategy", ace_from_ak=True, partner_suit_first=False,
                       kontra_spade_lowest=True, king_fourth_small=False),
    TOURNAMENT: Doctrine(ace_from_ak=True, king_fourth_small=False, betl_four_card=False),
}
"""Each named school's choices; a school silent on a point takes the default."""


# -- the situation -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class LeadSituation:
    """What a defender on lead to the first trick knows.

    ``partner`` is the other defender when he plays, ``None`` when he sits
    out; ``caller`` / ``kontra_giver`` are seats from the defence decisions;
    ``bids`` pairs each seat with the suit of his highest number (or his
    revealed igra game); ``talon`` is the talon when the declarer bought it
    (shown), else empty; ``seats`` are the three playing seats in order.
    """

    hand: CardSet
    contract: Contract
    declarer: int
    leader: int
    partner: int | None
    caller: int | None = None
    kontra_giver: int | None = None
    bids: tuple[tuple[int, Suit], ...] = ()
    talon: CardSet = CardSet()
    seats: tuple[int, ...] = (0, 1, 2)

    def __post_init__(self) -> None:
        for name in ("declarer", "leader"):
            seat = getattr(self, name)
            if not is_seat(seat, 4):
                raise IllegalAction(f"bad {name} seat {seat!r}: expected a seat from 0 to 3")
        if self.leader == self.declarer:
            raise IllegalAction(f"seat {self.leader} is the declarer: the opening-lead "
                                "conventions are for a defender on lead")
        for who in (self.leader, self.declarer):
            if who not in self.seats:
                raise IllegalAction(f"seat {who} is not one of the playing seats {self.seats}")
        if self.partner is not None and self.partner != self.partner_seat:
            raise IllegalAction(f"partner {self.partner}: the other defender is seat "
                                f"{self.partner_seat}")
        full_hand(self.hand, f"hand of seat {self.leader} (on lead)")
        cards_held(self.talon, "talon")
        if self.hand.mask & self.talon.mask:
            raise IllegalAction(f"talon {self.talon} and the leader's hand {self.hand} share "
                                f"{CardSet(self.hand.mask & self.talon.mask)}")

    @classmethod
    def of(cls, hand: CardSet | str, contract: Contract | str, *, declarer: int, leader: int,
           partner_plays: bool = True, caller: int | None = None,
           kontra_giver: int | None = None, bids: Mapping[int, Suit | str] | None = None,
           talon: CardSet | str = "-", seats: tuple[int, ...] = (0, 1, 2)) -> LeadSituation:
        """Build from text: ``LeadSituation.of("SAK7 ...", "clubs", declarer=1, leader=0)``."""
        h = CardSet.parse(hand) if isinstance(hand, str) else hand
        c = Contract.parse(contract) if isinstance(contract, str) else contract
        t = CardSet.parse(talon) if isinstance(talon, str) else talon
        partner = next(s for s in seats if s not in (declarer, leader))
        bid_pairs = tuple(sorted((seat, Suit.find(s) if isinstance(s, str) else Suit(s))
                                 for seat, s in (bids or {}).items()))
        return cls(h, c, declarer, leader, partner if partner_plays else None, caller,
                   kontra_giver, bid_pairs, t, tuple(seats))

    @classmethod
    def from_hand(cls, h: BalkanHand) -> LeadSituation:
        """The situation of the seat on lead at the start of play of a Balkan hand."""
        from ..auction import CallKind
        from ..hand import Phase
        p = h.play_state
        if h.phase is not Phase.PLAY or p is None or p.played:
            raise IllegalAction("the opening lead needs a hand at the start of play")
        o = h.defence.outcome()  # type: ignore[union-attr]
        top: dict[int, Suit] = {}
        best: dict[int, int] = {}
        for seat, call in h.auction.calls:
            n = call.number if call.kind in (CallKind.NUMBER, CallKind.HOLD) else None
            if n is not None and n >= best.get(seat, 0):
                best[seat] = n
                if Game(n).is_suit:
                    top[seat] = Game(n).trump  # type: ignore[assignment]
                else:
                    top.pop(seat, None)
            if call.kind is CallKind.NAME and call.game is not None and call.game.is_suit:
                top[seat] = call.game.trump  # type: ignore[assignment]
        r = h.auction_result
        talon = h.talon if r is not None and r.number is not None and h.talon else CardSet()
        leader = p.leader
        partner = next(s for s in h.defenders if s != leader)
        return cls(p.hands[leader], h.contract, h.declarer, leader,  # type: ignore[arg-type]
                   partner if partner in o.playing else None, o.caller, o.kontra_giver,
                   tuple(sorted(top.items())), talon, h.seats)

    # -- derived ---------------------------------------------------------------------
    @property
    def partner_seat(self) -> int:
        """The other defender, whether he plays or not."""
        return next(s for s in self.seats if s not in (self.declarer, self.leader))

    @property
    def through_declarer(self) -> bool:
        """True when the declarer plays right after the leader."""
        nxt = self.seats[(self.seats.index(self.leader) + 1) % len(self.seats)]
        return nxt == self.declarer or self.partner is None

    @property
    def trump(self) -> Suit | None:
        return self.contract.game.trump

    @property
    def called(self) -> bool:
        """True when the partner called the leader (idemo zajedno)."""
        return self.caller is not None and self.caller == self.partner_seat

    @property
    def partner_kontra(self) -> bool:
        return self.kontra_giver is not None and self.kontra_giver == self.partner_seat

    def bid_suit(self, seat: int) -> Suit | None:
        """The suit ``seat`` bid up to in the auction, or ``None``."""
        return next((s for who, s in self.bids if who == seat), None)


# -- building advice -----------------------------------------------------------------------

def _advice(card: Card, conv: str, name: str, reason: str, source: str) -> Advice:
    return Advice((card_name(card),), conv, name, reason, source=source)


def with_schools(default: Advice, answers: Mapping[str, Advice]) -> Advice:
    """``default`` with ``schools`` filled in when some school's actions differ;
    its ``school`` is the school whose answer it is (none when no school's is)."""
    if all(a.actions == default.actions for a in answers.values()):
        return default
    school = next((k for k, a in answers.items() if a is default), "")
    return replace(default, schools=dict(answers), school=school)


def _top(hand: CardSet, s: Suit) -> Card:
    return make_card(s, hand.ranks(s)[0])


def _low(hand: CardSet, s: Suit) -> Card:
    return make_card(s, hand.ranks(s)[-1])


def _card_in_suit(hand: CardSet, s: Suit, *, through_declarer: bool,
                  ace_from_ak: bool) -> tuple[Card, str]:
    """The card to lead in a chosen suit, with the words for it."""
    r = hand.ranks(s)
    if is_sequence(r):
        if r[0] == ACE and not ace_from_ak:
            return make_card(s, KING), _("the king from ace-king, which shows the ace too")
        return make_card(s, r[0]), _("the top of the sequence")
    if len(r) == 2:
        return make_card(s, r[0]), _("the higher of two cards, to unblock")
    if through_declarer:
        return make_card(s, r[-1]), _("a low card through the declarer")
    return make_card(s, r[0]), _("the highest card through the partner")


def _side(sit: LeadSituation, min_len: int = 2) -> list[Suit]:
    return [s for s in Suit if s != sit.trump and sit.hand.count(s) >= min_len]


# -- suit games ------------------------------------------------------------------------------

def _bid_lead(sit: LeadSituation, d: Doctrine) -> Advice | None:
    h, t = sit.hand, sit.trump
    mine, his = sit.bid_suit(sit.leader), sit.bid_suit(sit.partner_seat)
    usable = [x for x in (his, mine) if x is not None and x != t and h.has_suit(x)]
    commanded = sit.called or sit.partner_kontra
    src = "001 tournament rules, Pravila izigravanja 3; Gulin, Polazna karta"
    if commanded:
        order = [his, mine] if d.partner_suit_first else [mine, his]
        for s in order:
            if s is not None and s != t and h.has_suit(s):
                card, how = _card_in_suit(h, s, through_declarer=sit.through_declarer,
                                          ace_from_ak=d.ace_from_ak)
                why = (_("Your partner made you play, so lead your partner's bid suit, {suit}: "
                         "that is what he counts on. Play {how}.") if s == his else
                       _("Your partner made you play, so lead your own bid suit, {suit}: that "
                         "is what he counts on. Play {how}."))
                return _advice(card, "lead.called-bid-suit", _("Lead the bid suit when called"),
                               why.format(suit=suit_words(s), how=how), src)
        if sit.called and mine is None and his is None:
            bought = [c for c in sit.talon if c >> 4 != t and h.has_suit(Suit(c >> 4))]
            if bought:
                s = Suit(max(bought, key=lambda c: c & 15) >> 4)
                card, how = _card_in_suit(h, s, through_declarer=sit.through_declarer,
                                          ace_from_ak=d.ace_from_ak)
                return _advice(card, "lead.talon-suit", _("Lead the suit bought in the talon"),
                               _("Nobody bid a suit, so the called defender leads the suit the "
                                 "declarer bought in the talon, {suit}, where your partner sits "
                                 "over him. Play {how}.").format(suit=suit_words(s), how=how),
                               "001 tournament rules, Pravila izigravanja 6")
    if his is not None and his in usable:
        card, how = _card_in_suit(h, his, through_declarer=sit.through_declarer,
                                  ace_from_ak=d.ace_from_ak)
        return _advice(card, "lead.partner-bid-suit", _("Lead your partner's bid suit"),
                       _("Your partner bid {suit} in the auction, so that is where his "
                         "strength is. Play {how}.").format(suit=suit_words(his), how=how), src)
    return None


_STRONG_TRUMPS = ((ACE, KING, QUEEN), (KING, QUEEN, JACK), (KING, QUEEN, TEN))


def _trump_rules(sit: LeadSituation) -> Advice | None:
    h, t = sit.hand, sit.trump
    assert t is not None
    tr = h.ranks(t)
    src = "001 Gulin, Polazna karta; Savjeti"
    if tr and tr[0] == ACE and any(not h.has_suit(s) for s in Suit if s != t):
        return _advice(make_card(t, ACE), "lead.trump-ace-when-void",
                       _("Trump ace when void in a side suit"),
                       _("You have no cards in one side suit, so you might one day have to ruff "
                         "your partner's winner there with your ace; play the trump ace first."),
                       src)
    if tuple(tr[:3]) in _STRONG_TRUMPS:
        return _advice(make_card(t, tr[0]), "lead.strong-trumps", _("Lead strong trumps"),
                       _("With three top trumps in a row, lead the top one: every round draws "
                         "trumps the declarer needs, and your partner can signal his strong "
                         "suit on it."), src)
    if len(tr) == 1 and tr[0] <= JACK and all(is_rezon(h.ranks(s)) for s in Suit if s != t):
        return _advice(make_card(t, tr[0]), "lead.singleton-small-trump",
                       _("Lone small trump when every side suit holds a trick"),
                       _("Your side suits each hold a likely trick, so do not open them; lead "
                         "your single small trump instead: the one singleton lead that is "
                         "sound."), src)
    return None


def _small_candidates(sit: LeadSituation, d: Doctrine) -> list[Suit]:
    keyed = []
    for s in _side(sit):
        r = sit.hand.ranks(s)
        if r[0] == ACE:
            continue
        if d.small_lead == "gulin":
            if r[0] == KING or (r[0] == QUEEN and len(r) >= 3):
                continue
            keyed.append(((r[0] >= QUEEN, r[0], -len(r)), s))
        else:
            good = (r[0] == KING and len(r) == 2) or (r[0] == QUEEN and len(r) == 3)
            keyed.append(((not good, r[0], -len(r)), s))
    return [s for _, s in sorted(keyed)]


def _sequence_suits(sit: LeadSituation) -> list[Suit]:
    seqs = [s for s in _side(sit) if is_sequence(sit.hand.ranks(s))]
    return sorted(seqs, key=lambda s: (-sit.hand.ranks(s)[0], -sit.hand.count(s)))


def _sequence_lead(sit: LeadSituation, d: Doctrine) -> Advice | None:
    seqs = _sequence_suits(sit)
    if not seqs:
        return None
    card, how = _card_in_suit(sit.hand, seqs[0], through_declarer=sit.through_declarer,
                              ace_from_ak=d.ace_from_ak)
    return _advice(card, "lead.top-of-sequence", _("Top of a sequence"),
                   _("Your honours in {suit} follow each other, so leading one costs nothing "
                     "and tells your partner what you hold: play {how}.").format(
                       suit=suit_words(seqs[0]), how=how),
                   "001 tournament rules, Pravila izigravanja 4; Gulin, Polazna karta")


def _fallback(sit: LeadSituation) -> Advice:
    h = sit.hand
    side = _side(sit)
    src = "001 strategy chapter, Igra kroz igrača"
    aces = [s for s in side if h.ranks(s)[0] == ACE]
    if aces:
        return _advice(make_card(aces[0], ACE), "lead.cash-ace", _("Cash an ace"),
                       _("No suit is safe to open, so take a sure trick with an ace and see "
                         "what the others play."), "001 strategy text, Kroz Odigravača malom")
    if side:
        s = max(side, key=lambda x: (h.count(x), -h.ranks(x)[0]))
        card, how = _card_in_suit(h, s, through_declarer=sit.through_declarer, ace_from_ak=True)
        return _advice(card, "lead.long-suit", _("Lead your long suit"),
                       _("No suit is safe to open, so lead your longest, {suit}, hoping to make "
                         "the declarer ruff; play {how}.").format(suit=suit_words(s), how=how),
                       src)
    t = sit.trump
    if t is not None and h.has_suit(t):
        return _advice(_low(h, t), "lead.small-trump", _("Small trump"),
                       _("Every side suit is a singleton, and a side singleton is a poor lead: "
                         "lead a small trump instead."), "001 Gulin, Savjeti")
    card = min(h, key=lambda c: c & 15)
    return _advice(card, "lead.last-resort", _("Lowest card"),
                   _("Only singletons are left: lead the lowest card."), "")


def _through_declarer(sit: LeadSituation, d: Doctrine) -> Advice:
    seq = _sequence_lead(sit, d)
    if seq is not None:
        return seq
    cands = _small_candidates(sit, d)
    if cands:
        s = cands[0]
        why = (_("Keep your honours: never lead small under your own ace, king or third "
                 "queen.") if d.small_lead == "gulin" else
               _("A doubleton king (dupli pop) or a third queen (treća dama) is the best suit "
                 "for it; never lead small under your ace."))
        return _advice(_low(sit.hand, s), "lead.small-through-declarer",
                       _("Small through the declarer"),
                       _("The declarer plays right after you, so lead low (kroz izvođača malom) "
                         "in {suit}: he must commit before your partner. {why}").format(
                           suit=suit_words(s), why=why),
                       "001 Gulin, Polazna karta; strategy text, Kroz Odigravača malom")
    return _fallback(sit)


def _through_partner(sit: LeadSituation, d: Doctrine) -> Advice:
    h = sit.hand
    seq = _sequence_lead(sit, d)
    if seq is not None:
        return seq
    src = "001 strategy text, Kroz Saigrača velikom; tournament rules, Pravila izigravanja 2"
    side = _side(sit)
    aces = [s for s in side if h.ranks(s)[0] == ACE and h.ranks(s)[1] != QUEEN]
    if aces:
        s = max(aces, key=h.count)
        return _advice(make_card(s, ACE), "lead.high-through-partner",
                       _("High through the partner"),
                       _("Your partner plays next, so lead high (kroz saigrača velikom): the ace "
                         "of {suit} wins and shows him the suit.").format(suit=suit_words(s)),
                       src)
    plain = [s for s in side if h.ranks(s)[0] <= JACK]
    if plain:
        s = max(plain, key=lambda x: (h.count(x), h.ranks(x)[0]))
        return _advice(_top(h, s), "lead.high-through-partner", _("High through the partner"),
                       _("Your partner plays next, so lead the highest card of {suit}, a suit "
                         "where you hold nothing to keep: he then knows what the declarer can "
                         "hold there.").format(suit=suit_words(s)), src)
    kings = [s for s in side if h.ranks(s)[0] == KING and h.count(s) >= 4]
    if kings:
        s = kings[0]
        if d.king_fourth_small:
            return _advice(_low(h, s), "lead.small-from-fourth-king",
                           _("Small from K-x-x-x through the partner"),
                           _("With the king and three small {suit}, lead small even through "
                             "your partner: leading the king would lose it to a declarer "
                             "holding A-Q-J.").format(suit=suit_words(s)), "001 Gulin, Savjeti")
        return _advice(make_card(s, KING), "lead.high-through-partner",
                       _("High through the partner"),
                       _("Your partner plays next, so lead the highest card of {suit}.").format(
                           suit=suit_words(s)), src)
    return _fallback(sit)


def _trump_lead(sit: LeadSituation, d: Doctrine) -> Advice:
    return (_bid_lead(sit, d) or _trump_rules(sit)
            or (_through_declarer(sit, d) if sit.through_declarer else _through_partner(sit, d)))


# -- sans ------------------------------------------------------------------------------------

def _sans_lead(sit: LeadSituation, d: Doctrine) -> Advice:
    h = sit.hand
    mine, his = sit.bid_suit(sit.leader), sit.bid_suit(sit.partner_seat)
    if sit.partner_kontra or sit.called:
        conv = Suit.SPADES if sit.partner_kontra else Suit.CLUBS
        order = [his, mine, conv] if d.sans_own_suit_first else [his, conv, mine]
        for s in order:
            if s is None or not h.has_suit(s):
                continue
            r = h.ranks(s)
            if s == his or (s == mine and s != conv):
                card, how = _card_in_suit(h, s, through_declarer=True, ace_from_ak=True)
                why = {(True, True): _("Your partner gave kontra in sans: lead your partner's "
                                       "bid suit, {suit}, first; play {how}."),
                       (True, False): _("Your partner gave kontra in sans: lead your own bid "
                                        "suit, {suit}, first; play {how}."),
                       (False, True): _("Your partner called you in sans: lead your partner's "
                                        "bid suit, {suit}, first; play {how}."),
                       (False, False): _("Your partner called you in sans: lead your own bid "
                                         "suit, {suit}, first; play {how}.")}[
                    bool(sit.partner_kontra), s == his]
                return _advice(card, "lead.sans-bid-suit", _("Sans: lead the bid suit"),
                               why.format(suit=suit_words(s), how=how),
                               "001 tournament rules, Pravila izigravanja 8-9; Gulin")
            four = len(r) >= 4
            low = four or (conv == Suit.SPADES and d.kontra_spade_lowest)
            card = make_card(s, r[-1] if low else r[0])
            spades = conv == Suit.SPADES
            which = (_("With four or more spades lead the lowest.") if spades else
                     _("With four or more clubs lead the lowest.")) if four else \
                {(True, True): _("Lead your lowest spade."),
                 (True, False): _("Lead your highest spade."),
                 (False, True): _("Lead your lowest club."),
                 (False, False): _("Lead your highest club.")}[spades, low]
            conv_id = "lead.sans-kontra-spades" if spades else "lead.sans-call-clubs"
            why = (_("By agreement a partner who gave kontra in sans wants {suit} led: it is a "
                     "convention, not a guess. {which}") if sit.partner_kontra else
                   _("By agreement a partner who called you in sans wants {suit} led: it is a "
                     "convention, not a guess. {which}"))
            return _advice(card, conv_id,
                           _("Sans kontra: lead spades") if spades else _("Sans call: lead clubs"),
                           why.format(suit=suit_words(conv), which=which),
                           "001 strategy text, Na Poziv/Na Kontru u Sansu; Gulin, Savjeti")
    if his is not None and h.has_suit(his):
        card, how = _card_in_suit(h, his, through_declarer=True, ace_from_ak=True)
        return _advice(card, "lead.partner-bid-suit", _("Lead your partner's bid suit"),
                       _("Your partner bid {suit}, so start there; play {how}.").format(
                           suit=suit_words(his), how=how),
                       "001 Gulin, Polazna karta (sanac)")
    seqs = sorted((s for s in Suit if h.count(s) >= 2 and is_sequence(h.ranks(s))),
                  key=lambda s: -h.ranks(s)[0])
    if seqs:
        s = seqs[0]
        return _advice(_top(h, s), "lead.top-of-sequence", _("Top of a sequence"),
                       _("In sans lead the top of your {suit} sequence: it shows your partner "
                         "the suit to set up, and he unblocks his honour under it.").format(
                           suit=suit_words(s)),
                       "001 Gulin, Polazna karta; Signalizacija (sanac)")
    weak = [s for s in Suit if h.count(s) >= 2 and not is_rezon(h.ranks(s))]
    if weak:
        s = min(weak, key=lambda x: (h.ranks(x)[0] >= QUEEN, h.ranks(x)[0], -h.count(x)))
        return _advice(_low(h, s), "lead.sans-weak-suit",
                       _("Sans: lead where you expect nothing"),
                       _("Lead low through the declarer in {suit}, where you expect no trick "
                         "yourself: your partner probably holds something there, and your own "
                         "honours stay guarded.").format(suit=suit_words(s)),
                       "001 Gulin, Polazna karta (sanac)")
    return _fallback(sit)


# -- betl ------------------------------------------------------------------------------------

def betl_lead(hand: CardSet, *, partner_suit: Suit | None = None,
              doctrine: Doctrine = DEFAULT) -> Advice:
    """The opening lead of a betl defender (no schools attached; see :func:`opening_lead`).

    >>> betl_lead(CardSet.parse("SJ HKQT DA987 C87")).action
    'JS'
    >>> betl_lead(CardSet.parse("SJ8 HKQT DA987 C8")).action
    '8C'
    """
    return _betl_lead(full_hand(hand), partner_suit, doctrine)


def _betl_lead(h: CardSet, partner_suit: Suit | None = None,
               doctrine: Doctrine = DEFAULT) -> Advice:
    """:func:`betl_lead` for any number of cards (a later lead of the betl
    defence, :func:`~prefa.balkan.conventions.betl.betl_continue`, uses it too)."""
    singles = [c for c in h if h.count(c >> 4) == 1]
    if singles:
        card = min(singles, key=lambda c: c & 15)
        return _advice(card, "lead.betl-singleton", _("Betl: lead a singleton"),
                       _("Lead your singleton: once your partner wins the trick and returns the "
                         "suit, you are void and can shed your dangerous high cards, leaving "
                         "him to fight the declarer there alone."),
                       "001 Gulin, Polazna karta (betl); strategy chapter, Pratnja na Betlu")
    other = [s for s in Suit if h.has_suit(s) and s != partner_suit] or \
        [s for s in Suit if h.has_suit(s)]
    if doctrine.betl_four_card:
        four = [s for s in other if h.count(s) == 4 and h.ranks(s)[0] != ACE]
        four += [s for s in other if h.count(s) == 4 and h.ranks(s)[0] == ACE
                 and KING not in h.ranks(s) and QUEEN not in h.ranks(s)]
        if four:
            s = four[0]
            return _advice(make_card(s, lowest_keeping_seven(h.ranks(s))),
                           "lead.betl-four-card-suit", _("Betl: lead a four-card suit"),
                           (_("No singleton, so lead low from your four {suit}: a betl player "
                              "often holds four to the ace somewhere, and this stops him "
                              "throwing that ace away on another suit. Keep your seven.")
                            if SEVEN in h.ranks(s) else
                            _("No singleton, so lead low from your four {suit}: a betl player "
                              "often holds four to the ace somewhere, and this stops him "
                              "throwing that ace away on another suit.")).format(
                               suit=suit_words(s)),
                           "001 Gulin, Polazna karta (betl)")
    s = min(other, key=lambda x: (h.count(x), lowest_keeping_seven(h.ranks(x))))
    why = (_("Lead low from your shortest suit, {suit}, to become void in it soon; keep its "
             "seven, your best weapon against the declarer.")
           if SEVEN in h.ranks(s) and h.count(s) > 1 else
           _("Lead low from your shortest suit, {suit}, to become void in it soon."))
    return _advice(make_card(s, lowest_keeping_seven(h.ranks(s))), "lead.betl-shortest-suit",
                   _("Betl: lead the shortest suit"), why.format(suit=suit_words(s)),
                   "001 tournament rules, Pravila izigravanja 7; Gulin, Polazna karta")


# -- the entry point ---------------------------------------------------------------------------

def _lead(sit: LeadSituation, d: Doctrine) -> Advice:
    g = sit.contract.game
    if g is Game.BETL:
        return betl_lead(sit.hand, partner_suit=sit.bid_suit(sit.partner_seat), doctrine=d)
    if g in (Game.SANS, Game.PREFERANS):
        return _sans_lead(sit, d)
    return _trump_lead(sit, d)


def opening_lead(sit: LeadSituation) -> Advice:
    """The opening lead for the defender on lead, with each school's answer when they differ.

    >>> sit = LeadSituation.of("CJ9 HAKJ9 DK97 SQ", "clubs", declarer=1, leader=0)
    >>> a = opening_lead(sit); a.action, sorted((k, v.action) for k, v in a.schools.items())
    ('KH', [('Gulin', 'KH'), ('strategy text', 'AH'), ('tournament rules', 'AH')])
    """
    return with_schools(_lead(sit, DEFAULT), {n: _lead(sit, d) for n, d in SCHOOLS.items()})


def lead_card(sit: LeadSituation) -> Card:
    """The recommended card as an int (the first action of :func:`opening_lead`)."""
    return parse_card(opening_lead(sit).action)


__all__ = ["LeadSituation", "Doctrine", "DEFAULT", "SCHOOLS", "GULIN", "STRATEGY", "TOURNAMENT",
           "opening_lead", "betl_lead", "lead_card", "is_rezon", "is_sequence",
           "lowest_keeping_seven", "suit_words", "with_schools"]

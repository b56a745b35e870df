"""Signals and defence play: discards, second-hand play, reading partner's discards.

A defender who cannot follow suit and has no trump to play *discards*, and
that card talks to his partner (seed 001: tournament rules "Pravila
odbacivanja", Gulin "Signalizacija" and "Savjeti", strategy text):

- **Suit games** (Gulin, the default): *call* a strong suit with the top of
  a sequence (A from A-K-Q-10, K from K-Q-J-10) or with its lowest card and
  then a higher one (s manje na veću); *deny* a weak suit with a higher card
  and then a lower one (s veće na manju), which says "I cover the other
  suits".  Call only from four or more cards: a discard from A-K, A-Q or
  A-K-x may give the declarer a trick.  The first suit called is the primary
  one.  The tournament rules school discards the lowest card of the suit where
  a trick is expected.
- **Sans** (the inverse): discard from a suit where you expect nothing and
  never from the suit that holds your tricks (except the top of A-K-Q-J or
  K-Q-J-10).  The tournament rules (the default) add which card: of the two
  suits left besides the declarer's suit and the one you discard from, a
  *high* card asks for the higher-ranking (tref > herc > karo > pik), a *low*
  card for the lower-ranking.  The Gulin school just discards low.
- **Second hand** when the declarer leads through you: cover every queen
  except the trump queen (svaka se dama jaše osim adutske); play the honour
  from A-x or K-x; from A-x-x play low, but the ace when your partner gave
  kontra; otherwise second hand low.

Defaults: Gulin in suit games, because his rule also covers sequences and
denials and never throws a card that may win a trick; the tournament rules in
sans, because they name the card as well as the suit and agree with Gulin on
the suit.  Each discard carries the other school's answer when it differs.

:func:`read_discards` answers "what did partner's discards say?".  For it a
spot card 7 or 8 is *low* and a 9, 10 or jack *high*.

>>> from prefa.balkan.contract import Contract
>>> hand = CardSet.parse("HJ987 DAKT SAQJ")
>>> trump_discard(hand, parse_cards("AC"), Contract.parse("clubs")).action
'9H'
>>> trump_discard(hand - CardSet.parse("H9"), parse_cards("KC"), Contract.parse("clubs"),
...               earlier=parse_cards("9H")).action
'8H'
>>> read_discards(parse_cards("9H 8H"), Contract.parse("clubs")).actions
('S', 'D')
"""

from __future__ import annotations

from collections.abc import Sequence

from ...advice import Advice
from ...cards import (
    ACE,
    EIGHT,
    JACK,
    KING,
    NINE,
    QUEEN,
    SUIT_WORDS,
    TEN,
    Card,
    CardSet,
    Suit,
    card_name,
    check_deck,
    make_card,
    parse_cards,
)
from ...i18n import _
from ...play import legal_cards
from ..contract import Contract, Game
from .checks import cards_held, check_play_input
from .leads import GULIN, TOURNAMENT, is_rezon, suit_words, with_schools

_NONE = CardSet()
_GAME_RANK = {Suit.SPADES: 2, Suit.DIAMONDS: 3, Suit.HEARTS: 4, Suit.CLUBS: 5}
"""Suit ranking for the high/low rule: the game values (tref > herc > karo > pik)."""


def _adv(card: Card, conv: str, name: str, reason: str, source: str) -> Advice:
    return Advice((card_name(card),), conv, name, reason, source=source)


def _cards(x: Sequence[Card] | str) -> list[Card]:
    return parse_cards(x) if isinstance(x, str) else list(x)


def is_discard(hand: CardSet, trick: Sequence[Card], contract: Contract) -> bool:
    """True when the player cannot follow suit and has no trump he must play."""
    check_play_input(hand, trick)
    if not trick or hand.has_suit(trick[0] >> 4):
        return False
    t = contract.game.trump
    return t is None or not hand.has_suit(t)


def _require_discard(hand: CardSet, trick: Sequence[Card], contract: Contract) -> None:
    if not is_discard(hand, trick, contract):
        raise ValueError(f"not a discard: with {hand} on {' '.join(map(card_name, trick)) or '-'}"
                         f" in {contract} the player must follow suit or trump")


def _side(hand: CardSet) -> list[Suit]:
    return [s for s in Suit if hand.has_suit(s)]


def _strength(hand: CardSet, s: Suit) -> tuple[int, int]:
    return hand.ranks(s)[0], hand.count(s)


# -- suit games -------------------------------------------------------------------------------

_SRC_GULIN = "001 Gulin, Signalizacija"


def _continue_signal(hand: CardSet, earlier: Sequence[Card]) -> Advice | None:
    last = earlier[-1]
    s, lr = Suit(last >> 4), last & 15
    if lr >= QUEEN or sum(1 for c in earlier if c >> 4 == s) != 1 or not hand.has_suit(s):
        return None
    rem = hand.ranks(s)
    if min(rem) > lr and min(rem) <= TEN:
        return _adv(make_card(s, min(rem)), "signal.call-low-high", _("Call: low, then higher"),
                    _("You discarded a low {suit} card; now a higher one completes the call, so "
                      "partner knows you want this suit led.").format(suit=suit_words(s)),
                    _SRC_GULIN)
    lower = [r for r in rem if r < lr]
    if lower:
        return _adv(make_card(s, max(lower)), "signal.deny-high-low", _("Deny: high, then lower"),
                    _("You discarded a higher {suit} card; a lower one now completes the "
                      "denial: you hold nothing there and cover the other suits.").format(
                        suit=suit_words(s)), _SRC_GULIN)
    return None


def _gulin_trump_discard(hand: CardSet, earlier: Sequence[Card]) -> Advice:
    if earlier:
        cont = _continue_signal(hand, earlier)
        if cont is not None:
            return cont
    side = _side(hand)
    calls = []
    for s in side:
        r = hand.ranks(s)
        if len(r) >= 4 and r[0] >= QUEEN and r[0] - r[1] == 1 and r[1] - r[2] == 1:
            calls.append((_strength(hand, s), s, make_card(s, r[0]), "sequence"))
        elif len(r) >= 4 and is_rezon(r) and r[-1] <= TEN:
            calls.append((_strength(hand, s), s, make_card(s, r[-1]), "low"))
    if calls:
        _strength_key, s, card, how = max(calls)
        if how == "sequence":
            return _adv(card, "signal.call-top-of-sequence", _("Call: top of a sequence"),
                        _("Discard the top of your {suit} sequence: your partner sees you hold "
                          "the cards below it and should lead this suit (markiranje).").format(
                            suit=suit_words(s)),
                        _SRC_GULIN)
        return _adv(card, "signal.call-low-high", _("Call: low, then higher"),
                    _("Discard your lowest {suit} and later a higher one: that asks your partner "
                      "to lead {suit_name}, your strong suit.").format(
                        suit=suit_words(s), suit_name=_(SUIT_WORDS[s])), _SRC_GULIN)
    weak = [s for s in side if not is_rezon(hand.ranks(s)) and hand.count(s) >= 2]
    for s in sorted(weak, key=lambda x: (-hand.count(x), hand.ranks(x)[0])):
        r = hand.ranks(s)
        spots = [x for x in r[:-1] if x <= TEN] or [x for x in r[:-1] if x == JACK]
        if spots:
            return _adv(make_card(s, max(spots)), "signal.deny-high-low",
                        _("Deny: high, then lower"),
                        _("Your strong suits are too short to call in without giving the "
                          "declarer a trick, so deny {suit} instead: a higher card now, a lower "
                          "one next. Partner learns you cover the other suits.").format(
                            suit=suit_words(s)), _SRC_GULIN)
    return _least_damage(hand)


def _least_damage(hand: CardSet) -> Advice:
    side = _side(hand)
    s = min(side, key=lambda x: (is_rezon(hand.ranks(x)), hand.ranks(x)[-1], -hand.count(x)))
    return _adv(make_card(s, hand.ranks(s)[-1]), "signal.least-damage",
                _("Discard what costs least"),
                _("No discard here says anything clear, so throw the smallest card that cannot "
                  "become a trick."), "001 tournament rules, Pravila odbacivanja")


def _tournament_trump_discard(hand: CardSet, earlier: Sequence[Card]) -> Advice | None:
    if earlier:
        return None  # the rule speaks of the first discard only
    strong = [s for s in _side(hand)
              if is_rezon(hand.ranks(s)) and hand.count(s) >= 2 and hand.ranks(s)[-1] <= TEN]
    if not strong:
        return None
    s = max(strong, key=lambda x: _strength(hand, x))
    return _adv(make_card(s, hand.ranks(s)[-1]), "signal.lowest-of-trick-suit",
                _("Lowest card of the suit where you expect a trick"),
                _("On your first discard throw the lowest {suit}: it shows your partner the "
                  "suit where you expect a trick.").format(suit=suit_words(s)),
                "001 tournament rules, Pravila odbacivanja 2")


def trump_discard(hand: CardSet, trick: Sequence[Card], contract: Contract, *,
                  earlier: Sequence[Card] = ()) -> Advice:
    """The discard in a suit game; ``earlier`` are this player's earlier discards."""
    check_play_input(hand, trick)
    if not contract.game.is_suit:
        raise ValueError(f"trump_discard is for suit games, not {contract}")
    _require_discard(hand, trick, contract)
    g = _gulin_trump_discard(hand, earlier)
    t = _tournament_trump_discard(hand, earlier) or g
    return with_schools(g, {GULIN: g, TOURNAMENT: t})


# -- sans ---------------------------------------------------------------------------------------

def _sans_sequence(hand: CardSet) -> Advice | None:
    for s in _side(hand):
        r = hand.ranks(s)
        if len(r) >= 4 and r[0] >= KING and r[3] == r[0] - 3:
            return _adv(make_card(s, r[0]), "signal.sans-top-of-sequence",
                        _("Sans: call with the top of a sequence"),
                        _("Your {suit} run from the top, so discard the highest: it costs no "
                          "trick and asks your partner for this suit.").format(
                            suit=suit_words(s)),
                        "001 Gulin, Signalizacija (sanac)")
    return None


def sans_discard(hand: CardSet, trick: Sequence[Card], contract: Contract, *,
                 earlier: Sequence[Card] = ()) -> Advice:
    """The discard in sans (or preferans): from a weak suit, keeping every possible trick.

    >>> from prefa.balkan.contract import Contract
    >>> a = sans_discard(CardSet.parse("S987 HAK7 D87"), parse_cards("AC"), Contract.parse("sans"))
    >>> a.action, a.schools["Gulin"].action
    ('9S', '7S')
    """
    check_play_input(hand, trick)
    if contract.game.is_suit or contract.game is Game.BETL:
        raise ValueError(f"sans_discard is for sans and preferans, not {contract}")
    _require_discard(hand, trick, contract)
    led = Suit(trick[0] >> 4)
    seq = _sans_sequence(hand)
    if seq is not None:
        return seq
    side = _side(hand)
    strong = [s for s in side if is_rezon(hand.ranks(s))]
    weak = sorted((s for s in side if s not in strong), key=lambda x: (-hand.count(x), x))
    if not weak:
        return _least_damage(hand)
    if not strong:
        s = weak[0]
        return _adv(make_card(s, hand.ranks(s)[-1]), "signal.sans-nothing-to-show",
                    _("Sans: nothing to show"),
                    _("You expect no trick anywhere, so discard low from your longest suit."),
                    "001 Gulin, Signalizacija (sanac)")
    want = max(strong, key=lambda x: _strength(hand, x))

    def tournament(x: Suit) -> tuple[Card, bool, bool]:
        other = next(s for s in Suit if s not in (led, x, want))
        high = _GAME_RANK[want] > _GAME_RANK[other]
        r = hand.ranks(x)
        card = make_card(x, r[0] if high else r[-1])
        readable = (card & 15) >= NINE if high else (card & 15) <= EIGHT
        return card, high, readable

    x = next((w for w in weak if tournament(w)[2]), weak[0])
    card, high, _readable = tournament(x)
    why = (_("Discard from {suit}, where you expect nothing. Of the two suits left besides the "
             "declarer's, a high card asks for the higher-ranking one and a low card for the "
             "lower: your high card points to {wanted}.") if high else
           _("Discard from {suit}, where you expect nothing. Of the two suits left besides the "
             "declarer's, a high card asks for the higher-ranking one and a low card for the "
             "lower: your low card points to {wanted}."))
    t = _adv(card, "signal.sans-high-low", _("Sans: high or low for the two suits left"),
             why.format(suit=suit_words(x), wanted=suit_words(want)),
             "001 tournament rules, Pravila odbacivanja 3")
    gs = weak[0]
    g = _adv(make_card(gs, hand.ranks(gs)[-1]), "signal.sans-discard-weak",
             _("Sans: discard where you expect nothing"),
             _("In sans, signal the other way round from a suit game: discard from {suit}, "
               "where you expect nothing, and keep every card of the suit that holds your "
               "tricks; partner reads the suit you never discard.").format(suit=suit_words(gs)),
             "001 Gulin, Signalizacija (sanac)")
    return with_schools(t, {TOURNAMENT: t, GULIN: g})


def discard(hand: CardSet, trick: Sequence[Card], contract: Contract, *,
            earlier: Sequence[Card] = ()) -> Advice:
    """The discard for any game: suit game, sans/preferans, or betl (shed high)."""
    check_play_input(hand, trick)
    if contract.game is Game.BETL:
        from .betl import betl_shed
        return betl_shed(hand, trick)
    if contract.game.is_suit:
        return trump_discard(hand, trick, contract, earlier=earlier)
    return sans_discard(hand, trick, contract, earlier=earlier)


# -- second hand --------------------------------------------------------------------------------

def second_hand(hand: CardSet, trick: Sequence[Card], contract: Contract, *,
                played: CardSet = _NONE, partner_kontra: bool = False,
                earlier: Sequence[Card] = ()) -> Advice:
    """The card to play second when the declarer has led ``trick[0]`` through you.

    ``played`` are the cards of earlier tricks (a queen is covered only in a
    suit not played before).

    >>> from prefa.balkan.contract import Contract
    >>> second_hand(CardSet.parse("HK87 SA7"), parse_cards("QH"), Contract.parse("clubs")).action
    'KH'
    >>> second_hand(CardSet.parse("CK87 SA7"), parse_cards("QC"), Contract.parse("clubs")).action
    '7C'
    """
    check_play_input(hand, trick)
    cards_held(played, "played cards")
    if len(trick) != 1:
        raise ValueError(f"second hand plays to a trick of one card, not {len(trick)}")
    if contract.game is Game.BETL:
        raise ValueError("betl: use prefa.balkan.conventions.betl.betl_follow")
    led = trick[0]
    s, lr = Suit(led >> 4), led & 15
    t = contract.game.trump
    legal = legal_cards(hand, trick, contract.play_rules())
    if not hand.has_suit(s):
        if is_discard(hand, trick, contract):
            return discard(hand, trick, contract, earlier=earlier)
        low = min(legal, key=lambda c: c & 15)
        return _adv(low, "second.ruff-low", _("Ruff low"),
                    _("You have no card of the suit led and must trump: a small trump does it."),
                    "")
    r = hand.ranks(s)
    src = "001 Gulin, Savjeti"
    if lr == QUEEN:
        over = [x for x in r if x > QUEEN]
        if s == t:
            return _adv(make_card(s, r[-1]), "second.trump-queen-not-covered",
                        _("The trump queen is not covered"),
                        _("Every queen is covered except the trump queen: your trump honour is "
                          "worth more kept, so play low."),
                        "001 strategy text, Svaka Dama se Jaše osim Adutske")
        if over and not played.suit(s):
            return _adv(make_card(s, min(over)), "second.cover-the-queen", _("Cover the queen"),
                        _("Every queen is covered except the trump queen (svaka se dama jaše): "
                          "if you play low and your partner has nothing higher, the queen wins."),
                        "001 strategy text, Svaka Dama se Jaše osim Adutske; Gulin, Savjeti")
    if len(r) == 2 and r[0] in (ACE, KING) and r[0] > lr:
        return _adv(make_card(s, r[0]), "second.honour-from-doubleton",
                    _("Honour from A-x or K-x"),
                    _("With a doubleton ace or king in the suit led through you, play the honour "
                      "now; kept back, it may fall under the declarer's ace or be ruffed later."),
                    src)
    if r[0] == ACE and len(r) >= 3 and s != t and lr <= TEN:
        if partner_kontra:
            return _adv(make_card(s, ACE), "second.ace-after-kontra",
                        _("Ace after partner's kontra"),
                        _("Your partner gave kontra, so take the trick with the ace: after a "
                          "kontra the defenders play the higher card."), src)
        return _adv(make_card(s, r[-1]), "second.low-under-ace", _("Low from A-x-x"),
                    _("The declarer leads a small card towards your ace: usually play low and "
                      "keep the ace for his honour. Once you have ducked, do not take the ace on "
                      "the next round of the suit either."), src)
    return _adv(make_card(s, r[-1]), "second.low", _("Second hand low"),
                _("Play low when the declarer leads through you: your partner plays last and "
                  "can win the trick more cheaply."), "")


# -- reading partner's discards -----------------------------------------------------------------

def _letters(suits: Sequence[Suit]) -> tuple[str, ...]:
    return tuple(s.letter for s in suits)


def read_discards(discards: Sequence[Card] | str, contract: Contract, *,
                  led: Suit | None = None) -> Advice:
    """What partner's discards (in order) asked for.  ``actions`` are the suit
    letters partner wants led, primary first; ``led`` is the declarer's suit
    on which a sans discard was made (for the tournament high/low rule).

    >>> from prefa.balkan.contract import Contract
    >>> read_discards("8D TD", Contract.parse("hearts")).actions
    ('D',)
    >>> a = read_discards("9S", Contract.parse("sans"), led=Suit.CLUBS)
    >>> a.actions, a.schools["Gulin"].actions
    (('H',), ('H', 'D'))
    """
    cards = _cards(discards)
    check_deck(cards, 32, "discard")
    if not cards:
        raise ValueError("no discards to read")
    if contract.game is Game.BETL:
        raise ValueError("betl discards are not signals: a defender sheds his highest cards")
    if contract.game.is_suit:
        return _read_trump(cards, contract.game.trump)  # type: ignore[arg-type]
    return _read_sans(cards, led)


def _read_trump(cards: list[Card], t: Suit) -> Advice:
    calls: list[Suit] = []
    denies: list[Suit] = []
    order = list(dict.fromkeys(Suit(c >> 4) for c in cards if c >> 4 != t))
    for s in order:
        mine = [c & 15 for c in cards if c >> 4 == s]
        if mine[0] >= QUEEN or (len(mine) >= 2 and mine[1] > mine[0]) or \
                (len(mine) == 1 and mine[0] <= EIGHT):
            calls.append(s)
        else:
            denies.append(s)
    names = ", ".join(card_name(c) for c in cards)
    src = "001 Gulin, Signalizacija; tournament rules, Pravila odbacivanja 2"
    if calls:
        return Advice(_letters(calls), "read.call", _("Partner calls a suit"),
                      _("{cards}: an honour, a low card, or low-then-higher calls the suit; the "
                        "first suit called, {suit}, is his primary one.").format(
                          cards=names, suit=suit_words(calls[0])),
                      source=src)
    if denies:
        rest = [s for s in Suit if s != t and s not in denies]
        return Advice(_letters(rest), "read.deny", _("Partner denies a suit"),
                      _("{cards}: high-then-lower (or a lone high spot card) denies {suits}; "
                        "partner covers the other side suits.").format(
                          cards=names, suits=_(" and ").join(suit_words(s) for s in denies)),
                      source=src)
    return Advice((), "read.nothing", _("Nothing to read"),
                  _("{cards}: only trumps were shown.").format(cards=names),
                  source=src)


def _read_sans(cards: list[Card], led: Suit | None) -> Advice:
    names = ", ".join(card_name(c) for c in cards)
    first = cards[0]
    fs = Suit(first >> 4)
    if (first & 15) >= KING:
        a = Advice((fs.letter,), "read.sans-top-of-sequence",
                   _("Partner calls with a top honour"),
                   _("{cards}: discarding an ace or king in sans shows a sequence below it; lead "
                     "{suit}.").format(cards=names, suit=suit_words(fs)),
                   source="001 Gulin, Signalizacija (sanac)")
        return a
    gone = {Suit(c >> 4) for c in cards}
    rest = [s for s in Suit if s not in gone and s != led]
    g = Advice(_letters(sorted(rest, key=lambda s: -_GAME_RANK[s])), "read.sans-untouched-suit",
               _("The suit partner never discards"),
               _("{cards}: in sans partner discards from suits where he expects nothing, so his "
                 "tricks are in the suit he keeps.").format(cards=names),
               source="001 Gulin, Signalizacija (sanac)")
    if led is None:
        return g
    two = sorted((s for s in Suit if s not in (led, fs)), key=lambda s: -_GAME_RANK[s])
    high = (first & 15) >= NINE
    want = two[0] if high else two[1]
    why = (_("{card} is a high card, so of {one} and {other} partner wants the higher-ranking: "
             "{wanted}.") if high else
           _("{card} is a low card, so of {one} and {other} partner wants the lower-ranking: "
             "{wanted}."))
    t = Advice((want.letter,), "read.sans-high-low", _("High or low for the two suits left"),
               why.format(card=card_name(first), one=suit_words(two[0]), other=suit_words(two[1]),
                          wanted=suit_words(want)),
               source="001 tournament rules, Pravila odbacivanja 3")
    return with_schools(t, {TOURNAMENT: t, GULIN: g})


__all__ = ["is_discard", "trump_discard", "sans_discard", "discard", "second_hand",
           "read_discards"]

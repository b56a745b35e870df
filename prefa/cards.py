"""Cards, suits, ranks and sets of cards.

A card is a small ``int``: ``suit * 16 + rank``, where the rank counts from
``0`` (the two) to ``12`` (the ace).  The 32-card deck of preferans uses the
ranks 7 to A (5 to 12); the 52-card deck of Priffe uses all thirteen.  Each
suit owns a 16-bit field of a 64-bit mask, so a set of cards is one integer
(:class:`CardSet`) and "the spades of this hand" is one shift and one ``&``.

Notation (RULES.md §0): ranks ``A K Q J T 9 8 7 6 5 4 3 2`` (``10`` is also
accepted), suits ``S H D C`` (``♠ ♥ ♦ ♣`` also accepted); a card is rank then
suit, a hand is suit groups such as ``SAQ87 HQ7 DAK87``, ``-`` is empty.

>>> parse_card("10♥") == parse_card("TH")
True
>>> card_name(parse_card("10♥"))
'TH'
>>> hand = CardSet.parse("SAQ87 HQ7 DAK87")
>>> len(hand), str(hand)
(10, 'SAQ87 HQ7 DAK87')
>>> hand
CardSet.parse('SAQ87 HQ7 DAK87')
>>> str(hand.suit(Suit.HEARTS))
'HQ7'
>>> parse_card("AS") in hand
True

Cards from outside the notation (an ``int`` such as ``99``, a rank of a
52-card deck in a 32-card game) are refused where they enter the engine,
by :func:`check_card` and :func:`check_deck`, with a :class:`ParseError`
naming the card and the deck:

>>> check_deck(CardSet.parse("SAK H2"), 32)
Traceback (most recent call last):
...
prefa.errors.ParseError: card 2H is not in the 32-card deck (ranks A K Q J T 9 8 7)
>>> check_deck(CardSet.parse("SAK H2"), 52)
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Iterable, Iterator, TypeAlias

from .errors import ParseError, RuleOptionError
from .i18n import N_, _

Card: TypeAlias = int
"""A card: ``suit * 16 + rank`` (see the module docstring)."""


class Suit(enum.IntEnum):
    """The four suits, in the order hands are written (S H D C)."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """One-letter name used in the notation: ``S``, ``H``, ``D``, ``C``."""
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol."""
        return "♠♥♦♣"[self]

    @classmethod
    def find(cls, token: str) -> "Suit":
        """Parse a suit letter or symbol.

        >>> Suit.find("♦"), Suit.find("c")
        (<Suit.DIAMONDS: 2>, <Suit.CLUBS: 3>)
        """
        i = _SUIT_TOKENS.get(token.upper() if token.isascii() else token)
        if i is None:
            raise ParseError(_("bad suit {suit}: expected one of S H D C or ♠ ♥ ♦ ♣").format(
                suit=repr(token)))
        return cls(i)


_SUIT_TOKENS = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3,
                "♤": 0, "♡": 1, "♢": 2, "♧": 3}

RANK_CHARS = "23456789TJQKA"
"""Rank letters indexed by rank number (0 = two ... 12 = ace)."""

ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT, SEVEN = 12, 11, 10, 9, 8, 7, 6, 5
"""Rank numbers of the eight ranks of the 32-card deck."""

_RANK_TOKENS = {c: i for i, c in enumerate(RANK_CHARS)}
_RANK_TOKENS["10"] = TEN



def _no_ranks(suit: int, text: str) -> ParseError:
    return ParseError(_("suit {suit} has no ranks in hand {hand}: leave a void suit out").format(
        suit=Suit(suit).letter, hand=repr(text)))


def _bad_card(text: str) -> ParseError:
    return ParseError(_("bad card {card}: expected a rank (A K Q J T 10 9 8 7 6 5 4 3 2) and "
                        "a suit (S H D C or ♠ ♥ ♦ ♣), e.g. 'AS' or '10♥'").format(card=repr(text)))


def make_card(suit: int, rank: int) -> Card:
    """The card of ``suit`` and ``rank`` (rank 0 = two ... 12 = ace)."""
    return suit * 16 + rank


def card_suit(card: Card) -> Suit:
    """The suit of ``card``."""
    return Suit(card >> 4)


def card_rank(card: Card) -> int:
    """The rank number of ``card`` (0 = two ... 12 = ace)."""
    return card & 15


def card_name(card: Card) -> str:
    """Rank then suit letter, e.g. ``'TH'``."""
    return RANK_CHARS[card & 15] + "SHDC"[card >> 4]


def card_symbol(card: Card) -> str:
    """Rank then suit symbol, e.g. ``'10♥'`` (for people, not for parsing)."""
    r = card & 15
    return ("10" if r == TEN else RANK_CHARS[r]) + "♠♥♦♣"[card >> 4]


def _rank(token: str, whole: str) -> int:
    r = _RANK_TOKENS.get(token.upper())
    if r is None:
        raise _bad_card(whole)
    return r


def parse_card(text: str) -> Card:
    """Parse one card written rank then suit: ``AS``, ``TH``, ``10H``, ``7♣``.

    The suit may also come first (``SA``), as some books write it.
    """
    t = text.strip()
    if len(t) < 2 or len(t) > 3:
        raise _bad_card(text)
    if t[-1].upper() in _SUIT_TOKENS or t[-1] in _SUIT_TOKENS:
        suit, rank = t[-1], t[:-1]
    elif t[0].upper() in _SUIT_TOKENS or t[0] in _SUIT_TOKENS:
        suit, rank = t[0], t[1:]
    else:
        raise _bad_card(text)
    try:
        s = Suit.find(suit)
    except ParseError:
        raise _bad_card(text) from None
    return make_card(s, _rank(rank, text))


def parse_cards(text: str) -> list[Card]:
    """Parse a space- or comma-separated list of cards, keeping its order.

    >>> [card_name(c) for c in parse_cards("AS, 10♥ 7C")]
    ['AS', 'TH', '7C']
    """
    return [parse_card(tok) for tok in text.replace(",", " ").split()]


SUIT_MASK = 0xFFFF
"""Mask of one suit's 16-bit field (shift by ``16 * suit``)."""


@dataclass(frozen=True, slots=True)
class CardSet:
    """An immutable set of cards stored as a bitmask (bit ``card``).

    Iteration goes suit by suit (S H D C), highest rank first; ``str`` is the
    hand notation and ``repr`` pastes back as code.

    >>> a = CardSet.parse("SAK HQ"); b = CardSet.parse("SK D7")
    >>> str(a | b), str(a & b), str(a - b)
    ('SAK HQ D7', 'SK', 'SA HQ')
    >>> int(CardSet.parse("S7")) == 1 << parse_card("7S")
    True
    """

    mask: int = 0

    # -- construction -------------------------------------------------------
    @classmethod
    def of(cls, cards: Iterable[Card]) -> "CardSet":
        """The set of the given cards (duplicates collapse)."""
        m = 0
        for c in cards:
            m |= 1 << c
        return cls(m)

    @classmethod
    def parse(cls, text: str) -> "CardSet":
        """Parse a hand: suit groups like ``SAQ87 HQ7 DAK87``; ``-`` is empty.

        Suit groups may come in any order; ``10`` and suit symbols are
        accepted; a repeated card or suit group is an error naming it.

        >>> str(CardSet.parse("♥Q 10 7 ♠A"))
        'SA HQT7'
        >>> CardSet.parse("SAA")
        Traceback (most recent call last):
        ...
        prefa.errors.ParseError: duplicate card 'AS' in hand 'SAA': expected each card once
        """
        t = text.strip()
        if t in ("-", "—", ""):
            if t == "":
                raise ParseError("empty hand: write '-' for a hand with no cards")
            return cls(0)
        mask = 0
        suit: int | None = None
        seen_suits: set[int] = set()
        i = 0
        while i < len(t):
            ch = t[i]
            if ch.isspace():
                i += 1
                continue
            up = ch.upper() if ch.isascii() else ch
            if up in _SUIT_TOKENS:
                s = _SUIT_TOKENS[up]
                if s in seen_suits:
                    raise ParseError(_("suit {suit} appears twice in hand {hand}: expected each "
                                       "suit's ranks in one group, e.g. 'SAK7'").format(
                                         suit=Suit(s).letter, hand=repr(text)))
                if suit is not None and not (mask >> (16 * suit)) & SUIT_MASK:
                    raise _no_ranks(suit, text)
                seen_suits.add(s)
                suit = s
                i += 1
                continue
            if t.startswith("10", i):
                tok, i = "10", i + 2
            else:
                tok, i = ch, i + 1
            if suit is None:
                raise ParseError(_("rank {rank} before any suit letter in hand {hand}: expected "
                                   "suit groups like 'SAQ87 HQ7'").format(rank=repr(tok),
                                                                          hand=repr(text)))
            r = _RANK_TOKENS.get(tok.upper())
            if r is None:
                raise ParseError(_("bad rank {rank} in hand {hand}: expected one of "
                                   "A K Q J T 10 9 8 7 6 5 4 3 2").format(rank=repr(tok),
                                                                          hand=repr(text)))
            bit = 1 << (suit * 16 + r)
            if mask & bit:
                raise ParseError(_("duplicate card {card} in hand {hand}: expected each card "
                                   "once").format(card=repr(card_name(suit * 16 + r)),
                                                  hand=repr(text)))
            mask |= bit
        if suit is not None and not (mask >> (16 * suit)) & SUIT_MASK:
            raise _no_ranks(suit, text)
        return cls(mask)

    # -- container protocol -------------------------------------------------
    def __iter__(self) -> Iterator[Card]:
        m = self.mask
        for s in range(4):
            field = (m >> (16 * s)) & SUIT_MASK
            while field:
                r = field.bit_length() - 1
                yield s * 16 + r
                field ^= 1 << r

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and card >= 0 and bool(self.mask >> card & 1)

    def __bool__(self) -> bool:
        return self.mask != 0

    def __int__(self) -> int:
        return self.mask

    def __or__(self, other: "CardSet") -> "CardSet":
        return CardSet(self.mask | other.mask)

    def __and__(self, other: "CardSet") -> "CardSet":
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: "CardSet") -> "CardSet":
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: "CardSet") -> "CardSet":
        return CardSet(self.mask ^ other.mask)

    def add(self, card: Card) -> "CardSet":
        """A new set with ``card`` added."""
        return CardSet(self.mask | 1 << card)

    def remove(self, card: Card) -> "CardSet":
        """A new set without ``card``."""
        return CardSet(self.mask & ~(1 << card))

    # -- suits ----------------------------------------------------------------
    def suit(self, suit: int) -> "CardSet":
        """The cards of one suit."""
        return CardSet(self.mask & (SUIT_MASK << (16 * suit)))

    def count(self, suit: int) -> int:
        """How many cards of ``suit`` the set holds."""
        return ((self.mask >> (16 * suit)) & SUIT_MASK).bit_count()

    def ranks(self, suit: int) -> list[int]:
        """Rank numbers held in ``suit``, highest first."""
        return [c & 15 for c in self.suit(suit)]

    def has_suit(self, suit: int) -> bool:
        """True when the set holds a card of ``suit``."""
        return bool((self.mask >> (16 * suit)) & SUIT_MASK)

    # -- text -----------------------------------------------------------------
    def _text(self, suits: str, rank_text, join: str, sep: str) -> str:
        if not self.mask:
            return "-"
        return sep.join(suits[s] + join.join(rank_text(r) for r in self.ranks(s))
                        for s in range(4) if self.has_suit(s))

    def __str__(self) -> str:
        return self._text("SHDC", RANK_CHARS.__getitem__, "", " ")

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The cards drawn as a hand (Jupyter shows this)."""
        from .display import hand_svg
        return hand_svg(self)

    def _repr_pretty_(self, p, cycle: bool) -> None:
        """IPython's plain text (where the picture is not shown): :meth:`symbols`."""
        p.text(self.symbols())

    def symbols(self) -> str:
        """The hand with suit symbols and ``10``, for people: ``♠A Q 8 ♥10 7``.

        >>> CardSet.parse("SAQ8 HT7").symbols()
        '♠A Q 8  ♥10 7'
        """
        return self._text("♠♥♦♣", lambda r: "10" if r == TEN else RANK_CHARS[r], " ", "  ")


SUIT_WORDS = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"))
"""Each suit's name in words, indexed by :class:`Suit` (marked for the catalog:
show one through ``prefa.i18n._``)."""

CARD_CODE = r"(?:10|[2-9TJQKA])[SHDC]"
"""One card written as a code, rank then suit letter (``AS``, ``TD``, ``10H``,
the 52-card ranks too): the text of a regular expression.  A learner never
reads one: :func:`signs` writes it ``A♠``."""

SUIT_CARDS_CODE = r"[SHDC](?:10|[2-9TJQKA])+"
"""A suit's cards written after its letter (``SKJT98``): a regular expression's text."""

CARD_CODES = re.compile(rf"(?<![\w#&'-])(?:{CARD_CODE}|{SUIT_CARDS_CODE})(?![\w'-])")
"""Every card code in a text, one card's or a suit's cards (not inside a word,
an HTML entity, an anchor or quotes -- a quoted code is what one types): what
:func:`signs` rewrites, and what the tests look for in everything a learner
reads.

>>> [m.group() for m in CARD_CODES.finditer("KS, DJ, SKJT and 10H; not &KS or THE")]
['KS', 'DJ', 'SKJT', '10H']
"""


_HOLDING = re.compile(rf"(?<![\w#&'-]){SUIT_CARDS_CODE}(?: {SUIT_CARDS_CODE})+(?![\w'-])")
"""Two or more suits' cards in a row (``HT97 D8 CAKJ``): a hand, each suit sign first."""


_QUOTED = re.compile(r"((?<!\w)'[^'\n]*'(?!\w))")
"""A quoted example (``'SAK87 HAK'``, ``'AS'``): what to type, left as it is written."""


def _holding_text(text: str) -> str:
    return " ".join(_token_text(group, in_hand=True) for group in text.split())


def _token_text(token: str, in_hand: bool = False) -> str:
    """One card (``AS``; a Greek bid ``6S`` reads the same), or a suit's cards
    (``SKJT`` → ``♠K J 10``, spaced as :meth:`CardSet.symbols` writes a hand)."""
    if token[0] in "SHDC" and (in_hand or not (len(token) == 2 or token[1:] == "10")):
        ranks = re.findall(r"10|.", token[1:])
        return Suit.find(token[0]).symbol + " ".join("10" if r in ("T", "10") else r for r in ranks)
    if token[0] in "SHDC":  # one card written suit first: J♦, as it is drawn
        token = token[1:] + token[0]
    return card_symbol(parse_card(token))


def signs(text: str) -> str:
    """A reason with every card name written with its suit sign (``AS`` → ``A♠``).

    A contract written like a card (the Greek ``6S``, ``7S``) reads the same way
    (``6♠``), and a suit's cards written after its letter (``SKJT98``) get the
    suit's sign in front, spaced as a hand is written (``♠K J 10 9 8``).

    >>> signs("After AS the declarer takes 7; after TD he takes 6.")
    'After A♠ the declarer takes 7; after 10♦ he takes 6.'
    >>> signs("Seat 0 may say: pass, 6S. You hold SKJT98 DKQ.")
    'Seat 0 may say: pass, 6♠. You hold ♠K J 10 9 8 ♦K Q.'
    >>> signs("KS: you must follow diamonds (you have DJ)")
    'K♠: you must follow diamonds (you have J♦)'
    >>> signs("with HT97 D8 CAKJ lead D8")
    'with ♥10 9 7 ♦8 ♣A K J lead 8♦'
    >>> signs("the declarer's AS; type it as 'SAK87 HAK' or 'AS'")
    "the declarer's A♠; type it as 'SAK87 HAK' or 'AS'"
    """
    # (split on the quoted examples, kept in the odd places: what to type stays as typed)
    return "".join(part if i % 2 else _signs_unquoted(part)
                   for i, part in enumerate(_QUOTED.split(text)))


def _signs_unquoted(text: str) -> str:
    text = _HOLDING.sub(lambda m: _holding_text(m.group(0)), text)
    return CARD_CODES.sub(lambda m: _token_text(m.group(0)), text)


def deck(size: int = 32) -> CardSet:
    """The full deck of 32 (7 to A) or 52 (2 to A) cards.

    >>> len(deck()), len(deck(52))
    (32, 52)
    """
    if size == 32:
        field = 0xFF << SEVEN
    elif size == 52:
        field = (1 << 13) - 1
    else:
        raise ParseError(f"bad deck size {size!r}: expected 32 or 52")
    return CardSet(field | field << 16 | field << 32 | field << 48)


def check_trump(trump: object) -> Suit | None:
    """``trump`` as a :class:`Suit` (``None``, no trumps, stays ``None``), or a
    :class:`~prefa.errors.RuleOptionError` naming it.

    >>> check_trump(1), check_trump(None)
    (<Suit.HEARTS: 1>, None)
    """
    if trump is None:
        return None
    if not isinstance(trump, int) or isinstance(trump, bool) or not 0 <= trump <= 3:
        raise RuleOptionError(f"bad trump {trump!r}: expected a suit (Suit.SPADES ... "
                              "Suit.CLUBS, or 0-3) or None")
    return Suit(trump)


_DECK_MASKS = {32: deck(32).mask, 52: deck(52).mask}
_NOT_A_CARD = ~_DECK_MASKS[52]
"""The bits of a mask that are no card (ranks 13-15 of each suit, and bits
64 up: with Python's infinite two's complement, ``~`` covers them all)."""

_DECK_RANKS = {32: "A K Q J T 9 8 7", 52: "A K Q J T 9 8 7 6 5 4 3 2"}


def is_card(card: object) -> bool:
    """True when ``card`` is the number of a card of the 52-card deck (an
    ``int``, not a ``bool``, with a suit 0-3 and a rank 0-12)."""
    return (isinstance(card, int) and not isinstance(card, bool)
            and 0 <= card < 64 and card & 15 <= 12)


def check_card(card: object) -> Card:
    """``card`` itself when it is a card number (see :func:`is_card`), else a
    :class:`ParseError` naming it.

    >>> check_card(parse_card("AS"))
    12
    >>> check_card(99)
    Traceback (most recent call last):
    ...
    prefa.errors.ParseError: bad card 99: expected a card number suit * 16 + rank (suit 0-3, rank 0-12), e.g. parse_card('AS')
    """
    if not is_card(card):
        raise ParseError(f"bad card {card!r}: expected a card number suit * 16 + rank "
                         "(suit 0-3, rank 0-12), e.g. parse_card('AS')")
    return card  # type: ignore[return-value]


def check_cardset(cards: object, what: str = "cards") -> CardSet:
    """``cards`` itself when it is a :class:`CardSet` of real cards, else a
    :class:`ParseError` naming ``what`` and the bad value."""
    if not isinstance(cards, CardSet):
        raise ParseError(f"bad {what} {cards!r}: expected a CardSet, e.g. "
                         "CardSet.parse('SAK7 HQ')")
    m = cards.mask
    if type(m) is not int or m & _NOT_A_CARD or m < 0:
        raise ParseError(f"bad {what} CardSet({m!r}): its mask holds bits that are no card "
                         "(expected bits suit * 16 + rank, rank 0-12)")
    return cards


def check_deck(cards: CardSet | Iterable[Card], size: int = 32, what: str = "card") -> None:
    """Refuse any card of ``cards`` that is not in the deck of ``size`` cards
    (32: ranks 7 to A; 52: 2 to A) with a :class:`ParseError` naming it and
    the deck.  This is the one check of "is this card in the game's deck?"
    used by deals, hands, solver positions and the conventions.

    >>> check_deck([parse_card("7S"), parse_card("AC")])
    >>> check_deck([parse_card("6S")], what="talon card")
    Traceback (most recent call last):
    ...
    prefa.errors.ParseError: talon card 6S is not in the 32-card deck (ranks A K Q J T 9 8 7)
    """
    full = _DECK_MASKS.get(size)
    if full is None:
        deck(size)  # refuses the size
    if isinstance(cards, CardSet):
        check_cardset(cards)
        bad = cards.mask & ~full
        if not bad:
            return
        card = (bad & -bad).bit_length() - 1
    else:
        for card in cards:
            check_card(card)
            if not full >> card & 1:
                break
        else:
            return
    raise ParseError(f"{what} {card_name(card)} is not in the {size}-card deck "
                     f"(ranks {_DECK_RANKS[size]})")

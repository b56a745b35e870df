"""The contracts of Russian preferans, their order and their pool values (seed 004).

A contract is a number of tricks, six to ten, with a trump suit or none
(*без козыря*, *bez*), or *misère* (*мизер*, *mizer*: take no trick at
all).  The suits rank for bidding spades (*пики*) < clubs (*трефы*) <
diamonds (*бубны*) < hearts (*червы*) < no trumps, so the ladder runs

    6♠ < 6♣ < 6♦ < 6♥ < 6NT < 7♠ < ... < 8NT < misère < 9♠ < ... < 10NT

and misère sits between eight no trumps and nine spades.  The pool value
(what a made contract writes in the *пуля*, pulya) depends on the tricks:

=========  ==========
contract   pool value
=========  ==========
6          2
7          4
8          6
9          8
10         10
misère     10
=========  ==========

>>> Contract.parse("6S") < Contract.parse("6♣") < Contract.parse("6NT") < Contract.parse("7s")
True
>>> Contract.parse("8NT") < MISERE < Contract.parse("9S")
True
>>> [c.value for c in (Contract.parse("6H"), Contract.parse("9NT"), MISERE)]
[2, 8, 10]
>>> LADDER[0], LADDER[-1], len(LADDER)
(Contract.parse('6♠'), Contract.parse('10NT'), 26)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards import Suit
from ..errors import ParseError
from ..handflow import check_text
from ..play import Overtake, PlayRules


class Strain(enum.IntEnum):
    """A trump suit or no trumps, in the bidding order (lowest first)."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3
    NO_TRUMP = 4

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or ``None`` for no trumps."""
        return _SUITS[self]

    @property
    def symbol(self) -> str:
        """``♠ ♣ ♦ ♥`` or ``NT``."""
        return "♠♣♦♥"[self] if self < 4 else "NT"

    @property
    def russian(self) -> str:
        """The Russian name: пики, трефы, бубны, червы, без козыря."""
        return _RUSSIAN[self]

    @classmethod
    def find(cls, token: str) -> Strain:
        """Parse a suit letter or symbol, an English or Russian name, or NT / bez.

        >>> Strain.find("♦"), Strain.find("bez"), Strain.find("червы")
        (Strain.DIAMONDS, Strain.NO_TRUMP, Strain.HEARTS)
        """
        token = check_text(token, "suit", "S C D H or NT")
        t = token.strip().lower()
        s = _STRAIN_WORDS.get(t)
        if s is None:
            raise ParseError(f"bad suit {token!r}: expected S C D H or NT (♠ ♣ ♦ ♥, bez)")
        return cls(s)

    def __repr__(self) -> str:
        return f"Strain.{self.name}"


_SUITS = {0: Suit.SPADES, 1: Suit.CLUBS, 2: Suit.DIAMONDS, 3: Suit.HEARTS, 4: None}
_RUSSIAN = {0: "пики (piki)", 1: "трефы (trefy)", 2: "бубны (bubny)", 3: "червы (chervy)",
            4: "без козыря (bez kozyrya)"}
_STRAIN_WORDS = {"s": 0, "♠": 0, "spades": 0, "spade": 0, "пики": 0, "piki": 0,
                 "c": 1, "♣": 1, "clubs": 1, "club": 1, "трефы": 1, "trefy": 1,
                 "d": 2, "♦": 2, "diamonds": 2, "diamond": 2, "бубны": 2, "bubny": 2,
                 "h": 3, "♥": 3, "hearts": 3, "heart": 3, "червы": 3, "chervy": 3,
                 "nt": 4, "bez": 4, "sans": 4, "no trump": 4, "no trumps": 4, "notrump": 4,
                 "без козыря": 4, "бк": 4, "без": 4, "♤": 0, "♧": 1, "♢": 2, "♡": 3}

POOL_VALUES: dict[int, int] = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
"""Pool value of a made contract by its number of tricks (seed 004)."""

MISERE_VALUE = 10
"""Pool value of a made misère (seed 004)."""

_MISERE_WORDS = ("misere", "misère", "mizer", "мизер", "miser")


@dataclass(frozen=True, slots=True)
class Contract:
    """A bid or a declared contract: ``tricks`` 6–10 and a ``strain``, or misère.

    Misère is ``Contract(0, None)`` (use :data:`MISERE`).  Contracts compare
    by their place in the bidding ladder.  ``str`` is the notation
    (``6♠``, ``7NT``, ``misère``); :meth:`parse` also takes letters
    (``6S``), words (``seven hearts``) and Russian names (``мизер``).
    """

    tricks: int
    strain: Strain | None

    def __post_init__(self) -> None:
        if self.tricks == 0 and self.strain is None:
            return
        if self.tricks not in POOL_VALUES or self.strain is None:
            raise ParseError(f"bad contract ({self.tricks}, {self.strain!r}): expected 6-10 "
                             "tricks with a suit or NT, or misère")
        object.__setattr__(self, "strain", Strain(self.strain))

    # -- kind and value ----------------------------------------------------------
    @property
    def is_misere(self) -> bool:
        """True for misère."""
        return self.strain is None

    @property
    def trump(self) -> Suit | None:
        """The trump suit (``None`` in no trumps and misère)."""
        return None if self.strain is None else self.strain.suit

    @property
    def value(self) -> int:
        """The pool value: 6=2, 7=4, 8=6, 9=8, 10=10, misère 10."""
        return MISERE_VALUE if self.is_misere else POOL_VALUES[self.tricks]

    @property
    def rank(self) -> int:
        """The place in the bidding ladder (0 for 6♠ ... 25 for 10NT)."""
        return _RANK[self]

    def __lt__(self, other: Contract) -> bool:
        return self.rank < other.rank

    def __le__(self, other: Contract) -> bool:
        return self.rank <= other.rank

    def __gt__(self, other: Contract) -> bool:
        return self.rank > other.rank

    def __ge__(self, other: Contract) -> bool:
        return self.rank >= other.rank

    def play_rules(self, must_overtake: bool = True, must_overtrump: bool | None = None
                   ) -> PlayRules:
        """The play rules: follow suit, trump when void, and the overtaking duties.

        >>> Contract.parse("7H").play_rules()
        PlayRules(trump=<Suit.HEARTS: 1>, must_trump=True,
                  overtake=<Overtake.ALWAYS: 'always'>, must_overtrump=True,
                  trump_order=None, plain_order=None)
        >>> MISERE.play_rules(must_overtake=False).overtake
        <Overtake.NEVER: 'never'>
        """
        return russian_play_rules(self.trump, must_overtake, must_overtrump)

    # -- text --------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Contract:
        """Parse ``6S``, ``6♠``, ``10NT``, ``7 bez``, ``8 hearts``, ``misère``, ``мизер``.

        >>> Contract.parse("10 nt"), Contract.parse("мизер")
        (Contract.parse('10NT'), Contract.parse('misère'))
        >>> Contract.parse("11S")
        Traceback (most recent call last):
        ...
        prefa.errors.ParseError: bad contract '11S': expected 6-10 tricks and a suit
        (S C D H NT or ♠ ♣ ♦ ♥), or misère
        """
        text = check_text(text, "contract", "e.g. 6S, 10NT or misère")
        t = " ".join(text.strip().lower().split())
        if t in _MISERE_WORDS:
            return MISERE
        words = {"six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10"}
        for w, d in words.items():
            if t.startswith(w + " "):
                t = d + t[len(w):]
        i = 0
        while i < len(t) and t[i] in "0123456789":
            i += 1
        help_ = (f"bad contract {text.strip()!r}: expected 6-10 tricks and a suit "
                 "(S C D H NT or ♠ ♣ ♦ ♥), or misère")
        if not i or int(t[:i]) not in POOL_VALUES:
            raise ParseError(help_)
        try:
            strain = Strain.find(t[i:].strip())
        except ParseError:
            raise ParseError(help_) from None
        return cls(int(t[:i]), strain)

    def __str__(self) -> str:
        if self.is_misere:
            return "misère"
        return f"{self.tricks}{self.strain.symbol}"  # type: ignore[union-attr]

    @property
    def letters(self) -> str:
        """The ASCII notation: ``6S``, ``7NT``, ``misere``."""
        if self.is_misere:
            return "misere"
        return f"{self.tricks}{'SCDH'[self.strain] if self.strain < 4 else 'NT'}"  # type: ignore[index,operator]

    @property
    def russian(self) -> str:
        """The contract in Russian words with transliteration, e.g. ``шесть пик (shest' pik)``."""
        if self.is_misere:
            return "мизер (mizer)"
        num = {6: ("шесть", "shest'"), 7: ("семь", "sem'"), 8: ("восемь", "vosem'"),
               9: ("девять", "devyat'"), 10: ("десять", "desyat'")}[self.tricks]
        suit = {0: ("пик", "pik"), 1: ("треф", "tref"), 2: ("бубен", "buben"),
                3: ("червей", "chervey"), 4: ("без козыря", "bez kozyrya")}[int(self.strain)]  # type: ignore[arg-type]
        return f"{num[0]} {suit[0]} ({num[1]} {suit[1]})"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"


def russian_play_rules(trump: Suit | None, must_overtake: bool = True,
                       must_overtrump: bool | None = None) -> PlayRules:
    """Play rules of Russian preferans for a trump suit (or ``None``).

    Follow suit; if void, a trump when you have one; with ``must_overtake``
    a follower beats every card in the trick when he can, and (unless
    ``must_overtrump`` says otherwise) a player who trumps beats an earlier
    trump when he can.
    """
    over = must_overtake if must_overtrump is None else must_overtrump
    return PlayRules(trump=trump, must_trump=True,
                     overtake=Overtake.ALWAYS if must_overtake else Overtake.NEVER,
                     must_overtrump=over and trump is not None)


MISERE = Contract(0, None)
"""Misère (*мизер*): the declarer must take no trick; no trumps."""

LADDER: tuple[Contract, ...] = tuple(
    [Contract(t, Strain(s)) for t in (6, 7, 8) for s in range(5)] + [MISERE]
    + [Contract(t, Strain(s)) for t in (9, 10) for s in range(5)])
"""Every bid from the lowest (6♠) to the highest (10NT), misère after 8NT."""

_RANK = {c: i for i, c in enumerate(LADDER)}

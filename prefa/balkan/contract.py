"""The games of Balkan preferans and their values (seed 001 ch.7, RULES.md §1).

=========  ====  =========
game       v     igra (v+1)
=========  ====  =========
spades     2     3
diamonds   3     4
hearts     4     5
clubs      5     6
betl       6     7
sans       7     8
preferans  8     9 (option)
=========  ====  =========

>>> Game.find("herc"), Game.find("♣"), Game.find("sans").value
(Game.HEARTS, Game.CLUBS, 7)
>>> c = Contract(Game.CLUBS, igra=True); c.value, str(c)
(6, 'igra clubs')
>>> Contract.parse("igra betl")
Contract(Game.BETL, igra=True)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards import Suit
from ..errors import ParseError
from ..handflow import check_text
from ..i18n import _
from ..play import PlayRules


class Game(enum.IntEnum):
    """A Balkan game; the enum value is the game's number ``v``."""

    SPADES = 2
    DIAMONDS = 3
    HEARTS = 4
    CLUBS = 5
    BETL = 6
    SANS = 7
    PREFERANS = 8

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` for betl, sans and preferans."""
        return _TRUMPS.get(self)

    @property
    def is_suit(self) -> bool:
        """True for the four trump games."""
        return self.value <= 5

    @property
    def local(self) -> str:
        """The Serbian/Croatian name: pik, karo, herc, tref, betl, sans, preferans."""
        return _LOCAL[self]

    @classmethod
    def find(cls, token: str) -> "Game":
        """Parse an English or local game name, a suit letter or symbol, or a number 2–8."""
        token = check_text(token, "game", "a game name such as clubs or betl")
        t = token.strip().lower()
        g = _NAMES.get(t)
        if g is None:
            raise ParseError(f"bad game {token!r}: expected one of spades diamonds hearts clubs "
                             "betl sans preferans (pik karo herc tref accepted) or a number 2-8")
        return cls(g)

    def __str__(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"Game.{self.name}"


_TRUMPS = {Game.SPADES: Suit.SPADES, Game.DIAMONDS: Suit.DIAMONDS,
           Game.HEARTS: Suit.HEARTS, Game.CLUBS: Suit.CLUBS}
_LOCAL = {Game.SPADES: "pik", Game.DIAMONDS: "karo", Game.HEARTS: "herc", Game.CLUBS: "tref",
          Game.BETL: "betl", Game.SANS: "sans", Game.PREFERANS: "preferans"}
_NAMES: dict[str, int] = {}
for _g in (2, 3, 4, 5, 6, 7, 8):
    _NAMES[Game(_g).name.lower()] = _g
    _NAMES[_LOCAL[Game(_g)]] = _g
    _NAMES[str(_g)] = _g
_NAMES.update({"s": 2, "d": 3, "h": 4, "c": 5, "♠": 2, "♦": 3, "♥": 4, "♣": 5,
               "spade": 2, "diamond": 3, "heart": 4, "club": 5, "sanz": 7, "sanac": 7,
               "nt": 7, "betli": 6})


@dataclass(frozen=True, slots=True)
class Contract:
    """A declared game; ``igra`` when announced without taking the talon."""

    game: Game
    igra: bool = False

    @property
    def value(self) -> int:
        """``v``, plus one for igra (igra pik 3 ... igra sans 8)."""
        return self.game.value + (1 if self.igra else 0)

    @property
    def base(self) -> int:
        """The base score ``b = 2·v`` before kontra and refe."""
        return 2 * self.value

    def play_rules(self) -> PlayRules:
        """Follow suit; if void, any trump in a trump game; no overtaking."""
        return PlayRules(trump=self.game.trump)

    @classmethod
    def parse(cls, text: str) -> "Contract":
        """``clubs``, ``igra clubs``, ``igra tref``, ``betl``, ``igra betl``..."""
        text = check_text(text, "contract", "a game such as 'clubs' or 'igra hearts'")
        words = text.split()
        igra = bool(words) and words[0].lower() == "igra"
        if igra:
            words = words[1:]
        if len(words) != 1:
            raise ParseError(f"bad contract {text!r}: expected a game such as 'clubs' or "
                             "'igra hearts'")
        return cls(Game.find(words[0]), igra)

    def __str__(self) -> str:
        return f"igra {self.game}" if self.igra else str(self.game)

    def words(self) -> str:
        """The contract in the reader's language, as :meth:`__str__` writes it in English.

        >>> Contract(Game.SPADES).words(), Contract(Game.BETL, igra=True).words()
        ('spades', 'igra betl')
        """
        game = _(str(self.game))
        return _("igra {game}").format(game=game) if self.igra else game

    def __repr__(self) -> str:
        return f"Contract({self.game!r}, igra=True)" if self.igra else f"Contract({self.game!r})"

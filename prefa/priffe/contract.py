"""The five contracts of Priffe (seed 003, RULES.md §5).

After the auction one of five games is played:

==============  ==========  ==========  =======================================
contract        Swedish     trumps      aim of the declaring side
==============  ==========  ==========  =======================================
forced noll     noll        none        nobody declares: both teams take few
diamonds        ruter       diamonds    as many tricks as possible
hearts          hjärter     hearts      as many tricks as possible
noll            noll        none        as few tricks as possible (misère)
play            spel        none        as many tricks as possible (no-trumps)
==============  ==========  ==========  =======================================

Clubs and spades are bids that only give information; they are never
played: when one of them ends the auction, or everybody passes, the hand is
a forced noll.  In every contract a player must follow suit if he can and
may otherwise play any card: no rule forces a trump.

>>> Contract.find("hjärter"), Contract.find("ruter").trump, Contract.PLAY.is_noll
(Contract.HEARTS, <Suit.DIAMONDS: 2>, False)
>>> Contract.HEARTS.play_rules()
PlayRules(trump=<Suit.HEARTS: 1>, must_trump=False, overtake=<Overtake.NEVER: 'never'>, must_overtrump=False, trump_order=None, plain_order=None)
"""

from __future__ import annotations

import enum

from ..cards import Suit
from ..errors import ParseError
from ..handflow import check_text
from ..play import PlayRules


class Contract(enum.Enum):
    """A contract to be played; the value is its name in the notation."""

    FORCED_NOLL = "forced noll"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    NOLL = "noll"
    PLAY = "play"

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None``."""
        return {Contract.DIAMONDS: Suit.DIAMONDS, Contract.HEARTS: Suit.HEARTS}.get(self)

    @property
    def is_noll(self) -> bool:
        """True when the aim is to take few tricks (noll and forced noll)."""
        return self in (Contract.NOLL, Contract.FORCED_NOLL)

    @property
    def has_declarers(self) -> bool:
        """False only for the forced noll, which nobody declared."""
        return self is not Contract.FORCED_NOLL

    @property
    def swedish(self) -> str:
        """The Swedish name (a forced noll is played as a noll: *noll*)."""
        return _SWEDISH[self]

    @property
    def russian(self) -> str:
        """The Russian name."""
        return _RUSSIAN[self]

    def play_rules(self) -> PlayRules:
        """Follow suit; a player who cannot may play any card (no duty to trump)."""
        return PlayRules(trump=self.trump, must_trump=False)

    @classmethod
    def find(cls, text: str) -> Contract:
        """Parse an English or Swedish contract name."""
        text = check_text(text, "contract", "one of forced noll, diamonds, hearts, noll, play")
        t = " ".join(text.strip().lower().replace("-", " ").replace("_", " ").split())
        c = _NAMES.get(t)
        if c is None:
            raise ParseError(f"bad contract {text.strip()!r}: expected one of forced noll, "
                             "diamonds, hearts, noll, play")
        return c

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Contract.{self.name}"


_SWEDISH = {Contract.FORCED_NOLL: "noll", Contract.DIAMONDS: "ruter",
            Contract.HEARTS: "hjärter", Contract.NOLL: "noll", Contract.PLAY: "spel"}
_RUSSIAN = {Contract.FORCED_NOLL: "вынужденный ноль", Contract.DIAMONDS: "бубны",
            Contract.HEARTS: "червы", Contract.NOLL: "ноль", Contract.PLAY: "игра"}
_NAMES = {c.value: c for c in Contract}
_NAMES.update({c.swedish: c for c in Contract if c is not Contract.FORCED_NOLL})
_NAMES.update({"forced": Contract.FORCED_NOLL,
               "hjarter": Contract.HEARTS, "spelut": Contract.PLAY, "spela": Contract.PLAY,
               "no trumps": Contract.PLAY, "nt": Contract.PLAY, "d": Contract.DIAMONDS,
               "h": Contract.HEARTS, "♦": Contract.DIAMONDS, "♥": Contract.HEARTS,
               "misère": Contract.NOLL, "misere": Contract.NOLL})

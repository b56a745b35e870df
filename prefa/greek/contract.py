"""Contracts of Greek Prefa and their values in kasa (seed 000, RULES.md §2).

A contract (αγορά, "purchase") is a number of tricks from 6 to 10 and a
denomination: a trump suit or none.  At the table the denominations are
called by their place in the auction order, lowest first:

=====  ==============  =====================  ==========================
order  Greek           transliteration        meaning
=====  ==============  =====================  ==========================
1      Πρώτα           Próta ("firsts")       spades (μπαστούνια)
2      Δεύτερα         Déftera ("seconds")    clubs (σπαθιά)
3      Τρίτα           Tríta ("thirds")       diamonds (καρά)
4      Τέταρτα         Tétarta ("fourths")    hearts (κούπες)
5      Αχρωμάτιστα     Achromátista           no trumps (also άχροα)
=====  ==============  =====================  ==========================

Contracts are ordered by tricks, then denomination: 6♠ < 6♣ < 6♦ < 6♥ < 6NT
< 7♠ < … < 10NT, twenty-five steps in all.  Each contract has a value in
kasa (κάσα), one table for the whole game (:data:`VALUES`):

======  ==  ==  ==  ==  ==
tricks  ♠   ♣   ♦   ♥   NT
======  ==  ==  ==  ==  ==
6       2   3   4   5   6
7       7   7   7   7   8
8       8   8   8   8   9
9       9   9   9   9   10
10      10  10  10  10  10
======  ==  ==  ==  ==  ==

>>> c = Contract.parse("6 Τέταρτα"); c, c.value, c.greek
(Contract.parse('6H'), 5, '6 Τέταρτα')
>>> Contract.parse("7nt").value, str(Contract.parse("8♣")), Contract.parse("Τρίτα").symbols
(8, '8C', '6♦')
>>> Contract.parse("6D") < Contract.parse("6H") < Contract.parse("7S")
True
>>> Contract.parse("6D").next()
Contract.parse('6H')
>>> Contract.parse("11S")
Traceback (most recent call last):
...
prefa.errors.ParseError: bad contract '11S': the number of tricks runs from 6 to 10
"""

from __future__ import annotations

import enum
import unicodedata
from dataclasses import dataclass

from ..cards import Suit
from ..errors import ParseError
from ..handflow import check_text
from ..play import Overtake, PlayRules


def fold(text: str) -> str:
    """Text folded for matching words: lower case, no accents, one space, final ς as σ.

    >>> fold("  Τέταρτα ") == fold("τεταρτα"), fold("ΠΆΣΟ")
    (True, 'πασο')
    """
    t = unicodedata.normalize("NFD", text.strip().lower())
    t = "".join(ch for ch in t if not unicodedata.combining(ch))
    return " ".join(t.replace("ς", "σ").split())


class Denomination(enum.IntEnum):
    """Trump suit or no trumps, in the auction order (spades lowest)."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3
    NO_TRUMPS = 4

    @property
    def trump(self) -> Suit | None:
        """The trump suit, ``None`` for no trumps."""
        return _TRUMP[self]

    @property
    def letter(self) -> str:
        """``S``, ``C``, ``D``, ``H`` or ``NT``."""
        return ("S", "C", "D", "H", "NT")[self]

    @property
    def symbol(self) -> str:
        """``♠``, ``♣``, ``♦``, ``♥`` (the suit's sign) or ``NT``."""
        return "NT" if self.trump is None else self.trump.symbol

    @property
    def greek(self) -> str:
        """The auction name: Πρώτα, Δεύτερα, Τρίτα, Τέταρτα, Αχρωμάτιστα."""
        return ("Πρώτα", "Δεύτερα", "Τρίτα", "Τέταρτα", "Αχρωμάτιστα")[self]

    @property
    def translit(self) -> str:
        """The auction name in Latin letters: Próta, Déftera, Tríta, Tétarta, Achromátista."""
        return ("Próta", "Déftera", "Tríta", "Tétarta", "Achromátista")[self]

    @property
    def suit_greek(self) -> str:
        """The Greek name of the suit: μπαστούνια, σπαθιά, καρά, κούπες, or άχροα."""
        return ("μπαστούνια", "σπαθιά", "καρά", "κούπες", "άχροα")[self]

    @classmethod
    def find(cls, token: str) -> Denomination:
        """Parse a letter, symbol, English, Greek or transliterated name.

        >>> Denomination.find("Δεύτερα"), Denomination.find("κούπες"), Denomination.find("nt")
        (Denomination.CLUBS, Denomination.HEARTS, Denomination.NO_TRUMPS)
        """
        token = check_text(token, "denomination", "S C D H NT or a Greek name")
        d = _NAMES.get(fold(token))
        if d is None:
            raise ParseError(f"bad denomination {token.strip()!r}: expected S C D H NT, a suit "
                             "symbol, or Πρώτα Δεύτερα Τρίτα Τέταρτα Αχρωμάτιστα")
        return cls(d)

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Denomination.{self.name}"


_TRUMP = {0: Suit.SPADES, 1: Suit.CLUBS, 2: Suit.DIAMONDS, 3: Suit.HEARTS, 4: None}
_NAMES: dict[str, int] = {}
for _i, _words in enumerate((
        ("s", "♠", "spades", "spade", "πρωτα", "prota", "μπαστουνια", "μπαστουνι", "bastounia"),
        ("c", "♣", "clubs", "club", "δευτερα", "deftera", "deutera", "σπαθια", "σπαθι",
         "spathia"),
        ("d", "♦", "diamonds", "diamond", "τριτα", "trita", "καρα", "καρο", "kara"),
        ("h", "♥", "hearts", "heart", "τεταρτα", "tetarta", "κουπεσ", "κουπα", "koupes"),
        ("nt", "n", "no trumps", "notrumps", "no-trumps", "sans", "αχρωματιστα", "αχροα",
         "achromatista", "achroa"))):
    for _w in _words:
        _NAMES[_w] = _i

LEVELS = (6, 7, 8, 9, 10)
"""The numbers of tricks a contract may name."""

VALUES: dict[int, tuple[int, int, int, int, int]] = {
    6: (2, 3, 4, 5, 6),
    7: (7, 7, 7, 7, 8),
    8: (8, 8, 8, 8, 9),
    9: (9, 9, 9, 9, 10),
    10: (10, 10, 10, 10, 10),
}
"""The value of each contract in kasa: ``VALUES[tricks][denomination]`` (seed 000)."""


@dataclass(frozen=True, slots=True, order=True)
class Contract:
    """A contract: ``tricks`` (6–10) in ``denomination``.  Ordered as the auction orders them."""

    tricks: int
    denomination: Denomination

    def __post_init__(self) -> None:
        if self.tricks not in LEVELS:
            raise ParseError(f"bad contract {self.tricks}{Denomination(self.denomination)}: the "
                             "number of tricks runs from 6 to 10")
        object.__setattr__(self, "denomination", Denomination(self.denomination))

    # -- the ladder of the auction ---------------------------------------------------
    @property
    def step(self) -> int:
        """The position in the auction order: 0 for 6♠ … 24 for 10NT."""
        return (self.tricks - 6) * 5 + self.denomination

    @classmethod
    def from_step(cls, step: int) -> Contract:
        """The contract at ``step`` of the auction order."""
        if not 0 <= step < 25:
            raise ParseError(f"bad step {step}: expected 0 (6♠) to 24 (10NT)")
        return cls(6 + step // 5, Denomination(step % 5))

    def next(self) -> Contract | None:
        """The next contract up, or ``None`` after 10NT."""
        return None if self.step == 24 else Contract.from_step(self.step + 1)

    # -- what it is worth and how it is played ----------------------------------------
    @property
    def value(self) -> int:
        """The value in kasa (see :data:`VALUES`)."""
        return VALUES[self.tricks][self.denomination]

    @property
    def trump(self) -> Suit | None:
        return self.denomination.trump

    @property
    def defenders_need(self) -> int:
        """Tricks the defenders must take together: ``10 − tricks``."""
        return 10 - self.tricks

    def play_rules(self) -> PlayRules:
        """Follow suit; if void, any trump (must_trump); no obligation to overtake."""
        return PlayRules(trump=self.trump, must_trump=True, overtake=Overtake.NEVER)

    # -- text ------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Contract:
        """``6H``, ``6♥``, ``6 hearts``, ``7 NT``, ``6 Τέταρτα``, or a bare name for six tricks."""
        text = check_text(text, "contract", "e.g. '6H', '7NT' or '6 Τέταρτα'")
        t = text.strip()
        digits = t[:len(t) - len(t.lstrip("0123456789"))]  # ASCII only: not '²', '١', '２'
        rest = t[len(digits):].strip()
        if not rest:
            raise ParseError(f"bad contract {text.strip()!r}: expected tricks and a "
                             "denomination, e.g. '6H', '7NT' or '6 Τέταρτα'")
        n = int(digits) if digits else 6
        if n not in LEVELS:
            raise ParseError(f"bad contract {text.strip()!r}: the number of tricks runs from "
                             "6 to 10")
        try:
            d = Denomination.find(rest)
        except ParseError:
            raise ParseError(f"bad contract {text.strip()!r}: expected tricks and a "
                             "denomination, e.g. '6H', '7NT' or '6 Τέταρτα'") from None
        return cls(n, d)

    @property
    def symbols(self) -> str:
        """With a suit symbol: ``6♥``, ``7NT``."""
        return f"{self.tricks}{self.denomination.symbol}"

    @property
    def greek(self) -> str:
        """As called at the table: ``6 Τέταρτα``."""
        return f"{self.tricks} {self.denomination.greek}"

    def __str__(self) -> str:
        return f"{self.tricks}{self.denomination.letter}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"


ALL_CONTRACTS: tuple[Contract, ...] = tuple(Contract.from_step(i) for i in range(25))
"""Every contract, lowest first."""
LOWEST = ALL_CONTRACTS[0]
"""6♠ (6 Πρώτα), the lowest contract."""

"""Honours (*honnörer*) twice over: the honour-trick table that measures a
hand for bidding, and the honour cards that score after the hand.

**The honour-trick table** (*honnörsstickstabell*, Werner & Sandgren 1949,
seed 003).  The honour cards of the table are A K Q J 10; ``x`` is a low card
(9 or lower).  Each suit is worth the first row below it fits; ``+`` is a
quarter of an honour trick (*honnörsstick*, ht), so ``1+`` is 1¼ and ``½+``
is ¾.  The hand's value is the sum over the four suits.

=====  ====================================================================
value  holding in one suit
=====  ====================================================================
2+     A K Q
2      A K (with or without J and 10)
1½     A Q (with or without J and 10)
1+     A J 10 or A J x; K Q J; a singleton A
1      A J (two cards); K Q; K J 10
½+     K J x
½      K J (two cards) or K x; Q J 10 or Q J x
¼ (+)  Q J (two cards), Q 10 or Q x; a singleton K, Q or J
=====  ====================================================================

Reading the table (our decisions, where the seed is short): a ``/`` in the
seed replaces the card before it (``A J 10/x`` is A J 10 or A J x); a row
does not apply when a higher honour the row does not name is also held (A J
x is not A J x if the king is there: that is A K); "A J" and "K J" alone
mean exactly two cards.  The seed's table has no row for an ace with only
low cards (A x, A 10 x...); we count it as **1** honour trick, as the
bridge tables the Swedish one comes from do.

**Scoring honours** (seed 003, RULES.md §5): after the hand, the team
holding the contract's honour cards (as dealt) scores by the score table's
honour rows (:mod:`~prefa.priffe.options`).  The honours are the four top
trumps A K Q J in a trump contract (the five A K Q J 10 with the option
``trump_honours="AKQJT"``), the four aces in *play* and the four twos in noll
and forced noll.  With five trump honours the rows read "at least": a team
with all five scores as with four (40), four or five in one hand 50.
Honours score for the team that holds them whether or not the contract is
made, and never count towards a game.

>>> from prefa.cards import CardSet
>>> hand = CardSet.parse("SAKQ5 HKJ4 DQ83 CJ762")
>>> [ht_text(q) for q, _ in suit_honour_tricks_all(hand)]
['2+', '½+', '+', '0']
>>> ht_text(honour_tricks(hand))
'3+'
>>> from prefa.priffe.contract import Contract
>>> str(honour_cards(Contract.HEARTS)), str(honour_cards(Contract.NOLL))
('HAKQJ', 'S2 H2 D2 C2')
>>> from prefa.priffe.options import PriffeRules
>>> str(honour_cards(Contract.HEARTS, PriffeRules(trump_honours="AKQJT")))
'HAKQJT'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import ACE, JACK, KING, QUEEN, TEN, CardSet, Suit, make_card
from ..errors import ParseError
from .contract import Contract
from .options import PriffeRules, ScoreTable
from .teams import TEAMS

_R = {"A": ACE, "K": KING, "Q": QUEEN, "J": JACK, "T": TEN}


@dataclass(frozen=True, slots=True)
class HonourTrickRow:
    """One row of the honour-trick table.

    The row fits a suit holding that has every rank of ``need``, none of
    ``without``, and from ``min_len`` to ``max_len`` cards.
    """

    holding: str
    """The holding as the table writes it."""
    quarters: int
    """The value in quarters of an honour trick."""
    need: str
    without: str = ""
    min_len: int = 1
    max_len: int = 13
    source: str = "seed 003"

    def fits(self, ranks: Sequence[int]) -> bool:
        held = set(ranks)
        return (all(_R[c] in held for c in self.need)
                and not any(_R[c] in held for c in self.without)
                and self.min_len <= len(ranks) <= self.max_len)

    @property
    def value(self) -> str:
        """The value as the table writes it (``2+``, ``1½``...)."""
        return ht_text(self.quarters)


HONOUR_TRICK_TABLE: tuple[HonourTrickRow, ...] = (
    HonourTrickRow("A K Q", 9, "AKQ"),
    HonourTrickRow("A K", 8, "AK", "Q"),
    HonourTrickRow("A Q", 6, "AQ", "K"),
    HonourTrickRow("A J 10 / A J x", 5, "AJ", "KQ", min_len=3),
    HonourTrickRow("A J", 4, "AJ", "KQ", max_len=2),
    HonourTrickRow("singleton A", 5, "A", max_len=1),
    HonourTrickRow("A x", 4, "A", "KQJ", min_len=2, source="our reading"),
    HonourTrickRow("K Q J", 5, "KQJ", "A"),
    HonourTrickRow("K Q", 4, "KQ", "AJ"),
    HonourTrickRow("K J 10", 4, "KJT", "AQ"),
    HonourTrickRow("K J x", 3, "KJ", "AQT", min_len=3),
    HonourTrickRow("K J", 2, "KJ", "AQ", max_len=2),
    HonourTrickRow("K x", 2, "K", "AQJ", min_len=2),
    HonourTrickRow("singleton K", 1, "K", max_len=1),
    HonourTrickRow("Q J 10", 2, "QJT", "AK"),
    HonourTrickRow("Q J x", 2, "QJ", "AKT", min_len=3),
    HonourTrickRow("Q J", 1, "QJ", "AK", max_len=2),
    HonourTrickRow("Q 10 / Q x", 1, "Q", "AKJ", min_len=2),
    HonourTrickRow("singleton Q", 1, "Q", max_len=1),
    HonourTrickRow("singleton J", 1, "J", max_len=1),
)
"""The table, highest rows first; the first row that fits a suit gives its value."""


def ht_text(quarters: int) -> str:
    """Honour tricks as the table writes them: ``2+`` (2¼), ``1½``, ``½+`` (¾), ``+`` (¼).

    >>> [ht_text(q) for q in (0, 1, 2, 3, 4, 5, 6, 7, 14)]
    ['0', '+', '½', '½+', '1', '1+', '1½', '1½+', '3½']
    """
    whole, rest = divmod(quarters, 4)
    half = "½" if rest >= 2 else ""
    plus = "+" if rest % 2 else ""
    if whole == 0 and (half or plus):
        return half + plus
    return f"{whole}{half}{plus}"


def parse_ht(text: str) -> int:
    """Parse honour tricks into quarters: ``3½``, ``3 1/2``, ``3.5``, ``2+``, ``2¼``, ``½+``.

    >>> [parse_ht(t) for t in ("3½", "3 1/2", "3.5", "2+", "2¼", "½+", "+", "4", "0")]
    [14, 14, 14, 9, 9, 3, 1, 16, 0]
    """
    m = _HT_RE.fullmatch(text.strip())
    if m is None or not any(m.groups()):
        raise ParseError(f"bad honour-trick value {text.strip()!r}: expected e.g. 3½, 2+ "
                         "or 1.5")
    whole, frac, plus = m.groups()
    total = float(whole.replace(",", ".")) * 4 if whole else 0.0
    total += _FRACTIONS[frac] if frac else 0
    total += 1 if plus else 0
    if total != int(total):
        raise ParseError(f"bad honour-trick value {text.strip()!r}: expected whole quarters "
                         "(2+, 1½, ½+...)")
    return int(total)


_HT_RE = re.compile(r"([0-9]+(?:[.,][0-9]+)?)?\s*(½|¼|¾|1/2|1/4|3/4)?\s*(\+)?")  # ASCII digits only
_FRACTIONS = {"½": 2, "1/2": 2, "¼": 1, "1/4": 1, "¾": 3, "3/4": 3}


def suit_honour_tricks(ranks: Sequence[int]) -> tuple[int, HonourTrickRow | None]:
    """Quarters of honour tricks of one suit (its rank numbers) and the row that fits."""
    for row in HONOUR_TRICK_TABLE:
        if row.fits(ranks):
            return row.quarters, row
    return 0, None


def suit_honour_tricks_all(hand: CardSet) -> list[tuple[int, HonourTrickRow | None]]:
    """The honour tricks of each suit of ``hand`` (S H D C)."""
    return [suit_honour_tricks(hand.ranks(s)) for s in Suit]


def honour_tricks(hand: CardSet) -> int:
    """The honour tricks of a whole hand, in quarters (``ht_text`` writes them)."""
    return sum(q for q, _ in suit_honour_tricks_all(hand))


def honour_tricks_words(hand: CardSet, total: bool = True) -> str:
    """Suit by suit, the row that fits and its value, and the total.

    >>> honour_tricks_words(CardSet.parse("SAKQ5 HKJ4 DQ83 CJ762"))
    '♠ A K Q = 2+; ♥ K J x = ½+; ♦ Q 10 / Q x = +; total 3+'
    """
    parts = []
    for s, (q, row) in zip(Suit, suit_honour_tricks_all(hand)):
        if row is not None:
            parts.append(f"{s.symbol} {row.holding} = {row.value}")
    if total:
        parts.append(f"total {ht_text(honour_tricks(hand))}")
    return "; ".join(parts)


# -- scoring honours ---------------------------------------------------------------------
def honour_cards(contract: Contract, rules: PriffeRules | None = None) -> CardSet:
    """The honour cards that score in ``contract``: the trump A K Q J by
    default (A K Q J 10 with ``trump_honours="AKQJT"``), the aces in play, the
    twos in noll and forced noll."""
    rules = rules or PriffeRules()
    if contract.trump is not None:
        return CardSet.of(make_card(contract.trump, _R[c]) for c in rules.trump_honours)
    rank = ACE if contract is Contract.PLAY else 0  # the aces, or the twos
    return CardSet.of(make_card(s, rank) for s in Suit)


def honour_counts(hands: Sequence[CardSet], contract: Contract,
                  rules: PriffeRules | None = None) -> tuple[int, ...]:
    """How many of the contract's honour cards each seat was dealt."""
    hc = honour_cards(contract, rules)
    return tuple(len(h & hc) for h in hands)


def honour_row(counts: Sequence[int], team: int,
               table: ScoreTable) -> tuple[int, int, int] | None:
    """The honour row ``team`` scores by (``None``: no honour points)."""
    a, b = TEAMS[team]
    together, alone = counts[a] + counts[b], max(counts[a], counts[b])
    for row in table.honours:
        if together >= row[0] and alone >= row[1]:
            return row
    return None


def honour_points(counts: Sequence[int], table: ScoreTable) -> tuple[int, int]:
    """The honour points of team 0 and team 1 from the honours each seat holds.

    The rows read "at least", so the same table serves four honours (aces,
    twos, or the trumps A K Q J of the default) and the five trump honours
    A K Q J 10 of ``trump_honours="AKQJT"``: ``(3, 0, 2, 0)`` is all five for
    team 0, 40.

    >>> from prefa.priffe.options import STANDARD, ALTERNATIVE
    >>> honour_points((2, 1, 1, 0), STANDARD), honour_points((2, 1, 1, 0), ALTERNATIVE)
    ((20, 0), (0, 0))
    >>> honour_points((0, 3, 0, 1), STANDARD), honour_points((0, 3, 0, 1), ALTERNATIVE)
    ((0, 40), (0, 40))
    >>> honour_points((3, 0, 2, 0), STANDARD), honour_points((0, 4, 0, 1), STANDARD)
    ((40, 0), (0, 50))
    """
    if len(counts) != 4:
        raise ParseError(f"honour counts {tuple(counts)}: expected four, one per seat")
    out = []
    for team in (0, 1):
        row = honour_row(counts, team, table)
        out.append(row[2] if row else 0)
    return (out[0], out[1])


def honours_words(counts: Sequence[int], table: ScoreTable) -> str:
    """The honour score in words, for quizzes and lessons.

    >>> from prefa.priffe.options import STANDARD
    >>> honours_words((1, 3, 0, 0), STANDARD)
    'team 0 holds 1 (1+0), team 1 holds 3 (3+0): team 1 scores 20'
    """
    parts = []
    for team in (0, 1):
        a, b = TEAMS[team]
        parts.append(f"team {team} holds {counts[a] + counts[b]} ({counts[a]}+{counts[b]})")
    pts = honour_points(counts, table)
    who = [f"team {t} scores {p}" for t, p in enumerate(pts) if p]
    return ", ".join(parts) + ": " + (" and ".join(who) if who else "nobody scores")

"""Hand evaluation: potential tricks, trump tricks, rezons (seed 001).

Three ways of counting the strength of a ten-card hand, each with its home
here and used by :mod:`.bidding` and :mod:`.whist`:

- **Potential tricks** (D. Gulin, "Procjena vrijednosti dodijeljenih
  karata"): each suit holding is worth the value of the strongest pattern of
  :data:`POTENTIAL_TABLE` it matches card by card (``x`` is any card, so
  ``KQ9`` matches ``KJ9``); the sum is adjusted for the seat (first on lead
  gains, second loses) and the shape (four suits lose, three or two gain).
  Gulin gives the direction of these adjustments, not their size: the half
  tricks of :data:`POSITION_ADJUSTMENT` and :data:`SHAPE_ADJUSTMENT` are ours.
  The talon adds 1 to 1.5 potential tricks; a hand with 4.5 may bid.
- **Trump tricks** (adutski štih) of a defender: a trump counts when it has
  enough guards below it (A; K-x; Q-x-x; J-x-x-x) — Gulin: a defender's
  potential trump tricks become sure once the declarer names his game.
- **Rezons** (rezoni): the strong holdings of a side suit — an ace, a guarded
  king (K-x, "dupli pop"), a queen with two small (Q-x-x, "treća dama") — one
  per suit, two in a suit the declarer bought from the talon, plus every
  trump trick (tournament rules, rule 7).

>>> hand = CardSet.parse("SAK HQ98 DA CKJ87")
>>> [potential_tricks(hand.ranks(s)) for s in Suit], hand_potential(hand)
([2.0, 0.5, 1.0, 1.5], 5.0)
>>> trump_tricks(hand, Suit.HEARTS), rezons(hand, Suit.HEARTS), sure_tricks(hand, Suit.HEARTS)
(1, 4, 4)
>>> print(evaluate(hand, seat=1))
pass — Potential tricks (Gulin): Your cards hold 5 potential tricks by Gulin's table (♠AK 2, ♥Q98 0.5, ♦A 1, ♣KJ87 1.5), and being second on lead takes off 0.5, a four-suited hand takes off 0.5: 4 in all. With the 1 to 1.5 tricks the talon usually brings, that makes 5 to 5.5, short of what a bid wants (about 4.5 in hand, 6 with the talon).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations
from typing import Mapping, Sequence

from ...advice import Advice
from ...cards import ACE, EIGHT, JACK, KING, NINE, QUEEN, RANK_CHARS, SEVEN, TEN, CardSet, Suit
from ...i18n import N_, _, language, ngettext, number, table_word
from .checks import cards_held, check_trump, full_hand

# -- schools (the names every convention module uses; the learner reads each one's
# label, prefa.quiz.SCHOOLS) --------------------------------------------------------------
SITE = "site rules"
"""The rules page of the Serbian site that opens seed 001, written before the
v1.2 rules it is followed by: its LICITACIJA minimums, its PRATNJA cases
1)–8) and the 20-bule fine of case 6 for a missed mandatory kontra."""
V12 = "v1.2 rules"
"""The "PREFERANS PRAVILA, verzija 1.2" text of seed 001 (26 October 2001):
chapters 1–17, with the agreements of ch.16 (DOGOVORI) a table may adopt
(spades bought with the talon: two aces, or a trump trick and an ace)."""
TOURNAMENT = "tournament rules"
"""The Croatian tournament rules of seed 001 (PRAVILA TURNIRA)."""
GULIN = "Gulin"
"""D. Gulin, "Umijeće igranja preferansa", as quoted in seed 001."""
STRATEGY = "strategy text"
"""The strategy text of seed 001 (STRATEGIJA IGRE: "Pratnja na Piku", the leads, the
betl defence); one school, whichever convention quotes it (it was called the
"strategy article" here and the "strategy text" in the leads, two names for one)."""

# -- card-by-card patterns --------------------------------------------------------------
_PATTERN_RANK = {"A": ACE, "K": KING, "Q": QUEEN, "J": JACK, "T": TEN, "9": NINE,
                 "8": EIGHT, "7": SEVEN, "x": SEVEN, "y": SEVEN}


def dominates(ranks: Sequence[int], pattern: str) -> bool:
    """True when a suit holding is at least ``pattern``, card by card.

    ``pattern`` uses ``A K Q J T 9 8 7`` and ``x`` for any card; the holding
    must be as long and its i-th highest card at least the pattern's.

    >>> dominates(CardSet.parse("HKQ9").ranks(Suit.HEARTS), "KJ9")
    True
    >>> dominates(CardSet.parse("HK9").ranks(Suit.HEARTS), "Qxx")
    False
    """
    need = sorted((_PATTERN_RANK[c] for c in pattern), reverse=True)
    have = sorted(ranks, reverse=True)
    return len(have) >= len(need) and all(h >= n for h, n in zip(have, need))


def holding_text(ranks: Sequence[int]) -> str:
    """A suit holding as rank letters, highest first (``'AK7'``); ``-`` when void."""
    return "".join(RANK_CHARS[r] for r in sorted(ranks, reverse=True)) or "-"


# -- Gulin's table ------------------------------------------------------------------------
POTENTIAL_TABLE: tuple[tuple[str, float], ...] = (
    ("Kx", 0.5), ("Qxx", 0.5), ("Jxxx", 0.5),
    ("A", 1.0), ("KQ", 1.0), ("QJT", 1.0), ("JT98", 1.0),
    ("AQ", 1.5), ("KJ9", 1.5), ("KTxx", 1.5), ("QJTx", 1.5), ("AJx", 1.5),
    ("AK", 2.0), ("KQJ", 2.0), ("QJT9", 2.0), ("JT987", 2.0),
    ("AKJ", 2.5), ("KQTx", 2.5), ("QJ987", 2.5),
    ("AKQ", 3.0), ("KQJx", 3.0), ("QJT9x", 3.0),
    ("AKJT", 3.5), ("KQTxx", 3.5),
    ("AKQJ", 4.0), ("KQJTx", 4.0), ("QJTxxx", 4.0),
    ("AKQJx", 5.0), ("KQJT9x", 5.0),
)
"""Potential tricks of a suit holding (001 Gulin, Procjena): pattern, value.

Gulin writes ``y`` for any small card and D (dama) for the queen; here
``x`` and ``Q``.  A holding is worth the best value among the patterns it
matches card by card (:func:`dominates`)."""

POSITION_ADJUSTMENT: Mapping[int, float] = {0: 0.5, 1: -0.5, 2: 0.0}
"""Seat in playing order from the forehand → adjustment: first on lead gains
(he chooses the play), second loses (a defender leads through him), last
about neither (Gulin gives the direction; the half trick is ours)."""

SHAPE_ADJUSTMENT: Mapping[int, float] = {4: -0.5, 3: 0.5, 2: 1.5, 1: 1.5}
"""Number of suits held → adjustment: four suits lose value, three gain, two
gain most (Gulin's directions, our sizes)."""

SHAPE_BONUS: Mapping[tuple[int, ...], float] = {(4, 4, 2): 1.0, (5, 4, 1): 1.0}
"""Three-suited shapes Gulin singles out as gaining most (replaces the
three-suit value)."""

TALON_TRICKS = (1.0, 1.5)
"""What the two talon cards add to a declarer's potential tricks (Gulin)."""
BID_MINIMUM = 4.5
"""Potential tricks in hand to start bidding (Gulin: 5 is sound, 4.5 for the braver)."""
BID_SOUND = 5.0
TRICKS_TO_PASS = 6
"""Tricks a declarer needs to pass (prolaz)."""


def _best_pattern(ranks: Sequence[int]) -> tuple[str, float] | None:
    best = None
    for pattern, value in POTENTIAL_TABLE:
        if dominates(ranks, pattern) and (best is None or value > best[1]):
            best = (pattern, value)
    return best


def potential_tricks(ranks: Sequence[int]) -> float:
    """Potential tricks of one suit holding by Gulin's table (0 when nothing matches).

    >>> [potential_tricks(CardSet.parse(h).ranks(Suit.SPADES))
    ...  for h in ("SA", "SKQ", "SK7", "SAQ", "SAKJ")]
    [1.0, 1.0, 0.5, 1.5, 2.5]
    """
    best = _best_pattern(ranks)
    return best[1] if best else 0.0


def hand_potential(hand: CardSet) -> float:
    """The table's potential tricks summed over the four suits (no adjustment)."""
    return sum(potential_tricks(hand.ranks(s)) for s in Suit)


def shape(hand: CardSet) -> tuple[int, ...]:
    """Suit lengths, longest first, voids left out: ``(5, 4, 1)``."""
    return tuple(sorted((n for n in (hand.count(s) for s in Suit) if n), reverse=True))


def shape_adjustment(hand: CardSet) -> float:
    """Gulin's shape adjustment (sizes ours): see :data:`SHAPE_ADJUSTMENT`.

    >>> [shape_adjustment(CardSet.parse(h)) for h in ("SAK HQ98 DA CKJ87", "SAKQJ7 HAQ87 DA")]
    [-0.5, 1.0]
    """
    sh = shape(hand)
    if sh in SHAPE_BONUS:
        return SHAPE_BONUS[sh]
    return SHAPE_ADJUSTMENT.get(len(sh), 0.0)


def position_adjustment(seat: int | None) -> float:
    """Gulin's seat adjustment (sizes ours); ``seat`` counts from the forehand (0)."""
    return 0.0 if seat is None else POSITION_ADJUSTMENT[seat % 3]


# -- trump tricks, sure tricks, rezons ----------------------------------------------------
def trump_tricks(hand: CardSet, trump: int | None) -> int:
    """A defender's trump tricks: a trump counts when the holding has at least
    as many cards as there are ranks from the ace down to it (A; K-x; Q-x-x;
    J-x-x-x).

    >>> [trump_tricks(CardSet.parse(h), Suit.SPADES)
    ...  for h in ("SA", "SK7", "SQ87", "SJ987", "SAQ", "SKQ8", "S987")]
    [1, 1, 1, 1, 1, 2, 0]
    """
    if trump is None:
        return 0
    rs = hand.ranks(trump)
    return sum(1 for r in rs if ACE - r < len(rs))


def _top_sequence(ranks: Sequence[int]) -> int:
    n = 0
    for r in range(ACE, SEVEN - 1, -1):
        if r not in ranks:
            break
        n += 1
    return n


def sure_tricks(hand: CardSet, trump: int | None = None) -> int:
    """Trump tricks plus the top cards of each side suit (A, A-K, A-K-Q…); in a
    trump game at most two per side suit, since the declarer ruffs the third round."""
    total = trump_tricks(hand, trump)
    for s in Suit:
        if s != trump:
            top = _top_sequence(hand.ranks(s))
            total += min(top, 2) if trump is not None else top
    return total


def side_rezons(hand: CardSet, trump: int | None = None, talon: CardSet | None = None) -> int:
    """Rezons outside the trump suit: one per suit holding an ace, K-x or Q-x-x
    (or better); up to two (A, K-x, Q-x-x counted apart) in a suit of the
    bought talon (tournament rule 7)."""
    bought = {s for s in Suit if talon is not None and talon.has_suit(s)}
    n = 0
    for s in Suit:
        if s == trump:
            continue
        rs = hand.ranks(s)
        if s in bought:
            n += min(2, sum(1 for r, need in ((ACE, 1), (KING, 2), (QUEEN, 3))
                            if r in rs and len(rs) >= need))
        elif holds(rs, "R"):
            n += 1
    return n


def rezons(hand: CardSet, trump: int | None = None, talon: CardSet | None = None) -> int:
    """Rezons in all: :func:`side_rezons` plus every trump trick."""
    return side_rezons(hand, trump, talon) + trump_tricks(hand, trump)


# -- named holdings -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Holding:
    """A named suit holding of the seeds' minimum lists, with its strength tier:
    a suit holding satisfies a name when it matches that name's pattern or the
    pattern of any name of the same or a higher tier."""

    pattern: str
    tier: int
    english: str
    plural: str
    local: str


HOLDINGS: Mapping[str, Holding] = {h.pattern: h for h in (
    Holding("AKQJT", 8, N_("the five top cards of a suit"), N_("five top cards twice"),
            "pet majorskih karata"),
    Holding("AKJ", 7, N_("ace-king-jack"), N_("two ace-king-jacks"), "kec, kralj i pub"),
    Holding("AK", 6, N_("ace-king"), N_("two ace-kings"), "kec i kralj"),
    Holding("AQ", 5, N_("ace-queen"), N_("two ace-queens"), "gabula, velike makaze"),
    Holding("A", 4, N_("an ace"), N_("two aces"), "kec"),
    Holding("KQ", 3, N_("king-queen"), N_("two king-queens"), "bela"),
    Holding("Kx", 2, N_("a guarded king (K-x)"), N_("two guarded kings"), "bezec kralj"),
    Holding("Qxx", 2, N_("a queen with two small (Q-x-x)"), N_("two queens third"),
            "treća dama"),
)}
"""The holdings the minimum lists name, strongest first.  An ace ranks above a
bela, and K-x equals Q-x-x (both half a potential trick in Gulin's table)."""

REZON_TIER = 2
"""``R`` (a strong rezon, jak rezon): an ace, K-x, Q-x-x or better."""


def holds(ranks: Sequence[int], name: str) -> bool:
    """True when a suit holding satisfies ``name``: a :data:`HOLDINGS` key, ``R``
    (a strong rezon) or, for any other text, a card-by-card pattern.

    >>> s = CardSet.parse("SA7 HKQ DQ87")
    >>> [holds(s.ranks(suit), name) for suit, name in
    ...  ((Suit.SPADES, "KQ"), (Suit.HEARTS, "A"), (Suit.DIAMONDS, "R"))]
    [True, False, True]
    """
    if name == "R":
        tier = REZON_TIER
    elif name in HOLDINGS:
        tier = HOLDINGS[name].tier
    else:
        return dominates(ranks, name)
    return any(h.tier >= tier and dominates(ranks, h.pattern) for h in HOLDINGS.values())


@dataclass(frozen=True, slots=True)
class Need:
    """A minimum holding parsed from the list notation: ``T`` a trump trick,
    ``TT`` two, ``t:PATTERN`` a trump holding, then side-suit holdings (each in
    its own suit), a holding may carry ``@place`` (a suit set named by the
    caller, e.g. ``KQ@bought``)."""

    text: str
    trump_tricks: int
    trump_pattern: str | None
    side: tuple[tuple[str, str | None], ...]


@lru_cache(maxsize=None)
def parse_need(text: str) -> Need:
    """Parse ``"T KQ@bought"``, ``"t:xxx A A"``…

    >>> n = parse_need("t:xx A Kx@bought")
    >>> n.trump_tricks, n.trump_pattern, n.side
    (0, 'xx', (('A', None), ('Kx', 'bought')))
    """
    tt, tp, side = 0, None, []
    for tok in text.split():
        if tok in ("T", "TT"):
            tt += len(tok)
        elif tok.startswith("t:"):
            tp = tok[2:]
        else:
            name, _, place = tok.partition("@")
            side.append((name, place or None))
    return Need(text, tt, tp, tuple(side))


def meets(hand: CardSet, need: str | Need, trump: int | None,
          places: Mapping[str, frozenset[int]] | None = None) -> bool:
    """True when ``hand`` holds ``need``; side holdings go to distinct non-trump
    suits, a holding with ``@place`` only to a suit in ``places[place]``.

    >>> h = CardSet.parse("SK8 HA87 DKQ CQ97")
    >>> meets(h, "T A KQ", Suit.SPADES), meets(h, "A A", Suit.SPADES)
    (True, False)
    """
    n = parse_need(need) if isinstance(need, str) else need
    if n.trump_tricks and trump_tricks(hand, trump) < n.trump_tricks:
        return False
    if n.trump_pattern is not None and (
            trump is None or not dominates(hand.ranks(trump), n.trump_pattern)):
        return False
    sides = [s for s in Suit if s != trump]
    places = places or {}
    for assign in permutations(sides, len(n.side)):
        if all(holds(hand.ranks(s), name) and (place is None or s in places.get(place, ()))
               for s, (name, place) in zip(assign, n.side)):
            return True
    return False


_TRUMP_WORDS = {"xx": N_("two trumps"), "xxx": N_("three trumps"), "xxxx": N_("four trumps"),
                "Jxxx": N_("the jack fourth in trumps"), "Txxx": N_("the ten fourth in trumps"),
                "Kx": N_("a guarded trump king")}
_PLACE_WORDS = {"bought": N_("{holding} in the suit he bought"),
                "pair": N_("{holding} in the suit he bought two cards of"),
                "rest": N_("{holding} outside the two named games")}
_NUMBER_WORDS = {2: N_("two"), 3: N_("three")}


def need_text(need: str | Need) -> str:
    """A minimum holding in words, Serbian/Croatian terms beside English.

    >>> need_text("T KQ KQ"), need_text("t:xxx A A")
    ('a trump trick and two king-queens (bela)', 'three trumps and two aces (kec)')
    """
    n = parse_need(need) if isinstance(need, str) else need
    parts = []
    if n.trump_tricks:
        parts.append(_("a trump trick") if n.trump_tricks == 1 else _("two trump tricks"))
    if n.trump_pattern:
        parts.append(_(_TRUMP_WORDS[n.trump_pattern]) if n.trump_pattern in _TRUMP_WORDS
                     else _("trumps {pattern}").format(pattern=n.trump_pattern))
    counts: dict[tuple[str, str | None], int] = {}
    for item in n.side:
        counts[item] = counts.get(item, 0) + 1
    serbian = language() in ("sr", "sr-Cyrl")  # the local word is the text itself
    for (name, place), k in counts.items():
        if name == "R":
            word = ngettext("a strong rezon (A, K-x or Q-x-x)",
                            "{n} strong rezons (A, K-x or Q-x-x)", k).format(
                n=_(_NUMBER_WORDS[k]) if k in _NUMBER_WORDS else k)
        else:
            h = HOLDINGS.get(name)
            if h is None:
                word = name
            else:
                word = _(h.english if k == 1 else h.plural)
                if not serbian:
                    word = f"{word} ({table_word(h.local.split(',')[0])})"
        parts.append(_(_PLACE_WORDS[place]).format(holding=word) if place in _PLACE_WORDS
                     else word)
    if len(parts) == 1:
        return parts[0]
    return _("{some} and {last}").format(some=", ".join(parts[:-1]), last=parts[-1])


# -- the summary ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Evaluation:
    """The numbers of a hand's evaluation (see the module docstring)."""

    suits: tuple[float, float, float, float]
    """Potential tricks per suit, S H D C."""
    position: float
    shape: float
    trump: Suit | None = None
    trump_tricks: int = 0
    sure_tricks: int = 0
    rezons: int = 0

    @property
    def table(self) -> float:
        """Potential tricks by the table alone."""
        return sum(self.suits)

    @property
    def total(self) -> float:
        """Potential tricks after the seat and shape adjustments."""
        return self.table + self.position + self.shape

    @property
    def with_talon(self) -> tuple[float, float]:
        """The expected range once the declarer has bought the talon."""
        return (self.total + TALON_TRICKS[0], self.total + TALON_TRICKS[1])


def evaluation(hand: CardSet, trump: int | None = None, *, seat: int | None = None,
               talon: CardSet | None = None) -> Evaluation:
    """The numbers behind :func:`evaluate`.

    >>> e = evaluation(CardSet.parse("SAKQJ7 HAQ87 DA"), seat=0)
    >>> e.table, e.total, e.with_talon
    (7.5, 9.0, (10.0, 10.5))
    """
    full_hand(hand)
    if talon is not None:
        cards_held(talon, "talon")
    t = check_trump(trump)
    suits = tuple(potential_tricks(hand.ranks(s)) for s in Suit)
    return Evaluation(suits, position_adjustment(seat),  # type: ignore[arg-type]
                      shape_adjustment(hand), t,
                      trump_tricks(hand, t), sure_tricks(hand, t), rezons(hand, t, talon))


def _num(x: float) -> str:
    """A count of tricks as the reader's language writes it (``4.5``, Serbian ``4,5``)."""
    return number(x, 0 if x == int(x) else 1 if round(x, 1) == x else 2)


_SHAPE_WORDS: Mapping[tuple[int, bool], str] = {
    (4, False): N_("a four-suited hand takes off {n}"), (4, True): N_("a four-suited hand adds {n}"),
    (3, False): N_("a three-suited hand takes off {n}"), (3, True): N_("a three-suited hand adds {n}"),
    (2, False): N_("a two-suited hand takes off {n}"), (2, True): N_("a two-suited hand adds {n}"),
    (1, False): N_("a one-suited hand takes off {n}"), (1, True): N_("a one-suited hand adds {n}"),
}
"""The shape adjustment in words, by the number of suits held and its sign."""


def evaluate(hand: CardSet, trump: int | None = None, *, seat: int | None = None,
             talon: CardSet | None = None) -> Advice:
    """Gulin's evaluation as an :class:`Advice`: ``("2",)`` when the hand holds
    the 4.5 potential tricks to enter the bidding, else ``("pass",)``.  With a
    ``trump`` the reason also counts trump tricks, rezons and sure tricks (a
    defender's view of that game).
    """
    e = evaluation(hand, trump, seat=seat, talon=talon)
    parts = []
    for s in Suit:
        if e.suits[s]:
            parts.append(f"{'♠♥♦♣'[s]}{holding_text(hand.ranks(s))} {_num(e.suits[s])}")
    adj = []
    if e.position:
        adj.append((_("being first on lead adds {n}") if e.position > 0 else
                    _("being second on lead takes off {n}")).format(n=_num(abs(e.position))))
    if e.shape:
        adj.append(_(_SHAPE_WORDS[len(shape(hand)), e.shape > 0]).format(n=_num(abs(e.shape))))
    first = _("Your cards hold {n} potential tricks by Gulin's table ({holdings})").format(
        n=_num(e.table), holdings=", ".join(parts) or _("none"))
    if adj:
        first = _("{evaluation}, and {adjustments}: {total} in all.").format(
            evaluation=first, adjustments=", ".join(adj), total=_num(e.total))
    else:
        first = _("{evaluation}.").format(evaluation=first)
    lo, hi = e.with_talon
    enough = e.total >= BID_MINIMUM
    second = (_("With the 1 to 1.5 tricks the talon usually brings, that makes {low} to "
                "{high}: enough to bid (a bid wants about 4.5 in hand).") if enough else
              _("With the 1 to 1.5 tricks the talon usually brings, that makes {low} to "
                "{high}, short of what a bid wants (about 4.5 in hand, 6 with the talon).")
              ).format(low=_num(lo), high=_num(hi))
    if trump is not None:
        second = _("{evaluation} Against {suit} as trumps you would hold {trump_tricks}, "
                   "{rezons} and {sure_tricks}.").format(
            evaluation=second, suit=_(Suit(trump).name.lower()),
            trump_tricks=ngettext("{n} trump trick", "{n} trump tricks",
                                  e.trump_tricks).format(n=e.trump_tricks),
            rezons=ngettext("{n} rezon", "{n} rezons", e.rezons).format(n=e.rezons),
            sure_tricks=ngettext("{n} sure trick", "{n} sure tricks",
                                 e.sure_tricks).format(n=e.sure_tricks))
    return Advice(actions=("2",) if enough else ("pass",), convention="eval.potential-tricks",
                  name=_("Potential tricks (Gulin)"), reason=f"{first} {second}",
                  source="001 Gulin, Procjena vrijednosti dodijeljenih karata")


__all__ = ["BID_MINIMUM", "BID_SOUND", "Evaluation", "GULIN", "HOLDINGS", "Holding", "Need",
           "POSITION_ADJUSTMENT", "POTENTIAL_TABLE", "REZON_TIER", "SHAPE_ADJUSTMENT",
           "SHAPE_BONUS", "SITE", "STRATEGY", "TALON_TRICKS", "TOURNAMENT", "TRICKS_TO_PASS", "V12",
           "dominates", "evaluate", "evaluation", "hand_potential", "holding_text", "holds",
           "meets", "need_text", "parse_need", "position_adjustment", "potential_tricks",
           "rezons", "shape", "shape_adjustment", "side_rezons", "sure_tricks", "trump_tricks"]

"""Exact double-dummy solver for three-hand positions.

Every hand is open ("double dummy"): the solver finds how many tricks the
declarer takes when everybody plays perfectly.  It handles the suit games,
sans and preferans (the declarer wants as many tricks as possible) and betl
(the declarer wants none: he minimises his tricks, the defenders maximise
them), from the first lead or from any point of the play, with both defenders
or with one defender alone, under any :class:`~prefa.play.PlayRules`
(including the Russian must-overtake and must-overtrump switches).

A :class:`Position` says who holds what, who leads the current trick, the
cards already in it and the tricks the declarer has already won.
:func:`solve` gives the declarer's total tricks; :func:`card_table` gives,
for every legal card of the player to move, the declarer's total after that
card.

A betl of three cards each; seat 1 leads against the declarer (seat 0):

>>> from prefa.deal import Deal
>>> d = Deal.parse("HK D8 CT / SQ HJ CJ / S9 HA DA")
>>> p = Position.from_deal(d, declarer=0, leader=1, goal="betl")
>>> solve(p)
2
>>> {card_name(c): n for c, n in card_table(p).items()}
{'QS': 0, 'JH': 0, 'JC': 2}

Only the jack of clubs catches it.  In sans, with the declarer leading,
the same cards give him nothing:

>>> solve(Position.from_deal(d, declarer=0, leader=0))
0

Two backends give the same answers: this module's search, the readable
reference, and a port of it to C (``prefa/_solver/solver.c``, built at
install as the optional extension ``prefa._native``, and to WebAssembly for
Pyodide), which keeps exact table entries instead of generalised ones and
so searches the very tree of ``Solver(generalise=False)``.  The functions
here use the compiled core when it is there; :func:`backend` says which
runs, and ``PREFA_SOLVER=python`` in the environment forces this module's.

How it works.

- *Search*: a null-window alpha-beta search answers "does the declarer take
  at least *n* of the remaining tricks?"; an MTD-style driver moves *n* one
  step at a time to the exact value (upwards from 1 in betl, from the
  middle in the tricks games).  Inside the search the three cards of a
  trick are tried in nested loops; positions are looked up only at trick
  boundaries.
- *Tables*: a cache of exact positions keeps the bounds proven so far, and a
  transposition table keeps them in *relative ranks* (cards renumbered once
  the played cards are gone, so K-x against Q-x is one entry whether the
  jack is still out or not).  The table's entries are generalised the way
  the bridge solvers do with "winning ranks": the search reports the
  comparisons of ranks its answer depended on ("this card beat that one",
  in a trick or in a sure-trick count), and each one is kept either by the
  winning card (fixing who holds every card from the top of the suit down
  to it) or, in betl, by the losing card (fixing every card from the bottom
  up to it), whichever fixes fewer cards.  The entry then claims its bounds
  for every position with the same suit lengths in every hand and the same
  holders of the fixed cards; the cards in between are interchangeable.
  (Under overtaking duties every rank can matter, and entries stay exact.)
- *Equivalent cards*: cards that are neighbours among the cards still out,
  in one hand, are played once (the lowest of the run).  When every card of
  a player fails, another layout matched by the entry may split his runs
  and give him real choices; so a card of such a run whose rank mattered
  also fixes the card just below it (and a played card that mattered as a
  losing card fixes the top of its run).  Without this rule, generalised
  entries were wrong in every kind of game (the tests deal every layout an
  entry covers and solve it exactly).
- *Sure bounds*, worked out once per position: in the tricks games, the
  winners the side on lead can cash (a defender also through his partner's
  entry), and trumps above all of the other side's trumps.  In betl: the
  declarer *escapes* (takes nothing more) when, suit by suit, his i-th
  lowest card is below the defenders' i-th lowest card (then he can always
  go under; on lead he also needs a card that a defender must beat); he
  loses the current trick when he can go under whatever is led, and one of
  the next two when a defender keeps a suit whose cards all lie above his
  lowest card of it (led now, that card loses; else he can lead it); a lead
  below all his cards of a suit, which the partner can go under, catches
  him; on lead, he wins a trick when every defender can go under each of
  his leads, and all the rest when no defender can.
- *Move order*: the table's best move, then the last move that refuted at
  the same depth, then simple rules (winners, leads to the partner's
  winners, low cards; in betl, leads under the declarer's cards, and the
  highest card that still loses).

None of this trades exactness for speed: the tests compare the solver with
plain minimax on thousands of endings, with exact tables on longer
positions, and every generalised entry of many searches with exact solves
of the positions it covers.  The legal cards inside the search come from a
re-implementation of :func:`prefa.play.legal_cards` on raw integers; the
tests check that the two agree.

Where the time goes (measured on the benchmark's 60 deals; see
``benchmarks/bench_solver.py`` and the README).

- A node costs 10-11 microseconds, spread thinly: the trick loops and the
  table probes about a third, the sure bounds about a sixth, the rest in
  small helpers.  Caching the quick-trick count per suit made it 4% slower
  (building the key costs more than the count); pausing the garbage
  collector or skipping the sure bounds two tricks from the end changed
  nothing measurable.
- The search is close to the smallest tree its bounds and table allow:
  of the nodes that are refuted, the first card tried does it in 81-89%
  of the leads and 94-97% of the follows, the first two in 93-99%.
- The null-window driver starts in the middle in the tricks games because
  that is cheapest: starting one or two tricks lower or higher, or at the
  value of the previous layout of a lead evaluation, searched 0-14% more
  nodes.
- Betl is where the time goes.  In the slowest deal, the last proof ("the
  declarer takes at most five") is 248,000 of its 268,000 nodes: every
  line of the defenders is searched.  In about two thirds of the positions
  of that proof the declarer holds with a trick to spare, so a graded
  bound ("he loses at least *k* more tricks") would cut them; the simple
  candidates (counting the tricks he can surely duck, suit by suit) never
  fired on them, because a defender almost always holds a card below his
  lowest.  In the costly proofs the other way ("the defenders force *n*"),
  nine positions in ten sit exactly at the border, where only an exact
  bound helps.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from . import _solver as _solver_core
from .cards import (
    Card,
    CardSet,
    Suit,
    card_name,
    check_cardset,
    check_deck,
    check_trump,
    deck,
    parse_cards,
)
from .deal import Deal, is_seat
from .errors import IllegalPlay, RuleOptionError
from .play import Overtake, PlayRules, TrickPlay, check_play, legal_cards, trick_winner

__all__ = ["GOALS", "Position", "Solver", "backend", "card_table", "solve", "wants_tricks"]

GOALS = ("tricks", "betl")
"""The declarer's aims: ``"tricks"`` (take as many as possible: suit games,
sans, preferans) and ``"betl"`` (take none)."""

_IN_32 = deck(32).mask
_NOT_IN_32 = ~_IN_32

HAND_TRICKS = 10
"""Tricks in a hand of the three-hand games (ten cards each): no position
holds more, and the declarer's tricks won so far and those still to play
add up to at most this many."""


# ---------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Position:
    """A point of the play with every hand known.

    - ``hands``: the cards still held, one :class:`CardSet` per seat (three
      seats); the hand of the seat ``out`` is ignored and kept empty.
    - ``declarer``: the declarer's seat.
    - ``leader``: the seat that led (or will lead) the current trick.
    - ``rules``: the :class:`~prefa.play.PlayRules` of the game.
    - ``goal``: ``"tricks"`` or ``"betl"`` (see :data:`GOALS`).
    - ``trick``: the cards already played to the current trick, lead first.
    - ``won``: tricks the declarer has already won.
    - ``out``: a defender who does not play (tricks then have two cards), or
      ``None``.

    Seats play in order: seat ``i + 1`` follows seat ``i`` among the seats
    that play.  A position that cannot arise (hand sizes that do not match
    the trick, a card twice, an illegal card in the trick, more than
    :data:`HAND_TRICKS` cards in a hand) raises
    :class:`~prefa.errors.IllegalPlay`.  The values are checked here, once,
    and never inside the search: the hands are :class:`CardSet` s of the
    32-card deck (a 2 to 6 is refused by :func:`~prefa.cards.check_deck`),
    the seats are ``int`` s 0-2, ``rules`` a :class:`~prefa.play.PlayRules`,
    and ``won`` a whole number that leaves room for the tricks still to
    play (at most :data:`HAND_TRICKS` in all); a bad one raises a
    :class:`~prefa.errors.PrefaError` naming it.

    >>> from prefa.cards import parse_card
    >>> p = Position((CardSet.parse("SA"), CardSet.parse("-"), CardSet.parse("S7")),
    ...              declarer=0, leader=1, trick=(parse_card("KS"),))
    >>> p.to_move, p.tricks_left, str(p.legal_moves())
    (2, 1, 'S7')
    """

    hands: tuple[CardSet, ...]
    declarer: int
    leader: int
    rules: PlayRules = PlayRules()
    goal: str = "tricks"
    trick: tuple[Card, ...] = ()
    won: int = 0
    out: int | None = None

    def __post_init__(self) -> None:
        try:
            hands = tuple(self.hands)
        except TypeError:
            raise RuleOptionError(f"bad hands {self.hands!r}: expected three CardSets") from None
        if len(hands) != 3:
            raise RuleOptionError(f"a position has three hands, not {len(hands)}")
        for s, h in enumerate(hands):
            if type(h) is not CardSet or h.mask & _NOT_IN_32:  # the message comes from check_deck
                check_deck(check_cardset(h, f"hand of seat {s}"), 32)
        if not isinstance(self.rules, PlayRules):
            raise RuleOptionError(f"bad rules {self.rules!r}: expected a PlayRules")
        for name in ("declarer", "leader"):
            seat = getattr(self, name)
            if not is_seat(seat, 3):
                raise RuleOptionError(f"bad {name} seat {seat!r}: expected 0, 1 or 2")
        if self.out is not None:
            if not is_seat(self.out, 3):
                raise RuleOptionError(f"bad out seat {self.out!r}: expected 0, 1 or 2")
            if self.out == self.declarer:
                raise RuleOptionError(f"seat {self.out} is the declarer and cannot sit out")
            if self.out == self.leader:
                raise RuleOptionError(f"seat {self.out} sits out and cannot lead")
            hands = tuple(CardSet() if s == self.out else h for s, h in enumerate(hands))
        if self.goal not in GOALS:
            raise RuleOptionError(f"bad goal {self.goal!r}: expected 'tricks' or 'betl'")
        try:
            trick = tuple(self.trick)
        except TypeError:
            raise RuleOptionError(f"bad trick {self.trick!r}: expected a tuple of cards") from None
        for c in trick:
            if type(c) is not int or not 0 <= c < 64 or not _IN_32 >> c & 1:
                check_deck(trick, 32, "card in the trick")
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "trick", trick)
        active = self.active
        seen = 0
        for h in hands:
            if seen & h.mask:
                raise IllegalPlay(f"card {card_name(next(iter(CardSet(seen & h.mask))))!r} "
                                  "is in two hands")
            seen |= h.mask
        for c in trick:
            if seen >> c & 1:
                raise IllegalPlay(f"{card_name(c)} is in the trick and in a hand (or twice in "
                                  "the trick)")
            seen |= 1 << c
        if len(trick) >= len(active):
            raise IllegalPlay(f"the current trick holds {len(trick)} cards: a trick of "
                              f"{len(active)} players is complete at {len(active)}")
        left = len(hands[self.leader]) + (1 if trick else 0)
        if left > HAND_TRICKS:
            raise IllegalPlay(f"seat {self.leader} holds {len(hands[self.leader])} cards: "
                              f"expected at most {HAND_TRICKS} (a hand has {HAND_TRICKS} tricks)")
        won = self.won
        if not isinstance(won, int) or isinstance(won, bool) or not 0 <= won <= HAND_TRICKS - left:
            raise RuleOptionError(f"bad count of tricks won {won!r}: expected 0 to "
                                  f"{HAND_TRICKS - left} (a hand has {HAND_TRICKS} tricks, "
                                  f"{left} still to play)")
        order = self.seats_from(self.leader)
        after = len(hands[order[0]]) if not trick else len(hands[order[0]]) + 1
        for i, seat in enumerate(order):
            expect = after - 1 if i < len(trick) else after
            if len(hands[seat]) != expect:
                raise IllegalPlay(f"seat {seat} holds {len(hands[seat])} cards: expected "
                                  f"{expect} (hand sizes must match the trick in progress)")
        for i, c in enumerate(trick):
            seat = order[i]
            if c not in legal_cards(hands[seat].add(c), trick[:i], self.rules):
                raise IllegalPlay(f"{card_name(c)} in the current trick is not a legal card "
                                  f"for seat {seat}")

    # -- construction ---------------------------------------------------------
    @classmethod
    def from_deal(cls, deal: Deal, declarer: int, leader: int,
                  played: Iterable[Card] | str = (), *, trump: Suit | None = None,
                  goal: str = "tricks", out: int | None = None,
                  rules: PlayRules | None = None) -> Position:
        """The position after ``played`` (cards in order from the first lead).

        The solver knows no ruleset: it is told the declarer's ``goal``
        (``"tricks"`` or ``"betl"``, see :data:`GOALS`) and the ``trump``
        suit (a :class:`~prefa.cards.Suit`, or ``None`` for no trumps); a
        ruleset maps its games onto them (e.g.
        :func:`prefa.balkan.solve.position_from_deal`).  ``rules`` replaces
        the plain play rules ``PlayRules(trump=trump)`` (e.g. to add
        must-overtake); it carries its own trump, so a ``trump`` given with it
        must be the same.  ``played`` may be a list of cards or a text such as
        ``"AS 7S KS"``.  Each card is checked with
        :func:`prefa.play.legal_cards`; an illegal one raises
        :class:`~prefa.errors.IllegalPlay` naming it.

        >>> from prefa.cards import Suit
        >>> d = Deal.parse("SAK HA / SQJ H7 / ST9 HK")
        >>> p = Position.from_deal(d, declarer=0, leader=0, played="AS QS", trump=Suit.SPADES)
        >>> p.to_move, [card_name(c) for c in p.trick]
        (2, ['AS', 'QS'])
        >>> Position.from_deal(d, 0, 0, played="AS 7H")
        Traceback (most recent call last):
        ...
        prefa.errors.IllegalPlay: 7♥: seat 1 must follow spades (has ♠Q J)
        """
        if not isinstance(deal, Deal):
            raise RuleOptionError(f"bad deal {deal!r}: expected a Deal, "
                                  "e.g. Deal.parse('SA / SK / S7')")
        if goal not in GOALS:
            raise RuleOptionError(f"bad goal {goal!r}: expected 'tricks' or 'betl'")
        trump = check_trump(trump)
        if rules is None:
            rules = PlayRules(trump=trump)
        elif not isinstance(rules, PlayRules):
            raise RuleOptionError(f"bad rules {rules!r}: expected a PlayRules")
        elif trump is not None and rules.trump != trump:
            theirs = "none" if rules.trump is None else Suit(rules.trump).name.lower()
            raise RuleOptionError(f"trump {trump.name.lower()} differs from the rules' trump "
                                  f"({theirs}): give the trump in one of them")
        if len(deal.hands) != 3:
            raise RuleOptionError(f"the solver needs a deal of three hands, not {len(deal.hands)}")
        for name, seat in (("declarer", declarer), ("leader", leader), ("out", out)):
            if seat is not None and not is_seat(seat, 3):
                raise RuleOptionError(f"bad {name} seat {seat!r}: expected 0, 1 or 2")
        for s, h in enumerate(deal.hands):
            if s != out and h.mask & _NOT_IN_32:
                check_deck(h, 32)
        hands = [CardSet() if s == out else h for s, h in enumerate(deal.hands)]
        active = [s for s in range(3) if s != out]
        if leader not in active:
            raise RuleOptionError(f"seat {leader} sits out and cannot lead")
        if declarer == out:
            raise RuleOptionError(f"seat {declarer} is the declarer and cannot sit out")
        sizes = {len(hands[s]) for s in active}
        if len(sizes) != 1:
            raise IllegalPlay("the playing hands hold different numbers of cards: "
                              + ", ".join(f"seat {s} {len(hands[s])}" for s in active))
        if isinstance(played, str):
            played = parse_cards(played)
        tp = TrickPlay.start(hands, leader, rules, active)
        for c in played:
            tp.play(c)
        return cls(tuple(tp.hands), declarer, tp.leader, rules, goal, tuple(tp.trick),
                   tp.won[declarer], out)

    # -- derived --------------------------------------------------------------
    @property
    def active(self) -> tuple[int, ...]:
        """The seats that play, in seat order."""
        return tuple(s for s in range(3) if s != self.out)

    def seats_from(self, seat: int) -> tuple[int, ...]:
        """The playing seats in playing order, starting with ``seat``."""
        a = self.active
        i = a.index(seat)
        return a[i:] + a[:i]

    @property
    def to_move(self) -> int:
        """The seat to play the next card."""
        return self.seats_from(self.leader)[len(self.trick)]

    @property
    def tricks_left(self) -> int:
        """Tricks still to be decided, the current one included."""
        return len(self.hands[self.leader]) + (1 if self.trick else 0)

    def is_over(self) -> bool:
        """True when every card has been played."""
        return self.tricks_left == 0

    def legal_moves(self) -> CardSet:
        """The cards the seat to move may play (by :func:`prefa.play.legal_cards`)."""
        if self.is_over():
            return CardSet()
        return legal_cards(self.hands[self.to_move], self.trick, self.rules)

    def play(self, card: Card) -> Position:
        """The position after the seat to move plays ``card`` (checked).

        >>> from prefa.cards import parse_card
        >>> p = Position.from_deal(Deal.parse("SA / SK / S7"), 0, 1)
        >>> q = p.play(parse_card("KS")).play(parse_card("7S")).play(parse_card("AS"))
        >>> q.won, q.leader, q.is_over()
        (1, 0, True)
        """
        seat = self.to_move
        hand = self.hands[seat]
        check_play(card, None if self.is_over() else hand, self.trick, self.rules, seat)
        hands = list(self.hands)
        hands[seat] = hand.remove(card)
        trick = self.trick + (card,)
        leader, won = self.leader, self.won
        order = self.seats_from(self.leader)
        if len(trick) == len(order):
            leader = order[trick_winner(trick, self.rules)]
            won += leader == self.declarer
            trick = ()
        return Position(tuple(hands), self.declarer, leader, self.rules, self.goal, trick,
                        won, self.out)

    def __str__(self) -> str:
        seats = []
        for s in range(3):
            mark = "out" if s == self.out else str(self.hands[s])
            role = "declarer" if s == self.declarer else "defender"
            seats.append(f"seat {s} ({role}): {mark}")
        trick = " ".join(card_name(c) for c in self.trick) or "-"
        trump = "no trump" if self.rules.trump is None else f"trump {self.rules.trump.name.lower()}"
        return (f"{'; '.join(seats)}\n{self.goal}, {trump}; seat {self.leader} leads; "
                f"trick so far: {trick}; declarer has won {self.won}")


# ---------------------------------------------------------------------------
# Public functions
# ---------------------------------------------------------------------------

def solve(position: Position) -> int:
    """The declarer's total tricks (those already won included) with best play.

    >>> p = Position.from_deal(Deal.parse("SAK / SQJ / ST9"), 0, 1)
    >>> solve(p)
    2
    """
    return Solver().solve(position)


def card_table(position: Position) -> dict[Card, int]:
    """For each legal card of the player to move, the declarer's total tricks after it.

    Keys come in :class:`CardSet` order (suit by suit, high to low).  The
    best entry for the player to move (the maximum for a player who wants the
    declarer to take tricks, the minimum for one who does not) equals
    :func:`solve`.  An empty dict when the hand is over.

    >>> p = Position.from_deal(Deal.parse("SK DK CT / S9 CKQ / HQ8 C8"), 0, 1)
    >>> solve(p), {card_name(c): n for c, n in card_table(p).items()}
    (1, {'9S': 2, 'KC': 1, 'QC': 1})
    """
    return Solver().card_table(position)


def wants_tricks(position: Position, seat: int) -> bool:
    """True when ``seat`` wants the declarer to take tricks (the declarer in
    a tricks game, a defender in betl)."""
    return (seat == position.declarer) != (position.goal == "betl")


def backend() -> str:
    """``"native"`` when the compiled core (``prefa._native``, the same exact
    search in C) answers :func:`solve`, :func:`card_table` and :class:`Solver`,
    ``"python"`` when the search of this module does (no compiler at install,
    or ``PREFA_SOLVER=python`` in the environment).  Both give the same values.
    """
    return "native" if _solver_core.available() else "python"


class Solver:
    """A solver that keeps its transposition tables between calls.

    Solving many positions of one setting (same rules, declarer, seat out
    and goal), as sampling and principal variations do, reuses what earlier
    searches proved.  ``nodes`` counts the cards tried so far; the tables
    are dropped when they grow past ``max_entries`` entries.

    >>> s = Solver()
    >>> p = Position.from_deal(Deal.parse("SAK / SQJ / ST9"), 0, 1)
    >>> s.solve(p), s.card_table(p) == card_table(p)
    (2, True)

    ``backend`` chooses the search: ``None`` the default of :func:`backend`,
    ``"python"`` this module's, ``"native"`` the compiled core (a
    :class:`~prefa.errors.RuleOptionError` where it is not built).
    """

    def __init__(self, max_entries: int = 400_000, *, generalise: bool = True,
                 backend: str | None = None) -> None:
        self.max_entries = max_entries
        # generalise=False keeps table entries exact (no winning-ranks
        # generalisation): slower; the tests use it as a cross-check.
        self.generalise = generalise
        self._engines: dict[tuple, _Engine] = {}
        if backend is None:
            native = generalise and _solver_core.available()
        elif backend == "native":
            if not _solver_core.built():
                raise RuleOptionError("bad backend 'native': the native solver is not "
                                      f"built ({_solver_core.REASON})")
            native = True
        elif backend == "python":
            native = False
        else:
            raise RuleOptionError(f"bad backend {backend!r}: expected 'native' or 'python'")
        self.backend = "native" if native else "python"
        self._native: dict[tuple, _solver_core.NativeEngine] | None = {} if native else None

    @property
    def nodes(self) -> int:
        """Cards tried by every search so far."""
        n = sum(e.nodes for e in self._engines.values())
        if self._native:
            n += sum(e.nodes for e in self._native.values())
        return n

    def _native_engine(self, p: Position) -> _solver_core.NativeEngine:
        key = (p.rules, p.declarer, p.out, p.goal)
        e = self._native.get(key)
        if e is None:
            e = self._native[key] = _solver_core.NativeEngine(p.rules, p.declarer, p.out,
                                                              p.goal, self.max_entries)
        return e

    def _engine(self, p: Position) -> _Engine:
        key = (p.rules, p.declarer, p.out, p.goal)
        e = self._engines.get(key)
        if e is None:
            e = self._engines[key] = _Engine(p.rules, p.declarer, p.active, p.goal,
                                             self.max_entries, self.generalise)
        return e

    def solve(self, position: Position) -> int:
        """The declarer's total tricks with best play (see :func:`solve`)."""
        if position.is_over():
            return position.won
        if self._native is not None:
            n = self._native_engine(position)
            return position.won + n.engine.value(*n.args(position))
        e = self._engine(position)
        e.load(position)
        return position.won + e.value(position.leader, e.root_trick(position))

    def card_table(self, position: Position) -> dict[Card, int]:
        """Declarer's total after each legal card (see :func:`card_table`)."""
        if position.is_over():
            return {}
        if self._native is not None:
            n = self._native_engine(position)
            table = n.engine.table(*n.args(position))
            return {c: position.won + table[c] for c in position.legal_moves()}
        e = self._engine(position)
        e.load(position)
        table = e.table(position.leader, e.root_trick(position))
        return {c: position.won + table[c] for c in position.legal_moves()}

    def at_least(self, position: Position, tricks: int) -> bool:
        """True when the declarer takes at least ``tricks`` in total with best play.

        One null-window search: cheaper than :meth:`solve` when only a
        threshold matters (is the contract made? is the betl caught?).
        """
        need = tricks - position.won
        if need <= 0:
            return True
        if position.is_over():
            return False
        if self._native is not None:
            n = self._native_engine(position)
            return n.engine.at_least(*n.args(position), need)
        e = self._engine(position)
        e.load(position)
        return e.search(position.leader, e.root_trick(position), need)


# ---------------------------------------------------------------------------
# The search engine (raw integers, closures for speed)
# ---------------------------------------------------------------------------

_FIELD = 0xFFFF
BOT = 64
"""Offset of the bottom-relevant cards in a relevance mask (see ``_Engine``)."""


def _rep_field(u: int, legal: int) -> int:
    """Representatives of ``legal`` within one suit field: the lowest card of
    every run of legal cards not separated by another card still out (``u``)."""
    out = 0
    inside = False
    for r in range(16):
        b = 1 << r
        if not u & b:
            continue
        if legal & b:
            if not inside:
                out |= b
            inside = True
        else:
            inside = False
    return out


def _layout(a: int, b: int, c: int) -> int:
    """Code of one suit in relative ranks: two bits per card still out (1, 2
    or 3: which hand holds it), the highest card in the highest bits."""
    code = 0
    m = a | b | c
    while m:
        top = 1 << (m.bit_length() - 1)
        code = code * 4 + (1 if a & top else 2 if b & top else 3)
        m ^= top
    return code


class _Engine:
    """Search state for one setting: rules, declarer, playing seats, goal.

    Cards are mapped to internal integers ``suit * 16 + strength`` so that a
    higher bit always beats a lower one of the same suit, whatever rank
    order the rules use.  ``H`` holds the three hands as bitmasks while a
    search runs.
    """

    def __init__(self, rules: PlayRules, declarer: int, active: Sequence[int], goal: str,
                 max_entries: int, generalise: bool = True) -> None:
        self.rules = rules
        self.generalise = generalise
        self.declarer = declarer
        self.active = tuple(active)
        self.goal = goal
        self.nodes = 0
        # bucket key (leader, suit lengths) -> top cards fixed per suit ->
        # holders of those cards -> lower bound | upper bound << 4 | hint << 8
        self.tt: dict[int, dict[tuple, dict[tuple, int]]] = {}
        self.to_int: dict[Card, int] = {}
        self.from_int: dict[int, Card] = {}
        for suit in range(4):
            for rank in range(13):
                c = suit * 16 + rank
                try:
                    i = suit * 16 + rules.strength(c)
                except ValueError:  # a rank the rules' order leaves out
                    continue
                self.to_int[c] = i
                self.from_int[i] = c
        self.H = [0, 0, 0]
        self._build(max_entries)

    def entries(self):
        """The transposition table's entries, decoded (for tests and curiosity).

        Yields ``(leader, suits, lower, upper)``: after a trick, with
        ``leader`` to lead, the declarer takes between ``lower`` and
        ``upper`` of the remaining tricks in every position that matches
        ``suits``.  ``suits[i]`` is ``(lengths, holders)`` for suit ``i``:
        how many cards of it each seat holds, and, from the highest card
        still out down to the lowest, the seat holding it or ``None`` where
        the entry leaves that card free (any seat, within those lengths).
        """
        for bkey, bucket in self.tt.items():
            leader = bkey >> 48
            lengths = []
            for i in range(4):
                f = bkey >> (36 - 12 * i) & 0xFFF
                lengths.append((f & 15, f >> 4 & 15, f >> 8 & 15))
            for m, sub in bucket.items():
                for key, e in sub.items():
                    suits = []
                    for i in range(4):
                        n = sum(lengths[i])
                        holders = []
                        for pos in range(n - 1, -1, -1):  # the highest card first
                            if m >> (32 * i + 2 * pos) & 3:
                                holders.append((key >> (32 * i + 2 * pos) & 3) - 1)
                            else:
                                holders.append(None)
                        suits.append((lengths[i], tuple(holders)))
                    yield leader, tuple(suits), e & 15, e >> 4 & 15

    def load(self, p: Position) -> None:
        ti = self.to_int
        for s in range(3):
            m = 0
            for c in p.hands[s]:
                i = ti.get(c)
                if i is None:
                    raise RuleOptionError(f"{card_name(c)} has no place in the rank order "
                                          "of these rules")
                m |= 1 << i
            self.H[s] = m

    def root_trick(self, p: Position) -> list[int]:
        out = []
        for c in p.trick:
            i = self.to_int.get(c)
            if i is None:
                raise RuleOptionError(f"{card_name(c)} has no place in the rank order "
                                      "of these rules")
            out.append(i)
        return out

    def _build(self, max_entries: int) -> None:
        rules = self.rules
        H = self.H
        TT = self.tt
        # absolute position -> [bucket key, prefixes, lower bound, upper bound,
        # cards the lower bound depends on, cards the upper bound depends on,
        # sure bounds done]
        KC: dict[int, list] = {}
        DECL = self.declarer
        active = self.active
        NACT = len(active)
        NEXT = [0, 0, 0]
        for i, s in enumerate(active):
            NEXT[s] = active[(i + 1) % NACT]
        OTHERS = [tuple(o for o in active if o != s) for s in range(3)]
        PARTNER = [-1, -1, -1]
        if NACT == 3:
            for s in active:
                if s != DECL:
                    PARTNER[s] = 3 - s - DECL
        betl = self.goal == "betl"
        # WANT[s]: the answer seat s hopes for to "declarer takes >= need?"
        WANT = [(s == DECL) != betl for s in range(3)]
        trump = -1 if rules.trump is None else int(rules.trump)
        TS = 16 * trump
        TM = _FIELD << TS if trump >= 0 else 0
        SM = [_FIELD << (16 * s) for s in range(4)]
        must_trump = rules.must_trump and trump >= 0
        must_over = rules.must_overtrump and trump >= 0
        ot_all = rules.overtake is Overtake.ALWAYS
        ot_trump = rules.overtake is Overtake.TRUMP_LEAD
        ot_any = ot_all or ot_trump
        # Low cards may be generalised away only when no rule makes a player
        # compare his card with the trick's best (overtaking duties).
        exact_only = ot_any or must_over or not self.generalise
        # without those duties a follower's legal cards depend only on the suit led
        by_led = not (ot_any or must_over)
        # Relevance ("winning ranks"): an int whose low 64 bits are cards that
        # fix every card from the top of their suit down to them, and whose
        # bits 64-127 (``<< BOT``) are cards that fix every card from the
        # bottom of their suit up to them.  A comparison "w beats l" stays
        # true in a position that agrees on either set, so each one records
        # the cheaper of the two (``BOTH``), see ``cut``.
        BOTH = not exact_only and betl
        REP: dict[int, int] = {}
        LAY: dict[int, tuple[int, int]] = {}
        MTB: dict[int, int] = {}
        FORD: dict[int, tuple[int, ...]] = {}
        MASKP: dict[int, int] = {}
        ESC: dict[int, int] = {}
        ASC: dict[int, tuple[int, ...]] = {}
        DESC: dict[int, tuple[int, ...]] = {}
        counter = [0]
        stored = [0]
        KILLER = [-1] * 48
        BOTB = 1 << BOT
        # ABOVE[c]: the cards of c's suit above c; UPTO[c]: those up to c
        ABOVE = [(_FIELD << (c & 48)) & ~((2 << c) - 1) for c in range(64)]
        UPTO = [(_FIELD << (c & 48)) & ((2 << c) - 1) for c in range(64)]
        engine = self

        def clear() -> None:
            """Drop the tables and caches (they only ever speed things up)."""
            for d in (TT, KC, REP, LAY, MTB, FORD, MASKP, ESC, ASC, DESC):
                d.clear()
            ASC[0] = DESC[0] = ()
            stored[0] = 0

        self.clear = clear
        clear()

        def legal(h: int, led: int, best: int) -> int:
            f = h & SM[led]
            if f:
                if ot_any and (ot_all or led == trump) and best >> 4 == led:
                    hi = f >> (best + 1) << (best + 1)
                    if hi:
                        return hi
                return f
            if must_trump:
                t = h & TM
                if t:
                    if must_over and best >> 4 == trump:
                        hi = t >> (best + 1) << (best + 1)
                        if hi:
                            return hi
                    return t
            return h

        self.legal = legal

        def reps(moves: int, u: int) -> int:
            """One card per run of equivalent legal cards (the lowest)."""
            out = 0
            for s in (0, 16, 32, 48):
                lf = moves >> s & _FIELD
                if lf:
                    k = (u >> s & _FIELD) << 16 | lf
                    r = REP.get(k)
                    if r is None:
                        r = REP[k] = _rep_field(k >> 16, lf)
                    out |= r << s
            return out

        self.reps = reps

        def asc(m: int) -> tuple[int, ...]:
            out = []
            x = m
            while x:
                low = x & -x
                out.append(low.bit_length() - 1)
                x ^= low
            t = ASC[m] = tuple(out)
            DESC[m] = t[::-1]
            return t

        def lay(k: int, i: int) -> tuple[int, int]:
            """Layout code and the three holders' lengths of suit ``i``, placed
            where :func:`info` packs them (``k`` holds the three hands' fields
            of the suit, 64 bits apart)."""
            s = 16 * i
            fa, fb, fc = k >> s & _FIELD, k >> (64 + s) & _FIELD, k >> (128 + s) & _FIELD
            v = LAY[k] = (_layout(fa, fb, fc) << 2 * s,
                          (fa.bit_count() | fb.bit_count() << 4 | fc.bit_count() << 8)
                          << 12 * (3 - i))
            return v

        M3 = [(_FIELD | _FIELD << 64 | _FIELD << 128) << (16 * i) for i in range(4)]
        M30, M31, M32, M33 = M3

        def info(a: int, b: int, c: int, leader: int) -> tuple[int, int]:
            """(bucket key, layout code) of the position in hand: the bucket
            key packs the leader and every hand's suit lengths; the code has
            two bits per card still out (who holds it), suit ``i`` from bit
            ``32 * i``, the lowest card in the lowest bits."""
            x = a | b << 64 | c << 128
            k = x & M30
            l0 = LAY.get(k) or lay(k, 0)
            k = x & M31
            l1 = LAY.get(k) or lay(k, 1)
            k = x & M32
            l2 = LAY.get(k) or lay(k, 2)
            k = x & M33
            l3 = LAY.get(k) or lay(k, 3)
            return (leader << 48 | l0[1] | l1[1] | l2[1] | l3[1],
                    l0[0] | l1[0] | l2[0] | l3[0])

        def mask_of(rel: int, u: int) -> int:
            """The mask of the layout code that the cards ``rel`` make relevant:
            per suit, the top cards down to the lowest top-relevant card and
            the bottom cards up to the highest bottom-relevant one."""
            if exact_only:
                rel = u  # every card
            m = 0
            for i in (0, 16, 32, 48):
                rt = rel >> i & _FIELD
                rb = rel >> (BOT + i) & _FIELD
                if rt or rb:
                    k = (u >> i & _FIELD) << 32 | rb << 16 | rt
                    x = MASKP.get(k)
                    if x is None:
                        uf = u >> i & _FIELD
                        n = uf.bit_count()
                        t = (uf >> (rt & -rt).bit_length() - 1).bit_count() if rt else 0
                        b = (uf & ((2 << rb.bit_length() - 1) - 1)).bit_count() if rb else 0
                        if t + b >= n:
                            t, b = n, 0
                        full = (1 << 2 * n) - 1
                        x = MASKP[k] = full ^ ((1 << 2 * (n - t)) - (1 << 2 * b))
                    m |= x << 2 * i
            return m

        def rel_of(m: int, u: int) -> int:
            """The cards that an entry with mask ``m`` fixes in the position ``u``."""
            rel = 0
            for i in (0, 16, 32, 48):
                ms = m >> 2 * i & 0xFFFFFFFF
                if not ms:
                    continue
                uf = u >> i & _FIELD
                k = uf << 32 | ms
                x = MTB.get(k)
                if x is None:
                    # top t and bottom b cards of uf, from the mask's pairs of bits
                    n = uf.bit_count()
                    if ms == (1 << 2 * n) - 1:
                        t, b = n, 0
                    else:
                        b = ((~ms & (ms + 1)).bit_length() - 1) >> 1
                        tm = ms & ~((1 << 2 * b) - 1)
                        t = n - ((tm & -tm).bit_length() - 1 >> 1) if tm else 0
                    top = uf
                    for _ in range(n - t):
                        top &= top - 1
                    bottom = 0
                    y = uf
                    for _ in range(b):
                        low = y & -y
                        bottom |= low
                        y ^= low
                    x = MTB[k] = top | bottom << BOT
                rel |= x << i
            return rel

        def quick(leader: int, skip: int = -1) -> tuple[int, int]:
            """Tricks the leader can cash at once from the top (tricks goal),
            leaving out the suit at bit offset ``skip``, and the cards whose
            ranks that count depends on."""
            h = H[leader]
            others = OTHERS[leader]
            hx = H[others[0]]
            hy = H[others[1]] if len(others) > 1 else 0
            o = hx | hy
            # the others who could ruff a suit once void in it
            tx = TM and hx & TM
            ty = TM and hy & TM
            qt = 0
            rel = 0
            for s in (0, 16, 32, 48):
                m = h >> s & _FIELD
                if not m or s == skip:
                    continue
                of = o >> s & _FIELD
                if of:
                    top = of.bit_length()
                    k = (m >> top).bit_count()
                    if not k:
                        continue
                    rel |= 1 << (top - 1 + s)  # the others' best card of the suit
                    # once the others are out of the suit, every card of it wins
                    nx = (hx >> s & _FIELD).bit_count()
                    ny = (hy >> s & _FIELD).bit_count()
                    if k >= nx and k >= ny:
                        k = m.bit_count()
                else:
                    k = m.bit_count()
                    nx = ny = 0
                if s != TS:
                    if tx and nx < k:
                        k = nx
                    if ty and ny < k:
                        k = ny
                qt += k
            return qt, rel

        def partner_quick(leader: int) -> tuple[int, int]:
            """Tricks a defender on lead can take by leading low to his
            partner's top card of a suit, then letting the partner cash his
            own winners (0 when there is no such suit)."""
            p = PARTNER[leader]
            if p < 0:
                return 0, 0
            hl, hp, d = H[leader], H[p], H[DECL]
            best = 0
            rel = 0
            for s in (0, 16, 32, 48):
                pf = hp >> s & _FIELD
                lf = hl >> s & _FIELD
                if not pf or not lf:
                    continue
                ptop = pf.bit_length()
                df = d >> s & _FIELD
                if df.bit_length() > ptop or not lf & ((1 << (ptop - 1)) - 1):
                    continue  # the declarer beats it, or the leader cannot go under it
                if TM and s != TS and not df and d & TM:
                    continue  # the declarer could ruff
                q, qrel = quick(p, s)
                if q + 1 > best:
                    best = q + 1
                    rel = qrel | 1 << (s + ptop - 1)
            return best, rel

        def escape(df: int, of: int, u: int) -> int:
            """-1 unless the declarer's cards ``df`` of one suit can always go
            under the defenders' cards ``of`` of that suit when they lead it;
            else the cards whose ranks that depends on.

            Sorted from the lowest, the declarer's i-th card must lie below the
            defenders' i-th card for every i up to the shorter of the two: then,
            whatever the defenders lead, he plays his highest card below it,
            and when void in a suit led he throws his highest card of another
            suit, and the condition stays true to the end.
            """
            ds = []
            es = []
            x, y = df, of
            while x and y:
                dl = x & -x
                el = y & -y
                if dl > el:
                    return -1
                ds.append(dl.bit_length() - 1)
                es.append(el.bit_length() - 1)
                x ^= dl
                y ^= el
            if not ds:
                return 0
            if not BOTH:
                return 1 << es[0]
            # witnesses: the declarer's cards up to ds[j - 1] from the bottom and
            # the defenders' cards from es[j] up to the top, the cheapest j
            best, bj = 99, 0
            for j in range(len(ds) + 1):
                cost = ((u & UPTO[ds[j - 1]]).bit_count() if j else 0) + \
                    ((u & ABOVE[es[j]]).bit_count() + 1 if j < len(ds) else 0)
                if cost < best:
                    best, bj = cost, j
            rel = BOTB << ds[bj - 1] if bj else 0
            if bj < len(ds):
                rel |= 1 << es[bj]
            return rel

        def escape_at(df: int, of: int, uf: int, s: int) -> int:
            """:func:`escape` for the suit at bit offset ``s`` given its fields
            (the declarer's cards, the defenders', all cards still out)."""
            k = (df << 16 | of) << 16 | uf
            e = ESC.get(k)
            if e is None:
                e = ESC[k] = escape(df, of, uf)
            return e << s if e > 0 else e

        def betl_bounds(leader: int, r: int) -> tuple[int, int, int]:
            """Sure bounds on the declarer's tricks in betl: (lower, upper, cards
            whose ranks they depend on).

            - Escape (upper bound 0): with a defender on lead, the declarer
              takes nothing when every suit passes :func:`escape`; on lead
              himself, when he also has a safe lead (a card that some defender
              must beat, holding only higher cards of its suit) after which
              every suit passes.
            - Declarer on lead: when his lowest card of every suit he holds is
              above every defender card of that suit, each lead wins and he
              keeps the lead, so he takes all the rest; when each defender
              either holds a lower card or none of every suit he holds, his
              lead wins a trick whatever he leads.
            - Defender on lead: a lead below all of the declarer's cards of the
              suit, which the partner can go under (or is void in), forces the
              declarer to win a trick.  He loses a trick (upper bound one less
              than the tricks left) when he can go under any lead of this trick
              (his lowest card of each suit the leader holds is below the
              leader's lowest, or below all of the partner's cards of it), or
              when a defender keeps a suit above his lowest card of it (see
              the comment in the code).
            """
            lb, ub, rel = 0, r, 0
            if ot_any or TM:  # overtaking or trumping duties: no shortcuts
                return lb, ub, 0
            d = H[DECL]
            others = OTHERS[DECL]
            o = 0
            for x in others:
                o |= H[x]
            u = d | o
            # escape
            okrel = [0, 0, 0, 0]
            bad = -1
            for i in (0, 1, 2, 3):
                s = 16 * i
                df = d >> s & _FIELD
                of = o >> s & _FIELD
                if df and of:
                    e = escape_at(df, of, df | of, s)
                    if e < 0:
                        if bad >= 0:
                            bad = 9  # two failing suits: no escape
                            break
                        bad = i
                    else:
                        okrel[i] = e
            if bad != 9:
                if leader != DECL:
                    if bad < 0:
                        return 0, 0, okrel[0] | okrel[1] | okrel[2] | okrel[3]
                else:
                    # a safe lead in a suit whose escape then holds
                    for i in ((bad,) if bad >= 0 else (0, 1, 2, 3)):
                        s = 16 * i
                        df = d >> s & _FIELD
                        if not df:
                            continue
                        thr = 0  # the highest lowest card of a defender holding the suit
                        for x in others:
                            xf = H[x] >> s & _FIELD
                            if xf and xf & -xf > thr:
                                thr = xf & -xf
                        safe = df & (thr - 1)
                        if not thr or not safe:
                            continue
                        top = safe.bit_length() - 1
                        rest = df ^ 1 << top
                        of = o >> s & _FIELD
                        e = escape_at(rest, of, df | of, s) if rest and of else 0
                        if e < 0:
                            continue
                        # the safe lead: thr beats top (the defender holding thr has
                        # nothing lower): his lowest card fixed from the top, or the
                        # declarer's card from the bottom.  Either way a matching
                        # position has the same safe lead (his highest card below
                        # thr), and the rest of the suit agrees where the escape
                        # looked.
                        rel = cut(thr.bit_length() - 1 + s, top + s, u) | e
                        for j in (0, 1, 2, 3):
                            if j != i:
                                rel |= okrel[j]
                        return 0, 0, rel
            if leader == DECL:
                alltop = True
                trel = 0
                caught = True
                crel = 0
                for s in (0, 16, 32, 48):
                    df = d >> s & _FIELD
                    if not df:
                        continue
                    low = df & -df
                    li = (low.bit_length() - 1) + s
                    mx = 0
                    for x in others:
                        xf = H[x] >> s & _FIELD
                        if not xf:
                            continue
                        mx = max(mx, xf)
                        xl = xf & -xf
                        if xl > low:
                            # x must beat the declarer's lowest card: a safe lead
                            if ub == r:
                                ub = r - 1
                                rel = cut((xl.bit_length() - 1) + s, li, u)
                            caught = False
                        elif caught:
                            crel |= cut(li, (xl.bit_length() - 1) + s, u)
                    if mx:
                        if mx > low:
                            alltop = False
                        elif alltop:
                            trel |= cut(li, (mx.bit_length() - 1) + s, u)
                if alltop:
                    return r, r, trel
                if caught:
                    return 1, ub, crel
                return lb, ub, rel
            h = H[leader]
            partner = PARTNER[leader]
            # the declarer can go under whatever is led (or throw a card): he
            # loses this trick at least
            # (or the leader's partner holds the suit and only cards above the
            # declarer's lowest: then, whatever the seat order, the declarer's
            # lowest card goes under the partner's card)
            second = partner
            duck = True
            drel = 0
            for s in (0, 16, 32, 48):
                df = d >> s & _FIELD
                mf = h >> s & _FIELD
                if df and mf:
                    dl = df & -df
                    ml = mf & -mf
                    if dl > ml:
                        sf = H[second] >> s & _FIELD if second >= 0 else 0
                        sl = sf & -sf
                        if sl > dl:
                            drel |= cut((sl.bit_length() - 1) + s,
                                        (dl.bit_length() - 1) + s, u)
                            continue
                        duck = False
                        break
                    drel |= cut((ml.bit_length() - 1) + s, (dl.bit_length() - 1) + s, u)
            if duck:
                ub, rel = r - 1, drel
            elif r >= 2:
                # A defender whose cards of a suit are all above the
                # declarer's lowest card of it, and who still holds that suit
                # after this trick unless it is led here, makes him lose a
                # trick: if the suit is led now, that lowest card loses (the
                # defender's card beats it, whether played before or after
                # it); if not, and the declarer wins this trick, he leads that
                # lowest card to the next one and the defender must beat it.
                # The defender keeps the suit when he leads this trick, when
                # he holds two or more cards of it (he throws at most one),
                # or when he holds every other suit the leader holds (he
                # cannot throw a card).
                hl = H[leader]
                for s in (0, 16, 32, 48):
                    df = d >> s & _FIELD
                    if not df:
                        continue
                    dl = df & -df
                    for x in others:
                        xf = H[x] >> s & _FIELD
                        if not xf or xf & -xf < dl:
                            continue
                        if x != leader and xf & (xf - 1) == 0:
                            hx = H[x]
                            if any(hl >> t & _FIELD and not hx >> t & _FIELD
                                   for t in (0, 16, 32, 48) if t != s):
                                continue
                        ub, rel = r - 1, cut((xf & -xf).bit_length() - 1 + s,
                                             (dl.bit_length() - 1) + s, u)
                        break
                    if ub < r:
                        break
            for s in (0, 16, 32, 48):
                df = d >> s & _FIELD
                mf = h >> s & _FIELD
                if not df or not mf:
                    continue
                dlow = df & -df
                x = mf & -mf  # the leader's lowest card of the suit
                if x > dlow:
                    continue
                lrel = cut((dlow.bit_length() - 1) + s, (x.bit_length() - 1) + s, u)
                if partner < 0:
                    return 1, ub, lrel | rel
                pf = H[partner] >> s & _FIELD
                if not pf:
                    return 1, ub, lrel | rel
                plow = pf & -pf
                if plow < dlow:  # the partner can go under the declarer
                    return 1, ub, lrel | rel | cut((dlow.bit_length() - 1) + s,
                                                   (plow.bit_length() - 1) + s, u)
            return lb, ub, rel

        def tricks_bounds(leader: int, r: int) -> tuple[int, int, int]:
            """Sure bounds on the declarer's tricks in a tricks game: (lower,
            upper, cards whose ranks they depend on).

            The side on lead cashing its winners (:func:`quick`, and for a
            defender also :func:`partner_quick`); each trump of the declarer
            above every opposing trump is a trick for him, and so is each
            trump of a defender above all of the declarer's trumps (counting
            the defender with more of them: the two may fall together).
            """
            qt, rel = quick(leader)
            if TM:
                d = H[DECL] & TM
                dtop = d.bit_length()
                dsure = 0
                o = 0
                for x in OTHERS[DECL]:
                    t = H[x] & TM
                    o |= t
                    n = (t >> dtop).bit_count() if dtop else t.bit_count()
                    if n > dsure:
                        dsure = n
                if o:
                    otop = o.bit_length()
                    lb = (d >> otop).bit_count()
                    if lb:
                        rel |= 1 << (otop - 1)
                else:
                    lb = d.bit_count()
                ub = r - dsure
                if dsure and dtop:
                    rel |= 1 << (dtop - 1)
            else:
                lb, ub = 0, r
            if leader == DECL:
                if qt > lb:
                    lb = qt
            else:
                pq, prel = partner_quick(leader)
                if pq > qt:
                    qt = pq
                    rel |= prel
                if r - qt < ub:
                    ub = r - qt
            return lb, ub, rel

        sure_bounds = betl_bounds if betl else tricks_bounds
        self.sure_bounds = sure_bounds

        def order_lead(leader: int, moves: int, hint: int) -> list[int]:
            """Leads, most promising first; ``hint`` is the TT's best lead or -1."""
            h = H[leader]
            others = OTHERS[leader]
            o = 0
            for x in others:
                o |= H[x]
            scored = []
            if betl:
                d = H[DECL]
                if leader == DECL:
                    for s in (0, 16, 32, 48):
                        m = moves >> s & _FIELD
                        if not m:
                            continue
                        # a card some defender must beat loses for sure; one
                        # some defender can beat may well lose
                        of = o >> s & _FIELD
                        sure = 0
                        for x in others:
                            xf = H[x] >> s & _FIELD
                            if xf:
                                xl = xf & -xf
                                if xl > sure:
                                    sure = xl
                        while m:
                            top = m.bit_length() - 1
                            m ^= 1 << top
                            if sure >> top > 1:
                                sc = 200 + top
                            else:
                                sc = 100 + top if of >> top else top
                            scored.append((sc, s + top))
                else:
                    for s in (0, 16, 32, 48):
                        m = moves >> s & _FIELD
                        if not m:
                            continue
                        df = d >> s & _FIELD
                        while m:
                            low = (m & -m).bit_length() - 1
                            m &= m - 1
                            # low leads into a suit the declarer holds come first
                            sc = (100 if df else 0) - low
                            scored.append((sc, s + low))
            else:
                want = WANT[leader]
                partner = PARTNER[leader]
                hp = H[partner] if partner >= 0 else 0
                # opponents of the leader who could ruff
                ruffers = 0
                if TM:
                    for x in others:
                        if (x == DECL) != want and H[x] & TM:
                            ruffers |= 1 << x
                for s in (0, 16, 32, 48):
                    m = moves >> s & _FIELD
                    if not m:
                        continue
                    of = o >> s & _FIELD
                    ruff = False
                    if ruffers and s != TS:
                        for x in others:
                            if ruffers >> x & 1 and not H[x] >> s & _FIELD:
                                ruff = True
                    if ruff:
                        base = -20
                    else:
                        pf = hp >> s & _FIELD
                        if pf and pf.bit_length() >= of.bit_length():
                            base = 100  # a lead to the partner's winner
                        else:
                            base = (h >> s & _FIELD).bit_count()
                    ofl = of.bit_length()
                    while m:
                        low = (m & -m).bit_length() - 1
                        m &= m - 1
                        if not ruff and low >= ofl:
                            scored.append((200 + low, s + low))  # a winner
                        else:
                            scored.append((base - low, s + low))
            scored.sort(reverse=True)
            order = [c for _, c in scored]
            # the last lead that refuted at this depth, then the table's best lead
            k = KILLER[leader * 16 + h.bit_count()]
            if k >= 0 and moves >> k & 1 and order[0] != k:
                order.remove(k)
                order.insert(0, k)
            if hint >= 0 and moves >> hint & 1 and order[0] != hint:
                order.remove(hint)
                order.insert(0, hint)
            return order

        def last_trick(leader: int) -> tuple[int, int]:
            """(declarer's trick, 0 or 1; cards whose ranks decided it) when every
            hand holds one card."""
            best = H[leader].bit_length() - 1
            bseat = leader
            lose = -1  # the highest card of the winning suit that loses
            seat = NEXT[leader]
            while seat != leader:
                x = H[seat].bit_length() - 1
                if x >> 4 == best >> 4:
                    if x > best:
                        best, bseat, lose = x, seat, best
                    elif x > lose:
                        lose = x
                elif x >> 4 == trump:
                    best, bseat, lose = x, seat, -1
                seat = NEXT[seat]
            if lose < 0:
                return (1 if bseat == DECL else 0), 0
            return (1 if bseat == DECL else 0), cut(best, lose, H[0] | H[1] | H[2])

        def cut(w: int, l: int, u: int) -> int:
            """Relevance of "``w`` beats ``l``" (same suit) among the cards ``u``:
            ``w`` as a top card, or ``l`` as a bottom card, whichever fixes fewer."""
            if BOTH and (u & ABOVE[w]).bit_count() > (u & UPTO[l]).bit_count():
                return BOTB << l
            return 1 << w

        def runfix(acc: int, legal_cards: int, reps_: int, u: int) -> int:
            """Relevance of a player for whom every card failed.

            Only the lowest card of each run of equivalent cards was searched;
            in a position that agrees on ``acc`` the runs may be split and the
            other cards of a run are then real choices.  Playing another card
            of a run gives the same position, with the cards of the run shifted
            one place down (or the played card shifted up): a top-relevant card
            of a run also fixes the card below it, a bottom-relevant card played
            also fixes the top of its run."""
            x = acc & legal_cards & ~reps_
            while x:
                top = x.bit_length() - 1
                x ^= 1 << top
                below = legal_cards & ((1 << top) - 1)
                acc |= 1 << (below.bit_length() - 1)
            y = acc >> BOT & reps_
            while y:
                c = y.bit_length() - 1
                y ^= 1 << c
                r = c
                while True:
                    above = u & ABOVE[r]
                    if not above:
                        break
                    nxt = (above & -above).bit_length() - 1
                    if not legal_cards >> nxt & 1:
                        break
                    r = nxt
                if r != c:
                    acc |= BOTB << r
            return acc

        ASC[0] = DESC[0] = ()

        def forder(moves: int, led: int, best: int, bseat: int, want: bool) -> tuple[int, ...]:
            """A follower's cards (several), most promising first."""
            key = moves << 8 | best << 1 | ((bseat == DECL) is want)
            o = FORD.get(key)
            if o is not None:
                return o
            if best >> 4 == led:
                win = (moves & SM[led]) >> (best + 1) << (best + 1)
                if TM and led != trump:
                    win |= moves & TM
            elif TM:  # trumped already: only a higher trump wins
                win = (moves & TM) >> (best + 1) << (best + 1)
            else:
                win = 0
            lose = moves ^ win
            if betl:  # losers before winners, high cards first
                o = (DESC.get(lose) or asc(lose)[::-1]) + (DESC.get(win) or asc(win)[::-1])
            else:
                lo = ASC.get(lose) or asc(lose)
                wi = ASC.get(win) or asc(win)
                o = lo + wi if (bseat == DECL) is want else wi + lo
            FORD[key] = o
            return o

        def fmoves(h: int, led: int, best: int, u: int) -> int:
            """Legal cards of ``h``, one per run of equivalent cards."""
            moves = h & SM[led]
            if moves:
                if ot_any and (ot_all or led == trump) and best >> 4 == led:
                    hi = moves >> (best + 1) << (best + 1)
                    if hi:
                        moves = hi
            elif must_trump and h & TM:
                moves = h & TM
                if must_over and best >> 4 == trump:
                    hi = moves >> (best + 1) << (best + 1)
                    if hi:
                        moves = hi
            else:
                moves = h
            if moves & (moves - 1):
                s = (moves.bit_length() - 1) & 48
                if moves >> s << s == moves:  # one suit: the usual case
                    k = (u >> s & _FIELD) << 16 | moves >> s
                    r = REP.get(k)
                    if r is None:
                        r = REP[k] = _rep_field(k >> 16, moves >> s)
                    return r << s
                return reps(moves, u)
            return moves

        self.fmoves = fmoves

        def store(bucket: dict, m: int, code: int, lb: int, ub: int, hint: int) -> None:
            sub = bucket.get(m)
            if sub is None:
                sub = bucket[m] = {}
            pk = code & m
            e = sub.get(pk)
            if e is not None:
                if e & 15 > lb:
                    lb = e & 15
                if e >> 4 & 15 < ub:
                    ub = e >> 4 & 15
                if hint < 0:
                    hint = (e >> 8) - 1
            else:
                stored[0] += 1
            sub[pk] = lb | ub << 4 | (hint + 1) << 8

        def boundary(leader: int, need: int) -> tuple[bool, int]:
            """At a trick boundary: does the declarer take >= need of the rest?

            Also returns the cards whose ranks the answer depends on: every
            position that agrees on those cards (same holders) and on the
            suit lengths of each hand has the same answer.
            """
            if need <= 0:
                return True, 0
            h = H[leader]
            r = h.bit_count()
            if need > r:
                return False, 0
            if r == 1:
                w, rel = last_trick(leader)
                return w >= need, rel
            a, b, c = H
            ak = (a, b, c, leader)
            # first the exact position: [bucket key, prefixes, lower bound, upper
            # bound, cards the lower bound depends on, ... the upper bound]
            ex = KC.get(ak)
            if ex is None:
                if len(KC) >= max_entries:
                    clear()
                ex = KC[ak] = [*info(a, b, c, leader), 0, r, 0, 0, False]
            else:
                if ex[2] >= need:
                    return True, ex[4]
                if ex[3] < need:
                    return False, ex[5]
            bkey, code = ex[0], ex[1]
            u = a | b | c
            hint = -1
            bucket = TT.get(bkey)
            if bucket is not None:
                for tm, sub in bucket.items():
                    e = sub.get(code & tm)
                    if e is not None:
                        if e & 15 >= need:
                            ex[2] = e & 15
                            rel = ex[4] = rel_of(tm, u)
                            return True, rel
                        if e >> 4 & 15 < need:
                            ex[3] = e >> 4 & 15
                            rel = ex[5] = rel_of(tm, u)
                            return False, rel
                        if e >> 8:
                            hint = (e >> 8) - 1
            else:
                if stored[0] >= max_entries:
                    clear()
                bucket = TT[bkey] = {}
            # sure bounds, worked out on the first visit of this exact position
            if not ex[6]:
                ex[6] = True
                lb, ub, brel = sure_bounds(leader, r)
                if lb > ex[2]:
                    ex[2], ex[4] = lb, brel
                if ub < ex[3]:
                    ex[3], ex[5] = ub, brel
                if lb >= need or ub < need:
                    store(bucket, mask_of(brel, u), code, lb, ub, -1)
                    return lb >= need, brel
            # decode the hint (suit * 16 + cards out above it) into a card
            hc = -1
            if hint >= 0:
                s = hint & 48
                k = hint & 15
                m = h >> s & _FIELD
                uf = u >> s & _FIELD
                while m:
                    top = m.bit_length() - 1
                    m ^= 1 << top
                    if (uf >> (top + 1)).bit_count() == k:
                        hc = s + top
                        break
            cnt = 1  # cards tried, added to the counter at the end
            w1 = WANT[leader]
            result = not w1
            acc1 = 0
            s2 = NEXT[leader]
            h2 = H[s2]
            w2 = WANT[s2]
            lead_reps = reps(h, u)
            # the table's best lead or the last lead that refuted at this depth
            # first, before the cost of ordering the others
            first = hc if hc >= 0 and lead_reps >> hc & 1 else KILLER[leader * 16 + r]
            if first >= 0 and lead_reps >> first & 1:
                leads = [first]
                pending = True
            else:
                leads = order_lead(leader, lead_reps, hc)
                pending = False
            # the need after the trick, by its winner
            needl = need - 1 if leader == DECL else need
            need2 = need - 1 if s2 == DECL else need
            if NACT == 3:
                s3 = NEXT[s2]
                h3 = H[s3]
                w3 = WANT[s3]
                need3 = need - 1 if s3 == DECL else need
                # the followers' cards by the suit led (when the trick's best
                # card does not change them)
                mv2 = [-1, -1, -1, -1]
                mv3 = [-1, -1, -1, -1]
                for c1 in leads:
                    H[leader] = h ^ 1 << c1
                    led = c1 >> 4
                    cnt += 1
                    if by_led:
                        m2 = mv2[led]
                        if m2 < 0:
                            m2 = mv2[led] = fmoves(h2, led, c1, u)
                    else:
                        m2 = fmoves(h2, led, c1, u)
                    r1 = not w2
                    acc2 = 0
                    for c2 in (forder(m2, led, c1, leader, w2) if m2 & (m2 - 1)
                               else (m2.bit_length() - 1,)):
                        H[s2] = h2 ^ 1 << c2
                        if c2 >> 4 == led:
                            same2 = True
                            if c2 > c1:
                                best, bs, sec, nbs = c2, s2, c1, need2
                            else:
                                best, bs, sec, nbs = c1, leader, c2, needl
                        else:
                            same2 = False
                            if c2 >> 4 == trump:
                                best, bs, nbs = c2, s2, need2
                            else:
                                best, bs, nbs = c1, leader, needl
                        bsuit = best >> 4
                        cnt += 1
                        if by_led:
                            m3 = mv3[led]
                            if m3 < 0:
                                m3 = mv3[led] = fmoves(h3, led, best, u)
                        else:
                            m3 = fmoves(h3, led, best, u)
                        r2 = not w3
                        acc3 = 0
                        for c3 in (forder(m3, led, best, bs, w3) if m3 & (m3 - 1)
                                   else (m3.bit_length() - 1,)):
                            H[s3] = h3 ^ 1 << c3
                            if c3 >> 4 == bsuit:
                                if c3 > best:
                                    res, rel = boundary(s3, need3)
                                    if BOTH:
                                        rel |= cut(c3, best, u)
                                    else:
                                        rel |= 1 << c3
                                else:
                                    res, rel = boundary(bs, nbs)
                                    if BOTH:
                                        rel |= cut(best, sec if same2 and sec > c3 else c3, u)
                                    else:
                                        rel |= 1 << best
                            elif c3 >> 4 == trump:
                                res, rel = boundary(s3, need3)
                            else:
                                res, rel = boundary(bs, nbs)
                                if same2:
                                    if BOTH:
                                        rel |= cut(best, sec, u)
                                    else:
                                        rel |= 1 << best
                            if res is w3:
                                r2 = w3
                                acc3 = rel
                                break
                            acc3 |= rel
                        H[s3] = h3
                        if r2 is not w3 and (acc3 & h3 & ~m3 or acc3 >> BOT & m3):
                            acc3 = runfix(acc3, legal(h3, led, best), m3, u)
                        if r2 is w2:
                            r1 = w2
                            acc2 = acc3
                            break
                        acc2 |= acc3
                    H[s2] = h2
                    if r1 is not w2 and (acc2 & h2 & ~m2 or acc2 >> BOT & m2):
                        acc2 = runfix(acc2, legal(h2, led, c1), m2, u)
                    if r1 is w1:
                        result = w1
                        acc1 = acc2
                        break
                    acc1 |= acc2
                    if pending:  # the first lead did not do: order the others
                        pending = False
                        H[leader] = h
                        leads.extend(x for x in order_lead(leader, lead_reps, hc) if x != c1)
            else:
                for c1 in leads:
                    H[leader] = h ^ 1 << c1
                    led = c1 >> 4
                    cnt += 1
                    m2 = fmoves(h2, led, c1, u)
                    r1 = not w2
                    acc2 = 0
                    for c2 in (forder(m2, led, c1, leader, w2) if m2 & (m2 - 1)
                               else (m2.bit_length() - 1,)):
                        H[s2] = h2 ^ 1 << c2
                        if c2 >> 4 == led:
                            if c2 > c1:
                                res, rel = boundary(s2, need2)
                                rel |= cut(c2, c1, u) if BOTH else 1 << c2
                            else:
                                res, rel = boundary(leader, needl)
                                rel |= cut(c1, c2, u) if BOTH else 1 << c1
                        elif c2 >> 4 == trump:
                            res, rel = boundary(s2, need2)
                        else:
                            res, rel = boundary(leader, needl)
                        if res is w2:
                            r1 = w2
                            acc2 = rel
                            break
                        acc2 |= rel
                    H[s2] = h2
                    if r1 is not w2 and (acc2 & h2 & ~m2 or acc2 >> BOT & m2):
                        acc2 = runfix(acc2, legal(h2, led, c1), m2, u)
                    if r1 is w1:
                        result = w1
                        acc1 = acc2
                        break
                    acc1 |= acc2
                    if pending:  # the first lead did not do: order the others
                        pending = False
                        H[leader] = h
                        leads.extend(x for x in order_lead(leader, lead_reps, hc) if x != c1)
            counter[0] += cnt
            H[leader] = h
            if result is not w1 and (acc1 & h & ~lead_reps or acc1 >> BOT & lead_reps):
                acc1 = runfix(acc1, h, lead_reps, u)
            if result is w1:
                KILLER[leader * 16 + r] = c1
                s = c1 & 48
                hint = s | ((u >> s & _FIELD) >> ((c1 & 15) + 1)).bit_count()
            if result:
                store(bucket, mask_of(acc1, u), code, need, r, hint)
                ex[2], ex[4] = need, acc1
            else:
                store(bucket, mask_of(acc1, u), code, 0, need - 1, hint)
                ex[3], ex[5] = need - 1, acc1
            return result, acc1

        def follow(seat: int, need: int, led: int, best: int, bseat: int, u: int,
                   npos: int) -> bool:
            """Seat ``seat`` plays the (npos+1)-th card of a trick (mid-trick roots)."""
            counter[0] += 1
            h = H[seat]
            want = WANT[seat]
            moves = fmoves(h, led, best, u)
            last = npos + 1 == NACT
            for c in (forder(moves, led, best, bseat, want) if moves & (moves - 1)
                      else (moves.bit_length() - 1,)):
                H[seat] = h ^ 1 << c
                if c > best if c >> 4 == best >> 4 else c >> 4 == trump:
                    nb, ns = c, seat
                else:
                    nb, ns = best, bseat
                if last:
                    res = boundary(ns, need - 1 if ns == DECL else need)[0]
                else:
                    res = follow(NEXT[seat], need, led, nb, ns, u, npos + 1)
                H[seat] = h
                if res is want:
                    return want
            return not want

        def search(leader: int, trick: list[int], need: int) -> bool:
            """Null-window search from the loaded hands with ``trick`` in progress."""
            before = counter[0]
            try:
                if not trick:
                    return boundary(leader, need)[0]
                best, bseat, seat = trick[0], leader, leader
                u = H[0] | H[1] | H[2] | 1 << trick[0]
                for c in trick[1:]:
                    seat = NEXT[seat]
                    if c > best if c >> 4 == best >> 4 else c >> 4 == trump:
                        best, bseat = c, seat
                    u |= 1 << c
                return follow(NEXT[seat], need, trick[0] >> 4, best, bseat, u, len(trick))
            finally:
                engine.nodes += counter[0] - before

        self.search = search

    # -- drivers ---------------------------------------------------------------
    def remaining(self, leader: int, trick: list[int]) -> int:
        return self.H[leader].bit_count() + (1 if trick else 0)

    def value(self, leader: int, trick: list[int], lo: int = 0, hi: int | None = None,
              guess: int | None = None) -> int:
        """Exact declarer tricks from the loaded hands, known to lie in [lo, hi].

        An MTD-style driver: null-window searches move a bound one step at
        a time from the first guess.
        """
        if hi is None:
            hi = self.remaining(leader, trick)
        if guess is None:
            # betl: upwards (proving "at least n" is cheap while n is below
            # the value); trick games: from the middle
            g = 1 if self.goal == "betl" else (lo + hi + 1) // 2
        else:
            g = guess
        while lo < hi:
            g = min(max(g, lo + 1), hi)
            if self.search(leader, trick, g):
                lo = g
                g += 1
            else:
                hi = g - 1
                g -= 1
        return lo

    def table(self, leader: int, trick: list[int]) -> dict[int, int]:
        """Declarer tricks (from now) after each legal card of the player to move."""
        H = self.H
        seats = [leader]
        for _ in range(len(self.active) - 1):
            seats.append(self._next(seats[-1]))
        seat = seats[len(trick)]
        h = H[seat]
        if trick:
            led = trick[0] >> 4
            best = trick[0]
            for c in trick[1:]:
                if self.beats(c, best):
                    best = c
            moves = self.legal(h, led, best)
        else:
            moves = h
        u = H[0] | H[1] | H[2]
        for c in trick:
            u |= 1 << c
        root = self.value(leader, trick)
        maximiser = (seat == self.declarer) != (self.goal == "betl")
        out: dict[int, int] = {}
        rep_of: dict[int, int] = {}
        reps = self.reps(moves, u)
        m = moves
        while m:
            c = (m & -m).bit_length() - 1
            m &= m - 1
            # the representative of c: the lowest card of its run
            r = c
            while not reps >> r & 1:
                r -= 1
            rep_of[c] = r
        for c in sorted(set(rep_of.values()), reverse=True):
            H[seat] = h ^ (1 << c)
            t = trick + [c]
            if len(t) == len(self.active):
                best, bi = t[0], 0
                for i, x in enumerate(t[1:], 1):
                    if self.beats(x, best):
                        best, bi = x, i
                winner = seats[bi]
                credit = 1 if winner == self.declarer else 0
                leader_after, t = winner, []
            else:
                credit, leader_after = 0, leader
            # the mover's best card gives ``root``: the others are no better for him
            if maximiser:
                out[c] = credit + self.value(leader_after, t, 0, root - credit, root - credit)
            else:
                out[c] = credit + self.value(leader_after, t, max(0, root - credit), None,
                                             root - credit + 1)
            H[seat] = h
        return {self.from_int[c]: out[r] for c, r in rep_of.items()}

    def _next(self, seat: int) -> int:
        a = self.active
        return a[(a.index(seat) + 1) % len(a)]

    def beats(self, c: int, best: int) -> bool:
        trump = -1 if self.rules.trump is None else int(self.rules.trump)
        return c > best if c >> 4 == best >> 4 else c >> 4 == trump


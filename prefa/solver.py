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
>>> p = Position.from_deal(d, "betl", declarer=0, leader=1)
>>> solve(p)
2
>>> {card_name(c): n for c, n in card_table(p).items()}
{'QS': 0, 'JH': 0, 'JC': 2}

Only the jack of clubs catches it.  In sans, with the declarer leading,
the same cards give him nothing:

>>> solve(Position.from_deal(d, "sans", declarer=0, leader=0))
0

How it works: a null-window alpha-beta search answers "does the declarer
take at least *n* of the remaining tricks?"; an MTD-style driver narrows *n*
to the exact value.  At trick boundaries a transposition table stores
proven lower and upper bounds.  Its entries are written in *relative ranks*
(cards renumbered once the played cards are gone, so K-x against Q-x is one
entry whether the jack is still out or not), and they are generalised the
way the bridge solvers do with "winning ranks": the search reports which
cards' ranks its answer depended on (cards that won tricks against cards
of their suit, and the cards the sure-trick counts looked at), and the
entry then fixes only who holds those top cards of each suit, plus every
hand's suit lengths; the lower cards are interchangeable.  (Under
overtaking duties every rank can matter, and entries stay exact.)  Cards
that are neighbours among the cards still out, in one hand, are played
once; sure tricks cut searches short (winners the side on lead can cash,
trumps above all the opponents' trumps; in betl, a declarer on lead whose
every card is a winner, a defender's lead the declarer must win); moves are
ordered so that cutoffs come early.  None of this trades exactness for
speed.  The legal cards inside the search come from a re-implementation of
:func:`prefa.play.legal_cards` on raw integers; the tests check that the two
agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .balkan.contract import Game
from .cards import Card, CardSet, card_name, parse_cards
from .deal import Deal
from .errors import IllegalPlay, RuleOptionError
from .play import Overtake, PlayRules, TrickPlay, check_play, legal_cards, trick_winner

__all__ = ["GOALS", "Position", "Solver", "card_table", "solve", "wants_tricks"]

GOALS = ("tricks", "betl")
"""The declarer's aims: ``"tricks"`` (take as many as possible: suit games,
sans, preferans) and ``"betl"`` (take none)."""


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
    the trick, a card twice, an illegal card in the trick) raises
    :class:`~prefa.errors.IllegalPlay`.

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
        hands = tuple(self.hands)
        if len(hands) != 3:
            raise RuleOptionError(f"a position has three hands, not {len(hands)}")
        for name in ("declarer", "leader"):
            seat = getattr(self, name)
            if seat not in (0, 1, 2):
                raise RuleOptionError(f"bad {name} seat {seat!r}: expected 0, 1 or 2")
        if self.out is not None:
            if self.out not in (0, 1, 2):
                raise RuleOptionError(f"bad out seat {self.out!r}: expected 0, 1 or 2")
            if self.out == self.declarer:
                raise RuleOptionError(f"seat {self.out} is the declarer and cannot sit out")
            if self.out == self.leader:
                raise RuleOptionError(f"seat {self.out} sits out and cannot lead")
            hands = tuple(CardSet() if s == self.out else h for s, h in enumerate(hands))
        if self.goal not in GOALS:
            raise RuleOptionError(f"bad goal {self.goal!r}: expected 'tricks' or 'betl'")
        trick = tuple(self.trick)
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
        if self.won < 0:
            raise RuleOptionError(f"bad count of tricks won {self.won!r}: expected 0 or more")
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
    def from_deal(cls, deal: Deal, game: Game | str, declarer: int, leader: int,
                  played: Iterable[Card] | str = (), *, out: int | None = None,
                  rules: PlayRules | None = None) -> Position:
        """The position after ``played`` (cards in order from the first lead).

        ``game`` is a :class:`~prefa.balkan.contract.Game` or a name that
        :meth:`Game.find` accepts; ``rules`` replaces the game's usual play
        rules (e.g. to add must-overtake); ``played`` may be a list of cards
        or a text such as ``"AS 7S KS"``.  Each card is checked with
        :func:`prefa.play.legal_cards`; an illegal one raises
        :class:`~prefa.errors.IllegalPlay` naming it.

        >>> d = Deal.parse("SAK HA / SQJ H7 / ST9 HK")
        >>> p = Position.from_deal(d, "pik", declarer=0, leader=0, played="AS QS")
        >>> p.to_move, [card_name(c) for c in p.trick]
        (2, ['AS', 'QS'])
        >>> Position.from_deal(d, "sans", 0, 0, played="AS 7H")
        Traceback (most recent call last):
        ...
        prefa.errors.IllegalPlay: 7H: seat 1 must follow spades (has SQJ)
        """
        if not isinstance(game, Game):
            game = Game.find(str(game))
        if rules is None:
            rules = PlayRules(trump=game.trump)
        goal = "betl" if game is Game.BETL else "tricks"
        if len(deal.hands) != 3:
            raise RuleOptionError(f"the solver needs a deal of three hands, not {len(deal.hands)}")
        for name, seat in (("declarer", declarer), ("leader", leader), ("out", out)):
            if seat is not None and seat not in (0, 1, 2):
                raise RuleOptionError(f"bad {name} seat {seat!r}: expected 0, 1 or 2")
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
        >>> p = Position.from_deal(Deal.parse("SA / SK / S7"), "sans", 0, 1)
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

    >>> p = Position.from_deal(Deal.parse("SAK / SQJ / ST9"), "sans", 0, 1)
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

    >>> p = Position.from_deal(Deal.parse("SK DK CT / S9 CKQ / HQ8 C8"), "sans", 0, 1)
    >>> solve(p), {card_name(c): n for c, n in card_table(p).items()}
    (1, {'9S': 2, 'KC': 1, 'QC': 1})
    """
    return Solver().card_table(position)


def wants_tricks(position: Position, seat: int) -> bool:
    """True when ``seat`` wants the declarer to take tricks (the declarer in
    a tricks game, a defender in betl)."""
    return (seat == position.declarer) != (position.goal == "betl")


class Solver:
    """A solver that keeps its transposition tables between calls.

    Solving many positions of one setting (same rules, declarer, seat out
    and goal), as sampling and principal variations do, reuses what earlier
    searches proved.  ``nodes`` counts the cards tried so far; the tables
    are dropped when they grow past ``max_entries`` entries.

    >>> s = Solver()
    >>> p = Position.from_deal(Deal.parse("SAK / SQJ / ST9"), "sans", 0, 1)
    >>> s.solve(p), s.card_table(p) == card_table(p)
    (2, True)
    """

    def __init__(self, max_entries: int = 400_000, *, generalise: bool = True) -> None:
        self.max_entries = max_entries
        # generalise=False keeps table entries exact (no winning-ranks
        # generalisation): slower; the tests use it as a cross-check.
        self.generalise = generalise
        self._engines: dict[tuple, _Engine] = {}

    @property
    def nodes(self) -> int:
        """Cards tried by every search so far."""
        return sum(e.nodes for e in self._engines.values())

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
        e = self._engine(position)
        e.load(position)
        return position.won + e.value(position.leader, e.root_trick(position))

    def card_table(self, position: Position) -> dict[Card, int]:
        """Declarer's total after each legal card (see :func:`card_table`)."""
        if position.is_over():
            return {}
        e = self._engine(position)
        e.load(position)
        table = e.table(position.leader, e.root_trick(position))
        return {c: position.won + table[e.to_int[c]] for c in position.legal_moves()}

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
        e = self._engine(position)
        e.load(position)
        return e.search(position.leader, e.root_trick(position), need)


# ---------------------------------------------------------------------------
# The search engine (raw integers, closures for speed)
# ---------------------------------------------------------------------------

_FIELD = 0xFFFF


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
    """Code of one suit in relative ranks: who holds the 1st, 2nd... card still out."""
    code = 1
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
        # A player for whom every card fails had only one card of each run of
        # equivalent cards searched (the lowest, see ``reps``): the answer also
        # depends on those runs staying runs, so in betl (where ducking with a
        # lower card of the run can matter, e.g. QJ over a led T against J over
        # a led T with the T now the declarer's) the lowest card of every run he
        # had counts as relevant too.  Before this, generalised betl entries
        # gave wrong values (see test_betl_eight_trick_ending_regression).
        runs_rel = betl
        REP: dict[int, int] = {}
        LAY: dict[int, tuple[tuple[int, ...], int]] = {}
        TOP: dict[int, int] = {}
        ASC: dict[int, tuple[int, ...]] = {}
        DESC: dict[int, tuple[int, ...]] = {}
        counter = [0]
        stored = [0]
        KILLER = [-1] * 48
        engine = self

        def clear() -> None:
            """Drop the tables and caches (they only ever speed things up)."""
            for d in (TT, KC, REP, LAY, TOP, ASC, DESC):
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

        def lay(k: int) -> tuple[tuple[int, ...], int]:
            """Prefix codes and the three holders' lengths of one suit
            (``k`` packs the three hands' fields of the suit)."""
            fa, fb, fc = k & _FIELD, k >> 16 & _FIELD, k >> 32
            code = _layout(fa, fb, fc)
            n = (fa | fb | fc).bit_count()
            v = LAY[k] = (tuple(code >> 2 * (n - t) for t in range(n + 1)),
                          fa.bit_count() | fb.bit_count() << 4 | fc.bit_count() << 8)
            return v

        def info(a: int, b: int, c: int, leader: int) -> tuple:
            """(bucket key, prefixes) of the position in hand: the bucket key
            packs the leader and every hand's suit lengths; ``prefixes[i][t]``
            codes who holds the top ``t`` cards of suit ``i``."""
            k = (a & _FIELD) | (b & _FIELD) << 16 | (c & _FIELD) << 32
            l0 = LAY.get(k) or lay(k)
            k = (a >> 16 & _FIELD) | (b >> 16 & _FIELD) << 16 | (c >> 16 & _FIELD) << 32
            l1 = LAY.get(k) or lay(k)
            k = (a >> 32 & _FIELD) | (b >> 32 & _FIELD) << 16 | (c >> 32 & _FIELD) << 32
            l2 = LAY.get(k) or lay(k)
            k = (a >> 48) | (b >> 48) << 16 | (c >> 48) << 32
            l3 = LAY.get(k) or lay(k)
            return ((((leader << 12 | l0[1]) << 12 | l1[1]) << 12 | l2[1]) << 12 | l3[1],
                    (l0[0], l1[0], l2[0], l3[0]))

        def tvec_of(rel: int, u: int) -> tuple[int, int, int, int]:
            """How many top cards of each suit the cards ``rel`` make relevant."""
            if exact_only:
                return ((u & _FIELD).bit_count(), (u >> 16 & _FIELD).bit_count(),
                        (u >> 32 & _FIELD).bit_count(), (u >> 48).bit_count())
            r = rel & _FIELD
            t0 = ((u & _FIELD) >> (r & -r).bit_length() - 1).bit_count() if r else 0
            r = rel >> 16 & _FIELD
            t1 = ((u >> 16 & _FIELD) >> (r & -r).bit_length() - 1).bit_count() if r else 0
            r = rel >> 32 & _FIELD
            t2 = ((u >> 32 & _FIELD) >> (r & -r).bit_length() - 1).bit_count() if r else 0
            r = rel >> 48
            t3 = ((u >> 48) >> (r & -r).bit_length() - 1).bit_count() if r else 0
            return t0, t1, t2, t3

        def rel_of(tvec: tuple[int, int, int, int], u: int) -> int:
            """The cards that an entry with ``tvec`` fixes in the position ``u``."""
            rel = 0
            for i in (0, 1, 2, 3):
                t = tvec[i]
                if t:
                    uf = u >> 16 * i & _FIELD
                    k = uf << 4 | t
                    m = TOP.get(k)
                    if m is None:
                        m = uf
                        for _ in range(uf.bit_count() - t):
                            m &= m - 1
                        TOP[k] = m
                    rel |= m << 16 * i
            return rel

        def quick(leader: int, skip: int = -1) -> tuple[int, int]:
            """Tricks the leader can cash at once from the top (tricks goal),
            leaving out the suit at bit offset ``skip``, and the cards whose
            ranks that count depends on."""
            h = H[leader]
            others = OTHERS[leader]
            o = 0
            for x in others:
                o |= H[x]
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
                    if k:
                        rel |= 1 << (top - 1 + s)  # the others' best card of the suit
                        # once the others are out of the suit, every card of it wins
                        longest = 0
                        for x in others:
                            n = (H[x] >> s & _FIELD).bit_count()
                            if n > longest:
                                longest = n
                        if k >= longest:
                            k = m.bit_count()
                else:
                    k = m.bit_count()
                if k and TM and s != TS:
                    for x in others:
                        if H[x] & TM:
                            n = (H[x] >> s & _FIELD).bit_count()
                            if n < k:
                                k = n
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

        def betl_bounds(leader: int, r: int) -> tuple[int, int, int]:
            """Sure bounds on the declarer's tricks in betl: (lower, upper, cards
            whose ranks they depend on).

            Declarer on lead: when his lowest card of every suit he holds is
            above every defender card of that suit, each lead wins and he
            keeps the lead, so he takes all the rest; when some defender has
            only cards above the declarer's lowest of a suit, leading that
            card loses.  Defender on lead: a lead below all of the
            declarer's cards of the suit, which the partner can go under (or
            is void in), forces the declarer to win a trick.
            """
            lb, ub, rel = 0, r, 0
            if ot_any:  # overtaking duties change who can duck: no shortcuts
                return lb, ub, 0
            d = H[DECL]
            if not TM:
                # every card of the declarer below every defender card of its
                # suit: he loses every trick a defender leads (following low or
                # discarding), so once a defender is on lead he takes nothing
                o = 0
                for x in OTHERS[DECL]:
                    o |= H[x]
                low_all = True
                crel = 0
                lead_out = leader != DECL
                for s in (0, 16, 32, 48):
                    df = d >> s & _FIELD
                    if not df:
                        continue
                    of = o >> s & _FIELD
                    if not of:
                        continue
                    olow = of & -of
                    if df > olow:
                        low_all = False
                        break
                    crel |= olow << s
                    lead_out = True
                if low_all and lead_out:
                    return 0, 0, crel
            if leader == DECL:
                alltop = True
                for s in (0, 16, 32, 48):
                    df = d >> s & _FIELD
                    if not df:
                        continue
                    low = df & -df
                    for x in OTHERS[DECL]:
                        xf = H[x] >> s & _FIELD
                        if xf > low:
                            alltop = False
                            if xf & -xf > low and ub == r:
                                ub = r - 1
                                rel = low << s
                if alltop:
                    return r, r, d
                return lb, ub, rel
            h = H[leader]
            partner = PARTNER[leader]
            for s in (0, 16, 32, 48):
                df = d >> s & _FIELD
                mf = h >> s & _FIELD
                if not df or not mf:
                    continue
                dlow = df & -df
                x = mf & -mf  # the leader's lowest card of the suit
                if x > dlow:
                    continue
                if partner < 0:
                    return 1, ub, (x | dlow) << s
                pf = H[partner] >> s & _FIELD
                if not pf:
                    return 1, ub, (x | dlow) << s
                plow = pf & -pf
                if plow < dlow:  # the partner can go under the declarer
                    return 1, ub, (x | dlow | plow) << s
            return lb, ub, 0

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
                for s in (0, 16, 32, 48):
                    m = moves >> s & _FIELD
                    if not m:
                        continue
                    of = o >> s & _FIELD
                    ruff = False
                    if TM and s != TS:
                        for x in others:
                            if H[x] & TM and not H[x] >> s & _FIELD and (x == DECL) != want:
                                ruff = True
                    pf = H[partner] >> s & _FIELD if partner >= 0 else 0
                    partner_top = pf and pf.bit_length() >= of.bit_length()
                    length = (h >> s & _FIELD).bit_count()
                    while m:
                        low = (m & -m).bit_length() - 1
                        m &= m - 1
                        if ruff:
                            sc = -20 - low
                        elif (of >> low) == 0:
                            sc = 200 + low  # a winner
                        elif partner_top:
                            sc = 100 - low
                        else:
                            sc = length - low
                        scored.append((sc, s + low))
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
            same = False
            seat = NEXT[leader]
            while seat != leader:
                x = H[seat].bit_length() - 1
                if x >> 4 == best >> 4:
                    same = True
                    if x > best:
                        best, bseat = x, seat
                elif x >> 4 == trump:
                    best, bseat, same = x, seat, False
                seat = NEXT[seat]
            return (1 if bseat == DECL else 0), (1 << best if same else 0)

        ASC[0] = DESC[0] = ()

        def forder(moves: int, led: int, best: int, bseat: int, want: bool) -> tuple[int, ...]:
            """A follower's cards (several), most promising first."""
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
                return (DESC.get(lose) or asc(lose)[::-1]) + (DESC.get(win) or asc(win)[::-1])
            lo = ASC.get(lose) or asc(lose)
            wi = ASC.get(win) or asc(win)
            return lo + wi if (bseat == DECL) is want else wi + lo

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

        def store(bucket: dict, tv: tuple[int, int, int, int], pre: list, lb: int, ub: int,
                  hint: int) -> None:
            sub = bucket.get(tv)
            if sub is None:
                sub = bucket[tv] = {}
            pk = (pre[0][tv[0]], pre[1][tv[1]], pre[2][tv[2]], pre[3][tv[3]])
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
            ak = ((a << 64 | b) << 64 | c) << 2 | leader
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
            bkey, pre = ex[0], ex[1]
            p0, p1, p2, p3 = pre
            u = a | b | c
            hint = -1
            bucket = TT.get(bkey)
            if bucket is not None:
                for tvec, sub in bucket.items():
                    e = sub.get((p0[tvec[0]], p1[tvec[1]], p2[tvec[2]], p3[tvec[3]]))
                    if e is not None:
                        if e & 15 >= need:
                            ex[2] = e & 15
                            rel = ex[4] = rel_of(tvec, u)
                            return True, rel
                        if e >> 4 & 15 < need:
                            ex[3] = e >> 4 & 15
                            rel = ex[5] = rel_of(tvec, u)
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
                if betl:
                    lb, ub, brel = betl_bounds(leader, r)
                else:
                    # the side on lead cashing winners; trumps above every opposing trump
                    qt, brel = quick(leader)
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
                                brel |= 1 << (otop - 1)
                        else:
                            lb = d.bit_count()
                        ub = r - dsure
                        if dsure and dtop:
                            brel |= 1 << (dtop - 1)
                    else:
                        lb, ub = 0, r
                    if leader == DECL:
                        if qt > lb:
                            lb = qt
                    else:
                        pq, prel = partner_quick(leader)
                        if pq > qt:
                            qt = pq
                            brel |= prel
                        if r - qt < ub:
                            ub = r - qt
                if lb > ex[2]:
                    ex[2], ex[4] = lb, brel
                if ub < ex[3]:
                    ex[3], ex[5] = ub, brel
                if lb >= need or ub < need:
                    store(bucket, tvec_of(brel, u), pre, lb, ub, -1)
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
            counter[0] += 1
            w1 = WANT[leader]
            result = not w1
            acc1 = 0
            s2 = NEXT[leader]
            h2 = H[s2]
            w2 = WANT[s2]
            lead_reps = reps(h, u)
            if runs_rel:
                acc1 = lead_reps
            if NACT == 3:
                s3 = NEXT[s2]
                h3 = H[s3]
                w3 = WANT[s3]
                for c1 in order_lead(leader, lead_reps, hc):
                    H[leader] = h ^ 1 << c1
                    led = c1 >> 4
                    counter[0] += 1
                    m2 = fmoves(h2, led, c1, u)
                    r1 = not w2
                    acc2 = m2 if runs_rel else 0
                    for c2 in (forder(m2, led, c1, leader, w2) if m2 & (m2 - 1)
                               else (m2.bit_length() - 1,)):
                        H[s2] = h2 ^ 1 << c2
                        if c2 >> 4 == led:
                            same2 = True
                            if c2 > c1:
                                best, bs = c2, s2
                            else:
                                best, bs = c1, leader
                        else:
                            same2 = False
                            if c2 >> 4 == trump:
                                best, bs = c2, s2
                            else:
                                best, bs = c1, leader
                        bsuit = best >> 4
                        counter[0] += 1
                        m3 = fmoves(h3, led, best, u)
                        r2 = not w3
                        acc3 = m3 if runs_rel else 0
                        for c3 in (forder(m3, led, best, bs, w3) if m3 & (m3 - 1)
                                   else (m3.bit_length() - 1,)):
                            H[s3] = h3 ^ 1 << c3
                            if c3 >> 4 == bsuit:
                                if c3 > best:
                                    res, rel = boundary(s3, need - 1 if s3 == DECL else need)
                                    rel |= 1 << c3
                                else:
                                    res, rel = boundary(bs, need - 1 if bs == DECL else need)
                                    rel |= 1 << best
                            elif c3 >> 4 == trump:
                                res, rel = boundary(s3, need - 1 if s3 == DECL else need)
                            else:
                                res, rel = boundary(bs, need - 1 if bs == DECL else need)
                                if same2:
                                    rel |= 1 << best
                            if res is w3:
                                r2 = w3
                                acc3 = rel
                                break
                            acc3 |= rel
                        H[s3] = h3
                        if r2 is w2:
                            r1 = w2
                            acc2 = acc3
                            break
                        acc2 |= acc3
                    H[s2] = h2
                    if r1 is w1:
                        result = w1
                        acc1 = acc2
                        break
                    acc1 |= acc2
            else:
                for c1 in order_lead(leader, lead_reps, hc):
                    H[leader] = h ^ 1 << c1
                    led = c1 >> 4
                    counter[0] += 1
                    m2 = fmoves(h2, led, c1, u)
                    r1 = not w2
                    acc2 = m2 if runs_rel else 0
                    for c2 in (forder(m2, led, c1, leader, w2) if m2 & (m2 - 1)
                               else (m2.bit_length() - 1,)):
                        H[s2] = h2 ^ 1 << c2
                        if c2 >> 4 == led:
                            if c2 > c1:
                                res, rel = boundary(s2, need - 1 if s2 == DECL else need)
                                rel |= 1 << c2
                            else:
                                res, rel = boundary(leader, need - 1 if leader == DECL else need)
                                rel |= 1 << c1
                        elif c2 >> 4 == trump:
                            res, rel = boundary(s2, need - 1 if s2 == DECL else need)
                        else:
                            res, rel = boundary(leader, need - 1 if leader == DECL else need)
                        if res is w2:
                            r1 = w2
                            acc2 = rel
                            break
                        acc2 |= rel
                    H[s2] = h2
                    if r1 is w1:
                        result = w1
                        acc1 = acc2
                        break
                    acc1 |= acc2
            H[leader] = h
            if result is w1:
                KILLER[leader * 16 + r] = c1
                s = c1 & 48
                hint = s | ((u >> s & _FIELD) >> ((c1 & 15) + 1)).bit_count()
            if result:
                store(bucket, tvec_of(acc1, u), pre, need, r, hint)
                ex[2], ex[4] = need, acc1
            else:
                store(bucket, tvec_of(acc1, u), pre, 0, need - 1, hint)
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


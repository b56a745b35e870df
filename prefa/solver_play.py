"""The exact solver at the card table, for any ruleset with a declarer.

The engine players of the rulesets (:mod:`prefa.balkan.player`,
:mod:`prefa.greek.player`, :mod:`prefa.russian.player`) share this part,
so the three choose their cards the same way.  It knows no ruleset, only
a :class:`~prefa.play.TrickPlay`, the declarer's seat and the solver's
goal (``"tricks"`` or ``"betl"``):

- :func:`sampled_card` is the engine's card: the cards the seat to move
  cannot see are dealt at random a few times, consistent with the play so
  far (:func:`consistent`: every card played must have been legal in the
  layout, so the voids shown and any duty to overtake are kept) and with
  cards it knows a seat does not hold; each layout is solved double dummy,
  and the card with the best total wins (ties: the lowest card).  The
  hands the caller names in ``known`` are taken as they are (the seat's
  own, and any hand lying face up);
- :func:`play_position` is the solver's position of the play now, every
  card known; :func:`best_cards` the solver's best cards for the seat to
  move on the real deal (the teaching hint); :func:`best_line` its line to
  the end;
- :func:`card_costs` goes through the cards a seat chose after the hand
  and tells, double dummy on the real deal, what each one cost.

>>> from prefa.cards import CardSet
>>> from prefa.play import PlayRules
>>> tp = TrickPlay.start([CardSet.parse("SAK"), CardSet.parse("SQJ"), CardSet.parse("ST9")],
...                      0, PlayRules())
>>> card_name(sampled_card(tp, 0, "tricks", SplitMix64(1), 3, known={0: tp.hands[0]}))
'KS'
>>> tp.play(parse_card("KS")); tp.play(parse_card("QS")); tp.play(parse_card("TS"))
>>> [(k.card, k.cost) for k in card_costs(tp, 0, "tricks", 1)]
[('QS', 0)]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from .analysis import principal_variation
from .cards import Card, CardSet, card_name, card_rank, card_suit, deck, parse_card  # noqa: F401
from .deal import SplitMix64
from .play import PlayRules, TrickPlay, legal_cards
from .solver import Position, Solver, wants_tricks

__all__ = ["CardCost", "best_cards", "best_line", "card_costs", "consistent", "out_seat",
           "play_position", "sampled_card", "shown_voids", "three_seats"]


def out_seat(tp: TrickPlay) -> int | None:
    """The seat of the three that does not play (tricks of two cards), if any."""
    missing = [s for s in range(3) if s not in tp.active]
    return missing[0] if missing else None


def play_position(tp: TrickPlay, declarer: int, goal: str,
                  seats: Sequence[int] | None = None) -> Position:
    """The solver's position of the play now, every card known.  With four at the
    table, ``seats`` are the three dealt in, and the position's seats are theirs
    in order (:func:`three_seats`)."""
    if len(tp.hands) > 3:
        tp, order = three_seats(tp, seats or ())
        declarer = order.index(declarer)
    return Position(tuple(tp.hands), declarer, tp.leader, tp.rules, goal, tuple(tp.trick),
                    tp.won[declarer], out_seat(tp))


def _shown(c: Card, led: int, rules: PlayRules) -> set[int]:
    """The suits a player shows he lacks by playing ``c`` to a trick led in ``led``."""
    if card_suit(c) == led:
        return set()
    out = {led}
    if rules.must_trump and rules.trump is not None and card_suit(c) != rules.trump:
        out.add(int(rules.trump))
    return out


def shown_voids(tp: TrickPlay) -> dict[int, set[int]]:
    """The suits each seat has shown it lacks, from the tricks and the trick in progress.

    >>> from prefa.play import PlayRules
    >>> tp = TrickPlay.start([CardSet.parse("SA HA"), CardSet.parse("SK H7"),
    ...                       CardSet.parse("D7 C7")], 0, PlayRules())
    >>> tp.play(parse_card("AS")); tp.play(parse_card("KS")); tp.play(parse_card("7D"))
    >>> v = shown_voids(tp); v[0], v[1], v[2] == {0}
    (set(), set(), True)
    """
    void: dict[int, set[int]] = {s: set() for s in range(3)}
    for t in tp.tricks:
        led = card_suit(t.cards[0])
        for s, c in zip(t.seats, t.cards):
            void[s] |= _shown(c, led, tp.rules)
    if tp.trick:
        led = card_suit(tp.trick[0])
        s = tp.leader
        for c in tp.trick:
            void[s] |= _shown(c, led, tp.rules)
            s = tp.next_seat(s)
    return void


def _opening(tp: TrickPlay, hands: Sequence[CardSet] | None = None) -> tuple[list[CardSet], int]:
    """The hands before the first card of the play (from ``hands`` as they are now,
    by default the real ones) and the seat that led it."""
    start = list(tp.hands if hands is None else hands)
    for s, c in tp._history:
        start[s] = start[s].add(c)
    return start, (tp.tricks[0].leader if tp.tricks else tp.leader)


def consistent(tp: TrickPlay, hands: Sequence[CardSet]) -> bool:
    """True when every card played so far was legal had the seats held ``hands``
    now (so the duties to overtake or overtrump are kept, not only the voids).

    >>> from prefa.play import PlayRules, Overtake
    >>> r = PlayRules(overtake=Overtake.ALWAYS)
    >>> tp = TrickPlay.start([CardSet.parse("SK7"), CardSet.parse("S8 HA"),
    ...                       CardSet.parse("D7 C7")], 0, r)
    >>> tp.play(parse_card("KS")); tp.play(parse_card("8S"))
    >>> consistent(tp, [CardSet.parse("S7"), CardSet.parse("SA"), CardSet.parse("D7 C7")])
    False
    """
    start, first = _opening(tp, hands)
    replay = TrickPlay.start(start, first, tp.rules, tp.active)
    for s, c in tp._history:
        if c not in legal_cards(replay.hands[s], replay.trick, tp.rules):
            return False
        replay.play(c)
    return True


def three_seats(tp: TrickPlay, seats: Sequence[int]) -> tuple[TrickPlay, list[int]]:
    """A play of four at the table, where the dealer sits the hand out, as the
    solver's three seats: the same play on the hands of the three ``seats``
    dealt in (a defender who passed among them, with the seat he keeps), and
    the real seat of each solver seat.  The playing order is kept (the seats
    stay in their order round the table).

    >>> from prefa.play import PlayRules
    >>> tp = TrickPlay.start([CardSet.parse("SA"), CardSet.parse("SK"), CardSet(),
    ...                       CardSet.parse("SQ")], 3, PlayRules())
    >>> t3, seats = three_seats(tp, (3, 0, 1))
    >>> seats, t3.leader, t3.active
    ([3, 0, 1], 0, (0, 1, 2))

    The first of ``seats`` (the forehand, for a hand's ``seats``) becomes the
    solver's seat 0, so the three seats are numbered as at a table of three
    whose dealer is seat 2: a hand of four plays as the three-hand game on the
    same cards.
    """
    order = sorted(seats)
    if len(order) != 3 or any(s not in order for s in tp.active):
        raise ValueError(f"the solver plays three hands: seats {order} for the playing "
                         f"seats {tp.active}")
    k = order.index(next(iter(seats)))
    seats = order[k:] + order[:k]   # the order round the table, from the first seat given
    start, first = _opening(tp)
    ix = {s: i for i, s in enumerate(seats)}
    replay = TrickPlay.start([start[s] for s in seats], ix[first], tp.rules,
                             [ix[s] for s in tp.active])
    for _s, c in tp._history:
        replay.play(c)
    return replay, seats


def _layout(tp: TrickPlay, unknown: list[int], pool: list[Card], rng: SplitMix64,
            allowed: Callable[[int, Card], bool]) -> dict[int, CardSet] | None:
    """One random layout of ``pool`` to the ``unknown`` seats, consistent with the
    play (:func:`consistent`), or ``None`` if the sampler found none in 40 tries."""
    need = {s: len(tp.hands[s]) for s in unknown}

    def fits(layout: dict[int, CardSet]) -> bool:
        hands = list(tp.hands)
        for s, h in layout.items():
            hands[s] = h
        return consistent(tp, hands)

    for _try in range(40):
        cards = list(pool)
        rng.shuffle(cards)
        if len(unknown) == 1:
            (a,) = unknown
            ha = [c for c in cards if allowed(a, c)][:need[a]]
            if len(ha) == need[a] and fits({a: CardSet.of(ha)}):
                return {a: CardSet.of(ha)}
            continue
        a, b = sorted(unknown, key=lambda s: sum(allowed(s, c) for c in pool))
        # a first takes the cards b cannot hold, then any it may hold
        order = [c for c in cards if not allowed(b, c)] + [c for c in cards if allowed(b, c)]
        ha = [c for c in order if allowed(a, c)][:need[a]]
        rest = [c for c in cards if c not in ha]
        hb = [c for c in rest if allowed(b, c)][:need[b]]
        if len(ha) == need[a] and len(hb) == need[b]:
            layout = {a: CardSet.of(ha), b: CardSet.of(hb)}
            if fits(layout):
                return layout
    return None


def sampled_card(tp: TrickPlay, declarer: int, goal: str, rng: SplitMix64, samples: int, *,
                 known: Mapping[int, CardSet], seen: CardSet | None = None,
                 known_not: Mapping[int, CardSet] | None = None,
                 chooser: int | None = None, escape: bool = False,
                 seats: Sequence[int] | None = None) -> Card:
    """The engine's card for the seat to move (see the module's docstring).

    ``known``: the hands the chooser sees as they are now (his own, and any
    lying face up; it must hold the seat to move); ``seen``: other cards he
    knows are out of play (his discards); ``known_not``: cards he knows a
    seat does not hold; ``chooser``: whose side the card is chosen for (the
    seat to move by default; the lone whister for the open hand he plays);
    ``escape``: for the declarer of a betl, a layout counts 1 when he takes
    no trick and 0 when he is caught (one trick loses as much as four), and
    among equally good cards he keeps his low ones (the highest to a trick,
    the lowest on lead); ``seats``: with four at the table, the three seats
    dealt in (:func:`three_seats`).
    Deterministic given the state of ``rng`` (which it advances).
    """
    legal = list(tp.legal_moves())
    if len(legal) == 1:
        return legal[0]
    if len(tp.hands) > 3:  # four at the table: the three dealt in, as the solver's seats
        t3, seats = three_seats(tp, seats or ())
        ix = {s: i for i, s in enumerate(seats)}
        return sampled_card(t3, ix[declarer], goal, rng, samples,
                            known={ix[s]: h for s, h in known.items() if s in ix}, seen=seen,
                            known_not={ix[s]: h for s, h in (known_not or {}).items() if s in ix},
                            chooser=None if chooser is None else ix[chooser], escape=escape)
    me = tp.to_move
    side = me if chooser is None else chooser
    unknown = [s for s in tp.active if s not in known]
    sight = (seen or CardSet()) | CardSet.of(tp.played)
    for h in known.values():
        sight = sight | h
    pool = [c for c in deck() if c not in sight]
    void = shown_voids(tp)
    nots = dict(known_not or {})

    def allowed(s: int, c: Card) -> bool:
        return card_suit(c) not in void[s] and c not in nots.get(s, CardSet())

    solver = Solver()
    totals = {c: 0 for c in legal}
    for _ in range(max(1, samples) if unknown else 1):
        layout = _layout(tp, unknown, pool, rng, allowed) if unknown else {}
        if layout is None:  # constraints too tight for the sampler: use the real cards
            layout = {s: tp.hands[s] for s in unknown}
        hands = list(tp.hands)
        for s, h in layout.items():
            hands[s] = h
        pos = Position(tuple(hands), declarer, tp.leader, tp.rules, goal, tuple(tp.trick),
                       tp.won[declarer], out_seat(tp))
        table = solver.card_table(pos)
        sign = 1 if wants_tricks(pos, side) else -1
        for c in legal:
            totals[c] += (table[c] == 0) if escape else sign * table[c]
    best = max(totals.values())
    tied = [c for c in legal if totals[c] == best]
    if escape and tp.trick:
        return max(tied, key=lambda c: (card_rank(c), c))
    return min(tied, key=lambda c: (card_rank(c), c))


def best_cards(pos: Position, solver: Solver | None = None) -> tuple[list[Card], dict[Card, int]]:
    """The solver's best cards for the seat to move in ``pos``, and the card
    table (the declarer's final tricks after each legal card)."""
    table = (solver or Solver()).card_table(pos)
    sign = 1 if wants_tricks(pos, pos.to_move) else -1
    best = max(sign * v for v in table.values())
    return [c for c in table if sign * table[c] == best], table


def best_line(position: Position, solver: Solver | None = None) -> list[tuple[int, Card]]:
    """The solver's best line from ``position`` to the end, as ``(seat, card)`` pairs."""
    out = []
    for c in principal_variation(position, solver):
        out.append((position.to_move, c))
        position = position.play(c)
    return out


@dataclass(frozen=True, slots=True)
class CardCost:
    """One card a seat chose, judged double dummy on the real deal.

    ``cost``: tricks it cost against the best card (0: a best card, or the
    only legal one); ``best_cards`` the cards that kept the best result;
    ``line`` the solver's best line from the position before the card
    (``(seat, card name)`` pairs, only for a card that cost); ``in_trick``
    the cards already in the trick before it.
    """

    trick_no: int
    card: str
    cost: int
    best_cards: tuple[str, ...]
    forced: bool = False
    line: tuple[tuple[int, str], ...] = ()
    in_trick: int = 0


def card_costs(tp: TrickPlay, declarer: int, goal: str, seat: int, *, lines: bool = True,
               chose: Callable[[int], bool] | None = None,
               seats: Sequence[int] | None = None) -> list[CardCost]:
    """Every card ``seat`` chose in the play ``tp`` (the cards of the seats for
    which ``chose(s)`` is true; by default his own), with what it cost.  With
    four at the table, ``seats`` are the three dealt in; the lines name the real
    seats."""
    chose = chose or (lambda s: s == seat)
    if len(tp.hands) > 3:
        t3, order = three_seats(tp, seats or ())
        if seat not in order:  # the dealer sat the hand out: he chose no card
            return []
        found = card_costs(t3, order.index(declarer), goal, order.index(seat), lines=lines,
                           chose=lambda i: chose(order[i]))
        return [replace(k, line=tuple((order[x], c) for x, c in k.line)) for k in found]
    start, first = _opening(tp)
    replay = TrickPlay.start(start, first, tp.rules, tp.active)
    solver = Solver()
    found: list[CardCost] = []
    for s, c in tp._history:
        if chose(s):
            trick_no = len(replay.tricks) + 1
            if len(replay.legal_moves()) == 1:
                found.append(CardCost(trick_no, card_name(c), 0, (card_name(c),), forced=True))
            else:
                pos = play_position(replay, declarer, goal)
                table = solver.card_table(pos)
                sign = 1 if wants_tricks(pos, seat) else -1
                best = max(sign * v for v in table.values())
                lost = best - sign * table[c]
                line: tuple[tuple[int, str], ...] = ()
                if lost > 0 and lines:
                    line = tuple((x, card_name(y)) for x, y in best_line(pos, solver))
                found.append(CardCost(trick_no, card_name(c), lost,
                                      tuple(card_name(x) for x in table if sign * table[x] == best),
                                      line=line, in_trick=len(replay.trick)))
        replay.play(c)
    return found

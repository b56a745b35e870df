"""Analysis built on the double-dummy solver: best lines, betl leads, lead choice.

- :func:`principal_variation`: a line of best play, card by card, to the end.
- :func:`betl_leads`: can a betl be caught, and with which leads?
- :func:`evaluate_leads`: single-dummy lead choice.  The leader sees only
  his own hand (and whatever else is known); the unseen cards are dealt at
  random many times, each layout is solved double dummy, and each lead gets
  the declarer's mean tricks and the chance that it beats the contract.

>>> from prefa.deal import Deal
>>> from prefa.cards import card_name
>>> d = Deal.parse("HK D8 CT / SQ HJ CJ / S9 HA DA")
>>> a = betl_leads(d, declarer=0, leader=1)
>>> a.caught, str(a.leads)
(True, 'CJ')
>>> p = Position.from_deal(d, "betl", declarer=0, leader=1)
>>> " ".join(card_name(c) for c in principal_variation(p))
'JC AH TC JH AD KH 8D QS 9S'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from .balkan.contract import Game
from .cards import Card, CardSet, Suit, card_name, deck
from .deal import Deal, SplitMix64
from .errors import RuleOptionError
from .play import PlayRules
from .solver import Position, Solver, wants_tricks

__all__ = [
    "BetlAnalysis",
    "LeadEvaluation",
    "LeadReport",
    "LeadStats",
    "beaten",
    "betl_leads",
    "evaluate_leads",
    "principal_variation",
]


# ---------------------------------------------------------------------------
# Principal variation
# ---------------------------------------------------------------------------

def principal_variation(position: Position, solver: Solver | None = None) -> list[Card]:
    """A line of best play from ``position`` to the last card.

    At every step the player to move plays a card that keeps the
    double-dummy result (the highest such card, in :class:`CardSet` order);
    replaying the line from ``position`` gives the declarer :func:`solve`
    tricks.  ``solver`` lets several calls share one transposition table.

    >>> from prefa.deal import Deal
    >>> p = Position.from_deal(Deal.parse("SAK / SQJ / ST9"), "sans", 0, 1)
    >>> [card_name(c) for c in principal_variation(p)]
    ['QS', 'TS', 'AS', 'KS', 'JS', '9S']
    """
    solver = solver or Solver()
    value = solver.solve(position)
    line: list[Card] = []
    while not position.is_over():
        maximiser = wants_tricks(position, position.to_move)
        failed: list[Card] = []
        for card in position.legal_moves():
            if any(_equivalent(position, card, f) for f in failed):
                continue  # as good as a card already found wanting
            failed.append(card)
            after = position.play(card)
            # the mover's other cards never do better than ``value`` for him
            keeps = (solver.at_least(after, value) if maximiser
                     else not solver.at_least(after, value + 1))
            if keeps:
                break
        else:  # pragma: no cover - the solver guarantees a card keeps the value
            raise AssertionError("no card keeps the solved value")
        line.append(card)
        position = after
    return line


def _equivalent(position: Position, a: Card, b: Card) -> bool:
    """True when cards ``a`` and ``b`` of the player to move are interchangeable:
    same suit, and no card between them is still out in another hand or in
    the current trick, so either one leaves the same position.

    >>> from prefa.cards import parse_card
    >>> p = Position.from_deal(Deal.parse("SAKQ9 / SJT8 H7 / S76 HA8"), "sans", 0, 0)
    >>> [_equivalent(p, parse_card(a), parse_card(b)) for a, b in (("AS", "QS"), ("QS", "9S"))]
    [True, False]
    """
    if a >> 4 != b >> 4:
        return False
    order = position.rules.strength
    lo, hi = sorted((order(a), order(b)))
    mover = position.to_move
    out = position.trick + tuple(c for s, h in enumerate(position.hands) if s != mover
                                 for c in h)
    return not any(c >> 4 == a >> 4 and lo < order(c) < hi for c in out)


# ---------------------------------------------------------------------------
# Betl
# ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class BetlAnalysis:
    """Whether a betl is caught with best play, and the leads that catch it.

    ``leads`` are the leader's cards after which the declarer must take a
    trick; ``caught`` says whether the betl is caught with best play by all
    (for a defender on lead: some lead catches it; for the declarer on lead:
    every lead does).
    """

    caught: bool
    leads: CardSet


def betl_leads(deal: Deal, declarer: int, leader: int, played: Iterable[Card] | str = (),
               *, rules: PlayRules | None = None, solver: Solver | None = None) -> BetlAnalysis:
    """Can the betl be caught, and with which leads?

    ``deal`` holds the three hands; ``played`` the cards already played (from
    the first lead) when the question is asked later in the hand, at a
    trick boundary.  One null-window search per lead: "does the declarer
    take at least one trick?".

    >>> from prefa.deal import Deal
    >>> betl_leads(Deal.parse("S87 HT / SQJ H9 / SAK HJ"), declarer=0, leader=1)
    BetlAnalysis(caught=False, leads=CardSet.parse('-'))
    """
    solver = solver or Solver()
    position = Position.from_deal(deal, Game.BETL, declarer, leader, played, rules=rules)
    if position.trick:
        raise RuleOptionError("betl_leads asks about a lead: the cards played must end "
                              "at a trick boundary")
    catching = [c for c in position.legal_moves()
                if solver.at_least(position.play(c), position.won + 1)]
    caught = solver.at_least(position, position.won + 1)
    return BetlAnalysis(caught, CardSet.of(catching))


# ---------------------------------------------------------------------------
# Single-dummy lead evaluation
# ---------------------------------------------------------------------------

def beaten(game: Game | str, tricks: int, hand_size: int = 10) -> bool:
    """True when the declarer's ``tricks`` lose the game.

    Suit games and sans need 6 of 10 tricks, preferans all of them, betl
    none.

    >>> beaten("sans", 5), beaten("clubs", 6), beaten("betl", 1), beaten("preferans", 9)
    (True, False, True, True)
    """
    if not isinstance(game, Game):
        game = Game.find(str(game))
    if game is Game.BETL:
        return tricks >= 1
    if game is Game.PREFERANS:
        return tricks < hand_size
    return tricks < 6


@dataclass(frozen=True, slots=True)
class LeadStats:
    """One lead over the sampled layouts: declarer's mean tricks, chance of beating."""

    card: Card
    mean_tricks: float
    beat_chance: float

    def __str__(self) -> str:
        return f"{card_name(self.card)}: {self.mean_tricks:.2f} tricks, beats {self.beat_chance:.0%}"


@dataclass(frozen=True, slots=True)
class LeadReport:
    """The result of :func:`evaluate_leads`: one :class:`LeadStats` per card of
    the leader's hand, the best lead for the leader first."""

    samples: int
    leads: tuple[LeadStats, ...]

    @property
    def best(self) -> LeadStats:
        """The leader's best lead."""
        return self.leads[0]

    def of(self, card: Card) -> LeadStats:
        """The figures of the lead ``card`` (a card of the leader's hand)."""
        for s in self.leads:
            if s.card == card:
                return s
        raise RuleOptionError(f"{card_name(card)} is not one of the leads evaluated")

    def as_good_as_best(self, card: Card) -> bool:
        """True when the lead ``card`` does exactly as well as the best lead: the
        same chance of beating the game and the same mean tricks (every such
        lead counts as a best lead)."""
        s, b = self.of(card), self.best
        return s.beat_chance == b.beat_chance and s.mean_tricks == b.mean_tricks

    def __str__(self) -> str:
        return "\n".join(str(s) for s in self.leads)


def _unknown_deals(hand: CardSet, leader: int, seats: list[int], size: int,
                   known: dict[int, CardSet], voids: dict[int, set[int]], pool: list[Card],
                   rng: SplitMix64, max_tries: int = 20000,
                   accept: Callable[[Deal], bool] | None = None) -> Deal:
    """One random deal consistent with what the leader knows.

    The unseen ``pool`` is shuffled and dealt to the other playing seats
    (after their known cards); the rest lies out of play.  Cards of a suit
    every receiving seat is void in go straight out of play; a deal that
    gives a seat a card of a suit it has shown void in is drawn again, so
    every consistent layout is equally likely.
    """
    need = {s: size - len(known.get(s, CardSet())) for s in seats}
    forced_out = [c for c in pool if all((c >> 4) in voids.get(s, ()) for s in seats)]
    free = [c for c in pool if c not in set(forced_out)]
    for s in seats:
        room = sum(1 for c in free if (c >> 4) not in voids.get(s, ()))
        if room < need[s]:
            raise RuleOptionError(f"the known cards and voids leave no consistent deal: seat "
                                  f"{s} needs {need[s]} more cards, {room} could go to him")
    total = sum(need.values())
    if total > len(free):
        raise RuleOptionError("the known cards and voids leave no consistent deal: "
                              f"{total} unseen cards needed, {len(free)} available")
    for _ in range(max_tries):
        rng.shuffle(free)
        hands = {leader: hand.mask}
        i = 0
        ok = True
        for s in seats:
            cards = free[i:i + need[s]]
            i += need[s]
            vs = voids.get(s)
            if vs and any((c >> 4) in vs for c in cards):
                ok = False
                break
            hands[s] = known.get(s, CardSet()).mask | CardSet.of(cards).mask
        if ok:
            deal = Deal(tuple(CardSet(hands.get(s, 0)) for s in range(3)))
            if accept is None or accept(deal):
                return deal
    raise RuleOptionError(f"no deal consistent with the known cards, voids and other "
                          f"conditions found in {max_tries} tries")


def _table(solver: Solver, masks: tuple[int, ...], setting: tuple) -> dict[Card, int]:
    """The leader's card table for one deal given as hand masks."""
    game, declarer, leader, out, rules = setting
    deal = Deal(tuple(CardSet(m) for m in masks))
    return solver.card_table(Position.from_deal(deal, game, declarer, leader, out=out,
                                                rules=rules))


def _lead_tables(chunk: list[tuple[int, ...]], setting: tuple) -> list[dict[Card, int]]:
    """Card tables for a chunk of deals, with one solver (run in a worker process)."""
    solver = Solver()
    return [_table(solver, m, setting) for m in chunk]


def _solve_leads(deals: list[Deal], setting: tuple, workers: int):
    """Yield lists of card tables: one deal at a time in this process, or chunks
    from ``workers`` processes as they finish (the sums do not depend on the order)."""
    masks = [tuple(h.mask for h in d.hands) for d in deals]
    if workers <= 1 or len(masks) < 2:
        solver = Solver()  # one table for every layout: endings recur
        for m in masks:
            yield [_table(solver, m, setting)]
        return
    import concurrent.futures
    import multiprocessing
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else methods[0])
    size = max(1, len(masks) // (workers * 5))
    chunks = [masks[i:i + size] for i in range(0, len(masks), size)]
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        futures = [pool.submit(_lead_tables, chunk, setting) for chunk in chunks]
        for f in concurrent.futures.as_completed(futures):
            yield f.result()


class LeadEvaluation:
    """A single-dummy lead evaluation carried out a few layouts at a time.

    It takes the arguments of :func:`evaluate_leads` (but ``progress`` and
    ``workers``) and checks them; :meth:`step` draws and solves the next
    layouts (always the same ones, in the same order, however the work is
    cut), :attr:`done` and :attr:`total` say how far it is, and
    :meth:`report` gives the :class:`LeadReport` once every layout is
    solved.  A client that must stay responsive (a widget showing a
    progress bar) calls :meth:`step` between its own events; the report is
    the one :func:`evaluate_leads` gives for the same arguments.

    >>> ev = LeadEvaluation("SAK7 HKQ DJ87 C97", "sans", declarer=0, leader=1, samples=4, seed=1)
    >>> ev.step(3), ev.step(3), ev.is_done
    (3, 4, True)
    >>> ev.report() == evaluate_leads("SAK7 HKQ DJ87 C97", "sans", 0, 1, samples=4, seed=1)
    True
    """

    def __init__(self, hand: CardSet | str, game: Game | str, declarer: int, leader: int, *,
                 known: Mapping[int, CardSet | str] | None = None,
                 voids: Mapping[int, Iterable[Suit | int | str]] | None = None,
                 seen: CardSet | str | None = None, out: int | None = None,
                 samples: int = 100, seed: int = 0, rules: PlayRules | None = None,
                 deck_size: int = 32, accept: Callable[[Deal], bool] | None = None) -> None:
        if not isinstance(game, Game):
            game = Game.find(str(game))
        hand = CardSet.parse(hand) if isinstance(hand, str) else hand
        seen = CardSet.parse(seen) if isinstance(seen, str) else (seen or CardSet())
        for name, seat in (("declarer", declarer), ("leader", leader), ("out", out)):
            if seat is not None and seat not in (0, 1, 2):
                raise RuleOptionError(f"bad {name} seat {seat!r}: expected 0, 1 or 2")
        if samples < 1:
            raise RuleOptionError(f"bad number of samples {samples!r}: expected 1 or more")
        if not hand:
            raise RuleOptionError("the leader's hand is empty")
        known_sets: dict[int, CardSet] = {}
        for s, cards in (known or {}).items():
            cs = CardSet.parse(cards) if isinstance(cards, str) else cards
            if s == leader:
                if cs - hand:
                    raise RuleOptionError(f"known cards {cs - hand} of the leader are not in "
                                          "his hand")
                continue
            known_sets[s] = cs
        void_sets: dict[int, set[int]] = {}
        for s, suits in (voids or {}).items():
            void_sets[s] = {int(Suit.find(x)) if isinstance(x, str) else int(x) for x in suits}
        seats = [s for s in range(3) if s not in (leader, out)]
        size = len(hand)
        taken = hand.mask | seen.mask
        for s, cs in known_sets.items():
            if s not in seats:
                raise RuleOptionError(f"seat {s} does not play: no cards can be known in his hand")
            if cs.mask & taken:
                raise RuleOptionError(f"card {card_name(next(iter(CardSet(cs.mask & taken))))} "
                                      "is known in two places")
            if len(cs) > size:
                raise RuleOptionError(f"seat {s} cannot hold {len(cs)} known cards in a hand "
                                      f"of {size}")
            for c in cs:
                if (c >> 4) in void_sets.get(s, ()):
                    raise RuleOptionError(f"seat {s} holds {card_name(c)} but is said to be void "
                                          f"in {Suit(c >> 4).name.lower()}")
            taken |= cs.mask
        pool = [c for c in deck(deck_size) if not taken >> c & 1]
        rng = SplitMix64(seed)
        self.game, self.hand, self.leader, self.declarer = game, hand, leader, declarer
        self._samples = samples
        self._draw = lambda: _unknown_deals(hand, leader, seats, size, known_sets, void_sets,
                                            pool, rng, accept=accept)
        self._deals: list[Deal] = [self._draw()]  # the first now: bad arguments raise here
        self.setting = (game, declarer, leader, out, rules)
        self._totals = {c: 0 for c in hand}
        self._beats = {c: 0 for c in hand}
        self.done = 0
        self._solver: Solver | None = None

    @property
    def total(self) -> int:
        """How many layouts the evaluation solves."""
        return self._samples

    def _dealt(self, n: int) -> list[Deal]:
        """The first ``n`` layouts, drawn as they are needed (always in the same order)."""
        while len(self._deals) < min(n, self._samples):
            self._deals.append(self._draw())
        return self._deals[:n]

    @property
    def deals(self) -> tuple[Deal, ...]:
        """Every layout (drawn now if need be)."""
        return tuple(self._dealt(self._samples))

    @property
    def is_done(self) -> bool:
        """True once every layout is solved."""
        return self.done == self.total

    def add(self, tables: Iterable[Mapping[Card, int]]) -> None:
        """Count the card tables of the next layouts (solved elsewhere, in order or not)."""
        size = len(self.hand)
        for table in tables:
            for c, n in table.items():
                self._totals[c] += n
                self._beats[c] += beaten(self.game, n, size)
            self.done += 1

    def step(self, layouts: int = 1) -> int:
        """Solve the next ``layouts`` layouts (fewer at the end); returns :attr:`done`.

        One solver serves every step, so endings solved once are reused.
        """
        if self._solver is None:
            self._solver = Solver()
        end = min(self.done + max(layouts, 0), self.total)
        self.add([_table(self._solver, tuple(h.mask for h in d.hands), self.setting)
                  for d in self._dealt(end)[self.done:end]])
        return self.done

    def report(self) -> LeadReport:
        """The :class:`LeadReport`; raises :class:`RuleOptionError` before the last layout."""
        if not self.is_done:
            raise RuleOptionError(f"the evaluation is not finished: {self.done} of "
                                  f"{self.total} layouts solved")
        n, game = self.total, self.game
        stats = [LeadStats(c, self._totals[c] / n, self._beats[c] / n) for c in self.hand]
        if self.leader == self.declarer:  # the declarer wants the game made
            stats.sort(key=lambda s: (s.beat_chance, -s.mean_tricks if game is not Game.BETL
                                      else s.mean_tricks))
        else:
            stats.sort(key=lambda s: (-s.beat_chance, s.mean_tricks if game is not Game.BETL
                                      else -s.mean_tricks))
        return LeadReport(n, tuple(stats))


def evaluate_leads(hand: CardSet | str, game: Game | str, declarer: int, leader: int, *,
                   known: Mapping[int, CardSet | str] | None = None,
                   voids: Mapping[int, Iterable[Suit | int | str]] | None = None,
                   seen: CardSet | str = CardSet(), out: int | None = None,
                   samples: int = 100, seed: int = 0, rules: PlayRules | None = None,
                   progress: Callable[[int, int], None] | None = None,
                   deck_size: int = 32, workers: int = 1,
                   accept: Callable[[Deal], bool] | None = None) -> LeadReport:
    """Evaluate each lead from ``hand`` by sampling the unseen cards.

    - ``hand``: the leader's cards; every playing hand holds as many.
    - ``known``: cards known to be in other seats' hands (e.g. cards the
      declarer has shown), ``{seat: cards}``.
    - ``voids``: suits a seat is known to be void in, ``{seat: suits}``.
    - ``seen``: cards known to be out of play (a talon that was shown, the
      cards played so far in earlier deals of a problem...).
    - ``out``: a defender who does not play.

    The unseen cards are dealt ``samples`` times from ``seed`` with
    :class:`~prefa.deal.SplitMix64` (the same arguments give the same
    report), each layout is solved double dummy for every lead, and each
    lead gets the declarer's mean tricks and the share of layouts where it
    beats the game (:func:`beaten`).  ``progress(done, total)`` is called
    as layouts are done.  ``workers`` > 1 spreads the layouts over that many
    processes (not available under Pyodide); the report is the same.
    ``accept(deal)`` keeps only the layouts that fit what else is known
    (see :class:`LeadEvaluation`, which does the same work a few layouts at
    a time).

    >>> r = evaluate_leads("SAK7 HKQ DJ87 C97", "sans", declarer=0, leader=1, samples=8, seed=1)
    >>> r.samples, len(r.leads), 0 <= r.best.beat_chance <= 1
    (8, 10, True)
    """
    if workers < 1:
        raise RuleOptionError(f"bad number of workers {workers!r}: expected 1 or more")
    ev = LeadEvaluation(hand, game, declarer, leader, known=known, voids=voids, seen=seen,
                        out=out, samples=samples, seed=seed, rules=rules, deck_size=deck_size,
                        accept=accept)
    for tables in _solve_leads(list(ev.deals), ev.setting, workers):
        ev.add(tables)
        if progress is not None:
            progress(ev.done, ev.total)
    return ev.report()

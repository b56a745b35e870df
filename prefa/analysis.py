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
>>> p = Position.from_deal(d, declarer=0, leader=1, goal="betl")
>>> " ".join(card_name(c) for c in principal_variation(p))
'JC AH TC JH AD KH 8D QS 9S'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import chain, islice

from .cards import Card, CardSet, Suit, card_name, check_cardset, check_deck, check_trump, deck
from .deal import Deal, SplitMix64, check_seed, is_seat
from .errors import RuleOptionError
from .i18n import _
from .play import PlayRules
from .solver import GOALS, HAND_TRICKS, Position, Solver, wants_tricks

MAX_SAMPLES = 100_000
"""The most layouts :func:`evaluate_leads` samples in one call (about a
quarter of an hour of solving per thousand on one core, so this is already
a day's work; a larger number is refused rather than left to run)."""

__all__ = [
    "LeadEvaluation",
    "BetlAnalysis",
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
    >>> p = Position.from_deal(Deal.parse("SAK / SQJ / ST9"), 0, 1)
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
    >>> p = Position.from_deal(Deal.parse("SAKQ9 / SJT8 H7 / S7 HA98"), 0, 0)
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
    position = Position.from_deal(deal, declarer, leader, played, goal="betl", rules=rules)
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

def beaten(tricks: int, *, goal: str = "tricks", need: int = 6) -> bool:
    """True when the declarer's ``tricks`` lose: in betl one trick beats him;
    for ``goal="tricks"`` fewer than the ``need`` tricks he must take.

    >>> beaten(5), beaten(6), beaten(1, goal="betl"), beaten(9, need=10)
    (True, False, True, True)
    """
    if goal not in GOALS:
        raise RuleOptionError(f"bad goal {goal!r}: expected 'tricks' or 'betl'")
    if goal == "betl":
        return tricks >= 1
    return tricks < need


@dataclass(frozen=True, slots=True)
class LeadStats:
    """One lead over the sampled layouts: declarer's mean tricks, chance of beating."""

    card: Card
    mean_tricks: float
    beat_chance: float

    def __str__(self) -> str:
        # Translators: one lead's figures: the declarer's mean tricks (a decimal: 5.65) and
        # the chance that the lead beats the contract (55%)
        return _("{card}: {mean} tricks, beats {chance}").format(
            card=card_name(self.card), mean=f"{self.mean_tricks:.2f}",
            chance=f"{self.beat_chance:.0%}")


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
    trump, goal, declarer, leader, out, rules = setting
    deal = Deal(tuple(CardSet(m) for m in masks))
    return solver.card_table(Position.from_deal(deal, declarer, leader, trump=trump, goal=goal,
                                                out=out, rules=rules))


def _lead_tables(chunk: list[tuple[int, ...]], setting: tuple) -> list[dict[Card, int]]:
    """Card tables for a chunk of deals, with one solver (run in a worker process)."""
    solver = Solver()
    return [_table(solver, m, setting) for m in chunk]


def _solve_leads(deals: Iterator[Deal], total: int, setting: tuple, workers: int):
    """Yield lists of card tables: one deal at a time in this process, or chunks
    from ``workers`` processes as they finish (the sums do not depend on the order).

    ``deals`` is consumed as the work goes on (``total`` of them), so memory
    does not grow with the number of samples: a few chunks per worker are in
    flight at a time."""
    masks = (tuple(h.mask for h in d.hands) for d in deals)
    if workers <= 1 or total < 2:
        solver = Solver()  # one table for every layout: endings recur
        for m in masks:
            yield [_table(solver, m, setting)]
        return
    import concurrent.futures
    import multiprocessing
    from itertools import chain, islice
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else methods[0])
    size = max(1, min(total // (workers * 5), 1000))
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        pending: set = set()

        def submit() -> None:
            chunk = list(islice(masks, size))
            if chunk:
                pending.add(pool.submit(_lead_tables, chunk, setting))

        for _ in range(2 * workers):
            submit()
        while pending:
            done, rest = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED)
            pending.clear()
            pending.update(rest)
            for f in done:
                submit()
                yield f.result()


def _void_suit(x: object) -> int:
    if isinstance(x, str):
        return int(Suit.find(x.strip()))
    if not _whole(x) or not 0 <= x <= 3:  # type: ignore[operator]
        raise RuleOptionError(f"bad void suit {x!r}: expected a suit (S H D C, Suit.SPADES ... "
                              "Suit.CLUBS, or 0-3)")
    return int(x)  # type: ignore[call-overload]


def _whole(n: object) -> bool:
    return isinstance(n, int) and not isinstance(n, bool)


class LeadEvaluation:
    """A single-dummy lead evaluation carried out a few layouts at a time.

    It takes the arguments of :func:`evaluate_leads` (but ``progress`` and
    ``workers``) and checks them at once; :meth:`step` draws and solves the
    next layouts (always the same ones, in the same order, however the work
    is cut), :attr:`done` and :attr:`total` say how far it is, and
    :meth:`report` gives the :class:`LeadReport` once every layout is
    solved.  A client that must stay responsive (a view showing a progress
    bar) calls :meth:`step` between its own events; the report is the one
    :func:`evaluate_leads` gives for the same arguments.  The layouts are
    dealt as they are solved, so memory does not grow with ``samples``.

    >>> ev = LeadEvaluation("SAK7 HKQ DJ87 C97", declarer=0, leader=1, samples=4, seed=1)
    >>> ev.step(3), ev.step(3), ev.is_done
    (3, 4, True)
    >>> ev.report() == evaluate_leads("SAK7 HKQ DJ87 C97", 0, 1, samples=4, seed=1)
    True
    """

    def __init__(self, hand: CardSet | str, declarer: int, leader: int, *,
                 trump: Suit | None = None, goal: str = "tricks", need: int | None = 6,
                 known: Mapping[int, CardSet | str] | None = None,
                 voids: Mapping[int, Iterable[Suit | int | str]] | None = None,
                 seen: CardSet | str = CardSet(), out: int | None = None,
                 samples: int = 100, seed: int = 0, rules: PlayRules | None = None,
                 deck_size: int = 32, accept: Callable[[Deal], bool] | None = None) -> None:
        if goal not in GOALS:
            raise RuleOptionError(f"bad goal {goal!r}: expected 'tricks' or 'betl'")
        trump = check_trump(trump)
        if need is not None and (not _whole(need) or not 0 <= need <= HAND_TRICKS):
            raise RuleOptionError(f"bad number of tricks needed {need!r}: expected 0 to "
                                  f"{HAND_TRICKS}, or None for every trick")
        if deck_size not in (32, 52):
            raise RuleOptionError(f"bad deck size {deck_size!r}: expected 32 or 52")
        hand = CardSet.parse(hand) if isinstance(hand, str) else hand
        seen = CardSet.parse(seen) if isinstance(seen, str) else seen
        check_deck(check_cardset(hand, "leader's hand"), deck_size)
        check_deck(check_cardset(seen, "seen cards"), deck_size, "seen card")
        for name, seat in (("declarer", declarer), ("leader", leader), ("out", out)):
            if seat is not None and not is_seat(seat, 3):
                raise RuleOptionError(f"bad {name} seat {seat!r}: expected 0, 1 or 2")
        if not _whole(samples) or not 1 <= samples <= MAX_SAMPLES:
            raise RuleOptionError(f"bad number of samples {samples!r}: expected 1 to {MAX_SAMPLES}")
        check_seed(seed)
        if not hand:
            raise RuleOptionError("the leader's hand is empty")
        if len(hand) > HAND_TRICKS:
            raise RuleOptionError(f"the leader's hand {hand} has {len(hand)} cards: expected at "
                                  f"most {HAND_TRICKS}")
        if hand.mask & seen.mask:
            both = CardSet(hand.mask & seen.mask)
            raise RuleOptionError(f"seen cards {both} are in the leader's own hand: seen cards are "
                                  "cards out of play")
        known_sets: dict[int, CardSet] = {}
        for s, cards in (known or {}).items():
            cs = CardSet.parse(cards) if isinstance(cards, str) else cards
            if not is_seat(s, 3):
                raise RuleOptionError(f"bad seat {s!r} of known cards: expected 0, 1 or 2")
            check_deck(check_cardset(cs, f"known cards of seat {s}"), deck_size, "known card")
            if s == leader:
                if cs - hand:
                    raise RuleOptionError(f"known cards {cs - hand} of the leader are not in his hand")
                continue
            known_sets[s] = cs
        void_sets: dict[int, set[int]] = {}
        for s, suits in (voids or {}).items():
            if not is_seat(s, 3):
                raise RuleOptionError(f"bad seat {s!r} of a void: expected 0, 1 or 2")
            letters = suits.replace(" ", "") if isinstance(suits, str) else suits
            void_sets[s] = {_void_suit(x) for x in letters}
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
                raise RuleOptionError(f"seat {s} cannot hold {len(cs)} known cards in a hand of {size}")
            for c in cs:
                if (c >> 4) in void_sets.get(s, ()):
                    raise RuleOptionError(f"seat {s} holds {card_name(c)} but is said to be void in "
                                          f"{Suit(c >> 4).name.lower()}")
            taken |= cs.mask
        pool = [c for c in deck(deck_size) if not taken >> c & 1]

        def layouts() -> Iterator[Deal]:
            rng = SplitMix64(seed)
            for _ in range(samples):
                yield _unknown_deals(hand, leader, seats, size, known_sets, void_sets, pool, rng,
                                     accept=accept)

        self._new_layouts = layouts
        fresh = layouts()
        first = next(fresh)  # the first layout now: arguments no deal fits are refused here
        self._layouts: Iterator[Deal] = chain((first,), fresh)
        self.hand, self.declarer, self.leader, self.goal = hand, declarer, leader, goal
        self.setting = (trump, goal, declarer, leader, out, rules)
        self._need = size if need is None else need
        self._samples = samples
        self._totals = {c: 0 for c in hand}
        self._beats = {c: 0 for c in hand}
        self.done = 0
        self._solver: Solver | None = None

    @property
    def total(self) -> int:
        """How many layouts the evaluation solves."""
        return self._samples

    @property
    def deals(self) -> tuple[Deal, ...]:
        """Every layout, in the order they are solved (dealt again for the caller)."""
        return tuple(self._new_layouts())

    @property
    def is_done(self) -> bool:
        """True once every layout is solved."""
        return self.done == self.total

    def add(self, tables: Iterable[Mapping[Card, int]]) -> None:
        """Count the card tables of the next layouts (solved elsewhere, in any order)."""
        for table in tables:
            for c, n in table.items():
                self._totals[c] += n
                self._beats[c] += beaten(n, goal=self.goal, need=self._need)
            self.done += 1

    def step(self, layouts: int = 1) -> int:
        """Solve the next ``layouts`` layouts (fewer at the end); returns :attr:`done`.

        One solver serves every step, so endings solved once are reused.
        """
        if self._solver is None:
            self._solver = Solver()
        n = min(max(layouts, 0), self.total - self.done)
        self.add([_table(self._solver, tuple(h.mask for h in d.hands), self.setting)
                  for d in islice(self._layouts, n)])
        return self.done

    def report(self) -> LeadReport:
        """The :class:`LeadReport`; refused before the last layout is solved."""
        if not self.is_done:
            raise RuleOptionError(f"the evaluation is not finished: {self.done} of "
                                  f"{self.total} layouts solved")
        n = self.total
        betl = self.goal == "betl"
        stats = [LeadStats(c, self._totals[c] / n, self._beats[c] / n) for c in self.hand]
        if self.leader == self.declarer:  # the declarer wants the game made
            stats.sort(key=lambda s: (s.beat_chance, s.mean_tricks if betl else -s.mean_tricks))
        else:
            stats.sort(key=lambda s: (-s.beat_chance, -s.mean_tricks if betl else s.mean_tricks))
        return LeadReport(n, tuple(stats))


def evaluate_leads(hand: CardSet | str, declarer: int, leader: int, *,
                   trump: Suit | None = None, goal: str = "tricks", need: int | None = 6,
                   known: Mapping[int, CardSet | str] | None = None,
                   voids: Mapping[int, Iterable[Suit | int | str]] | None = None,
                   seen: CardSet | str = CardSet(), out: int | None = None,
                   samples: int = 100, seed: int = 0, rules: PlayRules | None = None,
                   progress: Callable[[int, int], None] | None = None,
                   deck_size: int = 32, workers: int = 1,
                   accept: Callable[[Deal], bool] | None = None) -> LeadReport:
    """Evaluate each lead from ``hand`` by sampling the unseen cards.

    The game is given as the solver takes it: the declarer's ``goal``
    (``"tricks"`` or ``"betl"``), the ``trump`` suit (or ``None``) and, for
    ``"tricks"``, the tricks he ``need`` s to make it (``None``: every trick
    of the hand); a ruleset maps its games onto them
    (:func:`prefa.balkan.solve.evaluate_leads`).

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
    as layouts are done; the layouts are dealt as the work goes on, so
    memory does not grow with ``samples`` (at most :data:`MAX_SAMPLES`).

    Refused with a :class:`~prefa.errors.PrefaError` naming the bad value:
    a card outside the deck of ``deck_size`` cards, a hand of more than ten
    cards, a card both in the leader's hand and among the ``seen`` cards (or
    known in two places), a seed that is not a whole number 0 or more, a
    number of samples outside 1 to :data:`MAX_SAMPLES`.  ``workers`` > 1 spreads the layouts over that many
    processes (not available under Pyodide); the report is the same.
    ``accept(deal)`` keeps only the layouts that fit what else is known
    (see :class:`LeadEvaluation`, which does the same work a few layouts at
    a time).

    >>> r = evaluate_leads("SAK7 HKQ DJ87 C97", declarer=0, leader=1, samples=8, seed=1)
    >>> r.samples, len(r.leads), 0 <= r.best.beat_chance <= 1
    (8, 10, True)
    """
    if not _whole(workers) or workers < 1:
        raise RuleOptionError(f"bad number of workers {workers!r}: expected 1 or more")
    ev = LeadEvaluation(hand, declarer, leader, trump=trump, goal=goal, need=need, known=known,
                        voids=voids, seen=seen, out=out, samples=samples, seed=seed, rules=rules,
                        deck_size=deck_size, accept=accept)
    for tables in _solve_leads(ev._layouts, ev.total, ev.setting, workers):
        ev.add(tables)
        if progress is not None:
            progress(ev.done, ev.total)
    return ev.report()

"""Deals: the hands in seat order and the talon; seeded random deals.

Notation (RULES.md §0): hands in seat order separated by `` / ``, optionally
followed by `` | `` and the talon.  ``-`` is an empty hand (a fourth player
who sits out this deal).

>>> Deal.parse("SAK / SQ / SA")
Traceback (most recent call last):
...
prefa.errors.ParseError: card 'AS' appears twice (again in hand 3)
>>> d = random_deal(7)
>>> str(d)
'S87 HT987 DJT CJT / SAJ HKJ D87 CAKQ7 / SKQ9 HQ DAKQ9 C98 | ST HA'
>>> Deal.parse(str(d)) == d
True
>>> d
Deal.parse('S87 HT987 DJT CJT / SAJ HKJ D87 CAKQ7 / SKQ9 HQ DAKQ9 C98 | ST HA')

Random deals come from :class:`SplitMix64`, a fixed 64-bit generator written
out here, so a seed gives the same deal on every platform and every Python
version (the standard ``random`` module makes no such promise for
``shuffle``).

A seed is a whole number from 0 up (a negative seed, a float or a string is
refused, here and on the command line); a seat is an ``int`` from 0 to the
number of players less one (``1.0`` or ``'0'`` is refused: :func:`is_seat`).

>>> random_deal(-1)
Traceback (most recent call last):
...
prefa.errors.RuleOptionError: bad seed -1: expected a whole number 0 or more
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .cards import CardSet, card_name, card_rank, check_cardset, deck
from .errors import ParseError, RuleOptionError

_M64 = (1 << 64) - 1


def is_seat(seat: object, players: int) -> bool:
    """True when ``seat`` is a seat number of a table of ``players``: an
    ``int`` (not a ``bool``, not a float) from 0 to ``players - 1``.

    >>> is_seat(2, 3), is_seat(3, 3), is_seat(1.0, 3), is_seat("0", 3), is_seat(True, 3)
    (True, False, False, False, False)
    """
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players


def check_seed(seed: object) -> int:
    """``seed`` itself when it is a whole number 0 or more, else a
    :class:`~prefa.errors.RuleOptionError` naming it."""
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise RuleOptionError(f"bad seed {seed!r}: expected a whole number 0 or more")
    return seed


class SplitMix64:
    """The SplitMix64 generator (Steele, Lea and Flood, 2014).

    State: one 64-bit integer, advanced by ``0x9E3779B97F4A7C15`` per draw and
    mixed by two multiply-xorshift rounds.  :meth:`below` draws a uniform
    integer by rejection, so no modulo bias.

    >>> g = SplitMix64(0); hex(g.next64())
    '0xe220a8397b1dcdaf'
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _M64

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        if not 0 < n <= 1 << 64:
            raise ValueError(f"n={n}: expected 1 <= n <= 2**64")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> None:
        """Fisher–Yates shuffle in place (from the last position down)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


@dataclass(frozen=True, slots=True)
class Deal:
    """An immutable deal: ``hands[seat]`` and the ``talon`` (may be empty)."""

    hands: tuple[CardSet, ...]
    talon: CardSet = CardSet()

    def __post_init__(self) -> None:
        if isinstance(self.hands, (str, bytes, CardSet)):
            raise ParseError(f"bad hands {self.hands!r}: expected a tuple of CardSets "
                             "(Deal.parse reads text)")
        try:
            hands = tuple(self.hands)
        except TypeError:
            raise ParseError(f"bad hands {self.hands!r}: expected a tuple of CardSets") from None
        for i, h in enumerate(hands):
            check_cardset(h, f"hand {i + 1}")
        check_cardset(self.talon, "talon")
        object.__setattr__(self, "hands", hands)
        seen = 0
        for i, h in enumerate((*self.hands, self.talon)):
            dup = seen & h.mask
            if dup:
                where = "the talon" if i == len(self.hands) else f"hand {i + 1}"
                card = next(iter(CardSet(dup)))
                raise ParseError(f"card {card_name(card)!r} appears twice (again in {where})")
            seen |= h.mask

    @classmethod
    def parse(cls, text: str, *, hand_size: int | None = None,
              talon_size: int | None = None, players: int | None = None) -> "Deal":
        """Parse ``HAND / HAND / HAND [| TALON]``.

        With ``hand_size`` every hand not written ``-`` must hold that many
        cards; with ``talon_size`` a talon, when written, must hold that many;
        with ``players`` the number of hands is checked.
        """
        body, bar, talon_text = text.partition("|")
        if bar and "|" in talon_text:
            raise ParseError(f"deal {text.strip()!r} has more than one '|': expected 'HANDS | TALON'")
        parts = [p.strip() for p in body.split("/")]
        if players is not None and len(parts) != players:
            raise ParseError(f"deal {text.strip()!r} has {len(parts)} hands: expected {players} "
                             "separated by ' / '")
        hands = []
        for i, p in enumerate(parts, 1):
            try:
                h = CardSet.parse(p)
            except ParseError as e:
                raise ParseError(f"bad hand {p!r} (hand {i}): {e}") from None
            if hand_size is not None and p not in ("-", "—") and len(h) != hand_size:
                raise ParseError(f"hand {i} {p!r} has {len(h)} cards: expected {hand_size}")
            hands.append(h)
        talon = CardSet()
        if bar:
            try:
                talon = CardSet.parse(talon_text)
            except ParseError as e:
                raise ParseError(f"bad talon {talon_text.strip()!r}: {e}") from None
            if talon_size is not None and len(talon) != talon_size:
                raise ParseError(f"talon {talon_text.strip()!r} has {len(talon)} cards: "
                                 f"expected {talon_size}")
        return cls(tuple(hands), talon)

    def __str__(self) -> str:
        s = " / ".join(str(h) for h in self.hands)
        return f"{s} | {self.talon}" if self.talon else s

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"

    def _repr_html_(self) -> str:
        """The deal drawn as a card table (Jupyter shows this; it is HTML, see
        :func:`prefa.display.table_svg`)."""
        from .display import deal_svg
        return deal_svg(self)

    def _repr_pretty_(self, p, cycle: bool) -> None:
        """IPython's plain text (where the picture is not shown): the hands in
        words, as the picture names them (:func:`prefa.display.plain_text`)."""
        from .display import plain_text
        p.text(plain_text(self._repr_html_()))

    def __getitem__(self, seat: int) -> CardSet:
        return self.hands[seat]

    def __len__(self) -> int:
        return len(self.hands)

    @property
    def cards(self) -> CardSet:
        """Every card in the deal, talon included."""
        m = self.talon.mask
        for h in self.hands:
            m |= h.mask
        return CardSet(m)

    def replace_hand(self, seat: int, hand: CardSet) -> "Deal":
        """A new deal with one hand replaced."""
        hs = list(self.hands)
        hs[seat] = hand
        return Deal(tuple(hs), self.talon)


Pattern = Sequence[tuple[str, int]]
"""How a deck is dealt: steps ``("hands", n)`` (n cards to every receiving
seat in turn) and ``("talon", n)``."""

BALKAN_PATTERN: Pattern = (("hands", 5), ("talon", 2), ("hands", 5))
"""Balkan preferans: 5 to each, two to the talon, 5 to each (seed 001 ch.6)."""


def deal_cards(cards: Sequence[int], receivers: Sequence[int], players: int,
               pattern: Pattern) -> Deal:
    """Deal ``cards`` (in order) to ``receivers`` (seats, first receiver
    first) following ``pattern``; seats not receiving get ``-``."""
    hands = [0] * players
    talon = 0
    pos = 0
    for what, n in pattern:
        if what == "talon":
            for c in cards[pos:pos + n]:
                talon |= 1 << c
            pos += n
        else:
            for seat in receivers:
                for c in cards[pos:pos + n]:
                    hands[seat] |= 1 << c
                pos += n
    if pos != len(cards):
        raise RuleOptionError(f"pattern deals {pos} cards, deck has {len(cards)}")
    return Deal(tuple(CardSet(m) for m in hands), CardSet(talon))


def random_deal(seed: int, *, players: int = 3, dealer: int | None = None,
                deck_size: int = 32, pattern: Pattern | None = None,
                dealer_sits_out: bool | None = None) -> Deal:
    """A reproducible random deal from ``seed``.

    The 32 (or 52) cards in ascending card order are shuffled by
    :class:`SplitMix64` seeded with ``seed`` and dealt by ``pattern``,
    starting with the forehand (the seat after the dealer).  With four
    players and 32 cards the dealer (default: the last seat) gets no cards
    (preferans with four); ``dealer_sits_out=False`` deals him in (Vida).
    The default pattern is the Balkan one when three hands share 32 cards,
    otherwise one card at a time.

    >>> str(random_deal(1, players=4)).count("-")
    1
    >>> [len(h) for h in random_deal(1, players=4, deck_size=52)]
    [13, 13, 13, 13]
    >>> [len(h) for h in random_deal(1, players=4, dealer_sits_out=False)]
    [8, 8, 8, 8]
    """
    check_seed(seed)
    if not isinstance(players, int) or isinstance(players, bool) or players not in (3, 4):
        raise RuleOptionError(f"bad number of players {players!r}: expected 3 or 4")
    if dealer is None:
        dealer = players - 1
    elif not is_seat(dealer, players):
        raise RuleOptionError(f"bad dealer {dealer!r}: expected a seat from 0 to {players - 1}")
    if dealer_sits_out is None:
        dealer_sits_out = players == 4 and deck_size == 32
    order = list(deck(deck_size))
    order.sort()
    SplitMix64(seed).shuffle(order)
    receivers = [(dealer + 1 + i) % players for i in range(players)]
    if dealer_sits_out:
        receivers = receivers[:-1]
    if pattern is None:
        pattern = (BALKAN_PATTERN if deck_size == 32 and len(receivers) == 3
                   else (("hands", 1),) * (deck_size // len(receivers)))
    return deal_cards(order, receivers, players, pattern)


def hands_text(hands: Iterable[CardSet]) -> str:
    """The `` / ``-joined notation of some hands."""
    return " / ".join(str(h) for h in hands)


@dataclass(frozen=True, slots=True)
class SeatDraw:
    """The draw before a game: who sits where and who deals first (:func:`draw_for_seats`)."""

    rounds: tuple[tuple[tuple[str, str], ...], ...]
    """Each round of drawing: ``(player, card)`` pairs; later rounds only for ties."""
    order: tuple[str, ...]
    """The players from the first dealer on, round the table in the direction of play."""

    @property
    def dealer(self) -> str:
        """The first dealer: the lowest card."""
        return self.order[0]

    @property
    def seats(self) -> tuple[str, ...]:
        """The players in the engine's seat order for the first hand (seat 0 the
        forehand, the dealer last, as :func:`random_deal` deals by default)."""
        return self.order[1:] + self.order[:1]


def draw_for_seats(names: Sequence[str], seed: int) -> SeatDraw:
    """Draw a card each to choose the seats and the first dealer (seed 001, v1.2 ch.4).

    Each player draws one card from a shuffled deck; the lowest card deals
    first, and the players sit round the table in the direction of play
    (to the right, in the Balkans) from the lowest card to the highest, so
    the second lowest is the dealer's right-hand neighbour and the first
    forehand.  Only the rank counts (A high, 7 low), never the suit: players
    whose ranks are equal draw again among themselves until they differ,
    and the new cards order them within their place.  Decisions where the
    seed is silent: the cards of a redraw come from the same deck (a fresh
    shuffle from the next seed if it runs out), and the deck is the
    32-card one.

    >>> d = draw_for_seats(["Ana", "Bora", "Vera"], 14)
    >>> d.rounds   # two kings: Ana and Vera draw again
    ((('Ana', 'KC'), ('Bora', '8H'), ('Vera', 'KS')), (('Ana', 'TC'), ('Vera', 'AS')))
    >>> d.dealer, d.order, d.seats
    ('Bora', ('Bora', 'Ana', 'Vera'), ('Ana', 'Vera', 'Bora'))
    """
    check_seed(seed)
    if len(names) < 2 or len(set(names)) != len(names):
        raise RuleOptionError(f"bad players {list(names)!r}: expected two or more different names")
    cards: list[int] = []
    shuffles = [seed]

    def draw() -> int:
        if not cards:
            cards.extend(sorted(deck(32)))
            SplitMix64(shuffles[-1]).shuffle(cards)
            shuffles.append(shuffles[-1] + 1)
        return cards.pop()

    rounds: list[tuple[tuple[str, str], ...]] = []

    def order(group: list[str]) -> list[str]:
        drawn = {n: draw() for n in group}
        rounds.append(tuple((n, card_name(c)) for n, c in drawn.items()))
        out: list[str] = []
        for rank in sorted({card_rank(c) for c in drawn.values()}):
            tied = [n for n in group if card_rank(drawn[n]) == rank]
            out += tied if len(tied) == 1 else order(tied)
        return out

    seating = order(list(names))
    return SeatDraw(tuple(rounds), tuple(seating))

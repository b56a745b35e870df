"""The Balkan auction (licitacija): numbers with hold, igra, betl, sans.

Rules (seed 001 ch.7–8, RULES.md §1), as this module implements them:

- Calls: ``pass`` (dalje), a number, ``hold`` (mogu / moje / "to bi ja"),
  ``igra``, ``betl``, ``sans`` (and ``preferans`` with that option).
- Numbers start at 2 and rise by exactly one, up to 7 (8 with preferans).
- A player may *hold* the current number instead of raising when he has
  priority over its holder: priority is seat order from the forehand.
- A passed player never re-enters.  Three passes: no play, refe.
- A direct game (igra, betl, sans, preferans) is announced at a player's
  first turn; a player who has bid a number may not announce one later, and
  one announcement is all a player makes.  A direct game voids the numbers.
  Betl and sans outrank every igra, sans outranks betl; only one betl.
  (Decision: the seeds say a number bidder may not say igra; we read betl
  and sans, which are "igra betl" and "igra sans", the same way.)
- When two or more said igra (and nobody betl or sans), they reveal in seat
  order: the first names his game, each later one names his only when it is
  higher (with ``igra_tie="later"``: higher or equal), else says ``good``.
  Nobody but the first igra player may name spades.

The words of the table (the league code, *kodeks*, lists the only words a
player may say: *Dva, Tri, Četiri, Pet, Šest, Betl, Sans, Igra, Dobra
(igra), Dalje, Mogu, Uzmi* in the auction) are read with or without their
diacritics (*četiri*/*cetiri*, *šest*/*sest*):

- the numbers as words, *dva* ... *sedam* (*osam* with preferans), and
  *mogu tri* (I hold your three);
- *igra betl*, *igra sans* are betl and sans (the v1.2 rules: "Igra betl"
  or "Betl");
- in the reveal, *moja je …* names one's game by its name or number
  (*moja je 2*, *moja je tref*), *moja je slabija* ("mine is lower") and
  *dobra* say ``good``;
- outside the reveal the words *dobra*/*dobro* ("good") are a pass: "your
  game is good, play it" (the Serbian site's rules page: the others said
  *dalje* or *dobra* to an igra; Gulin: *dalje (dobro)*); the course's own
  English ``good`` is the reveal's call only;
- *uzmi* ("take it") is the pass that ends a numbers auction and leaves
  the talon to the last bidder (``take``; :meth:`Auction.read` reads both
  words in context).  Decision: the code lists the
  word, between *Mogu* and the kontra's *Može*, without saying when it is
  said; we read it as its meaning says, the answer to the bidder who holds
  or bid last: "take the talon".  Said at any other moment it is refused,
  and *dalje* is the word to use.  It is written in the record as the pass
  it is.

>>> [str(Call.parse(w)) for w in ("dva", "cetiri", "mogu tri", "igra betl", "moja je 5", "moja je slabija")]
['2', '4', 'hold 3', 'betl', 'clubs', 'good']
>>> str(Auction.from_text("dva, tri, dalje, mogu, uzmi"))
'2, 3, pass, hold 3, pass'
>>> Auction.from_text("igra, dobra, dobra").result()
AuctionResult(winner=0, igra=True)

>>> a = Auction.from_text("2, 3, 4, hold 4, 5, pass, hold 5, 6, hold 6, pass")
>>> a.is_over, a.result()
(True, AuctionResult(winner=0, number=6))
>>> a = Auction.from_text("pass, igra, igra, hearts, clubs")
>>> a.result()
AuctionResult(winner=2, igra=True, contract=Contract(Game.CLUBS, igra=True))
>>> [str(c) for c in Auction.from_text("2").legal_calls()]
['pass', '3', 'igra', 'betl', 'sans']
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Sequence

from ..errors import IllegalCall, ParseError
from ..handflow import CallLog, check_text
from ..i18n import _
from .contract import Contract, Game
from .options import BalkanRules


class CallKind(enum.Enum):
    """What a call is."""

    PASS = "pass"
    NUMBER = "number"
    HOLD = "hold"
    IGRA = "igra"
    BETL = "betl"
    SANS = "sans"
    PREFERANS = "preferans"
    NAME = "name"
    """Naming one's igra game in the reveal."""
    GOOD = "good"
    """"Dobra": in the reveal, my igra game is lower (outside it: a pass)."""
    TAKE = "take"
    """"Uzmi" ("take it"): the pass that ends a numbers auction, leaving the
    talon to the last bidder; written as the pass it is."""


_DIRECT_RANK = {CallKind.IGRA: 1, CallKind.BETL: 2, CallKind.SANS: 3, CallKind.PREFERANS: 4}
_DIRECT_GAME = {CallKind.BETL: Game.BETL, CallKind.SANS: Game.SANS,
                CallKind.PREFERANS: Game.PREFERANS}

_WORDS = {"pass": CallKind.PASS, "p": CallKind.PASS, "dalje": CallKind.PASS,
          "hold": CallKind.HOLD, "mogu": CallKind.HOLD, "moje": CallKind.HOLD,
          "igra": CallKind.IGRA, "betl": CallKind.BETL, "betli": CallKind.BETL,
          "sans": CallKind.SANS, "sanac": CallKind.SANS, "preferans": CallKind.PREFERANS,
          "good": CallKind.GOOD, "dobra": CallKind.GOOD, "dobro": CallKind.GOOD,
          "dobre": CallKind.GOOD, "slabija": CallKind.GOOD,
          "take": CallKind.TAKE, "uzmi": CallKind.TAKE}

NUMBER_WORDS = {"dva": 2, "tri": 3, "četiri": 4, "cetiri": 4, "pet": 5, "šest": 6, "sest": 6,
                "sedam": 7, "osam": 8}
"""The numbers of the auction said as words (Serbian and Croatian), with and without diacritics."""

_DIRECT_WORDS = {"betl": CallKind.BETL, "betli": CallKind.BETL, "sans": CallKind.SANS,
                 "sanac": CallKind.SANS, "preferans": CallKind.PREFERANS}
"""What may follow *igra* in one call: "igra betl" is betl (the v1.2 rules)."""


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the auction.  ``str`` is the record notation.

    >>> Call.parse("hold 4"), Call.parse("mogu"), Call.parse("herc")
    (Call.parse('hold 4'), Call.parse('hold'), Call.parse('hearts'))
    """

    kind: CallKind
    number: int | None = None
    game: Game | None = None

    @classmethod
    def parse(cls, text: str) -> "Call":
        """Parse ``pass``, ``2``…``8``, ``hold [N]``, ``igra``, ``betl``, ``sans``,
        ``preferans``, a game name (reveal), ``good``, ``take``; the table's
        Serbian and Croatian words accepted (see the module docstring)."""
        text = check_text(text, "call", "pass, 2-8, hold, igra, betl or sans")
        words = [str(NUMBER_WORDS.get(w, w)) for w in text.strip().lower().split()]
        if words[:1] == ["to"] and words[1:3] == ["bi", "ja"]:
            words = ["hold"] + words[3:]
        if words[:2] == ["moja", "je"] and len(words) == 3:  # "moja je 2", "moja je slabija"
            words = words[2:]
            if _WORDS.get(words[0]) is not CallKind.GOOD:
                try:
                    return cls(CallKind.NAME, game=Game.find(words[0]))
                except ParseError:
                    pass
        if len(words) == 2 and words[0] == "igra" and words[1] in _DIRECT_WORDS:
            return cls(_DIRECT_WORDS[words[1]])
        if len(words) == 2 and words[0] in ("dobra", "dobro") and words[1] == "igra":
            return cls(CallKind.GOOD)
        if not words:
            raise ParseError("empty call: expected pass, a number, hold, igra, betl or sans")
        w = words[0]
        if len(words) == 2 and _WORDS.get(w) is CallKind.HOLD and words[1].isascii() \
                and words[1].isdigit():
            return cls(CallKind.HOLD, int(words[1]))
        if len(words) == 1:
            if w.isascii() and w.isdigit():  # not '²' or '١' (str.isdigit takes them)
                n = int(w)
                if not 2 <= n <= 8:
                    raise ParseError(f"bad call {text.strip()!r}: numbers run from 2 to 8")
                return cls(CallKind.NUMBER, n)
            kind = _WORDS.get(w)
            if kind is not None:
                return cls(kind)
            try:
                return cls(CallKind.NAME, game=Game.find(w))
            except ParseError:
                pass
        raise ParseError(f"bad call {text.strip()!r}: expected pass, 2-8, hold, igra, betl, "
                         "sans, preferans, or in a reveal a game name or good")

    def __str__(self) -> str:
        if self.kind is CallKind.NUMBER:
            return str(self.number)
        if self.kind is CallKind.HOLD:
            return "hold" if self.number is None else f"hold {self.number}"
        if self.kind is CallKind.NAME:
            return str(self.game)
        return self.kind.value

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"


PASS = Call(CallKind.PASS)


@dataclass(frozen=True, slots=True)
class AuctionResult:
    """The outcome of an auction.

    ``winner`` is ``None`` when everybody passed (refe).  A winner by numbers
    has ``number`` (he takes the talon); a winner by a direct game has
    ``igra=True`` and, when the auction fixed it (betl, sans, preferans, or an
    igra game named in a reveal), ``contract``.
    """

    winner: int | None
    number: int | None = None
    igra: bool = False
    contract: Contract | None = None

    @property
    def all_passed(self) -> bool:
        """True when nobody bid: refe."""
        return self.winner is None

    def __repr__(self) -> str:
        parts = [f"winner={self.winner}"]
        if self.number is not None:
            parts.append(f"number={self.number}")
        if self.igra:
            parts.append("igra=True")
        if self.contract is not None:
            parts.append(f"contract={self.contract!r}")
        return f"AuctionResult({', '.join(parts)})"


class Auction(CallLog):
    """An auction in progress; :meth:`call` refuses illegal calls and changes nothing then.

    ``seats`` are the bidding seats in order from the forehand (default
    ``(0, 1, 2)``); their order is also the priority order for holds.
    Making and taking back calls (``call``, ``undo``) and the text form come
    from :class:`~prefa.handflow.CallLog`.
    """

    CALL = Call

    def __init__(self, rules: BalkanRules | None = None, seats: Sequence[int] = (0, 1, 2)) -> None:
        self.rules = rules or BalkanRules()
        self.seats = tuple(seats)
        self.calls: list[tuple[int, Call]] = []
        self._reset()

    def _reset(self) -> None:
        self.passed: set[int] = set()
        self.number: int | None = None
        self.holder: int | None = None
        self.bid_number: set[int] = set()
        self.direct: dict[int, CallKind] = {}
        self.spoken: set[int] = set()
        self.reveal_order: list[int] = []
        self.revealed: dict[int, Game | None] = {}
        self._next = 0  # index into seats of the seat to call

    @classmethod
    def from_text(cls, text: str, rules: BalkanRules | None = None,
                  seats: Sequence[int] = (0, 1, 2)) -> "Auction":
        """Replay comma-separated calls (``2, 3, hold 3, pass, ...``)."""
        return cls(rules, seats).make_calls(text)

    # -- state ------------------------------------------------------------------
    @property
    def in_reveal(self) -> bool:
        """True during the reveal of several igra players."""
        return bool(self.reveal_order)

    def _highest_direct(self) -> int:
        return max((_DIRECT_RANK[k] for k in self.direct.values()), default=0)

    def _can_act(self, seat: int) -> bool:
        if seat in self.passed or seat in self.direct:
            return False
        if self.direct:
            return True
        # numbers phase: the holder waits while someone else may still outbid him
        return True

    def _bidding_over(self) -> bool:
        live = [s for s in self.seats if s not in self.passed]
        if not live:
            return True
        if self.direct:
            return not any(self._can_act(s) for s in self.seats)
        return len(live) == 1 and self.holder == live[0]

    @property
    def is_over(self) -> bool:
        """True when the auction has a result (or everybody passed)."""
        if self.in_reveal:
            return len(self.revealed) == len(self.reveal_order)
        return self._bidding_over() and not self._needs_reveal()

    def _needs_reveal(self) -> bool:
        igras = [s for s, k in self.direct.items() if k is CallKind.IGRA]
        return self._bidding_over() and len(igras) >= 2 and self._highest_direct() == 1

    @property
    def to_call(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the auction is over."""
        if self.is_over:
            return None
        if self.in_reveal:
            return self.reveal_order[len(self.revealed)]
        n = len(self.seats)
        for i in range(n):
            s = self.seats[(self._next + i) % n]
            if self._can_act(s):
                return s
        return None  # pragma: no cover - is_over covers this

    def _best_named(self) -> tuple[int, Game] | None:
        best = None
        for s in self.reveal_order:
            g = self.revealed.get(s)
            if g is not None:
                best = (s, g)
        return best

    # -- legality (the one place) -----------------------------------------------
    def legal_calls(self) -> list[Call]:
        """Every call the seat to call may make now, in a natural order."""
        seat = self.to_call
        if seat is None:
            return []
        if self.in_reveal:
            best = self._best_named()
            if best is None:
                return [Call(CallKind.NAME, game=g) for g in Game if g.is_suit]
            later_ok = self.rules.igra_tie == "later"
            names = [Call(CallKind.NAME, game=g) for g in Game if g.is_suit
                     and g is not Game.SPADES
                     and (g > best[1] or (later_ok and g == best[1]))]
            # "good" says his game is lower; after spades every later igra game is higher
            # (nobody may mean spades after another igra), so good is not said then
            good = [] if best[1] is Game.SPADES else [Call(CallKind.GOOD)]
            return names + good
        out = [PASS]
        if not self.direct:
            nxt = 2 if self.number is None else self.number + 1
            if self.holder is not None and self.holder != seat \
                    and self.seats.index(seat) < self.seats.index(self.holder):
                out.append(Call(CallKind.HOLD, self.number))
            if nxt <= self.rules.max_number:
                out.append(Call(CallKind.NUMBER, nxt))
        if seat not in self.spoken:
            top = self._highest_direct()
            for kind in (CallKind.IGRA, CallKind.BETL, CallKind.SANS, CallKind.PREFERANS):
                if kind is CallKind.PREFERANS and not self.rules.preferans_game:
                    continue
                r = _DIRECT_RANK[kind]
                if r > top or (kind is CallKind.IGRA and top == 1):
                    out.append(Call(kind))
        return out

    def _normalise(self, call: Call) -> Call:
        if call.kind is CallKind.HOLD and call.number is None and self.number is not None:
            return Call(CallKind.HOLD, self.number)
        return call

    def read(self, text: str) -> Call:
        """The call the table's word(s) ``text`` make now: :meth:`Call.parse`, then read
        in context, as a player hears them.  *Uzmi* where it ends an auction of numbers
        and *dobra* / *dobro* outside the reveal are the pass they mean; *uzmi*
        anywhere else is refused with the reason.  (A :class:`Call` value, and the
        course's own English words such as ``good``, are taken as they are: only
        :meth:`legal_calls` are legal.)

        >>> a = Auction.from_text("2, pass")
        >>> str(a.read("uzmi")), str(Auction.from_text("igra").read("dobra"))
        ('pass', 'pass')
        """
        c = Call.parse(text)
        said = " ".join(text.lower().split())
        if c.kind is CallKind.TAKE and not self.in_reveal:
            why = self.why_illegal(c) if not self._take_ends_it() else None
            if why is not None:
                raise IllegalCall(why)
            return PASS
        if c.kind is CallKind.GOOD and not self.in_reveal \
                and said.split()[0] in ("dobra", "dobro", "dobre"):
            return PASS  # "dobra" to an igra, Croatian "dobro" in any auction: a pass
        return c

    def call(self, call: Call | str) -> None:
        """Make ``call`` (a call, or the table's words read by :meth:`read`) for the seat
        to call; an illegal call raises :class:`~prefa.errors.IllegalCall` and changes
        nothing."""
        if isinstance(call, str):
            call = self.read(check_text(call, "call", "pass, 2-8, hold, igra, betl or sans"))
        super().call(call)

    def _take_ends_it(self) -> bool:
        """True when a pass now ends a numbers auction, leaving the talon to the last bidder."""
        seat = self.to_call
        if self.direct or self.holder is None or seat is None:
            return False
        live = [s for s in self.seats if s not in self.passed and s != seat]
        return live == [self.holder]

    def why_illegal(self, call: Call) -> str | None:
        """``None`` when ``call`` is legal now, else the reason in words."""
        seat = self.to_call
        if seat is None:
            return f"{call}: the auction is over"
        if call.kind is CallKind.TAKE and not self.in_reveal:
            legal = ", ".join(str(x) for x in self.legal_calls())
            return _("uzmi (\"take it\") is the last pass, which leaves the talon to the last "
                     "bidder; here say dalje (seat {seat} may say: {legal}).").format(
                         seat=seat, legal=legal)
        c = self._normalise(call)
        if c in self.legal_calls():
            return None
        legal = ", ".join(str(x) for x in self.legal_calls())
        k = c.kind
        if self.in_reveal:
            if k is CallKind.NAME and c.game is Game.SPADES and self._best_named() is not None:
                why = "after another igra nobody may name spades"
            elif k is CallKind.NAME and not c.game.is_suit:
                why = "igra names a suit game; betl and sans are announced directly"
            elif k is CallKind.NAME:
                why = f"{c.game} is not higher than {self._best_named()[1]}: say good"
            else:
                why = "in the reveal each igra player names his game or says good"
        elif k is CallKind.NAME:
            why = "game names belong to the reveal of several igra players"
        elif k is CallKind.NUMBER and self.direct:
            why = "a direct game has been announced; numbers no longer count"
        elif k is CallKind.NUMBER:
            nxt = 2 if self.number is None else self.number + 1
            why = (f"numbers rise by exactly one: the next is {nxt}" if nxt <= self.rules.max_number
                   else f"{self.rules.max_number} is the highest number")
        elif k is CallKind.HOLD:
            if self.number is None:
                why = "there is no number to hold"
            elif c.number != self.number:
                why = f"the number to hold is {self.number}"
            elif self.holder == seat:
                why = "you already hold it"
            else:
                why = f"only a seat before seat {self.holder} may hold"
        elif k is CallKind.PREFERANS and not self.rules.preferans_game:
            why = "the preferans game is not played (option preferans_game)"
        elif seat in self.spoken:
            why = "a direct game is announced only at a player's first turn, by one who bid no number"
        else:
            why = "a higher direct game has been announced"
        return f"{c}: {why} (seat {seat} may say: {legal})"

    # -- make / unmake (with CallLog.call and CallLog.undo) ----------------------
    def _apply(self, seat: int, c: Call) -> None:
        k = c.kind
        if self.in_reveal:
            self.revealed[seat] = c.game if k is CallKind.NAME else None
            return
        if k is CallKind.PASS:
            self.passed.add(seat)
        elif k is CallKind.NUMBER:
            self.number, self.holder = c.number, seat
            self.bid_number.add(seat)
        elif k is CallKind.HOLD:
            self.holder = seat
            self.bid_number.add(seat)
        else:
            self.direct[seat] = k
        self.spoken.add(seat)
        self._next = (self.seats.index(seat) + 1) % len(self.seats)
        if self._needs_reveal():
            self.reveal_order = [s for s in self.seats if self.direct.get(s) is CallKind.IGRA]

    # -- result -------------------------------------------------------------------
    def result(self) -> AuctionResult:
        """The outcome; raises :class:`IllegalCall` while the auction is still going."""
        if not self.is_over:
            raise IllegalCall(f"the auction is not over: seat {self.to_call} is to call")
        if self.direct:
            top = self._highest_direct()
            if top == 1:
                if self.in_reveal:
                    seat, game = self._best_named()  # type: ignore[misc]
                    return AuctionResult(seat, igra=True, contract=Contract(game, igra=True))
                (seat,) = [s for s, k in self.direct.items() if k is CallKind.IGRA]
                return AuctionResult(seat, igra=True)
            (seat,) = [s for s, k in self.direct.items() if _DIRECT_RANK[k] == top]
            return AuctionResult(seat, igra=True,
                                 contract=Contract(_DIRECT_GAME[self.direct[seat]], igra=True))
        if self.holder is None:
            return AuctionResult(None)
        return AuctionResult(self.holder, number=self.number)


def auction_status(auction: Auction) -> str:
    """One line: whose turn it is, or how the auction ended.

    >>> auction_status(Auction.from_text("2")), auction_status(Auction.from_text("2, pass, pass"))
    ('Seat 1 to call.', 'Seat 0 wins the auction at 2 and takes the talon.')
    """
    if not auction.is_over:
        return _("Seat {seat} to call.").format(seat=auction.to_call)
    r = auction.result()
    if r.winner is None:
        return _("Everybody passed: refe.")
    if r.contract is not None:
        return _("Seat {seat} plays {game}.").format(seat=r.winner, game=r.contract)
    if r.number is not None:
        return _("Seat {seat} wins the auction at {number} and takes the talon.").format(
            seat=r.winner, number=r.number)
    return _("Seat {seat} plays igra and names his game.").format(seat=r.winner)

"""The Russian auction (*торговля*, torgovlya): each bid higher than the last.

Rules (seed 004, RULES.md §3), as this module implements them:

- The eldest hand (*первая рука*, the seat after the dealer) speaks first;
  the turn goes round in playing order.
- A call is ``pass`` (*пас*) or a contract from the ladder of
  :mod:`prefa.russian.contract`: 6♠ ... 8NT, misère, 9♠ ... 10NT.  A bid
  must be higher than the last bid; it may jump (the seed asks only
  "higher").
- A player who has passed never bids again in this auction.
- The auction ends when one player is left who made the highest bid: he is
  the declarer.  When everybody passes, the hand is a *raspasovka*
  (*распасовка*, "all pass").
- Misère is one more step of the ladder (our decision: the seed puts no
  other limit on it, so a player may bid it at any turn if it is higher than
  the last bid, and may be outbid by 9♠ and above).

An illegal call raises :class:`~prefa.errors.IllegalBid` and leaves the
auction as it was.

>>> a = Auction.from_text("6S, 6C, pass, 7S, pass")
>>> a.is_over, a.result()
(True, AuctionResult(declarer=0, contract=Contract.parse('7♠')))
>>> Auction.from_text("pass, pass, pass").result().raspasovka
True
>>> a = Auction.from_text("8NT")
>>> [str(c) for c in a.legal_calls()[:3]]
['pass', 'misère', '9♠']
>>> a.call("7H")
Traceback (most recent call last):
...
prefa.errors.IllegalCall: 7♥: a bid must be higher than 8NT (seat 1 may say pass or misère ... 10NT)
>>> str(a)
'8NT'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import IllegalBid, ParseError
from ..handflow import CallLog, check_text
from .contract import LADDER, Contract

_PASS_WORDS = ("pass", "p", "пас", "pas")


@dataclass(frozen=True, slots=True)
class Call:
    """A call: ``pass`` (``contract is None``) or a bid.

    >>> Call.parse("пас"), Call.parse("6s")
    (Call.parse('pass'), Call.parse('6♠'))
    """

    contract: Contract | None = None

    @property
    def is_pass(self) -> bool:
        return self.contract is None

    @classmethod
    def parse(cls, text: str | Call | Contract) -> Call:
        """Parse ``pass`` (``пас``) or a contract such as ``6S``, ``7♥``, ``misère``."""
        if isinstance(text, Call):
            return text
        if isinstance(text, Contract):
            return cls(text)
        text = check_text(text, "call", "pass or a bid such as 6S")
        t = text.strip().lower()
        if t in _PASS_WORDS:
            return cls(None)
        try:
            return cls(Contract.parse(text))
        except ParseError:
            raise ParseError(f"bad call {text.strip()!r}: expected pass or a bid from 6♠ to "
                             "10NT (6S, 7NT...) or misère") from None

    def __str__(self) -> str:
        return "pass" if self.contract is None else str(self.contract)

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"


PASS = Call(None)


@dataclass(frozen=True, slots=True)
class AuctionResult:
    """The outcome: the declarer and his bid, or ``declarer=None`` for a raspasovka."""

    declarer: int | None
    contract: Contract | None = None

    @property
    def raspasovka(self) -> bool:
        """True when everybody passed (*распасовка*)."""
        return self.declarer is None

    def __repr__(self) -> str:
        if self.declarer is None:
            return "AuctionResult(declarer=None)"
        return f"AuctionResult(declarer={self.declarer}, contract={self.contract!r})"


class Auction(CallLog):
    """An auction in progress.

    ``seats`` are the bidding seats in playing order from the eldest hand
    (default ``(0, 1, 2)``).  :meth:`call` refuses an illegal call and then
    changes nothing; :meth:`undo` takes back the last call (both from
    :class:`~prefa.handflow.CallLog`, with the text form).  Everything else
    is derived from the calls.
    """

    CALL = Call

    def __init__(self, seats: Sequence[int] = (0, 1, 2)) -> None:
        self.seats = tuple(seats)
        if len(self.seats) != 3 or len(set(self.seats)) != 3:
            raise IllegalBid(f"an auction has three different bidding seats, not {self.seats}")
        self.calls: list[tuple[int, Call]] = []

    @classmethod
    def from_text(cls, text: str, seats: Sequence[int] = (0, 1, 2)) -> Auction:
        """Replay comma-separated calls (``6S, pass, 6C, ...``)."""
        return cls(seats).make_calls(text)

    # -- state -----------------------------------------------------------------------
    @property
    def passed(self) -> frozenset[int]:
        """The seats that have passed."""
        return frozenset(s for s, c in self.calls if c.is_pass)

    @property
    def highest(self) -> tuple[int, Contract] | None:
        """The highest bid so far and who made it, or ``None``."""
        for s, c in reversed(self.calls):
            if c.contract is not None:
                return s, c.contract
        return None

    @property
    def is_over(self) -> bool:
        """True when one bidder is left, or everybody passed."""
        live = [s for s in self.seats if s not in self.passed]
        if not live:
            return True
        h = self.highest
        return len(live) == 1 and h is not None and h[0] == live[0]

    @property
    def to_call(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the auction is over."""
        if self.is_over:
            return None
        if not self.calls:
            return self.seats[0]
        i = self.seats.index(self.calls[-1][0])
        passed = self.passed
        for k in range(1, 4):
            s = self.seats[(i + k) % 3]
            if s not in passed:
                return s
        return None  # pragma: no cover - is_over covers this

    # -- legality (the one place) ---------------------------------------------------
    def legal_calls(self) -> list[Call]:
        """``pass`` and every bid higher than the last, lowest first."""
        if self.to_call is None:
            return []
        h = self.highest
        floor = -1 if h is None else h[1].rank
        return [PASS] + [Call(c) for c in LADDER if c.rank > floor]

    def why_illegal(self, call: Call | str) -> str | None:
        """``None`` when ``call`` is legal now, else the reason in words."""
        c = Call.parse(call)
        seat = self.to_call
        if seat is None:
            return f"{c}: the auction is over"
        if c.is_pass:
            return None
        h = self.highest
        if h is None or c.contract.rank > h[1].rank:  # type: ignore[union-attr]
            return None
        legal = self.legal_calls()
        allowed = ("pass or " + str(legal[1]) + (f" ... {legal[-1]}" if len(legal) > 2 else "")
                   if len(legal) > 1 else "pass")
        return f"{c}: a bid must be higher than {h[1]} (seat {seat} may say {allowed})"

    def result(self) -> AuctionResult:
        """The outcome; raises :class:`~prefa.errors.IllegalBid` while the auction goes on."""
        if not self.is_over:
            raise IllegalBid(f"the auction is not over: seat {self.to_call} is to call")
        h = self.highest
        if h is None:
            return AuctionResult(None)
        return AuctionResult(h[0], h[1])

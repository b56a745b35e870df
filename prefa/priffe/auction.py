"""The Priffe auction (*budgivning*): one round, each player bids once.

Rules (seed 003, RULES.md §5), as this module implements them:

- The forehand (the seat after the dealer) bids first; then each seat in
  turn, once.  Bids from low to high: ``pass`` < ``clubs`` (*klöver*) <
  ``spades`` (*spader*) < ``diamonds`` (*ruter*) < ``hearts`` (*hjärter*) <
  ``noll`` < ``play`` (*spel*, also *spelut*: no-trumps).
- A bid must be higher than every earlier bid; ``pass`` is always allowed.
- ``play`` ends the auction at once: the players after it do not bid.
- The highest bid is the final bid; its bidder and his partner are the
  declarers (*spelförare*).  Clubs and spades only give information to the
  partner: when one of them is the final bid, or everybody passes, a
  **forced noll** is played and nobody declares.

An illegal bid raises :class:`~prefa.errors.IllegalBid` and changes nothing.

>>> a = Auction.from_text("clubs, pass, hearts")
>>> a.to_bid, [str(b) for b in a.legal_bids()]
(3, ['pass', 'noll', 'play'])
>>> a.bid("diamonds")
Traceback (most recent call last):
...
prefa.errors.IllegalCall: diamonds: a bid must be higher than hearts (seat 3 may bid: pass, noll, play)
>>> a.bid("pass"); a.result()
AuctionResult(final=Bid.HEARTS, bidder=2)
>>> str(a.result()), a.result().declarers
('seat 2 hearts', 0)
>>> str(Auction.from_text("pass, spades, pass, pass").result())
'forced noll'
>>> Auction.from_text("pass, play").is_over
True
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import IllegalBid, ParseError
from ..handflow import check_text
from .contract import Contract
from .teams import team_of


class Bid(enum.IntEnum):
    """A bid; a higher value is a higher bid."""

    PASS = 0
    CLUBS = 1
    SPADES = 2
    DIAMONDS = 3
    HEARTS = 4
    NOLL = 5
    PLAY = 6

    @property
    def swedish(self) -> str:
        """The Swedish word: pass, klöver, spader, ruter, hjärter, noll, spel."""
        return _SWEDISH[self]

    @property
    def russian(self) -> str:
        """The Russian word: пас, трефы, пики, бубны, червы, ноль, играть."""
        return _RUSSIAN[self]

    @property
    def is_information(self) -> bool:
        """True for clubs and spades, which are never played."""
        return self in (Bid.CLUBS, Bid.SPADES)

    @property
    def contract(self) -> Contract:
        """The contract played when this is the final bid."""
        return _CONTRACT.get(self, Contract.FORCED_NOLL)

    @classmethod
    def find(cls, text: str) -> Bid:
        """Parse an English or Swedish bid (``pass``, ``klöver``, ``spel``...).

        >>> Bid.find("Hjärter"), Bid.find("spelut"), Bid.find("♣")
        (Bid.HEARTS, Bid.PLAY, Bid.CLUBS)
        """
        text = check_text(text, "bid", "one of pass, clubs, spades, diamonds, hearts, noll, play")
        t = text.strip().lower()
        b = _NAMES.get(t)
        if b is None:
            raise ParseError(f"bad bid {text.strip()!r}: expected one of pass, clubs, spades, "
                             "diamonds, hearts, noll, play")
        return cls(b)

    def __str__(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"Bid.{self.name}"


_SWEDISH = dict(zip(Bid, ("pass", "klöver", "spader", "ruter", "hjärter", "noll", "spel")))
_RUSSIAN = dict(zip(Bid, ("пас", "трефы", "пики", "бубны", "червы", "ноль", "играть")))
_CONTRACT = {Bid.DIAMONDS: Contract.DIAMONDS, Bid.HEARTS: Contract.HEARTS,
             Bid.NOLL: Contract.NOLL, Bid.PLAY: Contract.PLAY}
_NAMES: dict[str, int] = {}
for _b in Bid:
    _NAMES[str(_b)] = _b
    _NAMES[_b.swedish] = _b
_NAMES.update({"p": 0, "klover": 1, "hjarter": 4, "spelut": 6, "spela": 6, "preference": 6,
               "priffe": 6, "nt": 6, "♣": 1, "♠": 2, "♦": 3, "♥": 4, "club": 1, "spade": 2,
               "diamond": 3, "heart": 4})


@dataclass(frozen=True, slots=True)
class AuctionResult:
    """The outcome: the final bid and its bidder (``None`` when all passed).

    ``contract`` is the game played and ``declarers`` the declaring team
    (``None`` for a forced noll).
    """

    final: Bid | None
    bidder: int | None

    @property
    def contract(self) -> Contract:
        return Contract.FORCED_NOLL if self.final is None else self.final.contract

    @property
    def declarers(self) -> int | None:
        """The declaring team, or ``None`` for a forced noll."""
        if self.contract is Contract.FORCED_NOLL or self.bidder is None:
            return None
        return team_of(self.bidder)

    def __str__(self) -> str:
        if self.declarers is None:
            return "forced noll"
        return f"seat {self.bidder} {self.contract}"

    def __repr__(self) -> str:
        return f"AuctionResult(final={self.final!r}, bidder={self.bidder})"


class Auction:
    """The auction in progress; :meth:`bid` refuses an illegal bid and changes nothing.

    ``seats`` are the four seats in bidding order, the forehand first
    (default ``(0, 1, 2, 3)``: the dealer is seat 3).
    """

    def __init__(self, seats: Sequence[int] = (0, 1, 2, 3)) -> None:
        self.seats = tuple(seats)
        if sorted(self.seats) != [0, 1, 2, 3]:
            raise IllegalBid(f"seats {self.seats}: expected the four seats 0 to 3 in bidding order")
        self.bids: list[tuple[int, Bid]] = []

    @classmethod
    def from_text(cls, text: str, seats: Sequence[int] = (0, 1, 2, 3)) -> Auction:
        """Replay comma-separated bids (``pass, clubs, hearts``)."""
        a = cls(seats)
        for tok in text.split(","):
            if tok.strip():
                a.bid(tok)
        return a

    # -- state ------------------------------------------------------------------------
    @property
    def highest(self) -> tuple[int, Bid] | None:
        """``(seat, bid)`` of the highest bid so far, or ``None`` when all passed."""
        best = None
        for seat, b in self.bids:
            if b is not Bid.PASS and (best is None or b > best[1]):
                best = (seat, b)
        return best

    @property
    def is_over(self) -> bool:
        """True after four bids, or as soon as someone bids play."""
        return len(self.bids) == 4 or any(b is Bid.PLAY for _, b in self.bids)

    @property
    def to_bid(self) -> int | None:
        """The seat to bid, or ``None`` when the auction is over."""
        return None if self.is_over else self.seats[len(self.bids)]

    # -- legality (the one place) ------------------------------------------------------
    def legal_bids(self) -> list[Bid]:
        """Every bid the seat to bid may make, from low to high."""
        if self.is_over:
            return []
        top = self.highest
        return [Bid.PASS] + [b for b in Bid if b is not Bid.PASS and (top is None or b > top[1])]

    def why_illegal(self, bid: Bid | str) -> str | None:
        """``None`` when ``bid`` is legal now, else the reason in words."""
        b = bid if isinstance(bid, Bid) else Bid.find(bid)
        if self.is_over:
            return f"{b}: the auction is over"
        if b in self.legal_bids():
            return None
        legal = ", ".join(str(x) for x in self.legal_bids())
        top = self.highest
        assert top is not None
        return f"{b}: a bid must be higher than {top[1]} (seat {self.to_bid} may bid: {legal})"

    # -- make / unmake -------------------------------------------------------------------
    def bid(self, bid: Bid | str) -> None:
        """Make ``bid`` for the seat to bid; raises :class:`IllegalBid` and
        changes nothing when it is not legal."""
        b = bid if isinstance(bid, Bid) else Bid.find(bid)
        why = self.why_illegal(b)
        if why is not None:
            raise IllegalBid(why)
        self.bids.append((self.seats[len(self.bids)], b))

    call = bid

    def undo(self) -> Bid:
        """Take back the last bid and return it."""
        if not self.bids:
            raise IllegalBid("nothing to undo: no bid has been made")
        return self.bids.pop()[1]

    def copy(self) -> Auction:
        """An independent copy."""
        a = Auction(self.seats)
        a.bids = list(self.bids)
        return a

    # -- result ----------------------------------------------------------------------------
    def result(self) -> AuctionResult:
        """The outcome; raises :class:`IllegalBid` while the auction is still going."""
        if not self.is_over:
            raise IllegalBid(f"the auction is not over: seat {self.to_bid} is to bid")
        top = self.highest
        return AuctionResult(None, None) if top is None else AuctionResult(top[1], top[0])

    def __str__(self) -> str:
        return ", ".join(str(b) for _, b in self.bids)

    def __repr__(self) -> str:
        return f"Auction.from_text({str(self)!r})"

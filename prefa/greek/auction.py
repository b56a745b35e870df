"""The Greek auction (πλειοδοσία, μίλημα): step-by-step bids, "ναι", the blind take.

Rules (seed 000 "Η αγορά", RULES.md §2), as this module implements them:

- The player at the dealer's right (the forehand, the first of ``seats``)
  speaks first; the turn goes on to the right, round and round.
- A bid names a contract (see :mod:`prefa.greek.contract`).  Bids rise **one
  step at a time** along 6♠ < 6♣ < 6♦ < 6♥ < 6NT < 7♠ < … < 10NT: no jumps.
  At the six-trick level a bid is called by its place in the order: Πρώτα,
  Δεύτερα, Τρίτα, Τέταρτα, Αχρωμάτιστα.
- *Hold* ("ναι", "έχω", "όλα εδώ"): a player seated before the holder of the
  standing bid (in seat order from the forehand) may keep it instead of
  raising; the player after him must then raise or pass.  So in the first
  round nobody can hold (every bid so far came from a seat before him), as
  the seed says: holding starts once all three have spoken.
- ``pass`` (πάσο) is final: a player who passed never speaks again.  When one
  player is left holding the standing bid, he has bought (ο αγοραστής).
  When all pass, nobody buys and the next dealer deals (decision: the seed
  is silent; nothing is written).
- *Blind take* ("τα παίρνω", "τα γράφω", "τα βλέπω", "άμα μείνουν"): a player
  before whom everybody passed may say he takes the two cards if nobody else
  wants them.  If the rest pass, he has bought without naming a contract.
  (Decision: if a later player bids, the blind take counts as a standing
  call below Πρώτα; the blind taker stays in the auction and may hold or
  raise like any earlier bidder.)
- Option ``prefa_bid``: "Πρέφα" is the highest call and ends the auction at
  once; the caller picks up the two cards.

The seed's worked auction (A, B, Γ are seats 0, 1, 2):

>>> a = Auction.from_text("Πρώτα, pass, Δεύτερα, ναι, Τρίτα, ναι, Τέταρτα, pass")
>>> a.is_over, a.result()
(True, AuctionResult(winner=2, contract=Contract.parse('6H')))
>>> [c.greek for _, c in a.calls][:4]
['Πρώτα', 'πάσο', 'Δεύτερα', 'ναι']
>>> [str(c) for c in Auction.from_text("6S, 6C, pass").legal_calls()]
['pass', 'hold', '6D']
>>> Auction.from_text("6S").call("6D")
Traceback (most recent call last):
...
prefa.errors.IllegalCall: 6♦: bids rise one step at a time: the next is 6♣ (Δεύτερα) (seat 1 may say: pass, 6♣)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import signs
from ..errors import IllegalCall, ParseError
from ..handflow import CallLog, check_text
from .contract import LOWEST, Contract, fold
from .options import GreekRules


class CallKind(enum.Enum):
    """What a call is."""

    PASS = "pass"
    BID = "bid"
    HOLD = "hold"
    TAKE = "take"
    PREFA = "prefa"


_WORDS = {
    "pass": CallKind.PASS, "p": CallKind.PASS, "πασο": CallKind.PASS, "paso": CallKind.PASS,
    "hold": CallKind.HOLD, "ναι": CallKind.HOLD, "nai": CallKind.HOLD, "εχω": CallKind.HOLD,
    "echo": CallKind.HOLD, "eho": CallKind.HOLD, "ολα εδω": CallKind.HOLD,
    "ola edo": CallKind.HOLD,
    "take": CallKind.TAKE, "blind": CallKind.TAKE, "τα παιρνω": CallKind.TAKE,
    "ta pairno": CallKind.TAKE, "τα γραφω": CallKind.TAKE, "ta grafo": CallKind.TAKE,
    "τα βλεπω": CallKind.TAKE, "ta vlepo": CallKind.TAKE, "τα σηκωνω": CallKind.TAKE,
    "ta sikono": CallKind.TAKE, "αμα μεινουν": CallKind.TAKE, "ama meinoun": CallKind.TAKE,
    "prefa": CallKind.PREFA, "πρεφα": CallKind.PREFA,
}

_GREEK = {CallKind.PASS: "πάσο", CallKind.HOLD: "ναι", CallKind.TAKE: "τα παίρνω",
          CallKind.PREFA: "Πρέφα"}


@dataclass(frozen=True, slots=True)
class Call:
    """One call.  ``str`` is the record notation, :attr:`greek` what is said at the table.

    >>> Call.parse("Τρίτα"), Call.parse("έχω"), Call.parse("τα γράφω"), Call.parse("7 nt")
    (Call.parse('6D'), Call.parse('hold'), Call.parse('take'), Call.parse('7NT'))
    >>> Call.parse("7 Πρώτα").greek, Call.parse("pass").greek
    ('7 Πρώτα', 'πάσο')
    """

    kind: CallKind
    contract: Contract | None = None

    @classmethod
    def parse(cls, text: str) -> Call:
        """Parse ``pass``, a bid (``6C``, ``Δεύτερα``, ``7 Πρώτα``), ``hold`` (``ναι``,
        ``έχω``), ``take`` (``τα παίρνω``, ``τα γράφω``) or ``prefa`` (``Πρέφα``)."""
        text = check_text(text, "call", "pass, a bid such as 6S, hold, take or prefa")
        t = fold(text)
        if not t:
            raise ParseError("empty call: expected pass, a bid such as Πρώτα or 6S, hold "
                             "(ναι), take (τα παίρνω) or prefa")
        kind = _WORDS.get(t)
        if kind is not None:
            return cls(kind)
        words = t.split()
        if words[0] in ("hold", "ναι", "εχω") and len(words) > 1:
            try:
                return cls(CallKind.HOLD, Contract.parse(" ".join(words[1:])))
            except ParseError:
                pass
        try:
            return cls(CallKind.BID, Contract.parse(text))
        except ParseError:
            raise ParseError(f"bad call {text.strip()!r}: expected pass (πάσο), a bid such as "
                             "Πρώτα, Δεύτερα or 6S, hold (ναι / έχω), take (τα παίρνω / "
                             "τα γράφω) or prefa (Πρέφα)") from None

    @property
    def greek(self) -> str:
        """The call in Greek: ``πάσο``, ``Δεύτερα``, ``7 Πρώτα``, ``ναι``, ``τα παίρνω``,
        ``Πρέφα``."""
        if self.kind is CallKind.BID:
            c = self.contract
            assert c is not None
            return c.denomination.greek if c.tricks == 6 else c.greek
        return _GREEK[self.kind]

    def __str__(self) -> str:
        if self.kind is CallKind.BID:
            return str(self.contract)
        return self.kind.value

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"


PASS = Call(CallKind.PASS)
HOLD = Call(CallKind.HOLD)
TAKE = Call(CallKind.TAKE)
PREFA = Call(CallKind.PREFA)


@dataclass(frozen=True, slots=True)
class AuctionResult:
    """The outcome of an auction.

    ``winner`` is ``None`` when all passed.  ``contract`` is the bid he bought
    at (his declaration may not be lower); it is ``None`` for a blind take
    (``blind=True``: he may declare anything, or concede) and for a Πρέφα
    (``prefa=True``).
    """

    winner: int | None
    contract: Contract | None = None
    blind: bool = False
    prefa: bool = False

    @property
    def all_passed(self) -> bool:
        """True when nobody bought."""
        return self.winner is None

    def __repr__(self) -> str:
        parts = [f"winner={self.winner}"]
        if self.contract is not None:
            parts.append(f"contract={self.contract!r}")
        if self.blind:
            parts.append("blind=True")
        if self.prefa:
            parts.append("prefa=True")
        return f"AuctionResult({', '.join(parts)})"


class Auction(CallLog):
    """An auction in progress; :meth:`call` refuses an illegal call and changes nothing then.

    ``seats`` are the three bidding seats in order from the forehand (default
    ``(0, 1, 2)``); their order is also the priority order for holds.
    Making and taking back calls (``call``, ``undo``) and the text form come
    from :class:`~prefa.handflow.CallLog`.
    """

    CALL = Call

    def __init__(self, rules: GreekRules | None = None, seats: Sequence[int] = (0, 1, 2)) -> None:
        self.rules = rules or GreekRules()
        self.seats = tuple(seats)
        if len(self.seats) != 3 or len(set(self.seats)) != 3:
            raise IllegalCall(f"seats {self.seats}: expected three different bidding seats")
        self.calls: list[tuple[int, Call]] = []
        self._reset()

    def _reset(self) -> None:
        self.passed: set[int] = set()
        self.current: Contract | None = None
        """The highest bid so far (``None`` before any bid, also after a blind take)."""
        self.holder: int | None = None
        """The seat whose call stands: the last bidder or holder, or the blind taker."""
        self.blind: int | None = None
        self.prefa: int | None = None
        self._next = 0

    @classmethod
    def from_text(cls, text: str, rules: GreekRules | None = None,
                  seats: Sequence[int] = (0, 1, 2)) -> Auction:
        """Replay comma-separated calls (``Πρώτα, pass, Δεύτερα, ναι``)."""
        return cls(rules, seats).make_calls(text)

    # -- state ------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True when somebody has bought, or all passed."""
        if self.prefa is not None:
            return True
        live = [s for s in self.seats if s not in self.passed]
        return not live or (len(live) == 1 and self.holder == live[0])

    @property
    def to_call(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the auction is over."""
        if self.is_over:
            return None
        for i in range(3):
            s = self.seats[(self._next + i) % 3]
            if s not in self.passed:
                return s
        return None  # pragma: no cover - is_over covers this

    def next_bid(self) -> Contract | None:
        """The one bid that may be made now (``None`` above 10NT)."""
        return LOWEST if self.current is None else self.current.next()

    # -- legality (the one place) -------------------------------------------------------
    def legal_calls(self) -> list[Call]:
        """Every call the seat to call may make, in the order pass, take, hold, bid, prefa."""
        seat = self.to_call
        if seat is None:
            return []
        out = [PASS]
        if self.rules.blind_take and all(c.kind is CallKind.PASS for _, c in self.calls):
            out.append(TAKE)
        if self.current is not None and self.holder is not None and self.holder != seat \
                and self.seats.index(seat) < self.seats.index(self.holder):
            out.append(HOLD)
        nxt = self.next_bid()
        if nxt is not None:
            out.append(Call(CallKind.BID, nxt))
        if self.rules.prefa_bid:
            out.append(PREFA)
        return out

    def _normalise(self, call: Call) -> Call:
        if call.kind is CallKind.HOLD and call.contract is not None \
                and call.contract == self.current:
            return HOLD
        return call

    def why_illegal(self, call: Call) -> str | None:
        """``None`` when ``call`` is legal now, else the reason in words."""
        seat = self.to_call
        if seat is None:
            return f"{call}: the auction is over"
        c = self._normalise(call)
        legal = self.legal_calls()
        if c in legal:
            return None
        k = c.kind
        if k is CallKind.BID:
            nxt = self.next_bid()
            if nxt is None:
                why = "10NT is the highest bid"
            else:
                why = (f"bids rise one step at a time: the next is {nxt} "
                       f"({Call(CallKind.BID, nxt).greek})")
        elif k is CallKind.HOLD:
            if c.contract is not None and c.contract != self.current:
                why = f"the standing bid is {self.current}, not {c.contract}"
            elif self.current is None:
                why = "there is no bid to hold"
            elif self.holder == seat:
                why = "the standing bid is already yours"
            else:
                why = (f"only a seat before seat {self.holder} may hold his bid; "
                       "you must raise or pass")
        elif k is CallKind.TAKE:
            why = ("the blind take is not played (option blind_take)" if not self.rules.blind_take
                   else "the blind take may be said only when everybody before you passed")
        else:  # PREFA
            why = "the Πρέφα bid is not played (option prefa_bid)"
        # as a learner reads it: bids with their suit signs (6♣, not 6C; both are typed)
        return signs(f"{c}: {why} (seat {seat} may say: {', '.join(str(x) for x in legal)})")

    # -- make / unmake (with CallLog.call and CallLog.undo) ----------------------------
    def _apply(self, seat: int, c: Call) -> None:
        k = c.kind
        if k is CallKind.PASS:
            self.passed.add(seat)
        elif k is CallKind.BID:
            self.current, self.holder = c.contract, seat
        elif k is CallKind.HOLD:
            self.holder = seat
        elif k is CallKind.TAKE:
            self.blind = self.holder = seat
        else:
            self.prefa = seat
        self._next = (self.seats.index(seat) + 1) % 3

    # -- result ---------------------------------------------------------------------------
    def result(self) -> AuctionResult:
        """The outcome; raises :class:`~prefa.errors.IllegalCall` while the auction goes on."""
        if not self.is_over:
            raise IllegalCall(f"the auction is not over: seat {self.to_call} is to call")
        if self.prefa is not None:
            return AuctionResult(self.prefa, prefa=True)
        if self.holder is None:
            return AuctionResult(None)
        if self.current is None:
            return AuctionResult(self.holder, blind=True)
        return AuctionResult(self.holder, self.current)

    @property
    def greek(self) -> str:
        """The calls as said at the table."""
        return ", ".join(c.greek for _, c in self.calls)

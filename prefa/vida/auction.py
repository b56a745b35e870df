"""The Vida auction (μίλημα): a suit and a number, *vida* and *kontra-vida*.

Rules (seed 002, RULES.md §4) as this module implements them:

- The player at the dealer's right speaks first (seat ``dealer + 1``: seats
  are numbered in playing order), then the others in turn, round and round.
- A bid names a number of points and the trump suit: ``80 clubs``.  Numbers
  start at 80 and go up in steps of 10; each bid must be higher than the
  last one, in any suit.  A bid of 250 or more is a *capot* (καπό) bid: the
  team promises every trick (270 with the belote, more with melds it counts
  on).  ``capot clubs`` is short for ``250 clubs``.
- A player who passed may bid again at a later turn (seed 002: partner
  passes, then raises in the second round).
- The bidding closes after three passes in a row following a bid.  If
  nobody bids, it takes four passes, and the hand is thrown in.
- *Vida* (βίδα): an opponent of the team holding the bid doubles it, and
  the bidding of numbers stops at once.  The doubled team may answer
  *kontra-vida* (κόντρα-βίδα, ×4), the others vida again (×8), and the
  doubled team kontra-vida again (×16): at most four, alternating
  (``max_vidas`` in :class:`~prefa.vida.options.VidaRules`).
- Decision (the seed is silent on the order): after a vida or kontra-vida,
  the two players of the team that may answer speak in turn, the one next
  after the doubler first; when both pass, the auction is over.

Every illegal call is refused with :class:`~prefa.errors.IllegalBid` and
leaves the auction as it was.

The walk-through of seed 002 (A deals; B, Γ, Δ, A are seats 1, 2, 3, 0):

>>> a = Auction.from_text("80 clubs, 100 hearts, pass, 110 hearts, pass, pass, "
...                       "120 clubs, pass, pass, pass", dealer=0)
>>> a.is_over, a.result()
(True, VidaContract(number=120, trump=Suit.CLUBS, declarer=3))
>>> a = Auction.from_text("80 clubs, vida, kontra-vida, pass, pass")
>>> a.result().multiplier
4
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards import Suit
from ..errors import IllegalBid, ParseError
from ..handflow import CallLog, check_text
from .options import VidaRules
from .teams import PLAYERS, team_of


class CallKind(enum.Enum):
    """What a call is."""

    PASS = "pass"
    BID = "bid"
    VIDA = "vida"
    """A doubling by the opponents of the bid (the first and the third)."""
    KONTRA = "kontra-vida"
    """The bidding team's answer to a vida (the second and the fourth)."""


SUIT_WORDS = {
    "s": Suit.SPADES, "spade": Suit.SPADES, "spades": Suit.SPADES, "♠": Suit.SPADES,
    "h": Suit.HEARTS, "heart": Suit.HEARTS, "hearts": Suit.HEARTS, "♥": Suit.HEARTS,
    "d": Suit.DIAMONDS, "diamond": Suit.DIAMONDS, "diamonds": Suit.DIAMONDS, "♦": Suit.DIAMONDS,
    "c": Suit.CLUBS, "club": Suit.CLUBS, "clubs": Suit.CLUBS, "♣": Suit.CLUBS,
    "μπαστούνι": Suit.SPADES, "μπαστούνια": Suit.SPADES, "κούπα": Suit.HEARTS,
    "κούπες": Suit.HEARTS, "καρό": Suit.DIAMONDS, "σπαθί": Suit.CLUBS, "σπαθιά": Suit.CLUBS,
}
"""Suit words a bid may use: English names, letters, symbols, Greek names."""

_WORDS = {"pass": CallKind.PASS, "p": CallKind.PASS, "πάσο": CallKind.PASS,
          "vida": CallKind.VIDA, "βίδα": CallKind.VIDA,
          "kontra-vida": CallKind.KONTRA, "kontra": CallKind.KONTRA,
          "kontravida": CallKind.KONTRA, "κόντρα": CallKind.KONTRA,
          "κόντρα-βίδα": CallKind.KONTRA}

_CALL_HELP = ("expected pass, a bid like '80 clubs' or 'capot hearts', vida or kontra-vida")


def suit_word(suit: int) -> str:
    """The English name of a suit, as bids are written: ``clubs``."""
    return Suit(suit).name.lower()


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the auction; ``str`` is the record notation.

    >>> Call.parse("80C"), Call.parse("σπαθιά 100"), Call.parse("capot ♥"), Call.parse("βίδα")
    (Call.parse('80 clubs'), Call.parse('100 clubs'), Call.parse('250 hearts'), Call.parse('vida'))
    >>> Call.parse("85 clubs")
    Traceback (most recent call last):
    ...
    prefa.errors.ParseError: bad call '85 clubs': bids go in steps of 10 (80, 90, 100...)
    """

    kind: CallKind
    number: int | None = None
    suit: Suit | None = None

    @classmethod
    def bid(cls, number: int, suit: int) -> Call:
        """A bid of ``number`` in ``suit``."""
        return cls(CallKind.BID, number, Suit(suit))

    @classmethod
    def parse(cls, text: str) -> Call:
        """Parse ``pass``, ``80 clubs`` (also ``80C``, ``clubs 80``, ``80 ♣``,
        ``capot clubs``), ``vida``, ``kontra-vida``; Greek words accepted."""
        text = check_text(text, "call", "pass, a bid such as 80C, vida or kontra-vida")
        t = " ".join(text.strip().lower().split())
        if not t:
            raise ParseError(f"empty call: {_CALL_HELP}")
        if t in _WORDS:
            return cls(_WORDS[t])
        words = t.split()
        if len(words) == 1:  # 80C, 80♣
            w = words[0]
            i = len(w) - len(w.lstrip("0123456789"))
            words = [w[:i], w[i:]] if 0 < i < len(w) else words
        if len(words) == 2:
            def number(w: str) -> bool:  # ASCII digits: str.isdigit also takes '²' and '١'
                return (w.isascii() and w.isdigit()) or w in ("capot", "kapo", "καπό")
            num, suit = words if number(words[0]) else words[::-1]
            if suit in SUIT_WORDS and number(num):
                n = int(num) if num.isdigit() else 250
                if n % 10 or n <= 0:
                    raise ParseError(f"bad call {text.strip()!r}: bids go in steps of 10 "
                                     "(80, 90, 100...)")
                return cls(CallKind.BID, n, SUIT_WORDS[suit])
        raise ParseError(f"bad call {text.strip()!r}: {_CALL_HELP}")

    def __str__(self) -> str:
        if self.kind is CallKind.BID:
            return f"{self.number} {suit_word(self.suit)}"
        return self.kind.value

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"


PASS = Call(CallKind.PASS)
VIDA = Call(CallKind.VIDA)
KONTRA = Call(CallKind.KONTRA)


@dataclass(frozen=True, slots=True)
class VidaContract:
    """The outcome of an auction: who bid what, in which trumps, how doubled.

    ``vidas`` counts the doublings (1 vida ×2, 2 kontra-vida ×4, 3 ×8,
    4 ×16); ``capot`` is true for a bid that promises every trick.

    >>> c = VidaContract(120, Suit.CLUBS, declarer=3, vidas=1)
    >>> c.team, c.multiplier, str(c)
    (1, 2, '120 clubs by seat 3, vida')
    """

    number: int
    trump: Suit
    declarer: int
    vidas: int = 0
    capot: bool = False

    @property
    def team(self) -> int:
        """The bidding team."""
        return team_of(self.declarer)

    @property
    def multiplier(self) -> int:
        """What the bid is multiplied by: 1, 2, 4, 8 or 16."""
        return 2 ** self.vidas

    def __str__(self) -> str:
        s = f"{self.number} {suit_word(self.trump)} by seat {self.declarer}"
        if self.capot:
            s += " (capot)"
        if self.vidas:
            s += ", " + ("vida", "kontra-vida", "vida ×8", "kontra-vida ×16")[self.vidas - 1]
        return s

    def __repr__(self) -> str:
        extra = "".join([f", vidas={self.vidas}" if self.vidas else "",
                         ", capot=True" if self.capot else ""])
        return (f"VidaContract(number={self.number}, trump=Suit.{self.trump.name}, "
                f"declarer={self.declarer}{extra})")


class Auction(CallLog):
    """An auction in progress; :meth:`call` refuses illegal calls and changes nothing then.

    ``dealer`` defaults to seat 3, so seat 0 speaks first.  Making and taking
    back calls (``call``, ``undo``) and the text form come from
    :class:`~prefa.handflow.CallLog`; everything else is derived from the calls.
    """

    CALL = Call

    def __init__(self, rules: VidaRules | None = None, dealer: int = 3) -> None:
        self.rules = rules or VidaRules()
        if not 0 <= dealer < PLAYERS:
            raise IllegalBid(f"dealer {dealer}: expected a seat from 0 to 3")
        self.dealer = dealer
        self.seats = tuple((dealer + 1 + i) % PLAYERS for i in range(PLAYERS))
        self.calls: list[tuple[int, Call]] = []

    @classmethod
    def from_text(cls, text: str, rules: VidaRules | None = None, dealer: int = 3) -> Auction:
        """Replay comma-separated calls (``80 clubs, pass, vida``)."""
        return cls(rules, dealer).make_calls(text)

    # -- state, derived from the calls ---------------------------------------------------
    @property
    def high(self) -> tuple[int, Call] | None:
        """The highest bid so far and its seat."""
        return next(((s, c) for s, c in reversed(self.calls) if c.kind is CallKind.BID), None)

    @property
    def vidas(self) -> int:
        """How many vidas and kontra-vidas have been said."""
        return sum(c.kind in (CallKind.VIDA, CallKind.KONTRA) for _, c in self.calls)

    def _passes_since(self, kinds: tuple[CallKind, ...]) -> list[int]:
        out = []
        for s, c in reversed(self.calls):
            if c.kind in kinds:
                break
            out.append(s)
        return out

    def _answering_team(self) -> int | None:
        """After a vida: the team that may double again (``None`` before any vida)."""
        if not self.vidas:
            return None
        last = next(s for s, c in reversed(self.calls)
                    if c.kind in (CallKind.VIDA, CallKind.KONTRA))
        return 1 - team_of(last)

    @property
    def is_over(self) -> bool:
        """True when the bidding has closed (with a contract or thrown in)."""
        v = self.vidas
        if v:
            if v >= self.rules.max_vidas:
                return True
            return len(self._passes_since((CallKind.VIDA, CallKind.KONTRA))) >= 2
        passes = len(self._passes_since((CallKind.BID,)))
        return passes >= (3 if self.high is not None else 4)

    @property
    def to_call(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the auction is over."""
        if self.is_over:
            return None
        if not self.calls:
            return self.seats[0]
        last = self.calls[-1][0]
        team = self._answering_team()
        for i in range(1, PLAYERS + 1):
            s = (last + i) % PLAYERS
            if team is None or (team_of(s) == team and s not in self._passes_since(
                    (CallKind.VIDA, CallKind.KONTRA))):
                return s
        return None  # pragma: no cover - is_over covers this

    @property
    def min_bid(self) -> int:
        """The lowest number that may be bid now."""
        h = self.high
        return self.rules.min_bid if h is None else h[1].number + 10

    # -- legality (the one place) ----------------------------------------------------------
    def why_illegal(self, call: Call | str) -> str | None:
        """``None`` when ``call`` is legal now, else the reason in words."""
        c = Call.parse(call) if isinstance(call, str) else call
        seat = self.to_call
        if seat is None:
            return f"{c}: the auction is over"
        v = self.vidas
        h = self.high
        why = None
        if c.kind is CallKind.PASS:
            return None
        if c.kind is CallKind.BID:
            if v:
                why = "after a vida nobody may bid any more"
            elif c.number < self.min_bid:
                why = (f"the lowest bid is {self.rules.min_bid}" if h is None else
                       f"a bid must be higher than {h[1]}: at least {self.min_bid}")
            elif c.number % 10:
                why = "bids go in steps of 10"
        elif self.rules.max_vidas == 0:
            why = "vida is not played (option max_vidas=0)"
        elif c.kind is CallKind.VIDA:
            if h is None:
                why = "there is no bid to double"
            elif v % 2:
                why = "the doubled team answers with kontra-vida, not vida"
            elif team_of(seat) == team_of(h[0]):
                why = "only the opponents of the bidding team may say vida"
            elif v >= self.rules.max_vidas:
                why = f"at most {self.rules.max_vidas} vidas"
        else:  # KONTRA
            if not v % 2:
                why = "kontra-vida answers a vida" if not v else "the next double is a vida"
            elif v >= self.rules.max_vidas:
                why = f"at most {self.rules.max_vidas} vidas"
        if why is None:
            return None
        return f"{c}: {why} (seat {seat} may say: {self._legal_text()})"

    def is_legal(self, call: Call | str) -> bool:
        return self.why_illegal(call) is None

    def legal_calls(self) -> list[Call]:
        """The calls the seat to call may make: pass, the lowest bid in each suit
        (any higher multiple of 10 is legal too), vida or kontra-vida."""
        if self.to_call is None:
            return []
        out = [PASS]
        if not self.vidas:
            out += [Call.bid(self.min_bid, s) for s in Suit]
        out += [c for c in (VIDA, KONTRA) if self.why_illegal(c) is None]
        return out

    def _legal_text(self) -> str:
        parts = ["pass"]
        if not self.vidas:
            parts.append(f"a bid of {self.min_bid} or more")
        seat = self.to_call
        h = self.high
        v = self.vidas
        if self.rules.max_vidas > v and h is not None:
            if v % 2:
                parts.append("kontra-vida")
            elif seat is not None and team_of(seat) != team_of(h[0]):
                parts.append("vida")
        return ", ".join(parts)

    # -- copy (making and taking back calls: CallLog.call and CallLog.undo) --------------------
    def copy(self) -> Auction:
        a = Auction(self.rules, self.dealer)
        a.calls = list(self.calls)
        return a

    # -- result -----------------------------------------------------------------------------
    @property
    def thrown_in(self) -> bool:
        """True when all four passed: nobody plays, the cards are dealt again."""
        return self.is_over and self.high is None

    def result(self) -> VidaContract | None:
        """The contract (``None`` when the hand is thrown in); raises
        :class:`IllegalBid` while the auction is still going."""
        if not self.is_over:
            raise IllegalBid(f"the auction is not over: seat {self.to_call} is to call")
        h = self.high
        if h is None:
            return None
        seat, bid = h
        return VidaContract(bid.number, bid.suit, seat, self.vidas,
                            capot=bid.number >= self.rules.capot_bid)

    def __repr__(self) -> str:
        return f"Auction.from_text({str(self)!r}, dealer={self.dealer})"


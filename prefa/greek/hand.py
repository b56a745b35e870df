"""One hand of Greek Prefa, from the deal to the result for the kasa sheet.

Phases (:class:`Phase`): the auction; the buyer takes the two face-down cards
(τα κάτω) and discards two (τα σκάρτα); he declares a contract not lower than
his bid (a blind taker may declare any, or concede); the defenders decide;
the cards are played; the result goes on the sheet (:mod:`prefa.greek.kasa`).
Every step is refused with a :class:`~prefa.errors.PrefaError` when illegal,
and the hand is then left exactly as it was; :meth:`GreekHand.undo` takes
back the last step.

**The deal** (seed 000 "Το μοίρασμα"): two cards at a time to each player,
starting with the player at the dealer's right; after the first round of
pairs the next two cards (the seventh and eighth) go face down on the table:
τα κάτω.  Then pairs again until each player has ten (:data:`GREEK_PATTERN`).
With four players the dealer is the tembelis (τεμπέλης) and gets no cards.

**The play** (seed 000 "Η εκτέλεση"): the player at the dealer's right leads
to the first trick (decision: if he does not play, the next playing seat
leads), then the winner of each trick.  Follow suit; if void, play a trump
if you have one (any trump); there is no duty to win the trick
(``PlayRules(must_trump=True, overtake=Overtake.NEVER)``).

A hand without a deal (``deal=None``) is scored from its facts: no talon, no
card play, and :meth:`GreekHand.claim` gives the tricks.

The seed's worked hand: Γ (seat 2) wins the worked auction at 6♥ and
declares hearts; both defenders play.

>>> from prefa.deal import Deal
>>> d = Deal.parse("SA9 DAKQT9 CAK7 / SJT8 H8 DJ87 CT98 / SKQ HAKQJT9 CQJ | S7 H7")
>>> h = GreekHand(d)
>>> for c in "Πρώτα, pass, Δεύτερα, ναι, Τρίτα, ναι, Τέταρτα, pass".split(", "): h.call(c)
>>> h.phase, h.buyer, str(h.talon)
(<Phase.DISCARD: 'discard'>, 2, 'S7 H7')
>>> h.discard("7S JC"); [str(c) for c in h.legal_contracts()][:3]
['6H', '6NT', '7S']
>>> h.declare("6D")
Traceback (most recent call last):
...
prefa.errors.IllegalAction: declare 6D: lower than the bid 6H (may declare 6H or higher)
>>> h.declare("6 Τέταρτα"); h.decide("play"); h.decide("play"); h.phase, h.leader
(<Phase.PLAY: 'play'>, 0)
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from ..cards import ACE, TEN, Card, CardSet, card_name, parse_card, parse_cards
from ..deal import Deal, Pattern, random_deal
from ..errors import IllegalAction, IllegalPlay, ParseError, PrefaError
from ..play import TrickPlay
from .auction import Auction, AuctionResult, Call
from .contract import ALL_CONTRACTS, Contract, fold
from .defence import Decision, Defence, DefenceOutcome
from .kasa import HandResult, Outcome
from .options import GreekRules

GREEK_PATTERN: Pattern = (("hands", 2), ("talon", 2), ("hands", 2), ("hands", 2),
                          ("hands", 2), ("hands", 2))
"""Two cards to each player, two face down (τα κάτω), then pairs until each has ten."""


def random_greek_deal(seed: int, *, players: int = 3, dealer: int | None = None) -> Deal:
    """A reproducible random deal dealt the Greek way (:data:`GREEK_PATTERN`).

    >>> d = random_greek_deal(7); [len(h) for h in d.hands], len(d.talon)
    ([10, 10, 10], 2)
    >>> [len(h) for h in random_greek_deal(7, players=4).hands]
    [10, 10, 10, 0]
    """
    return random_deal(seed, players=players, dealer=dealer, pattern=GREEK_PATTERN)


class Phase(enum.Enum):
    """Where a hand stands."""

    AUCTION = "auction"
    DISCARD = "discard"
    """The buyer (or the Πρέφα caller) has taken τα κάτω and must discard two."""
    PREFA = "prefa"
    """A Πρέφα without a deal: its result is to be given."""
    DECLARE = "declare"
    DEFENCE = "defence"
    PLAY = "play"
    DONE = "done"


@dataclass(frozen=True, slots=True)
class Step:
    """One recorded step of a hand (for undo and for records)."""

    kind: str  # "call", "discard", "declare", "concede", "decide", "play", "claim", "prefa"
    value: object


def parse_declaration(text: str) -> tuple[Contract, bool]:
    """A contract, maybe with the four aces: ``6C aces``, ``6 Δεύτερα και οι άσοι``.

    >>> parse_declaration("6 Δεύτερα και οι άσοι")
    (Contract.parse('6C'), True)
    """
    t = fold(text)
    aces = False
    for tail in ("και οι ασοι", "+ aces", "+aces", "with aces", "aces", "οι ασοι", "ασοι"):
        if t.endswith(tail):
            t, aces = t[:-len(tail)].strip(), True
            break
    return Contract.parse(t), aces


class GreekHand:
    """A hand of Greek Prefa being played.

    ``dealer`` defaults to the last seat, so seat 0 is the forehand (the
    player at the dealer's right, who speaks and leads first).  With four
    players the dealer is the tembelis and the deal holds ``-`` for him.
    """

    def __init__(self, deal: Deal | None = None, rules: GreekRules | None = None,
                 dealer: int | None = None) -> None:
        self.rules = rules or GreekRules()
        n = self.rules.players
        self.dealer = n - 1 if dealer is None else dealer
        if not 0 <= self.dealer < n:
            raise IllegalAction(f"dealer {self.dealer}: expected a seat from 0 to {n - 1}")
        order = tuple((self.dealer + 1 + i) % n for i in range(n))
        self.seats: tuple[int, ...] = order[:3]
        """The three seats in play, in playing order from the forehand."""
        self.tembelis: int | None = self.dealer if n == 4 else None
        if deal is not None:
            self._check_deal(deal)
        self.deal = deal
        self.steps: list[Step] = []
        self._reset()

    def _check_deal(self, deal: Deal) -> None:
        n = self.rules.players
        if len(deal.hands) != n:
            raise IllegalAction(f"deal has {len(deal.hands)} hands: expected {n}")
        for s in range(n):
            want = 10 if s in self.seats else 0
            if len(deal.hands[s]) != want:
                raise IllegalAction(f"hand of seat {s} has {len(deal.hands[s])} cards: "
                                    f"expected {want}")
        if len(deal.talon) != 2:
            raise IllegalAction(f"τα κάτω (the talon) has {len(deal.talon)} cards: expected 2")

    def _reset(self) -> None:
        self.auction = Auction(self.rules, self.seats)
        self.hands: list[CardSet] | None = list(self.deal.hands) if self.deal else None
        self.discards: CardSet | None = None
        self.contract: Contract | None = None
        self.aces = False
        self.conceded = False
        self.prefa_made: bool | None = None
        self.defence: Defence | None = None
        self.play_state: TrickPlay | None = None
        self.claimed: tuple[int, ...] | None = None

    # -- derived state ----------------------------------------------------------------
    @property
    def talon(self) -> CardSet | None:
        """τα κάτω, the two face-down cards (``None`` when the deal is unknown)."""
        return self.deal.talon if self.deal else None

    @property
    def auction_result(self) -> AuctionResult | None:
        return self.auction.result() if self.auction.is_over else None

    @property
    def buyer(self) -> int | None:
        """The buyer (ο αγοραστής, τζογαδόρος), once the auction is over."""
        r = self.auction_result
        return None if r is None else r.winner

    @property
    def defenders(self) -> tuple[int, int]:
        """The two defenders: the one at the buyer's right (who speaks first), then the other."""
        b = self.buyer
        if b is None:
            raise IllegalAction("there is no buyer yet")
        i = self.seats.index(b)
        return self.seats[(i + 1) % 3], self.seats[(i + 2) % 3]

    @property
    def phase(self) -> Phase:
        r = self.auction_result
        if r is None:
            return Phase.AUCTION
        if r.winner is None:
            return Phase.DONE
        if r.prefa:
            if self.prefa_made is not None:
                return Phase.DONE
            return Phase.DISCARD if self.deal is not None else Phase.PREFA
        if self.deal is not None and self.discards is None:
            return Phase.DISCARD
        if self.conceded:
            return Phase.DONE
        if self.contract is None:
            return Phase.DECLARE
        assert self.defence is not None
        if not self.defence.is_over:
            return Phase.DEFENCE
        if not self.defence.outcome().played or self.claimed is not None:
            return Phase.DONE
        if self.play_state is None:
            return Phase.PLAY
        return Phase.DONE if self.play_state.is_over() else Phase.PLAY

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the hand is over."""
        ph = self.phase
        if ph is Phase.AUCTION:
            return self.auction.to_call
        if ph in (Phase.DISCARD, Phase.DECLARE, Phase.PREFA):
            return self.buyer
        if ph is Phase.DEFENCE:
            return self.defence.to_act  # type: ignore[union-attr]
        if ph is Phase.PLAY:
            return self.play_state.to_move if self.play_state is not None else None
        return None

    def _outcome(self) -> DefenceOutcome:
        if self.defence is None:
            raise IllegalAction("no contract has been declared yet")
        return self.defence.outcome()

    @property
    def playing(self) -> tuple[int, ...]:
        """The seats whose cards are in play, in playing order."""
        o = self._outcome()
        return tuple(s for s in self.seats if s == self.buyer or s in o.playing)

    @property
    def leader(self) -> int:
        """Who leads to the first trick: the forehand, or the next playing seat."""
        return self.playing[0]

    def _require(self, phase: Phase, what: str) -> None:
        if self.phase is not phase:
            raise IllegalAction(f"{what}: not now (the hand is at the {self.phase.value} step)")

    # -- steps ----------------------------------------------------------------------------
    def call(self, call: Call | str) -> None:
        """Make the next call of the auction."""
        self._require(Phase.AUCTION, f"call {call}")
        self.auction.call(call)
        self.steps.append(Step("call", self.auction.calls[-1][1]))

    def discard(self, cards: Sequence[Card] | CardSet | str) -> None:
        """The buyer takes τα κάτω and discards two of his twelve cards (τα σκάρτα)."""
        cs = _cards(cards)
        self._require(Phase.DISCARD, "discard")
        b = self.buyer
        assert b is not None and self.hands is not None and self.talon is not None
        twelve = self.hands[b] | self.talon
        if len(cs) != 2 or cs[0] == cs[1]:
            raise IllegalAction(f"discard {_names(cs)}: expected exactly two different cards")
        for c in cs:
            if c not in twelve:
                raise IllegalAction(f"discard {card_name(c)}: the buyer does not hold it "
                                    f"(holds {twelve})")
        self.hands[b] = twelve - CardSet.of(cs)
        self.discards = CardSet.of(cs)
        if self.auction_result.prefa:  # type: ignore[union-attr]
            self.prefa_made = prefa_complete(self.hands[b])
        self.steps.append(Step("discard", self.discards))

    def prefa_result(self, made: bool) -> None:
        """Give the result of a Πρέφα in a hand without a deal."""
        self._require(Phase.PREFA, "prefa result")
        self.prefa_made = bool(made)
        self.steps.append(Step("prefa", self.prefa_made))

    def legal_contracts(self) -> list[Contract]:
        """The contracts the buyer may declare now: not lower than his bid."""
        if self.phase is not Phase.DECLARE:
            return []
        r = self.auction_result
        assert r is not None
        low = 0 if r.contract is None else r.contract.step
        return list(ALL_CONTRACTS[low:])

    def may_declare_aces(self) -> bool:
        """True when the buyer may add "και οι άσοι": the option is on and his ten
        cards hold all four aces (always true without a deal)."""
        if not self.rules.four_aces or self.phase is not Phase.DECLARE:
            return False
        if self.hands is None:
            return True
        h = self.hands[self.buyer]  # type: ignore[index]
        return all(s * 16 + ACE in h for s in range(4))

    def declare(self, contract: Contract | str, aces: bool = False) -> None:
        """Declare the contract (``6H``, ``6 Τέταρτα``, ``6C aces``), or ``concede``
        after a blind take."""
        if isinstance(contract, str) and fold(contract) in ("concede", "παραιτουμαι"):
            self.concede()
            return
        if isinstance(contract, str):
            contract, more = parse_declaration(contract)
            aces = aces or more
        self._require(Phase.DECLARE, f"declare {contract}")
        legal = self.legal_contracts()
        if contract not in legal:
            raise IllegalAction(f"declare {contract}: lower than the bid {legal[0]} (may declare "
                                f"{legal[0]} or higher)")
        if aces and not self.may_declare_aces():
            why = ("the four aces are not played (option four_aces)" if not self.rules.four_aces
                   else f"seat {self.buyer} does not hold all four aces")
            raise IllegalAction(f"declare {contract} aces: {why}")
        self.contract, self.aces = contract, aces
        self.defence = Defence(self.buyer, self.defenders, contract)  # type: ignore[arg-type]
        self.steps.append(Step("declare", (contract, aces)))

    def may_concede(self) -> bool:
        """True when the buyer bought blind and may give up at 6♠ without play."""
        r = self.auction_result
        return self.phase is Phase.DECLARE and r is not None and r.blind

    def concede(self) -> None:
        """The blind taker gives up at 6♠ without play (4 kasa and 16 kapikia)."""
        self._require(Phase.DECLARE, "concede")
        if not self.may_concede():
            raise IllegalAction("concede: only a buyer who took the cards blind (τα παίρνω) "
                                "may concede")
        self.conceded = True
        self.steps.append(Step("concede", None))

    def decide(self, decision: Decision | str) -> None:
        """The next defence decision (play, pass, alone, along)."""
        self._require(Phase.DEFENCE, f"decision {decision}")
        assert self.defence is not None
        self.defence.decide(decision)
        self.steps.append(Step("decide", self.defence.decisions[-1][1]))
        self._maybe_start_play()

    def _maybe_start_play(self) -> None:
        if self.defence is None or not self.defence.is_over or self.hands is None:
            return
        if not self.defence.outcome().played:
            return
        playing = self.playing
        assert self.contract is not None
        hands = [h if s in playing else CardSet() for s, h in enumerate(self.hands)]
        self.play_state = TrickPlay.start(hands, self.leader, self.contract.play_rules(),
                                          active=sorted(playing))

    def legal_cards(self) -> CardSet:
        """The cards the seat to play may play now."""
        if self.phase is not Phase.PLAY or self.play_state is None:
            return CardSet()
        return self.play_state.legal_moves()

    def play(self, card: Card | str) -> None:
        """Play a card for the seat to move."""
        c = parse_card(card) if isinstance(card, str) else card
        if self.phase is not Phase.PLAY or self.play_state is None:
            raise IllegalPlay(f"{card_name(c)}: no card can be played now "
                              f"(the hand is at the {self.phase.value} step)")
        self.play_state.play(c)
        self.steps.append(Step("play", c))

    def claim(self, tricks: Sequence[int]) -> None:
        """Give each seat's tricks without card play (a hand without a deal)."""
        if self.phase is not Phase.PLAY or self.play_state is not None:
            raise IllegalAction("claim: tricks can be given only for a hand without a deal, "
                                "after the defence decisions")
        t = tuple(tricks)
        n = self.rules.players
        playing = self.playing
        if len(t) != n or any(x < 0 for x in t):
            raise IllegalAction(f"tricks {' '.join(map(str, t))}: expected {n} counts, "
                                "one per seat")
        for s in range(n):
            if s not in playing and t[s]:
                raise IllegalAction(f"tricks {' '.join(map(str, t))}: seat {s} does not play "
                                    "and takes no trick")
        if sum(t) != 10:
            raise IllegalAction(f"tricks {' '.join(map(str, t))}: they add up to {sum(t)}, "
                                "expected 10")
        self.claimed = t
        self.steps.append(Step("claim", t))

    def undo(self) -> Step:
        """Take back the last step."""
        if not self.steps:
            raise IllegalAction("nothing to undo: the hand has no steps yet")
        last = self.steps[-1]
        steps, self.steps = self.steps[:-1], []
        self._reset()
        for st in steps:
            self._apply(st)
        return last

    def _apply(self, st: Step) -> None:
        if st.kind == "declare":
            c, aces = st.value  # type: ignore[misc]
            self.declare(c, aces)
        elif st.kind == "concede":
            self.concede()
        elif st.kind == "prefa":
            self.prefa_result(bool(st.value))
        else:
            getattr(self, st.kind)(st.value)

    def copy(self) -> GreekHand:
        """An independent copy (replayed from the steps)."""
        h = GreekHand(self.deal, self.rules, self.dealer)
        for st in self.steps:
            h._apply(st)
        return h

    # -- result -----------------------------------------------------------------------------
    @property
    def tricks(self) -> tuple[int, ...]:
        """Tricks won so far by each seat."""
        if self.claimed is not None:
            return self.claimed
        if self.play_state is not None:
            return tuple(self.play_state.won)
        return (0,) * self.rules.players

    def result(self) -> HandResult:
        """The facts of the finished hand, for the kasa sheet."""
        if self.phase is not Phase.DONE:
            raise IllegalAction(f"the hand is not finished: it is at the {self.phase.value} step")
        r = self.auction_result
        assert r is not None
        if r.winner is None:
            return HandResult(Outcome.ALL_PASSED, tembelis=self.tembelis)
        common = dict(seats=self.seats, tembelis=self.tembelis)
        if r.prefa:
            return HandResult.prefa(r.winner, bool(self.prefa_made), **common)
        if self.conceded:
            return HandResult.conceded(r.winner, **common)
        assert self.contract is not None
        o = self._outcome()
        if not o.played:
            return HandResult.defenders_passed(r.winner, self.contract, aces=self.aces, **common)
        return HandResult.played_hand(r.winner, self.contract, self.tricks,
                                      playing=sorted(o.playing), along_by=o.along_by,
                                      aces=self.aces, **common)


def prefa_complete(cards: CardSet) -> bool:
    """True when ``cards`` are ten cards all of rank 10 or lower: a Πρέφα is made.

    >>> prefa_complete(CardSet.parse("ST987 HT98 DT9 C7"))
    True
    """
    return len(cards) == 10 and all((c & 15) <= TEN for c in cards)


# -- records ------------------------------------------------------------------------------------
@contextmanager
def _at(rec, key: str) -> Iterator[None]:
    try:
        yield
    except ParseError as e:
        if e.line is not None:
            raise
        raise ParseError(f"{key}: {e}", line=rec.line(key)) from None
    except PrefaError as e:
        raise ParseError(f"{key}: {e}", line=rec.line(key)) from None


def record_rules(rec, base: GreekRules | None = None) -> GreekRules:
    """The rules a record names (``ruleset: greek`` and its ``options``)."""
    rs = rec.get("ruleset")
    if rs is not None and fold(rs) not in ("greek", "prefa", "πρεφα"):
        raise ParseError(f"unknown ruleset {rs!r}: expected greek", line=rec.line("ruleset"))
    rules = base or GreekRules()
    opts = rec.get("options")
    if opts:
        with _at(rec, "options"):
            changes = dict(GreekRules.parse_option(w) for w in opts.split())
            rules = rules.with_options(**changes)
    return rules


def replay(rec, rules: GreekRules | None = None, *, partial: bool = False) -> GreekHand:
    """Play a record (:class:`prefa.record.Record`) through the engine.

    Keys: ``options``, ``dealer``, ``deal``, ``auction``, ``discard``,
    ``contract`` (``6H``, ``6C aces``, ``concede``; ``prefa made`` or ``prefa
    failed`` for a Πρέφα without a deal), ``defence``, ``play`` or ``tricks``.
    With ``partial`` the record may stop anywhere (a quiz position).  Errors
    come as :class:`~prefa.errors.ParseError` naming the record's line.

    >>> from prefa.record import parse_record
    >>> h = replay(parse_record("auction: Πρώτα, pass, pass\\ncontract: 6H\\n"
    ...                         "defence: play, pass, alone\\ntricks: 7 3 0"))
    >>> h.result().tricks, h.result().playing
    ((7, 3, 0), frozenset({1}))
    """
    rules = record_rules(rec, rules)
    dealer = None
    if rec.get("dealer") is not None:
        with _at(rec, "dealer"):
            try:
                dealer = int(rec.values["dealer"])
            except ValueError:
                raise ParseError(f"bad dealer {rec.values['dealer']!r}: expected a seat "
                                 "number") from None
    deal = None
    if rec.get("deal") is not None:
        with _at(rec, "deal"):
            deal = Deal.parse(rec.values["deal"], players=rules.players)
    with _at(rec, "deal" if deal else "dealer"):
        hand = GreekHand(deal, rules, dealer)
    if rec.get("auction") is None:
        raise ParseError("the record has no 'auction'")
    later = ("discard", "contract", "defence", "play", "tricks")
    with _at(rec, "auction"):
        for tok in rec.values["auction"].split(","):
            if tok.strip():
                hand.call(tok)
        if partial and not any(k in rec.values for k in later):
            return hand
        if hand.phase is Phase.AUCTION:
            raise ParseError(f"the auction is not finished: seat {hand.to_act} is to call")
    if rec.get("discard") is not None:
        with _at(rec, "discard"):
            hand.discard(rec.values["discard"])
    elif hand.phase is Phase.DISCARD:
        if partial:
            return hand
        raise ParseError(f"seat {hand.buyer} took τα κάτω: 'discard' is missing")
    if rec.get("contract") is not None:
        with _at(rec, "contract"):
            text = fold(rec.values["contract"])
            if hand.phase is Phase.PREFA and text in ("prefa made", "prefa failed"):
                hand.prefa_result(text == "prefa made")
            else:
                hand.declare(rec.values["contract"])
    elif hand.phase in (Phase.DECLARE, Phase.PREFA):
        if partial:
            return hand
        raise ParseError(f"seat {hand.buyer} bought: 'contract' is missing")
    if rec.get("defence") is not None:
        with _at(rec, "defence"):
            for tok in rec.values["defence"].split(","):
                if tok.strip():
                    hand.decide(tok)
    if partial and rec.get("play") is None and rec.get("tricks") is None:
        return hand
    if hand.phase is Phase.DEFENCE:
        raise ParseError(f"defence decisions missing: seat {hand.to_act} must say one of "
                         + ", ".join(str(d) for d in hand.defence.legal()),  # type: ignore
                         line=rec.line("defence") or rec.line("contract"))
    if rec.get("play") is not None:
        with _at(rec, "play"):
            for c in parse_cards(rec.values["play"].replace("/", " ")):
                hand.play(c)
    if rec.get("tricks") is not None:
        with _at(rec, "tricks"):
            words = rec.values["tricks"].replace("-", "0").split()
            try:
                counts = [int(w) for w in words]
            except ValueError:
                raise ParseError(f"bad tricks {rec.values['tricks']!r}: expected one whole "
                                 "number per seat") from None
            hand.claim(counts)
    if hand.phase is not Phase.DONE and not partial:
        need = "'play' is missing or short" if hand.deal is not None else "'tricks' is missing"
        raise ParseError(f"the hand is not finished (at the {hand.phase.value} step): {need}")
    return hand


def replay_text(text: str, rules: GreekRules | None = None, *, partial: bool = False) -> GreekHand:
    """:func:`replay` of a record given as text."""
    from ..record import parse_record
    return replay(parse_record(text), rules, partial=partial)


def _cards(cards: Sequence[Card] | CardSet | str) -> list[Card]:
    if isinstance(cards, str):
        try:
            return parse_cards(cards)
        except PrefaError:
            try:
                return list(CardSet.parse(cards))
            except PrefaError:
                pass
            raise
    return list(cards)


def _names(cards: Sequence[Card]) -> str:
    return " ".join(card_name(c) for c in cards) or "(none)"

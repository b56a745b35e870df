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
prefa.errors.IllegalAction: declare 6♦: lower than the bid 6♥ (may declare 6♥ or higher)
>>> h.declare("6 Τέταρτα"); h.decide("play"); h.decide("play"); h.phase, h.leader
(<Phase.PLAY: 'play'>, 0)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from ..cards import ACE, TEN, Card, CardSet
from ..deal import Deal, Pattern, random_deal
from ..errors import IllegalAction, ParseError
from ..handflow import (
    HandSteps,
    Step,
    card_list,
    check_claim,
    check_dealer,
    check_rules,
    check_talon_deal,
    check_text,
    check_total,
    defenders_after,
    exchange_talon,
    seat_tricks,
)
from ..play import TrickPlay
from ..record import (
    Record,
    on_line,
    parse_record,
    read_options,
    replay_auction,
    replay_discard,
    replay_play,
    replay_words,
    start_hand,
)
from .auction import Auction, Call
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


def parse_declaration(text: str) -> tuple[Contract, bool]:
    """A contract, maybe with the four aces: ``6C aces``, ``6 Δεύτερα και οι άσοι``.

    >>> parse_declaration("6 Δεύτερα και οι άσοι")
    (Contract.parse('6C'), True)
    """
    text = check_text(text, "declaration", "a contract such as '6C' or '6C aces'")
    t = fold(text)
    aces = False
    for tail in ("και οι ασοι", "+ aces", "+aces", "with aces", "aces", "οι ασοι", "ασοι"):
        if t.endswith(tail):
            t, aces = t[:-len(tail)].strip(), True
            break
    return Contract.parse(t), aces


class GreekHand(HandSteps):
    """A hand of Greek Prefa being played.

    ``dealer`` defaults to the last seat, so seat 0 is the forehand (the
    player at the dealer's right, who speaks and leads first).  With four
    players the dealer is the tembelis and the deal holds ``-`` for him.

    Its :class:`~prefa.handflow.Step` kinds are ``call``, ``discard``,
    ``declare``, ``concede``, ``decide``, ``play``, ``claim`` and ``prefa``;
    the step log, ``undo``, ``legal_cards`` and ``play`` come from
    :class:`~prefa.handflow.HandSteps`.
    """

    PLAY_PHASE = Phase.PLAY

    def __init__(self, deal: Deal | None = None, rules: GreekRules | None = None,
                 dealer: int | None = None) -> None:
        self.rules = check_rules(rules, GreekRules)
        n = self.rules.players
        self.dealer = n - 1 if dealer is None else check_dealer(dealer, n)
        order = tuple((self.dealer + 1 + i) % n for i in range(n))
        self.seats: tuple[int, ...] = order[:3]
        """The three seats in play, in playing order from the forehand."""
        self.tembelis: int | None = self.dealer if n == 4 else None
        if deal is not None:
            check_talon_deal(deal, n, self.seats, talon="τα κάτω (the talon)")
        self.deal = deal
        self.steps: list[Step] = []
        self._reset()

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
        return defenders_after(self.seats, b)

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

    # -- steps ----------------------------------------------------------------------------
    def call(self, call: Call | str) -> None:
        """Make the next call of the auction."""
        self._require(Phase.AUCTION, f"call {call}")
        self.auction.call(call)
        self.steps.append(Step("call", self.auction.calls[-1][1]))

    def discard(self, cards: Sequence[Card] | CardSet | str) -> None:
        """The buyer takes τα κάτω and discards two of his twelve cards (τα σκάρτα)."""
        cs = card_list(cards)
        self._require(Phase.DISCARD, "discard")
        b = self.buyer
        assert b is not None and self.hands is not None and self.talon is not None
        self.hands[b], self.discards = exchange_talon(self.hands[b], self.talon, cs, "buyer")
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
            raise IllegalAction(f"declare {contract.symbols}: lower than the bid {legal[0].symbols} "
                                f"(may declare {legal[0].symbols} or higher)")
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

    def claim(self, tricks: Sequence[int]) -> None:
        """Give each seat's tricks without card play (a hand scored from its facts).

        With a deal too, before any card is played: the tricks are then taken as
        given, not played out."""
        if self.phase is not Phase.PLAY or (self.play_state is not None
                                             and self.play_state.played):
            raise IllegalAction("claim: tricks can be given only before any card is played, "
                                "after the defence decisions")
        t = check_claim(tricks, self.rules.players, self.playing)
        check_total(t)
        self.claimed = t
        self.steps.append(Step("claim", t))

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
        return seat_tricks(self.claimed, self.play_state, self.rules.players)

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
def record_rules(rec: Record, base: GreekRules | None = None) -> GreekRules:
    """The rules a record names (``ruleset: greek`` and its ``options``)."""
    rs = rec.get("ruleset")
    if rs is not None and fold(rs) not in ("greek", "prefa", "πρεφα"):
        raise ParseError(f"unknown ruleset {rs!r}: expected greek", line=rec.line("ruleset"))
    return read_options(rec, base or GreekRules())


def replay(rec: Record, rules: GreekRules | None = None, *, partial: bool = False) -> GreekHand:
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
    hand = start_hand(rec, GreekHand, record_rules(rec, rules))
    if replay_auction(rec, hand, partial=partial):
        return hand
    if replay_discard(rec, hand, Phase.DISCARD, partial=partial, talon="τα κάτω"):
        return hand
    if rec.get("contract") is not None:
        with on_line(rec, "contract"):
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
        replay_words(rec, "defence", hand.decide)
    if partial and rec.get("play") is None and rec.get("tricks") is None:
        return hand
    if hand.phase is Phase.DEFENCE:
        raise ParseError(f"defence decisions missing: seat {hand.to_act} must say one of "
                         + ", ".join(str(d) for d in hand.defence.legal()),  # type: ignore
                         line=rec.line("defence") or rec.line("contract"))
    replay_play(rec, hand, Phase.DONE, partial=partial)
    return hand


def replay_text(text: str, rules: GreekRules | None = None, *, partial: bool = False) -> GreekHand:
    """:func:`replay` of a record given as text."""
    return replay(parse_record(text), rules, partial=partial)

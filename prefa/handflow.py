"""What the hands of every ruleset do the same way, in one place.

Each ruleset has its own hand class (:class:`~prefa.balkan.hand.BalkanHand`,
:class:`~prefa.greek.hand.GreekHand`, :class:`~prefa.russian.hand.RussianHand`,
:class:`~prefa.vida.hand.VidaHand`, :class:`~prefa.priffe.hand.PriffeHand`),
with its own phases and its own rules.  Some steps are the same in all of
them, and live here:

- **the call log** of the auction (:class:`CallLog`; Balkan, Greek, Russian
  and Vida, while the one-round Priffe auction keeps its own list of bids):
  a call is checked by the auction's own ``why_illegal``, refused with
  :class:`~prefa.errors.IllegalCall` (and nothing changes) or written down;
  :meth:`CallLog.undo` takes the last call back;
- **the step log** of the hand (:class:`HandSteps`): every step a hand
  accepts is kept as a :class:`Step`, so that :meth:`HandSteps.undo` can take
  the last one back by playing the others again from the start (the hand is
  then exactly as it was before; Vida takes its steps back directly);
- **the card play**: once the hand is at its play step, the cards are played
  by :class:`~prefa.play.TrickPlay`, which knows the legal cards
  (:meth:`HandSteps.legal_cards`, :meth:`HandSteps.play`);
- **the talon games** (Balkan, Greek and Russian preferans): three players
  hold ten cards each and two lie in the talon; the declarer takes the talon
  and puts two cards away (:func:`exchange_talon`); the two other players
  are the defenders, the one sitting next after the declarer first
  (:func:`defenders_after`); a hand scored without its cards gives each
  seat's tricks (:func:`check_claim`, :func:`check_total`).

The rules that differ stay with their ruleset: which calls are legal, which
phases a hand has, who leads, which contracts may be declared, how the
defence decides.

>>> from prefa.cards import CardSet
>>> defenders_after((0, 1, 2), 1)
(2, 0)
>>> kept, away = exchange_talon(CardSet.parse("SAKQJT HAKQ DAK"), CardSet.parse("S7 C8"), "S7 C8")
>>> str(kept), str(away)
('SAKQJT HAKQ DAK', 'S7 C8')
>>> exchange_talon(CardSet.parse("SAKQJT HAKQ DAK"), CardSet.parse("S7 C8"), "S7 S7")
Traceback (most recent call last):
...
prefa.errors.IllegalAction: discard 7S 7S: expected exactly two different cards
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from .cards import (
    Card,
    CardSet,
    card_name,
    check_card,
    check_cardset,
    check_deck,
    parse_card,
    parse_cards,
)
from .deal import Deal, is_seat
from .errors import IllegalAction, IllegalCall, IllegalPlay, ParseError, PrefaError, RuleOptionError
from .play import TrickPlay


class CallLog:
    """Mixin for a ruleset's auction: the calls made, make and undo, the text form.

    The auction class provides ``CALL`` (its call class, with ``parse``),
    ``calls`` (a list of ``(seat, call)``), ``to_call``, ``why_illegal(call)``
    (``None`` when legal, else the reason: legality in one place), and, when
    it keeps state of its own beside the calls, ``_reset`` and ``_apply(seat,
    call)`` (then an undo plays the other calls again).  ``_normalise`` may
    give a call its full form (``hold`` → ``hold 3``) before it is written.
    """

    CALL: ClassVar[Any]
    """The ruleset's call class."""

    calls: list[tuple[int, Any]]
    to_call: int | None

    def why_illegal(self, call: Any) -> str | None:  # pragma: no cover - each auction has one
        raise NotImplementedError

    def _reset(self) -> None:
        """Forget the state kept beside the calls (none by default)."""

    def _apply(self, seat: int, call: Any) -> None:
        """Update the state kept beside the calls (none by default)."""

    def _normalise(self, call: Any) -> Any:
        return call

    def call(self, call: Any) -> None:
        """Make ``call`` (a call or its text) for the seat to call; an illegal call
        raises :class:`~prefa.errors.IllegalCall` and changes nothing."""
        c = call if isinstance(call, self.CALL) else self.CALL.parse(
            check_text(call, "call", f"e.g. {type(self).__name__} calls such as 'pass'"))
        why = self.why_illegal(c)
        if why is not None:
            raise IllegalCall(why)
        seat = self.to_call
        assert seat is not None
        c = self._normalise(c)
        self._apply(seat, c)
        self.calls.append((seat, c))

    def make_calls(self, text: str) -> Self:
        """Make comma-separated calls in order (``2, 3, hold 3, pass``); returns the auction."""
        for tok in text.split(","):
            if tok.strip():
                self.call(tok)
        return self

    def undo(self) -> Any:
        """Take back the last call and return it."""
        if not self.calls:
            raise IllegalCall("nothing to undo: no call has been made")
        last = self.calls.pop()
        history, self.calls = self.calls, []
        self._reset()
        for seat, c in history:
            self._apply(seat, c)
            self.calls.append((seat, c))
        return last[1]

    def __str__(self) -> str:
        return ", ".join(str(c) for _, c in self.calls)

    def __repr__(self) -> str:
        return f"Auction.from_text({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Step:
    """One step a hand accepted, kept for :meth:`HandSteps.undo` and for records.

    ``kind`` names the step (``call``, ``discard``, ``declare``, ``decide``,
    ``play``, ``claim``...: each ruleset's hand lists its own) and ``value``
    is what was given, in the engine's own form (a call, a card, a contract...).
    """

    kind: str
    value: object


class HandSteps:
    """Mixin for a ruleset's hand: the step log, undo and the card play.

    The hand class provides ``phase`` (its own :class:`enum.Enum` of phases,
    whose ``value`` is the step's name), ``PLAY_PHASE`` (the member of that
    enum in which cards are played), ``steps`` and ``play_state`` (set up in
    ``_reset``, which puts the hand back to its start), and ``_apply`` when
    a step's ``kind`` is not simply the name of the method that makes it.
    """

    PLAY_PHASE: ClassVar[enum.Enum]
    """The hand's phase in which cards are played."""

    steps: list[Step]
    play_state: TrickPlay | None
    phase: enum.Enum
    auction: Any

    @property
    def auction_result(self) -> Any:
        """The outcome of the auction once it is over, else ``None``."""
        return self.auction.result() if self.auction.is_over else None

    def _reset(self) -> None:  # pragma: no cover - every hand class defines it
        raise NotImplementedError

    def _require(self, phase: enum.Enum, what: str) -> None:
        """Refuse ``what`` unless the hand is at ``phase``."""
        if self.phase is not phase:
            raise IllegalAction(f"{what}: not now (the hand is at the {self.phase.value} step)")

    def legal_cards(self) -> CardSet:
        """The cards the seat to play may play now (none outside the play)."""
        if self.phase is not self.PLAY_PHASE or self.play_state is None:
            return CardSet()
        return self.play_state.legal_moves()

    def play(self, card: Card | str) -> None:
        """Play a card for the seat to move; an illegal card is refused with
        :class:`~prefa.errors.IllegalPlay` and changes nothing."""
        c = parse_card(card) if isinstance(card, str) else check_card(card)
        if self.phase is not self.PLAY_PHASE or self.play_state is None:
            raise IllegalPlay(f"{card_name(c)}: no card can be played now "
                              f"(the hand is at the {self.phase.value} step)")
        self.play_state.play(c)
        self.steps.append(Step("play", c))

    def undo(self) -> Step:
        """Take back the last step and return it."""
        if not self.steps:
            raise IllegalAction("nothing to undo: the hand has no steps yet")
        last = self.steps[-1]
        steps, self.steps = self.steps[:-1], []
        self._reset()
        for st in steps:
            self._apply(st)
        return last

    def _apply(self, st: Step) -> None:
        """Make a recorded step again (by default: the method named by its kind)."""
        getattr(self, st.kind)(st.value)

    STEP_METHODS: ClassVar[dict[str, str]] = {
        "auction": "call", "discard": "discard", "declare": "declare", "defence": "decide",
        "whist": "decide", "play": "play"}
    """The method that makes the step of each phase (by the phase's value)."""

    def apply_text(self, text: str) -> None:
        """Make the next step, written as text, for whoever is to act: a call in the
        auction, two cards to put away, a contract, a defence decision (or whist),
        a card; refused as the step's own method refuses it."""
        method = self.STEP_METHODS.get(self.phase.value)
        if method is None:
            raise IllegalAction(f"{text}: the hand is over")
        getattr(self, method)(text)


# -- the talon games: Balkan, Greek and Russian preferans --------------------------------------
def check_talon_deal(deal: Deal, players: int, seats: Collection[int], *,
                     talon: str = "talon") -> None:
    """Refuse a deal that is not ten cards to each seat in ``seats``, none to
    a seat sitting out, and two in the talon (``talon`` names it in the message),
    or that holds a card outside the 32-card deck (:func:`~prefa.cards.check_deck`)."""
    check_deal_type(deal)
    if len(deal.hands) != players:
        raise IllegalAction(f"deal has {len(deal.hands)} hands: expected {players}")
    for s in range(players):
        want = 10 if s in seats else 0
        if len(deal.hands[s]) != want:
            raise IllegalAction(f"hand of seat {s} has {len(deal.hands[s])} cards: "
                                f"expected {want}")
    if len(deal.talon) != 2:
        raise IllegalAction(f"{talon} has {len(deal.talon)} cards: expected 2")
    check_deck(deal.cards, 32)


def check_deal_type(deal: object) -> Deal:
    """``deal`` itself when it is a :class:`~prefa.deal.Deal`, else an
    :class:`~prefa.errors.IllegalAction` naming it (every hand class checks
    its ``deal`` argument here)."""
    if not isinstance(deal, Deal):
        raise IllegalAction(f"bad deal {deal!r}: expected a Deal, e.g. from Deal.parse(...)")
    return deal


def check_dealer(dealer: object, players: int) -> int:
    """``dealer`` itself when it is a seat of ``players`` (see
    :func:`~prefa.deal.is_seat`), else an :class:`~prefa.errors.IllegalAction`."""
    if not is_seat(dealer, players):
        raise IllegalAction(f"dealer {dealer!r}: expected a seat from 0 to {players - 1}")
    return dealer  # type: ignore[return-value]


def check_rules(rules: object, cls: type) -> Any:
    """``rules`` itself when it is a ``cls`` (a ruleset's options), else a
    :class:`~prefa.errors.RuleOptionError` naming it; ``None`` gives ``cls()``."""
    if rules is None:
        return cls()
    if not isinstance(rules, cls):
        raise RuleOptionError(f"bad rules {rules!r}: expected a {cls.__name__}, "
                              f"e.g. {cls.__name__}()")
    return rules


def defenders_after(seats: Sequence[int], declarer: int) -> tuple[int, int]:
    """The two defenders: the seat after the declarer in playing order, then the other.

    ``seats`` are the three seats in play, in playing order.
    """
    i = seats.index(declarer)
    return seats[(i + 1) % 3], seats[(i + 2) % 3]


def card_list(cards: Sequence[Card] | CardSet | str) -> list[Card]:
    """Cards given as a list, a CardSet, card names (``7S 8C``) or a hand (``DAK``).

    >>> [card_name(c) for c in card_list("DAK")], [card_name(c) for c in card_list("7S 8C")]
    (['AD', 'KD'], ['7S', '8C'])
    """
    if isinstance(cards, str):
        try:
            return parse_cards(cards)
        except PrefaError:
            try:
                return list(CardSet.parse(cards))
            except PrefaError:
                pass
            raise
    if isinstance(cards, CardSet):
        return list(check_cardset(cards))
    if not isinstance(cards, (list, tuple)):
        raise IllegalAction(f"bad cards {cards!r}: expected card names ('7S 8C'), "
                            "a list of cards or a CardSet")
    return [parse_card(c) if isinstance(c, str) else check_card(c) for c in cards]


def check_text(value: object, what: str, expected: str) -> str:
    """``value`` itself when it is a text, else a :class:`~prefa.errors.ParseError`
    naming it: every parser of calls, bids, decisions and contracts checks its
    argument here, so that ``None`` or a number is refused like a bad word.

    >>> check_text(None, "call", "pass or a number")
    Traceback (most recent call last):
    ...
    prefa.errors.ParseError: bad call None: expected a text, pass or a number
    """
    if not isinstance(value, str):
        raise ParseError(f"bad {what} {value!r}: expected a text, {expected}")
    return value


def exchange_talon(hand: CardSet, talon: CardSet, discards: Sequence[Card] | CardSet | str,
                   who: str = "declarer") -> tuple[CardSet, CardSet]:
    """The declarer's ten cards after he takes the talon and puts two cards away:
    ``(new hand, discards)``.

    Refused with :class:`~prefa.errors.IllegalAction` unless the discards are
    two different cards of the twelve (``who`` names the player in the message).
    """
    cs = card_list(discards)
    twelve = hand | talon
    if len(cs) != 2 or cs[0] == cs[1]:
        names = " ".join(card_name(c) for c in cs) or "(none)"
        raise IllegalAction(f"discard {names}: expected exactly two different cards")
    for c in cs:
        if c not in twelve:
            raise IllegalAction(f"discard {card_name(c)}: the {who} does not hold it "
                                f"(holds {twelve})")
    away = CardSet.of(cs)
    return twelve - away, away


def check_claim(tricks: Sequence[int], players: int, playing: Collection[int]) -> tuple[int, ...]:
    """Each seat's tricks for a hand scored without its cards, checked: one
    whole number per seat, none negative, none for a seat that does not play.

    >>> check_claim([6, 4, 0], 3, {0, 1})
    (6, 4, 0)
    >>> check_claim([6, 2, 2], 3, {0, 1})
    Traceback (most recent call last):
    ...
    prefa.errors.IllegalAction: tricks 6 2 2: seat 2 does not play and takes no trick
    """
    if not isinstance(tricks, (list, tuple)):
        raise IllegalAction(f"bad tricks {tricks!r}: expected {players} counts, one per seat")
    t = tuple(tricks)
    if len(t) != players or any(type(x) is not int or x < 0 for x in t):
        raise IllegalAction(f"tricks {' '.join(map(str, t))}: expected {players} counts, "
                            "one per seat")
    for s in range(players):
        if s not in playing and t[s]:
            raise IllegalAction(f"tricks {' '.join(map(str, t))}: seat {s} does not play "
                                "and takes no trick")
    return t


def check_total(tricks: Sequence[int], total: int = 10) -> None:
    """Refuse trick counts that do not add up to the tricks of a hand."""
    if sum(tricks) != total:
        raise IllegalAction(f"tricks {' '.join(map(str, tricks))}: they add up to {sum(tricks)}, "
                            f"expected {total}")


def seat_tricks(claimed: tuple[int, ...] | None, play_state: TrickPlay | None,
                players: int) -> tuple[int, ...]:
    """Tricks won so far by each seat: as claimed, or as played, or none yet."""
    if claimed is not None:
        return claimed
    if play_state is not None:
        return tuple(play_state.won)
    return (0,) * players

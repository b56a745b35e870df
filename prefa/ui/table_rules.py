"""What the card table asks of a ruleset: the small adapter each ruleset gives it.

:class:`prefa.ui.table.TableSession` runs the same flow for every
three-player ruleset it seats (deal, auction, talon, declaration, defence,
play, the sheet); whatever differs between the rulesets is asked of a
:class:`TableRules` adapter, one small module per ruleset:
:mod:`prefa.ui.table_balkan`, :mod:`prefa.ui.table_greek`,
:mod:`prefa.ui.table_russian`.  :data:`RULESETS` names them.

The table speaks of the hand's steps by the names of the Balkan hand:
``auction``, ``discard``, ``declare``, ``defence`` (the Russian whist step
too), ``play``, ``done``; :meth:`TableRules.phase` maps a hand's own phase
onto them.  A choice (a call, a game, a decision) is given to the table as
a :class:`Choice`: the text the hand accepts, the words on the button, and
a title that says what it means.

Each adapter answers the same questions; where a ruleset has no such thing
(no kontra, no solver in a raspasovka) it says so by returning nothing, and
the table leaves the feature out of ``legal`` and of the buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib import import_module
from typing import Any, ClassVar

from ..errors import RuleOptionError
from ..i18n import N_, _, ngettext

__all__ = ["RULESETS", "STEPS", "Choice", "TableRules", "capitalized", "played_words", "step_words",
           "table_rules"]

RULESETS = {"balkan": "table_balkan", "greek": "table_greek", "russian": "table_russian"}
"""The rulesets the card table seats, and the module of each one's adapter."""


STEPS = {step: step for step in (N_("deal"), N_("auction"), N_("discard"), N_("declare"),
                                 N_("defence"), N_("play"), N_("claim"), N_("review"),
                                 N_("tricks"), N_("result"), N_("done"))}
"""The steps of a hand as the table names them in a refusal (``the hand is at the
auction step``), marked for the catalog."""


def step_words(step: str) -> str:
    """A step of the hand in the learner's language: ``step_words("defence")``."""
    return _(STEPS.get(step, step))


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice offered to the learner: ``value`` is the text the hand
    accepts, ``label`` the button's words, ``title`` what it means."""

    value: str
    label: str
    title: str | None = None


Names = Callable[[int], str]
"""Seat -> its name from the learner's chair (``you``, ``left``, ``right``)."""


class TableRules:
    """The base of the adapters: the questions (see the module's docstring).

    ``rules`` are the ruleset's rules (its own options class); ``game_to``
    the short game's starting score, or ``None`` for one hand.
    """

    name = ""
    #: where the seat that plays after the learner sits: ``"left"`` (play goes
    #: clockwise, the Russian game) or ``"right"`` (counter-clockwise: the
    #: Balkan and the Greek game)
    next_sits = "left"
    #: the hand's phase values mapped onto the table's names (others: as they are)
    PHASES: ClassVar[dict[str, str]] = {}

    #: the ruleset's call and decision types (``Call.parse(text)``,
    #: ``Decision.find(text)``), which the shared steps below read the steps with
    Call: ClassVar[Any] = None
    Decision: ClassVar[Any] = None
    #: what the table hears when a declarer takes the talon
    talon_taken = N_("takes the talon and puts two cards away")

    def __init__(self, rules: Any = None, game_to: int | None = None) -> None:
        raise NotImplementedError

    @staticmethod
    def seated(rules: Any, expected: type, game: str) -> Any:
        """``rules`` (its class's defaults when ``None``), refused unless they are
        ``expected`` options: three players, or four with the dealer sitting out
        each hand (the table has four chairs)."""
        rules = rules if rules is not None else expected()
        if not isinstance(rules, expected):
            raise RuleOptionError(f"rules {rules!r}: the {game} table takes {expected.__name__}")
        if rules.players not in (3, 4):
            raise RuleOptionError(f"players={rules.players}: the card table seats three or four "
                                  "players (expected players=3 or 4)")
        return rules

    # -- the ruleset's words -----------------------------------------------------------
    def call_words(self, call: Any) -> str:
        """A call in the learner's words."""
        raise NotImplementedError

    def decision_words(self, decision: Any) -> str:
        """A defence decision in the learner's words."""
        raise NotImplementedError

    def declaration_words(self, hand: Any, text: str) -> str:
        """What the table hears when the declarer declares ``text``."""
        raise NotImplementedError

    def decisions_made(self, hand: Any) -> list[tuple[int, Any]]:
        """The defence decisions made so far, ``(seat, decision)``, in order."""
        return list(hand.defence.decisions) if hand.defence is not None else []

    def legal_decisions(self, hand: Any) -> list | None:
        """The decisions the seat to act may make, or ``None`` when the table offers
        its own fixed pair (nothing to name in a refusal)."""
        return hand.defence.legal() if hand.defence is not None else None

    def contract_refusal(self, hand: Any, value: str, phase: str, turn: bool) -> str:
        """Why declaring ``value`` is refused (the hand is at ``phase``)."""
        raise NotImplementedError

    # -- the hand and the sheet --------------------------------------------------------
    def new_hand(self, seed: int, dealer: int) -> tuple[Any, Any]:
        """The deal of ``seed`` dealt by ``dealer``, and the hand on it."""
        raise NotImplementedError

    def new_sheet(self) -> Any:
        raise NotImplementedError

    def score(self, sheet: Any, hand: Any) -> Any:
        """The sheet with the finished hand written on it."""
        raise NotImplementedError

    def sheet_over(self, sheet: Any) -> bool:
        return bool(sheet.is_over)

    def sheet_hands(self, sheet: Any) -> int:
        return int(sheet.hands)

    def sheet_state(self, sheet: Any, names: list[str]) -> dict:
        """The sheet as data for the view (always with ``caption``, ``hands``, ``over``)."""
        raise NotImplementedError

    def sheet_static(self, data: dict) -> str:
        """The sheet as static HTML from :meth:`sheet_state`'s data."""
        return str(data.get("html", ""))

    # -- whose turn and what phase -----------------------------------------------------
    def phase(self, hand: Any) -> str:
        v = hand.phase.value
        return self.PHASES.get(v, v)

    def chooser(self, hand: Any) -> int | None:
        """Who chooses the next step (the seat to act, unless another plays its cards)."""
        return hand.to_act

    def chooser_of(self, hand: Any, seat: int) -> int:
        """Who chose the cards ``seat`` played (the seat itself, unless another plays
        its open hand)."""
        return seat

    def declarer(self, hand: Any) -> int | None:
        return hand.declarer

    def open_seats(self, hand: Any) -> frozenset[int]:
        """Seats whose cards lie face up for everybody."""
        return frozenset()

    def role(self, hand: Any, seat: int) -> str:
        d = self.declarer(hand)
        if d is None or seat not in hand.seats:  # nobody declared; the dealer sits out
            return ""
        tp = hand.play_state
        if seat != d and tp is not None and seat not in tp.active:
            return "passed"
        return "declarer" if seat == d else "defender"

    # -- the engine ----------------------------------------------------------------------
    def bot_action(self, hand: Any, seat: int, rng: Any, samples: int, sheet: Any) -> str:
        raise NotImplementedError

    def apply(self, hand: Any, text: str) -> None:
        raise NotImplementedError

    def samples(self, hand: Any, samples: int) -> int:
        """The samples an engine card is given (fewer where solves are slow)."""
        return samples

    def said(self, hand: Any, text: str) -> str | None:
        """What the table hears when an engine seat makes the step ``text`` (before it
        is made; cards speak for themselves)."""
        ph = self.phase(hand)
        if ph == "auction":
            return self.call_words(self.Call.parse(text))
        if ph == "defence":
            return self.decision_words(self.Decision.find(text))
        if ph == "discard":
            return _(self.talon_taken)
        if ph == "declare":
            return self.declaration_words(hand, text)
        return None

    # -- the choices -----------------------------------------------------------------------
    def calls(self, hand: Any) -> list[Choice]:
        raise NotImplementedError

    def contracts(self, hand: Any) -> list[Choice]:
        raise NotImplementedError

    def decisions(self, hand: Any) -> list[Choice]:
        raise NotImplementedError

    def auction(self, hand: Any) -> list[tuple[int, str]]:
        """The calls made so far, in words: ``(seat, words)``."""
        return [(s, self.call_words(c)) for s, c in hand.auction.calls]

    def declared_words(self, hand: Any, seat: int) -> str | None:
        """What ``seat`` said when he declared his game after the auction (``None``:
        he declared nothing since his last call)."""
        return None

    def seat_said(self, hand: Any, seat: int) -> str | None:
        """The last thing ``seat`` said (call, declaration or decision), in words: a
        seat's badge shows his newest word, not one he has since changed."""
        said = None
        for s, c in hand.auction.calls:
            if s == seat:
                said = self.call_words(c)
        said = self.declared_words(hand, seat) or said
        for s, d in self.decisions_made(hand):
            if s == seat:
                said = self.decision_words(d)
        return said

    def refusal(self, hand: Any, kind: str, value: str, turn: bool) -> str | None:
        """Why the call, decision or contract ``value`` is refused, in the engine's words
        (``None``: no better reason than the table's own)."""
        ph = self.phase(hand)
        if kind == "call":
            c = self.Call.parse(value)
            if ph == "auction" and turn:
                return hand.auction.why_illegal(c) or _("{call}: not possible now").format(call=c)
            return _("call {call}: not now (the hand is at the {step} step)").format(
                call=c, step=step_words(ph))
        if kind == "decision":
            d = self.Decision.find(value)
            legal = self.legal_decisions(hand)
            if ph == "defence" and turn and legal is not None:
                return _("{decision}: not possible now (may say: {decisions})").format(
                    decision=d, decisions=", ".join(x.value for x in legal))
            return _("{decision}: not now (the hand is at the {step} step)").format(
                decision=d, step=step_words(ph))
        if kind == "contract":
            return self.contract_refusal(hand, value, ph, turn)
        return None

    # -- the solver -------------------------------------------------------------------------
    def goal(self, hand: Any) -> str | None:
        """The solver's goal of the play (``"tricks"`` or ``"betl"``), or ``None``
        when the solver does not apply (no declarer)."""
        raise NotImplementedError

    def position(self, hand: Any) -> Any:
        raise NotImplementedError

    def best_cards(self, hand: Any) -> tuple[list, dict]:
        raise NotImplementedError

    def card_costs(self, hand: Any, seat: int) -> list:
        raise NotImplementedError

    def best_line(self, position: Any, solver: Any) -> list:
        from ..solver_play import best_line
        return best_line(position, solver)

    # -- hints --------------------------------------------------------------------------------
    def hint_steps(self, hand: Any) -> list[str]:
        """The hints of this turn, in order: ``"convention"`` (:meth:`hint`) and/or
        ``"solver"`` (the solver's best cards, which the table gives)."""
        return ["solver"] if self.phase(hand) == "play" and self.goal(hand) else ["convention"]

    def hint(self, hand: Any, seat: int, sheet: Any) -> dict:
        """The first hint: the convention's advice and its reason, or the engine's rule."""
        raise NotImplementedError

    # -- words --------------------------------------------------------------------------------
    def talon_face_up(self, hand: Any) -> bool:
        raise NotImplementedError

    def contract_state(self, hand: Any, name: Names, me: int) -> dict | None:
        raise NotImplementedError

    def defence_prompt(self, hand: Any, me: int) -> str:
        return _("Your defence decision.")

    def result(self, hand: Any, before: Any, after: Any, name: Names, me: int) -> dict:
        """The result of the finished hand: ``outcome``, ``words``, ``lines`` (what
        went on the sheet, in words), ``bule`` / ``supe`` (Balkan only) and
        ``seat_tricks`` (each seat's tricks, or ``()`` when nothing was played)."""
        raise NotImplementedError


def table_rules(ruleset: str, rules: Any = None, game_to: int | None = None,
                players: int | None = None) -> TableRules:
    """The adapter of ``ruleset`` (a name of :data:`RULESETS`); ``players`` (3 or 4)
    sets the ruleset's number of players (four: the dealer sits out each hand).

    >>> table_rules("greek").name
    'greek'
    >>> table_rules("vida")
    Traceback (most recent call last):
    ...
    prefa.errors.RuleOptionError: ruleset 'vida': the card table seats balkan, greek or russian
    """
    if not isinstance(ruleset, str) or ruleset not in RULESETS:
        raise RuleOptionError(f"ruleset {ruleset!r}: the card table seats "
                              + ", ".join(list(RULESETS)[:-1]) + f" or {list(RULESETS)[-1]}")
    module = import_module(f".{RULESETS[ruleset]}", __package__)
    if players is not None:  # the rules check the number, the adapter that it seats them
        rules = replace(module.ADAPTER(rules).rules, players=players)
    return module.ADAPTER(rules, game_to)


def played_words(made: bool, you: bool, who: str, game: str, tricks: int) -> str:
    """A hand played to the end, in a sentence in the learner's language: who
    (``you`` apart, for the verb's person) made or went down in ``game``, with
    how many tricks.

    >>> played_words(True, False, "right", "hearts (herc)", 8)
    'Right makes hearts (herc) with 8 tricks.'
    >>> played_words(False, True, "you", "7♠", 1)
    'You go down in 7♠ with 1 trick.'
    """
    if made:
        text = (ngettext("You make {game} with {n} trick.",
                         "You make {game} with {n} tricks.", tricks) if you else
                ngettext("{who} makes {game} with {n} trick.",
                         "{who} makes {game} with {n} tricks.", tricks))
    else:
        text = (ngettext("You go down in {game} with {n} trick.",
                         "You go down in {game} with {n} tricks.", tricks) if you else
                ngettext("{who} goes down in {game} with {n} trick.",
                         "{who} goes down in {game} with {n} tricks.", tricks))
    return capitalized(text.format(who=who, game=game, n=tricks))


def capitalized(sentence: str) -> str:
    """A sentence that may begin with a seat's name, begun with a capital letter.

    >>> capitalized("desni igra herc."), capitalized("")
    ('Desni igra herc.', '')
    """
    return sentence[:1].upper() + sentence[1:]

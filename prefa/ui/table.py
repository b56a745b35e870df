"""The card table: one Balkan hand, or a short game, against two engine players.

:class:`TableSession` seats the learner at ``seat`` (0 by default) and the
engine (:func:`prefa.balkan.player.bot_action`) at the two other chairs.
The hand runs from the deal through the auction, the talon and the discard,
the declaration, the defence decisions and kontra, the play, to the result
written on the paper sheet (:mod:`prefa.ui.sheet`).  With ``game_to`` the
session is a short game: every player starts at that many bule and hands
follow one another (``next_hand``) until the bule sum to zero.

The state's ``phase`` is the hand's (``auction``, ``discard``, ``declare``,
``defence``, ``play``), then ``hand_over`` between the hands of a game and
``done`` when the session is over (its one hand, or the game).

The learner's actions (each one listed in ``state()["legal"]`` when it is
possible):

======================================  =============================================
``{"type": "call", "call": "2"}``        a call of the auction
``{"type": "pick", "card": "7S"}``       pick (or put back) a card to discard
``{"type": "discard", "cards": [..]}``   put the two picked cards away
``{"type": "contract", "contract": ..}`` declare the game after the talon
``{"type": "decision", "decision": ..}`` follow, pass, call, alone, kontra...
``{"type": "card", "card": "AS"}``       play a card
``{"type": "claim", "tricks": N}``       the declarer claims N of the tricks left
``{"type": "hint"}``                     first the convention, then the solver
``{"type": "undo"}``                     take back the learner's last action
``{"type": "last_trick"}``               show or hide the last trick
``{"type": "review"}``                   after the hand: what each card cost
``{"type": "next_hand"}``                the next hand of a game
======================================  =============================================

Decisions of this module (the rules are silent, or it is a teaching choice):

- Seats are named from the learner's chair: ``"left"`` is the seat that
  plays after the learner, ``"right"`` the one before him.  The dealer of
  hand ``k`` (from 0) is seat ``(k + 2) % 3``, so seat 0 is the forehand of
  the first hand; hand ``k`` is dealt by :func:`prefa.deal.random_deal`
  from ``seed + k``, and the engine players draw their samples from a
  :class:`~prefa.deal.SplitMix64` seeded from the seed and the hand number:
  the same seed and the same actions give the same session.
- Undo takes back the learner's last action of the hand and every engine
  action after it (the engine's random draws are put back too, so the same
  action again gives the same answer).  After the hand it also takes the
  hand off the sheet.  Picking a discard card, hints and the last trick are
  not steps of the hand and are not undone.
- A hint is given in two steps at each turn: first the convention's advice
  and its reason (or, for the talon, the engine player's simple rule), then,
  in the play, the solver's best cards double dummy on the real deal.
- A claim is the declarer's: ``N`` of the tricks still to play (in betl:
  none of them).  The solver checks it double dummy; when it holds, the
  rest of the hand is played out along the solver's best line (so the
  declarer may take more than he claimed, never fewer), and the cards go on
  the record as played.  A claim that does not hold is refused with the
  solver's count and changes nothing.
- The review (after a played hand) goes through every card the learner
  played, double dummy on the real deal: what it cost against the best card,
  and the solver's best line from there for a card that cost.  It is worked
  out on request (it takes the solver a moment).

>>> t = TableSession(seed=3)
>>> s = t.state()
>>> s["phase"], s["seats"][0]["name"], len(s["hand"]), s["legal"][:2]
('auction', 'you', 10, [{'type': 'call', 'call': 'pass'}, {'type': 'call', 'call': '2'}])
>>> t.act({"type": "call", "call": "9"})["error"]
"bad call '9': numbers run from 2 to 8"
>>> while t.state()["phase"] != "done":
...     _ = t.act(t.state()["legal"][0])
>>> t.state()["sheet"]["hands"], t.state()["result"]["words"]
(1, 'All passed: refe.')
"""

from __future__ import annotations

import re
import time
from dataclasses import replace
from html import escape
from typing import Any

from ..balkan.auction import Call, CallKind
from ..balkan.contract import Contract, Game
from ..balkan.conventions.advise import advise_hand
from ..balkan.defence import Decision
from ..balkan.hand import BalkanHand, Phase
from ..balkan.options import BalkanRules
from ..balkan.player import (
    apply_text,
    best_cards,
    best_line,
    bot_action,
    card_costs,
    play_position,
    talon_contract,
    talon_discard,
)
from ..balkan.scoring import Outcome, Sheet, score_hand
from ..cards import Card, CardSet, card_name, card_symbol, parse_card
from ..deal import SplitMix64, random_deal
from ..display import card_words, table_svg
from ..errors import IllegalAction, PrefaError, RuleOptionError
from ..play import TrickPlay, why_illegal
from ..solver import Solver, backend
from .session import Action, Session
from .sheet import sheet_data, sheet_html

__all__ = ["TableSession", "call_words", "contract_words", "decision_words"]

SEAT_NAMES = ("you", "left", "right")
WHERE = ("bottom", "left", "right")

_DECISION_WORDS = {
    Decision.FOLLOW: ("follow (dođem)", "defend: play along against the declarer"),
    Decision.PASS: ("pass (ne dođem)", "do not defend this hand"),
    Decision.CALL: ("call (zovem)", "invite the other defender in; you answer for both"),
    Decision.ALONE: ("alone (sam)", "defend alone after the other defender passed"),
    Decision.KONTRA: ("kontra", "double the game's value"),
    Decision.REKONTRA: ("rekontra", "double the kontra again"),
    Decision.SUBKONTRA: ("subkontra", "double the rekontra"),
    Decision.MORTKONTRA: ("mortkontra", "double the subkontra"),
    Decision.DECLINE: ("no more (može)", "accept the value as it stands"),
}
_CALL_WORDS = {CallKind.PASS: "pass (dalje)", CallKind.HOLD: "hold (mogu)",
               CallKind.GOOD: "good (dobra)"}


def contract_words(contract: Contract) -> str:
    """A contract in English with the Serbian word: ``'igra clubs (igra tref)'``.

    >>> contract_words(Contract(Game.HEARTS)), contract_words(Contract(Game.BETL, igra=True))
    ('hearts (herc)', 'igra betl')
    """
    g = contract.game
    words = str(contract)
    if g.local != str(g):
        words += f" ({'igra ' if contract.igra else ''}{g.local})"
    return words


def call_words(call: Call) -> str:
    """A call in English with the Serbian word: ``'pass (dalje)'``, ``'hold 3 (mogu)'``.

    >>> [call_words(Call.parse(t)) for t in ("pass", "2", "hold 3", "herc", "sans")]
    ['pass (dalje)', '2', 'hold 3 (mogu)', 'hearts (herc)', 'sans']
    """
    if call.kind is CallKind.HOLD and call.number is not None:
        return f"hold {call.number} (mogu)"
    if call.kind in _CALL_WORDS:
        return _CALL_WORDS[call.kind]
    if call.kind is CallKind.NAME and call.game is not None:
        return contract_words(Contract(call.game))
    return str(call)


def decision_words(decision: Decision) -> str:
    """A defence decision in English with the Serbian word: ``'follow (dođem)'``."""
    return _DECISION_WORDS[decision][0]


def _card_entry(c: Card, **extra: Any) -> dict:
    return {"card": card_name(c), "words": card_words(c), **extra}


_VERBS = {"has": "have", "does": "do", "is": "are", "holds": "hold", "was": "were"}


def _personal(reason: str, seat: int) -> str:
    """The engine's reason said to the learner: ``seat 0 has no hearts`` -> ``you have no hearts``.

    >>> _personal("7S: seat 1 does not hold it (holds SA)", 1)
    '7S: you do not hold it (holds SA)'
    >>> _personal("seat 0 must follow spades (has S9)", 0)
    'you must follow spades (you have S9)'
    """
    def you(m: re.Match) -> str:
        verb = m.group(1)
        return "you" + (f" {_VERBS.get(verb, verb)}" if verb else "")
    said = re.sub(rf"\bseat {seat}\b(?: (has|does|is|holds|was)\b)?", you, reason)
    return said.replace("(has ", "(you have ") if said != reason else said


class TableSession(Session):
    """One hand (or a short game) of Balkan preferans at the card table.

    ``seat``: the learner's seat (0, 1 or 2); ``open_hands``: show every
    hand face up (for teaching); ``game_to``: play a game from this many
    bule each (``None``: one hand); ``rules``: the :class:`BalkanRules`
    (three players); ``samples``: layouts the engine players solve per card
    (fewer is faster and weaker; one fewer in betl, whose solves are the
    slow ones).  The default is 20 layouts with the solver's native core (an
    engine card's p95 near 10 ms here, so the engine's choice no longer
    hangs on the luck of three layouts) and 3 with the Python solver (in the
    browser, where each solve costs a hundred times more).
    """

    view = "table"

    def __init__(self, seed: int = 0, seat: int = 0, *, open_hands: bool = False,
                 game_to: int | None = None, rules: BalkanRules | None = None,
                 samples: int | None = None, four_colour: bool = False) -> None:
        super().__init__()
        if samples is None:
            samples = 20 if backend() == "native" else 3
        if seat not in (0, 1, 2):
            raise IllegalAction(f"seat {seat!r}: expected 0, 1 or 2")
        rules = rules or BalkanRules()
        if rules.players != 3:
            raise RuleOptionError(f"players={rules.players}: the card table seats three "
                                  "players (expected players=3)")
        if game_to is not None:
            rules = replace(rules, starting_bule=game_to)
            rules.__post_init__()  # the rules' own check of the number
        self.seed, self.seat, self.rules = seed, seat, rules
        self.open_hands, self.game_to, self.samples = open_hands, game_to, samples
        self.four_colour = four_colour
        self.sheet = Sheet.new(rules)
        self.number = 0
        self.engine_times: list[tuple[str, float, bool]] = []
        """(phase, seconds, had a choice) of every engine decision (for the benchmark);
        a card had a choice when more than one card was legal."""
        self._start_hand()

    # -- the flow -----------------------------------------------------------------------
    def _start_hand(self) -> None:
        dealer = (self.number + 2) % 3
        self.deal = random_deal(self.seed + self.number, dealer=dealer)
        self.hand = BalkanHand(self.deal, self.rules, dealer)
        self.rng = SplitMix64((self.seed << 20) ^ (self.number * 0x9E37 + 1))
        self._sheet_before = self.sheet
        self._scored = False
        self._undo: list[tuple[int, int, list[dict]]] = []
        self._picked: list[str] = []
        self._hint: list[dict] = []
        self._show_last = False
        self._review: list[dict] | None = None
        self._log: list[dict] = []
        self._claim_note: str | None = None
        self._run_engine()

    def name(self, seat: int) -> str:
        """The seat's name from the learner's chair: ``you``, ``left`` or ``right``."""
        return SEAT_NAMES[(seat - self.seat) % 3]

    def where(self, seat: int) -> str:
        return WHERE[(seat - self.seat) % 3]

    @property
    def my_turn(self) -> bool:
        return self.hand.to_act == self.seat

    @property
    def game_over(self) -> bool:
        return self.hand.phase is Phase.DONE and (self.game_to is None or self.sheet.is_over)

    def _run_engine(self) -> None:
        h = self.hand
        while h.to_act is not None and h.to_act != self.seat:
            seat, ph = h.to_act, h.phase
            samples = self.samples
            if ph is Phase.PLAY and h.contract is not None and h.contract.game is Game.BETL:
                samples = max(1, samples - 1)  # betl solves are the slow ones
            choice = ph is not Phase.PLAY or len(h.legal_cards()) > 1
            t0 = time.perf_counter()
            text = bot_action(h, seat, self.rng, samples)
            self.engine_times.append((ph.value, time.perf_counter() - t0, choice))
            before = self._said(ph, text, seat)
            apply_text(h, text)
            if before:
                self._log.append({"seat": seat, "name": self.name(seat), "text": before})
        if h.phase is Phase.DONE and not self._scored:
            self._scored = True
            self.sheet = score_hand(self.sheet, h.result())

    def _said(self, ph: Phase, text: str, seat: int) -> str | None:
        """What the table hears when an engine seat acts (cards speak for themselves)."""
        if ph is Phase.AUCTION:
            return call_words(Call.parse(text))
        if ph is Phase.DEFENCE:
            return decision_words(Decision.find(text))
        if ph is Phase.DISCARD:
            return "takes the talon and puts two cards away"
        if ph is Phase.DECLARE:
            return "declares " + contract_words(Contract.parse(text))
        return None

    def _step(self, make) -> None:
        """A learner's step of the hand: make it, then let the engine seats act."""
        h = self.hand
        mark = (len(h.steps), self.rng.state, list(self._log))
        saved = (self._picked, self._hint, self._show_last, self._claim_note)
        make()  # refused (PrefaError) before anything changed
        self._undo.append(mark)
        self._picked, self._hint, self._show_last = [], [], False
        self._log, self._claim_note = [], None
        try:
            self._run_engine()
        except Exception as e:  # an engine seat could not answer: take the step back whole
            self._take_back()
            self._picked, self._hint, self._show_last, self._claim_note = saved
            raise IllegalAction(f"the engine could not answer that step, so it is taken "
                                f"back ({e})") from e

    # -- the protocol -------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        h = self.hand
        out: list[Action] = []
        ph = h.phase
        if self.my_turn:
            if ph is Phase.AUCTION:
                out += [{"type": "call", "call": str(c)} for c in h.auction.legal_calls()]
            elif ph is Phase.DISCARD:
                twelve = self._twelve()
                if len(self._picked) < 2:
                    out += [{"type": "pick", "card": card_name(c)} for c in twelve]
                else:
                    out += [{"type": "pick", "card": n} for n in self._picked]
                    out.append({"type": "discard", "cards": list(self._picked)})
            elif ph is Phase.DECLARE:
                out += [{"type": "contract", "contract": str(c)} for c in h.legal_contracts()]
            elif ph is Phase.DEFENCE:
                assert h.defence is not None
                out += [{"type": "decision", "decision": d.value} for d in h.defence.legal()]
            elif ph is Phase.PLAY:
                out += [{"type": "card", "card": card_name(c)} for c in h.legal_cards()]
                out += self._claims()
            if len(self._hint) < (2 if ph is Phase.PLAY else 1):
                out.append({"type": "hint"})
        if self._undo:
            out.append({"type": "undo"})
        tp = h.play_state
        if tp is not None and tp.tricks:
            out.append({"type": "last_trick"})
        if ph is Phase.DONE:
            if tp is not None and tp.played and self._review is None:
                out.append({"type": "review"})
            if self.game_to is not None and not self.sheet.is_over:
                out.append({"type": "next_hand"})
        return out

    def _claims(self) -> list[Action]:
        h, tp = self.hand, self.hand.play_state
        if tp is None or h.declarer != self.seat or h.contract is None:
            return []
        if h.contract.game is Game.BETL:
            return [{"type": "claim", "tricks": 0}] if tp.won[self.seat] == 0 else []
        left = len(tp.hands[self.seat])
        return [{"type": "claim", "tricks": n} for n in range(left, 0, -1)]

    def _apply(self, action: Action) -> None:
        kind = action["type"]
        h = self.hand
        if kind == "call":
            self._step(lambda: h.call(action["call"]))
        elif kind == "pick":
            name = action["card"]
            if name in self._picked:
                self._picked.remove(name)
            else:
                self._picked.append(name)
        elif kind == "discard":
            self._step(lambda: h.discard(" ".join(action["cards"])))
        elif kind == "contract":
            self._step(lambda: h.declare(action["contract"]))
        elif kind == "decision":
            self._step(lambda: h.decide(action["decision"]))
        elif kind == "card":
            self._step(lambda: h.play(action["card"]))
        elif kind == "claim":
            self._claim(action["tricks"])
        elif kind == "hint":
            self._hint.append(self._next_hint())
        elif kind == "undo":
            self._take_back()
        elif kind == "last_trick":
            self._show_last = not self._show_last
        elif kind == "review":
            self._review = self._make_review()
        elif kind == "next_hand":
            self.number += 1
            self._start_hand()

    def _claim(self, n: int) -> None:
        h = self.hand
        pos = play_position(h)
        solver = Solver()
        total = solver.solve(pos)
        won = pos.won
        if pos.goal == "betl":
            if total > 0:
                self._refuse(f"claim: the defenders can give you {total} trick"
                             f"{'s' if total != 1 else ''} (double dummy)")
        elif total < won + n:
            more = total - won
            self._refuse(f"claim {n}: the defenders can hold you to {more} more trick"
                         f"{'s' if more != 1 else ''} (double dummy)")
        line = best_line(pos, solver)

        def play_out() -> None:
            for _seat, c in line:
                h.play(c)
        self._step(play_out)
        more = total - won
        self._claim_note = ("Your claim holds: you take no more tricks (double dummy). "
                            if pos.goal == "betl" else
                            f"Your claim holds: the solver plays the rest out and you take "
                            f"{more} more trick{'s' if more != 1 else ''}.")

    def _take_back(self) -> None:
        h = self.hand
        steps, rng_state, log = self._undo.pop()
        while len(h.steps) > steps:
            h.undo()
        self.rng.state = rng_state
        self._log = log
        self._picked, self._hint, self._show_last = [], [], False
        self._review, self._claim_note = None, None
        if self._scored and h.phase is not Phase.DONE:
            self._scored = False
            self.sheet = self._sheet_before

    def _next_hint(self) -> dict:
        h = self.hand
        ph = h.phase
        if len(self._hint) == 1:  # the solver, in the play
            cards, table = best_cards(h)
            tricks = table[cards[0]]
            who = "you" if h.declarer == self.seat else "the declarer"
            return {"level": 2, "title": "The solver (every card seen)",
                    "text": f"Best: {', '.join(card_words(c) for c in cards)}; then "
                            f"{who} take{'' if who == 'you' else 's'} {tricks} "
                            f"trick{'s' if tricks != 1 else ''} in all.",
                    "cards": [card_name(c) for c in cards]}
        if ph is Phase.DISCARD:
            away = talon_discard(h, self.seat)
            return {"level": 1, "title": "The engine's simple rule",
                    "text": "Put away the two lowest cards outside your longest suit: "
                            + " and ".join(card_words(c) for c in away) + ".",
                    "cards": [card_name(c) for c in away]}
        if ph is Phase.DECLARE:
            c = talon_contract(h, self.seat)
            return {"level": 1, "title": "The engine's simple rule",
                    "text": f"Declare the game of your longest suit: {contract_words(c)}.",
                    "cards": []}
        try:
            a = advise_hand(h)
        except PrefaError as e:
            return {"level": 1, "title": "No convention here", "text": str(e).capitalize() + ".",
                    "cards": []}
        cards = [x for x in a.actions if len(x) == 2 and x[1] in "SHDC"]
        said = ", ".join(self._action_text(x) for x in a.actions)
        return {"level": 1, "title": f"Convention: {a.name}", "text": f"{said}. {a.reason}",
                "cards": cards}

    def _action_text(self, text: str) -> str:
        ph = self.hand.phase
        try:
            if ph is Phase.AUCTION:
                return call_words(Call.parse(text))
            if ph is Phase.DEFENCE:
                return decision_words(Decision.find(text))
            if ph is Phase.PLAY:
                return card_words(parse_card(text))
        except PrefaError:
            pass
        return text

    def _make_review(self) -> list[dict]:
        out = []
        for k in card_costs(self.hand, self.seat):
            out.append({
                "trick": k.trick_no, "card": k.card, "words": card_words(parse_card(k.card)),
                "cost": k.cost, "forced": k.forced, "best": list(k.best_cards),
                "best_words": [card_words(parse_card(x)) for x in k.best_cards],
                "line": [{"seat": s, "name": self.name(s), "card": c} for s, c in k.line],
                "line_tricks": self._line_tricks(k),
            })
        return out

    def _line_tricks(self, k) -> list[dict]:
        """The best line cut into tricks (the first one completes the trick in progress)."""
        tp = self.hand.play_state
        size = len(tp.active) if tp is not None else 3
        out: list[dict] = []
        room = size - k.in_trick
        no = k.trick_no
        for s, c in k.line:
            if room == 0 or not out:
                if out:
                    no, room = no + 1, size
                out.append({"no": no, "cards": []})
            out[-1]["cards"].append({"seat": s, "name": self.name(s), "card": c,
                                     "words": card_words(parse_card(c))})
            room -= 1
        return out

    def _refusal(self, action: object, legal: list[Action]) -> str:
        h = self.hand
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            return super()._refusal(action, legal)
        kind = action["type"]
        turn = self.my_turn
        try:
            if kind == "card" and isinstance(action.get("card"), str):
                c = parse_card(action["card"])
                if h.phase is Phase.PLAY and turn and h.play_state is not None:
                    h.play_state.copy().play(c)  # raises with the engine's reason
                else:
                    return (f"{card_name(c)}: no card can be played now "
                            f"(the hand is at the {h.phase.value} step)")
            if kind == "call" and isinstance(action.get("call"), str):
                c = Call.parse(action["call"])
                if h.phase is Phase.AUCTION and turn:
                    return h.auction.why_illegal(c) or f"{c}: not possible now"
                return f"call {c}: not now (the hand is at the {h.phase.value} step)"
            if kind == "decision" and isinstance(action.get("decision"), str):
                d = Decision.find(action["decision"])
                if h.phase is Phase.DEFENCE and turn and h.defence is not None:
                    return (f"{d}: not possible now (may say: "
                            + ", ".join(x.value for x in h.defence.legal()) + ")")
                return f"{d}: not now (the hand is at the {h.phase.value} step)"
            if kind == "contract" and isinstance(action.get("contract"), str):
                c = Contract.parse(action["contract"])
                if h.phase is Phase.DECLARE and turn:
                    return (f"declare {c}: not allowed here (may declare: "
                            + ", ".join(str(x) for x in h.legal_contracts()) + ")")
                return f"declare {c}: not now (the hand is at the {h.phase.value} step)"
            if kind == "pick" and isinstance(action.get("card"), str):
                c = parse_card(action["card"])
                if h.phase is not Phase.DISCARD or not turn:
                    return f"pick {card_name(c)}: there is nothing to discard now"
                if c not in self._twelve():
                    return f"pick {card_name(c)}: not among your twelve cards ({self._twelve()})"
                return (f"pick {card_name(c)}: two cards are picked already "
                        f"({' '.join(self._picked)}); click one to put it back")
            if kind == "discard" and h.phase is Phase.DISCARD and turn:
                return (f"discard: pick the two cards to put away first "
                        f"(picked: {' '.join(self._picked) or 'none'})")
            if kind == "claim" and h.phase is Phase.PLAY:
                if h.declarer != self.seat:
                    return "claim: only the declarer claims tricks here"
                return (f"claim {action.get('tricks')!r}: expected one of "
                        + ", ".join(str(a["tricks"]) for a in self._claims()))
            if kind == "undo" and not self._undo:
                return "undo: nothing to take back in this hand"
            if kind == "hint" and turn:
                return "hint: no more hints for this turn"
            if kind == "next_hand":
                if h.phase is not Phase.DONE:
                    return "next hand: finish this hand first"
                return ("next hand: the game is over" if self.game_to is not None
                        else "next hand: this session is one hand (give game_to for a game)")
        except PrefaError as e:
            return _personal(str(e), self.seat)
        return super()._refusal(action, legal)

    # -- what the view shows -------------------------------------------------------------
    def _twelve(self) -> CardSet:
        h = self.hand
        assert h.hands is not None and h.talon is not None
        return h.hands[self.seat] | h.talon

    def _held(self, seat: int) -> CardSet:
        h = self.hand
        tp = h.play_state
        if tp is not None and seat in tp.active:
            return tp.hands[seat]
        assert h.hands is not None
        return h.hands[seat]

    def _phase_name(self) -> str:
        if self.hand.phase is not Phase.DONE:
            return self.hand.phase.value
        return "done" if self.game_over else "hand_over"

    def _state(self) -> dict:
        h = self.hand
        ph = h.phase
        names = [self.name(s) for s in range(3)]
        state: dict[str, Any] = {
            "phase": self._phase_name(),
            "hand_no": self.number + 1,
            "seed": self.seed,
            "game": self.game_to,
            "four_colour": self.four_colour,
            "open_hands": self.open_hands,
            "my_turn": self.my_turn,
            "to_act": None if h.to_act is None else self.name(h.to_act),
            "prompt": self._prompt(),
            "seats": [self._seat_state(s) for s in self._order()],
            "hand": self._hand_cards(),
            "talon": self._talon_state(),
            "auction": [{"seat": s, "name": self.name(s), "words": call_words(c)}
                        for s, c in h.auction.calls],
            "contract": self._contract_state(),
            "trick": self._trick_state(),
            "last_trick": self._last_trick() if self._show_last else None,
            "last_trick_shown": self._show_last,
            "tricks": self._tricks_state() if ph is Phase.DONE else [],
            "controls": self._controls(),
            "log": list(self._log),
            "note": self._claim_note,
            "hint": self._hint[-1] if self._hint else None,
            "picked": list(self._picked),
            "result": self._result() if ph is Phase.DONE else None,
            "review": self._review,
            "sheet": sheet_data(self.sheet, names),
            "deal": self._deal_state() if ph is Phase.DONE else None,
        }
        return state

    def _order(self) -> list[int]:
        return [self.seat, (self.seat + 1) % 3, (self.seat + 2) % 3]

    def _seat_state(self, s: int) -> dict:
        h = self.hand
        tp = h.play_state
        held = self._held(s)
        playing = tp is None or s in tp.active
        role = ""
        if h.declarer is not None:
            role = "declarer" if s == h.declarer else "defender"
            if tp is not None and s not in tp.active:
                role = "passed"
        said = None
        for seat, c in h.auction.calls:
            if seat == s:
                said = call_words(c)
        if h.defence is not None:
            for seat, d in h.defence.decisions:
                if seat == s:
                    said = decision_words(d)
        shown = s == self.seat or self.open_hands
        return {
            "seat": s, "name": self.name(s), "where": self.where(s),
            "role": role, "dealer": s == h.dealer, "to_act": h.to_act == s,
            "said": said, "count": len(held) if playing else 0,
            "tricks": tp.won[s] if tp is not None and s in tp.active else None,
            "cards": [_card_entry(c) for c in held] if shown and s != self.seat else None,
        }

    def _hand_cards(self) -> list[dict]:
        h = self.hand
        ph = h.phase
        me = self.seat
        hint = set(self._hint[-1]["cards"]) if self._hint else set()
        if ph is Phase.DISCARD and self.my_turn:
            talon = h.talon
            assert talon is not None
            out = []
            for c in self._twelve():
                n = card_name(c)
                out.append(_card_entry(c, legal=True, reason=None,
                                       action=({"type": "pick", "card": n}
                                               if len(self._picked) < 2 or n in self._picked
                                               else None),
                                       picked=n in self._picked, from_talon=c in talon,
                                       hinted=n in hint))
            return out
        held = self._held(me)
        tp = h.play_state
        if ph is Phase.PLAY and self.my_turn and tp is not None:
            legal = h.legal_cards()
            out = []
            for c in held:
                ok = c in legal
                reason = None if ok else _personal(why_illegal(held, tp.trick, tp.rules, me), me)
                out.append(_card_entry(c, legal=ok, reason=reason,
                                       action={"type": "card", "card": card_name(c)} if ok else None,
                                       picked=False, from_talon=False, hinted=card_name(c) in hint))
            return out
        if ph is Phase.PLAY and tp is not None and me not in tp.active:
            why = "you sit this hand out"
        elif ph is Phase.PLAY:
            why = "wait for your turn"
        else:
            why = f"no card is played at the {ph.value} step"
        return [_card_entry(c, legal=None, reason=why, action=None, picked=False,
                            from_talon=False, hinted=False) for c in held]

    def _deal_state(self) -> dict:
        """The cards as dealt, every hand open (shown after the hand)."""
        return {"hands": [{"name": self.name(s), "where": self.where(s),
                           "cards": [_card_entry(c) for c in self.deal.hands[s]]}
                          for s in self._order()],
                "talon": [_card_entry(c) for c in self.deal.talon],
                "discards": ([_card_entry(c) for c in self.hand.discards]
                             if self.hand.discards is not None else None)}

    def _talon_state(self) -> dict:
        h = self.hand
        r = h.auction_result
        face_up = r is not None and r.number is not None
        cards = [_card_entry(c) for c in h.talon] if face_up and h.talon else None
        if face_up and h.discards is not None:
            note = f"the talon, taken by {self.name(h.declarer)}"  # type: ignore[arg-type]
        elif face_up:
            note = "the talon, shown to all"
        else:
            note = "the talon, face down"
        show = h.play_state is None or not h.play_state.played  # off the table once play starts
        return {"count": len(h.talon) if h.talon else 0, "cards": cards, "note": note,
                "shown": show,
                "discards": ([_card_entry(c) for c in h.discards]
                             if h.discards is not None and h.declarer == self.seat else None)}

    def _contract_state(self) -> dict | None:
        h = self.hand
        if h.declarer is None:
            return None
        d = h.declarer
        c = h.contract
        if c is None:
            r = h.auction_result
            words = (f"{self.name(d)} won the auction at {r.number}" if r and r.number
                     else f"{self.name(d)} plays igra")
            return {"declarer": self.name(d), "words": words, "game": None, "kontra": 1}
        kontra = 1
        if h.defence is not None and h.defence.is_over:
            kontra = h.defence.outcome().kontra
        k = {1: "", 2: ", kontra", 4: ", rekontra", 8: ", subkontra", 16: ", mortkontra"}
        words = f"{self.name(d)} {'play' if d == self.seat else 'plays'} {contract_words(c)}"
        return {"declarer": self.name(d), "game": str(c), "value": c.value, "kontra": kontra,
                "words": words + k.get(kontra, f", kontra ×{kontra}")}

    def _trick_pairs(self, tp: TrickPlay) -> list[tuple[int, Card]]:
        pairs = []
        s = tp.leader
        for c in tp.trick:
            pairs.append((s, c))
            s = tp.next_seat(s)
        return pairs

    def _trick_state(self) -> dict | None:
        tp = self.hand.play_state
        if tp is None or self.hand.phase is not Phase.PLAY:
            return None
        return {"no": len(tp.tricks) + 1, "leader": self.name(tp.leader),
                "cards": [_card_entry(c, seat=s, name=self.name(s), where=self.where(s))
                          for s, c in self._trick_pairs(tp)]}

    def _trick_entry(self, i: int, t) -> dict:
        return {"no": i, "leader": self.name(t.leader), "winner": self.name(t.winner),
                "cards": [_card_entry(c, seat=s, name=self.name(s), where=self.where(s))
                          for s, c in zip(t.seats, t.cards)]}

    def _last_trick(self) -> dict | None:
        tp = self.hand.play_state
        if tp is None or not tp.tricks:
            return None
        return self._trick_entry(len(tp.tricks), tp.tricks[-1])

    def _tricks_state(self) -> list[dict]:
        tp = self.hand.play_state
        if tp is None:
            return []
        return [self._trick_entry(i + 1, t) for i, t in enumerate(tp.tricks)]

    def _prompt(self) -> str:
        h = self.hand
        ph = h.phase
        if ph is Phase.DONE:
            if self.game_over:
                return ("The game is over." if self.game_to is not None
                        else "The hand is over.")
            return "The hand is over: deal the next one when you are ready."
        if ph is Phase.AUCTION:
            return "Your call."
        if ph is Phase.DISCARD:
            n = len(self._picked)
            return (f"You took the talon: click two cards to put away ({n} picked)."
                    if n < 2 else "Put these two cards away, or click one to take it back.")
        if ph is Phase.DECLARE:
            return "Declare your game."
        if ph is Phase.DEFENCE:
            assert h.defence is not None
            if self.seat == h.declarer:
                return "You are given a kontra: answer it."
            return "Your defence decision."
        tp = h.play_state
        assert tp is not None
        if not tp.trick:
            return "Your lead."
        led = tp.trick[0] >> 4
        return f"Your card: {('spades', 'hearts', 'diamonds', 'clubs')[led]} were led."

    def _controls(self) -> list[dict]:
        """The buttons of the calls, decisions, games and the discard, with their words."""
        h = self.hand
        out = []
        if not self.my_turn:
            return out
        ph = h.phase
        if ph is Phase.AUCTION:
            for c in h.auction.legal_calls():
                out.append({"action": {"type": "call", "call": str(c)}, "label": call_words(c),
                            "kind": "call", "title": None})
        elif ph is Phase.DEFENCE:
            assert h.defence is not None
            for d in h.defence.legal():
                out.append({"action": {"type": "decision", "decision": d.value},
                            "label": decision_words(d), "kind": "decision",
                            "title": _DECISION_WORDS[d][1]})
        elif ph is Phase.DECLARE:
            for c in h.legal_contracts():
                out.append({"action": {"type": "contract", "contract": str(c)},
                            "label": contract_words(c), "kind": "contract",
                            "title": f"value {c.value}"})
        elif ph is Phase.DISCARD and len(self._picked) == 2:
            words = " and ".join(card_words(parse_card(n)) for n in self._picked)
            out.append({"action": {"type": "discard", "cards": list(self._picked)},
                        "label": "Put away " + " and ".join(card_symbol(parse_card(n))
                                                            for n in self._picked),
                        "kind": "discard",
                        "title": f"put away {words}"})
        return out

    def _result(self) -> dict:
        h = self.hand
        r = h.result()
        before, after = self._sheet_before, self.sheet
        changes = [{"name": self.name(p), "from": before.bule[p], "to": after.bule[p]}
                   for p in range(3) if before.bule[p] != after.bule[p]]
        supe = [{"name": self.name(w), "against": self.name(a),
                 "value": after.supe[w][a] - before.supe[w][a]}
                for w in range(3) for a in range(3) if after.supe[w][a] != before.supe[w][a]]
        if r.outcome is Outcome.REFE:
            words = "All passed: refe."
        else:
            d = r.declarer
            assert d is not None and r.contract is not None
            who = self.name(d)
            game = contract_words(r.contract)
            if r.outcome is Outcome.SPADES_NOT_PLAYED:
                words = f"{who.capitalize()} bought spades and nobody gave kontra: not played."
            elif r.outcome is Outcome.DEFENDERS_PASSED:
                words = f"Both defenders passed: {who} score{'' if d == self.seat else 's'} " \
                        f"{game} without play."
            else:
                t = r.tricks[d]
                g = r.contract.game
                made = t == 0 if g is Game.BETL else t == 10 if g is Game.PREFERANS else t >= 6
                verb = ("make" if d == self.seat else "makes") if made else \
                       ("go down in" if d == self.seat else "goes down in")
                words = (f"{who.capitalize()} {verb} {game} with {t} trick"
                         f"{'s' if t != 1 else ''}.")
        return {"outcome": r.outcome.value, "words": words,
                "tricks": ([{"name": self.name(s), "tricks": r.tricks[s]} for s in self._order()]
                           if r.tricks else []),
                "bule": changes, "supe": supe}

    # -- static picture ------------------------------------------------------------------
    def static_html(self) -> str:
        """The table now as plain HTML (for a notebook shown without a kernel)."""
        s = self.state()
        h = self.hand
        hands = [CardSet() for _ in range(3)]
        for seat in range(3):
            if seat == self.seat or self.open_hands:
                hands[seat] = self._held(seat)
        tp = h.play_state
        trick = self._trick_pairs(tp) if tp is not None and h.phase is Phase.PLAY else []
        labels = {seat: self.name(seat) + (", declarer" if seat == h.declarer else "")
                  for seat in range(3)}
        talon = h.talon if s["talon"]["shown"] else None
        svg = table_svg(hands, talon=talon, talon_face_up=s["talon"]["cards"] is not None,
                        trick=trick, labels=labels, four_colour=self.four_colour)
        out = [f'<div class="pf-static"><p><b>Hand {s["hand_no"]}</b>']
        if s["contract"]:
            out.append(f" — {escape(s['contract']['words'])}")
        out.append(f"</p>{svg}<p>{escape(s['prompt'])}</p>")
        if s["result"]:
            out.append(f"<p><b>{escape(s['result']['words'])}</b></p>")
        if self.sheet.hands:
            out.append(sheet_html(s["sheet"]))
        return "".join(out) + "</div>"

"""The card table: one hand, or a short game, against two (or three) engine players.

:class:`TableSession` seats the learner at ``seat`` (0 by default) and the
engine at the two other chairs.  ``ruleset`` picks the game: ``"balkan"``
(the default; :func:`prefa.balkan.player.bot_action`), ``"greek"`` (Greek
Prefa, :mod:`prefa.greek.player`) or ``"russian"`` (Russian preferans,
:mod:`prefa.russian.player`).  The hand runs from the deal through the
auction, the talon and the discard, the declaration, the defence decisions
(and kontra in the Balkan game), the play, to the result written on the
ruleset's own sheet: the Balkan paper sheet (:mod:`prefa.ui.sheet`), the
Greek kasa (:mod:`prefa.ui.sheets_greek`), the Russian pulya
(:mod:`prefa.ui.sheets_russian`).  With ``game_to`` (Balkan only) the
session is a short game: every player starts at that many bule and hands
follow one another (``next_hand``) until the bule sum to zero.

What differs between the rulesets lives in one small adapter each
(:mod:`prefa.ui.table_rules`: :mod:`~prefa.ui.table_balkan`,
:mod:`~prefa.ui.table_greek`, :mod:`~prefa.ui.table_russian`); the flow,
the state's shape and the actions are the same for all three.

With ``players=4`` four sit at the table, as preferans is often played:
each hand the dealer deals to the three others and sits it out (he holds no
cards, makes no call and writes his column on the sheet), and the deal
passes round, so in a game the learner sits out every fourth hand and
watches the three others play it.  The seat across from him is ``across``
(the view draws it above the felt); the engine players choose their cards
on the three seats dealt in (:func:`prefa.solver_play.three_seats`).

The state's ``phase`` is the hand's (``auction``, ``discard``, ``declare``,
``defence``, ``play``; the Russian whist step is ``defence`` too), then
``hand_over`` between the hands of a game and ``done`` when the session is
over (its one hand, or the game).

The learner's actions (each one listed in ``state()["legal"]`` when it is
possible):

======================================  =============================================
``{"type": "call", "call": "2"}``        a call of the auction
``{"type": "pick", "card": "7S"}``       pick (or put back) a card to discard
``{"type": "discard", "cards": [..]}``   put the two picked cards away
``{"type": "contract", "contract": ..}`` declare the game after the talon
``{"type": "decision", "decision": ..}`` follow, pass, kontra...; play, along; whist
``{"type": "card", "card": "AS"}``       play a card
``{"type": "claim", "tricks": N}``       the declarer claims N of the tricks left
``{"type": "hint"}``                     first the convention, then the solver
``{"type": "undo"}``                     take back the learner's last action
``{"type": "last_trick"}``               show or hide the last trick
``{"type": "review"}``                   after the hand: what each card cost
``{"type": "next_hand"}``                the next hand of a game
``{"type": "deal"}``                     after a one-hand table's hand: deal another
======================================  =============================================

A finished trick stays on the felt until the learner's next step: the
state's ``trick_won`` is the last trick completed since his last step
(its cards, and who won it: ``winner``, ``winner_where``), or ``None``.
When the engine wins and leads again at once, the felt shows both: the
trick just won and the new one's first card.

Decisions of this module (the rules are silent, or it is a teaching choice):

- Seats are named from the learner's chair, as they sit at a real table.
  Balkan and Greek play goes to the right (counter-clockwise), so there the
  seat that plays after the learner is ``"right"`` and sits on his right;
  Russian play goes to the left, so there it is ``"left"``
  (:attr:`~prefa.ui.table_rules.TableRules.next_sits`).  The
  dealer of hand ``k`` (from 0) is seat ``(k + 2) % 3`` (with four,
  ``(k + 3) % 4``), so seat 0 is the
  forehand of the first hand; hand ``k`` is dealt from ``seed + k`` the
  ruleset's way (:func:`prefa.deal.random_deal`,
  :func:`prefa.greek.hand.random_greek_deal`,
  :func:`prefa.russian.deal.russian_deal`), and the engine players draw
  their samples from a
  :class:`~prefa.deal.SplitMix64` seeded from the seed and the hand number:
  the same seed and the same actions give the same session.
- Undo takes back the learner's last action of the hand and every engine
  action after it (the engine's random draws are put back too, so the same
  action again gives the same answer).  After the hand it also takes the
  hand off the sheet.  Picking a discard card, hints and the last trick are
  not steps of the hand and are not undone.
- A hint is given in two steps at each turn of the Balkan game: first the
  convention's advice and its reason (or, for the talon, the engine
  player's simple rule), then, in the play, the solver's best cards double
  dummy on the real deal.  The Greek and Russian card play has no
  convention in the kit, so there the one hint of a card is the solver's;
  in a Russian raspasovka (no declarer: no solver) it is the engine's
  ducking rule.
- Where a feature does not apply it is not offered (not in ``legal``, no
  button): no claim and no review in a raspasovka (nobody declares, so
  there is nothing for the solver to search or to check); no claim for a
  defender; no review when the learner chose no card (he sat the hand
  out, or nothing was played).  A short game (``game_to``) is the Balkan
  one (bule counted down to zero); the Greek kasa and the Russian pool end
  on their own sheets' terms over many hands, so ``game_to`` with another
  ruleset is refused with a :class:`~prefa.errors.RuleOptionError`.
- Russian: when one defender whists alone, the passer's hand lies face up
  and the whister plays it (:meth:`prefa.russian.hand.RussianHand.controller`):
  if the learner is that whister, the passer's cards come with actions in
  his seat's panel; if the learner passed, the engine whister plays his
  cards.  Half-whist and open or closed whist are not in the Russian hand
  of the kit (seed 004 names neither), so the table does not offer them.
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

The other rulesets at the same table:

>>> g = TableSession(seed=3, ruleset="greek")
>>> [c["label"] for c in g.state()["controls"]]
['πάσο (pass)', 'τα παίρνω (take blind)', 'Πρώτα (6♠)']
>>> r = TableSession(seed=3, ruleset="russian")
>>> [c["label"] for c in r.state()["controls"]][:3]
['pass (пас)', '6♠ (шесть пик)', '6♣ (шесть треф)']
>>> TableSession(ruleset="vida")
Traceback (most recent call last):
...
prefa.errors.RuleOptionError: ruleset 'vida': the card table seats balkan, greek or russian
"""

from __future__ import annotations

import re
import time
from html import escape
from typing import Any

from ..cards import SUIT_WORDS, Card, CardSet, card_name, card_symbol, parse_card, signs
from ..deal import SplitMix64
from ..display import card_words, table_svg
from ..errors import IllegalAction, PrefaError
from ..i18n import N_, _, ngettext
from ..play import TrickPlay, why_illegal
from ..solver import Solver, backend
from .session import Action, Session
from .table_balkan import call_words, contract_words, decision_words
from .table_rules import Choice, TableRules, step_words, table_rules

__all__ = ["TableSession", "call_words", "contract_words", "decision_words"]

SEAT_NAMES = (N_("you"), N_("left"), N_("right"), N_("across"))
"""The seats from the learner's chair: the views' keys, and (through the catalog)
the words of a sentence (:meth:`TableSession.said`)."""
WHERE = ("bottom", "left", "right", "top")


def _card_entry(c: Card, **extra: Any) -> dict:
    if extra.get("reason"):  # the learner reads it: cards with their suit signs
        extra["reason"] = signs(extra["reason"])
    return {"card": card_name(c), "words": card_words(c), **extra}


_VERBS = {"has": "have", "does": "do", "is": "are", "holds": "hold", "was": "were"}


def _personal(reason: str, seat: int) -> str:
    """The engine's reason said to the learner: ``seat 0 has no hearts`` -> ``you have no hearts``.

    >>> _personal("7♠: seat 1 does not hold it (holds ♠A)", 1)
    '7♠: you do not hold it (holds ♠A)'
    >>> _personal("seat 0 must follow spades (has ♠9)", 0)
    'you must follow spades (you have ♠9)'
    """
    def you(m: re.Match) -> str:
        verb = m.group(1)
        return "you" + (f" {_VERBS.get(verb, verb)}" if verb else "")
    said = re.sub(rf"\bseat {seat}\b(?: (has|does|is|holds|was)\b)?", you, reason)
    return said.replace("(has ", "(you have ") if said != reason else said



class TableSession(Session):
    """One hand (or a short game) of preferans at the card table.

    ``seed``: the deals (hand ``k`` from ``seed + k``); ``seat``: the
    learner's seat (0, 1 or 2; with four, 0 to 3); ``ruleset``: ``"balkan"``, ``"greek"`` or
    ``"russian"``; ``open_hands``: show every hand face up (for teaching);
    ``game_to``: play a Balkan game from this many bule each (``None``: one
    hand); ``rules``: the ruleset's rules (:class:`~prefa.balkan.options.BalkanRules`,
    :class:`~prefa.greek.options.GreekRules`, :class:`~prefa.russian.options.RussianRules`;
    three or four players); ``players``: 3 or 4 (sets the rules' number of
    players; four: the dealer sits out each hand); ``samples``: layouts the engine players solve per card
    (fewer is faster and weaker; one fewer in betl, whose solves are the
    slow ones).  The default is 20 layouts with the solver's native core (an
    engine card's p95 near 10 ms here, so the engine's choice no longer
    hangs on the luck of three layouts) and 3 with the Python solver (in the
    browser, where each solve costs a hundred times more).
    """

    view = "table"

    def __init__(self, seed: int = 0, seat: int = 0, *, open_hands: bool = False,
                 game_to: int | None = None, rules: Any = None,
                 samples: int | None = None, four_colour: bool = False,
                 ruleset: str = "balkan", players: int | None = None) -> None:
        super().__init__()
        if samples is None:
            samples = 20 if backend() == "native" else 3
        self.rs: TableRules = table_rules(ruleset, rules, game_to, players)
        self.players: int = self.rs.rules.players
        if seat not in range(self.players):
            raise IllegalAction(f"seat {seat!r}: expected "
                                + ", ".join(map(str, range(self.players - 1)))
                                + f" or {self.players - 1}")
        self.ruleset = self.rs.name
        self.seed, self.seat, self.rules = seed, seat, self.rs.rules
        self.open_hands, self.game_to, self.samples = open_hands, game_to, samples
        self.four_colour = four_colour
        self.sheet = self.rs.new_sheet()
        self.number = 0
        self.engine_times: list[tuple[str, float, bool]] = []
        """(phase, seconds, had a choice) of every engine decision (for the benchmark);
        a card had a choice when more than one card was legal."""
        self._start_hand()

    # -- the flow -----------------------------------------------------------------------
    def _start_hand(self) -> None:
        dealer = (self.number + self.players - 1) % self.players
        self.deal, self.hand = self.rs.new_hand(self.seed + self.number, dealer)
        self.rng = SplitMix64((self.seed << 20) ^ (self.number * 0x9E37 + 1))
        self._sheet_before = self.sheet
        self._scored = False
        self._undo: list[tuple[int, int, list[dict], int]] = []
        self._picked: list[str] = []
        self._hint: list[dict] = []
        self._show_last = False
        self._review: list[dict] | None = None
        self._log: list[dict] = []
        self._claim_note: str | None = None
        self._seen_tricks = 0  # tricks finished before the learner's last step
        self._run_engine()

    def name(self, seat: int) -> str:
        """The seat's name from the learner's chair: ``you``, ``left``, ``right`` (and
        ``across``, four at the table)."""
        return SEAT_NAMES[self._place(seat)]

    def said(self, seat: int) -> str:
        """The seat's name in a sentence, in the learner's language (``name`` is the
        view's key: ``you``, ``left``, ``right``)."""
        return _(self.name(seat))

    def where(self, seat: int) -> str:
        return WHERE[self._place(seat)]

    def _place(self, seat: int) -> int:
        """Where ``seat`` sits from the learner's chair, as an index of
        :data:`SEAT_NAMES`: 0 himself, 1 on his left, 2 on his right, 3 across
        (four at the table).  The seat that plays after him sits on the side
        the ruleset's play goes to."""
        k = (seat - self.seat) % self.players
        if k == 0:
            return 0
        if self.players == 4 and k == 2:
            return 3
        after = 1 if self.rs.next_sits == "left" else 2
        return after if k == 1 else 3 - after

    @property
    def phase(self) -> str:
        """The hand's step in the table's words (``auction`` ... ``play``, ``done``)."""
        return self.rs.phase(self.hand)

    @property
    def my_turn(self) -> bool:
        return self.hand.to_act is not None and self.rs.chooser(self.hand) == self.seat

    @property
    def game_over(self) -> bool:
        return self.phase == "done" and (self.game_to is None
                                         or self.rs.sheet_over(self.sheet))

    def play_by_hints(self, *, whole_game: bool = False) -> list[Action]:
        """Play the learner's seat as the table's own hints advise, to the end of
        the hand (or, with ``whole_game``, of the game): the call, contract or
        decision the hint names first, the two cards it puts away, and in the
        play the solver's best card (the second hint).  The actions taken are
        returned.  For lessons and tests that show a hand or a game played out,
        and check that it goes as their text says.
        """
        done: list[Action] = []
        for _turn in range(10_000):
            s = self.state()
            if s["phase"] == "done" or (s["phase"] == "hand_over" and not whole_game):
                return done
            if s["phase"] == "hand_over":
                act: Action = {"type": "next_hand"}
            else:
                h = self.act({"type": "hint"})["hint"]
                if s["phase"] == "play":
                    h = self.act({"type": "hint"})["hint"] or h
                    act = {"type": "card", "card": h["cards"][0]}
                elif any(a["type"] == "pick" for a in s["legal"]):
                    for c in h["cards"][:2]:
                        self.act({"type": "pick", "card": c})
                    act = {"type": "discard", "cards": h["cards"][:2]}
                else:
                    named = [c for c in self.state()["controls"]
                             if c.get("action") and c["label"] in h["text"]]
                    if not named:
                        raise IllegalAction(f"the hint names no action: {h['text']!r}")
                    act = min(named, key=lambda c: h["text"].index(c["label"]))["action"]
            err = self.act(act)["error"]
            if err is not None:  # the hint and the rules disagree: a bug, say so
                raise IllegalAction(f"the hint's {act} was refused: {err}")
            done.append(act)
        raise IllegalAction("the hand did not end in 10,000 steps")

    def _run_engine(self) -> None:
        h, rs = self.hand, self.rs
        while h.to_act is not None and rs.chooser(h) != self.seat:
            seat, ph = rs.chooser(h), self.phase
            assert seat is not None
            samples = rs.samples(h, self.samples)
            choice = ph != "play" or len(h.legal_cards()) > 1
            t0 = time.perf_counter()
            text = rs.bot_action(h, seat, self.rng, samples, self.sheet)
            self.engine_times.append((ph, time.perf_counter() - t0, choice))
            before = rs.said(h, text)
            rs.apply(h, text)
            if before:
                self._log.append({"seat": seat, "name": self.name(seat), "text": before})
        if self.phase == "done" and not self._scored:
            self._scored = True
            self.sheet = rs.score(self.sheet, h)

    def _step(self, make) -> None:
        """A learner's step of the hand: make it, then let the engine seats act."""
        h = self.hand
        seen = self._seen_tricks
        mark = (len(h.steps), self.rng.state, list(self._log), seen)
        saved = (self._picked, self._hint, self._show_last, self._claim_note)
        tp = h.play_state
        self._seen_tricks = len(tp.tricks) if tp is not None else 0
        try:
            make()  # refused (PrefaError) before anything changed
        except PrefaError:
            self._seen_tricks = seen
            raise
        self._undo.append(mark)
        self._picked, self._hint, self._show_last = [], [], False
        self._log, self._claim_note = [], None
        try:
            self._run_engine()
        except Exception as e:  # an engine seat could not answer: take the step back whole
            self._take_back()
            self._picked, self._hint, self._show_last, self._claim_note = saved
            self._seen_tricks = seen
            raise IllegalAction(_("the engine could not answer that step, so it is taken "
                                  "back ({error})").format(error=e)) from e

    # -- the protocol -------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        h, rs = self.hand, self.rs
        out: list[Action] = []
        ph = self.phase
        if self.my_turn:
            if ph == "auction":
                out += [{"type": "call", "call": c.value} for c in rs.calls(h)]
            elif ph == "discard":
                twelve = self._twelve()
                if len(self._picked) < 2:
                    out += [{"type": "pick", "card": card_name(c)} for c in twelve]
                else:
                    out += [{"type": "pick", "card": n} for n in self._picked]
                    out.append({"type": "discard", "cards": list(self._picked)})
            elif ph == "declare":
                out += [{"type": "contract", "contract": c.value} for c in rs.contracts(h)]
            elif ph == "defence":
                out += [{"type": "decision", "decision": d.value} for d in rs.decisions(h)]
            elif ph == "play":
                out += [{"type": "card", "card": card_name(c)} for c in h.legal_cards()]
                out += self._claims()
            if len(self._hint) < len(rs.hint_steps(h)):
                out.append({"type": "hint"})
        if self._undo:
            out.append({"type": "undo"})
        tp = h.play_state
        if tp is not None and tp.tricks:
            out.append({"type": "last_trick"})
        if ph == "done":
            if tp is not None and self._review is None and rs.goal(h) is not None \
                    and any(rs.chooser_of(h, s) == self.seat for s, _card in tp._history):
                out.append({"type": "review"})
            if self.game_to is not None and not rs.sheet_over(self.sheet):
                out.append({"type": "next_hand"})
            elif self.game_to is None:
                out.append({"type": "deal"})
        return out

    def _claims(self) -> list[Action]:
        h, tp = self.hand, self.hand.play_state
        goal = self.rs.goal(h)
        if tp is None or self.rs.declarer(h) != self.seat or goal is None:
            return []
        if goal == "betl":
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
        elif kind in ("next_hand", "deal"):
            self.number += 1
            self._start_hand()

    def _claim(self, n: int) -> None:
        h = self.hand
        pos = self.rs.position(h)
        solver = Solver()
        total = solver.solve(pos)
        won = pos.won
        if pos.goal == "betl":
            if total > 0:
                self._refuse(ngettext(
                    "claim: the defenders can give you {n} trick (double dummy)",
                    "claim: the defenders can give you {n} tricks (double dummy)",
                    total).format(n=total))
        elif total < won + n:
            more = total - won
            self._refuse(ngettext(
                "claim {claim}: the defenders can hold you to {n} more trick (double dummy)",
                "claim {claim}: the defenders can hold you to {n} more tricks (double dummy)",
                more).format(claim=n, n=more))
        line = self.rs.best_line(pos, solver)

        def play_out() -> None:
            for _seat, c in line:
                h.play(c)
        self._step(play_out)
        more = total - won
        self._claim_note = (_("Your claim holds: you take no more tricks (double dummy). ")
                            if pos.goal == "betl" else ngettext(
                                "Your claim holds: the solver plays the rest out and you take "
                                "{n} more trick.",
                                "Your claim holds: the solver plays the rest out and you take "
                                "{n} more tricks.", more).format(n=more))

    def _take_back(self) -> None:
        h = self.hand
        steps, rng_state, log, self._seen_tricks = self._undo.pop()
        while len(h.steps) > steps:
            h.undo()
        self.rng.state = rng_state
        self._log = log
        self._picked, self._hint, self._show_last = [], [], False
        self._review, self._claim_note = None, None
        if self._scored and self.phase != "done":
            self._scored = False
            self.sheet = self._sheet_before

    def _next_hint(self) -> dict:
        h = self.hand
        kind = self.rs.hint_steps(h)[len(self._hint)]
        if kind == "solver":
            cards, table = self.rs.best_cards(h)
            tricks = table[cards[0]]
            best = ", ".join(card_words(c) for c in cards)
            text = (ngettext("Best: {cards}; then you take {n} trick in all.",
                             "Best: {cards}; then you take {n} tricks in all.", tricks)
                    if self.rs.declarer(h) == self.seat else
                    ngettext("Best: {cards}; then the declarer takes {n} trick in all.",
                             "Best: {cards}; then the declarer takes {n} tricks in all.",
                             tricks)).format(cards=best, n=tricks)
            return {"level": len(self._hint) + 1, "title": _("The solver (every card seen)"),
                    "text": text,
                    "cards": [card_name(c) for c in cards]}
        return self.rs.hint(h, self.seat, self.sheet)

    def _make_review(self) -> list[dict]:
        out = []
        for k in self.rs.card_costs(self.hand, self.seat):
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
        ph = self.phase
        try:
            if kind == "card" and isinstance(action.get("card"), str):
                c = parse_card(action["card"])
                if ph == "play" and turn and h.play_state is not None:
                    h.play_state.copy().play(c)  # raises with the engine's reason
                else:
                    return _("{card}: no card can be played now (the hand is at the "
                             "{step} step)").format(card=card_name(c), step=step_words(ph))
            value = action.get(kind)
            if kind in ("call", "decision", "contract") and isinstance(value, str):
                why = self.rs.refusal(h, kind, value, turn)
                if why:
                    return _personal(why, self.seat)
            if kind == "pick" and isinstance(action.get("card"), str):
                c = parse_card(action["card"])
                if ph != "discard" or not turn:
                    return _("pick {card}: there is nothing to discard now").format(
                        card=card_name(c))
                if c not in self._twelve():
                    return _("pick {card}: not among your twelve cards ({cards})").format(
                        card=card_name(c), cards=self._twelve())
                return _("pick {card}: two cards are picked already ({cards}); click one "
                         "to put it back").format(card=card_name(c), cards=" ".join(self._picked))
            if kind == "discard" and ph == "discard" and turn:
                if self._picked:
                    return _("discard: pick the two cards to put away first (picked: "
                             "{cards})").format(cards=" ".join(self._picked))
                return _("discard: pick the two cards to put away first (none picked yet)")
            if kind == "claim" and ph == "play":
                if self.rs.goal(h) is None:
                    return _("claim: nobody declared this hand, so there is nothing to claim")
                if self.rs.declarer(h) != self.seat:
                    return _("claim: only the declarer claims tricks here")
                return _("claim {tricks!r}: expected one of {choices}").format(
                    tricks=action.get("tricks"),
                    choices=", ".join(str(a["tricks"]) for a in self._claims()))
            if kind == "review" and ph == "done" and self.rs.goal(h) is None:
                return _("review: nobody declared this hand, so the solver has no "
                         "declarer to judge your cards against")
            if kind == "review" and ph == "done" and self._review is None:
                return _("review: you played no card in this hand")
            if kind == "undo" and not self._undo:
                return _("undo: nothing to take back in this hand")
            if kind == "hint" and turn:
                return _("hint: no more hints for this turn")
            if kind == "deal":
                if ph != "done":
                    return _("deal: finish this hand first")
                return _("deal: this table plays a game: its next hand comes with Next hand")
            if kind == "next_hand":
                if ph != "done":
                    return _("next hand: finish this hand first")
                return (_("next hand: the game is over") if self.game_to is not None
                        else _("next hand: this session is one hand (give game_to for a game)"))
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
        if self.phase != "done":
            return self.phase
        return "done" if self.game_over else "hand_over"

    def _state(self) -> dict:
        h = self.hand
        ph = self.phase
        names = [self.name(s) for s in range(self.players)]
        state: dict[str, Any] = {
            "phase": self._phase_name(),
            "ruleset": self.ruleset,
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
            "auction": [{"seat": s, "name": self.name(s), "words": w}
                        for s, w in self.rs.auction(h)],
            "contract": self.rs.contract_state(h, self.name, self.seat),
            "trick": self._trick_state(),
            "trick_won": self._trick_won(),
            "last_trick": self._last_trick() if self._show_last else None,
            "last_trick_shown": self._show_last,
            "tricks": self._tricks_state() if ph == "done" else [],
            "controls": self._controls(),
            "log": list(self._log),
            "note": self._claim_note,
            "hint": self._hint[-1] if self._hint else None,
            "picked": list(self._picked),
            "result": self._result() if ph == "done" else None,
            "review": self._review,
            "sheet": self.rs.sheet_state(self.sheet, names),
            "deal": self._deal_state() if ph == "done" else None,
        }
        return state

    def _order(self) -> list[int]:
        return [(self.seat + k) % self.players for k in range(self.players)]

    def _sits_out(self, seat: int) -> bool:
        """True for a seat not dealt in: the dealer of a hand with four at the table."""
        return seat not in self.hand.seats

    def _plays_for_me(self, seat: int) -> bool:
        """True when the learner chooses the cards of ``seat`` now (another seat's
        open hand he plays: the Russian lone whister's)."""
        tp = self.hand.play_state
        return (seat != self.seat and self.phase == "play" and self.my_turn
                and tp is not None and tp.to_move == seat)

    def _seat_state(self, s: int) -> dict:
        h = self.hand
        tp = h.play_state
        held = self._held(s)
        playing = tp is None or s in tp.active
        shown = s == self.seat or self.open_hands or s in self.rs.open_seats(h)
        cards = None
        if shown and s != self.seat:
            if self._plays_for_me(s):
                legal = h.legal_cards()
                hint = set(self._hint[-1]["cards"]) if self._hint else set()
                cards = [_card_entry(c, legal=c in legal,
                                     action={"type": "card", "card": card_name(c)}
                                     if c in legal else None,
                                     hinted=card_name(c) in hint) for c in held]
            else:
                cards = [_card_entry(c) for c in held]
        return {
            "seat": s, "name": self.name(s), "where": self.where(s),
            "role": self.rs.role(h, s), "dealer": s == h.dealer, "to_act": h.to_act == s,
            "sits_out": self._sits_out(s),
            # a seat out of the play (he passed) still holds his cards: count them
            "said": self.rs.seat_said(h, s), "count": len(held), "out": not playing,
            "tricks": tp.won[s] if tp is not None and s in tp.active else None,
            "cards": cards,
            "open": s in self.rs.open_seats(h),
        }

    def _hand_cards(self) -> list[dict]:
        h = self.hand
        ph = self.phase
        me = self.seat
        hint = set(self._hint[-1]["cards"]) if self._hint else set()
        if ph == "discard" and self.my_turn:
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
        if ph == "play" and self.my_turn and tp is not None and tp.to_move == me:
            legal = h.legal_cards()
            out = []
            for c in held:
                ok = c in legal
                reason = None if ok else _personal(why_illegal(held, tp.trick, tp.rules, me), me)
                out.append(_card_entry(c, legal=ok, reason=reason,
                                       action={"type": "card", "card": card_name(c)} if ok else None,
                                       picked=False, from_talon=False, hinted=card_name(c) in hint))
            return out
        if ph == "play" and tp is not None and me not in tp.active:
            why = _("you sit this hand out")
        elif ph == "play" and self.my_turn and tp is not None:
            why = _("play a card from {name}'s open hand").format(
                name=self.said(tp.to_move))
        elif ph == "play" and tp is not None and h.to_act == me:
            why = _("{name} plays your open hand").format(name=self.said(self.rs.chooser(h)))
        elif ph == "play":
            why = _("wait for your turn")
        else:
            why = _("no card is played at the {step} step").format(step=step_words(ph))
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
        face_up = self.rs.talon_face_up(h)
        d = self.rs.declarer(h)
        taken = d is not None and h.discards is not None
        mine = taken and d == self.seat  # the learner took a face-down talon: he has seen it
        cards = [_card_entry(c) for c in h.talon] if (face_up or mine) and h.talon else None
        if face_up and taken:
            note = _("the talon, taken by {name}").format(
                name=self.said(d))  # type: ignore[arg-type]
        elif face_up:
            note = _("the talon, shown to all")
        elif mine:
            note = _("the talon you took (the others did not see it)")
        elif taken:
            note = _("the talon, taken face down by {name}").format(
                name=self.said(d))  # type: ignore[arg-type]
        else:
            note = _("the talon, face down")
        show = h.play_state is None or not h.play_state.played  # off the table once play starts
        return {"count": len(h.talon) if h.talon else 0, "cards": cards, "note": note,
                "shown": show,
                "discards": ([_card_entry(c) for c in h.discards]
                             if h.discards is not None and d == self.seat else None)}

    def _trick_pairs(self, tp: TrickPlay) -> list[tuple[int, Card]]:
        pairs = []
        s = tp.leader
        for c in tp.trick:
            pairs.append((s, c))
            s = tp.next_seat(s)
        return pairs

    def _trick_state(self) -> dict | None:
        tp = self.hand.play_state
        if tp is None or self.phase != "play":
            return None
        return {"no": len(tp.tricks) + 1, "leader": self.name(tp.leader),
                "cards": [_card_entry(c, seat=s, name=self.name(s), where=self.where(s))
                          for s, c in self._trick_pairs(tp)]}

    def _trick_entry(self, i: int, t) -> dict:
        return {"no": i, "leader": self.name(t.leader), "winner": self.name(t.winner),
                "cards": [_card_entry(c, seat=s, name=self.name(s), where=self.where(s))
                          for s, c in zip(t.seats, t.cards)]}

    def _trick_won(self) -> dict | None:
        """The trick finished since the learner's last step (the last one, when the
        engine played several), with its winner: it stays on the felt until he acts."""
        tp = self.hand.play_state
        if tp is None or len(tp.tricks) <= self._seen_tricks:
            return None
        entry = self._trick_entry(len(tp.tricks), tp.tricks[-1])
        entry["winner_where"] = self.where(tp.tricks[-1].winner)
        return entry

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
        ph = self.phase
        if ph == "done":
            if self.game_over:
                over = (_("The game is over.") if self.game_to is not None
                        else _("The hand is over: deal another when you are ready."))
            else:
                over = _("The hand is over: deal the next one when you are ready.")
            if self._sits_out(self.seat):
                return _("You dealt this hand and sat it out: the three others played it.") \
                    + " " + over
            return over
        if not self.my_turn:
            return _("Wait for your turn.")
        if ph == "auction":
            return _("Your call.")
        if ph == "discard":
            n = len(self._picked)
            return (_("You took the talon: click two cards to put away ({n} picked).").format(n=n)
                    if n < 2 else _("Put these two cards away, or click one to take it back."))
        if ph == "declare":
            return _("Declare your game.")
        if ph == "defence":
            return self.rs.defence_prompt(h, self.seat)
        tp = h.play_state
        assert tp is not None
        led = _(SUIT_WORDS[tp.trick[0] >> 4]) if tp.trick else ""
        if tp.to_move != self.seat:
            name = self.said(tp.to_move)
            if not tp.trick:
                return _("Your lead from {name}'s open hand.").format(name=name)
            return _("Your card from {name}'s open hand: {suit} were led.").format(
                name=name, suit=led)
        if not tp.trick:
            return _("Your lead.")
        return _("Your card: {suit} were led.").format(suit=led)

    def _controls(self) -> list[dict]:
        """The buttons of the calls, decisions, games and the discard, with their words."""
        h, rs = self.hand, self.rs
        out: list[dict] = []
        if not self.my_turn:
            return out
        ph = self.phase

        def add(kind: str, key: str, choices: list[Choice]) -> None:
            out.extend({"action": {"type": kind if kind != "call" else "call", key: c.value},
                        "label": c.label, "kind": kind, "title": c.title} for c in choices)
        if ph == "auction":
            add("call", "call", rs.calls(h))
        elif ph == "defence":
            add("decision", "decision", rs.decisions(h))
        elif ph == "declare":
            add("contract", "contract", rs.contracts(h))
        elif ph == "discard" and len(self._picked) == 2:
            a, b = (parse_card(n) for n in self._picked)
            out.append({"action": {"type": "discard", "cards": list(self._picked)},
                        "label": _("Put away {card} and {other}").format(
                            card=card_symbol(a), other=card_symbol(b)),
                        "kind": "discard",
                        "title": _("put away {card} and {other}").format(
                            card=card_words(a), other=card_words(b))})
        return out

    def _result(self) -> dict:
        h = self.hand
        out = self.rs.result(h, self._sheet_before, self.sheet, self.name, self.seat)
        tricks = out.pop("seat_tricks")
        out["tricks"] = ([{"name": self.name(s), "tricks": tricks[s]} for s in self._order()]
                         if tricks else [])
        return out

    # -- static picture ------------------------------------------------------------------
    def static_html(self) -> str:
        """The table now as plain HTML (for a notebook shown without a kernel)."""
        s = self.state()
        h = self.hand
        hands = [CardSet() for _seat in range(self.players)]
        for seat in range(self.players):
            if seat == self.seat or self.open_hands or seat in self.rs.open_seats(h):
                hands[seat] = self._held(seat)
        tp = h.play_state
        trick = self._trick_pairs(tp) if tp is not None and self.phase == "play" else []
        d = self.rs.declarer(h)
        # Translators: a seat's label in the table's picture ("you, declarer")
        labels = {seat: (_("{name}, declarer").format(name=self.said(seat)) if seat == d
                         else self.said(seat)) for seat in range(self.players)}
        talon = h.talon if s["talon"]["shown"] else None
        svg = table_svg(hands, talon=talon, talon_face_up=s["talon"]["cards"] is not None,
                        trick=trick, labels=labels, four_colour=self.four_colour)
        hand = _("Hand {n}").format(n=s["hand_no"])
        out = [f'<div class="pf-static"><p><b>{escape(hand)}</b>']
        if s["contract"]:
            out.append(f" — {escape(s['contract']['words'])}")
        out.append(f"</p>{svg}<p>{escape(s['prompt'])}</p>")
        if s["result"]:
            out.append(f"<p><b>{escape(s['result']['words'])}</b></p>")
        if self.rs.sheet_hands(self.sheet):
            out.append(self.rs.sheet_static(s["sheet"]))
        return "".join(out) + "</div>"

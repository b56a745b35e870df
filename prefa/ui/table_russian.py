"""The card table's Russian adapter (:class:`RussianTable`, see :mod:`prefa.ui.table_rules`).

Russian preferans at the card table: the engine player
:mod:`prefa.russian.player`, the pulya sheet drawn by
:func:`prefa.ui.sheets_russian.pulya_sheet_html`, and the words of the
game: the bids in English with the Russian word (``6♠ (шесть пик)``,
``misère (мизер)``, ``pass (пас)``), the defenders' ``whist (вист)`` and
``pass (пас)``.  The whist step is the table's ``defence`` step.

Decisions of this module:

- the talon is shown to all when the declarer takes it (as in
  :mod:`prefa.russian.player`); in a raspasovka nobody takes it and it
  stays face down;
- when one defender whists alone, the passer's hand lies face up and the
  whister plays it (:meth:`~prefa.russian.hand.RussianHand.controller`);
  in misère both defenders' hands lie face up (seed 004);
- a raspasovka has no declarer: the solver does not apply, so there is no
  claim and no review, and the one hint of a card is the engine's ducking
  rule (:func:`prefa.russian.player.duck_card`); in a contract the one hint
  of a card is the solver's (the kit has no Russian card-play convention);
- half-whist (*полвиста*) and open or closed whist (*светлый* / *тёмный
  вист*) are not in the kit's Russian hand (seed 004 names neither), so
  the table offers whist and pass only;
- a Russian game runs to a full pool over many hands, so the table plays
  single hands (``game_to`` is refused).

>>> t = RussianTable()
>>> deal, hand = t.new_hand(6, 2)
>>> [c.label for c in t.calls(hand)][:2]
['pass (пас)', '6♠ (шесть пик)']
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..cards import card_name
from ..display import card_words
from ..errors import RuleOptionError
from ..i18n import N_, _, ngettext
from ..russian.auction import Call
from ..russian.contract import Contract
from ..russian.deal import russian_deal
from ..russian.hand import RussianHand, Whist
from ..russian.options import RussianRules
from ..russian.player import (
    apply_text,
    best_cards,
    bot_action,
    call_advice,
    card_costs,
    contract_choice,
    duck_card,
    goal,
    play_position,
    talon_discard,
    whist_advice,
)
from ..russian.scoring import Outcome, Sheet, score_hand
from .sheets_russian import pulya_sheet_html
from .table_rules import Choice, Names, TableRules, capitalized, played_words, step_words

__all__ = ["ADAPTER", "RussianTable", "call_words", "contract_words", "whist_words"]


def contract_words(contract: Contract) -> str:
    """A contract in English with the Russian word: ``'7♥ (семь червей)'``.

    >>> contract_words(Contract.parse("7H")), contract_words(Contract.parse("misere"))
    ('7♥ (семь червей)', 'misère (мизер)')
    """
    return f"{contract} ({contract.russian.split(' (')[0]})"


def call_words(call: Call) -> str:
    """A call in English with the Russian word: ``'pass (пас)'``, ``'6♠ (шесть пик)'``."""
    return _("pass (пас)") if call.contract is None else contract_words(call.contract)


def whist_words(w: Whist) -> str:
    """``'whist (вист)'`` or ``'pass (пас)'``."""
    return _("whist (вист)") if w is Whist.WHIST else _("pass (пас)")


class RussianTable(TableRules):
    """Russian preferans at the card table."""

    name = "russian"
    PHASES: ClassVar[dict[str, str]] = {"whist": "defence"}
    Call = Call
    Decision = Whist
    talon_taken = N_("takes the talon (прикуп) and puts two cards away")

    def __init__(self, rules: RussianRules | None = None, game_to: int | None = None) -> None:
        rules = self.seated(rules, RussianRules, "Russian")
        if game_to is not None:
            raise RuleOptionError(f"game_to={game_to!r}: a short game is the Balkan one; "
                                  "the Russian table plays one hand on the pulya "
                                  "(expected game_to=None)")
        self.rules = rules

    # -- the hand and the sheet --------------------------------------------------------
    def new_hand(self, seed: int, dealer: int) -> tuple[Any, RussianHand]:
        deal = russian_deal(seed, players=self.rules.players, dealer=dealer)
        return deal, RussianHand(deal, self.rules, dealer)

    def new_sheet(self) -> Sheet:
        return Sheet.new(self.rules)

    def score(self, sheet: Sheet, hand: RussianHand) -> Sheet:
        return score_hand(sheet, hand.result())

    def sheet_state(self, sheet: Sheet, names: list[str]) -> dict:
        n = sheet.hands
        return {"kind": "pulya", "caption": ngettext("Score sheet (пуля) after {n} hand",
                                                     "Score sheet (пуля) after {n} hands",
                                                     n).format(n=n),
                "hands": n, "over": sheet.is_over, "pool": list(sheet.pool),
                "gora": list(sheet.gora), "html": str(pulya_sheet_html(sheet, names))}

    # -- whose turn --------------------------------------------------------------------------
    def chooser(self, hand: RussianHand) -> int | None:
        s = hand.to_act
        return None if s is None else hand.controller(s)

    def chooser_of(self, hand: RussianHand, seat: int) -> int:
        return hand.controller(seat)

    def open_seats(self, hand: RussianHand) -> frozenset[int]:
        return hand.open_hands

    def role(self, hand: RussianHand, seat: int) -> str:
        d = hand.declarer
        if d is None:
            return ""
        if seat == d:
            return "declarer"
        if hand.contract is not None and hand.phase.value in ("play", "done") \
                and seat not in hand.whisters:
            return "passed"
        return "defender"

    # -- the engine ----------------------------------------------------------------------
    def bot_action(self, hand: RussianHand, seat: int, rng: Any, samples: int,
                   sheet: Sheet) -> str:
        return bot_action(hand, seat, rng, samples)

    def apply(self, hand: RussianHand, text: str) -> None:
        apply_text(hand, text)

    def samples(self, hand: RussianHand, samples: int) -> int:
        if goal(hand) == "betl":
            return max(1, samples - 1)  # misère solves are the slow ones
        return samples

    def call_words(self, call: Call) -> str:
        return call_words(call)

    def decision_words(self, decision: Whist) -> str:
        return whist_words(decision)

    def declaration_words(self, hand: RussianHand, text: str) -> str:
        return _("declares {contract}").format(contract=contract_words(Contract.parse(text)))

    def declared_words(self, hand: RussianHand, seat: int) -> str | None:
        if seat != hand.declarer or hand.contract is None:
            return None
        return _("declares {contract}").format(contract=contract_words(hand.contract))

    def decisions_made(self, hand: RussianHand) -> list[tuple[int, Whist]]:
        return list(hand.whists)

    def legal_decisions(self, hand: RussianHand) -> None:
        return None  # whist or pass, always both: nothing to name

    # -- the choices -----------------------------------------------------------------------
    def calls(self, hand: RussianHand) -> list[Choice]:
        return [Choice(c.contract.letters if c.contract else "pass", call_words(c),
                       None if c.contract is None else
                       _("pool value {value}").format(value=c.contract.value))
                for c in hand.legal_calls()]

    def contracts(self, hand: RussianHand) -> list[Choice]:
        return [Choice(c.letters, contract_words(c), _("pool value {value}").format(value=c.value))
                for c in hand.legal_contracts()]

    def decisions(self, hand: RussianHand) -> list[Choice]:
        return [Choice("whist", whist_words(Whist.WHIST), _("defend against the declarer")),
                Choice("pass", whist_words(Whist.PASS), _("do not defend this hand"))]

    def contract_refusal(self, hand: RussianHand, value: str, phase: str, turn: bool) -> str:
        c = Contract.parse(value)
        if phase == "declare" and turn:
            legal = hand.legal_contracts()
            games = f"{legal[0]} ... {legal[-1]}" if len(legal) > 1 else str(legal[0])
            return _("declare {game}: not allowed here (may declare: {games})").format(
                game=c, games=games)
        return _("declare {game}: not now (the hand is at the {step} step)").format(
            game=c, step=step_words(phase))

    # -- the solver -------------------------------------------------------------------------
    def goal(self, hand: RussianHand) -> str | None:
        return goal(hand)

    def position(self, hand: RussianHand) -> Any:
        return play_position(hand)

    def best_cards(self, hand: RussianHand) -> tuple[list, dict]:
        return best_cards(hand)

    def card_costs(self, hand: RussianHand, seat: int) -> list:
        return card_costs(hand, seat)

    # -- hints --------------------------------------------------------------------------------
    def hint_steps(self, hand: RussianHand) -> list[str]:
        if self.phase(hand) == "play" and goal(hand) is not None:
            return ["solver"]
        return ["convention"]

    def hint(self, hand: RussianHand, seat: int, sheet: Sheet) -> dict:
        ph = self.phase(hand)
        rule = _("The engine's simple rule")
        if ph == "discard":
            away = talon_discard(hand, seat)
            r = hand.auction_result
            misere = bool(r and r.contract and r.contract.is_misere)
            text = (_("Put away the two highest cards, for a misère: {card} and {other}.")
                    if misere else
                    _("Put away the two lowest cards outside your longest suit: {card} and "
                      "{other}."))
            return {"level": 1, "title": rule,
                    "text": text.format(card=card_words(away[0]), other=card_words(away[-1])),
                    "cards": [card_name(c) for c in away]}
        if ph == "play":
            c = duck_card(hand)
            return {"level": 1, "title": _("The engine's rule (a raspasovka has no solver)"),
                    "text": _("Duck: play the highest card that does not take the trick as it "
                              "stands, else the lowest: {card}.").format(card=card_words(c)),
                    "cards": [card_name(c)]}
        if ph == "declare":
            c = contract_choice(hand)
            return {"level": 1, "title": rule,
                    "text": _("Declare {contract}: the lowest contract you may in your longest "
                              "suit, raised to the tricks you count.").format(
                                  contract=contract_words(c)),
                    "cards": []}
        a = call_advice(hand) if ph == "auction" else whist_advice(hand)
        said = (call_words(Call.parse(a.action)) if ph == "auction"
                else whist_words(Whist.find(a.action)))
        return {"level": 1, "title": _("{rule}: {name}").format(rule=rule, name=a.name),
                "text": f"{said}. {a.reason}", "cards": []}

    # -- words --------------------------------------------------------------------------------
    def talon_face_up(self, hand: RussianHand) -> bool:
        return hand.declarer is not None

    def contract_state(self, hand: RussianHand, name: Names, me: int) -> dict | None:
        d = hand.declarer
        if hand.raspasovka:
            return {"declarer": None, "game": "raspasovka", "kontra": 1,
                    "words": _("Raspasovka (распасовка): all passed; no trumps, and each "
                               "takes as few tricks as he can")}
        if d is None:
            return None
        c = hand.contract
        if c is None:
            r = hand.auction_result
            assert r is not None and r.contract is not None
            return {"declarer": name(d), "game": None, "kontra": 1,
                    "words": (_("you won the auction at {contract}") if d == me else
                              _("{who} won the auction at {contract}")).format(
                                  who=_(name(d)), contract=contract_words(r.contract))}
        words = (_("you play {contract}") if d == me else _("{who} plays {contract}")).format(
            who=_(name(d)), contract=contract_words(c))
        if hand.whists:
            said = {(True, True): N_("you whist"), (True, False): N_("you pass"),
                    (False, True): N_("{who} whists"), (False, False): N_("{who} passes")}
            words = _("{game}; {whists}").format(game=words, whists=", ".join(
                _(said[s == me, w is Whist.WHIST]).format(who=_(name(s))) for s, w in hand.whists))
        return {"declarer": name(d), "game": c.letters, "value": c.value, "kontra": 1,
                "words": words}

    def defence_prompt(self, hand: RussianHand, me: int) -> str:
        return _("Whist (вист) or pass (пас)?")

    def result(self, hand: RussianHand, before: Sheet, after: Sheet, name: Names,
               me: int) -> dict:
        r = hand.result()
        if r.outcome is Outcome.RASPASOVKA:
            zero = [_(name(s)) for s in hand.seats if r.tricks[s] == 0]
            words = _("All passed: a raspasovka (распасовка).")
            if zero:
                words += " " + (_("No trick for {who}.") if len(zero) == 1 else
                                _("No trick for {who} and {other}.")).format(
                                    who=zero[0], other=zero[-1])
        else:
            d = r.declarer
            assert d is not None and r.contract is not None
            you = d == me
            t = r.tricks[d]
            if r.outcome is Outcome.NOT_PLAYED:
                words = (_("Both defenders passed: you write {game} without play.") if you else
                         _("Both defenders passed: {who} writes {game} without play."))
            elif r.contract.is_misere:
                words = ((_("You make misère: no trick.") if you else
                          _("{who} makes misère: no trick.")) if t == 0 else
                         (ngettext("You are caught in misère with {n} trick.",
                                   "You are caught in misère with {n} tricks.", t) if you else
                          ngettext("{who} is caught in misère with {n} trick.",
                                   "{who} is caught in misère with {n} tricks.", t)))
            else:
                words = played_words(t >= r.contract.tricks, you, _(name(d)),
                                     contract_words(r.contract), t)
            words = capitalized(words.format(who=_(name(d)), game=contract_words(r.contract), n=t))
        lines = []
        for label, a, b in ((N_("Pool (пуля): {list}."), before.pool, after.pool),
                            (N_("Gora (гора): {list}."), before.gora, after.gora)):
            ch = [f"{_(name(p))} {b[p] - a[p]:+d}" for p in range(len(b)) if a[p] != b[p]]
            if ch:
                lines.append(_(label).format(list=", ".join(ch)))
        ws = [_("{who} {n} on {other}").format(who=_(name(w)),
                                               n=after.whists[w][o] - before.whists[w][o],
                                               other=_(name(o)))
              for w in range(len(after.whists)) for o in range(len(after.whists))
              if after.whists[w][o] != before.whists[w][o]]
        if ws:
            lines.append(_("Whists (висты): {list}.").format(list=", ".join(ws)))
        return {"outcome": r.outcome.value, "words": words, "bule": [], "supe": [],
                "lines": lines, "seat_tricks": r.tricks if hand.play_state else ()}


ADAPTER = RussianTable

"""The card table's Balkan adapter (:class:`BalkanTable`, see :mod:`prefa.ui.table_rules`).

The words of the Balkan game (English with the Serbian word), the engine
player :mod:`prefa.balkan.player`, the paper sheet of bule and supe
(:mod:`prefa.ui.sheet`), kontra, and the two hints of the play (the
convention first, then the solver).  A short game (``game_to``) is the
Balkan one: every player starts at that many bule.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..balkan.auction import Call, CallKind
from ..balkan.contract import Contract, Game
from ..balkan.conventions import bidding
from ..balkan.conventions.advise import advise_hand
from ..balkan.defence import Decision
from ..balkan.hand import BalkanHand
from ..balkan.options import BalkanRules
from ..balkan.player import (
    apply_text,
    best_cards,
    bot_action,
    card_costs,
    play_position,
    talon_contract,
    talon_discard,
)
from ..balkan.scoring import Outcome, Sheet, score_hand
from ..cards import Card, card_name, card_rank, card_suit, parse_card
from ..deal import random_deal
from ..display import card_words
from ..errors import PrefaError
from ..balkan.table_talk import call_words, contract_words
from ..i18n import N_, _, table_word
from .sheet import sheet_data, sheet_html
from .table_rules import Choice, Names, TableRules, capitalized, played_words, step_words

__all__ = ["ADAPTER", "BalkanTable", "call_words", "contract_words", "decision_words"]

# The table's own words first (the league code's: dođem, ne dođem, zajedno, kontra,
# može), the English beside; the one follower who does not call his partner in says
# može too (prefa.balkan.defence reads it so), and the second word says which.
_DECISION_WORDS = {
    Decision.FOLLOW: (N_("Dođem (I come)"), N_("defend: play along against the declarer")),
    Decision.PASS: (N_("Ne dođem (I don't come)"), N_("do not defend this hand")),
    Decision.CALL: (N_("Zajedno (together)"),
                    N_("call the other defender in; you answer for both")),
    Decision.ALONE: (N_("Može (I defend alone)"),
                     N_("do not call the other defender in: defend alone")),
    Decision.KONTRA: (N_("Kontra (double)"), N_("double the game's value")),
    Decision.REKONTRA: (N_("Rekontra (redouble)"), N_("double the kontra again")),
    Decision.SUBKONTRA: (N_("Subkontra (double again)"), N_("double the rekontra")),
    Decision.MORTKONTRA: (N_("Mortkontra (double again)"), N_("double the subkontra")),
    Decision.DECLINE: (N_("Može (play on)"), N_("accept the value as it stands")),
}
def _two_cards(cards) -> str:
    """Two cards in words: ``'seven of spades and eight of hearts'``."""
    words = [card_words(c) for c in cards]
    if len(words) != 2:
        return ", ".join(words)
    return _("{first} and {second}").format(first=words[0], second=words[1])


def aimed_game(hand: BalkanHand, seat: int) -> Game | None:
    """The game the bidding hint aimed ``seat``'s ten cards at (the convention's plan:
    a suit game, or betl or sans bid up to with the talon), when the talon he bought
    still allows it; ``None`` otherwise.  The discard and declaration hints serve it,
    so that the hints of one hand do not pull two ways."""
    r = hand.auction_result
    if hand.deal is None or r is None or r.number is None or hand.declarer != seat:
        return None
    ten = hand.deal.hands[seat]  # the cards he bid with (before the talon)
    suit = bidding.plan(ten, seat=hand.seats.index(seat))
    direct = (Game.SANS if bidding.sans_hand(ten).verdict != "no" else
              Game.BETL if bidding.betl_hand(ten).verdict != "no" else None)
    game = direct if direct is not None and direct.value > suit.limit else suit.game
    if game is None or game.value < r.number:
        return None
    return game


def discard_for(twelve, game: Game) -> tuple[list[Card], str]:
    """Two cards to put away for ``game``, and the rule in words: in a suit game the
    two lowest outside the trump suit (inside it when fewer are outside); in betl the
    two highest (the cards that would take tricks); in sans the two lowest outside the
    longest suit."""
    if game is Game.BETL:
        away = sorted(twelve, key=lambda c: (-card_rank(c), c))[:2]
        return away, _("the two highest cards, which could take a trick in betl")
    if game.is_suit:
        keep = int(game.trump)  # type: ignore[arg-type]
        rule = _("the two lowest cards outside {suit}, your trumps").format(
            suit=contract_words(Contract(game)))
    else:
        keep = max(range(4), key=lambda x: (twelve.count(x), sum(twelve.ranks(x)), -x))
        rule = _("the two lowest cards outside your longest suit")
    outside = sorted((c for c in twelve if card_suit(c) != keep), key=lambda c: (card_rank(c), c))
    inside = sorted((c for c in twelve if card_suit(c) == keep), key=lambda c: (card_rank(c), c))
    return (outside + inside)[:2], rule


def decision_words(decision: Decision) -> str:
    """A defence decision in the table's word with the English beside.

    >>> decision_words(Decision.FOLLOW), decision_words(Decision.DECLINE)
    ('Dođem (I come)', 'Može (play on)')
    """
    return _(_DECISION_WORDS[decision][0])


class BalkanTable(TableRules):
    """The Balkan game at the card table."""

    name = "balkan"
    next_sits = "right"  # Balkan play goes to the right, counter-clockwise (RULES.md §0)
    Call = Call
    Decision = Decision

    def __init__(self, rules: BalkanRules | None = None, game_to: int | None = None) -> None:
        rules = self.seated(rules, BalkanRules, "Balkan")
        if game_to is not None:
            rules = replace(rules, starting_bule=game_to)
            rules.__post_init__()  # the rules' own check of the number
        self.rules = rules

    # -- the hand and the sheet --------------------------------------------------------
    def new_hand(self, seed: int, dealer: int) -> tuple[Any, BalkanHand]:
        deal = random_deal(seed, players=self.rules.players, dealer=dealer)
        return deal, BalkanHand(deal, self.rules, dealer)

    def new_sheet(self) -> Sheet:
        return Sheet.new(self.rules)

    def score(self, sheet: Sheet, hand: BalkanHand) -> Sheet:
        return score_hand(sheet, hand.result())

    def sheet_state(self, sheet: Sheet, names: list[str]) -> dict:
        return sheet_data(sheet, names)

    def sheet_static(self, data: dict) -> str:
        return sheet_html(data)

    # -- the engine ----------------------------------------------------------------------
    def bot_action(self, hand: BalkanHand, seat: int, rng: Any, samples: int,
                   sheet: Any) -> str:
        return bot_action(hand, seat, rng, samples)

    def apply(self, hand: BalkanHand, text: str) -> None:
        apply_text(hand, text)

    def samples(self, hand: BalkanHand, samples: int) -> int:
        if self.phase(hand) == "play" and hand.contract is not None \
                and hand.contract.game is Game.BETL:
            return max(1, samples - 1)  # betl solves are the slow ones
        return samples

    def call_words(self, call: Call) -> str:
        return call_words(call)

    def decision_words(self, decision: Decision) -> str:
        return decision_words(decision)

    def declaration_words(self, hand: BalkanHand, text: str) -> str:
        return _("declares {contract}").format(contract=contract_words(Contract.parse(text)))

    def declared_words(self, hand: BalkanHand, seat: int) -> str | None:
        r = hand.auction_result
        if seat != hand.declarer or hand.contract is None or r is None or r.number is None:
            return None  # an igra, betl or sans is its own call: nothing declared after it
        return _("declares {contract}").format(contract=contract_words(hand.contract))

    def seat_said(self, hand: BalkanHand, seat: int) -> str | None:
        said = super().seat_said(hand, seat)
        d = hand.defence
        if d is None or not d.is_over or seat == hand.declarer:
            return said
        out = d.outcome()
        if out.played and seat in out.playing and seat not in out.followers:
            # he said ne dođem, and is in the play all the same: say why
            how = (_("called in (zajedno)") if out.caller is not None
                   and out.caller != seat and out.kontra == 1 else _("brought in by the kontra"))
            return _("{said}, then {how}").format(said=said, how=how)
        return said

    # -- the choices -----------------------------------------------------------------------
    def calls(self, hand: BalkanHand) -> list[Choice]:
        return [Choice(str(c), call_words(c)) for c in hand.auction.legal_calls()]

    def contracts(self, hand: BalkanHand) -> list[Choice]:
        return [Choice(str(c), contract_words(c), f"value {c.value}")
                for c in hand.legal_contracts()]

    def decisions(self, hand: BalkanHand) -> list[Choice]:
        assert hand.defence is not None
        return [Choice(d.value, decision_words(d), _(_DECISION_WORDS[d][1]))
                for d in hand.defence.legal()]

    def contract_refusal(self, hand: BalkanHand, value: str, phase: str, turn: bool) -> str:
        c = Contract.parse(value)
        if phase == "declare" and turn:
            return _("declare {game}: not allowed here (may declare: {games})").format(
                game=c.words(), games=", ".join(x.words() for x in hand.legal_contracts()))
        return _("declare {game}: not now (the hand is at the {step} step)").format(
            game=c.words(), step=step_words(phase))

    # -- the solver -------------------------------------------------------------------------
    def goal(self, hand: BalkanHand) -> str | None:
        if hand.contract is None:
            return None
        return "betl" if hand.contract.game is Game.BETL else "tricks"

    def position(self, hand: BalkanHand) -> Any:
        return play_position(hand)

    def best_cards(self, hand: BalkanHand) -> tuple[list, dict]:
        return best_cards(hand)

    def card_costs(self, hand: BalkanHand, seat: int) -> list:
        return card_costs(hand, seat)

    # -- hints --------------------------------------------------------------------------------
    def hint_steps(self, hand: BalkanHand) -> list[str]:
        return ["convention", "solver"] if self.phase(hand) == "play" else ["convention"]

    def hint(self, hand: BalkanHand, seat: int, sheet: Any) -> dict:
        ph = self.phase(hand)
        aim = aimed_game(hand, seat) if ph in ("discard", "declare") else None
        if ph == "discard" and aim is not None:
            assert hand.hands is not None and hand.talon is not None
            away, rule = discard_for(hand.hands[seat] | hand.talon, aim)
            return {"level": 1, "title": _("For the game your bidding aimed at"),
                    "text": _("Your bidding aimed at {game}: put away {rule}: {cards}.").format(
                        game=contract_words(Contract(aim)), rule=rule,
                        cards=_two_cards(away)),
                    "cards": [card_name(c) for c in away]}
        if ph == "declare" and aim is not None \
                and Contract(aim) in hand.legal_contracts():
            return {"level": 1, "title": _("For the game your bidding aimed at"),
                    "text": _("Declare {game}: the game your bidding aimed at.").format(
                        game=contract_words(Contract(aim))),
                    "cards": []}
        if ph == "discard":
            away = talon_discard(hand, seat)
            return {"level": 1, "title": _("The engine's simple rule"),
                    "text": _("Put away the two lowest cards outside your longest suit: "
                              "{cards}.").format(cards=_two_cards(away)),
                    "cards": [card_name(c) for c in away]}
        if ph == "declare":
            c = talon_contract(hand, seat)
            return {"level": 1, "title": _("The engine's simple rule"),
                    "text": _("Declare the game of your longest suit: {game}.").format(
                        game=contract_words(c)),
                    "cards": []}
        try:
            a = advise_hand(hand)
        except PrefaError as e:
            return {"level": 1, "title": _("No convention here"),
                    "text": str(e).capitalize() + ".",
                    "cards": []}
        cards = [x for x in a.actions if len(x) == 2 and x[1] in "SHDC"]
        said = ", ".join(self._action_text(hand, x) for x in a.actions)
        return {"level": 1, "title": _("Convention: {name}").format(name=a.name),
                "text": _("{advice}. {reason}").format(advice=said, reason=a.reason),
                "cards": cards}

    def _action_text(self, hand: BalkanHand, text: str) -> str:
        ph = self.phase(hand)
        try:
            if ph == "auction":
                c = Call.parse(text)
                if c.kind is CallKind.HOLD and c.number is None:  # the hold of the number now
                    c = next((x for x in hand.auction.legal_calls() if x.kind is CallKind.HOLD), c)
                return call_words(c)
            if ph == "defence":
                return decision_words(Decision.find(text))
            if ph == "play":
                return card_words(parse_card(text))
        except PrefaError:
            pass
        return text

    # -- words --------------------------------------------------------------------------------
    def talon_face_up(self, hand: BalkanHand) -> bool:
        r = hand.auction_result
        return r is not None and r.number is not None

    def contract_state(self, hand: BalkanHand, name: Names, me: int) -> dict | None:
        d = hand.declarer
        if d is None:
            return None
        c = hand.contract
        if c is None:
            r = hand.auction_result
            if r and r.number:
                words = (_("you won the auction at {number}") if d == me else
                         _("{who} won the auction at {number}"))
            else:
                words = _("you play igra") if d == me else _("{who} plays igra")
            words = words.format(who=_(name(d)), number=r.number if r else None)
            return {"declarer": name(d), "words": words, "game": None, "kontra": 1}
        kontra = 1
        if hand.defence is not None and hand.defence.is_over:
            kontra = hand.defence.outcome().kontra
        k = {1: "", 2: ", kontra", 4: ", rekontra", 8: ", subkontra", 16: ", mortkontra"}
        words = (_("you play {game}") if d == me else _("{who} plays {game}")).format(
            who=_(name(d)), game=contract_words(c))
        return {"declarer": name(d), "game": str(c), "value": c.value, "kontra": kontra,
                "words": words + table_word(k.get(kontra, f", kontra ×{kontra}"))}

    def defence_prompt(self, hand: BalkanHand, me: int) -> str:
        if me == hand.declarer:
            return _("You are given a kontra: answer it.")
        return _("Your defence decision.")

    def result(self, hand: BalkanHand, before: Sheet, after: Sheet, name: Names,
               me: int) -> dict:
        r = hand.result()
        changes = [{"name": name(p), "from": before.bule[p], "to": after.bule[p]}
                   for p in range(len(after.bule)) if before.bule[p] != after.bule[p]]
        supe = [{"name": name(w), "against": name(a),
                 "value": after.supe[w][a] - before.supe[w][a]}
                for w in range(len(after.bule)) for a in range(len(after.bule)) if after.supe[w][a] != before.supe[w][a]]
        if r.outcome is Outcome.REFE:
            # a refe round is written only while the rules allow one (refe_limit, the hat)
            words = (_("All passed: refe.") if after.refe_rounds > before.refe_rounds
                     else _("All passed: no refe may be written now, so nothing is."))
        else:
            d = r.declarer
            assert d is not None and r.contract is not None
            you = d == me
            t = r.tricks[d] if r.tricks else 0
            if r.outcome is Outcome.SPADES_NOT_PLAYED:
                words = (_("You bought spades and nobody gave kontra: not played.") if you else
                         _("{who} bought spades and nobody gave kontra: not played."))
            elif r.outcome is Outcome.DEFENDERS_PASSED:
                words = (_("Both defenders passed: you score {game} without play.") if you else
                         _("Both defenders passed: {who} scores {game} without play."))
            else:
                g = r.contract.game
                made = t == 0 if g is Game.BETL else t == 10 if g is Game.PREFERANS else t >= 6
                words = played_words(made, you, _(name(d)), contract_words(r.contract), t)
            words = capitalized(words.format(who=_(name(d)), game=contract_words(r.contract), n=t))
        return {"outcome": r.outcome.value, "words": words, "bule": changes, "supe": supe,
                "lines": [], "seat_tricks": r.tricks}


ADAPTER = BalkanTable

"""The card table's Greek adapter (:class:`GreekTable`, see :mod:`prefa.ui.table_rules`).

Greek Prefa at the card table: the engine player :mod:`prefa.greek.player`,
the kasa sheet drawn by :func:`prefa.ui.sheets_greek.kasa_sheet_html`, and
the words of the game: each call by its Greek name with the English in
brackets (``Πρώτα (6♠)``, ``ναι (hold)``, ``τα παίρνω (take blind)``), the
contracts as called (``6 Τέταρτα (6♥)``, with ``και οι άσοι`` when the four
aces may be declared, and ``παραιτούμαι (concede)`` after a blind take),
the defence words ``παίζω`` / ``πάσο`` / ``μόνος`` / ``μαζί``.

Decisions of this module: Greek play goes to the right, so the seat that
plays after the learner is drawn on his right (``"right"``); τα κάτω stay
face down (only the buyer sees them); the engine's declaration is given the kasas of the sheet, so its
under-declaring bluff (:func:`prefa.greek.conventions.declaration_advice`)
plays at the table as the convention says; the one hint of a card is the
solver's (the kit has no Greek card-play convention); a Greek game on the
kasa runs until every kasa is empty, far longer than a lesson, so the
table plays single hands (``game_to`` is refused).

>>> t = GreekTable()
>>> deal, hand = t.new_hand(23, 2)
>>> [c.label for c in t.calls(hand)]
['πάσο (pass)', 'τα παίρνω (take blind)', 'Πρώτα (6♠)']
"""

from __future__ import annotations

from typing import Any

from ..cards import card_name
from ..display import card_words
from ..errors import RuleOptionError
from ..i18n import N_, NC_, _, ngettext, pgettext
from ..greek.auction import Call, CallKind
from ..greek.contract import Contract
from ..greek.defence import Decision, DefenceOutcome
from ..greek.hand import GreekHand, random_greek_deal
from ..greek.hand import parse_declaration as _declaration
from ..greek.kasa import KasaSheet, Outcome, Verdict, score_hand
from ..greek.options import GreekRules
from ..greek.player import (
    apply_text,
    best_cards,
    bot_action,
    call_advice,
    card_costs,
    decision_advice,
    declaration,
    play_position,
    talon_discard,
)
from .sheets_greek import kasa_sheet_html
from .table_rules import Choice, Names, TableRules, capitalized, played_words, step_words

__all__ = ["ADAPTER", "GreekTable", "call_words", "contract_words", "decision_words"]

_ENGLISH = {CallKind.PASS: NC_("a Greek call", "pass"), CallKind.HOLD: NC_("a Greek call", "hold"),
            CallKind.TAKE: NC_("a Greek call", "take blind"),
            CallKind.PREFA: NC_("a Greek call", "Prefa: ten cards of 10 or lower")}
"""Each Greek call's meaning, beside its Greek name (marked for the catalog)."""
_GLOSS = {Decision.PLAY: NC_("a Greek defence decision", "play"),
          Decision.PASS: NC_("a Greek defence decision", "pass"),
          Decision.ALONE: NC_("a Greek defence decision", "alone"),
          Decision.ALONG: NC_("a Greek defence decision", "along")}
_DECISIONS = {
    Decision.PLAY: N_("defend: you answer for your own obligation"),
    Decision.PASS: N_("do not defend this hand"),
    Decision.ALONE: N_("defend alone: your own obligation only"),
    Decision.ALONG: N_("take the other defender along: you answer for both"),
}


def contract_words(contract: Contract, aces: bool = False) -> str:
    """A contract as called, with the symbols: ``'6 Τέταρτα (6♥)'``.

    >>> contract_words(Contract.parse("7NT"), aces=True)
    '7 Αχρωμάτιστα και οι άσοι (7NT and the aces)'
    """
    if aces:
        return _("{name} και οι άσοι ({symbols} and the aces)").format(
            name=contract.greek, symbols=contract.symbols)
    return f"{contract.greek} ({contract.symbols})"


def call_words(call: Call) -> str:
    """A call by its Greek name with the English: ``'Δεύτερα (6♣)'``, ``'ναι (hold)'``.

    >>> [call_words(Call.parse(t)) for t in ("pass", "6C", "7H", "hold", "take")]
    ['πάσο (pass)', 'Δεύτερα (6♣)', '7 Τέταρτα (7♥)', 'ναι (hold)', 'τα παίρνω (take blind)']
    """
    if call.kind is CallKind.BID:
        assert call.contract is not None
        return f"{call.greek} ({call.contract.symbols})"
    return _("{word} ({meaning})").format(word=call.greek,
                                          meaning=pgettext("a Greek call", _ENGLISH[call.kind]))


def decision_words(decision: Decision) -> str:
    """A defence decision in Greek with the English: ``'παίζω (play)'``."""
    return _("{word} ({meaning})").format(
        word=decision.greek, meaning=pgettext("a Greek defence decision", _GLOSS[decision]))


def obligation_words(outcome: DefenceOutcome, name: Names, me: int) -> str:
    """The defenders' obligations in words, from the learner's chair.

    >>> from prefa.greek.defence import Defence
    >>> d = Defence(buyer=0, defenders=(1, 2), contract=Contract.parse("7S"))
    >>> d.decide("play"); d.decide("play")
    >>> obligation_words(d.outcome(), lambda s: ("you", "left", "right")[s], 0)
    'left owes 2 tricks, right owes 1'
    """
    parts = []
    for i, o in enumerate(outcome.obligations):
        n, you = o.tricks, o.answerable == (me,)
        who = _("{one} and {other}").format(one=_(name(o.answerable[0])),
                                            other=_(name(o.answerable[-1]))) \
            if len(o.answerable) > 1 else _(name(o.answerable[0]))
        if len(o.answerable) > 1:
            text = ngettext("{who} owe {n} trick between them",
                            "{who} owe {n} tricks between them", n)
        elif len(o.counted) > 1:
            text = (ngettext("you owe {n} trick for both defenders",
                             "you owe {n} tricks for both defenders", n) if you else
                    ngettext("{who} owes {n} trick for both defenders",
                             "{who} owes {n} tricks for both defenders", n))
        elif i and len(outcome.obligations) == 2:  # the second of two: "…, right owes 1"
            text = _("you owe {n}") if you else _("{who} owes {n}")
        else:
            text = (ngettext("you owe {n} trick", "you owe {n} tricks", n) if you else
                    ngettext("{who} owes {n} trick", "{who} owes {n} tricks", n))
        parts.append(text.format(who=who, n=n))
    return ", ".join(parts) or _("the defenders owe nothing")


class GreekTable(TableRules):
    """Greek Prefa at the card table."""

    name = "greek"
    next_sits = "right"  # Greek play goes to the right (seed 000)
    Call = Call
    Decision = Decision
    talon_taken = N_("takes τα κάτω and puts two cards away")

    def __init__(self, rules: GreekRules | None = None, game_to: int | None = None) -> None:
        rules = self.seated(rules, GreekRules, "Greek")
        if game_to is not None:
            raise RuleOptionError(f"game_to={game_to!r}: a short game is the Balkan one; "
                                  "the Greek table plays one hand on the kasa sheet "
                                  "(expected game_to=None)")
        self.rules = rules

    # -- the hand and the sheet --------------------------------------------------------
    def new_hand(self, seed: int, dealer: int) -> tuple[Any, GreekHand]:
        deal = random_greek_deal(seed, players=self.rules.players, dealer=dealer)
        return deal, GreekHand(deal, self.rules, dealer)

    def new_sheet(self) -> KasaSheet:
        return KasaSheet.new(self.rules)

    def score(self, sheet: KasaSheet, hand: GreekHand) -> KasaSheet:
        return score_hand(sheet, hand.result())

    def sheet_state(self, sheet: KasaSheet, names: list[str]) -> dict:
        n = sheet.hands
        return {"kind": "kasa", "caption": ngettext("Kasa sheet (κιτάπι) after {n} hand",
                                                    "Kasa sheet (κιτάπι) after {n} hands",
                                                    n).format(n=n),
                "hands": n, "over": sheet.is_over, "remaining": sheet.remaining,
                "kasa": list(sheet.kasa), "kapikia": list(sheet.kapikia),
                "html": str(kasa_sheet_html(sheet, names))}

    # -- whose turn --------------------------------------------------------------------------
    def declarer(self, hand: GreekHand) -> int | None:
        return hand.buyer

    # -- the engine ----------------------------------------------------------------------
    def bot_action(self, hand: GreekHand, seat: int, rng: Any, samples: int,
                   sheet: KasaSheet) -> str:
        return bot_action(hand, seat, rng, samples, kasa=sheet.kasa)

    def apply(self, hand: GreekHand, text: str) -> None:
        apply_text(hand, text)

    def call_words(self, call: Call) -> str:
        return call_words(call)

    def decision_words(self, decision: Decision) -> str:
        return decision_words(decision)

    def declared_words(self, hand: GreekHand, seat: int) -> str | None:
        if seat != hand.buyer or hand.contract is None:
            return None
        return _("declares {contract}").format(contract=contract_words(hand.contract, hand.aces))

    def declaration_words(self, hand: GreekHand, text: str) -> str:
        if text == "concede":
            return _("concedes the blind take (παραιτούμαι): 6♠ without play")
        c, aces = _declaration(text)
        return _("declares {contract}").format(contract=contract_words(c, aces))

    # -- the choices -----------------------------------------------------------------------
    def calls(self, hand: GreekHand) -> list[Choice]:
        return [Choice(str(c), call_words(c)) for c in hand.auction.legal_calls()]

    def contracts(self, hand: GreekHand) -> list[Choice]:
        out = []
        if hand.may_concede():
            out.append(Choice("concede", _("παραιτούμαι (concede)"),
                              _("give up at 6♠ without play: 4 kasa and 16 kapikia")))
        aces = hand.may_declare_aces()
        for c in hand.legal_contracts():
            out.append(Choice(str(c), contract_words(c),
                              _("value {value} kasa").format(value=c.value)))
            if aces:
                out.append(Choice(f"{c} aces", contract_words(c, True),
                                  _("value {value} kasa; the four aces are paid too").format(
                                      value=c.value)))
        return out

    def decisions(self, hand: GreekHand) -> list[Choice]:
        assert hand.defence is not None
        return [Choice(d.value, decision_words(d), _(_DECISIONS[d])) for d in hand.defence.legal()]

    def contract_refusal(self, hand: GreekHand, value: str, phase: str, turn: bool) -> str:
        if phase != "declare" or not turn:
            return _("declare {game}: not now (the hand is at the {step} step)").format(
                game=value, step=step_words(phase))
        if value.strip().lower() == "concede":
            return _("concede: only a buyer who took the cards blind (τα παίρνω) may concede")
        c, aces = _declaration(value)
        legal = hand.legal_contracts()
        if aces and c in legal:
            if not hand.rules.four_aces:
                return _("declare {game} aces: this table does not play the four aces").format(
                    game=c)
            return _("declare {game} aces: you do not hold all four aces").format(game=c)
        return _("declare {game}: lower than the bid {bid} (may declare {bid} or higher)").format(
            game=c, bid=legal[0])

    # -- the solver -------------------------------------------------------------------------
    def goal(self, hand: GreekHand) -> str | None:
        return None if hand.contract is None else "tricks"

    def position(self, hand: GreekHand) -> Any:
        return play_position(hand)

    def best_cards(self, hand: GreekHand) -> tuple[list, dict]:
        return best_cards(hand)

    def card_costs(self, hand: GreekHand, seat: int) -> list:
        return card_costs(hand, seat)

    # -- hints --------------------------------------------------------------------------------
    def hint(self, hand: GreekHand, seat: int, sheet: KasaSheet) -> dict:
        ph = self.phase(hand)
        if ph == "discard":
            away = talon_discard(hand, seat)
            return {"level": 1, "title": _("The engine's simple rule"),
                    "text": _("Put away the two lowest cards outside your longest suit: "
                              "{card} and {other}.").format(card=card_words(away[0]),
                                                            other=card_words(away[-1])),
                    "cards": [card_name(c) for c in away]}
        if ph == "auction":
            a = call_advice(hand)
            said = call_words(Call.parse(a.action))
        elif ph == "declare":
            a = declaration(hand, sheet.kasa)
            said = (_("παραιτούμαι (concede)") if a.action == "concede"
                    else contract_words(*_declaration(a.action)))
        else:
            a = decision_advice(hand)
            said = decision_words(Decision.find(a.action))
        return {"level": 1, "title": _("Convention: {name}").format(name=a.name),
                "text": f"{said}. {a.reason}",
                "cards": []}

    # -- words --------------------------------------------------------------------------------
    def talon_face_up(self, hand: GreekHand) -> bool:
        return False

    def contract_state(self, hand: GreekHand, name: Names, me: int) -> dict | None:
        b = hand.buyer
        if b is None:
            return None
        c = hand.contract
        r = hand.auction_result
        who = _(name(b))
        if c is None:
            you = b == me
            if r is not None and r.contract is not None:
                words = (_("you bought at {contract}") if you else
                         _("{who} bought at {contract}")).format(
                             who=who, contract=contract_words(r.contract))
            else:
                words = (_("you took the cards blind (τα παίρνω)") if you else
                         _("{who} took the cards blind (τα παίρνω)")).format(who=who)
            return {"declarer": name(b), "words": words, "game": None, "kontra": 1}
        words = (_("you play {contract}") if b == me else _("{who} plays {contract}")).format(
            who=who, contract=contract_words(c, hand.aces))
        d = hand.defence
        if d is not None and d.is_over and d.outcome().played:
            words = _("{game}; {obligations}").format(
                game=words, obligations=obligation_words(d.outcome(), name, me))
        return {"declarer": name(b), "game": str(c), "value": c.value, "kontra": 1,
                "words": words}

    def result(self, hand: GreekHand, before: KasaSheet, after: KasaSheet, name: Names,
               me: int) -> dict:
        r = hand.result()
        you = r.buyer == me

        who = _(name(r.buyer)) if r.buyer is not None else ""
        game = contract_words(r.contract, r.aces) if r.contract is not None else ""
        t = r.tricks[r.buyer] if r.buyer is not None and r.tricks else 0
        short_words = ""
        if r.outcome is Outcome.ALL_PASSED:
            words = _("Nobody bought: the next dealer deals (nothing is written).")
        elif r.outcome is Outcome.CONCEDED:
            words = (_("You concede the blind take: 6♠ without play.") if you else
                     _("{who} concedes the blind take: 6♠ without play."))
        elif r.outcome is Outcome.PREFA:
            words = ((_("You call Πρέφα and make it.") if you else
                      _("{who} calls Πρέφα and makes it.")) if r.prefa_made else
                     (_("You call Πρέφα and fail.") if you else _("{who} calls Πρέφα and fails.")))
        elif r.outcome is Outcome.DEFENDERS_PASSED:
            assert r.contract is not None
            words = (_("Both defenders passed: you score {game} without play.") if you else
                     _("Both defenders passed: {who} scores {game} without play."))
        else:
            assert r.contract is not None and r.buyer is not None
            v = r.verdict
            if v is Verdict.ONE_DOWN:
                words = (ngettext("You go one down (μέσα) in {game} with {n} trick.",
                                  "You go one down (μέσα) in {game} with {n} tricks.", t) if you
                         else ngettext("{who} goes one down (μέσα) in {game} with {n} trick.",
                                       "{who} goes one down (μέσα) in {game} with {n} tricks.", t))
            elif v is Verdict.SOLO:
                words = (ngettext("You go {down} down (σόλο) in {game} with {n} trick.",
                                  "You go {down} down (σόλο) in {game} with {n} tricks.", t) if you
                         else ngettext("{who} goes {down} down (σόλο) in {game} with {n} trick.",
                                       "{who} goes {down} down (σόλο) in {game} with {n} tricks.",
                                       t))
            else:
                words = played_words(True, you, who, game, t)
                short = [o for o, n in r.shortfalls() if n]
                if short:
                    seats = [s for o in short for s in o.answerable]
                    owners = [_(name(s)) for s in seats]
                    text = (_("{who} and {other} fell short of the obligation and pay.")
                            if len(seats) > 1 else
                            _("You fell short of the obligation and pay.") if seats[0] == me else
                            _("{who} fell short of the obligation and pays."))
                    short_words = " " + capitalized(text.format(who=owners[0], other=owners[-1]))
        words = capitalized(words.format(who=who, game=game, n=t, down=r.down)) + short_words
        lines = []
        kasa = [f"{_(name(p))} {before.kasa[p]} → {after.kasa[p]}"
                for p in range(len(after.kasa)) if before.kasa[p] != after.kasa[p]]
        if kasa:
            lines.append(_("Kasa: {list}.").format(list=", ".join(kasa)))
        kap = [f"{_(name(p))} {after.kapikia[p] - before.kapikia[p]:+d}"
               for p in range(len(after.kapikia)) if after.kapikia[p] != before.kapikia[p]]
        if kap:
            lines.append(_("Kapikia: {list}.").format(list=", ".join(kap)))
        return {"outcome": r.outcome.value, "words": words, "bule": [], "supe": [],
                "lines": lines, "seat_tricks": r.tricks}


ADAPTER = GreekTable

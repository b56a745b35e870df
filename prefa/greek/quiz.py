"""Question kinds for Greek Prefa positions, registered with :func:`prefa.quiz.register_kind`.

An item writes its position with the hand record keys (see
:func:`prefa.greek.hand.replay`), usually with ``ruleset: greek``.  Kinds:

====================  =====================================================
kind                  what the engine computes
====================  =====================================================
``greek-legal-calls`` the calls the next bidder may make (among ``choices``)
``greek-bid``         the call the step-by-step convention advises
``greek-declare``     the contracts the buyer may declare (among ``choices``;
                      ``concede`` after a blind take)
``greek-obligation``  the tricks the defenders owe: ``2 and 1`` (first and
                      second), ``1 between them``, ``2 alone``, ``4 together``
                      (one took the other along) or ``none``
``greek-defence``     play, pass, alone or along, by the defence convention
``greek-value``       the value in kasa of ``contract``
``greek-score``       a number for a finished hand; ``ask`` is ``buyer kasa``
                      (default), ``kasa SEAT``, ``kapikia SEAT`` (the seat's
                      net kapikia) or ``paid PAYER PAYEE``; the optional
                      ``kasa`` key gives the kasas before the hand
                      (``kasa: 0 12 6``), else everybody starts afresh
====================  =====================================================

>>> from prefa.quiz import parse_quiz, check
>>> (item,) = parse_quiz('''
... id: seven-one-short
... kind: greek-score
... question: 7♠, both defenders play; seat 1 owes 2 and takes 1. What does he pay?
... ruleset: greek
... auction: Πρώτα, pass, pass
... contract: 7S
... defence: play, play
... tricks: 8 1 1
... ask: paid 1 0
... choices: 7, 63, 70
... answer: 63
... ''')
>>> r = check(item); r.agrees, r.engine
(True, ('63',))
"""

from __future__ import annotations

import re
from html import escape

from ..cards import Suit
from ..errors import ParseError, PrefaError
from ..i18n import N_, _
from ..quiz import (
    Answer,
    QuizItem,
    ask_seats,
    digits,
    legal_calls_answer,
    offered,
    register_kind,
    whole_number,
)
from .auction import Call
from .contract import Contract, fold
from .conventions import bid_advice, defence_advice
from .defence import Decision, obligation_text
from .hand import GreekHand, Phase, replay
from .kasa import KasaSheet, score_change
from .options import GreekRules


def _position(item: QuizItem, *, partial: bool = True) -> GreekHand:
    return replay(item.record, partial=partial)


# -- canonical spellings ------------------------------------------------------------------
def _call(text: str) -> str:
    return str(Call.parse(text))


def _declaration(text: str) -> str:
    if fold(text) in ("concede", "παραιτουμαι"):
        return "concede"
    return str(Contract.parse(text))


def _decision(text: str) -> str:
    return str(Decision.find(text))


def _obligation(text: str) -> str:
    """``2 and 1`` (also ``2+1``, ``2 & 1``), ``1 between them``, ``2 alone``,
    ``4 together``, ``none``."""
    t = " ".join(text.lower().replace("+", " and ").replace("&", " and ").split())
    words = t.split()
    if t in ("none", "nothing", "0"):
        return "none"
    if len(words) == 3 and words[1] == "and" and digits(words[0]) and digits(words[2]):
        return f"{int(words[0])} and {int(words[2])}"
    if len(words) == 3 and digits(words[0]) and words[1:] == ["between", "them"]:
        return f"{int(words[0])} between them"
    if len(words) == 2 and digits(words[0]) and words[1] in ("alone", "together"):
        return f"{int(words[0])} {words[1]}"
    raise ParseError(f"bad obligation {text.strip()!r}: expected '2 and 1', '1 between them', "
                     "'2 alone', '4 together' or 'none'")


# -- the engine's answers -------------------------------------------------------------------
def _legal_calls(item: QuizItem) -> Answer:
    hand = _position(item)
    if hand.phase is not Phase.AUCTION:
        raise ParseError("greek-legal-calls needs an auction still going", line=item.line)
    return legal_calls_answer(item, hand.auction, parse=Call.parse,
                              words=lambda c: f"{c} ({c.greek})",
                              because=lambda why: why[0].upper() + why[1:] + ".")


def _bid(item: QuizItem) -> Answer:
    hand = _position(item)
    if hand.phase is not Phase.AUCTION or hand.hands is None:
        raise ParseError("greek-bid needs a dealt hand with the auction still going",
                         line=item.line)
    seat = hand.auction.to_call
    adv = bid_advice(hand.auction, hand.hands[seat])
    main = adv.action

    def judge(choice: str) -> tuple[bool, str]:
        if choice == main:
            return True, f"{adv.name}: {adv.reason}"
        why = hand.auction.why_illegal(Call.parse(choice))
        if why is not None:
            return False, _("{choice} is not even legal: {why}.").format(choice=choice, why=why)
        if choice == "pass":
            lead = _("Passing gives up a contract your hand can fight for: the advice is "
                     "{advice}.")
        elif choice == "hold":
            lead = _("Holding takes on the contract just bid, which is not your aim: the advice "
                     "is {advice}.")
        elif main == "pass":
            lead = _("Your hand is not worth {choice}: the advice is to pass.")
        else:
            lead = _("{choice} is not the step for this hand: the advice is {advice}.")
        return False, _("{why} ({name}.)").format(
            why=lead.format(choice=choice, advice=main), name=adv.name)
    return Answer((main,), f"{adv.name}: {adv.reason}", judge)


def _declare(item: QuizItem) -> Answer:
    hand = _position(item)
    if hand.phase is not Phase.DECLARE:
        raise ParseError(f"greek-declare needs the buyer about to declare (the hand is at the "
                         f"{hand.phase.value} step)", line=item.line)
    legal = [str(c) for c in hand.legal_contracts()] + (["concede"] if hand.may_concede() else [])
    r = hand.auction_result
    low = _("any contract") if r.contract is None else _("{contract} or higher").format(
        contract=r.contract)

    def judge(choice: str) -> tuple[bool, str]:
        if choice in legal:
            return True, _("{choice} is allowed: seat {seat} may declare {low}.").format(
                choice=choice, seat=hand.buyer, low=low)
        if choice == "concede":
            return False, _("Only a buyer who took the cards blind (τα παίρνω) may concede.")
        return False, _("{choice} is lower than the bid {contract}: the declaration may not go "
                        "down.").format(choice=choice, contract=r.contract)
    values = offered(legal, item)
    why = (_("Seat {seat} bought at {contract}: he may declare {low}.") if r.contract else
           _("Seat {seat} took the cards blind: any contract, or concede.")).format(
        seat=hand.buyer, contract=r.contract, low=low)
    return Answer(values, why, judge)


def _outcome_hand(item: QuizItem) -> GreekHand:
    hand = _position(item)
    if hand.defence is None or not hand.defence.is_over:
        raise ParseError("greek-obligation needs the defence decisions made", line=item.line)
    return hand


def _obligation_answer(item: QuizItem) -> Answer:
    hand = _outcome_hand(item)
    o = hand.defence.outcome()  # type: ignore[union-attr]
    text = obligation_text(o)
    if not o.played:
        why = _("Both defenders passed: nothing is played and nobody owes a trick.")
    else:
        why = "; ".join(str(ob) for ob in o.obligations) + \
            f" (the two together owe {o.contract.defenders_need} against {o.contract})."
        why = why[0].upper() + why[1:]
    return Answer((text,), why)


def _defence(item: QuizItem) -> Answer:
    hand = _position(item)
    if hand.phase is not Phase.DEFENCE or hand.hands is None:
        raise ParseError("greek-defence needs a dealt hand at the defence decisions",
                         line=item.line)
    seat = hand.to_act
    d = hand.defence
    adv = defence_advice(hand.hands[seat], hand.contract, seat == hand.defenders[0],
                         [x for _, x in d.decisions])
    legal = [str(x) for x in d.legal()]

    def judge(choice: str) -> tuple[bool, str]:
        if choice not in legal:
            return False, _("Seat {seat} cannot say {choice} now: he may say {calls}.").format(
                seat=seat, choice=choice, calls=", ".join(legal))
        if choice == adv.action:
            return True, f"{adv.name}: {adv.reason}"
        return False, _("The convention says {action}: {reason}").format(action=adv.action,
                                                                           reason=adv.reason)
    return Answer((adv.action,), f"{adv.name}: {adv.reason}", judge)


def _value(item: QuizItem) -> Answer:
    text = item.record.get("contract")
    if not text:
        raise ParseError("greek-value needs 'contract'", line=item.line)
    try:
        c = Contract.parse(text)
    except PrefaError as e:
        raise ParseError(str(e), line=item.record.line("contract")) from None
    return Answer((str(c.value),), _("{contract} ({greek}) is worth {value} kasa: {kapikia} "
                                     "kapikia.").format(contract=c, greek=c.greek, value=c.value,
                                                        kapikia=10 * c.value))


def _sheet(item: QuizItem, rules: GreekRules) -> KasaSheet:
    text = item.record.get("kasa")
    if not text:
        return KasaSheet.new(rules)
    try:
        kasas = tuple(int(whole_number(w)) for w in text.replace(",", " ").split())
        return KasaSheet.at(kasas, rules=rules)
    except (ValueError, PrefaError) as e:
        raise ParseError(f"bad kasa {text!r}: expected one whole number per seat ({e})",
                         line=item.record.line("kasa")) from None


def _score(item: QuizItem) -> Answer:
    hand = _position(item, partial=False)
    sheet = _sheet(item, hand.rules)
    result = hand.result()
    ch = score_change(sheet, result)
    ask = (item.record.get("ask") or "buyer kasa").lower().split()
    notes = "; ".join(ch.notes + tuple(str(p) for p in ch.payments)) or "nothing is written"
    players = len(ch.kasa)
    if ask == ["buyer", "kasa"] or (len(ask) == 2 and ask[0] == "kasa"):
        seat = hand.buyer if ask[0] == "buyer" else ask_seats(item, ask[1:], players)[0]
        if seat is None:
            raise ParseError("greek-score: nobody bought", line=item.line)
        v = ch.kasa[seat]
        return Answer((str(v),), f"Seat {seat}'s kasa changes by {v:+d}: {notes}.")
    if len(ask) == 2 and ask[0] == "kapikia":
        (seat,) = ask_seats(item, ask[1:], players)
        v = ch.kapikia[seat]
        return Answer((str(v),), f"Seat {seat} ends the hand {v:+d} kapikia: {notes}.")
    if len(ask) == 3 and ask[0] == "paid":
        a, b = ask_seats(item, ask[1:], players)
        v = ch.paid(a, b)
        return Answer((str(v),), f"Seat {a} pays seat {b} {v} kapikia: {notes}.")
    raise ParseError(f"bad ask {item.record.get('ask')!r}: expected 'buyer kasa', 'kasa SEAT', "
                     "'kapikia SEAT' or 'paid PAYER PAYEE'", line=item.record.line("ask"))


# -- drawing and caption --------------------------------------------------------------------
_TO_ACT = {Phase.AUCTION: "to call", Phase.DISCARD: "to discard", Phase.DECLARE: "to declare",
           Phase.DEFENCE: "to decide", Phase.PLAY: "to play"}


def _safe_hand(item: QuizItem) -> GreekHand | None:
    if item.record.get("auction") is None:
        return None
    try:
        return _position(item)
    except PrefaError:  # the checker accepted the item, so this is not expected
        return None


def draw(item: QuizItem, four_colour: bool = False):
    """The position drawn as cards: the hands as they stand, τα κάτω face down during the
    auction and face up while the buyer discards; ``None`` without a deal."""
    from ..display import table_svg
    hand = _safe_hand(item)
    if hand is None or hand.deal is None:
        return None
    labels: dict[int, list[str]] = {}
    if hand.buyer is not None:
        labels.setdefault(hand.buyer, []).append("buyer")
    if hand.tembelis is not None:
        labels.setdefault(hand.tembelis, []).append("tembelis")
    if hand.to_act is not None and hand.phase in _TO_ACT:
        labels.setdefault(hand.to_act, []).append(_TO_ACT[hand.phase])
    talon = hand.talon if hand.discards is None or hand.phase is Phase.DONE else None
    up = hand.phase in (Phase.DISCARD, Phase.DONE)
    if hand.phase is Phase.DONE:
        hands = list(hand.deal.hands)
    elif hand.play_state is not None:
        hands = [h if h else (hand.hands[s] if hand.hands else h)
                 for s, h in enumerate(hand.play_state.hands)]
    else:
        hands = list(hand.hands or hand.deal.hands)
    return table_svg(hands, talon=talon, talon_face_up=up,
                     labels={s: ", ".join(v) for s, v in labels.items()}, four_colour=four_colour)


def caption(item: QuizItem) -> str:
    """The position in words, as HTML: the auction by seat, the contract, the decisions."""
    if item.kind == "greek-value":
        return ""
    hand = _safe_hand(item)
    if hand is None:
        return ""
    out = []
    from ..quiz_render import auction_table  # only for drawing: loaded when a page is made
    table = auction_table(hand.auction.seats, hand.auction.calls, lambda c: c.greek)
    if table:
        out.append(table)
    words = []
    if hand.contract is not None:
        words.append(f"Seat {hand.buyer} declared {hand.contract.symbols} "
                     f"({hand.contract.greek}){' with the four aces' if hand.aces else ''}.")
    if hand.defence is not None and hand.defence.decisions:
        words.append("Defence: " + ", ".join(f"seat {s} {d} ({d.greek})"
                                             for s, d in hand.defence.decisions) + ".")
    if hand.phase is Phase.DONE and hand.buyer is not None and hand.contract is not None \
            and item.kind == "greek-score":
        words.append("Tricks: " + ", ".join(f"seat {s} {n}" for s, n in enumerate(hand.tricks)
                                            if s in (hand.buyer, *hand.defenders)) + ".")
    if item.record.get("kasa"):
        words.append(f"Kasas before the hand: {item.record.get('kasa')}.")
    if hand.to_act is not None and hand.phase in _TO_ACT and item.kind != "greek-obligation":
        words.append(f"Seat {hand.to_act} is {_TO_ACT[hand.phase]}.")
    if words:
        out.append(f'<p class="pq-caption">{escape(" ".join(words))}</p>')
    return "".join(out)


_CONTRACT_CODE = re.compile(r"\b(10|[6-9])([SCDH])\b")


def in_symbols(text: str) -> str:
    """Contracts written as the learner sees them: ``6H`` becomes ``6♥`` (``6NT`` stays).

    Only for kinds whose reasons name contracts and no cards (in the Greek
    32-card pack ``7S`` could be the seven of spades).

    >>> in_symbols("6D is lower than the bid 6H; 6NT is allowed")
    '6♦ is lower than the bid 6♥; 6NT is allowed'
    """
    return _CONTRACT_CODE.sub(lambda m: m[1] + Suit.find(m[2]).symbol, text)


def _with_symbols(engine):
    """The kind's engine, its reasons (and each choice's) with contracts in symbols."""
    def run(item: QuizItem) -> Answer:
        a = engine(item)
        judge = a.per_choice
        per = None if judge is None else (
            lambda choice: (lambda ok, why: (ok, in_symbols(why)))(*judge(choice)))
        return Answer(a.values, in_symbols(a.reason), per, a.school, a.schools)
    return run


KINDS = ("greek-legal-calls", "greek-bid", "greek-declare", "greek-obligation",
         "greek-defence", "greek-value", "greek-score")
"""The Greek question kinds."""

for _kind, _engine, _norm, _multi in (
        ("greek-legal-calls", _legal_calls, _call, True),
        ("greek-bid", _bid, _call, False),
        ("greek-declare", _declare, _declaration, True),
        ("greek-obligation", _obligation_answer, _obligation, False),
        ("greek-defence", _defence, _decision, False),
        ("greek-value", _value, whole_number, False),
        ("greek-score", _score, whole_number, False)):
    if _kind != "greek-defence":
        _engine = _with_symbols(_engine)
    register_kind(_kind, _engine, _norm, multi=_multi, keys=("kasa",), draw=draw, caption=caption,
                  source="" if _kind in ("greek-bid", "greek-defence") else N_("the Greek rules text"))

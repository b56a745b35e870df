"""Quiz question kinds for Russian preferans, registered with :mod:`prefa.quiz`.

An item writes its position with the keys of a Russian hand record
(:mod:`prefa.russian.record`: ``ruleset: russian``, ``options``, ``dealer``,
``deal``, ``auction``, ``discard``, ``contract``, ``whist``, ``play``,
``tricks``) and stops where the question is asked.  The kinds:

========================  ===================================================
kind                      the engine's answer
========================  ===================================================
russian-legal-cards       the cards the player to move may play (with the
                          overtaking duties of the item's options)
russian-legal-bids        the calls the next bidder may make (among ``choices``)
russian-auction           the outcome of a finished auction: ``raspasovka``
                          or ``seat N CONTRACT`` (``seat 1 7♠``)
russian-score             a number written by a finished hand, as ``ask``
                          says: ``pool SEAT``, ``gora SEAT`` or
                          ``whists WRITER AGAINST``
russian-misere-tricks     the misère declarer's tricks with best play (solver)
russian-declarer-tricks   the declarer's tricks in a trick contract with best
                          play (solver; the lone whister plays both hands)
========================  ===================================================

>>> from prefa.quiz import check, parse_quiz
>>> item = parse_quiz('''
... id: overtake
... kind: russian-legal-cards
... question: Seat 0 leads the nine of spades. Which cards may seat 1 play?
... ruleset: russian
... deal: S9 HAKQJ DAKQ CAK / SK8 HT9 DJT9 CQJT / SAQJT7 H87 D87 C9 | C87
... auction: 6NT, pass, pass
... discard: C8 C7
... whist: whist, whist
... play: 9S
... choices: KS, 8S, TH
... answer: KS
... ''')[0]
>>> r = check(item); r.agrees, r.engine
(True, ('KS',))
"""

from __future__ import annotations

from html import escape

from ..cards import card_name, parse_card
from ..display import HtmlStr, table_svg
from ..errors import ParseError, PrefaError
from ..i18n import N_, _, ngettext
from ..play import why_illegal
from ..quiz import (
    Answer,
    capitalized,
    QuizItem,
    ask_seats,
    card_text,
    cards_text,
    digits,
    legal_calls_answer,
    offered,
    register_kind,
    whole_number,
)
from .auction import Call
from .contract import Contract
from .hand import Phase, RussianHand
from .record import replay
from .scoring import Sheet, score_change
from .solve import card_table, declarer_tricks, position


def _hand(item: QuizItem, partial: bool = True) -> RussianHand:
    return replay(item.record, partial=partial)


# -- canonical spellings ----------------------------------------------------------------
def _card(text: str) -> str:
    return card_name(parse_card(text))


def _call(text: str) -> str:
    return str(Call.parse(text))


def _outcome(text: str) -> str:
    t = " ".join(text.strip().lower().split())
    if t in ("raspasovka", "распасовка", "all pass", "all passed"):
        return "raspasovka"
    words = t.removeprefix("seat").split(None, 1)
    if len(words) == 2 and digits(words[0]):
        return f"seat {int(words[0])} {Contract.parse(words[1])}"
    raise ParseError(f"bad auction outcome {text.strip()!r}: expected 'raspasovka' or "
                     "'seat N CONTRACT' (e.g. 'seat 1 7S')")


# -- the engine's answers ---------------------------------------------------------------
def _legal_cards(item: QuizItem) -> Answer:
    hand = _hand(item)
    if hand.phase is not Phase.PLAY or hand.play_state is None:
        raise ParseError(f"russian-legal-cards needs a position in the play (the hand is at "
                         f"the {hand.phase.value} step)")
    ps = hand.play_state
    seat = ps.to_move
    legal = [card_name(c) for c in hand.legal_cards()]
    by = hand.controller(seat)
    who = (_("seat {seat}") if by == seat else _("seat {seat} (played by seat {by})")).format(
        seat=seat, by=by)

    def judge(choice: str) -> tuple[bool, str]:
        c = parse_card(choice)
        ct = card_text(choice)
        if choice in legal:
            return True, _("{card} is legal for {who}.").format(card=ct, who=who)
        if c not in ps.hands[seat]:
            return False, _("Seat {seat} does not hold {card}.").format(seat=seat, card=ct)
        why = why_illegal(ps.hands[seat], ps.trick, ps.rules, seat)
        return False, _("{card} is not legal: {why}.").format(card=ct, why=why)
    values = offered(legal, item)
    return Answer(values, capitalized(_("{who} may play {cards}.").format(
        who=who, cards=cards_text(legal))), judge)


def _legal_bids(item: QuizItem) -> Answer:
    hand = _hand(item)
    if hand.phase is not Phase.AUCTION:
        raise ParseError("russian-legal-bids needs an auction still going")
    a = hand.auction
    h = a.highest
    last = _("no bid yet") if h is None else _("the last bid is {bid} by seat {seat}").format(
        bid=h[1], seat=h[0])
    return legal_calls_answer(item, a, because=lambda why: f"{why}.",
                              reason=_("Seat {seat} may pass or bid higher ({last}).").format(
                                  seat=a.to_call, last=last))


def _auction(item: QuizItem) -> Answer:
    hand = _hand(item)
    r = hand.auction_result
    if r is None:
        raise ParseError("russian-auction needs a finished auction")
    if r.raspasovka:
        return Answer(("raspasovka",), _("Everybody passed: the hand is a raspasovka "
                                         "(распасовка), played with no trumps for the fewest "
                                         "tricks."))
    return Answer((f"seat {r.declarer} {r.contract}",),
                  _("Seat {seat} made the highest bid, {contract}, and the others "
                    "passed.").format(seat=r.declarer, contract=r.contract))


def _score(item: QuizItem) -> Answer:
    hand = _hand(item, partial=False)
    ch = score_change(Sheet.new(hand.rules), hand.result())
    ask = (item.record.get("ask") or "").lower().split()
    notes = " ".join(n[0].upper() + n[1:] + "." for n in ch.notes) or "Nothing is written."
    players = len(ch.pool)
    if len(ask) == 2 and ask[0] in ("pool", "gora"):
        (s,) = ask_seats(item, ask[1:], players)
        v = (ch.pool if ask[0] == "pool" else ch.gora)[s]
        return Answer((str(v),), f"Seat {s} writes {v} in his {ask[0]}. {notes}")
    if len(ask) == 3 and ask[0] == "whists":
        w, a = ask_seats(item, ask[1:], players)
        v = ch.whists_between(w, a)
        return Answer((str(v),), f"Seat {w} writes {v} whists on seat {a}. {notes}")
    raise ParseError(f"bad ask {item.record.get('ask')!r}: expected 'pool SEAT', 'gora SEAT' "
                     "or 'whists WRITER AGAINST'")


def _solver_hand(item: QuizItem, misere: bool) -> RussianHand:
    hand = _hand(item)
    if hand.contract is None or hand.contract.is_misere != misere:
        want = "a misère" if misere else "a trick contract (not misère)"
        raise ParseError(f"this kind needs {want}")
    return hand


def _tricks(item: QuizItem, misere: bool) -> Answer:
    hand = _solver_hand(item, misere)
    try:
        pos = position(hand)[0]
    except PrefaError as e:
        raise ParseError(str(e)) from None
    n = declarer_tricks(pos)
    d = hand.declarer
    table = {card_name(c): v for c, v in card_table(pos).items()}

    def judge(choice: str) -> tuple[bool, str]:
        right = ngettext("With best play by everyone seat {seat} takes {n} trick.",
                         "With best play by everyone seat {seat} takes {n} tricks.",
                         n).format(seat=d, n=n)
        if choice == str(n):
            return True, right
        k = int(choice) - n
        text = (ngettext("{choice} is {k} trick too many. {right}",
                         "{choice} is {k} tricks too many. {right}", abs(k)) if k > 0 else
                ngettext("{choice} is {k} trick too few. {right}",
                         "{choice} is {k} tricks too few. {right}", abs(k)))
        return False, text.format(choice=choice, k=abs(k), right=right)
    best = ", ".join(f"{c} {v}" for c, v in table.items())
    text = (ngettext("With best play the misère declarer (seat {seat}) takes {n} trick in all "
                     "(after each card now: {best}).",
                     "With best play the misère declarer (seat {seat}) takes {n} tricks in all "
                     "(after each card now: {best}).", n) if misere else
            ngettext("With best play the declarer (seat {seat}) takes {n} trick in all (after "
                     "each card now: {best}).",
                     "With best play the declarer (seat {seat}) takes {n} tricks in all (after "
                     "each card now: {best}).", n))
    return Answer((str(n),), text.format(seat=d, n=n, best=best), judge)


# -- drawing and caption ------------------------------------------------------------------
_HIDDEN = {"russian-auction": {"declarer", "to act"}}


def _draw(item: QuizItem, four_colour: bool = False) -> HtmlStr | None:
    try:
        hand = _hand(item, partial=item.kind != "russian-score")
    except PrefaError:
        return None
    if hand.deal is None:
        return None
    hidden = _HIDDEN.get(item.kind, set())
    labels: dict[int, list[str]] = {}
    if hand.sitting_out is not None:
        labels[hand.sitting_out] = ["dealer, sits out"]
    if hand.declarer is not None and "declarer" not in hidden:
        labels.setdefault(hand.declarer, []).append(
            "declarer" + (f", {hand.contract}" if hand.contract is not None else ""))
    for s in hand.open_hands:
        by = hand.controller(s)
        labels.setdefault(s, []).append("open" + (f", played by seat {by}" if by != s else ""))
    for s, w in hand.whists:
        labels.setdefault(s, []).append(str(w))
    ph = hand.phase
    if hand.to_act is not None and "to act" not in hidden:
        labels.setdefault(hand.to_act, []).append(
            {Phase.AUCTION: "to call", Phase.DISCARD: "to discard", Phase.DECLARE: "to declare",
             Phase.WHIST: "whist or pass?", Phase.PLAY: "to play"}[ph])
    trick: list[tuple[int, int]] = []
    talon = hand.deal.talon
    face_up = ph is Phase.DISCARD or (ph is Phase.DONE and hand.discards is None)
    if ph is Phase.PLAY and hand.play_state is not None:
        ps = hand.play_state
        hands = list(ps.hands)
        seat = ps.leader
        for c in ps.trick:
            trick.append((seat, c))
            seat = ps.next_seat(seat)
        if hand.discards is not None:
            talon = None
    elif ph is Phase.DONE:
        hands = list(hand.deal.hands)
    else:
        hands = list(hand.hands or hand.deal.hands)
        if hand.discards is not None:
            talon = None
    return table_svg(hands, talon=talon or None, talon_face_up=face_up, trick=trick,
                     labels={s: ", ".join(v) for s, v in labels.items()}, four_colour=four_colour)


def _house_rules(rules) -> list[str]:
    """The house rules an item's hand is played by, in words (nothing for the defaults).

    >>> from prefa.russian.options import RussianRules
    >>> _house_rules(RussianRules(must_overtake=False, variant="rostov"))
    ['Scored the Rostov way.', 'House rule: following suit, you need not beat the cards already in the trick.']
    """
    base, out = type(rules)(), []
    if rules.variant != base.variant:
        out.append(_("Scored the {school} way.").format(school=rules.variant.value.capitalize()))
    if rules.must_overtake != base.must_overtake:
        out.append(_("House rule: following suit, you need not beat the cards already in the trick.")
                   if not rules.must_overtake else
                   _("House rule: following suit, beat the cards already in the trick when you can."))
    if rules.overtrump != base.overtrump and rules.overtrump != rules.must_overtake:
        out.append(_("House rule: trumping, beat an earlier trump when you can.") if rules.overtrump
                   else _("House rule: trumping, you need not beat an earlier trump."))
    return out


def _caption(item: QuizItem) -> str:
    try:
        hand = _hand(item, partial=item.kind != "russian-score")
    except PrefaError:
        return ""
    # quiz_render draws the auction of any ruleset's hand (its seats and calls);
    # imported here, not at the top: only drawing needs it
    from ..quiz_render import auction_table
    out = [auction_table(hand.auction.seats, hand.auction.calls)]
    words = []
    hidden = _HIDDEN.get(item.kind, set())
    words += _house_rules(hand.rules)
    if hand.raspasovka and "declarer" not in hidden:
        words.append("Everybody passed: raspasovka (распасовка), no trumps, fewest tricks.")
    if hand.contract is not None and "declarer" not in hidden:
        words.append(f"Seat {hand.declarer} plays {hand.contract} ({hand.contract.russian}).")
    if hand.whists:
        words.append("Whist decisions: " + ", ".join(f"seat {s} {w}" for s, w in hand.whists)
                     + ".")
    if hand.phase is Phase.DONE and (hand.play_state is not None or hand.claimed is not None):
        words.append("Tricks: " + ", ".join(f"seat {s} {hand.tricks[s]}" for s in hand.seats)
                     + ".")
    elif hand.to_act is not None and "to act" not in hidden:
        words.append(f"Seat {hand.to_act} is to act.")
    if words:
        out.append(f'<p class="pq-caption">{escape(" ".join(words))}</p>')
    return "".join(out)


KINDS = ("russian-legal-cards", "russian-legal-bids", "russian-auction", "russian-score",
         "russian-misere-tricks", "russian-declarer-tricks")
"""The question kinds this module registers."""

_EXTRA_KEYS = ("whist",)

_SOURCE = N_("the Russian rules text")  # seed 004
register_kind("russian-legal-cards", _legal_cards, _card, multi=True, keys=_EXTRA_KEYS,
              draw=_draw, caption=_caption,
              source=_SOURCE)
register_kind("russian-legal-bids", _legal_bids, _call, multi=True, keys=_EXTRA_KEYS,
              draw=_draw, caption=_caption,
              source=_SOURCE)
register_kind("russian-auction", _auction, _outcome, keys=_EXTRA_KEYS, draw=_draw,
              caption=_caption,
              source=_SOURCE)
register_kind("russian-score", _score, whole_number, keys=_EXTRA_KEYS, draw=_draw, caption=_caption,
              source=_SOURCE)
register_kind("russian-misere-tricks", lambda item: _tricks(item, True), whole_number,
              keys=_EXTRA_KEYS, draw=_draw, caption=_caption)
register_kind("russian-declarer-tricks", lambda item: _tricks(item, False), whole_number,
              keys=_EXTRA_KEYS, draw=_draw, caption=_caption)

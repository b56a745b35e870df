"""The Vida question kinds of the quiz files (registered with :func:`prefa.quiz.register_kind`).

:mod:`prefa.quiz` loads this module when a kind is first needed, so the
kinds are there whenever quizzes are read.  Each item gives its position
with the keys below; the engine computes the answer, a verdict and a reason
for every choice, and draws the position for the widgets and the static site.

==================  ==========================================================
kind                keys, and what the engine computes
==================  ==========================================================
vida-card-points    ``trump``, ``cards`` (a trick or a pile), ``last: yes``
                    for the last trick: the points, a number
vida-melds          ``trump``, ``deal`` (four hands): which team's melds
                    count and for how much, ``team N P``, or ``none``
vida-opening        ``hand``, ``auction`` (the calls so far, may be empty),
                    ``dealer`` (default 3): the conventional call
vida-score          ``bid``, ``points`` (bidders' then opponents' trick
                    points), ``jack`` (``bidders`` or ``opponents``: who
                    took the trump jack) and optionally ``melds`` (counted
                    meld points, bidders' then opponents'), ``belote``
                    (``bidders``/``opponents``), ``tricks`` (bidders' then
                    opponents'), ``vida`` (0–4), ``options``: what each side
                    writes, ``BIDDERS / OPPONENTS``
vida-legal-cards    ``trump``, ``hand`` (the cards held), ``trick`` (the
                    cards played so far, lead first): the legal cards
==================  ==========================================================

>>> from prefa.quiz import check, parse_quiz
>>> r = check(parse_quiz('''
... id: pts
... kind: vida-card-points
... question: Hearts are trumps. What is this trick worth?
... trump: hearts
... cards: JH 9S AS TD
... choices: 21, 41, 55
... answer: 41
... ''')[0])
>>> r.agrees, r.reason
(True, 'J♥ 20 (trump) + 9♠ 0 + A♠ 11 + 10♦ 10 = 41.')
"""

from __future__ import annotations

from html import escape

from .. import quiz as _quiz
from ..cards import CardSet, Suit, card_name, parse_card, parse_cards
from ..deal import Deal
from ..display import hand_svg, table_svg, trick_svg
from ..errors import ParseError, PrefaError
from ..i18n import N_
from ..play import legal_cards
from .auction import SUIT_WORDS, Auction, Call, suit_word
from .conventions import advise
from .melds import counted_melds, find_melds
from .options import VidaRules
from .points import card_points, pile_points, play_reason, play_rules
from .scoring import HandResult, hand_score
from .teams import partner

QuizItem = _quiz.QuizItem
Answer = _quiz.Answer


# -- reading the keys --------------------------------------------------------------------
def _need(item: QuizItem, key: str) -> str:
    v = item.record.get(key)
    if v is None or not v.strip():
        raise ParseError(f"{item.kind} needs {key!r}", line=item.line)
    return v.strip()


def _suit(item: QuizItem) -> Suit:
    t = _need(item, "trump").lower()
    if t not in SUIT_WORDS:
        raise ParseError(f"bad trump {t!r}: expected spades, hearts, diamonds or clubs",
                         line=item.record.line("trump"))
    return SUIT_WORDS[t]


def _cards(item: QuizItem, key: str) -> list[int]:
    """The cards of ``key`` (a hand, a trick or a pile: each card at most once)."""
    text = _need(item, key)
    try:
        cards = parse_cards(text)
    except PrefaError:
        try:
            cards = list(CardSet.parse(text))
        except PrefaError as e:
            raise ParseError(f"{key}: {e}", line=item.record.line(key)) from None
    twice = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
    if twice is not None:
        raise ParseError(f"{key}: {card_name(twice)} appears twice: expected different cards",
                         line=item.record.line(key))
    return cards


def _hand(item: QuizItem) -> CardSet:
    return CardSet.of(_cards(item, "hand"))


def _last(item: QuizItem) -> bool:
    v = (item.record.get("last") or "no").strip().lower()
    if v not in ("yes", "no", "true", "false", "1", "0"):
        raise ParseError(f"bad last {v!r}: expected yes or no", line=item.record.line("last"))
    return v in ("yes", "true", "1")


def _side(item: QuizItem, key: str) -> str | None:
    v = (item.record.get(key) or "").strip().lower()
    if v in ("", "none", "-"):
        return None
    if v not in ("bidders", "opponents"):
        raise ParseError(f"bad {key} {v!r}: expected bidders or opponents",
                         line=item.record.line(key))
    return v


def _pair(item: QuizItem, key: str, default: tuple[int, int] | None = None) -> tuple[int, int]:
    v = item.record.get(key)
    if v is None or not v.strip():
        if default is None:
            raise ParseError(f"{item.kind} needs {key!r}", line=item.line)
        return default
    parts = v.replace("/", " ").split()
    if len(parts) != 2 or not all(_quiz.digits(p) for p in parts):
        raise ParseError(f"bad {key} {v.strip()!r}: expected two numbers, the bidders' first",
                         line=item.record.line(key))
    return int(parts[0]), int(parts[1])


# -- canonical spellings -------------------------------------------------------------------
def _int(text: str) -> str:
    t = text.strip()
    if not _quiz.digits(t):
        raise ParseError(f"bad number {t!r}: expected a whole number (digits 0-9)")
    return str(int(t))


def _melds_answer(text: str) -> str:
    t = " ".join(text.lower().replace(":", " ").split())
    if t in ("none", "neither", "no melds"):
        return "none"
    w = t.split()
    if len(w) == 3 and w[0] == "team" and w[1] in ("0", "1") and _quiz.digits(w[2]):
        return f"team {w[1]} {int(w[2])}"
    raise ParseError(f"bad answer {text.strip()!r}: expected 'team N POINTS' or 'none'")


def _call(text: str) -> str:
    return str(Call.parse(text))


def _score(text: str) -> str:
    parts = text.replace("/", " ").split()
    if len(parts) != 2 or not all(_quiz.digits(p) for p in parts):
        raise ParseError(f"bad score {text.strip()!r}: expected 'BIDDERS / OPPONENTS', "
                         "e.g. '250 / 30'")
    return f"{int(parts[0])} / {int(parts[1])}"


def _card(text: str) -> str:
    return card_name(parse_card(text))


# -- the engine's answers ---------------------------------------------------------------------
def _card_points(item: QuizItem) -> Answer:
    trump = _suit(item)
    cards = _cards(item, "cards")
    last = _last(item)
    total = pile_points(cards, trump, last_trick=last)
    terms = [f"{card_name(c)} {card_points(c, trump)}" + (" (trump)" if c >> 4 == trump else "")
             for c in cards]
    if last:
        terms.append("10 for the last trick")
    return Answer((str(total),), " + ".join(terms) + f" = {total}.")


def _deal(item: QuizItem) -> Deal:
    try:
        d = Deal.parse(_need(item, "deal"), players=4)
    except ParseError as e:
        raise ParseError(f"deal: {e}", line=item.record.line("deal")) from None
    return d


def _melds(item: QuizItem) -> Answer:
    trump = _suit(item)
    d = _deal(item)
    o = counted_melds([find_melds(h) for h in d.hands], trump)
    value = "none" if o.winner is None else f"team {o.winner} {o.points[o.winner]}"
    return Answer((value,), o.reason)


def _auction(item: QuizItem) -> Auction:
    dealer_text = (item.record.get("dealer") or "3").strip()
    if dealer_text not in ("0", "1", "2", "3"):
        raise ParseError(f"bad dealer {dealer_text!r}: expected 0 to 3",
                         line=item.record.line("dealer"))
    try:
        return Auction.from_text(item.record.get("auction") or "", dealer=int(dealer_text))
    except PrefaError as e:
        raise ParseError(f"auction: {e}", line=item.record.line("auction")) from None


def _opening(item: QuizItem) -> Answer:
    hand = _hand(item)
    a = _auction(item)
    if a.is_over:
        raise ParseError("vida-opening needs an auction still going", line=item.line)
    adv = advise(hand, a)
    main = str(adv.call)

    def judge(choice: str) -> tuple[bool, str]:
        if choice == main:
            return True, f"{adv.name}: {adv.reason}"
        why = a.why_illegal(Call.parse(choice))
        if why is not None:
            return False, f"{choice} is not even legal: {why}."
        return False, f"{_call_versus(choice, main)} {adv.name}: {adv.reason}"
    return Answer((main,), f"{adv.name}: {adv.reason}", judge)


def _call_versus(choice: str, main: str) -> str:
    """How a wrong opening call stands against the advised one, in a sentence."""
    if choice == "pass":
        return f"Passing gives up a bid the hand is worth: the convention says {main}."
    if main == "pass":
        return f"The hand is not worth {choice}: the convention passes."
    return f"{choice} is not the bid for this hand: the convention says {main}."


def _score_answer(item: QuizItem) -> Answer:
    rec = item.record
    try:
        rules = VidaRules.from_text(rec.get("options") or "")
    except PrefaError as e:
        raise ParseError(f"options: {e}", line=rec.line("options")) from None
    bid_text = _need(item, "bid").split()
    if not bid_text or not _quiz.digits(bid_text[0]):
        raise ParseError(f"bad bid {' '.join(bid_text)!r}: expected a number such as 120",
                         line=rec.line("bid"))
    vida = (rec.get("vida") or "0").strip()
    if vida not in ("0", "1", "2", "3", "4"):
        raise ParseError(f"bad vida {vida!r}: expected 0 to 4", line=rec.line("vida"))
    # team 0 = the bidders, team 1 = the opponents
    jack = _side(item, "jack")
    if jack is None:
        raise ParseError("vida-score needs 'jack: bidders' or 'jack: opponents'", line=item.line)
    belote = _side(item, "belote")
    tricks = rec.get("tricks")
    try:
        r = HandResult(bidders=0, bid=int(bid_text[0]), points=_pair(item, "points"),
                       jack_team=0 if jack == "bidders" else 1,
                       tricks=_pair(item, "tricks") if tricks else None,
                       melds=_pair(item, "melds", (0, 0)),
                       belote=None if belote is None else (0 if belote == "bidders" else 1),
                       vidas=int(vida))
    except PrefaError as e:
        raise ParseError(str(e), line=item.line) from None
    s = hand_score(r, rules)
    value = f"{s.written[0]} / {s.written[1]}"
    rounding = f" Rounded points: {s.rounded[0]} / {s.rounded[1]}." if s.made and not r.vidas \
        else ""
    return Answer((value,), f"{s.reason}{rounding} Written: bidders {s.written[0]}, "
                  f"opponents {s.written[1]}.")


def _legal(item: QuizItem) -> Answer:
    trump = _suit(item)
    hand = _hand(item)
    trick = _cards(item, "trick") if (item.record.get("trick") or "").strip() else []
    if len(trick) > 3 or CardSet.of(trick) & hand:
        raise ParseError("trick: expected up to three cards the player does not hold",
                         line=item.record.line("trick"))
    legal = legal_cards(hand, trick, play_rules(trump))
    names = [card_name(c) for c in legal]
    rule = play_reason(hand, trick, trump)

    def judge(choice: str) -> tuple[bool, str]:
        c = parse_card(choice)
        ct = _quiz.card_text(choice)
        if c not in hand:
            return False, f"You do not hold {ct}."
        if choice in names:
            return True, f"{ct} is legal: {rule}."
        return False, f"{ct} is not legal: {rule}."
    values = _quiz.offered(names, item)
    return Answer(values, f"Legal: {_quiz.cards_text(names)} ({rule}).", judge)


# -- drawing and captions -------------------------------------------------------------------
def _p(text: str) -> str:
    return f'<p class="pq-caption">{escape(text)}</p>'


def _draw_card_points(item: QuizItem, four_colour: bool = False):
    try:
        cards = _cards(item, "cards")
    except PrefaError:
        return None
    return trick_svg(cards, four_colour=four_colour) if len(cards) <= 4 else hand_svg(cards, label="The pile", four_colour=four_colour)


def _caption_card_points(item: QuizItem) -> str:
    trump = (item.record.get("trump") or "?").strip()
    last = (item.record.get("last") or "").strip().lower() in ("yes", "true", "1")
    return _p(f"Trumps: {trump}." + (" This is the last trick." if last else ""))


def _draw_melds(item: QuizItem, four_colour: bool = False):
    try:
        d = _deal(item)
    except PrefaError:
        return None
    return table_svg(d.hands, labels={0: "team 0", 1: "team 1", 2: "team 0", 3: "team 1"}, four_colour=four_colour)


def _caption_melds(item: QuizItem) -> str:
    trump = (item.record.get("trump") or "?").strip()
    return _p(f"Trumps: {trump}. Seats 0 and 2 are team 0, seats 1 and 3 team 1. "
              "Every player declares all his melds.")


def _draw_opening(item: QuizItem, four_colour: bool = False):
    try:
        a = _auction(item)
        hand = _hand(item)
    except PrefaError:
        return None
    return hand_svg(hand, label=f"Seat {a.to_call}, to call", four_colour=four_colour)


def _caption_opening(item: QuizItem) -> str:
    try:
        a = _auction(item)
    except PrefaError:
        return ""
    seat = a.to_call
    if not a.calls:
        told = f"Seat {seat} speaks first (the dealer is seat {a.dealer})."
    else:
        told = "The calls so far: " + "; ".join(f"seat {s} {c}" for s, c in a.calls) + "."
    return _p(f"{told} Seat {seat} is to call; his partner is seat {partner(seat)}.")


def _caption_score(item: QuizItem) -> str:
    rec = item.record
    words = [f"The bid: {(rec.get('bid') or '?').strip()}"]
    vida = (rec.get("vida") or "0").strip()
    if vida != "0":
        words.append(("vida", "kontra-vida", "three vidas", "four vidas")[int(vida) - 1]
                     if vida in ("1", "2", "3", "4") else vida)
    words.append(f"trick points (bidders / opponents): {(rec.get('points') or '?').strip()}")
    if rec.get("tricks"):
        words.append(f"tricks: {rec.values['tricks'].strip()}")
    if rec.get("melds"):
        words.append(f"counted melds: {rec.values['melds'].strip()}")
    if rec.get("belote"):
        words.append(f"belote: {rec.values['belote'].strip()}")
    words.append(f"the trump jack was taken by the {(rec.get('jack') or '?').strip()}")
    if rec.get("options"):
        words.append(f"options: {rec.values['options'].strip()}")
    return _p("; ".join(words) + ".")


def _draw_legal(item: QuizItem, four_colour: bool = False):
    try:
        hand = _hand(item)
        trick = _cards(item, "trick") if (item.record.get("trick") or "").strip() else []
    except PrefaError:
        return None
    n = len(trick)
    pairs = [((4 - n + i) % 4, c) for i, c in enumerate(trick)]  # seat 0 is to play
    return table_svg([hand], trick=pairs, labels={0: "to play"}, four_colour=four_colour)


def _caption_legal(item: QuizItem) -> str:
    trump = (item.record.get("trump") or "?").strip()
    try:
        trick = _cards(item, "trick") if (item.record.get("trick") or "").strip() else []
    except PrefaError:
        trick = []
    if not trick:
        where = "You lead."
    else:
        where = f"{len(trick)} card{'s' if len(trick) > 1 else ''} played; your partner is seat 2."
    return _p(f"Trumps: {trump}. You are seat 0. {where}")


_SOURCE = N_("the Greek Vida rules")  # seed 002
_quiz.register_kind("vida-card-points", _card_points, _int, keys=("trump", "cards", "last"),
                    draw=_draw_card_points, caption=_caption_card_points, source=_SOURCE)
_quiz.register_kind("vida-melds", _melds, _melds_answer, keys=("trump",),
                    draw=_draw_melds, caption=_caption_melds, source=_SOURCE)
_quiz.register_kind("vida-opening", _opening, _call, keys=("hand",),
                    draw=_draw_opening, caption=_caption_opening)
_quiz.register_kind("vida-score", _score_answer, _score,
                    keys=("bid", "points", "jack", "melds", "belote", "vida"),
                    draw=lambda item, four_colour=False: None, caption=_caption_score, source=_SOURCE)
_quiz.register_kind("vida-legal-cards", _legal, _card, multi=True, keys=("trump", "hand"),
                    draw=_draw_legal, caption=_caption_legal, source=_SOURCE)

KINDS = ("vida-card-points", "vida-melds", "vida-opening", "vida-score", "vida-legal-cards")
"""The question kinds this module registers."""

__all__ = ["KINDS", "suit_word"]

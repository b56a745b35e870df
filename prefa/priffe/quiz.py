"""The Priffe question kinds for quiz files (:mod:`prefa.quiz` loads this when needed).

Items use the common keys (``id``, ``kind``, ``question``, ``choices``,
``answer``, ``explain``) and these:

==========  ===================================================================
key         value
==========  ===================================================================
hand        one hand, for ``priffe-ht`` (and ``priffe-bid`` without a deal)
deal        four hands of 13 cards: ``H / H / H / H`` (seat 0 first)
dealer      the dealer's seat (default 3, so seat 0 is the forehand)
auction     the bids so far, comma-separated, from the forehand
contract    for ``priffe-honours``: forced noll, diamonds, hearts, noll or play
tricks      for ``priffe-score``: the tricks of team 0 and team 1 (``8 5``), or of
            each seat (``4 2 4 3``)
honours     for ``priffe-score`` without a deal: honour cards held by each seat
ask         ``team N`` (the default is team 0); for ``priffe-score`` also
            ``game team N`` (the trick points that count towards the game)
options     rule options: ``score_table=alternative``, ``trump_honours=AKQJT``
==========  ===================================================================

Kinds, and what the engine computes:

- ``priffe-ht``: the honour tricks of ``hand`` (``3½``, ``2+``...);
- ``priffe-honours``: the honour points of a team for ``deal`` in ``contract``;
- ``priffe-score``: what a team writes for a finished hand (fresh rubber);
- ``priffe-auction``: the outcome of a finished auction: ``seat N CONTRACT``
  or ``forced noll``;
- ``priffe-legal-bids``: the bids the next bidder may make (several answers);
- ``priffe-bid``: the bid the honour-trick conventions advise to the next bidder.

>>> from prefa.quiz import parse_quiz, check
>>> item, = parse_quiz('''
... id: ht
... kind: priffe-ht
... question: How many honour tricks?
... hand: SAK74 HAQ3 DKJ5 C862
... choices: 3½, 4, 4+, 4½
... answer: 4+
... ''')
>>> r = check(item); r.agrees, r.engine
(True, ('4+',))
"""

from __future__ import annotations

from html import escape

from ..cards import CardSet
from ..display import HtmlStr, SvgStr, hand_svg, table_svg
from ..errors import ParseError, PrefaError, RuleOptionError
from ..i18n import N_
from ..quiz import Answer, QuizItem, offered, register_kind, whole_number
from .auction import Auction, Bid
from .contract import Contract
from .conventions import advise_bid
from .hand import parse_priffe_deal
from .honours import (
    honour_cards,
    honour_counts,
    honour_points,
    honour_tricks,
    honour_tricks_words,
    honours_words,
    ht_text,
    parse_ht,
)
from .options import PriffeRules
from .scoring import HandResult, RubberSheet, score_change
from .teams import team_tricks

EXTRA_KEYS = ("hand", "honours")


# -- reading an item ---------------------------------------------------------------------------
def _get(item: QuizItem, key: str, kind: str) -> str:
    v = item.record.get(key)
    if not v:
        raise ParseError(f"{kind} needs '{key}'", line=item.line)
    return v


def _rules(item: QuizItem) -> PriffeRules:
    text = item.record.get("options") or ""
    opts = {}
    for word in text.split():
        name, eq, value = word.partition("=")
        if not eq or name.replace("-", "_") not in ("score_table", "trump_honours"):
            raise ParseError(f"bad option {word!r}: expected score_table=... or "
                             "trump_honours=...", line=item.record.line("options"))
        opts[name.replace("-", "_")] = value
    try:
        return PriffeRules(**opts)
    except RuleOptionError as e:
        raise ParseError(str(e), line=item.record.line("options")) from None


def _dealer(item: QuizItem) -> int:
    t = (item.record.get("dealer") or "3").strip().lower().removeprefix("seat").strip()
    if t not in ("0", "1", "2", "3"):
        raise ParseError(f"bad dealer {t!r}: expected a seat from 0 to 3",
                         line=item.record.line("dealer"))
    return int(t)


def _auction(item: QuizItem) -> Auction:
    d = _dealer(item)
    a = Auction(tuple((d + 1 + i) % 4 for i in range(4)))
    for tok in (item.record.get("auction") or "").split(","):
        if tok.strip():
            try:
                a.bid(tok)
            except PrefaError as e:
                raise ParseError(f"auction: {e}", line=item.record.line("auction")) from None
    return a


def _deal(item: QuizItem):
    text = item.record.get("deal")
    if not text:
        return None
    try:
        return parse_priffe_deal(text)
    except PrefaError as e:
        raise ParseError(f"deal: {e}", line=item.record.line("deal")) from None


def _hand(item: QuizItem) -> CardSet:
    try:
        return CardSet.parse(_get(item, "hand", item.kind))
    except PrefaError as e:
        raise ParseError(f"hand: {e}", line=item.record.line("hand")) from None


def _team(item: QuizItem, allowed: tuple[str, ...] = ()) -> tuple[str, int]:
    words = (item.record.get("ask") or "team 0").lower().split()
    what = " ".join(words[:-2])
    if len(words) >= 2 and words[-2] == "team" and words[-1] in ("0", "1") and \
            (what == "" or what in allowed):
        return what, int(words[-1])
    extra = "".join(f" or '{a} team N'" for a in allowed)
    raise ParseError(f"bad ask {item.record.get('ask')!r}: expected 'team N'{extra}",
                     line=item.record.line("ask"))


def _numbers(item: QuizItem, key: str) -> tuple[int, ...]:
    try:
        return tuple(int(whole_number(w))
                     for w in _get(item, key, item.kind).replace(",", " ").split())
    except ParseError as e:
        raise ParseError(f"{key}: {e}", line=item.record.line(key)) from None


# -- canonical answers -------------------------------------------------------------------------
def _ht(text: str) -> str:
    return ht_text(parse_ht(text))


def _bid(text: str) -> str:
    return str(Bid.find(text))


def _outcome(text: str) -> str:
    t = " ".join(text.lower().split())
    if t == "forced noll":
        return "forced noll"
    words = t.removeprefix("seat").split(maxsplit=1)
    if len(words) == 2 and words[0] in ("0", "1", "2", "3"):
        c = Contract.find(words[1])
        if c is not Contract.FORCED_NOLL:
            return f"seat {words[0]} {c}"
    raise ParseError(f"bad auction outcome {text.strip()!r}: expected 'forced noll' or "
                     "'seat N CONTRACT' (diamonds, hearts, noll, play)")


# -- the engine's answers ----------------------------------------------------------------------
def _ht_engine(item: QuizItem) -> Answer:
    hand = _hand(item)
    v = ht_text(honour_tricks(hand))
    return Answer((v,), f"By the honour-trick table: {honour_tricks_words(hand)}.")


def _honours_engine(item: QuizItem) -> Answer:
    deal = _deal(item)
    if deal is None:
        raise ParseError("priffe-honours needs 'deal'", line=item.line)
    try:
        contract = Contract.find(_get(item, "contract", item.kind))
    except PrefaError as e:
        raise ParseError(str(e), line=item.record.line("contract")) from None
    rules = _rules(item)
    _, team = _team(item)
    counts = honour_counts(deal.hands, contract, rules)
    pts = honour_points(counts, rules.table)
    return Answer((str(pts[team]),),
                  f"In {contract} the honours are {honour_cards(contract, rules).symbols()}; "
                  f"{honours_words(counts, rules.table)} ({rules.score_table} table).")


def _score_engine(item: QuizItem) -> Answer:
    a = _auction(item)
    if not a.is_over:
        raise ParseError("priffe-score needs a finished auction", line=item.record.line("auction")
                         or item.line)
    r = a.result()
    rules = _rules(item)
    t = _numbers(item, "tricks")
    if len(t) == 4:
        t = team_tricks(t)
    deal = _deal(item)
    if deal is not None:
        honours = honour_counts(deal.hands, r.contract, rules)
    elif item.record.get("honours"):
        honours = _numbers(item, "honours")
    else:
        honours = (0, 0, 0, 0)
    try:
        res = HandResult(r.contract, r.declarers, t, honours, r.bidder)  # type: ignore[arg-type]
    except PrefaError as e:
        raise ParseError(str(e), line=item.record.line("tricks")) from None
    ch = score_change(RubberSheet.new(rules), res)
    what, team = _team(item, ("game", "game points"))
    parts = [f"{n} {v[team]}" for n, v in (("tricks", ch.game_points), ("doubling", ch.penalty),
                                            ("slam", ch.slam), ("honours", ch.honours),
                                            ("game bonus", ch.game_bonus)) if v[team]]
    side = ("nobody declared" if r.declarers is None else
            f"team {r.declarers} declared {r.contract} and "
            + ("made it" if res.made else "failed"))
    if what:
        return Answer((str(ch.game_points[team]),),
                      f"{r.contract}, {side}: team {team} has {ch.game_points[team]} trick "
                      "points towards the game (doubling, slams and honours do not count).")
    return Answer((str(ch.total[team]),),
                  f"{r.contract}, {side}; tricks {t[0]}-{t[1]}: team {team} writes "
                  f"{ch.total[team]}" + (f" ({', '.join(parts)})." if parts else "."))


def _auction_engine(item: QuizItem) -> Answer:
    a = _auction(item)
    if not a.is_over:
        raise ParseError("priffe-auction needs a finished auction", line=item.line)
    r = a.result()
    if r.declarers is None:
        why = ("Everybody passed" if r.final is None
               else f"The final bid, {r.final}, only gives information")
        return Answer(("forced noll",), f"{why}: a forced noll is played and nobody declares.")
    return Answer((str(r),), f"Seat {r.bidder}'s {r.final} is the highest bid: seat {r.bidder} "
                  f"and his partner play {r.contract}.")


def _legal_bids_engine(item: QuizItem) -> Answer:
    a = _auction(item)
    if a.is_over:
        raise ParseError("priffe-legal-bids needs an auction still going", line=item.line)
    legal = [str(b) for b in a.legal_bids()]

    def judge(choice: str) -> tuple[bool, str]:
        why = a.why_illegal(choice)
        return (why is None, f"{choice} is legal now." if why is None else why)
    values = offered(legal, item)
    return Answer(values, f"Seat {a.to_bid} may bid: {', '.join(legal)}.", judge)


def _bidder_hand(item: QuizItem) -> tuple[Auction, CardSet]:
    a = _auction(item)
    if a.is_over:
        raise ParseError("priffe-bid needs an auction still going", line=item.line)
    deal = _deal(item)
    hand = deal.hands[a.to_bid] if deal is not None else _hand(item)  # type: ignore[index]
    return a, hand


def _bid_engine(item: QuizItem) -> Answer:
    a, hand = _bidder_hand(item)
    adv = advise_bid(hand, [b for _, b in a.bids])
    main = adv.action

    def judge(choice: str) -> tuple[bool, str]:
        if choice == main:
            return True, f"{adv.name}: {adv.reason}"
        why = a.why_illegal(choice)
        if why is not None:
            return False, why
        if choice == "pass":
            lead = f"Passing gives up a bid the hand holds: the honour-trick table says {main}."
        elif main == "pass":
            lead = f"The hand does not hold {choice}: the honour-trick table passes."
        else:
            lead = f"{choice} does not match the hand: the honour-trick table says {main}."
        return False, f"{lead} {adv.reason}"
    return Answer((main,), f"{adv.name}: {adv.reason}", judge)


# -- drawing -----------------------------------------------------------------------------------
def _or(default):
    """Draw or caption nothing (``default``) when the item does not load: the
    checker reports the error; the page shows the question without a picture."""
    def wrap(f):
        def safe(item: QuizItem, **kwargs):
            try:
                return f(item, **kwargs)
            except PrefaError:
                return default
        return safe
    return wrap


def _auction_html(a: Auction) -> str:
    from ..quiz_render import auction_table  # only for drawing: loaded when a page is made
    return auction_table(a.seats, a.bids)


def _p(text: str) -> str:
    return f'<p class="pq-caption">{escape(text)}</p>'


@_or(None)
def _draw_hand(item: QuizItem, four_colour: bool = False) -> SvgStr | None:
    if item.kind == "priffe-bid":
        a, hand = _bidder_hand(item)
        return hand_svg(hand, label=f"Seat {a.to_bid} (to bid)", four_colour=four_colour)
    return hand_svg(_hand(item), four_colour=four_colour)


@_or(None)
def _draw_deal(item: QuizItem, four_colour: bool = False) -> HtmlStr | None:
    deal = _deal(item)
    if deal is None:
        return None
    labels = {}
    if item.kind == "priffe-legal-bids" or item.kind == "priffe-score":
        a = _auction(item)
        r = a.result() if a.is_over else None
        if r is not None and r.bidder is not None and r.declarers is not None:
            labels = {r.bidder: f"declarer, {r.contract}",
                      (r.bidder + 2) % 4: "declarer's partner"}
        elif a.to_bid is not None:
            labels = {a.to_bid: "to bid"}
    return table_svg(deal.hands, labels=labels, four_colour=four_colour)


@_or("")
def _caption_ht(item: QuizItem) -> str:
    return _p("Count with the honour-trick table (A K Q J 10 are honour cards; + is a quarter).")


@_or("")
def _caption_honours(item: QuizItem) -> str:
    rules = _rules(item)
    c = Contract.find(item.record.get("contract") or "")
    return _p(f"Contract: {c}. Honours: {honour_cards(c, rules).symbols()}. "
              f"Score table: {rules.score_table}.")


@_or("")
def _caption_auction(item: QuizItem) -> str:
    a = _auction(item)
    out = [_auction_html(a)]
    if item.kind == "priffe-score":
        t = _numbers(item, "tricks")
        if len(t) == 4:
            t = team_tricks(t)
        r = a.result()
        who = "nobody declares" if r.declarers is None else f"team {r.declarers} declares"
        out.append(_p(f"Contract: {r.contract} ({who}). Tricks: team 0 {t[0]}, team 1 {t[1]}. "
                      "A fresh rubber."))
    elif not a.is_over and item.kind != "priffe-auction":
        out.append(_p(f"Seat {a.to_bid} is to bid."))
    return "".join(out)


_SOURCE = N_("the Swedish Priffe rules")  # seed 003
register_kind("priffe-ht", _ht_engine, _ht, keys=EXTRA_KEYS, draw=_draw_hand,
              caption=_caption_ht)
register_kind("priffe-honours", _honours_engine, whole_number, keys=EXTRA_KEYS, draw=_draw_deal,
              caption=_caption_honours, source=_SOURCE)
register_kind("priffe-score", _score_engine, whole_number, keys=EXTRA_KEYS, draw=_draw_deal,
              caption=_caption_auction, source=_SOURCE)
register_kind("priffe-auction", _auction_engine, _outcome, keys=EXTRA_KEYS, draw=_draw_deal,
              caption=_caption_auction, source=_SOURCE)
register_kind("priffe-legal-bids", _legal_bids_engine, _bid, multi=True, keys=EXTRA_KEYS,
              draw=_draw_deal, caption=_caption_auction, source=_SOURCE)
register_kind("priffe-bid", _bid_engine, _bid, keys=EXTRA_KEYS, draw=_draw_hand,
              caption=_caption_auction)

KINDS = ("priffe-ht", "priffe-honours", "priffe-score", "priffe-auction", "priffe-legal-bids",
         "priffe-bid")
"""The Priffe question kinds."""

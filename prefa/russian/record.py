"""The hand record of Russian preferans: the same ``key: value`` text as
:mod:`prefa.record`, read by the Russian engine.

Keys (all but ``auction`` optional, as the hand needs them):

==========  ==================================================================
key         value
==========  ==================================================================
ruleset     ``russian`` (also ``sochi``, ``leningrad``, ``rostov``: the variant)
options     ``name=value`` words of :class:`~prefa.russian.options.RussianRules`
dealer      the dealer's seat (default: the last seat, so seat 0 is the eldest)
deal        ``H / H / H | TALON`` (four hands in Gusarik, ``-`` for the dealer)
auction     the calls: ``6S, pass, 7C, pass, pass`` (``misère``, ``пас`` accepted)
discard     the declarer's two discards
contract    the contract named (default: the winning bid; misère is always declared)
whist       the defenders' decisions, left of the declarer first: ``whist, pass``
            (``defence`` is accepted for the same line)
play        the cards in the order played; tricks may be separated by commas
tricks      instead of ``play`` (or with no deal): each seat's tricks
==========  ==================================================================

>>> hand = replay(parse_record('''
... deal: SAKQJ HAKQ DAK C7 / ST987 H7 DQ7 CKJ8 / HJT98 DJT98 CAQ | CT9
... auction: 6S, pass, pass
... discard: C9 CT
... contract: 8S
... whist: pass, pass
... '''))
>>> hand.result().outcome.value, hand.result().contract
('not played', Contract.parse('8♠'))
>>> print(format_record(hand))
deal: SAKQJ HAKQ DAK C7 / ST987 H7 DQ7 CKJ8 / HJT98 DJT98 CAQ | CT9
auction: 6♠, pass, pass
discard: TC 9C
contract: 8♠
whist: pass, pass
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ..cards import card_name, parse_cards
from ..deal import Deal
from ..errors import ParseError, PrefaError
from ..record import Record, _blocks, _parse_block
from .hand import Phase, RussianHand
from .options import RussianRules, Variant

KEYS = ("ruleset", "options", "dealer", "deal", "auction", "discard", "contract", "whist",
        "defence", "play", "tricks")

_RULESETS = {"russian": None, "russian preferans": None, "преферанс": None,
             "sochi": Variant.SOCHI, "leningrad": Variant.LENINGRAD, "rostov": Variant.ROSTOV}


def parse_record(text: str) -> Record:
    """Parse the text of one hand record."""
    blocks = _blocks(text)
    if len(blocks) != 1:
        raise ParseError("a hand record holds one hand; '---' separates hands in a game file")
    return _parse_block(blocks[0], KEYS)


@contextmanager
def _at(rec: Record, key: str) -> Iterator[None]:
    """Turn an engine error raised inside into a ParseError on ``key``'s line."""
    try:
        yield
    except ParseError as e:
        if e.line is not None:
            raise
        raise ParseError(f"{key}: {e}", line=rec.line(key)) from None
    except PrefaError as e:
        raise ParseError(f"{key}: {e}", line=rec.line(key)) from None


def rules_of(rec: Record, base: RussianRules | None = None) -> RussianRules:
    """The rules a record names (``ruleset`` and ``options``)."""
    rules = base or RussianRules()
    rs = rec.get("ruleset")
    if rs is not None:
        key = " ".join(rs.lower().split())
        if key not in _RULESETS:
            raise ParseError(f"unknown ruleset {rs!r}: expected russian, sochi, leningrad or "
                             "rostov", line=rec.line("ruleset"))
        if _RULESETS[key] is not None:
            rules = rules.with_options(variant=_RULESETS[key])
    opts = rec.get("options")
    if opts:
        with _at(rec, "options"):
            changes = dict(RussianRules.parse_option(w) for w in opts.split())
            rules = rules.with_options(**changes)
    return rules


def replay(rec: Record, rules: RussianRules | None = None, dealer: int | None = None, *,
           partial: bool = False) -> RussianHand:
    """Play a record through the engine and return the hand.

    With ``partial`` the record may stop anywhere (a quiz position).  Errors
    come as :class:`~prefa.errors.ParseError` naming the record's line.
    """
    rules = rules_of(rec, rules)
    if rec.get("dealer") is not None:
        with _at(rec, "dealer"):
            try:
                dealer = int(rec.values["dealer"])
            except ValueError:
                raise ParseError(f"bad dealer {rec.values['dealer']!r}: expected a seat "
                                 "number") from None
    deal = None
    if rec.get("deal") is not None:
        with _at(rec, "deal"):
            deal = Deal.parse(rec.values["deal"], players=rules.players)
    with _at(rec, "deal" if deal else "dealer"):
        hand = RussianHand(deal, rules, dealer)
    if rec.get("auction") is None:
        raise ParseError("the record has no 'auction'")
    later = KEYS[KEYS.index("discard"):]
    with _at(rec, "auction"):
        for tok in rec.values["auction"].split(","):
            if tok.strip():
                hand.call(tok)
        if partial and not any(k in rec.values for k in later):
            return hand
        if hand.phase is Phase.AUCTION:
            raise ParseError(f"the auction is not finished: seat {hand.to_act} is to call")
    if rec.get("discard") is not None:
        with _at(rec, "discard"):
            hand.discard(rec.values["discard"])
    elif hand.phase is Phase.DISCARD:
        if partial:
            return hand
        raise ParseError(f"seat {hand.declarer} took the talon: 'discard' is missing")
    if hand.phase is Phase.DECLARE:
        if rec.get("contract") is not None:
            with _at(rec, "contract"):
                hand.declare(rec.values["contract"])
        elif partial and not any(k in rec.values for k in later[2:]) \
                and len(hand.legal_contracts()) > 1:
            return hand  # the declarer is still to choose (misère is forced: declared)
        else:
            hand.declare(hand.auction_result.contract)  # type: ignore[union-attr]
    elif rec.get("contract") is not None:
        raise ParseError("contract: no contract is named here (everybody passed, or the "
                         "talon was not taken)", line=rec.line("contract"))
    wkey = "whist" if rec.get("whist") is not None else "defence"
    if rec.get(wkey) is not None:
        with _at(rec, wkey):
            for tok in rec.values[wkey].split(","):
                if tok.strip():
                    hand.decide(tok)
    if partial and rec.get("play") is None and rec.get("tricks") is None:
        return hand
    if hand.phase is Phase.WHIST:
        raise ParseError(f"whist decisions missing: seat {hand.to_act} must say whist or pass",
                         line=rec.line(wkey))
    if rec.get("play") is not None:
        with _at(rec, "play"):
            for c in parse_cards(rec.values["play"].replace("/", " ")):
                hand.play(c)
    if rec.get("tricks") is not None:
        with _at(rec, "tricks"):
            words = rec.values["tricks"].replace("-", "0").split()
            try:
                counts = [int(w) for w in words]
            except ValueError:
                raise ParseError(f"bad tricks {rec.values['tricks']!r}: expected one whole "
                                 "number per seat") from None
            hand.claim(counts)
    if hand.phase is not Phase.DONE and not partial:
        need = "'play' is missing or short" if hand.deal is not None else "'tricks' is missing"
        raise ParseError(f"the hand is not finished (at the {hand.phase.value} step): {need}")
    return hand


def format_record(hand: RussianHand, *, with_rules: bool = False) -> str:
    """The record text of a hand (finished or not)."""
    out = []
    if with_rules:
        out.append("ruleset: russian")
        opts = hand.rules.options_text()
        if opts:
            out.append(f"options: {opts}")
    if hand.dealer != hand.rules.players - 1:
        out.append(f"dealer: {hand.dealer}")
    if hand.deal is not None:
        out.append(f"deal: {hand.deal}")
    out.append("auction: " + ", ".join(str(c) for _, c in hand.auction.calls))
    if hand.discards is not None:
        out.append("discard: " + " ".join(card_name(c) for c in hand.discards))
    if hand.contract is not None:
        out.append(f"contract: {hand.contract}")
    if hand.whists:
        out.append("whist: " + ", ".join(str(w) for _, w in hand.whists))
    ps = hand.play_state
    if ps is not None and ps.played:
        tricks = [" ".join(card_name(c) for c in t.cards) for t in ps.tricks]
        if ps.trick:
            tricks.append(" ".join(card_name(c) for c in ps.trick))
        out.append("play: " + ", ".join(tricks))
    if hand.claimed is not None:
        out.append("tricks: " + " ".join(map(str, hand.claimed)))
    return "\n".join(out)

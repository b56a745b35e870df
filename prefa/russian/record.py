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

from .. import record as _record
from ..errors import ParseError
from ..record import (
    Record,
    format_play,
    format_start,
    on_line,
    read_options,
    replay_auction,
    replay_discard,
    replay_play,
    replay_words,
    start_hand,
)
from .hand import Phase, RussianHand
from .options import RussianRules, Variant

KEYS = ("ruleset", "options", "dealer", "deal", "auction", "discard", "contract", "whist",
        "defence", "play", "tricks")

_RULESETS = {"russian": None, "russian preferans": None, "преферанс": None,
             "sochi": Variant.SOCHI, "leningrad": Variant.LENINGRAD, "rostov": Variant.ROSTOV}


def parse_record(text: str) -> Record:
    """Parse the text of one hand record (with the Russian keys)."""
    return _record.parse_record(text, KEYS)


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
    return read_options(rec, rules)


def replay(rec: Record, rules: RussianRules | None = None, dealer: int | None = None, *,
           partial: bool = False) -> RussianHand:
    """Play a record through the engine and return the hand.

    With ``partial`` the record may stop anywhere (a quiz position).  Errors
    come as :class:`~prefa.errors.ParseError` naming the record's line.
    """
    hand = start_hand(rec, RussianHand, rules_of(rec, rules), dealer)
    if replay_auction(rec, hand, KEYS, partial=partial):
        return hand
    later = KEYS[KEYS.index("discard"):]
    if replay_discard(rec, hand, Phase.DISCARD, partial=partial):
        return hand
    if hand.phase is Phase.DECLARE:
        if rec.get("contract") is not None:
            with on_line(rec, "contract"):
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
        replay_words(rec, wkey, hand.decide)
    if partial and rec.get("play") is None and rec.get("tricks") is None:
        return hand
    if hand.phase is Phase.WHIST:
        raise ParseError(f"whist decisions missing: seat {hand.to_act} must say whist or pass",
                         line=rec.line(wkey))
    replay_play(rec, hand, Phase.DONE, partial=partial,
                no_play=lambda _: "both defenders passed: the hand is not played")
    return hand


def format_record(hand: RussianHand, *, with_rules: bool = False) -> str:
    """The record text of a hand (finished or not)."""
    out = format_start(hand, "russian", with_rules=with_rules)
    if hand.contract is not None:
        out.append(f"contract: {hand.contract}")
    if hand.whists:
        out.append("whist: " + ", ".join(str(w) for _, w in hand.whists))
    return "\n".join(out + format_play(hand))

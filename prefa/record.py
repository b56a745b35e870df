"""The hand record: one readable text form of a whole hand, and of a game.

A record is lines of ``key: value``; ``#`` starts a comment; a line that
starts with spaces continues the value above it.  Keys, in their usual order
(only ``auction`` is required, and the others as the hand needs them):

==========  ================================================================
key         value
==========  ================================================================
ruleset     ``balkan`` (the default; other rulesets come later)
options     rule options that differ from the defaults: ``name=value`` words
dealer      the dealer's seat (default: the last seat, so seat 0 leads off)
deal        the hands in seat order and the talon: ``H / H / H | TALON``
auction     the calls, comma-separated: ``2, 3, pass, hold 3, 4, pass, pass``
            (several igra players then name their games or say ``good``)
discard     the declarer's two discards: ``S7 C8``
contract    the game declared: ``clubs``, ``igra hearts``, ``betl``...
defence     the decisions, comma-separated: ``follow, pass, call, kontra``;
            kontra levels not written are declined
play        the cards in the order played; tricks may be separated by commas
tricks      instead of ``play`` (or with no deal): each seat's tricks
==========  ================================================================

A game file holds several records separated by lines of ``---``; a first
block with no ``auction`` is the game's header (``ruleset``, ``options``,
``players`` names).  Hands without a ``dealer`` take turns dealing: the
first hand is dealt by the last seat, each next hand by the next seat.

>>> text = '''
... deal: SAKQJT HAKQ DAK / S98 H987 DQJT9 C7 / HJT D87 CAKQJT9 | S7 C8
... auction: 2, pass, pass
... discard: S7 C8
... contract: spades
... defence: pass, pass
... '''
>>> hand = replay(parse_record(text))
>>> hand.result().outcome.value
'spades not played'
>>> print(format_record(hand))
deal: SAKQJT HAKQ DAK / S98 H987 DQJT9 C7 / HJT D87 CAKQJT9 | S7 C8
auction: 2, pass, pass
discard: 7S 8C
contract: spades
defence: pass, pass
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator

from .balkan.contract import Contract
from .balkan.hand import BalkanHand, Phase
from .balkan.options import BalkanRules
from .balkan.scoring import Sheet, score_hand
from .cards import card_name, parse_cards
from .deal import Deal
from .errors import ParseError, PrefaError

KEYS = ("ruleset", "options", "dealer", "deal", "auction", "discard", "contract",
        "defence", "play", "tricks")
HEADER_KEYS = ("ruleset", "options", "players")


@dataclass
class Record:
    """A parsed record: each key's value and the line it came from."""

    values: dict[str, str] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)

    def get(self, key: str) -> str | None:
        return self.values.get(key)

    def line(self, key: str) -> int | None:
        return self.lines.get(key)


def _parse_block(lines: list[tuple[int, str]], allowed: tuple[str, ...]) -> Record:
    rec = Record()
    last: str | None = None
    for no, raw in lines:
        text = raw.split("#", 1)[0].rstrip()
        if not text.strip():
            continue
        if raw[:1].isspace() and last is not None:
            rec.values[last] += " " + text.strip()
            continue
        key, colon, value = text.partition(":")
        key = key.strip().lower()
        if not colon:
            raise ParseError(f"expected 'key: value', got {text.strip()!r}", line=no)
        if key == "defense":
            key = "defence"
        if key not in allowed:
            raise ParseError(f"unknown key {key!r}: expected one of {', '.join(allowed)}", line=no)
        if key in rec.values:
            raise ParseError(f"key {key!r} given twice (first on line {rec.lines[key]})", line=no)
        rec.values[key] = value.strip()
        rec.lines[key] = no
        last = key
    return rec


def _blocks(text: str) -> list[list[tuple[int, str]]]:
    blocks: list[list[tuple[int, str]]] = [[]]
    for no, raw in enumerate(text.splitlines(), 1):
        if raw.strip() == "---":
            blocks.append([])
        else:
            blocks[-1].append((no, raw))
    return blocks


def parse_record(text: str) -> Record:
    """Parse the text of one hand record (no ``---``)."""
    blocks = _blocks(text)
    if len(blocks) != 1:
        raise ParseError("a hand record holds one hand; '---' separates hands in a game file")
    return _parse_block(blocks[0], KEYS)


@dataclass
class GameRecord:
    """A game file: its rules, player names and hand records."""

    rules: BalkanRules
    names: tuple[str, ...]
    hands: list[Record]


def parse_game(text: str) -> GameRecord:
    """Parse a game file: an optional header block, then hands separated by ``---``."""
    blocks = [b for b in _blocks(text) if any(r.split("#", 1)[0].strip() for _, r in b)]
    rules = BalkanRules()
    names: tuple[str, ...] = ()
    hands: list[Record] = []
    for i, b in enumerate(blocks):
        first = _parse_block(b, KEYS + ("players",))
        if "auction" not in first.values:
            if i != 0 or hands:
                no = b[0][0]
                raise ParseError("a block without 'auction' is a header and only the first "
                                 "block may be one", line=no)
            extra = set(first.values) - set(HEADER_KEYS)
            if extra:
                k = sorted(extra)[0]
                raise ParseError(f"key {k!r} belongs to a hand, not to the game header",
                                 line=first.line(k))
            rules = _rules(first)
            if "players" in first.values:
                names = tuple(n.strip() for n in first.values["players"].split(","))
                if len(names) != rules.players:
                    raise ParseError(f"{len(names)} player names: expected {rules.players}",
                                     line=first.line("players"))
            continue
        for k in HEADER_KEYS:
            if k in first.values:
                raise ParseError(f"{k!r} belongs to the game header", line=first.line(k))
        hands.append(first)
    return GameRecord(rules, names, hands)


def _rules(rec: Record, base: BalkanRules | None = None) -> BalkanRules:
    rules = base or BalkanRules()
    rs = rec.get("ruleset")
    if rs is not None and rs.lower() not in ("balkan", "serbian", "balkanski"):
        raise ParseError(f"unknown ruleset {rs!r}: expected balkan", line=rec.line("ruleset"))
    opts = rec.get("options")
    if opts:
        changes = {}
        try:
            for word in opts.split():
                k, v = BalkanRules.parse_option(word)
                changes[k] = v
            rules = rules.with_options(**changes)
        except PrefaError as e:
            raise ParseError(str(e), line=rec.line("options")) from None
    return rules


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


def replay(rec: Record, rules: BalkanRules | None = None, dealer: int | None = None, *,
           partial: bool = False) -> BalkanHand:
    """Check a record by playing it through the engine; return the finished hand.

    With ``partial`` the record may stop anywhere (a position for a quiz or
    for advice): the hand is returned as far as the record goes.  Errors come
    as :class:`ParseError` naming the record's line.
    """
    rules = _rules(rec, rules)
    if rec.get("dealer") is not None:
        with _at(rec, "dealer"):
            try:
                dealer = int(rec.values["dealer"])
            except ValueError:
                raise ParseError(f"bad dealer {rec.values['dealer']!r}: expected a seat number") from None
    deal = None
    if rec.get("deal") is not None:
        with _at(rec, "deal"):
            deal = Deal.parse(rec.values["deal"], players=rules.players)
    with _at(rec, "deal" if deal else "dealer"):
        hand = BalkanHand(deal, rules, dealer)
    if rec.get("auction") is None:
        raise ParseError("the record has no 'auction'")
    with _at(rec, "auction"):
        for tok in rec.values["auction"].split(","):
            if tok.strip():
                hand.call(tok)
        if partial and not any(k in rec.values for k in KEYS[KEYS.index("discard"):]):
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
    if rec.get("contract") is not None:
        with _at(rec, "contract"):
            if hand.phase is Phase.DECLARE:
                hand.declare(rec.values["contract"])
            elif hand.contract is not None:
                c = Contract.parse(rec.values["contract"])
                if c.game != hand.contract.game:
                    raise ParseError(f"contract {c}: the auction settled {hand.contract}")
            else:
                hand.declare(rec.values["contract"])
    elif hand.phase is Phase.DECLARE:
        if partial:
            return hand
        raise ParseError(f"seat {hand.declarer} won the auction: 'contract' is missing")
    if rec.get("defence") is not None:
        with _at(rec, "defence"):
            for tok in rec.values["defence"].split(","):
                if tok.strip():
                    hand.decide(tok)
    if partial and rec.get("play") is None and rec.get("tricks") is None:
        return hand
    if hand.phase is Phase.DEFENCE:
        hand.decline_rest()
        if hand.phase is Phase.DEFENCE:
            raise ParseError(f"defence decisions missing: seat {hand.to_act} must say one of "
                             + ", ".join(str(d) for d in hand.defence.legal()),
                             line=rec.line("defence"))
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
        where = "play" if hand.phase is Phase.PLAY else hand.phase.value
        need = ("'play' is missing or short" if hand.deal is not None
                else "'tricks' is missing")
        raise ParseError(f"the hand is not finished (at the {where} step): {need}")
    return hand


def format_record(hand: BalkanHand, *, with_rules: bool = False) -> str:
    """The record text of a hand (finished or not)."""
    out = []
    if with_rules:
        out.append("ruleset: balkan")
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
    if hand.defence is not None and hand.defence.decisions:
        out.append("defence: " + ", ".join(str(d) for _, d in hand.defence.decisions))
    if hand.play_state is not None and hand.play_state.played:
        ps = hand.play_state
        tricks = [" ".join(card_name(c) for c in t.cards) for t in ps.tricks]
        if ps.trick:
            tricks.append(" ".join(card_name(c) for c in ps.trick))
        out.append("play: " + ", ".join(tricks))
    if hand.claimed is not None:
        out.append("tricks: " + " ".join(map(str, hand.claimed)))
    return "\n".join(out)


def game_sheet(game: GameRecord) -> tuple[Sheet, list[BalkanHand]]:
    """Replay every hand of a game file and score it; returns the sheet and the hands."""
    sheet = Sheet.new(game.rules)
    hands = []
    n = game.rules.players
    for i, rec in enumerate(game.hands):
        hand = replay(rec, game.rules, dealer=(n - 1 + i) % n)
        try:
            sheet = score_hand(sheet, hand.result())
        except PrefaError as e:
            raise ParseError(f"hand {i + 1}: {e}", line=rec.line("auction")) from None
        hands.append(hand)
    return sheet, hands

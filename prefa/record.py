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
bargain     instead of ``play`` (house rule ``bargaining``): the tricks the lone
            defender and the declarer agreed on for the defender
play        the cards in the order played; tricks may be separated by commas
tricks      instead of ``play`` (or with no deal): each seat's tricks
culprit     after the play (house rule ``culprit_takes_fall``): the defender
            whose fault made his partner fall, who falls in his place
==========  ================================================================

A record is UTF-8 text; :func:`decode_text` reads a file's bytes (a
byte-order mark is dropped, other encodings are refused).

A game file holds several records separated by lines of ``---``; a first
block with no ``auction`` is the game's header (``ruleset``, ``options``,
``players`` names).  Hands without a ``dealer`` take turns dealing: the
first hand is dealt by the last seat, each next hand by the next seat.

The other rulesets write their hands in the same form (:mod:`prefa.russian.record`,
:func:`prefa.greek.hand.replay`), with the keys their hands need.  The steps
every ruleset reads the same way are functions here, which they share:
:func:`read_options`, :func:`start_hand` (``dealer`` and ``deal``),
:func:`replay_auction`, :func:`replay_discard`, :func:`replay_words` (a list
of calls or decisions),
:func:`replay_play` (``play`` or ``tricks``, then the check that the hand is
finished), :func:`format_start` and :func:`format_play`.  Inside them an
engine error becomes a :class:`~prefa.errors.ParseError` naming the key and
its line (:func:`on_line`).

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

import enum
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .balkan.contract import Contract
from .balkan.hand import BalkanHand, Phase
from .balkan.options import BalkanRules
from .balkan.scoring import Outcome, Sheet, score_hand
from .cards import card_name, parse_card
from .deal import Deal
from .errors import ParseError, PrefaError
from .options import RuleOptions

KEYS = ("ruleset", "options", "dealer", "deal", "auction", "discard", "contract",
        "defence", "bargain", "play", "tricks", "culprit")
HEADER_KEYS = ("ruleset", "options", "players")


def decode_text(data: bytes, label: str) -> str:
    """``data`` read as UTF-8 text (a byte-order mark dropped), or a one-line error
    naming ``label`` (the file) and the byte where the text goes wrong.

    Records, game files and quiz files are UTF-8; text in another encoding
    (Latin-1, Windows-1250, UTF-16) or binary data is refused, not guessed at.

    >>> decode_text(b"\\xef\\xbb\\xbfauction: pass", "x.txt")
    'auction: pass'
    >>> decode_text("# café".encode("latin-1"), "x.txt")
    Traceback (most recent call last):
    ...
    prefa.errors.ParseError: x.txt: not UTF-8 text at byte 5 (0xe9, unexpected end of data): expected UTF-8
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ParseError(f"{label}: not UTF-8 text at byte 0 (a UTF-16 byte-order mark): "
                         "expected UTF-8")
    nul = data.find(b"\0")
    if nul >= 0:
        raise ParseError(f"{label}: not UTF-8 text at byte {nul} (a NUL byte: binary data or "
                         "UTF-16?): expected UTF-8")
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as e:
        raise ParseError(f"{label}: not UTF-8 text at byte {e.start} (0x{data[e.start]:02x}, "
                         f"{e.reason}): expected UTF-8") from None


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
    parts: dict[str, list[str]] = {}  # each key's value and continuation lines, joined at the end
    last: str | None = None
    for no, raw in lines:
        text = raw.split("#", 1)[0].rstrip()
        if not text.strip():
            continue
        if raw[:1].isspace() and last is not None:
            parts[last].append(text.strip())
            continue
        key, colon, value = text.partition(":")
        key = key.strip().lower()
        if not colon:
            raise ParseError(f"expected 'key: value', got {text.strip()!r}", line=no)
        if key == "defense":
            key = "defence"
        if key not in allowed:
            raise ParseError(f"unknown key {key!r}: expected one of {', '.join(allowed)}", line=no)
        if key in rec.lines:
            raise ParseError(f"key {key!r} given twice (first on line {rec.lines[key]})", line=no)
        parts[key] = [value.strip()]
        rec.lines[key] = no
        last = key
    rec.values = {k: " ".join(p for p in v if p) for k, v in parts.items()}
    return rec


def _blocks(text: str) -> list[list[tuple[int, str]]]:
    blocks: list[list[tuple[int, str]]] = [[]]
    for no, raw in enumerate(text.splitlines(), 1):
        if raw.strip() == "---":
            blocks.append([])
        else:
            blocks[-1].append((no, raw))
    return blocks


def parse_record(text: str, keys: tuple[str, ...] = KEYS) -> Record:
    """Parse the text of one hand record (no ``---``); ``keys`` are the keys allowed."""
    blocks = _blocks(text)
    if len(blocks) != 1:
        raise ParseError("a hand record holds one hand; '---' separates hands in a game file")
    return _parse_block(blocks[0], keys)


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
                k = min(extra)
                raise ParseError(f"key {k!r} belongs to a hand, not to the game header",
                                 line=first.line(k))
            rules = _rules(first)
            if "players" in first.values:
                names = tuple(n.strip() for n in first.values["players"].split(","))
                if "" in names:
                    raise ParseError(f"players: empty player name in {first.values['players']!r}: "
                                     "expected names separated by commas",
                                     line=first.line("players"))
                if len(names) != rules.players:
                    raise ParseError(f"{len(names)} player names: expected {rules.players}",
                                     line=first.line("players"))
            continue
        for k in HEADER_KEYS:
            if k in first.values:
                raise ParseError(f"{k!r} belongs to the game header", line=first.line(k))
        hands.append(first)
    return GameRecord(rules, names, hands)


# -- reading a record: the steps every ruleset shares ------------------------------------------
@contextmanager
def on_line(rec: Record, key: str) -> Iterator[None]:
    """Turn an engine error raised inside into a :class:`ParseError` on ``key``'s line.

    >>> rec = parse_record("auction: 2, pass\\nplay: AS XX")
    >>> with on_line(rec, "play"):
    ...     [parse_card(w) for w in rec.values["play"].split()]
    Traceback (most recent call last):
    ...
    prefa.errors.ParseError: line 2: play: bad card 'XX': expected a rank ... and a suit ...
    """
    try:
        yield
    except ParseError as e:
        if e.line is not None:
            raise
        raise ParseError(f"{key}: {e}", line=rec.line(key)) from None
    except PrefaError as e:
        raise ParseError(f"{key}: {e}", line=rec.line(key)) from None


_R = TypeVar("_R", bound=RuleOptions)  # any ruleset's options
_H = TypeVar("_H")  # any ruleset's hand


def read_options(rec: Record, rules: _R) -> _R:
    """``rules`` with the record's ``options`` words applied (see :mod:`prefa.options`).

    >>> rec = parse_record("options: kontra_limit=8\\nauction: pass")
    >>> read_options(rec, BalkanRules()).kontra_limit
    8
    """
    opts = rec.get("options")
    if opts:
        with on_line(rec, "options"):
            rules = rules.with_options(**rules.parse_words(opts))
    return rules


def start_hand(rec: Record, make: Callable[[Deal | None, _R, int | None], _H], rules: _R,
               dealer: int | None = None) -> _H:
    """A new hand ``make(deal, rules, dealer)`` with the record's ``deal`` and
    ``dealer`` (``dealer`` is used when the record gives none)."""
    if rec.get("dealer") is not None:
        with on_line(rec, "dealer"):
            try:
                dealer = int(rec.values["dealer"])
            except ValueError:
                raise ParseError(f"bad dealer {rec.values['dealer']!r}: expected a seat "
                                 "number") from None
    deal = None
    if rec.get("deal") is not None:
        with on_line(rec, "deal"):
            deal = Deal.parse(rec.values["deal"], players=rules.players)
    with on_line(rec, "deal" if deal else "dealer"):
        return make(deal, rules, dealer)


def replay_words(rec: Record, key: str, step: Callable[[str], object]) -> None:
    """Give each comma-separated word of ``key`` (calls, decisions) to ``step``, in order."""
    with on_line(rec, key):
        for tok in rec.values[key].split(","):
            if tok.strip():
                step(tok.strip())


def replay_auction(rec: Record, hand: Any, keys: tuple[str, ...] = KEYS, *,
                   partial: bool = False) -> bool:
    """Make the record's calls (``hand.call``); True when a partial record stops there.

    A record that goes on after the auction (any of ``keys`` after
    ``auction``) must hold a finished auction.
    """
    if rec.get("auction") is None:
        raise ParseError("the record has no 'auction'")
    later = keys[keys.index("auction") + 1:]
    with on_line(rec, "auction"):
        replay_words(rec, "auction", hand.call)
        if partial and not any(k in rec.values for k in later):
            return True
        if not hand.auction.is_over:
            raise ParseError(f"the auction is not finished: seat {hand.to_act} is to call")
    return False


def replay_discard(rec: Record, hand: Any, discard: enum.Enum, *, partial: bool = False,
                   talon: str = "the talon") -> bool:
    """Put away the record's ``discard`` cards (``hand.discard``); True when a
    partial record stops before them.

    A finished record must give them when the hand is at its phase
    ``discard`` (the declarer took the talon, named ``talon`` in the message).
    """
    if rec.get("discard") is not None:
        with on_line(rec, "discard"):
            hand.discard(rec.values["discard"])
    elif hand.phase is discard:
        if partial:
            return True
        raise ParseError(f"seat {hand.to_act} took {talon}: 'discard' is missing")
    return False


_CARD_WORD = re.compile(r"[^\s,/]+")
"""A card in a ``play`` line: tricks may be separated by commas or slashes."""


def replay_play(rec: Record, hand: Any, done: enum.Enum, *, partial: bool = False,
                no_play: Callable[[Any], str] | None = None) -> None:
    """Play the record's ``play`` cards or give its ``tricks``; then, unless
    ``partial``, the hand must be at its phase ``done``.

    ``tricks`` gives each seat's tricks, one whole number 0 or more per seat
    (``-`` for a seat that does not play); beside a ``deal`` the tricks are
    taken as given, without the cards.  ``play`` is read card by card and
    refused at the first card after the end of the hand, so that a long line
    costs no more than a hand.  When the hand is over before its play (no
    game is played) a ``play`` or ``tricks`` line is refused with the reason
    ``no_play(hand)`` gives.
    """
    given = [k for k in ("play", "tricks") if rec.get(k) is not None]
    if given and hand.phase is done:
        why = no_play(hand) if no_play is not None else "the hand is over before any card is played"
        raise ParseError(f"{given[0]}: {why}", line=rec.line(given[0]))
    if rec.get("play") is not None:
        with on_line(rec, "play"):
            for n, m in enumerate(_CARD_WORD.finditer(rec.values["play"])):
                c = parse_card(m.group())
                if hand.phase is done:
                    raise ParseError(f"{card_name(c)}: card {n + 1}, but the hand is over after "
                                     f"{n} cards")
                hand.play(c)
    if rec.get("tricks") is not None:
        with on_line(rec, "tricks"):
            words = rec.values["tricks"].split()
            if not all(w == "-" or (w.isascii() and w.isdigit()) for w in words):
                raise ParseError(f"bad tricks {rec.values['tricks']!r}: expected one whole number "
                                 "per seat, 0 or more ('-' for a seat that does not play)")
            hand.claim([0 if w == "-" else int(w) for w in words])
    if hand.phase is not done and not partial:
        need = "'play' is missing or short" if hand.deal is not None else "'tricks' is missing"
        raise ParseError(f"the hand is not finished (at the {hand.phase.value} step): {need}")


def format_start(hand: Any, ruleset: str, *, with_rules: bool = False) -> list[str]:
    """The first lines of a hand's record: ``ruleset`` and ``options`` (with
    ``with_rules``), ``dealer`` (when not the last seat), ``deal``, ``auction``
    and, once the talon is taken, ``discard``."""
    out = []
    if with_rules:
        out.append(f"ruleset: {ruleset}")
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
    return out


def format_play(hand: Any) -> list[str]:
    """The last lines of a hand's record: the cards played (a comma after each
    trick), or the tricks given."""
    out = []
    ps = hand.play_state
    if ps is not None and ps.played:
        tricks = [" ".join(card_name(c) for c in t.cards) for t in ps.tricks]
        if ps.trick:
            tricks.append(" ".join(card_name(c) for c in ps.trick))
        out.append("play: " + ", ".join(tricks))
    if hand.claimed is not None:
        out.append("tricks: " + " ".join(map(str, hand.claimed)))
    return out


# -- Balkan records ---------------------------------------------------------------------------
def _rules(rec: Record, base: BalkanRules | None = None) -> BalkanRules:
    rs = rec.get("ruleset")
    if rs is not None and rs.lower() not in ("balkan", "serbian", "balkanski"):
        raise ParseError(f"unknown ruleset {rs!r}: expected balkan", line=rec.line("ruleset"))
    return read_options(rec, base or BalkanRules())


def replay(rec: Record, rules: BalkanRules | None = None, dealer: int | None = None, *,
           partial: bool = False) -> BalkanHand:
    """Check a record by playing it through the engine; return the finished hand.

    With ``partial`` the record may stop anywhere (a position for a quiz or
    for advice): the hand is returned as far as the record goes.  Errors come
    as :class:`ParseError` naming the record's line.
    """
    hand = start_hand(rec, BalkanHand, _rules(rec, rules), dealer)
    if replay_auction(rec, hand, partial=partial):
        return hand
    if replay_discard(rec, hand, Phase.DISCARD, partial=partial):
        return hand
    if rec.get("contract") is not None:
        with on_line(rec, "contract"):
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
        replay_words(rec, "defence", hand.decide)
    if partial and all(rec.get(k) is None for k in ("bargain", "play", "tricks")):
        return hand
    if hand.phase is Phase.DEFENCE:
        hand.decline_rest()
        if hand.phase is Phase.DEFENCE:
            raise ParseError(f"defence decisions missing: seat {hand.to_act} must say one of "
                             + ", ".join(str(d) for d in hand.defence.legal()),
                             line=rec.line("defence"))
    if rec.get("bargain") is not None:
        with on_line(rec, "bargain"):
            hand.bargain(rec.values["bargain"])
    replay_play(rec, hand, Phase.DONE, partial=partial, no_play=_no_play)
    if rec.get("culprit") is not None:
        with on_line(rec, "culprit"):
            hand.blame(rec.values["culprit"])
    return hand


def _no_play(hand: BalkanHand) -> str:
    """Why a Balkan hand ends without card play."""
    if hand.bargained is not None:
        return "the tricks were agreed (bargain): the hand is not played"
    outcome = hand.result().outcome
    if outcome is Outcome.SPADES_NOT_PLAYED:
        return ("the hand is not played: a spades game bought with the talon is played only if "
                "a defender gives kontra")
    if outcome is Outcome.DEFENDERS_PASSED:
        return "both defenders passed: the hand is not played"
    return "everybody passed: the hand is not played"


def format_record(hand: BalkanHand, *, with_rules: bool = False) -> str:
    """The record text of a hand (finished or not)."""
    out = format_start(hand, "balkan", with_rules=with_rules)
    if hand.contract is not None:
        out.append(f"contract: {hand.contract}")
    if hand.defence is not None and hand.defence.decisions:
        out.append("defence: " + ", ".join(str(d) for _, d in hand.defence.decisions))
    if hand.bargained is not None:
        out.append(f"bargain: {hand.bargained}")
    else:
        out += format_play(hand)
    if hand.culprit is not None:
        out.append(f"culprit: {hand.culprit}")
    return "\n".join(out)


def game_sheet(game: GameRecord) -> tuple[Sheet, list[BalkanHand]]:
    """Replay every hand of a game file and score it; returns the sheet and the hands.

    An error names its line; one that belongs to a whole hand (a missing
    key) names the hand and its first line."""
    sheet = Sheet.new(game.rules)
    hands = []
    n = game.rules.players
    for i, rec in enumerate(game.hands):
        try:
            hand = replay(rec, game.rules, dealer=(n - 1 + i) % n)
        except ParseError as e:
            if e.line is not None:
                raise
            raise ParseError(f"hand {i + 1}: {e}", line=min(rec.lines.values())) from None
        try:
            sheet = score_hand(sheet, hand.result())
        except PrefaError as e:
            raise ParseError(f"hand {i + 1}: {e}", line=rec.line("auction")) from None
        hands.append(hand)
    return sheet, hands

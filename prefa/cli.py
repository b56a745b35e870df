"""The ``prefa`` command (also ``python -m prefa``).

Subcommands: ``deal`` (a seeded random deal), ``replay`` (check a hand record,
print its tricks and score), ``sheet`` (a whole game's score sheet from hand
records), and those the solver adds (``solve``, ``leads``).  Text for people,
``--json`` for machines.  Bad input ends with exit code 2 and one line naming
the problem, never a traceback.

Decisions where the rules say nothing:

- Every command reads its files through :func:`read_text`: UTF-8 only (a
  byte-order mark first is dropped; other text is refused with the byte
  where it goes wrong), at most :data:`MAX_INPUT` bytes, standard input as
  bytes whatever the terminal's encoding.
- A file with nothing in it but blank lines, comments and ``---`` is refused
  by ``sheet``, ``quiz check`` and ``quiz handout``, and so is a game with no
  hand: an empty report is no success.
- ``sheet`` reads its files as one game; an error names the file and the
  line in it.
- ``deal --seed`` takes whole numbers 0 or more (as ``leads`` does), and
  ``--dealer`` a seat of the table (0 to players - 1), not taken modulo.
- ``advise`` needs a record with a ``deal`` that stops where a seat is to act.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from . import cli_solve
from .balkan.hand import BalkanHand
from .balkan.scoring import Outcome, Sheet, score_change, write_off
from .deal import random_deal
from .errors import ParseError, PrefaError
from .i18n import check_environment, ngettext
from .record import (
    GameRecord,
    Record,
    decode_text,
    format_record,
    game_sheet,
    parse_game,
    parse_record,
    replay,
)


_GIVEN = "_prefa_options_given"
"""The namespace attribute where :class:`_Once` notes the options seen (removed
again before the parsed arguments are returned)."""


class _Once(argparse._StoreAction):
    """An option that takes a value may be given once: ``--seed 1 --seed 2``
    is refused (which value was meant is not for the program to guess)."""

    def __call__(self, parser, namespace, values, option_string=None):
        if option_string is not None:
            given = namespace.__dict__.setdefault(_GIVEN, set())
            if self.dest in given:
                parser.error(f"option {option_string} given twice: expected it once")
            given.add(self.dest)
        super().__call__(parser, namespace, values, option_string)


class _Parser(argparse.ArgumentParser):
    """The argument parser of every command and subcommand: errors are one
    line with exit 2, and an option with a value given twice is an error."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.register("action", None, _Once)
        self.register("action", "store", _Once)

    def parse_known_args(self, args=None, namespace=None):
        parsed, rest = super().parse_known_args(args, namespace)
        parsed.__dict__.pop(_GIVEN, None)
        return parsed, rest

    def error(self, message: str):  # one line, exit 2 (argparse's own convention)
        message = " ".join(message.split())  # an argument quoted back may hold a line break
        self.exit(2, f"{self.prog}: error: {message}\n")


MAX_INPUT = 4 * 1024 * 1024
"""The most bytes a command reads from one file (4 MB): a game of a thousand
hands or the largest quiz file is a small fraction of it, and a longer input
is refused before it is parsed, so that nothing hangs on it."""


def _label(path: str) -> str:
    """How a message names an input: its path, or ``standard input`` for ``-``."""
    if path == "-":
        return "standard input"
    return path if path.isprintable() else repr(path)


def read_text(path: str) -> str:
    """The text of an input file (``-``: standard input), as every command reads it.

    The bytes must be UTF-8 (a byte-order mark first is dropped) and at most
    :data:`MAX_INPUT` long; anything else is a :class:`PrefaError` naming the
    file and, for text that is not UTF-8, the byte where it goes wrong.
    Standard input is read as bytes too, whatever its terminal's encoding.
    The bytes are decoded by :func:`prefa.record.decode_text`.
    """
    label = _label(path)
    data: bytes | str | None = None  # None: too long to read
    try:
        if path == "-":
            stream = sys.stdin
            if stream is None or stream.closed:
                raise PrefaError("cannot read standard input: it is closed")
            data = getattr(stream, "buffer", stream).read(MAX_INPUT + 1)
        else:
            with open(path, "rb") as f:
                if os.fstat(f.fileno()).st_size <= MAX_INPUT:  # devices and pipes say 0
                    data = f.read(MAX_INPUT + 1)
    except OSError as e:
        what = "standard input" if path == "-" else repr(path)
        raise PrefaError(f"cannot read {what}: {e.strerror or e}") from None
    except UnicodeDecodeError as e:  # a text stream standing in for standard input
        raise PrefaError(f"{label}: not UTF-8 text: {e.reason}: expected UTF-8") from None
    if data is None or len(data) > MAX_INPUT:
        raise PrefaError(f"{label}: larger than {MAX_INPUT >> 20} MB: expected a record or "
                         "quiz file")
    if isinstance(data, str):  # a text stream: already decoded
        return data.removeprefix("\ufeff")
    return decode_text(data, label)


def _read_record(path: str) -> Record:
    """The one hand record in a file."""
    text = read_text(path)
    if _blank(text):
        raise PrefaError(f"{_label(path)}: nothing in it (empty, or only comments): expected a "
                         "hand record")
    return parse_record(text)


def _blank(text: str) -> bool:
    """True when a text holds nothing but blank lines, comments and ``---``."""
    return all(ln.split("#", 1)[0].strip() in ("", "---") for ln in text.splitlines())


def _plural(n: int, word: str, words: str | None = None) -> str:
    """``1 hand``, ``2 hands``."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


# -- deal -------------------------------------------------------------------------
def cmd_deal(args: argparse.Namespace) -> int:
    if args.seed < 0:  # decided: seeds are whole numbers 0 or more (as for ``leads``)
        raise PrefaError(f"--seed {args.seed}: expected a whole number 0 or more")
    if args.dealer is not None and not 0 <= args.dealer < args.players:
        raise PrefaError(f"--dealer {args.dealer}: expected a seat from 0 to {args.players - 1}")
    d = random_deal(args.seed, players=args.players, dealer=args.dealer)
    if args.json:
        print(json.dumps({"seed": args.seed, "hands": [str(h) for h in d.hands],
                          "talon": str(d.talon), "deal": str(d)}))
    else:
        print(d)
    return 0


# -- replay -----------------------------------------------------------------------
def _hand_summary(hand: BalkanHand) -> dict:
    res = hand.result()
    sheet = Sheet.new(hand.rules)
    ch = score_change(sheet, res)
    out: dict = {"outcome": res.outcome.value, "declarer": res.declarer,
                 "contract": str(res.contract) if res.contract else None,
                 "kontra": res.kontra, "tricks": list(hand.tricks), "trick_play": []}
    if hand.play_state is not None:
        for t in hand.play_state.tricks:
            out["trick_play"].append({"leader": t.leader, "cards": str(t).split(),
                                      "winner": t.winner})
    out["score"] = {"base": ch.base, "bule": list(ch.bule),
                    "supe": [{"writer": w, "against": a, "amount": m} for w, a, m in ch.supe],
                    "refe_written": ch.refe_written, "falls": list(ch.falls)}
    return out


def _print_summary(s: dict) -> None:
    if s["outcome"] == Outcome.REFE.value:
        print("everybody passed: refe")
    else:
        print(f"seat {s['declarer']} plays {s['contract']}"
              + (f" (kontra x{s['kontra']})" if s["kontra"] > 1 else "")
              + f": {s['outcome']}")
    for i, t in enumerate(s["trick_play"], 1):
        print(f"trick {i:2d}: seat {t['leader']} leads  {' '.join(t['cards']):12s} "
              f"-> seat {t['winner']}")
    if s["outcome"] == Outcome.PLAYED.value:
        print("tricks: " + "  ".join(f"seat {i} {n}" for i, n in enumerate(s["tricks"])))
    sc = s["score"]
    parts = [f"seat {p} bule {v:+d}" for p, v in enumerate(sc["bule"]) if v]
    parts += [f"seat {e['writer']} writes {e['amount']} supe against seat {e['against']}"
              for e in sc["supe"]]
    if sc["refe_written"]:
        parts.append("every player gets a refe")
    print("score: " + ("; ".join(parts) if parts else "nothing written"))


def cmd_replay(args: argparse.Namespace) -> int:
    hand = replay(_read_record(args.file))
    s = _hand_summary(hand)
    s["record"] = format_record(hand)
    if args.json:
        print(json.dumps(s))
    else:
        _print_summary(s)
    return 0


# -- sheet ------------------------------------------------------------------------
def _read_game(paths: Sequence[str]) -> tuple[GameRecord, Sheet]:
    """Read the files as one game and score it; an error names its file and
    the line in that file."""
    lines: list[str] = []
    starts: list[tuple[int, str]] = []  # (first line in the joined text, file)
    for p in paths:
        text = read_text(p)
        if _blank(text):
            raise PrefaError(f"{_label(p)}: nothing in it (empty, or only comments): expected "
                             "hand records")
        starts.append((len(lines) + 1, p))
        lines.extend(text.splitlines())
        lines.append("---")
    try:
        game = parse_game("\n".join(lines))
        sheet, _ = game_sheet(game)
    except ParseError as e:
        if e.line is None:
            raise
        first, p = next((f, p) for f, p in reversed(starts) if f <= e.line)
        rest = str(e).removeprefix(f"line {e.line}: ")
        raise PrefaError(f"{_label(p)}: line {e.line - first + 1}: {rest}") from None
    if not game.hands:
        raise PrefaError("no hands to score: expected at least one hand record")
    return game, sheet


def cmd_sheet(args: argparse.Namespace) -> int:
    game, sheet = _read_game(args.files)
    if args.write_off and not sheet.is_over:
        sheet = write_off(sheet)
    names = list(game.names) or [f"seat {i}" for i in range(sheet.players)]
    results = sheet.results() if sheet.is_over else None
    if args.json:
        print(json.dumps({
            "players": names, "hands": sheet.hands, "bule": list(sheet.bule),
            "under_hat": [sheet.under_hat(p) for p in range(sheet.players)],
            "supe": [list(r) for r in sheet.supe], "refe": list(sheet.refe),
            "refe_rounds": sheet.refe_rounds, "remaining": sheet.remaining,
            "over": sheet.is_over, "results": list(results) if results else None,
            "results_positive_good": list(sheet.results_positive_good()) if results else None,
            "bule_history": [list(h) for h in sheet.history]}))
        return 0
    print(_plural(sheet.hands, "hand"))
    for p, name in enumerate(names):
        hat = " (under the hat)" if sheet.under_hat(p) else ""
        supe = ", ".join(f"{sheet.supe[p][q]} against {names[q]}"
                         for q in range(sheet.players) if q != p)
        print(f"{name}: bule {' '.join(map(str, sheet.history[p]))}{hat}; refe left "
              f"{sheet.refe[p]}; supe {supe}")
    if results:
        print("game over; results (lower is better): "
              + ", ".join(f"{names[p]} {r:+d}" for p, r in enumerate(results)))
    else:
        print(f"game goes on: {sheet.remaining} bule remain "
              "(use --write-off to stop here)")
    return 0


# -- advise -----------------------------------------------------------------------
def cmd_advise(args: argparse.Namespace) -> int:
    from .balkan.conventions.advise import advise_hand
    from .quiz import school_label
    hand = replay(_read_record(args.file), partial=True)
    if hand.deal is None:
        raise PrefaError("advise: the record has no 'deal': advice needs the cards")
    seat = hand.to_act
    if seat is None:
        raise PrefaError(f"advise: the hand is over (at the {hand.phase.value} step): expected "
                         "a record that stops where a seat is to act")
    advice = advise_hand(hand)
    if args.json:
        print(json.dumps({"seat": seat, "step": hand.phase.value, **advice.to_json()}))
        return 0
    print(f"seat {seat} ({hand.phase.value}): {advice.action}")
    print(f"  {advice.name} [{advice.convention}]: {advice.reason}")
    if advice.source:
        print(f"  source: {advice.source}")
    for school, other in advice.schools.items():
        print(f"  {school_label(school)}: {other.action} — {other.name}: {other.reason}")
    return 0


# -- quiz -------------------------------------------------------------------------
def _check_quiz_files(paths: Sequence[str]) -> list:
    """Check every item of the quiz files (:func:`prefa.quiz.check_text`); a file
    without items is refused."""
    from .quiz import check_text
    lines = []
    for path in paths:
        found = check_text(read_text(path), path)
        if not found:
            raise PrefaError(f"{_label(path)}: nothing in it (empty, or only comments): "
                             "expected quiz items")
        lines.extend(found)
    return lines


def cmd_quiz_check(args: argparse.Namespace) -> int:
    from .quiz import report_json
    lines = _check_quiz_files(args.files)
    if args.json:
        print(report_json(lines))
    else:
        for ln in lines:
            print(f"{ln.verdict:9s} {ln.text}")
        n = {s: sum(1 for ln in lines if ln.status == s) for s in ("agrees", "disagrees", "invalid")}
        print(", ".join((
            ngettext("{n} agrees", "{n} agree", n["agrees"]).format(n=n["agrees"]),
            ngettext("{n} disagrees", "{n} disagree", n["disagrees"]).format(n=n["disagrees"]),
            ngettext("{n} invalid", "{n} invalid", n["invalid"]).format(n=n["invalid"]))))
    return 0 if all(ln.status == "agrees" for ln in lines) else 1


def cmd_quiz_handout(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .quiz_render import handout_html
    lines = _check_quiz_files(args.files)
    bad = [ln for ln in lines if ln.status != "agrees"]
    if bad:  # a handout states the engine's answers: refuse what the check refuses
        for ln in bad:
            print(f"prefa: {ln.verdict}: {ln.text}", file=sys.stderr)
        print(f"prefa: nothing written: {_plural(len(bad), 'item')} invalid or disagreeing",
              file=sys.stderr)
        return 1
    title = args.title or ", ".join(Path(p).stem for p in args.files if p != "-") or "Quiz"
    from .decks import using_deck
    with using_deck(args.deck):  # the cards drawn in that pack
        html = handout_html([ln.result for ln in lines], title, four_colour=args.four_colour,
                            key=not args.questions_only, ids=args.ids)
    try:
        # a title from argv or from file names may hold bytes that are not UTF-8 (as
        # surrogates): they are written as '?', not a crash
        with open(args.output, "w", encoding="utf-8", errors="replace") as f:
            f.write(html)
    except OSError as e:
        raise PrefaError(f"cannot write {args.output!r}: {e.strerror}") from None
    print(ngettext("{n} item written to {path}", "{n} items written to {path}",
                   len(lines)).format(n=len(lines), path=args.output))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``prefa`` command."""
    p = _Parser(prog="prefa", description="Preferans engine: deals, hand records, score sheets, advice, solver.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    d = sub.add_parser("deal", help="print a seeded random deal (talon after '|')")
    d.add_argument("--seed", type=int, required=True, help="a whole number 0 or more")
    d.add_argument("--players", type=int, choices=(3, 4), default=3)
    d.add_argument("--dealer", type=int, help="dealer's seat (default: the last)")
    d.add_argument("--json", action="store_true")
    d.set_defaults(func=cmd_deal)
    r = sub.add_parser("replay", help="check a hand record; print its tricks and score")
    r.add_argument("file", help="hand record file ('-' for standard input)")
    r.add_argument("--json", action="store_true")
    r.set_defaults(func=cmd_replay)
    s = sub.add_parser("sheet", help="score sheet of a game from hand records")
    s.add_argument("files", nargs="+", help="game files, read in order as one game")
    s.add_argument("--write-off", action="store_true",
                   help="stop the game here and split the remaining bule (otpisivanje)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_sheet)
    a = sub.add_parser("advise", help="what the conventions advise the seat to act "
                       "(a hand record that stops at the question)")
    a.add_argument("file", help="hand record file ('-' for standard input)")
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=cmd_advise)
    q = sub.add_parser("quiz", help="quiz files: check items against the engine, handouts")
    qsub = q.add_subparsers(dest="quiz_command", required=True, parser_class=_Parser)
    qc = qsub.add_parser("check", help="check every item; exit 1 on any disagreement or "
                         "invalid item")
    qc.add_argument("files", nargs="+")
    qc.add_argument("--json", action="store_true")
    qc.set_defaults(func=cmd_quiz_check)
    qh = qsub.add_parser("handout", help="printable handout: the items with hand diagrams "
                         "and answer lines, then the answer key as a table on a new page")
    qh.add_argument("files", nargs="+")
    qh.add_argument("-o", "--output", required=True, help="the HTML file to write")
    qh.add_argument("--title", help="the handout's title (default: the files' names)")
    qh.add_argument("--four-colour", action="store_true",
                    help="one colour per suit (spades black, hearts red, diamonds blue, "
                    "clubs green)")
    qh.add_argument("--deck", choices=["french", "hungarian"], default=None,
                    help="the pack the cards are drawn in: french (the default) or "
                    "hungarian (the mađarice: leaves, hearts, bells, acorns)")
    qh.add_argument("--questions-only", action="store_true",
                    help="leave out the answer key")
    qh.add_argument("--ids", action="store_true",
                    help="show each item's id and the engine's rule tags in the key")
    qh.set_defaults(func=cmd_quiz_handout)
    cli_solve.register(sub)
    return p


def _shorten(message: str, most: int = 400) -> str:
    """A message cut in the middle when a long bad token makes it longer than
    ``most`` characters (its start names the place, its end what was expected).

    >>> _shorten("bad card '" + "X" * 1000 + "': expected a card", 60)
    "bad card 'XXXXXXXXXXXXXXXXXXXX … XXXXXXXXX': expected a card"
    """
    if len(message) <= most:
        return message
    head = most // 2
    return f"{message[:head]} … {message[-(most - head - 3):]}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit code."""
    try:
        check_environment()  # PREFA_LANG: the language the command speaks
    except PrefaError as e:
        print(f"prefa: error: PREFA_LANG: {e}", file=sys.stderr)
        return 2
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except PrefaError as e:
        print(f"prefa: error: {_shorten(str(e))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover
        return 0
    except UnicodeEncodeError:  # a terminal that cannot show the names or the suits
        enc = getattr(sys.stdout, "encoding", None) or "unknown"
        print(f"prefa: error: cannot write the output in this terminal's encoding ({enc}): "
              "set PYTHONIOENCODING=utf-8", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

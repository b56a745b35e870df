"""The ``prefa`` command (also ``python -m prefa``).

Subcommands: ``deal`` (a seeded random deal), ``replay`` (check a hand record,
print its tricks and score), ``sheet`` (a whole game's score sheet from hand
records), and those the solver adds (``solve``, ``leads``).  Text for people,
``--json`` for machines.  Bad input ends with exit code 2 and one line naming
the problem, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from . import cli_solve
from .balkan.hand import BalkanHand
from .balkan.scoring import Outcome, Sheet, score_change, write_off
from .deal import random_deal
from .errors import PrefaError
from .record import format_record, game_sheet, parse_game, parse_record, replay


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2 (argparse's own convention)
        message = " ".join(message.split())  # an argument quoted back may hold a line break
        self.exit(2, f"{self.prog}: error: {message}\n")


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        raise PrefaError(f"cannot read {path!r}: {e.strerror}") from None


# -- deal -------------------------------------------------------------------------
def cmd_deal(args: argparse.Namespace) -> int:
    d = random_deal(args.seed, players=args.players,
                    dealer=args.dealer if args.dealer is not None else None)
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
    hand = replay(parse_record(_read(args.file)))
    s = _hand_summary(hand)
    s["record"] = format_record(hand)
    if args.json:
        print(json.dumps(s))
    else:
        _print_summary(s)
    return 0


# -- sheet ------------------------------------------------------------------------
def cmd_sheet(args: argparse.Namespace) -> int:
    text = "\n---\n".join(_read(p) for p in args.files)
    game = parse_game(text)
    sheet, hands = game_sheet(game)
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
    print(f"{sheet.hands} hands")
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
    from .conventions.advise import advise_hand
    hand = replay(parse_record(_read(args.file)), partial=True)
    seat = hand.to_act
    advice = advise_hand(hand)
    if args.json:
        print(json.dumps({"seat": seat, "step": hand.phase.value, **advice.to_json()}))
        return 0
    print(f"seat {seat} ({hand.phase.value}): {advice.action}")
    print(f"  {advice.name} [{advice.convention}]: {advice.reason}")
    if advice.source:
        print(f"  source: {advice.source}")
    for school, other in advice.schools.items():
        print(f"  {school}: {other.action} — {other.name}: {other.reason}")
    return 0


# -- quiz -------------------------------------------------------------------------
def cmd_quiz_check(args: argparse.Namespace) -> int:
    from .quiz import check_text, report_json
    lines = []
    for path in args.files:
        lines.extend(check_text(_read(path), path))
    if args.json:
        print(report_json(lines))
    else:
        for ln in lines:
            print(f"{ln.status:9s} {ln.text}")
        n = {s: sum(1 for ln in lines if ln.status == s) for s in ("agrees", "disagrees", "invalid")}
        print(f"{n['agrees']} agree, {n['disagrees']} disagree, {n['invalid']} invalid")
    return 0 if all(ln.status == "agrees" for ln in lines) else 1


def cmd_quiz_handout(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .quiz import check_text
    from .quiz_render import handout_html
    lines = []
    for path in args.files:
        lines.extend(check_text(_read(path), path))
    bad = [ln for ln in lines if ln.status != "agrees"]
    if bad:  # a handout states the engine's answers: refuse what the check refuses
        for ln in bad:
            print(f"prefa: {ln.status}: {ln.text}", file=sys.stderr)
        print(f"prefa: nothing written: {len(bad)} item(s) invalid or disagreeing",
              file=sys.stderr)
        return 1
    title = args.title or ", ".join(Path(p).stem for p in args.files if p != "-") or "Quiz"
    html = handout_html([ln.result for ln in lines], title, four_colour=args.four_colour)
    try:
        # a title from argv or from file names may hold bytes that are not UTF-8 (as
        # surrogates): they are written as '?', not a crash
        with open(args.output, "w", encoding="utf-8", errors="replace") as f:
            f.write(html)
    except OSError as e:
        raise PrefaError(f"cannot write {args.output!r}: {e.strerror}") from None
    print(f"{len(lines)} items written to {args.output}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``prefa`` command."""
    p = _Parser(prog="prefa", description="Preferans engine: deals, hand records, score sheets, advice, solver.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    d = sub.add_parser("deal", help="print a seeded random deal (talon after '|')")
    d.add_argument("--seed", type=int, required=True, help="any whole number")
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
    qh = qsub.add_parser("handout", help="printable handout: the items with hand diagrams, "
                         "then the answer key with the engine's reasons on separate pages")
    qh.add_argument("files", nargs="+")
    qh.add_argument("-o", "--output", required=True, help="the HTML file to write")
    qh.add_argument("--title", help="the handout's title (default: the files' names)")
    qh.add_argument("--four-colour", action="store_true",
                    help="one colour per suit (spades black, hearts red, diamonds blue, "
                    "clubs green)")
    qh.set_defaults(func=cmd_quiz_handout)
    cli_solve.register(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except PrefaError as e:
        print(f"prefa: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

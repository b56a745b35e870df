"""Command-line front end of the solver: ``prefa solve`` and ``prefa leads``.

:func:`register` adds both subcommands to the ``prefa`` command's
subparsers; each sets ``func`` to a handler that takes the parsed
arguments and returns the exit code (0, or 2 on bad input after printing a
one-line message to stderr).  :func:`main` builds a stand-alone parser for
testing and for ``python -m prefa.cli_solve``.

>>> main(["solve", "--game", "sans", "--declarer", "0", "--leader", "1", "--json",
...       "SAK / SQJ / ST9"])
{"tricks": 2, "cards": {"QS": 2, "JS": 2}}
0
>>> main(["solve", "--game", "tennis", "--declarer", "0", "--leader", "1", "SAK / SQJ / ST9"])
2

``prefa leads`` is about the opening lead: the leader's hand is a full hand
of ten cards of the 32-card deck, ``--seen`` cards are cards out of play (so
none of them may be in that hand), ``-n`` is at most
:data:`~prefa.analysis.MAX_SAMPLES`, and a seed is a whole number 0 or more
(as for ``prefa deal``).  The progress bar is drawn on stderr only when it
is a terminal (and not with ``--quiet``), so logs and pipes stay clean.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from .analysis import MAX_SAMPLES, principal_variation
from .balkan.contract import Game
from .balkan.solve import evaluate_leads, position_from_deal
from .cards import CardSet, Suit, card_name, check_deck, parse_cards
from .deal import Deal
from .errors import PrefaError, RuleOptionError
from .play import Overtake, PlayRules
from .solver import Solver, wants_tricks

__all__ = ["main", "register"]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``solve`` and ``leads`` subcommands to ``subparsers``."""
    p = subparsers.add_parser(
        "solve", help="double-dummy solve a deal or a position in its play",
        description="Solve a three-hand deal double dummy: the declarer's tricks with best "
                    "play, and the result of each legal card of the player to move.")
    p.add_argument("deal", metavar="DEAL",
                   help='three hands in seat order, e.g. "SAQ87 HQ7 DAK87 / ... / ..." '
                        '(a "| talon" part is ignored)')
    _common(p)
    p.add_argument("--played", default="", metavar="CARDS",
                   help="cards already played, in order from the first lead")
    p.add_argument("--line", action="store_true",
                   help="also print a line of best play to the end")
    p.set_defaults(func=_cmd_solve)

    q = subparsers.add_parser(
        "leads", help="rank the leader's leads by sampling the unseen cards",
        description="Single-dummy lead evaluation: deal the unseen cards at random N times, "
                    "solve each layout double dummy, and report per lead the declarer's mean "
                    "tricks and how often the lead beats the game.")
    q.add_argument("hand", metavar="HAND", help='the leader\'s hand, e.g. "SAK7 HKQ DJ87 C97"')
    _common(q)
    q.add_argument("--known", action="append", default=[], metavar="SEAT:CARDS",
                   help='cards known to be in a seat\'s hand, e.g. "0:SA HK" (repeatable)')
    q.add_argument("--void", action="append", default=[], metavar="SEAT:SUITS",
                   help='suits a seat is known to be void in, e.g. "0:HD" (repeatable)')
    q.add_argument("--seen", default="", metavar="CARDS",
                   help="cards known to be out of play (e.g. a talon that was shown)")
    q.add_argument("-n", "--samples", default="200", metavar="N",
                   help=f"number of layouts to sample (default 200, at most {MAX_SAMPLES})")
    q.add_argument("--seed", default="0", metavar="SEED",
                   help="seed of the SplitMix64 generator (default 0)")
    q.add_argument("--workers", default="1", metavar="N",
                   help="processes to spread the layouts over (default 1)")
    q.add_argument("--quiet", action="store_true",
                   help="no progress bar on stderr (it is drawn only on a terminal)")
    q.set_defaults(func=_cmd_leads)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", required=True, metavar="G",
                   help="spades diamonds hearts clubs sans betl preferans "
                        "(pik karo herc tref accepted)")
    p.add_argument("--declarer", required=True, metavar="SEAT", help="declarer's seat, 0-2")
    p.add_argument("--leader", required=True, metavar="SEAT",
                   help="seat that leads to the first trick, 0-2")
    p.add_argument("--out", default=None, metavar="SEAT",
                   help="a defender who does not play (tricks have two cards)")
    p.add_argument("--overtake", action="store_true",
                   help="must overtake when following suit and must overtrump (Russian rules)")
    p.add_argument("--json", action="store_true", help="print JSON")


# -- argument parsing helpers -------------------------------------------------

def _seat(text: str | None, name: str) -> int | None:
    if text is None:
        return None
    if text.strip() not in ("0", "1", "2"):
        raise RuleOptionError(f"bad {name} seat {text!r}: expected 0, 1 or 2")
    return int(text)


def _count(text: str, name: str, minimum: int, maximum: int | None = None) -> int:
    try:
        n = int(text)
    except ValueError:
        n = minimum - 1
    if n < minimum or (maximum is not None and n > maximum):
        most = f" and <= {maximum}" if maximum is not None else ""
        raise RuleOptionError(f"bad {name} {text!r}: expected a whole number >= {minimum}{most}")
    return n


LEAD_HAND = 10
"""Cards in the leader's hand for ``prefa leads`` (the opening lead)."""


def _rules(game: Game, overtake: bool) -> PlayRules:
    if overtake:
        return PlayRules(trump=game.trump, overtake=Overtake.ALWAYS, must_overtrump=True)
    return PlayRules(trump=game.trump)


def _seat_items(items: list[str], what: str) -> list[tuple[int, str]]:
    out = []
    for item in items:
        seat, colon, rest = item.partition(":")
        if not colon:
            raise RuleOptionError(f"bad {what} {item!r}: expected SEAT:{what.upper()}, "
                                  "e.g. '0:SA HK'")
        out.append((_seat(seat, what), rest))
    return out


def _fail(command: str, err: PrefaError, stderr: TextIO) -> int:
    message = " ".join(str(err).split())
    print(f"prefa {command}: error: {message}", file=stderr)
    return 2


def _setting(args: argparse.Namespace) -> tuple[Game, int | None, int | None, int | None]:
    """The game and the seats shared by ``solve`` and ``leads`` (checked)."""
    return (Game.find(args.game), _seat(args.declarer, "declarer"),
            _seat(args.leader, "leader"), _seat(args.out, "out"))


# -- prefa solve --------------------------------------------------------------

def _cmd_solve(args: argparse.Namespace, stdout: TextIO | None = None,
               stderr: TextIO | None = None) -> int:
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    try:
        game, declarer, leader, out = _setting(args)
        deal = Deal.parse(args.deal, players=3)
        position = position_from_deal(deal, game, declarer, leader, parse_cards(args.played),
                                      out=out, rules=_rules(game, args.overtake))
        solver = Solver()
        tricks = solver.solve(position)
        table = solver.card_table(position)
        line = principal_variation(position, solver) if args.line else None
    except PrefaError as err:
        return _fail("solve", err, stderr)
    if args.json:
        print(json.dumps({"tricks": tricks,
                          "cards": {card_name(c): n for c, n in table.items()}}), file=stdout)
        return 0
    print(f"{game}: declarer (seat {position.declarer}) takes {tricks} trick"
          f"{'s' if tricks != 1 else ''} with best play", file=stdout)
    if position.is_over():
        print("the hand is over", file=stdout)
        return 0
    seat = position.to_move
    good = max if wants_tricks(position, seat) else min
    best = good(table.values())
    verb = "leads" if not position.trick else "plays"
    print(f"seat {seat} {verb}:", file=stdout)
    for c, n in sorted(table.items(), key=lambda kv: (kv[1] != best, -kv[1] if good is max
                                                       else kv[1])):
        mark = "  best" if n == best else ""
        print(f"  {card_name(c)}  {n}{mark}", file=stdout)
    if line is not None:
        print("line: " + " ".join(card_name(c) for c in line), file=stdout)
    return 0


# -- prefa leads --------------------------------------------------------------

class _Bar:
    """A one-line progress bar redrawn in place on a text stream."""

    def __init__(self, stream: TextIO, width: int = 30) -> None:
        self.stream = stream
        self.width = width

    def __call__(self, done: int, total: int) -> None:
        filled = self.width * done // total
        bar = "#" * filled + "." * (self.width - filled)
        end = "\n" if done == total else ""
        print(f"\r[{bar}] {done}/{total}", end=end, file=self.stream, flush=True)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


def _cmd_leads(args: argparse.Namespace, stdout: TextIO | None = None,
               stderr: TextIO | None = None) -> int:
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    try:
        game, declarer, leader, out = _setting(args)
        hand = CardSet.parse(args.hand)
        check_deck(hand, 32)
        if len(hand) != LEAD_HAND:
            raise RuleOptionError(f"the leader's hand {args.hand.strip()!r} has {len(hand)} "
                                  f"cards: expected a full hand of {LEAD_HAND}")
        known: dict[int, CardSet] = {}
        for seat, text in _seat_items(args.known, "known"):
            known[seat] = known.get(seat, CardSet()) | CardSet.parse(text)
        voids: dict[int, set[int]] = {}
        for seat, text in _seat_items(args.void, "void"):
            letters = [ch for ch in text if not ch.isspace()]
            if not letters:
                raise RuleOptionError(f"no suits given for the void of seat {seat}")
            voids.setdefault(seat, set()).update(int(Suit.find(ch)) for ch in letters)
        seen = CardSet.parse(args.seen) if args.seen.strip() else CardSet()
        samples = _count(args.samples, "number of samples", 1, MAX_SAMPLES)
        seed = _count(args.seed, "seed", 0)
        workers = _count(args.workers, "number of workers", 1)
        progress = None if args.quiet or not _is_terminal(stderr) else _Bar(stderr)
        report = evaluate_leads(hand, game, declarer, leader, known=known, voids=voids,
                                seen=seen, out=out, samples=samples, seed=seed,
                                rules=_rules(game, args.overtake), progress=progress,
                                workers=workers)
    except PrefaError as err:
        return _fail("leads", err, stderr)
    if args.json:
        print(json.dumps({"samples": report.samples, "seed": seed,
                          "leads": [{"card": card_name(s.card),
                                     "mean_tricks": round(s.mean_tricks, 4),
                                     "beat_chance": round(s.beat_chance, 4)}
                                    for s in report.leads]}), file=stdout)
        return 0
    print(f"{game}, declarer seat {declarer}, seat {leader} leads; "
          f"{report.samples} layouts (seed {seed})", file=stdout)
    print("lead  declarer tricks  beats", file=stdout)
    for s in report.leads:
        print(f"  {card_name(s.card)}  {s.mean_tricks:15.2f}  {s.beat_chance:5.0%}", file=stdout)
    return 0


# -- stand-alone entry point ----------------------------------------------------

def main(argv: Sequence[str] | None = None) -> int:
    """Run ``prefa solve`` / ``prefa leads`` from ``argv``; return the exit code."""
    parser = argparse.ArgumentParser(prog="prefa")
    sub = parser.add_subparsers(dest="command", required=True)
    register(sub)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

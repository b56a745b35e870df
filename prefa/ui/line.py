"""The solver's best line from a position, drawn trick by trick as static HTML.

:func:`line_tricks` plays the solver's line of best play
(:func:`prefa.analysis.principal_variation`) from a
:class:`~prefa.solver.Position` and cuts it into tricks: the first one
completes the trick in progress.  :func:`best_line_html` draws it: the
hands at the start (with the cards already played to the trick), then every
trick side by side, each with a sentence saying who won it and the tricks
so far.  A lesson shows a played-out line this way, all at once, where the
reader can look back at any trick.

Decisions: the declarer's count includes the tricks he had won before the
position (``Position.won``); a seat is named ``seat N`` as in the engine's
other drawings; a betl line says the declarer tries to take no trick.

>>> from prefa.deal import Deal
>>> from prefa.solver import Position
>>> p = Position.from_deal(Deal.parse("SAK / SQJ / ST9"), 0, 1)
>>> [(t["no"], t["cards"], t["winner"]) for t in line_tricks(p)]
[(1, ['QS', 'TS', 'AS'], 0), (2, ['KS', 'JS', '9S'], 0)]
>>> line_tricks(p)[-1]["caption"]
'Trick 2: seat 0 wins with K♠. Tricks: seat 0 2, seat 1 0, seat 2 0 (declarer 2).'
>>> html = best_line_html(p)
>>> html.count("<svg"), "The best line" in html   # three hands, two tricks
(5, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from ..analysis import principal_variation
from ..cards import card_name, card_symbol
from ..display import HtmlStr, table_svg, trick_svg
from ..i18n import _
from ..play import TrickPlay
from ..solver import Position

__all__ = ["best_line_html", "line_tricks"]


def _start(position: Position) -> TrickPlay:
    """The play at the start of the trick in progress (its cards back in the hands)."""
    hands = list(position.hands)
    order = position.seats_from(position.leader)
    for i, c in enumerate(position.trick):
        hands[order[i]] = hands[order[i]].add(c)
    return TrickPlay.start(hands, position.leader, position.rules, position.active)


def line_tricks(position: Position) -> list[dict]:
    """The best line from ``position`` as tricks: ``no``, ``seats``, ``cards``
    (names), ``winner``, ``won`` (tricks per seat so far) and ``caption``."""
    line = principal_variation(position)
    tp = _start(position)
    out: list[dict] = []
    for c in list(position.trick) + line:
        tp.play(c)
        if tp.trick:
            continue
        t = tp.tricks[-1]
        k = len(tp.tricks)
        won = {s: tp.won[s] for s in tp.active}
        declarer = tp.won[position.declarer] + position.won
        # Translators: each seat's tricks so far ("seat 0 2, seat 1 0")
        tally = ", ".join(_("seat {seat} {n}").format(seat=s, n=n) for s, n in won.items())
        # Translators: the caption of one trick of the solver's line
        caption = _("Trick {no}: seat {seat} wins with {card}. Tricks: {tally} "
                    "(declarer {declarer}).").format(
            no=k, seat=t.winner, card=card_symbol(t.cards[t.seats.index(t.winner)]),
            tally=tally, declarer=declarer)
        out.append({"no": k, "seats": list(t.seats), "cards": [card_name(x) for x in t.cards],
                    "winner": t.winner, "won": won, "declarer": declarer,
                    "caption": caption, "trick": list(zip(t.seats, t.cards))})
    return out


def best_line_html(position: Position, *, title: str | None = None,
                   labels: Mapping[int, str] | None = None,
                   four_colour: bool = False) -> HtmlStr:
    """The best line from ``position`` drawn: the table at the start, then each trick."""
    tricks = line_tricks(position)
    if title is None:
        title = (_("The best line: declarer seat {seat} tries to take no trick (betl)")
                 if position.goal == "betl" else
                 _("The best line: declarer seat {seat} tries to take his tricks")).format(
            seat=position.declarer)
    tp = _start(position)
    order = position.seats_from(position.leader)
    start_trick = [(order[i], c) for i, c in enumerate(position.trick)]
    labels = dict(labels) if labels else {position.declarer: _("declarer")}
    svg = table_svg(tp.hands, trick=start_trick, labels=labels, four_colour=four_colour)
    cells = "".join(
        f'<figure style="margin:0.3em 0.6em 0.6em 0;max-width:13em">'
        f'{trick_svg(t["trick"], four_colour=four_colour)}'
        f'<figcaption style="font-size:0.9em">{escape(t["caption"])}</figcaption></figure>'
        for t in tricks)
    return HtmlStr(f'<div class="pf-line"><p><b>{escape(title)}</b></p>{svg}'
                   f'<div style="display:flex;flex-wrap:wrap">{cells}</div></div>')

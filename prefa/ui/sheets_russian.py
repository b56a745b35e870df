"""The Russian score sheet (пуля) drawn as static HTML.

:func:`pulya_sheet_html` draws a :class:`~prefa.russian.scoring.Sheet` as one
table, a row per player: his pool (*пуля*), his gora (*гора*) and the whists
(*висты*) he has written on each other player, each the way players write
them on paper (the running totals separated by dots); with
``settlement=True`` a last column gives each player's result in pool points.
A picture built from the sheet, nothing interactive.

>>> from prefa.russian.contract import Contract
>>> from prefa.russian.scoring import HandResult, play_sheet
>>> s = play_sheet([HandResult.not_played(0, Contract.parse("6S")),
...                 HandResult.played(1, Contract.parse("7H"), (4, 5, 1))])
>>> html = pulya_sheet_html(s)
>>> html.count("<tr>"), 'aria-label="Score sheet' in html, html._repr_html_() == html
(4, True, True)
>>> "whists on you" in pulya_sheet_html(s, ["you", "left", "right"])
True
>>> 'rules, 1 hand"' in pulya_sheet_html(play_sheet([HandResult.not_played(0, Contract.parse("6S"))]))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..display import HtmlStr
from ..i18n import _, ngettext
from ..russian.scoring import Sheet, settle

__all__ = ["pulya_sheet_html"]


def pulya_sheet_html(sheet: Sheet, names: Sequence[str] | None = None, *,
                     settlement: bool = False) -> HtmlStr:
    """The sheet as a table; with ``settlement`` a last column gives each result.

    ``names`` names the players (one name each; otherwise they are ``seat 0``,
    ``seat 1``...)."""
    n = sheet.players
    # the table's keys ("you", "left") in the learner's words
    ns = ([_(x) for x in names] if names and len(names) == n
          else [_("seat {seat}").format(seat=p) for p in range(n)])
    st = settle(sheet) if settlement else None
    others = [_("whists on {name}").format(name=ns[q]) for q in range(n)]
    # Translators: the heads of the pulya sheet's columns (the Russian word after the English)
    heads = [_("seat"), _("pool (пуля)"), _("gora (гора)"), *others]
    if st:
        heads.append(_("result (pool points)"))
    head = "<tr>" + "".join(f'<th scope="col">{escape(h)}</th>'
                            for h in heads) + "</tr>"
    rows = []
    for p in range(n):
        full = " ✓" if sheet.pool[p] >= sheet.rules.pool_target else ""
        cells = [f'<th scope="row">{escape(ns[p]) if names else p}</th>',
                 f"<td>{escape(sheet.column_text(sheet.pool_history[p]))}{full}</td>",
                 f"<td>{escape(sheet.column_text(sheet.gora_history[p]))}</td>"]
        cells += [f"<td>{'—' if q == p else escape(sheet.whist_text(p, q))}</td>"
                  for q in range(n)]
        if st is not None:
            x = st.net[p]
            text = f"{int(x):+d}" if x.denominator == 1 else f"{float(x):+.2f}"
            cells.append(f"<td>{text}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    label = _("Score sheet: pool target {target}, {variant} rules, {hands}").format(
        target=sheet.rules.pool_target, variant=sheet.rules.variant,
        hands=ngettext("{n} hand", "{n} hands", sheet.hands).format(n=sheet.hands))
    return HtmlStr(f'<table class="prefa-sheet" aria-label="{escape(label)}" '
                   'style="border-collapse:collapse;text-align:center">'
                   f"<caption>{escape(label)}</caption><thead>{head}</thead>"
                   f"<tbody>{''.join(rows)}</tbody></table>")

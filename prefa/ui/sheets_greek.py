"""The Greek kasa sheet (κιτάπι) drawn as static HTML.

:func:`kasa_sheet_html` draws a :class:`~prefa.greek.kasa.KasaSheet` as
three plain tables: each player's kasa and kapikia, the kapikia between
each pair of players, and one row per hand (a hand's kasa paid in and its
kapikia; the last row ``shared out`` when the game stopped early).  It is a
picture built from the sheet, nothing interactive: a lesson writes its hands
with :func:`prefa.greek.kasa.score_hand` and shows the sheet after them.

Names: ``names`` gives one name per player; any other number of names (or
none) names the players ``Seat 0``, ``Seat 1``...

>>> from prefa.greek.kasa import HandResult, KasaSheet, score_hand
>>> s = score_hand(KasaSheet.new(), HandResult.played_hand(0, "6H", (6, 1, 3)))
>>> html = kasa_sheet_html(s, ("Stakis", "Megas", "salonik72"))
>>> html.count("<table"), "Hand by hand" in html, "<td>+15</td>" in html
(3, True, True)
>>> html._repr_html_() == html
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..display import HtmlStr
from ..greek.kasa import KasaSheet
from ..i18n import _, ngettext

__all__ = ["kasa_sheet_html"]

_STYLE = ("<style>.gk-sheet{border-collapse:collapse;margin:0.4em 0}"
          ".gk-sheet th,.gk-sheet td{border:1px solid #c8c8c8;padding:0.15em 0.7em;"
          "text-align:right}.gk-sheet th{text-align:center}"
          ".gk-sheet caption{text-align:left;font-weight:600}</style>")


def _names(sheet: KasaSheet, names: Sequence[str] | None) -> list[str]:
    if names and len(names) == sheet.players:
        return [_(x) for x in names]  # the table's keys ("you", "left") in the learner's words
    return [_("Seat {seat}").format(seat=p) for p in range(sheet.players)]


def kasa_sheet_html(sheet: KasaSheet, names: Sequence[str] | None = None) -> HtmlStr:
    """The sheet as HTML tables: the totals, the kapikia between players, the hands."""
    ns = _names(sheet, names)
    n = sheet.players
    head = "<tr><th></th>" + "".join(f'<th scope="col">{escape(x)}</th>' for x in ns) + "</tr>"
    # Translators: the row of the kasa sheet (the Greek word after the English)
    kasa_row = escape(_("kasa (κάσα)"))
    # Translators: the row of the kapikia on the kasa sheet (the Greek word after the English)
    kap_row = escape(_("kapikia (καπίκια)"))
    kasa = f'<tr><th scope="row">{kasa_row}</th>' + "".join(
        f"<td>{k}</td>" for k in sheet.kasa) + "</tr>"
    kap = f'<tr><th scope="row">{kap_row}</th>' + "".join(
        f"<td>{k:+d}</td>" for k in sheet.kapikia) + "</tr>"
    status = (_("game over: every kasa is zero") if sheet.is_over
              else _("kasa still open: {n}").format(n=sheet.remaining))
    caption = ngettext("The sheet after {n} hand ({status})",
                       "The sheet after {n} hands ({status})", sheet.hands).format(
        n=sheet.hands, status=status)
    out = [_STYLE, (f'<table class="gk-sheet"><caption>{escape(caption)}</caption>'
                    f"<thead>{head}</thead><tbody>{kasa}{kap}</tbody></table>")]
    rows = "".join('<tr><th scope="row">' + escape(_("won from {name}").format(name=ns[q]))
                   + "</th>" + "".join(
        "<td>–</td>" if p == q else f"<td>{sheet.ledger[p][q]:+d}</td>" for p in range(n))
        + "</tr>" for q in range(n))
    between = _("Kapikia between the players")
    out.append(f'<table class="gk-sheet"><caption>{escape(between)}</caption>'
               f"<thead>{head}</thead><tbody>{rows}</tbody></table>")
    if sheet.changes:
        # Translators: a hand's change of a player's kasa on the sheet ("+15 kasa")
        kasa_words = _("{value} kasa")
        # Translators: a hand's change of a player's kapikia on the sheet ("-5 kap.")
        kap_words = _("{value} kap.")
        hrows = []
        i = 0
        for ch in sheet.changes:
            i += not ch.final
            label = escape(_("shared out")) if ch.final else str(i)
            cells = "".join(
                "<td>" + ("" if not k else escape(kasa_words.format(value=f"{k:+d}")))
                + ("<br>" if k and m else "")
                + ("" if not m else escape(kap_words.format(value=f"{m:+d}"))) + "</td>"
                for k, m in zip(ch.kasa, ch.kapikia))
            hrows.append(f'<tr><th scope="row">{label}</th>{cells}</tr>')
        by_hand = _("Hand by hand")
        out.append(f'<table class="gk-sheet"><caption>{escape(by_hand)}</caption><thead>{head}'
                   f"</thead><tbody>{''.join(hrows)}</tbody></table>")
    return HtmlStr("".join(out))

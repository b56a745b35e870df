"""A notebook view of the kasa sheet (κιτάπι), updated hand by hand.

:func:`sheet_html` draws a :class:`~prefa.greek.kasa.KasaSheet` as HTML: each
player's kasa and kapikia, the kapikia between each pair of players, and
one row per hand.  :class:`KasaSheetView` is an ipywidget around it: write a
hand as a record (``auction``, ``contract``, ``defence``, ``tricks``...), press
*Add hand*, and the sheet moves on; *Undo* takes the last hand back and *Stop
early* shares out the kasas that are left.  Bad input shows a message, never
a traceback.

>>> from prefa.greek.kasa import KasaSheet
>>> "<table" in sheet_html(KasaSheet.new())
True
>>> v = KasaSheetView(names=("Stakis", "Megas", "salonik72"))
>>> v.add("auction: Πρώτα, pass, pass\\ncontract: 6H\\ndefence: play, play\\ntricks: 6 1 3")
True
>>> v.sheet.kasa, v.sheet.kapikia
((25, 30, 30), (-20, 5, 15))
>>> v.add("auction: Πρώτα, pass\\ncontract: 6H")
False
>>> v.message
'line 1: auction: the auction is not finished: seat 2 is to call'
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as widgets

from ..errors import PrefaError
from .hand import GreekHand, replay_text
from .kasa import HandResult, KasaSheet, score_hand
from .options import GreekRules

_STYLE = ("<style>.gk-sheet{border-collapse:collapse;margin:0.4em 0}"
          ".gk-sheet th,.gk-sheet td{border:1px solid #c8c8c8;padding:0.15em 0.7em;"
          "text-align:right}.gk-sheet th{text-align:center}"
          ".gk-sheet caption{text-align:left;font-weight:600}</style>")


def _names(sheet: KasaSheet, names: Sequence[str] | None) -> list[str]:
    if names and len(names) == sheet.players:
        return list(names)
    return [f"Seat {p}" for p in range(sheet.players)]


def sheet_html(sheet: KasaSheet, names: Sequence[str] | None = None) -> str:
    """The sheet as HTML tables: the totals, the kapikia between players, the hands."""
    ns = _names(sheet, names)
    n = sheet.players
    head = "<tr><th></th>" + "".join(f'<th scope="col">{escape(x)}</th>' for x in ns) + "</tr>"
    kasa = "<tr><th scope=\"row\">kasa (κάσα)</th>" + "".join(
        f"<td>{k}</td>" for k in sheet.kasa) + "</tr>"
    kap = "<tr><th scope=\"row\">kapikia (καπίκια)</th>" + "".join(
        f"<td>{k:+d}</td>" for k in sheet.kapikia) + "</tr>"
    status = ("game over: every kasa is zero" if sheet.is_over
              else f"kasa still open: {sheet.remaining}")
    out = [_STYLE, (f'<table class="gk-sheet"><caption>The sheet after {sheet.hands} '
                    f'hand{"s" if sheet.hands != 1 else ""} ({escape(status)})</caption>'
                    f"<thead>{head}</thead><tbody>{kasa}{kap}</tbody></table>")]
    rows = "".join("<tr><th scope=\"row\">won from " + escape(ns[q]) + "</th>" + "".join(
        "<td>–</td>" if p == q else f"<td>{sheet.ledger[p][q]:+d}</td>" for p in range(n))
        + "</tr>" for q in range(n))
    out.append(f'<table class="gk-sheet"><caption>Kapikia between the players</caption>'
               f"<thead>{head}</thead><tbody>{rows}</tbody></table>")
    if sheet.changes:
        hrows = []
        i = 0
        for ch in sheet.changes:
            i += not ch.final
            label = "shared out" if ch.final else str(i)
            cells = "".join(
                f"<td>{'' if not k else f'{k:+d} kasa'}{'<br>' if k and m else ''}"
                f"{'' if not m else f'{m:+d} kap.'}</td>" for k, m in zip(ch.kasa, ch.kapikia))
            hrows.append(f'<tr><th scope="row">{label}</th>{cells}</tr>')
        out.append(f'<table class="gk-sheet"><caption>Hand by hand</caption><thead>{head}'
                   f"</thead><tbody>{''.join(hrows)}</tbody></table>")
    return "".join(out)


class KasaSheetView(widgets.VBox):
    """The kasa sheet of a game as a widget, updated hand by hand.

    Drive it from Python with :meth:`add` (a record text, a finished
    :class:`~prefa.greek.hand.GreekHand` or a :class:`~prefa.greek.kasa.HandResult`),
    :meth:`undo` and :meth:`stop_early`; the buttons do the same with the text box.
    """

    def __init__(self, rules: GreekRules | None = None, *, names: Sequence[str] | None = None,
                 sheet: KasaSheet | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.history: list[KasaSheet] = [sheet if sheet is not None else KasaSheet.new(rules)]
        self.names = tuple(names) if names else None
        self.message = ""
        self.table = widgets.HTML()
        self.entry = widgets.Textarea(
            placeholder="auction: Πρώτα, pass, pass\ncontract: 6H\ndefence: play, play\n"
                        "tricks: 6 2 2",
            description="Hand:", layout=widgets.Layout(width="32em", height="7em"))
        self.add_button = widgets.Button(description="Add hand", button_style="primary")
        self.undo_button = widgets.Button(description="Undo")
        self.stop_button = widgets.Button(description="Stop early")
        self.feedback = widgets.HTML()
        self.add_button.on_click(lambda _b: self.add(self.entry.value))
        self.undo_button.on_click(lambda _b: self.undo())
        self.stop_button.on_click(lambda _b: self.stop_early())
        self.children = (self.table, self.entry,
                         widgets.HBox([self.add_button, self.undo_button, self.stop_button]),
                         self.feedback)
        self._show()

    @property
    def sheet(self) -> KasaSheet:
        """The sheet as it stands now."""
        return self.history[-1]

    @property
    def rules(self) -> GreekRules:
        return self.sheet.rules

    def _say(self, text: str, error: bool = False) -> None:
        self.message = text
        style = "color:#a00010;font-weight:600" if error else "color:inherit"
        role = ' role="alert"' if error else ""
        self.feedback.value = f'<p style="{style}"{role}>{escape(text)}</p>' if text else ""

    def _show(self) -> None:
        self.table.value = sheet_html(self.sheet, self.names)
        self.undo_button.disabled = len(self.history) == 1
        self.add_button.disabled = self.stop_button.disabled = self.sheet.is_over

    def add(self, hand: str | GreekHand | HandResult, *, lick: int | None = None) -> bool:
        """Write one hand on the sheet; on bad input show why and return False."""
        try:
            if isinstance(hand, str):
                hand = replay_text(hand, self.rules)
            result = hand.result() if isinstance(hand, GreekHand) else hand
            new = score_hand(self.sheet, result, lick=lick)
        except PrefaError as e:
            self._say(str(e), error=True)
            return False
        self.history.append(new)
        ch = new.changes[-1]
        self._say(f"Hand {new.hands}: " + ("; ".join(ch.notes + tuple(str(p) for p in ch.payments))
                                          or "nothing is written") + ".")
        self._show()
        return True

    def undo(self) -> bool:
        """Take the last hand back."""
        if len(self.history) == 1:
            self._say("Nothing to undo: no hand has been written.", error=True)
            return False
        self.history.pop()
        self._say("The last hand was taken back.")
        self._show()
        return True

    def stop_early(self) -> bool:
        """Stop the game: share out the kasas still open."""
        if self.sheet.is_over:
            self._say("The game is already over.", error=True)
            return False
        self.history.append(self.sheet.stop_early())
        self._say("The remaining kasas were shared out: final kapikia "
                  + ", ".join(f"{n} {k:+d}" for n, k in zip(_names(self.sheet, self.names),
                                                              self.sheet.kapikia)) + ".")
        self._show()
        return True

    def to_html(self) -> str:
        """The sheet as static HTML (what a page without a kernel shows)."""
        return sheet_html(self.sheet, self.names) + self.feedback.value

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        data["text/html"] = self.to_html()
        return data

    def text(self) -> str:
        """The sheet as plain text (for terminals and tests)."""
        return self.sheet.table(self.names)

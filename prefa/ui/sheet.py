"""The paper score sheet as plain data, for the views, and as static HTML.

:func:`sheet_data` turns a :class:`~prefa.balkan.scoring.Sheet` into a
JSON-serialisable dict the table view draws: per player the supe written
against the neighbour on the left, the bule in the middle (earlier values
to strike through, the hat over bule below zero), the supe against the
neighbour on the right; the refe triangles (one per round written, a side
ticked once that player has played his refe of the round); the remaining
bule and, when the game is over, the results in both sign conventions.

The two small drawings (a refe triangle, the hat) are the engine's SVG
(:func:`refe_svg`, :data:`HAT_SVG`), sent as markup so the view and the
static page draw them the same way.  :func:`sheet_html` is the static
rendering of the same data (a notebook shown without a kernel).

Balkan play goes to the right: a player's right neighbour is the seat that
plays after him (seat ``p + 1``), and the supe he writes against that player
stand in his right column, as on a real *tabla*.

>>> from prefa.balkan.contract import Contract, Game
>>> from prefa.balkan.scoring import HandResult, Sheet, score_hand
>>> s = score_hand(Sheet.new(), HandResult.played_hand(declarer=0, contract=Contract(Game.CLUBS),
...                tricks=(6, 2, 2), followers=(1, 2)))
>>> d = sheet_data(s, ["you", "right", "left"])
>>> [(p["name"], p["bule"], p["history"], p["left"], p["right"]) for p in d["players"]][:2]
[('you', 90, [100], [{'against': 'left', 'value': 0}], [{'against': 'right', 'value': 0}]), \
('right', 100, [], [{'against': 'you', 'value': 20}], [{'against': 'left', 'value': 0}])]
>>> d["remaining"], d["over"], d["caption"]
(290, False, 'Score sheet after 1 hand')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from ..i18n import _, ngettext
from ..balkan.scoring import Sheet

__all__ = ["HAT_SVG", "hat_svg", "refe_svg", "sheet_data", "sheet_html"]

HAT_SVG = ('<svg class="pf-hat" role="img" aria-label="under the hat" width="44" height="16" '
           'viewBox="0 0 44 16"><title>under the hat</title>'
           '<path d="M2 15H42M12 15V4Q12 1 15 1H29Q32 1 32 4V15" fill="none" '
           'stroke="currentColor" stroke-width="2"/></svg>')
"""The hat drawn over bule below zero (its words in English: :func:`hat_svg` speaks the
learner's language)."""


def hat_svg() -> str:
    """:data:`HAT_SVG` with its words in the learner's language.

    >>> hat_svg() == HAT_SVG
    True
    """
    words = escape(_("under the hat"), quote=True)
    return HAT_SVG.replace('"under the hat"', f'"{words}"').replace(">under the hat<",
                                                                   f">{words}<")


def refe_svg(sides: Sequence[bool], label: str = "refe") -> str:
    """One refe triangle (a polygon with one side per player); a played side is ticked.

    >>> refe_svg([True, False, False]).count("<circle")
    1
    """
    n = max(len(sides), 3)
    pts = [(20 + 16 * math.sin(2 * math.pi * i / n), 21 - 16 * math.cos(2 * math.pi * i / n))
           for i in range(n)]
    body = []
    for i in range(len(sides)):
        (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % n]
        body.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                    f'stroke="{"#b0001e" if sides[i] else "#1a1a1a"}" '
                    f'stroke-width="{3 if sides[i] else 1.2}"/>')
        if sides[i]:
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            body.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="2.5" fill="#b0001e"/>')
    return (f'<svg class="pf-refe" role="img" aria-label="{escape(label)}" width="40" '
            f'height="40" viewBox="0 0 40 40"><title>{escape(label)}</title>'
            f'{"".join(body)}</svg>')


def sheet_data(sheet: Sheet, names: Sequence[str] | None = None) -> dict:
    """The sheet as plain rows (see the module's docstring); ``names`` names the seats."""
    n = sheet.players
    label = [names[p] if names and p < len(names) else f"seat {p}" for p in range(n)]
    players = []
    for p in range(n):
        right = [(p + 1) % n]  # the next to play sits on his right
        left = [(p + k) % n for k in range(2, n)][::-1]
        hist = list(sheet.history[p]) if p < len(sheet.history) else []
        if hist and hist[-1] == sheet.bule[p]:
            hist = hist[:-1]
        players.append({
            "seat": p, "name": label[p],
            "left": [{"against": label[q], "value": sheet.supe[p][q]} for q in left],
            "right": [{"against": label[q], "value": sheet.supe[p][q]} for q in right],
            "bule": sheet.bule[p], "history": hist, "under_hat": sheet.under_hat(p),
            "refe": sheet.refe[p],
        })
    played = [max(sheet.refe_rounds - sheet.refe[p], 0) for p in range(n)]
    triangles = []
    for i in range(sheet.refe_rounds):
        sides = [i < played[p] for p in range(n)]
        done = [_(label[p]) for p in range(n) if sides[p]]
        text = (_("refe round {no}: played by {who}").format(no=i + 1, who=", ".join(done))
                if done else _("refe round {no}: played by nobody yet").format(no=i + 1))
        triangles.append({"label": text, "svg": refe_svg(sides, text)})
    results = None
    if sheet.is_over:
        low, high = sheet.results(), sheet.results_positive_good()
        results = [{"name": label[p], "lower": low[p], "higher": high[p]} for p in range(n)]
    # Translators: a player and the refe he has still to play ("you 1, left 2")
    to_play = ", ".join(_("{name} {n}").format(name=_(label[p]), n=sheet.refe[p])
                        for p in range(n) if sheet.refe[p])
    return {
        "caption": ngettext("Score sheet after {n} hand", "Score sheet after {n} hands",
                            sheet.hands).format(n=sheet.hands),
        "hands": sheet.hands,
        "players": players,
        "refe": {"rounds": sheet.refe_rounds, "limit": sheet.rules.refe_limit,
                 "to_play": to_play, "triangles": triangles},
        "remaining": sheet.remaining,
        "over": sheet.is_over,
        "results": results,
        "hat_svg": hat_svg(),
    }


def sheet_html(data: dict) -> str:
    """The static HTML of :func:`sheet_data`'s rows (the same sheet the view draws).

    >>> html = sheet_html(sheet_data(Sheet.new(), ["you", "left", "right"]))
    >>> html.count("<th "), "Remaining bule: <b>300</b>" in html
    (12, True)
    """
    cell = 'style="border:1px solid #888;padding:3px 8px;vertical-align:top;text-align:center"'
    # (the names are the view's keys, "you", "left", "right": said in the learner's words)
    head1 = "".join(f'<th colspan="3" {cell}>{escape(_(p["name"]))}</th>'
                    for p in data["players"])
    head2, row = [], []
    for p in data["players"]:
        left = ", ".join(_(x["against"]) for x in p["left"])
        right = ", ".join(_(x["against"]) for x in p["right"])
        # Translators: the head of a player's supe column: written against the players named
        supe_left = _("supe ← {who}").format(who=left)
        # Translators: the head of a player's supe column: written against the player named
        supe_right = _("supe → {who}").format(who=right)
        bule = _("bule")
        head2.append(f"<th {cell}>{escape(supe_left)}</th><th {cell}>{escape(bule)}</th>"
                     f"<th {cell}>{escape(supe_right)}</th>")
        old = "".join(f"<div><s>{v}</s></div>" for v in p["history"])
        now = f"<b>{p['bule']}</b>"
        if p["under_hat"]:
            hat = escape(_("under the hat"), quote=True)
            now = f'<div title="{hat}">{data["hat_svg"]}<br>{now}</div>'
        row.append(f"<td {cell}>{'<br>'.join(str(x['value']) for x in p['left'])}</td>"
                   f"<td {cell}>{old}{now}</td>"
                   f"<td {cell}>{'<br>'.join(str(x['value']) for x in p['right'])}</td>")
    out = [(f'<div class="pf-sheet"><table style="border-collapse:collapse">'
           f"<caption>{escape(data['caption'])}</caption><thead><tr>{head1}</tr>"
           f"<tr>{''.join(head2)}</tr></thead><tbody><tr>{''.join(row)}</tr></tbody></table>")]
    refe = data["refe"]
    rounds = {"rounds": refe["rounds"], "limit": refe["limit"], "left": refe["to_play"]}
    line = (_("Refe: {rounds} of {limit} rounds written; still to play: {left}.")
            if refe["to_play"] else _("Refe: {rounds} of {limit} rounds written."))
    out.append(f"<p>{escape(line.format(**rounds))}"
               + (" " + "".join(t["svg"] for t in refe["triangles"]) if refe["triangles"]
                  else "") + "</p>")
    bold = {"n": f"<b>{data['remaining']}</b>"}
    out.append("<p>" + (escape(_("Remaining bule: {n}; the game is over.")) if data["over"]
                        else escape(_("Remaining bule: {n}."))).format(**bold) + "</p>")
    if data["results"]:
        rows = "".join(f"<tr><td {cell}>{escape(_(r['name']))}</td><td {cell}>{r['lower']}</td>"
                       f"<td {cell}>{r['higher']}</td></tr>" for r in data["results"])
        heads = "".join(f"<th {cell}>{escape(_(h))}</th>"
                        for h in ("player", "lower is better", "higher is better"))
        results = _("Results")
        out.append(f'<table style="border-collapse:collapse"><caption>{escape(results)}'
                   f"</caption><thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table>")
    return "".join(out) + "</div>"

"""Table widgets for JupyterLab (ipywidgets): the bidding box, the score sheet, the replay.

- :class:`BiddingBox`: the auction so far (a small table by seat) and one
  button per *legal* call (from :meth:`Auction.legal_calls
  <prefa.balkan.auction.Auction.legal_calls>`), an *Undo* button and a
  message line.  A refused call shows the engine's message and changes
  nothing.
- :class:`SheetView`: a :class:`~prefa.balkan.scoring.Sheet` drawn as the
  paper sheet: per player the supe columns left and right and the bule in
  the middle with their history, the hat over bule below zero, the refe
  triangles, the remaining bule and, at the end, the results.
- :class:`ReplayView`: a played hand trick by trick with *Previous* and
  *Next*; :func:`best_line_replay` replays the solver's best line from a
  :class:`~prefa.solver.Position`.

Legality comes from the engine only (the auction, the play), so the widgets
say what the CLI and the solver say.  Each widget's display data also holds
a static HTML rendering of its current state (``text/html``), so a notebook
rendered without a kernel still shows the table.  Bad input shows a message
in the widget, never a traceback.

This module needs ``ipywidgets`` (the ``lessons`` extra); the engine does not.

>>> box = BiddingBox()
>>> [str(c) for c in box.auction.legal_calls()]
['pass', '2', 'igra', 'betl', 'sans']
>>> box.click("2"), box.click("5"), str(box.auction)
(True, False, '2')
>>> box.message_text
'5: numbers rise by exactly one: the next is 3 (seat 1 may say: pass, 3, igra, betl, sans)'
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from html import escape, unescape

import ipywidgets as widgets

from .analysis import principal_variation
from .balkan.auction import Auction, Call, auction_status
from .balkan.hand import BalkanHand
from .balkan.options import BalkanRules
from .balkan.scoring import Sheet
from .cards import Card, CardSet, card_name
from .display import table_svg, trick_svg
from .errors import PrefaError
from .play import TrickPlay
from .solver import Position

__all__ = [
    "BiddingBox",
    "ReplayView",
    "SheetView",
    "auction_html",
    "best_line_replay",
    "sheet_html",
]


def _plain(html: str) -> str:
    """HTML as the words a reader sees (for tests and terminals)."""
    text = re.sub(r"<br>", " ", html)
    return " ".join(unescape(re.sub(r"<[^>]+>", "", text)).split())


def _message(text: str, *, error: bool = True) -> str:
    if not text:
        return ""
    colour = "#c0102a" if error else "#157a2c"
    role = "alert" if error else "status"
    return (f'<p class="pt-message" role="{role}" style="color:{colour};margin:0.3em 0">'
            f"{escape(text)}</p>")


# ---------------------------------------------------------------------------
# The bidding box
# ---------------------------------------------------------------------------

def auction_rows(auction: Auction) -> list[list[str]]:
    """The calls of ``auction`` laid out by seat: one row per round, ``""`` for a seat
    that did not call in that round.

    >>> auction_rows(Auction.from_text("2, pass, 3, hold 3"))
    [['2', 'pass', '3'], ['hold 3', '', '']]
    """
    seats = auction.seats
    rows: list[list[str]] = []
    last = len(seats)
    for seat, call in auction.calls:
        col = seats.index(seat)
        if not rows or col <= last:
            rows.append([""] * len(seats))
        rows[-1][col] = str(call)
        last = col
    return rows


def auction_html(auction: Auction, names: Mapping[int, str] | None = None) -> str:
    """The auction as a static HTML table by seat, with its status line and the legal calls."""
    names = names or {}
    head = "".join(f'<th style="padding:2px 10px">{escape(names.get(s, f"Seat {s}"))}</th>'
                   for s in auction.seats)
    body = "".join(
        "<tr>" + "".join(f'<td style="padding:2px 10px;text-align:center">{escape(c)}</td>'
                         for c in row) + "</tr>"
        for row in auction_rows(auction))
    if not body:
        body = (f'<tr><td colspan="{len(auction.seats)}" style="text-align:center">'
                "<i>no calls yet</i></td></tr>")
    legal = ", ".join(str(c) for c in auction.legal_calls())
    out = (f'<div class="pt-auction"><table class="pt-auction-table" '
           f'style="border-collapse:collapse"><caption>Auction</caption><thead><tr>{head}'
           f"</tr></thead><tbody>{body}</tbody></table>"
           f'<p class="pt-status"><b>{escape(auction_status(auction))}</b></p>')
    if legal:
        out += f'<p class="pt-legal">Legal calls: {escape(legal)}</p>'
    return out + "</div>"


class BiddingBox(widgets.VBox):
    """A bidding box over a Balkan :class:`~prefa.balkan.auction.Auction`.

    ``auction`` is an :class:`Auction`, the text of the calls so far
    (``"2, pass, 3"``) or ``None`` for a new auction under ``rules``.  Only
    the legal calls get a button; :meth:`click` makes a call from its text
    (what a click on its button does), :meth:`undo` takes back the last call.
    A refused call, or an auction text that does not load, shows the
    engine's message in the widget.
    """

    def __init__(self, auction: Auction | str | None = None, rules: BalkanRules | None = None,
                 *, names: Mapping[int, str] | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.names = dict(names or {})
        self.table = widgets.HTML("")
        self.buttons = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
        self.undo_button = widgets.Button(description="Undo", icon="undo",
                                          tooltip="Take back the last call")
        self.undo_button.on_click(lambda _b: self.undo())
        self.message = widgets.HTML("")
        error = ""
        if isinstance(auction, str):
            try:
                auction = Auction.from_text(auction, rules)
            except PrefaError as e:
                auction, error = Auction(rules), f"The auction could not be loaded: {e}"
        self.auction: Auction = auction if auction is not None else Auction(rules)
        self.children = (self.table, self.buttons, self.undo_button, self.message)
        self._refresh(error)

    @property
    def call_buttons(self) -> list[widgets.Button]:
        """The buttons of the legal calls, in the engine's order."""
        return list(self.buttons.children)

    @property
    def message_text(self) -> str:
        """The message line as plain text ("" when there is none)."""
        return _plain(self.message.value)

    def click(self, call_text: str | Call) -> bool:
        """Make ``call_text`` for the seat to call; True when it was accepted.

        A call that does not parse or is not legal now shows the engine's
        message and leaves the auction as it was.
        """
        try:
            seat = self.auction.to_call
            self.auction.call(call_text)
        except PrefaError as e:
            self._refresh(str(e))
            return False
        self._refresh(f"Seat {seat}: {self.auction.calls[-1][1]}.", error=False)
        return True

    def undo(self) -> bool:
        """Take back the last call; True when there was one."""
        try:
            c = self.auction.undo()
        except PrefaError as e:
            self._refresh(str(e))
            return False
        self._refresh(f"Took back {c}.", error=False)
        return True

    def _refresh(self, message: str = "", *, error: bool = True) -> None:
        self.table.value = auction_html(self.auction, self.names)
        buttons = []
        for c in self.auction.legal_calls():
            b = widgets.Button(description=str(c), tooltip=f"Call {c}",
                               layout=widgets.Layout(width="auto"))
            b.on_click(lambda _b, c=c: self.click(c))
            buttons.append(b)
        self.buttons.children = tuple(buttons)
        self.undo_button.disabled = not self.auction.calls
        self.message.value = _message(message, error=error)

    def to_html(self) -> str:
        """The auction as static HTML (what the widget shows, without buttons)."""
        return auction_html(self.auction, self.names) + self.message.value

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        data["text/html"] = self.to_html()
        return data


# ---------------------------------------------------------------------------
# The score sheet
# ---------------------------------------------------------------------------

_HAT_SVG = ('<svg class="pt-hat" role="img" aria-label="hat" width="44" height="16" '
            'viewBox="0 0 44 16"><title>under the hat</title>'
            '<path d="M2 15H42M12 15V4Q12 1 15 1H29Q32 1 32 4V15" fill="none" '
            'stroke="#1a1a1a" stroke-width="2"/></svg>')


def refe_svg(sides: Sequence[bool], label: str = "refe") -> str:
    """One refe triangle (a polygon with one side per player); a played side is ticked."""
    n = max(len(sides), 3)
    pts = [(20 + 16 * math.sin(2 * math.pi * i / n), 21 - 16 * math.cos(2 * math.pi * i / n))
           for i in range(n)]
    body = []
    for i in range(len(sides)):
        (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % n]
        body.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                    f'stroke="{"#c0102a" if sides[i] else "#1a1a1a"}" '
                    f'stroke-width="{3 if sides[i] else 1.2}"/>')
        if sides[i]:
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            body.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="2.5" fill="#c0102a"/>')
    return (f'<svg class="pt-refe" role="img" aria-label="{escape(label)}" width="40" '
            f'height="40" viewBox="0 0 40 40"><title>{escape(label)}</title>'
            f'{"".join(body)}</svg>')


def _supe_sides(p: int, n: int) -> tuple[list[int], list[int]]:
    """The opponents whose supe column stands left and right of player p's bule."""
    others = [(p + k) % n for k in range(1, n)]
    right = [others[-1]]
    return others[:-1], right


def sheet_html(sheet: Sheet, names: Mapping[int, str] | Sequence[str] | None = None) -> str:
    """A :class:`~prefa.balkan.scoring.Sheet` as static HTML (the paper sheet).

    Per player: the supe he wrote against the next seat(s) on the left, his
    bule in the middle (earlier values struck through, a hat drawn over bule
    below zero), the supe against the previous seat on the right.  Then the
    refe triangles (one per round written; a player's side is ticked once he
    has played his refe of that round), the remaining bule and, when the game
    is over, the results in both sign conventions.
    """
    n = sheet.players
    if names is None:
        label = {p: f"Seat {p}" for p in range(n)}
    elif isinstance(names, Mapping):
        label = {p: names.get(p, f"Seat {p}") for p in range(n)}
    else:
        label = {p: (names[p] if p < len(names) else f"Seat {p}") for p in range(n)}
    cell = 'style="border:1px solid #888;padding:3px 8px;vertical-align:top;text-align:center"'
    head1 = "".join(f'<th colspan="3" {cell}>{escape(label[p])}</th>' for p in range(n))
    head2, row = [], []
    for p in range(n):
        left, right = _supe_sides(p, n)
        head2.append(f"<th {cell}>supe → {escape(', '.join(label[q] for q in left))}</th>"
                     f"<th {cell}>bule</th>"
                     f"<th {cell}>supe → {escape(', '.join(label[q] for q in right))}</th>")
        lsupe = "<br>".join(str(sheet.supe[p][q]) for q in left)
        rsupe = "<br>".join(str(sheet.supe[p][q]) for q in right)
        hist = list(sheet.history[p]) if p < len(sheet.history) and sheet.history[p] else []
        if not hist or hist[-1] != sheet.bule[p]:
            hist.append(sheet.bule[p])
        old = "".join(f'<div class="pt-bule-old"><s>{v}</s></div>' for v in hist[:-1])
        now = f'<b class="pt-bule">{sheet.bule[p]}</b>'
        if sheet.under_hat(p):
            now = (f'<div class="pt-under-hat" title="under the hat">{_HAT_SVG}<br>{now}'
                   f'<div style="font-size:80%">(under the hat)</div></div>')
        row.append(f'<td class="pt-supe" {cell}>{lsupe}</td>'
                   f'<td class="pt-bule-col" {cell}>{old}{now}</td>'
                   f'<td class="pt-supe" {cell}>{rsupe}</td>')
    out = [('<div class="pt-sheet"><table style="border-collapse:collapse">'
            f"<caption>Score sheet after {sheet.hands} hand{'s' if sheet.hands != 1 else ''}"
            f"</caption><thead><tr>{head1}</tr><tr>{''.join(head2)}</tr></thead>"
            f"<tbody><tr>{''.join(row)}</tr></tbody></table>")]
    played = [max(sheet.refe_rounds - sheet.refe[p], 0) for p in range(n)]
    tri = []
    for i in range(sheet.refe_rounds):
        sides = [i < played[p] for p in range(n)]
        done = [label[p] for p in range(n) if sides[p]]
        tri.append(refe_svg(sides, f"refe round {i + 1}: played by "
                            + (", ".join(done) if done else "nobody yet")))
    out.append(f'<p class="pt-refe-line">Refe: {sheet.refe_rounds} of '
               f"{sheet.rules.refe_limit} rounds written"
               + ("; still to play: " + ", ".join(f"{escape(label[p])} {sheet.refe[p]}"
                                                  for p in range(n) if sheet.refe[p])
                  if any(sheet.refe) else "")
               + (". " + "".join(tri) if tri else ".") + "</p>")
    out.append(f'<p class="pt-remaining">Remaining bule: <b>{sheet.remaining}</b>'
               + ("; the game is over." if sheet.is_over else ".") + "</p>")
    if sheet.is_over:
        low, high = sheet.results(), sheet.results_positive_good()
        rows = "".join(f"<tr><td {cell}>{escape(label[p])}</td><td {cell}>{low[p]}</td>"
                       f"<td {cell}>{high[p]}</td></tr>" for p in range(n))
        out.append(f'<table class="pt-results" style="border-collapse:collapse">'
                   f"<caption>Results</caption><thead><tr><th {cell}>player</th>"
                   f"<th {cell}>lower is better</th><th {cell}>higher is better</th></tr>"
                   f"</thead><tbody>{rows}</tbody></table>")
    return "".join(out) + "</div>"


class SheetView(widgets.HTML):
    """A score sheet as a widget; :meth:`update` shows a new sheet.

    ``names`` maps seats to player names (a mapping or a list).  Something
    that is not a :class:`~prefa.balkan.scoring.Sheet` shows a message.
    """

    def __init__(self, sheet: Sheet | None = None,
                 names: Mapping[int, str] | Sequence[str] | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.names = names
        self.sheet: Sheet | None = None
        self.update(sheet if sheet is not None else Sheet.new())

    def update(self, sheet: Sheet) -> None:
        """Show ``sheet`` (keeps the old one, with a message, when it is not a Sheet)."""
        if not isinstance(sheet, Sheet):
            msg = f"expected a score Sheet, got {type(sheet).__name__}"
            self.value = (sheet_html(self.sheet, self.names) if self.sheet else "") \
                + _message(msg)
            return
        self.sheet = sheet
        self.value = sheet_html(sheet, self.names)

    @property
    def text(self) -> str:
        """What the sheet shows, as plain text."""
        return _plain(self.value)

    def to_html(self) -> str:
        return self.value

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        data["text/html"] = self.to_html()
        return data


# ---------------------------------------------------------------------------
# The replay
# ---------------------------------------------------------------------------

class Frame:
    """One step of a replay: the hands left, the trick shown, the caption."""

    __slots__ = ("caption", "hands", "trick")

    def __init__(self, hands: Sequence[CardSet], trick: Sequence[tuple[int, Card]],
                 caption: str) -> None:
        self.hands = tuple(hands)
        self.trick = tuple(trick)
        self.caption = caption


def _frames(tp: TrickPlay, declarer: int | None, won_before: int = 0) -> list[Frame]:
    """Frames from the start of ``tp``'s play: the deal, then after each trick."""
    seq: list[tuple[int, Card]] = []
    for t in tp.tricks:
        seq += list(zip(t.seats, t.cards))
    seat = tp.leader
    for c in tp.trick:
        seq.append((seat, c))
        seat = tp.next_seat(seat)
    start = list(tp.hands)
    for s, c in seq:
        start[s] = start[s].add(c)
    first = tp.tricks[0].leader if tp.tricks else tp.leader
    play = TrickPlay.start(start, first, tp.rules, tp.active)
    frames = [Frame(start, (), f"Before the play: seat {first} leads.")]
    current: list[tuple[int, Card]] = []
    for s, c in seq:
        current.append((s, c))
        play.play(c)
        if not play.trick:  # the trick is complete
            t = play.tricks[-1]
            k = len(play.tricks)
            won = ", ".join(f"seat {x} {play.won[x]}" for x in play.active)
            extra = (f" (declarer {play.won[declarer] + won_before})"
                     if declarer is not None else "")
            frames.append(Frame(play.hands, current,
                                f"Trick {k}: seat {t.winner} wins with "
                                f"{card_name(t.cards[t.seats.index(t.winner)])}."
                                f" Tricks: {won}{extra}."))
            current = []
    if current:
        frames.append(Frame(play.hands, current,
                            f"Trick {len(play.tricks) + 1} in progress: seat {play.to_move} to play."))
    return frames


class ReplayView(widgets.VBox):
    """A hand replayed trick by trick, with *Previous* and *Next*.

    ``hand`` is a :class:`~prefa.balkan.hand.BalkanHand` (finished or
    partial) or a :class:`~prefa.play.TrickPlay`.  Step 0 shows the hands
    before the first lead; step k the table after trick k, its cards in the
    middle.  A hand without card play shows a message.
    """

    def __init__(self, hand: BalkanHand | TrickPlay, *, declarer: int | None = None,
                 title: str | None = None, four_colour: bool = False,
                 _frames_: list[Frame] | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.four_colour = four_colour
        self.title = title
        self.error: str | None = None
        self.frames: list[Frame] = []
        self.index = 0
        self.declarer = declarer
        try:
            if _frames_ is not None:
                self.frames = _frames_
            else:
                self.frames = self._load(hand)
        except PrefaError as e:
            self.error = str(e)
        self.picture = widgets.HTML("")
        self.caption = widgets.HTML("")
        self.prev_button = widgets.Button(description="Previous", icon="arrow-left")
        self.next_button = widgets.Button(description="Next", icon="arrow-right")
        self.prev_button.on_click(lambda _b: self.previous())
        self.next_button.on_click(lambda _b: self.next())
        self.children = (self.picture, self.caption,
                         widgets.HBox([self.prev_button, self.next_button]))
        self._show()

    def _load(self, hand: BalkanHand | TrickPlay) -> list[Frame]:
        if isinstance(hand, BalkanHand):
            if hand.play_state is None:
                raise PrefaError(f"this hand has no card play to replay (it is at the "
                                 f"{hand.phase.value} step)")
            if self.declarer is None:
                self.declarer = hand.declarer
            if self.title is None and hand.contract is not None:
                self.title = f"Seat {hand.declarer} plays {hand.contract}"
            return _frames(hand.play_state, self.declarer)
        if isinstance(hand, TrickPlay):
            return _frames(hand, self.declarer)
        raise PrefaError(f"expected a BalkanHand or a TrickPlay to replay, "
                         f"got {type(hand).__name__}")

    # -- moving ------------------------------------------------------------------------
    @property
    def steps(self) -> int:
        """How many steps the replay has (the start included)."""
        return len(self.frames)

    def next(self) -> int:
        """Go one trick forward (stays at the last); returns the step shown."""
        return self.go(self.index + 1)

    def previous(self) -> int:
        """Go one trick back (stays at the start); returns the step shown."""
        return self.go(self.index - 1)

    def go(self, step: int) -> int:
        """Show step ``step`` (clamped to the replay)."""
        self.index = max(0, min(step, len(self.frames) - 1)) if self.frames else 0
        self._show()
        return self.index

    @property
    def frame(self) -> Frame | None:
        """The step shown (``None`` when there is nothing to replay)."""
        return self.frames[self.index] if self.frames else None

    @property
    def caption_text(self) -> str:
        return _plain(self.caption.value)

    # -- drawing -------------------------------------------------------------------------
    def _show(self) -> None:
        f = self.frame
        if f is None:
            self.picture.value = _message(self.error or "nothing to replay")
            self.caption.value = ""
            self.prev_button.disabled = self.next_button.disabled = True
            return
        labels = {self.declarer: "declarer"} if self.declarer is not None else None
        self.picture.value = table_svg(f.hands, trick=f.trick, labels=labels,
                                       four_colour=self.four_colour, title=self.title)
        self.caption.value = (f'<p class="pt-replay-caption" role="status"><b>Step {self.index} '
                              f"of {len(self.frames) - 1}.</b> {escape(f.caption)}</p>")
        self.prev_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.frames) - 1

    def to_html(self) -> str:
        """The step shown, and every trick of the replay, as static HTML."""
        f = self.frame
        if f is None:
            return self.picture.value
        out = ['<div class="pt-replay">']
        if self.title:
            out.append(f"<p><b>{escape(self.title)}</b></p>")
        out += [self.picture.value, self.caption.value]
        tricks = [fr for fr in self.frames[1:] if fr.trick]
        if tricks:
            out.append('<details><summary>All tricks</summary>')
            for fr in tricks:
                out.append(f'<div>{trick_svg(fr.trick, four_colour=self.four_colour)}'
                           f"<br>{escape(fr.caption)}</div>")
            out.append("</details>")
        return "".join(out) + "</div>"

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        data["text/html"] = self.to_html()
        return data


def best_line_replay(position: Position, *, four_colour: bool = False) -> ReplayView:
    """A :class:`ReplayView` of the solver's best line from ``position``
    (:func:`prefa.analysis.principal_variation`), starting with the trick in progress.

    >>> from prefa.deal import Deal
    >>> p = Position.from_deal(Deal.parse("SAK / SQJ / ST9"), 0, 1)
    >>> r = best_line_replay(p)
    >>> r.steps, r.go(2), r.caption_text
    (3, 2, 'Step 2 of 2. Trick 2: seat 0 wins with KS. Tricks: seat 0 2, seat 1 0, seat 2 0 (declarer 2).')
    """
    try:
        line = principal_variation(position)
        hands = list(position.hands)
        order = position.seats_from(position.leader)
        for i, c in enumerate(position.trick):
            hands[order[i]] = hands[order[i]].add(c)
        tp = TrickPlay.start(hands, position.leader, position.rules, position.active)
        for c in list(position.trick) + line:
            tp.play(c)
        frames = _frames(tp, position.declarer, won_before=position.won)
    except PrefaError as e:
        view = ReplayView(None, _frames_=[], declarer=position.declarer,  # type: ignore[arg-type]
                          four_colour=four_colour)
        view.error = str(e)
        view._show()
        return view
    goal = "take no trick (betl)" if position.goal == "betl" else "take tricks"
    return ReplayView(tp, declarer=position.declarer, four_colour=four_colour, _frames_=frames,
                      title=f"Best line: declarer seat {position.declarer} tries to {goal}")

"""Cards, hands and deals drawn as SVG, for notebooks, the site and handouts.

Every drawing is a :class:`SvgStr`: a plain ``str`` of SVG markup that
Jupyter shows as a picture (it has ``_repr_svg_``); a card table
(:func:`table_svg`, :func:`deal_svg`) is an :class:`HtmlStr` instead, a few
such drawings in blocks that wrap, so that on a phone its hands stack at
full size rather than shrink.  The markup is self-contained: suit signs are
drawn as paths, text uses the reader's own fonts, nothing is loaded from
anywhere, no style sheet and no ``id`` is used, so any number of drawings can
share one page.  Each drawing has ``role="img"``, an ``aria-label`` and a
``<title>`` (a table: a ``title``) that name the cards in words.

Two colour schemes: the classic two colours (spades and clubs black, hearts
and diamonds red) and, with ``four_colour=True``, one colour per suit
(spades black, hearts red, diamonds blue, clubs green), easier to read when
a hand is fanned.

Two decks: every drawing takes ``deck=`` (``"french"``, the French-suited
cards, or ``"hungarian"``, the Hungarian-suited *mađarice*: leaves, hearts,
bells and acorns); ``None`` draws the default deck
(:func:`prefa.decks.set_deck`, or the session's deck while a session draws).
The deck styles, their signs and their rank indices live in
:mod:`prefa.decks`; a card's words stay the same in every deck.

>>> from prefa.cards import CardSet, parse_card
>>> card_words(parse_card("AS")), card_words(parse_card("TH"))
('ace of spades', 'ten of hearts')
>>> cards_words(CardSet.parse("SAQ HT7 C8"))
'ace and queen of spades; ten and seven of hearts; eight of clubs'
>>> svg = card_svg(parse_card("AS"))
>>> svg.startswith("<svg") and 'aria-label="ace of spades"' in svg
True
>>> svg._repr_svg_() == svg
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from html import escape, unescape

from .cards import SUIT_WORDS, Card, CardSet, card_name
from .cards import deck as full_deck
from .decks import Palette, deck_style
from .i18n import N_, NC_, _, ngettext, pgettext

# -- words ------------------------------------------------------------------------------
_RANK_WORDS = (N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
               N_("eight"), N_("nine"), N_("ten"), N_("jack"), N_("queen"), N_("king"),
               N_("ace"))
"""Each rank in words, marked for the catalog (the Serbian: kec, kralj, dama, pub...)."""


def card_words(card: Card) -> str:
    """The card in words, in the learner's language: ``'ace of spades'``."""
    return _("{rank} of {suit}").format(rank=_(_RANK_WORDS[card & 15]),
                                        suit=_(SUIT_WORDS[card >> 4]))


def cards_words(cards: Iterable[Card]) -> str:
    """Cards in words, grouped by suit in the order given.

    >>> cards_words([])
    'no cards'
    >>> from prefa.cards import parse_cards
    >>> cards_words(parse_cards("7C AS KS"))
    'seven of clubs; ace and king of spades'
    """
    groups: list[tuple[int, list[str]]] = []
    for c in cards:
        s = c >> 4
        if groups and groups[-1][0] == s:
            groups[-1][1].append(_(_RANK_WORDS[c & 15]))
        else:
            groups.append((s, [_(_RANK_WORDS[c & 15])]))
    if not groups:
        return _("no cards")
    out = []
    for s, ranks in groups:
        names = ranks[0] if len(ranks) == 1 else _("{ranks} and {rank}").format(
            ranks=", ".join(ranks[:-1]), rank=ranks[-1])
        out.append(_("{ranks} of {suit}").format(ranks=names, suit=_(SUIT_WORDS[s])))
    return "; ".join(out)


# -- the result type --------------------------------------------------------------------
_LABEL_RE = re.compile(r'aria-label="([^"]*)"')
_HIDDEN_RE = re.compile(r"<(style|script|title)\b[^>]*>.*?</\1>", re.DOTALL | re.IGNORECASE)
_TAG_RE = re.compile(r"<[^>]*>")


def plain_text(markup: str) -> str:
    """What a drawing shows, in words: its text where no picture can be shown.

    A notebook shows a picture's ``text/plain`` when it may not draw it (an
    untrusted notebook in JupyterLab draws no SVG), so a drawing's plain text
    is the words of its ``aria-label`` (the cards, by suit), never its markup;
    markup without a label gives its visible text.

    >>> from prefa.cards import CardSet
    >>> plain_text(hand_svg(CardSet.parse("SAK9 HQ")))
    'ace, king and nine of spades; queen of hearts'
    >>> plain_text('<table><tr><td>bule</td><td>30 &amp; 20</td></tr></table>')
    'bule 30 & 20'
    """
    m = _LABEL_RE.search(markup)
    if m:
        return unescape(m.group(1))
    return " ".join(unescape(_TAG_RE.sub(" ", _HIDDEN_RE.sub(" ", markup))).split())


class SvgStr(str):
    """SVG markup that Jupyter displays as a picture; otherwise an ordinary ``str``.

    Where the picture cannot be shown (an untrusted notebook, a terminal),
    IPython's plain text of it is its words (:func:`plain_text`), not its markup.
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_pretty_(self, p, cycle: bool) -> None:  # IPython's text/plain
        p.text(plain_text(self))


class HtmlStr(str):
    """HTML markup that Jupyter displays as such (it has ``_repr_html_``); otherwise a ``str``.

    Its plain text in IPython is its words (:func:`plain_text`), as a :class:`SvgStr`'s.

    >>> HtmlStr("<b>8</b>")._repr_html_()
    '<b>8</b>'
    """

    __slots__ = ()

    def _repr_html_(self) -> str:
        return str(self)

    def _repr_pretty_(self, p, cycle: bool) -> None:  # IPython's text/plain
        p.text(plain_text(self))


_CELL = 'style="border:1px solid #999;padding:3px 8px;text-align:left;vertical-align:top"'


def text_table(headers: Sequence[str], rows: Iterable[Sequence[str]], *,
               bold: Sequence[int] = (), code: Sequence[int] = ()) -> HtmlStr:
    """A plain table of words as HTML (inline styles, every text escaped): the
    columns in ``bold`` are set bold, those in ``code`` as engine words.

    >>> print(text_table(("a", "b"), [("x<y", "z")], code=(1,)).replace(_CELL, "S"))
    <table style="border-collapse:collapse"><thead><tr><th S>a</th><th S>b</th></tr></thead><tbody><tr><td S>x&lt;y</td><td S><code>z</code></td></tr></tbody></table>
    """
    def cell(k: int, text: str) -> str:
        t = escape(text, quote=False)
        if k in bold:
            t = f"<b>{t}</b>"
        if k in code:
            t = f"<code>{t}</code>"
        return f"<td {_CELL}>{t}</td>"
    head = "".join(f"<th {_CELL}>{escape(h, quote=False)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(cell(k, str(v)) for k, v in enumerate(r)) + "</tr>"
                   for r in rows)
    return HtmlStr(f'<table style="border-collapse:collapse"><thead><tr>{head}</tr></thead>'
                   f"<tbody>{body}</tbody></table>")


# -- colours and sizes ------------------------------------------------------------------
CLASSIC_COLOURS = deck_style("french").inks
"""Ink per suit (S H D C) in the classic two-colour scheme."""

FOUR_COLOURS = deck_style("french").four_inks
"""Ink per suit (S H D C) in the four-colour scheme: black, red, blue, green."""

CARD_W, CARD_H = 48, 68
"""Size of one card in SVG units."""

FAN_STEP = 20
"""Horizontal distance between two cards of a fanned hand (the visible corner)."""

ROW_STEP = 34
"""Vertical distance between two suit rows of a hand drawn in rows."""

PIP_X, PIP_Y, PIP_SIZE = CARD_W / 2 - 4, CARD_H / 2 - 4, 24
"""Where the large suit sign sits on a card face (its box's corner and size)."""

_LABEL_H = 18
_GAP = 16
_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif"

def _colours(four_colour: bool, deck: str | None = None) -> Palette:
    """The deck style ``deck`` (:func:`prefa.decks.deck_style`) with its inks."""
    return deck_style(deck).palette(four_colour)


def _pip_box(card: Card, colours: Palette) -> tuple[float, float, float]:
    return colours.style.pip_box(card & 15, (PIP_X, PIP_Y, PIP_SIZE))


def _card_g(card: Card, x: float, y: float, colours: Palette, pip: bool = True) -> str:
    """One card face with its top-left corner at (x, y); ``pip=False`` leaves out the
    large suit sign in the middle (for a card whose middle another card covers)."""
    s = card >> 4
    ink = colours[s]
    style = colours.style
    rank = style.rank_index(card & 15)
    tight = ' letter-spacing="-1"' if len(rank) > 1 else ""
    return (f'<g transform="translate({x:g} {y:g})">'
            f'<rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="5" '
            f'fill="#fff" stroke="#8a8a8a"/>'
            f'<text x="{4 if len(rank) == 1 else 2}" y="15" font-size="14" font-weight="700" '
            f'font-family="{_FONT}" fill="{ink}"{tight}>{rank}</text>'
            + style.sign(s, 4, 19, 11, ink)
            + (style.sign(s, *_pip_box(card, colours), ink) if pip else "")
            + "</g>")


def _back_g(x: float, y: float) -> str:
    """One card lying face down with its top-left corner at (x, y)."""
    return (f'<g transform="translate({x:g} {y:g})">'
            f'<rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="5" '
            f'fill="#2f4f7f" stroke="#8a8a8a"/>'
            f'<rect x="5" y="5" width="{CARD_W - 10}" height="{CARD_H - 10}" rx="3" '
            f'fill="none" stroke="#c9d6ea" stroke-width="1.5"/>'
            f'<path d="M{CARD_W / 2:g} 14L{CARD_W - 12:g} {CARD_H / 2:g}L{CARD_W / 2:g} '
            f'{CARD_H - 14:g}L12 {CARD_H / 2:g}Z" fill="#c9d6ea"/></g>')


def text_width(text: str, size: int = 13, weight: int = 400) -> float:
    """A generous estimate of the width of a line of text in the drawings' font.

    No font is measured (the drawings use the reader's own fonts): each
    character is taken as 0.62 of the size (0.68 in bold), wider than the
    average letter of the common sans-serif fonts, so a label always fits
    the width it is given.

    >>> text_width("Seat 0"), text_width("Seat 0", weight=700)
    (48.36, 53.04)
    """
    return round(len(text) * size * (0.68 if weight >= 600 else 0.62), 2)


def _text(x: float, y: float, text: str, *, anchor: str = "start", size: int = 13,
          weight: int = 400) -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" font-weight="{weight}" '
            f'font-family="{_FONT}" fill="#222" text-anchor="{anchor}">{escape(text)}</text>')


def fan_width(n: int) -> int:
    """Width of ``n`` cards fanned in one row (one card's width for none)."""
    return CARD_W + FAN_STEP * max(n - 1, 0)


def _fan_g(cards: Sequence[Card], x: float, y: float, colours: Palette,
           covered_from: float | None = None) -> str:
    """Cards fanned left to right; the last one shows its middle sign (the others'
    lies under the next card), unless a row below covers it from ``covered_from``
    (an x offset) on."""
    out = []
    for i, c in enumerate(cards):
        last = i == len(cards) - 1
        pip = last and (covered_from is None
                        or i * FAN_STEP + _pip_box(c, colours)[0] >= covered_from)
        out.append(_card_g(c, x + i * FAN_STEP, y, colours, pip))
    return "".join(out)


def _svg(body: str, width: float, height: float, label: str, title: str | None = None,
         decorative: bool = False) -> SvgStr:
    role = ('aria-hidden="true" focusable="false"' if decorative
            else f'role="img" aria-label="{escape(label, quote=True)}"')
    return SvgStr(f'<svg xmlns="http://www.w3.org/2000/svg" class="prefa-cards" '
                  f'width="{width:g}" height="{height:g}" viewBox="0 0 {width:g} {height:g}" '
                  f'{role}><title>{escape(title or label)}</title>{body}</svg>')


# -- public drawings ----------------------------------------------------------------------
def card_svg(card: Card, *, four_colour: bool = False, decorative: bool = False,
             deck: str | None = None) -> SvgStr:
    """One card.

    ``decorative=True`` hides the drawing from screen readers, for a card
    inside a control that names it already (a choice button).
    """
    return _svg(_card_g(card, 0, 0, _colours(four_colour, deck)), CARD_W, CARD_H,
                card_words(card), decorative=decorative)


def back_svg(n: int = 1) -> SvgStr:
    """``n`` cards lying face down, side by side (a hidden talon)."""
    body = "".join(_back_g(i * (CARD_W + 4), 0) for i in range(n))
    return _svg(body, max(n, 1) * (CARD_W + 4) - 4, CARD_H, _face_down(n))


def hand_svg(cards: Iterable[Card], *, layout: str = "auto", four_colour: bool = False,
             label: str | None = None, deck: str | None = None) -> SvgStr:
    """A hand, fanned in one row (``layout="fan"``) or one row per suit (``"rows"``).

    ``"auto"`` fans up to twelve cards and uses rows for more.  Cards are drawn
    in the order given (a :class:`~prefa.cards.CardSet` iterates S H D C, high
    first).  ``label`` is written above the cards and begins the description.

    >>> from prefa.cards import CardSet
    >>> svg = hand_svg(CardSet.parse("SAQ HT"), label="Seat 0")
    >>> 'aria-label="Seat 0: ace and queen of spades; ten of hearts"' in svg
    True
    """
    cs = list(cards)
    if layout == "auto":
        layout = "fan" if len(cs) <= 12 else "rows"
    if layout not in ("fan", "rows"):
        raise ValueError(f"bad layout {layout!r}: expected 'fan', 'rows' or 'auto'")
    colours = _colours(four_colour, deck)
    top = _LABEL_H if label else 0
    body = _text(0, 13, label, weight=700) if label else ""
    label_w = text_width(label, weight=700) if label else 0
    if layout == "fan":
        body += _fan_g(cs, 0, top, colours)
        width, height = max(fan_width(len(cs)), label_w), top + CARD_H
    else:
        rows: list[list[Card]] = []
        for c in cs:
            if rows and rows[-1][0] >> 4 == c >> 4:
                rows[-1].append(c)
            else:
                rows.append([c])
        for i, row in enumerate(rows):
            # a row below covers this one's middles (ROW_STEP < the card's height)
            below = fan_width(len(rows[i + 1])) if i + 1 < len(rows) else None
            body += _fan_g(row, 0, top + i * ROW_STEP, colours, covered_from=below)
        width = max([fan_width(len(r)) for r in rows] + [CARD_W, label_w])
        height = top + ROW_STEP * max(len(rows) - 1, 0) + CARD_H
    words = cards_words(cs)
    return _svg(body, width, height, _named(label, words) if label else words)


def trick_svg(trick: Sequence[Card] | Sequence[tuple[int, Card]], *,
              four_colour: bool = False, deck: str | None = None) -> SvgStr:
    """The cards of a trick side by side, lead first, each named below.

    ``trick`` is cards (named *lead*, *second*, *third*) or ``(seat, card)``
    pairs (named by seat).
    """
    pairs = [(t if isinstance(t, tuple) else (None, t)) for t in trick]
    body = _trick_g(pairs, 0, 0, _colours(four_colour, deck))
    return _svg(body, _trick_width(len(pairs)), CARD_H + _LABEL_H,
                _("Trick: {cards}").format(cards=_trick_words(pairs)))


_ORDINALS = (NC_("a trick's card", "lead"), NC_("a trick's card", "second"),
             NC_("a trick's card", "third"), NC_("a trick's card", "fourth"))
"""The cards of a trick drawn without their seats, named below each card."""


def _named(name: str, words: str) -> str:
    """A hand's or a seat's words after its name: ``'Seat 0: ace of spades'``."""
    # Translators: a hand's name, then its cards in words ("Seat 0: ace of spades").
    return _("{name}: {cards}").format(name=name, cards=words)


def seat_words(seat: int, label: str | None = None) -> str:
    """A seat's name in the drawings, with ``label`` after it: ``'Seat 1 (declarer)'``.

    >>> seat_words(0), seat_words(1, "declarer")
    ('Seat 0', 'Seat 1 (declarer)')
    """
    if not label:
        return _("Seat {seat}").format(seat=seat)
    # Translators: a seat's name in a drawing, and what the seat is ("you", "declarer", "to play")
    return _("Seat {seat} ({label})").format(seat=seat, label=label)


def _trick_width(n: int) -> int:
    return max(n, 1) * (CARD_W + 8) - 8


def _trick_g(pairs: Sequence[tuple[int | None, Card]], x: float, y: float,
             colours: Palette) -> str:
    out = []
    for i, (seat, card) in enumerate(pairs):
        cx = x + i * (CARD_W + 8)
        out.append(_card_g(card, cx, y, colours))
        name = (pgettext("a trick's card", _ORDINALS[i]) if seat is None
                else _("seat {seat}").format(seat=seat))
        out.append(_text(cx + CARD_W / 2, y + CARD_H + 14, name, anchor="middle", size=12))
    return "".join(out)


def _trick_words(pairs: Sequence[tuple[int | None, Card]]) -> str:
    if not pairs:
        return _("no cards yet")
    # Translators: one card of a trick in words, after its seat ("seat 0 ace of spades")
    return ", ".join(_("seat {seat} {card}").format(seat=s, card=card_words(c)) if s is not None
                     else card_words(c) for s, c in pairs)


TABLE_CLASS = "prefa-table"
"""The class of a card table's outer ``<div>`` (see :func:`table_svg`)."""

TABLE_FIT_CSS = (
    "{0} .prefa-table{{container-type:inline-size}}"
    "{0} .prefa-table>div{{flex-wrap:nowrap!important;"
    "column-gap:calc(var(--prefa-gap)*100cqw)!important}}"
    "{0} .prefa-table>div>div{{flex:0 0 auto!important;"
    "width:calc(var(--prefa-w)*100cqw)!important}}"
    "{0} .prefa-table svg.prefa-part{{width:calc(var(--prefa-w)*100cqw)!important}}")
"""A style sheet (``TABLE_FIT_CSS.format(".scope")``) under which a card table too
wide for its place is shrunk as one picture, rather than wrapped into a stack
of full-size hands: for print (a handout), where the paper is read closely.
(``!important``: the table's own inline styles would win otherwise.)  Every block of a table carries its width as a part
of the table's (``--prefa-w``) and every row its gap (``--prefa-gap``)."""


def _face_down(k: int) -> str:
    return ngettext("{n} card face down", "{n} cards face down", k).format(n=k)


def _talon_words(talon: CardSet, face_up: bool) -> str:
    return _("Talon: {cards}").format(cards=cards_words(talon) if face_up
                                      else _face_down(len(talon)))


def _trick_so_far(trick: Sequence[tuple[int, Card]]) -> str:
    return _("Trick so far: {cards}").format(cards=_trick_words(list(trick)))


def table_svg(hands: Sequence[CardSet], *, talon: CardSet | None = None,
              talon_face_up: bool = True, trick: Sequence[tuple[int, Card]] = (),
              labels: Mapping[int, str] | None = None, four_colour: bool = False,
              title: str | None = None, hidden: Mapping[int, int] | None = None,
              deck: str | None = None) -> HtmlStr:
    """A card table: seat 0 at the bottom, the other seats across the top (seat 1
    on the left), the talon and the trick in progress in the middle.

    ``labels`` adds words after a seat's name (``{0: "declarer"}``);
    ``hidden`` draws a seat's hand as that many cards face down (``{1: 10}``:
    a question shown as another seat sees the table), whatever ``hands`` holds;
    ``talon_face_up=False`` draws the talon face down; ``trick`` is the cards
    played to the current trick as ``(seat, card)`` pairs, lead first.

    The table is HTML, not one picture: a ``<div class="prefa-table">`` with
    ``role="img"`` and the whole table in words as its ``aria-label`` (and
    ``title``), holding one small SVG drawing per hand, one for the talon and
    one for the trick, in rows that wrap (CSS ``flex-wrap``, inline styles: no
    style sheet, no ``id``).  Where there is room (``data-width`` pixels, the
    width of the table) it looks like a single drawing, the top seats side by
    side; on a narrow screen (a phone) the seats stack, each one drawn at its
    full size, where a single drawing of four hands would have been shrunk to
    less than half of it and its ranks would have been unreadable.  A page that
    rather shrinks the table as one picture uses :data:`TABLE_FIT_CSS`.

    >>> from prefa.cards import CardSet
    >>> t = table_svg([CardSet.parse("SA"), CardSet.parse("HA"), CardSet.parse("DA")])
    >>> t.startswith('<div class="prefa-table" role="img" aria-label="Seat 0: ace of spades.')
    True
    >>> t.count("<svg"), drawing_width(t)
    (3, 460.0)
    """
    colours = _colours(four_colour, deck)
    labels = labels or {}
    hidden = dict(hidden or {})
    n = len(hands)
    hw = max([fan_width(hidden.get(s, len(h))) for s, h in enumerate(hands)] or [CARD_W])
    names = [seat_words(s, labels.get(s)) for s in range(n)]
    hw = max([hw, 200] + [text_width(t, weight=700) for t in names])  # room for the labels
    top = list(range(1, n))
    slot_gap = 40
    talon_n = len(talon) if talon is not None else 0
    talon_w = (talon_n * (CARD_W + 4) - 4) if talon_n else 0
    centre_w = (talon_w + 40 if talon_n else 0) + _trick_width(max(len(trick), 1))
    inner = max(len(top) * hw + max(len(top) - 1, 0) * slot_gap, centre_w, hw)
    margin = 10
    width = inner + 2 * margin
    block = _LABEL_H + CARD_H

    def frac(w: float) -> str:  # a width as a part of the table's (for TABLE_FIT_CSS)
        return f"--prefa-w:{w / inner:.4f}"

    def part(body: str, w: float, h: float, words: str) -> str:
        # hidden from screen readers (the table's own name says it all); shrunk to a
        # block narrower than the drawing, never stretched
        svg = _svg(body, w, h, words, decorative=True)
        return svg.replace('class="prefa-cards"', 'class="prefa-cards prefa-part" '
                           f'style="display:block;max-width:100%;height:auto;margin:0 auto;{frac(w)}"', 1)

    def hand_part(s: int) -> tuple[str, float]:
        cs = list(hands[s])
        g = _text(0, 13, names[s], weight=700)
        if s in hidden:
            k = hidden[s]
            g += "".join(_back_g(i * FAN_STEP, _LABEL_H) for i in range(k))
            w = max(fan_width(k), text_width(names[s], weight=700))
            return part(g, w, block, _named(names[s], _face_down(k))), w
        if cs:
            g += _fan_g(cs, 0, _LABEL_H, colours)
        else:
            g += _text(0, _LABEL_H + CARD_H / 2, _("no cards"), size=12)
        w = max(fan_width(len(cs)) if cs else text_width(_("no cards"), 12),
                text_width(names[s], weight=700))
        return part(g, w, block, _named(names[s], cards_words(cs))), w

    def row(where: str, gap: float, blocks: list[tuple[str, float, str]]) -> str:
        return (f'<div class="prefa-{where}" style="display:flex;flex-wrap:wrap;'
                f'gap:{_GAP}px {gap:g}px;justify-content:center;--prefa-gap:{gap / inner:.4f}">'
                + "".join(f'<div style="min-width:0;{extra}{frac(w)}">{svg}</div>'
                          for svg, w, extra in blocks) + "</div>")

    rows = []
    if len(top) > 1:
        # each top seat in a slot as wide as the widest hand: side by side they sit
        # where the single drawing had them; alone on a line (a phone), centred
        slot = f"flex:0 1 {hw:g}px;margin:0 auto;"
        rows.append(row("top", slot_gap, [(hand_part(s)[0], hw, slot) for s in top]))
    elif top:
        rows.append(row("top", slot_gap, [(*hand_part(top[0]), "")]))
    middle = []
    if talon_n:
        body = _text(0, 13, _("Talon"), weight=700)
        for i, c in enumerate(talon):
            xx = i * (CARD_W + 4)
            body += (_card_g(c, xx, _LABEL_H, colours) if talon_face_up
                     else _back_g(xx, _LABEL_H))
        w = max(talon_w, text_width(_("Talon"), weight=700))
        middle.append((part(body, w, block, _talon_words(talon, talon_face_up)), w, ""))
    if trick:
        # Translators: the heading of the cards played to the trick in progress
        body = (_text(0, 13, pgettext("the trick in progress", "Trick"), weight=700)
                + _trick_g(list(trick), 0, _LABEL_H, colours))
        w = _trick_width(len(trick))
        middle.append((part(body, w, block + 18, _trick_so_far(trick)), w, ""))
    if middle:
        rows.append(row("middle", 40, middle))
    if n:
        rows.append(row("bottom", 0, [(*hand_part(0), "")]))
    words = [_named(names[s], _face_down(hidden[s]) if s in hidden else cards_words(hands[s]))
             for s in range(n)]
    if talon_n:
        words.append(_talon_words(talon, talon_face_up))
    if trick:
        words.append(_trick_so_far(trick))
    label = ". ".join(words) + "."
    return HtmlStr(
        f'<div class="{TABLE_CLASS}" role="img" aria-label="{escape(label, quote=True)}" '
        f'title="{escape(title or label, quote=True)}" data-width="{width:g}" '
        f'style="box-sizing:border-box;width:{width:g}px;max-width:100%;padding:{margin}px;'
        f'display:flex;flex-direction:column;gap:{_GAP}px;font-size:13px;line-height:1">'
        + "".join(rows) + "</div>")


_DRAWING_WIDTH = re.compile(r'<(?:svg|div)\b[^>]*?\b(?:data-)?width="([\d.]+)"')


def drawing_width(markup: str) -> float | None:
    """The full width of a drawing (an SVG picture or a :func:`table_svg` table) in
    CSS pixels, ``None`` when ``markup`` holds none.

    >>> drawing_width(card_svg(0)), drawing_width("<p>no cards</p>")
    (48.0, None)
    """
    m = _DRAWING_WIDTH.search(markup or "")
    return float(m.group(1)) if m else None


def deal_svg(deal, *, four_colour: bool = False, talon_face_up: bool = True,
             title: str | None = None, deck: str | None = None) -> HtmlStr:
    """A :class:`~prefa.deal.Deal` drawn as a table (see :func:`table_svg`).

    >>> from prefa.deal import random_deal
    >>> html = deal_svg(random_deal(7))
    >>> html.count("<svg"), "Talon: ten of spades; ace of hearts." in html
    (4, True)
    """
    return table_svg(deal.hands, talon=deal.talon if deal.talon else None,
                     talon_face_up=talon_face_up, four_colour=four_colour, title=title,
                     deck=deck)


# -- the sprite of the interactive views ------------------------------------------------------
def sprite_id(card: Card | None, *, four_colour: bool = False, deck: str | None = None) -> str:
    """The id of a card's symbol in :func:`card_sprite` (``None``: the back).

    >>> from prefa.cards import parse_card
    >>> sprite_id(parse_card("TH")), sprite_id(None)
    ('prefa-card-TH', 'prefa-card-back')
    >>> sprite_id(parse_card("TH"), deck="hungarian"), sprite_id(None, deck="hungarian")
    ('prefa-cardhu-TH', 'prefa-cardhu-back')
    """
    key = deck_style(deck).key  # a deck of its own colours: no four-colour variant
    if card is None:
        return f"prefa-card{key}-back"
    return f"prefa-card{key or ('4' if four_colour else '')}-{card_name(card)}"


def card_sprite(size: int = 52, *, four_colour: bool = False, deck: str | None = None) -> SvgStr:
    """Every card of the ``size``-card deck and the back, once, as SVG symbols.

    The interactive views (:mod:`prefa.ui`) put this drawing into the page
    once and show a card as ``<svg><use href="#prefa-card-AS"/></svg>``, so the
    cards on screen are the engine's own drawing (nothing is drawn twice, in
    two languages).  Each symbol's view box is one card, ``CARD_W`` by
    ``CARD_H``.  A deck with a key of its own (:mod:`prefa.decks`: the
    Hungarian one, ``prefa-cardhu-AS``) has its own ids, its back among them,
    so both decks' sprites can share a page; it also holds each suit's sign
    alone (``prefa-cardhu-sign-S``, a 100-unit square), for a card written
    as text (``10`` and the sign).  The outer ``<svg>`` names its deck in
    ``data-deck``.

    >>> s = card_sprite(32)
    >>> s.count("<symbol"), 'id="prefa-card-AS"' in s, 'id="prefa-card-back"' in s
    (33, True, True)
    >>> h = card_sprite(32, deck="hungarian")
    >>> h.count("<symbol"), 'id="prefa-cardhu-AS"' in h, 'data-deck="hungarian"' in h
    (37, True, True)
    """
    colours = _colours(four_colour, deck)
    style = colours.style
    symbols = [f'<symbol id="{sprite_id(c, four_colour=four_colour, deck=style.name)}" '
               f'viewBox="0 0 {CARD_W} {CARD_H}">{_card_g(c, 0, 0, colours)}</symbol>'
               for c in full_deck(size)]
    symbols.append(f'<symbol id="{sprite_id(None, deck=style.name)}" '
                   f'viewBox="0 0 {CARD_W} {CARD_H}">{_back_g(0, 0)}</symbol>')
    if style.key:
        symbols += [f'<symbol id="prefa-card{style.key}-sign-{"SHDC"[s]}" viewBox="0 0 100 100">'
                    f'{style.sign(s, 0, 0, 100, colours[s])}</symbol>' for s in range(4)]
    return SvgStr('<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" '
                  'style="position:absolute" aria-hidden="true" focusable="false" '
                  f'data-deck="{style.name}"><defs>{"".join(symbols)}</defs></svg>')

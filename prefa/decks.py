"""The deck styles: how a card is drawn, French-suited or Hungarian-suited.

A card is the same card whichever deck draws it: the ace of spades of the
engine is the ace of *pik* in the French-suited pack and the ace (*kec*) of
*zelen* in the Hungarian-suited one (*mađarice*), which many Serbian and
Croatian tables prefer (the Serbian rules text: "most players like the
*mađarice*, whose suits are easier to tell apart").  A deck style is data:
the suits' names at the table, their inks, their signs (our own vector
outlines, in a 100 by 100 box) and the rank index each card carries.
:mod:`prefa.display` draws every card through the style it is given
(``deck="hungarian"``); the words of a card stay the course's own
(*ace of spades*), in every deck, so a message, a quiz reason and a screen
reader say the same whatever picture is drawn.

Which suit is which (the Serbian rules text, which gives the other names too):

- *zelen* (leaves; also *list*) is *pik*, spades ♠;
- *crven* (hearts; also *srce*) is *herc*, hearts ♥;
- *tikva* (bells; also *bundeva*, *dinare*, *buča*) is *karo*, diamonds ♦;
- *žir* (acorns; also *mak*, *mača*) is *tref*, clubs ♣.

**How the Hungarian cards are drawn** (decisions of this module):

- The four signs are simple shapes of our own, each in the pack's colours:
  a green leaf with its veins, a red heart, a golden bell with its band and
  slit, a brown acorn under a dark cap.  Their outlines differ as much as
  the pack's do (a leaf points up, a heart down, a bell is round with a
  knob, an acorn is an egg under a flat cap), so a suit is told by its
  shape alone, at the 34-pixel cards of a phone and by a colour-blind
  player too; the colours are chosen far apart in lightness (bells light,
  hearts and leaves middle, acorns dark), the four-colour idea of the
  French deck's ``four_colour=True``.  The Hungarian pack has four colours
  by nature, so ``four_colour`` changes nothing in it.
- The corner index: the pack most tables use (the Tell pattern) marks its
  number cards with Roman numerals (VII to X) and its figures with none; a drawing 34 pixels wide cannot
  show "VIII", so the index is what the pack's players say: **A** for the
  ace (the *daus*, *kec*), **K** the king, **O** the ober (the upper knave,
  the queen's place: *dama*), **U** the unter (the lower knave, the jack's:
  *pub*), and **10 9 8 7** in Arabic numerals.  The index is written in the
  suit's darker ink (a golden bell's index in dark orange, readable on
  white).
- The figures are not drawn; two marks of the pack remain: the ace's sign
  is large (the *daus* carries one big sign), the ober holds his sign high
  and the unter low, as on the pack's pictures.
- A 52-card deck (the Priffe game) has no Hungarian pack: its small cards
  are drawn with the Hungarian signs and their numbers all the same, so
  every view works in every deck.

>>> hu = deck_style("hungarian")
>>> hu.suit_names, hu.rank_index(12), hu.rank_index(8)
(('zelen', 'crven', 'tikva', 'žir'), 'A', '10')
>>> [deck_style(None).name, deck_style("french").suit_names]
['french', ('pik', 'herc', 'karo', 'tref')]
>>> deck_style("german")
Traceback (most recent call last):
...
prefa.errors.PrefaError: no deck 'german': expected one of french, hungarian
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field

from .errors import PrefaError
from .i18n import N_, NC_, _, pgettext, table_word

SIGN = "the sign on a card"
"""The catalog's context of a suit's sign (the Hungarian red suit's sign is a heart,
*srce*, where the French suit of hearts is *herc*).  Written out in each ``NC_``
call: the catalog's extractor reads only literal text."""

__all__ = ["DECKS", "DEFAULT_DECK", "DeckStyle", "Palette", "deck_choices", "deck_names",
           "deck_style", "default_deck", "in_every_deck", "set_deck", "suit_table",
           "using_deck"]


# -- the signs, each in a 100 x 100 box (our own outlines) -----------------------------------
_FRENCH_SIGNS = (
    # spade: a heart upside down on a flared stem
    ("M50 2C82 30 100 44 100 62C100 77 89 87 75 87C65 87 58 82 54 74C55 85 60 93 70 100"
     "H30C40 93 45 85 46 74C42 82 35 87 25 87C11 87 0 77 0 62C0 44 18 30 50 2Z"),
    # heart
    ("M50 96C16 68 0 50 0 29C0 13 12 2 27 2C38 2 46 9 50 18C54 9 62 2 73 2C88 2 100 13"
     " 100 29C100 50 84 68 50 96Z"),
    # diamond
    "M50 0L90 50L50 100L10 50Z",
    # club: three leaves on a flared stem
    ("M28 27a22 22 0 1 0 44 0a22 22 0 1 0 -44 0Z"
     "M4 60a22 22 0 1 0 44 0a22 22 0 1 0 -44 0Z"
     "M52 60a22 22 0 1 0 44 0a22 22 0 1 0 -44 0Z"
     "M45 55C45 80 40 92 30 100H70C60 92 55 80 55 55Z"),
)
"""The French signs, one path each, filled with the suit's ink."""

_LEAF = (
    # a broad leaf, pointed at the top, two lobes at the foot, and its stalk curling right
    '<path d="M50 1C63 14 90 28 93 54C95 74 79 84 60 79C58 84 56 88 58 93C61 97 67 98 73 97'
    'L72 100C62 101 53 98 51 91C50 87 51 83 52 79C33 86 6 76 7 54C9 28 37 14 50 1Z" '
    'fill="#1a9460" stroke="#0b4a33" stroke-width="4" stroke-linejoin="round"/>'
    # the veins
    '<path d="M50 14V76M50 40L31 29M50 40L69 29M50 58L24 46M50 58L76 46" fill="none" '
    'stroke="#d6f5e6" stroke-width="4.5" stroke-linecap="round"/>')
_HEART = (
    '<path d="M50 95C18 70 3 52 3 31C3 15 15 4 29 4C39 4 46 10 50 19C54 10 61 4 71 4'
    'C85 4 97 15 97 31C97 52 82 70 50 95Z" fill="#d8202e" stroke="#7a0a14" stroke-width="4"'
    ' stroke-linejoin="round"/>'
    # a highlight, as the pack's hearts have
    '<path d="M20 22C24 14 32 13 37 17" fill="none" stroke="#f7b3b8" stroke-width="5"'
    ' stroke-linecap="round"/>')
_BELL = (
    # the knob on top
    '<circle cx="50" cy="12" r="9" fill="#f5b800" stroke="#6b3e00" stroke-width="4"/>'
    # the round bell
    '<circle cx="50" cy="57" r="39" fill="#f5b800" stroke="#6b3e00" stroke-width="4"/>'
    # its band
    '<path d="M13 45C36 36 64 36 87 45L89 56C64 47 36 47 11 56Z" fill="#c2401a"'
    ' stroke="#6b3e00" stroke-width="3" stroke-linejoin="round"/>'
    # the slit at the bottom, with a hole at each end
    '<path d="M30 74H70" stroke="#6b3e00" stroke-width="6" stroke-linecap="round"/>'
    '<circle cx="50" cy="84" r="5" fill="#6b3e00"/>')
_ACORN = (
    # the stalk
    '<path d="M50 24V6C50 3 55 1 58 3" fill="none" stroke="#3b2208" stroke-width="7"'
    ' stroke-linecap="round"/>'
    # the nut, an egg pointing down
    '<path d="M25 44C22 72 36 97 50 99C64 97 78 72 75 44Z" fill="#b86a22" stroke="#3b2208"'
    ' stroke-width="4" stroke-linejoin="round"/>'
    '<path d="M38 58C37 70 41 80 46 86" fill="none" stroke="#e9b27a" stroke-width="4.5"'
    ' stroke-linecap="round"/>'
    # the cap, wider than the nut, with its scales
    '<path d="M14 47C14 30 30 21 50 21C70 21 86 30 86 47C70 52 30 52 14 47Z" fill="#4a2a0c"'
    ' stroke="#2a1604" stroke-width="4" stroke-linejoin="round"/>'
    '<path d="M28 30L40 46M44 25L54 47M60 25L67 45M74 30L78 42" fill="none" stroke="#8c6238"'
    ' stroke-width="3" stroke-linecap="round"/>')
_HUNGARIAN_SIGNS = (_LEAF, _HEART, _BELL, _ACORN)
"""The Hungarian signs (S H D C: leaves, hearts, bells, acorns), each drawn in its own colours."""


@dataclass(frozen=True)
class DeckStyle:
    """One way to draw the cards: the suits' names, inks and signs, the rank index.

    ``suit_names`` are the suits' names at the table in the order S H D C,
    ``suit_glosses`` what their signs are (English, for the catalog),
    ``other_names`` the other names the Serbian rules text gives each suit.
    ``inks`` is the ink of each suit's index (and of a one-colour sign),
    ``four_inks`` the same with ``four_colour=True``; ``signs`` holds each
    suit's sign as SVG in a 100 by 100 box: a path's ``d`` (filled with the
    ink) or, beginning with ``<``, complete markup in the sign's own colours.
    """

    name: str
    title: str
    suit_names: tuple[str, str, str, str]
    suit_glosses: tuple[str, str, str, str]
    inks: tuple[str, str, str, str]
    four_inks: tuple[str, str, str, str]
    signs: tuple[str, str, str, str]
    key: str = ""
    rank_letters: dict[int, str] = field(default_factory=dict)
    pip_boxes: dict[int, tuple[float, float, float]] = field(default_factory=dict)
    other_names: tuple[tuple[str, ...], ...] = ((), (), (), ())

    def rank_index(self, rank: int) -> str:
        """The index written in a card's corner for ``rank`` (0 = two ... 12 = ace)."""
        if rank in self.rank_letters:
            return self.rank_letters[rank]
        return "10" if rank == 8 else "23456789TJQKA"[rank]

    def palette(self, four_colour: bool = False) -> Palette:
        """The style with the inks it draws in (``four_colour``: one ink per suit)."""
        return Palette(self, self.four_inks if four_colour else self.inks)

    def sign(self, suit: int, x: float, y: float, size: float, ink: str) -> str:
        """The sign of ``suit`` as SVG, ``size`` units square with its corner at (x, y)."""
        body = self.signs[suit]
        place = f'transform="translate({x:g} {y:g}) scale({size / 100:g})"'
        if not body.startswith("<"):
            return f'<path d="{body}" fill="{ink}" {place}/>'
        return f"<g {place}>{body}</g>"

    def pip_box(self, rank: int, usual: tuple[float, float, float]) -> tuple[float, float, float]:
        """Where the large sign of a card of ``rank`` sits on its face (the box's
        corner and size); ``usual`` is the place of every other card's."""
        return self.pip_boxes.get(rank, usual)

    def gloss(self, suit: int) -> str:
        """What the suit's sign is, in the learner's language: ``'leaves'``."""
        return pgettext(SIGN, self.suit_glosses[suit])

    def suit_label(self, suit: int) -> str:
        """A suit's name at the table with what its sign is: ``'zelen (leaves)'`` (the
        name alone where the two are the same word: the Serbian ``pik``)."""
        return _named(table_word(self.suit_names[suit]), self.gloss(suit))


@dataclass(frozen=True)
class Palette:
    """A deck style with the inks of one colouring: what :mod:`prefa.display` draws with."""

    style: DeckStyle
    inks: tuple[str, ...]

    def __getitem__(self, suit: int) -> str:
        return self.inks[suit]


_ACE, _KING, _QUEEN, _JACK = 12, 11, 10, 9

DECKS: dict[str, DeckStyle] = {
    "french": DeckStyle(
        name="french", title=N_("French"),
        suit_names=("pik", "herc", "karo", "tref"),
        suit_glosses=(NC_("the sign on a card", "spades"), NC_("the sign on a card", "hearts"),
                      NC_("the sign on a card", "diamonds"), NC_("the sign on a card", "clubs")),
        inks=("#1a1a1a", "#c0102a", "#c0102a", "#1a1a1a"),
        four_inks=("#1a1a1a", "#c0102a", "#0b57a8", "#157a2c"),
        signs=_FRENCH_SIGNS),
    "hungarian": DeckStyle(
        name="hungarian", title=N_("Hungarian (mađarice)"), key="hu",
        suit_names=("zelen", "crven", "tikva", "žir"),
        suit_glosses=(NC_("the sign on a card", "leaves"), NC_("the sign on a card", "hearts"),
                      NC_("the sign on a card", "bells"), NC_("the sign on a card", "acorns")),
        inks=("#0f6b55", "#c8102e", "#a85200", "#2e1a06"),
        four_inks=("#0f6b55", "#c8102e", "#a85200", "#2e1a06"),
        signs=_HUNGARIAN_SIGNS,
        rank_letters={_ACE: "A", _KING: "K", _QUEEN: "O", _JACK: "U"},
        # the ace's one big sign; the ober holds his sign high, the unter low
        # (on a card face 48 by 68 whose usual sign box is 24 square at 20, 30)
        pip_boxes={_ACE: (15, 29, 30), _QUEEN: (20, 18, 24), _JACK: (20, 40, 24)},
        other_names=(("list",), ("srce",), ("bundeva", "dinare", "buča"), ("mak", "mača"))),
}
"""The deck styles by name."""

_AUCTION_ORDER = (0, 2, 1, 3)

DEFAULT_DECK = "french"
"""The deck drawn when nothing else is chosen."""

_chosen = [DEFAULT_DECK]  # the notebook's default (set_deck): a plain global, kept between cells
_drawing: ContextVar[str | None] = ContextVar("prefa_deck", default=None)  # using_deck's


def deck_names() -> list[str]:
    """The names of the deck styles.

    >>> deck_names()
    ['french', 'hungarian']
    """
    return list(DECKS)


def deck_style(name: str | DeckStyle | None = None) -> DeckStyle:
    """The deck style called ``name`` (``None``: the default, :func:`default_deck`).

    A name that is no deck is a :class:`~prefa.errors.PrefaError` naming it.
    """
    if isinstance(name, DeckStyle):
        return name
    if name is None:
        name = default_deck()
    style = DECKS.get(name) if isinstance(name, str) else None
    if style is None:
        raise PrefaError(_("no deck {name!r}: expected one of {names}").format(
            name=name, names=", ".join(DECKS)))
    return style


def default_deck() -> str:
    """The name of the deck drawn when a drawing or a session is given none."""
    return _drawing.get() or _chosen[0]


def set_deck(name: str) -> str:
    """Draw every card in the deck ``name`` from now on, when no other is asked for:
    the default for a notebook (its drawings and its sessions).  Returns the name.

    >>> set_deck("hungarian"), default_deck()
    ('hungarian', 'hungarian')
    >>> set_deck("french")
    'french'
    """
    if not isinstance(name, str):
        raise PrefaError(_("no deck {name!r}: expected one of {names}").format(
            name=name, names=", ".join(DECKS)))
    _chosen[0] = deck_style(name).name
    return _chosen[0]


@contextlib.contextmanager
def using_deck(name: str | None) -> Iterator[DeckStyle]:
    """Within the block, draw in the deck ``name`` by default (``None``: no change).

    A session draws its pictures inside one, so every drawing function it
    calls (a quiz's position, the table's picture) follows the session's deck.

    >>> with using_deck("hungarian"):
    ...     default_deck()
    'hungarian'
    >>> default_deck()
    'french'
    """
    if name is None:
        yield deck_style()
        return
    style = deck_style(name)
    token = _drawing.set(style.name)
    try:
        yield style
    finally:
        _drawing.reset(token)


def deck_choices() -> dict:
    """The deck choice as a view offers it (what a session hands its view): the
    words before it (``legend``) and, for each deck, its name, the key of its
    drawings in the card sprite, its label naming the four suits, a longer
    ``title`` saying which suit is which, the rank index the deck writes for
    each rank letter and each suit's ink (for a card written as text).

    >>> c = deck_choices()
    >>> [d["deck"] for d in c["choices"]], c["choices"][1]["label"]
    (['french', 'hungarian'], 'Hungarian (mađarice): zelen ♠, crven ♥, tikva ♦, žir ♣')
    >>> c["choices"][0]["label"], c["choices"][1]["ranks"]["Q"]
    ('French: pik ♠, herc ♥, karo ♦, tref ♣', 'O')
    """
    signs = "♠♥♦♣"
    french = DECKS["french"]
    out = []
    for style in DECKS.values():
        # each suit's name with the sign of the French suit it is (or stands for)
        suits = ", ".join(f"{table_word(style.suit_names[s])} {signs[s]}" for s in range(4))
        if style.key:
            detail = "; ".join(
                _("{suit} for {french}").format(suit=style.suit_label(s),
                                                 french=table_word(french.suit_names[s]))
                for s in _AUCTION_ORDER)
        else:
            detail = "; ".join(style.suit_label(s) for s in _AUCTION_ORDER)
        out.append({"deck": style.name, "key": style.key,
                    "label": _("{deck}: {suits}").format(deck=_(style.title), suits=suits),
                    "title": detail,
                    "ranks": {"23456789TJQKA"[r]: style.rank_index(r) for r in range(13)},
                    "inks": dict(zip("SHDC", style.inks))})
    return {"legend": _("Cards"), "choices": out}


def suit_table(name: str = "hungarian"):
    """Which suit of the deck ``name`` is which of the French-suited pack, as a table of
    words (HTML, for a lesson): each suit's name, what its sign is, its other names,
    and the French suit it stands for, in the order of the auction (pik, karo, herc,
    tref).

    >>> t = suit_table()
    >>> "<td" in t and "zelen" in t and "bundeva, dinare, buča" in t
    True
    """
    from .display import text_table

    style, french = deck_style(name), DECKS["french"]
    signs = "♠♥♦♣"
    rows = [(style.suit_names[s], style.gloss(s),
             ", ".join(style.other_names[s]) or "—",
             f"{signs[s]} {french.suit_label(s)}")
            for s in _AUCTION_ORDER]
    return text_table((_("Hungarian pack"), _("its sign"), _("also called"),
                       _("stands for")), rows, bold=(0,))


def _named(name: str, gloss: str) -> str:
    if gloss.casefold() == name.casefold():
        return name
    return _("{name} ({sign})").format(name=name, sign=gloss)


def in_every_deck(cards):
    """The same cards drawn in every deck, side by side, each under its deck's name
    (HTML, for a lesson; the drawings wrap one under the other on a phone).

    >>> from prefa.cards import CardSet
    >>> html = in_every_deck(CardSet.parse("SAQ HK"))
    >>> html.count("<svg"), 'aria-label="Hungarian (mađarice): ace and queen of spades' in html
    (2, True)
    """
    from .display import HtmlStr, hand_svg

    cs = list(cards)
    parts = "".join(f"<div>{hand_svg(cs, deck=style.name, label=_(style.title))}</div>"
                    for style in DECKS.values())
    return HtmlStr(f'<div style="display:flex;flex-wrap:wrap;gap:16px 32px">{parts}</div>')

"""The teaching front-end: sessions and the views that draw them.

A *session* (:mod:`prefa.ui.session`) is a plain Python object that holds an
engine state and answers ``state()`` and ``act(action)``; it imports no UI
library, so the same session serves a Jupyter widget, the site's engine in
the browser and the tests.  A *view* is one ES module in ``prefa/ui/views/``
that renders a state and sends back one of its legal actions; it knows no
rule.  :mod:`prefa.ui.widget` joins the two in JupyterLab through anywidget.

The sessions (imported when first used, so ``import prefa.ui`` stays cheap):

- :class:`TableSession` -- a hand (Balkan, Greek or Russian), or a short Balkan
  game, at the card table against two engine players (:mod:`prefa.ui.table`);
- :class:`LeadDrillSession` -- the opening-lead drill (:mod:`prefa.ui.drill`);
- :class:`BiddingSession` -- the bidding box on its own (:mod:`prefa.ui.bidding`);
- :class:`QuizSession` -- one quiz bank, live (:mod:`prefa.ui.quiz`);
- :class:`SheetDrillSession` -- write a finished hand on the score sheet,
  checked entry by entry (:mod:`prefa.ui.sheet_drill`).

Every session takes ``deck=`` (the French- or the Hungarian-suited cards,
:mod:`prefa.decks`); :func:`set_deck` sets the default for a notebook.  And
every session takes ``lang=`` (English, Serbian in Latin or Cyrillic script,
Greek, Russian: :mod:`prefa.i18n`); :func:`set_language` sets the default
for a notebook.

The front-end's static drawings (HTML built in Python, nothing interactive):
the score sheets -- :mod:`prefa.ui.sheet` (the Balkan sheet, which the card
table also draws), :mod:`prefa.ui.sheets_greek` (the kasa sheet) and
:mod:`prefa.ui.sheets_russian` (the pulya) -- and the solver's best line
trick by trick (:mod:`prefa.ui.line`).
"""

from __future__ import annotations

from importlib import import_module

_HOMES = {
    "Session": "session",
    "TableSession": "table",
    "LeadDrillSession": "drill",
    "BiddingSession": "bidding",
    "QuizSession": "quiz",
    "SheetDrillSession": "sheet_drill",
}

__all__ = list(_HOMES)
__all__ += ["set_deck", "set_language"]


def set_deck(name: str) -> str:
    """Draw the cards of every view and picture in the deck ``name`` (``"french"`` or
    ``"hungarian"``, the *mađarice*) from now on: the default for a notebook.

    A session made with ``deck=`` keeps its own; in a browser the learner's
    own choice (the views' deck switch, kept by the browser) comes first.
    See :func:`prefa.decks.set_deck`.
    """
    from ..decks import set_deck as _set_deck
    return _set_deck(name)


def set_language(lang: str) -> str:
    """Speak ``lang`` (``"sr"``, ``"sr-Cyrl"``, ``"el"``, ``"ru"`` or ``"en"``) in every
    view, prompt and message from now on: the default for a notebook.  A session
    made with ``lang=`` keeps its own.  See :func:`prefa.i18n.set_language`.
    """
    from ..i18n import set_language as _set_language
    return _set_language(lang)


def __getattr__(name: str):
    if name in _HOMES:
        return getattr(import_module(f".{_HOMES[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

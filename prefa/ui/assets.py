"""The view files of :mod:`prefa.ui`: each view's ES module and style sheet.

Two clients serve them: the Jupyter widget (:mod:`prefa.ui.widget`, which
needs anywidget) and the site's build (``site/_hooks/engine.py``, which
writes them beside the engine in the browser).  This module imports no UI
library, so the site's build needs none.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["VIEWS", "view_css", "view_module", "view_names"]

VIEWS = Path(__file__).with_name("views")


def _read(name: str) -> str:
    path = VIEWS / name
    return path.read_text(encoding="utf-8") if path.exists() else ""


def view_names() -> list[str]:
    """The views there are (``<view>.js`` in ``prefa/ui/views/``, ``common.js`` aside).

    >>> {"table", "drill", "bidding", "quiz"} <= set(view_names())
    True
    """
    return sorted(p.stem for p in VIEWS.glob("*.js") if p.stem != "common")


@cache
def view_module(view: str) -> str:
    """The ES module of ``view``: ``common.js`` followed by ``<view>.js``.

    The view files use no ``import``: ``common.js`` holds what every view
    shares (drawing a card from the sprite, buttons, keyboard focus), and a
    view module ends with ``export default { render }`` as anywidget expects.
    """
    if not (VIEWS / f"{view}.js").exists():
        raise FileNotFoundError(f"no view module {view}.js in {VIEWS}")
    return _read("common.js") + "\n" + _read(f"{view}.js")


@cache
def view_css(view: str) -> str:
    """The style sheet of ``view``: ``common.css`` followed by ``<view>.css``."""
    return _read("common.css") + "\n" + _read(f"{view}.css")

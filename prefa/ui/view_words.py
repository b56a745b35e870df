"""The views' own words (button labels, headings, ``aria-label``s) in the
learner's language.

A view writes each of its words as ``t(state, "Deal another")`` (``common.js``:
a literal English sentence in double quotes, named placeholders such as
``"Hand {n}"``), and shows ``state.words["Deal another"]`` where the state has
it.  :func:`view_words` makes that dict: it reads the view's JavaScript
(``prefa/ui/views/<view>.js`` and ``common.js``, shipped as package data, so
this works under Pyodide too), finds the literal of every ``t(…, "…"`` call
and translates it through the message catalog (:func:`prefa.i18n._`), in the
language speaking now.  :meth:`prefa.ui.session.Session.state` puts it in
``state["words"]``, inside the session's language.

Only the words whose translation differs are sent, so an English session
sends none:

>>> view_words("table")
{}
>>> "Deal another" in view_literals("table"), "Auction" in view_literals("table")
(True, True)
>>> view_literals("no such view")
()
>>> from prefa.i18n import using
>>> with using("sr"):
...     words = view_words("table")
>>> all(isinstance(k, str) and isinstance(v, str) and k != v for k, v in words.items())
True
"""

from __future__ import annotations

import json
import re
from functools import cache

from ..i18n import _
from .assets import VIEWS

__all__ = ["T_CALL", "view_literals", "view_words"]

T_CALL = re.compile(r'\bt(?:Parts)?\(\s*[^,;]*?,\s*("(?:[^"\\\n]|\\.)*")')
"""A call of the views' ``t(state, "literal", …)`` (or ``tParts``): group 1 is
the literal, as JSON (a double-quoted JavaScript string is one)."""


def _literals(source: str) -> list[str]:
    return [json.loads(m.group(1)) for m in T_CALL.finditer(source)]


@cache
def view_literals(view: str) -> tuple[str, ...]:
    """The English words of ``view`` (its ``t()`` literals, ``common.js``'s too),
    each once, in the order of the source; none for a view with no JS file."""
    path = VIEWS / f"{view}.js"
    if not path.is_file():
        return ()
    found: dict[str, None] = {}
    for name in ("common.js", f"{view}.js"):
        found.update(dict.fromkeys(_literals((VIEWS / name).read_text(encoding="utf-8"))))
    return tuple(found)


def view_words(view: str) -> dict[str, str]:
    """``{english: translation}`` of ``view``'s words whose translation in the
    language speaking now differs from the English (see the module's docs)."""
    words = {}
    for text in view_literals(view):
        said = _(text)
        if said != text:
            words[text] = said
    return words

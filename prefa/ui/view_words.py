"""The views' own words (button labels, headings, ``aria-label``s) in the
learner's language.

A view writes each of its words as ``t(state, "Deal another")`` (``common.js``:
a literal English sentence in double quotes, named placeholders such as
``"Hand {n}"``), and shows ``state.view_words["Deal another"]`` where the state has
it.  :func:`view_words` makes that dict: it reads the view's JavaScript
(``prefa/ui/views/<view>.js`` and ``common.js``, shipped as package data, so
this works under Pyodide too), finds the literal of every ``t(…, "…"`` call
and translates it through the message catalog (:func:`prefa.i18n._`), in the
language speaking now.  :meth:`prefa.ui.session.Session.state` puts it in
``state["view_words"]``, inside the session's language.

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
>>> all(isinstance(k, str) and isinstance(v, (str, list)) and k != v for k, v in words.items())
True
"""

from __future__ import annotations

import json
import re
from functools import cache

from ..i18n import T_CALL, TN_CALL, _, language, ngettext
from .assets import VIEWS

__all__ = ["PLURAL_RULES", "TN_CALL", "T_CALL", "plural_rule", "view_counted",
           "view_literals", "view_words"]

PLURAL_RULES = {"sr": "slavic", "sr-Cyrl": "slavic", "ru": "slavic"}
"""Which form a count takes in each language, as the views compute it
(``common.js``'s ``pluralIndex``): ``slavic`` (1, 21 one form; 2-4, 22-24
another; the rest, 11-14 among them, a third), else ``one-other``."""


def plural_rule(lang: str) -> str:
    """The views' name of ``lang``'s plural rule.

    >>> plural_rule("sr"), plural_rule("el")
    ('slavic', 'one-other')
    """
    return PLURAL_RULES.get(lang, "one-other")


@cache
def view_counted(view: str) -> tuple[tuple[str, str], ...]:
    """The counted words of ``view`` (its ``tn()`` pairs, ``common.js``'s too)."""
    path = VIEWS / f"{view}.js"
    if not path.is_file():
        return ()
    found: dict[tuple[str, str], None] = {}
    for name in ("common.js", f"{view}.js"):
        source = (VIEWS / name).read_text(encoding="utf-8")
        found.update(dict.fromkeys((json.loads(m.group(1)), json.loads(m.group(2)))
                                   for m in TN_CALL.finditer(source)))
    return tuple(found)


def _forms(one: str, many: str) -> list[str]:
    """Every form of a counted word in the language speaking now, in the order of
    its plural rule (a count of each form: 1; 2; 5)."""
    rule = plural_rule(language())
    counts = (1, 2, 5) if rule == "slavic" else (1, 2)
    return [ngettext(one, many, n) for n in counts]


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


def view_words(view: str) -> dict[str, str | list[str]]:
    """``{english: translation}`` of ``view``'s words whose translation in the
    language speaking now differs from the English (see the module's docs); a
    counted word as ``{"{n} card\\0{n} cards": [every form]}``."""
    words: dict[str, str | list[str]] = {}
    for text in view_literals(view):
        said = _(text)
        if said != text:
            words[text] = said
    for one, many in view_counted(view):
        forms = _forms(one, many)
        if forms[:2] != [one, many]:
            words[f"{one}\0{many}"] = forms
    return words

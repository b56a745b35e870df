"""The one message catalog every string a learner reads goes through.

Write a learner-facing string as one whole sentence with named
placeholders, wrapped in :func:`_`, and a count with :func:`ngettext`, so
that a translation can reorder the words and choose the plural form of its
own language (Serbian has three: 1 štih, 2 štiha, 5 štihova)::

    _("You must follow {suit}.").format(suit=suit_name)
    ngettext("{n} trick", "{n} tricks", n).format(n=n)

Never build a sentence from English fragments: it cannot be translated.

The languages (:data:`LANGUAGES`): English, the source and the default;
Serbian in Latin (``sr``) and Cyrillic (``sr-Cyrl``) script; Greek
(``el``); Russian (``ru``).  Each has a gettext catalog in
``prefa/locale/<lang>/LC_MESSAGES/prefa.po``, compiled to the ``.mo`` beside
it that the standard library's :mod:`gettext` reads (so this works under
Pyodide too); the Cyrillic catalog is made from the Latin one by
:mod:`prefa.translit`.  ``python -m prefa.catalogs`` extracts, updates and
compiles them (with Babel, at build time only).

Which language speaks:

- the ``PREFA_LANG`` environment variable, read once at import, for the
  ``prefa`` command and as the package's default (``PREFA_LANG=sr prefa
  solve …`` refuses in Serbian);
- :func:`set_language` for the rest of a notebook or a program;
- :func:`using` for a block: a session made with ``lang="sr"`` speaks
  through it, whatever the default.

The language is always chosen explicitly, never from the locale (under
Pyodide only the C locale exists).  A message with no translation yet is
shown in English.

>>> _("You must follow {suit}.").format(suit="hearts")
'You must follow hearts.'
>>> ngettext("{n} trick", "{n} tricks", 1).format(n=1)
'1 trick'
>>> ngettext("{n} trick", "{n} tricks", 5).format(n=5)
'5 tricks'
>>> with using("sr-Latn"):
...     language()
'sr'
>>> language()
'en'
>>> normalize("Klingon")
Traceback (most recent call last):
...
prefa.errors.RuleOptionError: language 'Klingon': expected one of en, sr, sr-Cyrl, el, ru
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from .errors import RuleOptionError
from .translit import to_cyrillic

DOMAIN = "prefa"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""Where the catalogs live: ``<lang>/LC_MESSAGES/prefa.po`` and ``.mo``."""

LANGUAGES = {"en": "English", "sr": "Srpski (latinica)", "sr-Cyrl": "Српски (ћирилица)",
             "el": "Ελληνικά", "ru": "Русский"}
"""The languages the course speaks: tag -> the language's name in itself."""

_ALIASES = {"sr-latn": "sr", "sr_latn": "sr", "sr@latin": "sr", "sr-cyrl": "sr-Cyrl",
            "sr_cyrl": "sr-Cyrl", "sr@cyrillic": "sr-Cyrl", "en-us": "en", "en-gb": "en",
            "el-gr": "el", "ru-ru": "ru", "sr-rs": "sr"}


def _tag(lang: object) -> str | None:
    low = str(lang).strip().lower()
    for tag in LANGUAGES:
        if low == tag.lower():
            return tag
    return _ALIASES.get(low)


def normalize(lang: str) -> str:
    """The tag of :data:`LANGUAGES` that ``lang`` names (``"sr-Latn"``, ``"SR"``,
    ``"sr@cyrillic"`` are read too), or a :class:`~prefa.errors.RuleOptionError`.

    >>> normalize("SR"), normalize("sr@cyrillic"), normalize("ru-RU")
    ('sr', 'sr-Cyrl', 'ru')
    """
    tag = _tag(lang)
    if tag is None:
        raise RuleOptionError(_("language {lang!r}: expected one of {langs}").format(
            lang=lang, langs=", ".join(LANGUAGES)))
    return tag


def _from_environment() -> str:
    # (a name that is no language: English; the prefa command refuses it, check_environment)
    return _tag(os.environ.get("PREFA_LANG") or "en") or "en"


# The views' words, found in their JavaScript (prefa/ui/views/*.js): by the UI
# (prefa.ui.view_words) at run time and by the catalogs' extraction (prefa.catalogs).
T_CALL = re.compile(r'\bt(?:Parts)?\(\s*[^,;]*?,\s*("(?:[^"\\\n]|\\.)*")')
"""A call of the views' ``t(state, "literal", …)`` (or ``tParts``): group 1 is
the literal, as JSON (a double-quoted JavaScript string is one)."""


TN_CALL = re.compile(r'\btn\(\s*[^,;]*?,\s*("(?:[^"\\\n]|\\.)*")\s*,\s*("(?:[^"\\\n]|\\.)*")')
"""A call of the views' ``tn(state, "{n} card", "{n} cards", n)``: groups 1 and 2
are the singular and the plural literal."""

_default = _from_environment()
_current: ContextVar[str | None] = ContextVar("prefa_language", default=None)


def check_environment() -> None:
    """Refuse a ``PREFA_LANG`` that names no language of the course (the CLI's check).

    >>> check_environment() is None
    True
    """
    if os.environ.get("PREFA_LANG"):
        normalize(os.environ["PREFA_LANG"])


def language() -> str:
    """The language speaking now: :func:`using`'s, else :func:`set_language`'s, else
    ``PREFA_LANG``'s, else English."""
    return _current.get() or _default


def set_language(lang: str) -> str:
    """Make ``lang`` the language of everything from now on (a notebook's first
    cell: ``set_language("sr")``); the tag set.

    >>> set_language("sr-Cyrl"), language(), set_language("en")
    ('sr-Cyrl', 'sr-Cyrl', 'en')
    """
    global _default
    _default = normalize(lang)
    return _default


@contextmanager
def using(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside the ``with`` block (``None``: the default language)."""
    token = _current.set(normalize(lang) if lang else None)
    try:
        yield language()
    finally:
        _current.reset(token)


@cache
def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English: none, every message as written)."""
    lang = normalize(lang)
    mo = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if lang == "en" or not mo.is_file():
        return gettext.NullTranslations()
    with mo.open("rb") as f:
        return gettext.GNUTranslations(f)


def language_choices() -> dict:
    """The language switch of a view: its legend (in the language speaking now) and
    each language by its own name.

    >>> c = language_choices()
    >>> c["legend"], [x["lang"] for x in c["choices"]][:3], c["choices"][2]["label"]
    ('Language', ['en', 'sr', 'sr-Cyrl'], 'Српски (ћирилица)')
    """
    return {"legend": _("Language"),
            "choices": [{"lang": tag, "label": name} for tag, name in LANGUAGES.items()]}


def table_word(word: str) -> str:
    """A Serbian word of the table (*herc*, *kontra*, *dođem*) in the script the
    learner reads: Cyrillic in ``sr-Cyrl``, else as written.  For the words put
    into a sentence at run time; the catalog's own words are already in it.

    >>> table_word("herc")
    'herc'
    >>> with using("sr-Cyrl"):
    ...     table_word("herc")
    'херц'
    """
    return to_cyrillic(word) if language() == "sr-Cyrl" else word


_NUMBER_MARKS = {"en": (",", "."), "sr": (".", ","), "sr-Cyrl": (".", ","), "el": (".", ","),
                 "ru": ("\u00a0", ",")}
"""Each language's thousands separator and decimal mark (Russian groups with a
no-break space)."""


def number(value: float, digits: int = 0) -> str:
    """A number as the learner's language writes it, with ``digits`` decimals.

    >>> number(10000), number(1.8, 1)
    ('10,000', '1.8')
    >>> with using("sr"):
    ...     number(10000), number(1.8, 1)
    ('10.000', '1,8')
    """
    group, point = _NUMBER_MARKS.get(language(), _NUMBER_MARKS["en"])
    text = f"{value:,.{digits}f}"
    return text.replace(",", "\0").replace(".", point).replace("\0", group)


def plural_form(n: int, forms: Sequence[str]) -> str:
    """The one of ``forms`` that the count ``n`` takes in the learner's language,
    by its catalog's plural rule: ``forms`` has as many words as the language has
    plural forms, in the catalog's order (Serbian three: 1 štih, 2 štiha, 5
    štihova; English two).  For a lesson's own words, which are not in the
    catalog; a message of the package uses :func:`ngettext`.

    >>> plural_form(1, ("trick", "tricks")), plural_form(5, ("trick", "tricks"))
    ('trick', 'tricks')
    >>> with using("sr"):
    ...     [plural_form(n, ("štih", "štiha", "štihova")) for n in (1, 3, 5, 11, 21, 22)]
    ['štih', 'štiha', 'štihova', 'štihova', 'štih', 'štiha']
    """
    rule = getattr(catalog(language()), "plural", None)
    k = rule(n) if rule is not None else (0 if n == 1 else 1)
    return forms[min(k, len(forms) - 1)]


def _(message: str) -> str:
    """``message`` in the learner's language (English where it has no translation)."""
    return catalog(language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` that the count ``n`` takes in the learner's
    language (Serbian: 1 štih, 2 štiha, 5 štihova)."""
    return catalog(language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the learner's language, where the same English words need
    another translation in ``context`` (the Hungarian deck's sign "hearts" is a
    heart, *srce*, not the suit *herc*)."""
    return catalog(language()).pgettext(context, message)


def NC_(context: str, message: str) -> str:
    """Mark ``message`` for the catalog in ``context`` (:func:`pgettext` translates it)."""
    return message


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it yet.

    For a string kept in a table at import time and translated with
    :func:`_` where it is shown, once the learner's language is known.

    >>> N_("the Serbian rules text")
    'the Serbian rules text'
    """
    return message


__all__ = ["DOMAIN", "LANGUAGES", "LOCALE_DIR", "NC_", "N_", "TN_CALL", "T_CALL", "_",
           "catalog", "check_environment", "language", "language_choices", "ngettext",
           "normalize", "pgettext", "set_language", "table_word", "using"]

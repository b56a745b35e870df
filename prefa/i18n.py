"""The one message catalog every string a learner reads goes through.

Write a learner-facing string as one whole sentence with named
placeholders, wrapped in :func:`_`, and a count with :func:`ngettext`, so
that a translation can reorder the words and choose the plural form of its
own language (Serbian has three: 1 štih, 2 štiha, 5 štihova)::

    _("You must follow {suit}.").format(suit=suit_name)
    ngettext("{n} trick", "{n} tricks", n).format(n=n)

Never build a sentence from English fragments: it cannot be translated.

English is the source and the default.  The catalogs of the other languages
(gettext ``.po`` sources compiled to ``.mo``) come with the translations;
until then the standard library's ``NullTranslations`` answers every
message in English.  Only the standard library is used, so this works under
Pyodide too, where the language is always chosen explicitly, never from the
locale.

>>> _("You must follow {suit}.").format(suit="hearts")
'You must follow hearts.'
>>> ngettext("{n} trick", "{n} tricks", 1).format(n=1)
'1 trick'
>>> ngettext("{n} trick", "{n} tricks", 5).format(n=5)
'5 tricks'
"""

from __future__ import annotations

import gettext

_catalog: gettext.NullTranslations = gettext.NullTranslations()


def _(message: str) -> str:
    """``message`` in the learner's language (English until a catalog is loaded)."""
    return _catalog.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` that the count ``n`` takes."""
    return _catalog.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it yet.

    For a string kept in a table at import time and translated with
    :func:`_` where it is shown, once the learner's language is known.

    >>> N_("the Serbian rules text")
    'the Serbian rules text'
    """
    return message


__all__ = ["N_", "_", "ngettext"]

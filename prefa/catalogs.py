"""The message catalogs, kept: extract, update, make the Cyrillic one, compile, check.

Build-time only (it uses Babel, which the running engine never needs):

    python -m prefa.catalogs update     # sources -> prefa.pot -> each .po -> each .mo
    python -m prefa.catalogs check      # what is stale or wrong, one line each (exit 1)
    python -m prefa.catalogs coverage   # how much of each language is translated

The files, in ``prefa/locale/``:

- ``prefa.pot``: every message of the package's sources, found where it is
  wrapped in ``_()``, ``N_()``, ``ngettext()`` or ``pgettext()``
  (:mod:`prefa.i18n`), and the views' own words (each ``t(state, "…")`` of
  ``prefa/ui/views/*.js``, :mod:`prefa.ui.view_words`);
- ``<lang>/LC_MESSAGES/prefa.po`` for ``sr``, ``el`` and ``ru``: written by
  translators, brought up to date with the template by ``update`` (a new
  message arrives untranslated, a gone one is dropped);
- ``sr-Cyrl/LC_MESSAGES/prefa.po``: never written by hand, made from the
  Latin ``sr`` catalog by :func:`prefa.translit.to_cyrillic`;
- each ``prefa.mo``: the compiled catalog the package ships and reads. The
  ``.mo`` files are kept in the repository, so that an installed or an
  editable package and the site's engine need no build step; ``check``
  (run by the tests) fails when one is not what its ``.po`` compiles to.

Decisions: a translation uses the named placeholders of its English message
(``{suit}``, ``{n}``) and no other; it may leave one out where its language
does not need it (the Serbian button says ``dalje`` where the English says
``pass (dalje)``); a plural message
has the number of forms its language has (Serbian and Russian three, Greek
two).
"""

from __future__ import annotations

import io
import json
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

from .i18n import DOMAIN, LOCALE_DIR, T_CALL, TN_CALL
from .translit import to_cyrillic

PACKAGE = Path(__file__).resolve().parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
WRITTEN = ("sr", "el", "ru")
"""The catalogs translators write (``sr-Cyrl`` is made from ``sr``)."""
MADE = {"sr-Cyrl": ("sr", to_cyrillic)}
"""Catalogs made from another: tag -> (source tag, how each message is turned)."""
BABEL_LOCALE = {"sr": "sr_Latn", "sr-Cyrl": "sr_Cyrl", "el": "el", "ru": "ru"}
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "NC_": ((1, "c"), 2)}
STAMP = datetime(2026, 12, 3, tzinfo=timezone.utc)
"""The date written in every catalog's header: fixed, so that a catalog (and its
``.mo``) changes only when a message does."""
_PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract():
    """The template: every message of the package's sources (a Babel catalog)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    template = Catalog(project="prefa", charset="utf-8", creation_date=STAMP,
                       revision_date=STAMP)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("Translators:",), strip_comment_tags=True):
        template.add(message, None, [(f"prefa/{filename}", lineno)],
                     auto_comments=comments, context=context)
    # the teaching site's own words (site/_hooks/: the course map, the handouts'
    # list, the words of the site's scripts), where the sources hold the site
    hooks = PACKAGE.parent / "site" / "_hooks"
    if hooks.is_dir():
        for filename, lineno, message, comments, context in extract_from_dir(
                str(hooks), method_map=[("*.py", "python")], keywords=KEYWORDS,
                comment_tags=("Translators:",), strip_comment_tags=True):
            old = template.get(message, context)
            if old is None:
                template.add(message, None, [(f"site/_hooks/{filename}", lineno)],
                             auto_comments=comments, context=context)
            else:
                old.locations.append((f"site/_hooks/{filename}", lineno))
    # the views' own words: each t(state, "…") literal of their JavaScript, found as
    # prefa.ui.view_words finds them at run time

    for js in sorted((PACKAGE / "ui" / "views").glob("*.js")):
        source = js.read_text(encoding="utf-8")
        for m in T_CALL.finditer(source):
            message = json.loads(m.group(1))
            lineno = source.count("\n", 0, m.start()) + 1
            old = template.get(message)
            if old is None:
                template.add(message, None, [(f"prefa/ui/views/{js.name}", lineno)])
            else:
                old.locations.append((f"prefa/ui/views/{js.name}", lineno))
        for m in TN_CALL.finditer(source):
            pair = (json.loads(m.group(1)), json.loads(m.group(2)))
            lineno = source.count("\n", 0, m.start()) + 1
            template.add(pair, None, [(f"prefa/ui/views/{js.name}", lineno)])
    return template


def read(path: Path, lang: str | None = None):
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=BABEL_LOCALE.get(lang) if lang else None)


def _write_po(catalog, path: Path) -> None:
    from babel.messages.pofile import write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, omit_header=False, sort_output=True, include_lineno=False)
    path.write_bytes(buf.getvalue())


def compiled(catalog) -> bytes:
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def made(lang: str):
    """The catalog of ``lang`` made from its source catalog (``sr-Cyrl`` from ``sr``)."""
    from babel.messages.catalog import Catalog

    source_lang, turn = MADE[lang]
    source = read(po_path(source_lang), source_lang)
    out = Catalog(locale=BABEL_LOCALE[lang], project="prefa", charset="utf-8",
                  creation_date=STAMP, revision_date=STAMP)
    out.fuzzy = False
    for m in source:
        if not m.id:
            continue
        string = tuple(turn(s) for s in m.string) if isinstance(m.string, (tuple, list)) \
            else turn(m.string or "")
        out.add(m.id, string, flags=m.flags, context=m.context)
    return out


def update() -> list[Path]:
    """Write the template, bring each written catalog up to date, make the Cyrillic
    one, compile each: the files written."""
    from babel.messages.catalog import Catalog

    template = extract()
    _write_po(template, TEMPLATE)
    written = [TEMPLATE]
    for lang in WRITTEN:
        path = po_path(lang)
        catalog = read(path, lang) if path.is_file() else Catalog(
            locale=BABEL_LOCALE[lang], project="prefa", charset="utf-8")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.creation_date = catalog.revision_date = STAMP
        catalog.fuzzy = False
        catalog.obsolete.clear()
        _write_po(catalog, path)
        written.append(path)
    for lang in MADE:
        _write_po(made(lang), po_path(lang))
        written.append(po_path(lang))
    for lang in (*WRITTEN, *MADE):
        mo = po_path(lang).with_suffix(".mo")
        mo.write_bytes(compiled(read(po_path(lang), lang)))
        written.append(mo)
    return written


def _names(text: str) -> list[str]:
    return sorted(_PLACEHOLDER.findall(text))


def check() -> list[str]:
    """What is stale or wrong in the catalogs, one line each (nothing: all is well)."""
    problems = []
    template = extract()
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    kept = {m.id if isinstance(m.id, str) else m.id[0] for m in read(TEMPLATE) if m.id} \
        if TEMPLATE.is_file() else set()
    if ids != kept:
        new, gone = sorted(ids - kept), sorted(kept - ids)
        problems.append(f"{TEMPLATE.name} is stale ({len(new)} new, {len(gone)} gone, e.g. "
                        f"{(new or gone)[0][:60]!r}): run python -m prefa.catalogs update")
    for lang in (*WRITTEN, *MADE):
        path = po_path(lang)
        if not path.is_file():
            problems.append(f"{lang}: no catalog {path.relative_to(PACKAGE)}")
            continue
        catalog = read(path, lang)
        have = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
        if have != ids:
            problems.append(f"{lang}: its catalog is not up to date with the sources: "
                            "run python -m prefa.catalogs update")
        for m in catalog:
            if not m.id:
                continue
            if m.fuzzy:
                english = m.id if isinstance(m.id, str) else m.id[0]
                problems.append(f"{lang}: {english[:50]!r} is marked fuzzy (its English changed): "
                                "check the translation and remove the mark")
            strings = list(m.string) if isinstance(m.string, (tuple, list)) else [m.string]
            english = m.id if isinstance(m.id, (tuple, list)) else [m.id]
            if isinstance(m.id, (tuple, list)) and any(strings) and \
                    len(strings) != catalog.num_plurals:
                problems.append(f"{lang}: {english[0][:50]!r} has {len(strings)} plural forms: "
                                f"expected {catalog.num_plurals}")
            allowed = set(_names(english[0])) | set(_names(english[-1]))
            for s in strings:
                if s and not set(_names(s)) <= allowed:
                    problems.append(f"{lang}: {english[0][:50]!r}: placeholders {_names(s)}, "
                                    f"expected some of {sorted(allowed)}")
        if lang in MADE:
            if compiled(catalog) != compiled(made(lang)):
                problems.append(f"{lang}: not what {MADE[lang][0]} makes: run "
                                "python -m prefa.catalogs update")
        mo = path.with_suffix(".mo")
        if not mo.is_file() or mo.read_bytes() != compiled(catalog):
            problems.append(f"{lang}: {mo.name} is not what its .po compiles to: run "
                            "python -m prefa.catalogs update")
    return problems


def coverage() -> dict[str, tuple[int, int]]:
    """Each language: (messages translated, messages)."""
    out = {}
    for lang in (*WRITTEN, *MADE):
        catalog = read(po_path(lang), lang)
        messages = [m for m in catalog if m.id]
        done = sum(1 for m in messages if not m.fuzzy and (
            all(m.string) if isinstance(m.string, (tuple, list)) else m.string))
        out[lang] = (done, len(messages))
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    what = args[0] if args else "check"
    if what == "update":
        for path in update():
            print(path.relative_to(PACKAGE.parent))
        return 0
    if what == "coverage":
        for lang, (done, total) in coverage().items():
            print(f"{lang:8} {done:4} of {total} translated")
        return 0
    if what == "check":
        problems = check()
        print("\n".join(problems) or "the catalogs are up to date")
        return 1 if problems else 0
    print(f"python -m prefa.catalogs: unknown command {what!r}: expected update, check or "
          "coverage", file=sys.stderr)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

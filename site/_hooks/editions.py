"""MkDocs hook: the course in other languages, each an *edition* of the site.

The English pages are the site's root.  An edition is a folder of pages in
another language with the same relative paths: ``site/sr/play.md`` is the
Serbian twin of ``site/play.md``, ``site/sr/lessons/01_…ipynb`` (a symlink
to ``lessons/sr/``) of lesson 01.  The editions are data, in ``mkdocs.yml``
(``extra.editions``): each one's language tag, its name, the site's name in
it, Material's language for the theme's own words, and its navigation.

- **Addresses.**  A page of an edition is at the edition's folder plus the
  English page's address: ``sr/lessons/01_cards_deal_and_tricks/`` beside
  ``lessons/01_cards_deal_and_tricks/``; they stay as the lessons do.
- **Serbian in two scripts from one source.**  An edition with ``from:``
  is written by no one: its pages are the source edition's built pages
  transliterated (``sr-cyrl/`` from ``sr/``, by :mod:`prefa.translit`), the
  text and the texts a learner reads in attributes and in the quizzes' data,
  never the markup, the code or the cards' own letters.
- **Each page in its language**: ``<html lang>`` (``sr-Latn``, ``sr-Cyrl``),
  Material's words (search, footer, "skip to content"), the site's name, and
  the edition's own navigation and previous/next links.
- **The language switcher** (Material's language menu, in the header of
  every page) leads to the same page in each language, or to the edition's
  home where the page has no twin; the learner's choice is kept
  (``assets/javascripts/prefa.js``: ``prefa-edition`` in ``localStorage``)
  and a later visit from outside the site opens in it.  The live views speak
  the page's language.
- **Search** finds a Serbian word written with or without its diacritics
  (*štih*, *stih*): each Serbian Latin section of the search index also
  carries, hidden, its words folded to plain letters.  The Cyrillic pages are
  in the index as they are, and a word typed in Cyrillic (*штих*) finds them;
  a Latin word finds the Latin pages, a Cyrillic one the Cyrillic pages.
  Our decision: one index for the whole site (Material's), so a search on a
  Serbian page may also list English pages; a learner types Serbian words
  there, which the English pages do not hold.
"""

from __future__ import annotations

import json
import re
import unicodedata
from html import escape, unescape
from pathlib import Path

from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.nav import get_navigation

from prefa.i18n import N_, _, set_language, using
from prefa.translit import to_cyrillic, to_latin

ENGLISH = {"lang": "en", "name": "English", "dir": "", "html_lang": "en", "source": None,
           "theme_language": "en"}

_files: Files | None = None
_navs: dict[str, object] = {}
_english = {"site_name": "", "language": "en"}


def editions(config) -> list[dict]:
    """Every edition, English first: dicts with ``lang``, ``name``, ``dir``, ...

    ``dir`` is the edition's folder (``""`` for English); ``source`` the
    folder whose built pages it transliterates, for an edition with ``from:``.
    """
    out = [ENGLISH]
    raw = (config.extra or {}).get("editions") or {}
    for lang, ed in raw.items():
        d = {"lang": lang, "name": ed.get("name", lang), "dir": ed.get("dir", lang.lower()),
             "html_lang": ed.get("html_lang", lang), "site_name": ed.get("site_name"),
             "theme_language": ed.get("theme_language", "en"), "nav": ed.get("nav"),
             "source": None}
        if ed.get("from"):
            d["source"] = raw[ed["from"]].get("dir", ed["from"].lower())
            d["source_lang"] = ed["from"]
        out.append(d)
    return out


def edition_of(src_uri: str, config) -> dict:
    """The edition a page's source belongs to (``sr/play.md``: Serbian)."""
    for ed in editions(config)[1:]:
        if ed["source"] is None and src_uri.startswith(ed["dir"] + "/"):
            return ed
    return ENGLISH


def base_path(src_uri: str, config) -> str:
    """A page's path without its edition's folder: the same for every twin."""
    ed = edition_of(src_uri, config)
    return src_uri[len(ed["dir"]) + 1:] if ed["dir"] else src_uri


# -- transliteration of a built page ----------------------------------------------------
_ATTRS = ("alt", "title", "aria-label", "placeholder", "content", "data-label",
          "aria-roledescription")
_JSON_TEXT = {"reason", "explain", "answer_text", "question", "title", "label", "text",
              "words", "labels", "caption", "summary", "name"}
"""Keys of a quiz's data (``data-pq``) and of the theme's settings whose values
a learner reads: these are transliterated; choices, ids and answers are not."""

_SKIP = re.compile(r"<(script|style|pre|code|kbd|textarea|svg)\b[^>]*>.*?</\1\s*>|<!--.*?-->"
                   r"|<a\b[^>]*\bhreflang=[^>]*>.*?</a>"  # a language's name, in itself
                   r'|<(td|th|span)\b[^>]*\blang="(?!sr)[^"]*"[^>]*>.*?</\2>',  # another language
                   re.S | re.I)
_TAG = re.compile(r"<[^>]*>")
_ATTR = re.compile(r'(\s(?:' + "|".join(re.escape(a) for a in _ATTRS + ("data-pq",))
                   + r')=")([^"]*)(")')
_ENTITY = re.compile(r"&#?\w+;")


def _text_to_cyrillic(text: str) -> str:
    """Text with its HTML character references kept (``&amp;`` is not a word)."""
    out, at = [], 0
    for m in _ENTITY.finditer(text):
        out.append(to_cyrillic(text[at:m.start()]))
        out.append(m.group(0))
        at = m.end()
    out.append(to_cyrillic(text[at:]))
    return "".join(out)


def _json_to_cyrillic(value, key: str | None = None, inside: bool = False):
    if isinstance(value, dict):
        return {k: _json_to_cyrillic(v, k, inside or key in ("words", "labels"))
                for k, v in value.items()}
    if isinstance(value, list):
        return [_json_to_cyrillic(v, key, inside) for v in value]
    if isinstance(value, str) and (inside or key in _JSON_TEXT):
        return to_cyrillic(value)
    return value


def _tag_to_cyrillic(tag: str) -> str:
    def attr(m: re.Match) -> str:
        name = m.group(1).strip()[:-2]
        value = unescape(m.group(2))
        if name == "data-pq":
            try:
                value = json.dumps(_json_to_cyrillic(json.loads(value)), ensure_ascii=False)
            except ValueError:
                return m.group(0)
        else:
            value = to_cyrillic(value)
        return m.group(1) + escape(value, quote=True) + m.group(3)
    return _ATTR.sub(attr, tag)


def _markup_to_cyrillic(html: str) -> str:
    out, at = [], 0
    for m in _TAG.finditer(html):
        out.append(_text_to_cyrillic(html[at:m.start()]))
        out.append(_tag_to_cyrillic(m.group(0)))
        at = m.end()
    out.append(_text_to_cyrillic(html[at:]))
    return "".join(out)


_SVG_WORDS = re.compile(r"(<(text|title|tspan)\b[^>]*>)([^<]*[a-zčćšžđ][^<]*)(</\2>)")
_SVG_IMAGE = re.compile(r'(<img\b[^>]*?\bsrc="data:image/svg\+xml;base64,)([A-Za-z0-9+/=]+)"')


def svg_to_cyrillic(svg: str) -> str:
    """A drawing's words in Cyrillic: its labels and the texts written in it that
    hold a word (a card's own letters, ``K``, ``10``, stay as printed).

    >>> svg_to_cyrillic('<svg aria-label="Vi"><text x="1">Vi, desno</text><text>K</text></svg>')
    '<svg aria-label="Ви"><text x="1">Ви, десно</text><text>K</text></svg>'
    """
    svg = _TAG.sub(lambda m: _tag_to_cyrillic(m.group(0)), svg)
    return _SVG_WORDS.sub(lambda m: m.group(1) + _text_to_cyrillic(m.group(3)) + m.group(4), svg)


def _images_to_cyrillic(html: str) -> str:
    import base64

    def image(m: re.Match) -> str:
        try:
            svg = base64.b64decode(m.group(2)).decode("utf-8")
        except ValueError:
            return m.group(0)
        return m.group(1) + base64.b64encode(svg_to_cyrillic(svg).encode()).decode() + '"'
    return _SVG_IMAGE.sub(image, html)


def _skipped_to_cyrillic(block: str) -> str:
    """A block whose text is not the learner's: only the named attributes and words of
    an SVG and the theme's words in its settings (``<script id="__config">``) change."""
    low = block[:40].lower()
    if low.startswith("<svg"):
        return svg_to_cyrillic(block)
    if low.startswith("<pre") and "<code" not in block:  # what a lesson's code printed
        return _markup_to_cyrillic(block)
    if low.startswith("<script") and 'id="__config"' in block[:80]:
        start, end = block.index(">") + 1, block.rindex("<")
        try:
            data = json.loads(block[start:end])
        except ValueError:
            return block
        if isinstance(data.get("translations"), dict):
            data["translations"] = {k: to_cyrillic(v) if isinstance(v, str) else v
                                    for k, v in data["translations"].items()}
        return block[:start] + json.dumps(data, ensure_ascii=False) + block[end:]
    if low.startswith("<script") and f'id="{WORDS_ID}"' in block[:80]:
        start, end = block.index(">") + 1, block.rindex("<")
        try:
            data = _json_to_cyrillic(json.loads(block[start:end]), "words")
        except ValueError:
            return block
        return block[:start] + _script_json(data) + block[end:]
    return block


def html_to_cyrillic(html: str) -> str:
    """A built Serbian Latin page in Cyrillic: its text and the texts it shows.

    >>> html_to_cyrillic('<p title="Štih">Ko nosi štih? &amp; <code>x = "a"</code></p>')
    '<p title="Штих">Ко носи штих? &amp; <code>x = "a"</code></p>'
    >>> html_to_cyrillic('<b data-pq="{&quot;choice&quot;: &quot;KS&quot;, '
    ...                  '&quot;reason&quot;: &quot;Kralj.&quot;}">Da</b>')
    '<b data-pq="{&quot;choice&quot;: &quot;KS&quot;, &quot;reason&quot;: &quot;Краљ.&quot;}">Да</b>'
    """
    out, at = [], 0
    for m in _SKIP.finditer(html):
        out.append(_markup_to_cyrillic(html[at:m.start()]))
        out.append(_skipped_to_cyrillic(m.group(0)))
        at = m.end()
    out.append(_markup_to_cyrillic(html[at:]))
    return _images_to_cyrillic("".join(out))


# -- words of other languages on an edition's pages --------------------------------------
_TABLE = re.compile(r"<table\b.*?</table>", re.S)
_ROW = re.compile(r"<tr\b.*?</tr>", re.S)
_CELL = re.compile(r"<(td|th)\b([^>]*)>", re.S)


def mark_languages(html: str, columns: dict[str, str]) -> str:
    """Tables whose columns are other languages (a glossary's *engleski*, *ruski*)
    with each cell of those columns marked ``lang``: read aloud in its language,
    and left as it is by the transliteration.

    >>> mark_languages("<table><tr><th>engleski</th><th>srpski</th></tr>"
    ...                "<tr><td>trick</td><td>štih</td></tr></table>", {"engleski": "en"})
    '<table><tr><th lang="en">engleski</th><th>srpski</th></tr><tr><td lang="en">trick</td><td>štih</td></tr></table>'
    """
    def table(m: re.Match) -> str:
        rows = _ROW.findall(m.group(0))
        if not rows:
            return m.group(0)
        heads = [re.sub(r"<[^>]+>", "", h).strip().lower()
                 for h in re.findall(r"<th\b[^>]*>(.*?)</th>", rows[0], re.S)]
        marks = {i: columns[h] for i, h in enumerate(heads) if h in columns}
        if not marks:
            return m.group(0)

        def row(r: re.Match) -> str:
            k = -1

            def cell(c: re.Match) -> str:
                nonlocal k
                k += 1
                if k in marks and "lang=" not in c.group(2):
                    return f'<{c.group(1)}{c.group(2)} lang="{marks[k]}">'
                return c.group(0)
            return _CELL.sub(cell, r.group(0))
        return _ROW.sub(row, m.group(0))
    return _TABLE.sub(table, html)


# -- the site's own words -----------------------------------------------------------------
WORDS_ID = "prefa-words"
SITE_WORDS = {
    "progress.none": N_("no quiz"),
    "progress.new": N_("not started"),
    "progress.some": N_("{answered} of {total} answered, {right} right on the first try"),
    "progress.done": N_("done: {progress}"),
    "forgotten": N_("Your answers are forgotten: every lesson starts afresh."),
    "engine.start": N_("Start"),
    "engine.hint": N_("Runs the engine in your browser (about 12 MB the first time, then "
                      "from the browser's cache)."),
    "engine.loading": N_("loading the engine…"),
    "engine.opening": N_("opening the view…"),
    "engine.error": N_("The engine: {message}"),
    "engine.no_answer": N_("no answer"),
    "engine.steps": (N_("loading the engine: the Python interpreter (12 MB, once)…"),
                     N_("loading the engine: starting Python…"),
                     N_("loading the engine: the Prefa engine…"),
                     N_("loading the engine: starting it…"),
                     N_("the engine is ready")),
}
"""The words the site's scripts show (assets/javascripts/prefa.js, engine.js),
written into each page in its language as ``<script id="prefa-words">``: a
script cannot ask the catalog, so the page brings its words."""


def _script_json(data) -> str:
    return json.dumps(data, ensure_ascii=False).replace("</", "<\\/")


def site_words(lang: str) -> dict:
    """:data:`SITE_WORDS` in ``lang``."""
    with using(lang):
        return {k: [_(x) for x in v] if isinstance(v, tuple) else _(v)
                for k, v in SITE_WORDS.items()}


def words_script(lang: str) -> str:
    """The page's words for its scripts (see :data:`SITE_WORDS`)."""
    return (f'<script type="application/json" id="{WORDS_ID}">'
            f'{_script_json(site_words(lang))}</script>')


# -- search -----------------------------------------------------------------------------
def folded(word: str) -> str:
    """A Serbian word as it is typed without diacritics, in Latin letters.

    >>> folded("štih"), folded("ШТИХ"), folded("đak"), folded("Дођем")
    ('stih', 'stih', 'djak', 'dodjem')
    """
    word = to_latin(word).lower().replace("đ", "dj")
    return "".join(c for c in unicodedata.normalize("NFD", word)
                   if unicodedata.category(c) != "Mn")


_WORDS = re.compile(r"[^\W\d_]+")


def search_forms(text: str) -> list[str]:
    """The forms of a Serbian Latin text's words that a search should find it by too:
    each word with a diacritic as it is typed without (a Cyrillic text has none to add:
    its words are found as typed in Cyrillic, and its Latin twin's by Latin letters).

    >>> search_forms("Štih i adut, đak")
    ['stih', 'djak']
    >>> search_forms("Штих")
    []
    """
    out: list[str] = []
    seen = set(w.lower() for w in _WORDS.findall(text))
    for word in _WORDS.findall(_TAG.sub(" ", text)):
        low = word.lower()
        if re.search("[\u0400-\u04ff]", low):
            continue
        form = folded(low)
        if form not in seen:
            seen.add(form)
            out.append(form)
    return out


def with_search_forms(index: dict, prefixes: tuple[str, ...]) -> dict:
    """Material's search index with the other forms of the Serbian pages' words."""
    for doc in index.get("docs", []):
        if not doc.get("location", "").startswith(prefixes):
            continue
        forms = search_forms(unescape(doc.get("title", "") + " " + doc.get("text", "")))
        if forms:
            doc["text"] = doc.get("text", "") + '<span hidden>' + " ".join(forms) + "</span>"
    return index


# -- the MkDocs events ------------------------------------------------------------------
def on_config(config):
    _english["site_name"] = config.site_name
    _english["language"] = config.theme["language"]
    extra = config.extra
    extra["alternate"] = []  # filled for each page in on_page_context
    return config


def on_files(files: Files, config) -> Files:
    global _files
    _files = files
    return files


def on_nav(nav, config, files):
    """Each edition's navigation, made from its ``nav`` as MkDocs makes the site's.

    A page that is listed but not written yet is left out of the edition's
    navigation (and named in the log), so an edition can grow a page at a time."""
    _navs.clear()
    english_nav = config["nav"]
    for ed in editions(config)[1:]:
        if ed["source"] is not None or not ed["nav"]:
            continue
        config["nav"] = _existing(ed["nav"], files, ed["dir"])
        try:
            _navs[ed["lang"]] = get_navigation(files, config)
        finally:
            config["nav"] = english_nav
    return nav


def _existing(items, files: Files, folder: str):
    """An edition's nav with its paths under its folder, pages not written left out."""
    out = []
    for item in items:
        if isinstance(item, str):
            item = {None: item}
        for title, value in item.items():
            if isinstance(value, list):
                children = _existing(value, files, folder)
                if children:
                    out.append({title: children})
            elif files.get_file_from_path(f"{folder}/{value}") is not None:
                path = f"{folder}/{value}"
                out.append(path if title is None else {title: path})
    return out


def _has_home(ed: dict) -> bool:
    """Whether edition ``ed`` has its home page (an edition not begun is not offered)."""
    folder = ed["source"] or ed["dir"]
    return not folder or (_files is not None
                          and _files.get_file_from_path(f"{folder}/index.md") is not None)


def _twin_url(ed: dict, base: str) -> str:
    """The address of page ``base`` in edition ``ed``, or of that edition's home."""
    folder = ed["source"] or ed["dir"]
    src = f"{folder}/{base}" if folder else base
    page = _files.get_file_from_path(src) if _files is not None else None
    url = page.url if page is not None else (f"{folder}/" if folder else "./")
    if ed["source"]:
        url = ed["dir"] + url[len(folder):]
    return url or "./"


@event_priority(100)  # before the other hooks: they write in the page's language
def on_pre_page(page, config, files):
    set_language(edition_of(page.file.src_uri, config)["lang"])
    return page


@event_priority(-100)
def on_page_content(html, page, config, files):
    set_language("en")
    ed = edition_of(page.file.src_uri, config)
    raw = ((config.extra or {}).get("editions") or {}).get(ed["lang"]) or {}
    if raw.get("columns"):
        html = mark_languages(html, {k.lower(): v for k, v in raw["columns"].items()})
    return html


@event_priority(100)
def on_page_context(context, page, nav, config):
    ed = edition_of(page.file.src_uri, config)
    set_language(ed["lang"])
    config.theme["language"] = ed["theme_language"] if ed["dir"] else _english["language"]
    config.site_name = ed.get("site_name") or _english["site_name"]
    if ed["dir"] and ed["lang"] in _navs:
        context["nav"] = _navs[ed["lang"]]
    base = base_path(page.file.src_uri, config)
    present = [other for other in editions(config) if _has_home(other)]
    config.extra["alternate"] = [
        {"name": other["name"], "lang": other["html_lang"], "link": _twin_url(other, base)}
        for other in present] if len(present) > 1 else []
    context["config"] = config
    return context


_HTML_LANG = re.compile(r'<html lang="[^"]*"(?: data-prefa-lang="[^"]*" data-prefa-langs=\'[^\']*\')?')


def html_tag(ed: dict, config) -> str:
    """The page's ``<html`` opening: its ``lang``, and for the site's scripts the
    course's language of the page (``data-prefa-lang``: the tag the engine and the
    views take) and of every edition by its ``lang`` (``data-prefa-langs``, for
    the language menu), so the scripts need no table of their own.

    >>> print(html_tag(ENGLISH, None))
    <html lang="en" data-prefa-lang="en" data-prefa-langs='{"en": "en"}'
    """
    langs = {e["html_lang"]: e["lang"] for e in (editions(config) if config else [ENGLISH])}
    return (f'<html lang="{ed["html_lang"]}" data-prefa-lang="{ed["lang"]}" '
            f"data-prefa-langs='{json.dumps(langs)}'")
_HEAD_ALTERNATE = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')
"""The theme's ``<link rel="alternate">`` for each language: its script fetches a
``sitemap.xml`` under each such address, taking them for the languages' homes;
ours are the page's twins, so the links go (the language menu keeps them)."""


@event_priority(-100)  # after every other hook: the Cyrillic copy is of the final page
def on_post_page(output, page, config):
    ed = edition_of(page.file.src_uri, config)
    set_language("en")
    output = _HEAD_ALTERNATE.sub("", output)
    output = output.replace("</head>", words_script(ed["lang"]) + "</head>", 1)
    output = _HTML_LANG.sub(html_tag(ed, config), output, count=1)
    if not ed["dir"]:
        return output
    for other in editions(config)[1:]:
        if other["source"] == ed["dir"]:
            copy = _HTML_LANG.sub(html_tag(other, config), html_to_cyrillic(output), count=1)
            # the copy's way back to the page it was made from, which was "here"
            back = "../" * page.url.count("/") + page.url
            copy = re.sub(r'href="[^"]*"( hreflang="' + re.escape(ed["html_lang"]) + '")',
                          lambda m: f'href="{back}"{m.group(1)}', copy)
            dest = Path(config.site_dir) / other["dir"] / page.file.dest_uri[len(ed["dir"]) + 1:]
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text(copy, encoding="utf-8")
    return output


def notebook_copy(text: str, source_lang: str, lang: str) -> str:
    """A lesson notebook of the source edition as the derived edition offers it for
    download: the same notebook, which speaks the edition's language when it runs
    (its text stays in the source's script: a notebook's Markdown holds links and
    code that no transliteration may touch).

    >>> nb = {"cells": [{"cell_type": "code", "source": ['set_language("sr")']}]}
    >>> json.loads(notebook_copy(json.dumps(nb), "sr", "sr-Cyrl"))["cells"][0]["source"]
    ['set_language("sr-Cyrl")']
    """
    nb = json.loads(text)
    old, new = f'set_language("{source_lang}")', f'set_language("{lang}")'
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            src = cell.get("source", "")
            cell["source"] = ([line.replace(old, new) for line in src] if isinstance(src, list)
                              else src.replace(old, new))
    return json.dumps(nb, ensure_ascii=False, indent=1) + "\n"


@event_priority(-100)  # after the search plugin has written its index
def on_post_build(config):
    site = Path(config.site_dir)
    for ed in editions(config)[1:]:
        if ed["source"]:
            for nb in (site / ed["source"]).rglob("*.ipynb"):
                dest = site / ed["dir"] / nb.relative_to(site / ed["source"])
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.write_text(notebook_copy(nb.read_text(encoding="utf-8"), ed["source_lang"],
                                              ed["lang"]), encoding="utf-8")
    index_file = site / "search" / "search_index.json"
    if not index_file.exists():
        return
    index = json.loads(index_file.read_text(encoding="utf-8"))
    docs = index.get("docs", [])
    serbian = tuple(ed["dir"] + "/" for ed in editions(config)[1:])
    for ed in editions(config)[1:]:
        if not ed["source"]:
            continue
        src = ed["source"] + "/"
        for doc in list(docs):
            if doc.get("location", "").startswith(src):
                docs.append({**doc, "location": ed["dir"] + "/" + doc["location"][len(src):],
                             "title": html_to_cyrillic(doc.get("title", "")),
                             "text": html_to_cyrillic(doc.get("text", ""))})
    index_file.write_text(json.dumps(with_search_forms(index, serbian), ensure_ascii=False),
                          encoding="utf-8")

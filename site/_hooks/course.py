"""MkDocs hook: the pages made from what the project holds, and the quizzes on the site.

Generated, so that a new lesson, rules page, quiz bank or module shows up
without editing any page (strict builds fail on a link to a page that does not
exist, so nothing is listed that is not there):

- the **course map** on the home page (``<!-- prefa:course-map -->``): one
  row per notebook ``lessons/NN_*.ipynb``, titled by the notebook's first
  heading, with the number of quiz questions it holds and a cell that
  ``assets/javascripts/prefa.js`` fills with the learner's progress from
  ``localStorage``;
- the **list of rules pages** (``<!-- prefa:rules-pages -->``) from
  ``site/rules/*.md``, each with its title and first sentence;
- **handouts** for teachers: every quiz bank ``prefa/**/quizzes/*.txt`` is
  checked by the engine and written as a printable page
  ``handouts/NAME.html`` (the same page as ``prefa quiz handout``), listed
  where ``<!-- prefa:handouts -->`` stands; a bank the engine does not agree
  with is a build warning (so a strict build fails);
- the **API reference**: one page ``api/PACKAGE.md`` for ``prefa`` and one
  for each subpackage, documenting each of their modules (rendered by
  mkdocstrings), listed where ``<!-- prefa:api-modules -->`` stands;
- ``assets/javascripts/quiz.js`` and ``assets/stylesheets/quiz.css``: the
  quiz script and styles of :mod:`prefa.quiz_render`, served once for the
  whole site.

On the lesson pages each static quiz carries its own copy of that style and
script (a notebook output must stand alone).  Here the copies are removed,
since the site serves them once, and each item's data moves from its
``<script type="application/json">`` into a ``data-pq`` attribute: Material's
instant navigation, when switched on, re-runs every script of the new page
as JavaScript, which a JSON script is not.  Links between lessons written as
``NN_name.ipynb`` point to the lesson's page, each lesson offers its
notebook for download, and the code of the code cells is left out of the
search index (learners search the text; the API pages are left out too).
"""

from __future__ import annotations

import ast
import json
import logging
import os
import re
from html import escape
from html.parser import HTMLParser
from pathlib import Path

from mkdocs.structure.files import File, Files
from mkdocs.utils import get_relative_url

from prefa.i18n import _, language, ngettext, pgettext, using
from prefa.translit import to_cyrillic

log = logging.getLogger("mkdocs.hooks.course")

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "prefa"
LESSON_URI = re.compile(r"lessons/(\d\d)_[^/]+\.ipynb")
QUIZ_JS = "assets/javascripts/quiz.js"
QUIZ_CSS = "assets/stylesheets/quiz.css"

COURSE_MAP = "<!-- prefa:course-map -->"
RULES_PAGES = "<!-- prefa:rules-pages -->"
HANDOUTS = "<!-- prefa:handouts -->"
PROJECTOR = "<!-- prefa:projector -->"
API_MODULES = "<!-- prefa:api-modules -->"

_handouts: dict[str, dict[str, tuple[str, int]]] = {}
"""Edition folder ("" for English) -> bank name -> (title, number of questions)."""


# -- lessons ------------------------------------------------------------------------------
class _Items(HTMLParser):
    """The scored quiz items of some HTML: ``(quiz, item id)`` in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.items: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section" and "pq-item" in (a.get("class") or "").split() \
                and a.get("data-scored") == "1":
            self.items.append((a.get("data-quiz") or "", a.get("data-item") or ""))


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else (value or "")


def lesson_info(path: Path) -> dict:
    """A lesson notebook's number, title (its first heading) and scored quiz items.

    The items are read from the saved ``text/html`` outputs, so they are what
    the lesson page shows: ``{"quizzes": {quiz name: [item ids]}}``.
    """
    nb = json.loads(path.read_text(encoding="utf-8"))
    title = None
    parser = _Items()
    for cell in nb.get("cells", []):
        if title is None and cell.get("cell_type") == "markdown":
            m = re.search(r"^#\s+(.+?)\s*#*\s*$", _text(cell.get("source")), re.MULTILINE)
            if m:
                title = m.group(1)
        for out in cell.get("outputs", []):
            parser.feed(_text(out.get("data", {}).get("text/html")))
    quizzes: dict[str, list[str]] = {}
    for quiz, item in parser.items:
        ids = quizzes.setdefault(quiz, [])
        if item not in ids:
            ids.append(item)
    return {"number": path.name[:2], "title": title or path.stem, "quizzes": quizzes}


def _lessons(files: Files, folder: str = "") -> list[tuple[File, dict]]:
    """The lessons of the edition in ``folder`` (``""``: the English course)."""
    prefix = folder + "/" if folder else ""
    found = [f for f in files.documentation_pages()
             if f.src_uri.startswith(prefix) and LESSON_URI.fullmatch(f.src_uri[len(prefix):])]
    return [(f, lesson_info(Path(f.abs_src_path))) for f in sorted(found, key=lambda f: f.src_uri)]


def lesson_questions(quizzes: dict[str, list[str]], banks: set[str]) -> dict[str, list[str]]:
    """The questions a lesson counts: those of its quiz banks, when it has any.

    An item a lesson shows as a demonstration (under a quiz name that is no
    bank) is practice: the lesson's score line and the handouts leave it out,
    and so does the course map.  A lesson with no bank counts all its items.

    >>> lesson_questions({"quiz": ["demo"], "00_start": ["a", "b"]}, {"00_start"})
    {'00_start': ['a', 'b']}
    >>> lesson_questions({"my_club": ["x"]}, {"00_start"})
    {'my_club': ['x']}
    """
    own = {q: ids for q, ids in quizzes.items() if q in banks}
    return own or dict(quizzes)


def course_map(page_url: str, files: Files, folder: str = "") -> str:
    """The course map: a table of the lessons with a progress cell for each.

    ``folder``: the edition whose lessons it lists (``""``: English); its
    words are those of the language spoken (:func:`prefa.i18n.using`)."""
    rows = []
    total = 0
    every: dict[str, list[str]] = {}
    banks = {b.stem for b in _banks()}
    started, no_quiz = escape(_("not started")), escape(_("no quiz"))
    for f, info in _lessons(files, folder):
        info = {**info, "quizzes": lesson_questions(info["quizzes"], banks)}
        n = sum(len(v) for v in info["quizzes"].values())
        total += n
        for quiz, ids in info["quizzes"].items():
            every.setdefault(quiz, []).extend(i for i in ids if i not in every.get(quiz, []))
        href = get_relative_url(f.url, page_url)
        data = escape(json.dumps(info["quizzes"], ensure_ascii=False, sort_keys=True), quote=True)
        rows.append(f'<tr><td>{info["number"]}</td>'
                    f'<th scope="row"><a href="{href}">{escape(info["title"])}</a></th>'
                    f'<td>{n or "—"}</td>'
                    f'<td class="prefa-progress" data-items="{data}">'
                    f'{started if n else no_quiz}</td></tr>')
    everything = escape(json.dumps(every, ensure_ascii=False, sort_keys=True), quote=True)
    # (each message outside the f-strings: the catalog's extractor reads no f-string)
    caption = escape(_("The lessons, in order, and your progress"))
    number = escape(pgettext("the column of the lesson numbers", "No."))
    lesson, questions = escape(_("Lesson")), escape(_("Questions"))
    progress, all_lessons = escape(_("Your progress")), escape(_("All lessons"))
    new = escape(_("not started"))
    return ('<div class="prefa-course">\n<table>\n'
            f'<caption>{caption}</caption>\n'
            f'<thead><tr><th scope="col">{number}</th><th scope="col">{lesson}</th>'
            f'<th scope="col">{questions}</th><th scope="col">{progress}</th></tr></thead>\n'
            "<tbody>\n" + "\n".join(rows) + "\n</tbody>\n"
            f'<tfoot><tr><td></td><th scope="row">{all_lessons}</th><td>{total}</td>'
            f'<td class="prefa-progress prefa-progress-total" data-items="{everything}">'
            f"{new}</td></tr></tfoot>\n</table>\n</div>")


# -- rules pages ------------------------------------------------------------------------
def page_summary(text: str) -> tuple[str | None, str]:
    """A Markdown page's first heading and the first sentence after it.

    >>> page_summary("# Balkan preferans\\n\\nThree players bid. They play.\\n")
    ('Balkan preferans', 'Three players bid.')
    """
    title = None
    para: list[str] = []
    for line in text.splitlines():
        s = line.strip()
        if title is None:
            if s.startswith("# "):
                title = s[2:].strip()
            continue
        if not s:
            if para:
                break
            continue
        if s.startswith(("#", "|", "!!!", "<", "-", "*", ">", "```")) and not para:
            continue
        para.append(s)
    words = " ".join(para)
    m = re.match(r"(.+?[.!?])(\s|$)", words)
    return title, (m.group(1) if m else words)


def rules_pages(page: File, files: Files, folder: str = "") -> str:
    """The rules pages of the edition in ``folder`` (``""``: English), as a list."""
    out = []
    rules = (folder + "/" if folder else "") + "rules/"
    for f in sorted(files.documentation_pages(), key=lambda f: f.src_uri):
        if f.src_uri.startswith(rules) and "/" not in f.src_uri[len(rules):] \
                and f.src_uri.endswith(".md") and f is not page:
            title, first = page_summary(Path(f.abs_src_path).read_text(encoding="utf-8"))
            rel = get_relative_url(f.src_uri, page.src_uri)
            out.append(f"- [{title or f.name}]({rel}): {first}".rstrip(": "))
    return "\n".join(out) or _("No rules page yet.")


# -- handouts ---------------------------------------------------------------------------
def _banks() -> list[Path]:
    return sorted(PACKAGE.glob("**/quizzes/*.txt"), key=lambda p: p.name)


def _lesson_titles(folder: Path | None = None) -> dict[str, str]:
    """Quiz name -> "Lesson NN: title", for the lessons present in ``folder``
    (the English lessons by default), in the language spoken."""
    out = {}
    for path in sorted((folder or ROOT / "lessons").glob("[0-9][0-9]_*.ipynb")):
        info = lesson_info(path)
        title = to_cyrillic(info["title"]) if language() == "sr-Cyrl" else info["title"]
        for quiz in info["quizzes"]:
            out.setdefault(quiz, _("Lesson {number}: {title}").format(number=info["number"],
                                                                     title=title))
    return out


HANDOUT_VARIANTS = (("", {}), ("-four-colour", {"four_colour": True}),
                    ("-questions", {"key": False}))
"""The handouts of each bank: file suffix and handout_html options."""


def _handout_editions(config) -> list[tuple[str, str, Path | None]]:
    """``(folder, language, lessons folder)`` of each edition with handouts: English
    (every bank) and each edition whose lessons exist (the banks its lessons use;
    an edition made ``from:`` another has that one's lessons, in its own script)."""
    out: list[tuple[str, str, Path | None]] = [("", "en", None)]
    raw = (config.extra or {}).get("editions") or {}
    for lang, ed in raw.items():
        source = raw.get(ed["from"], {}) if ed.get("from") else ed
        src_dir = source.get("dir", (ed.get("from") or lang).lower())
        lessons = (ROOT / "site" / src_dir / "lessons")
        if lessons.is_dir():
            out.append((ed.get("dir", lang.lower()), lang, lessons.resolve()))
    return out


def make_handouts(config, files: Files) -> None:
    from prefa.quiz import check_text
    from prefa.quiz_render import handout_html, projector_html

    _handouts.clear()
    for folder, lang, lessons in _handout_editions(config):
        prefix = folder + "/" if folder else ""
        own = _handouts.setdefault(folder, {})
        with using(lang):
            titles = _lesson_titles(lessons)
            for bank in _banks():
                if lessons is not None and bank.stem not in titles:
                    continue  # no lesson of this edition uses it: it is not translated
                lines = check_text(bank.read_text(encoding="utf-8"), bank.name)
                bad = [ln for ln in lines if ln.status != "agrees"]
                if bad:
                    log.warning("quiz bank %s: %d item(s) the engine does not accept, "
                                "no handout: %s", bank.name, len(bad), bad[0].text)
                    continue
                title = titles.get(bank.stem, bank.stem.replace("_", " "))
                results = [ln.result for ln in lines]
                for suffix, options in HANDOUT_VARIANTS:
                    html = handout_html(results, _("{title} (quiz)").format(title=title),
                                        **options)
                    files.append(File.generated(
                        config, f"{prefix}handouts/{bank.stem}{suffix}.html", content=html))
                for suffix, four in (("", False), ("-four-colour", True)):
                    files.append(File.generated(
                        config, f"{prefix}projector/{bank.stem}{suffix}.html",
                        content=projector_html(results, title, four_colour=four)))
                own[bank.stem] = (title, len(lines))


def _page_folder(page: File) -> str:
    first = page.src_uri.split("/", 1)[0] if "/" in page.src_uri else ""
    return first if first and first in _handouts else ""


def handout_list(page: File) -> str:
    out = []
    prefix = _page_folder(page) and _page_folder(page) + "/"
    for stem, (title, n) in _handouts.get(_page_folder(page), {}).items():
        rel = get_relative_url(f"{prefix}handouts/{stem}.html", page.src_uri)
        rel4 = get_relative_url(f"{prefix}handouts/{stem}-four-colour.html", page.src_uri)
        relq = get_relative_url(f"{prefix}handouts/{stem}-questions.html", page.src_uri)
        out.append(_("- [{title}]({link}): {count} ([four-colour version]({link4}), "
                     "[questions only]({linkq}))").format(
            title=title, link=rel, link4=rel4, linkq=relq,
            count=ngettext("{n} question", "{n} questions", n).format(n=n)))
    return "\n".join(out) or _("No quiz bank yet.")


def projector_list(page: File) -> str:
    out = []
    prefix = _page_folder(page) and _page_folder(page) + "/"
    for stem, (title, n) in _handouts.get(_page_folder(page), {}).items():
        rel = get_relative_url(f"{prefix}projector/{stem}.html", page.src_uri)
        rel4 = get_relative_url(f"{prefix}projector/{stem}-four-colour.html", page.src_uri)
        out.append(_("- [{title}]({link}): {count} ([four colours]({link4}))").format(
            title=title, link=rel, link4=rel4,
            count=ngettext("{n} question", "{n} questions", n).format(n=n)))
    return "\n".join(out) or _("No quiz bank yet.")


# -- API reference ----------------------------------------------------------------------
def _source(module: str) -> Path:
    path = PACKAGE.parent.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _group(module: str) -> str:
    """The package a module is listed under: itself for a package, else its parent."""
    if _source(module).name == "__init__.py":
        return module
    return module.rpartition(".")[0]


def modules() -> list[str]:
    """The package's public modules: those of ``prefa`` first, then each subpackage's.

    >>> names = modules()
    >>> names[0], names.index("prefa.cards") < names.index("prefa.balkan.auction")
    ('prefa.advice', True)
    """
    names = []
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if any(p.startswith("_") for p in parts) or not path.read_text(encoding="utf-8").strip():
            continue  # private, or an empty package file (nothing to document)
        names.append(".".join(parts))
    return sorted(names, key=lambda n: (_group(n) != "prefa", _group(n), n != _group(n), n))


def _first_line(module: str) -> str:
    doc = ast.get_docstring(ast.parse(_source(module).read_text(encoding="utf-8"))) or ""
    return doc.strip().split("\n\n")[0].replace("\n", " ")


def api_groups() -> dict[str, list[str]]:
    """The API pages: one per package (``prefa`` itself and each subpackage), with its modules."""
    groups: dict[str, list[str]] = {}
    for name in modules():
        groups.setdefault(_group(name), []).append(name)
    return groups


def make_api_pages(config, files: Files) -> None:
    for group, names in api_groups().items():
        # Not in the site's search: the index every visitor loads stays small
        # (the reference has its own table of contents and the list on api/).
        md = ["---\nsearch:\n  exclude: true\n---\n", f"# `{group}`\n"]
        if group in names:  # the package's own docstring first
            md.append(f"::: {group}\n    options:\n      show_submodules: false\n"
                      "      members: false\n")
        for name in names:
            if name != group:
                md.append(f"::: {name}\n    options:\n      show_root_heading: true\n"
                          "      show_root_full_path: true\n")
        files.append(File.generated(config, f"api/{group}.md", content="\n".join(md)))


def api_list(page: File) -> str:
    out = []
    for group, names in api_groups().items():
        rel = get_relative_url(f"api/{group}.md", page.src_uri)
        out.append(f"\n## [`{group}`]({rel})\n")
        if group in names:
            out.append(_first_line(group).replace("[", "\\[").replace("]", "\\]") + "\n")
        for name in names:
            if name != group:
                first = _first_line(name).replace("[", "\\[").replace("]", "\\]")
                out.append(f"- [`{name}`]({rel}#{name}): {first}")
    return "\n".join(out)


# -- quizzes on the lesson pages ----------------------------------------------------------
_QUIZ_STYLE = re.compile(r"<style[^>]*>(?:(?!</style>).)*?\.pq-item\{.*?</style>", re.DOTALL)
_QUIZ_SCRIPT = re.compile(r"<script>(?:(?!</script>).)*?window\.prefaQuiz.*?</script>", re.DOTALL)
_QUIZ_DATA = re.compile(r'<script(?=[^>]*\bclass="pq-data")[^>]*>(.*?)</script>', re.DOTALL)
_SECTION = re.compile(r'<section\b(?=[^>]*\bclass="pq-item")[^>]*>.*?</section>', re.DOTALL)
_LESSON_LINK = re.compile(r'href="((?:\.\./)?)(\d\d_[\w-]+)\.ipynb(#[^"]*)?"')
_SITE_LINK = re.compile(r'href="(?:\.\./)+site/([\w/-]+\.md)(#[^"]*)?"')
_CODE_INPUT = re.compile(r'<(div class="highlight-ipynb|div class="clipboard-copy-txt|'
                         r'span class="notice)')


def unsearched_code(html: str) -> str:
    r"""A lesson page with its code cells' code left out of the site's search.

    The mark goes on the innermost elements holding the code (the theme's
    search parser ends an exclusion at the first nested closing tag of the
    same name, so a mark on the cell's outer ``div`` would not hold).

    >>> unsearched_code('<div class="highlight-ipynb hl-python"><pre>x = 1</pre></div>')
    '<div data-search-exclude class="highlight-ipynb hl-python"><pre>x = 1</pre></div>'
    """
    return _CODE_INPUT.sub(lambda m: "<" + m.group(1).replace(" ", " data-search-exclude ", 1),
                           html)


def site_quizzes(html: str) -> str:
    """A lesson page's HTML with its quizzes as the site serves them.

    The per-item copies of the quiz style and script go (the site loads them
    once), and each item's JSON data moves into its ``data-pq`` attribute.

    >>> page = ('<style>.pq-item{x}</style><section class="pq-item" id="a">'
    ...         '<script type="application/json" class="pq-data">{"k": "\\u003c"}</script>'
    ...         '</section><script>(function(){window.prefaQuiz;})();</script>')
    >>> site_quizzes(page)
    '<section class="pq-item" id="a" data-pq="{&quot;k&quot;: &quot;&lt;&quot;}"></section>'
    """
    html = _QUIZ_STYLE.sub("", html)
    html = _QUIZ_SCRIPT.sub("", html)

    def move(m: re.Match) -> str:
        sec = m.group(0)
        data = _QUIZ_DATA.search(sec)
        if data is None:
            return sec
        value = json.dumps(json.loads(data.group(1)), ensure_ascii=False)
        sec = sec[:data.start()] + sec[data.end():]
        head_end = sec.index(">")
        return f'{sec[:head_end]} data-pq="{escape(value, quote=True)}"{sec[head_end:]}'

    return _SECTION.sub(move, html)


NO_ALT = "No description has been provided for this image"
_SVG_IMG = re.compile(r'<img alt="' + NO_ALT + r'" src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"')
_ARIA = re.compile(r'<svg\b[^>]*?\baria-label="([^"]*)"')


def described_images(html: str) -> str:
    """Drawings saved as images given their own description as alt text.

    The notebook renderer writes an SVG output as an ``<img>`` with the alt
    text *No description has been provided for this image*; our drawings
    name their cards in an ``aria-label``, which becomes the alt text.  An
    image without one is marked decorative (``alt=""``) rather than left so.

    >>> import base64
    >>> svg = base64.b64encode(b'<svg xmlns="x" role="img" aria-label="ace of spades">').decode()
    >>> described_images(f'<img alt="{NO_ALT}" src="data:image/svg+xml;base64,{svg}">')[:29]
    '<img alt="ace of spades" src='
    """
    import base64

    def fix(m: re.Match) -> str:
        try:
            svg = base64.b64decode(m.group(1)).decode("utf-8")
        except ValueError:
            return m.group(0)
        label = _ARIA.search(svg)
        alt = label.group(1) if label else ""
        size = _WIDTH.search(svg)
        wide = ' class="prefa-wide"' if size and float(size.group(1)) > WIDE else ""
        return f'<img alt="{alt}"{wide} src="data:image/svg+xml;base64,{m.group(1)}"'
    return wide_drawings(_SVG_IMG.sub(fix, html))


WIDE = 340
"""A drawing wider than this (in its own units, CSS pixels at full size) is *wide*:
on a phone it takes the whole width of the screen, margins included, rather than
the text column's, so its cards stay as large as they can."""

_WIDTH = re.compile(r'<svg\b[^>]*?\bwidth="([\d.]+)"')
_WIDE_SVG = re.compile(r'<svg\b[^>]*\bclass="prefa-cards"[^>]*>')


def wide_drawings(html: str) -> str:
    """Inline card drawings wider than :data:`WIDE` marked ``prefa-wide``.

    >>> wide_drawings('<svg class="prefa-cards" width="516"><svg class="prefa-cards" width="48">')
    '<svg class="prefa-cards prefa-wide" width="516"><svg class="prefa-cards" width="48">'
    """
    def mark(m: re.Match) -> str:
        size = _WIDTH.search(m.group(0))
        if size is None or float(size.group(1)) <= WIDE:
            return m.group(0)
        return m.group(0).replace('class="prefa-cards"', 'class="prefa-cards prefa-wide"')
    return _WIDE_SVG.sub(mark, html)


def lesson_links(html: str, page_url: str, files: Files, folder: str = "") -> str:
    """Links to ``NN_name.ipynb`` (as lessons link to each other) made links to the pages.

    So are a lesson's links to a page of the site, written ``../site/code.md``
    (``../../site/code.md`` from an edition's lessons, in ``lessons/sr/``) so that
    they also open in JupyterLab.  In an edition (``folder``), ``NN_name.ipynb``
    is its own lesson and ``../NN_name.ipynb`` the English one (a lesson it has not).
    """
    prefix = folder + "/" if folder else ""

    def fix(m: re.Match) -> str:
        own = "" if m.group(1) else prefix
        target = files.get_file_from_path(f"{own}lessons/{m.group(2)}.ipynb")
        if target is None:
            return m.group(0)  # left broken: tests/test_site_build.py reports it
        return f'href="{get_relative_url(target.url, page_url)}{m.group(3) or ""}"'

    def fix_page(m: re.Match) -> str:
        target = files.get_file_from_path(m.group(1))
        if target is None:
            return m.group(0)
        return f'href="{get_relative_url(target.url, page_url)}{m.group(2) or ""}"'
    return _SITE_LINK.sub(fix_page, _LESSON_LINK.sub(fix, html))


# -- the MkDocs events ---------------------------------------------------------------------
def on_config(config):
    """With ``PREFA_SITE_URL`` set, the site's address: Material's instant navigation on.

    Instant navigation (pages swapped without reloading, the search index
    kept) needs ``site_url`` to be the address the site is served from, which
    a club hosting plain files anywhere cannot promise: so it is off unless
    the builder names the address, e.g. ``PREFA_SITE_URL=https://club.example/prefa/``.
    """
    url = os.environ.get("PREFA_SITE_URL", "").strip()
    if url:
        config.site_url = url if url.endswith("/") else url + "/"
        features = config.theme.get("features") or []
        if "navigation.instant" not in features:
            config.theme["features"] = [*features, "navigation.instant"]
    return config


def on_files(files: Files, config) -> Files:
    from prefa.quiz_render import SCRIPT, STYLE

    files.append(File.generated(config, QUIZ_JS, content=SCRIPT.strip() + "\n"))
    files.append(File.generated(config, QUIZ_CSS, content=STYLE.strip() + "\n"))
    make_handouts(config, files)
    make_api_pages(config, files)
    return files


def _edition(page, config) -> tuple[str, str]:
    """The folder and language of the edition a page is in (``("", "en")``: English;
    the editions: ``extra.editions`` in mkdocs.yml, site/_hooks/editions.py)."""
    for lang, ed in ((config.extra or {}).get("editions") or {}).items():
        folder = ed.get("dir", lang.lower())
        if not ed.get("from") and page.file.src_uri.startswith(folder + "/"):
            return folder, lang
    return "", "en"


def on_page_markdown(markdown, page, config, files):
    folder, lang = _edition(page, config)
    with using(lang):
        return _page_markdown(markdown, page, files, folder)


def _page_markdown(markdown, page, files, folder):
    if COURSE_MAP in markdown:
        markdown = markdown.replace(COURSE_MAP,
                                    "\n" + course_map(page.url, files, folder) + "\n")
    if RULES_PAGES in markdown:
        markdown = markdown.replace(RULES_PAGES, rules_pages(page.file, files, folder))
    if HANDOUTS in markdown:
        markdown = markdown.replace(HANDOUTS, handout_list(page.file))
    if PROJECTOR in markdown:
        markdown = markdown.replace(PROJECTOR, projector_list(page.file))
    if API_MODULES in markdown:
        markdown = markdown.replace(API_MODULES, api_list(page.file))
    return markdown


def on_page_content(html, page, config, files):
    if not page.file.src_uri.endswith(".ipynb"):
        return html
    html = unsearched_code(lesson_links(described_images(site_quizzes(html)), page.url, files,
                                        _edition(page, config)[0]))
    name = Path(page.file.src_uri).name
    with using(_edition(page, config)[1]):
        words = escape(_("{link}Download this lesson as a notebook{end} to run it in JupyterLab."))
    link = ('<p class="prefa-download">' + words.format(
        link=f'<a href="{escape(name, quote=True)}" download>', end="</a>") + "</p>")
    end = html.find("</h1>")
    if end < 0:
        return link + html
    end += len("</h1>")
    return html[:end] + link + html[end:]

"""The teaching site: ``mkdocs build --strict`` renders every lesson, offline.

One build (shared with the browser tests through :func:`browser_setup.build_site`)
is checked for:

- every lesson in ``lessons/`` has a page carrying the static quiz of its saved
  outputs (its ``pq-choice`` buttons, one for one), with each item's data in
  its ``data-pq`` attribute and no per-item copy of the quiz script;
- the lessons are not copied into ``site/``: ``site/lessons`` is a symlink;
- the home page's course map lists every lesson, titled by its first heading,
  with the number of questions its page holds; the rules index lists every
  rules page; a handout for every quiz bank; every module in the API reference;
- every link and resource of every page points to a file of the site;
- no page, stylesheet or script loads anything from outside the site
  (scripts, styles, fonts, images, module imports, CSS ``url()``, the theme's
  CDN fallbacks), and no widget manager or RequireJS is referenced;
- the Balkan rules page states the engine's games, values and options.

Skipped when MkDocs, mkdocs-jupyter or mkdocstrings is not installed
(``pip install -e ".[site]"``).
"""

from __future__ import annotations

import json
import re
from dataclasses import fields
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar
from urllib.parse import unquote, urlsplit

import pytest

pytest.importorskip("mkdocs")
pytest.importorskip("mkdocs_jupyter")
pytest.importorskip("material")
pytest.importorskip("mkdocstrings")

from browser_setup import build_site

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))
EXTERNAL = re.compile(r"^\s*(?:[a-z][a-z0-9+.-]*:)?//", re.IGNORECASE)
CHOICE = re.compile(r'<button\b[^>]*\bclass="pq-choice\b')


@pytest.fixture(scope="module")
def built() -> Path:
    return Path(build_site())


def _outputs_html(nb_path: Path) -> str:
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    parts = []
    for cell in nb["cells"]:
        for output in cell.get("outputs", []):
            html = output.get("data", {}).get("text/html", "")
            parts.append("".join(html) if isinstance(html, list) else html)
    return "".join(parts)


def _title(nb_path: Path) -> str:
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            m = re.search(r"^# (.+)$", "".join(cell["source"]), re.MULTILINE)
            if m:
                return m.group(1).strip()
    raise AssertionError(f"{nb_path.name} has no title")


def test_lessons_are_linked_not_copied():
    link = ROOT / "site" / "lessons"
    assert link.is_symlink() and link.resolve() == (ROOT / "lessons").resolve()


@pytest.mark.parametrize("nb", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_lesson_has_a_page_with_its_quiz(built, nb):
    page = built / "lessons" / nb.stem / "index.html"
    assert page.is_file(), f"no page for {nb.name}"
    html = page.read_text(encoding="utf-8")
    saved = _outputs_html(nb)
    assert len(CHOICE.findall(html)) == len(CHOICE.findall(saved))
    items = html.count('class="pq-item"')
    assert items == saved.count('class="pq-item"')
    # each item carries its verdicts in data-pq; the site serves the script once
    assert html.count(" data-pq=") == items
    assert "pq-data" not in html and "window.prefaQuiz" not in html
    assert ".pq-item{" not in html
    # the source notebook is offered next to its page
    assert (page.parent / nb.name).is_file()
    assert f'href="{nb.name}" download' in html


@pytest.mark.parametrize("nb", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_pages_show_outputs_not_code(built, nb):
    """A learner sees the engine's answers; every code cell is hidden, on the page too."""
    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    code = [c for c in cells if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    assert code and all(c["metadata"].get("jupyter", {}).get("source_hidden") for c in code)
    html = (built / "lessons" / nb.stem / "index.html").read_text(encoding="utf-8")
    assert "highlight-ipynb" not in html and "clipboard-copy-txt" not in html
    # no line of any cell's source, e.g. its imports, is on the page
    text = unescape(re.sub(r"<[^>]+>", "", html))
    lines = {line.strip() for c in code for line in "".join(c["source"]).splitlines()}
    for line in lines:
        if line.startswith(("from prefa", "import ")):
            assert line not in text, line


def test_quiz_data_keeps_the_engine_verdicts(built):
    """The data moved into the attribute is the data the notebook saved."""
    nb = ROOT / "lessons" / "01_cards_deal_and_tricks.ipynb"
    saved = [json.loads(m) for m in re.findall(
        r'<script type="application/json" class="pq-data">(.*?)</script>', _outputs_html(nb),
        re.DOTALL)]
    html = (built / "lessons" / nb.stem / "index.html").read_text(encoding="utf-8")
    shown = []
    for m in re.finditer(r'<section\b[^>]*\bdata-pq="([^"]*)"', html):
        shown.append(json.loads(unescape(m.group(1))))
    assert saved and shown == saved


def test_the_quiz_script_and_style_are_served_once(built):
    from prefa.quiz_render import SCRIPT, STYLE
    assert (built / "assets/javascripts/quiz.js").read_text(encoding="utf-8").strip() \
        == SCRIPT.strip()
    assert (built / "assets/stylesheets/quiz.css").read_text(encoding="utf-8").strip() \
        == STYLE.strip()
    page = (built / "lessons" / LESSONS[1].stem / "index.html").read_text(encoding="utf-8")
    assert page.count("assets/javascripts/quiz.js") == 1
    assert page.count("assets/stylesheets/quiz.css") == 1


def test_notebook_styles_are_one_file_linked_from_notebook_pages(built):
    css = built / "assets/stylesheets/notebook.css"
    assert css.is_file() and ".jupyter-wrapper" in css.read_text(encoding="utf-8")
    lesson = (built / "lessons" / LESSONS[0].stem / "index.html").read_text(encoding="utf-8")
    assert 'href="../../assets/stylesheets/notebook.css"' in lesson
    assert "--jp-shadow-base-lightness" not in lesson  # the big inline block is gone
    home = (built / "index.html").read_text(encoding="utf-8")
    assert "notebook.css" not in home


# -- the generated pages ---------------------------------------------------------------------
def _cells(html: str, table_start: str) -> list[list[str]]:
    table = html[html.index(table_start):]
    table = table[:table.index("</table>")]
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", table, re.DOTALL):
        rows.append([re.sub(r"<[^>]+>", "", c).strip()
                     for c in re.findall(r"<t[hd]\b[^>]*>(.*?)</t[hd]>", row, re.DOTALL)])
    return rows


def test_course_map_lists_every_lesson(built):
    home = (built / "index.html").read_text(encoding="utf-8")
    rows = _cells(home, '<div class="prefa-course">')
    body = {r[0]: r for r in rows[1:] if re.fullmatch(r"\d\d", r[0])}
    assert sorted(body) == [nb.name[:2] for nb in LESSONS]
    total = 0
    for nb in LESSONS:
        _number, title, questions, _progress = body[nb.name[:2]]
        assert title == _title(nb)
        page = (built / "lessons" / nb.stem / "index.html").read_text(encoding="utf-8")
        scored = len(_lesson_questions(page))
        assert questions == (str(scored) if scored else "—"), nb.name
        total += scored
        assert f'href="lessons/{nb.stem}/"' in home
    assert rows[-1][1:3] == ["All lessons", str(total)]


BANKS = {p.stem for p in (ROOT / "prefa").glob("**/quizzes/*.txt")}


def _lesson_questions(page: str) -> set[tuple[str, str]]:
    """(quiz, item) of the scored items a lesson page counts: those of its quiz
    banks when it shows any (a demonstration item under another name is
    practice), else all."""
    items = set()
    for tag in re.findall(r'<section\b[^>]*\bclass="pq-item"[^>]*>', page):
        attr = dict(re.findall(r'\b(data-[a-z]+)="([^"]*)"', tag))
        if attr.get("data-scored") == "1":
            items.add((attr.get("data-quiz", ""), attr.get("data-item", "")))
    own = {(q, i) for q, i in items if q in BANKS}
    return own or items


def test_lesson_counts_agree_on_the_map_the_handouts_and_the_score_line(built):
    """Lesson 00 counted 9 questions on the home page (a demonstration item with
    them) and 8 on the handouts page."""
    home = (built / "index.html").read_text(encoding="utf-8")
    body = {r[0]: r for r in _cells(home, '<div class="prefa-course">')[1:]}
    teachers = unescape(re.sub(r"<[^>]+>", "", (built / "teachers" / "index.html")
                               .read_text(encoding="utf-8")))
    checked = 0
    for nb in LESSONS:
        page = (built / "lessons" / nb.stem / "index.html").read_text(encoding="utf-8")
        questions = _lesson_questions(page)
        for bank in {q for q, _ in questions} & BANKS:
            n = sum(1 for q, _ in questions if q == bank)
            assert body[nb.name[:2]][2] == str(n), nb.name
            m = re.search(rf"Lesson {nb.name[:2]}: [^\n]*?: (\d+) questions", teachers)
            assert m and m.group(1) == str(n), nb.name
            checked += 1
    assert checked >= 10


def test_drawings_saved_as_images_have_their_description(built):
    """The notebook renderer gave 52 card drawings the alt text "No description
    has been provided for this image"; each drawing names its cards instead."""
    named = re.compile(r"(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|"
                       r"two) of|face down|no cards")
    seen = 0
    for nb in LESSONS:
        page = (built / "lessons" / nb.stem / "index.html").read_text(encoding="utf-8")
        assert "No description has been provided" not in page, nb.name
        for alt in re.findall(r'<img\b[^>]*\balt="([^"]*)"[^>]*src="data:image/svg', page):
            assert named.search(alt), (nb.name, alt)
            seen += 1
        # deal tables are HTML blocks of small drawings (readable on a phone), named as one
        for tag in re.findall(r'<div\b[^>]*class="prefa-table"[^>]*>', page):
            label = re.search(r'aria-label="([^"]*)"', tag)
            assert label and named.search(label.group(1)), (nb.name, tag[:200])
            seen += 1
    assert seen >= 52


def test_the_site_handout_is_the_command_handout(built):
    """The handouts page prints what ``prefa quiz handout`` writes."""
    from prefa.quiz import check_text
    from prefa.quiz_render import handout_html
    bank = ROOT / "prefa" / "data" / "quizzes" / "09_opening_leads.txt"
    results = [ln.result for ln in check_text(bank.read_text(encoding="utf-8"), bank.name)]
    title = f"Lesson 09: {_title(ROOT / 'lessons' / '09_opening_leads.ipynb')} (quiz)"
    site = (built / "handouts" / "09_opening_leads.html").read_text(encoding="utf-8")
    assert site == handout_html(results, title)
    only = (built / "handouts" / "09_opening_leads-questions.html").read_text(encoding="utf-8")
    assert only == handout_html(results, title, key=False)


def test_projector_and_questions_only_pages_for_every_bank(built):
    teachers = (built / "teachers" / "index.html").read_text(encoding="utf-8")
    projector = (built / "projector" / "index.html").read_text(encoding="utf-8")
    from prefa.quiz import parse_quiz
    for bank in sorted((ROOT / "prefa").glob("**/quizzes/*.txt")):
        n = len(parse_quiz(bank.read_text(encoding="utf-8")))
        only = (built / "handouts" / f"{bank.stem}-questions.html").read_text(encoding="utf-8")
        assert len(re.findall(r'class="ho-item[ "]', only)) == n and 'class="ho-answer"' not in only
        assert f'href="../handouts/{bank.stem}-questions.html"' in teachers
        for name in (f"{bank.stem}.html", f"{bank.stem}-four-colour.html"):
            page = (built / "projector" / name).read_text(encoding="utf-8")
            assert page.count('class="pj-item"') == n
            assert f'href="{name}"' in projector  # the page is projector/ itself


def test_rules_index_lists_every_rules_page(built):
    pages = sorted(p.stem for p in (ROOT / "site" / "rules").glob("*.md") if p.stem != "index")
    assert "balkan" in pages
    index = (built / "rules" / "index.html").read_text(encoding="utf-8")
    linked = sorted(set(re.findall(r'href="([a-z_-]+)/"', index)))
    assert linked == pages


def test_a_handout_for_every_quiz_bank(built):
    from prefa.quiz import parse_quiz
    banks = sorted((ROOT / "prefa").glob("**/quizzes/*.txt"))
    assert banks
    teachers = (built / "teachers" / "index.html").read_text(encoding="utf-8")
    for bank in banks:
        n = len(parse_quiz(bank.read_text(encoding="utf-8")))
        for name in (f"{bank.stem}.html", f"{bank.stem}-four-colour.html"):
            page = (built / "handouts" / name).read_text(encoding="utf-8")
            assert len(re.findall(r'class="ho-item[ "]', page)) == n == page.count('class="ho-answer"')
            assert f'href="../handouts/{name}"' in teachers


def _public_modules() -> list[str]:
    out = []
    for path in (ROOT / "prefa").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        parts = parts[:-1] if parts[-1] == "__init__" else parts
        if not any(p.startswith("_") for p in parts) and path.read_text(encoding="utf-8").strip():
            out.append(".".join(parts))
    return sorted(out)


def test_the_api_reference_documents_every_module(built):
    index = (built / "api" / "index.html").read_text(encoding="utf-8")
    for name in _public_modules():
        package = name if (ROOT / Path(*name.split("."))).is_dir() else name.rpartition(".")[0]
        page = built / "api" / package / "index.html"
        assert page.is_file(), name
        html = page.read_text(encoding="utf-8")
        if name != package:
            assert f'id="{name}"' in html, name
            assert f'href="{package}/#{name}"' in index, name
    core = (built / "api" / "prefa" / "index.html").read_text(encoding="utf-8")
    assert 'id="prefa.cards.CardSet"' in core and 'id="prefa.cards.parse_card"' in core
    # doctests are code blocks, never quotes; reST roles are gone
    assert "&gt;&gt;&gt;" in core and "<blockquote>" not in core
    assert ":func:" not in core and ":class:" not in core


# -- links and requests ----------------------------------------------------------------------
class _Resources(HTMLParser):
    """Collects the URLs a page would fetch by itself, and the links a reader follows."""

    ATTRS: ClassVar[dict[str, tuple[str, ...]]] = {
        "script": ("src",), "img": ("src", "srcset"), "iframe": ("src",),
        "source": ("src", "srcset"), "video": ("src", "poster"), "audio": ("src",),
        "embed": ("src",), "object": ("data",), "input": ("src",), "image": ("href",),
        "use": ("href",)}
    NAVIGATION_RELS: ClassVar[set[str]] = {"canonical", "alternate", "prev", "next", "search",
                                           "author", "license", "help"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.urls: list[str] = []
        self.links: list[str] = []
        self.inline: list[str] = []
        self._in = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "link":
            rels = set((a.get("rel") or "").lower().split())
            (self.links if rels <= self.NAVIGATION_RELS else self.urls).append(a.get("href") or "")
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        for name in self.ATTRS.get(tag, ()):
            value = (a.get(name) or "").strip()
            if name == "srcset":
                self.urls.extend(u.strip().split(" ")[0] for u in value.split(",") if u.strip())
            elif value:
                self.urls.append(value)
        if a.get("style"):
            self.inline.append(a["style"])
        self._in = tag if tag in ("script", "style") else None

    def handle_endtag(self, tag):
        self._in = None

    def handle_data(self, data):
        if self._in:
            self.inline.append(data)


def _target(built: Path, page: Path, url: str) -> Path | None:
    """The file a relative URL of a page points to, or None for an outside or empty URL."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    base = page.parent if not parts.path.startswith("/") else built
    target = (base / unquote(parts.path.lstrip("/"))).resolve()
    return target / "index.html" if target.is_dir() or parts.path.endswith("/") else target


def test_every_link_and_resource_is_in_the_site(built):
    broken = []
    pages = sorted(built.rglob("*.html"))
    for page in pages:
        parser = _Resources()
        parser.feed(page.read_text(encoding="utf-8"))
        for url in parser.urls + parser.links:
            target = _target(built, page, url)
            if target is not None and not target.is_file():
                broken.append(f"{page.relative_to(built)}: {url}")
    assert not broken, "\n".join(sorted(set(broken)))


INLINE_FETCH = re.compile(
    r"""(?:url\(\s*['"]?|@import\s+['"]|import\(\s*['"]|from\s+['"]|\bsrc\s*=\s*['"])"""
    r"""((?:https?:)?//[^'")\s]+)""", re.IGNORECASE)
FORBIDDEN = ("html-manager", "@jupyter-widgets", "require.js", "requirejs", "unpkg.com",
             "jsdelivr", "cdnjs", "fonts.googleapis", "fonts.gstatic", "mathjax")


def test_no_request_leaves_the_site(built):
    offenders = []
    for page in sorted(built.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        parser = _Resources()
        parser.feed(html)
        rel = page.relative_to(built)
        offenders += [f"{rel}: {u}" for u in parser.urls if EXTERNAL.match(u)]
        for text in parser.inline:
            offenders += [f"{rel}: {u} (inline)" for u in INLINE_FETCH.findall(text)]
        lower = html.lower()
        offenders += [f"{rel}: mentions {w}" for w in FORBIDDEN if w in lower]
    for css in sorted(built.rglob("*.css")):
        rel = css.relative_to(built)
        offenders += [f"{rel}: {u}" for u in INLINE_FETCH.findall(css.read_text(encoding="utf-8"))]
    for js in sorted(built.rglob("*.js")):
        text = js.read_text(encoding="utf-8")
        rel = js.relative_to(built)
        offenders += [f"{rel}: {u}" for u in re.findall(
            r"https://(?:unpkg\.com|cdn\.jsdelivr\.net|cdnjs\.cloudflare\.com)/[^\"'`\s]*", text)]
    assert not offenders, "\n".join(offenders)


# -- the rules page states what the engine does ------------------------------------------------
def _table_rows(md: str, header: str) -> list[list[str]]:
    lines = md[md.index(header):].splitlines()
    rows = []
    for line in lines[2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def test_balkan_page_tells_every_house_rule_in_words():
    """The rules page asks each house rule the lesson's table asks (every option of the
    engine is one of them), in words: no option names, no name=value, no code."""
    from prefa.balkan.options import BalkanRules
    from prefa.balkan.table_talk import HOUSE_RULES
    md = (ROOT / "site" / "rules" / "balkan.md").read_text(encoding="utf-8")
    rows = [r[0] for r in _table_rows(md, "| to agree before the first deal |")]
    assert rows == [r.question for r in HOUSE_RULES]
    assert "`" not in md and "```" not in md
    assert [f.name for f in fields(BalkanRules) if "_" in f.name and f.name in md] == []
    assert not re.search(r"\b[a-z_]+=(yes|no|\d+|earlier|later)\b", md)
    assert "seed" not in md.lower()


def test_balkan_page_gives_the_engine_game_values():
    from prefa.balkan.contract import Contract, Game
    md = (ROOT / "site" / "rules" / "balkan.md").read_text(encoding="utf-8")
    rows = _table_rows(md, "| game | at the table |")
    assert len(rows) == len(Game)
    for row, game in zip(rows, sorted(Game, key=lambda g: g.value)):
        assert row[0].split()[0] == str(game)
        assert row[1] == f"*{game.local}*"
        assert int(row[2]) == Contract(game).value
        assert int(row[3]) == Contract(game, igra=True).value
        assert row[4] == (game.trump.name.lower() if game.trump is not None else "none")


GLOSSARY_TERMS = ["trick", "trump", "talon", "bid", "pass", "declarer", "defender", "follow",
                  "kontra", "misère", "no trumps", "pool", "bule", "hat", "refe", "supe",
                  "kasa", "kapikia", "gora", "all pass", "spades", "clubs", "diamonds",
                  "hearts", "ace", "king", "queen", "jack", "ten"]


def test_glossary_has_five_languages_for_every_term():
    md = (ROOT / "site" / "glossary.md").read_text(encoding="utf-8")
    header = "| English | Serbian | Croatian | Greek | Russian | What it means |"
    tables = md.count(header)
    assert tables >= 4
    english = []
    pos = 0
    for _ in range(tables):
        pos = md.index(header, pos) + 1
        for row in _table_rows(md[pos - 1:], header):
            assert len(row) == 6 and all(row), row
            english.append(row[0])
    for term in GLOSSARY_TERMS:
        assert any(e == term or e.startswith(term + " ") for e in english), term
    for word in ("štih", "μπάζα", "взятка", "πάσο", "пуля", "распасовка", "καπίκια"):
        assert word in md


def test_search_covers_the_text_not_the_code_nor_the_api(built):
    index = json.loads((built / "search" / "search_index.json").read_text(encoding="utf-8"))
    locations = {d["location"].split("#")[0] for d in index["docs"]}
    assert {f"lessons/{nb.stem}/" for nb in LESSONS} <= locations
    assert {"", "glossary/", "rules/balkan/", "api/"} <= locations
    assert not any(loc.startswith("api/prefa") for loc in locations)
    lesson = " ".join(d["text"] for d in index["docs"]
                      if d["location"].startswith("lessons/01_cards_deal_and_tricks/"))
    assert "štih" in lesson  # the lesson's words are found...
    assert "from prefa" not in lesson and "import" not in lesson  # ...its code is not

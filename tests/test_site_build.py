"""The teaching site: ``mkdocs build --strict`` renders every lesson, offline.

One build (module fixture, into a temporary directory) is checked for:

- every lesson in ``lessons/`` has a page, and the page carries the static quiz
  of the lesson's saved outputs (its ``pq-choice`` buttons, one for one);
- the lessons are not copied into ``site/``: ``site/lessons`` is a symlink;
- no page, stylesheet or inline script loads anything from outside the site
  (scripts, styles, fonts, images, module imports, CSS ``url()``), and no
  widget manager or RequireJS is referenced.

Skipped when MkDocs or mkdocs-jupyter is not installed (``pip install -e ".[site]"``).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

import pytest

pytest.importorskip("mkdocs")
pytest.importorskip("mkdocs_jupyter")
pytest.importorskip("material")

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))
EXTERNAL = re.compile(r"^\s*(?:https?:)?//", re.IGNORECASE)
CHOICE = re.compile(r'<button\b[^>]*\bclass="pq-choice\b')


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("site-build")
    out = tmp / "site"
    # cwd=tmp: mkdocs-jupyter's cache (a path relative to the working
    # directory) then lands in the temporary directory, not in the project.
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean",
         "-f", str(ROOT / "mkdocs.yml"), "-d", str(out)],
        check=False, cwd=tmp, capture_output=True, text=True, timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out


def _saved_choices(nb_path: Path) -> int:
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    n = 0
    for cell in nb["cells"]:
        for output in cell.get("outputs", []):
            html = output.get("data", {}).get("text/html", "")
            n += len(CHOICE.findall("".join(html) if isinstance(html, list) else html))
    return n


def test_lessons_are_linked_not_copied():
    link = ROOT / "site" / "lessons"
    assert link.is_symlink() and link.resolve() == (ROOT / "lessons").resolve()


@pytest.mark.parametrize("nb", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_lesson_has_a_page_with_its_quiz(built, nb):
    page = built / "lessons" / nb.stem / "index.html"
    assert page.is_file(), f"no page for {nb.name}"
    html = page.read_text(encoding="utf-8")
    expected = _saved_choices(nb)
    assert len(CHOICE.findall(html)) == expected
    if expected:
        assert 'class="pq-data" type="application/json"' in html
    # the source notebook is offered next to its page
    assert (page.parent / nb.name).is_file()


class _Resources(HTMLParser):
    """Collects the URLs a page would fetch by itself (not the links a reader follows)."""

    ATTRS: ClassVar[dict[str, tuple[str, ...]]] = {"script": ("src",), "img": ("src", "srcset"), "iframe": ("src",),
             "source": ("src", "srcset"), "video": ("src", "poster"), "audio": ("src",),
             "embed": ("src",), "object": ("data",), "input": ("src",), "image": ("href",),
             "use": ("href",)}
    NAVIGATION_RELS: ClassVar[set[str]] = {"canonical", "alternate", "prev", "next", "search", "author",
                       "license", "help"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.urls: list[str] = []
        self.inline: list[str] = []
        self._in = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "link":
            rels = set((a.get("rel") or "").lower().split())
            if not rels <= self.NAVIGATION_RELS:
                self.urls.append(a.get("href") or "")
        for name in self.ATTRS.get(tag, ()):
            if a.get(name):
                self.urls.extend(u.strip().split(" ")[0] for u in a[name].split(","))
        if a.get("style"):
            self.inline.append(a["style"])
        self._in = tag if tag in ("script", "style") else None

    def handle_endtag(self, tag):
        self._in = None

    def handle_data(self, data):
        if self._in:
            self.inline.append(data)


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
    assert not offenders, "\n".join(offenders)

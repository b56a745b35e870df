"""The site in Serbian, Latin and Cyrillic, beside the English pages.

One build (shared through :func:`browser_setup.build_site`) is checked for:

- each Serbian page at the English page's address under ``sr/``, its
  Cyrillic twin under ``sr-cyrl/``, each with its ``<html lang>``;
- every Serbian lesson in ``lessons/sr/`` has its page, with its static quizzes;
- the language menu of a page leads to the same page in each language, or to
  the edition's home where the page has no twin;
- no English left on a Serbian page (the words English has and Serbian has
  not), and no Latin word left on a Cyrillic one;
- the search index finds a Serbian word without its diacritics, and holds
  the Cyrillic pages with their own words.

In chromium (tests/test_browser_editions.py): the menu keeps the page and
the choice, search, and a live view speaking the page's language.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")
pytest.importorskip("mkdocs_jupyter")
pytest.importorskip("material")
pytest.importorskip("mkdocstrings")

from browser_setup import build_site  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SR_LESSONS = sorted((ROOT / "lessons" / "sr").glob("[0-9][0-9]_*.ipynb"))
SR_PAGES = sorted(p.relative_to(ROOT / "site" / "sr").with_suffix("")
                  for p in (ROOT / "site" / "sr").rglob("*.md"))


def _built() -> Path:
    return Path(build_site())


def _page(rel: str) -> str:
    return (_built() / rel / "index.html").read_text(encoding="utf-8")


def _address(src: Path) -> str:
    """The address of a page written as ``src`` (no suffix): ``play`` -> ``play/``."""
    return "" if src.name == "index" and src.parent == Path(".") else \
        (str(src.parent) + "/" if src.name == "index" else str(src) + "/")


_HIDDEN = re.compile(r"<(script|style|svg|code|textarea)\b.*?</\1\s*>|<!--.*?-->"
                     r"|<pre\b[^>]*>\s*<code\b.*?</pre>"  # code shown as code, not what it printed
                     r"|<a\b[^>]*\bhreflang=[^>]*>.*?</a>|<span hidden>.*?</span>"
                     r'|<(td|th|span)\b[^>]*\blang="(?!sr)[^"]*"[^>]*>.*?</\2>', re.S | re.I)


def visible_text(html: str) -> str:
    """The words a reader sees on a built page in its language (the language menu's
    names and the words marked as another language's left out)."""
    body = html[html.find("<body"):]
    return unescape(re.sub(r"<[^>]+>", " ", _HIDDEN.sub(" ", body)))


ENGLISH = {"the", "and", "of", "you", "your", "with", "this", "that", "which", "what",
           "when", "is", "are", "will", "from", "have", "has", "not", "for", "it", "be", "by",
           "an", "or", "who", "can", "must", "his", "he", "they", "there", "their", "been",
           "deals", "tricks", "cards", "otherwise", "engine", "agrees", "disagrees"}
"""Words common in English that are no Serbian words: one of them on a Serbian
page is English left untranslated."""


def english_left(text: str) -> list[str]:
    """The English phrases of a text: each English word with the words around it.

    >>> english_left("Ko nosi štih? The ace wins. Adut je pik.")
    ['Ko nosi štih? The ace wins.']
    """
    words = text.split()
    return [" ".join(words[max(0, i - 3):i + 3]) for i, w in enumerate(words)
            if re.sub(r"\W", "", w).lower() in ENGLISH]


pytestmark = pytest.mark.skipif(not SR_PAGES, reason="no Serbian pages in site/sr/ yet")


def test_every_serbian_page_is_at_the_english_address_in_both_scripts():
    built = _built()
    for src in SR_PAGES:
        rel = _address(src)
        latin, cyrillic = built / "sr" / rel / "index.html", built / "sr-cyrl" / rel / "index.html"
        assert latin.exists() and cyrillic.exists(), rel
        assert '<html lang="sr-Latn"' in latin.read_text(encoding="utf-8"), rel
        assert '<html lang="sr-Cyrl"' in cyrillic.read_text(encoding="utf-8"), rel
    assert '<html lang="en"' in _page("")
    assert '<html lang="en"' in _page("lessons/01_cards_deal_and_tricks")


def test_every_serbian_lesson_has_its_page_with_its_quizzes():
    built = _built()
    assert SR_LESSONS, "no Serbian lesson in lessons/sr/"
    for nb in SR_LESSONS:
        assert (ROOT / "lessons" / nb.name).exists(), f"{nb.name} has no English twin"
        for folder in ("sr", "sr-cyrl"):
            html = (built / folder / "lessons" / nb.stem / "index.html").read_text(encoding="utf-8")
            saved = len(re.findall(r'class=\\"pq-choice[ \\\\]', nb.read_text(encoding="utf-8")))
            shown = len(re.findall(r'class="pq-choice[ "]', html))
            assert shown == saved, (folder, nb.name, shown, saved)
    # the Serbian home lists the Serbian lessons, in Serbian
    home = _page("sr")
    for nb in SR_LESSONS:
        assert f'href="lessons/{nb.stem}/"' in home, nb.stem


_ALTERNATE = re.compile(r'<a href="([^"]*)" hreflang="([^"]*)" class="md-select__link">')


def _menu(rel: str) -> dict[str, str]:
    """The language menu of a built page: language -> the page it leads to."""
    out = {}
    base = "https://x.example/" + rel
    from urllib.parse import urljoin
    for href, lang in _ALTERNATE.findall(_page(rel)):
        out[lang] = urljoin(base, href).removeprefix("https://x.example/")
    return out


def test_the_language_menu_leads_to_the_same_page_in_each_language():
    want = {"en": "play/", "sr-Latn": "sr/play/", "sr-Cyrl": "sr-cyrl/play/"}
    for rel in want.values():
        assert _menu(rel) == want, rel
    if SR_LESSONS:
        stem = SR_LESSONS[0].stem
        lesson = {"en": f"lessons/{stem}/", "sr-Latn": f"sr/lessons/{stem}/",
                  "sr-Cyrl": f"sr-cyrl/lessons/{stem}/"}
        assert _menu(f"sr-cyrl/lessons/{stem}/") == lesson
    # a page with no Serbian twin leads to the Serbian home
    assert _menu("api/") == {"en": "api/", "sr-Latn": "sr/", "sr-Cyrl": "sr-cyrl/"}


def test_no_english_is_left_on_a_serbian_page():
    """Over the Serbian pages and the Serbian lessons, with what their cells printed
    and their views drew (the code itself is not shown)."""
    found = {}
    pages = ["sr/" + _address(src) for src in SR_PAGES]
    pages += [f"sr/lessons/{nb.stem}/" for nb in SR_LESSONS]
    for rel in pages:
        left = english_left(visible_text(_page(rel)))
        if left:
            found[rel] = left[:3]
    assert not found, "English on Serbian pages:\n" + "\n".join(
        f"{page}: {' | '.join(phrases)}" for page, phrases in found.items())


def test_no_latin_word_is_left_on_a_cyrillic_page():
    allowed = re.compile(r"^(?:\w*[qwxyQWXY]\w*|NT|[AKQJT]|[ivxlc]+)$")
    found = {}
    for src in SR_PAGES:
        rel = "sr-cyrl/" + _address(src)
        latin = {w for w in re.findall(r"[A-Za-zčćšžđČĆŠŽĐ]{2,}", visible_text(_page(rel)))
                 if not allowed.match(w)}
        if latin:
            found[rel] = sorted(latin)[:8]
    assert not found, f"Latin words on Cyrillic pages: {found}"


def test_search_finds_serbian_words_without_diacritics_and_in_both_scripts():
    index = json.loads((_built() / "search" / "search_index.json").read_text(encoding="utf-8"))
    docs = index["docs"]

    def words(doc):
        return set(re.findall(r"\w+", unescape(re.sub(r"<[^>]+>", " ",
                                                      doc["title"] + " " + doc["text"])).lower()))
    latin = [d for d in docs if d["location"].startswith("sr/") and "štih" in words(d)]
    cyrillic = [d for d in docs if d["location"].startswith("sr-cyrl/") and "штих" in words(d)]
    assert latin and cyrillic
    for doc in latin:  # found by the word typed without its diacritics too
        assert "stih" in words(doc), doc["location"]
    # the hidden forms are not shown: they are in a hidden element at the end
    assert all(d["text"].count("<span hidden>") <= 1 for d in docs)

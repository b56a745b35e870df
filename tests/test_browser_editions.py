"""The Serbian site in chromium: the language menu, the kept choice, search, and the
live views and quizzes speaking the page's language (see tests/test_site_editions.py
for what the build holds)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")
pytest.importorskip("material")

from test_browser_engine import axe_clean, start  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SR_LESSONS = sorted(p.stem for p in (ROOT / "lessons" / "sr").glob("[0-9][0-9]_*.ipynb"))
CYRILLIC = re.compile("[\u0400-\u04ff]")

pytestmark = pytest.mark.skipif(not (ROOT / "site" / "sr" / "index.md").exists()
                                or not SR_LESSONS, reason="no Serbian edition yet")


def _search(page, word: str) -> list[str]:
    """The addresses the site's search lists for *word*, typed into its box on a
    fresh load of the page (Material does not search again when a filled box is
    filled anew)."""
    page.reload()
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator(".md-search__input").fill(word)
    results = page.locator(".md-search-result__item a")
    results.first.wait_for()
    page.wait_for_function("w => document.querySelector('.md-search-result__item a')"
                           "?.href.includes('h=' + encodeURIComponent(w))", arg=word)
    return results.evaluate_all("as => as.map(a => a.getAttribute('href'))")


def _pick(page, lang: str) -> None:
    page.locator(".md-header__option .md-select button").hover()
    page.locator(f'a.md-select__link[hreflang="{lang}"]').click()
    page.wait_for_load_state("load")


def test_the_menu_keeps_the_page_and_the_choice_and_search_finds_words_in_both_scripts(visit):
    visit.page.set_default_timeout(60_000)
    lesson = SR_LESSONS[0]
    page = visit.go(f"/lessons/{lesson}/")
    assert page.evaluate("document.documentElement.lang") == "en"
    _pick(page, "sr-Latn")
    assert page.url.endswith(f"/sr/lessons/{lesson}/")
    assert page.evaluate("document.documentElement.lang") == "sr-Latn"
    _pick(page, "sr-Cyrl")
    assert page.url.endswith(f"/sr-cyrl/lessons/{lesson}/")
    assert CYRILLIC.search(page.locator("h1").first.inner_text())
    # the choice is kept: a later visit from outside the site opens in it
    page = visit.go("/play/")
    assert page.url.endswith("/sr-cyrl/play/"), page.url
    # search finds a Serbian word with and without its diacritics, and in Cyrillic
    for word, edition in (("štih", "/sr/"), ("stih", "/sr/"), ("штих", "/sr-cyrl/")):
        assert edition in " ".join(_search(page, word)), word
    visit.check_clean()


def test_a_cyrillic_lesson_answers_and_plays_in_cyrillic(visit):
    visit.page.set_default_timeout(60_000)  # the engine loads in the page
    page = visit.go(f"/sr-cyrl/lessons/{SR_LESSONS[1 if len(SR_LESSONS) > 1 else 0]}/")
    quiz = page.locator(".pq-item").first
    if quiz.count():
        quiz.locator(".pq-choice").first.click()
        feedback = quiz.locator(".pq-feedback").inner_text()
        assert CYRILLIC.search(feedback), feedback
    page = visit.go("/sr-cyrl/play/")
    host = start(page)
    text = host.inner_text()
    assert CYRILLIC.search(text) and not re.search(r"\b(the|you|and)\b", text), text[:400]
    axe_clean(page)
    visit.check_clean()

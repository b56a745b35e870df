"""A lesson in real JupyterLab, in a real browser: its widgets render without errors.

Starts a JupyterLab server on 127.0.0.1 (a random free port, a fixed token),
opens lesson 00 in Debian's chromium through Playwright, runs all cells from
the Run menu, then clicks a choice of the live quiz view (prefa.ui's QuizSession
widget: each choice button carries the action it sends in ``data-action``) and
reads the engine's verdict in the page.  Fails on any widget error shown in the
notebook, any browser console error, and any request that leaves 127.0.0.1.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from browser_setup import ARGS, ensure_chromium, jupyterlab
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
LESSON = "00_how_to_use_the_course.ipynb"
TOKEN = "prefa-test-token"


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """A JupyterLab server on a copy of the lessons (the originals stay untouched)."""
    work = tmp_path_factory.mktemp("lab")
    shutil.copy(ROOT / "lessons" / LESSON, work / LESSON)
    yield from jupyterlab(work, TOKEN)


def test_lesson_widgets_render_and_answer_in_jupyterlab(lab):
    chromium = ensure_chromium()
    errors: list[str] = []
    outside: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=ARGS)
        page = browser.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("request", lambda r: None if r.url.startswith(("http://127.0.0.1", "ws://127.0.0.1",
                                                                   "data:", "blob:"))
                else outside.append(r.url))
        page.goto(f"{lab}/lab/tree/{LESSON}?token={TOKEN}")
        page.wait_for_selector(".jp-Notebook", timeout=60_000)
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
        page.wait_for_timeout(2_000)   # let the kernel start
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click(timeout=30_000)
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click(timeout=30_000)
        # the live quiz view of the lesson's first question (not the saved static copy,
        # whose buttons are the static page's .pq-choice): its king of hearts button
        choice = ('.jp-OutputArea .pf-quiz button.pf-choice'
                  '[data-action*=\'"item":"demo-01"\'][data-action*=\'"choice":"KH"\']')
        button = page.locator(choice).first
        button.wait_for(timeout=90_000)
        assert page.locator("text=Error displaying widget").count() == 0
        button.click()
        item = page.locator('.jp-OutputArea .pf-quiz .pf-quiz-item[data-item="demo-01"]').first
        item.locator(".pf-feedback .pf-verdict", has_text="Right.").wait_for(timeout=30_000)
        assert item.get_attribute("data-status") == "right"
        # the score is the session's: one right on the first try
        score = page.locator(".jp-OutputArea .pf-quiz .pf-quiz-score").first.inner_text()
        assert "1 of 1 right" in score, score
        browser.close()
    widget_errors = [e for e in errors if "widget" in e.lower() or "prefa" in e.lower()]
    assert not widget_errors, widget_errors
    assert not outside, outside

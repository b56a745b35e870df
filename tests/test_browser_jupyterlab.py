"""A lesson in real JupyterLab, in a real browser: its widgets render without errors.

Starts a JupyterLab server on 127.0.0.1 (a random free port, a fixed token),
opens lesson 00 in Debian's chromium through Playwright, runs all cells from
the Run menu, then clicks a choice of the live quiz view (prefa.ui's QuizSession
widget: each choice button carries the action it sends in ``data-action``) and
reads the engine's verdict in the page.  Fails on any widget error shown in the
notebook, any browser console error, and any request that leaves 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from browser_setup import ARGS, ensure_chromium, jupyterlab
from playwright.sync_api import sync_playwright
from test_lesson_cells import caption_problem

ROOT = Path(__file__).resolve().parent.parent
LESSON = "00_how_to_use_the_course.ipynb"
TABLE_LESSON = "11_second_hand_play.ipynb"   # a short lesson with a table view
TOKEN = "prefa-test-token"


@pytest.fixture(scope="module")
def lab_folder(tmp_path_factory):
    """The folder the server works in: copies of the lessons (the originals stay untouched)."""
    return tmp_path_factory.mktemp("lab")


@pytest.fixture(scope="module")
def lab(lab_folder):
    """A JupyterLab server on a copy of the lessons (the originals stay untouched)."""
    work = lab_folder
    for name in (LESSON, TABLE_LESSON):
        shutil.copy(ROOT / "lessons" / name, work / name)
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


def _open(browser, lab, name):
    """A page with the notebook ``name`` open (its kernel started, nothing run)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    # ?reset: a fresh workspace, so the notebooks an earlier test opened are not
    # restored beside this one (the page would hold their cells too)
    page.goto(f"{lab}/lab/tree/{name}?reset&token={TOKEN}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.wait_for_timeout(2_000)   # let the kernel start
    return page


def _run_all(page):
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click(timeout=30_000)
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click(timeout=30_000)


IDLE = """() => Array.from(document.querySelectorAll('.jp-Notebook .jp-InputPrompt'))
  .every((p) => !p.textContent.includes('*'))"""
CELLS = """() => Array.from(document.querySelectorAll(
    '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell'))
  .map((c) => c.classList.contains('jp-MarkdownCell') ? 'markdown'
            : c.classList.contains('jp-CodeCell') ? 'code' : 'raw')"""
INSIDE = """(panel) => {
  const p = panel.getBoundingClientRect();
  return Array.from(panel.querySelectorAll('svg, img, .pf-fan > *'))
    .map((e) => e.getBoundingClientRect())
    .filter((r) => r.width && (r.right > p.right + 0.5 || r.left < p.left - 0.5))
    .map((r) => `${Math.round(r.left - p.left)}..${Math.round(r.right - p.left)} of ${Math.round(p.width)}`);
}"""
DIRTY = ".lm-DockPanel-tabBar .lm-TabBar-tab.jp-mod-current.jp-mod-dirty"


def _disk_cells(path: Path) -> list[str]:
    return [c["cell_type"] for c in json.loads(path.read_text(encoding="utf-8"))["cells"]]


def test_keys_on_a_view_edit_nothing_in_jupyterlab(lab_folder, lab):
    """Notebook command keys pressed on a table view's button (m: to Markdown, a/b: new
    cells, d d: delete, x: cut, Shift+Enter: run, Enter, Escape) leave the lesson as it
    was: the same cells of the same types, not marked changed, the file on disk as saved.
    Then the kernel restarts: the view shows the line that says how to bring it back."""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
        page = _open(browser, lab, TABLE_LESSON)
        _run_all(page)
        view = page.locator(".jp-OutputArea .pf-table-view").first
        view.locator("button").first.wait_for(timeout=120_000)
        page.wait_for_function(IDLE, timeout=120_000)
        # in the notebook's column the side seats' cards (backs or faces) stay in their panels
        view.scroll_into_view_if_needed()
        for side in view.locator(".pf-seat-left, .pf-seat-right").all():
            assert side.evaluate(INSIDE) == [], side.evaluate(INSIDE)
        if os.environ.get("PREFA_UI_SHOTS"):
            view.screenshot(path=str(Path(os.environ["PREFA_UI_SHOTS"]) / "lab-table.png"))
        page.locator(".lm-MenuBar-itemLabel", has_text="File").first.click(timeout=30_000)
        page.locator(".lm-Menu-itemLabel", has_text="Save Notebook").first.click(timeout=30_000)
        page.wait_for_selector(DIRTY, state="detached", timeout=30_000)
        saved = (lab_folder / TABLE_LESSON).read_bytes()
        cells = page.evaluate(CELLS)
        assert cells == _disk_cells(lab_folder / TABLE_LESSON)
        view.scroll_into_view_if_needed()
        button = view.locator("button").first
        button.focus()
        for key in ["m", "a", "b", "d", "d", "x", "Shift+Enter", "Enter", "Escape", "m", "d", "d"]:
            page.keyboard.press(key)
            page.wait_for_timeout(150)
        page.wait_for_timeout(1_500)
        assert page.evaluate(CELLS) == cells
        assert page.locator(DIRTY).count() == 0, "the keys marked the lesson changed"
        assert (lab_folder / TABLE_LESSON).read_bytes() == saved
        assert view.locator("button").count() > 0   # the view is still there, live
        # after a kernel restart its buttons are dead: the view says how to bring it back
        from prefa.ui.widget import rerun_hint
        offline = view.locator(".pf-offline", has_text=rerun_hint())
        view.locator("button[data-action]").first.click()   # a live button: answered
        page.wait_for_timeout(11_000)                          # longer than a view waits
        assert not offline.is_visible()
        page.locator(".lm-MenuBar-itemLabel", has_text="Kernel").first.click(timeout=30_000)
        page.locator(".lm-Menu-itemLabel", has_text="Restart Kernel").first.click(timeout=30_000)
        page.locator(".jp-Dialog-button.jp-mod-accept").click(timeout=30_000)
        page.wait_for_timeout(3_000)
        view.locator("button[data-action]").first.click()   # a dead button: no answer comes
        offline.wait_for(state="visible", timeout=30_000)
        browser.close()


def _widget_outputs(path: Path) -> int:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return sum("application/vnd.jupyter.widget-view+json" in o.get("data", {})
               for c in cells for o in c.get("outputs", []))


def _captions(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]).splitlines()[0] for c in cells if c["cell_type"] == "code"]


@pytest.mark.parametrize("lesson", [LESSON])
def test_a_saved_lesson_says_how_to_bring_its_views_back(lab_folder, lab, lesson):
    """A saved lesson opened before it is run (untrusted: JupyterLab shows its views'
    HTML pictures): every view shows the one line that says how to bring it back,
    and no "model not found" box stands alone; its card pictures (SVG, not drawn
    untrusted) show the cards in words, never SVG text; a hidden code cell's
    collapsed bar shows the cell's caption."""
    from prefa.ui.widget import rerun_hint

    name = "saved_" + lesson
    shutil.copy(ROOT / "lessons" / lesson, lab_folder / name)
    views = _widget_outputs(lab_folder / name)
    assert views
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
        page = _open(browser, lab, name)
        # a hidden code cell's bar shows its first line: the caption, in words
        bar = page.locator(".jp-CodeCell .jp-InputPlaceholder").first
        bar.wait_for(timeout=30_000)
        caption = bar.inner_text().strip().rstrip("•").strip()
        assert caption == _captions(lab_folder / name)[0], caption
        assert caption_problem(caption) is None, caption
        outs = page.locator(".jp-Notebook .jp-OutputArea-output")
        shown = []
        for i in range(outs.count()):   # the notebook draws the cells it shows
            outs.nth(i).scroll_into_view_if_needed()
            shown.append(outs.nth(i).inner_text())
        page.wait_for_timeout(1_000)
        # the card pictures, not drawn untrusted, show their cards in words, not SVG text
        assert not [t for t in shown if "<svg" in t or "<div" in t], shown
        assert any("♠A K 9" in t for t in shown), shown
        hints = page.locator(".jp-OutputArea-output .prefa-kernel-hint", has_text=rerun_hint())
        assert hints.count() == views, page.locator(".jp-Notebook").inner_text()[:3000]
        for i in range(views):
            hints.nth(i).scroll_into_view_if_needed()
            assert hints.nth(i).is_visible()
        assert page.locator("text=model not found").count() == 0
        browser.close()

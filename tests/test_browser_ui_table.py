"""The card table in real JupyterLab, in Debian's chromium: two whole hands to the sheet.

A JupyterLab server (127.0.0.1, a free port, a fixed token) opens a small
notebook written by the test: two cells, each showing
``widget(TableSession(seed=...))`` (anywidget runs the table view with the
session in the kernel).  One hand is played by mouse clicks, the other by
the keyboard alone once the focus is in the view (Tab, the arrow keys,
Enter), each to the score sheet.  Every click or key goes to an element
that carries ``data-action`` (one of the state's legal actions).  The test
fails on any browser console error, and on any serious or critical axe
violation inside the views (checked at the auction, during the play and at
the sheet with the review of the learner's cards).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from browser_setup import ARGS, AXE_RUN, axe_source, ensure_chromium, jupyterlab
from playwright.sync_api import sync_playwright

TOKEN = "prefa-table-token"
NOTEBOOK = "table.ipynb"
SEEDS = (5, 9)   # hands in which the learner defends and plays his ten cards



def _cell(source: str) -> dict:
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": source}


def _notebook() -> dict:
    cells = [_cell("from prefa.ui import TableSession\nfrom prefa.ui.widget import widget")]
    cells += [_cell(f"widget(TableSession(seed={s}, samples=1))") for s in SEEDS]
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3",
                                                        "language": "python", "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """A JupyterLab server on a folder holding the test's notebook."""
    work = tmp_path_factory.mktemp("lab")
    (work / NOTEBOOK).write_text(json.dumps(_notebook()), encoding="utf-8")
    yield from jupyterlab(work, TOKEN)



# The learner's plan, read from the buttons on screen: pass in the auction,
# follow in the defence without kontra, then play the first legal card.
CHOOSE = """(root) => {
  const acts = Array.from(root.querySelectorAll('[data-action]'))
    .map((e, i) => ({ i, a: JSON.parse(e.getAttribute('data-action')) }));
  const want = [
    (a) => a.type === 'call' && a.call === 'pass',
    (a) => a.type === 'decision' && a.decision === 'follow',
    (a) => a.type === 'decision' && a.decision === 'decline',
    (a) => ['call', 'decision', 'contract', 'discard', 'card'].includes(a.type),
    (a) => a.type === 'pick' && !root.querySelector(`[data-card="${a.card}"].pf-selected`),
  ];
  for (const w of want) { const x = acts.find((y) => w(y.a)); if (x) return x.i; }
  return -1;
}"""


def _views(page):
    return page.locator(".jp-OutputArea .pf-table-view")


def _check_axe(page, root, where: str) -> None:
    violations = page.evaluate(AXE_RUN, root.element_handle())
    assert violations == [], f"{where}:\n" + "\n".join(violations)


def _play(page, root, *, keyboard: bool) -> list[str]:
    """Play the hand shown in ``root`` to the end; the actions sent."""
    sent: list[str] = []
    axe_in_play = False
    for _ in range(80):
        if root.get_attribute("data-phase") == "done":
            return sent
        i = root.evaluate(CHOOSE)
        assert i >= 0, root.inner_text()
        target = root.locator("[data-action]").nth(i)
        action = target.get_attribute("data-action")
        handle = target.element_handle()
        if keyboard:
            _reach_by_keys(page, root, handle)
            page.keyboard.press("Enter")
        else:
            target.click()
        sent.append(action)
        page.wait_for_function("e => !e.isConnected", arg=handle, timeout=60_000)  # redrawn
        if not axe_in_play and root.get_attribute("data-phase") == "play":
            _check_axe(page, root, "during the play")
            axe_in_play = True
    raise AssertionError("the hand did not end in 80 actions")


def _reach_by_keys(page, root, handle) -> None:
    """Move the focus to ``handle`` with Tab, Shift+Tab and the arrow keys only; the
    focus there must be visible."""
    for _ in range(60):
        where = page.evaluate("""([root, t]) => {
          const a = document.activeElement;
          if (a === t) return 'there';
          if (!root.contains(a)) return 'outside';
          const group = t.closest('[role=group]');
          if (group && group.contains(a)) return 'group';
          return a.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after' : 'before';
        }""", [root.element_handle(), handle])
        if where == "there":
            style = page.evaluate("() => { const s = getComputedStyle(document.activeElement);"
                                  " return s.outlineStyle + ' ' + s.outlineWidth; }")
            assert style == "solid 3px", f"no visible focus: {style}"
            return
        if where == "outside":
            raise AssertionError("the keyboard focus left the view")
        keys = {"group": "ArrowRight", "after": "Tab", "before": "Shift+Tab"}
        page.keyboard.press(keys[where])
    raise AssertionError("the target could not be reached by the keyboard")


def test_two_hands_by_mouse_and_keyboard_to_the_sheet(lab):
    errors: list[str] = []
    outside: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("request", lambda r: None if r.url.startswith(
            ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")) else outside.append(r.url))
        page.goto(f"{lab}/lab/tree/{NOTEBOOK}?token={TOKEN}")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
        page.wait_for_timeout(2_000)   # let the kernel start
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click(timeout=30_000)
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click(timeout=30_000)
        views = _views(page)
        views.nth(1).wait_for(timeout=120_000)
        page.add_script_tag(content=axe_source())  # inline: nothing is fetched
        first, second = views.nth(0), views.nth(1)
        assert first.get_attribute("data-phase") == "auction"
        _check_axe(page, first, "at the auction")

        # hand 1 by mouse clicks
        sent = _play(page, first, keyboard=False)
        assert any('"type":"card"' in a for a in sent)
        sheet = first.locator(".pf-sheet-box[open] .pf-sheet")
        sheet.wait_for(timeout=30_000)
        assert "Score sheet after 1 hand" in first.inner_text()
        assert first.locator(".pf-after .pf-h").inner_text().strip()
        review = first.locator('[data-action=\'{"type":"review"}\']')
        handle = review.element_handle()
        review.click()   # the review: each of the learner's ten cards judged by the solver
        page.wait_for_function("e => !e.isConnected", arg=handle, timeout=60_000)
        assert first.locator(".pf-review tbody tr").count() == 10
        _check_axe(page, first, "at the sheet and the review")

        # hand 2 by the keyboard: the focus enters the view, then only keys
        second.scroll_into_view_if_needed()
        second.locator("button").first.focus()
        sent = _play(page, second, keyboard=True)
        assert any('"type":"card"' in a for a in sent)
        second.locator(".pf-sheet-box[open] .pf-sheet").wait_for(timeout=30_000)
        assert "Score sheet after 1 hand" in second.inner_text()
        assert page.locator("text=Error displaying widget").count() == 0
        shots = Path(os.environ.get("PREFA_UI_SHOTS", "")) if os.environ.get("PREFA_UI_SHOTS") \
            else None
        if shots:
            shots.mkdir(parents=True, exist_ok=True)
            first.screenshot(path=str(shots / "jupyterlab_table_mouse.png"))
            second.screenshot(path=str(shots / "jupyterlab_table_keyboard.png"))
        browser.close()
    assert not errors, errors
    assert not outside, outside


# -- the same view on a plain page (tests/view_harness.py), for what JupyterLab does not reach --
def test_the_discard_by_two_clicks_and_open_hands_on_a_page(browser):
    from view_harness import open_view, settle

    from prefa.ui import TableSession

    session = TableSession(seed=0, samples=1, open_hands=True)   # the learner wins at 2
    page = browser.new_page(viewport={"width": 960, "height": 900})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_view(page, session, title="Card table")
    page.add_script_tag(content=axe_source())
    root = page.locator(".pf-table-view")
    # open hands: the other seats' cards are drawn face up, with their words
    assert page.locator(".pf-seat-left .pf-others .pf-mini").count() == 10
    assert page.locator(".pf-seat-left .pf-others svg use[href='#prefa-card-back']").count() == 0
    page.locator('[data-action=\'{"type":"call","call":"2"}\']').click()
    settle(page)
    assert root.get_attribute("data-phase") == "discard"
    assert page.locator(".pf-hand .pf-card").count() == 12
    assert page.locator(".pf-hand .pf-from-talon").count() == 2
    _check_axe(page, root, "at the discard")
    cards = page.locator(".pf-hand .pf-card")
    first, second = cards.nth(0).get_attribute("data-card"), cards.nth(1).get_attribute("data-card")
    cards.nth(0).click()
    settle(page)
    assert page.locator(".pf-hand .pf-selected").count() == 1
    assert page.locator(f".pf-hand [data-card='{first}']").get_attribute("aria-pressed") == "true"
    cards.nth(1).click()
    settle(page)
    put_away = page.locator(".pf-box-discard button")
    assert json.loads(put_away.get_attribute("data-action")) == {
        "type": "discard", "cards": [first, second]}
    put_away.click()
    settle(page)
    assert root.get_attribute("data-phase") != "discard"
    assert sorted(session.state()["talon"]["discards"][i]["card"] for i in range(2)) \
        == sorted([first, second])
    assert errors == []
    page.close()


def test_a_dimmed_card_tells_why_on_focus_and_click_and_undo_takes_back(browser):
    from test_ui_table import _session_at
    from view_harness import open_view, settle

    session = _session_at("play", extra=lambda s: any(c["legal"] is False for c in s["hand"]))
    before = session.state()
    page = browser.new_page(viewport={"width": 960, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_view(page, session, title="Card table")
    bad = page.locator(".pf-hand .pf-illegal").first
    reason = next(c["reason"] for c in before["hand"] if c["legal"] is False)
    assert reason in bad.get_attribute("aria-label") and bad.get_attribute("title") == reason
    page.locator(".pf-hand button[data-action]").first.focus()
    for _ in range(12):   # arrow keys to the dimmed card: its reason shows
        if page.evaluate("() => document.activeElement.classList.contains('pf-illegal')"):
            break
        page.keyboard.press("ArrowRight")
    tip = page.locator(".pf-hand .pf-illegal:focus .pf-tip")
    assert tip.is_visible() and tip.inner_text() == page.evaluate(
        "() => document.activeElement.getAttribute('title')")
    page.evaluate("() => document.activeElement.click()")
    settle(page)
    alert = page.locator(".pf-view [role=alert]")
    assert alert.is_visible() and "you" in alert.inner_text()
    good = page.locator(".pf-hand button[data-action]").first
    good.click()
    settle(page)
    assert session.state()["hand"] != before["hand"]
    page.locator('[data-action=\'{"type":"undo"}\']').click()
    settle(page)
    after = session.state()
    assert {k: v for k, v in after.items() if k != "error"} == \
        {k: v for k, v in before.items() if k != "error"}
    assert page.locator(".pf-hand .pf-card").count() == len(before["hand"])
    assert errors == []
    page.close()


# -- a table that behaves like a real one (issue 24): one page, several checks --------------
FITS = """() => {
  const box = document.querySelector('.pf-sheet-box');
  const inner = box.querySelector('table');
  const b = box.getBoundingClientRect(), t = inner.getBoundingClientRect();
  return { page: document.documentElement.scrollWidth, viewport: window.innerWidth,
           box: box.scrollWidth <= box.clientWidth + 1,
           inside: t.left >= b.left - 1 && t.right <= b.right + 1 };
}"""

ONE_ROW = """(panel) => {
  const p = panel.getBoundingClientRect();
  const cards = Array.from(panel.querySelectorAll('.pf-others .pf-fan'))
    .map((f) => f.firstElementChild.getBoundingClientRect());
  return { n: cards.length, rows: new Set(cards.map((r) => Math.round(r.top))).size,
           inside: cards.every((r) => r.right <= p.right + 0.5 && r.left >= p.left - 0.5) };
}"""


def _to_the_end(session):
    s = session.state()
    while s["phase"] not in ("done", "hand_over"):
        s = session.act(next(a for a in s["legal"] if a["type"] in
                             ("call", "decision", "contract", "pick", "discard", "card")))
    return session


def test_the_table_fits_a_phone_keeps_the_trick_and_deals_another(browser):
    from test_table_like_a_table import side_passer
    from view_harness import open_view, settle

    from prefa.ui import TableSession

    errors: list[str] = []
    for ruleset, seed in (("balkan", 5), ("russian", 3), ("greek", 3)):
        for width in (390, 1280):   # the sheet fits a phone and stays in its box on a desktop
            page = browser.new_page(viewport={"width": width, "height": 900})
            page.on("pageerror", lambda e: errors.append(str(e)))
            session = _to_the_end(TableSession(seed=seed, ruleset=ruleset, samples=1))
            played = bool(session.hand.play_state and session.hand.play_state.tricks)
            open_view(page, session)
            page.evaluate("() => document.querySelector('.pf-sheet-box').open = true")
            fit = page.evaluate(FITS)
            assert fit["page"] <= fit["viewport"], (ruleset, width, fit)
            assert fit["box"] and fit["inside"], (ruleset, width, fit)
            if width == 390:
                # the last trick stays on the felt, its winner marked; then deal another
                assert page.locator(".pf-felt .pf-trick-won .pf-won .pf-won-mark").count() \
                    == played, ruleset
                deal = page.locator('[data-action=\'{"type":"deal"}\']')
                assert deal.inner_text() == "Deal another"
                deal.click()
                settle(page)
                assert page.locator(".pf-table-view").get_attribute("data-phase") == "auction"
                assert "Hand 2" in page.locator(".pf-hand-no").inner_text()
            page.close()
    # a side seat out of the play: his ten cards on one row inside his panel, counted;
    # and the card backs of a fresh deal inside the side panels (760 px: a notebook's column)
    for width in (390, 760, 1280):
        page = browser.new_page(viewport={"width": width, "height": 900})
        open_view(page, TableSession(seed=5))
        for side in page.locator(".pf-seat-left, .pf-seat-right").all():
            assert side.evaluate(ONE_ROW) == {"n": 10, "rows": 1, "inside": True}, width
        page.close()
        page = browser.new_page(viewport={"width": width, "height": 900})
        open_view(page, side_passer())
        panel = page.locator(".pf-seat", has=page.locator(".pf-role-passed"))
        row = panel.evaluate(ONE_ROW)
        assert row == {"n": 10, "rows": 1, "inside": True}, (width, row)
        assert "10 cards" in panel.locator(".pf-count").inner_text()
        for side in page.locator(".pf-seat-left, .pf-seat-right").all():
            assert side.evaluate(ONE_ROW)["inside"]
        page.close()
    assert errors == []


def test_four_at_the_table_by_clicks_to_the_sheet(browser):
    """Four at a Balkan table (the dealer sits out): the seat across above the felt,
    the dealer's badge, a hand played by clicks on the view to the four-player sheet."""
    from view_harness import open_view, settle

    from prefa.ui import TableSession

    session = TableSession(seed=5, players=4, samples=1)
    page = browser.new_page(viewport={"width": 960, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    open_view(page, session, title="Four at the table")
    page.add_script_tag(content=axe_source())
    root = page.locator(".pf-table-view")
    assert page.locator(".pf-table.pf-four .pf-seat-top").count() == 1
    assert page.locator(".pf-seat", has=page.locator(".pf-sits-out")).locator(
        ".pf-dealer").count() == 1
    assert page.locator(".pf-auction th").count() == 3   # the dealer does not bid
    _check_axe(page, root, "four at the auction")
    for _step in range(80):
        s = session.state()
        if s["phase"] in ("done", "hand_over"):
            break
        a = next(a for a in s["legal"] if a["type"] in
                 ("call", "decision", "contract", "pick", "discard", "card")
                 and not (a["type"] == "pick" and a["card"] in s["picked"]))
        page.locator(f"[data-action='{json.dumps(a, separators=(',', ':'))}']").first.click()
        settle(page)
        if s["phase"] == "play" and s["trick"] and len(s["trick"]["cards"]) == 2:
            _check_axe(page, root, "four in the play")
    assert session.state()["phase"] == "done"
    page.evaluate("() => document.querySelector('.pf-sheet-box').open = true")
    sheet = page.locator(".pf-sheet-box table").first.inner_text()
    assert all(name in sheet for name in ("You", "Right", "Across", "Left")), sheet[:200]
    assert errors == []
    page.close()

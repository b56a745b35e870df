"""The score-sheet drill's view in a real browser, driven by a real session.

The view's ES module (``common.js`` + ``sheet_drill.js``, what anywidget runs
in JupyterLab and the site runs live) is loaded into Debian's chromium with
the model stand-in of :mod:`view_harness`.  A learner writes a hand: one
entry wrong by the mouse (the refe doubling left out), the engine's reason
shown beside it, then corrected by the keyboard; the next hand.  Also: no
engine entry in the page before it is found, every clickable action legal,
a visible focus, no console error and no serious axe violation.
Screenshots land in ``$PREFA_UI_SHOTS`` when set.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from browser_setup import AXE_RUN, axe_source
from view_harness import open_view, settle

from prefa.ui import SheetDrillSession


def test_sheet_drill_a_hand_written_wrong_then_right(browser, tmp_path):
    shots = Path(os.environ.get("PREFA_UI_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    s = SheetDrillSession(seed=34)
    key = s.answer_key()
    # the hand: Vera plays clubs with a refe, Bora's kontra, Vera falls
    assert key["2.bule"] == "140" and key["1.right"] == "280" and key["refe"] == "tick"
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_view(page, s, title="Write the hand on the sheet")
        assert page.get_attribute("[data-phase]", "data-phase") == "writing"
        facts = page.text_content(".pf-sd-facts")
        assert all(f in facts for f in s.state()["hand"]["facts"])
        # nothing of the engine's entries is in the page yet
        assert page.query_selector_all(".pf-sd-value") == []
        legal = s.state()["legal"]
        actions = [json.loads(x) for x in page.eval_on_selector_all(
            "[data-action]", "e => e.map(x => x.getAttribute('data-action'))")]
        assert actions and all(a in legal for a in actions)
        assert page.eval_on_selector_all(".pf-sd-entries input", "e => e.length") == 9
        page.screenshot(path=str(shots / "sheet-drill-blank.png"), full_page=True)

        # the mouse: Vera's bule written as if the refe did not double the hand
        page.fill("[data-focus='cell-2.bule']", "120")
        page.fill("[data-focus='cell-1.right']", "280")
        page.click("#pf-sd-refe-tick")
        page.click("[data-focus=check]")
        settle(page)
        st = s.state()
        assert st["phase"] == "writing" and st["error"] is None
        wrong = [c["key"] for c in st["cells"] if c["status"] == "wrong"]
        assert wrong == ["2.bule"]
        note = page.text_content(".pf-sd-notes [data-cell='2.bule']")
        assert "left out the refe" in note and "100 + 40 = 140" in note
        assert page.get_attribute("td[data-cell='2.bule']", "data-status") == "wrong"
        assert page.input_value("[data-focus='cell-2.bule']") == "120"  # kept for correcting
        assert page.get_attribute("td[data-cell='1.right']", "data-status") == "right"
        assert "9 of 10 entries are right" in page.text_content(".pf-sd-verdict")
        page.screenshot(path=str(shots / "sheet-drill-wrong.png"), full_page=True)

        # the keyboard: into the wrong cell, the right number, Enter
        page.focus("[data-focus='cell-2.bule']")
        f = page.evaluate("() => { const s = getComputedStyle(document.activeElement);"
                          " return [s.outlineStyle, parseFloat(s.outlineWidth)]; }")
        assert f[0] != "none" and f[1] >= 2  # a visible focus
        page.keyboard.press("Control+A")
        page.keyboard.type("140")
        page.keyboard.press("Enter")
        settle(page)
        st = s.state()
        assert st["phase"] == "done" and page.get_attribute("[data-phase]", "data-phase") == "done"
        assert st["verdict"] in page.text_content(".pf-sd-verdict")
        shown = page.eval_on_selector_all(".pf-sd-after .pf-now", "e => e.map(x => x.textContent)")
        assert shown == [str(p["bule"]) for p in st["after"]["players"]]
        assert page.evaluate("() => document.activeElement.getAttribute('data-focus')") == "next"
        page.screenshot(path=str(shots / "sheet-drill-done.png"), full_page=True)
        page.add_script_tag(content=axe_source())
        violations = page.evaluate(AXE_RUN)
        assert violations == [], "\n".join(violations)

        page.keyboard.press("Enter")  # Next hand
        settle(page)
        assert s.state()["seed"] == 35 and page.get_attribute("[data-phase]", "data-phase") == "writing"
        assert page.input_value("[data-focus='cell-2.bule']") == ""  # a fresh sheet to write
        assert errors == []
    finally:
        page.close()


OVERFLOW = """(sel) => {
  const panel = document.querySelector(sel), box = panel.getBoundingClientRect(), out = [];
  for (const e of panel.querySelectorAll("*")) {
    const r = e.getBoundingClientRect();
    if (r.width && (r.right > box.right + 1 || r.left < box.left - 1))
      out.push(`${e.tagName.toLowerCase()}.${String(e.className.baseVal ?? e.className)} ${Math.round(r.right - box.right)}px`);
  }
  const d = document.documentElement;
  if (d.scrollWidth > d.clientWidth) out.push(`the page scrolls sideways: ${d.scrollWidth} > ${d.clientWidth}`);
  return out;
}"""


def test_sheet_drill_nothing_sticks_out_of_its_panel(browser, tmp_path):
    """The players' sheets, the refe triangles and the hat stay inside the view's panel on a
    390 px phone and on a desktop, before and after the entries are shown (they stuck out of
    it, one wide table in a sideways scroller, cut off by the page's column on the site)."""
    shots = Path(os.environ.get("PREFA_UI_SHOTS") or tmp_path)
    for width in (390, 1000):
        for seed, opts in ((34, {}), (92, {"starting_bule": 30})):
            s = SheetDrillSession(seed=seed, **opts)
            page = browser.new_page(viewport={"width": width, "height": 900})
            try:
                open_view(page, s, title="Write the hand on the sheet")
                assert page.evaluate(OVERFLOW, ".pf-sheet-drill") == []
                page.click("[data-focus=show]")
                settle(page)
                assert page.get_attribute("[data-phase]", "data-phase") == "done"
                assert page.eval_on_selector_all(".pf-sd-after .pf-now", "e => e.length") == 3
                assert page.evaluate(OVERFLOW, ".pf-sheet-drill") == []
                page.screenshot(path=str(shots / f"sheet-drill-{seed}-{width}.png"), full_page=True)
            finally:
                page.close()
    # the static picture of a notebook without a kernel fits a phone too
    page = browser.new_page(viewport={"width": 390, "height": 900})
    try:
        html = SheetDrillSession(seed=92, starting_bule=30).static_html()
        page.set_content(f'<body style="margin:16px"><div id="p">{html}</div></body>')
        assert page.evaluate(OVERFLOW, "#p") == []
    finally:
        page.close()

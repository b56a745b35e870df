"""The drill, bidding-box and quiz views in a real browser, driven by real sessions.

Each view's ES module (:func:`prefa.ui.widget.view_module`, what anywidget
runs in JupyterLab) is loaded into Debian's chromium with a stand-in for the
anywidget model whose ``send`` calls back into the Python session
(:mod:`view_harness`, shared with the card-table view's tests).  Then a learner clicks and types: three leads in the drill, an
auction in the bidding box, a quiz item wrong then right.  Also: keyboard
use with a visible focus, no console error, and no serious or critical axe
violation.  The screenshots land in the test's temporary folder (or in
``$PREFA_UI_SHOTS`` when set).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from browser_setup import AXE_RUN, axe_source
from view_harness import BOOT, open_view, settle

from prefa.quiz import check, load_quiz
from prefa.quiz_render import RIGHT, WRONG
from prefa.ui import BiddingSession, LeadDrillSession, QuizSession
from prefa.ui.widget import view_module


class Recording:
    """A session that remembers the actions the page sent it."""

    def __init__(self, session) -> None:
        self.session, self.view, self.messages = session, session.view, []

    def state(self) -> dict:
        return self.session.state()

    def act(self, action) -> dict:
        self.messages.append(action)
        return self.session.act(action)


class View:
    """A session's view in a page (tests/view_harness.py); its messages go to the session."""

    def __init__(self, browser, session, shots: Path, width: int = 960) -> None:
        self.session = session
        self.recording = Recording(session)
        self.messages = self.recording.messages
        self.shots = shots
        self.page = browser.new_page(viewport={"width": width, "height": 900})
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text)
                     if m.type in ("error", "warning") else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        open_view(self.page, self.recording)

    def settle(self) -> dict:
        """Wait until every action sent has its answer drawn (the drill sends
        "continue" by itself a moment after each state); the session's state."""
        settle(self.page)
        self.page.wait_for_timeout(60)
        settle(self.page)
        return self.session.state()

    def phase(self) -> str:
        return self.page.get_attribute("[data-phase]", "data-phase")

    def click_action(self, action: dict) -> dict:
        """Click the element whose data-action is ``action``."""
        sel = f"[data-action='{json.dumps(action, separators=(',', ':'))}']"
        self.page.click(sel)
        return self.settle()

    def focused(self) -> dict:
        return self.page.evaluate("""() => { const e = document.activeElement;
          const s = getComputedStyle(e);
          return {focus: e.getAttribute('data-focus'), action: e.getAttribute('data-action'),
                  label: e.getAttribute('aria-label') || e.textContent, tag: e.tagName,
                  outline: s.outlineStyle, width: parseFloat(s.outlineWidth)}; }""")

    def data_actions(self) -> list[dict]:
        return [json.loads(x) for x in self.page.eval_on_selector_all(
            "[data-action]", "els => els.map(e => e.getAttribute('data-action'))")]

    def shown_cards(self) -> set[str]:
        hrefs = self.page.eval_on_selector_all(
            "#host use", "els => els.map(e => e.getAttribute('href'))")
        return {h.rsplit("-", 1)[1] for h in hrefs if not h.endswith("back")}

    def check_clean(self) -> None:
        self.page.add_script_tag(content=axe_source())
        violations = self.page.evaluate(AXE_RUN)
        assert violations == [], "\n".join(violations)
        assert self.errors == []

    def shot(self, name: str, selector: str | None = None) -> None:
        path = str(self.shots / f"{name}.png")
        if selector:
            self.page.locator(selector).screenshot(path=path)
        else:
            self.page.screenshot(path=path, full_page=True)


@pytest.fixture
def shots(tmp_path) -> Path:
    where = os.environ.get("PREFA_UI_SHOTS")
    path = Path(where) if where else tmp_path
    path.mkdir(parents=True, exist_ok=True)
    return path


def _assert_actions_are_legal(v: View) -> None:
    """Every clickable action on the page is one of the state's legal actions."""
    legal = v.session.state()["legal"]
    for a in v.data_actions():
        assert a in legal, a


# -- the lead drill ------------------------------------------------------------------------
def test_drill_three_leads_by_mouse_and_keyboard(browser, shots):
    v = View(browser, LeadDrillSession(seed=0, samples=8, batch=4, fresh=True), shots)
    try:
        for n in range(3):
            st = v.session.state()
            hand = set(st["hand"])
            assert v.phase() == "lead" and v.shown_cards() == hand  # no other hand drawn
            _assert_actions_are_legal(v)
            labels = v.page.eval_on_selector_all(".pf-hand button", "b => b.map(x => x.getAttribute('aria-label'))")
            assert len(labels) == 10 and all(re.fullmatch(r"Lead the \w+ of \w+", x) for x in labels)
            if n == 0:
                v.shot("drill-lead")
                v.page.click(".pf-hand button >> nth=3")  # the mouse
                lead = st["hand"][3]
            else:  # the keyboard: the focus is on the first card after "Next problem"
                f = v.focused()
                assert f["focus"] == "card-" + st["hand"][0], f
                v.page.keyboard.press("ArrowRight")
                v.page.keyboard.press("ArrowRight")
                f = v.focused()
                assert f["focus"] == "card-" + st["hand"][2]
                assert f["outline"] != "none" and f["width"] >= 2  # a visible focus
                v.page.keyboard.press("Enter")
                lead = st["hand"][2]
            v.page.wait_for_selector("[data-phase=answered]", timeout=120_000)
            st = v.settle()
            assert st["lead"] == lead and st["progress"]["done"] == 8
            # the view asked for the batches by itself
            assert [a["type"] for a in v.messages[-3:]] == ["lead", "continue", "continue"]
            rows = v.page.eval_on_selector_all(".pf-leads tbody tr", "r => r.map(x => x.dataset.card)")
            assert rows == [x["card"] for x in st["leads"]]
            # the figures as the engine wrote them (the view computes nothing)
            chances = v.page.eval_on_selector_all(".pf-leads tbody .pf-chance",
                                                  "c => c.map(x => x.textContent)")
            assert chances == [x["beat_text"] for x in st["leads"]]
            verdict = v.page.text_content(".pf-verdict")
            assert st["verdict"]["text"] in verdict
            assert v.shown_cards() >= {c for h in st["layout"]["hands"] for c in h}
            assert f"Score: {st['score']['right']} of {n + 1} right" in v.page.text_content(".pf-score")
            if n == 0:
                v.shot("drill-answered")
                v.check_clean()
                v.click_action({"type": "next"})
            else:
                assert v.focused()["focus"] == "next"
                v.page.keyboard.press("Enter")
                v.settle()
        assert v.session.state()["score"]["answered"] == 3
        v.check_clean()
    finally:
        v.page.close()


def test_drill_from_the_bank_answers_at_once_with_the_stored_figures(browser, shots):
    v = View(browser, LeadDrillSession(seed=1), shots)
    try:
        st = v.session.state()
        assert v.shown_cards() == set(st["hand"])  # only the leader's hand
        note = v.page.text_content(".pf-bank")
        assert "lead bank" in note and st["bank"]["difficulty"] in note
        v.page.click(".pf-hand button >> nth=0")
        v.page.wait_for_selector("[data-phase=answered]", timeout=60_000)
        st = v.settle()
        assert [a["type"] for a in v.messages] == ["lead"]  # nothing left to analyse
        rows = v.page.eval_on_selector_all(".pf-leads tbody tr", "r => r.map(x => x.dataset.card)")
        assert rows == [x["card"] for x in st["leads"]]
        assert st["verdict"]["text"] in v.page.text_content(".pf-verdict")
        v.check_clean()
    finally:
        v.page.close()


# -- the bidding box -----------------------------------------------------------------------
def test_bidding_box_an_auction_with_advice_and_undo(browser, shots):
    v = View(browser, BiddingSession(seed=2, seat=None), shots)
    try:
        st = v.session.state()
        buttons = v.page.eval_on_selector_all(".pf-calls button", "b => b.map(x => x.textContent)")
        assert buttons == list(st["labels"].values()) and "pass (dalje)" in buttons
        _assert_actions_are_legal(v)
        v.page.focus("[data-action='{\"type\":\"advice\"}']")
        v.page.keyboard.press("Enter")  # the advice, by the keyboard
        v.settle()
        advice = v.session.state()["advice"]
        assert advice["reason"] in v.page.text_content(".pf-advice")
        assert v.focused()["focus"] == "call-pass"  # the Advice button is gone: the first call
        v.shot("bidding-advice")
        # a double click: the second "2" reaches the session after the first, which
        # makes it a refused call; the view shows the engine's reason
        v.page.evaluate("""() => { const b = document.querySelector(
            `[data-action='{"type":"call","call":"2"}']`); b.click(); b.click(); }""")
        st = v.settle()
        assert st["calls"] == [[0, "2"]]
        assert v.page.text_content(".pf-error").startswith("2: numbers rise by exactly one")
        # the keyboard: into the call buttons, along them, Enter
        v.page.focus(".pf-calls button")
        v.page.keyboard.press("ArrowRight")
        f = v.focused()
        assert f["outline"] != "none"
        v.page.keyboard.press("Enter")
        st = v.settle()
        assert st["calls"][-1] == [1, json.loads(f["action"])["call"]]
        v.click_action({"type": "undo"})
        assert v.session.state()["calls"] == [[0, "2"]]
        for call in ("3", "pass", "pass"):
            v.click_action({"type": "call", "call": call})
        st = v.session.state()
        assert v.phase() == "done" and st["status"] in v.page.text_content(".pf-bid-status")
        assert v.page.query_selector(".pf-calls") is None
        v.shot("bidding-done")
        v.check_clean()
    finally:
        v.page.close()


# -- the quiz ------------------------------------------------------------------------------
def test_quiz_item_wrong_then_right(browser, shots):
    from importlib import resources
    path = resources.files("prefa").joinpath("data/quizzes/09_opening_leads.txt")
    s = QuizSession(str(path))
    v = View(browser, s, shots)
    try:
        items, _ = load_quiz(path.read_text(encoding="utf-8"))
        r = check(items[0])
        wrong = next(x for x in r.verdicts if not x.correct)
        right = next(x for x in r.verdicts if x.correct)
        sec = f".pf-quiz-item[data-item='{items[0].id}']"
        names = v.page.eval_on_selector_all(f"{sec} .pf-choice .pf-visually-hidden",
                                            "e => e.map(x => x.textContent)")
        assert all(" of " in n for n in names)  # card choices read as cards
        _assert_actions_are_legal(v)
        v.page.click(f"{sec} [data-focus='choice-{items[0].id}-{wrong.choice}']")
        v.settle()
        fb = v.page.text_content(f"{sec} .pf-feedback")
        assert fb.startswith(WRONG) and wrong.reason in fb
        assert v.page.query_selector_all(f"{sec} .pf-choice[data-action]") == []  # locked
        f = v.focused()
        assert f["focus"] == f"retry-{items[0].id}"  # where the choices were
        v.shot("quiz-wrong", sec)
        v.page.keyboard.press("Enter")  # try again, by the keyboard
        v.settle()
        f = v.focused()
        assert f["focus"].startswith(f"choice-{items[0].id}-") and f["outline"] != "none"
        v.page.keyboard.press("ArrowRight")
        assert v.focused()["focus"] != f["focus"]
        v.page.click(f"{sec} [data-focus='choice-{items[0].id}-{right.choice}']")
        st = v.settle()
        fb = v.page.text_content(f"{sec} .pf-feedback")
        assert fb.startswith(RIGHT) and right.reason in fb
        assert st["score"]["text"] in v.page.text_content(".pf-quiz-score")
        assert st["score"]["answered"] == 1 and st["score"]["right"] == 0
        assert v.page.query_selector(f"{sec} [data-focus^='retry-']") is None
        v.shot("quiz-right", sec)
        v.check_clean()
    finally:
        v.page.close()


@pytest.mark.parametrize("make", [lambda: QuizSession(MINI, four_colour=True),
                                  lambda: QuizSession(MINI),
                                  lambda: LeadDrillSession(samples=1),
                                  lambda: BiddingSession(seat=0)])
@pytest.mark.parametrize("sprite4", [True, False])
def test_the_cards_use_the_sprite_on_the_page(browser, make, sprite4):
    """A widget made with four_colour=True sends the four-colour drawings only."""
    page = browser.new_page()
    try:
        open_view(page, make(), four_colour=sprite4)
        hrefs = page.eval_on_selector_all("#host use", "u => u.map(x => x.getAttribute('href'))")
        prefix = "#prefa-card4-" if sprite4 else "#prefa-card-"
        assert hrefs and all(h.startswith(prefix) for h in hrefs)
        assert all(page.query_selector(h) is not None for h in hrefs)  # drawn, not blank
    finally:
        page.close()


MINI = """
id: ruff
kind: trick-winner
question: Spades are trumps. Which card wins?
contract: spades
trick: AH 7H 7S
choices: AH, 7H, 7S
answer: 7S
"""


# -- the card table with the other rulesets ------------------------------------------------------
def _ruleset_policy(s: dict, prefer: list[dict]) -> dict:
    """The first preferred action that is legal, else the first step that moves the hand on."""
    for a in prefer:
        if a in s["legal"]:
            return a
    bids = [a for a in s["legal"] if a["type"] == "call" and a["call"] not in ("pass", "take")]
    if prefer and bids and prefer[0].get("call") == "bid":
        return bids[0]
    return next(a for a in s["legal"] if a["type"] not in ("hint", "undo", "last_trick",
                                                           "review", "claim")
                and not (a["type"] == "pick" and a["card"] in s["picked"]))


@pytest.mark.parametrize("ruleset,seed,prefer", [
    ("greek", 1, [{"type": "call", "call": "bid"}, {"type": "decision", "decision": "play"}]),
    ("russian", 17, [{"type": "call", "call": "pass"}, {"type": "decision", "decision": "whist"}]),
])
def test_a_greek_and_a_russian_hand_played_by_clicks_to_done(browser, shots, ruleset, seed,
                                                              prefer):
    from prefa.ui import TableSession

    v = View(browser, TableSession(seed=seed, ruleset=ruleset, samples=2), shots)
    clicks, open_hand = 0, 0
    s = v.session.state()
    while s["phase"] != "done":
        _assert_actions_are_legal(v)
        a = _ruleset_policy(s, prefer)
        open_hand += a["type"] == "card" and a["card"] not in [c["card"] for c in s["hand"]]
        if clicks == 12:
            v.shot(f"table-{ruleset}-mid")
        s = v.click_action(a)
        clicks += 1
        assert s["error"] is None and clicks < 80
    assert v.phase() == "done"
    assert v.page.inner_text(".pf-after h3") == s["result"]["words"]
    sheet = v.page.inner_text(".pf-sheet-html")
    assert ("κάσα" in sheet) if ruleset == "greek" else ("пуля" in sheet)
    if ruleset == "russian":  # the lone whister played the passer's open hand by clicks
        assert open_hand >= 5
    v.shot(f"table-{ruleset}-done")
    v.check_clean()


# -- the deck choice (French / Hungarian cards) ---------------------------------------------
def _card_hrefs(page) -> list[str]:
    return page.eval_on_selector_all("#host use", "u => u.map(x => x.getAttribute('href'))")


def test_the_deck_switch_redraws_the_cards_and_every_view_after_keeps_it(browser, shots):
    """The learner switches the table to the Hungarian cards: the session draws them (its
    sprite) and the choice is kept in the browser: the page reloaded, and the next view
    opened (a fresh quiz made in the French deck), draw Hungarian cards by themselves;
    switching back in the quiz turns the table, open in another page, back too."""
    from prefa.ui import TableSession

    context = browser.new_context(viewport={"width": 390, "height": 900})
    errors: list[str] = []
    context.on("weberror", lambda e: errors.append(str(e.error)))
    try:
        table = TableSession(seed=12, open_hands=True, samples=1)
        page = context.new_page()
        open_view(page, table, url="http://prefa.test/play")
        hrefs = _card_hrefs(page)
        assert hrefs and all(h.startswith("#prefa-card-") for h in hrefs)
        switch = page.inner_text(".pf-deck")
        assert "zelen" in switch and "pik" in switch
        page.click(".pf-deck [data-deck='hungarian']")
        settle(page)
        hrefs = _card_hrefs(page)
        assert table.deck == "hungarian" and len(hrefs) >= 30  # 30 cards face up
        assert all(h.startswith("#prefa-cardhu-") for h in hrefs)
        assert all(page.query_selector(h) is not None for h in set(hrefs))  # drawn, not blank
        assert page.get_attribute(".pf-deck [data-deck='hungarian']", "aria-pressed") == "true"
        assert page.evaluate("localStorage.getItem('prefa-deck')") == "hungarian"
        page.screenshot(path=str(shots / "deck-table-hungarian-390.png"), full_page=True)

        # the page reloaded: its view starts from the French state it was written with,
        # and asks its session for the kept deck
        table._deck = "french"
        page.reload()
        page.evaluate(BOOT, view_module(table.view))
        page.wait_for_selector(".pf-view[data-phase]")
        settle(page)
        assert table.deck == "hungarian"
        assert all(h.startswith("#prefa-cardhu-") for h in _card_hrefs(page))

        # the next view: a quiz made in the French deck follows the kept choice
        quiz = QuizSession(MINI)
        second = context.new_page()
        open_view(second, quiz, url="http://prefa.test/quiz")
        settle(second)
        hrefs = _card_hrefs(second)
        assert quiz.deck == "hungarian" and hrefs
        assert all(h.startswith("#prefa-cardhu-") and second.query_selector(h) for h in hrefs)
        # and back: the table in the other page follows too
        second.click(".pf-deck [data-deck='french']")
        settle(second)
        assert quiz.deck == "french"
        assert all(h.startswith("#prefa-card-") for h in _card_hrefs(second))
        page.wait_for_function("[...document.querySelectorAll('#host use')]"
                               ".every(u => u.getAttribute('href').startsWith('#prefa-card-'))")
        assert table.deck == "french"
        assert errors == []
    finally:
        context.close()


CYRILLIC = re.compile("[\u0400-\u04FF]")
VIEW_TEXT = """() => { const c = document.querySelector('#host').cloneNode(true);
  c.querySelectorAll('.pf-lang').forEach((e) => e.remove());
  document.body.append(c); const text = c.innerText; c.remove(); return text; }"""
"""The view's text but its language menu (which names each language in its own words)."""


def test_the_language_switch_turns_every_view_serbian_and_is_kept(browser, shots):
    """The learner picks Serbian in Cyrillic on the table: the session speaks it (its
    prompt, its cards' words, the view's own buttons), the view says so (lang), and
    the choice is kept: the next view opened speaks it by itself; back to English in
    that view turns the table, open in another page, back too."""
    from prefa.i18n import catalog
    from prefa.ui import TableSession

    context = browser.new_context(viewport={"width": 390, "height": 900})
    errors: list[str] = []
    context.on("weberror", lambda e: errors.append(str(e.error)))
    try:
        table = TableSession(seed=12, samples=1)
        page = context.new_page()
        open_view(page, table, url="http://prefa.test/play")
        assert not CYRILLIC.search(page.evaluate(VIEW_TEXT))
        page.select_option(".pf-lang-choice", "sr-Cyrl")
        settle(page)
        text = page.evaluate(VIEW_TEXT)
        assert table.lang == "sr-Cyrl" and table.state()["prompt"] in text
        assert CYRILLIC.search(table.state()["prompt"])
        hint = catalog("sr-Cyrl").gettext("Hint")
        if hint != "Hint":  # the view's own word, once translated
            assert hint in text and "Hint" not in text
        assert page.locator("#host [lang='sr-Cyrl']").count() >= 1
        assert page.evaluate("localStorage.getItem('prefa-lang')") == "sr-Cyrl"
        page.screenshot(path=str(shots / "lang-table-sr-Cyrl-390.png"), full_page=True)

        quiz = QuizSession(MINI)
        second = context.new_page()
        open_view(second, quiz, url="http://prefa.test/quiz")
        settle(second)
        assert quiz.lang == "sr-Cyrl"
        second.select_option(".pf-lang-choice", "en")
        settle(second)
        assert quiz.lang == "en"
        page.wait_for_function("document.querySelector('.pf-lang-choice').value === 'en'")
        settle(page)
        assert table.lang == "en" and not CYRILLIC.search(page.evaluate(VIEW_TEXT))
        assert errors == []
    finally:
        context.close()

"""The static quiz in a real browser: Debian's chromium driven by Playwright.

Every choice of every item of tests/data/quiz_kinds.txt is clicked and the
feedback shown must be the engine's verdict and reason.  Also: the keyboard,
the score and its storage (and a browser that refuses storage), a script run
twice, no console errors, and no request leaving the page's own origin.

Needs Debian's ``chromium`` (installed by :mod:`browser_setup` when
missing) and the ``playwright`` Python package from the ``test`` extra
(Playwright drives the system chromium; no browser download).
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
from pathlib import Path

import pytest

from prefa.quiz import check, parse_quiz
from prefa.quiz_render import (
    RIGHT,
    SCHOOL_KEY,
    SCHOOLS,
    STORAGE_PREFIX,
    WRONG,
    choice_text,
    item_dom_id,
    item_html,
    progress_text,
    quiz_html,
    score_text,
)

DATA = Path(__file__).parent / "data"
SCHOOL_ITEM = {
    # An opening lead from A-K: the default school leads the king, the tournament
    # rules the ace.  Written by hand in the shape item_data gives such an item.
    "quiz": "schools", "id": "ak-lead", "multi": False, "school": SCHOOLS[0],
    "choices": [{"choice": "AS", "correct": False, "reason": "Our default leads the king."},
                {"choice": "KS", "correct": True, "reason": "From A-K lead the king."},
                {"choice": "8S", "correct": False, "reason": "Never small from A-K."}],
    "answer": ["KS"], "answer_text": "K\u2660", "reason": "From A-K lead the king.",
    "explain": "",
    "schools": {"tournament rules": {
        "answer": ["AS"],
        "choices": {"AS": {"correct": True, "reason": "From A-K the tournament rules lead the ace."},
                    "KS": {"correct": False, "reason": "The tournament rules lead the ace."},
                    "8S": {"correct": False, "reason": "Never small from A-K."}}}},
}


def school_page() -> str:
    """A quiz page with SCHOOL_ITEM in it (its data swapped into a rendered item)."""
    r = next(r for r in RESULTS if r.item.kind == "trick-winner")
    html = quiz_html([r], "Schools", quiz="schools")
    html = html.replace(item_dom_id("schools", r.item.id), item_dom_id("schools", "ak-lead"))
    html = html.replace(f'data-item="{r.item.id}"', 'data-item="ak-lead"')
    for old, new in zip([v.choice for v in r.verdicts], ["AS", "KS", "8S"]):
        html = html.replace(f'data-choice="{old}"', f'data-choice="{new}"')
    start = html.index('<script type="application/json" class="pq-data">')
    end = html.index("</script>", start)
    return (html[:start] + '<script type="application/json" class="pq-data">'
            + json.dumps(SCHOOL_ITEM) + html[end:])
RESULTS = [check(i) for i in parse_quiz((DATA / "quiz_kinds.txt").read_text())]
BANK = Path(__file__).parent.parent / "prefa" / "data" / "quizzes"
LEADS = [check(i) for i in parse_quiz((BANK / "09_opening_leads.txt").read_text())]
QUIZ = "kinds"


# -- a local server and one browser for the module -------------------------------------
class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep the test output clean
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The quiz pages served on 127.0.0.1; yields the origin."""
    root = tmp_path_factory.mktemp("site")
    (root / "favicon.ico").write_bytes(b"")  # the browser asks for one on its own
    (root / "quiz.html").write_text(quiz_html(RESULTS, "Every kind", quiz=QUIZ), "utf-8")
    (root / "schools.html").write_text(school_page(), "utf-8")
    (root / "leads.html").write_text(quiz_html(LEADS, "Leads", quiz="leads"), "utf-8")
    # A notebook-like page: fragments one after another, each with its own script.
    frags = "".join(item_html(r, quiz="nb") for r in RESULTS[:3])
    (root / "fragments.html").write_text(
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>nb</title></head>'
        f"<body>{frags}</body></html>", "utf-8")
    handler = functools.partial(_Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


class Watched:
    """A page in a fresh context, recording console errors, page errors and requests."""

    def __init__(self, browser, init_script: str | None = None) -> None:
        self.context = browser.new_context()
        if init_script:
            self.context.add_init_script(init_script)
        self.page = self.context.new_page()
        self.page.set_default_timeout(5000)
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))

    def check_clean(self, origin: str) -> None:
        assert self.errors == []
        outside = [u for u in self.requests if not u.startswith(origin + "/")]
        assert outside == []

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def watched(browser, site):
    w = Watched(browser)
    yield w
    w.close()


def feedback(page, dom_id: str) -> dict:
    fb = page.locator(f"#{dom_id} .pq-feedback")
    return {k: fb.locator(f".pq-{k}").text_content() for k in
            ("verdict", "reason", "progress", "explain")}


def first_try(result) -> bool | None:
    """The score the page should keep for an item clicked in order, choice by choice."""
    if not result.verdicts:
        return None
    if not result.item.multi:
        return result.verdicts[0].correct
    right_total = sum(v.correct for v in result.verdicts)
    for found, v in enumerate(result.verdicts, 1):
        if not v.correct:
            return False
        if found == right_total:
            return True
    return None


# -- the tests --------------------------------------------------------------------------
def test_every_choice_shows_the_engine_verdict(watched, site):
    page = watched.page
    page.goto(f"{site}/quiz.html")
    for r in RESULTS:
        dom = item_dom_id(QUIZ, r.item.id)
        buttons = page.locator(f"#{dom} .pq-choice")
        assert buttons.count() == len(r.verdicts)
        right_total = sum(v.correct for v in r.verdicts)
        found = 0
        missed = False
        for i, v in enumerate(r.verdicts):
            buttons.nth(i).click()
            found += v.correct
            missed = missed or not v.correct
            shown = feedback(page, dom)
            assert shown["verdict"] == (RIGHT if v.correct else WRONG), (r.item.id, i)
            assert shown["reason"] == v.reason, (r.item.id, i)
            solved = found == right_total if r.item.multi else v.correct
            if r.item.multi and v.correct:
                assert shown["progress"] == progress_text(found, right_total)
            assert shown["explain"] == (r.item.explain if solved else "")
            assert buttons.nth(i).get_attribute("data-state") == ("right" if v.correct
                                                                  else "wrong")
            # Try again once a choice was wrong, until the item is solved
            assert page.locator(f"#{dom} .pq-retry").is_visible() == (missed and not solved)
        if not r.verdicts:
            page.locator(f"#{dom} .pq-reveal").click()
            shown = feedback(page, dom)
            answer = ", ".join(choice_text(a) for a in r.engine)
            assert shown["verdict"] == f"Answer: {answer}." and shown["reason"] == r.reason
            assert page.locator(f"#{dom} .pq-retry").is_visible()
    scored = [first_try(r) for r in RESULTS if r.verdicts]
    want = score_text(sum(s is True for s in scored), len(scored), len(scored))
    assert page.locator(".pq-score-text").text_content() == want
    watched.check_clean(site)


def test_keyboard_choose_retry_and_tab_order(watched, site):
    page = watched.page
    page.goto(f"{site}/quiz.html")
    r = RESULTS[1]  # trick-winner: AH, 7H, 7S
    dom = item_dom_id(QUIZ, r.item.id)
    first = page.locator(f"#{dom} .pq-choice").first
    first.focus()
    page.keyboard.press("Enter")
    assert feedback(page, dom)["reason"] == r.verdicts[0].reason
    retry = page.locator(f"#{dom} .pq-retry")
    assert retry.is_visible()  # after a wrong choice
    retry.focus()
    page.keyboard.press("Enter")
    assert feedback(page, dom)["verdict"] == "" and not retry.is_visible()
    assert page.evaluate("document.activeElement.dataset.index") == "0"  # back to the choices
    assert page.locator(f"#{dom} .pq-choice[data-state]").count() == 0
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.index") == "1"
    page.keyboard.press("Tab")
    page.keyboard.press(" ")
    assert feedback(page, dom)["verdict"] == RIGHT
    assert feedback(page, dom)["reason"] == r.verdicts[2].reason
    assert not retry.is_visible()  # no Try again after a right answer
    watched.check_clean(site)


def test_score_is_stored_and_survives_a_reload_and_resets(watched, site):
    page = watched.page
    page.goto(f"{site}/quiz.html")
    dom = item_dom_id(QUIZ, "trick-winner")
    page.locator(f"#{dom} .pq-choice").nth(2).click()
    total = sum(1 for r in RESULTS if r.verdicts)
    assert page.locator(".pq-score-text").text_content() == score_text(1, total, 1)
    stored = page.evaluate(f"localStorage.getItem({STORAGE_PREFIX + QUIZ!r})")
    assert stored == '{"trick-winner":true}'
    page.reload()
    assert page.locator(".pq-score-text").text_content() == score_text(1, total, 1)
    page.once("dialog", lambda d: d.accept())
    page.locator(".pq-reset").click()
    assert page.locator(".pq-score-text").text_content() == score_text(0, total, 0)
    watched.check_clean(site)


def _state(page, dom: str) -> dict:
    return {"states": page.locator(f"#{dom} .pq-choice").evaluate_all(
                "bs => bs.map(b => b.getAttribute('data-state'))"),
            "retry": page.locator(f"#{dom} .pq-retry").is_visible(), **feedback(page, dom)}


def test_answers_are_shown_again_after_a_reload(watched, site):
    page = watched.page
    page.goto(f"{site}/quiz.html")
    win = item_dom_id(QUIZ, "trick-winner")  # AH, 7H, 7S: 7S wins
    page.locator(f"#{win} .pq-choice").nth(0).click()  # wrong
    page.locator(f"#{win} .pq-choice").nth(2).click()  # right
    shown = _state(page, win)
    assert shown["states"] == ["wrong", None, "right"] and shown["verdict"] == RIGHT
    plain = next(r for r in RESULTS if not r.verdicts)
    page.locator(f"#{item_dom_id(QUIZ, plain.item.id)} .pq-reveal").click()
    revealed = feedback(page, item_dom_id(QUIZ, plain.item.id))
    page.reload()
    assert _state(page, win) == shown
    assert not shown["retry"]
    assert feedback(page, item_dom_id(QUIZ, plain.item.id)) == revealed
    # Try again forgets the shown answer, not the score
    page.locator(f"#{item_dom_id(QUIZ, plain.item.id)} .pq-retry").click()
    page.reload()
    assert feedback(page, item_dom_id(QUIZ, plain.item.id))["verdict"] == ""
    assert _state(page, win) == shown
    watched.check_clean(site)


def test_reset_asks_first_and_clears_the_marks(watched, site):
    page = watched.page
    page.goto(f"{site}/quiz.html")
    win = item_dom_id(QUIZ, "trick-winner")
    page.locator(f"#{win} .pq-choice").nth(0).click()
    total = sum(1 for r in RESULTS if r.verdicts)
    asked: list[str] = []

    def answer(accept: bool):
        def handle(d):
            asked.append(d.message)
            d.accept() if accept else d.dismiss()
        return handle
    page.once("dialog", answer(False))
    page.locator(".pq-reset").click()
    assert asked and "start again" in asked[0]
    assert page.locator(".pq-score-text").text_content() == score_text(0, total, 1)
    assert _state(page, win)["states"][0] == "wrong"  # nothing forgotten
    page.once("dialog", answer(True))
    page.locator(".pq-reset").click()
    assert len(asked) == 2
    assert page.locator(".pq-score-text").text_content() == score_text(0, total, 0)
    shown = _state(page, win)
    assert shown["states"] == [None, None, None] and shown["verdict"] == "" and not shown["retry"]
    page.reload()
    assert _state(page, win)["states"] == [None, None, None]
    watched.check_clean(site)


def test_the_chosen_school_grades_a_school_dependent_item(watched, site):
    page = watched.page
    page.goto(f"{site}/schools.html")
    dom = item_dom_id("schools", SCHOOL_ITEM["id"])
    sel = page.locator(f"#{dom} select.pq-school")
    assert sel.input_value() == SCHOOLS[0]
    page.locator(f"#{dom} .pq-choice").nth(1).click()  # KS: right by the default school
    assert feedback(page, dom)["verdict"] == RIGHT
    others = page.locator(f"#{dom} .pq-others li").all_text_contents()
    assert others == [
        "The tournament rules school plays A\u2660: From A-K the tournament rules lead the ace."]
    sel.select_option("tournament rules")
    shown = feedback(page, dom)  # the same answer, graded again by the chosen school
    assert shown["verdict"] == WRONG and shown["reason"] == "The tournament rules lead the ace."
    assert page.locator(f"#{dom} .pq-choice").nth(1).get_attribute("data-state") == "wrong"
    assert page.evaluate(f"localStorage.getItem({SCHOOL_KEY!r})") == "tournament rules"
    page.reload()  # the choice is kept, site-wide
    assert page.locator(f"#{dom} select.pq-school").input_value() == "tournament rules"
    assert feedback(page, dom)["verdict"] == WRONG
    page.locator(f"#{dom} .pq-retry").click()
    page.locator(f"#{dom} .pq-choice").nth(0).click()
    assert feedback(page, dom)["verdict"] == RIGHT
    assert page.locator(f"#{dom} .pq-others li").all_text_contents()[0].startswith(
        "The course's own school plays K\u2660")  # its label (it said "default plays")
    watched.check_clean(site)


def test_a_bank_item_names_every_school_by_its_label(watched, site):
    """Lead-03 of lesson 07 (``answer[strategy text]``, ``answer[tournament rules]``):
    the school picker and the list of what the other schools play name each school
    by its label, the course's default too (the list said "default plays K\u2660")."""
    from prefa.quiz import SCHOOLS as NAMED
    labels = [NAMED[s] for s in SCHOOLS]
    page = watched.page
    page.goto(f"{site}/leads.html")
    lead = next(r for r in LEADS if r.item.id == "lead-03")
    assert lead.schools and set(lead.schools) != {SCHOOLS[0]}
    dom = item_dom_id("leads", "lead-03")
    sel = page.locator(f"#{dom} select.pq-school")
    assert sel.locator("option").all_text_contents() == labels
    sel.select_option("tournament rules")
    page.locator(f"#{dom} .pq-choice").nth(0).click()  # AS: right by the tournament rules
    assert feedback(page, dom)["verdict"] == RIGHT
    others = page.locator(f"#{dom} .pq-others li").all_text_contents()
    shown = [line.split(" plays ")[0] for line in others]
    assert "The course's own school" in shown and "The Gulin school" in shown
    assert {s[0].lower() + s[1:] for s in shown} <= set(labels)
    assert not any(line.lower().startswith(("default ", "gulin ", "strategy ")) for line in others)
    watched.check_clean(site)


def test_works_when_the_browser_refuses_storage(browser, site):
    deny = ("Object.defineProperty(window, 'localStorage', {get: function () {"
            " throw new DOMException('storage is off', 'SecurityError'); }});")
    w = Watched(browser, deny)
    try:
        page = w.page
        page.goto(f"{site}/quiz.html")
        dom = item_dom_id(QUIZ, "trick-winner")
        page.locator(f"#{dom} .pq-choice").nth(2).click()
        assert feedback(page, dom)["verdict"] == RIGHT
        total = sum(1 for r in RESULTS if r.verdicts)
        assert page.locator(".pq-score-text").text_content() == score_text(1, total, 1)
        w.check_clean(site)
    finally:
        w.close()


COUNT_LISTENERS = """
window.__pqListeners = 0;
(function () {
  var add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, fn, opts) {
    if (type === "click" && this instanceof Element && this.closest && this.closest(".pq-item, .pq-score")) {
      window.__pqListeners += 1;
    }
    return add.call(this, type, fn, opts);
  };
})();
"""


@pytest.mark.parametrize("page_name", ["quiz.html", "fragments.html"])
def test_running_the_script_again_binds_nothing_twice(browser, site, page_name):
    w = Watched(browser, COUNT_LISTENERS)
    try:
        page = w.page
        page.goto(f"{site}/{page_name}")
        buttons = page.locator(".pq-item button, .pq-score button").count()
        assert page.evaluate("window.__pqListeners") == buttons  # one handler per button
        scripts = page.evaluate("Array.from(document.querySelectorAll('script:not([type])'))"
                                ".map(function (s) { return s.textContent; })")
        page.evaluate("() => { var P = window.prefaQuiz, bind = P.bindAll; window.__runs = 0;"
                      " P.bindAll = function (r) { window.__runs += 1; return bind(r); }; }")
        for s in scripts:  # what a site re-running its page scripts does
            page.evaluate("(src) => { new Function(src)(); }", s)
        assert page.evaluate("window.__runs") == len(scripts) >= 1  # the scripts did run
        assert page.evaluate("window.__pqListeners") == buttons
        first = page.locator(".pq-item").first
        first.locator(".pq-choice").first.click()
        assert first.locator(".pq-verdict").text_content() in (RIGHT, WRONG)
        w.check_clean(site)
    finally:
        w.close()


def test_notebook_fragments_share_one_score(watched, site):
    page = watched.page
    page.goto(f"{site}/fragments.html")
    assert page.locator(".pq-score-text").count() == 3
    page.locator(f"#{item_dom_id('nb', 'trick-winner')} .pq-choice").nth(2).click()
    texts = page.locator(".pq-score-text").all_text_contents()
    assert texts == [score_text(1, 3, 1)] * 3
    watched.check_clean(site)


def test_two_tabs_keep_each_others_answers(browser, site):
    """The stored answers are the truth: a second tab neither loses nor ignores the first's."""
    w = Watched(browser)
    try:
        first = w.page
        second = w.context.new_page()
        first.goto(f"{site}/quiz.html")
        second.goto(f"{site}/quiz.html")
        first.locator(f"#{item_dom_id(QUIZ, 'trick-winner')} .pq-choice").nth(2).click()
        r = next(r for r in RESULTS if r.verdicts and r.item.id != "trick-winner"
                 and not r.item.multi)
        wrong = next(i for i, v in enumerate(r.verdicts) if not v.correct)
        second.locator(f"#{item_dom_id(QUIZ, r.item.id)} .pq-choice").nth(wrong).click()
        total = sum(1 for r in RESULTS if r.verdicts)
        assert second.locator(".pq-score-text").text_content() == score_text(1, total, 2)
        stored = json.loads(second.evaluate(f"localStorage.getItem({STORAGE_PREFIX + QUIZ!r})"))
        assert stored == {"trick-winner": True, r.item.id: False}
        w.check_clean(site)
    finally:
        w.close()


def test_a_card_choice_keeps_its_name_with_the_verdict(watched, site):
    """A screen reader hears the card and the verdict, and the card alone after Try again."""
    page = watched.page
    page.goto(f"{site}/quiz.html")
    dom = item_dom_id(QUIZ, "trick-winner")  # AH, 7H, 7S; spades are trumps
    item = page.locator(f"#{dom}")
    item.locator(".pq-choice").nth(0).click()
    assert item.get_by_role("button", name="ace of hearts (wrong)", exact=True).count() == 1
    item.locator(".pq-retry").click()
    names = [item.get_by_role("button", name=n, exact=True).count()
             for n in ("ace of hearts", "seven of hearts", "seven of spades")]
    assert names == [1, 1, 1]
    item.locator(".pq-choice").nth(2).click()
    assert item.get_by_role("button", name="seven of spades (right)", exact=True).count() == 1
    watched.check_clean(site)

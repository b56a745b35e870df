"""A ``seen-by`` question in a real browser (Debian's chromium, Playwright): the
whole layout is hidden before the answer and shown after it, in the static
quiz (and again after a reload, hidden again by Try again), in the live
QuizSession view and in the projector page."""

from __future__ import annotations

import functools
import http.server
import threading

import pytest
from seen_by_item import HIDDEN_HAND, SEEN
from view_harness import open_view, settle

from prefa.quiz import check, parse_quiz
from prefa.quiz_render import item_dom_id, projector_html, quiz_html
from prefa.ui import QuizSession

RESULT = check(parse_quiz(SEEN)[0])


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("seen")
    (root / "favicon.ico").write_bytes(b"")
    (root / "quiz.html").write_text(quiz_html([RESULT], "Seen", quiz="seen"), "utf-8")
    (root / "projector.html").write_text(projector_html([RESULT], "Seen"), "utf-8")
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def page(browser):
    context = browser.new_context()
    p = context.new_page()
    p.set_default_timeout(5000)
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    yield p
    context.close()
    assert errors == []


def test_the_static_quiz_shows_the_layout_after_the_answer_and_after_a_reload(page, site):
    page.goto(f"{site}/quiz.html")
    sec = f"#{item_dom_id('seen', 'lead-x')}"
    layout = page.locator(f"{sec} .pq-layout")
    assert not layout.is_visible()
    assert HIDDEN_HAND not in page.locator(f"{sec} .pq-position").inner_html()
    page.locator(f"{sec} .pq-choice").nth(0).click()  # AH: wrong
    assert layout.is_visible() and HIDDEN_HAND in layout.inner_html()
    page.locator(f"{sec} .pq-retry").click()
    assert not layout.is_visible()
    page.locator(f"{sec} .pq-choice").nth(2).click()  # 8D: right
    assert layout.is_visible()
    page.reload()
    assert page.locator(f"{sec} .pq-layout").is_visible()  # kept like the marks


def test_the_projector_shows_the_layout_with_the_answer(page, site):
    page.goto(f"{site}/projector.html")
    layout, seen = page.locator(".pj-layout-draw"), page.locator(".pj-draw")
    assert not layout.is_visible() and seen.is_visible()
    page.keyboard.press("Enter")  # the answer: the whole layout in the seen hand's place
    assert layout.is_visible() and page.locator(".pj-answer").is_visible()
    assert not seen.is_visible() and HIDDEN_HAND in layout.inner_html()
    box = layout.bounding_box()
    assert box["y"] + box["height"] <= page.viewport_size["height"]  # on the screen, no scroll
    page.keyboard.press("Enter")
    assert not layout.is_visible() and seen.is_visible()


def test_the_live_view_shows_the_layout_once_answered(page):
    s = QuizSession(SEEN)
    open_view(page, s)
    sec = ".pf-quiz-item[data-item='lead-x']"
    assert page.locator(f"{sec} .pf-quiz-layout").count() == 0
    assert HIDDEN_HAND not in page.locator(f"{sec} .pf-quiz-position").inner_html()
    page.click(f"{sec} [data-focus='choice-lead-x-8D']")
    settle(page)
    assert page.locator(f"{sec} .pf-quiz-layout").is_visible()
    assert HIDDEN_HAND in page.locator(f"{sec} .pf-quiz-layout").inner_html()

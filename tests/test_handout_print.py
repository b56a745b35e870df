"""The handouts printed by a real browser: Debian's chromium (Playwright) to A4 PDF.

The lesson-09 handout (the opening-lead bank: 24 items, each shown as the
leader sees it, questions and answer key) must fit in nine A4 pages, two
questions to a row; the key starts on a page of its own.  Needs Debian's ``chromium``
(installed by :mod:`browser_setup` when missing) and the ``test`` extra.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from prefa.quiz import check, parse_quiz
from prefa.quiz_render import handout_html

BANK = Path(__file__).resolve().parent.parent / "prefa" / "data" / "quizzes" / "09_opening_leads.txt"
RESULTS = [check(i) for i in parse_quiz(BANK.read_text(encoding="utf-8"))]


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF that chromium wrote (its page objects)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def printed(browser, html: str) -> bytes:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.route("**/*", lambda route: route.abort())  # nothing may load
        page.set_content(html)
        return page.pdf(format="A4", print_background=True)
    finally:
        context.close()


def test_pdf_pages_counts_pages():
    one = b"<< /Type /Pages /Count 2 >> << /Type /Page >> << /Type/Page /Parent 1 0 R >>"
    assert pdf_pages(one) == 2


@pytest.mark.parametrize("four_colour", [False, True])
def test_lesson_09_handout_fits_in_nine_a4_pages(browser, four_colour):
    assert len(RESULTS) >= 24
    both = pdf_pages(printed(browser, handout_html(RESULTS, "Lesson 09", four_colour=four_colour)))
    questions = pdf_pages(printed(browser, handout_html(RESULTS, "Lesson 09", key=False)))
    print(f"lesson 09 handout: {questions} pages of questions, {both} with the key")
    assert both <= 9
    assert questions < both  # the key starts on a new page

"""The built teaching site in a real browser: Debian's chromium driven by Playwright.

- Every page loads with no console error, every request stays on the site's
  own origin (all requests are intercepted: one to another origin is recorded
  and refused), and every request the site makes is answered.
- Every quiz item of every lesson page is answered wrong (where a wrong choice
  exists) and right, by mouse, and one per lesson by keyboard: the page shows
  the engine's verdict and reason.  The expected verdicts come from a fresh
  check of the quiz banks by the engine, or, for items written inside a
  notebook, from the verdicts the engine saved in the page.
- The learner's progress: answers given on a lesson page show on the course
  map, survive a reload, stay in the browser that gave them, and can be
  forgotten; navigating by links keeps every quiz working, also with
  Material's instant navigation switched on (a variant build).
- axe (the axe-core script shipped in the ``axe-playwright-python`` package,
  injected from the file, never fetched) finds no serious or critical
  violation on every lesson page (with every quiz's feedback shown) and on
  each other kind of page.

Needs Debian's ``chromium`` (installed by :mod:`browser_setup` when missing)
and the ``test`` extra of pyproject.toml.
"""

from __future__ import annotations

import functools
import json
import re
import socket
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")
pytest.importorskip("mkdocs_jupyter")
pytest.importorskip("material")
pytest.importorskip("mkdocstrings")

from browser_setup import AXE_RUN, axe_source, build_site
from site_visit import Visit, serve

from prefa.quiz import check, parse_quiz
from prefa.quiz_render import RIGHT, STORAGE_PREFIX, WRONG, choice_text, score_text

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted(p.stem for p in (ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))


# -- the engine's answers, fresh --------------------------------------------------------------
@functools.cache
def bank_results() -> dict[tuple[str, str], object]:
    """(quiz name, item id) -> the engine's check of that item, for every quiz bank."""
    out = {}
    for bank in sorted((ROOT / "prefa").glob("**/quizzes/*.txt")):
        for item in parse_quiz(bank.read_text(encoding="utf-8")):
            out[(bank.stem, item.id)] = check(item)
    return out


def expected(data: dict) -> tuple[list[tuple[bool, str]], str, str, str]:
    """An item's verdicts (right?, reason), answer text, reason and explanation.

    From the engine's fresh check when the item is in a quiz bank, else from the
    verdicts the engine wrote into the page when the lesson ran.
    """
    r = bank_results().get((data["quiz"], data["id"]))
    if r is not None:  # a page made before its bank changed shows old feedback
        saved = ([(c["correct"], c["reason"]) for c in data["choices"]], data["explain"])
        assert saved == ([(v.correct, v.reason) for v in r.verdicts], r.item.explain), (
            f"item {data['id']}: the lesson's saved output differs from the engine's check of "
            f"quiz bank {data['quiz']}: re-run the lesson (see the README)")
    if r is None:
        return ([(c["correct"], c["reason"]) for c in data["choices"]], data["answer_text"],
                data["reason"], data["explain"])
    assert [v.choice for v in r.verdicts] == [c["choice"] for c in data["choices"]]
    return ([(v.correct, v.reason) for v in r.verdicts],
            ", ".join(choice_text(a) for a in r.engine) or "none", r.reason, r.item.explain)


# -- servers and the browser -------------------------------------------------------------------
def _site_pages() -> list[str]:
    root = Path(build_site())
    return sorted("/" + str(p.relative_to(root)).removesuffix("index.html")
                  for p in root.rglob("*.html") if p.name != "404.html")


# -- every page, clean -------------------------------------------------------------------------
def test_every_page_loads_clean(visit):
    """Every page but the lessons (test_lesson_page loads each lesson the same way)."""
    pages = _site_pages()
    lessons = [p for p in pages if p.startswith("/lessons/")]
    assert lessons == [f"/lessons/{lesson}/" for lesson in LESSONS]
    others = [p for p in pages if p not in lessons]
    assert len(others) >= 10
    for path in others:
        visit.go(path)
        assert visit.page.title(), path
    visit.page.wait_for_load_state("networkidle")
    visit.check_clean()


def test_the_theme_cdn_fallbacks_are_never_fetched(visit):
    """Without ResizeObserver the theme would fetch a polyfill from a CDN: not any more."""
    visit.context.add_init_script("delete window.ResizeObserver;")
    visit.go("/lessons/01_cards_deal_and_tricks/", wait="networkidle")
    assert visit.outside == []


# -- every quiz of every lesson ----------------------------------------------------------------
READ = """s => { const f = s.querySelector('.pq-feedback');
  const t = c => f.querySelector('.pq-' + c).textContent;
  return {verdict: t('verdict'), reason: t('reason'), progress: t('progress'),
          explain: t('explain'), retry: !s.querySelector('.pq-retry').hidden,
          states: Array.from(s.querySelectorAll('.pq-choice'),
                             b => b.getAttribute('data-state'))}; }"""

PLAY = """(s, plan) => { const read = READ; const out = [];
  for (const step of plan) {
    const el = step === 'retry' ? s.querySelector('.pq-retry') :
      step === 'reveal' ? s.querySelector('.pq-reveal') : s.querySelectorAll('.pq-choice')[step];
    el.click();
    out.push(read(s));
  }
  return out; }""".replace("READ", READ)


def play(page, sec, plan: list, how: str) -> list[dict]:
    """Clicks through ``plan`` (choice indexes, ``retry``, ``reveal``) and reads the
    feedback after each step.  ``how``: ``mouse`` (Playwright's real clicks),
    ``keyboard`` (focus and Enter), or ``dom`` (the element's click(), in one call:
    the same handlers, without the round trips)."""
    if how == "dom":
        return sec.evaluate(PLAY, plan)
    out = []
    for step in plan:
        el = sec.locator(f".pq-{step}") if step in ("retry", "reveal") else \
            sec.locator(".pq-choice").nth(step)
        if how == "keyboard":
            el.focus()
            page.keyboard.press("Enter")
        else:
            el.click()
        out.append(sec.evaluate(READ))
    return out


@pytest.mark.parametrize("lesson", LESSONS)
def test_lesson_page(visit, lesson):
    """A lesson page loads clean, every quiz shows the engine's verdicts, and axe
    finds no serious or critical violation (with the feedback of every quiz shown)."""
    page = visit.go(f"/lessons/{lesson}/")
    check_quizzes(page)
    page.add_script_tag(content=axe_source())  # inline: nothing is fetched
    violations = page.evaluate(AXE_RUN)
    assert violations == [], "\n".join(violations)
    page.wait_for_load_state("networkidle")
    visit.check_clean()


def check_quizzes(page) -> None:
    """Answers every quiz item of the page wrong (where it can be) and right, and
    checks the feedback and the score against the engine's verdicts.

    The first item is answered by keyboard, the next two with the mouse, the
    rest by the buttons' own click()."""
    sections = page.locator("section.pq-item")
    datas = [json.loads(d) for d in sections.evaluate_all(
        "ss => ss.map(s => s.getAttribute('data-pq'))")]
    first_try: dict[tuple[str, str], bool] = {}
    scored = 0
    for k, data in enumerate(datas):
        sec = sections.nth(k)
        verdicts, answer, reason, explain = expected(data)
        assert sec.locator(".pq-choice").count() == len(verdicts), data["id"]
        if not verdicts:
            shown = play(page, sec, ["reveal"], "mouse")[0]
            assert shown["verdict"] == f"Answer: {answer}." and shown["reason"] == reason
            continue
        how = "keyboard" if scored == 0 else "mouse" if scored < 3 else "dom"
        scored += 1
        wrong = [i for i, (ok, _) in enumerate(verdicts) if not ok][:1]
        right = [i for i, (ok, _) in enumerate(verdicts) if ok]
        right = right if data["multi"] else right[:1]
        plan = [*wrong, *(["retry"] if wrong else []), *right]
        shown = iter(play(page, sec, plan, how))
        if wrong:
            i = wrong[0]
            got = next(shown)
            assert (got["verdict"], got["reason"], got["explain"]) == (WRONG, verdicts[i][1], ""), \
                (data["id"], i)
            assert got["states"][i] == "wrong" and got["retry"]
            got = next(shown)  # Try again: the feedback and the marks are cleared
            assert got["verdict"] == "" and not any(got["states"]) and not got["retry"]
        for found, i in enumerate(right, 1):
            got = next(shown)
            solved = found == len(right)
            assert (got["verdict"], got["reason"]) == (RIGHT, verdicts[i][1]), (data["id"], i)
            assert got["explain"] == (explain if solved else ""), data["id"]
            assert got["states"][i] == "right"
        first_try.setdefault((data["quiz"], data["id"]), not wrong)
    # the lesson's score line counts every scored item once, by its first try
    for quiz in {q for q, _ in first_try}:
        got = {i: v for (q, i), v in first_try.items() if q == quiz}
        stored = json.loads(page.evaluate(f"localStorage.getItem({STORAGE_PREFIX + quiz!r})"))
        assert stored == got
        bar = page.locator(f".pq-score[data-quiz='{quiz}'] .pq-score-text").first
        assert bar.text_content() == score_text(sum(got.values()), len(got), len(got))


# -- progress ----------------------------------------------------------------------------------
def _progress(page) -> dict[str, str]:
    return dict(page.evaluate("""() => Array.from(document.querySelectorAll(
        '.prefa-course tbody tr')).map(r => [r.cells[0].textContent.trim(),
        r.querySelector('.prefa-progress').textContent])"""))


def _total(page) -> str:
    return page.locator(".prefa-progress-total").text_content()


def _answer(page, k: int, right: bool) -> None:
    """Answers item k of a lesson page: every right choice, or one wrong choice."""
    sec = page.locator("section.pq-item").nth(k)
    verdicts, *_ = expected(json.loads(sec.get_attribute("data-pq")))
    for i in [i for i, (ok, _) in enumerate(verdicts) if ok == right][:None if right else 1]:
        sec.locator(".pq-choice").nth(i).click()
        assert sec.evaluate(READ)["verdict"] == (RIGHT if right else WRONG)


def test_progress_shows_on_the_map_survives_a_reload_and_can_be_forgotten(browser, visit):
    page = visit.go("/")
    assert set(_progress(page).values()) <= {"not started", "no quiz"}
    assert page.locator(".prefa-forget-button").is_hidden()
    # follow the course map's link, as a learner would
    page.locator(".prefa-course a", has_text="Cards, the deal and tricks").click()
    page.wait_for_url("**/lessons/01_cards_deal_and_tricks/")
    total = page.locator("section.pq-item[data-scored='1']").count()
    _answer(page, 0, right=True)
    _answer(page, 1, right=False)
    page.locator(".md-sidebar--primary a", has_text="Home").first.click()
    page.wait_for_url(visit.origin + "/")
    want = f"2 of {total} answered, 1 right on the first try"
    assert _progress(page)["01"] == want
    assert _total(page).startswith("2 of ")
    page.reload()
    assert _progress(page)["01"] == want
    # back on the lesson, its score line remembers the answers
    page.locator(".prefa-course a", has_text="Cards, the deal and tricks").click()
    page.wait_for_url("**/lessons/01_cards_deal_and_tricks/")
    assert page.locator(".pq-score-text").first.text_content() == score_text(1, total, 2)
    # another browser (profile) knows nothing of them
    other = Visit(browser, visit.origin)
    try:
        assert _progress(other.go("/"))["01"] == "not started"
        other.check_clean()
    finally:
        other.close()
    # forgetting
    page = visit.go("/")
    page.locator(".prefa-forget-button").click()
    assert _progress(page)["01"] == "not started"
    assert "forgotten" in page.locator(".prefa-forget-done").text_content()
    assert page.evaluate(f"Object.keys(localStorage).filter(k => k.startsWith("
                         f"{STORAGE_PREFIX!r})).length") == 0
    visit.go("/lessons/01_cards_deal_and_tricks/")
    assert page.locator(".pq-score-text").first.text_content() == score_text(0, total, 0)
    visit.check_clean()


def test_quizzes_keep_working_page_after_page(visit):
    """Lesson to lesson by the theme's "next" link: each page's quizzes answer, once."""
    page = visit.go("/lessons/01_cards_deal_and_tricks/")
    for _ in range(3):
        before = page.url
        _answer(page, 0, right=True)
        score = page.locator(".pq-score-text").first.text_content()
        assert re.match(r"Score: 1 of \d+ right on the first try \(1 answered\)\.", score)
        page.locator("a.md-footer__link--next").click()
        page.wait_for_url(lambda u, b=before: u != b)
        while page.locator("section.pq-item[data-scored='1']").count() == 0:
            before = page.url
            page.locator("a.md-footer__link--next").click()
            page.wait_for_url(lambda u, b=before: u != b)
    visit.check_clean()


@pytest.fixture(scope="module")
def instant_site():
    """The site built with Material's instant navigation, served where its site_url says."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    origin = f"http://127.0.0.1:{sock.getsockname()[1]}"
    server, served = serve(build_site("instant", site_url=origin + "/"), sock)
    assert served == origin
    yield origin
    server.shutdown()
    server.server_close()


def test_quizzes_work_with_instant_navigation(browser, instant_site):
    v = Visit(browser, instant_site)
    try:
        page = v.go("/", wait="networkidle")  # the theme reads the sitemap first
        page.evaluate("window.__samePage = true")
        page.locator(".prefa-course a", has_text="Cards, the deal and tricks").click()
        page.wait_for_url("**/lessons/01_cards_deal_and_tricks/")
        page.locator("section.pq-item").first.wait_for()
        # the page was swapped in place, not loaded: instant navigation did happen
        assert page.evaluate("window.__samePage === true")
        total = page.locator("section.pq-item[data-scored='1']").count()
        _answer(page, 0, right=True)
        assert page.locator(".pq-score-text").first.text_content() == score_text(1, total, 1)
        page.locator(".md-sidebar--primary a", has_text="Home").first.click()
        page.wait_for_url(instant_site + "/")
        page.locator(".prefa-course").wait_for()
        assert page.evaluate("window.__samePage === true")
        assert _progress(page)["01"] == f"1 of {total} answered, 1 right on the first try"
        page.locator(".prefa-course a", has_text="The auction").click()
        page.wait_for_url("**/lessons/02_the_auction/")
        page.locator("section.pq-item").first.wait_for()
        _answer(page, 0, right=False)
        total2 = page.locator("section.pq-item[data-scored='1']").count()
        assert page.locator(".pq-score-text").first.text_content() == score_text(0, total2, 1)
        page.go_back()
        page.wait_for_url(instant_site + "/")
        page.locator(".prefa-course").wait_for()
        assert _progress(page)["02"] == f"1 of {total2} answered, 0 right on the first try"
        assert page.evaluate("window.__samePage === true")
        v.check_clean()
    finally:
        v.close()


# -- accessibility -----------------------------------------------------------------------------


AXE_PAGES = ["/", "/rules/", "/rules/balkan/", "/glossary/", "/teachers/", "/api/",
             "/api/prefa/", "/handouts/01_cards_and_tricks.html",
             "/handouts/01_cards_and_tricks-four-colour.html", "/projector/",
             "/projector/09_opening_leads.html", "/handouts/09_opening_leads-questions.html"]


@pytest.mark.parametrize("path", AXE_PAGES)
def test_no_serious_accessibility_violation(visit, path):
    """Each kind of page but the lessons (test_lesson_page checks every lesson)."""
    page = visit.go(path)
    page.add_script_tag(content=axe_source())  # inline: nothing is fetched
    violations = page.evaluate(AXE_RUN)
    assert violations == [], "\n".join(violations)
    visit.check_clean()


def test_a_lesson_score_and_the_course_map_agree(visit):
    """Lesson 00 holds a demonstration item besides its 8 questions: answering
    both, its score line and the course map count the same 8."""
    page = visit.go("/lessons/00_how_to_use_the_course/")
    bank = page.locator("section.pq-item[data-quiz='00_how_to_use'][data-scored='1']")
    total = bank.count()
    demo = page.locator("section.pq-item[data-scored='1']:not([data-quiz='00_how_to_use'])")
    assert total == 8 and demo.count() >= 1
    demo.first.locator(".pq-choice").first.click()
    bank.first.locator(".pq-choice").first.click()
    line = page.locator(".pq-score[data-quiz='00_how_to_use'] .pq-score-text").first.text_content()
    assert line.startswith("Score: ") and line.endswith(f"of {total} right on the first try (1 answered).")
    page = visit.go("/")
    assert _progress(page)["00"].startswith(f"1 of {total} answered")
    visit.check_clean()


# -- a phone ------------------------------------------------------------------------------------
SIDEWAYS = """() => { const vw = document.documentElement.clientWidth, out = [];
  if (document.documentElement.scrollWidth > vw) { out.push('the page: ' +
      document.documentElement.scrollWidth + ' > ' + vw); }
  for (const el of document.querySelectorAll('.md-content *')) {
    const cs = getComputedStyle(el);
    if (el.classList.contains('pq-sr') || el.clientWidth <= 1) { continue; }
    if ((cs.overflowX === 'auto' || cs.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
      out.push(el.tagName + '.' + el.className + ': ' + el.scrollWidth + ' > ' + el.clientWidth);
    }
  }
  return out.slice(0, 5); }"""


SCALES = """() => Array.from(document.querySelectorAll(
    '.md-content svg.prefa-cards, .md-content img[src^="data:image/svg"]'), e => {
  const w = e.tagName === 'IMG' ? e.naturalWidth : +e.getAttribute('width');
  return [w, e.getBoundingClientRect().width / w]; }).filter(([w]) => w > 360)"""


def test_a_phone_scrolls_no_page_sideways(browser, site):
    """At 390 px wide no page, nor any table or code box in it, scrolls sideways
    (the glossary and the score sheets did), and a deal diagram of three hands
    is drawn at 0.7 of its size or more (it was shrunk to 0.55, ranks unreadable)."""
    v = Visit(browser, site, viewport=(390, 844))
    try:
        bad = {}
        for path in _site_pages():
            if path.startswith("/api/") and path not in ("/api/", "/api/prefa/"):
                continue  # the reference: one page of it is enough
            v.go(path)
            found = v.page.evaluate(SIDEWAYS)
            if found:
                bad[path] = found
            if path.startswith("/lessons/"):
                scales = v.page.evaluate(SCALES)
                small = [round(k, 2) for w, k in scales if w <= 540 and k < 0.7]
                if small:  # a three-hand table: its ranks stay readable
                    bad[path + " (diagram scale)"] = small
        assert bad == {}
        v.check_clean()
    finally:
        v.close()


# -- the projector -----------------------------------------------------------------------------
def test_projector_steps_through_a_bank_by_keyboard(visit):
    page = visit.go("/projector/09_opening_leads.html")
    n = page.locator(".pj-item").count()
    bank = (Path(__file__).resolve().parent.parent / "prefa" / "data" / "quizzes"
            / "09_opening_leads.txt").read_text(encoding="utf-8")
    assert n == len(parse_quiz(bank)) >= 24

    def shown() -> list[int]:
        return page.locator(".pj-item").evaluate_all(
            "ss => ss.map((s, i) => s.hidden ? -1 : i).filter(i => i >= 0)")
    assert shown() == [0]
    answer = page.locator(".pj-item").nth(0).locator(".pj-answer")
    assert answer.is_hidden()
    page.keyboard.press("Enter")
    assert answer.is_visible() and "Answer: C. 8" in answer.text_content()
    # the leader's view first, the whole layout with the answer (seen-by)
    assert page.locator(".pj-item").nth(0).locator(".pj-layout-draw").is_visible()
    assert not page.locator(".pj-item").nth(0).locator(".pj-draw").is_visible()
    marked = page.locator(".pj-item").nth(0).locator(".pj-choices li[data-right]")
    right = sum(v.correct for v in check(parse_quiz(bank)[0]).verdicts)  # as good as the best too
    assert marked.count() == right >= 1
    assert all(m.get_attribute("data-correct") is not None for m in marked.all())
    for want in range(1, n):
        page.keyboard.press("ArrowRight" if want % 2 else "Space")
        assert shown() == [want]
        assert page.locator(".pj-count").text_content() == f"Question {want + 1} of {n}"
    page.keyboard.press("ArrowRight")  # the last stays the last
    assert shown() == [n - 1] and page.url.endswith(f"#{n}")
    page.keyboard.press("ArrowLeft")
    assert shown() == [n - 2]
    page.keyboard.press("Home")
    assert shown() == [0]
    page.reload()  # the address keeps the place
    page.keyboard.press("End")
    page.reload()
    assert shown() == [n - 1]
    # every card of the diagrams large: a card is at least 40 px wide on a laptop
    widths = page.locator(".pj-item").nth(n - 1).locator(".pj-draw svg").evaluate_all(
        "ss => ss.map(s => s.getBoundingClientRect().width / s.viewBox.baseVal.width * 48)")
    assert widths and min(widths) >= 40
    visit.check_clean()


def test_the_school_is_chosen_once_for_the_whole_site(visit):
    page = visit.go("/teachers/")
    sel = page.locator(".pq-school-site select.pq-school")
    assert sel.count() == 1
    options = sel.locator("option").evaluate_all("os => os.map(o => o.value)")
    from prefa.quiz_render import SCHOOLS
    assert options == list(SCHOOLS) and sel.input_value() == SCHOOLS[0]
    sel.select_option(SCHOOLS[1])
    page = visit.go("/")
    assert page.locator(".pq-school-site select.pq-school").input_value() == SCHOOLS[1]
    visit.check_clean()


# -- analyse: a refused deal keeps the form ---------------------------------------------------
def test_analyse_keeps_a_refused_deal_and_the_menus(visit):
    page = visit.go("/analyse/")
    page.set_default_timeout(90_000)
    host = page.locator(".prefa-live").first
    host.locator(".prefa-live-start").click()
    page.wait_for_function("document.querySelector('.prefa-live').getAttribute('data-live')"
                           " === 'ready'")
    bad = "SAK87 HAK DQJ CAK / SQJ9 HQJ9 DAK CXJ / ST HT87 DT987 CT9 | C87"
    page.fill("#pf-an-deal", bad)
    page.select_option("#pf-an-game", "betl")
    page.select_option("#pf-an-declarer", "2")
    page.select_option("#pf-an-leader", "0")
    host.locator("button[type=submit]").click()
    page.wait_for_function("window.prefaEngine.sent === window.prefaEngine.answered")
    error = host.locator(".pf-error")
    error.wait_for()
    assert "'X'" in error.inner_text() and "CXJ" in error.inner_text()
    assert page.input_value("#pf-an-deal") == bad
    assert [page.input_value(f"#pf-an-{k}") for k in ("game", "declarer", "leader")] == [
        "betl", "2", "0"]
    visit.check_clean()


# -- the projector fills a 1080p screen --------------------------------------------------------
def test_the_projector_scales_its_drawings_to_the_screen(browser, site):
    v = Visit(browser, site, viewport=(1920, 1080))
    try:
        page = v.go("/projector/12_betl_defence.html#1")
        table = page.locator(".pj-item:not([hidden]) .pj-draw .prefa-table")
        box = table.bounding_box()
        bar = page.locator(".pj-bar").bounding_box()
        card = page.locator(".pj-item:not([hidden]) .pj-draw svg rect").first.bounding_box()
        assert card["width"] > 70, card  # page-sized, a card is 47 px wide
        assert box["y"] + box["height"] <= bar["y"]  # all of it above the bar
        assert box["height"] > 0.5 * 1080
        head = page.locator(".pj-item:not([hidden]) h2").inner_text()
        assert "♠" in head and not re.search(r"\b[SHDC][2-9TJQKA]+\b", head), head
        v.check_clean()
    finally:
        v.close()

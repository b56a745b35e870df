"""The views' own words go through the message catalog (prefa.ui.view_words).

Every learner-visible English literal in a view's JavaScript is the first
argument of ``t(state, "…")``; the session's state brings their translations
(``state["view_words"]``), none in English.
"""

from __future__ import annotations

import gettext
import re

import pytest

import prefa.i18n
from prefa.ui.assets import VIEWS, view_names
from prefa.ui.view_words import T_CALL, TN_CALL, view_counted, view_literals, view_words

#: A known label of each view, to show its literals are found.
KNOWN = {
    "table": ["Deal another", "Hint", "Last trick", "Hand {n}", "supe vs {who}", "Results"],
    "bidding": ["Bidding box", "New deal", "Legal calls"],
    "drill": ["Next problem", "Opening-lead drill", "Problem {n}"],
    "analyse": ["Analyse", "Deal a random one", "The best line"],
    "check": ["Check", "The handout", "Save the handout to print it"],
    "quiz": ["Try again", "Show the answer", "Quiz: {quiz}"],
    "sheet_drill": ["Check the entries", "And the refe?", "left supe"],
}
COMMON = ["Auction", "no calls yet", "{rank} of {suit}", "ace", "spades"]

#: String literals that look like English words but are not text a learner reads.
NOT_TEXT = {
    # keyboard keys compared with KeyboardEvent.key (rovingFocus in common.js)
    "ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "Home",
}


def test_every_view_is_known():
    assert set(KNOWN) == set(view_names())


@pytest.mark.parametrize("view", sorted(KNOWN))
def test_literals_found(view):
    found = view_literals(view)
    for text in KNOWN[view] + COMMON:
        assert text in found, (view, text)
    assert len(found) == len(set(found))


def test_literal_unescaped():
    assert [m.group(1) for m in T_CALL.finditer('t(s, "a \\"b\\"") + t(model.get("state"), "c")')] == [
        '"a \\"b\\""', '"c"']
    assert view_literals("no such view") == ()


class Guillemets(gettext.NullTranslations):
    def gettext(self, message):
        return "«" + message + "»"


@pytest.fixture
def fake_catalog(monkeypatch):
    real = prefa.i18n.catalog
    monkeypatch.setattr(prefa.i18n, "catalog", lambda lang: Guillemets() if lang == "sr" else real(lang))


def sessions():
    from prefa.ui.analyse import AnalyseSession
    from prefa.ui.bidding import BiddingSession
    from prefa.ui.check import CheckSession
    from prefa.ui.table import TableSession
    return [lambda **k: TableSession(seed=5, **k), lambda **k: BiddingSession(2, **k),
            lambda **k: AnalyseSession(**k), lambda **k: CheckSession(**k)]


@pytest.mark.parametrize("make", sessions())
def test_state_words_translated(fake_catalog, make):
    s = make(lang="sr")
    words = s.state()["view_words"]
    assert set(words) == set(view_literals(s.view))
    assert all(words[k] == "«" + k + "»" for k in words)
    for text in KNOWN[s.view]:
        assert words[text] == "«" + text + "»"
    # English, in the same process and with the fake catalog still in place: nothing
    assert make(lang="en").state()["view_words"] == {}
    assert make().state()["view_words"] == {}


def test_session_without_view_file(fake_catalog):
    from prefa.ui.session import Session

    class Counter(Session):
        view = "counter"

        def _state(self):
            return {}

        def _legal(self):
            return []

    assert Counter(lang="sr").state()["view_words"] == {}


# -- no learner-visible English left outside t() ----------------------------------------

REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^") | {""}


def js_literals(source: str) -> list[tuple[int, str]]:
    """(offset, text) of every string and template literal of ``source``; comments and
    regular-expression literals skipped; a template's ``${…}`` scanned as code."""
    out: list[tuple[int, str]] = []
    i, n = 0, len(source)

    def code(i: int, stop: str | None) -> int:
        depth = 0
        last = ""
        while i < n:
            c = source[i]
            if c == "/" and source.startswith("//", i):
                i = source.find("\n", i)
                i = n if i < 0 else i
                continue
            if c == "/" and source.startswith("/*", i):
                i = source.index("*/", i) + 2
                continue
            if c == "/" and last in REGEX_BEFORE:
                i += 1
                in_class = False
                while source[i] != "/" or in_class:
                    if source[i] == "\\":
                        i += 1
                    elif source[i] == "[":
                        in_class = True
                    elif source[i] == "]":
                        in_class = False
                    i += 1
                i += 1
                last = "x"
                continue
            if c in "\"'":
                j = i + 1
                while source[j] != c:
                    j += 2 if source[j] == "\\" else 1
                out.append((i, source[i:j + 1]))
                i, last = j + 1, "x"
                continue
            if c == "`":
                j = i + 1
                start = j
                while source[j] != "`":
                    if source[j] == "\\":
                        j += 2
                    elif source.startswith("${", j):
                        j = code(j + 2, "}")
                    else:
                        j += 1
                out.append((i, "`" + source[start:j] + "`"))
                i, last = j + 1, "x"
                continue
            if stop and c == "{":
                depth += 1
            if stop and c == "}":
                if depth == 0:
                    return i + 1
                depth -= 1
            if not c.isspace():
                last = c if not (c.isalnum() or c in "_$)]") else "x"
                if c == ")" or c == "]":
                    last = "x"
            i += 1
        return i

    code(0, None)
    return out


LOOKS_LIKE_TEXT = re.compile(r"^[A-Z](?=.*(?: |[A-Za-z]{4}))")


def test_scanner_sees_literals():
    src = 'a("One"); // it\'s "Two"\nconst r = /"x/; b(`Three ${c("Four")} x`, 8 / 2, \'Five\')'
    assert [s for _, s in js_literals(src)] == ['"One"', '"Four"', '`Three ${c("Four")} x`', "'Five'"]


@pytest.mark.parametrize("name", sorted(["common"] + list(KNOWN)))
def test_no_english_outside_t(name):
    source = (VIEWS / f"{name}.js").read_text(encoding="utf-8")
    in_t = {m.start(1) for m in T_CALL.finditer(source)}
    in_t |= {m.start(g) for m in TN_CALL.finditer(source) for g in (1, 2)}
    left = []
    for at, lit in js_literals(source):
        text = lit[1:-1]
        if at in in_t or text in NOT_TEXT:
            continue
        if LOOKS_LIKE_TEXT.match(text):
            left.append(lit)
    assert not left, f"{name}.js: English outside t(): {left}"


@pytest.mark.parametrize("name", sorted(["common"] + list(KNOWN)))
def test_t_literals_double_quoted(name):
    source = (VIEWS / f"{name}.js").read_text(encoding="utf-8")
    # (but t and tParts themselves: their definitions, and tParts's call of t)
    for line in ("function t(state, text, params = null)", "function tParts(state, text, params)",
                 "return t(state, text).split"):
        source = source.replace(line, "")
    # every t( call has a literal first: no t(state, text) with a variable, no `…` template
    calls = re.findall(r"\bt(?:Parts)?\(\s*[^,;]*?,\s*(.)", source)
    assert calls and set(calls) == {'"'}, (name, set(calls))


# -- in a browser: a session in another language shows the view's words in it -------------

from test_browser_ui_views import MINI as QUIZ  # noqa: E402  (one small bank for the views' tests)


def browser_sessions():
    from prefa.ui import BiddingSession, LeadDrillSession, QuizSession
    from prefa.ui.analyse import AnalyseSession
    from prefa.ui.check import CheckSession
    from prefa.ui.sheet_drill import SheetDrillSession
    from prefa.ui.table import TableSession
    return {
        "table": (lambda **k: TableSession(seed=5, **k), ["Hint", "tools", "your cards"]),
        "bidding": (lambda **k: BiddingSession(2, **k), ["Bidding box", "Legal calls"]),
        "drill": (lambda **k: LeadDrillSession(seed=0, samples=8, batch=4, fresh=True, **k),
                  ["Opening-lead drill", "Auction"]),
        "quiz": (lambda **k: QuizSession(QUIZ, **k), []),
        "analyse": (lambda **k: AnalyseSession(**k), ["Analyse", "Deal a random one", "Game"]),
        "check": (lambda **k: CheckSession(**k), ["Check", "The quiz file to check"]),
        "sheet_drill": (lambda **k: SheetDrillSession(seed=34, **k),
                        ["Check the entries", "left supe", "And the refe?"]),
    }


#: Words on the page that equal a view's word but come from the engine's state, as
#: the engine writes them (not the view's to translate): the analyse form's game
#: names (state.games, the option's value and its text) and the sheet drill's refe
#: choice "nothing" (its label in state.refe.choices).
ENGINE_WORDS = {"analyse": {"spades", "diamonds", "hearts", "clubs"}, "sheet_drill": {"nothing"}}


@pytest.mark.parametrize("view", sorted(KNOWN))
def test_browser_shows_translated_words(browser, fake_catalog, view):
    from view_harness import open_view
    make, labels = browser_sessions()[view]
    session = make(lang="sr")
    assert session.view == view
    page = browser.new_page(viewport={"width": 960, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_view(page, session)
        html = page.inner_html("#host")
        for text in labels:
            assert f"«{text}»" in html, (view, text)
        # every word of the view on the page is the translated one
        shown = page.evaluate("""() => {
          const out = [];
          const walk = (n) => {
            if (n.nodeType === 3) out.push(n.textContent);
            if (n.nodeType !== 1) return;
            for (const a of ["aria-label", "title"]) if (n.getAttribute(a)) out.push(n.getAttribute(a));
            n.childNodes.forEach(walk);
          };
          walk(document.getElementById("host"));
          return out;
        }""")
        english = {w for w in view_literals(view) if "{" not in w and len(w) > 3} - ENGINE_WORDS.get(view, set())
        assert not [s for s in shown if s.strip() in english], view
        assert "«" in html and not errors, errors
    finally:
        page.close()


def test_counted_words_take_each_languages_forms():
    """tn(state, "{n} card", "{n} cards", n): the state brings every form of the
    language (Serbian three: 1, 2-4, 5 and more), and which rule picks one."""
    from prefa.i18n import catalog, using
    from prefa.ui import TableSession

    assert ("{n} card", "{n} cards") in view_counted("table")
    with using("sr"):
        forms = view_words("table").get("{n} card\0{n} cards")
    expected = [catalog("sr").ngettext("{n} card", "{n} cards", n) for n in (1, 2, 5)]
    if expected[0] != "{n} card":  # translated
        assert forms == expected and len(set(forms)) == 3
    s = TableSession(seed=5, lang="sr").state()
    assert s["plural"] == "slavic" and TableSession(seed=5).state()["plural"] == "one-other"


def test_a_sessions_own_words_stay_its_own():
    """The view's words travel as view_words: a session's own "words" (the analysis's
    sentence under its table) is not overwritten (it was, and the page showed
    "[object Object]")."""
    from prefa.ui.analyse import AnalyseSession

    deal = "SAKJ87 H7 CKJ87 / S9 HAKJT8 DKT7 CA / SQT HQ9 DAQJ98 C9 | CQT"
    for lang in ("en", "sr"):
        s = AnalyseSession(deal, "spades", 0, 1, lang=lang).state()
        assert isinstance(s["words"], str) and s["words"]
        assert isinstance(s["view_words"], dict)

"""Quiz items as HTML: the static quiz fragment, quiz pages, handouts, `prefa quiz handout`."""

import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from prefa.cli import main
from prefa.display import drawing_width
from prefa.quiz import check, parse_quiz
from prefa.quiz_render import (
    STORAGE_PREFIX,
    choice_text,
    handout_html,
    is_card_choice,
    item_data,
    item_dom_id,
    item_html,
    position_svg,
    quiz_html,
    score_html,
    slug,
    strip_tags,
)

DATA = Path(__file__).parent / "data"
TEXT = (DATA / "quiz_kinds.txt").read_text()
RESULTS = [check(i) for i in parse_quiz(TEXT)]
BY_ID = {r.item.id: r for r in RESULTS}


class Doc(HTMLParser):
    """Elements (tag, attributes) in order, and the text of each <script>."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict]] = []
        self.scripts: list[tuple[dict, str]] = []
        self._in_script: dict | None = None
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.elements.append((tag, a))
        if tag == "script":
            self._in_script = a
            self.scripts.append((a, ""))

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = None

    def handle_data(self, data):
        if self._in_script is not None:
            a, text = self.scripts[-1]
            self.scripts[-1] = (a, text + data)

    def find(self, tag=None, cls=None):
        return [a for t, a in self.elements
                if (tag is None or t == tag) and (cls is None or cls in a.get("class", "").split())]

    def data(self) -> list[dict]:
        return [json.loads(t) for a, t in self.scripts if a.get("type") == "application/json"]


def no_network(html: str) -> None:
    """Nothing in the page can load anything: no src/href, no url(), no @import."""
    assert not re.search(r"\s(src|href|srcset|action)=", html)
    assert "url(" not in html and "@import" not in html
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg\")", html)


# -- one item -------------------------------------------------------------------------
@pytest.mark.parametrize("item_id", sorted(BY_ID))
def test_item_fragment_holds_the_engine_verdict_for_every_choice(item_id):
    r = BY_ID[item_id]
    html = item_html(r, quiz="kinds")
    doc = Doc(html)
    (data,) = doc.data()
    assert data == json.loads(json.dumps(item_data(r, "kinds")))
    assert [(c["choice"], c["correct"], c["reason"]) for c in data["choices"]] == \
        [(v.choice, v.correct, v.reason) for v in r.verdicts]
    assert data["answer"] == list(r.engine) and data["reason"] == r.reason
    (sec,) = doc.find("section", "pq-item")
    assert sec["id"] == item_dom_id("kinds", item_id) and sec["data-item"] == item_id
    choices = doc.find("button", "pq-choice")
    assert [b["data-choice"] for b in choices] == [v.choice for v in r.verdicts]
    assert all(b["type"] == "button" for b in doc.find("button"))
    (fb,) = doc.find("p", "pq-feedback")
    assert fb["aria-live"] == "polite" and fb["role"] == "status"
    if not r.verdicts:  # no choices: the answer is shown on request, not scored
        assert doc.find("button", "pq-reveal") and sec["data-scored"] == "0"
    no_network(html)


def test_item_fragment_is_self_contained_and_the_same_every_time():
    r = BY_ID["legal-cards"]
    html = item_html(r, quiz="lesson-3")
    assert html == item_html(r, quiz="lesson-3")
    assert html.startswith("<style>") and html.endswith("</script>")
    doc = Doc(html)
    assert len([s for s in doc.scripts if "type" not in s[0]]) == 1
    ids = [a["id"] for _, a in doc.elements if "id" in a]
    assert ids == ["pq-lesson-3-legal-cards", "pq-lesson-3-legal-cards-q",
                   "pq-lesson-3-legal-cards-fb"]


def test_card_choices_are_drawn_as_cards_with_their_names_for_screen_readers():
    doc = Doc(item_html(BY_ID["legal-cards"]))
    html = item_html(BY_ID["legal-cards"])
    assert len(doc.find("button", "pq-card")) == 3
    assert 'aria-hidden="true" focusable="false"' in html
    assert '<span class="pq-sr">seven of clubs</span>' in html
    assert not Doc(item_html(BY_ID["bid"])).find("button", "pq-card")


def test_the_position_is_drawn():
    lc = position_svg(BY_ID["legal-cards"].item)  # after the discard: no talon, a trick
    assert "Trick so far: seat 0 ace of clubs." in lc and "Talon" not in lc
    assert "Seat 1 (to play)" in lc and "Seat 0 (declarer)" in lc
    assert "Talon: 2 cards face down." in position_svg(BY_ID["bid"].item)  # auction
    done = position_svg(BY_ID["hand-score"].item)  # finished: as dealt, talon up
    assert "Talon: nine and eight of clubs." in done and "Trick so far" not in done
    assert position_svg(BY_ID["trick-winner"].item).startswith('<svg')
    assert position_svg(BY_ID["legal-calls"].item) is None  # an auction without a deal
    assert "<table class=\"pq-auction\">" in item_html(BY_ID["legal-calls"])


def visible(html: str) -> str:
    """The fragment without its style, data and script: what a reader can see."""
    return re.sub(r"<(style|script)[^>]*>.*?</\1>", "", html, flags=re.DOTALL)


def test_the_position_does_not_give_the_answer_away():
    who = visible(item_html(BY_ID["who-leads"]))
    assert "to play" not in who and "Seat 0 plays igra sans." in who
    outcome = visible(item_html(BY_ID["auction-outcome"]))
    assert "declare" not in outcome and "plays" not in outcome
    assert "to play" in visible(item_html(BY_ID["legal-cards"]))


def test_a_defender_who_passed_is_drawn_not_playing():
    text = ("id: out\nkind: who-leads\nquestion: Who leads?\n"
            "deal: SKQJT DQ9 CAKQJ / S98 HJT7 DKJ87 C8 / SA7 HAQ98 DAT CT9 | HK C7\n"
            "auction: 2, pass, 3, hold 3, 4, hold 4, pass\ndiscard: QD 9D\ncontract: clubs\n"
            "defence: pass, follow, alone, decline\nchoices: seat 0, seat 1, seat 2\n"
            "answer: seat 0\n")
    svg = position_svg(check(parse_quiz(text)[0]).item)
    assert "Seat 1 (not playing): nine and eight of spades" in svg
    assert "Seat 0 (declarer):" in svg and "Talon" not in svg


def test_auction_table_starts_a_row_each_round():
    html = item_html(BY_ID["auction-outcome"])
    table = re.search(r'<table class="pq-auction">.*?</table>', html).group(0)
    rows = re.findall(r"<tr>(.*?)</tr>", table)[1:]
    cells = [re.findall(r"<td>(.*?)</td>", r) for r in rows]
    assert cells[0] == ["2", "3", "4"] and cells[1] == ["hold 4 (mogu)", "5", "pass (dalje)"]
    assert len(cells) == 4


def test_text_is_escaped_and_the_data_cannot_close_its_script():
    evil = ("id: x&y\nkind: trick-winner\nquestion: Which </script><script>alert(1)</script> "
            "& <b>wins</b>?\ncontract: spades\ntrick: AH 7H 7S\nchoices: AH, 7S\nanswer: 7S\n"
            "explain: a </script> in the explanation\n")
    r = check(parse_quiz(evil)[0])
    html = item_html(r, quiz='q"</script>')
    assert html.count("</script>") == 2  # the data and the page script, nothing else
    assert "<b>wins</b>" not in html and "&lt;b&gt;wins&lt;/b&gt;" in html
    (data,) = Doc(html).data()
    assert data["explain"] == "a </script> in the explanation" and data["id"] == "x&y"
    assert data["quiz"] == 'q"</script>'


def test_slugs_and_ids_are_stable_and_distinct():
    assert slug("lead-07") == "lead-07"
    assert slug("a b") != slug("a-b") and slug("A") != slug("a")
    assert item_dom_id("Lesson 1", "x") == item_dom_id("Lesson 1", "x")
    assert re.fullmatch(r"pq-[a-z0-9-]+", item_dom_id("Ünïcode quiz", "§1"))


def test_score_line_and_storage_key():
    html = item_html(BY_ID["bid"], quiz="lesson-2")
    assert 'class="pq-score" data-quiz="lesson-2"' in html
    assert json.dumps(STORAGE_PREFIX) in html
    assert "pq-score" not in item_html(BY_ID["bid"], score=False).split("<script>")[0].split(
        "</style>", 1)[1]
    assert 'data-quiz="lesson-2"' in score_html("lesson-2")


def test_choice_text():
    assert is_card_choice("TH") and not is_card_choice("seat 1")
    assert choice_text("TH") == "10♥" and choice_text("hold 3") == "hold 3"


# -- pages ----------------------------------------------------------------------------
def test_quiz_page_is_a_whole_document_with_one_script():
    html = quiz_html(RESULTS, "Every kind", quiz="kinds")
    assert html.startswith("<!DOCTYPE html>")
    doc = Doc(html)
    assert len([s for s in doc.scripts if "type" not in s[0]]) == 1
    assert len(doc.data()) == len(RESULTS)
    assert len(doc.find("div", "pq-score")) == 1
    ids = [a["id"] for _, a in doc.elements if "id" in a]
    assert len(ids) == len(set(ids))
    csp = [a for t, a in doc.elements if a.get("http-equiv") == "Content-Security-Policy"]
    assert csp and "default-src 'none'" in csp[0]["content"]
    assert html == quiz_html(RESULTS, "Every kind", quiz="kinds")
    no_network(html)


def test_handout_questions_first_then_the_key_on_new_pages():
    html = handout_html(RESULTS, "Every kind")
    no_network(html)
    doc = Doc(html)
    assert not doc.find("button") and not doc.scripts
    assert ".ho-key{break-before:page" in html
    questions, key = html.split('<section class="ho-key">')
    assert "Seat 1 may play 7♣." not in questions and "Seat 1 may play 7♣." in key
    assert len(doc.find("article", "ho-item")) == len(doc.find("tr", "ho-answer")) == len(RESULTS)
    assert questions.count("<svg") > len(RESULTS)  # hand diagrams and card choices
    assert " 1 A. 7♣ " in re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", key))  # lettered
    assert "@media print" in html and "size:A4" in html


def test_handout_has_a_header_and_an_answer_line_per_item():
    html = handout_html(RESULTS, "Every kind")
    text = re.sub(r"<[^>]+>", " ", html.split('<div class="ho-items">')[0])
    assert all(f"{w}:" in text for w in ("Name", "Date", "Class"))
    doc = Doc(html)
    assert len(doc.find("p", "ho-line")) == len(RESULTS)


def test_handout_key_gives_one_reason_per_item_without_ids_or_tags():
    text = (DATA / ".." / ".." / "prefa" / "data" / "quizzes" / "09_opening_leads.txt").read_text()
    results = [check(i) for i in parse_quiz(text)]
    html = handout_html(results, "Leads")
    key = html.split('<section class="ho-key">')[1]
    rows = re.findall(r'<tr class="ho-answer".*?</tr>', key)
    assert len(rows) == len(results)
    for r, row in zip(results, rows):
        assert row.count(strip_tags(r.reason.split(":")[-1]).strip()[:40]) == 1
    assert "[lead." not in html and "(lead-01)" not in html and ">lead-01<" not in html
    shown = handout_html(results, "Leads", ids=True)
    assert "(lead-01)" in shown


def test_handout_questions_only_and_colour_schemes():
    only = handout_html(RESULTS, "T", key=False)
    assert "ho-key" not in only.split("</style>")[-1] and "Seat 1 may play 7♣." not in only
    assert len(Doc(only).find("article", "ho-item")) == len(RESULTS)
    four = handout_html(RESULTS, "T", four_colour=True)
    assert "#0b57a8" in four and "#0b57a8" not in handout_html(RESULTS, "T")


def test_handout_key_names_what_other_schools_play(monkeypatch):
    import prefa.quiz_render as qr
    r = next(r for r in RESULTS if r.item.kind == "trick-winner")  # AH, 7H, 7S
    real = qr.item_data
    monkeypatch.setattr(qr, "item_data", lambda res, quiz: {
        **real(res, quiz), "schools": {"tournament rules": {"answer": ["AH"], "choices": {}}}})
    html = handout_html([r], "T")
    assert "Other schools: the tournament rules school: A. A♥." in html  # its label


def test_handout_is_the_same_every_time():
    assert handout_html(RESULTS, "T", four_colour=True) == handout_html(RESULTS, "T", four_colour=True)


# -- the command -----------------------------------------------------------------------
def test_cli_handout_questions_only_and_ids(tmp_path):
    out = tmp_path / "handout.html"
    assert main(["quiz", "handout", str(DATA / "quiz_kinds.txt"), "-o", str(out),
                 "--title", "Kinds", "--questions-only", "--four-colour"]) == 0
    assert out.read_text() == handout_html(RESULTS, "Kinds", four_colour=True, key=False)
    assert main(["quiz", "handout", str(DATA / "quiz_kinds.txt"), "-o", str(out),
                 "--title", "Kinds", "--ids"]) == 0
    assert out.read_text() == handout_html(RESULTS, "Kinds", ids=True)


def test_cli_handout_writes_the_page(tmp_path, capsys):
    out = tmp_path / "handout.html"
    assert main(["quiz", "handout", str(DATA / "quiz_kinds.txt"), "-o", str(out),
                 "--title", "Kinds"]) == 0
    assert out.read_text() == handout_html(RESULTS, "Kinds")
    assert f"{len(RESULTS)} items written" in capsys.readouterr().out


def test_cli_handout_refuses_bad_items_and_writes_nothing(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("id: a\nkind: trick-winner\nquestion: q\ncontract: spades\ntrick: AH 7H 7S\n"
                   "answer: AH\n---\nid: b\nkind: nosuch\nquestion: q\nanswer: 1\n")
    out = tmp_path / "out.html"
    assert main(["quiz", "handout", str(bad), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "unknown kind 'nosuch'" in err and "a: disagrees" in err and "nothing written" in err
    assert not out.exists()


def test_cli_handout_needs_an_output(capsys):
    with pytest.raises(SystemExit) as e:
        main(["quiz", "handout", str(DATA / "quiz_kinds.txt")])
    assert e.value.code == 2


def test_engine_and_rendering_import_without_ipywidgets():
    code = ("import sys; sys.modules['ipywidgets'] = None\n"
            "import prefa, prefa.quiz, prefa.quiz_render, prefa.display, prefa.cli\n"
            "print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False,
                         cwd=Path(__file__).parent.parent)
    assert out.stdout.strip() == "ok", out.stderr


@pytest.mark.parametrize("bank", ["16_prefa_the_greek_game", "18_russian_preferans", "19_vida",
                                  "20_priffe"])
def test_ruleset_drawings_follow_the_four_colour_option(bank):
    """The rulesets' registered drawings honour ``four_colour`` (handouts offer both)."""
    path = Path(__file__).parent.parent / "prefa" / "data" / "quizzes" / f"{bank}.txt"
    drawn = [(position_svg(it), position_svg(it, four_colour=True))
             for it in parse_quiz(path.read_text(encoding="utf-8"))]
    drawn = [(a, b) for a, b in drawn if a is not None]
    assert drawn and any(a != b for a, b in drawn)


def test_handout_gives_a_four_hand_table_a_whole_row():
    """Half a row of A4 printed Priffe's four-hand tables with ranks too small to read."""
    from prefa.quiz_render import HANDOUT_WIDE
    text = (DATA.parent.parent / "prefa" / "data" / "quizzes" / "20_priffe.txt").read_text()
    html = handout_html([check(i) for i in parse_quiz(text)], "Priffe")
    items = re.findall(r'<article class="(ho-item[^"]*)"[^>]*>.*?</article>', html, re.DOTALL)
    arts = re.findall(r'<article class="ho-item[^"]*"[^>]*>(.*?)</article>', html, re.DOTALL)
    assert any("ho-wide" in c for c in items) and any("ho-wide" not in c for c in items)
    for cls, body in zip(items, arts):
        width = drawing_width(body)  # the table's, not one of its hands'
        assert ("ho-wide" in cls) == (width is not None and width > HANDOUT_WIDE)
    assert ".ho-wide{grid-column:1/-1}" in html

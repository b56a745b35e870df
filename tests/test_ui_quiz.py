"""The quiz session (prefa.ui.QuizSession) through state()/act()."""

from __future__ import annotations

import random
from importlib import resources

import pytest
from hypothesis import given, settings
from ui_checks import actions, assert_refused, random_walk

from prefa.errors import PrefaError
from prefa.quiz import check, load_quiz
from prefa.quiz_render import RIGHT, WRONG, error_html, item_html, score_html
from prefa.ui import QuizSession

BANK = resources.files("prefa").joinpath("data/quizzes")
BANKS = sorted(p.name for p in BANK.iterdir() if p.name.endswith(".txt"))

MULTI = """
id: follow
kind: legal-cards
question: Seat 0 took the talon and threw away the queen and nine of diamonds. Which
  of these may he lead?
deal: SKQJT DQ9 CAKQJ / S98 HJT7 DKJ87 C8 / SA7 HAQ98 DAT CT9 | HK C7
auction: 2, pass, 3, hold 3, 4, hold 4, pass
discard: QD 9D
contract: clubs
defence: pass, follow, alone, decline
choices: 9D, KH, AC
answer: KH, AC
---
id: broken
kind: who-leads
question: This item has no position.
answer: seat 0
---
id: open
kind: trick-winner
question: Which card wins? (no choices: show the answer)
contract: sans
trick: AH 7H 7S
answer: AH
"""


def _bank(name: str) -> QuizSession:
    return QuizSession(str(BANK.joinpath(name)))


@pytest.mark.parametrize("name", BANKS)
def test_every_verdict_is_the_checkers(name):
    s = _bank(name)
    items, _ = load_quiz(BANK.joinpath(name).read_text(encoding="utf-8"))
    assert [i["id"] for i in s.state()["items"]] == [i.id for i in items]
    for item in items:
        r = check(item)
        # the wrong choices first (each followed by "try again"), then the right ones:
        # all of them where the item asks for every right choice, else the first
        ordered = sorted(r.verdicts, key=lambda v: v.correct)
        if not item.multi:
            ordered = [v for v in ordered if not v.correct] + [v for v in ordered if v.correct][:1]
        for v in ordered:
            st = s.act({"type": "choose", "item": item.id, "choice": v.choice})
            assert st["error"] is None
            shown = next(i for i in st["items"] if i["id"] == item.id)
            assert shown["feedback"]["verdict"] == (RIGHT if v.correct else WRONG)
            assert shown["feedback"]["reason"] == v.reason
            mark = next(c["mark"] for c in shown["choices"] if c["choice"] == v.choice)
            assert mark == ("right" if v.correct else "wrong")
            mine = [a for a in st["legal"] if a.get("item") == item.id]
            if not v.correct and not item.multi:
                assert mine == [{"type": "retry", "item": item.id}]
                s.act({"type": "retry", "item": item.id})
            elif not v.correct:  # several right choices: the item stays open
                assert {"type": "retry", "item": item.id} in mine and shown["status"] == "open"
        if r.verdicts:
            assert s.items[item.id].status == "right"
            assert s.first[item.id] is (all(v.correct for v in r.verdicts))


@pytest.mark.parametrize("name", BANKS)
def test_static_html_is_the_lessons_static_quiz(name):
    s = _bank(name)
    text = BANK.joinpath(name).read_text(encoding="utf-8")
    items, errors = load_quiz(text)
    assert not errors
    quiz = name.removesuffix(".txt")
    assert s.quiz == quiz
    assert s.static_html() == score_html(quiz) + "".join(item_html(check(i), quiz=quiz, score=False)
                                                         for i in items)
    # one score line for the bank, none under each question
    assert s.static_html().count('class="pq-score"') == 1


def test_static_html_keeps_the_items_that_do_not_load_in_file_order():
    s = QuizSession(MULTI, quiz="mine", four_colour=True)
    items, _ = load_quiz(MULTI)
    assert s.static_html().startswith(score_html("mine"))
    parts = s.static_html().split(score_html("mine"), 1)[1]
    first = item_html(check(items[0]), quiz="mine", four_colour=True, score=False)
    assert parts.startswith(first)
    with pytest.raises(PrefaError) as e:
        check(items[1])
    assert error_html(str(e.value)) in parts
    assert [i.get("error") is not None for i in s.state()["items"]] == [False, True, False]


def test_try_again_only_after_a_wrong_answer_and_the_first_try_counts():
    s = QuizSession(MULTI)
    assert assert_refused(s, {"type": "retry", "item": "follow"}).endswith(
        "try again comes only after a wrong answer")
    st = s.act({"type": "choose", "item": "follow", "choice": "KH"})
    item = st["items"][0]
    assert item["status"] == "open" and item["feedback"]["progress"] == "1 of 2 right choices found."
    assert st["score"]["answered"] == 0  # not decided yet
    st = s.act({"type": "choose", "item": "follow", "choice": "9D"})
    assert st["score"]["text"] == "Score: 0 of 1 right on the first try (1 answered)."
    s.act({"type": "retry", "item": "follow"})
    s.act({"type": "choose", "item": "follow", "choice": "AC"})
    st = s.act({"type": "choose", "item": "follow", "choice": "KH"})
    item = st["items"][0]
    assert item["status"] == "right" and item["feedback"]["progress"] == "All 2 right choices found."
    assert st["score"]["right"] == 0 and item["first"] is False  # the first try stays
    assert "is solved" in assert_refused(s, {"type": "choose", "item": "follow", "choice": "9D"})
    assert not [a for a in st["legal"] if a.get("item") == "follow"]


def test_a_wrong_click_on_a_several_answer_item_is_marked_and_the_item_stays_open():
    """Lesson 00: "A wrong choice is marked wrong, with its reason, and the question
    stays open: go on until you have found every right choice." """
    s = QuizSession(MULTI)
    st = s.act({"type": "choose", "item": "follow", "choice": "9D"})
    item = st["items"][0]
    assert item["status"] == "open"
    assert [c["mark"] for c in item["choices"]] == ["wrong", None, None]
    assert item["feedback"]["verdict"] == WRONG and item["feedback"]["reason"]
    assert item["feedback"]["progress"] == "0 of 2 right choices found."
    assert item["layout"] is None and not item["feedback"]["explain"]
    assert st["score"]["text"] == "Score: 0 of 1 right on the first try (1 answered)."
    # the right choices stay to be found, and try again may clear the marks
    assert sorted((a["type"], a.get("choice")) for a in st["legal"] if a["item"] == "follow") == [
        ("choose", "AC"), ("choose", "KH"), ("retry", None)]
    st = s.act({"type": "choose", "item": "follow", "choice": "KH"})
    assert st["items"][0]["feedback"]["progress"] == "1 of 2 right choices found."
    st = s.act({"type": "choose", "item": "follow", "choice": "AC"})
    item = st["items"][0]
    assert item["status"] == "right" and [c["mark"] for c in item["choices"]] == [
        "wrong", "right", "right"]
    assert item["feedback"]["progress"] == "All 2 right choices found." and item["first"] is False
    assert st["score"]["right"] == 0 and not [a for a in st["legal"] if a["item"] == "follow"]


def test_an_item_without_choices_is_revealed_unscored():
    s = QuizSession(MULTI)
    st = s.act({"type": "reveal", "item": "open"})
    item = st["items"][2]
    assert item["status"] == "revealed" and item["feedback"]["verdict"] == "Answer: A♥."
    assert st["score"]["total"] == 1 and st["score"]["answered"] == 0
    assert "shows its answer already" in assert_refused(s, {"type": "reveal", "item": "open"})


def test_a_right_first_answer_scores():
    s = QuizSession(MULTI)
    s.act({"type": "choose", "item": "follow", "choice": "KH"})
    st = s.act({"type": "choose", "item": "follow", "choice": "AC"})
    assert st["score"]["right"] == 1 and st["items"][0]["first"] is True
    assert st["phase"] == "quiz"
    st = s.act({"type": "reveal", "item": "open"})
    assert st["phase"] == "done" and st["legal"] == []


@pytest.mark.parametrize("name", BANKS[:6])
def test_random_choices_end_done(name):
    s = _bank(name)
    random_walk(s, random.Random(name), limit=2000)
    st = s.state()
    assert all(i["status"] in ("right", "revealed") for i in st["items"])
    assert st["score"]["answered"] == st["score"]["total"]


def test_kinds_keep_a_part_of_the_bank_and_a_missing_file_is_an_error():
    path = BANK.joinpath("03_talon_and_declaring.txt")
    s = QuizSession(str(path), kinds=["who-leads"], score_bar=False)
    assert {i["kind"] for i in s.state()["items"]} == {"who-leads"}
    items, _ = load_quiz(path.read_text(encoding="utf-8"))
    # what a lesson cell showing only these items gave without a kernel
    assert s.static_html() == "".join(item_html(check(i), quiz=s.quiz, score=False)
                                      for i in items if i.kind == "who-leads")
    assert 'class="pq-score"' not in s.static_html()  # the page makes one line for the quiz
    with pytest.raises(PrefaError, match="cannot read"):
        QuizSession("no/such/quiz.txt")


def test_card_choices_are_marked_as_cards():
    s = _bank("09_opening_leads.txt")
    first = s.state()["items"][0]
    assert first["position"].startswith(("<svg", '<div class="prefa-table"')) and all(c["card"] for c in first["choices"])
    assert first["choices"][0]["words"].count(" of ") == 1


_SESSION = QuizSession(MULTI)


@settings(max_examples=150)
@given(actions(["choose", "retry", "reveal"], ["item", "choice"],
               ["follow", "open", "broken", "KH", "AC", "9D", "AH", "kh", None]))
def test_every_illegal_action_is_refused_and_changes_nothing(action):
    s = _SESSION
    for step in ({"type": "choose", "item": "follow", "choice": "9D"},
                 {"type": "retry", "item": "follow"},
                 {"type": "choose", "item": "follow", "choice": "KH"}):
        if action not in s.state()["legal"]:
            assert_refused(s, action)
        if step in s.state()["legal"]:
            s.act(step)


def test_the_widget_shows_the_static_quiz_without_a_kernel_and_acts_on_messages():
    from prefa.ui.widget import rerun_hint, widget
    s = QuizSession(MULTI, quiz="w")
    w = widget(s)
    data, _ = w._repr_mimebundle_()
    assert data["text/html"].endswith(s.static_html())
    # the plain-text output is the same on every run (nbval compares it): the line
    # that says how to bring the view back
    assert data["text/plain"] == rerun_hint() and repr(w) == "<prefa QuizSession view>"
    assert "export default" in w._esm and ".pf-choice" in w._css
    w._on_msg(w, {"type": "act", "action": {"type": "choose", "item": "follow", "choice": "9D"}},
              [])
    assert w.state == s.state() and w.state["items"][0]["status"] == "open"


# -- moved from the old quiz widget's tests (tests/test_widgets.py) -------------------------

GOOD = ("id: ruff\nkind: trick-winner\nquestion: Spades are trumps. Which card wins?\n"
        "contract: spades\ntrick: AH 7H 7S\nchoices: AH, 7H, 7S\nanswer: 7S\n"
        "explain: Any trump beats any heart.\n")


def test_the_explanation_comes_only_once_solved():
    s = QuizSession(GOOD)
    st = s.act({"type": "choose", "item": "ruff", "choice": "AH"})
    assert st["items"][0]["feedback"]["explain"] == ""
    s.act({"type": "retry", "item": "ruff"})
    st = s.act({"type": "choose", "item": "ruff", "choice": "7S"})
    assert st["items"][0]["feedback"]["explain"] == "Any trump beats any heart."


def test_the_four_colour_option_reaches_the_drawings():
    text = ("id: lc\nkind: legal-cards\nquestion: Which may seat 1 play?\n"
            "deal: SKQJT DQ9 CAKQJ / S98 HJT7 DKJ87 C8 / SA7 HAQ98 DAT CT9 | HK C7\n"
            "auction: 2, pass, pass\ndiscard: HK C7\ncontract: clubs\n"
            "defence: follow, follow, decline, decline\nplay: AC\nchoices: 8C, KD\nanswer: 8C\n")
    four, two = QuizSession(text, four_colour=True), QuizSession(text)
    assert "#0b57a8" in four.state()["items"][0]["position"]  # diamonds in blue
    assert "#0b57a8" in four.static_html() and "#0b57a8" not in two.static_html()


@pytest.mark.parametrize("text, message", [
    ("id: x\nkind: nosuch\nquestion: q\nanswer: 1\n", "unknown kind 'nosuch'"),
    ("id: x\nkind: trick-winner\nquestion: q\nanswer: 7S\n", "needs 'contract' and 'trick'"),
    (("id: x\nkind: legal-cards\nquestion: q\ndeal: SAA / - / -\nauction: 2\nchoices: AS\n"
      "answer: AS\n"), "duplicate card"),
])
def test_a_bad_item_shows_its_message_not_a_traceback(text, message):
    s = QuizSession(text)
    (item,) = s.state()["items"]
    assert item["id"] is None and message in item["error"]
    assert s.total == 0 and s.phase == "done"
    assert 'class="pq-error"' in s.static_html()
    assert message.replace("'", "&#x27;") in s.static_html()

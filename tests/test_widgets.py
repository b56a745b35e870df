"""The quiz widget driven from Python: click a choice, read the feedback, score, retry."""

from pathlib import Path

import ipywidgets as widgets
import pytest

from prefa.quiz import check, parse_quiz
from prefa.quiz_render import RIGHT, WRONG, item_html, score_html
from prefa.widgets import QuizWidget, Score, quiz_widgets

DATA = Path(__file__).parent / "data"
QUIZ = DATA / "quiz_kinds.txt"
ITEMS = {i.id: i for i in parse_quiz(QUIZ.read_text())}
GOOD = ("id: ruff\nkind: trick-winner\nquestion: Spades are trumps. Which card wins?\n"
        "contract: spades\ntrick: AH 7H 7S\nchoices: AH, 7H, 7S\nanswer: 7S\n"
        "explain: Any trump beats any heart.\n")


def test_clicking_each_choice_shows_the_engine_verdict():
    for w in quiz_widgets(QUIZ):
        r = w.result
        for i, v in enumerate(r.verdicts):
            w.choice_buttons[i].click()  # what a click in the browser does
            text = w.feedback_text
            assert text.startswith(RIGHT if v.correct else WRONG), (r.item.id, text)
            assert v.reason in text
            assert w.choice_buttons[i].button_style == ("success" if v.correct else "danger")
            assert w.retry_button.layout.display is None  # shown


def test_first_try_counts_and_retry_is_practice():
    w = QuizWidget(GOOD)
    assert str(w.score) == "Score: 0 of 1 right on the first try (0 answered)."
    w.choice_buttons[0].click()
    assert w.feedback_text == (f"{WRONG} A♥ follows the suit led, but 7♠ is a trump and beats "
                               "it. (seed 001, the Balkan rules.)")
    assert (w.score.right, w.score.answered) == (0, 1)
    w.retry_button.click()
    assert w.feedback.value == "" and w.picked == []
    assert all(b.button_style == "" for b in w.choice_buttons)
    assert w.retry_button.layout.display == "none"
    v = w.choose(2)
    assert v.correct and w.feedback_text == (f"{RIGHT} 7♠ is the highest trump. (seed 001, "
                                             "the Balkan rules.) Any trump beats any heart.")
    assert (w.score.right, w.score.answered) == (0, 1)  # still the first try


def test_right_on_the_first_try_scores():
    w = QuizWidget(GOOD)
    w.choose(2)
    assert (w.score.right, w.score.answered, w.score.total) == (1, 1, 1)
    assert "Score: 1 of 1" in w.score.value


def test_explanation_only_once_solved():
    w = QuizWidget(GOOD)
    w.choose(0)
    assert "Any trump" not in w.feedback_text
    w.choose(2)
    assert "Any trump beats any heart." in w.feedback_text


def test_several_right_choices_all_must_be_found():
    score = Score("calls")
    w = QuizWidget(ITEMS["legal-calls"], score=score)  # pass, 3, 4, hold 3, igra
    w.choose(0)
    assert w.feedback_text.endswith("1 of 3 right choices found.")
    assert score.answered == 0  # not decided yet
    w.choose(2)
    w.choose(4)
    assert w.feedback_text.endswith("All 3 right choices found.")
    assert (score.right, score.answered) == (1, 1)
    w2 = QuizWidget(ITEMS["legal-calls"], score=Score())
    w2.choose(0)
    w2.choose(1)  # a wrong one before all the right ones
    assert (w2.score.right, w2.score.answered) == (0, 1)


def test_one_score_shared_by_the_widgets_of_a_quiz():
    ws = quiz_widgets(QUIZ)
    score = ws[0].score
    assert all(w.score is score for w in ws) and score.quiz == "quiz_kinds"
    assert score.total == sum(1 for w in ws if w.result.verdicts) == 12
    by_id = {w.result.item.id: w for w in ws}
    by_id["trick-winner"].choose(2)
    by_id["bid"].choose(1)
    assert (score.right, score.answered) == (1, 2)
    assert all(score in w.children for w in ws)  # each widget shows the lesson score
    score.reset()
    assert (score.right, score.answered, score.total) == (0, 0, 12)
    mine = Score("lesson-4")
    assert quiz_widgets(QUIZ, mine)[0].score is mine and mine.total == 12


def test_item_without_choices_reveals_the_answer_unscored():
    w = QuizWidget(ITEMS["hand-score-supe"])
    assert w.choice_buttons == [] and w.reveal_button is not None
    w.reveal_button.click()
    assert w.feedback_text == "Answer: 10. Seat 2 writes 10 supe against seat 0 (base 10 per trick)."
    assert w.score.total == 0 and w.score.answered == 0
    w.retry()
    assert w.feedback.value == ""


def test_card_questions_show_the_choices_as_cards():
    w = QuizWidget(ITEMS["legal-cards"])
    pictures = next(c for c in w.children if isinstance(c, widgets.HBox)).children
    assert len(pictures) == 3
    assert all('aria-label' not in p.children[0].value and "<svg" in p.children[0].value
               for p in pictures)
    assert [b.description for b in w.choice_buttons] == ["7♣", "8♠", "A♦"]
    assert w.choice_buttons[0].tooltip == "seven of clubs"
    position = w.children[1].value
    assert "Trick so far: seat 0 ace of clubs." in position


def test_display_data_holds_the_static_quiz():
    r = check(ITEMS["bid"])
    w = QuizWidget(r, quiz="lesson-1")
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/html"] == item_html(r, quiz="lesson-1")
    assert Score("lesson-1")._repr_mimebundle_()["text/html"] == score_html("lesson-1")


def test_four_colour_option_reaches_the_drawings():
    w = QuizWidget(ITEMS["legal-cards"], four_colour=True)
    assert "#0b57a8" in w.children[1].value  # diamonds in blue
    assert "#0b57a8" in w.to_html()


@pytest.mark.parametrize("text, message", [
    ("id: x\nkind: nosuch\nquestion: q\nanswer: 1\n", "unknown kind 'nosuch'"),
    ("id: x\nkind: trick-winner\nquestion: q\nanswer: 7S\n", "needs 'contract' and 'trick'"),
    (GOOD + "---\n" + GOOD.replace("id: ruff", "id: ruff-2"), "expected one quiz item, got 2"),
    (("id: x\nkind: legal-cards\nquestion: q\ndeal: SAA / - / -\nauction: 2\nchoices: AS\n"
      "answer: AS\n"), "duplicate card"),
])
def test_bad_item_shows_a_message_not_a_traceback(text, message):
    w = QuizWidget(text)
    assert w.result is None and message in w.error
    assert len(w.children) == 1 and message.replace("'", "&#x27;") in w.children[0].value
    html = w._repr_mimebundle_()["text/html"]
    assert 'class="pq-error"' in html and "cannot be shown" in html


def test_quiz_file_with_a_bad_item_keeps_the_others_in_order(tmp_path):
    p = tmp_path / "mixed.txt"
    p.write_text(GOOD + "---\nid: bad\nkind: nosuch\nquestion: q\nanswer: 1\n---\n"
                 + GOOD.replace("id: ruff", "id: ruff-2"))
    ws = quiz_widgets(p)
    assert [w.result.item.id if w.result else "error" for w in ws] == ["ruff", "error", "ruff-2"]
    assert ws[1].error.startswith("line 11: unknown kind")
    assert ws[0].score.total == 2
    assert quiz_widgets(str(p))[0].quiz == "mixed"  # a str path works too


def test_quiz_text_and_unreadable_file():
    ws = quiz_widgets(GOOD)
    assert len(ws) == 1 and ws[0].quiz == "quiz"
    (w,) = quiz_widgets(Path("no/such/quiz.txt"))
    assert "cannot read" in w.error


def test_driving_a_failed_widget_says_why():
    w = QuizWidget("id: x\nkind: nosuch\nquestion: q\nanswer: 1\n")
    with pytest.raises(Exception, match="did not load"):
        w.choose(0)

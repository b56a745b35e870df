"""A ``seen-by`` question where the learner meets it: the seen hand first, the
whole layout once answered (static quiz, live QuizSession, projector, handout)."""

from seen_by_item import HIDDEN_HAND, ITEM, SEEN

from prefa.quiz import check, layout_item, parse_quiz
from prefa.quiz_render import (
    HANDOUT_WIDE,
    LAYOUT_HEAD,
    SCRIPT,
    STYLE,
    handout_html,
    item_html,
    layout_svg,
    position_svg,
    projector_html,
    quiz_html,
)
from prefa.ui import QuizSession


def result(text: str = SEEN):
    return check(parse_quiz(text)[0])


def test_layout_svg_is_the_open_drawing_and_none_without_seen_by():
    r = result()
    assert layout_svg(r.item) == position_svg(layout_item(r.item))
    assert HIDDEN_HAND in layout_svg(r.item)
    assert layout_svg(result(ITEM).item) is None


def test_the_static_item_carries_the_layout_hidden():
    html = item_html(result(), quiz="q")
    position, rest = html.split('class="pq-position"', 1)[1].split('class="pq-layout"', 1)
    assert HIDDEN_HAND not in position  # the question shows seat 0's hand only
    assert rest.startswith(" hidden>") and LAYOUT_HEAD in rest and HIDDEN_HAND in rest
    assert 'class="pq-layout"' not in item_html(result(ITEM), quiz="q")  # open items: none
    assert "showLayout" in SCRIPT and ".pq-layout[hidden]{display:none}" in STYLE


def test_the_live_session_shows_the_layout_once_answered_until_try_again():
    s = QuizSession(SEEN)
    it = s.state()["items"][0]
    assert it["layout"] is None and HIDDEN_HAND not in it["position"]
    it = s.act({"type": "choose", "item": "lead-x", "choice": "AH"})["items"][0]  # wrong
    assert HIDDEN_HAND in it["layout"]
    it = s.act({"type": "retry", "item": "lead-x"})["items"][0]
    assert it["layout"] is None
    it = s.act({"type": "choose", "item": "lead-x", "choice": "8D"})["items"][0]  # right
    assert HIDDEN_HAND in it["layout"]
    assert QuizSession(ITEM).act({"type": "choose", "item": "lead-x",
                                  "choice": "8D"})["items"][0]["layout"] is None


def test_the_live_view_draws_the_layout():
    from importlib import resources
    js = resources.files("prefa").joinpath("ui/views/quiz.js").read_text(encoding="utf-8")
    assert "item.layout" in js and "pf-quiz-layout" in js


def test_the_projector_reveals_the_layout_with_the_answer():
    html = projector_html([result()], "P")
    seen = html.split('<div class="pj-draw">', 1)[1].split("</svg>", 1)[0]
    assert HIDDEN_HAND not in seen
    layout = html.split('<div class="pj-layout-draw" hidden>', 1)[1].split("</svg>", 1)[0]
    assert LAYOUT_HEAD in layout and HIDDEN_HAND in layout
    assert 'querySelector(".pj-layout-draw")' in html
    assert 'class="pj-layout-draw"' not in projector_html([result(ITEM)], "P")


def test_the_handout_prints_the_seen_hand_only():
    html = handout_html([result()], "H")
    assert HIDDEN_HAND not in html and "10 cards face down" in html
    assert HIDDEN_HAND in handout_html([result(ITEM)], "H")


def test_a_whole_quiz_page_has_the_layout_too():
    assert html_has_layout(quiz_html([result()], "Q"))


def html_has_layout(html: str) -> bool:
    return 'class="pq-layout" hidden' in html and HIDDEN_HAND in html


def test_a_seen_by_item_takes_half_a_handout_row_like_its_open_layout():
    # The seen hand's drawing may be wider than the open one (its face-down
    # labels); the handout judges the row by the open layout, so two fit a row.
    r = result()
    assert float(layout_svg(r.item).split('width="', 1)[1].split('"', 1)[0]) <= HANDOUT_WIDE
    assert "ho-wide" not in handout_html([r], "H").split("<main>", 1)[1]

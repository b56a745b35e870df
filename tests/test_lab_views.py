"""What a lesson shows in JupyterLab before it is run, read from the output bundles.

A lesson opened before it is run is untrusted: JupyterLab draws no SVG and runs
no widget then; it shows an output's cleaned HTML, or else its plain text.  And
after a kernel restart, or in a saved lesson reopened, a view has no model.  So:

- every view's output (a widget) carries, in its HTML picture and as its plain
  text, the one line that says how to bring it back (``rerun_hint``);
- no picture's plain text is its markup (pages of ``<svg …>``) or a Python
  repr (``<prefa TableSession view>``, ``<IPython…>``): it is the cards in words.

Checked on fresh bundles (the formatter IPython uses) and on every lesson's saved
outputs, one test per lesson (a lesson not yet re-run shows alone).
"""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"
MARKUP = re.compile(r"<\s*(svg|div|table|style|span|p|g|use)\b|<prefa |<IPython|^'<", re.I)


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value or "")


def _bundles(path: Path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for n, cell in enumerate(cells):
        for out in cell.get("outputs", []):
            if "data" in out:
                yield n, out["data"]


def untrusted_problems(n: int, data: dict) -> list[str]:
    """What is wrong with one output bundle, as a lesson opened before it is run shows it."""
    from prefa.ui.widget import HINT_CLASS, rerun_hint

    plain = _text(data.get("text/plain"))
    problems = []
    if WIDGET in data:
        html = _text(data.get("text/html"))
        if plain != rerun_hint():
            problems.append(f"cell {n}: a view's plain text is {plain[:60]!r}, not the line "
                            "that brings it back")
        if HINT_CLASS not in html or escape(rerun_hint()) not in html:
            problems.append(f"cell {n}: a view's HTML picture lacks the line that brings it back")
    elif MARKUP.search(plain):
        problems.append(f"cell {n}: plain text shows markup or a repr: {plain[:60]!r}")
    return problems


def test_fresh_bundles_of_pictures_and_views():
    from IPython.core.formatters import DisplayFormatter

    from prefa.cards import CardSet
    from prefa.display import hand_svg, table_svg, trick_svg
    from prefa.ui import TableSession
    from prefa.ui.widget import widget

    fmt = DisplayFormatter()
    hand = CardSet.parse("SAK9 HQJ7 DA8 CT7")
    hands = [CardSet.parse(h) for h in ("SAK9 HQJ7 DA8 CT7", "SQJT HAK DKQJ CAK9", "S87 HT98 DT97 CQJ8")]
    pictures = [hand_svg(hand), table_svg(hands), trick_svg(list(hand)[:3])]
    problems = []
    for picture in pictures:
        data, _ = fmt.format(picture)
        assert "image/svg+xml" in data or "text/html" in data
        problems += untrusted_problems(0, data)
        assert len(_text(data["text/plain"])) < 600   # a few lines of words, not pages
    data, _ = fmt.format(widget(TableSession(seed=370, samples=1)))
    assert WIDGET in data
    problems += untrusted_problems(0, data)
    assert problems == []


def test_the_check_sees_a_view_without_its_line_and_raw_markup():
    """The lesson check fails on what a lesson not re-run since showed (a repr, raw SVG)."""
    stale_view = {WIDGET: {"model_id": "x"}, "text/html": "<div class='prefa-live'></div>",
                  "text/plain": "<prefa TableSession view>"}
    raw_svg = {"image/svg+xml": "<svg/>", "text/plain": "'<svg xmlns=\"http://www.w3.org/2000/svg\">'"}
    assert len(untrusted_problems(1, stale_view)) == 2
    assert len(untrusted_problems(2, raw_svg)) == 1


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem[:2] for p in LESSONS])
def test_a_lesson_opened_before_it_is_run(path):
    problems = [p for n, data in _bundles(path) for p in untrusted_problems(n, data)]
    assert problems == [], f"{path.name} (re-run it):\n" + "\n".join(problems)


def test_every_action_is_answered_so_a_view_can_tell_a_dead_kernel():
    """The view shows its 'bring it back' line when an action gets no answer: the widget
    answers each one, with the message {type: done} even when the state stays the same."""
    from prefa.ui import TableSession
    from prefa.ui.widget import widget

    w = widget(TableSession(seed=370, samples=1))
    sent: list[dict] = []
    w.send = sent.append
    before = w.state
    w._on_msg(w, {"type": "act", "action": {"type": "no such action"}}, [])
    assert sent == [{"type": "done"}]
    w._on_msg(w, {"type": "something else"}, [])
    assert sent == [{"type": "done"}]
    assert set(w.state) == set(before)

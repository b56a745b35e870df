"""Quiz widgets for JupyterLab (ipywidgets).

A :class:`QuizWidget` shows one quiz item: the question, the position drawn
as cards (:mod:`prefa.display`), a button per choice (card choices drawn as
cards above their buttons), the engine's verdict and reason as soon as a
choice is clicked, and *Try again*.  The widgets of a lesson share one
:class:`Score`; :func:`quiz_widgets` makes the widgets of a whole quiz file.

The verdicts come from :func:`prefa.quiz.check`, so the widget says what the
checker and the static page (:mod:`prefa.quiz_render`) say, with the same
scoring: an item counts once, on the first try (where several choices are
right, when all of them are found before any wrong one).  Each widget's
display data also holds the static HTML of the item (``text/html``), so a
notebook rendered without a kernel shows a working quiz.

An item that does not load or does not check shows its error message in the
widget, never a traceback.

This module needs ``ipywidgets`` (the ``lessons`` extra); the engine does not.
"""

from __future__ import annotations

import re
from html import escape, unescape
from pathlib import Path

import ipywidgets as widgets

from .cards import parse_card
from .display import card_svg
from .errors import ParseError, PrefaError
from .quiz import QuizItem, Result, Verdict, check, load_quiz, parse_quiz
from .quiz_render import (
    RIGHT,
    STYLE,
    WRONG,
    choice_text,
    choice_words,
    error_html,
    is_card_choice,
    item_html,
    position_caption,
    position_svg,
    progress_text,
    score_html,
    score_text,
)


class Score(widgets.HTML):
    """The score of a lesson, shared by its quiz widgets; displays as one line.

    An item counts once: :meth:`record` keeps the first result given for an
    item and ignores later ones (a retry is practice).
    """

    def __init__(self, quiz: str = "quiz", **kwargs) -> None:
        super().__init__(**kwargs)
        self.quiz = quiz
        self._items: dict[str, None] = {}  # registered item ids, in order
        self._first: dict[str, bool] = {}
        self._show()

    def register(self, item_id: str) -> None:
        """Count an item in the total (registering twice changes nothing)."""
        self._items.setdefault(item_id, None)
        self._show()

    def record(self, item_id: str, correct: bool) -> bool:
        """Record an item's first result; returns False when it was already recorded."""
        self.register(item_id)
        if item_id in self._first:
            return False
        self._first[item_id] = correct
        self._show()
        return True

    def reset(self) -> None:
        """Forget every result (the items stay counted)."""
        self._first.clear()
        self._show()

    @property
    def right(self) -> int:
        """Items right on the first try."""
        return sum(self._first.values())

    @property
    def answered(self) -> int:
        """Items answered at least once."""
        return len(self._first)

    @property
    def total(self) -> int:
        """Items that can be scored (those with choices)."""
        return len(self._items)

    def __str__(self) -> str:
        return score_text(self.right, self.total, self.answered)

    def _show(self) -> None:
        self.value = f'<p class="pq-score-text"><b>{escape(str(self))}</b></p>'

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        data["text/html"] = score_html(self.quiz)
        return data


ItemInput = Result | QuizItem | str | PrefaError


class QuizWidget(widgets.VBox):
    """One quiz item as a widget.

    ``item_or_result`` is a checked :class:`~prefa.quiz.Result`, a
    :class:`~prefa.quiz.QuizItem` (checked here), the text of one item, or a
    :class:`~prefa.errors.PrefaError` for an item that failed to load (the
    widget then shows its message).  ``score`` is the lesson's shared
    :class:`Score` (a new one by default); ``quiz`` names the lesson for the
    static HTML (default: the score's name).

    Drive it from Python with :meth:`choose` (what a click on a choice does),
    :meth:`reveal` for an item without choices, and :meth:`retry`.
    """

    def __init__(self, item_or_result: ItemInput, *, score: Score | None = None,
                 quiz: str | None = None, four_colour: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.score = score if score is not None else Score(quiz or "quiz")
        self.quiz = quiz or self.score.quiz
        self.four_colour = four_colour
        self.result: Result | None = None
        self.error: str | None = None
        self.picked: list[int] = []
        self.feedback = widgets.HTML("")
        self.choice_buttons: list[widgets.Button] = []
        self.reveal_button: widgets.Button | None = None
        self.retry_button = widgets.Button(description="Try again", tooltip="Clear the answer",
                                           layout=widgets.Layout(display="none"))
        self.retry_button.on_click(lambda _b: self.retry())
        try:
            self.result = _to_result(item_or_result)
        except PrefaError as e:
            self.error = str(e)
            self.feedback.value = _error_value(self.error)
            self.children = (self.feedback,)
            return
        self._build()

    # -- building ------------------------------------------------------------------------
    def _build(self) -> None:
        r = self.result
        assert r is not None
        item = r.item
        svg = position_svg(item, four_colour=self.four_colour) or ""
        parts: list[widgets.Widget] = [
            widgets.HTML(f'<p class="pq-q"><b>{escape(item.question)}</b></p>'),
            widgets.HTML(f"<style>{STYLE}</style><div class=\"pq-position\">{svg}"
                         f"{position_caption(item)}</div>")]
        if r.verdicts:
            self.score.register(item.id)
            boxes = []
            for i, v in enumerate(r.verdicts):
                b = widgets.Button(description=choice_text(v.choice),
                                   tooltip=choice_words(v.choice))
                b.on_click(lambda _b, i=i: self.choose(i))
                self.choice_buttons.append(b)
                if is_card_choice(v.choice):
                    pic = card_svg(parse_card(v.choice), four_colour=self.four_colour,
                                   decorative=True)
                    b.layout = widgets.Layout(width="64px")
                    boxes.append(widgets.VBox([widgets.HTML(pic), b],
                                              layout=widgets.Layout(align_items="center")))
                else:
                    boxes.append(b)
            parts.append(widgets.HBox(boxes, layout=widgets.Layout(flex_flow="row wrap")))
        else:
            self.reveal_button = widgets.Button(description="Show the answer")
            self.reveal_button.on_click(lambda _b: self.reveal())
            parts.append(self.reveal_button)
        parts += [self.feedback, self.retry_button, self.score]
        self.children = tuple(parts)

    # -- actions -------------------------------------------------------------------------
    def choose(self, index: int) -> Verdict:
        """Choose the choice at ``index``: mark it, show the verdict, score a first try."""
        r = self.result
        if r is None:
            raise PrefaError(f"this quiz item did not load: {self.error}")
        v = r.verdicts[index]
        if index not in self.picked:
            self.picked.append(index)
        self.choice_buttons[index].button_style = "success" if v.correct else "danger"
        self.choice_buttons[index].icon = "check" if v.correct else "times"
        right_total = sum(x.correct for x in r.verdicts)
        found = sum(r.verdicts[j].correct for j in self.picked)
        solved = found == right_total if r.item.multi else v.correct
        progress = ""
        if r.item.multi and v.correct:
            progress = progress_text(found, right_total)
        self._show("right" if v.correct else "wrong", RIGHT if v.correct else WRONG, v.reason,
                   progress, r.item.explain if solved else "")
        if not v.correct or solved:
            self.score.record(r.item.id, v.correct)
        self.retry_button.layout.display = None
        return v

    def reveal(self) -> None:
        """Show the engine's answer (for an item without choices; not scored)."""
        r = self.result
        if r is None:
            raise PrefaError(f"this quiz item did not load: {self.error}")
        answer = ", ".join(choice_text(a) for a in r.engine) or "none"
        self._show("answer", f"Answer: {answer}.", r.reason, "", r.item.explain)
        self.retry_button.layout.display = None

    def retry(self) -> None:
        """Clear the marks and the feedback (the score keeps the first try)."""
        self.picked = []
        for b in self.choice_buttons:
            b.button_style = ""
            b.icon = ""
        self.feedback.value = ""
        self.retry_button.layout.display = "none"

    def _show(self, state: str, verdict: str, reason: str, progress: str, explain: str) -> None:
        self.feedback.value = (
            f'<p class="pq-feedback" data-state="{state}" role="status" aria-live="polite">'
            f'<span class="pq-verdict"><b>{escape(verdict)}</b></span> '
            f'<span class="pq-reason">{escape(reason)}</span> '
            f'<span class="pq-progress">{escape(progress)}</span>'
            + (f'<br><i class="pq-explain">{escape(explain)}</i>' if explain else "") + "</p>")

    @property
    def feedback_text(self) -> str:
        """The feedback as plain text (what a reader sees), for tests and terminals."""
        text = re.sub(r"<br>", " ", self.feedback.value)
        return " ".join(unescape(re.sub(r"<[^>]+>", "", text)).split())

    # -- static rendering -----------------------------------------------------------------
    def to_html(self) -> str:
        """The item as static HTML (the same quiz, without a kernel)."""
        if self.result is None:
            return error_html(self.error or "")
        return item_html(self.result, quiz=self.quiz, four_colour=self.four_colour)

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        data["text/html"] = self.to_html()
        return data


def _error_value(message: str) -> str:
    return (f'<div class="pq-error" role="alert" style="border:2px solid #c0102a;'
            f'border-radius:6px;padding:0.5em 0.8em"><b>This quiz item cannot be shown.</b> '
            f"{escape(message)}</div>")


def _to_result(x: ItemInput) -> Result:
    if isinstance(x, Result):
        return x
    if isinstance(x, QuizItem):
        return check(x)
    if isinstance(x, PrefaError):
        raise x
    if isinstance(x, str):
        items = parse_quiz(x)
        if len(items) != 1:
            raise ParseError(f"expected one quiz item, got {len(items)}")
        return check(items[0])
    raise TypeError(f"expected a quiz Result, QuizItem, item text or PrefaError, "
                    f"got {type(x).__name__}")


def quiz_widgets(path_or_text: str | Path, score: Score | None = None, *,
                 quiz: str | None = None, four_colour: bool = False) -> list[QuizWidget]:
    """The widgets of a quiz file (a path) or text, in file order, sharing ``score``.

    A ``str`` with a line break is the quiz text itself; otherwise it is a path.

    An item that does not load or check becomes a widget showing its message;
    a file that cannot be read becomes one such widget.  ``quiz`` names the
    lesson (default: the score's name, else the file's stem, else ``quiz``).
    """
    if isinstance(path_or_text, str) and "\n" in path_or_text:
        text, name, failed = path_or_text, "quiz", None
    else:
        p = Path(path_or_text)
        name, failed = p.stem, None
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as e:
            text, failed = "", PrefaError(f"cannot read {str(p)!r}: {e.strerror}")
    quiz = quiz or (score.quiz if score is not None else name)
    score = score if score is not None else Score(quiz)
    if failed is not None:
        return [QuizWidget(failed, score=score, quiz=quiz)]
    items, errors = load_quiz(text)
    entries: list[tuple[int, int, ItemInput]] = [(i.line, 1, i) for i in items]
    entries += [(e.line or 0, 0, e) for e in errors]
    entries.sort(key=lambda t: (t[0], t[1]))
    return [QuizWidget(x, score=score, quiz=quiz, four_colour=four_colour) for _, _, x in entries]

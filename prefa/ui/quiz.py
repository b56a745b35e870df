"""One quiz bank, live, as a session: choose, see the engine's verdict, try again.

:class:`QuizSession` loads a quiz file (:func:`prefa.quiz.load_quiz`) and
checks every item (:func:`prefa.quiz.check`), so each verdict and reason is
the checker's.  For each item the state holds the question, the position as
the engine draws it (:func:`prefa.quiz_render.position_svg`, the engine's
SVG, and :func:`~prefa.quiz_render.position_caption`), the choices (card
choices marked as cards, drawn by the view from the card sprite) and, after
a choice, the verdict, the reason and the item's explanation.

The rules of play, the same as the static page's (:mod:`prefa.quiz_render`):

- an item counts once, on the first try: right when its one right choice
  is chosen first, or, where several choices are right, when every right
  choice is found before any wrong one;
- where several choices are right, a choice (right or wrong) is marked and
  the item stays open: the learner goes on choosing until he has found
  every right choice, as lesson 00 tells him; after a wrong one he may also
  *try again*; where one choice is right, after a wrong choice he may only
  *try again* (``{"type": "retry", "item": ID}``), which clears the item
  (the score keeps the first try); a solved item takes no more choices;
- an item without choices has *Show the answer* (``{"type": "reveal"}``),
  which is not scored.

The session is ``"done"`` when every item is solved or revealed.

An item shown as one seat sees it (``seen-by``): its ``position`` draws only
that seat's hand; once it is answered (right, wrong or revealed) the state's
``layout`` holds the whole layout (:func:`~prefa.quiz_render.layout_svg`),
until *try again*; otherwise ``layout`` is ``None``.

:meth:`QuizSession.static_html` is the bank as the lessons' quizzes
show it without a kernel: the score bar (:func:`~prefa.quiz_render.score_html`)
then every item's :func:`~prefa.quiz_render.item_html` (an item that does
not load: :func:`~prefa.quiz_render.error_html`), byte for byte, so the
static site's own script makes it interactive.

>>> text = '''
... id: ruff
... kind: trick-winner
... question: Spades are trumps. Which card wins?
... contract: spades
... trick: AH 7H 7S
... choices: AH, 7H, 7S
... answer: 7S
... '''
>>> s = QuizSession(text)
>>> st = s.act({"type": "choose", "item": "ruff", "choice": "AH"})
>>> st["items"][0]["feedback"]["verdict"], [a["type"] for a in st["legal"]]
('Wrong.', ['retry'])
>>> st = s.act({"type": "retry", "item": "ruff"})
>>> st = s.act({"type": "choose", "item": "ruff", "choice": "7S"})
>>> st["phase"], st["score"]["text"]
('done', 'Score: 0 of 1 right on the first try (1 answered).')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import PrefaError
from ..i18n import _
from ..quiz import QuizItem, Result, check, load_quiz
from ..quiz_render import (
    RIGHT,
    WRONG,
    choice_text,
    choice_words,
    error_html,
    is_card_choice,
    item_html,
    layout_svg,
    position_caption,
    position_svg,
    progress_text,
    score_html,
    score_text,
)
from .session import Action, Session, action_words

__all__ = ["QuizSession"]


@dataclass
class _Item:
    """One item of the bank and where the learner is with it."""

    result: Result
    picked: list[int] = field(default_factory=list)
    status: str = "open"  # open, wrong, right, revealed

    @property
    def id(self) -> str:
        return self.result.item.id

    @property
    def right_total(self) -> int:
        return sum(v.correct for v in self.result.verdicts)

    @property
    def found(self) -> int:
        return sum(self.result.verdicts[i].correct for i in self.picked)

    @property
    def missed(self) -> bool:
        """Is a wrong choice among those made?"""
        return any(not self.result.verdicts[i].correct for i in self.picked)


def _entries(text: str, kinds: set[str] | None) -> list[_Item | str]:
    """The bank in file order: checked items, and the message of each item that
    does not load or check."""
    items, errors = load_quiz(text)
    rows: list[tuple[int, int, QuizItem | PrefaError]] = [(i.line, 1, i) for i in items]
    if kinds is None:
        rows += [(e.line or 0, 0, e) for e in errors]
    rows.sort(key=lambda t: (t[0], t[1]))
    out: list[_Item | str] = []
    for _, _, x in rows:
        if isinstance(x, PrefaError):
            out.append(str(x))
            continue
        if kinds is not None and x.kind not in kinds:
            continue
        try:
            out.append(_Item(check(x)))
        except PrefaError as e:
            out.append(str(e))
    return out


class QuizSession(Session):
    """A quiz bank: ``source`` is the quiz text (a ``str`` with a line break) or a path.

    ``quiz`` names the bank (its score and its ids on the page; default: the
    file's stem, else ``"quiz"``); ``kinds`` keeps only the items of those
    kinds (a lesson showing its quiz a few kinds at a time); ``four_colour``
    draws the four-colour deck; ``score_bar=False`` leaves the score bar out
    of :meth:`static_html` (a lesson showing its bank in parts): the items
    have no score line of their own, and the page script shows one score
    line per quiz on a page, before its first question, making it where no
    part brought one (:func:`~prefa.quiz_render.item_html`).
    """

    view = "quiz"

    def __init__(self, source: str | Path, *, quiz: str | None = None,
                 kinds: Iterable[str] | None = None, four_colour: bool = False,
                 score_bar: bool = True) -> None:
        super().__init__()
        if isinstance(source, str) and "\n" in source:
            text, name = source, "quiz"
        else:
            path = Path(source)
            name = path.stem
            try:
                text = path.read_text(encoding="utf-8")
            except OSError as e:
                raise PrefaError(f"cannot read the quiz {str(path)!r}: {e.strerror}") from None
        self.quiz = quiz or name
        self.four_colour = four_colour
        self.score_bar = score_bar
        self.entries = _entries(text, set(kinds) if kinds is not None else None)
        self.items = {e.id: e for e in self.entries if isinstance(e, _Item)}
        self.first: dict[str, bool] = {}  # an item's first result, once it counts

    # -- the score ----------------------------------------------------------------------
    @property
    def total(self) -> int:
        """Items that can be scored (those with choices)."""
        return sum(1 for e in self.items.values() if e.result.verdicts)

    @property
    def right(self) -> int:
        return sum(self.first.values())

    @property
    def answered(self) -> int:
        return len(self.first)

    # -- the protocol -------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return ("done" if all(e.status in ("right", "revealed") for e in self.items.values())
                else "quiz")

    def _legal(self) -> list[Action]:
        out: list[Action] = []
        for e in self.items.values():
            if e.status == "open":
                if e.result.verdicts:
                    out += [{"type": "choose", "item": e.id, "choice": v.choice}
                            for i, v in enumerate(e.result.verdicts) if i not in e.picked]
                    if e.missed:  # several right choices, a wrong one among those made
                        out.append({"type": "retry", "item": e.id})
                else:
                    out.append({"type": "reveal", "item": e.id})
            elif e.status == "wrong":
                out.append({"type": "retry", "item": e.id})
        return out

    def _refusal(self, action: object, legal: list[Action]) -> str:
        if isinstance(action, dict) and action.get("type") in ("choose", "retry", "reveal"):
            kind, item_id = action["type"], action.get("item")
            e = self.items.get(item_id) if isinstance(item_id, str) else None
            what = action_words(action)
            if e is None:
                known = ", ".join(self.items) or "none"
                return f"{what} is not possible: no item {item_id!r} in this quiz (items: {known})"
            choices = [v.choice for v in e.result.verdicts]
            if kind == "choose":
                if not choices:
                    return f"{what} is not possible: item {e.id} has no choices (show the answer)"
                if action.get("choice") not in choices:
                    return (f"{what} is not possible: {action.get('choice')!r} is not a choice "
                            f"of item {e.id} (choices: {', '.join(choices)})")
                if e.status == "wrong":
                    return f"{what} is not possible: the answer was wrong; try again first"
                if e.status == "right":
                    return f"{what} is not possible: item {e.id} is solved"
                return f"{what} is not possible: {action.get('choice')} is chosen already"
            if kind == "retry":
                return f"{what} is not possible: try again comes only after a wrong answer"
            return f"{what} is not possible: item {e.id} " + (
                "has choices to choose from" if choices else "shows its answer already")
        return super()._refusal(action, legal)

    def _apply(self, action: Action) -> None:
        e = self.items[action["item"]]
        kind = action["type"]
        if kind == "choose":
            i = [v.choice for v in e.result.verdicts].index(action["choice"])
            e.picked.append(i)
            v = e.result.verdicts[i]
            multi = e.result.item.multi
            solved = e.found == e.right_total if multi else v.correct
            if not v.correct and not multi:  # one right choice: the item ends here
                e.status = "wrong"
            elif solved:
                e.status = "right"
            if (not v.correct or solved) and e.id not in self.first:
                self.first[e.id] = v.correct
        elif kind == "retry":
            e.picked = []
            e.status = "open"
        elif kind == "reveal":
            e.status = "revealed"

    # -- the state ----------------------------------------------------------------------
    def _feedback(self, e: _Item) -> dict | None:
        r = e.result
        if e.status == "revealed":
            answer = ", ".join(choice_text(a, r.item.kind) for a in r.engine) or _("none")
            return {"state": "answer", "verdict": _("Answer: {answer}.").format(answer=answer),
                    "reason": r.reason,
                    "progress": "", "explain": r.item.text("explain")}
        if not e.picked:
            return None
        v = r.verdicts[e.picked[-1]]
        progress = (progress_text(e.found, e.right_total)
                    if r.item.multi and (v.correct or e.right_total > 1) else "")
        return {"state": "right" if v.correct else "wrong",
                "verdict": _(RIGHT) if v.correct else _(WRONG), "reason": v.reason,
                "progress": progress,
                "explain": r.item.text("explain") if e.status == "right" else ""}

    def _item_state(self, e: _Item) -> dict:
        item = e.result.item
        marks = {i: ("right" if e.result.verdicts[i].correct else "wrong") for i in e.picked}
        return {
            "id": item.id, "kind": item.kind, "question": item.text("question"), "multi": item.multi,
            "position": position_svg(item, four_colour=self.four_colour),
            "caption": position_caption(item),
            "choices": [{"choice": v.choice, "text": choice_text(v.choice, item.kind),
                         "words": choice_words(v.choice, item.kind),
                         "card": is_card_choice(v.choice, item.kind),
                         "mark": marks.get(i)}
                        for i, v in enumerate(e.result.verdicts)],
            "status": e.status,
            "layout": (layout_svg(item, four_colour=self.four_colour)
                       if e.status in ("wrong", "right", "revealed") else None),
            "feedback": self._feedback(e),
            "first": self.first.get(item.id),
        }

    def _state(self) -> dict:
        items = [self._item_state(e) if isinstance(e, _Item) else {"id": None, "error": e}
                 for e in self.entries]
        return {
            "phase": self.phase,
            "quiz": self.quiz,
            "four_colour": self.four_colour,
            "items": items,
            "score": {"right": self.right, "total": self.total, "answered": self.answered,
                      "text": score_text(self.right, self.total, self.answered)},
        }

    # -- the static page ----------------------------------------------------------------
    def static_html(self) -> str:
        """The bank as the static site shows it: the score bar, then every item
        (without a score line of its own: the page shows one per quiz)."""
        parts = [score_html(self.quiz)] if self.score_bar else []
        for e in self.entries:
            parts.append(item_html(e.result, quiz=self.quiz, four_colour=self.four_colour,
                                   score=False)
                         if isinstance(e, _Item) else error_html(e))
        return "".join(parts)

"""A teacher's quiz file checked by the engine, with a printable handout.

:class:`CheckSession` takes the text of a quiz file (pasted, or dropped on
the page) and answers with :func:`prefa.quiz.check_text`: one line per item
-- it agrees with the author's answer, it disagrees (the engine's answer
and reason), or the engine cannot read it (the line and what was expected)
-- and with each checked item's choices and the engine's verdict on each.
Beside the report comes the printable handout of the items that could be
checked (:func:`prefa.quiz_render.handout_html`, the page of ``prefa quiz
handout``).

The actions:

=====================================================  ===============================
``{"type": "check", "text": T, "name": N}``             check the quiz file ``T``
                                                        (``N``: its file name, or "")
``{"type": "clear"}``                                   back to an empty form
=====================================================  ===============================

Decisions of this module:

- ``check`` carries the teacher's own text, which no list can enumerate:
  it is listed with empty values and accepted with any strings.
- A quiz file is a stranger's text.  Everything of it reaches the view as
  data (the view writes it as text) or inside the handout, whose page
  :func:`~prefa.quiz_render.handout_html` writes with every value escaped
  (tests/test_browser_engine.py checks that markup and script in a pasted
  file are shown as text and never run); the site shows the handout in a
  sandboxed frame besides, where no script may run.
- A text longer than :data:`MAX_TEXT` characters is refused before it is
  read, and so is one with more than :data:`MAX_ITEMS` items (checking takes
  the engine a moment per item).  A file with no item at all is reported
  as such, not as an empty report.
- The handout's title is the file name without its extension, or "Quiz".

>>> c = CheckSession()
>>> s = c.act({"type": "check", "name": "mine.txt", "text": '''id: q1
... kind: trick-winner
... question: Sans. Which card wins?
... contract: sans
... trick: TS AS 7S
... choices: TS, AS, 7S
... answer: TS'''})
>>> s["counts"], s["lines"][0]["message"][:40]
({'agrees': 0, 'disagrees': 1, 'invalid': 0}, 'q1: disagrees: author 10♠, engine A♠: A♠')
>>> "<h1>mine</h1>" in s["handout"]
True
"""

from __future__ import annotations

from ..errors import ParseError
from ..i18n import _, ngettext
from ..quiz import check_text, load_quiz
from ..quiz_render import choice_text, handout_html
from .session import Action, Session

__all__ = ["MAX_ITEMS", "MAX_TEXT", "CheckSession"]

MAX_TEXT = 100_000
"""The longest quiz text read (a bank of the course is under 20 000 characters)."""

MAX_ITEMS = 200
"""The most items checked in one file."""


_EXAMPLE = "'id: ...', 'kind: ...', 'question: ...'"
"""The keys an item begins with, as the refusals show them (the same in every language)."""


class CheckSession(Session):
    """A quiz file checked item by item, with its handout.

    ``text`` (and ``name``): a quiz file to check at once.
    """

    view = "check"

    def __init__(self, text: str = "", name: str = "") -> None:
        super().__init__()
        self.name = ""
        self.report: dict | None = None
        if text:
            self._apply({"type": "check", "text": text, "name": name})

    def act(self, action: Action) -> dict:
        if (isinstance(action, dict) and action.get("type") == "check"
                and set(action) == {"type", "text", "name"}
                and isinstance(action["text"], str) and isinstance(action["name"], str)):
            try:
                self._apply(action)
            except ParseError as e:
                self._error = str(e).splitlines()[0]
            else:
                self._error = None
            return self.state()
        return super().act(action)

    def _legal(self) -> list[Action]:
        legal: list[Action] = [{"type": "check", "text": "", "name": ""}]
        if self.report is not None:
            legal.append({"type": "clear"})
        return legal

    def _state(self) -> dict:
        s = {"phase": "checked" if self.report else "input", "max_text": MAX_TEXT}
        s.update(self.report or {"name": "", "lines": [], "items": [], "handout": None,
                                 "counts": None, "summary": ""})
        return s

    def _apply(self, action: Action) -> None:
        if action["type"] == "clear":
            self.report = None
            return
        text, name = action["text"], action["name"][:200]
        if len(text) > MAX_TEXT:
            raise ParseError(_("the quiz file is {n} characters long: expected at most "
                               "{most}").format(n=len(text), most=MAX_TEXT))
        if not text.strip():
            raise ParseError(_("the quiz file is empty: expected items like {example} "
                               "separated by {rule}").format(example=_EXAMPLE, rule="'---'"))
        items, errors = load_quiz(text)
        if len(items) + len(errors) > MAX_ITEMS:
            raise ParseError(_("the quiz file has {n} items: expected at most {most} in one "
                               "check").format(n=len(items) + len(errors), most=MAX_ITEMS))
        lines = check_text(text, source=name)
        if not lines:
            raise ParseError(_("no quiz item in the file: expected items like {example} "
                               "separated by {rule}").format(example=_EXAMPLE, rule="'---'"))
        counts = {"agrees": 0, "disagrees": 0, "invalid": 0}
        out, checked, results = [], [], []
        for ln in lines:
            counts[ln.status] += 1
            out.append({"status": ln.status, "id": ln.id, "message": ln.text})
            if ln.result is not None:
                r = ln.result
                results.append(r)
                checked.append({
                    "id": r.item.id, "question": r.item.text("question"), "status": ln.status,
                    "author": [choice_text(a) for a in r.item.answer],
                    "engine": [choice_text(a) for a in r.engine], "reason": r.reason,
                    "verdicts": [{"choice": choice_text(v.choice), "correct": v.correct,
                                  "reason": v.reason} for v in r.verdicts]})
        title = name.rsplit(".", 1)[0].strip() if name.strip() else _("Quiz")
        summary = ngettext("{n} item: {agrees} agree, {disagrees} disagree, {invalid} cannot be "
                           "read", "{n} items: {agrees} agree, {disagrees} disagree, {invalid} "
                           "cannot be read", len(lines)).format(n=len(lines), **counts)
        self.report = {"name": name, "lines": out, "items": checked, "counts": counts,
                       "summary": summary,
                       "handout": handout_html(results, title or _("Quiz")) if results else None}

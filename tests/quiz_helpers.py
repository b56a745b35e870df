"""A quiz item parsed again with another answer, for the "a wrong answer
disagrees" tests of every ruleset's quiz bank."""

from __future__ import annotations

import re

from prefa.quiz import QuizItem, parse_quiz


def with_answer(text: str, item_id: str, answer: str) -> QuizItem:
    """Item ``item_id`` of the quiz file ``text``, with ``answer`` as the author's answer."""
    block = next(b for b in text.split("\n---\n") if f"id: {item_id}\n" in b + "\n")
    (item,) = parse_quiz(re.sub(r"(?m)^answer: .*$", f"answer: {answer}", block))
    return item

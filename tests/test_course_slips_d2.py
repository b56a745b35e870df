"""Lessons 12-14 and their quiz banks in a card player's words (issue 24): no source-file
name ("seed"), no option name=value, no card codes (KS, S98) in what a learner reads: the
prose, the printed and shown outputs, and every quiz question and explanation; no kit's or
project's language."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from prefa.cards import CARD_CODES
from prefa.quiz import load_quiz

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ["12_betl_defence", "13_declarer_play", "14_a_whole_game"]

CARD_CODE = CARD_CODES  # the engine's own pattern: what signs() rewrites
BAD = {"a source file's name": re.compile(r"\bseeds?\b", re.I), "a card code": CARD_CODE,
       "an option's name=value": re.compile(r"\b[a-z]+_[a-z_]+\s*=\s*\w+"),
       "the engine's language": re.compile(r"this kit|the kit\b|the kit's|the project", re.I)}
_MARKUP = re.compile(r"<(script|style)\b.*?</\1>|<!--.*?-->|<[^>]+>", re.S)


def _found(text: str, where: str) -> list[str]:
    return [f"{where}: {what}: {text[max(0, m.start() - 30):m.end() + 30]!r}"
            for what, rx in BAD.items() for m in [rx.search(text)] if m]


def _lesson_texts(name: str):
    cells = json.loads((ROOT / "lessons" / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
    for i, c in enumerate(cells):
        if c["cell_type"] == "markdown":
            yield f"cell {i}", "".join(c["source"])
        for o in c.get("outputs", []):
            if o.get("output_type") == "stream":
                yield f"cell {i} printed", "".join(o["text"])
            page = "".join(o.get("data", {}).get("text/html", ""))
            if page:
                yield f"cell {i} shown", html.unescape(_MARKUP.sub(" ", page))


@pytest.mark.parametrize("name", LESSONS)
def test_lessons_12_to_14_read_in_a_card_players_words(name):
    found = [p for where, text in _lesson_texts(name) for p in _found(text, where)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("name", LESSONS)
def test_banks_12_to_14_read_in_a_card_players_words(name):
    items = load_quiz((ROOT / "prefa" / "data" / "quizzes" / f"{name}.txt").read_text(encoding="utf-8"))[0]
    found = [p for i in items for what, text in (("question", i.question), ("explain", i.explain))
             for p in _found(text or "", f"{i.id} {what}")]
    assert not found, "\n".join(found)


def test_the_checks_can_fail():
    assert _found("he led the DJ from S98, as the seed says", "t")
    assert _found("this kit plays igra_tie=later", "t")
    assert not _found("he led the J♦ from ♠9 8, as the Serbian rules text says", "t")


def test_bank_14_legal_card_item_names_the_card_led():
    """review-07 asked which cards seat 1 may play without saying what was led (the king
    of clubs, a trump): the question names the card the record leads to the trick."""
    from prefa.cards import parse_card
    from prefa.display import card_words

    items = load_quiz((ROOT / "prefa" / "data" / "quizzes" / "14_a_whole_game.txt").read_text(encoding="utf-8"))[0]
    item = next(i for i in items if i.id == "review-07")
    trick = item.record.get("play").split(",")[-1].split()
    assert len(trick) < 3, "the record ends with a trick in progress"
    assert card_words(parse_card(trick[0])) in item.question

"""What a learner reads in the course is in a card player's words.

Every lesson's prose and every output it shows (its saved outputs are what a
reader sees, on the site and in JupyterLab), and every quiz item's question,
explanation and the engine's verdict on each choice, for every school, are read
for what belongs to the code and not to the card table:

- a source file's name ("seed", "seed 001"): a source is named as a reader
  knows it (the Serbian rules text, Gulin, the tournament rules);
- an engine option written as ``name=value`` (``igra_tie=later``): a house rule
  is described in words;
- a card code (``KS``, ``10H``, or a suit's cards as ``DJ``, ``H987``): cards are written as the learner sees
  them drawn (K♠, J♦, 10♥);
- a Python repr (``<IPython.core.display.HTML object>``, ``Card(…)``, an object
  address, a bare tuple on a line of its own).

Code blocks in a lesson's Markdown are left alone (lesson 15 shows teachers the
record format); so are the code cells themselves, which a learner sees folded.
One test per lesson and per bank, so a failure names its place and lists every
offending line.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from prefa.cards import CARD_CODES
from prefa.quiz import check_text

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))
BANKS = sorted((ROOT / "prefa" / "data" / "quizzes").glob("*.txt"))

SEED = re.compile(r"\bseeds?\b", re.I)
CARD_CODE = CARD_CODES  # the engine's own pattern: what signs() rewrites
"""A card as the engine writes it (``KS``, ``10H``), or a suit's cards (``DJ``, ``H987``).

A code in single quotes is a spelling to type, shown to a teacher who writes quiz
items (lesson 15: "a card such as 'AS' or '10♥'"), and is let be."""
OPTION = re.compile(r"\b[a-z]+_[a-z_]+\s*=\s*\w+")
REPR = re.compile(r"<IPython|<prefa\.|object at 0x[0-9a-f]+|^\(\s*['\"\w].*,.*\)$"
                  r"|\b(?:Card|CardSet|Contract|Call|Deal|QuizItem|Verdict)\(", re.M)
ENGINE_SPEAK = re.compile(r"this kit|the project measured|engine option", re.I)
CHECKS = (("a source file's name", SEED), ("a card code", CARD_CODE),
          ("an option's name=value", OPTION), ("a Python repr", REPR),
          ("the engine's language", ENGINE_SPEAK))
_MARKUP = re.compile(r"<(script|style)\b.*?</\1>|<!--.*?-->|<[^>]+>", re.S)
_FENCE = re.compile(r"```.*?```|~~~.*?~~~", re.S)
_INLINE_CODE = re.compile(r"`[^`\n]+`")


def problems(text: str, where: str) -> list[str]:
    """Each offending bit of ``text``, named with ``where`` and a little context.

    >>> problems("Lead the K♠, not the KS.", "x")
    ["x: a card code in 'Lead the K♠, not the KS.'"]
    >>> problems("With igra_tie=later the hand ends.", "y")
    ["y: an option's name=value in 'With igra_tie=later the hand ends.'"]
    >>> problems("Lead the 10♥ from A♥ K♥ 10♥; a 6♠ bid (Πρώτα).", "z")
    []
    """
    out = []
    for what, rx in CHECKS:
        m = rx.search(text)
        if m:
            a, b = max(0, m.start() - 30), m.end() + 30
            out.append(f"{where}: {what} in {text[a:b]!r}")
    return out


def lesson_texts(path: Path):
    """``(where, text)`` for each piece of ``path`` a learner reads."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "markdown":
            text = _INLINE_CODE.sub(" ", _FENCE.sub(" ", "".join(cell["source"])))
            yield f"cell {i} (prose)", text
        elif cell["cell_type"] == "code":
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                if "text/html" in data:
                    page = "".join(data["text/html"])
                    yield f"cell {i} (output)", html.unescape(_MARKUP.sub(" ", page))
                elif "text/plain" in data:
                    yield f"cell {i} (output)", "".join(data["text/plain"])
                if output.get("output_type") == "stream":
                    yield f"cell {i} (printed)", "".join(output.get("text", ""))
                if output.get("output_type") == "error":
                    yield f"cell {i} (error)", "an error: " + output.get("ename", "")


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem[:2] for p in LESSONS])
def test_a_lesson_reads_in_a_card_players_words(path):
    found = [p for where, text in lesson_texts(path) for p in problems(text, where)]
    assert not found, f"{path.name}:\n" + "\n".join(found)


def bank_texts(path: Path):
    """``(where, text)`` for every text of every item in the bank at ``path``."""
    for line in check_text(path.read_text(encoding="utf-8"), path.name):
        if line.result is None:
            continue
        r, item = line.result, line.result.item
        yield f"{item.id} question", item.question
        yield f"{item.id} explanation", item.explain
        yield f"{item.id} answer's reason", r.reason
        for v in r.verdicts:
            yield f"{item.id} verdict on {v.choice}", v.reason
        for school, sr in r.schools.items():
            yield f"{item.id} {school}: reason", sr.reason
            for v in sr.verdicts:
                yield f"{item.id} {school}: verdict on {v.choice}", v.reason


@pytest.mark.parametrize("path", BANKS, ids=[p.stem[:2] for p in BANKS])
def test_a_quiz_bank_reads_in_a_card_players_words(path):
    found = [p for where, text in bank_texts(path) for p in problems(text or "", where)]
    assert not found, f"{path.name}:\n" + "\n".join(found)


def test_the_checks_can_fail():
    """Each check finds what it is for in a text that has it."""
    bad = {"a source file's name": "as the seed says", "a card code": "he led the DJ",
           "an option's name=value": "set igra_tie=later", "a Python repr":
           "<IPython.core.display.HTML object>", "the engine's language": "this kit plays"}
    for what, text in bad.items():
        assert any(what in p for p in problems(text, "t")), what

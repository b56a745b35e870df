"""Every lesson's code cells are folded away, each under a caption in plain words.

JupyterLab shows a hidden cell as a collapsed bar that holds the cell's first
line; a learner reads that bar.  So every code cell of every lesson is hidden
(``metadata.jupyter.source_hidden``) and its first line is a caption comment
a card player reads: ``# `` and then words (``# The table: you defend the
betl of the lesson``), not an nbval marker (``# NBVAL_IGNORE_OUTPUT`` goes on
a later line), not code, not an import, not commented-out code.

One test per lesson, so that a lesson still being captioned shows alone, and
its failure lists every cell that is off, with its number and first line.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))

_CODE_LIKE = re.compile(
    r"NBVAL|[=`{}\[\]]|\b[a-z]+_[a-z_]+\b|\b\w+\.\w+\(|\b\w+\(\)"  # markers, code, snake_case, calls
    r"|^(import|from|def|class|for|if|while|with|return|print|assert)\b")


def caption_problem(first: str) -> str | None:
    """What is wrong with ``first`` as a hidden cell's caption (None when it is one).

    >>> caption_problem("# The table: you defend the betl of the lesson") is None
    True
    >>> caption_problem("# The lesson checks its own claims (nothing shows when all is well)") is None
    True
    >>> caption_problem("from prefa.ui import QuizSession")
    'not a comment'
    >>> caption_problem("# NBVAL_IGNORE_OUTPUT")
    'an nbval marker or code, not words'
    >>> caption_problem("# from prefa.ui import widget")
    'an nbval marker or code, not words'
    >>> caption_problem("# bank = load()")
    'an nbval marker or code, not words'
    >>> caption_problem("# Quiz")
    'one word: say what the cell shows'
    """
    if not first.startswith("# "):
        return "not a comment" if not first.startswith("#") else "no space after #"
    text = first[2:].strip()
    if _CODE_LIKE.search(text):
        return "an nbval marker or code, not words"
    if not text[:1].isalpha() or not text[:1].isupper():
        return "does not begin with a capital letter"
    if len(text.split()) < 2:
        return "one word: say what the cell shows"
    return None


def offenders(path: Path) -> list[str]:
    """The code cells of a lesson that are not hidden or lack a caption, in words."""
    out = []
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for n, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        first = source.split("\n", 1)[0]
        problems = []
        if not cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"):
            problems.append("not hidden")
        problem = caption_problem(first)
        if problem:
            problems.append(problem)
        if problems:
            out.append(f"cell {n}: {', '.join(problems)}: {first[:70]!r}")
    return out


def test_there_are_lessons():
    assert len(LESSONS) >= 21


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_code_cell_is_hidden_under_a_caption(path):
    bad = offenders(path)
    assert not bad, (f"{path.name}: {len(bad)} code cell(s) without a caption a learner reads "
                     "in the collapsed bar, or not hidden:\n  " + "\n  ".join(bad))


def plain_text_offenders(path: Path) -> list[str]:
    """The saved outputs whose plain text is markup or a Python repr: what a lesson
    opened before it is run (an untrusted notebook) shows where it may not draw."""
    out = []
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for n, cell in enumerate(cells):
        for output in cell.get("outputs", []):
            plain = "".join(output.get("data", {}).get("text/plain", ""))
            if re.search(r"<svg|<div|<table|\w+\.parse\(|<prefa ", plain):
                out.append(f"cell {n}: {plain[:70]!r}")
    return out


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_no_saved_output_shows_markup_or_code_as_its_plain_text(path):
    bad = plain_text_offenders(path)
    assert not bad, (f"{path.name}: {len(bad)} output(s) whose plain text is markup or code "
                     "(run the lesson again):\n  " + "\n  ".join(bad))

"""The rules pages of the site speak to card players who do not program.

Each ``site/rules/*.md`` page (one test each) carries no code fence, no ``prefa.``
module or ``prefa/`` path, no "seed", no option of the engine by name (in backticks
or as ``name=value``), no class name such as ``GreekRules``, no section of module
tables or quiz kinds, and no card written as a code (``KS``): cards are K♠.  Each
game's page tells its house rules in a table in words (the house rule, what the
course plays, what other tables play).

What the pages no longer carry lives on the code page (``site/code.md``): its
section for each game still names every option of that game's option class, so the
move lost nothing the developers documented.
"""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest
from test_course_text import CARD_CODE

from prefa.balkan.options import BalkanRules
from prefa.greek.options import GreekRules
from prefa.priffe.options import PriffeRules
from prefa.russian.options import RussianRules
from prefa.vida.options import VidaRules

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "site" / "rules"
PAGES = sorted(p.stem for p in RULES.glob("*.md"))

# page, its title on the code page, the engine's option class
GAMES = {
    "balkan": ("Balkan preferans", BalkanRules),
    "greek": ("Greek Prefa", GreekRules),
    "russian": ("Russian preferans", RussianRules),
    "vida": ("Greek Vida", VidaRules),
    "priffe": ("Swedish Priffe", PriffeRules),
}
OPTION_NAMES = sorted({f.name for _, cls in GAMES.values() for f in fields(cls)})
CLASS_NAMES = [cls.__name__ for _, cls in GAMES.values()]

INLINE_CODE = re.compile(r"`[^`\n]*`")
OPTION_PATTERN = re.compile(r"\b[a-z]+_[a-z_]+\s*=")
CAMEL_CASE = re.compile(r"\b[A-Z][a-z]+(?:[A-Z][a-z0-9]+)+\b")
ENGINE_SECTIONS = ("Where each rule lives", "In the engine", "The engine in a few calls",
                   "Quiz kinds")
HOUSE_RULES_HEADER = re.compile(
    r"^\|[^|\n]+\|[^|\n]*course plays[^|\n]*\|[^|\n]*other tables play[^|\n]*\|$", re.MULTILINE)


def test_every_game_has_a_rules_page():
    assert set(GAMES) | {"index"} == set(PAGES)


@pytest.mark.parametrize("page", PAGES)
def test_rules_page_speaks_a_card_players_words(page):
    md = (RULES / f"{page}.md").read_text(encoding="utf-8")
    problems = []
    if "```" in md:
        problems.append("a code fence")
    problems += [f"a module or path: {m.group()}" for m in re.finditer(r"\bprefa[./]\w*", md)]
    if "seed" in md.lower():
        problems.append('the word "seed"')
    problems += [f"name=value: {m.group()}" for m in OPTION_PATTERN.finditer(md)]
    for name in OPTION_NAMES:
        if re.search(rf"`[^`\n]*\b{name}\b[^`\n]*`|\b{name}\s*=", md):
            problems.append(f"the option {name}")
    problems += [f"a class name: {c}" for c in CLASS_NAMES if c in md]
    problems += [f"a class name: {m.group()}" for m in CAMEL_CASE.finditer(md)]
    problems += [f"an engine section: {h}" for h in ENGINE_SECTIONS
                 if re.search(rf"^#+\s*{re.escape(h)}\s*$", md, re.MULTILINE)]
    plain = INLINE_CODE.sub(" ", md)
    problems += [f"a card code: {m.group()}" for m in CARD_CODE.finditer(plain)]
    if page in GAMES:
        header = HOUSE_RULES_HEADER.search(md)
        if header is None:
            problems.append("no house rules table in words")
        else:
            rows = md[header.end():].lstrip("\n").splitlines()[1:]
            if not rows or not rows[0].startswith("|"):
                problems.append("an empty house rules table")
    assert problems == [], f"{page}.md: " + "; ".join(problems)


def _code_page_section(title: str) -> str:
    md = (ROOT / "site" / "code.md").read_text(encoding="utf-8")
    m = re.search(rf"^### {re.escape(title)}\s*$", md, re.MULTILINE)
    assert m, f"site/code.md has no section '### {title}'"
    rest = md[m.end():]
    end = re.search(r"^#{2,3} ", rest, re.MULTILINE)
    return rest[:end.start()] if end else rest


@pytest.mark.parametrize("page", sorted(GAMES))
def test_code_page_names_every_option(page):
    title, cls = GAMES[page]
    section = _code_page_section(title)
    missing = [f.name for f in fields(cls) if f"`{f.name}`" not in section]
    assert missing == [], f"site/code.md, {title}: options not named: {missing}"

"""The Serbian edition speaks with one voice: its term list.

``prefa/locale/sr/terms.txt`` gives, for each core concept of the game, the
Serbian word the edition uses and the variants it must not use (its header
says why some words are not on it).  Checked here:

- the list itself is well formed (three fields, no concept twice, an avoided
  word never one of the terms);
- every Serbian term of the list appears in the Serbian glossary
  (``site/sr/glossary.md``), so the list and the glossary agree;
- no avoided word appears, as a whole word, case-insensitive, in the Serbian
  pages (``site/sr/**/*.md``), in the markdown cells of the Serbian lessons
  (``lessons/sr/*.ipynb``) or in the translations (``msgstr``) of the Serbian
  catalog (``prefa/locale/sr/LC_MESSAGES/prefa.po``).  Code (fenced blocks and
  inline code) is not prose and is left out; in the glossary's tables the
  columns of the other languages (English, Croatian, Greek, Russian) are left
  out too, for listing other languages' words is what they are for.

A failure names the file, the line, the word found and the term to use.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TERMS = ROOT / "prefa" / "locale" / "sr" / "terms.txt"
GLOSSARY = ROOT / "site" / "sr" / "glossary.md"
PAGES = ROOT / "site" / "sr"
LESSONS = ROOT / "lessons" / "sr"
CATALOG = ROOT / "prefa" / "locale" / "sr" / "LC_MESSAGES" / "prefa.po"

OTHER_LANGUAGE_COLUMNS = ("engleski", "hrvatski", "grčki", "ruski",
                          "english", "croatian", "greek", "russian")
"""Glossary columns (by the start of their header) holding other languages' words."""


@dataclass(frozen=True)
class Term:
    english: str
    serbian: tuple[str, ...]
    avoid: tuple[str, ...]
    line: int

    @property
    def use(self) -> str:
        return " / ".join(self.serbian)


def _split(field: str) -> tuple[str, ...]:
    return tuple(w.strip() for w in field.split(",") if w.strip())


def read_terms(path: Path = TERMS) -> list[Term]:
    """The term list, one :class:`Term` a line; comments and blank lines skipped.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as f:
    ...     _ = f.write("# a comment\\n\\ntrick | štih | avoid: štihi, štihe\\npass | dalje | avoid:\\n")
    >>> [(t.english, t.serbian, t.avoid) for t in read_terms(Path(f.name))]
    [('trick', ('štih',), ('štihi', 'štihe')), ('pass', ('dalje',), ())]
    >>> os.unlink(f.name)
    """
    terms = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split("|")]
        if len(fields) != 3 or not fields[2].startswith("avoid:"):
            raise ValueError(f"{path.name}:{number}: expected "
                             f"'english | serbian term(s) | avoid: ...', got {raw!r}")
        english, serbian, avoid = fields
        terms.append(Term(english, _split(serbian), _split(avoid[len("avoid:"):]), number))
    return terms


def word_pattern(word: str) -> re.Pattern[str]:
    """A whole-word, case-insensitive pattern; the spaces of a phrase match any space.

    >>> bool(word_pattern("štih").search("Prvi Štih uzima kec."))
    True
    >>> bool(word_pattern("štih").search("dva štiha"))
    False
    >>> bool(word_pattern("sledi boju").search("on sledi\\nboju"))
    True
    """
    body = r"\s+".join(re.escape(part) for part in word.split())
    return re.compile(rf"(?<!\w){body}(?!\w)", re.IGNORECASE)


# ---------------------------------------------------------------- the texts

_FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.MULTILINE | re.DOTALL)
_INLINE_CODE = re.compile(r"`[^`\n]*`")


def _blank(match: re.Match[str]) -> str:
    """The match blanked out, its line breaks kept (so line numbers stay right)."""
    return re.sub(r"[^\n]", " ", match.group(0))


def prose(markdown: str) -> str:
    """Markdown without its code, the lines where they were.

    >>> prose("Kec `odelo` uzima.\\n```\\nodelo\\n```\\nkraj")
    'Kec          uzima.\\n   \\n     \\n   \\nkraj'
    """
    return _INLINE_CODE.sub(_blank, _FENCE.sub(_blank, markdown))


def _cells(row: str) -> list[str]:
    return row.strip().strip("|").split("|")


_DELIMITER = re.compile(r"\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*")


def glossary_prose(markdown: str) -> str:
    """The glossary with the other languages' table columns blanked out.

    >>> text = "| engleski | srpski | hrvatski |\\n|---|---|---|\\n| deal | deljenje | dijeljenje |\\nkraj"
    >>> print(glossary_prose(text).replace(" ", "."))
    |.engleski.|.srpski.|.hrvatski.|
    |---|---|---|
    |......|.deljenje.|............|
    kraj
    """
    lines = prose(markdown).split("\n")
    skip: set[int] = set()
    for i, line in enumerate(lines):
        if not line.lstrip().startswith("|"):
            skip = set()
            continue
        if _DELIMITER.fullmatch(line):
            continue  # the row under the header: no words
        cells = _cells(line)
        if i + 1 < len(lines) and _DELIMITER.fullmatch(lines[i + 1]) and not skip:
            skip = {j for j, c in enumerate(cells)
                    if c.strip().lower().startswith(OTHER_LANGUAGE_COLUMNS)}
            continue  # the header row itself is kept as it is
        if skip:
            lead = line[:len(line) - len(line.lstrip())]
            cells = [(" " * len(c) if j in skip else c) for j, c in enumerate(cells)]
            lines[i] = lead + "|" + "|".join(cells) + "|"
    return "\n".join(lines)


def notebook_prose(path: Path) -> list[tuple[str, str]]:
    """The markdown cells of a notebook, each with where it is: ``(place, text)``."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return [(f"markdown cell {n}", prose("".join(cell["source"])))
            for n, cell in enumerate(notebook["cells"])
            if cell["cell_type"] == "markdown"]


def _po_string(quoted: str) -> str:
    try:
        return json.loads(quoted)
    except ValueError:
        return quoted.strip('"')


def catalog_translations(path: Path) -> list[tuple[int, str]]:
    """The ``msgstr`` texts of a ``.po`` file, each with the line where it starts.

    >>> import tempfile, os
    >>> po = 'msgid "Trick"\\nmsgstr "Štih"\\n\\nmsgid "x"\\nmsgstr ""\\n"dva "\\n"štiha"\\n#~ msgstr "odelo"\\n'
    >>> with tempfile.NamedTemporaryFile("w", suffix=".po", delete=False, encoding="utf-8") as f:
    ...     _ = f.write(po)
    >>> catalog_translations(Path(f.name))
    [(2, 'Štih'), (5, 'dva štiha')]
    >>> os.unlink(f.name)
    """
    found: list[tuple[int, list[str]]] = []
    current: list[str] | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        m = re.match(r"msgstr(\[\d+\])?\s+(\".*\")$", line)
        if m:
            current = [_po_string(m.group(2))]
            found.append((number, current))
        elif line.startswith('"') and current is not None:
            current.append(_po_string(line))
        else:
            current = None
    return [(number, "".join(parts)) for number, parts in found if "".join(parts)]


def texts() -> list[tuple[str, str]]:
    """Every Serbian text to search: ``(where, text)``, where naming the file."""
    out = []
    for page in sorted(PAGES.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        text = glossary_prose(text) if page == GLOSSARY else prose(text)
        out.append((str(page.relative_to(ROOT)), text))
    for notebook in sorted(LESSONS.glob("*.ipynb")):
        for place, text in notebook_prose(notebook):
            out.append((f"{notebook.relative_to(ROOT)} ({place})", text))
    if CATALOG.exists():
        for number, text in catalog_translations(CATALOG):
            out.append((f"{CATALOG.relative_to(ROOT)}:{number} (msgstr)", text))
    return out


# ---------------------------------------------------------------- the tests

def test_the_term_list_is_well_formed():
    terms = read_terms()
    assert 25 <= len(terms) <= 40, f"{len(terms)} concepts; the list keeps 25 to 40"
    seen: dict[str, int] = {}
    for term in terms:
        assert term.serbian, f"terms.txt:{term.line}: no Serbian term for {term.english!r}"
        assert term.english not in seen, (
            f"terms.txt:{term.line}: {term.english!r} already on line {seen[term.english]}")
        seen[term.english] = term.line
    used = {w.lower() for t in terms for w in t.serbian}
    for term in terms:
        for word in term.avoid:
            assert word.lower() not in used, (
                f"terms.txt:{term.line}: {word!r} is avoided but is itself a term")


def test_every_term_is_in_the_glossary():
    if not GLOSSARY.exists():
        pytest.fail(f"{GLOSSARY.relative_to(ROOT)} is missing: the term list has no glossary to agree with")
    glossary = GLOSSARY.read_text(encoding="utf-8")
    missing = [f"{t.english}: {word!r} (terms.txt line {t.line})"
               for t in read_terms() for word in t.serbian
               if not word_pattern(word).search(glossary)]
    assert not missing, ("Serbian terms of prefa/locale/sr/terms.txt missing from "
                         "site/sr/glossary.md:\n  " + "\n  ".join(missing))


def test_no_avoided_word_is_used():
    rules = [(word, word_pattern(word), term) for term in read_terms() for word in term.avoid]
    hits = []
    for where, text in texts():
        for word, pattern, term in rules:
            for m in pattern.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                if "(msgstr)" in where:
                    at = where
                elif "(markdown cell" in where:
                    at = f"{where}, line {line}"
                else:
                    at = f"{where}:{line}"
                hits.append(f"{at}: {m.group(0)!r} — use {term.use!r} ({term.english})")
    assert not hits, ("words the Serbian term list avoids "
                      "(prefa/locale/sr/terms.txt):\n  " + "\n  ".join(hits))

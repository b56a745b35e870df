"""Griffe extension for the API reference: the package's docstrings read as Markdown.

The docstrings are written for ``help()`` and doctest, with a few
reStructuredText habits.  mkdocstrings renders docstrings as Markdown, so
before it does, each docstring is rewritten:

- doctest examples (``>>>`` lines and their output) become ``pycon`` code
  blocks (Markdown would read ``>>>`` as nested quotes);
- simple tables (rows between ``====  ====`` borders) become fixed-width text
  blocks;
- roles such as ``:func:`name``` or ``:class:`~prefa.quiz.Result``` become
  plain code (``name``, ``Result``);
- a paragraph ending in ``::`` ends in ``:`` (the indented block after it is
  code in Markdown too).

The docstrings themselves are not changed: this runs on griffe's copy only.
"""

from __future__ import annotations

import re

import griffe

_ROLE = re.compile(r":(?:py:)?(?:func|class|mod|meth|attr|data|exc|obj|const|term):`(~?)([^`]+)`")
_BORDER = re.compile(r"^\s*=+(?:\s+=+)+\s*$")


def _role(m: re.Match) -> str:
    name = m.group(2)
    if m.group(1):
        name = name.rsplit(".", 1)[-1]
    return f"`{name}`"


def rst_to_markdown(text: str) -> str:
    r"""A docstring's text as Markdown.

    >>> rst_to_markdown("See :func:`check` and :class:`~prefa.quiz.Result`::\n\n"
    ...                 ">>> 1 + 1\n2\n\nDone.").splitlines()
    ['See `check` and `Result`:', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'Done.']
    >>> print(rst_to_markdown("====  ==\ngame  v\n====  ==\npik   2\n====  =="))
    ```text
    game  v
    ----  --
    pik   2
    ```
    """
    text = _ROLE.sub(_role, text)
    lines = text.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i].removeprefix(indent))
                i += 1
            out += [f"{indent}```pycon", *(indent + b for b in block), f"{indent}```"]
            continue
        if _BORDER.match(line):
            indent = line[: len(line) - len(line.lstrip())]
            block, borders = [], 0
            while i < len(lines) and borders < 3 and (lines[i].strip() or borders == 0):
                if _BORDER.match(lines[i]):
                    borders += 1
                    if borders == 2:
                        block.append(lines[i].replace("=", "-")[len(indent):])
                else:
                    block.append(lines[i][len(indent):])
                i += 1
            out += [f"{indent}```text", *(indent + b for b in block), f"{indent}```"]
            continue
        if line.rstrip().endswith("::") and line.strip() != "::":
            line = line.rstrip()[:-1]
        out.append(line)
        i += 1
    return "\n".join(out)


class RstToMarkdown(griffe.Extension):
    """Rewrites every docstring griffe loads with :func:`rst_to_markdown`."""

    def on_instance(self, *, obj: griffe.Object, **kwargs) -> None:
        if obj.docstring is not None:
            obj.docstring.value = rst_to_markdown(obj.docstring.value)

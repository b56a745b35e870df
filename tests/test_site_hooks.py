"""The site's MkDocs hooks (site/_hooks/), without building the site.

Their doctests run here (the hooks live outside the package, where pytest's
doctest collection does not look), and the parts that rewrite pages are
checked on real quiz output: the data a quiz item carries survives being
moved into its ``data-pq`` attribute, whatever text its reasons hold.
"""

from __future__ import annotations

import doctest
import importlib.util
import json
import re
import sys
from dataclasses import replace
from html import unescape
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prefa.quiz import check, parse_quiz
from prefa.quiz_render import SCRIPT, STYLE, item_data, item_html, score_html

ROOT = Path(__file__).resolve().parent.parent
HOOKS = ROOT / "site" / "_hooks"


def _load(name: str):
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, HOOKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["offline", "course", "a11y", "griffe_rst"])
def test_hook_doctests(name):
    if name == "griffe_rst":
        pytest.importorskip("griffe")
    else:
        pytest.importorskip("mkdocs")
    result = doctest.testmod(_load(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


TRICK = check(parse_quiz("""
id: ruff
kind: trick-winner
question: Spades are trumps. Which card wins?
contract: spades
trick: AH 7H 7S
choices: AH, 7H, 7S
answer: 7S
explain: A trump beats any heart.
""")[0])


def _data_attrs(html: str) -> list[dict]:
    return [json.loads(unescape(m)) for m in re.findall(r' data-pq="([^"]*)"', html)]


def test_site_quizzes_moves_the_data_and_drops_the_copies():
    course = _load("course")
    page = score_html("q") + item_html(TRICK, quiz="q") + item_html(TRICK, quiz="r")
    out = course.site_quizzes(page)
    assert _data_attrs(out) == [item_data(TRICK, "q"), item_data(TRICK, "r")]
    assert "<script" not in out and "<style" not in out
    assert STYLE.strip()[:40] not in out and SCRIPT.strip()[:40] not in out
    # everything else is kept: the buttons, the score bar
    assert len(re.findall(r'class="pq-choice[ "]', out)) == 6
    assert out.count('class="pq-score"') == 3


TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40)


@given(reason=TEXT, explain=TEXT, item_id=st.from_regex(r"[a-z][a-z0-9-]{0,10}", fullmatch=True))
def test_site_quizzes_keeps_any_text(reason, explain, item_id):
    course = _load("course")
    item = replace(TRICK.item, id=item_id, explain=explain)
    verdicts = tuple(replace(v, reason=reason + v.reason) for v in TRICK.verdicts)
    result = replace(TRICK, item=item, verdicts=verdicts, reason=reason)
    out = course.site_quizzes(item_html(result, quiz="lesson"))
    assert _data_attrs(out) == [item_data(result, "lesson")]


def test_lesson_links_point_to_the_pages():
    course = _load("course")
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import File, Files
    config = MkDocsConfig()
    config.load_dict({"site_name": "t", "docs_dir": str(ROOT / "site"), "site_dir": "/tmp/x"})
    target = File("lessons/02_the_auction.ipynb", str(ROOT / "site"), "/tmp/x", True)
    target.url = "lessons/02_the_auction/"  # as mkdocs-jupyter makes it
    files = Files([target])
    html = ('<a href="02_the_auction.ipynb">next</a> <a href="02_the_auction.ipynb#hold">h</a> '
            '<a href="99_missing.ipynb">x</a>')
    out = course.lesson_links(html, "lessons/01_cards/", files)
    assert out == ('<a href="../02_the_auction/">next</a> <a href="../02_the_auction/#hold">h</a> '
                   '<a href="99_missing.ipynb">x</a>')


def test_lesson_info_reads_title_and_scored_items():
    course = _load("course")
    nb = ROOT / "lessons" / "01_cards_deal_and_tricks.ipynb"
    info = course.lesson_info(nb)
    assert info["number"] == "01" and info["title"] == "Cards, the deal and tricks"
    raw = nb.read_text(encoding="utf-8")
    scored = set(re.findall(r'data-item=\\"([^"\\]+)\\" data-kind=\\"[^"\\]+\\" '
                            r'data-scored=\\"1\\"', raw))
    assert {i for ids in info["quizzes"].values() for i in ids} == scored and scored


def test_extract_template_styles_keeps_output_styles():
    offline = _load("offline")
    page = ('<style>.a{}</style><!-- x --><div class="jupyter-wrapper"><style>.out{}</style>'
            '<p>x</p></div> <!-- jupyter-wrapper --><style>.b{}</style>')
    html, styles = offline.extract_template_styles(page)
    assert styles == [".a{}", ".b{}"]
    assert "<style>.out{}</style>" in html and ".a{}" not in html


def test_patch_bundle_leaves_no_cdn_url():
    offline = _load("offline")
    js = ('a("https://unpkg.com/resize-observer-polyfill");b(`https://unpkg.com/mermaid@11/dist/'
          'mermaid.min.js`);c("https://cdn.jsdelivr.net/x.js");d("https://example.org/keep")')
    out = offline.patch_bundle(js)
    assert "unpkg" not in out and "jsdelivr" not in out and out.count("data:text/javascript,") == 3
    assert "https://example.org/keep" in out


def test_rst_to_markdown_tables_and_roles():
    pytest.importorskip("griffe")
    rst = _load("griffe_rst")
    text = ("Values:\n\n=====  ==\ngame   v\n=====  ==\npik    2\nkaro   3\n=====  ==\n\n"
            "See :meth:`BalkanHand.undo` and :mod:`prefa.record`.")
    md = rst.rst_to_markdown(text).splitlines()
    assert md[2:8] == ["```text", "game   v", "-----  --", "pik    2", "karo   3", "```"]
    assert md[-1] == "See `BalkanHand.undo` and `prefa.record`."

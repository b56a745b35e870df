"""Issue 19, following (pratnja), calling and kontra: the banks 04 and 05, lessons 04 and 05,
and the attribution of the minimum lists (the site's rules page of seed 001, not v1.2)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from prefa.balkan.contract import Contract
from prefa.balkan.conventions.evaluation import (
    GULIN,
    SITE,
    STRATEGY,
    TOURNAMENT,
    V12,
    need_text,
    trump_tricks,
)
from prefa.balkan.conventions.whist import (
    MINIMUMS,
    SOURCES,
    TABLE_GAMES,
    WhistSituation,
    extra_right_table,
    follow_advice,
    kontra_advice,
    minimum_table,
    stricter_table,
)
from prefa.cards import CardSet, Suit
from prefa.quiz import SCHOOLS, check, load_quiz, parse_quiz

ROOT = Path(__file__).resolve().parent.parent
BANKS = ROOT / "prefa" / "data" / "quizzes"
LESSON_04 = ROOT / "lessons" / "04_following_and_calling.ipynb"
LESSON_05 = ROOT / "lessons" / "05_kontra.ipynb"


def _items(name: str):
    items, errors = load_quiz((BANKS / name).read_text(encoding="utf-8"))
    assert not errors, errors
    return items


ITEMS = {(name, i.id): i for name in ("04_following.txt", "05_kontra.txt") for i in _items(name)}
RESULTS = {k: check(i) for k, i in ITEMS.items()}


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _markdown(path: Path) -> str:
    return "\n".join("".join(c["source"]) for c in _cells(path) if c["cell_type"] == "markdown")


def _output(path: Path, needle: str) -> str:
    """The text (markdown first) the code cell whose source holds ``needle`` shows."""
    (cell,) = [c for c in _cells(path) if c["cell_type"] == "code" and needle in "".join(c["source"])]
    parts = []
    for o in cell["outputs"]:
        data = o.get("data", {})
        parts.append("".join(o.get("text") or data.get("text/markdown") or data.get("text/plain") or ""))
    return "".join(parts)


# -- the banks ----------------------------------------------------------------------------------
def test_at_least_24_following_calling_and_kontra_items_all_agreeing_with_the_engine():
    defence = {k: r for k, r in RESULTS.items() if r.item.kind == "defence"}
    assert len(defence) >= 24
    bad = [k for k, r in RESULTS.items() if not r.agrees]
    assert not bad, bad


def test_the_banks_cover_each_topic():
    def where(pred):
        return [k[1] for k, r in RESULTS.items() if pred(r.item)]
    spades = where(lambda i: i.record.get("contract") == "spades")
    calling = where(lambda i: "call" in i.choices)
    kontra_step = where(lambda i: "decline" in i.choices)
    second = where(lambda i: (i.record.get("defence") or "").split(",")[0].strip() in ("follow", "pass")
                   and "follow" in i.choices)
    assert len(spades) >= 5 and len(calling) >= 3 and len(kontra_step) >= 8 and len(second) >= 5
    assert {"follow-12", "follow-13", "kontra-06", "kontra-07", "kontra-08"} <= set(spades)


def test_items_whose_schools_differ_say_so_and_grade_per_school():
    differ = {k: r for k, r in RESULTS.items() if r.schools}
    assert len(differ) >= 7
    for (_, _id), r in differ.items():
        text = (r.item.question + " " + (r.item.explain or "")).lower()
        assert "school" in text or any(s.lower() in text for s in ("gulin", "tournament", "strategy")), _id
    # an answer[...] line for every school that differs from the default
    for (_, _id), r in differ.items():
        given = dict(r.item.school_answers)
        for name, sr in r.schools.items():
            if sr.engine != r.engine and name != "default":
                assert given.get(name) == sr.engine, (_id, name)
    assert RESULTS[("04_following.txt", "follow-13")].school == V12


# -- the slip: the lists are the site's rules page, not v1.2 ---------------------------------------
def test_the_minimum_lists_are_attributed_to_the_site_rules_page():
    assert SITE == "site rules" and V12 == "v1.2 rules"
    assert all(v.startswith("001 site rules, PRATNJA case ") and "v1.2" not in v for v in SOURCES.values())
    a = follow_advice(WhistSituation(CardSet.parse("SK8 HA87 DQ97 C98"), Contract.parse("igra hearts")))
    assert a.school == SITE and a.source == "001 site rules, PRATNJA case 1"
    assert "v1.2" not in a.reason


def test_the_v12_rules_speak_only_of_spades_with_the_talon_among_suit_games():
    hearts = WhistSituation(CardSet.parse("SK8 HK87 DQ98 CK7"), Contract.parse("hearts"),
                            talon=CardSet.parse("ST H9"), number=2)
    assert V12 not in follow_advice(hearts).schools
    spades = WhistSituation(CardSet.parse("SK8 HK87 DQ98 CK7"), Contract.parse("spades"),
                            talon=CardSet.parse("ST H9"), number=2)
    a = follow_advice(spades)
    assert a.school == V12 and a.source == "001 v1.2 ch.16 DOGOVORI"
    assert SITE not in a.schools and set(a.schools) == {GULIN, TOURNAMENT, STRATEGY}


def test_the_missed_kontra_fine_is_the_site_rules_not_v12():
    sit = WhistSituation(CardSet.parse("HAKQJT DJT97 C7"), Contract.parse("diamonds"),
                         talon=CardSet.parse("S7 C8"), number=2)
    a = follow_advice(sit)
    assert a.action == "kontra" and a.school == SITE
    assert a.source == "001 site rules, PRATNJA case 6" and "20 bule" in a.reason
    k = kontra_advice(WhistSituation(sit.hand, sit.contract, talon=sit.talon, number=2, pending="kontra"))
    assert k.source == "001 site rules, PRATNJA case 6"
    kontra01 = ITEMS[("05_kontra.txt", "kontra-01")].explain
    assert "site's rules page" in kontra01 and "v1.2" not in kontra01


def test_the_old_school_label_is_gone_but_still_read():
    assert "v1.2 site rules" not in SCHOOLS and {SITE, V12} <= set(SCHOOLS)
    text = (BANKS / "04_following.txt").read_text(encoding="utf-8").split("---")[1]
    assert "id: follow-02" in text
    (item,) = parse_quiz(text + "answer[v1.2 site rules]: pass\n")
    assert item.school_answers == ((SITE, ("pass",)),) and check(item).agrees


def test_the_lessons_name_the_site_rules_for_the_lists():
    for path in (LESSON_04, LESSON_05):
        text = _markdown(path)
        assert "(rules v1.2)" not in text and "v1.2\nlists" not in text and "v1.2 lists" not in text
    # issue 24: said in a reader's words (no "seed", no PRATNJA label)
    assert "case 1 of the list on following (pratnja) on the rules page of the Serbian site" in _output(
        LESSON_04, 'print(f"Where the list comes from')
    assert "case 6 of the list on following (pratnja) on the rules page of the Serbian site" in _output(
        LESSON_05, 'print(f"Where it is written')


# -- the slip: why K-x of trumps is a trump trick ------------------------------------------------------
def test_lesson_04_gives_the_right_reason_for_the_guarded_trump_king():
    text = _markdown(LESSON_04)
    assert "the king can wait" not in text
    para = next(" ".join(p.split()) for p in text.split("\n\n") if "trump trick" in p and "K-x" in p)
    assert "under it" in para and "ruff" in para and "*sijeći*" in para
    hand = CardSet.parse("SK8 HK7 DK98 CA98")
    assert trump_tricks(hand, Suit.HEARTS) == 1        # K-x of trumps: a trump trick
    assert trump_tricks(CardSet.parse("SK8 HK DK987 CA98"), Suit.HEARTS) == 0   # an unguarded king is not


# -- the minimum table comes from the engine ---------------------------------------------------------
def _render(headers, rows) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join([name] + ["<br>".join(cell) for cell in cells]) + " |" for name, *cells in rows]
    return "\n".join(lines)


def test_the_lesson_minimum_table_is_the_engines_data():
    shown = _output(LESSON_04, "minimum_table())")
    assert shown == _render(["Game", "First defender", "Second defender", "Called defender"], minimum_table())
    games = [line.split(" | ")[0].strip("| ") for line in shown.splitlines()[2:]]
    assert [g.split()[0] for g in games] == [key for key, _ in TABLE_GAMES] \
        == ["spades", "diamonds", "hearts", "clubs", "betl", "sans", "igra"]
    first = {n: need_text(n) for n in MINIMUMS[("igra", "first")]}
    assert all(t in shown for t in first.values())
    assert re.search(r"\| betl \| n/a", shown)
    stricter = _output(LESSON_04, 'show(["Situation", "First defender", "Second defender"], stricter_table())')
    assert stricter == _render(["Situation", "First defender", "Second defender"], stricter_table())
    extra = _output(LESSON_04, "extra_right_table())")   # case 8: a right beside the lists (issue 24)
    assert extra == _render(["Situation", "Either defender may also follow with"], extra_right_table())
    # and nobody typed a minimum list into the lesson's prose
    assert "three trumps and two aces" not in _markdown(LESSON_04)


def test_the_table_follows_the_lists():
    rows = {r[0].split()[0]: r[1:] for r in minimum_table()}
    assert rows["spades"][0] == tuple(need_text(n) for n in MINIMUMS[("spades-talon", V12)])
    assert rows["hearts"] == rows["igra"] and rows["igra"][1] == tuple(
        need_text(n) for n in MINIMUMS[("igra", "second")])
    assert rows["betl"][0][0].startswith("n/a")


# -- Croatian terms ------------------------------------------------------------------------------------
@pytest.mark.parametrize("path, words", [(LESSON_04, ("*tabla*", "*juha*", "*sijeći*")),
                                         (LESSON_05, ("*tabla*", "*juha*"))])
def test_the_croatian_terms(path, words):
    text = _markdown(path)
    assert all(w in text for w in words)

"""The slips of issue 19 (item 5) that live in the lead's lessons, each with a test that
would have caught it.  The other helpers' lessons have their own files
(``tests/test_course_*.py``)."""

import json
import re
from pathlib import Path

import pytest

from prefa.deal import Deal

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))
QUIZZES = ROOT / "prefa" / "data" / "quizzes"


def lesson(number: str) -> Path:
    return next(p for p in LESSONS if p.name.startswith(number + "_"))


def markdown(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def code(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")


NUMBER_WORDS = {"eighteen": 18, "nineteen": 19, "twenty": 20, "twenty-one": 21, "twenty-two": 22}


def test_lesson_00_counts_the_lessons_there_are():
    text = markdown(lesson("00"))
    said = re.search(r"All ([a-z-]+) lessons are ready", text)
    assert said and NUMBER_WORDS[said.group(1)] == len(LESSONS)
    rows = re.findall(r"^\| (\d\d) \|", text, re.MULTILINE)
    assert rows == [p.name[:2] for p in LESSONS]  # the course map lists every lesson, in order


def test_lesson_00_says_the_live_views_work_on_the_website():
    assert "on the website they show the deal as it starts" not in markdown(lesson("00"))


def test_russian_lesson_gives_balkan_betl_with_and_without_the_talon():
    text = markdown(lesson("18"))
    assert "betl, announced without the talon |" not in text
    assert "won in the auction at 6 with the talon" in text and "*igra betl*, 7" in text


@pytest.mark.parametrize("text", [
    markdown(lesson("18")),
    (QUIZZES / "18_russian_preferans.txt").read_text(encoding="utf-8"),
])
def test_the_lone_eight_is_caught_by_the_seven_not_beaten(text):
    # the seven is the lower card: it does not beat the eight, it forces the eight to win
    assert not re.search(r"eight[^.]{0,40}beaten (only )?by[^.]{0,30}seven", text)


def test_vida_lesson_gives_greek_prefa_its_aces_and_no_kontra():
    text = markdown(lesson("19"))
    row = re.search(r"^\| doubling \|.*$", text, re.MULTILINE).group(0)
    assert "Greek Prefa: none" in row
    extras = re.search(r"^\| extras \|.*$", text, re.MULTILINE).group(0)
    assert "aces" in extras and "| none |" not in extras


def test_greek_words_spelled_as_the_seed_spells_them():
    for path in LESSONS + sorted((ROOT / "site").rglob("*.md")) + sorted((ROOT / "prefa").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "άερα" not in text, path  # αέρα: the accent is on the second syllable
    assert "μπουρλότ" in markdown(lesson("19"))


def test_lesson_02_gives_the_igra_tie_as_a_house_rule_and_the_spades_rule_exactly():
    text = markdown(lesson("02"))
    # issue 24: the house rule in words, not the option's name=value
    assert "igra_tie" not in text and "gives it to the **later** one" in text
    assert "once one *igra* player\nhas named his game, nobody may name spades" not in text
    assert "must mean *karo* or higher" in text


def test_russian_rules_page_says_where_the_discards_depart_from_seed_004():
    text = " ".join((ROOT / "site" / "rules" / "russian.md").read_text(encoding="utf-8").split())
    assert "departs from the letter of the Russian rules text" in text
    assert "captured by the declarer" in text


def test_croatian_words_on_the_glossary():
    text = (ROOT / "site" / "glossary.md").read_text(encoding="utf-8")
    assert "| to trump | seći | sijeći |" in text
    assert "| score sheet | tabla | tabla |" in text
    assert "| supe | supe | juha |" in text and "sredina" in text
    assert "rezati" not in text + markdown(lesson("01"))


THREE_PLAYER_DEAL = re.compile(r"^deal: (.+(?:\n  .+)*)", re.MULTILINE)


def _deals(text: str):
    for m in THREE_PLAYER_DEAL.finditer(text):
        yield " ".join(m.group(1).split())


@pytest.mark.parametrize("bank", sorted(p.name for p in QUIZZES.glob("*.txt")
                                        if not p.name.startswith(("19_", "20_"))))
def test_every_dealt_hand_of_a_three_player_bank_has_ten_cards(bank):
    for text in _deals((QUIZZES / bank).read_text(encoding="utf-8")):
        d = Deal.parse(text)
        if len(d.hands) == 3 and sum(len(h) for h in d.hands) + len(d.talon) == 32:
            assert [len(h) for h in d.hands] == [10, 10, 10] and len(d.talon) == 2, text


@pytest.mark.parametrize("path", [p for p in LESSONS if p.name[:2] < "19"], ids=lambda p: p.name[:2])
def test_every_full_deal_written_in_a_lesson_has_ten_cards_a_hand(path):
    for text in _deals(code(path)):
        d = Deal.parse(text.strip('"'))
        if len(d.hands) == 3 and d.talon:
            assert [len(h) for h in d.hands] == [10, 10, 10] and len(d.talon) == 2, text

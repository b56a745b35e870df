"""Slips in lessons 12-14 and their banks (issue 24), each checked against the engine."""

import json
from pathlib import Path

from prefa.balkan.contract import Contract, Game
from prefa.balkan.scoring import HandResult, Sheet, score_hand

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"


def markdown(name: str) -> str:
    nb = json.loads((LESSONS / name).read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def test_lesson_13_a_made_game_lowers_bule_by_twice_its_value():
    text = " ".join(markdown("13_declarer_play.ipynb").split())
    assert "lowers his bule by its value" not in text
    assert "lowers his bule by twice its value (hearts, a game of 4, takes 8 bule off)" in text
    hearts = Contract(Game.HEARTS)
    assert hearts.value == 4
    for tricks in ((6, 2, 2), (10, 0, 0)):
        sheet = Sheet.new()
        after = score_hand(sheet, HandResult.played_hand(0, hearts, tricks, followers=(1, 2)))
        assert sheet.bule[0] - after.bule[0] == 2 * hearts.value == 8

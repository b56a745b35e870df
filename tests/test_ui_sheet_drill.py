"""The score-sheet drill session (prefa.ui.sheet_drill): the protocol, the checks, the slips named."""

from __future__ import annotations

import json

import pytest

from prefa.balkan.contract import Game
from prefa.balkan.scoring import Outcome, score_change, score_hand
from prefa.ui import SheetDrillSession
from prefa.ui.sheet_drill import NAMES, column_of, drill_position, expected_entries
from prefa.ui.web import act as web_act
from prefa.ui.web import new as web_new
from prefa.ui.web import placeholder


def _find(pred, seeds=range(400), **kwargs) -> SheetDrillSession:
    for seed in seeds:
        s = SheetDrillSession(seed, **kwargs)
        if pred(s):
            return s
    raise AssertionError("no seed fits")


def _without_error(state: dict) -> dict:
    return {k: v for k, v in state.items() if k != "error"}


def test_the_same_seed_gives_the_same_hand_and_the_state_is_json():
    a, b = SheetDrillSession(7), SheetDrillSession(7)
    assert a.state() == b.state()
    assert json.loads(a.json())["view"] == "sheet_drill"
    assert SheetDrillSession(8).state()["hand"] != a.state()["hand"] or \
        SheetDrillSession(8).sheet != a.sheet


def test_no_engine_entry_is_in_the_state_before_it_is_found():
    s = _find(lambda s: s.hand.outcome is Outcome.PLAYED)
    st = s.state()
    assert st["phase"] == "writing" and st["after"] is None
    assert all(c["value"] is None for c in st["cells"]) and st["refe"]["value"] is None
    assert st["legal"] == [{"type": "check", "cells": {}}, {"type": "show"}]


def test_the_answer_key_is_all_right_and_locks_the_hand():
    s = SheetDrillSession(34)
    st = s.act({"type": "check", "cells": s.answer_key()})
    assert st["phase"] == "done" and st["verdict"] == "All 10 entries are right."
    assert st["score"] == {"hands": 1, "clean": 1, "text": st["score"]["text"]}
    assert st["legal"] == [{"type": "next"}]
    assert [p["bule"] for p in st["after"]["players"]] == list(score_hand(s.sheet, s.hand).bule)
    before = _without_error(st)
    st = s.act({"type": "check", "cells": s.answer_key()})
    assert "this hand is written" in st["error"] and _without_error(st) == before


@pytest.mark.parametrize("cells, words", [
    ({"9.bule": "3"}, "cell '9.bule': expected one of 0.left"),
    ({"0.bule": "ninety"}, "Ana's bule: 'ninety' is not a number"),
    ({"refe": "maybe"}, "the refe: 'maybe': expected one of none, new, tick"),
    ({"1.left": 5}, "Bora's left supe: expected a short text"),
])
def test_a_bad_cell_is_refused_and_changes_nothing(cells, words):
    s = SheetDrillSession(34)
    s.act({"type": "check", "cells": {"1.right": "280"}})
    before = _without_error(s.state())
    st = s.act({"type": "check", "cells": cells})
    assert st["error"].startswith(words) and "\n" not in st["error"]
    assert _without_error(st) == before


def test_other_refusals_name_what_is_expected():
    s = SheetDrillSession(1)
    assert "expected one of check, show" in s.act({"type": "next"})["error"]
    assert "cells such as '0.bule'" in s.act({"type": "check", "cells": "90"})["error"]


def test_right_entries_stay_and_wrong_ones_are_written_again():
    s = SheetDrillSession(34)
    st = s.act({"type": "check", "cells": {"2.bule": "120", "1.right": "280", "refe": "tick"}})
    assert [c["key"] for c in st["cells"] if c["status"] == "wrong"] == ["2.bule"]
    assert st["verdict"].startswith("9 of 10 entries are right")
    # a right entry is locked: a different value sent later is not read
    st = s.act({"type": "check", "cells": {"2.bule": "140", "1.right": "0"}})
    assert st["phase"] == "done" and st["score"]["clean"] == 0
    assert next(c for c in st["cells"] if c["key"] == "1.right")["value"] == "280"


def test_the_old_bule_written_again_is_nothing_and_unicode_minus_reads():
    s = _find(lambda s: s.hand.outcome is Outcome.PLAYED and s.expected["1.bule"] is None
              and any(isinstance(v, int) and v < 0 for v in s.expected.values()),
              starting_bule=30)
    key = s.answer_key()
    key["1.bule"] = str(s.sheet.bule[1])
    key = {k: v.replace("-", "\u2212") for k, v in key.items()}
    assert s.act({"type": "check", "cells": key})["phase"] == "done"


def _slip(s: SheetDrillSession, key: str, value: int) -> str:
    cells = s.answer_key()
    cells[key] = str(value)
    st = s.act({"type": "check", "cells": cells})
    (c,) = [c for c in st["cells"] + [st["refe"]] if c["status"] == "wrong"]
    assert c["key"] == key
    return c["message"]


def test_the_slips_are_named():
    s = SheetDrillSession(34)  # clubs, kontra, refe; Vera falls from 100 to 140
    assert "left out the refe" in _slip(s, "2.bule", 120)
    s = _find(lambda s: s.hand.kontra == 2 and s.hand.declarer is not None
              and not s.sheet.refe[s.hand.declarer] and s.hand.outcome is Outcome.PLAYED
              and s.hand.contract.game.is_suit)
    d = s.hand.declarer
    right = s.expected[f"{d}.bule"]
    old = s.sheet.bule[d]
    assert "left out the kontra" in _slip(s, f"{d}.bule", old + (right - old) // 2)
    s.act({"type": "show"})
    s2 = SheetDrillSession(s.seed)
    assert "not the change" in _slip(s2, f"{d}.bule", right - old)
    s3 = SheetDrillSession(s.seed)
    assert "The wrong way" in _slip(s3, f"{d}.bule", old - (right - old))
    g = _find(lambda s: s.hand.outcome is Outcome.PLAYED and s.hand.contract.igra
              and s.hand.contract.game.is_suit and not s.sheet.refe[s.hand.declarer]
              and s.hand.kontra == 1)
    d = g.hand.declarer
    old, right = g.sheet.bule[d], g.expected[f"{d}.bule"]
    v = g.hand.contract.game.value * 2
    wrong = old - v if right < old else old + v
    assert "left out the igra point" in _slip(g, f"{d}.bule", wrong)
    w = _find(lambda s: any(s.expected[f"{p}.right"] for p in range(3)))
    p = next(p for p in range(3) if w.expected[f"{p}.right"])
    cells = w.answer_key()
    cells[f"{p}.left"], cells[f"{p}.right"] = cells[f"{p}.right"], ""
    st = w.act({"type": "check", "cells": cells})
    msg = {c["key"]: c["message"] for c in st["cells"]}
    assert "in the wrong column" in msg[f"{p}.left"]
    assert f"sits on {NAMES[p]}'s right" in msg[f"{p}.right"]


def test_show_then_next():
    s = SheetDrillSession(5)
    st = s.act({"type": "show"})
    assert st["phase"] == "done" and all(c["status"] == "shown" and c["value"] is not None
                                         for c in st["cells"])
    assert "were right; the engine's entries are shown" in st["verdict"]
    st = s.act({"type": "next"})
    assert st["seed"] == 6 and st["phase"] == "writing" and st["score"]["hands"] == 1


def test_columns_follow_the_real_table():
    # play goes to the right: the next seat sits on the right
    assert [column_of(w, (w + 1) % 3) for w in range(3)] == ["right"] * 3
    assert [column_of(w, (w + 2) % 3) for w in range(3)] == ["left"] * 3


def test_the_drill_agrees_with_the_scoring_over_many_hands():
    kinds = set()
    for seed in range(300):
        sheet, hand = drill_position(seed)
        ch = score_change(sheet, hand)
        e = expected_entries(sheet, hand)
        after = score_hand(sheet, hand)
        for p in range(3):
            assert (e[f"{p}.bule"] or sheet.bule[p]) == after.bule[p]
            left, right = (p - 1) % 3, (p + 1) % 3
            assert (e[f"{p}.left"] or 0) == after.supe[p][left] - sheet.supe[p][left]
            assert (e[f"{p}.right"] or 0) == after.supe[p][right] - sheet.supe[p][right]
        assert e["refe"] == ("new" if after.refe_rounds > sheet.refe_rounds else
                             "tick" if ch.refe_ticked is not None else "none")
        if hand.outcome is Outcome.PLAYED:
            assert sum(hand.tricks) == 10
            assert all(hand.tricks[p] == 0 for p in hand.defenders
                       if p not in hand.followers and hand.caller is None)
            if hand.contract.game is Game.SPADES and not hand.contract.igra:
                assert hand.kontra > 1  # bought spades are played only after a kontra
        kinds.add((hand.outcome, hand.responsibility.value, e["refe"]))
        s = SheetDrillSession(seed)
        assert s.act({"type": "check", "cells": s.answer_key()})["phase"] == "done"
    assert len(kinds) >= 10  # every kind of hand comes up


def test_the_drill_on_the_site_and_in_a_lesson():
    made = json.loads(web_new("sheet_drill", '{"seed": 34}'))
    assert made["state"]["view"] == "sheet_drill"
    st = json.loads(web_act(made["id"], json.dumps({"type": "check", "cells": {"2.bule": "140"}})))
    assert next(c for c in st["cells"] if c["key"] == "2.bule")["status"] == "right"
    s = SheetDrillSession(seed=34)
    html = placeholder(s, s.static_html())
    assert 'data-view="sheet_drill"' in html and "Write it live" in html
    assert all(f in s.static_html() for f in ("Vera", "Bora gives kontra.", "left supe"))

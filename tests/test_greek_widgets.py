"""The kasa sheet widget: hand by hand, undo, stop early, messages instead of tracebacks."""

from prefa.greek.kasa import HandResult, KasaSheet
from prefa.greek.options import GreekRules
from prefa.greek.widgets import KasaSheetView, sheet_html

HAND = "auction: Πρώτα, pass, pass\ncontract: 6H\ndefence: play, play\ntricks: 6 1 3"


def test_buttons_drive_the_sheet():
    v = KasaSheetView(names=("A", "B", "Γ"))
    assert v.undo_button.disabled
    v.entry.value = HAND
    v.add_button.click()
    assert v.sheet.kasa == (25, 30, 30) and "Hand 1" in v.message
    assert "+15" in v.table.value and "Hand by hand" in v.table.value
    v.undo_button.click()
    assert v.sheet.hands == 0 and v.sheet.kasa == (30, 30, 30)
    v.stop_button.click()
    assert v.sheet.is_over and v.add_button.disabled and "final kapikia" in v.message
    assert v.sheet.hands == 0 and "shared out" in v.table.value


def test_bad_input_shows_a_message_not_a_traceback():
    v = KasaSheetView()
    for bad in ["", "nonsense", "auction: Πρώτα, Τρίτα", HAND.replace("6 1 3", "6 1 2")]:
        assert v.add(bad) is False
        assert v.message and 'role="alert"' in v.feedback.value
        assert v.sheet.hands == 0
    assert v.undo() is False and "Nothing to undo" in v.message


def test_hand_results_and_game_over():
    v = KasaSheetView(sheet=KasaSheet.at((0, 0, 5)))
    assert v.add(HandResult.defenders_passed(2, "6H"))
    assert v.sheet.is_over and "game over" in v.table.value
    assert v.add(HandResult.defenders_passed(2, "6H")) is False and "game is over" in v.message
    assert v.stop_early() is False


def test_four_players_names_and_text():
    v = KasaSheetView(GreekRules(players=4), names=("a", "b", "c", "d"))
    assert v.add("options: players=4\n" + HAND.replace("6 1 3", "5 2 3 0"))
    assert v.sheet.kasa == (35, 30, 30, 30)
    assert "a " in v.text() and "remaining kasa 125" in v.text()


def test_sheet_html_is_deterministic_and_escapes_names():
    s = KasaSheet.new()
    assert sheet_html(s, ["<b>"]) == sheet_html(s)           # wrong count: seat names
    assert "&lt;x&gt;" in sheet_html(s, ["<x>", "y", "z"])
    assert s._repr_html_() == sheet_html(s)


def test_static_html_for_pages_without_a_kernel():
    v = KasaSheetView()
    v.add(HAND)
    bundle = v._repr_mimebundle_()
    assert "text/html" in bundle and "Hand by hand" in bundle["text/html"]
    assert "Hand 1" in v.to_html()

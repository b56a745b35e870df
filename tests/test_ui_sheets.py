"""The score sheets drawn by the front-end (prefa.ui.sheet, sheets_greek, sheets_russian):
the Balkan sheet's rows and static HTML, the Greek kasa sheet and the Russian pulya."""

from dataclasses import replace

from prefa.balkan.contract import Contract, Game
from prefa.balkan.scoring import HandResult, Outcome, Sheet, score_hand
from prefa.greek.hand import replay_text
from prefa.greek.kasa import HandResult as KasaResult
from prefa.greek.kasa import KasaSheet
from prefa.greek.kasa import score_hand as kasa_hand
from prefa.greek.options import GreekRules
from prefa.russian.contract import Contract as RC
from prefa.russian.scoring import HandResult as RussianResult
from prefa.russian.scoring import play_sheet, settle
from prefa.ui.sheet import sheet_data, sheet_html
from prefa.ui.sheets_greek import kasa_sheet_html
from prefa.ui.sheets_russian import pulya_sheet_html

NAMES = ["Ana", "Bo", "Cy"]


# -- the Balkan sheet ---------------------------------------------------------------------

def test_balkan_sheet_shows_bule_history_and_supe():
    s = score_hand(Sheet.new(), HandResult.played_hand(
        declarer=0, contract=Contract(Game.CLUBS), tricks=(6, 2, 2), followers=(1, 2)))
    html = sheet_html(sheet_data(s, NAMES))
    assert "<s>100</s>" in html and "<b>90</b>" in html
    assert "Ana" in html and "supe" in html and ">20<" in html
    assert "Remaining bule: <b>290</b>" in html
    assert "under the hat" not in html


def test_balkan_sheet_draws_the_hat_for_negative_bule():
    s = replace(Sheet.new(), bule=(-4, 50, 54), history=((100, -4), (100, 50), (100, 54)))
    d = sheet_data(s)
    assert [p["under_hat"] for p in d["players"]] == [True, False, False]
    html = sheet_html(d)
    assert html.count('class="pf-hat"') == 1 and "<b>-4</b>" in html


def test_balkan_refe_triangles_tick_played_sides():
    s = replace(Sheet.new(), refe=(0, 1, 1), refe_rounds=1)
    d = sheet_data(s)
    assert len(d["refe"]["triangles"]) == 1
    assert d["refe"]["triangles"][0]["label"] == "refe round 1: played by seat 0"
    s = Sheet.new()
    for _ in range(2):
        s = score_hand(s, HandResult(Outcome.REFE))
    html = sheet_html(sheet_data(s))
    assert html.count('class="pf-refe"') == 2 and "played by nobody yet" in html


def test_balkan_results_in_both_conventions_when_over():
    s = replace(Sheet.new(), bule=(10, -10, 0), supe=((0, 30, 0), (0, 0, 0), (20, 0, 0)))
    assert s.is_over
    d = sheet_data(s, NAMES)
    html = sheet_html(d)
    assert "the game is over" in html and "lower is better" in html
    assert [(r["lower"], r["higher"]) for r in d["results"]] == list(
        zip(s.results(), s.results_positive_good()))


def test_balkan_sheet_escapes_names():
    assert "&lt;x&gt;" in sheet_html(sheet_data(Sheet.new(), ["<x>", "y", "z"]))


# -- the Greek kasa sheet -----------------------------------------------------------------

HAND = "auction: Πρώτα, pass, pass\ncontract: 6H\ndefence: play, play\ntricks: 6 1 3"


def test_kasa_sheet_hand_by_hand():
    s = KasaSheet.new()
    html = kasa_sheet_html(s)
    assert "The sheet after 0 hands" in html and "Hand by hand" not in html
    s = kasa_hand(s, replay_text(HAND).result())
    html = kasa_sheet_html(s, ("A", "B", "Γ"))
    assert s.kasa == (25, 30, 30) and "<td>25</td>" in html
    assert "+15" in html and "Hand by hand" in html and "kasa still open" in html


def test_kasa_sheet_stopped_early_and_game_over():
    s = KasaSheet.new().stop_early()
    assert "shared out" in kasa_sheet_html(s)
    over = kasa_hand(KasaSheet.at((0, 0, 5)), KasaResult.defenders_passed(2, "6H"))
    assert over.is_over and "game over" in kasa_sheet_html(over)


def test_kasa_sheet_names_and_four_players():
    s = KasaSheet.new()
    assert kasa_sheet_html(s, ["<b>"]) == kasa_sheet_html(s)   # wrong count: seat names
    assert "&lt;x&gt;" in kasa_sheet_html(s, ["<x>", "y", "z"])
    four = kasa_sheet_html(KasaSheet.new(GreekRules(players=4)), ("a", "b", "c", "d"))
    assert four.count('<th scope="col">') == 2 * 4 and four.count("<td>30</td>") == 4


def test_the_kasa_sheet_itself_shows_its_text_table():
    s = KasaSheet.new()
    assert s._repr_html_().startswith("<pre>") and "remaining kasa" in s._repr_html_()


# -- the Russian pulya --------------------------------------------------------------------

def test_pulya_shows_the_columns_and_the_results():
    s = play_sheet([RussianResult.not_played(0, RC.parse("6S")),
                    RussianResult.not_played(0, RC.parse("7S")),
                    RussianResult.played(1, RC.parse("6S"), (4, 5, 1))])
    html = pulya_sheet_html(s, settlement=True)
    rows = html.split("<tr>")[2:]
    assert len(rows) == 3
    assert "<td>2.6</td>" in rows[0] and "<td>2</td>" in rows[1]   # pool, gora
    net = settle(s).net
    assert all(f"{float(x):+.2f}" in r or f"{int(x):+d}" in r for x, r in zip(net, rows))
    assert "result (pool points)" not in pulya_sheet_html(s)
    assert s._repr_html_().startswith("<pre>") and "pool target" in s._repr_html_()

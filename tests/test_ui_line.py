"""The solver's best line drawn trick by trick (prefa.ui.line)."""

from prefa.analysis import principal_variation
from prefa.cards import Suit, card_name
from prefa.deal import Deal
from prefa.solver import Position, solve
from prefa.ui.line import best_line_html, line_tricks


def test_the_line_is_the_principal_variation_cut_into_tricks():
    d = Deal.parse("HK D8 CT / SQ HJ CJ / S9 HA DA")
    p = Position.from_deal(d, declarer=0, leader=1, goal="betl")
    tricks = line_tricks(p)
    assert len(tricks) == 3 and [t["no"] for t in tricks] == [1, 2, 3]
    assert [c for t in tricks for c in t["cards"]] == [card_name(c) for c in principal_variation(p)]
    assert tricks[-1]["declarer"] == solve(p) == tricks[-1]["won"][0]
    html = best_line_html(p)
    assert "take no trick (betl)" in html and html.count('class="prefa-table"') == 1
    assert html.count("<svg") == 3 + len(tricks)  # a drawing per hand, one per trick
    assert all(t["caption"] in html for t in tricks)


def test_the_line_from_inside_a_trick_completes_it_first():
    d = Deal.parse("SAK HA / SQJ H7 / ST9 HK")
    p = Position.from_deal(d, declarer=0, leader=0, played="AS QS", trump=Suit.SPADES)
    tricks = line_tricks(p)
    assert tricks[0]["cards"][:2] == ["AS", "QS"] and tricks[0]["seats"][:2] == [0, 1]
    html = best_line_html(p, labels={0: "declarer, spades"})
    assert "Trick so far: seat 0 ace of spades, seat 1 queen of spades" in html
    assert "declarer, spades" in html


def test_the_declarer_count_includes_tricks_won_before():
    d = Deal.parse("SA / SK / SQ")
    p = Position(hands=d.hands, declarer=0, leader=0, won=5)
    (t,) = line_tricks(p)
    assert t["declarer"] == 6 and t["caption"].endswith("(declarer 6).")

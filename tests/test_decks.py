"""The deck styles (prefa.decks): the Hungarian-suited cards drawn by every drawing
function, chosen by every session, and refused by name when there is no such deck."""

from __future__ import annotations

import inspect
import json
import re

import pytest

from prefa import decks
from prefa.cards import CardSet, deck, parse_card, parse_cards
from prefa.deal import random_deal
from prefa.decks import DECKS, deck_choices, deck_style, default_deck, set_deck, using_deck
from prefa.display import (
    card_sprite,
    card_svg,
    card_words,
    deal_svg,
    hand_svg,
    sprite_id,
    table_svg,
    trick_svg,
)
from prefa.errors import PrefaError

HU = DECKS["hungarian"]
# a mark of each Hungarian sign (its fill colour) and of each French one (its path)
HU_MARKS = ('fill="#1a9460"', 'fill="#d8202e"', 'fill="#f5b800"', 'fill="#b86a22"')
FR_MARKS = tuple(f'd="{p[:20]}' for p in DECKS["french"].signs)


@pytest.fixture(autouse=True)
def _french_default():
    """Every test starts, and leaves, with the French deck as the default."""
    set_deck("french")
    yield
    set_deck("french")


def _text_of(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def test_every_card_of_the_hungarian_deck_is_drawn_distinct_with_its_name():
    drawings = [card_svg(c, deck="hungarian") for c in deck(32)]
    assert len(set(drawings)) == 32
    for c, svg in zip(deck(32), drawings):
        s = c >> 4
        assert f'aria-label="{card_words(c)}"' in svg  # the course's words, in every deck
        assert HU_MARKS[s] in svg and not any(m in svg for m in FR_MARKS)
        assert svg != card_svg(c)
    ranks = [_text_of(card_svg(parse_card(f"{r}S"), deck="hungarian"))[0]
             for r in "AKQJT987"]
    assert ranks == ["A", "K", "O", "U", "10", "9", "8", "7"]


def test_the_hungarian_suits_have_four_inks_apart_in_lightness():
    """The index inks differ, and no two are close in lightness (the four-colour idea:
    a colour-blind reader still tells them apart)."""
    def lightness(hex_ink: str) -> float:
        r, g, b = (int(hex_ink[i:i + 2], 16) / 255 for i in (1, 3, 5))
        lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    assert len(set(HU.inks)) == 4
    # the signs: light bells, dark acorn caps, leaves and hearts between
    assert HU.four_inks == HU.inks  # four colours by nature
    assert lightness(HU.inks[3]) < 0.03 and lightness(HU.inks[2]) > lightness(HU.inks[3]) * 3


@pytest.mark.parametrize("draw", [
    lambda d: card_svg(parse_card("QD"), deck=d),
    lambda d: hand_svg(CardSet.parse("SAQ HKJ DT9 CA7"), deck=d),
    lambda d: hand_svg(CardSet.parse("SAKQJT987 HAKQ DAK CA"), layout="rows", deck=d),
    lambda d: trick_svg(parse_cards("8S AC 7S"), deck=d),
    lambda d: trick_svg([(0, parse_card("8H")), (1, parse_card("AD"))], deck=d),
    lambda d: table_svg(random_deal(3).hands, talon=random_deal(3).talon,
                        trick=[(1, parse_card("7C"))], deck=d),
    lambda d: deal_svg(random_deal(11), deck=d),
    lambda d: card_sprite(32, deck=d),
], ids=["card", "hand", "rows", "trick", "trick-seats", "table", "deal", "sprite"])
def test_deck_reaches_every_drawing_function(draw):
    hu, fr = draw("hungarian"), draw("french")
    assert any(m in hu for m in HU_MARKS) and not any(m in hu for m in FR_MARKS)
    assert any(m in fr for m in FR_MARKS) and not any(m in fr for m in HU_MARKS)
    assert fr == draw(None)  # the default is the French deck
    with using_deck("hungarian"):  # ... unless a session (or a notebook) says otherwise
        assert draw(None) == hu
    # the words are the same in both decks
    assert re.findall(r'aria-label="([^"]*)"', hu) == re.findall(r'aria-label="([^"]*)"', fr)
    with pytest.raises(PrefaError, match="no deck 'tarot': expected one of french, hungarian"):
        draw("tarot")


def test_the_sprites_of_both_decks_can_share_a_page():
    fr, hu = card_sprite(32), card_sprite(32, deck="hungarian")
    ids_fr = set(re.findall(r'id="([^"]+)"', fr))
    ids_hu = set(re.findall(r'id="([^"]+)"', hu))
    assert len(ids_fr) == 33 and len(ids_hu) == 37 and not ids_fr & ids_hu
    assert sprite_id(parse_card("AS"), deck="hungarian") in ids_hu
    assert sprite_id(None, deck="hungarian") in ids_hu
    assert {f"prefa-cardhu-sign-{s}" for s in "SHDC"} <= ids_hu  # for cards written as text
    # the Hungarian pack has its own colours: four_colour changes nothing
    assert card_sprite(32, deck="hungarian", four_colour=True) == hu


def test_set_deck_is_the_default_of_drawings_and_sessions_and_refuses_a_bad_name():
    from prefa.ui import BiddingSession
    from prefa.ui import set_deck as ui_set_deck
    assert ui_set_deck("hungarian") == "hungarian" and default_deck() == "hungarian"
    assert any(m in card_svg(0) for m in HU_MARKS)
    assert BiddingSession(2).state()["deck"] == "hungarian"
    assert BiddingSession(2, deck="french").state()["deck"] == "french"
    with pytest.raises(PrefaError, match="no deck 'hungarain'"):
        ui_set_deck("hungarain")
    assert default_deck() == "hungarian"  # a refused name changes nothing
    for bad in (None, 3, "French"):
        with pytest.raises(PrefaError):
            decks.set_deck(bad)


def test_every_session_takes_deck_and_its_view_may_ask_for_another():
    from prefa.ui import TableSession
    from prefa.ui.web import live_args, new

    assert "deck" in inspect.signature(TableSession).parameters
    with pytest.raises(PrefaError, match="no deck 'mađarice'"):
        TableSession(seed=5, deck="mađarice")
    t = TableSession(seed=5, deck="hungarian", samples=1)
    s = t.state()
    assert s["deck"] == "hungarian" and "sprite" not in s
    assert [c["deck"] for c in s["decks"]["choices"]] == ["french", "hungarian"]
    assert live_args(t) == {"seed": 5, "samples": 1, "deck": "hungarian"}
    made = json.loads(new("table", json.dumps({"seed": 5, "deck": "hungarian"})))
    assert made["state"]["deck"] == "hungarian" and 'data-deck="hungarian"' in made["sprite"]
    assert "Hungarian" in made["state"]["decks"]["choices"][1]["label"]
    # the deck action: never a legal step, it changes nothing but the drawing
    before = t.state()
    assert all(a["type"] != "deck" for a in before["legal"])
    after = t.act({"type": "deck", "deck": "french"})
    assert after["deck"] == "french" and 'data-deck="french"' in after["sprite"]
    assert 'id="prefa-card-AS"' in after["sprite"]
    same = {k: v for k, v in after.items() if k not in ("deck", "sprite")}
    assert same == {k: v for k, v in before.items() if k != "deck"}
    refused = t.act({"type": "deck", "deck": "swiss"})
    assert refused["error"] == "no deck 'swiss': expected one of french, hungarian"
    assert t.deck == "french" and "sprite" not in refused
    assert t.act({"type": "deck"})["error"].startswith("the deck is None")


def test_a_sessions_pictures_follow_its_deck():
    """The quiz's positions (drawn by the rulesets' quiz modules) and a table's
    picture for a notebook without a kernel are drawn in the session's deck."""
    from prefa.ui import QuizSession, TableSession
    bank = ("id: t\nkind: trick-winner\nquestion: Which card wins?\ncontract: spades\n"
            "trick: AH 7H 7S\nchoices: AH, 7H, 7S\nanswer: 7S\n")
    q = QuizSession(bank, deck="hungarian")
    picture = json.dumps(q.state())
    assert HU_MARKS[1].replace('"', '\\"') in picture
    q.act({"type": "deck", "deck": "french"})
    assert HU_MARKS[1].replace('"', '\\"') not in json.dumps(q.state())
    pytest.importorskip("anywidget")
    from prefa.ui.widget import widget
    w = widget(TableSession(seed=3, samples=1, deck="hungarian"))
    html = w._repr_mimebundle_()[0]["text/html"]
    assert HU_MARKS[0] in html and 'data-deck="hungarian"' in w.sprite
    assert default_deck() == "french"  # the picture's deck was the session's alone


def test_the_sheet_drill_offers_no_deck_switch():
    from prefa.ui import SheetDrillSession
    assert "decks" not in SheetDrillSession(1).state()


def test_the_suit_table_says_which_suit_is_which():
    t = decks.suit_table()
    rows = re.findall(r"<tr>(.*?)</tr>", t)[1:]
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", r) for r in rows]
    assert [(c[0], c[3]) for c in cells] == [
        ("<b>zelen</b>", "♠ pik (spades)"), ("<b>tikva</b>", "♦ karo (diamonds)"),
        ("<b>crven</b>", "♥ herc (hearts)"), ("<b>žir</b>", "♣ tref (clubs)")]
    assert "mak, mača" in t and "bundeva, dinare, buča" in t
    choice = deck_choices()["choices"][1]
    assert choice["title"].startswith("zelen (leaves) for pik; tikva (bells) for karo")
    assert deck_style("hungarian").suit_label(3) == "žir (acorns)"


def test_a_printed_handout_can_be_drawn_in_the_hungarian_pack(tmp_path, capsys):
    from prefa.cli import main
    bank = tmp_path / "bank.txt"
    bank.write_text("id: t\nkind: trick-winner\nquestion: Which card wins?\ncontract: spades\n"
                    "trick: AH 7H 7S\nchoices: AH, 7H, 7S\nanswer: 7S\n", encoding="utf-8")
    fr, hu = tmp_path / "fr.html", tmp_path / "hu.html"
    assert main(["quiz", "handout", str(bank), "-o", str(fr)]) == 0
    assert main(["quiz", "handout", str(bank), "-o", str(hu), "--deck", "hungarian"]) == 0
    assert HU_MARKS[1] in hu.read_text(encoding="utf-8")
    assert HU_MARKS[1] not in fr.read_text(encoding="utf-8")
    assert default_deck() == "french"

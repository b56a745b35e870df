"""SVG drawings of cards, hands, tricks and deal tables."""

import re
import xml.etree.ElementTree as ET

import pytest

from prefa.cards import CardSet, deck, parse_card, parse_cards
from prefa.deal import Deal, random_deal
from prefa.display import (
    CARD_H,
    CARD_W,
    CLASSIC_COLOURS,
    FOUR_COLOURS,
    TABLE_CLASS,
    HtmlStr,
    SvgStr,
    back_svg,
    card_svg,
    card_words,
    cards_words,
    deal_svg,
    drawing_width,
    fan_width,
    hand_svg,
    table_svg,
    trick_svg,
)

SVG = "{http://www.w3.org/2000/svg}"
DEAL = Deal.parse("SAKQJ HAKQ D7 CAK / ST98 HJT9 DAKQ C7 / S7 H87 DJT98 CQJT | C98")


def parsed(svg: str) -> ET.Element:
    """The drawing as XML (it must be well formed), checked for what every drawing has."""
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert root.get("role") == "img" and root.get("aria-label")
    title = root.find(SVG + "title")
    assert title is not None and title.text
    assert root[0] is title  # the title comes first
    assert not any("id" in el.attrib for el in root.iter())  # drawings can share a page
    assert not re.search(r"(href|src)=|url\(|https?://(?!www\.w3\.org/2000/svg\")", svg)
    return root


def parsed_table(html: str) -> ET.Element:
    """A card table (HTML, well formed as XML), checked for what every table has: a
    ``<div>`` named in words for screen readers, whose drawings are hidden from them."""
    assert isinstance(html, HtmlStr) and html._repr_html_() == html
    root = ET.fromstring(html)
    assert root.tag == "div" and root.get("class") == TABLE_CLASS
    assert root.get("role") == "img" and root.get("aria-label") and root.get("title")
    parts = root.findall(f".//{SVG}svg")
    assert parts and all(p.get("aria-hidden") == "true" and p.get("role") is None
                         for p in parts)
    assert all(p.find(SVG + "title") is not None for p in parts)
    assert not any("id" in el.attrib for el in root.iter())  # tables can share a page
    assert "<style" not in html and "<script" not in html
    assert not re.search(r"(href|src)=|url\(|https?://(?!www\.w3\.org/2000/svg\")", html)
    return root


def test_card_words_name_every_card_once():
    names = {card_words(c) for c in deck(52)}
    assert len(names) == 52
    assert card_words(parse_card("AS")) == "ace of spades"
    assert card_words(parse_card("10♥")) == "ten of hearts"
    assert card_words(parse_card("2C")) == "two of clubs"


def test_cards_words_group_runs_of_a_suit():
    assert cards_words(CardSet.parse("SAKQ D7")) == "ace, king and queen of spades; seven of diamonds"
    assert cards_words([]) == "no cards"


def test_card_svg_is_an_accessible_picture():
    svg = card_svg(parse_card("QD"))
    assert isinstance(svg, SvgStr) and isinstance(svg, str)
    assert svg._repr_svg_() == svg
    root = parsed(svg)
    assert root.get("aria-label") == "queen of diamonds"
    assert root.find(SVG + "title").text == "queen of diamonds"
    assert (root.get("width"), root.get("height")) == (str(CARD_W), str(CARD_H))
    assert ">Q</text>" in svg


def test_ten_is_written_10():
    assert ">10</text>" in card_svg(parse_card("TH"))


@pytest.mark.parametrize("card, classic, four", [
    ("AS", CLASSIC_COLOURS[0], FOUR_COLOURS[0]), ("AH", CLASSIC_COLOURS[1], FOUR_COLOURS[1]),
    ("AD", CLASSIC_COLOURS[2], FOUR_COLOURS[2]), ("AC", CLASSIC_COLOURS[3], FOUR_COLOURS[3])])
def test_colour_schemes(card, classic, four):
    c = parse_card(card)
    assert f'fill="{classic}"' in card_svg(c)
    assert f'fill="{four}"' in card_svg(c, four_colour=True)


def test_four_colours_differ_and_classic_has_two():
    assert len(set(FOUR_COLOURS)) == 4
    assert len(set(CLASSIC_COLOURS)) == 2
    assert CLASSIC_COLOURS[1] == CLASSIC_COLOURS[2] and CLASSIC_COLOURS[0] == CLASSIC_COLOURS[3]


def test_hand_fanned_and_in_rows():
    hand = CardSet.parse("SAQ87 HQ7 DAK87")
    fan = parsed(hand_svg(hand, layout="fan"))
    assert fan.get("width") == str(fan_width(10))
    assert fan.get("aria-label") == ("ace, queen, eight and seven of spades; queen and seven of "
                                     "hearts; ace, king, eight and seven of diamonds")
    rows = parsed(hand_svg(hand, layout="rows"))
    assert int(rows.get("width")) == fan_width(4) and int(rows.get("height")) > CARD_H
    assert hand_svg(hand) == hand_svg(hand, layout="fan")  # auto fans a hand
    assert hand_svg(deck()) == hand_svg(deck(), layout="rows")  # and lays a deck in rows
    with pytest.raises(ValueError, match="bad layout"):
        hand_svg(hand, layout="circle")


def test_hand_label_starts_the_description():
    root = parsed(hand_svg(CardSet.parse("SA"), label="Seat 2"))
    assert root.get("aria-label") == "Seat 2: ace of spades"


def test_cards_drawn_in_the_order_given():
    svg = hand_svg(parse_cards("7C AS"))
    assert svg.index(">7</text>") < svg.index(">A</text>")


def test_trick_names_lead_or_seats():
    t = parsed(trick_svg(parse_cards("AH 7H 7S")))
    assert t.get("aria-label") == "Trick: ace of hearts, seven of hearts, seven of spades"
    assert ">lead</text>" in trick_svg(parse_cards("AH 7H"))
    s = parsed(trick_svg([(2, parse_card("KD"))]))
    assert s.get("aria-label") == "Trick: seat 2 king of diamonds"


def test_back_svg_hides_the_cards():
    root = parsed(back_svg(2))
    assert root.get("aria-label") == "2 cards face down"
    assert "<text" not in back_svg(2)


def test_deal_table_names_every_hand_and_the_talon():
    root = parsed_table(deal_svg(DEAL))
    label = root.get("aria-label")
    for s in range(3):
        assert f"Seat {s}: {cards_words(DEAL[s])}" in label
    assert "Talon: nine and eight of clubs." in label
    assert label.index("Seat 0") < label.index("Seat 1") < label.index("Talon")


def test_table_with_hidden_talon_trick_and_labels():
    trick = [(0, parse_card("AC")), (1, parse_card("7C"))]
    svg = table_svg(DEAL.hands, talon=DEAL.talon, talon_face_up=False, trick=trick,
                    labels={0: "declarer", 2: "to play"})
    label = parsed_table(svg).get("aria-label")
    assert "Talon: 2 cards face down." in label and "nine and eight of clubs" not in label
    assert "Trick so far: seat 0 ace of clubs, seat 1 seven of clubs." in label
    assert "Seat 0 (declarer):" in label and "Seat 2 (to play):" in label
    assert ">Seat 2 (to play)</text>" in svg


def test_table_without_talon_or_trick_is_shorter():
    with_talon = parsed_table(table_svg(DEAL.hands, talon=DEAL.talon))
    bare = parsed_table(table_svg(DEAL.hands))
    assert len(bare) == 2 and len(with_talon) == 3  # rows: top seats, (talon,) seat 0
    assert "Talon" not in bare.get("aria-label")


def test_four_player_deal_with_a_seat_out():
    d = random_deal(1, players=4)
    label = parsed_table(deal_svg(d)).get("aria-label")
    assert label.count("Seat ") == 4 and "no cards" in label


def _rows(root: ET.Element) -> list[list[ET.Element]]:
    """The table's rows, each as its blocks' drawings."""
    return [[b.find(SVG + "svg") for b in row] for row in root]


def test_four_hand_table_draws_each_hand_as_a_block_a_phone_can_hold():
    """A four-hand table was one drawing 964 px wide that a 390 px phone shrank to 0.4:
    now one drawing per hand, none wider than a phone's text column, in rows that wrap."""
    from prefa.priffe.hand import random_priffe_deal
    d = random_priffe_deal(35)
    html = table_svg(d.hands, labels={1: "team 1"})
    root = parsed_table(html)
    rows = _rows(root)
    assert [len(r) for r in rows] == [3, 1]  # seats 1, 2, 3 across the top; seat 0 below
    assert [p.get("aria-label") for p in (*rows[0], *rows[1])] == [None] * 4
    assert [p.find(SVG + "title").text.split(":")[0] for p in (*rows[0], *rows[1])] == [
        "Seat 1 (team 1)", "Seat 2", "Seat 3", "Seat 0"]
    assert all(float(p.get("width")) <= 340 for r in rows for p in r)
    for row in root:
        assert "flex-wrap:wrap" in row.get("style")
    # side by side the top seats fill the table's width, which is the old drawing's
    assert drawing_width(html) == 3 * fan_width(13) + 2 * 40 + 20
    assert f"width:{drawing_width(html):g}px;max-width:100%" in root.get("style")
    for s in range(4):
        assert f"Seat {s}" + (" (team 1)" if s == 1 else "") + f": {cards_words(d[s])}" in (
            root.get("aria-label"))


def test_table_blocks_hold_the_talon_and_the_trick_in_a_middle_row():
    trick = [(1, parse_card("7C")), (2, parse_card("8C"))]
    root = parsed_table(table_svg(DEAL.hands, talon=DEAL.talon, trick=trick))
    top, middle, bottom = _rows(root)
    assert len(top) == 2 and len(bottom) == 1
    assert [p.find(SVG + "title").text for p in middle] == [
        "Talon: nine and eight of clubs",
        "Trick so far: seat 1 seven of clubs, seat 2 eight of clubs"]
    assert [t.text for t in middle[1].iter(SVG + "text")] == ["Trick", "7", "seat 1", "8", "seat 2"]
    alone = parsed_table(table_svg([CardSet.parse("SA")], trick=trick))
    assert [len(r) for r in _rows(alone)] == [1, 1]  # no top row: the trick, seat 0


def test_drawing_width_reads_a_picture_or_a_table():
    assert drawing_width(hand_svg(CardSet.parse("SAK"))) == fan_width(2)
    assert drawing_width(deal_svg(DEAL)) == 2 * fan_width(10) + 40 + 20
    assert drawing_width("") is None and drawing_width("<p>width</p>") is None


def test_drawings_are_the_same_every_time():
    assert deal_svg(random_deal(3)) == deal_svg(random_deal(3))
    assert card_svg(parse_card("9S"), four_colour=True) == card_svg(parse_card("9S"), four_colour=True)


def test_core_types_show_as_svg():
    hand = CardSet.parse("SAQ87 HQ7 DAK87")
    assert hand._repr_svg_() == hand_svg(hand)
    assert DEAL._repr_html_() == deal_svg(DEAL)
    parsed(CardSet()._repr_svg_())  # an empty set still draws


def test_decorative_card_is_hidden_from_screen_readers():
    svg = card_svg(parse_card("7C"), decorative=True)
    root = ET.fromstring(svg)
    assert root.get("aria-hidden") == "true" and root.get("role") is None
    assert root.get("aria-label") is None


# -- nothing half hidden ------------------------------------------------------------------
def _faces(svg: str):
    """Each card face drawn: its corner (x, y) and whether it shows its middle sign."""
    import re
    out = []
    for m in re.finditer(r'<g transform="translate\(([\d.]+) ([\d.]+)\)"><rect[^>]*fill="#fff"'
                         r'(.*?)</g>', svg):
        out.append((float(m.group(1)), float(m.group(2)), "scale(0.24)" in m.group(3)))
    return out


@pytest.mark.parametrize("svg", [
    hand_svg(CardSet.parse("SAKQJT987 HAKQJT987 DAKQJT987 CAKQJT987"), layout="rows"),
    hand_svg(CardSet.parse("SAKQJT987 HAK D7 CAKQ"), layout="rows"),
    hand_svg(CardSet.parse("SA HAKQJ"), layout="rows"),
    hand_svg(CardSet.parse("SAKQJT9 HAKQ")),
], ids=["full deck", "long over short", "short over long", "fan"])
def test_no_middle_sign_is_half_covered(svg):
    """A card's large middle sign is drawn only where no later card covers it
    (lesson 01's full deck showed slivers of the upper rows' signs)."""
    from prefa.display import CARD_H, CARD_W, PIP_SIZE, PIP_X, PIP_Y
    faces = _faces(svg)
    assert faces and any(p for *_, p in faces)
    for i, (x, y, pip) in enumerate(faces):
        if not pip:
            continue
        box = (x + PIP_X, y + PIP_Y, x + PIP_X + PIP_SIZE, y + PIP_Y + PIP_SIZE)
        for (x2, y2, _) in faces[i + 1:]:
            overlap = x2 < box[2] and x2 + CARD_W > box[0] and y2 < box[3] and y2 + CARD_H > box[1]
            assert not overlap, (x, y, x2, y2)
    # and every row's last card not covered shows its sign
    assert sum(p for *_, p in faces) >= 1


# -- what a notebook shows where it may not draw (an untrusted notebook) -------------------
def _bundle(obj) -> dict:
    """What IPython sends to the notebook for ``obj`` (its display data)."""
    from IPython.core.formatters import DisplayFormatter
    return DisplayFormatter().format(obj)[0]


@pytest.mark.parametrize("picture", [
    hand_svg(CardSet.parse("SAK9 HQJ7 DA8 CT7")),
    card_svg(parse_card("AS")),
    trick_svg(parse_cards("9H KH 7H")),
    deal_svg(Deal.parse("SAQJ9 HQJ9 DQ CA9 / ST7 HAKT7 DKT CJ8 / SK8 H8 DJ987 CQT7 | DA CK")),
    CardSet.parse("SAK9 HQJ7 DA8 CT7"),
    Deal.parse("SAQJ9 HQJ9 DQ CA9 / ST7 HAKT7 DKT CJ8 / SK8 H8 DJ987 CQT7 | DA CK"),
], ids=["hand", "card", "trick", "table", "cardset", "deal"])
def test_a_picture_s_plain_text_is_its_cards_not_its_markup_nor_code(picture):
    """JupyterLab shows text/plain where it may not draw the SVG (a lesson opened
    before it is run): that text names the cards, it is no SVG source or repr."""
    data = _bundle(picture)
    assert {"image/svg+xml", "text/html"} & set(data)  # the picture is still there
    plain = data["text/plain"]
    assert "<" not in plain and "parse(" not in plain and "svg" not in plain, plain
    assert re.search(r"\b(ace|king|nine|ten) of (spades|hearts|diamonds|clubs)\b", plain) or \
        "♠" in plain, plain


def test_a_hand_s_plain_text_is_written_in_suit_signs():
    assert _bundle(CardSet.parse("SAK9 HQJ7 DA8 CT7"))["text/plain"] == "♠A K 9  ♥Q J 7  ♦A 8  ♣10 7"
    assert _bundle(hand_svg(CardSet.parse("SAK9 HQ")))["text/plain"] == (
        "ace, king and nine of spades; queen of hearts")
    # the strings themselves stay strings of markup
    assert str(hand_svg(CardSet.parse("SA"))).startswith("<svg") and repr(CardSet.parse("SA")) == (
        "CardSet.parse('SA')")

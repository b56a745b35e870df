"""Deal diagrams on a phone, in a real browser (Debian's chromium, Playwright): a
table of three or four hands keeps its ranks readable at 390 px wide and does not
make the page scroll sideways.  The diagrams are put into a page of their own
(``page.set_content``), so no site is built."""

from __future__ import annotations

import pytest

from prefa.cards import CardSet, parse_card
from prefa.deal import Deal
from prefa.display import deal_svg, table_svg
from prefa.priffe.hand import random_priffe_deal

_PRIFFE = random_priffe_deal(35)  # lesson 17's deal: four hands of thirteen
_VIDA = Deal.parse("SAQJ9 DJ8 C98 / S87 DAT CKJT7 / HKJ97 DKQ7 CA / SKT HAQT8 D9 CQ")
_BALKAN = Deal.parse("SAKQ87 DAK8 CA7 / S9 HAKQJ7 DQ CKQJ / SJT HT98 DJT9 CT9 | D7 C8")

DIAGRAMS = {
    "priffe, four hands": table_svg(_PRIFFE.hands, labels={0: "team 0", 1: "team 1",
                                                           2: "team 0", 3: "team 1"}),
    "vida, four hands": table_svg(_VIDA.hands, labels={0: "A, dealer", 1: "B", 2: "Γ", 3: "Δ"}),
    "balkan, three hands": deal_svg(_BALKAN, talon_face_up=False),
    "three hands, talon and trick": table_svg(
        _BALKAN.hands, talon=_BALKAN.talon, labels={0: "declarer"},
        trick=[(1, parse_card("9S")), (2, parse_card("JS"))]),
    "one hand and a trick": table_svg([CardSet.parse("SAKQ HAQT8")], labels={0: "A, to play"},
                                      trick=list(zip((1, 2, 3), [parse_card(c) for c in
                                                                 ("7S", "8S", "9S")]))),
}

# a page as the site's and JupyterLab's: a text column with margins, pictures no wider
PAGE = ('<!DOCTYPE html><html><head><meta name="viewport" content="width=device-width, '
        'initial-scale=1"><style>body{margin:16px;font-family:sans-serif}'
        'svg{max-width:100%;height:auto}</style></head><body><p>A deal:</p>{}</body></html>')

RANKS = """() => Array.from(document.querySelectorAll('svg text'), t => {
  const full = t.getBBox().height, shown = t.getBoundingClientRect().height;
  return [t.textContent, shown / full, shown]; })
  .filter(([s]) => /^(10|[2-9JQKA])$/.test(s))"""

WIDTH = "() => [document.documentElement.scrollWidth, window.innerWidth]"


def _render(browser, html: str, width: int):
    context = browser.new_context(viewport={"width": width, "height": 844})
    page = context.new_page()
    page.set_content(PAGE.replace("{}", html))
    return context, page


@pytest.mark.parametrize("name", list(DIAGRAMS))
def test_a_phone_shows_every_rank_of_a_deal_readable_and_nothing_sideways(browser, name):
    """Four-hand tables were shrunk to 0.4 of their size at 390 px, three-hand ones to
    0.7: each rank printed now at 0.8 of its full height or more (14 px at full size)."""
    context, page = _render(browser, DIAGRAMS[name], 390)
    try:
        ranks = page.evaluate(RANKS)
        assert len(ranks) >= 5
        small = sorted({round(k, 2) for _, k, _ in ranks if k < 0.8})
        assert small == [], f"ranks drawn at {small} of their size"
        scroll, inner = page.evaluate(WIDTH)
        assert scroll <= inner, f"the page scrolls sideways: {scroll} > {inner}"
    finally:
        context.close()


@pytest.mark.parametrize("name", list(DIAGRAMS))
def test_a_wide_screen_shows_a_table_at_its_full_size_in_its_rows(browser, name):
    """At 1200 px the table is as before: every rank at its full size, the top seats side
    by side on one line, as wide as the table says it is (``data-width``)."""
    context, page = _render(browser, DIAGRAMS[name], 1200)
    try:
        assert all(abs(k - 1) < 0.01 for _, k, _ in page.evaluate(RANKS))
        tops = page.evaluate("""() => Array.from(document.querySelector('.prefa-table')
            .firstElementChild.querySelectorAll('svg'), s => s.getBoundingClientRect().top)""")
        assert len({round(t) for t in tops}) == 1
        box = page.evaluate("""() => { const t = document.querySelector('.prefa-table');
            return [t.getBoundingClientRect().width, +t.dataset.width]; }""")
        assert box[0] == pytest.approx(box[1])
    finally:
        context.close()

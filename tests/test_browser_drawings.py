"""The card drawings in a real browser (Debian's chromium, Playwright): every
label fits inside its drawing, in the font the browser really uses."""

from __future__ import annotations

import pytest

from prefa.cards import CardSet
from prefa.display import hand_svg, table_svg

OVERFLOW = """() => Array.from(document.querySelectorAll('svg'), svg => {
  const w = svg.viewBox.baseVal.width;
  return Array.from(svg.querySelectorAll('text'), t => {
    const b = t.getBBox(); return [t.textContent, b.x, b.x + b.width]; })
    .filter(([, left, right]) => left < -0.5 || right > w + 0.5); }).flat()"""
"""Labels that stick out of their drawing (a table is a drawing per hand: all of them)."""

DRAWINGS = {
    # lesson 02's betl hand: its label was cut at "the lowest cards o"
    "betl hand": hand_svg(CardSet.parse("S87 H987 D87 C987"),
                          label="A betl hand: the lowest cards of every suit"),
    "short hand": hand_svg(CardSet.parse("SA"), label="Seat 2, the one to lead"),
    "rows": hand_svg(CardSet.parse("SAKQJT987 HAKQJT987"), layout="rows",
                     label="Two suits in rows, each from the ace down to the seven"),
    "table": table_svg([CardSet.parse("SA"), CardSet.parse("HA"), CardSet.parse("DA")],
                       labels={0: "declarer, to play, not playing", 1: "to discard, not playing",
                               2: "to call, declarer, not playing"}),
    "table, one top seat": table_svg([CardSet.parse("SA"), CardSet.parse("HA")],
                                     labels={1: "declarer, to discard, not playing"}),
}


@pytest.mark.parametrize("name", list(DRAWINGS))
def test_every_label_fits_in_its_drawing(browser, name):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content(f"<!DOCTYPE html><html><body>{DRAWINGS[name]}</body></html>")
        assert page.evaluate(OVERFLOW) == []
    finally:
        context.close()

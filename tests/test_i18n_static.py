"""The drawings, the static views, the sheets and the solver's lines speak the catalog.

- every message they use is one the catalogs' extraction finds
  (:func:`prefa.catalogs.extract`), so a translator sees it;
- English stays as it was, word for word;
- under a pseudo-translation (each message in ⟦ ⟧) no English word is left
  outside the brackets in the drawings' words, the best line, the sheets,
  and the static problem's own sentences: nothing is assembled in English
  around a translated piece.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest

from prefa import i18n
from prefa.balkan.contract import Contract, Game
from prefa.balkan.scoring import HandResult, Outcome, Sheet, score_hand
from prefa.cards import CardSet, parse_card
from prefa.deal import Deal
from prefa.display import back_svg, hand_svg, plain_text, table_svg, trick_svg
from prefa.solver import Position
from prefa.ui.line import best_line_html, line_tricks
from prefa.ui.sheet import sheet_data, sheet_html

babel = pytest.importorskip("babel")
from prefa import catalogs  # noqa: E402  (needs Babel)

MARKED = [
    "Seat {seat}", "Seat {seat} ({label})", "{name}: {cards}", "Talon", "Talon: {cards}",
    "Trick: {cards}", "Trick so far: {cards}", "Trick", "no cards", "no cards yet",
    "seat {seat} {card}", "{n} card face down", "lead", "second", "third", "fourth",
    "Trick {no}: seat {seat} wins with {card}. Tricks: {tally} (declarer {declarer}).",
    "seat {seat} {n}",
    "The best line: declarer seat {seat} tries to take no trick (betl)",
    "The best line: declarer seat {seat} tries to take his tricks",
    "{card}: {mean} tricks, beats {chance}",
    "Best: {cards}; then you take {n} trick in all.",
    "Best: {cards}; then the declarer takes {n} trick in all.",
    "The solver (every card seen)", "{name}, declarer", "Hand {n}",
    "Your claim holds: the solver plays the rest out and you take {n} more trick.",
    "claim: the defenders can give you {n} trick (double dummy)",
    "Contract: {contract} by seat {seat}; you are seat {leader}, on lead.",
    "Your lead: {card}. Convention: {convention} ({name}): {reason}",
    "Leads over {n} sampled layout", "Score: {right} of {answered} right",
    "{card}: the declarer takes {n} trick (beaten)", "{card}: the declarer takes {n} trick (made)",
    "{action} is not possible: {card} is not in your hand ({hand})",
    "No calls yet.", "Legal calls: {calls}",
    "refe round {no}: played by {who}", "refe round {no}: played by nobody yet",
    "supe ← {who}", "supe → {who}", "Refe: {rounds} of {limit} rounds written.",
    "Remaining bule: {n}.", "Remaining bule: {n}; the game is over.", "Results",
    "The sheet after {n} hand ({status})", "kasa still open: {n}", "won from {name}",
    "Kapikia between the players", "Hand by hand", "{value} kasa", "{value} kap.",
    "whists on {name}", "pool (пуля)", "gora (гора)", "result (pool points)",
    "kasa (κάσα)", "kapikia (καπίκια)", "declares {contract}", "The engine's simple rule",
    "Put away the two lowest cards outside your longest suit: {card} and {other}.",
    "claim {tricks!r}: expected one of {choices}", "undo: nothing to take back in this hand",
    "{action} is not possible now: expected one of {kinds}",
    "takes the talon and puts two cards away",
]
FILES = ["display.py", "analysis.py", "ui/line.py", "ui/table.py", "ui/drill.py", "ui/sheet.py",
         "ui/sheets_greek.py", "ui/sheets_russian.py", "ui/bidding.py", "ui/table_balkan.py",
         "ui/table_rules.py"]
"""The modules whose words these tests cover."""
"""Messages of the drawings, static views, sheets and lines (singular of a plural)."""


class Pseudo(gettext.NullTranslations):
    """Every message in brackets: what is not bracketed was never translated."""

    def gettext(self, message):
        return f"⟦{message}⟧"

    def ngettext(self, singular, plural, n):
        return f"⟦{singular if n == 1 else plural}⟧"

    def pgettext(self, context, message):
        return f"⟦{message}⟧"


@pytest.fixture
def pseudo(monkeypatch):
    monkeypatch.setattr(i18n, "catalog", lambda lang: Pseudo())


def untranslated(text: str) -> str:
    """The letters of ``text`` outside every ⟦ ⟧ (nothing: all of it translated)."""
    while True:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
        if inner == text:
            return " ".join(re.findall(r"[A-Za-z]+", text))
        text = inner


def _position() -> Position:
    return Position.from_deal(Deal.parse("SAK / SQJ / ST9"), 0, 1)


def _refe_sheet() -> Sheet:
    s = score_hand(Sheet.new(), HandResult(Outcome.REFE))
    return score_hand(s, HandResult.played_hand(declarer=0, contract=Contract(Game.CLUBS),
                                                tricks=(6, 2, 2), followers=(1, 2)))


def test_every_message_of_the_static_words_is_extracted():
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in catalogs.extract() if m.id}
    assert [m for m in MARKED if m not in ids] == []


def test_no_message_hides_inside_an_f_string():
    # the extraction does not look inside an f-string: _("...") there is never translated
    hidden = re.compile(r"""\bf(["']).*\{[^}]*\b(?:_|ngettext|pgettext)\(\s*["']""")
    root = Path(i18n.__file__).parent
    found = [f"{name}:{k}" for name in FILES
             for k, line in enumerate((root / name).read_text(encoding="utf-8").splitlines(), 1)
             if hidden.search(line)]
    assert found == []


def test_english_is_unchanged():
    hands = [CardSet.parse("SA"), CardSet.parse("HA"), CardSet.parse("DA")]
    t = table_svg(hands, talon=CardSet.parse("ST HK"), talon_face_up=False,
                  trick=[(1, parse_card("AH"))], labels={1: "declarer"}, hidden={2: 10})
    assert plain_text(t) == (
        "Seat 0: ace of spades. Seat 1 (declarer): ace of hearts. Seat 2: 10 cards face down. "
        "Talon: 2 cards face down. Trick so far: seat 1 ace of hearts.")
    assert plain_text(back_svg(1)) == "1 card face down"
    assert plain_text(trick_svg([parse_card("AS")])) == "Trick: ace of spades"
    assert ">lead</text>" in trick_svg([parse_card("AS")])
    assert plain_text(hand_svg(CardSet.parse("SAQ"), label="Seat 0")) == \
        "Seat 0: ace and queen of spades"
    assert line_tricks(_position())[0]["caption"] == \
        "Trick 1: seat 0 wins with A♠. Tricks: seat 0 1, seat 1 0, seat 2 0 (declarer 1)."
    assert "The best line: declarer seat 0 tries to take his tricks" in best_line_html(_position())
    html = sheet_html(sheet_data(_refe_sheet(), ["you", "right", "left"]))
    assert "<p>Refe: 1 of 3 rounds written; still to play: right 1, left 1. <svg" in html
    assert 'aria-label="refe round 1: played by you"' in html
    assert "<th " in html and ">supe ← left</th>" in html


def test_the_drawings_have_no_english_left(pseudo):
    hands = [CardSet.parse("SA"), CardSet.parse("HA"), CardSet.parse("-")]
    t = table_svg(hands, talon=CardSet.parse("ST HK"), talon_face_up=False,
                  trick=[(1, parse_card("AH"))], labels={1: i18n._("declarer")}, hidden={0: 1})
    assert plain_text(t).startswith("⟦⟦Seat 0⟧: ⟦1 card face down⟧⟧")
    texts = re.findall(r">([^<>]+)</text>", t + trick_svg([parse_card("AS"), parse_card("KS")]))
    texts = [x for x in texts if len(x) > 2]  # not the cards' rank indices (A, K, 10)
    for words in [plain_text(t), *texts, plain_text(back_svg(2)),
                  plain_text(trick_svg([parse_card("AS")]))]:
        assert untranslated(words) == "", words


def test_the_best_line_and_the_sheets_have_no_english_left(pseudo):
    for t in line_tricks(_position()):
        assert untranslated(t["caption"]) == ""
    html = best_line_html(_position())
    title = re.search(r"<p><b>([^<]*)</b></p>", html).group(1)
    assert untranslated(title) == ""
    sheet = sheet_html(sheet_data(_refe_sheet(), ["you", "right", "left"]))
    words = re.sub(r"<[^>]*>", " ", re.sub(r"<svg.*?</svg>", " ", sheet))
    assert untranslated(words) == ""
    assert untranslated(" ".join(re.findall(r'aria-label="([^"]*)"', sheet))) == ""


def test_the_static_problem_says_its_own_sentences_in_the_catalog(pseudo):
    from prefa.ui.drill import LeadDrillSession
    d = LeadDrillSession(seed=0, problems=1)
    html = d.static_html()
    head = re.search(r"<p>(.*?)</p>", html).group(1)
    assert untranslated(re.sub(r"<[^>]*>", " ", head)) == "", head
    assert "<p>⟦Score: 0 of 0 right⟧.</p>" in html


def test_the_table_s_refusals_speak_the_catalog(pseudo):
    from prefa.ui.table import TableSession
    t = TableSession(seed=3)
    assert t.act({"type": "undo"})["error"] == "⟦undo: nothing to take back in this hand⟧"
    err = t.act({"type": "jump"})["error"]
    assert untranslated(err) == "" and "jump" in err, err

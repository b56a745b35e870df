"""The site's live views, read without a browser: the analyse page's own
example is a deal the engine takes, a refused deal keeps the learner's form,
and the home page sends a beginner to the live views."""

from __future__ import annotations

import re
from pathlib import Path

from prefa.cards import CardSet
from prefa.deal import Deal
from prefa.ui.analyse import AnalyseSession

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"


def _analyse_example() -> str:
    text = (SITE / "analyse.md").read_text(encoding="utf-8")
    m = re.search(r"for example\s+`([^`]+)`", text)
    assert m, "site/analyse.md gives no example deal"
    return m.group(1)


def test_the_analyse_example_is_a_legal_deal():
    example = _analyse_example()
    deal = Deal.parse(example, players=3)
    assert [len(h) for h in deal.hands] == [10, 10, 10]
    assert len(deal.talon) == 2
    cards = [c for h in deal.hands for c in h] + list(deal.talon)
    assert len(set(cards)) == 32
    s = AnalyseSession().act({"type": "analyse", "deal": example, "game": "spades",
                              "declarer": 0, "leader": 1})
    assert s["error"] is None and s["phase"] == "analysed"


def test_a_refused_deal_keeps_what_was_typed_and_chosen():
    a = AnalyseSession()
    good = _analyse_example()
    a.act({"type": "analyse", "deal": good, "game": "spades", "declarer": 0, "leader": 1})
    bad = good.replace("CQJ", "CXJ")
    s = a.act({"type": "analyse", "deal": bad, "game": "betl", "declarer": "2",
               "leader": "0"})
    assert "'X'" in s["error"]
    assert s["form"]["deal"] == bad
    assert (s["form"]["game"], str(s["form"]["declarer"]), str(s["form"]["leader"])) == (
        "betl", "2", "0")
    # the last analysis stays shown and can still be followed, the text kept
    assert s["game"] == "spades" and s["table"]
    after = a.act({"type": "play", "card": s["table"][0]["card"]})
    assert after["error"] is None and after["played"] == [s["table"][0]["card"]]
    assert after["form"]["deal"] == bad  # still the learner's text, to correct


def test_the_engine_example_of_a_hand_in_its_refusals_has_ten_cards():
    words = AnalyseSession().act({"type": "analyse", "deal": " ", "game": "sans",
                                  "declarer": 0, "leader": 1})["error"]
    # written as the learner types it, with suit signs or letters (both are read)
    examples = re.findall(r"'([S\u2660][^'/]*?) /", words)
    assert examples, words
    for hand in examples:
        assert len(CardSet.parse(hand)) == 10, hand


def test_the_home_page_links_to_the_four_live_views_in_plain_words():
    text = (SITE / "index.md").read_text(encoding="utf-8")
    links = dict((target, words) for words, target in re.findall(r"\[([^\]]+)\]\(([^)]+)\)", text))
    for page in ("play.md", "drill.md", "bidding.md", "analyse.md"):
        assert page in links, f"the home page does not link to {page}"
        assert (SITE / page).exists()
        assert 'class="prefa-live"' in (SITE / page).read_text(encoding="utf-8")
        words = links[page]
        assert not re.search(r"[._/]|\bmd\b", words), words  # a title, not a file name
    # before the course map: what a beginner sees first
    first = min(text.index(f"({p})") for p in ("play.md", "drill.md", "bidding.md", "analyse.md"))
    assert first < text.index("<!-- prefa:course-map -->")


def test_the_projector_writes_hands_in_cards():
    from prefa.quiz import check_text
    from prefa.quiz_render import projector_html

    code = re.compile(r"\b(?:[SHDC](?:10|[2-9TJQKA])+|(?:10|[2-9TJQKA])[SHDC])\b")
    seen = 0
    for bank in sorted((ROOT / "prefa" / "data" / "quizzes").glob("*.txt")):
        lines = check_text(bank.read_text(encoding="utf-8"), bank.name)
        if any(ln.status != "agrees" for ln in lines):
            continue
        html = projector_html([ln.result for ln in lines], bank.stem)
        for head in re.findall(r"<h2[^>]*>(.*?)</h2>", html):
            assert not code.search(head), f"{bank.stem}: {head}"
            seen += "♠" in head or "♥" in head or "♦" in head or "♣" in head
    assert seen  # hands were written in the questions, now as cards

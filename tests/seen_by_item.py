"""The opening-lead item the ``seen-by`` tests share: seat 0 leads against seat 1's
clubs (the engine's lead is 8D), with seat 1's hearts as the words a hidden hand
must not show (tests/test_quiz_seen_by.py, test_seen_by_views.py,
test_browser_seen_by.py)."""

ITEM = """
id: lead-x
kind: opening-lead
question: Seat 1 plays clubs and you, seat 0, lead. Which card?
deal: SJ87 HA9 DT98 CA8 / SAT HK8 DK7 CKQJT / SKQ HQJT7 DAQ C97 | S9 DJ
auction: pass, 2, pass
discard: 9S 7D
contract: clubs
defence: follow, follow, decline, decline
choices: AH, 7S, 8D, 9H
answer: 8D
"""
"""The item with every hand open."""

SEEN = ITEM + "seen-by: 0\n"
"""The same item as the leader, seat 0, sees it."""

HIDDEN_HAND = "king and eight of hearts"
"""Seat 1's hearts, in the drawing's words: shown in the layout, never in the seen hand."""

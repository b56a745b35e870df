"""The table widgets driven from Python: bidding box, score sheet, replay."""

from dataclasses import replace

import pytest

from prefa.balkan.auction import Auction, AuctionResult
from prefa.balkan.contract import Contract, Game
from prefa.balkan.hand import BalkanHand, Phase
from prefa.balkan.scoring import HandResult, Outcome, Sheet, score_hand
from prefa.cards import Suit
from prefa.deal import Deal
from prefa.solver import Position
from prefa.table_widgets import BiddingBox, ReplayView, SheetView, auction_rows, best_line_replay

DEAL = Deal.parse("SAKQJT HAKQ DAK / S98 H987 DQJT9 C7 / HJT D87 CAKQJT9 | S7 C8")


def labels(box):
    return [b.description for b in box.call_buttons]


def press(box, text):
    """Click the button of ``text`` as a browser click would."""
    (b,) = [b for b in box.call_buttons if b.description == text]
    b.click()


# -- bidding box -------------------------------------------------------------------------

def test_buttons_are_exactly_the_legal_calls_through_a_whole_auction():
    box = BiddingBox()
    for text in ["2", "3", "4", "hold 4", "5", "pass", "hold 5", "6", "hold 6", "pass"]:
        assert labels(box) == [str(c) for c in box.auction.legal_calls()]
        press(box, text)
        assert box.message_text.endswith(f"{text}.")
    assert box.auction.is_over and box.call_buttons == []
    assert box.auction.result() == AuctionResult(winner=0, number=6)
    assert "Seat 0 wins the auction at 6" in box.to_html()


def test_click_from_python_reaches_a_reveal_result():
    box = BiddingBox()
    for text in ["pass", "igra", "igra", "hearts", "clubs"]:
        assert box.click(text), box.message_text
    assert box.auction.result().contract == Contract(Game.CLUBS, igra=True)
    assert "Seat 2 plays" in box.to_html()


@pytest.mark.parametrize("bad", ["5", "hold", "good", "nonsense", ""])
def test_an_illegal_or_unparsable_call_shows_a_message_and_changes_nothing(bad):
    box = BiddingBox("2")
    before, buttons = str(box.auction), labels(box)
    assert box.click(bad) is False
    assert box.message_text  # the engine's message, no traceback
    assert str(box.auction) == before and labels(box) == buttons
    assert 'role="alert"' in box.message.value


def test_illegal_message_names_the_call_and_the_legal_ones():
    box = BiddingBox()
    box.click("2")
    box.click("4")
    assert box.message_text.startswith("4: numbers rise by exactly one: the next is 3")
    assert "seat 1 may say: pass, 3" in box.message_text


def test_undo_takes_back_the_last_call_and_refreshes():
    box = BiddingBox()
    assert box.undo_button.disabled
    box.click("2")
    box.click("3")
    box.undo_button.click()
    assert str(box.auction) == "2"
    assert labels(box) == [str(c) for c in box.auction.legal_calls()]
    assert box.message_text == "Took back 3."
    box.undo()
    assert str(box.auction) == "" and box.undo_button.disabled
    assert box.undo() is False and "nothing to undo" in box.message_text


def test_auction_given_as_text_or_object_and_bad_text():
    a = Auction.from_text("2, pass")
    assert BiddingBox(a).auction is a
    box = BiddingBox("2, 9")
    assert str(box.auction) == "" and "could not be loaded" in box.message_text


def test_auction_table_by_seat_and_static_html():
    assert auction_rows(Auction.from_text("2, 3, pass, hold 3, 4")) == [
        ["2", "3", "pass"], ["hold 3", "4", ""]]
    box = BiddingBox("2, pass", names={0: "Ana"})
    html = box._repr_mimebundle_()["text/html"]
    assert "Ana" in html and "Seat 2 to call" in html and "Legal calls:" in html
    assert "<td" in html and "pass" in html


# -- score sheet -------------------------------------------------------------------------

def test_sheet_shows_bule_history_and_supe():
    s = score_hand(Sheet.new(), HandResult.played_hand(
        declarer=0, contract=Contract(Game.CLUBS), tricks=(6, 2, 2), followers=(1, 2)))
    v = SheetView(s, names=["Ana", "Bo", "Cy"])
    assert "<s>100</s>" in v.value and '<b class="pt-bule">90</b>' in v.value
    assert "Ana" in v.text and "supe" in v.text and "20" in v.text
    assert "Remaining bule: 290" in v.text
    assert "hat" not in v.value
    assert v._repr_mimebundle_()["text/html"] == v.value


def test_sheet_draws_the_hat_for_negative_bule():
    s = replace(Sheet.new(), bule=(-4, 50, 54), history=((100, -4), (100, 50), (100, 54)))
    v = SheetView(s)
    assert "-4" in v.text and "under the hat" in v.text
    assert v.value.count('class="pt-under-hat"') == 1
    assert 'class="pt-hat"' in v.value


def test_refe_triangles_tick_played_sides():
    s = replace(Sheet.new(), refe=(0, 1, 1), refe_rounds=1)
    v = SheetView(s)
    assert v.value.count('class="pt-refe"') == 1
    assert "refe round 1: played by Seat 0" in v.value
    s = Sheet.new()
    for _ in range(2):
        s = score_hand(s, HandResult(Outcome.REFE))
    v.update(s)
    assert v.value.count('class="pt-refe"') == 2 and "played by nobody yet" in v.value


def test_results_in_both_conventions_when_over():
    s = replace(Sheet.new(), bule=(10, -10, 0), supe=((0, 30, 0), (0, 0, 0), (20, 0, 0)))
    assert s.is_over
    v = SheetView(s)
    assert "the game is over" in v.text and "lower is better" in v.text
    for a, b in zip(s.results(), s.results_positive_good()):
        assert "<td" in v.value and str(a) in v.text and str(b) in v.text


def test_sheet_update_with_bad_input_shows_a_message():
    v = SheetView(Sheet.new())
    v.update("nope")
    assert "expected a score Sheet, got str" in v.text
    assert v.sheet == Sheet.new()


# -- replay ------------------------------------------------------------------------------

def played_hand(cards=None):
    h = BalkanHand(DEAL)
    for c in ["2", "pass", "pass"]:
        h.call(c)
    h.discard("S7 C8")
    h.declare("spades")
    for d in ["follow", "pass", "alone", "kontra", "decline"]:
        h.decide(d)
    n = 0
    while h.phase is Phase.PLAY and (cards is None or n < cards):
        h.play(next(iter(h.legal_cards())))
        n += 1
    return h


def test_replay_moves_through_the_tricks():
    h = played_hand()
    assert h.phase is Phase.DONE
    r = ReplayView(h)
    ntricks = len(h.play_state.tricks)
    assert r.steps == ntricks + 1 and r.index == 0
    assert r.prev_button.disabled and not r.next_button.disabled
    assert r.frame.trick == () and "leads" in r.caption_text
    r.next_button.click()
    t = h.play_state.tricks[0]
    assert r.index == 1 and r.frame.trick == tuple(zip(t.seats, t.cards))
    assert f"Trick 1: seat {t.winner} wins" in r.caption_text
    assert "<svg" in r.picture.value and "Trick so far" in r.picture.value
    for _ in range(20):
        r.next()
    assert r.index == ntricks and r.next_button.disabled
    assert all(not x for x in r.frame.hands)
    r.previous()
    assert r.index == ntricks - 1
    r.go(-5)
    assert r.index == 0
    html = r._repr_mimebundle_()["text/html"]
    assert "All tricks" in html and html.count("<svg") == ntricks + 1


def test_replay_of_a_partial_hand_ends_with_the_trick_in_progress():
    r = ReplayView(played_hand(cards=4))
    assert r.steps == 3
    r.go(2)
    assert len(r.frame.trick) == 1 and "in progress" in r.caption_text


def test_replay_of_a_hand_without_play_shows_a_message():
    h = BalkanHand(DEAL)
    r = ReplayView(h)
    assert r.frame is None and "no card play" in r.picture.value
    assert r.next() == 0 and r.next_button.disabled
    assert "no card play" in r._repr_mimebundle_()["text/html"]


def test_best_line_replay_follows_the_principal_variation():
    d = Deal.parse("HK D8 CT / SQ HJ CJ / S9 HA DA")
    p = Position.from_deal(d, declarer=0, leader=1, goal="betl")
    r = best_line_replay(p)
    assert r.steps == 4
    played = [c for f in r.frames[1:] for _, c in f.trick]
    from prefa.analysis import principal_variation
    assert played == principal_variation(p)
    assert "betl" in r.to_html()


def test_best_line_replay_from_inside_a_trick():
    d = Deal.parse("SAK HA / SQJ H7 / ST9 HK")
    p = Position.from_deal(d, declarer=0, leader=0, played="AS QS", trump=Suit.SPADES)
    r = best_line_replay(p)
    r.next()
    assert [c for _, c in r.frame.trick][:2] == list(p.trick)

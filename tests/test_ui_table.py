"""The card-table session (prefa.ui.TableSession) driven through state()/act()."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prefa.balkan.options import BalkanRules
from prefa.balkan.scoring import Sheet, score_hand
from prefa.cards import card_name, card_symbol, deck, parse_card
from prefa.errors import PrefaError, RuleOptionError
from prefa.record import format_record, parse_record, replay
from prefa.solver import Solver
from prefa.ui import TableSession
from prefa.ui.table import call_words

TOOLS = {"hint", "undo", "last_trick", "review", "deal"}


def _random_hand(t: TableSession, rnd: random.Random, *, tools: bool = True,
                 limit: int = 600) -> list[dict]:
    """Random legal actions until the hand is over; returns the actions made."""
    made = []
    s = t.state()
    while s["phase"] not in ("done", "hand_over"):
        acts = [a for a in s["legal"]
                if tools or a["type"] not in TOOLS] or s["legal"]
        a = rnd.choice(acts)
        s = t.act(a)
        json.dumps(s)  # every state is JSON
        made.append(a)
        assert len(made) < limit, s["phase"]
    return made


def _replayed_sheet(t: TableSession, sheet: Sheet) -> Sheet:
    hand = replay(parse_record(format_record(t.hand)), t.rules, dealer=t.hand.dealer)
    assert hand.result() == t.hand.result()
    return score_hand(sheet, hand.result())


@pytest.mark.parametrize("seed", range(10))
def test_random_hands_end_done_and_the_sheet_matches_the_replay(seed):
    t = TableSession(seed=seed, seat=seed % 3, samples=1)
    _random_hand(t, random.Random(seed))
    s = t.state()
    assert s["phase"] == "done" and s["legal"] == [a for a in s["legal"]
                                                   if a["type"] in TOOLS]
    assert s["result"]["words"]
    assert t.sheet == _replayed_sheet(t, Sheet.new(t.rules))
    assert s["sheet"]["hands"] == 1
    assert [p["bule"] for p in s["sheet"]["players"]] == list(t.sheet.bule)
    assert s["sheet"]["players"][t.seat]["name"] == "you"


def test_same_seed_and_actions_give_the_same_session():
    a, b = TableSession(seed=11, samples=1), TableSession(seed=11, samples=1)
    for act in _random_hand(a, random.Random(1)):
        b.act(act)
    assert a.state() == b.state()


def _progress(s: dict) -> dict:
    """A step that moves the hand on: the first legal one, picking two new cards to discard."""
    for a in s["legal"]:
        if a["type"] == "discard" or (a["type"] == "pick" and a["card"] not in s["picked"]):
            return a
    return next(a for a in s["legal"] if a["type"] not in TOOLS | {"claim", "pick"})


def _strip(state: dict) -> dict:
    return {k: v for k, v in state.items() if k != "error"}


ACTION_TYPES = ["call", "pick", "discard", "contract", "decision", "card", "claim", "hint",
                "undo", "last_trick", "review", "next_hand", "jump"]
VALUES = st.one_of(
    st.sampled_from([card_name(c) for c in deck()]),
    st.sampled_from(["pass", "2", "3", "7", "9", "hold", "igra", "betl", "sans", "hearts",
                     "follow", "kontra", "decline", "clubs", "igra clubs", "xyz", ""]),
    st.integers(-2, 12), st.none(), st.lists(st.sampled_from(["7S", "8C", "AS"]), max_size=3))
ACTIONS = st.one_of(
    st.builds(lambda t, k, v: {"type": t, k: v}, st.sampled_from(ACTION_TYPES),
              st.sampled_from(["call", "card", "cards", "contract", "decision", "tricks", "x"]),
              VALUES),
    st.builds(lambda t: {"type": t}, st.sampled_from(ACTION_TYPES)),
    st.sampled_from([None, "pass", 3, ["card"], {"card": "AS"}, {"type": 7}]))


@settings(max_examples=40)
@given(seed=st.integers(0, 40), steps=st.integers(0, 30), action=ACTIONS)
def test_every_illegal_action_is_refused_with_a_message_and_changes_nothing(seed, steps, action):
    t = TableSession(seed=seed, samples=1)
    rnd = random.Random(seed)
    for _ in range(steps):
        s = t.state()
        moves = [a for a in s["legal"] if a["type"] not in ("review", "claim", "hint")]
        if not moves:
            break
        t.act(rnd.choice(moves))
    before = t.state()
    if action in before["legal"]:
        return  # legal: not this test's business
    after = t.act(action)
    assert isinstance(after["error"], str) and len(after["error"]) > 8
    assert _strip(after) == _strip(before)
    assert t.state()["error"] == after["error"]


def _to(t: TableSession, want, choose, limit: int = 300) -> bool:
    """Act with ``choose(state)`` until ``want(state)``; False when the hand ended first."""
    for _ in range(limit):
        s = t.state()
        if s["phase"] not in ("done", "hand_over") and want(s):
            return True
        if s["phase"] in ("done", "hand_over"):
            return False
        t.act(choose(s))
    raise AssertionError("the hand did not end")


def _bid_low(s: dict) -> dict:
    """Bid the first number offered (else pass); then the first legal action."""
    nums = [a for a in s["legal"] if a["type"] == "call" and a["call"].isdigit()]
    if nums:
        return nums[0]
    calls = [a for a in s["legal"] if a["type"] == "call"]
    if calls:
        return calls[0]
    return _progress(s)


def _pass_always(s: dict) -> dict:
    """Pass in the auction and the defence (no kontra), else the first legal step."""
    for want in ({"type": "call", "call": "pass"}, {"type": "decision", "decision": "pass"},
                 {"type": "decision", "decision": "decline"}):
        if want in s["legal"]:
            return want
    return _progress(s)


def _pass_and_follow(s: dict) -> dict:
    """Pass in the auction, follow in the defence (no kontra), else the first legal step."""
    for want in ({"type": "call", "call": "pass"}, {"type": "decision", "decision": "follow"},
                 {"type": "decision", "decision": "decline"}):
        if want in s["legal"]:
            return want
    return _progress(s)


def _sessions_at(phase: str, *, declarer: bool | None = None, chooser=_bid_low,
                 extra=lambda s: True):
    """Seeded sessions that reach the learner's turn at ``phase``, one after another."""
    def want(s: dict) -> bool:
        if not (s["phase"] == phase and s["my_turn"] and extra(s)):
            return False
        return declarer is None or ((s["contract"] or {}).get("declarer") == "you") == declarer
    for seed in range(80):
        t = TableSession(seed=seed, samples=1)
        if _to(t, want, chooser):
            yield t


def _session_at(phase: str, **kwargs) -> TableSession:
    """The first seeded session that reaches the learner's turn at ``phase``."""
    for t in _sessions_at(phase, **kwargs):
        return t
    raise AssertionError(f"no seed reaches {phase}")


def test_the_discard_takes_two_clicks_on_the_twelve_cards():
    t = _session_at("discard")
    s = t.state()
    assert len(s["hand"]) == 12 and sum(c["from_talon"] for c in s["hand"]) == 2
    assert [c["card"] for c in s["talon"]["cards"]] == [c["card"] for c in s["hand"]
                                                       if c["from_talon"]]
    a, b = s["hand"][0]["card"], s["hand"][1]["card"]
    assert {"type": "discard", "cards": [a, b]} not in s["legal"]
    s = t.act({"type": "pick", "card": a})
    assert s["picked"] == [a] and "1 picked" in s["prompt"]
    s = t.act({"type": "pick", "card": a})   # put back
    assert s["picked"] == []
    t.act({"type": "pick", "card": a})
    s = t.act({"type": "pick", "card": b})
    third = s["hand"][2]["card"]
    assert s["hand"][2]["action"] is None
    assert "two cards are picked" in t.act({"type": "pick", "card": third})["error"]
    assert s["controls"][0]["action"] == {"type": "discard", "cards": [a, b]}
    s = t.act({"type": "discard", "cards": [a, b]})
    assert s["error"] is None and s["phase"] != "discard"
    assert sorted(card_name(c) for c in t.hand.discards) == sorted([a, b])
    assert [c["card"] for c in s["talon"]["discards"]] == [card_name(c) for c in t.hand.discards]


def test_illegal_cards_are_listed_with_the_engines_reason():
    def has_illegal(s):
        return any(c["legal"] is False for c in s["hand"])
    t = _session_at("play", extra=has_illegal)
    s = t.state()
    bad = next(c for c in s["hand"] if c["legal"] is False)
    assert bad["action"] is None and bad["reason"].startswith("you ")
    assert "must" in bad["reason"] or "have no" in bad["reason"]
    legal_cards = {a["card"] for a in s["legal"] if a["type"] == "card"}
    assert legal_cards == {c["card"] for c in s["hand"] if c["legal"]}
    assert bad["card"] not in legal_cards
    err = t.act({"type": "card", "card": bad["card"]})["error"]
    # the refusal names the card as the learner sees it drawn (Q♥, not QH)
    assert err.startswith(card_symbol(parse_card(bad["card"])) + ":") and "you" in err
    assert not re.search(r"\b[2-9TJQKA][SHDC]\b|\b[SHDC][2-9TJQKA]+\b", err), err


def test_undo_takes_back_the_learners_action_and_the_engines_answers():
    t = TableSession(seed=2, samples=1)
    rnd = random.Random(4)
    checked = 0
    while checked < 6:
        s = t.state()
        if s["phase"] == "done":
            break
        moves = [a for a in s["legal"] if a["type"] in ("call", "card", "decision", "contract")]
        if not moves:
            t.act(_progress(s))
            continue
        a = rnd.choice(moves)
        after = t.act(a)
        back = t.act({"type": "undo"})
        assert back["error"] is None
        assert _strip(back) == _strip(s)
        again = t.act(a)       # the engine's draws were put back: the same answers
        assert _strip(again) == _strip(after)
        checked += 1
    assert checked >= 3


def test_undo_after_the_hand_takes_it_off_the_sheet():
    t = TableSession(seed=2, samples=1)
    _random_hand(t, random.Random(0), tools=False)
    assert t.sheet.hands == 1
    s = t.act({"type": "undo"})
    assert s["phase"] != "done" and t.sheet == Sheet.new(t.rules) and s["error"] is None


def test_hint_gives_the_convention_then_the_solver():
    t = _session_at("play", declarer=False, chooser=_pass_and_follow)
    s = t.act({"type": "hint"})
    assert s["hint"]["level"] == 1 and s["hint"]["text"]
    s = t.act({"type": "hint"})
    assert s["hint"]["level"] == 2 and s["hint"]["cards"]
    legal = {a["card"] for a in s["legal"] if a["type"] == "card"}
    assert set(s["hint"]["cards"]) <= legal
    assert {"type": "hint"} not in s["legal"]
    assert [c["card"] for c in s["hand"] if c["hinted"]] == [c["card"] for c in s["hand"]
                                                            if c["card"] in s["hint"]["cards"]]
    assert "no more hints" in t.act({"type": "hint"})["error"]


def test_a_claim_is_checked_by_the_solver():
    from prefa.balkan.player import play_position
    held = refused = 0
    for t in _sessions_at("play", declarer=True):
        s = t.state()
        claims = [a for a in s["legal"] if a["type"] == "claim"]
        assert claims and all(a["type"] != "claim" or s["my_turn"] for a in s["legal"])
        pos = play_position(t.hand)
        total = Solver().solve(pos)
        for a in claims:  # the biggest claim first
            holds = total == 0 if pos.goal == "betl" else total >= pos.won + a["tricks"]
            after = t.act(a)
            if not holds:
                assert "double dummy" in after["error"] and _strip(after) == _strip(s)
                refused += 1
                continue
            assert after["error"] is None and after["phase"] == "done" and after["note"]
            assert t.hand.tricks[t.seat] == total
            held += 1
            break
        if held and refused:
            break
    assert held and refused


def test_review_judges_every_card_the_learner_played():
    for seed in range(20):
        t = TableSession(seed=seed, samples=1)
        _random_hand(t, random.Random(seed), tools=False)
        if {"type": "review"} in t.state()["legal"]:
            break
    s = t.act({"type": "review"})
    mine = [c for tr in s["tricks"] for c in tr["cards"] if c["name"] == "you"]
    assert [r["card"] for r in s["review"]] == [c["card"] for c in mine]
    for r in s["review"]:
        assert r["cost"] >= 0 and r["best"]
        assert (r["card"] in r["best"]) == (r["cost"] == 0)
        assert bool(r["line"]) == (r["cost"] > 0)
    assert {"type": "review"} not in s["legal"]


def test_the_state_speaks_words_for_the_view():
    t = TableSession(seed=3, open_hands=True)
    s = t.state()
    # Balkan play goes to the right (RULES.md §0): seat 1, who plays after the learner,
    # sits on his right
    assert [x["name"] for x in s["seats"]] == ["you", "right", "left"]
    assert [x["where"] for x in s["seats"]] == ["bottom", "right", "left"]
    assert all(len(x["cards"]) == 10 for x in s["seats"][1:])
    assert s["hand"][0]["words"].count(" of ") == 1
    labels = [c["label"] for c in s["controls"]]
    assert "pass (dalje)" in labels
    assert [c["action"] for c in s["controls"]] == [a for a in s["legal"] if a["type"] == "call"]
    hidden = TableSession(seed=3).state()
    assert all(x["cards"] is None and x["count"] == 10 for x in hidden["seats"][1:])
    assert call_words(t.hand.auction.legal_calls()[0]) == "pass (dalje)"


def test_static_html_draws_the_table_and_the_sheet():
    t = TableSession(seed=1, samples=1)
    html = t.static_html()
    assert "<svg" in html and "Your call" in html and "Score sheet" not in html
    _random_hand(t, random.Random(1), tools=False)
    html = t.static_html()
    assert "Score sheet after 1 hand" in html and t.state()["result"]["words"] in html


def test_options_are_checked():
    with pytest.raises(PrefaError, match="seat 3"):
        TableSession(seat=3)
    assert TableSession(rules=BalkanRules(players=4)).players == 4  # four: the dealer sits out
    with pytest.raises(RuleOptionError, match="starting_bule=31"):
        TableSession(game_to=31)
    assert TableSession(game_to=30).sheet.bule == (30, 30, 30)


def test_the_widget_carries_the_state_and_takes_actions():
    from prefa.ui.widget import widget
    t = TableSession(seed=3, samples=1)
    w = widget(t)
    assert "export default" in w._esm and "pf-table" in w._esm and ".pf-table" in w._css
    assert w.state["phase"] == "auction" and 'id="prefa-card-AS"' in w.sprite
    first = w.state["legal"][0]
    w._on_msg(w, {"type": "act", "action": first}, [])
    assert w.state["auction"][0]["name"] == "you"
    assert "text/html" in w._repr_mimebundle_()[0]


def test_a_short_game_runs_hand_after_hand_to_the_end():
    t = TableSession(seed=2, game_to=30, samples=1)
    sheet = Sheet.new(t.rules)
    for number in range(40):
        # the learner passes (in the auction and the defence): the engines play it out
        assert _to(t, lambda s: False, _pass_always) is False
        sheet = _replayed_sheet(t, sheet)
        assert t.sheet == sheet
        s = t.state()
        if s["phase"] == "done":
            break
        assert s["phase"] == "hand_over" and {"type": "next_hand"} in s["legal"]
        s = t.act({"type": "next_hand"})
        assert s["hand_no"] == number + 2 and s["error"] is None
    else:
        raise AssertionError("the game did not end in 40 hands")
    assert t.sheet.is_over and s["sheet"]["over"] and s["sheet"]["results"]
    assert {"type": "next_hand"} not in s["legal"]
    assert "game is over" in t.act({"type": "next_hand"})["error"]


def test_a_four_colour_table_gets_the_four_colour_cards():
    from prefa.ui.widget import widget
    w = widget(TableSession(seed=3, four_colour=True))
    assert w.state["four_colour"] and 'id="prefa-card4-AS"' in w.sprite
    assert 'id="prefa-card-AS"' in widget(TableSession(seed=3)).sprite


def test_the_last_trick_is_shown_on_request_with_its_winner():
    t = _session_at("play", extra=lambda s: {"type": "last_trick"} in s["legal"])
    s = t.state()
    assert s["last_trick"] is None and not s["last_trick_shown"]
    s = t.act({"type": "last_trick"})
    last = t.hand.play_state.tricks[-1]
    assert s["last_trick"]["winner"] == t.name(last.winner)
    assert [c["card"] for c in s["last_trick"]["cards"]] == [card_name(c) for c in last.cards]
    assert s["last_trick"]["no"] == len(t.hand.play_state.tricks)
    s = t.act({"type": "last_trick"})
    assert s["last_trick"] is None


def test_the_best_line_of_a_costly_card_is_cut_into_tricks():
    for seed in range(40):
        t = TableSession(seed=seed, samples=1)
        _random_hand(t, random.Random(seed), tools=False)
        if {"type": "review"} not in t.state()["legal"]:
            continue
        costly = [r for r in t.act({"type": "review"})["review"] if r["cost"]]
        if costly:
            break
    else:
        raise AssertionError("no costly card in 40 random hands")
    size = len(t.hand.play_state.active)
    for r in costly:
        tricks = r["line_tricks"]
        assert [c["card"] for tr in tricks for c in tr["cards"]] == [x["card"] for x in r["line"]]
        assert tricks[0]["no"] == r["trick"] and tricks[-1]["no"] == 10
        assert all(len(tr["cards"]) == size for tr in tricks[1:])
        assert [tr["no"] for tr in tricks] == list(range(r["trick"], 11))


def test_an_engine_failure_takes_the_learners_step_back(monkeypatch):
    """If an engine seat cannot answer, the learner's step is taken back whole:
    the state is as it was, with the engine's message as the error."""
    from prefa.ui import table_balkan  # the Balkan adapter calls the engine

    s = TableSession(seed=1)
    before = s.state()
    action = before["legal"][0]

    def broken(*args, **kwargs):
        raise RuntimeError("no layout fits")

    monkeypatch.setattr(table_balkan, "bot_action", broken)
    after = s.act(action)
    assert "no layout fits" in after["error"] and "taken back" in after["error"]
    assert {k: v for k, v in after.items() if k != "error"} == \
        {k: v for k, v in before.items() if k != "error"}
    monkeypatch.undo()
    assert s.act(action)["error"] is None


def test_the_engine_players_solve_enough_layouts_for_stable_choices():
    # with the native solver core a solve is about a millisecond: three layouts a card
    # (the old default) let the luck of the deal decide the engine's card
    import inspect

    from prefa.balkan.player import bot_action
    assert TableSession().samples >= 12
    assert inspect.signature(bot_action).parameters["samples"].default >= 12


def test_the_python_solver_gets_fewer_engine_layouts(monkeypatch):
    """Without the native core (the browser's engine) the engine seats solve 3
    layouts a card, so their decisions stay quick there."""
    from prefa.ui import table

    monkeypatch.setattr(table, "backend", lambda: "python")
    assert TableSession().samples == 3
    assert TableSession(samples=7).samples == 7


def test_the_sheet_writes_supe_against_the_next_player_in_the_right_column():
    # RULES.md §0 and seed 001: Balkan play goes to the right; at the tabla a defender
    # writes his supe on the side where the declarer sits
    from prefa.balkan.contract import Contract, Game
    from prefa.balkan.scoring import HandResult, Sheet, score_hand
    from prefa.ui.sheet import sheet_data
    s = score_hand(Sheet.new(), HandResult.played_hand(declarer=1, contract=Contract(Game.CLUBS),
                   tricks=(3, 6, 1), followers=(0, 2)))
    you = sheet_data(s, ["you", "right", "left"])["players"][0]
    assert you["right"] == [{"against": "right", "value": 30}] and you["left"][0]["value"] == 0
    after = sheet_data(s, ["you", "right", "left"])["players"][2]  # seat 2: seat 1 is before him
    assert after["left"] == [{"against": "right", "value": 10}]


def test_all_passed_says_refe_only_when_a_refe_round_is_written():
    # 20 bule allow no refe round (refe_per_bule=30): three passes then write nothing
    game = TableSession(seed=7, game_to=20, samples=3)
    seen = []
    while not game.sheet.is_over and len(seen) < 30:
        game.play_by_hints()
        seen.append(game.state()["result"]["words"])
        if game.state()["phase"] == "hand_over":
            game.act({"type": "next_hand"})
    assert "All passed: no refe may be written now, so nothing is." in seen
    assert "All passed: refe." not in seen and game.sheet.refe_rounds == 0

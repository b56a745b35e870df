"""The card table behaves like a real one (issue 24, item 4): every decision that
is the learner's is asked of him, a finished trick stays on the felt, a one-hand
table deals another, the badges say what a seat said last, the hints agree."""

from __future__ import annotations

import random

import pytest

from prefa.russian.hand import Whist
from prefa.ui import TableSession

GAME = {"call", "decision", "contract", "pick", "discard", "card"}


def _others_play_my_cards(t: TableSession, hand) -> bool:
    """True when the rules give the learner's cards to another seat: the Russian
    passer whose partner whists alone (his hand lies open and the whister plays it)."""
    if t.ruleset != "russian" or t.rs.phase(hand) != "play" or hand.contract is None:
        return False
    said = dict(hand.whists)
    return (not hand.contract.is_misere and said.get(t.seat) is Whist.PASS
            and Whist.WHIST in said.values())


def _spy_engine(t: TableSession) -> list[tuple[str, int]]:
    """Record every step the engine took for the learner's seat (it should take none)."""
    taken: list[tuple[str, int]] = []
    engine = t.rs.bot_action

    def spy(hand, seat, rng, samples, sheet):
        if hand.to_act == t.seat and not _others_play_my_cards(t, hand):
            taken.append((t.rs.phase(hand), len(hand.steps)))
        return engine(hand, seat, rng, samples, sheet)
    t.rs.bot_action = spy  # type: ignore[method-assign]
    return taken


@pytest.mark.parametrize("ruleset", ["balkan", "greek", "russian"])
def test_every_decision_of_the_learner_is_asked_of_him(ruleset):
    """Over many deals the engine never takes a step for seat 0: when the hand waits
    for him (a call, whist or pass, follow or come, kontra, the discard, a card) the
    table asks him (his turn, with the actions to choose from).  The learner passes
    most auctions, so that the others declare and he must answer them."""
    asked = set()
    for seed in range(40):
        t = TableSession(seed=seed, ruleset=ruleset, samples=1)
        taken = _spy_engine(t)
        t._start_hand()  # deal again, with the spy in place from the first step
        rnd = random.Random(seed)
        s = t.state()
        while s["phase"] not in ("done", "hand_over"):
            h = t.hand
            if h.to_act == t.seat and not _others_play_my_cards(t, h):
                assert s["my_turn"], (seed, s["phase"])
            acts = [a for a in s["legal"] if a["type"] in GAME]
            assert acts, (seed, s["phase"], s["legal"])
            asked.add(s["phase"])
            passes = [a for a in acts if a.get("call") in ("pass", "pas")]
            a = passes[0] if passes and rnd.random() < 0.8 else rnd.choice(acts)
            s = t.act(a)
            assert s["error"] is None, s["error"]
        assert not taken, (seed, taken)
    assert {"auction", "defence", "play"} <= asked


def _first_game_action(s: dict) -> dict:
    return next(a for a in s["legal"] if a["type"] in GAME)


@pytest.mark.parametrize("ruleset", ["balkan", "greek", "russian"])
def test_a_finished_trick_stays_on_the_felt_with_its_winner_until_the_learner_acts(ruleset):
    """After each of the learner's cards that ends a trick (or when the engine ends
    one), the state keeps that trick, and who won it, until his next step."""
    seen = 0
    for seed in range(12):
        t = TableSession(seed=seed, ruleset=ruleset, samples=1)
        s = t.state()
        while s["phase"] not in ("done", "hand_over"):
            tp = t.hand.play_state
            done_before = len(tp.tricks) if tp is not None else 0
            s = t.act(_first_game_action(s))
            tp = t.hand.play_state
            if tp is not None and len(tp.tricks) > done_before:
                won = s["trick_won"]
                last = tp.tricks[-1]
                assert won is not None and won["no"] == len(tp.tricks)
                assert won["winner"] == t.name(last.winner)
                assert won["winner_where"] == t.where(last.winner)
                assert [c["card"] for c in won["cards"]] == [
                    c["card"] for c in t._trick_entry(1, last)["cards"]]
                if {"type": "hint"} in s["legal"]:  # a hint is no step: the trick stays
                    assert t.act({"type": "hint"})["trick_won"] == won
                seen += 1
            elif tp is not None:
                assert s["trick_won"] is None  # nothing finished since his last step
        assert s["trick_won"] is not None or t.hand.play_state is None \
            or not t.hand.play_state.tricks  # the hand's last trick stays after the hand
    assert seen >= 10


@pytest.mark.parametrize("ruleset", ["balkan", "greek", "russian"])
def test_a_one_hand_table_deals_another_after_the_hand(ruleset):
    t = TableSession(seed=4, ruleset=ruleset, samples=1)
    s = t.state()
    assert "deal" in t.act({"type": "deal"})["error"]  # not before the hand is over
    while s["phase"] != "done":
        s = t.act(_first_game_action(s))
    assert {"type": "deal"} in s["legal"] and "deal another" in s["prompt"]
    s = t.act({"type": "deal"})
    assert s["error"] is None and s["hand_no"] == 2 and s["phase"] == "auction"
    assert s["sheet"]["hands"] == 1  # the sheet goes on
    assert t.deal != TableSession(seed=4, ruleset=ruleset, samples=1).deal


def test_a_game_deals_its_next_hand_not_another():
    t = TableSession(seed=4, samples=1, game_to=10)
    s = t.state()
    while s["phase"] != "hand_over":
        s = t.act(_first_game_action(s))
    assert {"type": "deal"} not in s["legal"] and {"type": "next_hand"} in s["legal"]


def side_passer() -> TableSession:
    """A Balkan hand in play, every hand open, with a side seat out of the play (he
    passed, and his partner defends alone)."""
    for seed in range(300):
        t = TableSession(seed=seed, samples=1, open_hands=True)
        rnd = random.Random(seed)
        s = t.state()
        while s["phase"] != "done" and not (
                s["phase"] == "play" and any(x["role"] == "passed" for x in s["seats"][1:])):
            s = t.act(rnd.choice([a for a in s["legal"] if a["type"] in GAME]))
        if s["phase"] == "play":
            return t
    raise AssertionError("no hand with a side seat out of the play")


def test_a_passed_defender_still_holds_his_ten_cards():
    s = side_passer().state()
    out = next(x for x in s["seats"] if x["role"] == "passed")
    assert out["count"] == 10 and len(out["cards"]) == 10 and out["out"]
    assert out["said"] == "Ne dođem (I don't come)"


def test_badges_say_each_seats_newest_word():
    """The declarer's badge says the game he declared after the talon, not his last
    bid; a defender who said ne dođem and was brought in says so."""
    brought_in = declared = 0
    for seed in range(30):
        t = TableSession(seed=seed, samples=1)
        rnd = random.Random(seed)
        s = t.state()
        while s["phase"] not in ("done", "hand_over"):
            s = t.act(rnd.choice([a for a in s["legal"] if a["type"] in GAME]))
        h = t.hand
        if h.contract is None:
            continue
        said = {x["seat"]: x["said"] for x in s["seats"]}
        made = t.rs.decisions_made(h)
        d = h.declarer
        if h.auction_result.number is not None and not any(x == d for x, _ in made):
            assert said[d].startswith("declares "), said[d]
            declared += 1
        out = h.defence.outcome() if h.defence is not None and h.defence.is_over else None
        for x in (out.playing if out and out.played else ()):
            if x != d and x not in out.followers:
                assert "brought in" in said[x] or "called in" in said[x], said[x]
                brought_in += 1
    assert declared and brought_in


def _by_the_hint(t: TableSession) -> dict | None:
    """The control the hint names first (as TableSession.play_by_hints picks it)."""
    h = t.act({"type": "hint"})["hint"]
    named = [c for c in t.state()["controls"] if c["label"] in h["text"]]
    return min(named, key=lambda c: h["text"].index(c["label"]))["action"] if named else None


def test_the_discard_and_declaration_hints_serve_the_game_the_bidding_hint_aimed_at():
    """The learner bids as the hint says; when he wins the talon, the discard hint
    keeps the trumps of the game his bidding aimed at (and the declaration hint names
    that game), not the longest suit of the twelve cards."""
    from prefa.balkan.contract import Contract, Game
    from prefa.balkan.player import talon_discard
    from prefa.cards import card_suit, parse_card
    checked = differ = 0
    for seed in range(150):
        t = TableSession(seed=seed, samples=1)
        s = t.state()
        said = ""
        while s["phase"] == "auction" and s["my_turn"]:
            a = _by_the_hint(t)
            if a is None:  # a bid the auction no longer allows: not this test's matter
                break
            said = t.state()["hint"]["text"]
            s = t.act(a)
        if s["phase"] != "discard" or not s["my_turn"]:
            continue
        aim = next((g for g in Game if g.is_suit and f"aiming at {g}" in said), None)
        if aim is None or aim.value < t.hand.auction_result.number:
            continue
        trump = int(aim.trump)
        twelve = t._twelve()
        hint = t.act({"type": "hint"})["hint"]
        away = [parse_card(c) for c in hint["cards"]]
        outside = [c for c in twelve if card_suit(c) != trump]
        assert not any(card_suit(c) == trump for c in away) or len(outside) < 2, (seed, hint)
        differ += any(card_suit(c) == trump for c in talon_discard(t.hand, t.seat))
        for c in hint["cards"]:
            t.act({"type": "pick", "card": c})
        s = t.act({"type": "discard", "cards": hint["cards"]})
        if s["phase"] == "declare" and s["my_turn"]:
            assert _by_the_hint(t) == {"type": "contract", "contract": str(Contract(aim))}
        checked += 1
    assert checked >= 5 and differ >= 1, (checked, differ)


def test_the_table_speaks_its_own_words_with_the_english_beside(monkeypatch):
    """The defence buttons and the log say dođem, ne dođem, zajedno, kontra, može
    first, the English in brackets; the words come through the message catalog."""
    labels: set[str] = set()
    logged: set[str] = set()
    for seed in range(40):
        t = TableSession(seed=seed, samples=1)
        rnd = random.Random(seed)
        s = t.state()
        while s["phase"] not in ("done", "hand_over"):
            labels |= {c["label"] for c in s["controls"] if c["kind"] == "decision"}
            logged |= {x["text"] for x in s["log"]}
            passes = [a for a in s["legal"] if a.get("call") == "pass"]
            acts = [a for a in s["legal"] if a["type"] in GAME]
            s = t.act(passes[0] if passes and rnd.random() < 0.7 else rnd.choice(acts))
        logged |= {x["text"] for x in s["log"]}
    for w in ("Dođem (I come)", "Ne dođem (I don't come)", "Kontra (double)", "Može (play on)"):
        assert w in labels, (w, labels)
    assert {"Zajedno (together)", "Može (I defend alone)"} & labels
    assert {"Dođem (I come)", "Ne dođem (I don't come)"} <= logged
    assert not any("(dođem)" in x or "(može)" in x for x in labels | logged)
    import prefa.ui.table_balkan as tb
    monkeypatch.setattr(tb, "_", lambda m: m.upper())  # a catalog that answers in capitals
    assert tb.decision_words(tb.Decision.CALL) == "ZAJEDNO (TOGETHER)"


@pytest.mark.parametrize("ruleset", ["greek", "russian"])
def test_the_declarers_badge_says_the_game_he_declared(ruleset):
    seen = 0
    for seed in range(30):
        t = TableSession(seed=seed, ruleset=ruleset, samples=1)
        rnd = random.Random(seed)
        s = t.state()
        while s["phase"] not in ("done", "hand_over"):
            s = t.act(rnd.choice([a for a in s["legal"] if a["type"] in GAME]))
        d = t.rs.declarer(t.hand)
        if d is None or t.hand.contract is None:
            continue
        badge = next(x["said"] for x in s["seats"] if x["seat"] == d)
        assert badge.startswith("declares "), (seed, badge)
        seen += 1
    assert seen >= 3

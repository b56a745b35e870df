"""Four at a three-hand table: the engine players play every seat of a Balkan,
Greek and Russian hand with four players (the dealer sits out), the ruleset's
own scoring writes each hand on its sheet, and the card table seats a learner
at it (``TableSession(players=4)``).

The solver searches three hands; with four at the table the engine's card is
chosen on the three seats dealt in (:func:`prefa.solver_play.three_seats`).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prefa.balkan.hand import BalkanHand
from prefa.balkan.options import BalkanRules
from prefa.balkan import player as balkan_player
from prefa.balkan.scoring import Sheet as BalkanSheet, score_hand as balkan_score
from prefa.cards import CardSet, parse_card
from prefa.deal import Deal, SplitMix64, random_deal
from prefa.errors import PrefaError
from prefa.greek import player as greek_player
from prefa.greek.hand import GreekHand, random_greek_deal
from prefa.greek.kasa import KasaSheet, score_hand as greek_score
from prefa.greek.options import GreekRules
from prefa.play import PlayRules, TrickPlay
from prefa.russian import player as russian_player
from prefa.russian.deal import russian_deal
from prefa.russian.hand import RussianHand
from prefa.russian.options import RussianRules
from prefa.russian.scoring import Sheet as RussianSheet, score_hand as russian_score
from prefa.solver_play import three_seats
from prefa.ui import TableSession


def _balkan(seed: int, dealer: int):
    rules = BalkanRules(players=4)
    hand = BalkanHand(random_deal(seed, players=4, dealer=dealer), rules, dealer)
    return hand, (lambda h, s, rng: balkan_player.bot_action(h, s, rng, samples=4)), \
        balkan_player.apply_text, lambda h: h.to_act


def _greek(seed: int, dealer: int):
    rules = GreekRules(players=4)
    hand = GreekHand(random_greek_deal(seed, players=4, dealer=dealer), rules, dealer)
    return hand, (lambda h, s, rng: greek_player.bot_action(h, s, rng, samples=4)), \
        greek_player.apply_text, lambda h: h.to_act


def _russian(seed: int, dealer: int):
    rules = RussianRules(players=4)
    hand = RussianHand(russian_deal(seed, players=4, dealer=dealer), rules, dealer)
    return hand, (lambda h, s, rng: russian_player.bot_action(h, s, rng, samples=4)), \
        russian_player.apply_text, \
        lambda h: h.controller(h.to_act) if h.play_state is not None else h.to_act


GAMES = {"balkan": _balkan, "greek": _greek, "russian": _russian}


def _play(game: str, seed: int, dealer: int) -> tuple[object, list[str]]:
    """The hand played to the end by the engine at every seat; the actions taken."""
    hand, bot, apply, chooser = GAMES[game](seed, dealer)
    rng = SplitMix64(seed)
    actions = []
    for _ in range(200):
        if hand.to_act is None:
            return hand, actions
        seat = chooser(hand)
        assert seat != dealer, "the dealer sits out: he never acts"
        text = bot(hand, seat, rng)
        if hand.play_state is not None and hand.phase.value == "play":
            assert parse_card(text) in hand.legal_cards(), (seat, text)
        apply(hand, text)
        actions.append(text)
    raise AssertionError("the hand did not end")


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(1, 10**6), dealer=st.integers(0, 3))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_engine_plays_a_four_player_hand_to_the_end(game, seed, dealer):
    hand, _actions = _play(game, seed, dealer)
    result = hand.result()
    if hand.play_state is not None:
        assert not hand.play_state.hands[dealer] and dealer not in hand.play_state.active
        assert sum(hand.tricks) == 10 and hand.tricks[dealer] == 0
    assert result is not None


def test_each_rulesets_sheet_writes_the_four_player_hands():
    balkan = BalkanSheet.new(BalkanRules(players=4))
    greek = KasaSheet.new(GreekRules(players=4))
    russian = RussianSheet.new(RussianRules(players=4))
    for seed in range(1, 9):
        dealer = seed % 4
        balkan = balkan_score(balkan, _play("balkan", seed, dealer)[0].result())
        greek = greek_score(greek, _play("greek", seed, dealer)[0].result())
        if not russian.is_over:
            russian = russian_score(russian, _play("russian", seed, dealer)[0].result())
    assert balkan.hands == greek.hands == 8 and len(balkan.bule) == 4
    assert russian.hands >= 1


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_same_seed_plays_the_same_four_player_hand(game):
    seed = next(s for s in range(1, 100) if _play(game, s, 2)[0].play_state is not None)
    first = _play(game, seed, 2)[1]
    assert first == _play(game, seed, 2)[1] and len(first) > 10


def test_three_seats_keep_the_play_and_its_order():
    tp = TrickPlay.start([CardSet.parse("SA H7"), CardSet.parse("SK H8"), CardSet(),
                          CardSet.parse("SQ H9")], 3, PlayRules())
    tp.play(parse_card("QS"))
    t3, seats = three_seats(tp, (3, 0, 1))
    assert seats == [3, 0, 1] and t3.to_move == 1 and t3.trick == [parse_card("QS")]
    assert [t3.hands[i] for i in range(3)] == [tp.hands[s] for s in seats]
    with pytest.raises(ValueError, match="three hands"):
        three_seats(tp, (0, 1))


def test_a_refused_action_at_a_four_player_table_changes_nothing():
    hand, *_ = _balkan(5, 3)
    before = (hand.phase, hand.to_act, list(hand.steps))
    with pytest.raises(PrefaError):
        balkan_player.apply_text(hand, "9")
    assert (hand.phase, hand.to_act, list(hand.steps)) == before


# -- the card table with four ---------------------------------------------------------------
TOOLS = {"hint", "undo", "last_trick", "review", "deal", "next_hand"}


def _by_legal_actions(t: TableSession, rnd: random.Random) -> None:
    s = t.state()
    for _ in range(600):
        if s["phase"] in ("done", "hand_over"):
            return
        moves = [a for a in s["legal"] if a["type"] not in TOOLS
                 and not (a["type"] == "pick" and a["card"] in s["picked"])]
        if s["error"] and s["error"].startswith("claim"):
            moves = [a for a in moves if a["type"] != "claim"] or moves
        a = rnd.choice(moves)
        s = t.act(a)
        json.dumps(s)
        assert s["error"] is None or a["type"] == "claim", (a, s["error"])
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("ruleset", ["balkan", "greek", "russian"])
@pytest.mark.parametrize("seat", range(4))
def test_a_learner_plays_a_four_player_hand_to_the_rulesets_sheet(ruleset, seat):
    t = TableSession(seed=seat + 7, seat=seat, players=4, ruleset=ruleset, samples=1)
    s = t.state()
    assert len(s["seats"]) == 4 and [x["where"] for x in s["seats"]][0] == "bottom"
    assert {x["where"] for x in s["seats"]} == {"bottom", "left", "right", "top"}
    (out,) = [x for x in s["seats"] if x["sits_out"]]
    assert out["dealer"] and out["count"] == 0 and out["seat"] == t.hand.dealer
    _by_legal_actions(t, random.Random(seat))
    s = t.state()
    assert s["phase"] == "done" and s["result"]["words"].endswith(".")
    assert s["sheet"]["hands"] == 1 and len(s["deal"]["hands"]) >= 3
    assert all(c["seat"] != t.hand.dealer for c in s["auction"])  # the dealer never bids
    if seat == t.hand.dealer:
        assert s["prompt"].startswith("You dealt this hand and sat it out")


def test_a_four_player_game_passes_the_deal_round_the_table():
    t = TableSession(seed=2, players=4, game_to=10, samples=1)
    dealers = []
    for _ in range(4):
        dealers.append(t.hand.dealer)
        _by_legal_actions(t, random.Random(len(dealers)))
        if t.state()["phase"] == "done":
            break
        t.act({"type": "next_hand"})
    assert dealers[:4] == [3, 0, 1, 2][:len(dealers)] and len(dealers) >= 2
    assert len(t.sheet.bule) == 4


def test_the_same_seed_gives_the_same_four_player_table():
    a = TableSession(seed=9, players=4, samples=2)
    b = TableSession(seed=9, players=4, samples=2)
    assert a.state() == b.state()
    rnd = random.Random(1)
    while a.state()["phase"] != "done":
        moves = [m for m in a.state()["legal"] if m["type"] not in TOOLS | {"claim", "pick"}
                 or (m["type"] == "pick" and m["card"] not in a.state()["picked"])]
        m = rnd.choice(moves)
        a.act(m)
        b.act(m)
        assert a.state() == b.state()


# a refused action at a table of four: tests/test_ui_table_rulesets.py


def test_a_table_of_five_is_refused_by_name():
    with pytest.raises(PrefaError, match="players=5"):
        TableSession(players=5)
    with pytest.raises(PrefaError, match="seat 4: expected 0, 1, 2 or 3"):
        TableSession(players=4, seat=4)


@pytest.mark.parametrize("ruleset", ["balkan", "greek", "russian"])
def test_the_solvers_hints_and_review_serve_four_at_the_table(ruleset):
    """The solver sees the three seats dealt in: its hint is a legal card, the
    learner's hand played by the hints ends, and the review's best lines name the
    real seats (never the dealer, who sat out)."""
    reviewed = 0
    for seed in range(1, 60):
        t = TableSession(seed=seed, players=4, ruleset=ruleset, samples=1)
        t.play_by_hints()   # the second hint of each card is the solver's best card
        s = t.state()
        assert s["phase"] == "done"
        if not any(a["type"] == "review" for a in s["legal"]):
            continue
        review = t.act({"type": "review"})
        assert review["error"] is None and review["review"]
        names = {x["name"] for k in review["review"] for x in k.get("line") or ()}
        assert names <= {"you", "left", "right", "across"} - {t.name(t.hand.dealer)}
        reviewed += 1
        if reviewed == 2:
            return
    raise AssertionError(f"no {ruleset} hand of four to review in 59 seeds")


def _twin(game: str, seed: int, dealer: int):
    """The hand of four on ``seed`` with ``dealer`` sitting out, and the three-hand
    hand on the same cards (the three dealt in as seats 0, 1, 2 from the
    forehand, the dealer seat 2); each with its engine, its applier and chooser."""
    hand4, bot, apply, chooser = GAMES[game](seed, dealer)
    seats = list(hand4.seats)
    deal3 = Deal(tuple(hand4.deal.hands[s] for s in seats), hand4.deal.talon)
    make = {"balkan": lambda: BalkanHand(deal3, BalkanRules(), 2),
            "greek": lambda: GreekHand(deal3, GreekRules(), 2),
            "russian": lambda: RussianHand(deal3, RussianRules(), 2)}[game]
    return hand4, make(), seats, bot, apply, chooser


def _engine_line(hand, bot, apply, chooser, seed: int) -> list[str]:
    rng = SplitMix64(seed)
    line = []
    while hand.to_act is not None:
        text = bot(hand, chooser(hand), rng)
        apply(hand, text)
        line.append(text)
    return line


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(1, 10**6), dealer=st.integers(0, 3))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_hand_of_four_plays_as_the_three_hand_game_on_the_same_cards(game, seed, dealer):
    """The dealer of four sits out, so the hand is the three-hand game of the three
    dealt in: the engine makes the same calls and plays the same cards, and the
    same seats take the same tricks."""
    hand4, hand3, seats, bot, apply, chooser = _twin(game, seed, dealer)
    assert _engine_line(hand4, bot, apply, chooser, seed) == \
        _engine_line(hand3, bot, apply, chooser, seed)
    if hand4.play_state is not None:
        assert [hand4.tricks[s] for s in seats] == list(hand3.tricks)
        assert hand4.tricks[dealer] == 0

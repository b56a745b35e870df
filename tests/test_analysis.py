"""Tests of prefa.analysis: principal variations, betl leads, sampled lead choice."""

from __future__ import annotations

import pytest

from prefa.analysis import BetlAnalysis, betl_leads, principal_variation
from prefa.balkan.contract import Game
from prefa.balkan.solve import beaten, evaluate_leads
from prefa.cards import CardSet, parse_card
from prefa.deal import Deal, random_deal
from prefa.errors import PrefaError, RuleOptionError
from prefa.solver import Position, Solver, card_table, solve

try:
    from test_solver import random_position
except ImportError:  # tests run as a package
    from tests.test_solver import random_position

KOVALEVSKAYA = Deal.parse("ST987 H98 D987 C8 / SAK HAKQT DA CQJT / SQJ HJ7 DKQJT C97")


@pytest.mark.parametrize("seed", range(40))
def test_principal_variation_replays_to_the_solved_value(seed: int) -> None:
    kind = ("suit", "sans", "betl")[seed % 3]
    p = random_position(7000 + seed, kind, lone=seed % 4 == 0, overtake=seed % 5 == 0,
                        max_tricks=6)
    line = principal_variation(p)
    q = p
    for card in line:
        q = q.play(card)  # every card legal
    assert q.is_over()
    assert q.won == solve(p)


def test_principal_variation_on_a_full_deal() -> None:
    p = Position.from_deal(random_deal(11), declarer=0, leader=1)
    solver = Solver()
    line = principal_variation(p, solver)
    assert len(line) == 30
    q = p
    for card in line:
        q = q.play(card)
    assert q.won == solver.solve(p)


def test_betl_leads_kovalevskaya() -> None:
    a = betl_leads(KOVALEVSKAYA, declarer=0, leader=2)
    assert a == BetlAnalysis(True, CardSet.parse("DKQJT"))


def _small_deal(seed: int, size: int) -> Deal:
    from prefa.cards import deck
    from prefa.deal import SplitMix64
    cards = list(deck())
    SplitMix64(seed).shuffle(cards)
    return Deal(tuple(CardSet.of(cards[i * size:(i + 1) * size]) for i in range(3)))


def test_betl_leads_agree_with_the_card_table() -> None:
    for seed in range(40):
        deal = _small_deal(300 + seed, 4 + seed % 3)
        for leader in (0, 1):
            a = betl_leads(deal, declarer=0, leader=leader)
            p = Position.from_deal(deal, 0, leader, goal="betl")
            table = card_table(p)
            assert a.leads == CardSet.of(c for c, n in table.items() if n >= 1)
            assert a.caught == (solve(p) >= 1)


def test_betl_leads_later_in_the_hand_and_not_mid_trick() -> None:
    a = betl_leads(KOVALEVSKAYA, 0, 2, played="QS 7S KS")
    assert isinstance(a.caught, bool)
    with pytest.raises(PrefaError, match="trick boundary"):
        betl_leads(KOVALEVSKAYA, 0, 2, played="QS")


def test_beaten_thresholds() -> None:
    assert [beaten("hearts", n) for n in (5, 6)] == [True, False]
    assert [beaten(Game.SANS, n) for n in (5, 6)] == [True, False]
    assert [beaten("betl", n) for n in (0, 1)] == [False, True]
    assert [beaten("preferans", n) for n in (9, 10)] == [True, False]


HAND = "SAK7 HKQ DJ87 C97"


def test_evaluate_leads_is_reproducible_and_reports_progress() -> None:
    calls = []
    r1 = evaluate_leads(HAND, "hearts", declarer=0, leader=1, samples=6, seed=5,
                        progress=lambda done, total: calls.append((done, total)))
    r2 = evaluate_leads(HAND, "hearts", declarer=0, leader=1, samples=6, seed=5)
    assert r1 == r2
    assert calls == [(i, 6) for i in range(1, 7)]
    assert r1.samples == 6
    assert {s.card for s in r1.leads} == set(CardSet.parse(HAND))
    for s in r1.leads:
        assert 0 <= s.mean_tricks <= 10 and 0 <= s.beat_chance <= 1
    # the defenders' best lead comes first: highest chance to beat
    assert r1.best.beat_chance == max(s.beat_chance for s in r1.leads)


def test_evaluate_leads_with_two_workers_gives_the_same_report() -> None:
    calls = []
    r1 = evaluate_leads(HAND, "sans", declarer=0, leader=1, samples=6, seed=8)
    r2 = evaluate_leads(HAND, "sans", declarer=0, leader=1, samples=6, seed=8, workers=2,
                        progress=lambda done, total: calls.append((done, total)))
    assert r1 == r2
    assert calls[-1] == (6, 6) and all(t == 6 for _, t in calls)


def test_evaluate_leads_matches_double_dummy_when_everything_is_known() -> None:
    deal = random_deal(21)
    hand = deal.hands[1]
    r = evaluate_leads(hand, "sans", declarer=0, leader=1, samples=2, seed=1,
                       known={0: deal.hands[0], 2: deal.hands[2]})
    table = card_table(Position.from_deal(deal, 0, 1))
    for s in r.leads:
        assert s.mean_tricks == table[s.card]
        assert s.beat_chance == (1.0 if table[s.card] < 6 else 0.0)


def test_evaluate_leads_respects_known_cards_and_voids(monkeypatch) -> None:
    from prefa import analysis
    seen = []
    original = analysis._unknown_deals

    def spy(*args, **kwargs):
        deal = original(*args, **kwargs)
        seen.append(deal)
        return deal

    monkeypatch.setattr(analysis, "_unknown_deals", spy)
    evaluate_leads(HAND, "sans", declarer=0, leader=1, samples=5, seed=3,
                   known={0: "SQ HA"}, voids={2: "C", 0: ["D"]}, seen="CA")
    assert len(seen) == 5
    for deal in seen:
        assert deal.hands[1] == CardSet.parse(HAND)
        assert not CardSet.parse("SQ HA") - deal.hands[0]
        assert not deal.hands[2].has_suit(3) and not deal.hands[0].has_suit(2)
        assert parse_card("AC") not in deal.hands[0] | deal.hands[2]
        assert all(len(h) == 10 for h in deal.hands)


def test_evaluate_leads_with_a_defender_out() -> None:
    r = evaluate_leads(HAND, "spades", declarer=0, leader=1, out=2, samples=3, seed=9)
    assert len(r.leads) == 10 and r.samples == 3


@pytest.mark.parametrize("kwargs,match", [
    ({"known": {0: "SA"}}, "two places"),
    ({"known": {0: "DA"}, "voids": {0: "D"}}, "void"),
    ({"voids": {0: "SHDC"}}, "consistent"),
    ({"samples": 0}, "samples"),
    ({"declarer": 7}, "declarer"),
    ({"known": {2: "CA"}, "out": 2}, "does not play"),
])
def test_evaluate_leads_rejects_inconsistent_knowledge(kwargs: dict, match: str) -> None:
    args = {"declarer": 0, "leader": 1, "samples": 2}
    args.update(kwargs)
    with pytest.raises(PrefaError, match=match):
        evaluate_leads(HAND, "sans", **args)


def test_generic_beaten_takes_a_goal_and_the_tricks_needed():
    from prefa.analysis import beaten as generic
    assert [generic(n) for n in (5, 6)] == [True, False]
    assert [generic(n, goal="betl") for n in (0, 1)] == [False, True]
    assert [generic(n, need=10) for n in (9, 10)] == [True, False]
    with pytest.raises(RuleOptionError, match="'misere'"):
        generic(0, goal="misere")


@pytest.mark.parametrize("kwargs, word", [({"goal": "misere"}, "'misere'"),
                                          ({"trump": "clubs"}, "'clubs'"),
                                          ({"need": 11}, "11"), ({"need": "6"}, "'6'")])
def test_generic_evaluate_leads_checks_goal_trump_and_need(kwargs, word):
    from prefa.analysis import evaluate_leads as generic
    with pytest.raises(RuleOptionError) as e:
        generic(HAND, 0, 1, samples=1, **kwargs)
    assert word in str(e.value)


def test_generic_evaluate_leads_in_a_trump_game():
    from prefa.analysis import evaluate_leads as generic
    from prefa.cards import Suit
    r = generic(HAND, 0, 1, trump=Suit.HEARTS, samples=4, seed=2)
    assert r == evaluate_leads(HAND, "hearts", declarer=0, leader=1, samples=4, seed=2)

"""The kasa sheet beyond the seed's examples: licking, the end, stopping early, checks,
and property tests over random whole games."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prefa.cards import deck
from prefa.errors import IllegalAction, PrefaError
from prefa.greek.hand import GreekHand, Phase, random_greek_deal
from prefa.greek.kasa import (
    CONCESSION_KAPIKIA,
    CONCESSION_KASA,
    HandResult,
    KasaSheet,
    Outcome,
    Verdict,
    one_short_table,
    score_change,
    score_hand,
    two_short_table,
)
from prefa.greek.options import GreekRules

FRESH = KasaSheet.new()
DECK = list(deck())


def ch(*a, sheet=FRESH, **kw):
    return score_change(sheet, HandResult.played_hand(*a, **kw))


def test_tables_as_functions():
    assert one_short_table(7, 1, owed=1) == 70          # the second defender at 7 owes 1
    assert [two_short_table(7, d) for d in range(5)] == [140, 140, 140, 140, 160]
    assert (CONCESSION_KASA, CONCESSION_KAPIKIA) == (4, 16)


def test_nine_both_play_miss_the_one_trick_each_pays_half():
    c = ch(0, "9NT", (10, 0, 0))
    assert c.paid(1, 0) == 50 and c.paid(2, 0) == 50 and c.kasa == (0, 0, 0)
    assert ch(0, "9S", (10, 0, 0), playing=(2,)).paid(2, 0) == 90


def test_six_both_play_both_short():
    c = ch(0, "6S", (8, 1, 1))
    assert c.paid(1, 0) == 18 and c.paid(2, 0) == 18


def test_six_one_two_short_one_fine():
    c = ch(0, "6D", (7, 3, 0))
    assert c.paid(0, 1) == 12 and c.paid(2, 0) == 80 and c.kasa == (0, 0, 0)


def test_taken_along_buyer_down_pays_the_taker_for_both():
    c = ch(0, "6H", (5, 1, 4), along_by=2)
    assert c.paid(0, 2) == 25 and c.paid(0, 1) == 0 and c.kasa == (5, 0, 0)


def test_ten_tricks_no_obligation_defenders_only_gain():
    assert ch(0, "10S", (10, 0, 0)).kasa == (-10, 0, 0)
    c = ch(0, "10S", (9, 1, 0))
    assert c.kasa == (10, 0, 0) and c.paid(0, 1) == 10


def test_verdicts():
    v = lambda *a, **k: HandResult.played_hand(*a, **k).verdict
    assert v(0, "6H", (6, 2, 2)) is Verdict.MADE
    assert v(0, "6H", (7, 1, 2)) is Verdict.DEFENDER_SHORT
    assert v(0, "6H", (5, 2, 3)) is Verdict.ONE_DOWN
    assert v(0, "6H", (3, 4, 3)) is Verdict.SOLO


def test_licking_spills_over_from_own_kasa_to_the_largest():
    s = KasaSheet.at((2, 10, 3))
    s2 = score_hand(s, HandResult.defenders_passed(0, "6NT"))    # value 6: 2 own, 4 licked
    assert s2.kasa == (0, 6, 3) and s2.kapikia == (40, -40, 0)


def test_licking_goes_on_to_the_next_largest_and_what_does_not_fit_is_lost():
    s = KasaSheet.at((0, 2, 1))
    s2 = score_hand(s, HandResult.defenders_passed(0, "7NT"))
    assert s2.kasa == (0, 0, 0) and s2.is_over and s2.kapikia == (30, -20, -10)
    assert "left over" in str(s2.changes[-1])


def test_licking_can_be_switched_off():
    s = KasaSheet.at((0, 5, 5), rules=GreekRules(lick=False))
    assert score_hand(s, HandResult.defenders_passed(0, "6D")).kasa == (0, 5, 5)


def test_buyer_at_zero_going_down_raises_his_own_kasa():
    s = KasaSheet.at((0, 5, 5))
    assert score_hand(s, HandResult.played_hand(0, "6D", (5, 3, 2))).kasa == (4, 5, 5)


def test_stop_early_with_four_players_shares_each_kasa_four_ways():
    s = KasaSheet.at((4, 0, 0, 2), rules=GreekRules(players=4))
    f = s.stop_early()
    assert f.kapikia == (-30 + 5, 10 + 5, 10 + 5, -15 + 10)
    assert sum(f.kapikia) == 0 and f.is_over


def test_sheet_text_and_checks():
    s = score_hand(FRESH, HandResult.played_hand(0, "6H", (6, 1, 3)))
    text = str(s)
    assert "seat 0" in text and "remaining kasa 85" in text and "+15" in text
    with pytest.raises(IllegalAction, match="add up to 9"):
        score_hand(FRESH, HandResult.played_hand(0, "6H", (6, 1, 2)))
    with pytest.raises(IllegalAction, match="does not play"):
        score_hand(FRESH, HandResult.played_hand(0, "6H", (6, 1, 3), playing=(1,)))
    with pytest.raises(IllegalAction, match="tembelis"):
        score_hand(FRESH, HandResult.played_hand(0, "6H", (6, 2, 2), tembelis=1))
    with pytest.raises(IllegalAction, match="none below zero"):
        KasaSheet.at((1, -1, 0))


def test_all_passed_writes_nothing():
    s = score_hand(FRESH, HandResult(Outcome.ALL_PASSED))
    assert s.kasa == FRESH.kasa and s.kapikia == (0, 0, 0) and s.hands == 1


# -- property tests over random whole games --------------------------------------------------
def random_hand(rng: random.Random, rules: GreekRules, dealer: int, seed: int) -> GreekHand:
    """A hand played to the end with random legal steps, trying a random illegal
    step now and then and checking it leaves the hand unchanged."""
    h = GreekHand(random_greek_deal(seed, players=rules.players, dealer=dealer), rules, dealer)
    while h.phase is not Phase.DONE:
        if rng.random() < 0.15:
            _try_illegal(rng, h)
        ph = h.phase
        if ph is Phase.AUCTION:
            calls = h.auction.legal_calls()
            weights = [4 if str(c) == "pass" else 1 for c in calls]
            h.call(rng.choices(calls, weights)[0])
        elif ph is Phase.DISCARD:
            twelve = list(h.hands[h.buyer] | h.talon)
            h.discard(rng.sample(twelve, 2))
        elif ph is Phase.DECLARE:
            if h.may_concede() and rng.random() < 0.3:
                h.concede()
            else:
                legal = h.legal_contracts()
                h.declare(rng.choice(legal[:6]), aces=h.may_declare_aces() and rng.random() < .5)
        elif ph is Phase.DEFENCE:
            h.decide(rng.choice(h.defence.legal()))
        else:
            h.play(rng.choice(list(h.legal_cards())))
    return h


def _snapshot(h: GreekHand):
    ps = h.play_state
    return (list(h.steps), h.phase, h.to_act, None if h.hands is None else list(h.hands),
            None if ps is None else (list(ps.hands), list(ps.trick), list(ps.won)))


def _try_illegal(rng: random.Random, h: GreekHand) -> None:
    before = _snapshot(h)
    attempts = [lambda: h.call("10NT"), lambda: h.call("hold"), lambda: h.declare("6S"),
                lambda: h.decide("along"), lambda: h.play(rng.choice(DECK)),
                lambda: h.discard("AS AS"), lambda: h.concede(), lambda: h.claim((10, 0, 0))]
    f = rng.choice(attempts)
    try:
        f()
    except PrefaError:
        assert _snapshot(h) == before
    else:  # the step happened to be legal: take it back, nothing else changed
        h.undo()
        assert _snapshot(h) == before


@settings(max_examples=25)
@given(st.integers(0, 2**32), st.sampled_from([3, 4]), st.sampled_from([4, 8, 30]),
       st.booleans())
def test_property_random_whole_games(seed, players, kasa, prefa):
    rules = GreekRules(players=players, kasa=kasa, prefa_bid=prefa)
    rng = random.Random(seed)
    sheet = KasaSheet.new(rules)
    dealer = players - 1
    for n in range(12):
        if sheet.is_over:
            break
        h = random_hand(rng, rules, dealer, seed * 31 + n)
        r = h.result()
        new = score_hand(sheet, r)
        # kapikia sum to zero, kasas never below zero
        assert sum(new.kapikia) == 0 and all(k >= 0 for k in new.kasa)
        assert all(new.ledger[p][q] == -new.ledger[q][p]
                   for p in range(players) for q in range(players))
        # a kasa goes up only for the buyer, and down only for a buyer who made his
        # contract (or was not opposed), or for the largest kasas he licked
        up = [p for p in range(players) if new.kasa[p] > sheet.kasa[p]]
        down = [p for p in range(players) if new.kasa[p] < sheet.kasa[p]]
        assert set(up) <= {r.buyer}
        if up:
            assert r.outcome is Outcome.CONCEDED or r.verdict in (Verdict.ONE_DOWN, Verdict.SOLO)
        if down:
            assert r.outcome is Outcome.DEFENDERS_PASSED or r.verdict is Verdict.MADE
            licked = [p for p in down if p != r.buyer]
            if licked:
                assert new.kasa[r.buyer] == 0
                others = [p for p in range(players) if p != r.buyer and p not in licked]
                assert all(sheet.kasa[q] >= sheet.kasa[o] for q in licked for o in others)
        # a kasa only reaches zero that way too
        for p in range(players):
            if new.kasa[p] == 0 and sheet.kasa[p] > 0:
                assert p in down
        sheet = new
        dealer = (dealer + 1) % players
    final = sheet.settlement()
    assert sum(final) == 0
    assert sheet.stop_early().is_over

"""Property tests over random Priffe deals and rubbers.

Each walk plays a whole hand from a random deal with bids and cards drawn
from the engine's legal lists; now and then a step NOT in the list is tried
and must be refused with the hand unchanged, and a step is undone and redone.
The score of each hand is recomputed here from the seed's rules,
independently of prefa.priffe.scoring.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from prefa.cards import TEN, CardSet, deck, make_card
from prefa.errors import PrefaError
from prefa.priffe.auction import Bid
from prefa.priffe.contract import Contract
from prefa.priffe.hand import Phase, PriffeHand, random_priffe_deal
from prefa.priffe.honours import honour_counts, honour_points
from prefa.priffe.options import PriffeRules
from prefa.priffe.scoring import (
    HandResult,
    RubberSheet,
    individual_points,
    score_change,
    score_hand,
    settle,
)

DECK = sorted(deck(52))
SEEDS = st.integers(0, 2**32 - 1)


def snapshot(h: PriffeHand):
    ps = h.play_state
    return (list(h.auction.bids), h.phase, h.to_act,
            None if ps is None else (list(ps.hands), list(ps.trick), list(ps.won), ps.leader))


def walk(seed: int) -> PriffeHand:
    rnd = random.Random(seed)
    h = PriffeHand(random_priffe_deal(seed), dealer=rnd.randrange(4))
    while h.phase is not Phase.DONE:
        before = snapshot(h)
        if h.phase is Phase.AUCTION:
            legal = h.legal_bids()
            bad = [b for b in Bid if b not in legal]
            if bad and rnd.random() < 0.3:
                try:
                    h.bid(rnd.choice(bad))
                except PrefaError:
                    assert snapshot(h) == before
                else:
                    raise AssertionError("an illegal bid was accepted")
            h.bid(rnd.choice(legal))
        else:
            legal = h.legal_cards()
            bad = [c for c in DECK if c not in legal]
            if rnd.random() < 0.2:
                try:
                    h.play(rnd.choice(bad))
                except PrefaError:
                    assert snapshot(h) == before
                else:
                    raise AssertionError("an illegal card was accepted")
            h.play(rnd.choice(list(legal)))
        if rnd.random() < 0.05:
            after = snapshot(h)
            step = h.undo()
            assert snapshot(h) == before
            (h.bid if step.kind == "bid" else h.play)(step.value)
            assert snapshot(h) == after
    return h


@settings(max_examples=25)
@given(SEEDS)
def test_random_hand_tricks_total_13_and_honours_are_the_deal(seed):
    h = walk(seed)
    r = h.result()
    assert sum(r.tricks) == 13 and sum(h.seat_tricks) == 13
    # four trump honours A K Q J by default, the four aces in play, the four twos in noll
    assert sum(r.honours) == 4
    # every card was played once
    assert CardSet.of(h.play_state.played) == CardSet.of(DECK)
    # no duty to trump: a void player's legal list was his whole hand (checked in the walk
    # by playing only legal cards); here, the contract matches the final bid
    top = h.auction.highest
    if top is None or top[1].is_information:
        assert r.contract is Contract.FORCED_NOLL and r.declarers is None
    else:
        assert r.contract is top[1].contract and r.declarers == top[0] % 2


@settings(max_examples=50)
@given(SEEDS, st.sampled_from([Contract.DIAMONDS, Contract.HEARTS]),
       st.sampled_from(["standard", "alternative"]))
def test_the_ten_of_trumps_only_helps_the_team_that_holds_it(seed, contract, table):
    # default (A K Q J 10) against the four-card option (A K Q J): the team dealt the ten of
    # trumps scores at least as much, the other team exactly the same
    d = random_priffe_deal(seed)
    five_rules = PriffeRules(score_table=table)
    four_rules = five_rules.with_options(trump_honours="AKQJ")
    five = honour_points(honour_counts(d.hands, contract, five_rules), five_rules.table)
    four = honour_points(honour_counts(d.hands, contract, four_rules), four_rules.table)
    ten = next(s for s, h in enumerate(d.hands) if make_card(contract.trump, TEN) in h)
    assert five[ten % 2] >= four[ten % 2] and five[1 - ten % 2] == four[1 - ten % 2]


def expected_points(r: HandResult) -> tuple[int, int]:
    """Trick points + slam + doubling for each team, straight from the seed's words."""
    t = r.tricks
    out = [0, 0]
    if r.contract.is_noll:
        low = 0 if t[0] < t[1] else 1
        doubled = r.declarers is not None and r.declarers != low
        out[low] = 10 * (7 - t[low]) * (2 if doubled else 1)
    else:
        win = 0 if t[0] > t[1] else 1
        doubled = r.declarers != win
        pts = 10 * (t[win] - 6) + {12: 10, 13: 20}.get(t[win], 0)
        out[win] = pts * (2 if doubled else 1)
    return out[0], out[1]


results = st.builds(
    lambda c, d, t0, h: HandResult(c, None if c is Contract.FORCED_NOLL else d, (t0, 13 - t0), h),
    st.sampled_from(list(Contract)), st.integers(0, 1), st.integers(0, 13),
    st.sampled_from([(1, 1, 1, 1), (2, 1, 1, 0), (0, 4, 0, 0), (3, 0, 1, 0), (0, 2, 0, 2),
                     (2, 1, 1, 1), (3, 0, 2, 0), (0, 4, 0, 1), (1, 1, 2, 1)]))


@settings(max_examples=200)
@given(results)
def test_failed_contract_scores_go_to_the_defenders(r):
    ch = score_change(RubberSheet.new(), r)
    trick_part = tuple(ch.game_points[i] + ch.penalty[i] + ch.slam[i] for i in (0, 1))
    assert trick_part == expected_points(r)
    if r.made is False:
        assert ch.scorer == 1 - r.declarers
        assert trick_part[r.declarers] == 0
        assert ch.penalty[ch.scorer] == ch.game_points[ch.scorer]   # double
    elif r.made:
        assert ch.scorer == r.declarers and ch.penalty == (0, 0)
    assert ch.total[0] >= 0 and ch.total[1] >= 0


@settings(max_examples=100)
@given(st.lists(results, min_size=1, max_size=40))
def test_rubber_ends_after_two_games_by_one_side(hands):
    s = RubberSheet.new()
    totals = [0, 0]
    for r in hands:
        if s.is_over:
            break
        before = s
        ch = score_change(s, r)
        s = score_hand(s, r)
        totals = [a + b for a, b in zip(totals, ch.total)]
        assert tuple(totals) == s.totals
        assert max(s.games) <= 2 and min(s.games) <= 1
        for team in (0, 1):
            assert s.game_points[team] < s.target(team)
        if ch.game_won is not None:
            assert s.game_points == (0, 0)
            assert s.games[ch.game_won] == before.games[ch.game_won] + 1
    if s.is_over:
        assert s.games[s.winner] == 2 and s.games[1 - s.winner] <= 1
        pts = individual_points(s, "ABCD")
        assert sum(pts.values()) == 0
        assert pts["A"] == (s.totals[0] - s.totals[1]) // 10


@settings(max_examples=200)
@given(st.integers(0, 500).map(lambda x: 10 * x), st.integers(0, 500).map(lambda x: 10 * x))
def test_settlement_sums_to_zero(a, b):
    u0, u1 = settle((a, b))
    assert 2 * u0 + 2 * u1 == 0 and u0 * 10 == a - b

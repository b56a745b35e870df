"""Tests of the double-dummy solver (prefa.solver).

The solver is checked against a deliberately simple minimax written here on
top of prefa.play.TrickPlay and legal_cards (it only remembers positions it
has already valued, so that five-trick endings stay quick), on thousands of
random endings from seeds.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prefa.balkan.solve import position_from_deal
from prefa.cards import CardSet, Suit, card_name, deck, parse_card
from prefa.deal import Deal, SplitMix64, random_deal
from prefa.errors import IllegalPlay, PrefaError
from prefa.play import Overtake, PlayRules, TrickPlay, legal_cards, trick_winner
from prefa.solver import Position, Solver, _Engine, card_table, solve, wants_tricks

VIDA = {"trump_order": (9, 7, 12, 8, 11, 10, 6, 5), "plain_order": (12, 8, 11, 10, 9, 7, 6, 5)}
"""Vida's rank orders (J 9 A T K Q 8 7 in trumps, A T K Q J 9 8 7 elsewhere):
a rules object whose card strengths are not the ranks."""


# ---------------------------------------------------------------------------
# The reference: plain minimax
# ---------------------------------------------------------------------------

def brute_force(play: TrickPlay, declarer: int, betl: bool, memo: dict) -> int:
    """Declarer's tricks from now on with best play, by trying every legal card."""
    key = (tuple(h.mask for h in play.hands), play.leader, tuple(play.trick))
    if key in memo:
        return memo[key]
    if play.is_over():
        return 0
    seat = play.to_move
    results = []
    for card in play.legal_moves():
        before = len(play.tricks)
        play.play(card)
        won = 1 if len(play.tricks) > before and play.tricks[-1].winner == declarer else 0
        results.append(won + brute_force(play, declarer, betl, memo))
        play.undo()
    value = max(results) if (seat == declarer) != betl else min(results)
    memo[key] = value
    return value


def reference(p: Position) -> int:
    """Declarer's total tricks in ``p`` by :func:`brute_force`."""
    tp = TrickPlay(list(p.hands), p.active, p.rules, p.leader, list(p.trick), [], [0, 0, 0])
    return p.won + brute_force(tp, p.declarer, p.goal == "betl", {})


def random_position(seed: int, kind: str, lone: bool, overtake: bool, max_tricks: int = 5,
                    vida: bool = False) -> Position:
    """A random ending of 1 to ``max_tricks`` tricks, sometimes stopped mid-trick."""
    g = SplitMix64(seed)
    k = 1 + g.below(max_tricks)
    out = 1 + g.below(2) if lone else None
    active = [s for s in range(3) if s != out]
    cards = list(deck())
    g.shuffle(cards)
    hands = [CardSet()] * 3
    for i, s in enumerate(active):
        hands[s] = CardSet.of(cards[i * k:(i + 1) * k])
    declarer = 0 if lone else g.below(3)
    leader = active[g.below(len(active))]
    trump = None if kind != "suit" else Suit(g.below(4))
    extra = VIDA if vida else {}
    if overtake:
        rules = PlayRules(trump=trump, overtake=Overtake.ALWAYS, must_overtrump=True, **extra)
    else:
        rules = PlayRules(trump=trump, **extra)
    tp = TrickPlay.start(hands, leader, rules, active)
    for _ in range(g.below(len(active) * k)):
        moves = list(tp.legal_moves())
        tp.play(moves[g.below(len(moves))])
    return Position(tuple(tp.hands), declarer, tp.leader, rules,
                    "betl" if kind == "betl" else "tricks", tuple(tp.trick), tp.won[declarer], out)


GROUPS = [(kind, lone, overtake) for kind in ("suit", "sans", "betl")
          for lone in (False, True) for overtake in (False, True)]


@pytest.mark.parametrize("kind,lone,overtake", GROUPS)
def test_solver_matches_brute_force(kind: str, lone: bool, overtake: bool) -> None:
    """Zero disagreements with plain minimax on random 1-5 trick endings."""
    base = 1000 * GROUPS.index((kind, lone, overtake))
    bad = []
    for seed in range(base, base + 260):
        p = random_position(seed, kind, lone, overtake)
        if solve(p) != reference(p):
            bad.append(seed)
    assert not bad, f"solver disagrees with minimax for seeds {bad[:10]}"


@pytest.mark.parametrize("kind,lone,overtake", GROUPS)
def test_card_table_matches_brute_force(kind: str, lone: bool, overtake: bool) -> None:
    """Every entry of the card table equals minimax after that card."""
    base = 50_000 + 1000 * GROUPS.index((kind, lone, overtake))
    for seed in range(base, base + 40):
        p = random_position(seed, kind, lone, overtake, max_tricks=4)
        table = card_table(p)
        assert set(table) == set(p.legal_moves())
        for card, n in table.items():
            assert n == reference(p.play(card)), (seed, card_name(card))


@pytest.mark.parametrize("kind", ["suit", "sans", "betl"])
def test_other_rank_orders_match_brute_force(kind: str) -> None:
    """Rules whose card strengths are not the ranks (Vida's orders) solve exactly too."""
    for seed in range(90_000, 90_080):
        p = random_position(seed, kind, lone=seed % 3 == 0, overtake=seed % 2 == 0, vida=True)
        assert solve(p) == reference(p), seed


def test_one_solver_reused_across_positions_stays_exact() -> None:
    """A Solver keeps its tables between calls; results must not drift."""
    solver = Solver(max_entries=500)  # small: the tables are dropped and refilled
    for seed in range(120_000, 120_150):
        kind = ("suit", "sans", "betl")[seed % 3]
        p = random_position(seed, kind, lone=False, overtake=False)
        assert solver.solve(p) == reference(p), seed


# ---------------------------------------------------------------------------
# Legality of the fast path
# ---------------------------------------------------------------------------

def _random_legality_case(seed: int):
    g = SplitMix64(seed)
    cards = list(deck())
    g.shuffle(cards)
    hand = CardSet.of(cards[:1 + g.below(10)])
    trick = cards[10:10 + g.below(3)]
    trump = None if g.below(3) == 0 else Suit(g.below(4))
    overtake = (Overtake.NEVER, Overtake.TRUMP_LEAD, Overtake.ALWAYS)[g.below(3)]
    extra = VIDA if g.below(4) == 0 else {}
    rules = PlayRules(trump=trump, must_trump=g.below(5) != 0, overtake=overtake,
                      must_overtrump=g.below(2) == 0, **extra)
    return hand, trick, rules


@settings(derandomize=True, max_examples=1500, deadline=None)
@given(st.integers(min_value=0, max_value=2**63))
def test_fast_legality_equals_legal_cards(seed: int) -> None:
    """The solver's integer legality agrees with prefa.play.legal_cards."""
    hand, trick, rules = _random_legality_case(seed)
    e = _Engine(rules, 0, (0, 1, 2), "tricks", 1000)
    h = 0
    for c in hand:
        h |= 1 << e.to_int[c]
    expected = legal_cards(hand, trick, rules)
    if not trick:
        assert e.reps(h, h) & ~h == 0
        return
    t = [e.to_int[c] for c in trick]
    best = t[0]
    for c in t[1:]:
        if e.beats(c, best):
            best = c
    assert best == e.to_int[trick[trick_winner(trick, rules)]]
    got = e.legal(h, t[0] >> 4, best)
    assert CardSet.of(e.from_int[c] for c in range(64) if got >> c & 1) == expected
    # the inlined copy in the search equals legal() followed by reps()
    u = h
    for c in t:
        u |= 1 << c
    assert e.fmoves(h, t[0] >> 4, best, u) == e.reps(got, u)


# ---------------------------------------------------------------------------
# Known results
# ---------------------------------------------------------------------------

KOVALEVSKAYA = Deal.parse("ST987 H98 D987 C8 / SAK HAKQT DA CQJT / SQJ HJ7 DKQJT C97")
"""The misère attributed to Sofia Kovalevskaya, a classic of Russian preferans
literature: seat 0 plays betl (misère), seat 2 leads."""


@pytest.mark.parametrize("overtake", [False, True])
def test_kovalevskaya_misere_declarer_takes_one_trick(overtake: bool) -> None:
    rules = (PlayRules(overtake=Overtake.ALWAYS, must_overtrump=True) if overtake
             else PlayRules())
    p = Position.from_deal(KOVALEVSKAYA, declarer=0, leader=2, rules=rules, goal="betl")
    assert solve(p) == 1
    table = card_table(p)
    assert min(table.values()) == 0 and max(table.values()) == 1
    assert CardSet.of(c for c, n in table.items() if n == 1) == CardSet.parse("DKQJT")


def test_betl_eight_trick_ending_regression() -> None:
    # verified by brute_force (about two minutes): 6 after each of AS, QS, 9S.
    # Generalised ("winning ranks") table entries once gave 5 here.
    hands = tuple(CardSet.parse(x) for x in ("SAQ9 HQJT8 D7", "SKJ8 H7 DKT8 CK",
                                             "ST DAQJ9 CT9"))
    p = Position(hands, 0, 2, PlayRules(), "betl", (parse_card("7S"),), 0)
    assert solve(p) == 6
    assert card_table(p) == {parse_card(c): 6 for c in ("AS", "QS", "9S")}


def test_all_ten_tricks_from_the_top() -> None:
    # the declarer holds the top of three suits and leads: all ten, whatever the defence
    deal = Deal.parse("SAKQJ HAKQ DAKQ / ST98 HJT9 DJT9 C7 / S7 H87 D87 CAKQJ9")
    for game in ("sans", "preferans"):
        assert solve(position_from_deal(deal, game, declarer=0, leader=0)) == 10


def test_lone_defender_tricks_have_two_cards() -> None:
    deal = Deal.parse("SAK / SQJ / ST9")
    p = Position.from_deal(deal, declarer=0, leader=2, out=1)
    assert p.hands[1] == CardSet()
    assert p.active == (0, 2)
    assert solve(p) == 2
    q = p.play(parse_card("TS")).play(parse_card("AS"))
    assert (q.won, q.leader, q.trick) == (1, 0, ())


# ---------------------------------------------------------------------------
# Card tables
# ---------------------------------------------------------------------------

def test_card_table_best_entry_equals_solve() -> None:
    for seed in range(200, 260):
        kind = ("suit", "sans", "betl")[seed % 3]
        p = random_position(seed, kind, lone=seed % 4 == 0, overtake=seed % 5 == 0,
                            max_tricks=6)
        table = card_table(p)
        best = max if wants_tricks(p, p.to_move) else min
        assert best(table.values()) == solve(p), seed


def test_card_table_on_full_deals() -> None:
    for seed, game, leader in ((1, "sans", 1), (2, "hearts", 0), (3, "betl", 1)):
        deal = random_deal(seed)
        p = position_from_deal(deal, game, declarer=0, leader=leader)
        table = card_table(p)
        best = max if wants_tricks(p, leader) else min
        assert best(table.values()) == solve(p)
        assert list(table) == list(p.hands[leader])


def test_card_table_mid_trick_and_after_the_end() -> None:
    deal = Deal.parse("SAK HA / SQJ H7 / ST9 HK")
    p = Position.from_deal(deal, 0, 1, played="QS", trump=Suit.SPADES)
    assert set(card_table(p)) == {parse_card("TS"), parse_card("9S")}
    done = Position.from_deal(Deal.parse("SA / SK / S7"), 0, 0, played="AS KS 7S")
    assert done.is_over() and card_table(done) == {} and solve(done) == 1


# ---------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------

def test_from_deal_names_the_illegal_card() -> None:
    deal = Deal.parse("SAK HA / SQJ H7 / ST9 HK")
    with pytest.raises(IllegalPlay, match="7♥"):
        Position.from_deal(deal, 0, 0, played="AS 7H")
    with pytest.raises(IllegalPlay, match="K♥"):
        Position.from_deal(deal, 0, 0, played="KH")


@pytest.mark.parametrize("kwargs,match", [
    ({"declarer": 3, "leader": 0}, "declarer"),
    ({"declarer": 0, "leader": 5}, "leader"),
    ({"declarer": 0, "leader": 0, "out": 0}, "declarer"),
    ({"declarer": 0, "leader": 1, "out": 1}, "cannot lead"),
    ({"declarer": 0, "leader": 0, "goal": "misere"}, "goal"),
])
def test_bad_positions_raise(kwargs: dict, match: str) -> None:
    hands = (CardSet.parse("SA"), CardSet.parse("SK"), CardSet.parse("S7"))
    with pytest.raises(PrefaError, match=match):
        Position(hands, **kwargs)


def test_an_illegal_card_in_the_trick_is_named() -> None:
    hands = (CardSet.parse("H9"), CardSet.parse("SK"), CardSet.parse("S7 H8"))
    with pytest.raises(IllegalPlay, match="7C"):
        Position(hands, declarer=0, leader=0, trick=(parse_card("AS"), parse_card("7C")))
    with pytest.raises(IllegalPlay, match="AS"):
        Position((CardSet.parse("SA"), CardSet(), CardSet.parse("S8")), declarer=0, leader=1,
                 trick=(parse_card("AS"),))


def test_hand_sizes_must_match_the_trick() -> None:
    hands = (CardSet.parse("SA"), CardSet.parse("SK"), CardSet.parse("S87"))
    with pytest.raises(IllegalPlay, match="seat"):
        Position(hands, declarer=0, leader=0)


def test_position_play_and_text() -> None:
    p = Position.from_deal(Deal.parse("SA / SK / S7"), 0, 1, goal="betl")
    q = p.play(parse_card("KS"))
    assert q.to_move == 2 and q.tricks_left == 1
    assert "betl" in str(q) and "KS" in str(q)
    with pytest.raises(IllegalPlay, match="A♠"):
        q.play(parse_card("AS"))


def _long_position(seed: int, game: str | None = None):
    """A random position of 6 to 10 tricks from ``seed`` (game from a fixed list)."""
    from prefa.cards import CardSet
    from prefa.deal import Deal, SplitMix64, random_deal

    g = SplitMix64(seed * 7 + 1)
    k = 6 + g.below(5)
    hands = []
    for h in random_deal(seed).hands:
        cards = list(h)
        g.shuffle(cards)
        hands.append(CardSet.of(cards[:k]))
    game = game or ["spades", "hearts", "sans", "clubs", "diamonds", "sans"][seed % 6]
    return position_from_deal(Deal(tuple(hands)), game, g.below(3), g.below(3))


def test_generalised_table_agrees_with_exact_table_on_long_positions():
    """The winning-ranks generalisation of table entries against exact entries,
    on positions of 6 to 10 tricks (the brute force above stops at 5); betl too,
    whose generalised entries also keep the runs of equivalent cards."""
    from prefa.solver import Solver

    cases = [(seed, None) for seed in range(120)] + [(seed, "betl") for seed in range(500, 560)]
    for seed, game in cases:
        p = _long_position(seed, game)
        assert Solver().solve(p) == Solver(generalise=False).solve(p), (seed, str(p), game)


# ---------------------------------------------------------------------------
# from_deal takes a goal and a trump suit, not a ruleset's game
# ---------------------------------------------------------------------------

def test_from_deal_takes_goal_and_trump() -> None:
    d = Deal.parse("SAK HA / SQJ H7 / ST9 HK")
    p = Position.from_deal(d, 0, 1, trump=Suit.HEARTS)
    assert (p.goal, p.rules) == ("tricks", PlayRules(trump=Suit.HEARTS))
    q = Position.from_deal(d, 0, 1, goal="betl")
    assert (q.goal, q.rules) == ("betl", PlayRules())
    over = PlayRules(trump=Suit.SPADES, overtake=Overtake.ALWAYS)
    assert Position.from_deal(d, 0, 1, rules=over).rules == over
    assert Position.from_deal(d, 0, 1, rules=over, trump=Suit.SPADES).rules == over


@pytest.mark.parametrize("kwargs, word", [
    ({"goal": "misere"}, "'misere'"),
    ({"trump": "hearts"}, "'hearts'"),
    ({"trump": Suit.HEARTS, "rules": PlayRules(trump=Suit.SPADES)}, "trump hearts"),
    ({"trump": Suit.HEARTS, "rules": PlayRules()}, "(none)"),
])
def test_from_deal_refuses_a_bad_goal_or_trump(kwargs, word) -> None:
    with pytest.raises(PrefaError) as e:
        Position.from_deal(Deal.parse("SA / SK / S7"), 0, 1, **kwargs)
    assert word in str(e.value)


def test_from_deal_refuses_the_old_game_argument() -> None:
    # the solver takes no game name: "sans" in the declarer's place is a bad seat
    with pytest.raises(PrefaError, match="bad declarer seat 'sans'"):
        Position.from_deal(Deal.parse("SA / SK / S7"), "sans", 0, 0)  # type: ignore[arg-type]

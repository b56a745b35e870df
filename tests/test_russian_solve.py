"""The solver on Russian positions against a deliberately simple brute-force
minimax written here: must-overtake and must-overtrump, misère (the solver's
betl goal), the lone whister with the passer's hand in play, Gusarik seats.

The brute force tries every legal card (by :func:`prefa.play.legal_cards`,
the one legality function) at every turn; the solver searches with its own
re-implementation on raw integers, so the two are independent.
"""

import random

import pytest

from prefa.cards import CardSet, deck, parse_cards
from prefa.deal import Deal
from prefa.errors import IllegalAction, IllegalPlay
from prefa.play import legal_cards, trick_winner
from prefa.russian.contract import LADDER, MISERE, Contract
from prefa.russian.deal import russian_deal
from prefa.russian.hand import Phase, RussianHand
from prefa.russian.options import RussianRules
from prefa.russian.solve import (
    card_table,
    declarer_tricks,
    misere_caught,
    position,
    position_from_deal,
    solver_seats,
)


def brute(hands, leader, rules, declarer, misere, trick=()):
    """Declarer's tricks from here with best play; seats 0, 1, 2 in order."""
    seat = (leader + len(trick)) % 3
    if not hands[seat]:
        return 0
    best = None
    for c in legal_cards(hands[seat], list(trick), rules):
        h = list(hands)
        h[seat] = h[seat].remove(c)
        t = trick + (c,)
        if len(t) == 3:
            w = (leader + trick_winner(t, rules)) % 3
            r = (w == declarer) + brute(h, w, rules, declarer, misere)
        else:
            r = brute(h, leader, rules, declarer, misere, t)
        wants_more = (seat == declarer) != misere
        if best is None or (r > best if wants_more else r < best):
            best = r
    return best


def brute_from(deal, contract, declarer, leader, played, rules):
    """Replay ``played`` with the hand's rules, then brute-force the rest."""
    hands = list(deal.hands)
    trick = []
    won = 0
    for c in played:
        seat = (leader + len(trick)) % 3
        assert c in legal_cards(hands[seat], trick, rules)
        hands[seat] = hands[seat].remove(c)
        trick.append(c)
        if len(trick) == 3:
            w = (leader + trick_winner(trick, rules)) % 3
            won += w == declarer
            leader, trick = w, []
    return won + brute(hands, leader, rules, declarer, contract.is_misere, tuple(trick))


def random_ending(seed, n=4):
    rng = random.Random(seed)
    cards = list(deck(32))
    rng.shuffle(cards)
    deal = Deal(tuple(CardSet.of(cards[i * n:(i + 1) * n]) for i in range(3)))
    contract = rng.choice(LADDER)
    return rng, deal, contract, rng.randrange(3), rng.randrange(3)


def random_prefix(rng, deal, leader, rules, k):
    hands = list(deal.hands)
    trick, out = [], []
    for _ in range(k):
        seat = (leader + len(trick)) % 3
        c = rng.choice(list(legal_cards(hands[seat], trick, rules)))
        hands[seat] = hands[seat].remove(c)
        trick.append(c)
        out.append(c)
        if len(trick) == 3:
            leader = (leader + trick_winner(trick, rules)) % 3
            trick = []
    return out


@pytest.mark.parametrize("overtake", [True, False])
@pytest.mark.parametrize("seed", range(12))
def test_solver_agrees_with_brute_force_on_random_endings(seed, overtake):
    rng, deal, contract, declarer, leader = random_ending(seed)
    opts = RussianRules(must_overtake=overtake)
    rules = contract.play_rules(opts.must_overtake, opts.must_overtrump)
    played = random_prefix(rng, deal, leader, rules, rng.randrange(3))
    pos = position_from_deal(deal, contract, declarer, leader, played, rules=opts)
    expect = brute_from(deal, contract, declarer, leader, played, rules)
    assert declarer_tricks(pos) == expect
    # every card of the player to move, one ply deeper
    table = card_table(pos)
    assert set(table) == set(pos.legal_moves())
    for c, n in table.items():
        assert n == brute_from(deal, contract, declarer, leader, played + [c], rules), c


@pytest.mark.parametrize("seed", range(12))
def test_misere_agrees_with_brute_force(seed):
    _, deal, _, declarer, leader = random_ending(100 + seed)
    rules = MISERE.play_rules()
    pos = position_from_deal(deal, MISERE, declarer, leader)
    expect = brute_from(deal, MISERE, declarer, leader, [], rules)
    assert declarer_tricks(pos) == expect
    assert misere_caught(pos) == (expect > 0)


def test_overtaking_duty_changes_a_misere():
    # The declarer (seat 0) holds the 9 and 7 of spades; seat 2 leads the 8.
    # With the duty he must play the 9 and win, and then his 7 wins too; without
    # it he ducks with the 7 and later throws the 9 on the ace of hearts.
    deal = Deal.parse("S97 / HKQ / S8 HA")
    on = position_from_deal(deal, MISERE, declarer=0, leader=2)
    off = position_from_deal(deal, MISERE, declarer=0, leader=2,
                             rules=RussianRules(must_overtake=False))
    assert declarer_tricks(on) == 2 == brute_from(deal, MISERE, 0, 2, [], on.rules)
    assert declarer_tricks(off) == 0 == brute_from(deal, MISERE, 0, 2, [], off.rules)


def test_overtrump_duty_changes_a_trump_contract():
    # 6♥ by seat 1; seat 0 leads a diamond; seat 1 ruffs with the queen; seat 2,
    # void too, must overruff with the king (or, without the duty, may ruff low).
    deal = Deal.parse("DA8 / HQ S7 / HK7")
    c = Contract.parse("6H")
    on = position_from_deal(deal, c, declarer=1, leader=0, played="AD QH")
    off = position_from_deal(deal, c, declarer=1, leader=0, played="AD QH",
                             rules=RussianRules(must_overtake=False))
    assert str(on.legal_moves()) == "HK" and str(off.legal_moves()) == "HK7"
    for p in (on, off):
        assert declarer_tricks(p) == brute_from(deal, c, 1, 0, parse_cards("AD QH"), p.rules)


def _play_down(hand, rng, left):
    """Play random legal cards until every hand holds ``left`` cards."""
    while hand.phase is Phase.PLAY and len(hand.play_state.hands[hand.seats[0]]) > left \
            or hand.play_state.trick:
        hand.play(rng.choice(list(hand.legal_cards())))


@pytest.mark.parametrize("seed", range(6))
def test_lone_whister_with_the_passers_hand_in_play(seed):
    rng = random.Random(seed)
    d = russian_deal(seed)
    h = RussianHand(d)
    for c in ("6S", "pass", "pass"):
        h.call(c)
    h.discard(list(h.hands[0] | h.talon)[:2])
    h.declare(rng.choice(["6S", "6NT", "7H", "6D"]))
    h.decide("pass")
    h.decide("whist")
    _play_down(h, rng, 3)
    pos, m = position(h)
    assert m == {0: 0, 1: 1, 2: 2} and pos.out is None
    assert pos.hands[1] == h.play_state.hands[1]  # the passer's hand is in play
    rest = brute(list(pos.hands), pos.leader, pos.rules, pos.declarer, False)
    assert declarer_tricks(h) == h.tricks[0] + rest


@pytest.mark.parametrize("seed", range(4))
def test_gusarik_seats_are_mapped_for_the_solver(seed):
    rng = random.Random(seed)
    rules = RussianRules(players=4)
    d = russian_deal(seed, players=4, dealer=1)
    h = RussianHand(d, rules, dealer=1)
    assert h.seats == (2, 3, 0)
    for c in ("pass", "7C", "pass"):
        h.call(c)
    assert h.declarer == 3
    h.discard(list(h.hands[3] | h.talon)[:2])
    h.declare("7C")
    h.decide("whist")
    h.decide("whist")
    _play_down(h, rng, 3)
    pos, m = position(h)
    assert m == solver_seats((2, 3, 0)) == {0: 0, 2: 1, 3: 2}
    assert pos.declarer == 2
    hands = [pos.hands[i] for i in range(3)]
    assert hands == [h.play_state.hands[0], h.play_state.hands[2], h.play_state.hands[3]]
    rest = brute(hands, pos.leader, pos.rules, pos.declarer, False)
    assert declarer_tricks(h) == h.tricks[3] + rest


def test_solver_refuses_raspasovka_and_unplayed_hands():
    h = RussianHand(russian_deal(1))
    with pytest.raises(IllegalAction, match="in play"):
        position(h)
    for _ in range(3):
        h.call("pass")
    with pytest.raises(IllegalAction, match="raspasovka has no declarer"):
        position(h)
    with pytest.raises(IllegalAction, match="misère"):
        misere_caught(position_from_deal(Deal.parse("SA / SK / SQ"), Contract.parse("6S"), 0, 0))


def test_illegal_prefix_is_refused():
    with pytest.raises(IllegalPlay, match="higher card"):
        position_from_deal(Deal.parse("S97 / HKQ / S8 HA"), MISERE, 0, 2, played="8S 7S")

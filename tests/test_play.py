"""Trick play: legal cards, trick winners, make/unmake (prefa.play, RULES.md §1, §3, §4).

Expected legal sets and winners are worked out by hand; the property tests
compare the engine with a plain reference written from the rule texts below.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prefa.cards import (
    ACE,
    EIGHT,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    TEN,
    CardSet,
    Suit,
    card_name,
    card_symbol,
    deck,
    parse_card,
)
from prefa.deal import random_deal
from prefa.errors import IllegalPlay, PrefaError
from prefa.play import Overtake, PlayRules, Trick, TrickPlay, legal_cards, trick_winner

c = parse_card
H = CardSet.parse


def cards(text: str) -> list[int]:
    return [c(t) for t in text.split()]


# Vida (seed 002): trumps J 9 A T K Q 8 7, plain suits A T K Q J 9 8 7.
VIDA_TRUMP = (JACK, NINE, ACE, TEN, KING, QUEEN, EIGHT, SEVEN)
VIDA_PLAIN = (ACE, TEN, KING, QUEEN, JACK, NINE, EIGHT, SEVEN)


def vida(trump: Suit) -> PlayRules:
    return PlayRules(trump=trump, overtake=Overtake.TRUMP_LEAD, must_overtrump=True,
                     trump_order=VIDA_TRUMP, plain_order=VIDA_PLAIN)


def test_vida_orders_as_rank_numbers():
    assert VIDA_TRUMP == (9, 7, 12, 8, 11, 10, 6, 5)
    assert VIDA_PLAIN == (12, 8, 11, 10, 9, 7, 6, 5)


# -- the seed 001 examples (ch. 12, "Igranje partije") ------------------------------
# Milenko is seat 0, Dusko seat 1, Nikola seat 2.

def test_seed001_ch12_example1_highest_card_wins():
    """"Milenko igra Herc-A. Dusko stavlja Herc-7. Nikola igra Herc-9. Milenko nosi stih.\""""
    p = TrickPlay.start([H("HA SK"), H("H7 SQ"), H("H9 SJ")], leader=0, rules=PlayRules())
    for t in ["AH", "7H", "9H"]:
        p.play(c(t))
    assert p.tricks[0].winner == 0
    assert p.leader == 0 and p.won == [1, 0, 0]
    assert trick_winner(cards("AH 7H 9H"), PlayRules()) == 0
    assert trick_winner(cards("AH 7H 9H"), PlayRules(trump=Suit.SPADES)) == 0


def test_seed001_ch12_example2_ruff_wins():
    """"Adut je pik. Milenko igra Herc-A. Dusko Herc-7. Nikola nema herca i igra Pik-7.
    Nikola nosi stih.\""""
    rules = PlayRules(trump=Suit.SPADES)
    p = TrickPlay.start([H("HA DA"), H("H7 DK"), H("S7 DQ")], leader=0, rules=rules)
    p.play(c("AH"))
    p.play(c("7H"))
    # Nikola has no hearts: in a trump game he must trump.
    assert p.legal_moves() == H("S7")
    with pytest.raises(IllegalPlay, match="Q♦"):
        p.play(c("QD"))
    p.play(c("7S"))
    assert p.tricks[0] == Trick(0, tuple(cards("AH 7H 7S")), (0, 1, 2), 2)
    assert p.leader == 2 and p.to_move == 2
    assert trick_winner(cards("AH 7H 7S"), rules) == 2


def test_seed001_ch12_void_without_trumps_plays_any_card():
    """"... a nema vise aduta moze igrati bilo koju kartu. U sansu i betlu ... bilo koju kartu.\""""
    hand = H("DQ C8")
    assert legal_cards(hand, cards("AH"), PlayRules(trump=Suit.SPADES)) == hand
    assert legal_cards(H("S7 DQ C8"), cards("AH"), PlayRules()) == H("S7 DQ C8")  # sans, betl


# -- legal_cards --------------------------------------------------------------------
@pytest.mark.parametrize("hand,trick,rules,expected", [
    # lead: anything
    ("SAK H7 D8", "", PlayRules(trump=Suit.SPADES), "SAK H7 D8"),
    # follow suit, no obligation to overtake
    ("SAK H97 D8", "TH", PlayRules(), "H97"),
    ("SAK H97 D8", "TH", PlayRules(trump=Suit.SPADES), "H97"),
    ("SAK H97 D8", "TH AS", PlayRules(trump=Suit.SPADES), "H97"),   # trumped: still follow
    # void: must trump in a trump game
    ("SK7 D8 C9", "AH", PlayRules(trump=Suit.SPADES), "SK7"),
    ("SK7 D8 C9", "AH 8H", PlayRules(trump=Suit.CLUBS), "C9"),
    ("SK7 D8", "AH 9S", PlayRules(trump=Suit.SPADES), "SK7"),        # no overtrump needed
    # void, no trump: any card
    ("SK7 D8 C9", "AH", PlayRules(), "SK7 D8 C9"),
    # must_trump=False (Priffe): void means any card
    ("SK7 D8 C9", "AH", PlayRules(trump=Suit.SPADES, must_trump=False), "SK7 D8 C9"),
    # Overtake.ALWAYS: beat the best card of the led suit when possible
    ("HAT7 S8", "9H", PlayRules(overtake=Overtake.ALWAYS), "HAT"),
    ("HAT7 S8", "9H KH", PlayRules(overtake=Overtake.ALWAYS), "HA"),
    ("HAT7 S8", "KH 9H", PlayRules(overtake=Overtake.ALWAYS), "HA"),  # best is K, not the last
    ("H87 S8", "9H", PlayRules(overtake=Overtake.ALWAYS), "H87"),     # cannot: any heart
    ("HAT7 S8", "9H 7S", PlayRules(trump=Suit.SPADES, overtake=Overtake.ALWAYS), "HAT7"),
    ("HAT7 S8", "9H", PlayRules(overtake=Overtake.NEVER), "HAT7"),
    # Overtake.TRUMP_LEAD: only when trumps are led
    ("SAT7 HA", "9S", PlayRules(trump=Suit.SPADES, overtake=Overtake.TRUMP_LEAD), "SAT"),
    ("HAT7 SA", "9H", PlayRules(trump=Suit.SPADES, overtake=Overtake.TRUMP_LEAD), "HAT7"),
    ("S87 HA", "9S", PlayRules(trump=Suit.SPADES, overtake=Overtake.TRUMP_LEAD), "S87"),
    # must_overtrump: beat an earlier trump when possible, else any trump
    ("SKT7 D8", "AH 9S", PlayRules(trump=Suit.SPADES, must_overtrump=True), "SKT"),
    ("S87 D8", "AH 9S", PlayRules(trump=Suit.SPADES, must_overtrump=True), "S87"),
    ("SKT7 D8", "AH 9S", PlayRules(trump=Suit.SPADES, must_overtrump=False), "SKT7"),
    ("SKT7 D8", "AH KH", PlayRules(trump=Suit.SPADES, must_overtrump=True), "SKT7"),
    ("SKT7 D8", "AH 9S", PlayRules(trump=Suit.SPADES, must_trump=False,
                                   must_overtrump=True), "SKT7 D8"),
    # Vida orders change who must overtake with what
    ("SAK9 H8", "TS", vida(Suit.SPADES), "SA9"),      # above T: A and 9, not K
    ("SAK9 H8", "JS", vida(Suit.SPADES), "SAK9"),     # nothing beats J: any spade
    ("SAK7 D8", "AH 9S", vida(Suit.SPADES), "SAK7"),  # 9 is the second trump: cannot overtrump
    ("SJ7 D8", "AH 9S", vida(Suit.SPADES), "SJ"),
    ("HKJ7", "QH", vida(Suit.SPADES), "HKJ7"),        # plain lead: no overtake rule
])
def test_legal_cards(hand, trick, rules, expected):
    assert legal_cards(H(hand), cards(trick), rules) == H(expected)


# -- trick_winner -------------------------------------------------------------------
@pytest.mark.parametrize("trick,rules,winner", [
    ("7H AD 8H", PlayRules(), 2),                       # discards never win
    ("7H AD 8H", PlayRules(trump=Suit.CLUBS), 2),
    ("AH 7S 8S", PlayRules(trump=Suit.SPADES), 2),      # higher trump
    ("AH 8S 7S", PlayRules(trump=Suit.SPADES), 1),
    ("7S AH", PlayRules(trump=Suit.SPADES), 0),         # two-card trick
    ("KH TH", PlayRules(), 0),
    ("QH", PlayRules(), 0),
    # Vida: J and 9 top the trumps; T is second in plain suits
    ("AS JS", vida(Suit.SPADES), 1),
    ("AS KS 9S", vida(Suit.SPADES), 2),
    ("9S JS AS", vida(Suit.SPADES), 1),
    ("7S 8S", vida(Suit.SPADES), 1),
    ("KH TH", vida(Suit.SPADES), 1),                    # plain: T beats K
    ("JH 9H AH", vida(Suit.SPADES), 2),
    ("JH 9H", vida(Suit.SPADES), 0),                    # plain: J beats 9
    ("AH 7S", vida(Suit.SPADES), 1),
    ("JH 9H", PlayRules(trump=Suit.HEARTS, trump_order=VIDA_TRUMP), 0),
    ("AH 9H", PlayRules(trump=Suit.HEARTS, trump_order=VIDA_TRUMP), 1),
    ("AH 9H", PlayRules(trump=Suit.SPADES, trump_order=VIDA_TRUMP), 0),  # hearts not trump
])
def test_trick_winner(trick, rules, winner):
    assert trick_winner(cards(trick), rules) == winner


def test_trick_winner_of_empty_trick():
    with pytest.raises(ValueError):
        trick_winner([], PlayRules())


def test_vida_order_changes_who_takes_a_played_trick():
    hands = [H("SA HK"), H("SJ HT"), H("S7 H9")]
    plain = TrickPlay.start(hands, 0, PlayRules(trump=Suit.SPADES))
    vp = TrickPlay.start(hands, 0, vida(Suit.SPADES))
    for p in (plain, vp):
        for t in ["AS", "JS", "7S"]:
            p.play(c(t))
    assert plain.tricks[0].winner == 0 and vp.tricks[0].winner == 1
    # the second trick: K H by seat 0 in A-high play, T H leads the Vida play
    assert plain.to_move == 0 and vp.to_move == 1


# -- TrickPlay ----------------------------------------------------------------------
def _three() -> TrickPlay:
    return TrickPlay.start([H("SAK HK"), H("SQ H7 D8"), H("S7 HA C9")], leader=0,
                           rules=PlayRules(trump=Suit.HEARTS))


def _snapshot(p: TrickPlay):
    return (list(p.hands), list(p.trick), list(p.tricks), list(p.won), p.leader, p.to_move,
            list(p.played), p.active)


def test_trickplay_start_and_turns():
    p = _three()
    assert p.active == (0, 1, 2) and p.leader == 0 and p.to_move == 0
    assert p.won == [0, 0, 0] and p.tricks == [] and p.trick == []
    assert p.next_seat(2) == 0 and not p.is_over()
    assert p.legal_moves() == H("SAK HK")


def test_play_then_undo_restores_exact_state():
    p = _three()
    states = [p.copy()]
    snaps = [_snapshot(p)]
    order = ["KS", "QS", "7S",        # trick 1: seat 0 wins (no trump played)
             "AS", "7H", "AH",        # trick 2: both void in spades must trump; AH wins
             "9C", "KH", "8D"]        # trick 3: seat 2 leads, seat 0's last card KH trumps
    for t in order:
        p.play(c(t))
        states.append(p.copy())
        snaps.append(_snapshot(p))
    assert p.is_over()
    assert [t.winner for t in p.tricks] == [0, 2, 0]
    assert p.won == [2, 0, 1] and p.leader == 0
    assert [str(t) for t in p.tricks] == ["KS QS 7S", "AS 7H AH", "9C KH 8D"]
    assert [t.seats for t in p.tricks] == [(0, 1, 2), (0, 1, 2), (2, 0, 1)]
    assert p.played == [c(t) for t in order]
    for i in range(len(order), 0, -1):
        assert p.undo() == c(order[i - 1])
        assert p == states[i - 1]
        assert _snapshot(p) == snaps[i - 1]
    with pytest.raises(IllegalPlay, match="nothing to undo"):
        p.undo()


def test_undo_across_a_trick_boundary_restores_leader_and_won():
    p = _three()
    for t in ["KS", "QS", "7S"]:
        p.play(c(t))
    assert p.leader == 0 and p.won == [1, 0, 0] and len(p.tricks) == 1
    assert p.undo() == c("7S")
    assert p.trick == cards("KS QS") and p.tricks == [] and p.won == [0, 0, 0]
    assert p.leader == 0 and p.to_move == 2
    assert p.hands[2] == H("S7 HA C9")


def test_undo_restores_leader_changed_by_a_trick():
    p = TrickPlay.start([H("S7 D7"), H("SA D8"), H("S8 D9")], leader=0, rules=PlayRules())
    for t in ["7S", "AS", "8S"]:
        p.play(c(t))
    assert p.leader == 1
    p.undo()
    assert p.leader == 0 and p.to_move == 2


def test_copy_is_independent():
    p = _three()
    q = p.copy()
    q.play(c("KS"))
    assert p.trick == [] and p.hands[0] == H("SAK HK") and p.played == []
    assert q.trick == [c("KS")]


def test_two_card_tricks_when_a_seat_sits_out():
    p = TrickPlay.start([H("SAK"), CardSet(), H("SQ7")], leader=2, rules=PlayRules())
    assert p.active == (0, 2)
    assert p.to_move == 2 and p.next_seat(2) == 0 and p.next_seat(0) == 2
    p.play(c("7S"))
    assert p.to_move == 0
    p.play(c("KS"))
    assert len(p.tricks) == 1 and p.tricks[0].seats == (2, 0) and p.tricks[0].winner == 0
    p.play(c("AS"))
    p.play(c("QS"))
    assert p.is_over() and p.won == [2, 0, 0]
    assert all(len(t.cards) == 2 for t in p.tricks)


def test_explicit_active_seats_leave_a_hand_untouched():
    hands = [H("SAK"), H("HAK"), H("SQ7")]
    p = TrickPlay.start(hands, leader=0, rules=PlayRules(), active=[2, 0])
    assert p.active == (0, 2)
    for t in ["AS", "7S", "KS", "QS"]:
        p.play(c(t))
    assert p.is_over() and p.hands[1] == H("HAK") and p.won == [2, 0, 0]


def test_leader_must_be_playing():
    with pytest.raises(IllegalPlay, match="seat 1"):
        TrickPlay.start([H("SAK"), CardSet(), H("SQ7")], leader=1, rules=PlayRules())


@pytest.mark.parametrize("setup,card,words", [
    ([], "JD", ["JD", "does not hold"]),                # dealt to nobody
    ([], "QS", ["QS", "seat 0", "does not hold"]),      # out of turn: seat 1's card
    ([], "AH", ["AH", "seat 0", "does not hold"]),      # out of turn: seat 2's card
    ([], "AS", None),                                   # legal (control)
    (["KH"], "QS", ["QS", "seat 1", "must follow hearts", "♥7"]),   # revoke
    (["KH"], "8D", ["8D", "must follow hearts"]),
    (["KS", "QS"], "HA", ["AH", "must follow spades", "♠7"]),         # revoke by trumping
    (["KS", "QS"], "AH", ["AH", "must follow spades", "♠7"]),
    (["KS", "QS", "7S", "AS"], "QS", ["QS", "does not hold"]),        # already played
])
def test_illegal_cards_change_nothing(setup, card, words):
    p = _three()
    for t in setup:
        p.play(c(t))
    before = p.copy()
    if words is None:
        p.play(c(card))
        return
    with pytest.raises(IllegalPlay) as ei:
        p.play(c(card))
    msg = str(ei.value)
    for w in words:
        w = card_symbol(parse_card(w)) if re.fullmatch(r"[2-9TJQKA][SHDC]|[SHDC][2-9TJQKA]", w) else w
        assert w in msg, (w, msg)
    assert p == before


def test_void_player_who_does_not_trump_is_refused():
    p = TrickPlay.start([H("SA HK"), H("S7 DA"), H("SK H9")], leader=0,
                        rules=PlayRules(trump=Suit.SPADES))
    p.play(c("KH"))
    before = p.copy()
    with pytest.raises(IllegalPlay, match=r"A♦.*no hearts.*must trump.*♠7"):
        p.play(c("AD"))
    assert p == before


def test_no_card_after_the_end():
    p = TrickPlay.start([H("SA"), H("S7"), H("S8")], 0, PlayRules())
    for t in ["AS", "7S", "8S"]:
        p.play(c(t))
    assert p.is_over() and p.legal_moves() == CardSet()
    before = p.copy()
    with pytest.raises(IllegalPlay, match="K♠.*over"):
        p.play(c("KS"))
    with pytest.raises(PrefaError):
        p.play(c("AS"))
    assert p == before


# -- properties: random hands against a reference -----------------------------------
def ref_strength(card: int, rules: PlayRules) -> int:
    suit, rank = card >> 4, card & 15
    order = rules.trump_order if suit == rules.trump else rules.plain_order
    return rank if order is None else -order.index(rank)


def ref_winner(trick: list[int], rules: PlayRules) -> int:
    led = trick[0] >> 4

    def key(i: int):
        s = trick[i] >> 4
        return (s == rules.trump, s == led, ref_strength(trick[i], rules))
    return max(range(len(trick)), key=key)


def ref_legal(hand: set[int], trick: list[int], rules: PlayRules) -> set[int]:
    """Follow suit (beating the best led-suit card if the overtake rule says so);
    if void, trump when required (beating an earlier trump if overtrumping is
    required and possible); else anything."""
    if not trick:
        return set(hand)
    led = trick[0] >> 4
    best = trick[ref_winner(trick, rules)]
    same = {x for x in hand if x >> 4 == led}
    if same:
        must_beat = (rules.overtake is Overtake.ALWAYS
                     or (rules.overtake is Overtake.TRUMP_LEAD and led == rules.trump))
        if must_beat and best >> 4 == led:
            higher = {x for x in same if ref_strength(x, rules) > ref_strength(best, rules)}
            if higher:
                return higher
        return same
    if rules.trump is not None and rules.must_trump:
        trumps = {x for x in hand if x >> 4 == rules.trump}
        if trumps:
            if rules.must_overtrump and best >> 4 == rules.trump:
                higher = {x for x in trumps
                          if ref_strength(x, rules) > ref_strength(best, rules)}
                if higher:
                    return higher
            return trumps
    return set(hand)


RULESETS = [
    PlayRules(), PlayRules(trump=Suit.SPADES), PlayRules(trump=Suit.CLUBS),
    PlayRules(trump=Suit.HEARTS, overtake=Overtake.ALWAYS, must_overtrump=True),
    PlayRules(overtake=Overtake.ALWAYS), PlayRules(trump=Suit.DIAMONDS, must_trump=False),
    vida(Suit.SPADES), vida(Suit.HEARTS),
]


@settings(max_examples=300)
@given(seed=st.integers(0, 2**64 - 1), rules=st.sampled_from(RULESETS),
       sit_out=st.sampled_from([None, 0, 1, 2]), rnd=st.randoms(use_true_random=False))
def test_random_play_matches_reference_and_undoes(seed, rules, sit_out, rnd):
    deal = random_deal(seed)
    hands = [CardSet() if s == sit_out else h for s, h in enumerate(deal.hands)]
    active = [s for s in range(3) if s != sit_out]
    leader = rnd.choice(active)
    p = TrickPlay.start(hands, leader, rules)
    start = p.copy()
    copies = []
    seen: list[int] = []
    while not p.is_over():
        seat = p.to_move
        legal = p.legal_moves()
        assert set(legal) == ref_legal(set(p.hands[seat]), p.trick, rules)
        assert legal and all(x in p.hands[seat] for x in legal)
        illegal = sorted(set(deck(52)) - set(legal))
        bad = rnd.choice(illegal)
        before = p.copy()
        with pytest.raises(IllegalPlay, match=card_symbol(bad)):
            p.play(bad)
        assert p == before
        card = rnd.choice(sorted(legal))
        copies.append(p.copy())
        trick_before = list(p.trick)
        p.play(card)
        seen.append(card)
        if not p.trick:  # the trick just closed
            t = p.tricks[-1]
            assert list(t.cards) == trick_before + [card]
            assert t.winner == t.seats[ref_winner(list(t.cards), rules)]
            assert p.leader == t.winner
    n = len(active)
    assert len(p.tricks) == 10
    assert all(len(t.cards) == n for t in p.tricks)
    assert sum(p.won) == 10 and all(p.won[s] == 0 for s in range(3) if s not in active)
    assert sorted(seen) == sorted(x for s in active for x in hands[s])  # each card once
    assert p.played == seen
    while copies:
        p.undo()
        assert p == copies.pop()
    assert p == start

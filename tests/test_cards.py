"""Cards, card sets and their notation (prefa.cards, RULES.md §0).

Expected values are written out by hand or computed by the small independent
helpers below (``_card``/``_fmt``), never by the code under test.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
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
    card_rank,
    card_suit,
    card_symbol,
    deck,
    make_card,
    parse_card,
    parse_cards,
)
from prefa.errors import ParseError, PrefaError

# -- an independent model of the notation -------------------------------------------
SUITS = "SHDC"
SYMBOLS = "♠♥♦♣"
RANKS = "23456789TJQKA"  # rank number = index


def _card(name: str) -> int:
    """'AS' -> suit * 16 + rank, from the tables above."""
    return SUITS.index(name[1]) * 16 + RANKS.index(name[0])


def _fmt(cards: set[int]) -> str:
    """Hand notation of a set of ints, suits S H D C, ranks high to low."""
    groups = []
    for s in range(4):
        ranks = sorted((c & 15 for c in cards if c >> 4 == s), reverse=True)
        if ranks:
            groups.append(SUITS[s] + "".join(RANKS[r] for r in ranks))
    return " ".join(groups) or "-"


DECK32 = {s * 16 + r for s in range(4) for r in range(5, 13)}
DECK52 = {s * 16 + r for s in range(4) for r in range(13)}


# -- single cards -------------------------------------------------------------------
@pytest.mark.parametrize("text,expected", [
    ("AS", 12), ("7S", 5), ("TH", 16 + 8), ("10H", 16 + 8), ("10♥", 16 + 8), ("7♣", 48 + 5),
    ("K♦", 32 + 11), ("Q♠", 10), ("2C", 48), ("as", 12), ("jd", 32 + 9), ("9h", 16 + 7),
])
def test_parse_card_values(text, expected):
    assert parse_card(text) == expected


def test_rank_constants():
    assert (ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT, SEVEN) == (12, 11, 10, 9, 8, 7, 6, 5)


def test_every_card_round_trips_through_name_and_symbol():
    for c in DECK52:
        name = card_name(c)
        assert name == RANKS[c & 15] + SUITS[c >> 4]
        assert parse_card(name) == c
        sym = card_symbol(c)
        expected_sym = ("10" if c & 15 == 8 else RANKS[c & 15]) + SYMBOLS[c >> 4]
        assert sym == expected_sym
        assert parse_card(sym) == c


def test_card_helpers():
    c = make_card(Suit.DIAMONDS, QUEEN)
    assert c == 2 * 16 + 10
    assert card_suit(c) is Suit.DIAMONDS
    assert card_rank(c) == QUEEN
    assert card_name(c) == "QD"
    assert card_symbol(make_card(Suit.HEARTS, TEN)) == "10♥"


def test_parse_cards_keeps_order_and_accepts_commas():
    assert parse_cards("7C, AS 10♥  KD") == [_card("7C"), _card("AS"), _card("TH"), _card("KD")]
    assert parse_cards("") == []


def test_suit_helpers():
    assert [s.letter for s in Suit] == list("SHDC")
    assert [s.symbol for s in Suit] == list("♠♥♦♣")
    assert [int(s) for s in Suit] == [0, 1, 2, 3]
    for i, (letter, sym) in enumerate(zip(SUITS, SYMBOLS)):
        assert Suit.find(letter) == i
        assert Suit.find(letter.lower()) == i
        assert Suit.find(sym) == i
    with pytest.raises(ParseError, match="'X'.*expected"):
        Suit.find("X")


# -- hands --------------------------------------------------------------------------
def test_hand_parse_known_value():
    h = CardSet.parse("SAQ87 HQ7 DAK87")
    names = ["AS", "QS", "8S", "7S", "QH", "7H", "AD", "KD", "8D", "7D"]
    assert int(h) == sum(1 << _card(n) for n in names)
    assert len(h) == 10
    assert str(h) == "SAQ87 HQ7 DAK87"
    assert repr(h) == "CardSet.parse('SAQ87 HQ7 DAK87')"


@pytest.mark.parametrize("text,canonical", [
    ("♠A Q 8 7 ♥Q 7 ♦A K 8 7", "SAQ87 HQ7 DAK87"),
    ("DAK87 SAQ87 HQ7", "SAQ87 HQ7 DAK87"),         # suit groups in any order
    ("H10 9 S7", "S7 HT9"),                          # 10 accepted
    ("♣10 ♦10", "DT CT"),
    ("sak hq", "SAK HQ"),
    ("SAKHQ", "SAK HQ"),
    ("-", "-"),
    (" - ", "-"),
    ("C65432", "C65432"),                            # 52-card ranks
])
def test_hand_parse_accepts_variants(text, canonical):
    assert str(CardSet.parse(text)) == canonical
    assert CardSet.parse(text) == CardSet.parse(canonical)


def test_empty_set():
    e = CardSet()
    assert str(e) == "-" and len(e) == 0 and not e and int(e) == 0 and list(e) == []
    assert CardSet.parse("-") == e
    assert e.symbols() == "-"


def test_iteration_order_is_suit_by_suit_highest_first():
    h = CardSet.parse("C7A DQ HKT SJ9")
    assert [card_name(c) for c in h] == ["JS", "9S", "KH", "TH", "QD", "AC", "7C"]


def test_contains():
    h = CardSet.parse("SAK H7")
    assert _card("AS") in h and _card("7H") in h
    assert _card("QS") not in h and _card("7S") not in h
    assert -1 not in h
    assert "AS" not in h  # only ints are cards
    assert 999 not in h


def test_set_operators():
    a = CardSet.parse("SAKQ H7 DT")
    b = CardSet.parse("SQJ H7 C9")
    assert a | b == CardSet.parse("SAKQJ H7 DT C9")
    assert a & b == CardSet.parse("SQ H7")
    assert a - b == CardSet.parse("SAK DT")
    assert b - a == CardSet.parse("SJ C9")
    assert a ^ b == CardSet.parse("SAKJ DT C9")
    assert a.add(_card("8C")) == CardSet.parse("SAKQ H7 DT C8")
    assert a.remove(_card("KS")) == CardSet.parse("SAQ H7 DT")
    assert a.remove(_card("8C")) == a            # removing an absent card changes nothing
    assert str(a) == "SAKQ H7 DT"                # operators never change an operand
    assert CardSet.of([_card("AS"), _card("AS"), _card("7C")]) == CardSet.parse("SA C7")


def test_suit_queries():
    h = CardSet.parse("SAQ87 HQ7 DAK87")
    assert h.suit(Suit.HEARTS) == CardSet.parse("HQ7")
    assert h.suit(Suit.CLUBS) == CardSet()
    assert [h.count(s) for s in Suit] == [4, 2, 4, 0]
    assert h.ranks(Suit.SPADES) == [ACE, QUEEN, EIGHT, SEVEN]
    assert [h.has_suit(s) for s in Suit] == [True, True, True, False]


def test_symbols_text():
    assert CardSet.parse("SAQ8 HT7").symbols() == "♠A Q 8  ♥10 7"


def test_deck_sizes():
    assert len(deck()) == 32 and set(deck()) == DECK32
    assert len(deck(32)) == 32
    assert len(deck(52)) == 52 and set(deck(52)) == DECK52
    assert str(deck()) == "SAKQJT987 HAKQJT987 DAKQJT987 CAKQJT987"
    with pytest.raises(PrefaError):
        deck(40)


# -- round trips over random subsets ------------------------------------------------
def _subsets(full: set[int]):
    return st.sets(st.sampled_from(sorted(full)))


@given(_subsets(DECK32))
def test_round_trip_32(cards):
    h = CardSet.of(cards)
    assert set(h) == cards and len(h) == len(cards)
    assert str(h) == _fmt(cards)
    assert CardSet.parse(str(h)) == h
    assert CardSet.parse(h.symbols()) == h
    assert eval(repr(h)) == h


@given(_subsets(DECK52))
def test_round_trip_52(cards):
    h = CardSet.of(cards)
    assert str(h) == _fmt(cards)
    assert CardSet.parse(str(h)) == h
    assert CardSet.parse(h.symbols()) == h


@given(_subsets(DECK32), st.randoms(use_true_random=False))
def test_parse_free_form_written_hands(cards, rnd):
    """A hand written with symbols or letters, 10 or T, groups shuffled, parses to the set."""
    groups = []
    for s in range(4):
        ranks = [c & 15 for c in cards if c >> 4 == s]
        if not ranks:
            continue
        rnd.shuffle(ranks)
        suit = rnd.choice([SUITS[s], SUITS[s].lower(), SYMBOLS[s]])
        sep = rnd.choice(["", " "])
        groups.append(suit + sep.join("10" if r == 8 and rnd.random() < .5 else RANKS[r]
                                      for r in ranks))
    rnd.shuffle(groups)
    text = " ".join(groups) or "-"
    assert set(CardSet.parse(text)) == cards


@given(_subsets(DECK52), _subsets(DECK52))
def test_operators_match_python_sets(x, y):
    a, b = CardSet.of(x), CardSet.of(y)
    assert set(a | b) == x | y
    assert set(a & b) == x & y
    assert set(a - b) == x - y
    assert set(a ^ b) == x ^ y
    assert int(a) == sum(1 << c for c in x)
    assert all(c in a for c in x) and not any(c in a for c in DECK52 - x)
    assert list(a) == sorted(x, key=lambda c: (c >> 4, -(c & 15)))


# -- bad input ----------------------------------------------------------------------
# Each message must name the offending token and say what was expected.
EXPECTATION = re.compile(r"expected|leave a void suit out|write '-'")


@pytest.mark.parametrize("text,token", [
    ("XS", "XS"),        # unknown rank
    ("1H", "1H"),        # unknown rank
    ("AX", "AX"),        # unknown suit
    ("AAS", "AAS"),      # too long
    ("10HS", "10HS"),    # too long
    ("A", "'A'"),        # too short
    ("", "''"),          # empty
    ("SS", "SS"),
])
def test_bad_card(text, token):
    with pytest.raises(ParseError) as ei:
        parse_card(text)
    msg = str(ei.value)
    assert isinstance(ei.value, PrefaError)
    assert token in msg
    assert EXPECTATION.search(msg), msg


@pytest.mark.parametrize("text,token", [
    ("SAX", "'X'"),                   # unknown rank
    ("SA1", "'1'"),                   # unknown rank
    ("XAK", "'X'"),                   # unknown suit letter (read as a rank before any suit)
    ("AS", "'A'"),                    # rank before the suit letter
    ("AK HQ", "'A'"),
    ("SAA", "AS"),                    # duplicate card
    ("S10 T", "TS"),                  # duplicate card written two ways
    ("SAK S7", "S"),                  # repeated suit group
    ("SAK H7 ♠Q", "S"),               # repeated suit group, once as a symbol
    ("S HA", "S"),                    # suit letter with no ranks
    ("HA S", "S"),                    # ... at the end
    ("", "empty hand"),               # empty string (a void hand is '-')
])
def test_bad_hand(text, token):
    with pytest.raises(ParseError) as ei:
        CardSet.parse(text)
    msg = str(ei.value)
    assert token in msg
    assert EXPECTATION.search(msg), f"message does not say what was expected: {msg}"


def test_bad_hand_messages_name_the_hand():
    for text in ["SAX", "SAA", "SAK S7", "S HA", "AS"]:
        with pytest.raises(ParseError, match=re.escape(repr(text))):
            CardSet.parse(text)


def test_parse_error_is_a_value_error_too():
    with pytest.raises(ValueError):
        parse_card("ZZ")

"""Greek contracts: the ladder of 25 steps, names, parsing, the value table's home."""

import pytest

from prefa.cards import Suit
from prefa.errors import ParseError
from prefa.greek.contract import ALL_CONTRACTS, LOWEST, VALUES, Contract, Denomination
from prefa.play import Overtake


def test_ladder_has_25_steps_in_the_greek_suit_order():
    assert len(ALL_CONTRACTS) == 25 and LOWEST == Contract(6, Denomination.SPADES)
    assert [str(c) for c in ALL_CONTRACTS[:6]] == ["6S", "6C", "6D", "6H", "6NT", "7S"]
    assert all(a < b for a, b in zip(ALL_CONTRACTS, ALL_CONTRACTS[1:]))
    assert [c.step for c in ALL_CONTRACTS] == list(range(25))
    assert ALL_CONTRACTS[-1].next() is None and Contract.parse("6NT").next() == Contract.parse("7S")


@pytest.mark.parametrize("text, expected", [
    ("6S", "6S"), ("6♠", "6S"), ("Πρώτα", "6S"), ("6 πρωτα", "6S"), ("7 Δεύτερα", "7C"),
    ("6 σπαθιά", "6C"), ("Τρίτα", "6D"), ("8 καρά", "8D"), ("Τέταρτα", "6H"), ("9 κούπες", "9H"),
    ("Αχρωμάτιστα", "6NT"), ("7 άχροα", "7NT"), ("10nt", "10NT"), ("6 hearts", "6H"),
    ("6 Tétarta", "6H"), ("7 μπαστούνια", "7S")])
def test_parse_english_greek_and_transliterated_names(text, expected):
    assert str(Contract.parse(text)) == expected


@pytest.mark.parametrize("bad", ["5S", "11H", "6X", "", "six hearts", "6"])
def test_bad_contracts_name_the_token(bad):
    with pytest.raises(ParseError, match="contract"):
        Contract.parse(bad)


def test_names_greek_transliteration_symbols():
    d = Denomination.HEARTS
    assert (d.greek, d.translit, d.suit_greek, d.symbol, d.trump) == (
        "Τέταρτα", "Tétarta", "κούπες", "♥", Suit.HEARTS)
    assert Denomination.NO_TRUMPS.trump is None
    assert [x.greek for x in Denomination] == ["Πρώτα", "Δεύτερα", "Τρίτα", "Τέταρτα",
                                              "Αχρωμάτιστα"]
    c = Contract.parse("7NT")
    assert (c.greek, c.symbols, repr(c)) == ("7 Αχρωμάτιστα", "7NT", "Contract.parse('7NT')")
    assert eval(repr(c)) == c


def test_value_comes_from_the_one_table():
    for c in ALL_CONTRACTS:
        assert c.value == VALUES[c.tricks][c.denomination]
        assert c.defenders_need == 10 - c.tricks


def test_play_rules_must_trump_never_overtake():
    r = Contract.parse("6D").play_rules()
    assert r.trump is Suit.DIAMONDS and r.must_trump and r.overtake is Overtake.NEVER
    assert Contract.parse("6NT").play_rules().trump is None

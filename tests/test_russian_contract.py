"""Russian contracts and options: parsing, the ladder, values, play rules, errors."""

import pytest

from prefa.cards import Suit
from prefa.errors import ParseError, RuleOptionError
from prefa.play import Overtake
from prefa.russian.contract import LADDER, MISERE, Contract, Strain
from prefa.russian.options import RussianRules, Variant


@pytest.mark.parametrize("text,expected", [
    ("6S", "6♠"), ("6♠", "6♠"), ("7 clubs", "7♣"), ("seven hearts", "7♥"), ("8nt", "8NT"),
    ("9 bez", "9NT"), ("10 ♦", "10♦"), ("misere", "misère"), ("МИЗЕР", "misère"),
    ("6 пики", "6♠"), ("7 без козыря", "7NT")])
def test_parse_and_format(text, expected):
    c = Contract.parse(text)
    assert str(c) == expected
    assert Contract.parse(str(c)) == c == Contract.parse(c.letters)
    assert eval(repr(c), {"Contract": Contract}) == c


@pytest.mark.parametrize("bad", ["", "6", "6X", "5NT", "11S", "sixty spades", "7 spadez"])
def test_bad_contracts_name_the_token(bad):
    with pytest.raises(ParseError, match="bad contract"):
        Contract.parse(bad)


def test_ladder_is_strictly_ordered_and_complete():
    assert len(LADDER) == 26 == len(set(LADDER))
    assert all(a < b and not b < a and a <= b and b >= a for a, b in zip(LADDER, LADDER[1:]))
    assert [c.rank for c in LADDER] == list(range(26))
    assert [str(c) for c in LADDER[14:17]] == ["8NT", "misère", "9♠"]


def test_trumps_of_each_strain():
    assert [Strain(i).suit for i in range(5)] == [Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS,
                                                  Suit.HEARTS, None]
    assert Contract.parse("7D").trump is Suit.DIAMONDS and MISERE.trump is None
    assert MISERE.is_misere and not Contract.parse("6S").is_misere


def test_russian_names():
    assert Contract.parse("6S").russian == "шесть пик (shest' pik)"
    assert MISERE.russian == "мизер (mizer)"
    assert Contract.parse("10NT").russian == "десять без козыря (desyat' bez kozyrya)"


def test_play_rules_follow_the_options():
    r = Contract.parse("6S").play_rules()
    assert r.trump is Suit.SPADES and r.must_trump and r.overtake is Overtake.ALWAYS
    assert r.must_overtrump
    off = Contract.parse("6S").play_rules(must_overtake=False)
    assert off.overtake is Overtake.NEVER and not off.must_overtrump
    mixed = Contract.parse("6S").play_rules(must_overtake=False, must_overtrump=True)
    assert mixed.overtake is Overtake.NEVER and mixed.must_overtrump
    assert not Contract.parse("6NT").play_rules().must_overtrump  # nothing to overtrump


def test_options_defaults_and_validation():
    r = RussianRules()
    assert (r.variant, r.must_overtake, r.overtrump, r.pool_target, r.pools_to_finish,
            r.whists_per_pool, r.players, r.whist_quota) == (
        Variant.SOCHI, True, True, 10, 2, 10, 3, False)
    assert RussianRules(must_overtake=False).overtrump is False
    assert RussianRules(must_overtake=False, must_overtrump=True).overtrump is True
    for bad in [dict(players=2), dict(pool_target=0), dict(whists_per_pool=-1),
                dict(pools_to_finish=4), dict(variant="moscow")]:
        with pytest.raises(RuleOptionError):
            RussianRules(**bad)


def test_options_text_round_trip():
    r = RussianRules(variant=Variant.ROSTOV, must_overtake=False, pool_target=20)
    text = r.options_text()
    assert text == "variant=rostov must_overtake=false pool_target=20"
    assert RussianRules.from_text(text) == r
    assert eval(repr(r), {"RussianRules": RussianRules, "Variant": Variant}) == r
    with pytest.raises(RuleOptionError, match="expected NAME=VALUE"):
        RussianRules.parse_option("colour=red")
    with pytest.raises(RuleOptionError, match="yes or no"):
        RussianRules.parse_option("must_overtake=maybe")


def test_write_factors_of_the_variants():
    assert [(RussianRules(variant=v).write_factor, RussianRules(variant=v).settlement_pool_factor)
            for v in Variant] == [(1, 1), (2, 2), (1, 1)]

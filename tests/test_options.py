"""Every option RULES.md §1 names exists by name with the default it states."""

import pytest

from prefa.balkan.options import BalkanRules
from prefa.errors import RuleOptionError


def test_defaults_named_after_the_rules():
    r = BalkanRules()
    assert r.players == 3                    # a fourth may sit in: option
    assert r.starting_bule == 100            # 100 by default
    assert r.refe_per_bule == 30 and r.refe_limit == 3   # one refe per 30 bule
    assert r.preferans_game is False         # preferans 8 is an option
    assert r.igra_tie == "earlier"           # equal igra games: earlier seat wins
    assert r.kontra_limit == 16              # up to mortkontra; Croatian stops at 8
    assert r.spades_needs_kontra is True
    assert r.stop_at_five is False           # play stops at five: option
    assert r.reduced_supe_at_end is False    # reduced supe at the end: option


@pytest.mark.parametrize("bule, refe", [(30, 1), (60, 2), (100, 3), (120, 4), (150, 5)])
def test_refe_limit_by_starting_bule(bule, refe):
    assert BalkanRules(starting_bule=bule).refe_limit == refe


@pytest.mark.parametrize("kw, token", [
    ({"players": 5}, "players=5"), ({"starting_bule": 0}, "starting_bule=0"),
    ({"starting_bule": 31}, "starting_bule=31"), ({"igra_tie": "first"}, "igra_tie='first'"),
    ({"kontra_limit": 3}, "kontra_limit=3"), ({"max_refe": -1}, "max_refe=-1")])
def test_bad_option_values_named(kw, token):
    with pytest.raises(RuleOptionError) as e:
        BalkanRules(**kw)
    assert token in str(e.value)


def test_parse_option_words():
    assert BalkanRules.parse_option("kontra-limit=8") == ("kontra_limit", 8)
    assert BalkanRules.parse_option("stop_at_five=no") == ("stop_at_five", False)
    with pytest.raises(RuleOptionError, match="bogus"):
        BalkanRules.parse_option("bogus=1")
    with pytest.raises(RuleOptionError, match="yes or no"):
        BalkanRules.parse_option("stop_at_five=maybe")
    assert BalkanRules(kontra_limit=8, preferans_game=True).options_text() == \
        "preferans_game=true kontra_limit=8"

"""Greek options: defaults from RULES.md §2, validation, the name=value form."""

import pytest

from prefa.errors import RuleOptionError
from prefa.greek.options import GreekRules


def test_defaults():
    r = GreekRules()
    assert (r.players, r.kasa, r.blind_take, r.prefa_bid, r.prefa_value, r.four_aces,
            r.aces_doubled_on_solo, r.tembelis_paid, r.tembelis_by_level, r.lick) == (
        3, 30, True, False, 60, True, False, True, False, True)


@pytest.mark.parametrize("bad", [dict(players=2), dict(kasa=0), dict(kasa=-30),
                                 dict(prefa_value=61), dict(prefa_value=0)])
def test_bad_values_are_refused(bad):
    with pytest.raises(RuleOptionError):
        GreekRules(**bad)


def test_parse_and_format_round_trip():
    r = GreekRules(players=4, kasa=40, prefa_bid=True, lick=False)
    assert GreekRules.parse(r.options_text()) == r
    assert GreekRules().options_text() == ""
    with pytest.raises(RuleOptionError, match="NAME one of"):
        GreekRules.parse_option("kassa=40")
    with pytest.raises(RuleOptionError, match="yes or no"):
        GreekRules.parse_option("lick=maybe")

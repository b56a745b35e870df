"""Rule options: every option RULES.md §1 names exists by name with the default it
states; and the name=value words every ruleset reads and writes the same way
(prefa.options.RuleOptions)."""

from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prefa.balkan.options import BalkanRules
from prefa.errors import RuleOptionError
from prefa.greek.options import GreekRules
from prefa.options import RuleOptions
from prefa.priffe.options import PriffeRules
from prefa.russian.options import RussianRules, Variant
from prefa.vida.options import VidaRules


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


# -- the name=value words every ruleset shares (prefa.options.RuleOptions) -------------------------
# Values each option may take, as the rulesets' option docs state them.
CHOICES = {
    BalkanRules: dict(players=[3, 4], starting_bule=[30, 60, 100, 120, 150], refe_per_bule=[10, 30],
                      max_refe=[None, 0, 2, 5], preferans_game=[False, True],
                      igra_tie=["earlier", "later"], kontra_limit=[2, 4, 8, 16],
                      spades_needs_kontra=[False, True], stop_at_five=[False, True],
                      reduced_supe_at_end=[False, True], double_fall_at=[0, 2, 10],
                      bargaining=[False, True], culprit_takes_fall=[False, True],
                      missed_kontra_bule=[0, 20], subkontra_by_partner=[False, True],
                      reentry_kontra=[False, True]),
    GreekRules: dict(players=[3, 4], kasa=[30, 40, 50], blind_take=[False, True],
                     prefa_bid=[False, True], prefa_value=[60, 70], four_aces=[False, True],
                     aces_doubled_on_solo=[False, True], tembelis_paid=[False, True],
                     tembelis_by_level=[False, True], lick=[False, True]),
    RussianRules: dict(variant=list(Variant), must_overtake=[False, True],
                       must_overtrump=[None, False, True], pool_target=[10, 20, 30],
                       pools_to_finish=[1, 2, 3], whists_per_pool=[10, 20], players=[3, 4],
                       whist_quota=[False, True]),
    VidaRules: dict(game_target=[3500, 5000], bidders_must_beat_opponents=[False, True],
                    max_vidas=[0, 1, 2, 3, 4], belote_kept_when_lost=[False, True],
                    min_bid=[80, 90], capot_bid=[250, 260]),
    PriffeRules: dict(score_table=["standard", "alternative"], trump_honours=["AKQJ", "AKQJT"]),
}


@st.composite
def some_rules(draw):
    cls = draw(st.sampled_from(sorted(CHOICES, key=lambda c: c.__name__)))
    return cls(**{name: draw(st.sampled_from(values)) for name, values in CHOICES[cls].items()})


def test_every_option_of_every_ruleset_has_choices():
    for cls, choices in CHOICES.items():
        assert issubclass(cls, RuleOptions)
        assert [f.name for f in fields(cls)] == list(choices)
        assert not hasattr(cls(), "__dict__")            # the mixin keeps the slots


@given(some_rules())
@settings(max_examples=150, deadline=None)
def test_options_text_reads_back(rules):
    cls = type(rules)
    text = rules.options_text()
    assert cls.parse(text) == rules == cls.from_text(text)
    assert rules.with_options(**dict(cls.parse_option(w) for w in text.split())) == rules
    assert cls().with_options(**dict(cls.parse_option(w) for w in text.split())) == rules
    changed = [w.split("=")[0] for w in text.split()]
    assert changed == [f.name for f in fields(cls)
                       if getattr(rules, f.name) != getattr(cls(), f.name)]


@pytest.mark.parametrize("cls", list(CHOICES))
def test_defaults_write_nothing_and_unknown_names_are_listed(cls):
    assert cls().options_text() == ""
    assert cls.parse("") == cls()
    with pytest.raises(RuleOptionError) as e:
        cls.parse_option("colour=red")
    assert str(e.value) == ("bad option 'colour=red': expected NAME=VALUE with NAME one of "
                            + ", ".join(f.name for f in fields(cls)))
    first = fields(cls)[0].name
    with pytest.raises(RuleOptionError, match="expected NAME=VALUE"):
        cls.parse_option(first)                            # no '='


@pytest.mark.parametrize("word, value", [
    ("stop_at_five=YES", ("stop_at_five", True)), ("stop-at-five = off", ("stop_at_five", False)),
    ("stop_at_five=1", ("stop_at_five", True)), ("max_refe=4", ("max_refe", 4)),
    ("max_refe=none", ("max_refe", None)), ("igra_tie=later", ("igra_tie", "later"))])
def test_values_are_read_by_the_default_they_replace(word, value):
    assert BalkanRules.parse_option(word) == value


def test_values_of_other_kinds():
    assert RussianRules.parse_option("variant=Ленинградка") == ("variant", Variant.LENINGRAD)
    assert RussianRules.parse_option("must_overtrump=same") == ("must_overtrump", None)
    assert RussianRules.parse_option("must_overtrump=no") == ("must_overtrump", False)
    assert PriffeRules.parse_option("trump_honours=AKQJ") == ("trump_honours", "AKQJ")
    for cls, word, words in [(BalkanRules, "max_refe=lots", "whole number"),
                             (GreekRules, "kasa=forty", "whole number"),
                             (VidaRules, "max_vidas=two", "whole number"),
                             (RussianRules, "whist_quota=maybe", "yes or no"),
                             (RussianRules, "variant=moscow", "sochi, leningrad or rostov")]:
        with pytest.raises(RuleOptionError, match=words):
            cls.parse_option(word)
    with pytest.raises(RuleOptionError, match="kontra_limit=3"):
        BalkanRules.parse("kontra_limit=3")                # read, then refused by the rules


@pytest.mark.parametrize("text, name", [
    ("stop_at_five=yes stop_at_five=no", "stop_at_five"),
    ("stop-at-five=yes stop_at_five=yes", "stop_at_five"),
    ("starting_bule=30 kontra_limit=8 starting_bule=60", "starting_bule"),
])
def test_an_option_given_twice_is_refused(text, name):
    with pytest.raises(RuleOptionError) as e:
        BalkanRules.parse(text)
    assert str(e.value) == f"option {name!r} given twice: expected each option once"
    assert BalkanRules.parse_words("starting_bule=30 kontra_limit=8") == {
        "starting_bule": 30, "kontra_limit": 8}

"""The house variants of Balkan preferans, each an option of BalkanRules: the double fall at
the end, bargaining with a lone defender, the culprit who takes his partner's fall, the
compulsory kontra's fine, the tournament rules' subkontra and re-entry.  Each has a hand
record in tests/data that replays with its option (and scores otherwise without it)."""

from dataclasses import fields, replace
from pathlib import Path

import pytest

from prefa.balkan.contract import Contract, Game
from prefa.balkan.conventions.whist import WhistSituation, mandatory_kontra
from prefa.balkan.defence import Decision, Defence, must_kontra
from prefa.balkan.hand import BalkanHand, Phase
from prefa.balkan.options import BalkanRules
from prefa.balkan.scoring import HandResult, Outcome, Sheet, score_change, score_hand
from prefa.balkan.table_talk import HOUSE_RULES, house_rules_table, option_rows
from prefa.cards import CardSet, Suit
from prefa.deal import Deal
from prefa.errors import IllegalAction, ParseError, RuleOptionError
from prefa.record import format_record, game_sheet, parse_game, parse_record, replay

DATA = Path(__file__).parent / "data"
CLUBS = Contract(Game.CLUBS)


def record(name, **options):
    """The record ``name`` replayed, with its options changed by ``options``."""
    rec = parse_record((DATA / name).read_text(encoding="utf-8"))
    if options:
        rules = BalkanRules.parse(rec.values.pop("options")).with_options(**options)
        return replay(rec, rules)
    return replay(rec)


def change(name, **options):
    hand = record(name, **options)
    return score_change(Sheet.new(hand.rules), hand.result())


# -- the options ---------------------------------------------------------------------------
def test_the_new_options_default_to_the_rules_digest():
    r = BalkanRules()
    assert (r.double_fall_at, r.bargaining, r.culprit_takes_fall, r.missed_kontra_bule,
            r.subkontra_by_partner, r.reentry_kontra) == (0, False, False, 0, False, False)


@pytest.mark.parametrize("words", ["double_fall_at=-2", "missed_kontra_bule=x",
                                   "bargaining=maybe"])
def test_bad_option_values_are_refused(words):
    with pytest.raises((RuleOptionError, ParseError)):
        BalkanRules.parse(words)


def test_every_option_is_one_row_of_the_house_rules_in_words():
    rows = option_rows()
    assert set(rows) == {f.name for f in fields(BalkanRules)}
    assert sum(len(r.options) for r in HOUSE_RULES) == len(rows)
    html = house_rules_table()
    names = [f.name for f in fields(BalkanRules) if "_" in f.name] + ["=yes", "=no"]
    assert [n for n in names if n in html] == []  # words, no option names
    assert [r for r in HOUSE_RULES if not r.options]  # the unsupported variants say why


# -- the double fall at the end (the Balkanski text; the v1.2 rules ch. 15) -------------------
def sheet_at(remaining, **opts):
    s = Sheet.new(BalkanRules(**opts))
    return replace(s, bule=(remaining, 0, 0))


def test_a_fall_is_written_twice_when_two_bule_are_left():
    res = HandResult.played_hand(declarer=0, contract=CLUBS, tricks=(5, 3, 2), followers=(1, 2))
    on = score_change(sheet_at(2, double_fall_at=2), res)
    off = score_change(sheet_at(2), res)
    assert on.bule == (20, 0, 0) and off.bule == (10, 0, 0)
    assert on.supe == off.supe == ((1, 0, 30), (2, 0, 20)) and on.doubled


def test_a_defenders_fall_is_doubled_too_and_a_made_game_is_not():
    res = HandResult.played_hand(declarer=0, contract=CLUBS, tricks=(8, 1, 1), followers=(1, 2))
    ch = score_change(sheet_at(2, double_fall_at=2), res)
    assert ch.bule == (-10, 20, 20) and ch.supe == ((1, 0, 10), (2, 0, 10))


def test_no_double_fall_while_more_bule_are_left():
    res = HandResult.played_hand(declarer=0, contract=CLUBS, tricks=(5, 3, 2), followers=(1, 2))
    ch = score_change(sheet_at(4, double_fall_at=2), res)
    assert ch.bule == (10, 0, 0) and not ch.doubled


def test_the_double_fall_game_record():
    text = (DATA / "house_double_fall.txt").read_text(encoding="utf-8")
    sheet, _ = game_sheet(parse_game(text))
    assert sheet.bule == (-4, -4, 30) and sheet.supe[0][2] == 30 and sheet.supe[1][2] == 20
    plain, _ = game_sheet(parse_game(text.replace("double_fall_at=2", "double_fall_at=0")))
    assert plain.bule == (-4, -4, 20) and plain.supe == sheet.supe


# -- bargaining with a lone defender (the v1.2 rules, ch. 16, example 1) -----------------------
def test_the_v12_bargain_daje_tri_da():
    hand = record("house_bargain.txt")
    assert hand.phase is Phase.DONE and hand.bargained == 3 and hand.play_state is None
    ch = score_change(Sheet.new(hand.rules), hand.result())
    # "Miran se spušta 10, a Milenko upisuje 3 štiha": -10 bule, 3 x 10 supe
    assert ch.bule == (-10, 0, 0) and ch.supe == ((1, 0, 30),)
    assert format_record(hand).splitlines()[-1] == "bargain: 3"
    assert replay(parse_record(format_record(hand, with_rules=True))).tricks == hand.tricks


def test_a_bargain_is_refused_without_the_house_rule():
    with pytest.raises(ParseError, match="house rule"):
        record("house_bargain.txt", bargaining=False)


def lone_follower(deal=None, **opts):
    h = BalkanHand(deal, BalkanRules(bargaining=True, **opts))
    for c in ["igra", "pass", "pass"]:
        h.call(c)
    h.declare("clubs")
    return h


@pytest.mark.parametrize("decisions", [
    ["follow", "follow", "decline", "decline"],                # both defenders play
    ["follow", "pass", "call", "decline"],                     # he called his partner in
    ["follow", "pass", "alone", "kontra", "decline"],          # a kontra brings the other in
])
def test_a_bargain_needs_one_defender_alone_without_kontra(decisions):
    h = lone_follower()
    for d in decisions:
        h.decide(d)
    steps = list(h.steps)
    with pytest.raises(IllegalAction, match="follows alone"):
        h.bargain(3)
    assert h.steps == steps and h.claimed is None and h.phase is Phase.PLAY


@pytest.mark.parametrize("bad", [11, -1, "three", "3.5"])
def test_a_bargain_out_of_range_is_refused(bad):
    h = lone_follower()
    for d in ["pass", "follow", "alone", "decline"]:
        h.decide(d)
    with pytest.raises(IllegalAction, match="whole number"):
        h.bargain(bad)
    assert h.claimed is None


def test_a_bargain_after_the_first_card_is_refused_and_undo_takes_it_back():
    deal = Deal.parse("SAKQJ HAKQ D7 CAK / ST98 HJT9 DAKQ C7 / S7 H87 DJT98 CQJT | C98")
    h = lone_follower(deal)
    for d in ["pass", "follow", "alone", "decline"]:
        h.decide(d)
    h.bargain(4)
    assert h.phase is Phase.DONE and h.tricks == (6, 0, 4)
    h.undo()
    assert h.phase is Phase.PLAY and h.claimed is None and h.bargained is None
    h.play(next(iter(h.play_state.legal_moves())))
    with pytest.raises(IllegalAction):
        h.bargain(4)


# -- the culprit takes his partner's fall (v1.2 ch. 16; the strategy text) ---------------------
def test_the_culprit_falls_in_his_partners_place_and_writes_his_supe():
    on = change("house_culprit.txt")
    rec = parse_record((DATA / "house_culprit.txt").read_text(encoding="utf-8"))
    rec.values.pop("culprit")
    hand = replay(rec)
    off = score_change(Sheet.new(hand.rules), hand.result())
    assert off.bule == (-8, 0, 8) and off.supe == ((1, 0, 16), (2, 0, 8))
    assert on.bule == (-8, 8, 0) and on.supe == ((1, 0, 24),) and on.culprit == 1


def test_a_culprit_is_refused_without_the_house_rule():
    rec = parse_record((DATA / "house_culprit.txt").read_text(encoding="utf-8"))
    rec.values.pop("options")
    with pytest.raises(ParseError, match="house rule"):
        replay(rec)


def res_with(tricks, culprit, **kw):
    return replace(HandResult.played_hand(declarer=0, contract=CLUBS, tricks=tricks, **kw),
                   culprit=culprit)


def test_when_the_culprit_fell_too_each_keeps_his_own_fall():
    # the strategy text: "you take over the fall (unless you fell yourself)"
    s = Sheet.new(BalkanRules(culprit_takes_fall=True))
    ch = score_change(s, res_with((8, 1, 1), 2, followers=(1, 2)))
    assert ch.bule == (-10, 10, 10) and ch.culprit is None


def test_no_fall_nothing_moves():
    s = Sheet.new(BalkanRules(culprit_takes_fall=True))
    ch = score_change(s, res_with((6, 2, 2), 1, followers=(1, 2)))
    assert ch.bule == (-10, 0, 0) and ch.supe == ((1, 0, 20), (2, 0, 20))


def test_the_called_partner_at_fault_takes_the_callers_fall():
    s = Sheet.new(BalkanRules(culprit_takes_fall=True))
    ch = score_change(s, res_with((7, 1, 2), 1, followers=(2,), caller=2))
    assert ch.bule == (-10, 10, 0) and ch.supe == ((1, 0, 30),)


def test_a_culprit_must_be_a_defender_of_a_three_handed_play():
    h = BalkanHand(rules=BalkanRules(culprit_takes_fall=True))
    for c in ["igra", "pass", "pass"]:
        h.call(c)
    h.declare("clubs")
    for d in ["pass", "follow", "alone", "decline"]:
        h.decide(d)
    h.claim([7, 0, 3])
    with pytest.raises(IllegalAction, match="two defenders who played"):
        h.blame(2)
    assert h.culprit is None


# -- the compulsory kontra's fine (the Serbian site's rules page, case 6) ----------------------
def test_the_first_defender_who_owed_a_kontra_falls_for_20_bule():
    on = change("house_missed_kontra.txt")
    off = change("house_missed_kontra.txt", missed_kontra_bule=0)
    assert on.bule == (-6, 20, 0) and on.missed_kontra == 1 and 1 in on.falls
    assert off.bule == (-6, 0, 0) and off.supe == on.supe


def test_no_fine_when_he_gave_the_kontra():
    rec = parse_record((DATA / "house_missed_kontra.txt").read_text(encoding="utf-8"))
    rec.values["defence"] = "dođem, ne dođem, sam, kontra, može"
    rec.values["tricks"] = "5 4 1"
    ch = score_change(Sheet.new(BalkanRules(missed_kontra_bule=20)), replay(rec).result())
    assert ch.missed_kontra is None and ch.bule == (12, 0, 0)


@pytest.mark.parametrize("hand, trump", [
    ("SAKQJT DT987 C7", Suit.DIAMONDS), ("SAKQJT D987 C7 H7", Suit.DIAMONDS),
    ("SAKQJ9 DT987 C7", Suit.DIAMONDS), ("HAKQJT DJT9 C8 S7", Suit.DIAMONDS),
    ("HAKQJT DJT97 S7", Suit.DIAMONDS), ("CAKQJT87 DAKQ", Suit.CLUBS)])
def test_the_rule_and_the_conventions_read_the_holding_alike(hand, trump):
    cs = CardSet.parse(hand)
    game = {Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}[trump]
    sit = WhistSituation(cs, Contract.parse(f"igra {game}"))
    assert must_kontra(cs, trump) == mandatory_kontra(sit)


# -- the tournament rules: subkontra by the partner, re-entry with kontra ------------------------
def test_the_subkontra_is_the_partners_under_the_tournament_rules():
    hand = record("house_subkontra.txt")
    o = hand.defence.outcome()
    assert o.kontra == 8 and o.kontra_giver == 1
    assert [s for s, _ in hand.defence.decisions][-1] == 2  # seat 2 gave the subkontra
    plain = record("house_subkontra.txt", subkontra_by_partner=False)
    assert [s for s, _ in plain.defence.decisions][-1] == 1  # the kontra-giver gives it


def test_without_the_option_the_kontra_giver_gives_the_subkontra():
    d = Defence(0, (1, 2), CLUBS, BalkanRules(kontra_limit=8))
    for w in ["follow", "follow", "kontra", "rekontra"]:
        d.decide(w)
    assert d.to_act == 1


def test_the_first_defender_comes_back_with_kontra():
    hand = record("house_reentry.txt")
    o = hand.defence.outcome()
    assert o.kontra_giver == 1 and set(o.playing) == {0, 1, 2}
    ch = score_change(Sheet.new(hand.rules), hand.result())
    assert ch.bule == (20, 0, 0) and ch.supe == ((1, 0, 100),)
    plain = record("house_reentry.txt", reentry_kontra=False)  # the same words: seat 2's kontra
    assert plain.defence.outcome().kontra_giver == 2


@pytest.mark.parametrize("decisions, asked", [
    (["pass", "follow", "alone"], 1),       # the second follows alone: the first may come back
    (["pass", "follow", "call"], 2),        # he called: the first is in anyway, no re-entry
    (["follow", "pass", "alone"], 1),       # only the first defender comes back
])
def test_who_is_asked_for_kontra_with_reentry(decisions, asked):
    d = Defence(0, (1, 2), CLUBS, BalkanRules(reentry_kontra=True))
    for w in decisions:
        d.decide(w)
    assert d.to_act == asked and d.legal() == [Decision.KONTRA, Decision.DECLINE]


def test_reentry_declined_leaves_him_out():
    d = Defence(0, (1, 2), CLUBS, BalkanRules(reentry_kontra=True))
    for w in ["pass", "follow", "alone", "decline", "decline"]:
        d.decide(w)
    assert set(d.outcome().playing) == {0, 2}


def test_the_outcomes_are_as_written_for_unplayed_hands_too():
    # the fine is written even when both defenders passed (he owed a kontra)
    s = Sheet.new(BalkanRules(missed_kontra_bule=20))
    res = HandResult(Outcome.DEFENDERS_PASSED, declarer=0, contract=CLUBS, defenders=(1, 2),
                     missed_kontra=1)
    assert score_hand(s, res).bule == (90, 120, 100)

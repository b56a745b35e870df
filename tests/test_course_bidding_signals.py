"""The course's bidding and signalling banks (issue 19): their size, each item checked by the
engine, and the v1.2 bidding slip (the site text's minimums, v1.2 ch.16's stopping rule)."""

from pathlib import Path

import pytest

from prefa.balkan.contract import Game
from prefa.balkan.conventions.bidding import (
    BETL_TALON_CURE,
    SITE_SOURCE,
    V12_STOP_SOURCE,
    betl_cure,
    betl_hand,
    betl_safe,
    bid_advice,
    plan,
    responsibility,
    sans_hand,
    sans_stopper,
    sans_suit_tricks,
    v12_stop_cover,
)
from prefa.balkan.conventions.evaluation import GULIN, SITE, TOURNAMENT, V12
from prefa.cards import ACE, EIGHT, JACK, KING, NINE, QUEEN, SEVEN, TEN, CardSet
from prefa.errors import PrefaError
from prefa.quiz import check, load_quiz

BANKS = Path(__file__).parent.parent / "prefa" / "data" / "quizzes"


def hand(text: str) -> CardSet:
    h = CardSet.parse(text)
    assert len(h) == 10, f"{text} has {len(h)} cards"
    return h


def bank(name: str):
    items, errors = load_quiz((BANKS / name).read_text())
    assert not errors, errors
    return items


def checked(name: str):
    out = []
    for item in bank(name):
        r = check(item)
        assert r.agrees, (item.id, r.engine, r.reason)
        out.append((item, r))
    return out


# -- the counts ----------------------------------------------------------------------------------
def test_bidding_bank_has_sixteen_items_each_agreeing_with_the_engine():
    rs = checked("08_bidding.txt")
    assert len(rs) >= 16
    answers = {a for _item, r in rs for a in r.engine}
    assert {"betl", "sans", "igra"} <= answers          # when to bid betl, sans and igra


def test_bidding_bank_has_betl_and_sans_hands_bid_with_the_talon():
    conventions = set()
    for item in bank("08_bidding.txt"):
        from prefa.balkan.conventions.advise import advise_hand
        from prefa.record import replay
        conventions.add(advise_hand(replay(item.record, partial=True)).convention)
    assert {"bid.betl", "bid.betl-talon", "bid.sans", "bid.sans-talon", "bid.igra"} <= conventions


# -- the v1.2 slip: whose text is which ---------------------------------------------------------
def test_site_minimums_are_attributed_to_the_site_text_not_v12():
    p = plan(hand("SA8 HA7 DA987 C98"), school=SITE)
    assert p.source.startswith(SITE_SOURCE) and "v1.2" not in p.source and p.school == SITE
    assert "v1.2" not in bid_advice(hand("SK87 HQ97 DJ98 C9"), school=SITE).source
    # the v1.2 rules list no bidding minimums: they are a school of stopping only
    assert V12 not in bid_advice(hand("SAKQJT H87 D87 C7")).schools
    assert SITE not in responsibility(hand("S8 HKQJ87 DAQ C87"), 3).schools


def test_v12_ch16_stopping_needs_three_trumps_headed_by_the_queen():
    assert v12_stop_cover(hand("SK87 HAK8 DAK8 C7"), 2)             # K-8-7 of spades
    assert v12_stop_cover(hand("SQ87 HAK8 DAK8 C7"), 2)             # the queen is enough
    assert not v12_stop_cover(hand("SJ987 HAK8 DAK C7"), 2)         # the jack heads: not enough
    assert not v12_stop_cover(hand("SAK HAK87 DAK8 C7"), 2)         # only two spades
    assert v12_stop_cover(hand("S8 HKQJ87 DAQ7 C7"), 3)             # A-Q-7 of diamonds
    assert not v12_stop_cover(hand("S8 HKQJ87 DAQ C87"), 3)         # A-Q doubleton
    with pytest.raises(PrefaError):
        v12_stop_cover(hand("S8 HKQJ87 DAQ C87"), 6)


def test_v12_school_stops_by_ch16_in_responsibility():
    # the two verdicts of lesson 08 that contradicted v1.2's own agreement
    bluff = responsibility(hand("S8 HKQJ87 DAQ C87"), 3)
    assert bluff.action == "pass" and not bluff.schools             # all three schools agree
    assert responsibility(hand("S8 HKQJ87 DAQ C87"), 3, school=V12).action == "pass"
    intro = responsibility(hand("SK87 HAK8 DAK8 C7"), 2, seat=0)
    assert intro.action == "2" and not intro.schools
    v12 = responsibility(hand("SK87 HAK8 DAK8 C7"), 2, seat=0, school=V12)
    assert v12.action == "2" and v12.convention == "bid.responsibility.covered"
    assert v12.source == V12_STOP_SOURCE
    # a hand the site minimums let bid up to hearts still may not stop at 2 without spades
    h = hand("S87 HAKQ87 DA8 C9")
    assert plan(h, school=SITE).limit == 4
    a = responsibility(h, 2, school=V12)
    assert a.action == "pass" and "queen or better" in a.reason


# -- betl hand judgement ---------------------------------------------------------------------------
@pytest.mark.parametrize("ranks, safe", [
    ([], True), ([SEVEN], True), ([EIGHT], False), ([SEVEN, EIGHT], True),
    ([SEVEN, NINE], True), ([SEVEN, TEN], False), ([SEVEN, NINE, JACK], True),
    ([SEVEN, NINE, QUEEN], False), ([SEVEN, NINE, JACK, KING], True),
    ([SEVEN, EIGHT, NINE, JACK, KING, ACE], True),  # the 10 and the queen alone against them
    ([SEVEN, EIGHT, ACE], False),                    # three rounds: the ace meets his jack
    ([SEVEN, NINE, TEN, JACK, ACE], True), ([SEVEN, NINE, QUEEN, ACE], False),
])
def test_betl_safe_suit_is_the_seven_and_a_ladder(ranks, safe):
    assert betl_safe(ranks) is safe


def test_betl_cure_counts_the_cards_to_put_away():
    assert betl_cure([EIGHT]) == 1 and betl_cure([TEN, SEVEN]) == 1
    assert betl_cure([NINE, EIGHT]) == 2 and betl_cure([SEVEN, NINE]) == 0


def test_betl_verdicts():
    assert betl_hand(hand("S987 H97 CAJT97")).verdict == "clean"
    b = betl_hand(hand("HT97 D8 CAKJ987"))
    assert b.verdict == "talon" and b.cure == BETL_TALON_CURE
    b = betl_hand(hand("S8 HT7 DQ97 CJ987"))
    assert b.verdict == "no" and b.cure == 3 and len(b.faults) == 3


def test_betl_bidding():
    clean = hand("S987 H97 CAJT97")
    assert bid_advice(clean, seat=0).actions == ("betl",)
    assert bid_advice(clean, 3, seat=0, first_turn=False).actions == ("4",)   # up to 6
    faulty = hand("HT97 D8 CAKJ987")
    a = bid_advice(faulty, seat=0)
    assert a.actions == ("2",) and a.convention == "bid.betl-talon"
    assert bid_advice(faulty, 5, seat=0, first_turn=False).actions == ("6",)
    assert bid_advice(faulty, 6, seat=0, first_turn=False).actions == ("pass",)
    assert bid_advice(faulty, 6, seat=0, can_hold=True, first_turn=False).actions == ("hold",)


# -- sans hand judgement ---------------------------------------------------------------------------
def test_sans_tricks_and_stoppers():
    assert sans_suit_tricks([ACE, KING, QUEEN, EIGHT]) == 3
    assert sans_suit_tricks([ACE, KING, QUEEN, JACK, SEVEN]) == 5   # runs: they hold three
    assert sans_suit_tricks([KING, QUEEN, JACK, TEN]) == 0
    assert [sans_stopper(r) for r in ([ACE], [KING, QUEEN], [KING, SEVEN], [QUEEN, EIGHT, SEVEN],
                                     [QUEEN, SEVEN], [])] == [1, 1, 0.5, 0.5, 0, 0]


def test_sans_verdicts_and_bidding():
    direct = hand("SA7 HAQ DAKQ CAQ7")
    assert sans_hand(direct).verdict == "sans"
    assert bid_advice(direct, seat=0).actions == ("sans",)
    talon = hand("SAK7 HAQ7 DAJ CA7")
    assert sans_hand(talon).verdict == "talon"
    a = bid_advice(talon, seat=0)
    assert a.actions == ("2",) and a.convention == "bid.sans-talon"
    assert bid_advice(talon, 6, seat=0, first_turn=False).actions == ("7",)
    open_clubs = hand("SAK HAKQ8 DAK C87")                          # seven tricks, clubs open
    assert sans_hand(open_clubs).verdict == "no" and sans_hand(open_clubs).tricks == 7
    assert bid_advice(open_clubs, seat=0).action == "igra"


def test_betl_and_sans_are_every_schools():
    for h in ("S987 H97 CAJT97", "SA7 HAQ DAKQ CAQ7"):
        a = bid_advice(hand(h), seat=0)
        assert not a.schools, a                                  # Gulin, tournament, site agree
        for school in (GULIN, TOURNAMENT, SITE):
            assert bid_advice(hand(h), seat=0, school=school).actions == a.actions
    assert Game.BETL.value == 6 and Game.SANS.value == 7


# -- signalling: discards, reading them, second-hand play -----------------------------------------
def test_signalling_banks_have_twelve_items_with_three_on_reading_partners_discards():
    rs = checked("10_discards.txt") + checked("11_second_hand_play.txt")
    assert len(rs) >= 12
    reading = [item for item, _r in rs if item.kind == "read-discards"]
    assert len(reading) >= 3
    kinds = {item.kind for item, _r in rs}
    assert kinds == {"discard", "read-discards"}


def test_reading_items_cover_a_call_a_denial_and_sans():
    from prefa.balkan.conventions.signals import read_discards
    from prefa.balkan.quiz import _reading
    seen = set()
    for item in bank("10_discards.txt"):
        if item.kind != "read-discards":
            continue
        hand, _seat, _partner, cards, led = _reading(item)
        seen.add(read_discards(cards, hand.contract, led=led).convention)
    assert {"read.call", "read.deny", "read.sans-high-low", "read.sans-top-of-sequence"} <= seen


def _reading_item():
    (item,) = [i for i in bank("10_discards.txt") if i.id == "signal-09"]
    return item


def test_read_discards_kind_answers_and_gives_each_wrong_suit_its_reason():
    r = check(_reading_item())
    assert r.engine == ("diamonds",) and r.agrees
    why = {v.choice: v.reason for v in r.verdicts}
    assert "trumps" in why["hearts"] and "say nothing for spades" in why["spades"]
    assert len({why[c] for c in ("spades", "hearts", "clubs")}) == 3
    deny = check(next(i for i in bank("10_discards.txt") if i.id == "signal-10"))
    assert set(deny.engine) == {"hearts", "diamonds"}
    assert "denial" in {v.choice: v.reason for v in deny.verdicts}["spades"]


def test_read_discards_drawing_shows_only_the_readers_cards():
    from prefa.balkan.quiz import caption, draw
    item = _reading_item()
    svg = draw(item)
    assert svg is not None and "partner (seat 2) discarded 8♦, 9♦" in svg
    assert "queen and seven of diamonds" in svg                    # the reader's own cards
    assert "jack, nine and eight of diamonds" not in svg            # never the partner's
    words = caption(item)
    assert "Your partner, seat 2, could not follow and discarded 8♦, 9♦" in words
    assert "You are seat 1, to lead" in words


def test_read_discards_refuses_a_position_without_a_discard():
    from prefa.quiz import parse_quiz
    (item,) = parse_quiz("id: x\nkind: read-discards\nquestion: q\n"
                         "deal: HAKQJT S87 DK CAK / H987 SAQ9 DQ7 CJT / DAJ98 SKJ CQ987 | ST DT\n"
                         "auction: 2, pass, pass\ndiscard: TS TD\ncontract: hearts\n"
                         "defence: follow, follow, decline, decline\nplay: 7S\n"
                         "choices: spades, hearts\nanswer: spades\n")
    with pytest.raises(PrefaError, match="has not discarded yet"):
        check(item)


def test_second_hand_ace_after_partners_kontra_is_advised_at_the_table():
    from prefa.balkan.conventions.advise import advise_hand
    from prefa.record import replay
    (item,) = [i for i in bank("11_second_hand_play.txt") if i.id == "signal-15"]
    a = advise_hand(replay(item.record, partial=True))
    assert a.action == "AD" and a.convention == "second.ace-after-kontra"


def test_every_balkan_kind_is_in_the_documented_kinds_list():
    import prefa.balkan.quiz as bq
    listed = bq.__doc__.split("Kinds, and what the engine")[1].split("For every choice")[0]
    assert all(f"``{k}``" in listed for k in bq.KINDS)
    assert "read-discards" in bq.KINDS

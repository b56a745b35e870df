"""The hand record format: read, replay, write back; errors name the line."""

from pathlib import Path

import pytest

from prefa.balkan.scoring import Outcome
from prefa.errors import IllegalPlay, ParseError
from prefa.greek.hand import replay as greek_replay
from prefa.record import KEYS, format_record, game_sheet, on_line, parse_game, parse_record, replay
from prefa.russian.record import parse_record as russian_parse_record
from prefa.russian.record import replay as russian_replay

DATA = Path(__file__).parent / "data"


def test_clubs_record_replays_and_round_trips():
    text = (DATA / "clubs_made.txt").read_text()
    hand = replay(parse_record(text))
    assert hand.tricks == (9, 0, 1)
    again = replay(parse_record(format_record(hand)))
    assert format_record(again) == format_record(hand)
    assert again.result() == hand.result()


def test_record_with_unwritten_kontra_declines():
    text = (DATA / "clubs_made.txt").read_text().replace(
        "defence: follow, follow, decline, decline", "defence: follow, follow")
    hand = replay(parse_record(text))
    assert hand.result().kontra == 1
    assert "defence: follow, follow, decline, decline" in format_record(hand)


@pytest.mark.parametrize("change, line, words", [
    (("auction: 2, pass, pass", "auction: 2, 4, pass"), 3, "4: numbers rise by exactly one"),
    (("discard: D7 SJ", "discard: D7 DA"), 4, "does not hold"),
    (("contract: clubs", "contract: bridge"), 5, "bad game 'bridge'"),
    (("defence: follow", "defence: maybe"), 6, "'maybe'"),
    (("play: CA C7 CT", "play: CA S8 CT"), 7, "8♠: seat 1 must follow clubs"),
    (("play: CA", "play: XX"), 7, "bad card 'XX'"),
    (("deal: SAKQJ", "deal: SAKQJJ"), 2, "duplicate card 'JS'"),
    (("contract: clubs", "contract: clubs\ncolour: red"), 6, "unknown key 'colour'"),
    (("contract: clubs", "contract: clubs\ncontract: hearts"), 6, "given twice"),
    (("auction: 2, pass, pass", "auction 2, pass, pass"), 3, "expected 'key: value'"),
])
def test_bad_records_name_the_line_and_the_token(change, line, words):
    text = (DATA / "clubs_made.txt").read_text().replace(*change)
    with pytest.raises(ParseError) as e:
        replay(parse_record(text))
    assert e.value.line == line
    assert words in str(e.value)


def test_missing_parts_are_named():
    base = (DATA / "clubs_made.txt").read_text()
    with pytest.raises(ParseError, match="'discard' is missing"):
        replay(parse_record(base.replace("discard: D7 SJ\n", "")))
    with pytest.raises(ParseError, match="'play' is missing or short"):
        replay(parse_record(base.split("play:")[0]))
    with pytest.raises(ParseError, match="auction is not finished"):
        replay(parse_record("auction: 2, 3"))
    with pytest.raises(ParseError, match="no 'auction'"):
        replay(parse_record("dealer: 2"))


def test_game_file_scores_every_hand():
    game = parse_game((DATA / "game_short.txt").read_text())
    assert game.names == ("Ana", "Boris", "Ceca") and game.rules.starting_bule == 30
    sheet, hands = game_sheet(game)
    # Hands take turns dealing, so the forehands are seats 0, 1, 2, 0.
    # 1: refe for everyone.  2: seat 1 makes clubs under his refe (b = 20), each
    # defender writes 2 x 20.  3: seat 2 makes igra betl under his refe (b = 28).
    # 4: seat 1's igra hearts, both defenders pass: a pass of b = 10.
    assert [h.result().outcome for h in hands] == [
        Outcome.REFE, Outcome.PLAYED, Outcome.PLAYED, Outcome.DEFENDERS_PASSED]
    assert hands[1].declarer == 1 and hands[2].declarer == 2 and hands[3].declarer == 1
    assert sheet.refe_rounds == 1
    assert sheet.supe[2][1] == 2 * 20 and sheet.supe[0][1] == 2 * 20
    assert sheet.bule == (30, 30 - 20 - 10, 30 - 28)
    assert sheet.refe == (1, 0, 0)


def test_game_file_errors():
    with pytest.raises(ParseError, match="only the first block"):
        parse_game("auction: pass, pass, pass\n---\noptions: starting_bule=30\n")
    with pytest.raises(ParseError, match="2 player names: expected 3") as e:
        parse_game("players: A, B, C\n---\nauction: pass, pass, pass\n".replace("A, B, C", "A, B"))
    with pytest.raises(ParseError, match="belongs to the game header") as e:
        parse_game("auction: pass, pass, pass\noptions: players=4\n")
    assert e.value.line == 2


# -- the readers the talon games share (Balkan here, Greek and Russian records) -------------------
TALON_DEAL = "deal: SAKQJT HAKQ DAK / S98 H987 DQJT9 C7 / HJT D87 CAKQJT9 | S7 C8\n"
REPLAYS = {  # replay, parse, an auction the forehand wins, a contract, both defenders play
    "balkan": (replay, parse_record, "2, pass, pass", "clubs", "defence: follow, follow",
               "the talon"),
    "greek": (greek_replay, parse_record, "6S, pass, pass", "6S", "defence: play, play",
              "τα κάτω"),
    "russian": (russian_replay, russian_parse_record, "6S, pass, pass", "6S",
                "whist: whist, whist", "the talon"),
}


@pytest.mark.parametrize("name", sorted(REPLAYS))
def test_every_talon_game_reads_the_shared_keys_alike(name):
    play, parse, auction, contract, defence, talon = REPLAYS[name]
    unfinished = auction.rsplit(",", 1)[0]
    with pytest.raises(ParseError, match="the record has no 'auction'"):
        play(parse("dealer: 1"))
    with pytest.raises(ParseError, match="line 1: dealer: bad dealer 'x'"):
        play(parse("dealer: x\nauction: pass"))
    with pytest.raises(ParseError) as e:
        play(parse(TALON_DEAL + f"auction: {unfinished}\ndiscard: S7 C8"))
    assert e.value.line == 2
    assert "auction: the auction is not finished: seat 2 is to call" in str(e.value)
    assert play(parse(TALON_DEAL + f"auction: {unfinished}"), partial=True).to_act == 2
    with pytest.raises(ParseError, match=f"seat 0 took {talon}: 'discard' is missing"):
        play(parse(TALON_DEAL + f"auction: {auction}\ncontract: {contract}"))
    stop = play(parse(TALON_DEAL + f"auction: {auction}"), partial=True)
    assert stop.phase.value == "discard" and stop.to_act == 0
    with pytest.raises(ParseError) as e:
        play(parse(TALON_DEAL + f"auction: {auction}\ndiscard: S7 S7"))
    assert e.value.line == 3 and "discard: discard 7S 7S: expected exactly two" in str(e.value)
    with pytest.raises(ParseError) as e:
        play(parse(f"options: players=5\nauction: {auction}"))
    assert str(e.value).startswith("line 1: options: players=5: expected 3")
    facts = f"auction: {auction}\ncontract: {contract}\n{defence}\n"
    hand = play(parse(facts + "tricks: 6 2 2"))
    assert hand.tricks == (6, 2, 2) and hand.phase.value == "done"
    with pytest.raises(ParseError, match="bad tricks 'six': expected one whole number per seat"):
        play(parse(facts + "tricks: six"))
    with pytest.raises(ParseError, match="not finished .at the play step.: 'tricks' is missing"):
        play(parse(facts))


def test_parse_record_takes_the_keys_of_its_ruleset():
    assert parse_record("auction: pass\nwhist: pass", KEYS + ("whist",)).get("whist") == "pass"
    with pytest.raises(ParseError, match="unknown key 'whist'") as e:
        parse_record("auction: pass\nwhist: pass")
    assert e.value.line == 2


def test_engine_errors_are_reported_on_the_line_of_their_key():
    rec = parse_record("# a comment\nauction: 2, pass\nplay: AS")
    with pytest.raises(ParseError) as e, on_line(rec, "play"):
        raise IllegalPlay("AS: no card can be played now")
    assert e.value.line == 3 and str(e.value) == "line 3: play: AS: no card can be played now"
    with pytest.raises(ParseError) as e, on_line(rec, "play"):
        raise ParseError("already placed", line=7)
    assert e.value.line == 7                               # a line already named stays
    with on_line(rec, "play"):
        pass


# -- bad input refused (issue 15) ------------------------------------------------------------------
FACTS = "auction: 2, pass, pass\ncontract: clubs\ndefence: follow, follow\n"


@pytest.mark.parametrize("tricks", ["-6 -2 -2", "6 -2 -2", "+6 2 2", "6 2 2.0", "6 2 ２"])
@pytest.mark.parametrize("name", sorted(REPLAYS))
def test_trick_counts_must_be_whole_numbers_0_or_more(name, tricks):
    play, parse, auction, contract, defence, _ = REPLAYS[name]
    with pytest.raises(ParseError) as e:
        play(parse(f"auction: {auction}\ncontract: {contract}\n{defence}\ntricks: {tricks}"))
    assert e.value.line == 4
    assert f"bad tricks {tricks!r}: expected one whole number per seat, 0 or more" in str(e.value)


@pytest.mark.parametrize("tricks", ["6 2 1", "6 2 3", "10 1 0", "6 2", "6 2 2 0"])
@pytest.mark.parametrize("name", sorted(REPLAYS))
def test_trick_counts_must_add_up_to_the_hand(name, tricks):
    play, parse, auction, contract, defence, _ = REPLAYS[name]
    with pytest.raises(ParseError) as e:
        play(parse(f"auction: {auction}\ncontract: {contract}\n{defence}\ntricks: {tricks}"))
    assert e.value.line == 4 and f"tricks {tricks}: " in str(e.value)


def test_a_dash_stands_for_a_seat_that_does_not_play():
    alone = FACTS.replace("follow, follow", "follow, pass, alone")
    hand = replay(parse_record(alone + "tricks: 7 3 -"))
    assert hand.tricks == (7, 3, 0)
    with pytest.raises(ParseError, match="seat 2 does not play"):
        replay(parse_record(alone + "tricks: 7 2 1"))


@pytest.mark.parametrize("name", sorted(REPLAYS))
def test_tricks_beside_a_deal(name):
    play, parse, auction, contract, defence, _ = REPLAYS[name]
    discard = "discard: S7 C8\n"
    text = TALON_DEAL + f"auction: {auction}\n{discard}contract: {contract}\n{defence}\n"
    hand = play(parse(text + "tricks: 7 2 1"))
    assert hand.tricks == (7, 2, 1) and hand.phase.value == "done"
    assert hand.deal is not None
    with pytest.raises(ParseError, match="add up to 9"):
        play(parse(text + "tricks: 7 1 1"))


def test_tricks_beside_a_deal_round_trip():
    text = (DATA / "clubs_made.txt").read_text().split("play:")[0] + "tricks: 8 1 1\n"
    hand = replay(parse_record(text))
    assert "tricks: 8 1 1" in format_record(hand) and "deal: " in format_record(hand)
    assert replay(parse_record(format_record(hand))).result() == hand.result()


SPADES_REASON = "a spades game bought with the talon is played only if a defender gives kontra"


@pytest.mark.parametrize("last", ["tricks: 6 2 2", "play: SA S9 S8"])
def test_spades_without_kontra_names_the_reason(last):
    deal = TALON_DEAL
    text = deal + "auction: 2, pass, pass\ndiscard: S7 C8\ncontract: spades\ndefence: follow, follow\n"
    with pytest.raises(ParseError) as e:
        replay(parse_record(text + last))
    assert e.value.line == 6 and SPADES_REASON in str(e.value)
    if last.startswith("tricks"):  # without a deal alike
        with pytest.raises(ParseError, match=SPADES_REASON):
            replay(parse_record("auction: 2, pass, pass\ncontract: spades\n"
                                "defence: follow, follow\n" + last))


def test_play_after_both_defenders_pass_names_the_reason():
    with pytest.raises(ParseError, match="both defenders passed: the hand is not played"):
        replay(parse_record(FACTS.replace("follow, follow", "pass, pass") + "tricks: 6 2 2"))


def test_a_play_line_stops_at_the_end_of_the_hand():
    text = (DATA / "clubs_made.txt").read_text().rstrip() + ", SA XX" + " 7S" * 100_000
    with pytest.raises(ParseError) as e:
        replay(parse_record(text))
    assert str(e.value) == "line 7: play: AS: card 31, but the hand is over after 30 cards"


def test_continuation_lines_are_joined_in_linear_time():
    import time
    text = "auction: 2, pass, pass\nplay:\n" + "  7S\n" * 300_000
    start = time.perf_counter()
    rec = parse_record(text)
    assert time.perf_counter() - start < 2
    assert rec.values["play"] == " ".join(["7S"] * 300_000)


def test_words_are_named_without_their_spaces():
    with pytest.raises(ParseError) as e:
        replay(parse_record(TALON_DEAL + "auction: 2, pass, pass,   pass"))
    assert "auction: call pass: not now" in str(e.value) and "  " not in str(e.value)


def test_an_option_given_twice_is_refused():
    with pytest.raises(ParseError) as e:
        replay(parse_record("options: kontra_limit=8 kontra-limit=16\nauction: pass, pass, pass"))
    assert e.value.line == 1 and "option 'kontra_limit' given twice" in str(e.value)


@pytest.mark.parametrize("names", ["Ana, , Ceca", "Ana, Boris,", ", Boris, Ceca"])
def test_empty_player_names_are_refused(names):
    with pytest.raises(ParseError) as e:
        parse_game(f"# header\nplayers: {names}\n---\nauction: pass, pass, pass\n")
    assert e.value.line == 2 and "empty player name" in str(e.value)


def test_a_game_error_without_a_line_gets_its_hand_and_line():
    with pytest.raises(ParseError) as e:
        game_sheet(parse_game("auction: pass, pass, pass\n---\n# two\n\nauction: 2, pass, pass\n"))
    assert e.value.line == 5
    assert str(e.value) == "line 5: hand 2: seat 1 won the auction: 'contract' is missing"


def test_russian_play_after_both_defenders_pass_names_the_reason():
    with pytest.raises(ParseError) as e:
        russian_replay(russian_parse_record("auction: 6S, pass, pass\nwhist: pass, pass\n"
                                            "tricks: 6 2 2"))
    assert e.value.line == 3
    assert "tricks: both defenders passed: the hand is not played" in str(e.value)

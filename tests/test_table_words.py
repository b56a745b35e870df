"""The words of the league code (kodeks, point 23) and of the v1.2 rules' examples,
read wherever the engine reads calls and decisions: the auction, the defence, hand
records and ``prefa replay``, with and without diacritics."""

import json

import pytest

from prefa.balkan.auction import Auction, Call
from prefa.balkan.contract import Contract
from prefa.balkan.defence import Decision, Defence
from prefa.balkan.hand import BalkanHand, Phase
from prefa.cli import main
from prefa.errors import IllegalAction, IllegalCall, PrefaError
from prefa.record import format_record, parse_record, replay

CODEX = ("Dva, Tri, Cetiri, Pet, Sest, Betl, Sans, Igra, Dobra (Igra), Dalje, Mogu, Uzmi, "
         "Moze, Dodjem, Ne (Dodjem), Zajedno, Kontra, Rekontra, Subkontra, Mortkontra")
"""The league code's list, point 23, as the source writes it (without diacritics)."""


def calls(text):
    return str(Auction.from_text(text))


# -- the auction ------------------------------------------------------------------------------
@pytest.mark.parametrize("word, number", [
    ("Dva", 2), ("Tri", 3), ("Četiri", 4), ("Cetiri", 4), ("Pet", 5), ("Šest", 6), ("Sest", 6),
    ("sedam", 7)])
def test_the_numbers_as_words_with_and_without_diacritics(word, number):
    assert Call.parse(word) == Call.parse(str(number))


def test_a_whole_numbers_auction_in_the_codes_words():
    assert calls("Dva, Tri, Dalje, Mogu, Četiri, Dalje") == "2, 3, pass, hold 3, 4, pass"


@pytest.mark.parametrize("word", ["Betl", "Igra betl"])
def test_betl_and_igra_betl_are_one_call(word):
    # the v1.2 rules, ch. 8, example 2: Dule: "Igra Betl" or "Betl"
    assert str(Auction.from_text(f"Dalje, {word}, Dalje").result().contract) == "igra betl"


def test_sans_and_igra_sans():
    assert Call.parse("Igra sans") == Call.parse("Sans") == Call.parse("sanac")


def test_dobra_after_an_igra_is_a_pass():
    # the Serbian site's rules page: after an igra the other two say "dalje" or "dobra"
    a = Auction.from_text("Igra, Dobra, Dobra igra")
    assert str(a) == "igra, pass, pass" and a.result().winner == 0 and a.result().igra


def test_dobro_in_a_numbers_auction_is_a_pass():
    # Gulin: after a 2 the next may say "3, igra or dalje (dobro)"
    assert calls("Dva, Dobro, Tri") == "2, pass, 3"


def test_the_reveal_moja_je():
    # the v1.2 rules, ch. 8, example 5: "Moja je 2", "Moja je 5", "Moja je slabija"
    a = Auction.from_text("Igra, Igra, Igra, Moja je 2, Moja je 5, Moja je slabija")
    assert a.is_over and a.result().winner == 1
    assert str(a.result().contract) == "igra clubs"
    assert str(a).endswith("spades, clubs, good")


def test_the_reveal_names_a_game_by_its_name_too():
    a = Auction.from_text("igra, igra, dalje, moja je karo, moja je tref")
    assert str(a.result().contract) == "igra clubs"


def test_moja_je_outside_the_reveal_is_refused_and_changes_nothing():
    a = Auction.from_text("Dva")
    with pytest.raises(IllegalCall):
        a.call("Moja je 2")
    assert str(a) == "2"


def test_uzmi_ends_a_numbers_auction_and_leaves_the_talon_to_the_bidder():
    a = Auction.from_text("Dva, Dalje, Uzmi")
    assert str(a) == "2, pass, pass" and a.result().winner == 0 and a.result().number == 2
    b = Auction.from_text("Dva, Tri, Dalje, Mogu, Uzmi")
    assert b.result().winner == 0 and b.result().number == 3


@pytest.mark.parametrize("before", ["", "Dva", "Dalje, Igra"])
def test_uzmi_where_it_ends_nothing_is_refused_with_the_reason(before):
    a = Auction.from_text(before)
    with pytest.raises(IllegalCall, match="last pass.*dalje"):
        a.call("Uzmi")
    assert str(a) == str(Auction.from_text(before))


# -- the defence ------------------------------------------------------------------------------
def defence(contract="clubs"):
    return Defence(declarer=0, defenders=(1, 2), contract=Contract.parse(contract))


@pytest.mark.parametrize("word, decision", [
    ("Dođem", "follow"), ("Dodjem", "follow"), ("dodem", "follow"),
    ("Ne", "pass"), ("Ne dođem", "pass"), ("Ne Dodjem", "pass"),
    ("Zajedno", "call"), ("Idemo zajedno", "call"),
    ("Kontra", "kontra"), ("Rekontra", "rekontra"), ("Subkontra", "subkontra"),
    ("Mortkontra", "mortkontra"), ("Može", "decline"), ("Moze", "decline")])
def test_each_defence_word(word, decision):
    assert str(Decision.find(word)) == decision


def test_zajedno_calls_the_partner_in():
    # the v1.2 rules, ch. 9, example 5: Dusko "Ne dodjem", Nikola "Dodjem. Idemo zajedno"
    d = defence()
    for w in ["Ne dođem", "Dođem", "Zajedno", "Može"]:
        d.decide(w)
    o = d.outcome()
    assert o.caller == 2 and set(o.playing) == {0, 1, 2}


def test_moze_where_the_lone_follower_may_call_is_alone():
    d = defence()
    assert d.decide("ne") + d.decide("dođem") + d.decide("može") == [
        Decision.PASS, Decision.FOLLOW, Decision.ALONE]
    assert d.legal() == [Decision.KONTRA, Decision.DECLINE]


def test_moze_passes_the_kontra_to_the_other_defender():
    # the v1.2 rules, ch. 10, example 2: Dusko "Može", Nikola "Kontra"
    d = defence()
    for w in ["Dodjem", "Dodjem", "Moze", "Kontra", "Moze"]:
        d.decide(w)
    assert d.outcome().kontra_giver == 2 and d.outcome().kontra == 2


def test_dodjem_i_kontra_after_the_partner_passed():
    # the v1.2 rules, ch. 10, example 5: Dusko "Ne dodjem", Nikola "Dodjem i kontra"
    d = defence()
    d.decide("Ne dodjem")
    assert d.decide("Dodjem i kontra") == [Decision.FOLLOW, Decision.ALONE, Decision.KONTRA]
    assert d.to_act == 0 and d.legal() == [Decision.REKONTRA, Decision.DECLINE]
    d.decide("Može")
    o = d.outcome()
    assert o.kontra_giver == 2 and set(o.playing) == {0, 1, 2}


def test_dodjem_i_kontra_after_the_partner_followed():
    d = defence()
    d.decide("Dođem")
    assert d.decide("dođem i kontra") == [Decision.FOLLOW, Decision.DECLINE, Decision.KONTRA]
    d.decide("može")
    assert d.outcome().kontra_giver == 2


def test_dodjem_i_kontra_before_the_partner_has_spoken_is_refused():
    d = defence()
    with pytest.raises(IllegalAction, match="after both defenders"):
        d.decide("Dođem i kontra")
    assert d.decisions == [] and d.legal() == [Decision.FOLLOW, Decision.PASS]


def test_the_defence_words_through_a_hand():
    h = BalkanHand()
    for c in ["Igra", "Dalje", "Dalje"]:
        h.call(c)
    h.declare("tref")
    h.decide("Ne")
    h.decide("Dođem i kontra")
    h.decide("Rekontra")
    h.decide("Subkontra")
    h.decide("Mortkontra")
    assert h.phase is Phase.PLAY and h.defence.outcome().kontra == 16
    h.undo()  # each decision is a step of its own
    assert h.defence.legal() == [Decision.MORTKONTRA, Decision.DECLINE]


# -- hand records and prefa replay ---------------------------------------------------------------
RECORD = """\
# The v1.2 rules, ch. 10, example 5, said in the league code's words
auction: Dalje, Igra, Dalje
contract: tref
defence: Ne dođem, Dođem i kontra, Može
tricks: 3 6 1
"""


def test_a_record_in_the_codes_words_replays():
    hand = replay(parse_record(RECORD))
    o = hand.defence.outcome()
    assert o.kontra_giver == 0 and o.kontra == 2 and hand.declarer == 1
    assert format_record(hand).splitlines()[:3] == [
        "auction: pass, igra, pass", "contract: igra clubs",
        "defence: pass, follow, alone, kontra, decline"]


def test_prefa_replay_reads_the_codes_words(tmp_path, capsys):
    f = tmp_path / "hand.txt"
    f.write_text("auction: Dva, Dalje, Uzmi\ncontract: tref\ndefence: Dođem, Ne, Može, Može\n"
                 "tricks: 6 4 -\n", encoding="utf-8")
    assert main(["replay", "--json", str(f)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["declarer"] == 0 and out["contract"] == "clubs" and out["score"]["bule"][0] == -10
    assert out["record"].startswith("auction: 2, pass, pass")


def test_every_word_of_the_codes_list_is_read():
    """Each word of point 23, as written there, is a call or a decision the engine reads."""
    for word in CODEX.split(", "):
        w = word.replace("(", "").replace(")", "")
        readers = [lambda t: Call.parse(t), lambda t: Decision.find(t)]
        read = []
        for r in readers:
            try:
                read.append(r(w))
            except PrefaError:
                pass
        assert read, word


def test_pub_is_the_jack():
    from prefa.balkan.table_talk import card_word

    assert card_word("pub") == card_word("dečko") == card_word("žandar") == 9
    assert card_word("kec") == card_word("as") == 12

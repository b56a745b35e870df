"""advise_hand picks the right convention for the seat to act; `prefa advise`."""

import json

import pytest

from prefa.balkan.conventions.advise import advise_hand
from prefa.cli import main
from prefa.errors import IllegalAction
from prefa.record import parse_record, replay

DEAL = "deal: SAKQJ HAKQ D7 CAK / ST98 HJT9 DAKQ C7 / S7 H87 DJT98 CQJT | C98\n"
BOUGHT = DEAL + "auction: 2, pass, pass\ndiscard: 7D JS\ncontract: clubs\n"


def at(text):
    return replay(parse_record(text), partial=True)


def test_auction_asks_the_bidding_conventions():
    a = advise_hand(at(DEAL + "auction: 2"))
    assert a.convention.startswith("bid.") and a.action in ("pass", "3", "igra")


def test_defence_asks_the_whist_obligations():
    a = advise_hand(at(BOUGHT))
    assert a.convention.startswith("whist.") and a.action in ("follow", "pass")


def test_opening_lead_and_second_hand():
    lead = advise_hand(at(DEAL + "auction: pass, 2, pass\ndiscard: 9C 8C\ncontract: diamonds\n"
                          "defence: follow, follow, decline, decline\n"))
    assert lead.convention.startswith("lead.")
    second = advise_hand(at(BOUGHT + "defence: follow, follow, decline, decline\nplay: CA\n"))
    assert second.convention.startswith("second.") and second.action == "7C"


def test_declarer_and_finished_hands_get_a_clear_refusal():
    with pytest.raises(IllegalAction, match="ask the solver"):
        advise_hand(at(BOUGHT + "defence: follow, follow, decline, decline\n"
                       "play: CA C7 CT\n"))
    with pytest.raises(IllegalAction, match="no convention applies at the done step"):
        advise_hand(at(DEAL + "auction: pass, pass, pass\n"))


def test_prefa_advise_json(tmp_path, capsys):
    f = tmp_path / "q.txt"
    f.write_text(BOUGHT)
    assert main(["advise", "--json", str(f)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seat"] == 1 and data["step"] == "defence" and data["convention"]


def test_second_hand_covers_the_queen_led_this_trick():
    # The queen just led is in the current trick, not among earlier tricks:
    # "every queen is covered except the trump queen".
    hand = at("deal: SAK HQJ D7 CAKQJT / SQJT HK7 DAKQ C98 / S987 HAT9 DJT9 C7 | H8 D8\n"
              "auction: 2, pass, pass\ndiscard: 8H 8D\ncontract: clubs\n"
              "defence: follow, follow, decline, decline\nplay: QH\n")
    a = advise_hand(hand)
    assert a.action == "KH", a

"""The Balkan games on the solver (prefa.balkan.solve): each game's goal and
trump, the position of a hand in play, and the lead evaluation with the
game's aims, all agreeing with the ruleset-free solver and analysis."""

import pytest

from prefa import analysis
from prefa.balkan.contract import Game
from prefa.balkan.solve import (
    beaten,
    card_table,
    declarer_tricks,
    evaluate_leads,
    goal,
    need,
    position,
    position_from_deal,
)
from prefa.cards import Suit
from prefa.deal import Deal, random_deal
from prefa.errors import IllegalAction, ParseError
from prefa.play import Overtake, PlayRules
from prefa.record import parse_record, replay
from prefa.solver import Position, solve

DEAL = "deal: SAKQJ HAKQ D7 CAK / ST98 HJT9 DAKQ C7 / S7 H87 DJT98 CQJT | C98\n"
BOUGHT = DEAL + "auction: 2, pass, pass\ndiscard: 7D JS\ncontract: clubs\n"


def at(text):
    return replay(parse_record(text), partial=True)


@pytest.mark.parametrize("game, aim, trump", [
    (Game.SPADES, "tricks", Suit.SPADES), (Game.DIAMONDS, "tricks", Suit.DIAMONDS),
    (Game.HEARTS, "tricks", Suit.HEARTS), (Game.CLUBS, "tricks", Suit.CLUBS),
    (Game.BETL, "betl", None), (Game.SANS, "tricks", None), (Game.PREFERANS, "tricks", None)])
def test_each_game_has_its_goal_and_trump(game, aim, trump):
    assert goal(game) == goal(str(game)) == goal(game.local) == (aim, trump)
    p = position_from_deal(random_deal(3), game, 0, 1)
    assert p == Position.from_deal(random_deal(3), 0, 1, trump=trump, goal=aim)


def test_a_bad_game_name_is_refused():
    with pytest.raises(ParseError, match="'trumps'"):
        position_from_deal(random_deal(3), "trumps", 0, 1)


def test_rules_replace_the_plain_ones():
    over = PlayRules(trump=Suit.HEARTS, overtake=Overtake.ALWAYS)
    assert position_from_deal(random_deal(4), "hearts", 0, 1, rules=over).rules == over


def test_position_of_a_hand_in_play():
    hand = at(BOUGHT + "defence: follow, follow, decline, decline\nplay: CA C7 CT SA\n")
    p = position(hand)
    q = Position.from_deal(Deal(tuple(hand.hands)), hand.declarer, 0, "CA C7 CT SA",
                           trump=Suit.CLUBS)
    assert p == q and p.trick and p.won == 1
    assert declarer_tricks(hand) == solve(q)
    assert card_table(hand) == card_table(q)


def test_position_refuses_a_hand_not_in_play():
    with pytest.raises(IllegalAction, match="auction step"):
        position(at(DEAL + "auction: 2"))


def test_beaten_and_need_per_game():
    assert [need(g) for g in Game] == [6, 6, 6, 6, 0, 6, 10]
    assert need("preferans", 4) == 4
    for g in Game:
        for n in range(11):
            aim, _trump = goal(g)
            assert beaten(g, n) == analysis.beaten(n, goal=aim, need=need(g)), (g, n)


@pytest.mark.parametrize("game", ["clubs", "betl", "preferans"])
def test_lead_evaluation_is_the_generic_one_with_the_games_aims(game):
    hand = "SAK7 HKQ DJ87 C97"
    aim, trump = goal(game)
    mine = evaluate_leads(hand, game, declarer=0, leader=1, samples=3, seed=4)
    generic = analysis.evaluate_leads(hand, 0, 1, trump=trump, goal=aim,
                                      need=None if game == "preferans" else 6,
                                      samples=3, seed=4)
    assert mine == generic

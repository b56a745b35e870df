"""Bad input refused where it enters the engine (issue 15): cards outside the
game's deck, hands of the wrong size for the conventions and ``prefa leads``,
out-of-range or wrong-typed values in the Python API, and ``prefa leads -n``
bounded.  Every refusal is a one-line PrefaError naming the bad value, and a
refused step changes nothing."""

from __future__ import annotations

import sys

import pytest

from prefa.analysis import MAX_SAMPLES
from prefa.balkan.contract import Contract
from prefa.balkan.conventions.betl import betl_continue, betl_shed, betl_weaknesses
from prefa.balkan.conventions.bidding import bid_advice, plan, responsibility, site_rule
from prefa.balkan.conventions.evaluation import evaluate, evaluation
from prefa.balkan.conventions.leads import LeadSituation, betl_lead, opening_lead
from prefa.balkan.conventions.signals import second_hand, trump_discard
from prefa.balkan.conventions.whist import WhistSituation
from prefa.balkan.hand import BalkanHand
from prefa.balkan.options import BalkanRules
from prefa.balkan.solve import evaluate_leads
from prefa.cards import CardSet, Suit, check_card, check_deck, deck, parse_card
from prefa.cli_solve import main
from prefa.deal import Deal, random_deal
from prefa.errors import PrefaError
from prefa.greek.hand import GreekHand
from prefa.play import Overtake, PlayRules, TrickPlay
from prefa.priffe.hand import Phase as PriffePhase
from prefa.priffe.hand import PriffeHand, random_priffe_deal
from prefa.russian.hand import RussianHand
from prefa.solver import Position, Solver, card_table, solve
from prefa.vida.hand import Phase as VidaPhase
from prefa.vida.hand import VidaHand, vida_deal
from prefa.vida.points import play_rules as vida_play_rules

NOT_IN_DECK = "is not in the 32-card deck (ranks A K Q J T 9 8 7)"
FULL = "SAK7 HKQ DJ87 C97"


def one_line(err: BaseException) -> str:
    text = str(err)
    assert "\n" not in text
    return text


def with_card(deal: Deal, old: str, new: str) -> Deal:
    """``deal`` with card ``old`` replaced by ``new`` wherever it lies."""
    o, n = parse_card(old), parse_card(new)
    hands = tuple(CardSet((h.mask & ~(1 << o)) | (1 << n)) if o in h else h for h in deal.hands)
    talon = CardSet((deal.talon.mask & ~(1 << o)) | (1 << n)) if o in deal.talon else deal.talon
    return Deal(hands, talon)


# -- item 3: cards outside the game's deck -------------------------------------------------

def test_check_deck_names_the_card_and_the_deck():
    with pytest.raises(PrefaError) as e:
        check_deck(CardSet.parse("SAK D2"), 32)
    assert one_line(e.value) == f"card 2D {NOT_IN_DECK}"
    check_deck(CardSet.parse("SAK D2 C6"), 52)            # Priffe's deck holds them
    check_deck(deck(32), 32)
    with pytest.raises(PrefaError, match="6C"):
        check_deck([parse_card("AS"), parse_card("6C")], 32)


@pytest.mark.parametrize("cls", [BalkanHand, GreekHand, RussianHand])
@pytest.mark.parametrize("low", ["2D", "6S"])
def test_talon_games_refuse_a_deal_with_a_low_card(cls, low):
    base = random_deal(5)
    bad = with_card(base, "7D" if low == "2D" else "7S", low)
    assert [len(h) for h in bad.hands] == [10, 10, 10] and len(bad.talon) == 2
    with pytest.raises(PrefaError) as e:
        cls(bad)
    assert one_line(e.value) == f"card {low} {NOT_IN_DECK}"
    cls(base)


def test_vida_refuses_a_low_card_and_priffe_keeps_them():
    bad = with_card(vida_deal(3), "8H", "3H")
    with pytest.raises(PrefaError, match=f"card 3H {NOT_IN_DECK[:10]}"):
        VidaHand(bad)
    d = random_priffe_deal(3)
    assert d.cards == deck(52)
    PriffeHand(d)                                        # 2 to 6 are Priffe cards


def test_a_mask_bit_that_is_no_card_is_refused_by_deal():
    with pytest.raises(PrefaError, match="no card"):
        Deal((CardSet(1 << 13), CardSet(), CardSet()))
    with pytest.raises(PrefaError, match="CardSet"):
        Deal(("SA", "SK", "S7"))


def test_solver_positions_refuse_low_cards():
    with pytest.raises(PrefaError, match="card 2S is not in the 32-card deck"):
        Position.from_deal(Deal.parse("S2 / SK / S7"), 0, 0)
    with pytest.raises(PrefaError, match="card 6H"):
        Position((CardSet.parse("SA H6"), CardSet.parse("SK HA"), CardSet.parse("S7 H7")), 0, 0)
    with pytest.raises(PrefaError, match="5S"):
        Position((CardSet.parse("SA"), CardSet.parse("-"), CardSet.parse("S7")), 0, 1,
                 trick=(parse_card("5S"),))


def test_prefa_solve_refuses_a_low_card(capsys):
    code = main(["solve", "--game", "sans", "--declarer", "0", "--leader", "1",
                 "SAK / SQ6 / ST9"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "6S" in err and "32-card deck" in err


@pytest.mark.parametrize("extra,card", [
    ([], "6C"), (["--known", "0:H6"], "6H"), (["--seen", "D2"], "2D")])
def test_prefa_leads_refuses_low_cards(capsys, extra, card):
    hand = "SAK7 HKQ DJ87 C96" if card == "6C" else FULL
    code = main(["leads", "--game", "sans", "--declarer", "0", "--leader", "1", "-n", "1",
                 "--quiet", *extra, hand])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and card in err


def test_evaluate_leads_refuses_low_cards():
    for kw in ({"known": {0: "S2"}}, {"seen": "H5"}):
        with pytest.raises(PrefaError, match="32-card deck"):
            evaluate_leads(FULL, "sans", declarer=0, leader=1, samples=1, **kw)
    with pytest.raises(PrefaError, match="6C"):
        evaluate_leads("SAK7 HKQ DJ87 C96", "sans", declarer=0, leader=1, samples=1)


def test_conventions_refuse_low_cards():
    low = CardSet.parse("SAK7 HKQ DJ87 C96")
    for call in (lambda: LeadSituation.of(low, "clubs", declarer=1, leader=0),
                 lambda: evaluate(low), lambda: plan(low), lambda: responsibility(low, 2),
                 lambda: betl_lead(low), lambda: bid_advice(low),
                 lambda: WhistSituation(low, Contract.parse("hearts")),
                 lambda: betl_shed(CardSet.parse("SK9 H6"), [parse_card("7C")]),
                 lambda: betl_weaknesses(CardSet.parse("S76")),
                 lambda: trump_discard(CardSet.parse("HAK D3"), [parse_card("AS")],
                                       Contract.parse("clubs")),
                 lambda: second_hand(CardSet.parse("HK87"), [parse_card("2H")],
                                     Contract.parse("clubs"))):
        with pytest.raises(PrefaError, match="32-card deck"):
            call()


# -- item 4: full hands for the conventions and prefa leads ----------------------------------

NINE = CardSet.parse("SAK7 HKQ DJ87 C9")
ELEVEN = CardSet.parse("SAK7 HKQ DJ87 C987")


@pytest.mark.parametrize("hand", [NINE, ELEVEN], ids=["9 cards", "11 cards"])
def test_full_hand_conventions_refuse_other_sizes(hand):
    calls = [lambda: LeadSituation.of(hand, "clubs", declarer=1, leader=0),
             lambda: evaluate(hand, Suit.HEARTS, seat=1), lambda: evaluation(hand),
             lambda: responsibility(hand, 2, seat=0), lambda: betl_lead(hand),
             lambda: plan(hand), lambda: bid_advice(hand), lambda: site_rule(hand, Contract.parse(
                 "diamonds").game),
             lambda: WhistSituation(hand, Contract.parse("igra hearts"))]
    for call in calls:
        with pytest.raises(PrefaError) as e:
            call()
        assert f"has {len(hand)} cards: expected a full hand of 10" in one_line(e.value)


def test_full_hands_still_accepted_and_later_leads_take_fewer_cards():
    full = CardSet.parse(FULL)
    assert opening_lead(LeadSituation.of(full, "clubs", declarer=1, leader=0)).action
    assert evaluate(full).action and responsibility(full, 2).action and betl_lead(full).action
    # after the first trick the betl defence leads from fewer cards
    assert betl_continue(CardSet.parse("SJ HKQT9 DA98")).convention == "lead.betl-singleton"


@pytest.mark.parametrize("hand", ["SAK7 HKQ DJ87 C9", "SAK7 HKQ DJ87 C987"])
def test_prefa_leads_refuses_a_hand_of_nine_or_eleven(capsys, hand):
    code = main(["leads", "--game", "sans", "--declarer", "0", "--leader", "1", "-n", "1",
                 "--quiet", hand])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "expected a full hand of 10" in err


def test_prefa_leads_refuses_seen_cards_in_the_leaders_hand(capsys):
    code = main(["leads", "--game", "sans", "--declarer", "0", "--leader", "1", "-n", "1",
                 "--quiet", "--seen", "SA D8", FULL])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "SA D8" in err and "own hand" in err
    with pytest.raises(PrefaError, match="own hand"):
        evaluate_leads(FULL, "sans", declarer=0, leader=1, samples=1, seen="HK")


# -- item 10: out-of-range values ---------------------------------------------------------------

def test_position_won_must_fit_in_the_hand():
    hands = (CardSet.parse("SA"), CardSet.parse("SK"), CardSet.parse("S7"))
    for won in (50, 10, -1, True, 1.0):
        with pytest.raises(PrefaError, match=f"bad count of tricks won {won!r}"):
            Position(hands, 0, 0, won=won)
    assert solve(Position(hands, 0, 0, won=9)) == 10    # nine won, one to play


def test_play_rules_check_their_fields():
    for kw, word in [({"trump": 7}, "trump 7"), ({"trump": True}, "trump True"),
                     ({"trump": "S"}, "trump 'S'"), ({"must_trump": "yes"}, "must_trump"),
                     ({"overtake": "sometimes"}, "overtake 'sometimes'"),
                     ({"plain_order": (12, 12)}, "plain_order"),
                     ({"trump_order": (13,)}, "trump_order")]:
        with pytest.raises(PrefaError, match=word):
            PlayRules(**kw)
    assert PlayRules(trump=1) == PlayRules(trump=Suit.HEARTS)
    assert PlayRules(trump=1).trump is Suit.HEARTS
    assert PlayRules(overtake="always").overtake is Overtake.ALWAYS
    assert PlayRules(plain_order=[12, 11]).plain_order == (12, 11)


@pytest.mark.parametrize("dealer", [1.0, "0", True, -1, 3])
def test_a_dealer_is_an_int_seat(dealer):
    d = random_deal(2)
    for call in (lambda: random_deal(2, dealer=dealer), lambda: BalkanHand(d, dealer=dealer),
                 lambda: GreekHand(d, dealer=dealer), lambda: RussianHand(d, dealer=dealer)):
        with pytest.raises(PrefaError, match=f"dealer {dealer!r}"):
            call()


@pytest.mark.parametrize("dealer", [1.0, "0", True, -1, 4])
def test_a_dealer_is_an_int_seat_in_the_four_hand_games(dealer):
    for call in (lambda: VidaHand(vida_deal(1), dealer=dealer),
                 lambda: PriffeHand(random_priffe_deal(1), dealer=dealer),
                 lambda: vida_deal(1, dealer=dealer)):
        with pytest.raises(PrefaError, match=f"dealer {dealer!r}"):
            call()


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True])
def test_seeds_are_whole_numbers_from_zero(seed):
    for call in (lambda: random_deal(seed), lambda: vida_deal(seed),
                 lambda: evaluate_leads(FULL, "sans", declarer=0, leader=1, samples=1,
                                        seed=seed)):
        with pytest.raises(PrefaError, match=f"bad seed {seed!r}"):
            call()


@pytest.mark.parametrize("seat", [1.0, True, "1"])
def test_solver_seats_are_ints(seat):
    d = Deal.parse("SA / SK / S7")
    with pytest.raises(PrefaError, match="seat"):
        Position.from_deal(d, seat, 0)
    with pytest.raises(PrefaError, match="seat"):
        Position(d.hands, 0, seat)


# -- item 12: prefa leads -n bounded, progress only on a terminal, layouts streamed ----------------

def test_prefa_leads_refuses_too_many_samples_at_once(capsys):
    code = main(["leads", "--game", "sans", "--declarer", "0", "--leader", "1",
                 "-n", "1000000000000", FULL])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "1000000000000" in err and str(MAX_SAMPLES) in err
    with pytest.raises(PrefaError, match=str(MAX_SAMPLES)):
        evaluate_leads(FULL, "sans", declarer=0, leader=1, samples=MAX_SAMPLES + 1)


def test_prefa_leads_draws_no_bar_when_stderr_is_not_a_terminal(capsys):
    code = main(["leads", "--game", "sans", "--declarer", "0", "--leader", "1", "-n", "2",
                 "--json", FULL])
    out, err = capsys.readouterr()
    assert code == 0 and err == "" and out.startswith("{")


def test_prefa_leads_draws_the_bar_on_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code = main(["leads", "--game", "sans", "--declarer", "0", "--leader", "1", "-n", "2",
                 "--json", FULL])
    assert code == 0 and "2/2" in capsys.readouterr().err


def test_evaluate_leads_deals_the_layouts_as_it_goes(monkeypatch):
    from prefa import analysis
    dealt = []
    original = analysis._unknown_deals

    def counting(*args, **kwargs):
        dealt.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(analysis, "_unknown_deals", counting)
    at_progress = []
    evaluate_leads(FULL, "sans", declarer=0, leader=1, samples=5, seed=2,
                   progress=lambda done, total: at_progress.append((done, len(dealt))))
    assert at_progress == [(k, k) for k in range(1, 6)]


# -- item 13: the Python API raises PrefaErrors naming the value --------------------------------

@pytest.mark.parametrize("card", [99, -1, None, 13, 64, 1.0])
def test_check_card_names_the_value(card):
    with pytest.raises(PrefaError, match=f"bad card {card!r}"):
        check_card(card)


def _balkan_in_play():
    deal = Deal.parse("SAKQJ HAKQ D7 CAK / ST98 HJT9 DAKQ C7 / S7 H87 DJT98 CQJT | C98")
    h = BalkanHand(deal)
    for c in ("2", "pass", "pass"):
        h.call(c)
    h.discard("D7 SJ")
    h.declare("clubs")
    h.decide("follow")
    h.decide("follow")
    h.decline_rest()
    return h


def _vida_in_play():
    h = VidaHand(Deal.parse("SAKQJT987 / HAKQJT987 / DAKQJT987 / CAKQJT987"))
    for c in ("capot spades", "pass", "pass", "pass"):
        h.call(c)
    h.declare_all()
    assert h.phase is VidaPhase.PLAY
    return h


def _priffe_in_play():
    h = PriffeHand(random_priffe_deal(2), dealer=0)
    for b in ("pass", "noll", "pass", "pass"):
        h.bid(b)
    assert h.phase is PriffePhase.PLAY
    return h


@pytest.mark.parametrize("make", [
    _balkan_in_play, _vida_in_play, _priffe_in_play,
    lambda: BalkanHand(random_deal(1)), lambda: GreekHand(random_deal(1)),
    lambda: RussianHand(random_deal(1)), lambda: VidaHand(vida_deal(1)),
    lambda: PriffeHand(random_priffe_deal(1))],
    ids=["balkan-play", "vida-play", "priffe-play", "balkan", "greek", "russian", "vida",
         "priffe"])
@pytest.mark.parametrize("card", [99, -1, None, 14])
def test_every_hand_refuses_a_value_that_is_no_card(make, card):
    h = make()
    steps, legal = list(h.steps), h.legal_cards()
    with pytest.raises(PrefaError) as e:
        h.play(card)
    assert f"bad card {card!r}" in one_line(e.value)
    assert h.steps == steps and h.legal_cards() == legal


@pytest.mark.parametrize("card", [99, -1, "AS"])
def test_trick_play_and_positions_refuse_a_value_that_is_no_card(card):
    p = TrickPlay.start([CardSet.parse("SA"), CardSet.parse("SK"), CardSet.parse("S7")], 0,
                        PlayRules())
    with pytest.raises(PrefaError, match="bad card"):
        p.play(card)
    assert p.played == [] and p.to_move == 0
    pos = Position.from_deal(Deal.parse("SA / SK / S7"), 0, 0)
    with pytest.raises(PrefaError, match="bad card"):
        pos.play(card)


def test_hand_constructors_refuse_wrong_types():
    for call, word in [(lambda: VidaHand(None), "deal None"),
                       (lambda: VidaHand("SA / SK"), "deal 'SA / SK'"),
                       (lambda: PriffeHand("x"), "deal 'x'"),
                       (lambda: BalkanHand("x"), "deal 'x'"),
                       (lambda: BalkanHand(rules="x"), "rules 'x'"),
                       (lambda: GreekHand(rules=BalkanRules()), "GreekRules"),
                       (lambda: RussianHand(rules=3), "rules 3"),
                       (lambda: VidaHand(vida_deal(1), rules={}), "rules"),
                       (lambda: PriffeHand(rules="x"), "rules 'x'"),
                       (lambda: BalkanRules().with_options(unknown=1), "unknown"),
                       (lambda: Position.from_deal("SA / SK / S7", 0, 0), "deal"),
                       (lambda: Position.from_deal(Deal.parse("SA / SK / S7"), 0, 0,
                                                   rules="x"), "rules 'x'")]:
        with pytest.raises(PrefaError) as e:
            call()
        assert word in one_line(e.value)


# -- card_table with rank orders -------------------------------------------------------------------

NATURAL = (12, 11, 10, 9, 8, 7, 6, 5)


@pytest.mark.parametrize("seed", range(6))
def test_card_table_with_the_natural_orders_equals_the_table_without(seed):
    deal = Deal(tuple(CardSet.of(list(h)[:4]) for h in random_deal(seed).hands))
    for trump in (None, Suit.HEARTS):
        plain = PlayRules(trump=trump)
        ordered = PlayRules(trump=trump, trump_order=NATURAL, plain_order=NATURAL)
        a = Position.from_deal(deal, 0, 1, rules=plain)
        b = Position.from_deal(deal, 0, 1, rules=ordered)
        assert card_table(b) == card_table(a) and solve(b) == solve(a)


@pytest.mark.parametrize("seed", range(8))
def test_card_table_with_the_vida_order_agrees_with_solve(seed):
    deal = random_deal(seed)
    small = Deal(tuple(CardSet.of(list(h)[:5]) for h in deal.hands))
    rules = vida_play_rules(Suit.SPADES)
    assert rules.trump_order is not None
    p = Position.from_deal(small, 0, 1, rules=rules, trump=Suit.SPADES)
    table = card_table(p)
    assert set(table) == set(p.legal_moves())
    # seat 1 defends: his best card gives the fewest declarer tricks, the solved value
    assert min(table.values()) == solve(p)
    s = Solver()
    for card, n in table.items():
        assert s.solve(p.play(card)) == n


# -- the Russian deal helpers -----------------------------------------------------------------------

def test_russian_deal_helpers_refuse_low_cards_and_bad_dealers():
    from prefa.russian.deal import deal_in_order, eldest_hand, first_dealer, next_dealer
    with pytest.raises(PrefaError, match="drawn card 2S"):
        first_dealer([parse_card("2S"), parse_card("7H"), parse_card("AC")])
    with pytest.raises(PrefaError, match="bad card 99"):
        first_dealer([99, parse_card("7H")])
    with pytest.raises(PrefaError, match="card 2S"):
        deal_in_order(list(range(32)))                   # spades 2 to A and hearts 2 to 4
    for call in (lambda: next_dealer(1.0), lambda: eldest_hand("0"),
                 lambda: deal_in_order(sorted(deck()), dealer=1.0)):
        with pytest.raises(PrefaError, match="dealer"):
            call()
    assert next_dealer(2) == 0 and eldest_hand(3, players=4) == 0


def test_trick_play_start_checks_its_arguments():
    hands = [CardSet.parse("SA"), CardSet.parse("SK"), CardSet.parse("S7")]
    for kw, word in [({"leader": 1.0}, "seat 1.0"), ({"rules": "x"}, "rules 'x'"),
                     ({"active": [0, 5]}, "playing seats (0, 5)"),
                     ({"hands": ["SA", "SK", "S7"]}, "expected a CardSet")]:
        args = {"hands": hands, "leader": 0, "rules": PlayRules()}
        args.update(kw)
        with pytest.raises(PrefaError) as e:
            TrickPlay.start(**args)
        assert word in one_line(e.value)

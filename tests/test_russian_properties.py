"""Property tests over random Russian hands and whole games.

- whole games from random hand facts, in every variant, with three and four
  players: no pool ever passes the target, the histories match the columns,
  the game ends exactly when enough pools are full, and the settlement sums
  to zero;
- whole hands played through the engine with random legal steps: after every
  refused step the hand is exactly as it was, every hand ends with ten
  tricks, its record replays to the same result, and the sheet of a game of
  such hands settles to zero.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from prefa.cards import deck
from prefa.errors import PrefaError
from prefa.russian.contract import LADDER, MISERE
from prefa.russian.deal import next_dealer, russian_deal
from prefa.russian.hand import Phase, RussianHand
from prefa.russian.options import RussianRules, Variant
from prefa.russian.record import format_record, parse_record, replay
from prefa.russian.scoring import HandResult, Outcome, Sheet, score_change, score_hand, settle


@st.composite
def rules_strategy(draw):
    return RussianRules(variant=draw(st.sampled_from(list(Variant))),
                        players=draw(st.sampled_from([3, 4])),
                        pool_target=draw(st.sampled_from([6, 10, 20])),
                        pools_to_finish=draw(st.sampled_from([1, 2, 3])),
                        whist_quota=draw(st.booleans()))


@st.composite
def tricks_for(draw, seats, players):
    cuts = sorted(draw(st.lists(st.integers(0, 10), min_size=2, max_size=2)))
    parts = [cuts[0], cuts[1] - cuts[0], 10 - cuts[1]]
    t = [0] * players
    for s, x in zip(seats, parts):
        t[s] = x
    return tuple(t)


@st.composite
def hand_facts(draw, players, dealer):
    sitting_out = dealer if players == 4 else None
    seats = [(dealer + 1 + i) % players for i in range(3)]
    kind = draw(st.sampled_from(["raspasovka", "not played", "played"]))
    tricks = draw(tricks_for(seats, players))
    if kind == "raspasovka":
        return HandResult.raspasovka(tricks, sitting_out=sitting_out)
    declarer = draw(st.sampled_from(seats))
    contract = draw(st.sampled_from(LADDER))
    if kind == "not played" and not contract.is_misere:
        return HandResult.not_played(declarer, contract, players=players, sitting_out=sitting_out)
    i = seats.index(declarer)
    defenders = [seats[(i + 1) % 3], seats[(i + 2) % 3]]
    whisters = draw(st.sampled_from([defenders[:1], defenders[1:], defenders]))
    return HandResult.played(declarer, contract, tricks, whisters, sitting_out=sitting_out)


@settings(max_examples=60)
@given(st.data())
def test_random_games_keep_the_sheet_sound(data):
    rules = data.draw(rules_strategy())
    n = rules.players
    sheet = Sheet.new(rules)
    dealer = n - 1
    for _ in range(40):
        if sheet.is_over:
            break
        hand = data.draw(hand_facts(n, dealer))
        ch = score_change(sheet, hand)
        assert all(a > 0 for _, _, a in ch.whists)
        assert all(x >= 0 for x in ch.pool)
        sheet = score_hand(sheet, hand)
        assert all(0 <= p <= rules.pool_target for p in sheet.pool)
        for p in range(n):
            assert sheet.pool[p] == (sheet.pool_history[p] or (0,))[-1]
            assert sheet.gora[p] == (sheet.gora_history[p] or (0,))[-1]
            for q in range(n):
                assert sheet.whists[p][q] == (sheet.whist_history[p][q] or (0,))[-1]
        assert sheet.is_over == (len(sheet.full) >= min(rules.pools_to_finish, n))
        st_ = settle(sheet)
        assert sum(st_.net) == 0
        dealer = next_dealer(dealer, n)
    if sheet.is_over:
        try:
            score_hand(sheet, HandResult.raspasovka(
                tuple(10 if s == (dealer + 1) % n else 0 for s in range(n)),
                sitting_out=dealer if n == 4 else None))
        except PrefaError:
            pass
        else:
            raise AssertionError("a hand was scored after the end")


def _snapshot(h):
    return (h.phase, h.to_act, list(h.steps), None if h.hands is None else list(h.hands),
            h.discards, h.contract, list(h.whists),
            None if h.play_state is None else (list(h.play_state.played),
                                               list(h.play_state.won)))


def _try_illegal(h, rng_draw):
    """Attempt one step that is not allowed now; it must change nothing."""
    before = _snapshot(h)
    ph = h.phase
    candidates = []
    if ph is not Phase.AUCTION:
        candidates.append(lambda: h.call("pass"))
    elif h.auction.highest is not None:
        candidates.append(lambda: h.call("6S"))  # never higher than a bid already made
    else:
        candidates.append(lambda: h.call("hold"))  # not a Russian call
    if ph is not Phase.DISCARD:
        candidates.append(lambda: h.discard("7S 8S"))
    if ph is not Phase.DECLARE:
        candidates.append(lambda: h.declare("10NT"))
    if ph is not Phase.WHIST:
        candidates.append(lambda: h.decide("whist"))
    if ph is Phase.PLAY:
        wrong = [c for c in deck(32) if c not in h.legal_cards()]
        candidates.append(lambda: h.play(rng_draw(st.sampled_from(wrong))))
    else:
        candidates.append(lambda: h.play("AS"))
    step = rng_draw(st.sampled_from(candidates))
    try:
        step()
    except PrefaError:
        pass
    else:
        raise AssertionError("an illegal step was accepted")
    assert _snapshot(h) == before


def _random_hand(draw, rules, dealer, seed):
    h = RussianHand(russian_deal(seed, players=rules.players, dealer=dealer), rules, dealer)
    while h.phase is not Phase.DONE:
        _try_illegal(h, draw)
        ph = h.phase
        if ph is Phase.AUCTION:
            calls = h.legal_calls()
            bid = draw(st.booleans())
            h.call(calls[0] if not bid or len(calls) == 1 else
                   draw(st.sampled_from(calls[1:min(len(calls), 8)])))
        elif ph is Phase.DISCARD:
            twelve = list(h.hands[h.declarer] | h.talon)
            h.discard(draw(st.lists(st.sampled_from(twelve), min_size=2, max_size=2,
                                    unique=True)))
        elif ph is Phase.DECLARE:
            legal = h.legal_contracts()
            h.declare(draw(st.sampled_from(legal[:3])))
        elif ph is Phase.WHIST:
            h.decide(draw(st.sampled_from(["whist", "pass"])))
        else:
            h.play(draw(st.sampled_from(list(h.legal_cards()))))
    return h


@settings(max_examples=15)
@given(st.data())
def test_random_engine_games(data):
    rules = RussianRules(variant=data.draw(st.sampled_from(list(Variant))),
                         players=data.draw(st.sampled_from([3, 4])),
                         must_overtake=data.draw(st.booleans()))
    sheet = Sheet.new(rules)
    dealer = rules.players - 1
    for _ in range(3):
        seed = data.draw(st.integers(0, 2**32))
        h = _random_hand(data.draw, rules, dealer, seed)
        r = h.result()
        if r.outcome is not Outcome.NOT_PLAYED:
            assert sum(r.tricks) == 10 and len(h.play_state.tricks) == 10
            if h.sitting_out is not None:
                assert r.tricks[h.sitting_out] == 0
        if r.contract == MISERE:
            assert r.whisters == set(r.defenders)
        again = replay(parse_record(format_record(h, with_rules=True)), dealer=dealer)
        assert again.result() == r
        if sheet.is_over:
            break
        sheet = score_hand(sheet, r)
        assert all(p <= rules.pool_target for p in sheet.pool)
        dealer = next_dealer(dealer, rules.players)
    assert sum(settle(sheet).net) == 0

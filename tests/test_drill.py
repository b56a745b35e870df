"""The lead problems of the drill (prefa.drill), moved from the old lead widgets' tests."""

from prefa.drill import lead_problem


def test_a_problem_is_deterministic_for_a_seed():
    assert lead_problem(3, 0) == lead_problem(3, 0)
    assert lead_problem(3, 0).deal == lead_problem(3, 0).deal
    assert lead_problem(4, 0) != lead_problem(3, 0)


def test_the_leader_is_a_defender_on_lead_by_the_rules():
    for k in range(12):
        p = lead_problem(0, k)
        assert p.leader != p.declarer and len(p.hand) == 10
        if p.contract.game.name == "SANS":
            assert p.leader == (p.declarer - 1) % 3
        else:
            assert p.leader == (0 if p.declarer != 0 else 1)

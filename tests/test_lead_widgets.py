"""The lead widgets driven from Python: lead analysis and the lead drill."""

from prefa.cards import CardSet, card_name, card_symbol, parse_card
from prefa.lead_widgets import LeadAnalysisView, LeadDrill, lead_problem

HAND = "SAK7 HKQ DJ87 C97"


def test_analysis_table_has_one_row_per_lead_and_progress_reaches_max():
    v = LeadAnalysisView(HAND, "sans", declarer=0, leader=1, samples=4, seed=1)
    assert v.rows == [] and v.progress.value == 0
    v.button.click()  # what a click on "Analyse" does
    assert v.report is not None
    assert sorted(v.rows) == sorted(card_name(c) for c in CardSet.parse(HAND))
    assert len(v.rows) == 10
    assert v.progress.value == v.progress.max == 4
    assert v.rows[0] == card_name(v.report.best.card)
    assert "pl-best" in v.table.value and "Chance to beat" in v.table.value
    assert card_symbol(v.report.best.card) in v.message_text
    bundle = v._repr_mimebundle_()
    assert "pl-leads" in bundle["text/html"]


def test_analysis_passes_known_cards_on():
    v = LeadAnalysisView(HAND, "clubs", 2, 0, samples=4, known={2: "CAKQJ"})
    assert v.run() is not None and len(v.rows) == 10


def test_analysis_bad_input_shows_a_message():
    v = LeadAnalysisView("SAK7 HKQ XX", "sans", 0, 1, samples=4)
    assert "cannot be analysed" in v.message_text and "XX" in v.message_text
    assert v.run() is None and v.button.disabled
    assert "cannot be analysed" in v._repr_mimebundle_()["text/html"]
    v = LeadAnalysisView(HAND, "whist", 0, 1)
    assert "bad game" in v.message_text
    v = LeadAnalysisView(HAND, "sans", 0, 1, samples=0)
    assert v.run() is None and "samples" in v.message_text


def test_drill_is_deterministic_for_a_seed():
    a, b = LeadDrill(seed=3, samples=4), LeadDrill(seed=3, samples=4)
    assert a.problem == b.problem and a.problem_text == b.problem_text
    assert [x.description for x in a.card_buttons] == [x.description for x in b.card_buttons]
    assert lead_problem(3, 0) == a.problem
    assert a.problem.deal == lead_problem(3, 0).deal
    assert LeadDrill(seed=4, samples=4).problem != a.problem


def test_drill_leader_is_a_defender_on_lead_by_the_rules():
    for k in range(12):
        p = lead_problem(0, k)
        assert p.leader != p.declarer and len(p.hand) == 10
        if p.contract.game.name == "SANS":
            assert p.leader == (p.declarer - 1) % 3
        else:
            assert p.leader == (0 if p.declarer != 0 else 1)


def test_choose_gives_the_convention_and_the_figures():
    d = LeadDrill(seed=0, samples=4)
    first = next(iter(d.problem.hand))
    assert d.choose(card_name(first))
    conv = parse_card(d.advice.action)
    text = d.feedback_text
    assert f"Convention: {card_symbol(conv)}" in text
    assert d.advice.name in text
    assert ("Your lead is the convention's lead" in text) == (conv == first)
    assert f"Your {card_symbol(first)}" in text and "tricks on average" in text
    assert d.table.value.count('data-card="') == 10
    assert "your lead" in d.table.value and "convention" in d.table.value
    # choosing the convention's card says so
    assert d.choose(card_symbol(conv))
    assert "Your lead is the convention's lead" in d.feedback_text
    assert "pl-feedback" in d._repr_mimebundle_()["text/html"]


def test_button_click_chooses_and_bad_cards_show_a_message():
    d = LeadDrill(seed=1, samples=4)
    d.card_buttons[-1].click()
    assert d.chosen == list(d.problem.hand)[-1]
    assert d.card_buttons[-1].button_style == "info"
    assert not d.choose("ZZ") and "Cannot lead" in d.feedback_text
    outside = next(c for c in CardSet.parse("SAKQJT987 HAKQJT987") if c not in d.problem.hand)
    assert not d.choose(card_name(outside)) and "not in your hand" in d.feedback_text


def test_next_changes_the_problem():
    d = LeadDrill(seed=0, samples=4)
    d.choose(card_name(next(iter(d.problem.hand))))
    before = d.problem
    d.next_button.click()
    assert d.problem != before and d.problem.number == before.number + 1
    assert d.feedback_text == "" and d.table.value == "" and d.chosen is None
    assert d.problem == lead_problem(0, 1)
    assert "Problem 2" in d.problem_text

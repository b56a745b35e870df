"""Feedback that teaches: a reason of its own for every wrong choice, grading by school."""

import html
import json
import re
from pathlib import Path

import pytest

from prefa.cli import main
from prefa.errors import ParseError
from prefa.quiz import DEFAULT_SCHOOL, SCHOOLS, check, check_text, load_quiz, parse_quiz
from prefa.quiz_render import item_data, plain

BANK = sorted((Path(__file__).parent.parent / "prefa" / "data" / "quizzes").glob("*.txt"))
RESULTS = {(p.name, ln.id): ln.result for p in BANK for ln in check_text(p.read_text(), p.name)}
TAG = re.compile(r"\[[a-z0-9]+(?:[.-][a-z0-9]+)+\]")
LEADS = (Path(__file__).parent.parent / "prefa" / "data" / "quizzes" / "09_opening_leads.txt")


def _gradings(result):
    """The default grading and each school's: (name, verdicts)."""
    yield "default", result.verdicts
    for name, sr in result.schools.items():
        yield name, sr.verdicts


def test_every_bank_item_checks():
    assert RESULTS and all(r is not None for r in RESULTS.values())


@pytest.mark.parametrize("key", sorted(RESULTS), ids=lambda k: f"{k[0]}:{k[1]}")
def test_wrong_choices_have_reasons_of_their_own(key):
    """Every wrong choice of every shipped item gets its own reason from the engine,
    in every school's grading; none is the item's bare reason or names a convention id."""
    r = RESULTS[key]
    for school, verdicts in _gradings(r):
        wrong = [v for v in verdicts if not v.correct]
        reasons = [v.reason for v in wrong]
        assert len(set(reasons)) == len(reasons), (school, reasons)
        for v in wrong:
            assert v.reason and v.reason != r.reason and v.reason != f"No: {r.reason}", v
            assert not TAG.search(v.reason), v


def test_the_bank_has_items_with_two_or_more_wrong_choices():
    many = [k for k, r in RESULTS.items() if sum(not v.correct for v in r.verdicts) >= 2]
    assert len(many) > 150


def test_wrong_lead_gets_its_exact_value_and_line():
    r = RESULTS[("09_opening_leads.txt", "lead-01")]
    why = {v.choice: v.reason for v in r.verdicts}
    # the ace of hearts gives the declarer a trick more than the convention's 8♦
    assert "after A♥ (" in why["AH"] and "takes 5 tricks; after 8♦ he takes 4" in why["AH"]
    assert "under your A♥" in why["9H"]


def test_a_card_as_good_as_the_best_is_accepted_with_a_note():
    r = RESULTS[("09_opening_leads.txt", "lead-01")]
    v = {v.choice: v for v in r.verdicts}
    assert r.engine == ("8D",) and r.agrees
    assert v["7S"].correct and "as good as 8♦" in v["7S"].reason
    assert "the convention plays 8♦" in v["7S"].reason
    assert not v["AH"].correct   # worse by exact play: refused


def test_a_better_card_than_the_conventions_is_still_refused_with_a_word():
    r = RESULTS[("09_opening_leads.txt", "lead-05")]
    v = {v.choice: v for v in r.verdicts}
    assert r.engine == ("QD",) and not v["7S"].correct
    assert "would even do better" in v["7S"].reason


def test_schools_names_default_first():
    assert next(iter(SCHOOLS)) == DEFAULT_SCHOOL and len(set(SCHOOLS)) == len(SCHOOLS)
    for r in RESULTS.values():
        assert set(r.schools) <= set(SCHOOLS), r.item.id
        assert (r.school is None) == (not r.schools)


def test_items_whose_schools_differ_are_graded_per_school():
    differ = {k[1] for k, r in RESULTS.items() if r.schools}
    assert {"follow-06", "lead-03", "lead-10", "signal-03", "signal-04"} <= differ
    r = RESULTS[("04_following.txt", "follow-06")]
    assert r.engine == ("pass",) and r.school == "site rules"
    t = {v.choice: v for v in r.schools["tournament rules"].verdicts}
    assert r.schools["tournament rules"].engine == ("follow",)
    assert t["follow"].correct and not t["pass"].correct
    d = {v.choice: v for v in r.verdicts}
    assert "tournament rules school" in d["follow"].reason
    lead = RESULTS[("09_opening_leads.txt", "lead-03")]
    assert lead.school == DEFAULT_SCHOOL and lead.schools["strategy text"].engine == ("AS",)


def test_item_data_carries_the_schools():
    r = RESULTS[("10_discards.txt", "signal-04")]
    data = item_data(r, "q")
    assert data["school"] == "tournament rules"
    gulin = data["schools"]["Gulin"]
    assert "7S" in gulin["answer"] and gulin["choices"]["7S"]["correct"]
    assert gulin["answer"] == [c for c, v in gulin["choices"].items() if v["correct"]]
    assert r.schools["Gulin"].engine == ("7S",)
    assert set(gulin["choices"]) == set(r.item.choices)
    assert all(set(c) == {"correct", "reason"} for c in gulin["choices"].values())
    assert DEFAULT_SCHOOL in data["schools"]
    plain_item = item_data(RESULTS[("00_how_to_use.txt", "start-01")], "q")
    assert plain_item["school"] is None and plain_item["schools"] == {}
    assert json.loads(json.dumps(data)) == data


def test_plain_drops_convention_ids():
    assert plain("Top of a sequence [lead.top-of-sequence]: lead the king.") == \
        "Top of a sequence: lead the king."


ITEM = LEADS.read_text().split("---")[2]  # lead-03: schools differ on A-K


def test_answer_per_school_syntax():
    assert "id: lead-03" in ITEM
    base = re.sub(r"(?m)^answer\[.*\n", "", ITEM)
    (item,) = parse_quiz(base + "answer[Tournament  Rules]: AS\nanswer[strategy text]: AS\n")
    assert item.school_answers == (("tournament rules", ("AS",)), ("strategy text", ("AS",)))
    assert check(item).agrees
    for extra, message in [("answer[nobody]: AS\n", "unknown school 'nobody'"),
                           ("answer[Gulin]: 7C\n", "not one of the choices"),
                           ("answer[Gulin]: KS\nanswer[gulin]: KS\n", "given twice"),
                           ("answer[Gulin]: KS, AS\n", "has one answer")]:
        items, errors = load_quiz(base + extra)
        assert not items and len(errors) == 1 and message in str(errors[0]), (extra, errors)
        assert isinstance(errors[0], ParseError) and errors[0].line is not None


def test_a_school_answer_the_engine_does_not_share_disagrees():
    base = re.sub(r"(?m)^answer\[.*\n", "", ITEM)
    (item,) = parse_quiz(base + "answer[tournament rules]: KS\n")
    r = check(item)
    assert not r.agrees and r.disagreements == (("tournament rules", ("KS",), ("AS",)),)
    # a school the convention does not set apart is held to the default answer
    (item,) = parse_quiz(base + "answer[v1.2 site rules]: KS\n")
    assert check(item).agrees


def test_cli_quiz_check_reports_each_school(tmp_path, capsys):
    good = tmp_path / "good.txt"
    good.write_text(ITEM)
    assert main(["quiz", "check", str(good)]) == 0
    assert "strategy text: A\u2660" in capsys.readouterr().out  # the cards as drawn, A♠
    bad = tmp_path / "bad.txt"
    bad.write_text(ITEM.replace("answer[strategy text]: AS", "answer[strategy text]: 8S")
                   .replace("answer[tournament rules]: AS", "answer[tournament rules]: KS"))
    assert main(["quiz", "check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "school strategy text: author 8\u2660, engine A\u2660" in out
    assert "school tournament rules: author K\u2660, engine A\u2660" in out
    assert main(["quiz", "check", "--json", str(bad)]) == 1
    (line,) = json.loads(capsys.readouterr().out)
    assert line["status"] == "disagrees" and line["schools"]["strategy text"]["engine"] == ["AS"]


def test_rules_reasons_name_their_source_as_a_reader_knows_it():
    why = {v.choice: v.reason for v in RESULTS[("01_cards_and_tricks.txt", "cards-01")].verdicts}
    assert why["8H"].endswith("(Source: the Serbian rules text.)") and "must follow spades" in why["8H"]
    greek = RESULTS[("17_kasa_and_kapikia.txt", "score-01")]
    assert all("(Source: the Greek rules text.)" in v.reason for v in greek.verdicts)
    # no verdict anywhere names a source file ("seed"); a convention's reason names no rules text
    assert not [v.reason for r in RESULTS.values() for v in r.verdicts if "seed" in v.reason.lower()]
    assert "Source:" not in RESULTS[("09_opening_leads.txt", "lead-01")].verdicts[0].reason


def test_a_wrong_card_for_the_declarer_shows_the_line_that_beats_it():
    for r in RESULTS.values():
        if r.item.kind in ("best-card", "betl-leads"):
            for v in r.verdicts:
                if not v.correct:
                    assert re.search(r"After \S+ \(.+\) the declarer", v.reason), v


def test_when_every_card_ties_the_convention_grades_alone():
    r = RESULTS[("09_opening_leads.txt", "lead-07")]   # every lead gives the declarer 6
    assert [v.choice for v in r.verdicts if v.correct] == ["KS"]
    assert all("Exact play has no say" in v.reason for v in r.verdicts if not v.correct)


def test_no_single_answer_item_accepts_every_choice():
    for r in RESULTS.values():
        for _school, verdicts in _gradings(r):
            if verdicts and not r.item.multi:
                assert not all(v.correct for v in verdicts), r.item.id


def test_page_reasons_write_cards_with_suit_signs_and_no_ids():
    card = re.compile(r"\b[AKQJT987][SHDC]\b")
    for r in RESULTS.values():
        d = item_data(r, "q")
        texts = [d["reason"]] + [c["reason"] for c in d["choices"]]
        texts += [c["reason"] for s in d["schools"].values() for c in s["choices"].values()]
        for t in texts:
            assert not card.search(t) and not TAG.search(t), (r.item.id, t)


# -- the schools' names and labels ---------------------------------------------------------
def test_each_school_has_one_name_and_one_label():
    """The strategy text of seed 001 was two schools, "strategy text" (the leads) and
    "strategy article" (following); every school is named once and labelled once."""
    from prefa.balkan.conventions import bidding, evaluation, leads, whist
    named = {evaluation.GULIN, evaluation.TOURNAMENT, evaluation.SITE, evaluation.V12,
             evaluation.STRATEGY}
    assert (leads.GULIN, leads.STRATEGY, leads.TOURNAMENT) == (
        evaluation.GULIN, evaluation.STRATEGY, evaluation.TOURNAMENT)
    assert set(leads.SCHOOLS) | set(bidding.SCHOOLS) | set(whist.FOLLOW_SCHOOLS) <= named
    assert set(SCHOOLS) == {DEFAULT_SCHOOL} | named
    labels = list(SCHOOLS.values())
    assert len(set(labels)) == len(labels)
    assert all(label.startswith("the ") and label.endswith(" school") for label in labels)


def test_every_school_named_in_the_feedback_is_one_of_the_labels():
    """The reasons and the handouts' key name a school by its label (they said "the
    kit's default reading", "the tournament rules school", or a bare name)."""
    from prefa.quiz_render import SCRIPT, handout_html
    labels = set(SCHOOLS.values())
    named = []
    for r in RESULTS.values():
        for _school, verdicts in _gradings(r):
            named += [m for v in verdicts for m in re.findall(r"It is what (.+?) plays here",
                                                               v.reason)]
    assert named and set(named) <= labels and DEFAULT_SCHOOL not in named
    for path in BANK:
        results = [ln.result for ln in check_text(path.read_text(), path.name)]
        if not any(r.schools for r in results):
            continue
        key = handout_html(results, path.stem)
        for others in re.findall(r"Other schools: (.*?)\.</td>", html.unescape(key)):
            shown = [part.split(": ")[0] for part in others.split("; ")]
            assert set(shown) <= labels, (path.name, others)
    # the page script names each school by the same labels, from the same place
    assert json.dumps(SCHOOLS) in SCRIPT

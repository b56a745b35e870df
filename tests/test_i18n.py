"""One way to translate everything: the catalogs, the languages, the two scripts.

- the catalogs are what the sources and the translations make
  (``python -m prefa.catalogs check``: the template holds every message of
  the sources, each catalog is up to date, its placeholders and plural
  forms right, the Cyrillic one made from the Latin, each ``.mo`` what its
  ``.po`` compiles to); their coverage is printed;
- the language is chosen by ``PREFA_LANG`` (the ``prefa`` command), by
  :func:`prefa.i18n.set_language` and by a session's ``lang=``; a bad name is
  refused in one line;
- Serbian in both scripts: the transliteration, exact from Cyrillic, with
  its list of two-letter pairs from Latin, over many random texts.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from prefa import i18n
from prefa.errors import RuleOptionError
from prefa.i18n import LANGUAGES, _, catalog, language, ngettext, set_language, using
from prefa.translit import to_cyrillic, to_latin

ROOT = Path(__file__).resolve().parent.parent
babel = pytest.importorskip("babel")
from prefa import catalogs  # noqa: E402  (needs Babel)

CYRILLIC = re.compile(r"[\u0400-\u04FF]")
REFUSAL = "{card}: seat {seat} does not hold it (holds {cards})"
"""The engine's refusal of a card not in the hand (prefa/play.py)."""


# -- the catalogs -------------------------------------------------------------------------
def test_the_catalogs_are_what_the_sources_and_translations_make():
    assert catalogs.check() == []


def test_catalog_coverage_is_printed_and_serbian_is_complete(capsys):
    cover = catalogs.coverage()
    with capsys.disabled():
        print("\ncatalog coverage:", ", ".join(f"{lang} {done}/{total}"
                                               for lang, (done, total) in cover.items()))
    assert set(cover) == set(LANGUAGES) - {"en"}
    done, total = cover["sr"]
    assert total >= 200 and done == total, f"sr: {total - done} untranslated"
    assert cover["sr-Cyrl"] == cover["sr"]


def test_each_translation_keeps_the_placeholders_and_serbian_has_three_plurals():
    """A translation uses only its message's placeholders, and (but where it drops
    an English gloss of a Serbian word, such as "pass (dalje)") all of them."""
    sr = catalogs.read(catalogs.po_path("sr"), "sr")
    assert sr.num_plurals == 3
    names = re.compile(r"\{(\w+)[^{}]*\}")
    dropped = 0
    for m in sr:
        if m.id and isinstance(m.id, str) and m.string:
            assert set(names.findall(m.string)) <= set(names.findall(m.id)), m.id
            dropped += set(names.findall(m.string)) != set(names.findall(m.id))
    assert dropped <= 10
    # 1 štih, 2 štiha, 5 štihova: three forms, 11 like 5 and 21 like 1
    forms = [catalog("sr").ngettext("{n} trick more", "{n} tricks more", n)
             for n in (1, 2, 5, 11, 21)]
    assert len(set(forms[:3])) == 3 and forms[3] == forms[2] and forms[4] == forms[0], forms


def test_the_cyrillic_catalog_is_the_latin_one_transliterated():
    sr, cyr = catalog("sr"), catalog("sr-Cyrl")
    message = REFUSAL
    assert cyr.gettext(message) == to_cyrillic(sr.gettext(message))
    if sr.gettext(message) != message:
        assert CYRILLIC.search(cyr.gettext(message))


def test_the_package_ships_each_compiled_catalog():
    for lang in set(LANGUAGES) - {"en"}:
        assert (i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "prefa.mo").is_file(), lang
    text = (ROOT / "pyproject.toml").read_text()
    assert "locale/*/LC_MESSAGES/*.mo" in text
    sys.path.insert(0, str(ROOT / "site"))
    from _hooks.engine import package_zip  # the site's engine zip carries them too
    import io
    import zipfile
    names = zipfile.ZipFile(io.BytesIO(package_zip())).namelist()
    assert "prefa/locale/sr/LC_MESSAGES/prefa.mo" in names


# -- choosing the language ------------------------------------------------------------------
def test_english_is_the_default_and_a_block_speaks_its_own_language():
    assert language() == "en" and _(REFUSAL) == REFUSAL
    with using("sr"):
        serbian = _(REFUSAL)
        with using("sr-Cyrl"):
            assert _(REFUSAL) == to_cyrillic(serbian)
        assert language() == "sr"
    assert language() == "en"
    assert serbian != REFUSAL and "{card}" in serbian


def test_set_language_for_a_notebook():
    try:
        assert set_language("sr") == "sr" and _(REFUSAL) == catalog("sr").gettext(REFUSAL)
        assert ngettext("{n} trick", "{n} tricks", 5) == catalog("sr").ngettext(
            "{n} trick", "{n} tricks", 5)
    finally:
        set_language("en")
    assert _(REFUSAL) == REFUSAL


def test_a_bad_language_is_refused_in_one_line():
    with pytest.raises(RuleOptionError, match=r"language 'xx': expected one of en, sr"):
        set_language("xx")
    from prefa.ui import TableSession
    with pytest.raises(RuleOptionError, match="language 'xx'"):
        TableSession(seed=5, lang="xx")


def _prefa(*args: str, lang: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PREFA_LANG": lang, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "prefa", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=60)


@pytest.mark.parametrize("lang", ["sr", "sr-Cyrl"])
def test_prefa_lang_makes_the_command_refuse_in_serbian(lang):
    """A card seat 0 does not hold, refused by `prefa solve` in the chosen language."""
    deal = "SAKJ87 H7 CKJ87 / S9 HAKJT8 DKT7 CA / SQT HQ9 DAQJ98 C9 | CQT"
    args = ("solve", deal, "--game", "spades", "--declarer", "0", "--leader", "0",
            "--played", "QD")
    english, got = _prefa(*args, lang="en"), _prefa(*args, lang=lang)
    assert english.returncode == got.returncode == 2
    assert "does not hold it" in english.stderr
    assert got.stderr.count("\n") == 1 and "does not hold it" not in got.stderr, got.stderr
    assert bool(CYRILLIC.search(got.stderr)) == (lang == "sr-Cyrl")
    holds = catalog(lang).gettext(REFUSAL).split("{cards}")[0].split("{seat}")[-1].strip()
    assert holds and holds in got.stderr, (holds, got.stderr)


def test_a_bad_prefa_lang_exits_2_with_one_line():
    got = _prefa("solve", "-", lang="klingon")
    assert got.returncode == 2 and got.stderr.count("\n") == 1
    assert "language 'klingon'" in got.stderr


def test_a_session_speaks_its_language_whatever_the_default():
    from prefa.ui import TableSession
    english = TableSession(seed=5)
    serbian = TableSession(seed=5, lang="sr")
    cyrillic = TableSession(seed=5, lang="sr-Cyrl")
    e, s, c = english.state(), serbian.state(), cyrillic.state()
    assert (e["lang"], s["lang"], c["lang"]) == ("en", "sr", "sr-Cyrl")
    assert json.dumps(e) != json.dumps(s)
    assert CYRILLIC.search(json.dumps(c, ensure_ascii=False))
    # a refused card, in the session's language
    bad = {"type": "card", "card": "QD"}
    assert serbian.act(bad)["error"] != english.act(bad)["error"]
    # the site makes the same session again, in the same language
    from prefa.ui.web import live_args
    assert live_args(serbian)["lang"] == "sr"
    assert language() == "en"


def test_a_view_switches_the_session_language_and_nothing_else():
    from prefa.ui import TableSession
    t = TableSession(seed=5)
    before = t.state()
    assert [c["lang"] for c in before["langs"]["choices"]] == list(LANGUAGES)
    after = t.act({"type": "lang", "lang": "sr-Cyrl"})
    assert after["lang"] == "sr-Cyrl" and CYRILLIC.search(after["prompt"])
    assert after["legal"] == before["legal"] and after["phase"] == before["phase"]
    assert after["langs"]["legend"] == to_cyrillic(catalog("sr").gettext("Language"))
    refused = t.act({"type": "lang", "lang": "tlh"})
    assert "'tlh'" in refused["error"] and refused["lang"] == "sr-Cyrl"
    assert refused["error"] == to_cyrillic(catalog("sr").gettext(
        "language {lang!r}: expected one of {langs}")).format(lang="tlh", langs=", ".join(LANGUAGES))
    assert t.act({"type": "lang", "lang": "en"})["prompt"] == before["prompt"]


# -- Serbian in both scripts --------------------------------------------------------------
@pytest.mark.parametrize("latin, cyrillic", [
    ("štih, adut, pratnja, dođem, ne dođem", "штих, адут, пратња, дођем, не дођем"),
    ("Ljubav i Njegoš, DŽEP, džep", "Љубав и Његош, ЏЕП, џеп"),
    ("injekcija, konjunkcija, nadživeti, podžanr", "инјекција, конјункција, надживети, поджанр"),
    ("{seat} mora da prati {suit} (ima {cards})", "{seat} мора да прати {suit} (има {cards})"),
    ("K♠: imaš ♥A K 8 7, igra 7NT", "K♠: имаш ♥A K 8 7, игра 7NT"),
])
def test_transliteration_of_the_tables_words(latin, cyrillic):
    assert to_cyrillic(latin) == cyrillic
    assert to_latin(cyrillic) == latin


SERBIAN_CYRILLIC = "абвгдђежзијклљмнњопрстћуфхцчџш"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet=SERBIAN_CYRILLIC, min_size=1, max_size=12), min_size=1,
                max_size=8))
def test_cyrillic_to_latin_and_back_is_exact(words):
    """Every Cyrillic text comes back from Latin the same, but where a Latin pair
    (n+j, l+j, d+ž) came from two Cyrillic letters: that is what TWO_LETTERS is for."""
    text = " ".join(words)
    latin = to_latin(text)
    assert not CYRILLIC.search(latin)
    if not re.search("нј|лј|дж", text):
        assert to_cyrillic(latin) == text
    assert to_latin(to_cyrillic(latin)) == latin


def test_a_quiz_item_carries_its_texts_per_language():
    from prefa.errors import ParseError
    from prefa.quiz import parse_quiz
    base = ("id: w\nkind: trick-winner\nquestion: Who wins?\n{extra}contract: sans\n"
            "trick: AH 7H 8H\nanswer: AH\nexplain: The ace.\n")
    item = parse_quiz(base.format(extra="question[sr]: Ko nosi štih?\nexplain[el]: Ο άσος.\n"))[0]
    assert item.text("question", "sr") == "Ko nosi štih?"
    assert item.text("question", "sr-Cyrl") == "Ко носи штих?"
    assert item.text("question", "ru") == "Who wins?"
    assert item.text("explain", "el") == "Ο άσος." and item.text("explain", "sr") == "The ace."
    with i18n.using("sr"):
        assert item.text("question") == "Ko nosi štih?"
    for extra, words in (("question[xx]: ?\n", "unknown language 'xx'"),
                         ("question[en]: ?\n", "English is the question: line"),
                         ("question[sr]: a\nquestion[SR]: b\n", "given twice"),
                         ("explain[ru]:\n", "explain[ru] is empty")):
        with pytest.raises(ParseError, match=re.escape(words)):
            parse_quiz(base.format(extra=extra))


# -- the quiz's reasons and the static quiz's words ---------------------------------------
RUFF = ("id: ruff\nkind: trick-winner\nquestion: Who wins?\ncontract: spades\n"
        "trick: AH 7H 7S\nchoices: AH, 7H, 7S\nanswer: 7S\n")
OUTCOME = ("id: out\nkind: auction-outcome\nquestion: Who?\nauction: 2, pass, pass\n"
           "choices: seat 0 at 2, seat 1 at 2, refe\nanswer: seat 0 at 2\n")


def test_quiz_reasons_are_in_the_language_of_the_check():
    from prefa.quiz import check, parse_quiz
    item = parse_quiz(RUFF)[0]
    english = check(item)
    with using("sr"):
        serbian = check(item)
    with using("ru"):
        russian = check(item)
    assert english.verdicts[0].reason.startswith("A♥ follows the suit led, but 7♠ is a trump")
    assert serbian.verdicts[0].reason == ("A♥ odgovara na boju, ali 7♠ je adut i seče je. "
                                          "(Izvor: srpska pravila.)")
    assert serbian.reason == "7♠ je najjači adut." and "козырь" in russian.reason
    # a number told how far off it is, and a choice that is a word, in Serbian
    from prefa.quiz import Answer, other_choice
    with using("sr"):
        assert other_choice("8", Answer(("9",), "Devet.")) == "8 je za 1 premalo: Devet."
        assert other_choice("pass", Answer(("follow",), "R.")) == "Ne dalje nego dođem: R."
    with using("sr-Cyrl"):
        assert check(item).reason == "7♠ је најјачи адут."


def test_a_serbian_static_quiz_carries_its_words_and_an_english_one_none():
    from prefa.quiz import check, parse_quiz
    from prefa.quiz_render import item_data, item_html, progress_text, quiz_words, score_text
    result = check(parse_quiz(RUFF)[0])
    assert "words" not in item_data(result, "q")          # English: the script's own words
    with using("sr"):
        result = check(parse_quiz(RUFF)[0])
        data = item_data(result, "q")
        html = item_html(result, quiz="q")
        assert score_text(2, 5, 3) == "Rezultat: 2 od 5 tačno iz prvog pokušaja (odgovoreno: 3)."
        assert progress_text(1, 1) == "To je jedini tačan odgovor."
    words = data["words"]
    assert words["right"] == "Tačno." and words["wrong"] == "Netačno."
    assert words["answer"] == "Odgovor: {answer}." and words["reset"] == "Počni lekciju ispočetka"
    assert words["labels"]["default"] == "škola ovog kursa"
    # Serbian plural forms, chosen by the count in the page: 1, 2, 5, 11, 21
    forms = [words["forget"][int(words["plural"][n])] for n in (1, 2, 5, 11, 21)]
    assert forms[0] == forms[4] != forms[1] != forms[2] == forms[3]
    assert 'class="pq-retry" hidden>Pokušajte ponovo</button>' in html
    assert ('<span class="pq-score-text" aria-live="polite">Rezultat: još niste počeli.</span>'
            in html)
    assert 'data-words="' in html  # the score line's words, for the page script
    assert quiz_words(english=True)["right"] == "Right."
    with using("sr"):
        outcome = check(parse_quiz(OUTCOME)[0])
        assert item_data(outcome, "q")["labels"]["seat 0 at 2"] == "mesto 0 na 2"
        assert "mesto 0 na 2" in item_html(outcome, quiz="q")


def test_the_conventions_advise_in_the_language_spoken():
    from prefa.balkan.contract import Contract
    from prefa.balkan.conventions.evaluation import need_text
    from prefa.balkan.conventions.leads import LeadSituation, opening_lead
    from prefa.balkan.conventions.signals import read_discards
    from prefa.cards import CardSet
    from prefa.greek.contract import Contract as GreekContract
    from prefa.greek.conventions import defence_advice
    sit = LeadSituation.of("CJ9 HAKJ9 DK97 SQ", "clubs", declarer=1, leader=0)
    english = opening_lead(sit)
    with using("sr"):
        serbian = opening_lead(sit)
        reading = read_discards("8D TD", Contract.parse("hearts"))
        assert need_text("T KQ KQ") == "adutski štih i dve bele"
        greek = defence_advice(CardSet.parse("SJT9 DJ87 CQJT9"), GreekContract.parse("6H"),
                               False, ["play"])
    assert english.name == "Top of a sequence" and serbian.name == "Vrh sekvence"
    assert serbian.action == english.action and "herc" in serbian.reason
    assert "Your" not in serbian.reason and "Serbian" not in str(serbian.schools)
    assert reading.name == "Partner poziva boju" and "karo" in reading.reason
    assert greek.reason.startswith("Brojite 0 sigurnih štihova")  # the Serbian plural
    with using("ru"):
        assert opening_lead(sit).name == "Верх последовательности"
    assert need_text("T KQ KQ") == "a trump trick and two king-queens (bela)"


def test_the_analyse_session_and_the_rulesets_quiz_reasons_speak_serbian():
    from prefa.quiz import check, parse_quiz
    from prefa.ui.analyse import AnalyseSession
    a = AnalyseSession()
    action = {"type": "analyse", "deal": "HK D8 CT / SQ HJ CJ / S9 HA DA", "game": "betl",
              "declarer": 0, "leader": 1}
    english = a.act(action)
    assert english["words"].startswith("The betl is caught with best play")
    with using("sr"):
        s = a.state()
        assert s["words"] == "Uz najbolju igru betl pada: izađite sa JC."  # made when shown
        assert s["game_labels"]["spades"] == "pik"
        bad = a.act({**action, "game": "preferans"})["error"]
        assert bad.startswith("igra 'preferans': očekuje se jedna od")
    item = parse_quiz("id: v\nkind: greek-value\nquestion: Worth?\ncontract: 6H\n"
                      "choices: 4, 5\nanswer: 5\n")[0]
    with using("sr"):
        assert check(item).reason.startswith("6♥ (6 Τέταρτα) vredi 5 kasa: 50 kapikija.")


def test_every_message_written_inside_an_f_string_is_in_the_catalog():
    """Babel's extractor reads no f-string: a ``_("…")`` written inside one is missed
    unless the same message is also written elsewhere.  Each must be in the template."""
    import ast

    from prefa.catalogs import extract

    template = {m.id if isinstance(m.id, str) else m.id[0] for m in extract() if m.id}
    missed = []
    sources = [*(ROOT / "prefa").rglob("*.py"), *(ROOT / "site" / "_hooks").glob("*.py")]
    for path in sources:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.JoinedStr):
                continue
            for call in ast.walk(node):
                if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                        and call.func.id in ("_", "N_", "ngettext", "pgettext")
                        and call.args and isinstance(call.args[-1 if call.func.id == "pgettext"
                                                               else 0], ast.Constant)):
                    text = call.args[1 if call.func.id == "pgettext" else 0].value
                    if text not in template:
                        missed.append(f"{path.relative_to(ROOT)}:{call.lineno}: {text!r}")
    assert not missed, "messages the catalog misses (move them out of the f-string):\n" \
        + "\n".join(missed)


def test_a_teachers_serbian_quiz_file_prints_as_a_serbian_handout(tmp_path):
    """A quiz file written in Serbian alone (its question: lines Serbian) is checked
    and printed by ``PREFA_LANG=sr prefa quiz handout``: every word of the page Serbian."""
    import sys
    bank = tmp_path / "moj_kviz.txt"
    bank.write_text("id: moj-1\nkind: trick-winner\nquestion: Igra se herc. Ko nosi ovaj štih?\n"
                    "contract: hearts\ntrick: AS 7H KS\nchoices: AS, 7H, KS\nanswer: 7H\n"
                    "explain: Sedmica herc je adut.\n", encoding="utf-8")
    out = tmp_path / "handout.html"
    proc = subprocess.run([sys.executable, "-m", "prefa", "quiz", "handout", str(bank), "-o", str(out)],
                          capture_output=True, text=True, env={**os.environ, "PREFA_LANG": "sr"},
                          cwd=ROOT, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"1 pitanje upisano u {out}"
    html = out.read_text(encoding="utf-8")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", re.sub(
        r"<(style|script|svg)\b.*?</\1>", "", html, flags=re.S)))
    assert '<html lang="sr"' in html
    for words in ("Igra se herc. Ko nosi ovaj štih?", "Igra: herc.", "sedmica herc", "Odgovor:",
                  "Rešenja", "Br.", "Zašto"):
        assert words in text, (words, text[:400])
    assert not re.search(r"\b(Answer|Contract|hearts|seven of)\b", text), text[:400]

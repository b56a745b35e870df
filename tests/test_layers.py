"""The house's layers, read from the imports of every module (with ``ast``).

- the core (cards, deals, trick play, errors, options, the hand flow, the
  drawings, the shared Advice type) and the solver with its analysis import
  no ruleset and nothing of ``prefa.ui``;
- no ruleset imports another ruleset;
- only ``prefa.ui`` itself imports ``prefa.ui``;
- nothing imports ``prefa.conventions`` (the Balkan conventions live in
  ``prefa.balkan.conventions``);
- the quiz format, checker and registry (``prefa.quiz``) and the quiz pages
  (``prefa.quiz_render``) import no ruleset: each ruleset's kinds are in its
  own ``quiz`` module, which ``prefa.quiz`` loads when a kind is first needed.

Imports inside functions count as much as those at the top.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "prefa"
RULESETS = ("balkan", "greek", "russian", "vida", "priffe")
CORE = ("advice", "cards", "deal", "display", "errors", "handflow", "i18n", "options", "play")
SOLVER = ("solver", "analysis", "solver_play")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, as absolute dotted names (a ``from x import y``
    counts ``x`` and ``x.y``, since ``y`` may be a module)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            found.add(mod)
            found.update(f"{mod}.{a.name}" for a in node.names)
    return found


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def ruleset_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "prefa" and parts[1] in RULESETS else None


def is_ui(module: str) -> bool:
    return module == "prefa.ui" or module.startswith("prefa.ui.")


def test_the_helper_reads_relative_imports():
    assert "prefa.balkan.contract" in imports(PACKAGE / "balkan" / "conventions" / "leads.py")
    assert "prefa.advice" in imports(PACKAGE / "priffe" / "conventions.py")
    assert ruleset_of("prefa.balkan.conventions.leads") == "balkan"
    assert ruleset_of("prefa.solver") is None


@pytest.mark.parametrize("name", CORE + SOLVER)
def test_core_and_solver_import_no_ruleset_and_no_ui(name):
    module = f"prefa.{name}"
    assert module in MODULES, f"{module} is missing"
    bad = sorted(m for m in imports(MODULES[module]) if ruleset_of(m) or is_ui(m))
    assert not bad, f"{module} imports {bad}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if ruleset_of(m)))
def test_no_ruleset_imports_another(module):
    own = ruleset_of(module)
    bad = sorted(m for m in imports(MODULES[module]) if ruleset_of(m) not in (None, own))
    assert not bad, f"{module} (ruleset {own}) imports {bad}"


def test_only_the_ui_imports_the_ui():
    bad = {m: sorted(i for i in imports(p) if is_ui(i))
           for m, p in MODULES.items() if not is_ui(m)}
    assert not {m: v for m, v in bad.items() if v}


def test_nothing_imports_the_old_conventions_package():
    assert not (PACKAGE / "conventions").exists()
    files = list(MODULES.values()) + sorted((ROOT / "tests").glob("*.py")) + sorted(
        (ROOT / "benchmarks").glob("*.py"))
    bad = [str(p.relative_to(ROOT)) for p in files
           if any(i == "prefa.conventions" or i.startswith("prefa.conventions.")
                  for i in imports(p))]
    assert not bad


@pytest.mark.parametrize("module", ["prefa.quiz", "prefa.quiz_render"])
def test_the_quiz_machinery_imports_no_ruleset(module):
    bad = sorted(m for m in imports(MODULES[module]) if ruleset_of(m) or is_ui(m))
    assert not bad, f"{module} imports {bad}"


def test_every_ruleset_has_its_quiz_module():
    assert [r for r in RULESETS if f"prefa.{r}.quiz" not in MODULES] == []


def test_importing_the_quizzes_loads_no_ruleset_kinds():
    """``import prefa.quiz`` loads no ruleset's quiz module (nor any ruleset but the Balkan
    one, which :mod:`prefa.record` reads hand records with); the first parse loads them all."""
    code = ("import sys, prefa.quiz, prefa.quiz_render\n"
            "print(sorted(m for m in sys.modules if m.startswith('prefa.')))\n"
            "prefa.quiz.parse_quiz('id: a\\nkind: greek-value\\nquestion: q\\n"
            "contract: 6S\\nanswer: 6\\n')\n"
            "print(sorted(m for m in sys.modules if m.endswith('.quiz')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=False, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    before, after = (ast.literal_eval(line) for line in out.stdout.splitlines())
    assert [m for m in before if ruleset_of(m) not in (None, "balkan")] == []
    assert [m for m in before if m.endswith(".quiz") and m != "prefa.quiz"] == []
    assert after == sorted(["prefa.quiz"] + [f"prefa.{r}.quiz" for r in RULESETS])

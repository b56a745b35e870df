"""Pyodide for the tests: the engine run as a browser runs it.

Pyodide is CPython compiled to WebAssembly.  Its npm package ships the
interpreter and the standard library, so Node.js can run the engine in it
with nothing fetched at run time.  :func:`run_in_pyodide` installs the
pinned package into ``build/pyodide`` the first time (through
site/_hooks/pyodide_dist.py, which the site's build shares) (Node.js itself, when
missing, from Debian's ``nodejs`` package, as the browser tests install
chromium) and runs a Python program there, in a network namespace without
any network, so a run that needed to fetch something would fail.  Where
that is impossible the tests fail with the reason rather than skip.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "site", "_hooks"))
import pyodide_dist  # the install helper the site's build shares

PYODIDE_VERSION = pyodide_dist.PYODIDE_VERSION
"""The npm package ``pyodide`` the tests run (its Python is 3.14)."""

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYODIDE_DIR = str(pyodide_dist.PYODIDE_DIR)
RUNNER = os.path.join(ROOT, "tests", "pyodide_run.mjs")


def _fail(msg: str) -> None:
    pytest.fail(msg, pytrace=False)


def ensure_node() -> str:
    """The path of Node.js, installing Debian's ``nodejs`` when it is missing."""
    try:
        return pyodide_dist.ensure_node()
    except pyodide_dist.SetupError as e:
        _fail(str(e))


def ensure_pyodide() -> str:
    """``build/pyodide`` with the pinned ``pyodide`` npm package installed."""
    try:
        return str(pyodide_dist.ensure_pyodide())
    except pyodide_dist.SetupError as e:
        _fail(str(e))


def ensure_wasm() -> str:
    """``prefa/_solver/solver.wasm``, the native solver core for WebAssembly,
    built from the C source when missing or older than it (a failed build
    fails the run: the engine under Pyodide would silently fall back to the
    Python solver)."""
    from prefa._solver import build_wasm
    try:
        return build_wasm.build()
    except RuntimeError as exc:
        _fail(f"the WebAssembly solver core could not be built: {exc}")


def run_in_pyodide(program: str, folders: tuple[str, ...] = (), timeout: float = 600) -> str:
    """Run ``program`` (Python source whose last expression is a string) on the
    engine under Pyodide and return that string.  ``folders`` of the
    repository (``benchmarks``, say) are copied in beside ``prefa``, with the
    solver's WebAssembly core built first (see :func:`ensure_wasm`)."""
    ensure_wasm()
    node = ensure_node()
    where = ensure_pyodide()
    # in a network namespace of its own, with no network: whatever the run
    # needs must come from the package (util-linux's unshare; it needs root,
    # which the test machines have, as the apt-get installs do)
    unshare = shutil.which("unshare")
    if unshare is None:
        _fail("unshare (util-linux) is missing: the Pyodide run must have no network")
    done = subprocess.run([unshare, "--net", node, RUNNER, where, ROOT, *folders],
                          input=program,
                          check=False, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        _fail(f"the program failed under Pyodide:\n{done.stderr.strip()[-2000:]}")
    return done.stdout.strip()


def run_here(program: str) -> str:
    """Run ``program`` as :func:`run_in_pyodide` does, but in this Python."""
    scope: dict = {}
    body, last = program.rstrip().rsplit("\n", 1)
    exec(body, scope)
    return eval(last, scope)

"""Pyodide for the tests: the engine run as a browser runs it.

Pyodide is CPython compiled to WebAssembly.  Its npm package ships the
interpreter and the standard library, so Node.js can run the engine in it
with nothing fetched at run time.  :func:`run_in_pyodide` installs the
pinned package into ``build/pyodide`` the first time (Node.js itself, when
missing, from Debian's ``nodejs`` package, as the browser tests install
chromium) and runs a Python program there, in a network namespace without
any network, so a run that needed to fetch something would fail.  Where
that is impossible the tests fail with the reason rather than skip.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest
from debian_packages import apt_install

PYODIDE_VERSION = "314.0.7"
"""The npm package ``pyodide`` the tests run (its Python is 3.14)."""

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYODIDE_DIR = os.path.join(ROOT, "build", "pyodide")
RUNNER = os.path.join(ROOT, "tests", "pyodide_run.mjs")


def _fail(msg: str) -> None:
    pytest.fail(msg, pytrace=False)


def ensure_node() -> str:
    """The path of Node.js, installing Debian's ``nodejs`` when it is missing."""
    node = shutil.which("node")
    if node:
        return node
    apt_install("nodejs", "npm", missing="node")
    return shutil.which("node") or _fail("node is still missing after installing nodejs")


def ensure_pyodide() -> str:
    """``build/pyodide`` with the pinned ``pyodide`` npm package installed."""
    meta = os.path.join(PYODIDE_DIR, "node_modules", "pyodide", "package.json")
    if os.path.exists(meta):
        with open(meta, encoding="utf-8") as f:
            if json.load(f).get("version") == PYODIDE_VERSION:
                return PYODIDE_DIR
    ensure_node()
    npm = shutil.which("npm")
    if npm is None:
        _fail("npm is missing: run 'apt-get install npm'")
    os.makedirs(PYODIDE_DIR, exist_ok=True)
    done = subprocess.run([npm, "install", "--prefix", PYODIDE_DIR, "--no-audit", "--no-fund",
                           "--loglevel=error", f"pyodide@{PYODIDE_VERSION}"],
                          check=False, capture_output=True, text=True)
    if done.returncode != 0:
        _fail(f"npm could not install pyodide@{PYODIDE_VERSION}: {done.stderr.strip()[-500:]}")
    return PYODIDE_DIR


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

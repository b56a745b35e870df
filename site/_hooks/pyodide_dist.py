"""Pyodide, the pinned npm package, installed into ``build/pyodide``.

One helper for the two that need Pyodide: the site's build (which copies
its runtime files into the built site, site/_hooks/engine.py) and the
tests (tests/pyodide_setup.py, which run the engine under Node.js).  It
imports neither MkDocs nor pytest nor prefa.

:func:`ensure_pyodide` installs ``pyodide@PYODIDE_VERSION`` with npm the
first time; npm itself (and Node.js) come from Debian's ``nodejs`` and
``npm`` packages when they are missing and the machine allows it (root and
apt-get).  Pyodide and node_modules are build outputs: never committed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

PYODIDE_VERSION = "314.0.7"
"""The npm package ``pyodide`` the site serves and the tests run (its Python is 3.14)."""

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_DIR = ROOT / "build" / "pyodide"
"""Where the package is installed: ``PYODIDE_DIR/node_modules/pyodide``."""

RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "package.json")
"""The files of the package a browser needs to start the interpreter (no packages)."""


class SetupError(RuntimeError):
    """Pyodide (or Node.js, or npm) is missing and cannot be installed here."""


def apt_install(*packages: str, missing: str) -> None:
    """Install Debian ``packages`` with apt-get because ``missing`` (a program) is missing."""
    apt = shutil.which("apt-get")
    if apt is None or os.geteuid() != 0:
        raise SetupError(f"{missing} is missing and cannot be installed here (needs root and "
                         f"apt-get): run 'apt-get install {' '.join(packages)}'")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for cmd in ([apt, "update", "-q"], [apt, "install", "-y", "-q", *packages]):
        done = subprocess.run(cmd, env=env, check=False, capture_output=True, text=True)
        if done.returncode != 0:
            raise SetupError(f"'{' '.join(cmd)}' failed: {done.stderr.strip()[-500:]}")


def ensure_node() -> str:
    """The path of Node.js, installing Debian's ``nodejs`` when it is missing."""
    node = shutil.which("node")
    if node:
        return node
    apt_install("nodejs", "npm", missing="node")
    node = shutil.which("node")
    if node is None:
        raise SetupError("node is still missing after installing nodejs")
    return node


def package_dir(where: Path = PYODIDE_DIR) -> Path:
    """The installed package's folder (``node_modules/pyodide``)."""
    return Path(where) / "node_modules" / "pyodide"


def installed_version(where: Path = PYODIDE_DIR) -> str | None:
    meta = package_dir(where) / "package.json"
    if not meta.exists():
        return None
    with open(meta, encoding="utf-8") as f:
        return json.load(f).get("version")


def ensure_pyodide(where: Path = PYODIDE_DIR) -> Path:
    """``where`` with the pinned ``pyodide`` npm package installed (npm, the first time)."""
    where = Path(where)
    if installed_version(where) == PYODIDE_VERSION:
        return where
    ensure_node()
    npm = shutil.which("npm")
    if npm is None:
        apt_install("npm", missing="npm")
        npm = shutil.which("npm")
        if npm is None:
            raise SetupError("npm is missing: run 'apt-get install npm'")
    where.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([npm, "install", "--prefix", str(where), "--no-audit", "--no-fund",
                           "--loglevel=error", f"pyodide@{PYODIDE_VERSION}"],
                          check=False, capture_output=True, text=True)
    if done.returncode != 0:
        raise SetupError(f"npm could not install pyodide@{PYODIDE_VERSION}: "
                         f"{done.stderr.strip()[-500:]}")
    if installed_version(where) != PYODIDE_VERSION:
        raise SetupError(f"npm installed pyodide {installed_version(where)}, "
                         f"expected {PYODIDE_VERSION}")
    return where

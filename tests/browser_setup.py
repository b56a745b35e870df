"""Debian's chromium for the browser tests, installed by the test run when missing.

The README's test command sets everything up: Python packages come from
pyproject's ``test`` extra (Playwright among them, which drives the system
browser: no browser download), and the browser itself is Debian's
``chromium`` package, installed here with apt-get the first time a browser
test needs it.  Where that is impossible (not root, no apt-get) the tests
fail with the reason rather than skip.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
"""Flags for a headless chromium that makes no connection of its own."""


def ensure_chromium() -> str:
    """The path of Debian's chromium, installing the package when it is missing."""
    if os.path.exists(CHROMIUM):
        return CHROMIUM
    apt = shutil.which("apt-get")
    if apt is None or os.geteuid() != 0:
        pytest.fail(f"{CHROMIUM} is missing and cannot be installed here (needs root and "
                    "apt-get): run 'apt-get install chromium'", pytrace=False)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for cmd in ([apt, "update", "-q"], [apt, "install", "-y", "-q", "chromium"]):
        done = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            pytest.fail(f"'{' '.join(cmd)}' failed: {done.stderr.strip()[-500:]}", pytrace=False)
    return CHROMIUM

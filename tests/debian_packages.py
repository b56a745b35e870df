"""Debian packages that some tests need and install the first time (as root).

The README's test command must work on a fresh machine, so the browser tests
install ``chromium`` and the Pyodide tests ``nodejs`` when they are missing.
Where that is impossible (not root, no apt-get) the test fails with the
reason rather than skip.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest


def apt_install(*packages: str, missing: str) -> None:
    """Install ``packages`` with apt-get because ``missing`` (a program) is missing."""
    apt = shutil.which("apt-get")
    if apt is None or os.geteuid() != 0:
        pytest.fail(f"{missing} is missing and cannot be installed here (needs root and "
                    f"apt-get): run 'apt-get install {' '.join(packages)}'", pytrace=False)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for cmd in ([apt, "update", "-q"], [apt, "install", "-y", "-q", *packages]):
        done = subprocess.run(cmd, env=env, check=False, capture_output=True, text=True)
        if done.returncode != 0:
            pytest.fail(f"'{' '.join(cmd)}' failed: {done.stderr.strip()[-500:]}", pytrace=False)

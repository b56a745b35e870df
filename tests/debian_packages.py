"""Debian packages that some tests need and install the first time (as root).

The README's test command must work on a fresh machine, so the browser tests
install ``chromium`` and the Pyodide tests ``nodejs`` when they are missing.
Where that is impossible (not root, no apt-get) the test fails with the
reason rather than skip.
"""

from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "site", "_hooks"))
import pyodide_dist  # the apt-get helper the site's build shares


def apt_install(*packages: str, missing: str) -> None:
    """Install ``packages`` with apt-get because ``missing`` (a program) is missing
    (site/_hooks/pyodide_dist.py does it; here a failure fails the test)."""
    try:
        pyodide_dist.apt_install(*packages, missing=missing)
    except pyodide_dist.SetupError as e:
        pytest.fail(str(e), pytrace=False)

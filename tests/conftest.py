"""Shared test configuration: the hypothesis settings profile, and the browser.

The ``ci`` profile is the default: no per-example deadline (a whole random
hand takes a few milliseconds, more on a loaded machine), derandomized so a
run is reproducible and a failure seen once is seen again, and the
``too_slow`` health check off because drawing a whole hand is slow by
design.  Set ``HYPOTHESIS_PROFILE=dev`` for a randomized run.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="module")
def browser():
    """A headless Debian chromium driven by Playwright (installed when missing)."""
    from browser_setup import ARGS, ensure_chromium
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=ensure_chromium(), args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def site():
    """The site built once for the run (:func:`browser_setup.build_site`), served on
    127.0.0.1; its origin."""
    from browser_setup import build_site
    from site_visit import serve
    server, origin = serve(build_site())
    yield origin
    server.shutdown()
    server.server_close()


@pytest.fixture
def visit(browser, site):
    """A fresh browser context on the site (:class:`site_visit.Visit`)."""
    from site_visit import Visit
    v = Visit(browser, site)
    yield v
    v.close()

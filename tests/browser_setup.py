"""Debian's chromium for the browser tests (installed by the test run when missing),
and the built teaching site that the site tests share.

The README's test command sets everything up: Python packages come from
pyproject's ``test`` extra (Playwright among them, which drives the system
browser: no browser download), and the browser itself is Debian's
``chromium`` package, installed here with apt-get the first time a browser
test needs it.  Where that is impossible (not root, no apt-get) the tests
fail with the reason rather than skip.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess

import pytest
from debian_packages import apt_install

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
"""Flags for a headless chromium that makes no connection of its own."""


def ensure_chromium() -> str:
    """The path of Debian's chromium, installing the package when it is missing."""
    if not os.path.exists(CHROMIUM):
        apt_install("chromium", missing=CHROMIUM)
    return CHROMIUM


# -- the built teaching site, shared by the site tests -----------------------------------
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_SITE_TMP: list[str] = []


def _site_tmp() -> str:
    if not _SITE_TMP:
        import atexit
        import tempfile
        tmp = tempfile.mkdtemp(prefix="prefa-site-")
        atexit.register(shutil.rmtree, tmp, True)
        _SITE_TMP.append(tmp)
    return _SITE_TMP[0]


_BUILT: dict[str, str] = {}


def build_site(name: str = "site", site_url: str | None = None) -> str:
    """``mkdocs build --strict`` of the project's site into a temporary folder; its path.

    Built once per test run and name, from a temporary working folder (so
    mkdocs-jupyter's cache lands there and later builds reuse it).
    ``site_url`` builds the variant with Material's instant navigation
    (``PREFA_SITE_URL``, see site/_hooks/course.py).  A failed build fails
    the calling test with MkDocs' output.
    """
    if name in _BUILT:
        return _BUILT[name]
    import sys
    tmp = _site_tmp()
    out = os.path.join(tmp, name)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env.pop("PREFA_SITE_URL", None)
    if site_url:
        env["PREFA_SITE_URL"] = site_url
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean",
         "-f", os.path.join(ROOT, "mkdocs.yml"), "-d", out],
        check=False, cwd=tmp, capture_output=True, text=True, timeout=600, env=env)
    if proc.returncode != 0:
        pytest.fail(f"mkdocs build failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-6000:]}",
                    pytrace=False)
    _BUILT[name] = out
    return out


def jupyterlab(work, token: str):
    """A JupyterLab server on the folder ``work`` (a generator for a fixture):
    yields its address once it answers, and stops it afterwards.  The server's
    settings live in ``work`` too, so the user's own JupyterLab is untouched."""
    import socket
    import sys
    import time
    import urllib.request
    from pathlib import Path

    jupyter = (shutil.which("jupyter", path=str(Path(sys.executable).parent))
               or shutil.which("jupyter"))
    if jupyter is None:  # pragma: no cover - the test extra installs jupyterlab
        pytest.fail("jupyterlab is not installed (pip install -e '.[test]')", pytrace=False)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(work / ".jupyter"),
               JUPYTER_RUNTIME_DIR=str(work / ".runtime"))
    proc = subprocess.Popen(
        [jupyter, "lab", "--no-browser", "--allow-root", f"--port={port}", "--ip=127.0.0.1",
         f"--ServerApp.token={token}", f"--ServerApp.root_dir={work}",
         "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         "--ServerApp.open_browser=False"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
            break
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                pytest.fail("JupyterLab did not start within 60 s", pytrace=False)
            time.sleep(0.5)
    yield base
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:  # pragma: no cover
        proc.kill()


@functools.cache
def axe_source() -> str:
    """axe-core, read from the file the axe-playwright-python package ships
    (injected inline into a page: nothing is fetched)."""
    from importlib import resources
    return resources.files("axe_playwright_python").joinpath("axe.min.js").read_text(
        encoding="utf-8")


AXE_RUN = """async (root) => {
  const r = await axe.run(root || document, {resultTypes: ['violations']});
  return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => v.impact + ' ' + v.id + ': ' + v.help + ' @ ' +
         v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
}"""
"""The serious and critical axe violations in ``root`` (default: the whole page)."""

"""MkDocs hook: the engine live on the site, in the learner's browser.

The pages play/, drill/, bidding/, analyse/ and check/ (and any page, a
lesson among them, holding a live-view placeholder) run the real engine
under Pyodide in a Web Worker: no server, no account, no network.  A
placeholder is

    <div class="prefa-live" data-view="table" data-args='{"seed": 1}'>...</div>

(``data-view``: a session of :data:`prefa.ui.web.SESSIONS`; ``data-args``:
its keyword arguments as a JSON object; ``data-label``: the words of its
Start button; ``data-early="page"``: the page is this view, so the engine
starts loading as the page opens; what it holds is shown until the engine
replaces it).  What this hook does:

- On every page holding a placeholder (and only there) it adds the page
  script ``assets/javascripts/engine.js`` and its style sheet, and gives an
  empty placeholder a one-line note that live views need the site served
  over http (opened as a file, the note stays; over http the script
  replaces it).  Pages without a placeholder load nothing of Pyodide.
- After the build it writes into ``assets/engine/``: the Pyodide runtime
  files (:data:`pyodide_dist.RUNTIME_FILES`, copied from ``build/pyodide``,
  where :func:`pyodide_dist.ensure_pyodide` installs the pinned npm package
  the first time), the prefa package as one zip (its Python files and
  data; the worker unpacks it into Pyodide's file system: no micropip, no
  wheel index), every view's ES module and CSS (from
  :func:`prefa.ui.assets.view_module` and :func:`~prefa.ui.assets.view_css`,
  the same files the Jupyter widget uses) and ``manifest.json`` naming
  them with a hash of their content, so a browser's cache serves them on the
  next visit and a new engine is fetched anew.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import re
import shutil
import sys
import zipfile
from pathlib import Path

from mkdocs.utils import get_relative_url

sys.path.insert(0, str(Path(__file__).parent))
import pyodide_dist  # beside this hook

from html import escape

from prefa.i18n import N_, _

log = logging.getLogger("mkdocs.hooks.engine")

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "prefa"
ENGINE_DIR = "assets/engine"
ENGINE_JS = "assets/javascripts/engine.js"
ENGINE_CSS = "assets/stylesheets/engine.css"
PACKAGE_SUFFIXES = (".py", ".json", ".txt", ".js", ".css", ".wasm", ".mo")
"""The package's files the engine zip carries (.wasm: the solver core; .mo: the
compiled message catalogs)."""
"""The files of the prefa package that go to the browser, with the solver core as
WebAssembly (``solver.wasm``, built by the solver_wasm hook) but no CPython extension."""

LIVE = re.compile(r'<div class="prefa-live"([^>]*)>(\s*)</div>')
NOTE = N_("This live view runs the engine in your browser. It needs the site served over "
          "http ({serve}, or {server} in the built folder), not opened as a file.")
"""The note in a live view until it starts, in the page's language (site/_hooks/editions.py
sets the language of each page)."""


def note() -> str:
    """:data:`NOTE` as the page shows it."""
    return ('<p class="prefa-live-note">' + escape(_(NOTE)).format(
        serve="<code>mkdocs serve</code>", server="<code>python -m http.server</code>") + "</p>")


def has_live_view(html: str) -> bool:
    """Whether a page holds a live-view placeholder.

    >>> has_live_view('<div class="prefa-live" data-view="drill"></div>'), has_live_view('<p>')
    (True, False)
    """
    return 'class="prefa-live"' in html


def with_notes(html: str) -> str:
    """Empty placeholders get the note on serving over http.

    >>> with_notes('<div class="prefa-live" data-view="x"></div>').count("over http")
    1
    """
    return LIVE.sub(lambda m: f'<div class="prefa-live"{m.group(1)}>{note()}</div>', html)


def package_zip() -> bytes:
    """The prefa package's files as a zip, the same bytes for the same files."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(PACKAGE.rglob("*")):
            if (path.is_file() and path.suffix in PACKAGE_SUFFIXES
                    and "__pycache__" not in path.parts and ".ipynb_checkpoints" not in path.parts):
                info = zipfile.ZipInfo(str(path.relative_to(ROOT)), date_time=(2020, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, path.read_bytes())
    return buf.getvalue()


def _hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


def write_engine(site: Path) -> dict:
    """Write the engine's files into ``site/assets/engine``; the manifest."""
    from prefa.ui.assets import view_css, view_module, view_names
    from prefa.ui.web import SESSIONS

    out = site / ENGINE_DIR
    if out.exists():
        shutil.rmtree(out)
    (out / "pyodide").mkdir(parents=True)
    source = pyodide_dist.package_dir(pyodide_dist.ensure_pyodide())
    for name in pyodide_dist.RUNTIME_FILES:
        shutil.copyfile(source / name, out / "pyodide" / name)
    data = package_zip()
    manifest = {"pyodide": pyodide_dist.PYODIDE_VERSION,
                "prefa": f"prefa-{_hash(data)}.zip", "views": {}}
    (out / manifest["prefa"]).write_bytes(data)
    (out / "views").mkdir()
    for view in view_names():
        if view not in SESSIONS:
            continue
        js, css = view_module(view).encode(), view_css(view).encode()
        names = {"js": f"{view}-{_hash(js)}.js", "css": f"{view}-{_hash(css)}.css"}
        (out / "views" / names["js"]).write_bytes(js)
        (out / "views" / names["css"]).write_bytes(css)
        manifest["views"][view] = names
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return manifest


# -- the MkDocs events ---------------------------------------------------------------------
def on_post_page(output, page, config):
    if not has_live_view(output):
        return output
    js = get_relative_url(ENGINE_JS, page.url)
    css = get_relative_url(ENGINE_CSS, page.url)
    output = output.replace("</head>", f'  <link rel="stylesheet" href="{css}">\n  </head>', 1)
    output = output.replace("</body>", f'<script src="{js}" defer></script>\n</body>', 1)
    return with_notes(output)


def on_post_build(config):
    try:
        manifest = write_engine(Path(config["site_dir"]))
    except pyodide_dist.SetupError as e:
        log.warning("the live views will not work: %s", e)
        return
    log.info("engine: Pyodide %s and %s written to %s", manifest["pyodide"], manifest["prefa"],
             ENGINE_DIR)

"""MkDocs hook: the site works offline and keeps its learners private.

Nothing a page loads may come from outside the site's own origin: a club room
may have no network, and no learner is to be tracked.  What the theme and the
notebook converter would fetch, and what this hook does about it:

- Fonts: ``theme.font: false`` in mkdocs.yml (the system font stack); the
  theme's icons are inline SVG.
- mkdocs-jupyter's notebook template emits a MathJax loader (an empty
  ``<script src="">`` when no URL is configured) and a MermaidJS module that
  imports from a CDN.  The lessons use neither maths nor diagrams: both are
  removed from every notebook page.
- The same template inlines about 600 kB of JupyterLab styles into every
  notebook page.  They are moved into one file, ``assets/stylesheets/
  notebook.css``, linked from the head of the notebook pages only (so it is
  fetched once and cached, and pages without a notebook do not load it).
- Material's JavaScript bundle can load two scripts from unpkg: a
  ResizeObserver polyfill (only in browsers without ResizeObserver, none
  since 2020) and MermaidJS (only on a page with a mermaid diagram).  After
  the build those URLs are replaced by an empty ``data:`` script, so the
  bundle can never fetch from another origin.  A ``repo_url`` would make the
  theme fetch repository facts from GitHub: the build refuses it.

tests/test_site_build.py checks the built files; tests/test_browser_site.py
watches every request of every page in a real browser.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from mkdocs.utils import get_relative_url

log = logging.getLogger("mkdocs.hooks.offline")

NOTEBOOK_CSS = "assets/stylesheets/notebook.css"
"""Where the notebook template's styles are written, relative to the site."""

EMPTY_SCRIPT = "data:text/javascript,"
"""What the bundle loads instead of a CDN script: an empty script, from nowhere."""

_MATHJAX_LOADER = re.compile(r"<!-- Load mathjax -->\s*<script src=\"[^\"]*\">\s*</script>")
_MATHJAX_CONFIG = re.compile(r"<!-- MathJax configuration -->\s*"
                             r"<script type=\"text/x-mathjax-config\">.*?</script>", re.DOTALL)
_MATHJAX_CONFIG_BARE = re.compile(r"<script type=\"text/x-mathjax-config\">.*?</script>", re.DOTALL)
_MATHJAX_COMMENT = re.compile(r"<!-- End of mathjax configuration -->")
_SCRIPT_MODULE = re.compile(r"<script type=\"module\">(.*?)</script>", re.DOTALL)
_STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.DOTALL)
_WRAPPER_START = '<div class="jupyter-wrapper">'
_WRAPPER_END = "<!-- jupyter-wrapper -->"
_CDN_URL = re.compile(r"https://(?:unpkg\.com|cdn\.jsdelivr\.net|cdnjs\.cloudflare\.com)/[^\"'`\s)]*")

_styles: dict[str, None] = {}  # the template's style blocks, in order, without repeats


def strip_external(html: str) -> str:
    """``html`` without the MathJax and MermaidJS loaders of the notebook template.

    >>> strip_external('<!-- Load mathjax --><script src=""></script><p>x</p>')
    '<p>x</p>'
    >>> strip_external('<script type="module">import m from "https://cdn/mermaid.js";</script>')
    ''
    """
    html = _MATHJAX_LOADER.sub("", html)
    html = _MATHJAX_CONFIG.sub("", html)
    html = _MATHJAX_CONFIG_BARE.sub("", html)
    html = _MATHJAX_COMMENT.sub("", html)
    return _SCRIPT_MODULE.sub(lambda m: "" if "mermaid" in m.group(1) else m.group(0), html)


def extract_template_styles(html: str) -> tuple[str, list[str]]:
    """The notebook page without the template's ``<style>`` blocks, and those blocks.

    Only the styles around the notebook (before its wrapper and after it) are
    the template's; styles inside cell outputs stay where they are.  A block
    that is a Python list printed as text (a converter quirk repeating the
    code highlighting styles) is dropped.

    >>> page = ('<style>a{}</style><div class="jupyter-wrapper"><style>b{}</style>'
    ...         '</div> <!-- jupyter-wrapper --><style>[\\'c{}\\']</style>')
    >>> extract_template_styles(page)
    ('<div class="jupyter-wrapper"><style>b{}</style></div> <!-- jupyter-wrapper -->', ['a{}'])
    """
    start = html.find(_WRAPPER_START)
    end = html.rfind(_WRAPPER_END)
    if start < 0 or end < start:
        return html, []
    end += len(_WRAPPER_END)
    head, body, tail = html[:start], html[start:end], html[end:]
    found: list[str] = []

    def take(m: re.Match) -> str:
        css = m.group(1).strip()
        if css and not css.startswith("["):
            found.append(css)
        return ""

    head = _STYLE.sub(take, head)
    tail = _STYLE.sub(take, tail)
    return head + body + tail, found


def _is_notebook(page) -> bool:
    return page.file.src_uri.endswith(".ipynb")


def on_config(config):
    if config.get("repo_url"):
        log.warning("repo_url is set: the theme would fetch the repository's facts from "
                    "GitHub on every page; the site must load nothing from outside")
    return config


def on_pre_build(config):
    _styles.clear()


def on_page_content(html, page, config, files):
    if not _is_notebook(page):
        return html
    html, styles = extract_template_styles(strip_external(html))
    for css in styles:
        _styles.setdefault(css, None)
    return html


def on_post_page(output, page, config):
    if not _is_notebook(page):
        return output
    href = get_relative_url(NOTEBOOK_CSS, page.url)
    link = f'<link rel="stylesheet" href="{href}">'
    return output.replace("</head>", f"  {link}\n  </head>", 1)


def patch_bundle(js: str) -> str:
    """Material's bundle with every CDN script URL replaced by an empty ``data:`` script.

    >>> patch_bundle('_t("https://unpkg.com/resize-observer-polyfill")')
    '_t("data:text/javascript,")'
    """
    return _CDN_URL.sub(EMPTY_SCRIPT, js)


def on_post_build(config):
    site = Path(config["site_dir"])
    if _styles:
        out = site / NOTEBOOK_CSS
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text("\n".join(_styles) + "\n", encoding="utf-8")
    for bundle in sorted((site / "assets" / "javascripts").glob("bundle.*.min.js")):
        js = bundle.read_text(encoding="utf-8")
        patched = patch_bundle(js)
        if patched != js:
            bundle.write_text(patched, encoding="utf-8")

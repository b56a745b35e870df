"""MkDocs hook: keep the rendered lessons offline and private.

mkdocs-jupyter's notebook template always emits a MathJax loader (an empty
``<script src="">`` when no URL is configured) and a MermaidJS module that
imports from cdnjs.  The lessons use neither maths nor diagrams, and the site
must not make a request outside its own origin, so both are removed from every
notebook page.  The static quizzes need no widget manager and no RequireJS
(``include_requirejs: false``; the notebooks carry no widget state).
"""

from __future__ import annotations

import re

_MATHJAX_LOADER = re.compile(r"<!-- Load mathjax -->\s*<script src=\"[^\"]*\">\s*</script>")
_MATHJAX_CONFIG = re.compile(r"<!-- MathJax configuration -->\s*"
                             r"<script type=\"text/x-mathjax-config\">.*?</script>", re.DOTALL)
_MATHJAX_CONFIG_BARE = re.compile(r"<script type=\"text/x-mathjax-config\">.*?</script>", re.DOTALL)
_MATHJAX_COMMENT = re.compile(r"<!-- End of mathjax configuration -->")
_SCRIPT_MODULE = re.compile(r"<script type=\"module\">(.*?)</script>", re.DOTALL)


def strip_external(html: str) -> str:
    """``html`` without the MathJax and MermaidJS loaders of the notebook template."""
    html = _MATHJAX_LOADER.sub("", html)
    html = _MATHJAX_CONFIG.sub("", html)
    html = _MATHJAX_CONFIG_BARE.sub("", html)
    html = _MATHJAX_COMMENT.sub("", html)
    return _SCRIPT_MODULE.sub(lambda m: "" if "mermaid" in m.group(1) else m.group(0), html)


def on_page_content(html, page, config, files):
    if page.file.src_uri.endswith(".ipynb"):
        return strip_external(html)
    return html

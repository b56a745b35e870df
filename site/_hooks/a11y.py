"""MkDocs hook: accessibility fixes to the theme's markup.

axe (tests/test_browser_site.py) finds these in Material's own templates:

- the search box is a ``role="dialog"`` without a name: it is given
  ``aria-label="Search"``.

Colours with too little contrast are fixed in ``site/assets/stylesheets/prefa.css``.
"""

from __future__ import annotations

SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'


def name_search_dialog(html: str) -> str:
    """The page with its search dialog named.

    >>> name_search_dialog(SEARCH_DIALOG)
    '<div class="md-search" data-md-component="search" role="dialog" aria-label="Search">'
    """
    return html.replace(SEARCH_DIALOG, SEARCH_DIALOG[:-1] + ' aria-label="Search">')


def on_post_page(output, page, config):
    return name_search_dialog(output)

"""A view of prefa.ui outside JupyterLab: a page with a fake anywidget model.

:func:`open_view` writes the view's ES module (``common.js`` + ``<view>.js``,
as :func:`prefa.ui.widget.view_module` joins them) and its CSS into a blank
page, and gives it a model object with the interface anywidget gives a
view (``get``, ``set``, ``on``, ``off``, ``send``, ``save_changes``).  The
model's ``send`` calls the Python session through Playwright's
``expose_function``: the session's ``act`` answers and the new state is
set on the model, as the widget does in JupyterLab (and as the site will do
with the engine in the browser).  Used for screenshots and fast browser
tests of the views.
"""

from __future__ import annotations

import json

from prefa.display import card_sprite
from prefa.ui.widget import view_css, view_module

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>body {{ margin: 16px; background: #fff; }}</style><style>{css}</style></head>
<body><main><h1 style="font: 600 18px system-ui">{title}</h1><div id="host"></div></main>
<script>window.__prefa = {{ state: {state}, sprite: {sprite} }};</script>
</body></html>"""

BOOT = """async (src) => {
  const data = { state: window.__prefa.state, sprite: window.__prefa.sprite };
  const handlers = {};
  const model = {
    get: (k) => data[k],
    set: (k, v) => { data[k] = v; (handlers["change:" + k] || []).forEach((f) => f()); },
    on: (ev, f) => { (handlers[ev] = handlers[ev] || []).push(f); },
    off: (ev, f) => { handlers[ev] = (handlers[ev] || []).filter((g) => g !== f); },
    save_changes: () => {},
    send: async (msg) => {
      window.__sent = (window.__sent || 0) + 1;
      const state = JSON.parse(await window.prefaAct(JSON.stringify(msg.action)));
      model.set("state", state);
      window.__answered = (window.__answered || 0) + 1;
    },
  };
  const url = URL.createObjectURL(new Blob([src], { type: "text/javascript" }));
  const mod = await import(url);
  mod.default.render({ model, el: document.getElementById("host") });
}"""


def open_view(page, session, *, title: str = "Prefa view", four_colour: bool = False,
              url: str | None = None):
    """Show ``session``'s view in the Playwright ``page``, wired to the session.

    With ``url`` (``"http://prefa.test/table"``) the page is served at that
    address instead of written into a blank one, so that it has an origin of
    its own and keeps what it stores (the deck choice in ``localStorage``)
    for the next page of the same browser context.
    """
    def act(action_json: str) -> str:
        return json.dumps(session.act(json.loads(action_json)), ensure_ascii=False)

    page.expose_function("prefaAct", act)
    sprite = str(card_sprite(32, four_colour=four_colour))
    html = PAGE.format(title=title, css=view_css(session.view),
                       state=json.dumps(session.state()).replace("</", "<\\/"),
                       sprite=json.dumps(sprite).replace("</", "<\\/"))
    if url is None:
        page.set_content(html)
    else:
        page.route(url, lambda route: route.fulfill(body=html, content_type="text/html"))
        page.goto(url)
    page.evaluate(BOOT, view_module(session.view))
    page.wait_for_selector(".pf-view[data-phase]")


def settle(page, timeout: float = 30_000) -> None:
    """Wait until every action the view sent has been answered."""
    page.wait_for_function("(window.__sent || 0) === (window.__answered || 0)", timeout=timeout)

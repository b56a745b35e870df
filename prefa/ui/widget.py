"""A session in JupyterLab: an anywidget whose ES module is the session's view.

:func:`widget` wraps any :class:`~prefa.ui.session.Session`.  The view
(``prefa/ui/views/<view>.js``, after the shared ``common.js``) is the widget's
``_esm`` and its CSS (``common.css`` and ``<view>.css``) the widget's
``_css``; the session's state is the synced trait ``state``; the card
drawings go once, as the trait ``sprite``; the view sends an action as the
custom message ``{"type": "act", "action": {...}}`` and the widget answers
by setting ``state`` to ``session.act(action)``.

The same view files run on the static site, where a small adapter gives them
the model interface anywidget gives them here (``get``, ``set``, ``on``,
``save_changes``, ``send``).

The widget's display data also holds a plain HTML picture of the state
(``text/html``, from the session's ``static_html()`` when it has one), so
a notebook shown without a kernel is not blank.  Above it stands one line
saying how to bring the view back (:func:`rerun_hint`: "This view needs its
lesson running: …"), which a notebook opened before it is run (an untrusted
one, whose HTML JupyterLab cleans of styles and scripts) shows; the line
carries its own ``<style>`` that hides it wherever styles apply (the site,
where the quiz works without a kernel and the tables start in the browser).
The live view holds the same line, hidden until an action of the view gets
no answer (each is answered by a new state or the message ``{"type": "done"}``)
or JupyterLab marks the widget disconnected: the kernel restarted or stopped,
and its buttons are dead.  That
picture stands in a
live-view placeholder (:func:`prefa.ui.web.placeholder`: the session's view
and the arguments it was made with), which the site turns into the same
session live, in the browser.  Its ``text/plain`` is that line too (where nothing
richer shows, a reader learns what to do; and it is the same on every
run, so a saved notebook output compares equal when the notebook is run
again, nbval).  The widget's repr names the session's class.

This module needs ``anywidget`` (the ``lessons`` extra); the sessions do not.
"""

from __future__ import annotations

from functools import cache
from html import escape

import anywidget
import traitlets

from ..decks import using_deck
from ..display import card_sprite
from ..i18n import _
from .assets import VIEWS, view_css, view_module
from .session import Session
from .web import placeholder

__all__ = ["VIEWS", "SessionWidget", "rerun_hint", "view_css", "view_module", "widget"]

HINT_CLASS = "prefa-kernel-hint"
"""The class of the line :func:`rerun_hint` writes into a saved output."""


def rerun_hint() -> str:
    """The one line that says how to bring a view back to life.

    >>> rerun_hint()
    'This view needs its lesson running: choose Run → Run All Cells in the menu.'
    """
    return _("This view needs its lesson running: choose Run → Run All Cells in the menu.")


def _hint_html() -> str:
    # Hidden wherever styles apply; JupyterLab drops <style> from an untrusted output.
    return (f"<style>.{HINT_CLASS}{{display:none}}</style>"
            f'<p class="{HINT_CLASS}" role="note"><b>{escape(rerun_hint())}</b></p>')


@cache
def _sprite(size: int, four_colour: bool, deck: str | None = None) -> str:
    return str(card_sprite(size, four_colour=four_colour, deck=deck))


class SessionWidget(anywidget.AnyWidget):
    """Base of the widgets; :func:`widget` makes one class per view."""

    state = traitlets.Dict().tag(sync=True)
    sprite = traitlets.Unicode("").tag(sync=True)
    offline = traitlets.Unicode("").tag(sync=True)  # the line shown when the kernel is gone

    def __init__(self, session: Session, *, deck: int = 32, four_colour: bool | None = None,
                 **kwargs) -> None:
        if four_colour is None:  # the session's own choice, when it makes one
            four_colour = bool(getattr(session, "four_colour", False))
        super().__init__(state=session.state(),
                         sprite=_sprite(deck, four_colour, getattr(session, "deck", None)),
                         offline=rerun_hint(), **kwargs)
        self.session = session
        self.on_msg(self._on_msg)

    def _on_msg(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("type") == "act":
            self.act(content.get("action"))
            self.send({"type": "done"})  # an answer even when the state stays the same

    def act(self, action) -> dict:
        """Send ``action`` to the session, as a click in the view does."""
        self.state = self.session.act(action)
        return self.state

    def __repr__(self) -> str:
        session = getattr(self, "session", None)  # not yet set while __init__ runs
        return f"<prefa {type(session).__name__} view>"

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        html = getattr(self.session, "static_html", None)
        with using_deck(getattr(self.session, "deck", None)):  # the picture in the session's deck
            picture = placeholder(self.session, html()) if callable(html) else ""
        data["text/html"] = _hint_html() + picture
        data["text/plain"] = rerun_hint()
        return data, meta


@cache
def _widget_class(view: str) -> type[SessionWidget]:
    name = "".join(p.capitalize() for p in view.split("_")) + "Widget"
    return type(name, (SessionWidget,), {"_esm": view_module(view), "_css": view_css(view),
                                         "__module__": __name__})


def widget(session: Session, **kwargs) -> SessionWidget:
    """The JupyterLab widget of ``session`` (its view chosen by ``session.view``)."""
    return _widget_class(session.view)(session, **kwargs)

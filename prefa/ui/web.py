"""The sessions in the browser: what the site's engine worker calls.

The site (``site/assets/javascripts/engine-worker.js``) runs this module
under Pyodide in a Web Worker.  The page asks for a session by its view's
name and constructor arguments, both written in the page (a live-view
placeholder ``<div class="prefa-live" data-view="table"
data-args='{"seed": 1}'>``); the worker answers with the session's state,
and with the card sprite once.  Every answer is JSON text.

Decisions of this module:

- Only the sessions listed in :data:`SESSIONS` can be made, and only with
  JSON values as arguments (a placeholder is page text, and a page may be
  a stranger's): anything else is refused with a one-line message.
- A session that cannot be made, or an action that is refused, gives the
  engine's one-line message (``{"error": ...}`` for :func:`new`; the
  state's ``error`` for :func:`act`); nothing is raised into the page.
  An error that is not the engine's (a bug) is reported the same way, with
  its type, so the page keeps working.

>>> import json
>>> made = json.loads(new("bidding", '{"seed": 2}'))
>>> made["state"]["view"], made["sprite"].startswith("<svg")
('bidding', True)
>>> json.loads(act(made["id"], '{"type": "call", "call": "pass"}'))["error"] is None
True
>>> json.loads(new("shell", "{}"))["error"]
"no live view 'shell': expected one of analyse, bidding, check, drill, quiz, sheet_drill, table"
>>> json.loads(new("table", '{"seat": 7}'))["error"]
'seat 7: expected 0, 1 or 2'
"""

from __future__ import annotations

import inspect
import json
from html import escape
from importlib import import_module

from ..display import card_sprite
from ..errors import PrefaError
from ..i18n import N_, _
from .session import Session

__all__ = ["SESSIONS", "act", "live_args", "new", "placeholder", "state", "timings"]

SESSIONS = {
    "analyse": ("analyse", "AnalyseSession"),
    "bidding": ("bidding", "BiddingSession"),
    "check": ("check", "CheckSession"),
    "drill": ("drill", "LeadDrillSession"),
    "quiz": ("quiz", "QuizSession"),
    "sheet_drill": ("sheet_drill", "SheetDrillSession"),
    "table": ("table", "TableSession"),
}
"""view name -> (module of prefa.ui, session class)."""

LIVE_IN_LESSONS = {"table": N_("Play it live"), "sheet_drill": N_("Write it live")}
"""The views whose widget output in a lesson becomes live on the site
(:func:`placeholder`), each with the words of its start button.  The quiz's
static HTML already works without the engine, and the drill's and the
bidding box's lesson outputs stay the static pictures they are (their pages
on the site are live); the score-sheet drill has no page of its own, so
lesson 07's copy comes alive."""

MAX_TEXT = 200_000
"""The longest argument or action text accepted (a pasted file is a stranger's text)."""

_sessions: dict[int, Session] = {}
_sprites: set[bool] = set()


def _session_class(view: str) -> type[Session]:
    if view not in SESSIONS:
        raise PrefaError(f"no live view {view!r}: expected one of {', '.join(SESSIONS)}")
    module, name = SESSIONS[view]
    return getattr(import_module(f".{module}", __package__), name)


def _load(text: str, what: str) -> dict:
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise PrefaError(f"the {what} is {len(text)} characters long: expected at most "
                         f"{MAX_TEXT}")
    try:
        value = json.loads(text or "{}")
    except ValueError as e:
        raise PrefaError(f"the {what} is not JSON ({e.msg} at {e.pos}): expected an object")
    if not isinstance(value, dict):
        raise PrefaError(f"the {what} is {type(value).__name__}: expected a JSON object")
    return value


def _message(e: Exception) -> str:
    if isinstance(e, PrefaError):
        return str(e).splitlines()[0] if str(e) else type(e).__name__
    return f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else 'no message'}"


def new(view: str, args: str = "{}") -> str:
    """Make a session of ``view`` with the keyword arguments ``args`` (JSON text).

    Answers ``{"id", "state", "sprite"}`` (the sprite only the first time a
    session of that colouring is made) or ``{"error": message}``.
    """
    try:
        kwargs = _load(args, "view's arguments")
        cls = _session_class(view)
        params = inspect.signature(cls).parameters
        for k in kwargs:
            if k not in params or k == "rules":
                raise PrefaError(f"{view} has no argument {k!r}: expected one of "
                                 f"{', '.join(p for p in params if p != 'rules')}")
        session = cls(**kwargs)
        sid = len(_sessions) + 1
        _sessions[sid] = session
        out = {"id": sid, "state": session.state()}
        four = bool(getattr(session, "four_colour", False))
        out["sprite"] = str(card_sprite(32, four_colour=four, deck=session.deck))
        _sprites.add(four)
    except Exception as e:  # noqa: BLE001 -- every failure is one line for the page
        out = {"error": _message(e)}
    return json.dumps(out, ensure_ascii=False)


def act(sid: int, action: str) -> str:
    """Carry out ``action`` (JSON text) in session ``sid``; the new state as JSON."""
    session = _sessions.get(sid)
    if session is None:
        return json.dumps({"error": f"no session {sid!r}: expected one made by new()"})
    try:
        state = session.act(_load(action, "action"))
    except Exception as e:  # noqa: BLE001 -- the page keeps working
        state = session.state()
        state["error"] = _message(e)
    return json.dumps(state, ensure_ascii=False)


def state(sid: int) -> str:
    """The state of session ``sid`` as JSON."""
    session = _sessions.get(sid)
    if session is None:
        return json.dumps({"error": f"no session {sid!r}: expected one made by new()"})
    return json.dumps(session.state(), ensure_ascii=False)


def timings(sid: int) -> str:
    """The seconds of each engine decision in session ``sid`` (a table's, for the benchmark)."""
    session = _sessions.get(sid)
    return json.dumps([t for _phase, t, *_rest in getattr(session, "engine_times", [])])


def live_args(session: Session) -> dict | None:
    """The keyword arguments that make ``session`` again, when they are all JSON values.

    A lesson's widget output uses them for its live-view placeholder
    (:func:`placeholder`); ``None`` when the session was made from something
    JSON cannot carry (rules, a path).
    """
    made = getattr(session, "_made_with", None)
    if made is None:
        return None
    args, kwargs = made
    try:
        bound = inspect.signature(type(session)).bind(*args, **kwargs)
        value = dict(bound.arguments)
        if json.loads(json.dumps(value)) != value:  # a tuple, a non-str key...
            return None
    except (TypeError, ValueError):
        return None
    return value


def placeholder(session: Session, inner: str) -> str:
    """``inner`` (the session's static HTML) inside a live-view placeholder
    (for the views of :data:`LIVE_IN_LESSONS`).

    On the site (site/_hooks/engine.py, assets/javascripts/engine.js) the
    placeholder offers to start the same session live, in the browser, and
    shows ``inner`` until then; elsewhere it is a plain ``div``.  A session
    :func:`live_args` cannot make again, or of a view the site does not run,
    gives ``inner`` as it is.

    >>> from prefa.ui.table import TableSession
    >>> placeholder(TableSession(4, game_to=30), "<p>x</p>")
    '<div class="prefa-live" data-view="table" data-args="{&quot;seed&quot;: 4, &quot;game_to&quot;: 30}" data-label="Play it live"><p>x</p></div>'
    >>> from prefa.ui.bidding import BiddingSession
    >>> placeholder(BiddingSession(4), "<p>x</p>")
    '<p>x</p>'
    """
    args = live_args(session)
    if args is None or session.view not in LIVE_IN_LESSONS:
        return inner
    return (f'<div class="prefa-live" data-view="{escape(session.view, quote=True)}" '
            f'data-args="{escape(json.dumps(args), quote=True)}" '
            f'data-label="{escape(_(LIVE_IN_LESSONS[session.view]), quote=True)}">'
            f"{inner}</div>")

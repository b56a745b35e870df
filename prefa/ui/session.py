"""The session protocol: what every interactive view talks to.

A *session* is a plain Python object (no UI import) that owns an engine
state and answers two calls, so that any client can drive it -- a Jupyter
widget (:mod:`prefa.ui.widget`), the site's engine in the browser, a test:

- :meth:`Session.state` returns a JSON-serialisable dict with everything a
  view shows.  It always has ``view`` (which view draws it), ``phase`` (a
  string; ``"done"`` once the session's hand or game is over), ``legal``
  (the actions the learner may take now, each a dict that :meth:`act`
  accepts as it is) and ``error`` (``None``, or the message of the last
  refused action).
- :meth:`Session.act` takes one action (a dict with a ``"type"``) and
  returns the new state.  An action that is not among ``legal`` is refused:
  the state stays exactly as it was except ``error``, which says why in the
  engine's words.  After an accepted action the engine's own seats act by
  themselves until the learner is to act again.

The view follows chessground: it knows no rule, it renders the state and
sends back one of the ``legal`` actions.  Cards are drawn by the engine's
SVG only (:func:`prefa.display.card_sprite`, sent once beside the state).

A subclass implements :meth:`_state` (the view's data), :meth:`_legal` (the
legal actions) and :meth:`_apply` (carry out a legal action, then let the
engine seats play); it may override :meth:`_refusal` to explain in the
engine's words why an action is not legal.

**The language.**  Every session also takes ``lang=`` (``TableSession(5,
lang="sr")``, ``lang="sr-Cyrl"``; :data:`prefa.i18n.LANGUAGES`): everything it
says -- prompts, logs, refusals, advice -- is in that language, whatever the
notebook's default (:func:`prefa.i18n.set_language`); without it the session
speaks the default.  A message not yet translated is shown in English.
The state says which language (``lang``), brings the view's own words (its
buttons, headings, ``aria-label``s) in it -- ``view_words``, ``{english:
translation}`` (:func:`prefa.ui.view_words.view_words`; empty in English) --
and offers the choice (``langs``, for the view's language switch);
``{"type": "lang", "lang": "sr"}`` changes it, like the deck below: not a
step of the game, never among ``legal``.

**The deck.**  Every session draws its cards in a deck (:mod:`prefa.decks`:
the French-suited cards or the Hungarian-suited *mađarice*): the one it was
made with (every session takes ``deck=``, ``TableSession(5,
deck="hungarian")``, without a word of its own), else the notebook's
default (:func:`prefa.decks.set_deck`).  Its pictures are drawn in it (the
session's :meth:`_state` runs inside :func:`prefa.decks.using_deck`), its
state says which (``deck``) and offers the choice (``decks``, for the
view's switch), and the view may ask for another at any time with
``{"type": "deck", "deck": "hungarian"}``: not a step of the game (it is
never among ``legal`` and changes nothing else), answered with the state
drawn in that deck and, in ``sprite``, the card sprite of that deck
(:meth:`sprite`).

>>> from prefa.ui.bidding import BiddingSession
>>> b = BiddingSession(2, deck="hungarian")
>>> b.state()["deck"], b.act({"type": "deck", "deck": "french"})["sprite"][:4]
('hungarian', '<svg')
>>> b.state()["deck"], "sprite" in b.state()
('french', False)
>>> b.act({"type": "deck", "deck": "bavarian"})["error"]
"no deck 'bavarian': expected one of french, hungarian"

>>> class Counter(Session):
...     view = "counter"
...     def __init__(self):
...         super().__init__()
...         self.n = 0
...     def _state(self):
...         return {"phase": "done" if self.n == 2 else "counting", "n": self.n}
...     def _legal(self):
...         return [] if self.n == 2 else [{"type": "add"}]
...     def _apply(self, action):
...         self.n += 1
>>> c = Counter()
>>> c.act({"type": "add"})["n"]
1
>>> c.act({"type": "jump"})["error"]
"'jump' is not possible now: expected one of add"
>>> c.act({"type": "add"})["phase"], c.state()["legal"]
('done', [])
"""

from __future__ import annotations

import functools
import inspect
import json
from typing import Any

from ..cards import signs
from ..decks import deck_choices, deck_style, default_deck, using_deck
from ..display import card_sprite
from ..errors import IllegalAction, PrefaError
from ..i18n import _, language, language_choices, normalize, using
from .view_words import plural_rule, view_words

__all__ = ["Session", "action_words"]

Action = dict[str, Any]


def action_words(action: object) -> str:
    """A short name of an action for messages: its ``type`` and values.

    >>> action_words({"type": "card", "card": "AS"})
    "'card AS'"
    >>> action_words(["x"])
    "['x']"
    """
    if isinstance(action, dict) and isinstance(action.get("type"), str):
        rest = " ".join(str(v) for k, v in action.items() if k != "type")
        return repr(f"{action['type']} {rest}".strip())
    return repr(action)[:80]


class _MadeWithDeck(type):
    """Every session takes ``deck=`` (see the module's docs): the keyword is taken
    here, so that no session's ``__init__`` needs to know it, and a bad name is
    refused before anything is made."""

    def __call__(cls, *args, deck: str | None = None, lang: str | None = None, **kwargs):
        chosen = deck_style(deck).name if deck is not None else None
        tongue = normalize(lang) if lang is not None else None
        with using(tongue):
            self = super().__call__(*args, **kwargs)
        if chosen is not None:
            self._deck = chosen
            self._made_with[1]["deck"] = chosen  # the site makes it again in this deck
        if tongue is not None:
            self._lang = tongue
            self._made_with[1]["lang"] = tongue
        return self


def _with_deck(init) -> inspect.Signature:
    """The signature of a session class: its ``__init__``'s, with ``deck=`` and
    ``lang=`` added."""
    sig = inspect.signature(init)
    params = list(sig.parameters.values())[1:]  # no self
    for name in ("deck", "lang"):
        if name not in sig.parameters:
            param = inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None,
                                      annotation="str | None")
            at = len(params) - (params[-1].kind is inspect.Parameter.VAR_KEYWORD if params else 0)
            params.insert(at, param)
    return sig.replace(parameters=params)


def _speaking(method):
    """``method`` run in the session's language (:func:`prefa.i18n.using`)."""
    if getattr(method, "_speaking", False):
        return method

    @functools.wraps(method)
    def run(self, *args, **kwargs):
        with using(self.lang):
            return method(self, *args, **kwargs)
    run._speaking = True
    return run


class Session(metaclass=_MadeWithDeck):
    """Base of the sessions: the protocol of :meth:`state` and :meth:`act`."""

    #: Name of the view that draws this session (``prefa/ui/views/<view>.js``).
    view = "session"

    #: Whether the view offers the deck choice (a session that draws no card says no).
    deck_switch = True

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls.__signature__ = _with_deck(cls.__init__)  # what inspect (and the site) sees
        # a session's own act, state and static picture speak its language too
        for name in ("act", "state", "static_html"):
            if name in cls.__dict__:
                setattr(cls, name, _speaking(cls.__dict__[name]))

    def __new__(cls, *args, **kwargs):
        # the arguments the session was made with: the site makes the same
        # session again in the browser from them (prefa.ui.web.live_args)
        self = super().__new__(cls)
        self._made_with = (args, kwargs)
        return self

    def __init__(self) -> None:
        self._error: str | None = None

    # -- the protocol ---------------------------------------------------------------
    def state(self) -> dict:
        """Everything a view shows, as a JSON-serialisable dict."""
        with using_deck(self.deck):
            s = dict(self._state())
        s["view"] = self.view
        s.setdefault("phase", "done")
        s["legal"] = self._legal()
        # a refusal as the learner reads it: cards with their suit signs (K♠, not KS)
        s["error"] = signs(self._error) if self._error else self._error
        s["lang"] = self.lang
        # the view's own words in this language (prefa.ui.view_words); not "words", which
        # some sessions use for their own sentences (the analysis's words under its table)
        s["view_words"] = view_words(self.view)
        s["plural"] = plural_rule(self.lang)  # which form a count takes (common.js's tn)
        if self.deck_switch:
            s["deck"] = self.deck
            s["decks"] = deck_choices()
        s["langs"] = language_choices()
        return s

    # -- the language and the deck --------------------------------------------------
    @property
    def lang(self) -> str:
        """The language this session speaks (see the module's docs)."""
        return getattr(self, "_lang", None) or language()

    @property
    def deck(self) -> str:
        """The deck this session draws its cards in (see the module's docs)."""
        return getattr(self, "_deck", None) or default_deck()

    def sprite(self, size: int = 32) -> str:
        """The card sprite of this session's deck and colouring
        (:func:`prefa.display.card_sprite`), which its view draws the cards from."""
        return str(card_sprite(size, four_colour=bool(getattr(self, "four_colour", False)),
                               deck=self.deck))

    def _choose_deck(self, action: Action) -> dict:
        """The view's ``{"type": "deck", "deck": name}``: draw in that deck from now on."""
        name = action.get("deck")
        try:
            if not isinstance(name, str):
                raise PrefaError(f"the deck is {name!r}: expected a deck's name")
            self._deck = deck_style(name).name
        except PrefaError as e:
            s = self.state()
            s["error"] = str(e)
            return s
        s = self.state()
        s["sprite"] = self.sprite()
        return s

    def _choose_lang(self, action: Action) -> dict:
        """The view's ``{"type": "lang", "lang": tag}``: speak that language from now on."""
        try:
            self._lang = normalize(action.get("lang"))
        except PrefaError as e:
            s = self.state()
            s["error"] = str(e)
            return s
        return self.state()

    def act(self, action: Action) -> dict:
        """Carry out ``action`` (one of ``state()["legal"]``) and return the new state.

        A refused action changes nothing but ``error``.  The deck choice
        (``{"type": "deck", ...}``, see the module's docs) is answered apart.
        """
        if isinstance(action, dict) and action.get("type") == "deck":
            return self._choose_deck(action)
        if isinstance(action, dict) and action.get("type") == "lang":
            return self._choose_lang(action)
        legal = self._legal()
        if action not in legal:
            self._error = self._refusal(action, legal)
            return self.state()
        try:
            self._apply(action)
        except PrefaError as e:  # a legal action the engine still refused
            self._error = str(e)
        else:
            self._error = None
        return self.state()

    def json(self) -> str:
        """The state as JSON text (what a browser client receives)."""
        return json.dumps(self.state(), ensure_ascii=False)

    # -- for subclasses -------------------------------------------------------------
    def _state(self) -> dict:
        raise NotImplementedError

    def _legal(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def _refusal(self, action: object, legal: list[Action]) -> str:
        """Why ``action`` is refused; subclasses give the engine's own reason."""
        if not legal:
            return _("{action} is not possible: nothing is to be done now").format(
                action=action_words(action))
        kinds = sorted({a["type"] for a in legal})
        return _("{action} is not possible now: expected one of {kinds}").format(
            action=action_words(action), kinds=", ".join(kinds))

    def _refuse(self, message: str) -> None:
        """Raise the error a subclass's :meth:`_apply` uses to refuse."""
        raise IllegalAction(message)


Session.act = _speaking(Session.act)
Session.state = _speaking(Session.state)

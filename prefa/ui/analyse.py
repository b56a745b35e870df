"""Analyse a deal: the card table of every card, the best line, and for a betl
whether it can be caught and how.

:class:`AnalyseSession` takes a deal the learner pastes (or deals a random
one), the game, the declarer and the seat on lead, and shows what the exact
solver (:mod:`prefa.solver`, :mod:`prefa.analysis`) finds with every hand
open:

- the **card table**: for each card the leader may play, the declarer's
  tricks with best play after it (:func:`prefa.solver.card_table`);
- the **best line**: one line of best play to the end
  (:func:`prefa.analysis.principal_variation`);
- for betl: whether the betl is caught with best play, and the leads that
  catch it (:func:`prefa.analysis.betl_leads`).

The actions (each listed in ``state()["legal"]``):

=========================================================  ==========================
``{"type": "analyse", "deal": T, "game": G, "declarer": D,  analyse the deal ``T``
"leader": L}``
``{"type": "random", "game": G, "declarer": D, "leader": L}``  a random deal, analysed
``{"type": "play", "card": "AS"}``                           follow a card of the table
``{"type": "back"}``                                         take the last card back
=========================================================  ==========================

Decisions of this module:

- ``analyse`` and ``random`` carry the learner's own values, which no list
  can enumerate: they are listed with empty values (``"deal": ""``) and
  accepted with any value of the right kind; the engine then checks the
  values and refuses a bad one in its own words (a deal that does not
  parse, a game that is not a Balkan game, a seat that is not 0, 1 or 2).
  A refused analysis leaves the last one shown, and the form keeps what
  was typed and chosen (the learner corrects it, nothing is thrown away).
- The deal is analysed as written: the three hands play, the talon (when
  written after ``|``) stays out (the declarer has discarded).  The hands
  must have the same number of cards.
- A deal text longer than :data:`MAX_DEAL` characters is refused before it
  is read (a paste is a stranger's text).
- A trick game needs more than half the tricks (6 of 10; in a shorter
  deal, more than half of its tricks) -- the words under the table say
  whether the declarer makes it with best play.
- ``random`` deals :func:`prefa.deal.random_deal` from the session's seed
  and a count of the random deals made, so a session is reproducible.

>>> a = AnalyseSession()
>>> s = a.act({"type": "analyse", "deal": "HK D8 CT / SQ HJ CJ / S9 HA DA",
...            "game": "betl", "declarer": 0, "leader": 1})
>>> s["phase"], s["betl"]["caught"], s["betl"]["leads"]
('analysed', True, ['JC'])
>>> [(r["card"], r["tricks"]) for r in s["table"]]
[('QS', 0), ('JH', 0), ('JC', 2)]
>>> a.act({"type": "analyse", "deal": "<b>", "game": "betl", "declarer": 0,
...        "leader": 1})["error"]
"deal '<b>' has 1 hands: expected 3 separated by ' / '"
"""

from __future__ import annotations

from ..analysis import betl_leads, principal_variation
from ..balkan.contract import Game
from ..balkan.solve import position_from_deal
from ..cards import card_name
from ..deal import Deal, random_deal
from ..errors import ParseError
from ..i18n import _, ngettext
from ..solver import Solver, wants_tricks
from .session import Action, Session

__all__ = ["MAX_DEAL", "AnalyseSession"]

MAX_DEAL = 400
"""The longest deal text read (three hands and a talon take under 100 characters)."""

GAMES = ("spades", "diamonds", "hearts", "clubs", "betl", "sans")
_FORM = {"analyse": ("deal", "game", "declarer", "leader"),
         "random": ("game", "declarer", "leader")}


class AnalyseSession(Session):
    """A deal solved with every hand open: card table, best line, betl leads.

    ``deal``: a deal text to analyse at once (else the learner pastes one);
    ``game``, ``declarer``, ``leader``: the choices the form starts with;
    ``seed``: where the random deals start.
    """

    view = "analyse"

    def __init__(self, deal: str = "", game: str = "sans", declarer: int = 0,
                 leader: int | None = None, *, seed: int = 0) -> None:
        super().__init__()
        self.seed, self.dealt = seed, 0
        self.form = {"deal": deal, "game": game, "declarer": declarer,
                     "leader": (declarer + 1) % 3 if leader is None else leader}
        self.result: dict | None = None
        self._typed: dict | None = None  # the form as submitted, while it is refused
        self.played: list[str] = []
        self._solver = Solver()
        if deal:
            self._apply({"type": "analyse", **self.form})

    # -- the protocol --------------------------------------------------------------------
    def act(self, action: Action) -> dict:
        kind = action.get("type") if isinstance(action, dict) else None
        if kind in _FORM and set(action) == {"type", *_FORM[kind]}:
            bad = [k for k in _FORM[kind] if not isinstance(action[k], (str, int))
                   or isinstance(action[k], bool)]
            if not bad:
                try:
                    self._apply(action)
                except (ParseError, ValueError, LookupError) as e:
                    self._error = str(e).splitlines()[0]
                    self._typed = {**self.form, **{k: action[k] for k in _FORM[kind]}}
                else:
                    self._error = None
                    self._typed = None
                return self.state()
        return super().act(action)

    def _legal(self) -> list[Action]:
        legal: list[Action] = [{"type": "analyse", "deal": "", "game": "", "declarer": 0,
                                "leader": 0},
                               {"type": "random", "game": "", "declarer": 0, "leader": 0}]
        if self.result is not None:
            legal += [{"type": "play", "card": r["card"]} for r in self.result["table"]]
            if self.played:
                legal.append({"type": "back"})
        return legal

    def _state(self) -> dict:
        s = {"phase": "analysed" if self.result else "input",
             "form": dict(self._typed if self._typed is not None else self.form),
             "games": list(GAMES), "max_deal": MAX_DEAL,
             # each game as the learner reads it (the form sends the game's name)
             "game_labels": {g: _(g) for g in GAMES}}
        s.update(self.result or {"deal": None, "table": [], "line": [], "betl": None})
        if self.result:
            s["words"] = self._words(*self._said)
        s["played"] = list(self.played)
        return s

    def _apply(self, action: Action) -> None:
        kind = action["type"]
        if kind == "play":
            self._analyse(self.form, self.played + [action["card"]])
        elif kind == "back":
            self._analyse(self.form, self.played[:-1])
        elif kind == "random":
            deal = random_deal(self.seed + self.dealt)
            self.dealt += 1
            form = {**{k: action[k] for k in _FORM["random"]}, "deal": str(deal)}
            self._analyse(form, [])
        else:
            self._analyse({k: action[k] for k in _FORM["analyse"]}, [])

    # -- the analysis --------------------------------------------------------------------
    def _analyse(self, form: dict, played: list[str]) -> None:
        text = str(form["deal"])
        if len(text) > MAX_DEAL:
            raise ParseError(_("the deal is {n} characters long: expected at most {most} (three "
                               "hands and a talon, like {example})").format(
                n=len(text), most=MAX_DEAL, example="'SAK87 HAK DQJ CAK / ...'"))
        if not text.strip():
            raise ParseError(_("no deal: expected three hands like {example}").format(
                example="'SAK87 HAK DQJ CAK / ... / ...'"))
        game_word = str(form["game"])
        game = Game.find(game_word)
        if game is Game.PREFERANS:
            raise ParseError(_("game {game!r}: expected one of {games}").format(
                game=game_word, games=", ".join(GAMES)))
        seats = []
        for key in ("declarer", "leader"):
            v = form[key]
            if isinstance(v, str) and v.strip().isdigit():
                v = int(v)
            if v not in (0, 1, 2):
                raise ParseError((_("declarer {value!r}: expected seat 0, 1 or 2") if key ==
                                  "declarer" else
                                  _("leader {value!r}: expected seat 0, 1 or 2")).format(value=v))
            seats.append(v)
        declarer, leader = seats
        deal = Deal.parse(text, players=3)
        sizes = {len(h) for h in deal.hands}
        if len(sizes) != 1 or not sizes.pop():
            raise ParseError(_("deal {deal!r}: the three hands must hold the same number of "
                               "cards (one or more)").format(deal=text.strip()))
        position = position_from_deal(deal, game, declarer, leader, " ".join(played))
        solver = self._solver
        table = solver.card_table(position)
        mover = position.to_move
        if table:
            best = (max if wants_tricks(position, mover) else min)(table.values())
        rows = [{"card": card_name(c), "tricks": n, "best": n == best}
                for c, n in table.items()]
        line = []
        p = position
        for c in principal_variation(position, solver):
            line.append({"seat": p.to_move, "card": card_name(c)})
            p = p.play(c)
        betl = None
        if game is Game.BETL and not position.trick:
            b = betl_leads(deal, declarer, position.leader, played=" ".join(played), solver=solver)
            betl = {"caught": b.caught, "leads": [card_name(c) for c in b.leads],
                    "leader": position.leader}
        size = len(deal.hands[0])
        self.form = {"deal": str(deal), "game": str(game), "declarer": declarer, "leader": leader}
        self.played = played
        self.result = {
            "deal": {"hands": [[card_name(c) for c in h] for h in position.hands],
                     "text": str(deal), "talon": [card_name(c) for c in deal.talon]},
            "game": str(game), "declarer": declarer, "leader": leader,
            "to_move": mover if table else None, "trick": [card_name(c) for c in position.trick],
            "won": position.won, "tricks_total": solver.solve(position),
            "hand_size": size, "goal": position.goal,
            "table": rows, "line": line, "betl": betl,
        }
        # the summary in words is made when the state is shown, in the language spoken then
        self._said = (game, declarer, size, self.result["tricks_total"], betl)

    @staticmethod
    def _words(game: Game, declarer: int, size: int, total: int, betl: dict | None) -> str:
        if betl is not None:
            if betl["caught"]:
                return _("The betl is caught with best play: lead {cards}.").format(
                    cards=_(" or ").join(betl["leads"]) or _("any card"))
            return _("The betl cannot be caught: the declarer takes no trick whatever is led.")
        if game is Game.BETL:
            return (ngettext("With best play the declarer takes {n} trick: the betl is caught.",
                             "With best play the declarer takes {n} tricks: the betl is caught.",
                             total) if total else
                    _("With best play the declarer takes 0 tricks: the betl goes through.")
                    ).format(n=total)
        need = size // 2 + 1
        text = (ngettext("With best play seat {seat} takes {n} of {size} tricks (makes {game}: "
                         "{need} needed).", "With best play seat {seat} takes {n} of {size} "
                         "tricks (makes {game}: {need} needed).", size) if total >= need else
                ngettext("With best play seat {seat} takes {n} of {size} tricks (goes down in "
                         "{game}: {need} needed).", "With best play seat {seat} takes {n} of "
                         "{size} tricks (goes down in {game}: {need} needed).", size))
        return text.format(seat=declarer, n=total, size=size, game=_(str(game)), need=need)

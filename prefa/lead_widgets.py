"""Lead widgets for JupyterLab (ipywidgets): single-dummy lead analysis and a lead drill.

- :class:`LeadAnalysisView`: a hand on lead, an *Analyse* button that runs
  :func:`prefa.balkan.solve.evaluate_leads` with a progress bar, then a table of
  the leads: the declarer's mean tricks and the chance of beating the
  contract, the best lead highlighted.
- :class:`LeadDrill`: endless opening-lead problems, each built
  deterministically from ``seed`` and the problem counter
  (:func:`lead_problem`).  The learner picks a card; the widget shows the
  convention's lead (:func:`prefa.balkan.conventions.leads.opening_lead`, with the
  schools where they differ) and each lead's single-dummy figures.

Each widget's display data also holds a static HTML rendering of its current
state (``text/html``).  Bad input shows a message in the widget, never a
traceback.

This module needs ``ipywidgets`` (the ``lessons`` extra); the engine does not.

>>> p = lead_problem(0, 0)
>>> p == lead_problem(0, 0), p.leader != p.declarer, len(p.hand)
(True, True, 10)
"""

from __future__ import annotations

import re
from html import escape, unescape

import ipywidgets as widgets

from .analysis import LeadReport, LeadStats
from .balkan.solve import evaluate_leads
from .balkan.contract import Game
from .cards import Card, CardSet, Suit, card_name, card_symbol, parse_card
from .advice import Advice
from .balkan.conventions.leads import opening_lead
from .display import hand_svg
from .drill import LeadProblem, lead_problem
from .errors import PrefaError

__all__ = ["LeadAnalysisView", "LeadDrill", "LeadProblem", "lead_problem", "lead_table_html"]

_RED = "#c0102a"
_BEST_BG = "#d9f2dd"


def _plain(html: str) -> str:
    """HTML as the words a reader sees (for tests and terminals)."""
    text = re.sub(r"<br>|</p>|</tr>|</li>", " ", html)
    return " ".join(unescape(re.sub(r"<[^>]+>", "", text)).split())


def _message(text: str, *, error: bool = True) -> str:
    if not text:
        return ""
    colour = _RED if error else "#157a2c"
    role = "alert" if error else "status"
    return (f'<p class="pl-message" role="{role}" style="color:{colour};margin:0.3em 0">'
            f"{escape(text)}</p>")


def card_html(card: Card) -> str:
    """A card as text with its suit symbol, hearts and diamonds in red.

    >>> card_html(parse_card("TH"))
    '<span class="pl-card" style="color:#c0102a;font-weight:bold">10♥</span>'
    """
    colour = _RED if card >> 4 in (Suit.HEARTS, Suit.DIAMONDS) else "#1a1a1a"
    return (f'<span class="pl-card" style="color:{colour};font-weight:bold">'
            f"{escape(card_symbol(card))}</span>")


def _ties_best(report: LeadReport, s: LeadStats) -> bool:
    b = report.best
    return s.beat_chance == b.beat_chance and s.mean_tricks == b.mean_tricks


def lead_table_html(report: LeadReport, *, mark: Card | None = None,
                    convention: Card | None = None) -> str:
    """A :class:`~prefa.analysis.LeadReport` as an HTML table, one row per lead.

    The best lead (and any lead exactly as good) is highlighted; ``mark``
    (the learner's card) and ``convention`` (the convention's card) are
    noted in the last column.
    """
    cell = 'style="border:1px solid #888;padding:2px 10px;text-align:center"'
    rows = []
    for i, s in enumerate(report.leads):
        best = _ties_best(report, s)
        notes = []
        if i == 0:
            notes.append("best")
        elif best:
            notes.append("as good")
        if convention is not None and s.card == convention:
            notes.append("convention")
        if mark is not None and s.card == mark:
            notes.append("your lead")
        style = f' style="background:{_BEST_BG}"' if best else ""
        rows.append(f'<tr class="pl-row{" pl-best" if best else ""}"{style} '
                    f'data-card="{card_name(s.card)}">'
                    f"<td {cell}>{card_html(s.card)}</td>"
                    f"<td {cell}>{s.mean_tricks:.2f}</td>"
                    f"<td {cell}>{s.beat_chance:.0%}</td>"
                    f"<td {cell}>{escape(', '.join(notes))}</td></tr>")
    head = "".join(f"<th {cell}>{h}</th>" for h in
                   ("Lead", "Declarer's mean tricks", "Chance to beat", ""))
    return (f'<table class="pl-leads" style="border-collapse:collapse">'
            f"<caption>Leads over {report.samples} sampled layouts</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


# ---------------------------------------------------------------------------
# Lead analysis
# ---------------------------------------------------------------------------

class LeadAnalysisView(widgets.VBox):
    """Single-dummy lead analysis of one hand on lead.

    ``hand`` (a :class:`~prefa.cards.CardSet` or its text), ``game``,
    ``declarer`` and ``leader`` are as for
    :func:`~prefa.balkan.solve.evaluate_leads`; further keywords (``known``,
    ``voids``, ``seen``, ``out``, ``workers``...) are passed on to it.
    :meth:`run` does what the *Analyse* button does.
    """

    def __init__(self, hand: CardSet | str, game: Game | str, declarer: int, leader: int,
                 samples: int = 50, seed: int = 0, **known) -> None:
        super().__init__()
        self.game_text = str(game)
        self.declarer, self.leader = declarer, leader
        self.samples, self.seed = samples, seed
        self.options = known
        self.report: LeadReport | None = None
        self.error: str | None = None
        self.hand: CardSet | None = None
        self.game: Game | None = None
        self.header = widgets.HTML("")
        self.button = widgets.Button(description="Analyse", icon="play",
                                     tooltip="Sample the unseen cards and solve each lead")
        self.button.on_click(lambda _b: self.run())
        self.progress = widgets.IntProgress(value=0, min=0, max=max(samples, 1),
                                            description="Layouts")
        self.table = widgets.HTML("")
        self.message = widgets.HTML("")
        try:
            self.hand = CardSet.parse(hand) if isinstance(hand, str) else hand
            self.game = game if isinstance(game, Game) else Game.find(str(game))
            if not self.hand:
                raise PrefaError("the hand on lead is empty")
        except PrefaError as e:
            self.error = f"The lead cannot be analysed: {e}"
            self.button.disabled = True
            self.message.value = _message(self.error)
            self.children = (self.message,)
            return
        self.header.value = self._header_html()
        self.children = (self.header, self.button, self.progress, self.table, self.message)

    def _header_html(self) -> str:
        assert self.hand is not None
        svg = hand_svg(self.hand, label=f"Seat {self.leader} on lead")
        return (f'<div class="pl-header">{svg}<p>Contract: <b>{escape(str(self.game))}</b> '
                f"by seat {self.declarer}; seat {self.leader} leads.</p></div>")

    @property
    def message_text(self) -> str:
        """The message line as plain text ("" when there is none)."""
        return _plain(self.message.value)

    @property
    def rows(self) -> list[str]:
        """The card names of the table's rows, in order (empty before a run)."""
        return re.findall(r'data-card="([^"]+)"', self.table.value)

    def _progress(self, done: int, total: int) -> None:
        self.progress.max = total
        self.progress.value = done

    def run(self) -> LeadReport | None:
        """Run the analysis, updating the progress bar; show and return the report
        (``None``, with a message, when it cannot run)."""
        if self.hand is None or self.game is None:
            return None
        self.button.disabled = True
        self.progress.value = 0
        self.progress.bar_style = ""
        self.message.value = _message("Analysing...", error=False)
        try:
            self.report = evaluate_leads(self.hand, self.game, self.declarer, self.leader,
                                         samples=self.samples, seed=self.seed,
                                         progress=self._progress, **self.options)
        except (PrefaError, TypeError) as e:
            self.report = None
            self.table.value = ""
            self.message.value = _message(f"The lead cannot be analysed: {e}")
            self.progress.bar_style = "danger"
            return None
        finally:
            self.button.disabled = False
        self.progress.bar_style = "success"
        self.table.value = lead_table_html(self.report)
        self.message.value = _message(f"Best lead: {card_symbol(self.report.best.card)}.",
                                      error=False)
        return self.report

    def to_html(self) -> str:
        """The current state as static HTML (without the button)."""
        if self.hand is None:
            return self.message.value
        return self.header.value + self.table.value + self.message.value

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        data["text/html"] = self.to_html()
        return data


# ---------------------------------------------------------------------------
# The lead drill
# ---------------------------------------------------------------------------

class LeadDrill(widgets.VBox):
    """Endless seeded opening-lead problems.

    Each problem shows the leader's hand, the contract and the auction and a
    button per card; :meth:`choose` (what a card's button does) shows the
    convention's lead and each lead's single-dummy figures (over ``samples``
    layouts) and says how the chosen card scored; :meth:`next` (the *Next
    problem* button) moves on.  The same ``seed`` gives the same problems.
    """

    def __init__(self, seed: int = 0, samples: int = 30, **kwargs) -> None:
        super().__init__(**kwargs)
        self.seed, self.samples = seed, samples
        self.k = -1
        self.problem: LeadProblem | None = None
        self.advice: Advice | None = None
        self.report: LeadReport | None = None
        self.chosen: Card | None = None
        self.header = widgets.HTML("")
        self.cards = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
        self.progress = widgets.IntProgress(value=0, min=0, max=max(samples, 1),
                                            description="Layouts",
                                            layout=widgets.Layout(display="none"))
        self.feedback = widgets.HTML("")
        self.table = widgets.HTML("")
        self.next_button = widgets.Button(description="Next problem", icon="forward")
        self.next_button.on_click(lambda _b: self.next())
        self.children = (self.header, self.cards, self.progress, self.feedback, self.table,
                         self.next_button)
        self.next()

    # -- state ---------------------------------------------------------------------------
    @property
    def card_buttons(self) -> list[widgets.Button]:
        return list(self.cards.children)

    @property
    def feedback_text(self) -> str:
        """The feedback as plain text (what a reader sees)."""
        return _plain(self.feedback.value)

    @property
    def problem_text(self) -> str:
        """The problem as plain text: number, contract, auction and hand."""
        return _plain(self.header.value)

    def next(self) -> LeadProblem:
        """Move on to the next problem."""
        self.k += 1
        self.problem = lead_problem(self.seed, self.k)
        self.advice = self.report = self.chosen = None
        p = self.problem
        self.header.value = (
            f'<div class="pl-problem"><p><b>Problem {p.number}</b> (seed {self.seed})</p>'
            f"<p>Contract: <b>{escape(str(p.contract))}</b> by seat {p.declarer}. "
            f"{escape(p.auction_text)}</p>"
            f"<p>You are seat {p.leader}, on lead. Which card do you lead?</p>"
            f"{hand_svg(p.hand, label=f'Seat {p.leader}')}</div>")
        buttons = []
        for c in p.hand:
            b = widgets.Button(description=card_symbol(c), tooltip=f"Lead {card_name(c)}",
                               layout=widgets.Layout(width="56px"))
            b.on_click(lambda _b, c=c: self.choose(card_name(c)))
            buttons.append(b)
        self.cards.children = tuple(buttons)
        self.feedback.value = ""
        self.table.value = ""
        self.progress.layout.display = "none"
        return p

    def _progress(self, done: int, total: int) -> None:
        self.progress.max = total
        self.progress.value = done

    def _analyse(self) -> None:
        p = self.problem
        assert p is not None
        if self.advice is None:
            self.advice = opening_lead(p.situation())
        if self.report is None:
            self.progress.layout.display = None
            self.progress.value = 0
            self.report = evaluate_leads(p.hand, p.contract.game, p.declarer, p.leader,
                                         samples=self.samples, seed=p.eval_seed,
                                         progress=self._progress)

    def choose(self, card_text: str) -> bool:
        """Lead ``card_text`` (e.g. ``"KS"`` or ``"K♠"``); True when it was taken.

        A card that does not parse or is not in the hand shows a message.
        """
        p = self.problem
        assert p is not None
        try:
            card = parse_card(card_text.strip())
            if card not in p.hand:
                raise PrefaError(f"{card_symbol(card)} is not in your hand "
                                 f"({' '.join(card_symbol(c) for c in p.hand)})")
            self._analyse()
        except PrefaError as e:
            self.feedback.value = _message(f"Cannot lead {card_text!r}: {e}")
            return False
        self.chosen = card
        assert self.advice is not None and self.report is not None
        for b, c in zip(self.card_buttons, p.hand):
            b.button_style = "info" if c == card else ""
        self.feedback.value = self._feedback_html(card)
        conv = parse_card(self.advice.action)
        self.table.value = lead_table_html(self.report, mark=card, convention=conv)
        return True

    def _feedback_html(self, card: Card) -> str:
        a, r = self.advice, self.report
        assert a is not None and r is not None
        conv = parse_card(a.action)
        stats = {s.card: s for s in r.leads}
        rank = [s.card for s in r.leads].index(card) + 1
        mine, theirs = stats[card], stats[conv]
        same = card == conv
        verdict = ("Your lead is the convention's lead." if same else
                   f"The convention leads {card_symbol(conv)}, not {card_symbol(card)}.")
        state = "right" if same else "wrong"
        schools = ""
        if a.schools:
            items = "".join(f"<li>{escape(name)}: {card_html(parse_card(s.action))} "
                            f"({escape(s.name)})</li>" for name, s in a.schools.items())
            schools = f'<p class="pl-schools">Where the schools differ:</p><ul>{items}</ul>'
        best = r.best
        score = (f"Your {card_symbol(card)}: the declarer takes {mine.mean_tricks:.2f} tricks "
                 f"on average and the contract is beaten {mine.beat_chance:.0%} of the time "
                 f"(lead {rank} of {len(r.leads)}).")
        if not same:
            score += (f" The convention's {card_symbol(conv)}: {theirs.mean_tricks:.2f} tricks, "
                      f"beaten {theirs.beat_chance:.0%}.")
        if _ties_best(r, stats[card]):
            score += " Single dummy, no lead does better."
        else:
            score += (f" The best lead single dummy: {card_symbol(best.card)} "
                      f"({best.mean_tricks:.2f} tricks, beaten {best.beat_chance:.0%}).")
        return (f'<div class="pl-feedback" data-state="{state}" role="status" '
                f'aria-live="polite"><p><b>{escape(verdict)}</b></p>'
                f"<p>Convention: {card_html(conv)} — <b>{escape(a.name)}</b>: "
                f"{escape(a.reason)}</p>{schools}<p>{escape(score)}</p></div>")

    # -- static rendering -----------------------------------------------------------------
    def to_html(self) -> str:
        """The current problem (and answer, once chosen) as static HTML."""
        return self.header.value + self.feedback.value + self.table.value

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        data["text/html"] = self.to_html()
        return data

"""The opening-lead drill as a session: lead, see the figures, move on.

:class:`LeadDrillSession` draws its problems from the mined lead bank
(:func:`prefa.drill.load_lead_bank`: problems where the lead matters, each
with its theme, difficulty and figures), in an order shuffled by its seed
(:func:`prefa.drill.bank_order`); with ``fresh=True`` it deals seeded
problems instead (:func:`prefa.drill.lead_problem`), most of which the lead
hardly changes.
Before the lead the state holds only what the leader knows: his own hand,
the auction and the contract -- never another hand.  After the lead:

1. the convention's card and its reason (with the schools where they differ);
2. each lead's single-dummy figures over layouts of the unseen cards that
   fit the auction (:func:`prefa.drill.fits_auction`: the declarer holds
   the hand his igra promises), computed in steps: the phase is
   ``"analysing"`` and the one legal action ``{"type": "continue"}`` solves
   the next ``batch`` layouts (``progress`` counts them), so a client can
   draw a progress bar and stay responsive (the view sends ``continue`` by
   itself while analysing; by default 100 layouts, a batch of 10 taking
   about 0.15 s here with the native solver core, 0.7 s at most when few
   layouts fit the auction);
3. once every layout is solved (phase ``"answered"``): the verdict (every
   lead exactly as good as the best lead, seeing only one's own cards, counts as right; the
   convention's card is shown beside it but does not decide), the real
   layout and what the learner's lead and the best lead give on it, double
   dummy.  Only then does the state hold the other hands.

From the bank the figures are the ones stored with the problem (the engine's,
over the layouts it was mined with; ``tests/test_lead_bank.py`` recomputes a
sample of them), so there is nothing to analyse: after the lead the phase is
``"answered"`` at once and ``progress`` shows the stored layouts as done.
The state's ``bank`` holds the problem's place in the bank and its
difficulty, and, once the lead is made, its theme (the convention that
applies: telling it before would give the answer away); ``None`` when fresh.

A running score counts the problems answered and those right.  With
``problems=N`` the drill ends (phase ``"done"``) once the N-th problem is
answered; by default it goes on for ever (``{"type": "next"}``).

Actions: ``{"type": "lead", "card": "AS"}``, ``{"type": "continue"}``,
``{"type": "next"}``.

>>> s = LeadDrillSession(seed=0, samples=4, batch=2, problems=1, fresh=True)
>>> st = s.state(); st["phase"], len(st["hand"]), st["layout"]
('lead', 10, None)
>>> st = s.act({"type": "lead", "card": st["hand"][0]}); st["phase"], st["progress"]
('analysing', {'done': 0, 'total': 4})
>>> while s.state()["phase"] == "analysing":
...     st = s.act({"type": "continue"})
>>> st["phase"], st["progress"]["done"], st["score"]["answered"], len(st["layout"]["hands"])
('done', 4, 1, 3)
>>> b = LeadDrillSession(seed=0, problems=1)  # from the bank
>>> st = b.act({"type": "lead", "card": b.state()["hand"][0]})
>>> st["phase"], st["bank"]["theme"] is not None, st["progress"]["done"] == st["progress"]["total"]
('done', True, True)
"""

from __future__ import annotations

from functools import partial
from html import escape

from ..advice import Advice
from ..analysis import LeadEvaluation, LeadReport
from ..balkan.contract import Game
from ..balkan.conventions.leads import opening_lead
from ..balkan.solve import beaten, lead_evaluation
from ..cards import Card, card_name, card_symbol, parse_card
from ..display import hand_svg, seat_words
from ..drill import (
    DIFFICULTIES,
    BankProblem,
    LeadProblem,
    bank_order,
    convention_gap,
    fits_auction,
    lead_problem,
    load_lead_bank,
    real_leads,
)
from ..errors import PrefaError
from ..i18n import _, ngettext
from ..quiz import school_label
from ..quiz_render import auction_table
from ..solver import backend
from .session import Action, Session, action_words
from .table_balkan import call_words

__all__ = ["LeadDrillSession"]


def _pct(x: float) -> str:
    return f"{x:.0%}"


class LeadDrillSession(Session):
    """Endless (or ``problems``) opening-lead problems, from the mined bank.

    The same ``seed`` gives the same problems and the same figures.  From
    the bank (the default) the problems come in the order
    :func:`~prefa.drill.bank_order` gives for the seed, round again after
    the last one.  With ``fresh=True`` they are dealt
    (:func:`~prefa.drill.lead_problem`) and ``samples`` layouts are solved for
    each problem's figures, ``batch`` of them per ``continue``: by default
    100 layouts in batches of 10 with the solver's native core, 24 in
    batches of 4 with the Python solver (in the browser), so a batch stays
    well under a second either way.  ``bank`` replaces the shipped bank (a
    sequence of :class:`~prefa.drill.BankProblem`).
    """

    view = "drill"

    def __init__(self, seed: int = 0, *, samples: int | None = None, batch: int | None = None,
                 problems: int | None = None, fresh: bool = False,
                 bank: tuple[BankProblem, ...] | None = None) -> None:
        super().__init__()
        native = backend() == "native"
        if samples is None:
            samples = 100 if native else 24
        if batch is None:
            batch = 10 if native else 4
        if samples < 1:
            raise PrefaError(f"bad number of samples {samples!r}: expected 1 or more")
        if batch < 1:
            raise PrefaError(f"bad batch {batch!r}: expected 1 or more layouts per step")
        if problems is not None and problems < 1:
            raise PrefaError(f"bad number of problems {problems!r}: expected 1 or more")
        self.seed, self.samples, self.batch, self.problems = seed, samples, batch, problems
        self.fresh = bool(fresh)
        self.bank: tuple[BankProblem, ...] = () if self.fresh else tuple(
            load_lead_bank() if bank is None else bank)
        if not self.fresh and not self.bank:
            raise PrefaError("the lead bank is empty: expected at least one problem "
                             "(or fresh=True to deal problems)")
        self.order = bank_order(seed, len(self.bank)) if self.bank else []
        self.k = -1
        self.right = self.answered = 0
        self._start_problem()

    # -- the problem ------------------------------------------------------------------
    def _start_problem(self) -> None:
        self.k += 1
        self.entry: BankProblem | None = None
        if self.fresh:
            self.problem: LeadProblem = lead_problem(self.seed, self.k)
        else:
            self.entry = self.bank[self.order[self.k % len(self.bank)]]
            self.problem = self.entry.problem
        self.lead: Card | None = None
        self.advice: Advice | None = None
        self.evaluation: LeadEvaluation | None = None
        self.report: LeadReport | None = None
        self.real: dict[Card, int] | None = None

    @property
    def phase(self) -> str:
        if self.lead is None:
            return "lead"
        if self.report is None:
            return "analysing"
        if self.problems is not None and self.k + 1 >= self.problems:
            return "done"
        return "answered"

    # -- the protocol -------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        ph = self.phase
        if ph == "lead":
            return [{"type": "lead", "card": card_name(c)} for c in self.problem.hand]
        if ph == "analysing":
            return [{"type": "continue"}]
        if ph == "answered":
            return [{"type": "next"}]
        return []

    def _refusal(self, action: object, legal: list[Action]) -> str:
        if (isinstance(action, dict) and action.get("type") == "lead"
                and self.phase == "lead"):
            text = action.get("card")
            try:
                card = parse_card(str(text).strip())
            except PrefaError as e:
                return _("{action} is not possible: {why}").format(
                    action=action_words(action), why=e)
            hand = " ".join(card_symbol(c) for c in self.problem.hand)
            if card in self.problem.hand:  # a legal card spelt another way
                return _("{action} is not possible: write the card as {card!r}").format(
                    action=action_words(action), card=card_name(card))
            return _("{action} is not possible: {card} is not in your hand ({hand})").format(
                action=action_words(action), card=card_symbol(card), hand=hand)
        if self.phase == "analysing":
            return _("{action} is not possible now: the leads are being analysed "
                     "(continue)").format(action=action_words(action))
        return super()._refusal(action, legal)

    def _apply(self, action: Action) -> None:
        kind = action["type"]
        if kind == "lead":
            p = self.problem
            self.lead = parse_card(action["card"])
            self.advice = opening_lead(p.situation())
            if self.entry is not None:  # the bank's figures: nothing to analyse
                self._answered(self.entry.report())
                return
            self.evaluation = lead_evaluation(p.hand, p.contract.game, p.declarer, p.leader,
                                             samples=self.samples, seed=p.eval_seed,
                                             accept=partial(fits_auction, p))
        elif kind == "continue":
            ev = self.evaluation
            assert ev is not None
            ev.step(self.batch)
            if ev.is_done:
                self._answered(ev.report())
        elif kind == "next":
            self._start_problem()

    def _answered(self, report: LeadReport) -> None:
        self.report = report
        self.real = real_leads(self.problem)
        self.answered += 1
        self.right += self.is_right

    @property
    def is_right(self) -> bool:
        """Is the learner's lead as good as the best (once the figures are in)?"""
        return (self.report is not None and self.lead is not None
                and self.report.as_good_as_best(self.lead))

    # -- the state ----------------------------------------------------------------------
    def _state(self) -> dict:
        p = self.problem
        auction = p.auction()
        out: dict = {
            "phase": self.phase,
            "seed": self.seed,
            "problem": {
                "number": self.k + 1,
                "contract": (_("igra {game}").format(game=_(str(p.contract.game)))
                             if p.contract.igra else _(str(p.contract.game))),
                "declarer": p.declarer,
                "leader": p.leader,
                "defenders": list(p.defenders),
                "auction": {"seats": list(auction.seats),
                            "calls": [[s, call_words(c)] for s, c in auction.calls]},
                "summary": p.auction_text,
            },
            "hand": [card_name(c) for c in p.hand],
            "lead": card_name(self.lead) if self.lead is not None else None,
            "convention": None,
            "progress": self._progress(),
            "bank": self._bank_state(),
            "leads": [],
            "verdict": None,
            "layout": None,
            "score": {"right": self.right, "answered": self.answered},
            "last": self.problems is not None and self.k + 1 >= self.problems,
        }
        if self.advice is not None:
            a = self.advice
            out["convention"] = {
                "card": a.action, "name": a.name, "reason": a.reason,
                "schools": [{"school": k, "label": school_label(k), "card": v.action,
                             "name": v.name}
                            for k, v in a.schools.items()]}
        if self.report is not None:
            out["leads"] = self._leads()
            out["verdict"] = self._verdict()
            out["layout"] = self._layout()
        return out

    def _progress(self) -> dict:
        if self.entry is not None:
            n = self.entry.samples
            return {"done": n if self.report is not None else 0, "total": n}
        return {"done": self.evaluation.done if self.evaluation else 0, "total": self.samples}

    def _bank_state(self) -> dict | None:
        e = self.entry
        if e is None:
            return None
        return {"index": self.order[self.k % len(self.bank)], "size": len(self.bank),
                "difficulty": _(DIFFICULTIES.get(e.difficulty, e.difficulty)),
                "theme": e.theme if self.lead is not None else None}

    def _leads(self) -> list[dict]:
        r = self.report
        assert r is not None and self.advice is not None
        conv = self.advice.action
        return [{"card": card_name(s.card), "mean_tricks": round(s.mean_tricks, 4),
                 "beat_chance": round(s.beat_chance, 4),
                 "mean_text": f"{s.mean_tricks:.2f}", "beat_text": _pct(s.beat_chance),
                 "best": r.as_good_as_best(s.card),
                 "convention": card_name(s.card) == conv, "yours": s.card == self.lead}
                for s in r.leads]

    def _verdict(self) -> dict:
        r, lead = self.report, self.lead
        assert r is not None and lead is not None and self.advice is not None
        mine, best = r.of(lead), r.best
        rank = [s.card for s in r.leads].index(lead) + 1
        figures = _("the declarer takes {mean} tricks on average and the contract is beaten "
                    "{chance} of the time").format(mean=f"{mine.mean_tricks:.2f}",
                                                   chance=_pct(mine.beat_chance))
        if self.is_right:
            text = _("Right: {card} is as good as the best lead, seeing only your own cards; "
                     "{figures}.").format(card=card_symbol(lead), figures=figures)
        else:
            text = _("Not the best: after {card} {figures} (lead {rank} of {n}); the best "
                     "lead, {best}, gives {mean} tricks, beaten {chance}.").format(
                card=card_symbol(lead), figures=figures, rank=rank, n=len(r.leads),
                best=card_symbol(best.card), mean=f"{best.mean_tricks:.2f}",
                chance=_pct(best.beat_chance))
        conv = self.advice.action
        agrees = card_name(lead) == conv
        why = convention_gap(parse_card(conv), self.advice.name, r, self.real,
                             betl=self.problem.contract.game is Game.BETL)
        if agrees:
            said = _("Your lead is the convention's lead.") + (" " + why if why else "")
        else:
            said = why or _("The convention leads {card}.").format(
                card=card_symbol(parse_card(conv)))
        return {"right": self.is_right, "text": text, "convention_agrees": agrees,
                "convention_text": said, "convention_why": why}

    def _layout(self) -> dict:
        p, real, r = self.problem, self.real, self.report
        assert real is not None and r is not None and self.lead is not None
        game = p.contract.game
        mine, best = real[self.lead], real[r.best.card]
        top = max(real.values()) if game is Game.BETL else min(real.values())

        def says(card: Card, n: int) -> str:
            return (ngettext("{card}: the declarer takes {n} trick (beaten)",
                             "{card}: the declarer takes {n} tricks (beaten)", n)
                    if beaten(game, n) else
                    ngettext("{card}: the declarer takes {n} trick (made)",
                             "{card}: the declarer takes {n} tricks (made)", n)).format(
                card=card_symbol(card), n=n)

        words = [_("On the real layout, with all cards open, {says}.").format(
            says=says(self.lead, mine))]
        if r.best.card != self.lead:
            words.append(_("The best lead seeing only your own cards, {says}.").format(
                says=says(r.best.card, best)))
        dd = [card_name(c) for c, n in real.items() if n == top]
        return {
            "hands": [[card_name(c) for c in h] for h in p.deal.hands[:3]],
            "talon": [card_name(c) for c in p.deal.talon],
            "tricks": {card_name(c): n for c, n in real.items()},
            "yours": mine, "best_card": card_name(r.best.card), "best": best,
            "double_dummy_best": dd,
            "text": " ".join(words),
        }

    # -- static picture -----------------------------------------------------------------
    def static_html(self) -> str:
        """The problem (and, once answered, the answer) as plain HTML."""
        s = self.state()
        pr = s["problem"]
        p = self.problem
        problem = escape(_("Problem {n}").format(n=pr["number"]))
        # Translators: the static drill's problem; {contract} is set bold
        where = escape(_("Contract: {contract} by seat {seat}; you are seat {leader}, "
                         "on lead.")).format(contract=f"<b>{escape(pr['contract'])}</b>",
                                             seat=pr["declarer"], leader=pr["leader"])
        head = f'<div class="pf-drill-static"><p><b>{problem}.</b> {where}</p>'
        if s["bank"]:
            b = s["bank"]
            head += "<p>" + escape(_(
                "A problem from the lead bank ({no} of {size}), chosen because the lead "
                "matters here; difficulty: {difficulty}.").format(
                no=b["index"] + 1, size=b["size"], difficulty=b["difficulty"])) + "</p>"
        out = [head,
               auction_table(pr["auction"]["seats"], pr["auction"]["calls"]),
               str(hand_svg(p.hand, label=seat_words(p.leader)))]
        if s["convention"]:
            c = s["convention"]
            out.append("<p>" + escape(_(
                "Your lead: {card}. Convention: {convention} ({name}): {reason}").format(
                card=card_symbol(parse_card(s["lead"])),
                convention=card_symbol(parse_card(c["card"])), name=c["name"],
                reason=c["reason"])) + "</p>")
        if s["verdict"]:
            out.append(f"<p><b>{escape(s['verdict']['text'])}</b></p>")
            rows = "".join(
                f"<tr><td>{escape(card_symbol(parse_card(x['card'])))}</td>"
                f"<td>{x['mean_tricks']:.2f}</td><td>{_pct(x['beat_chance'])}</td></tr>"
                for x in s["leads"])
            total = s["progress"]["total"]
            caption = ngettext("Leads over {n} sampled layout", "Leads over {n} sampled layouts",
                               total).format(n=total)
            heads = "".join(f"<th>{escape(_(h), quote=False)}</th>" for h in (
                "Lead", "Declarer's mean tricks", "Chance to beat"))  # the view's words
            out.append(f"<table><caption>{escape(caption)}</caption>"
                       f"<thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table>"
                       f"<p>{escape(s['layout']['text'])}</p>")
        score = _("Score: {right} of {answered} right").format(right=self.right,
                                                              answered=self.answered)
        out.append(f"<p>{escape(score)}.</p></div>")
        return "".join(out)

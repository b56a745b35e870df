"""Drill problems: seeded opening-lead problems and how a lead is judged.

:func:`lead_problem` makes problem ``k`` of a drill with a seed: a deal, the
contract, the auction that led to it, who declares and who leads; the same
seed and number always give the same problem.  What the learner is judged
by, once he has led:

- the convention's lead (:func:`prefa.balkan.conventions.leads.opening_lead`);
- each lead's single-dummy figures over sampled layouts that fit the
  auction (:class:`prefa.analysis.LeadEvaluation`, :func:`fits_auction`):
  every lead as good as the best
  (:meth:`~prefa.analysis.LeadReport.as_good_as_best`) counts as right;
- the real layout, solved double dummy (:func:`real_leads`): what each lead
  gives the declarer on the cards as they lie.

Decisions where the rules say nothing (they are the drill's, not the
game's): the declarer is the hand with the most potential tricks, and a
deal is used only when that hand is worth an igra (:data:`IGRA_POTENTIAL`);
he plays igra (no talon) so that the leader knows nothing of the talon, and
both defenders follow, so that the lead is a real defensive lead.

>>> p = lead_problem(0, 0)
>>> p == lead_problem(0, 0), p.leader != p.declarer, len(p.hand)
(True, True, 10)
>>> [str(c) for _, c in p.auction().calls], str(p.contract)
(['igra', 'pass', 'pass'], 'igra hearts')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import partial
from importlib import resources

from .analysis import LeadReport
from .balkan.auction import Auction
from .balkan.contract import Contract, Game
from .balkan.conventions.evaluation import hand_potential
from .balkan.conventions.leads import LeadSituation, opening_lead
from .balkan.solve import evaluate_leads, position_from_deal
from .cards import Card, CardSet, Suit, card_name, card_symbol, parse_card
from .deal import Deal, SplitMix64, random_deal
from .i18n import N_, _, ngettext
from .solver import Solver

__all__ = ["BANK_GAP", "BANK_SAMPLES", "BANK_SEED", "DIFFICULTIES", "IGRA_POTENTIAL",
           "BankProblem", "LeadProblem", "bank_order", "convention_gap", "difficulty",
           "fits_auction", "lead_figures", "lead_problem", "load_lead_bank", "mine_problem",
           "real_leads"]


@dataclass(frozen=True, slots=True)
class LeadProblem:
    """One opening-lead problem: the deal, the contract, who declares and who leads."""

    number: int
    deal: Deal
    contract: Contract
    declarer: int
    leader: int
    eval_seed: int

    @property
    def hand(self) -> CardSet:
        """The leader's hand."""
        return self.deal.hands[self.leader]

    @property
    def defenders(self) -> tuple[int, ...]:
        """The two defenders (both follow)."""
        return tuple(s for s in range(3) if s != self.declarer)

    def auction(self) -> Auction:
        """The auction that led to the contract: the others pass, the declarer
        announces igra (or betl/sans directly) at his first turn."""
        game = self.contract.game
        word = game.name.lower() if game in (Game.BETL, Game.SANS) else "igra"
        calls = [word if s == self.declarer else "pass" for s in range(3)]
        return Auction.from_text(", ".join(calls))

    @property
    def auction_text(self) -> str:
        """A summary of the auction that led to the contract."""
        others = [s for s in range(3) if s != self.declarer]
        return _("Seat {seat} said igra and named {game}; seats {one} and {other} both "
                 "defend. The talon stays hidden.").format(
            seat=self.declarer, game=_(str(self.contract.game)), one=others[0], other=others[1])

    def situation(self) -> LeadSituation:
        """The leader's :class:`~prefa.balkan.conventions.leads.LeadSituation`."""
        trump = self.contract.game.trump
        bids = {self.declarer: trump} if trump is not None else None
        return LeadSituation.of(self.hand, self.contract, declarer=self.declarer,
                                leader=self.leader, bids=bids)


IGRA_POTENTIAL = 5.5
"""The declarer's least potential tricks in a drill problem: an igra of a
weaker hand is no contract a real player would announce, and the lead
hardly matters against it."""

MAX_REDEALS = 64
"""Deals tried for one problem before the strongest one found is taken."""


def _declarer(deal: Deal) -> tuple[int, float]:
    pots = [hand_potential(h) for h in deal.hands[:3]]
    seat = max(range(3), key=lambda s: (pots[s], -s))
    return seat, pots[seat]


def _game(hand: CardSet) -> Game:
    """The game the declarer names: his longest suit (the strongest of equally
    long ones) when it holds four cards, else sans."""
    suit = max(Suit, key=lambda s: (hand.count(s), sum(hand.ranks(s)), int(s)))
    if hand.count(suit) < 4:
        return Game.SANS
    return {Suit.SPADES: Game.SPADES, Suit.DIAMONDS: Game.DIAMONDS,
            Suit.HEARTS: Game.HEARTS, Suit.CLUBS: Game.CLUBS}[suit]


def lead_problem(seed: int, k: int) -> LeadProblem:
    """Problem ``k`` of the drill with ``seed``: deterministic.

    The deal is ``random_deal(seed * 1000 + k)`` when its strongest hand
    (:func:`~prefa.balkan.conventions.evaluation.hand_potential`, the lower seat
    on a tie) holds :data:`IGRA_POTENTIAL` potential tricks; otherwise the
    next seeds of a :class:`~prefa.deal.SplitMix64` stream from that number
    are dealt until one does (at most :data:`MAX_REDEALS`; then the
    strongest seen).  That hand declares igra in its longest suit (the
    strongest of equally long suits), or sans when no suit holds four
    cards.  The forehand leads in a suit game (the next seat when he
    declares); in sans the defender just before the declarer leads through
    him.

    >>> ps = [lead_problem(0, k) for k in range(20)]
    >>> all(hand_potential(p.deal.hands[p.declarer]) >= IGRA_POTENTIAL for p in ps)
    True
    >>> [p.contract.game.name for p in ps[:4]]
    ['HEARTS', 'CLUBS', 'DIAMONDS', 'CLUBS']
    """
    base = seed * 1000 + k
    stream = SplitMix64(base)
    deal = random_deal(base)
    declarer, pot = _declarer(deal)
    for _ in range(MAX_REDEALS - 1):
        if pot >= IGRA_POTENTIAL:
            break
        other = random_deal(stream.next64())
        d, p = _declarer(other)
        if p > pot:
            deal, declarer, pot = other, d, p
    game = _game(deal.hands[declarer])
    if game is Game.SANS:
        leader = (declarer - 1) % 3
    else:
        leader = 0 if declarer != 0 else 1
    return LeadProblem(k + 1, deal, Contract(game, igra=True), declarer, leader, base)


def fits_auction(problem: LeadProblem, layout: Deal) -> bool:
    """Does ``layout`` (three hands, the leader's as dealt) fit what the auction
    told the leader?  The declarer holds the strongest hand, worth an igra
    (when the real one is), and the game he named is the one his hand names.

    The lead drill samples only such layouts: a declarer who announced igra
    in hearts holds long hearts and a strong hand, not ten random cards.

    >>> p = lead_problem(0, 0)
    >>> fits_auction(p, Deal(p.deal.hands[:3]))
    True
    """
    d = problem.declarer
    if _game(layout.hands[d]) is not problem.contract.game:  # the cheap test first
        return False
    seat, pot = _declarer(layout)
    return seat == d and not pot < IGRA_POTENTIAL <= hand_potential(problem.deal.hands[d])


def real_leads(problem: LeadProblem, solver: Solver | None = None) -> dict[Card, int]:
    """The declarer's tricks after each lead on the real layout, double dummy
    (the talon out of play), in :class:`~prefa.cards.CardSet` order.

    >>> p = lead_problem(0, 0)
    >>> t = real_leads(p); len(t), set(t) == set(p.hand)
    (10, True)
    """
    hands = Deal(tuple(problem.deal.hands[:3]))
    position = position_from_deal(hands, problem.contract.game, problem.declarer,
                                  problem.leader)
    return (solver or Solver()).card_table(position)


# -- the mined bank ----------------------------------------------------------------------
BANK_SEED = 19
"""The drill seed whose problems the shipped bank was mined from (``lead_problem(BANK_SEED, k)``)."""

BANK_SAMPLES = 100
"""Layouts solved for each mined problem's figures (those of the drill with the native core)."""

BANK_GAP = 0.15
"""A problem is kept when its best lead beats the contract at least this much
more often than its worst lead (15 points of chance, on the sampled layouts);
about one drill problem in four passes."""

BANK_PATH = "data/lead_bank.json"
"""Where the bank lives inside the package (the site's zip carries it)."""

NEAR_BEST = 0.05
"""A lead within this chance of beating of the best lead is *near the best*
when the difficulty is judged."""


def lead_figures(problem: LeadProblem, samples: int = BANK_SAMPLES) -> LeadReport:
    """Each lead's single-dummy figures for ``problem``, as the drill computes
    them: ``samples`` layouts that fit the auction, sampled from the problem's
    own evaluation seed, so the same problem always gets the same figures."""
    return evaluate_leads(problem.hand, problem.contract.game, problem.declarer,
                          problem.leader, samples=samples, seed=problem.eval_seed,
                          accept=partial(fits_auction, problem))


def difficulty(report: LeadReport) -> str:
    """How hard a problem is, from the engine's figures: the share of the
    leader's cards that come within :data:`NEAR_BEST` of the best lead's
    chance of beating the contract.  Half the hand or more is ``"easy"`` (most
    leads will do), under a fifth ``"hard"`` (of ten cards, only the best one),
    ``"medium"`` between.

    >>> from prefa.analysis import LeadStats
    >>> r = LeadReport(10, tuple(LeadStats(c, 6.0, 0.5 if c == 0 else 0.1) for c in range(10)))
    >>> difficulty(r)
    'hard'
    """
    best = report.best.beat_chance
    near = sum(1 for s in report.leads if best - s.beat_chance <= NEAR_BEST + 1e-9)
    share = near / len(report.leads)
    return "easy" if share >= 0.5 else "hard" if share < 0.2 else "medium"


DIFFICULTIES = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}
"""The difficulties a problem is given (:func:`difficulty`), marked for the catalog."""


@dataclass(frozen=True, slots=True)
class BankProblem:
    """A mined lead problem: which drill problem it is, its theme and difficulty,
    and each lead's figures as the engine computed them when it was mined."""

    seed: int
    k: int
    samples: int
    theme: str
    """The convention that applies (:func:`~prefa.balkan.conventions.leads.opening_lead`'s id)."""
    convention: str
    """The convention's card (the default school's)."""
    difficulty: str
    figures: tuple[tuple[str, float, float], ...]
    """``(card, declarer's mean tricks, chance to beat)`` per lead, the best first (4 decimals)."""

    @property
    def problem(self) -> LeadProblem:
        """The drill problem, dealt again from its seed."""
        return lead_problem(self.seed, self.k)

    def report(self) -> LeadReport:
        """The stored figures as a :class:`~prefa.analysis.LeadReport`."""
        from .analysis import LeadStats
        return LeadReport(self.samples, tuple(LeadStats(parse_card(c), m, b)
                                              for c, m, b in self.figures))

    @property
    def convention_is_best(self) -> bool:
        return self.report().as_good_as_best(parse_card(self.convention))

    def to_json(self) -> dict:
        return {"seed": self.seed, "k": self.k, "samples": self.samples, "theme": self.theme,
                "convention": self.convention, "difficulty": self.difficulty,
                "figures": [list(f) for f in self.figures]}

    @classmethod
    def from_json(cls, d: dict) -> BankProblem:
        return cls(int(d["seed"]), int(d["k"]), int(d["samples"]), str(d["theme"]),
                   str(d["convention"]), str(d["difficulty"]),
                   tuple((str(c), float(m), float(b)) for c, m, b in d["figures"]))


def _rounded(report: LeadReport) -> tuple[tuple[str, float, float], ...]:
    return tuple((card_name(s.card), round(s.mean_tricks, 4), round(s.beat_chance, 4))
                 for s in report.leads)


def mine_problem(seed: int, k: int, samples: int = BANK_SAMPLES,
                 gap: float = BANK_GAP) -> BankProblem | None:
    """Drill problem ``k`` of ``seed`` as a bank problem, or ``None`` when the
    lead hardly matters there: its best lead must beat the contract at least
    ``gap`` more often than its worst, on ``samples`` sampled layouts."""
    p = lead_problem(seed, k)
    r = lead_figures(p, samples)
    if r.best.beat_chance - r.leads[-1].beat_chance < gap - 1e-9:
        return None
    advice = opening_lead(p.situation())
    return BankProblem(seed, k, samples, advice.convention, advice.action, difficulty(r),
                       _rounded(r))


def load_lead_bank(text: str | None = None) -> tuple[BankProblem, ...]:
    """The shipped bank (``prefa/data/lead_bank.json``), or the bank in ``text``."""
    if text is None:
        text = resources.files("prefa").joinpath(BANK_PATH).read_text(encoding="utf-8")
    data = json.loads(text)
    return tuple(BankProblem.from_json(d) for d in data["problems"])


def bank_order(seed: int, size: int) -> list[int]:
    """The order in which a drill with ``seed`` draws a bank of ``size``
    problems: a shuffle seeded by ``seed`` (the same seed, the same order).

    >>> bank_order(3, 5) == bank_order(3, 5), sorted(bank_order(3, 5))
    (True, [0, 1, 2, 3, 4])
    """
    rng = SplitMix64(seed)
    order = list(range(size))
    for i in range(size - 1, 0, -1):
        j = rng.next64() % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def convention_gap(convention: Card, name: str, report: LeadReport,
                   real: dict[Card, int] | None = None, *, betl: bool = False) -> str:
    """One sentence on why the convention's lead is not the best lead, or ``""``
    when it is as good as the best over the sampled layouts and on the real one.

    ``report`` holds the leads' figures over layouts that fit the auction (what
    the leader can know, seeing only his own cards); ``real`` the declarer's
    tricks after each lead on the real layout, with all cards open
    (:func:`real_leads`).  A convention is a rule for most hands: the sentence
    says which of the two it lost to, and why the table cannot see the second.

    >>> from prefa.analysis import LeadStats
    >>> r = LeadReport(10, (LeadStats(parse_card("KH"), 4.0, 0.6),
    ...                     LeadStats(parse_card("7C"), 4.0, 0.6)))
    >>> print(convention_gap(parse_card("7C"), "top of a sequence", r,
    ...                      {parse_card("KH"): 4, parse_card("7C"): 5}))
    The convention leads 7♣ (top of a sequence); with all cards open K♥ takes one trick more \
for the defence, but you cannot see that at the table.
    """
    conv = report.of(convention)
    best = report.best
    head = _("The convention leads {card} ({name})").format(card=card_symbol(convention),
                                                            name=name[:1].lower() + name[1:])
    if not report.as_good_as_best(convention):
        return _("{head}, a rule for most hands; over the layouts that fit the auction "
                 "{best} does better here (the declarer takes {b:.2f} tricks on average, "
                 "against {c:.2f} after {card}), which only counting every layout "
                 "shows.").format(head=head, best=card_symbol(best.card), b=best.mean_tricks,
                                  c=conv.mean_tricks, card=card_symbol(convention))
    if not real or convention not in real:
        return ""
    # For the defence, fewer declarer's tricks are better, except against a betl.
    better = max(real, key=lambda c: (real[c] if betl else -real[c], c == convention))
    gain = abs(real[better] - real[convention])
    if gain == 0:
        return ""
    more = (_("one trick more") if gain == 1 else
            ngettext("{n} trick more", "{n} tricks more", gain).format(n=gain))
    return _("{head}; with all cards open {card} takes {more} for the defence, but you "
             "cannot see that at the table.").format(head=head, card=card_symbol(better),
                                                      more=more)

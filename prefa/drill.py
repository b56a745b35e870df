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

from dataclasses import dataclass

from .balkan.auction import Auction
from .balkan.contract import Contract, Game
from .balkan.conventions.evaluation import hand_potential
from .balkan.conventions.leads import LeadSituation
from .balkan.solve import position_from_deal
from .cards import Card, CardSet, Suit
from .deal import Deal, SplitMix64, random_deal
from .solver import Solver

__all__ = ["IGRA_POTENTIAL", "LeadProblem", "fits_auction", "lead_problem", "real_leads"]


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
        return (f"Seat {self.declarer} said igra and named {self.contract.game}; "
                f"seats {others[0]} and {others[1]} both defend. The talon stays hidden.")

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

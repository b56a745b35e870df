"""Greek Prefa (Πρέφα): the ruleset of seed 000 (RULES.md §2).

One module per concept:

- :mod:`~prefa.greek.options`: :class:`GreekRules`, the options and their defaults;
- :mod:`~prefa.greek.contract`: contracts 6–10 × ♠ ♣ ♦ ♥ NT and their values in kasa;
- :mod:`~prefa.greek.auction`: the step-by-step auction, "ναι", the blind take, Πρέφα;
- :mod:`~prefa.greek.defence`: play or pass, alone or along, the obligations;
- :mod:`~prefa.greek.hand`: a whole hand, from the deal to the result;
- :mod:`~prefa.greek.kasa`: the kasa and kapikia sheet of a whole game;
- :mod:`~prefa.greek.conventions`: the seed's advice as small pure functions;
- :mod:`~prefa.greek.quiz`: question kinds for Greek positions.

The kasa sheet drawn as HTML is the front-end's: :mod:`prefa.ui.sheets_greek`.

>>> from prefa.greek import GreekHand, KasaSheet, score_hand
>>> h = GreekHand()
>>> for c in ["Πρώτα", "pass", "pass"]: h.call(c)
>>> h.declare("6H"); h.decide("play"); h.decide("play"); h.claim((6, 2, 2))
>>> score_hand(KasaSheet.new(), h.result()).kasa
(25, 30, 30)
"""

from .auction import Auction, AuctionResult, Call
from .contract import Contract, Denomination
from .defence import Decision, Defence
from .hand import GreekHand, Phase, random_greek_deal, replay, replay_text
from .kasa import HandResult, KasaChange, KasaSheet, Outcome, score_change, score_hand
from .options import GreekRules

__all__ = ["Auction", "AuctionResult", "Call", "Contract", "Decision", "Defence",
           "Denomination", "GreekHand", "GreekRules", "HandResult", "KasaChange", "KasaSheet",
           "Outcome", "Phase", "random_greek_deal", "replay", "replay_text", "score_change",
           "score_hand"]

"""Greek Vida (βίδα): the four-player partnership game of the Belote family.

Two fixed teams of two (partners sit opposite), 32 cards, eight to each
player, an auction for a trump suit and a number of points, melds (*aera*,
αέρα) and the *belote* (μπελότε), and trick points that add up to 162 in a
hand.  One module per concept (RULES.md §4, seed 002):

- :mod:`~prefa.vida.options`: the rule options (:class:`VidaRules`);
- :mod:`~prefa.vida.teams`: seats, partners and teams;
- :mod:`~prefa.vida.points`: card points and the order of the cards;
- :mod:`~prefa.vida.melds`: melds, which team's melds count, the belote;
- :mod:`~prefa.vida.auction`: bids, *vida* and *kontra-vida*;
- :mod:`~prefa.vida.hand`: a whole hand from the deal to its result;
- :mod:`~prefa.vida.scoring`: rounding, what each team writes, the game;
- :mod:`~prefa.vida.conventions`: what an opening and a raise promise;
- :mod:`~prefa.vida.quiz`: the Vida question kinds of the quiz files.
"""

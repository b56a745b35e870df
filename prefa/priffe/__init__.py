"""Swedish Priffe (*priffe*, *preference*): four-handed preference in two
partnerships, with honours and rubbers (seed 003, RULES.md §5).

One module per concept:

- :mod:`~prefa.priffe.options`: :class:`PriffeRules` and the two score tables;
- :mod:`~prefa.priffe.teams`: partners sit opposite; seatings and rotation;
- :mod:`~prefa.priffe.contract`: forced noll, diamonds, hearts, noll, play;
- :mod:`~prefa.priffe.auction`: the one-round auction;
- :mod:`~prefa.priffe.honours`: the honour-trick table for bidding and the
  honours that score;
- :mod:`~prefa.priffe.hand`: one hand from the deal to the tricks;
- :mod:`~prefa.priffe.scoring`: trick points, games, the rubber, individual points;
- :mod:`~prefa.priffe.conventions`: what each bid promises, and advice;
- :mod:`~prefa.priffe.quiz`: the Priffe question kinds.
"""

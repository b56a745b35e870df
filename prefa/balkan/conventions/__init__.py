"""The Balkan conventions: what good players do, not only what is legal.

One module per topic; each function returns an :class:`~prefa.advice.Advice`
(the answer type every ruleset's conventions share).  The conventions never
change the rules: the engine's legality stays in :mod:`prefa.play` and the
rulesets.
"""

"""Russian preferans (*преферанс*): the Sochi game with the Leningrad and Rostov
options, misère, raspasovka and the pool / gora / whist sheet (RULES.md §3,
seed 004).

Modules, one per concept: :mod:`~prefa.russian.options` (the rules and their
options), :mod:`~prefa.russian.contract` (the bidding ladder and pool values),
:mod:`~prefa.russian.deal` (dealing), :mod:`~prefa.russian.auction`,
:mod:`~prefa.russian.hand` (one hand from the deal to its result),
:mod:`~prefa.russian.scoring` (the sheet and the settlement),
:mod:`~prefa.russian.record` (the hand record and quiz positions),
:mod:`~prefa.russian.solve` (the exact solver on Russian positions),
:mod:`~prefa.russian.quiz` (question kinds).  The sheet drawn as an HTML
table is the front-end's: :mod:`prefa.ui.sheets_russian`.
"""

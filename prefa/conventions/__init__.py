"""Conventions: what good players do, not only what is legal.

One module per topic; each function returns an :class:`Advice`.  The
conventions never change the rules: the engine's legality stays in
:mod:`prefa.play` and the rulesets.
"""

from .advice import Advice

__all__ = ["Advice"]

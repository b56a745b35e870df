"""Bridge from :mod:`prefa.solver` to its native core (``prefa._native``, C).

The C search (``solver.c``, API in ``solver.h``, CPython binding in
``binding.c``) is built at install as an optional extension; under Pyodide
the same source compiled to WebAssembly (``solver.wasm``, see
:mod:`prefa._solver.build_wasm` and :mod:`prefa._solver.wasm`) takes its
place.  This module says whether a core is there and turns the solver's
positions into the plain integers the core takes.  ``PREFA_SOLVER=python`` in the environment (read
at import) keeps the pure-Python reference even when the core is built.
"""

from __future__ import annotations

import os
import sys

from ..cards import card_name, deck
from ..errors import RuleOptionError
from ..play import Overtake, PlayRules

BUILT = None
"""The extension module ``prefa._native``, or ``None`` where it was not built."""
REASON = ""
"""Why the native core is not the default (empty when it is)."""

_LAZY = sys.platform == "emscripten"
"""Under Pyodide the WebAssembly core is loaded at the first question (see
:func:`_ensure`), not at import: an interpreter saved right after importing
the engine (the site's memory snapshot) then holds no JavaScript object."""


def _settle() -> None:
    global REASON, _native
    if BUILT is not None and os.environ.get("PREFA_SOLVER", "").strip().lower() == "python":
        REASON = "PREFA_SOLVER=python"
    _native = BUILT if not REASON else None


def _ensure() -> None:
    """Load the WebAssembly core under Pyodide, once, when first asked for."""
    global BUILT, REASON, _LAZY
    if not _LAZY:
        return
    _LAZY = False
    try:
        from .wasm import load as _load_wasm
        BUILT = _load_wasm()
        REASON = ""
    except ImportError as exc:
        REASON = f"the WebAssembly core is not available ({exc})"
    _settle()


if _LAZY:  # Pyodide: the core compiled to WebAssembly, loaded by _ensure()
    REASON = "the WebAssembly core is loaded at the first solve"
else:
    try:
        from .. import _native as BUILT  # type: ignore[attr-defined, no-redef]
    except ImportError as exc:  # not built on this machine
        REASON = f"the extension prefa._native is not built ({exc})"
_native = None
_settle()

_OVERTAKE = {Overtake.NEVER: 0, Overtake.TRUMP_LEAD: 1, Overtake.ALWAYS: 2}


def available() -> bool:
    """True when the native core is built and not switched off (the default)."""
    _ensure()
    return _native is not None


def built() -> bool:
    """True when the native core is built (``Solver(backend="native")`` works)."""
    _ensure()
    return BUILT is not None


class NativeEngine:
    """The native solver for one setting: rules, declarer, seat out, goal."""

    __slots__ = ("engine", "placed")

    def __init__(self, rules: PlayRules, declarer: int, out: int | None, goal: str,
                 max_entries: int) -> None:
        strength = [-1] * 64
        placed = 0
        for c in deck(32):
            try:
                strength[c] = rules.strength(c)
            except ValueError:  # a rank the rules' order leaves out
                continue
            placed |= 1 << c
        self.placed = placed
        self.engine = BUILT.Engine(
            strength, -1 if rules.trump is None else int(rules.trump), rules.must_trump,
            _OVERTAKE[rules.overtake], rules.must_overtrump, declarer,
            -1 if out is None else out, goal == "betl", max_entries)

    @property
    def nodes(self) -> int:
        return self.engine.nodes

    def args(self, p) -> tuple:
        """The position ``p`` as the core's arguments (hands, leader, trick)."""
        a, b, c = p.hands[0].mask, p.hands[1].mask, p.hands[2].mask
        trick = p.trick
        bad = (a | b | c) & ~self.placed
        for x in trick:
            bad |= (1 << x) & ~self.placed
        if bad:
            card = (bad & -bad).bit_length() - 1
            raise RuleOptionError(f"{card_name(card)} has no place in the rank order "
                                  "of these rules")
        return a, b, c, p.leader, trick

"""How the conventions fare against exact play: the saved measurements.

``benchmarks/measure_conventions.py`` plays many seeded random deals, asks
the lead and discard conventions for their card, and asks the solver what
every card is worth; it saves, per convention, how often the convention's
card is among the best and what it costs when it is not.  Lessons read the
saved file through :func:`measurements` (the solver is not run again).

>>> m = measurements()
>>> sorted(m["conventions"])[0].split(":")[0] in ("discard", "lead")
True
>>> 0 <= measured("lead.top-of-sequence")["best_rate"] <= 1
True
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from ...errors import PrefaError


@lru_cache(maxsize=1)
def measurements() -> dict:
    """The saved measurement report (a dict; see the benchmark script)."""
    text = resources.files("prefa").joinpath("data/convention_measurements.json").read_text()
    return json.loads(text)


def measured(convention: str) -> dict:
    """The figures of one convention id (``lead.top-of-sequence``, ``signal.sans-high-low``...)."""
    for key, value in measurements()["conventions"].items():
        if key.split(":", 1)[1] == convention:
            return value
    raise PrefaError(f"no measurement for convention {convention!r}: measured are "
                     + ", ".join(k.split(":", 1)[1] for k in measurements()["conventions"]))

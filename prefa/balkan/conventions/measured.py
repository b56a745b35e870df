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

Each rate comes with its 95% interval (Wilson's), and :func:`figure` writes
both for a lesson, with the number of deals:

>>> lo, hi = best_rate_interval("lead.top-of-sequence")
>>> lo <= measured("lead.top-of-sequence")["best_rate"] <= hi
True
>>> figure("lead.top-of-sequence").endswith(f"{measurements()['deals']:,} deals)")
True

:func:`habit_line` writes a convention's whole line, as lessons 09-12 list them.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from ...errors import PrefaError
from ...i18n import N_, _, ngettext, number, pgettext

METHOD = N_("strongest hand buys at 2 (weakest for betl) and declares its longest suit, sans or "
            "betl; both defenders follow; best play afterwards")
"""The saved report's ``method``, as a message of the catalog (shown translated)."""


@lru_cache(maxsize=1)
def _report() -> dict:
    text = resources.files("prefa").joinpath("data/convention_measurements.json").read_text()
    return json.loads(text)


def measurements() -> dict:
    """The saved measurement report (a dict; see the benchmark script), its
    ``method`` in the learner's language."""
    report = dict(_report())
    if report.get("method") == METHOD:
        report["method"] = _(METHOD)
    return report


def measured(convention: str) -> dict:
    """The figures of one convention id (``lead.top-of-sequence``, ``signal.sans-high-low``...)."""
    for key, value in measurements()["conventions"].items():
        if key.split(":", 1)[1] == convention:
            return {**value, "name": _(value["name"])} if "name" in value else value
    raise PrefaError(f"no measurement for convention {convention!r}: measured are "
                     + ", ".join(k.split(":", 1)[1] for k in measurements()["conventions"]))


def best_rate_interval(convention: str) -> tuple[float, float]:
    """The 95% interval (low, high) of a convention's ``best_rate``."""
    lo, hi = measured(convention)["best_rate_ci95"]
    return lo, hi


def figure(convention: str) -> str:
    """A convention's best rate with its 95% interval, as a lesson shows it.

    Like ``88% (85–91%, 10,000 deals)``, in the learner's language; a rate of
    100% is still given its interval, since the sample is finite.
    """
    m = measured(convention)
    lo, hi = best_rate_interval(convention)
    deals = measurements()["deals"]
    return ngettext("{rate}% ({low}–{high}%, {n} deal)", "{rate}% ({low}–{high}%, {n} deals)",
                    deals).format(rate=number(m["best_rate"] * 100), low=number(lo * 100),
                                  high=number(hi * 100), n=number(deals))


def habit_line(convention: str, width: int = 42) -> str:
    """One convention's line as the lessons list them: its name (padded to
    ``width``), how often it came up, how often its card was among the best, and
    what it cost on average when it was not.

    >>> habit_line("lead.top-of-sequence", 20).startswith("Top of a sequence    ")
    True
    """
    m = measured(convention)
    n = m["situations"]
    if convention.startswith("lead."):
        times = ngettext("{n} lead", "{n} leads", n).format(n=number(n))
    else:
        times = ngettext("{n} case", "{n} cases", n).format(n=number(n))
    line = _("{name} {times}: the best card in {figure}").format(
        name=m["name"].ljust(width), times=times.rjust(12), figure=figure(convention))
    if m["best_rate"] < 1:
        cost = m["mean_cost_when_not_best"]
        tricks = pgettext("a decimal number of tricks", "{n} tricks").format(
            n=number(cost, 2))
        line += _("; otherwise it cost {tricks} on average").format(tricks=tricks)
    return line

"""What every session test checks: random legal play ends, and refusals change nothing."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import strategies as st


def random_walk(session, rnd: random.Random, *, until: str = "done", limit: int = 500,
                avoid: frozenset[str] = frozenset()) -> list[dict]:
    """Legal actions chosen at random until the phase is ``until``; returns them.

    Actions whose type is in ``avoid`` are chosen only when nothing else is legal.
    Every state on the way must be JSON and free of errors.
    """
    made = []
    s = session.state()
    while s["phase"] != until:
        acts = [a for a in s["legal"] if a["type"] not in avoid] or s["legal"]
        assert acts, f"stuck in phase {s['phase']!r} with nothing legal"
        a = rnd.choice(acts)
        s = session.act(copy.deepcopy(a))
        json.dumps(s)
        assert s["error"] is None, (a, s["error"])
        made.append(a)
        assert len(made) < limit, s["phase"]
    return made


def without_error(state: dict) -> dict:
    return {k: v for k, v in state.items() if k != "error"}


def assert_refused(session, action) -> str:
    """``action`` is refused: the state is unchanged but for ``error``, a one-line message."""
    before = json.dumps(without_error(session.state()), sort_keys=True)
    after = session.act(action)
    assert isinstance(after["error"], str) and after["error"], action
    assert "\n" not in after["error"]
    assert json.dumps(without_error(after), sort_keys=True) == before
    return after["error"]


_scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 40),
                     st.text(alphabet="AKQJT98765432SHDCpasholdigrbtn -_0", max_size=8))


def actions(types: list[str], fields: list[str], values: list[object]):
    """Actions of the known types with known and random fields, and junk that is not a dict."""
    value = st.one_of(st.sampled_from(values), _scalars) if values else _scalars
    action = st.builds(lambda t, extra: {"type": t, **extra},
                       st.sampled_from(types + ["jump", "", "LEAD"]),
                       st.dictionaries(st.sampled_from(fields), value, max_size=3))
    junk = st.one_of(_scalars, st.lists(_scalars, max_size=3),
                     st.dictionaries(st.sampled_from(["kind", "card", "action"]), _scalars, max_size=2))
    return st.one_of(action, action, action, junk)

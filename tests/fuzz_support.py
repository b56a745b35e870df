"""What the fuzz suite (tests/test_fuzz.py) shares: its hypothesis profiles,
mutations of valid texts, a guard against hangs, and the in-process CLI runner.

Profiles: ``fuzz-ci`` (the default) keeps the whole fuzz file at about a
minute on a loaded two-core machine; ``fuzz-long`` (``PREFA_FUZZ=long``, used
by ``benchmarks/fuzz_long.py``) runs each test ``LONG_FACTOR`` times as many
cases, randomized, so that every long run tries new inputs.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

LONG = os.environ.get("PREFA_FUZZ", "ci") == "long"
LONG_FACTOR = int(os.environ.get("PREFA_FUZZ_FACTOR", "40"))
_QUIET = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large,
          HealthCheck.function_scoped_fixture]
settings.register_profile("fuzz-ci", deadline=None, derandomize=True,
                          suppress_health_check=_QUIET, database=None)
settings.register_profile("fuzz-long", deadline=None, derandomize=False,
                          suppress_health_check=_QUIET, database=None,
                          phases=(Phase.explicit, Phase.generate, Phase.shrink))
PROFILE = "fuzz-long" if LONG else "fuzz-ci"


def fuzz(examples: int) -> settings:
    """The settings of one fuzz test: ``examples`` cases in CI, many more in the long run."""
    return settings(settings.get_profile(PROFILE),
                    max_examples=examples * LONG_FACTOR if LONG else examples)


# -- the hang guard -----------------------------------------------------------------------------
class Hang(Exception):
    """Raised in a call that took longer than its limit."""


@contextlib.contextmanager
def time_limit(seconds: float, what: str) -> Iterator[None]:
    """Raise :class:`Hang` when the block runs longer than ``seconds`` (POSIX timer)."""
    def ring(signum, frame):
        raise Hang(f"{what}: still running after {seconds} s")
    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# -- mutations ----------------------------------------------------------------------------------
#: Tokens inserted into valid texts: non-ASCII digits, negative and huge numbers, a BOM,
#: NUL, direction marks, the notation's own separators and words in the wrong place.
TOKENS = ("²", "٣", "𝟕", "½", "-6", "-1", "0", "00", "12", "99", "2D", "6S", "1S", "AS", "XX",
          "10♥", "♠", "♣", "♥", "♦", "\ufeff", "\x00", "\u202e", "\u200b", "\t", "\r", "\n",
          "\n---\n", "---", " ", ",", ", ,", ":", "::", "#", "/", "|", "||", "=", "==",
          "9" * 25, "-" + "9" * 20, "1e9", "nan", "inf", "é", "ß", "İ", "\U0001f0a1",
          "\udc80", "hold", "pass", "igra", "betl", "sans", "kontra", "good", "follow", "seat",
          "play: ", "deal: ", "auction: ", "answer: ", "kind: ", "options: ", "choices: ",
          "none", "true", "dealer: 9", "players: ", "tricks: 11 0 0", "tricks: -6 8 8",
          "ruleset: greek", "ruleset: russian", "\n    ")

#: Bytes for the raw-file mutations: invalid UTF-8, a BOM, a lone continuation byte.
BAD_BYTES = (b"\xff", b"\xfe", b"\xc3", b"\x80", b"\xef\xbb\xbf", b"\xed\xa0\x80", b"\x00",
             b"\xe2\x99", b"\r\n", b"\xc0\xaf")


@dataclass(frozen=True)
class Edit:
    """One change to a text: ``op`` at ``at`` (a fraction of the length) with ``token``."""

    op: str
    at: float
    size: int
    token: str

    def apply(self, text: str) -> str:
        n = len(text)
        i = min(int(self.at * (n + 1)), n)
        j = min(n, i + self.size)
        if self.op == "insert":
            return text[:i] + self.token + text[i:]
        if self.op == "replace":
            return text[:i] + self.token + text[j:]
        if self.op == "delete":
            return text[:i] + text[j:]
        if self.op == "duplicate":
            return text[:j] + text[i:j] + text[j:]
        if self.op == "truncate":
            return text[:i]
        if self.op == "swap-lines":
            lines = text.split("\n")
            a = min(int(self.at * len(lines)), len(lines) - 1)
            b = (a + self.size) % len(lines)
            lines[a], lines[b] = lines[b], lines[a]
            return "\n".join(lines)
        if self.op == "repeat-line":  # a key given twice, or a very long line
            lines = text.split("\n")
            a = min(int(self.at * len(lines)), len(lines) - 1)
            lines.insert(a, lines[a] * (1 + self.size % 3))
            return "\n".join(lines)
        if self.op == "digit":  # a number made odd: non-ASCII digit, negative, huge
            # a line with digits first (so that short lines count as much as a deal's),
            # then one of its digits
            lines, start, places = text.splitlines(keepends=True), 0, []
            for ln in lines:
                ks = [start + k for k, ch in enumerate(ln) if ch in "0123456789"]
                if ks:
                    places.append(ks)
                start += len(ln)
            if not places:
                return text
            ks = places[min(int(self.at * len(places)), len(places) - 1)]
            k = ks[self.size % len(ks)]
            d = text[k]
            odd = ("²", "٣", "𝟕", "½", "-" + d, d * 25, "0" + d, d + ".5")[self.size % 8]
            return text[:k] + odd + text[k + 1:]
        raise AssertionError(self.op)


EDITS = st.builds(
    Edit,
    op=st.sampled_from(("insert", "replace", "delete", "duplicate", "truncate", "swap-lines",
                        "repeat-line", "digit", "digit")),
    at=st.floats(0, 1),
    size=st.integers(0, 12),
    token=st.one_of(st.sampled_from(TOKENS), st.text(max_size=4)),
)


def mutated(seeds: Sequence[str], max_edits: int = 4) -> st.SearchStrategy[str]:
    """A text of ``seeds`` (unchanged, sometimes) with up to ``max_edits`` edits."""
    @st.composite
    def build(draw):
        text = draw(st.sampled_from(list(seeds)))
        for e in draw(st.lists(EDITS, max_size=max_edits)):
            text = e.apply(text)
        return text
    return build()


def mutated_bytes(seeds: Sequence[str], max_edits: int = 4) -> st.SearchStrategy[bytes]:
    """Like :func:`mutated`, then encoded, with bytes flipped or invalid UTF-8 put in."""
    @st.composite
    def build(draw):
        text = draw(mutated(seeds, max_edits))
        raw = bytearray(text.encode("utf-8", "surrogatepass"))
        for _ in range(draw(st.integers(0, 3))):
            at = draw(st.integers(0, len(raw)))
            if draw(st.booleans()) and at < len(raw):
                raw[at] ^= draw(st.integers(1, 255))
            else:
                raw[at:at] = draw(st.sampled_from(BAD_BYTES))
        return bytes(raw)
    return build()


# -- the command line, in process ---------------------------------------------------------------
@dataclass(frozen=True)
class Run:
    """The outcome of one ``prefa`` command run in process."""

    argv: tuple[str, ...]
    code: object
    out: str
    err: str


def run_cli(main: Callable[[list[str]], int], argv: Sequence[str], stdin: bytes = b"",
            limit: float = 2.0) -> Run:
    """Run ``main(argv)`` with its own stdin/stdout/stderr; SystemExit gives the code.

    Any other exception escapes (the caller's test fails on it, traceback shown),
    and so does :class:`Hang` after ``limit`` seconds.
    """
    out, err = io.StringIO(), io.StringIO()
    old_in = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with (contextlib.redirect_stdout(out), contextlib.redirect_stderr(err),
              time_limit(limit, "prefa " + " ".join(argv))):
            try:
                code = main(list(argv))
            except SystemExit as e:
                code = e.code
    finally:
        sys.stdin = old_in
    return Run(tuple(argv), code, out.getvalue(), err.getvalue())


def check_run(r: Run, codes: tuple[int, ...] = (0, 2)) -> None:
    """The contract of every command: a known exit code, and on error one line, no traceback."""
    assert r.code in codes, f"exit code {r.code!r} for {r.argv}: {r.err[-500:]}"
    assert "Traceback" not in r.err and "Traceback" not in r.out, r.err
    if r.code == 2:
        lines = r.err.strip("\n").split("\n")
        assert len(lines) == 1 and lines[0].strip(), \
            f"expected one line on stderr for {r.argv}, got {len(lines)}: {r.err[:500]!r}"
    if r.code == 0:
        assert r.err == "", f"exit 0 with stderr for {r.argv}: {r.err[:300]!r}"

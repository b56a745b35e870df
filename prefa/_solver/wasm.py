"""The native solver core compiled to WebAssembly, for the engine under Pyodide.

Pyodide (CPython in the browser) cannot load the CPython extension; it can
load ``solver.wasm`` (built by :mod:`prefa._solver.build_wasm` from the same
C source) through the browser's WebAssembly API.  :func:`load` instantiates
it and returns an object with an ``Engine`` class that answers like the
extension's, so :mod:`prefa._solver` uses either the same way.  Only
numbers cross the bridge: hands as 32-bit halves, card tables read back
entry by entry.
"""

from __future__ import annotations

from importlib import resources

_MASK32 = 0xFFFFFFFF


class _Core:
    """The instantiated module: ``Engine`` bound to its exports."""

    def __init__(self, exports) -> None:
        self.exports = exports
        core = self

        class Engine:
            """A solver for one setting (see ``prefa._native.Engine``)."""

            __slots__ = ("_s",)

            def __init__(self, strength, trump, must_trump, overtake, must_overtrump,
                         declarer, out, betl, max_entries) -> None:
                x = core.exports
                self._s = 0
                x.pw_rules(trump, int(must_trump), overtake, int(must_overtrump))
                for c, v in enumerate(strength):
                    if v >= 0:
                        x.pw_strength(c, v)
                s = x.pw_create(declarer, out, int(betl), max(1, min(max_entries, 1 << 30)))
                if not s:
                    raise ValueError("bad setting for the native solver")
                self._s = s

            def __del__(self) -> None:
                if self._s:
                    core.exports.pw_destroy(self._s)
                    self._s = 0

            def _load(self, a, b, c, leader, trick) -> None:
                t = (*trick, 0, 0)
                rc = core.exports.pw_load(self._s, a & _MASK32, a >> 32, b & _MASK32, b >> 32,
                                          c & _MASK32, c >> 32, leader, len(trick), t[0], t[1])
                if rc:
                    raise ValueError("a card has no place in the rank order of these rules"
                                     if rc == -1 else "the hand sizes do not match the trick")

            def value(self, a, b, c, leader, trick) -> int:
                self._load(a, b, c, leader, trick)
                return core.exports.pw_value(self._s)

            def at_least(self, a, b, c, leader, trick, need) -> bool:
                self._load(a, b, c, leader, trick)
                return bool(core.exports.pw_at_least(self._s, need))

            def table(self, a, b, c, leader, trick) -> dict[int, int]:
                self._load(a, b, c, leader, trick)
                x = core.exports
                n = x.pw_table(self._s)
                return {x.pw_card(i): x.pw_tricks(i) for i in range(n)}

            def clear(self) -> None:
                core.exports.pw_clear(self._s)

            @property
            def nodes(self) -> int:
                return int(core.exports.pw_nodes(self._s))

            @property
            def memory(self) -> int:
                return int(core.exports.pw_memory(self._s))

        self.Engine = Engine


def load():
    """The WebAssembly core under Pyodide; raises ImportError where it cannot be had."""
    try:
        data = resources.files(__package__).joinpath("solver.wasm").read_bytes()
    except (FileNotFoundError, OSError) as exc:
        raise ImportError(f"solver.wasm is not built ({exc})") from None
    try:
        from js import Object, WebAssembly  # type: ignore[import-not-found]
        from pyodide.ffi import to_js  # type: ignore[import-not-found]
    except ImportError as exc:
        raise ImportError(f"no WebAssembly API here ({exc})") from None
    module = WebAssembly.Module.new(to_js(data))
    instance = WebAssembly.Instance.new(module, Object.new())
    exports = instance.exports
    exports._initialize()
    return _Core(exports)

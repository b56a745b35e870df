"""MkDocs hook: the solver's C core is compiled to WebAssembly when the site is built.

The engine under Pyodide (the browser's Python) loads
``prefa/_solver/solver.wasm`` instead of the CPython extension (see
``prefa/_solver/wasm.py``), and the package ships that file with it.  Before
every build this hook compiles it from ``prefa/_solver/solver.c`` when it is
missing or older than its sources (``prefa._solver.build_wasm``: ziglang
from the ``site`` extra, or Debian's clang with a WASI sysroot).  Where no
compiler works the build goes on with a warning: the engine in the browser
then runs the Python solver, which gives the same answers, more slowly.
"""

from __future__ import annotations

import logging

log = logging.getLogger("mkdocs.hooks.solver_wasm")


def on_pre_build(config):
    from prefa._solver import build_wasm

    try:
        path = build_wasm.build()
    except (RuntimeError, OSError) as exc:
        log.warning("the solver's WebAssembly core was not built (the browser will use the "
                    "Python solver): %s", exc)
        return
    log.info("solver WebAssembly core: %s", path)

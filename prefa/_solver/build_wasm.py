"""Compile the native solver core to WebAssembly: ``prefa/_solver/solver.wasm``.

``python -m prefa._solver.build_wasm`` (or :func:`build`) compiles
``solver.c`` with ``wasm_api.c`` (an API of plain 32-bit numbers) for
``wasm32-wasi`` as a reactor module with no imports.  The compiler is the
first that works of: ``ziglang`` from PyPI (``python -m ziglang cc``, in the
``test`` and ``site`` extras) and a ``clang`` with WebAssembly support and a
WASI sysroot (Debian's ``clang``, ``lld`` and ``wasi-libc``).  Under Pyodide,
:mod:`prefa._solver.wasm` loads the file; where it is missing the Python
solver runs.  The file is built, not kept in the repository.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCES = ("solver.c", "wasm_api.c")
HEADERS = ("solver.h",)
OUTPUT = os.path.join(HERE, "solver.wasm")

FLAGS = ["-O2", "-g0", "-s", "-mexec-model=reactor", "-Wl,--no-entry", "-Wl,--export-dynamic",
         "-Wl,--strip-all"]


def compilers() -> list[tuple[str, list[str]]]:
    """The compilers found here, each as (name, command prefix)."""
    found = []
    if importlib.util.find_spec("ziglang") is not None:
        found.append(("ziglang", [sys.executable, "-m", "ziglang", "cc", "-target", "wasm32-wasi"]))
    clang = shutil.which("clang")
    sysroot = "/usr/share/wasi-sysroot"
    if clang and os.path.isdir(sysroot):
        found.append(("clang", [clang, "--target=wasm32-wasi", f"--sysroot={sysroot}"]))
    return found


def up_to_date(out: str = OUTPUT) -> bool:
    if not os.path.exists(out):
        return False
    built = os.path.getmtime(out)
    return all(os.path.getmtime(os.path.join(HERE, f)) <= built for f in SOURCES + HEADERS)


def build(out: str = OUTPUT, force: bool = False) -> str:
    """Compile the core to ``out`` (unless it is newer than its sources); its path.

    Raises :class:`RuntimeError` naming what failed when no compiler works.
    """
    if not force and up_to_date(out):
        return out
    tried = []
    for name, cc in compilers():
        tmp = out + ".tmp"
        done = subprocess.run([*cc, *FLAGS, *SOURCES, "-o", tmp], cwd=HERE,
                              capture_output=True, text=True, check=False)
        if done.returncode == 0 and os.path.exists(tmp):
            os.replace(tmp, out)
            return out
        tried.append(f"{name}: {done.stderr.strip()[-400:]}")
    if not tried:
        raise RuntimeError("no WebAssembly compiler: install ziglang (pip install ziglang) or "
                           "Debian's clang, lld and wasi-libc")
    raise RuntimeError("the WebAssembly build failed: " + " | ".join(tried))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output", default=OUTPUT, help=f"the .wasm file (default {OUTPUT})")
    ap.add_argument("--force", action="store_true", help="rebuild even when up to date")
    args = ap.parse_args(argv)
    path = build(args.output, args.force)
    print(f"{path}: {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main()

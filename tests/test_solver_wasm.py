"""The solver's C core compiled to WebAssembly (prefa/_solver/build_wasm.py)
and the site hook that builds it (site/_hooks/solver_wasm.py).

The module must need nothing from its host (no imports: the bridge under
Pyodide gives it none) and export the flat API of wasm_api.c.  That it
answers like CPython under Pyodide is tested in tests/test_pyodide.py.
"""

from __future__ import annotations

import importlib.util
import logging
import os
from pathlib import Path

import pytest

from prefa._solver import build_wasm

ROOT = Path(__file__).resolve().parent.parent


def _leb(data: bytes, i: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        b = data[i]
        i += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return value, i


def sections(data: bytes) -> dict[int, bytes]:
    """The sections of a WebAssembly binary, by id."""
    assert data[:8] == b"\0asm\x01\0\0\0", "not a WebAssembly module"
    out, i = {}, 8
    while i < len(data):
        sid = data[i]
        size, i = _leb(data, i + 1)
        out[sid] = data[i:i + size]
        i += size
    return out


def export_names(section: bytes) -> set[str]:
    n, i = _leb(section, 0)
    names = set()
    for _ in range(n):
        length, i = _leb(section, i)
        names.add(section[i:i + length].decode())
        i += length + 1  # the kind
        _, i = _leb(section, i)  # the index
    return names


@pytest.fixture(scope="module")
def wasm(tmp_path_factory) -> bytes:
    if not build_wasm.compilers():
        pytest.fail("no WebAssembly compiler: the test extra installs ziglang")
    out = tmp_path_factory.mktemp("wasm") / "solver.wasm"
    build_wasm.build(str(out))
    return out.read_bytes()


def test_the_core_builds_with_no_imports_and_the_flat_api(wasm: bytes) -> None:
    s = sections(wasm)
    assert 2 not in s or _leb(s[2], 0)[0] == 0, "the module imports something"
    names = export_names(s[7])
    api = {"pw_rules", "pw_strength", "pw_create", "pw_destroy", "pw_load", "pw_value",
           "pw_at_least", "pw_table", "pw_card", "pw_tricks", "pw_nodes", "_initialize",
           "memory"}
    assert api <= names, api - names
    assert len(wasm) < 200_000


def test_an_up_to_date_build_is_kept(wasm: bytes, tmp_path: Path) -> None:
    out = tmp_path / "solver.wasm"
    out.write_bytes(wasm)
    assert build_wasm.up_to_date(str(out))
    before = out.stat().st_mtime_ns
    build_wasm.build(str(out))
    assert out.stat().st_mtime_ns == before
    os.utime(out, (0, 0))  # older than the sources: rebuilt
    assert not build_wasm.up_to_date(str(out))


def test_the_site_hook_builds_it_and_only_warns_without_a_compiler(monkeypatch, caplog):
    spec = importlib.util.spec_from_file_location("solver_wasm",
                                                  ROOT / "site" / "_hooks" / "solver_wasm.py")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    calls = []
    monkeypatch.setattr(build_wasm, "build", lambda: calls.append(1) or "x.wasm")
    hook.on_pre_build({})
    assert calls == [1]

    def fail():
        raise RuntimeError("no WebAssembly compiler")

    monkeypatch.setattr(build_wasm, "build", fail)
    with caplog.at_level(logging.WARNING, logger="mkdocs.hooks.solver_wasm"):
        hook.on_pre_build({})
    assert "Python solver" in caplog.text and "no WebAssembly compiler" in caplog.text


def test_no_compiler_is_named(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setattr(build_wasm, "compilers", list)
    with pytest.raises(RuntimeError, match="ziglang"):
        build_wasm.build(str(tmp_path / "x.wasm"))

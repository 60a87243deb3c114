"""What a hostile caller or a damaged install does to the compiled evaluator, against the pure path.

Each test names the behaviour it checks; the expected values are the pure-Python path's (a
ranking bound with ``PRIMERO_NO_NATIVE=1``, or a subprocess without the extension), never the
extension's own.
"""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

import primero
from primero import get_variant, native_evaluator
from primero.hands import Ranking
from primero.plugins.registry import clear_caches

compiled = pytest.importorskip(
    "primero.compiled_evaluator",
    reason="the compiled evaluator is not built here (no C compiler or Python headers at "
           "install; pip install -e . compiles it)")


def _ranking(*, pure: bool) -> Ranking:
    """The waks ranking, bound natively or (``pure``) with ``PRIMERO_NO_NATIVE=1``."""
    saved = os.environ.get("PRIMERO_NO_NATIVE")
    try:
        clear_caches()
        if pure:
            os.environ["PRIMERO_NO_NATIVE"] = "1"
        else:
            os.environ.pop("PRIMERO_NO_NATIVE", None)
        ranking = get_variant("waks").ranking
        ranking.hand_table  # noqa: B018 - loads the table and binds the evaluator
    finally:
        if saved is None:
            os.environ.pop("PRIMERO_NO_NATIVE", None)
        else:
            os.environ["PRIMERO_NO_NATIVE"] = saved
        clear_caches()
    return ranking


@pytest.fixture(scope="module")
def pair() -> Iterator[tuple[Ranking, Ranking]]:
    """(native, pure) waks rankings."""
    native, pure = _ranking(pure=False), _ranking(pure=True)
    assert isinstance(native.evaluate, types.BuiltinFunctionType)
    assert isinstance(pure.evaluate, types.FunctionType)
    yield native, pure


def _raised(call: object, *args: object) -> tuple[type[BaseException], str]:
    try:
        call(*args)  # type: ignore[operator]
    except Exception as exc:  # the exception is the outcome compared
        return type(exc), str(exc)
    raise AssertionError(f"{call!r} raised nothing")


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickling_the_bound_evaluator_raises_the_pure_paths_error(
        pair: tuple[Ranking, Ranking], protocol: int) -> None:
    native, pure = pair
    want = _raised(pickle.dumps, pure.evaluate, protocol)
    assert want[0] is AttributeError and "local object" in want[1]
    assert _raised(pickle.dumps, native.evaluate, protocol) == want


def test_the_bound_evaluator_pickles_as_its_fallback(pair: tuple[Ranking, Ranking]) -> None:
    native, _ = pair
    bound = compiled.bind(native.pack.ordered, ([0] * 52,) * 4, 1, native.value_type(), len)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(bound, protocol)) is len


def _copy_package(tmp_path: Path) -> Path:
    """A copy of the installed primero package under ``tmp_path/site``; its extension's path."""
    source = Path(primero.__file__).parent
    site = tmp_path / "site"
    shutil.copytree(source, site / "primero", ignore=shutil.ignore_patterns("__pycache__"))
    return site / "primero" / Path(compiled.__file__).name


def _run_copy(site: Path, code: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != "PRIMERO_NO_NATIVE"}
    environment["PYTHONPATH"] = str(site)
    return subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True,
                          text=True, timeout=120, check=False, cwd=site)


REPORT = ("import primero; from primero import native_evaluator as n; "
          "print(n.evaluator_line()); print(primero.__file__); "
          "r = primero.get_variant('waks').ranking; "
          "print(r.evaluate('7s 6h Ad Kc').label, type(r.evaluate).__name__)")


def _first_segment_past(path: Path, size: int) -> int:
    """Where the extension's first loadable segment ending past ``size`` bytes ends."""
    import struct

    data = path.read_bytes()
    assert data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1
    (table_at,) = struct.unpack_from("<Q", data, 32)
    entry, count = struct.unpack_from("<HH", data, 54)
    ends = []
    for k in range(count):
        kind, _, offset = struct.unpack_from("<IIQ", data, table_at + k * entry)
        (length,) = struct.unpack_from("<Q", data, table_at + k * entry + 32)
        if kind == 1 and offset + length > size:
            ends.append(offset + length)
    return ends[0]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the ELF loader's SIGBUS")
def test_a_truncated_extension_is_reported_and_pure_python_runs(tmp_path: Path) -> None:
    extension = _copy_package(tmp_path)
    end = _first_segment_past(extension, 4096)
    extension.write_bytes(extension.read_bytes()[:4096])
    done = _run_copy(extension.parent.parent, REPORT)
    assert done.returncode == 0, (done.returncode, done.stderr)  # not a SIGBUS (-7)
    assert done.stdout.splitlines() == [
        f"single hands: pure Python (the compiled evaluator does not load: {extension}: "
        f"truncated (4096 bytes; a segment it loads ends at {end}))",
        str(extension.parent / "__init__.py"), "Primero 65 function"]


def test_a_whole_extension_is_not_reported_as_truncated() -> None:
    assert native_evaluator.truncation(compiled.__file__) is None
    assert native_evaluator.truncation(__file__) is None  # not ELF: left to the loader
    assert native_evaluator.truncation("/no/such/file.so") is None


def test_an_extension_removed_after_it_was_built_is_reported_missing(tmp_path: Path) -> None:
    extension = _copy_package(tmp_path)
    assert (extension.parent / native_evaluator.EXTENSION_STATUS_NAME).read_text(
        encoding="utf-8").strip() == "built"
    extension.unlink()
    done = _run_copy(extension.parent.parent, REPORT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "single hands: pure Python (the compiled evaluator built at install is missing from "
        f"{extension.parent} (reinstall primero))",
        str(extension.parent / "__init__.py"), "Primero 65 function"]


def test_primero_no_native_keeps_the_extension_out_of_the_process() -> None:
    code = ("import sys, os, primero; "
            "print(primero.evaluate('7s 6h Ad Kc').label, "
            "type(primero.get_variant('waks').ranking.evaluate).__name__, "
            "'primero.compiled_evaluator' in sys.modules); "
            "from primero import native_evaluator as n; print(n.evaluator_line()); "
            "del os.environ['PRIMERO_NO_NATIVE']; "
            "r = primero.get_variant('waks', deck='french52').ranking; "
            "print(r.evaluate('7s 6h Ad Kc').label, type(r.evaluate).__name__, "
            "'primero.compiled_evaluator' in sys.modules, n.evaluator_line())")
    environment = {**os.environ, "PRIMERO_NO_NATIVE": "1"}
    done = subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True,
                          text=True, timeout=120, check=True)
    assert done.stdout.splitlines() == [
        "Primero 65 function False",
        "single hands: pure Python (PRIMERO_NO_NATIVE is set)",
        "Primero 65 builtin_function_or_method True single hands: the native evaluator "
        f"({os.path.abspath(compiled.__file__)})"]


def test_primero_no_native_works_around_an_extension_that_crashes_as_it_loads(
        tmp_path: Path) -> None:
    from primero.analysis._native import build

    compiler = build.find_compiler()
    if compiler is None:
        pytest.skip("no C compiler here")
    extension = _copy_package(tmp_path)
    source = tmp_path / "crash.c"
    source.write_text("#include <stdlib.h>\nvoid *PyInit_compiled_evaluator(void) "
                      "{ abort(); return 0; }\n", encoding="utf-8")
    subprocess.run([*compiler, "-shared", "-fPIC", "-o", str(extension), str(source)],
                   check=True, capture_output=True, timeout=120)
    site = extension.parent.parent
    assert _run_copy(site, REPORT).returncode != 0  # it does crash as it loads
    environment = {**os.environ, "PRIMERO_NO_NATIVE": "1", "PYTHONPATH": str(site)}
    for command in (["-c", REPORT], ["-m", "primero", "--version"]):
        done = subprocess.run([sys.executable, *command], env=environment,
                              capture_output=True, text=True, timeout=120, check=False,
                              cwd=site)
        assert done.returncode == 0, (done.returncode, done.stderr)
        assert "single hands: pure Python (PRIMERO_NO_NATIVE is set)" in done.stdout

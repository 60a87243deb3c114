"""Which code counts exact showdown odds, the compiled kernel or numpy, and why."""

from __future__ import annotations

from pathlib import Path

import pytest

from primero.analysis import ShowdownCounter, _native, showdown_counter
from primero.analysis._native import build


@pytest.fixture
def kernel_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The kernel looked for in an empty folder, nothing loaded yet."""
    monkeypatch.delenv("PRIMERO_NO_NATIVE", raising=False)
    monkeypatch.setattr(_native, "library_path", lambda: tmp_path / build.LIBRARY_NAME)
    _native.library.cache_clear()
    yield tmp_path
    _native.library.cache_clear()


def test_the_environment_variable_chooses_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PRIMERO_NO_NATIVE", "1")
    counter = showdown_counter()
    assert (counter.native, counter.reason) == (False, "PRIMERO_NO_NATIVE is set")
    assert str(counter) == "showdown odds: numpy (PRIMERO_NO_NATIVE is set)"


def test_a_build_without_compiler_is_reported_with_its_reason(kernel_folder: Path) -> None:
    (kernel_folder / _native.STATUS_NAME).write_text(
        "not built: no C compiler found (set CC, or install cc, gcc or clang)\n")
    counter = showdown_counter()
    assert counter == ShowdownCounter(
        False, "the kernel was not built at install: no C compiler found (set CC, or install "
        "cc, gcc or clang)", kernel_folder / build.LIBRARY_NAME)


def test_a_missing_kernel_without_report_says_how_to_build_it(kernel_folder: Path) -> None:
    counter = showdown_counter()
    assert not counter.native
    assert counter.reason.startswith(f"no compiled kernel {build.LIBRARY_NAME} beside primero")


def test_a_damaged_kernel_is_reported_as_not_loading(kernel_folder: Path) -> None:
    (kernel_folder / build.LIBRARY_NAME).write_bytes(b"\x7fELF not a library at all")
    with pytest.warns(RuntimeWarning, match="does not load"):
        counter = showdown_counter()
    assert not counter.native
    assert counter.reason.startswith(f"the kernel {build.LIBRARY_NAME} does not load: ")


def test_a_built_kernel_counts(kernel_folder: Path) -> None:
    target = kernel_folder / build.LIBRARY_NAME
    if build.compile_library(target) is not None:
        pytest.skip("no C compiler here")
    counter = showdown_counter()
    assert counter == ShowdownCounter(True, "", target)
    assert str(counter) == f"showdown odds: the native kernel ({target})"

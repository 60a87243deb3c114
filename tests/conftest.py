"""Shared test set-up: where the golden cases live, hypothesis profiles."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

#: The repository root (the directory holding pyproject.toml).
ROOT = Path(__file__).resolve().parents[1]
#: The package the tests import: src/primero of a checkout (editable install) or the installed
#: wheel's (the suite runs against both; the source tree is not importable beside a wheel).
PACKAGE = Path(str(getattr(importlib.util.find_spec("primero"), "origin", ""))).parent
#: The directory primero is imported from (a subprocess's PYTHONPATH).
SITE = PACKAGE.parent
#: The worked cases: the repository's own test data.
CASES = ROOT / "tests" / "cases"

# Evaluation tables are built once per ranking on first use (about a second); a deadline would
# charge that to whichever example happens to come first.
settings.register_profile("default", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", parent=settings.get_profile("default"), derandomize=True,
                          print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")

# Hand tables are cached on disk (primero.tables); the tests keep theirs in a temporary
# directory of their own, never in the user's cache. Set at import so that subprocesses the
# tests start (CLI, Dask workers) inherit it too.
if not os.environ.get("PRIMERO_TEST_KEEP_CACHE_DIR"):
    import tempfile

    os.environ["PRIMERO_CACHE_DIR"] = tempfile.mkdtemp(prefix="primero-test-tables-")
    os.environ.pop("PRIMERO_NO_CACHE", None)


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``slow`` marker: a test of more than a few seconds of CPU.

    The suite runs it; ``-m "not slow"`` leaves it out.
    """
    config.addinivalue_line("markers", "slow: more than a few seconds of CPU (-m 'not slow' "
                            "leaves it out)")

"""Shared test set-up: where the golden cases live, hypothesis profiles."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings

#: The repository root (the directory holding pyproject.toml).
ROOT = Path(__file__).resolve().parents[1]
#: The golden cases, read where they are: ../shared/cases relative to the project root.
CASES = ROOT.parent / "shared" / "cases"

# Evaluation tables are built once per ranking on first use (about a second); a deadline would
# charge that to whichever example happens to come first.
settings.register_profile("default", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", parent=settings.get_profile("default"), derandomize=True,
                          print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")

"""A run asked for more worker processes than it has chunks of deals starts one per chunk.

``primero simulate --jobs 1000 --deals 3`` started a thousand processes for three chunks (each
process forked, then idle); on a small machine that is minutes of process starts, not a run.
The records are the same whatever the workers. (A thousand is now refused: at most four
workers per core, ``test_cli_caps_jobs_at_four_workers_per_core.py``; the most allowed, four or
more, is still more than three chunks.)
"""

from __future__ import annotations

import concurrent.futures
from typing import Any

import pytest

from primero.simulation import simulate
from primero.simulation.executor import max_jobs


def test_a_run_starts_no_more_workers_than_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[int | None] = []
    real = concurrent.futures.ProcessPoolExecutor

    class Recording(real):  # type: ignore[misc,valid-type]
        def __init__(self, max_workers: int | None = None, **kwargs: Any) -> None:
            started.append(max_workers)
            super().__init__(max_workers=max_workers, **kwargs)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Recording)
    here = simulate("waks", players=2, deals=3, seed=5, progress=False)
    pooled = simulate("waks", players=2, deals=3, seed=5, jobs=max_jobs(), progress=False)
    assert started == [3]  # three deals: three chunks of one deal, one worker each
    assert pooled.results == here.results

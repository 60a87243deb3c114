"""The executor: a run cut into chunks, played here, in worker processes or on any executor.

Chunks depend only on the number of deals (:func:`chunk_size`), never on the workers, and
results come back in chunk order whatever order the workers finish in. Long runs show a rich
progress bar on standard error.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import Any

from primero.simulation.play import Task, run_task
from primero.simulation.records import DealResult

__all__ = ["PROGRESS_THRESHOLD", "chunk_size"]

#: Runs of at least this many deals show a progress bar (when standard error is a terminal).
PROGRESS_THRESHOLD = 100


def chunk_size(items: int) -> int:
    """Items per chunk: depends on the number of items only (never on the workers)."""
    return max(1, min(200, math.ceil(items / 100)))


def show_progress(progress: bool | None, total: int) -> bool:
    if progress is not None:
        return progress
    return total >= PROGRESS_THRESHOLD and sys.stderr.isatty()


def execute_chunks(tasks: Sequence[Task], *, jobs: int, executor: Executor | None,
             progress: bool, description: str, weight: Callable[[Task], int]) \
        -> list[list[DealResult]]:
    """Run the tasks (here, in a local process pool, or on ``executor``); results in order."""
    results: list[list[DealResult] | None] = [None] * len(tasks)
    bar = _progress_bar() if progress else None
    owned: Executor | None = None
    if executor is None and jobs > 1 and len(tasks) > 1:
        # here only: it imports multiprocessing, which a one-process run never needs
        from concurrent.futures import ProcessPoolExecutor

        owned = executor = ProcessPoolExecutor(max_workers=jobs)
    try:
        if executor is None:
            with bar or _nothing():
                job = bar.add_task(description, total=sum(map(weight, tasks))) if bar else None
                for i, task in enumerate(tasks):
                    results[i] = run_task(task)
                    if bar is not None and job is not None:
                        bar.advance(job, weight(task))
        else:
            futures: dict[Future[list[DealResult]], int] = {
                executor.submit(run_task, task): i for i, task in enumerate(tasks)
            }
            with bar or _nothing():
                job = bar.add_task(description, total=sum(map(weight, tasks))) if bar else None
                for future in as_completed(futures):
                    i = futures[future]
                    results[i] = future.result()
                    if bar is not None and job is not None:
                        bar.advance(job, weight(tasks[i]))
    finally:
        if owned is not None:
            owned.shutdown(wait=True, cancel_futures=True)
    return [r for r in results if r is not None]


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def _progress_bar() -> Any:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), TimeRemainingColumn(),
        console=Console(stderr=True), transient=True,
    )


def job_count(jobs: int) -> int:
    return (os.cpu_count() or 1) if jobs == 0 else jobs



"""The executor: a run cut into chunks, played here, in worker processes or on any executor.

Chunks depend only on the number of deals (:func:`chunk_size`), never on the workers, and
results come back in chunk order whatever order the workers finish in. Long runs show a rich
progress bar on standard error.
"""

from __future__ import annotations

import itertools
import math
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from typing import Any, overload

from primero.errors import PrimeroError
from primero.simulation.play import Plan, Task, run_task
from primero.simulation.records import DealResult

__all__ = ["IN_FLIGHT", "JOBS_PER_CORE", "MAX_DEALS", "PROGRESS_THRESHOLD", "Chunks",
           "WorkerError", "chunk_size", "max_jobs", "usable_cores"]


class WorkerError(PrimeroError, RuntimeError):
    """A worker failed in a run: its process died (killed, out of memory) or a chunk raised.

    The message is one line: the cause, the chunk, how much of the run had finished, and
    what was kept: nothing (a run's summary needs every deal; the same seed plays the same
    deals again, whatever the workers). The original exception is its ``__cause__``.

    Attributes:
        finished: Chunks finished before the failure.
        chunks: Chunks in the run.
    """

    def __init__(self, message: str, *, finished: int, chunks: int) -> None:
        super().__init__(message)
        self.finished = finished
        self.chunks = chunks

    def __reduce__(self) -> tuple[object, ...]:
        return (_worker_error, (str(self), self.finished, self.chunks))


def _worker_error(message: str, finished: int, chunks: int) -> WorkerError:
    return WorkerError(message, finished=finished, chunks=chunks)


def _exit_causes(executor: Executor) -> str:
    """How the local pool's worker processes ended, where the pool still knows them.

    A ``SIGTERM`` is left out: the pool sends it to the workers left when one dies.
    """
    import signal

    processes = getattr(executor, "_processes", None) or {}  # (a ProcessPoolExecutor's)
    causes = []
    for process in list(processes.values()):
        code = getattr(process, "exitcode", None)
        if not code or code == -signal.SIGTERM:
            continue
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            causes.append(f"process {process.pid} was killed by {name}")
        else:
            causes.append(f"process {process.pid} exited with code {code}")
    return "; ".join(causes)


def _failed(exc: BaseException, executor: Executor, chunk: int, finished: int,
            tasks: Sequence[Task]) -> WorkerError:
    """The one-line :class:`WorkerError` of a chunk whose worker failed with ``exc``."""
    from concurrent.futures import BrokenExecutor

    if isinstance(exc, BrokenExecutor):
        how = _exit_causes(executor)
        cause = "a worker process stopped " + (f"({how})" if how else
                                               "abruptly (killed, or out of memory)")
    else:
        text = " ".join(str(exc).split())
        text = text if len(text) <= 200 else text[:200] + "..."
        cause = (f"a worker raised {type(exc).__name__}" + (f": {text}" if text else "")
                 + f" in chunk {chunk + 1}")
    return WorkerError(
        f"{cause}, after {finished} of {len(tasks)} chunks had finished: nothing is kept, "
        "the run stops with no result; run it again (the same seed plays the same deals, "
        "whatever --jobs)", finished=finished, chunks=len(tasks))


#: Runs of at least this many deals show a progress bar (when standard error is a terminal).
PROGRESS_THRESHOLD = 100

#: The most deals one run plays (a run keeps every deal's record in memory, about 1.3 KB
#: each): a larger count is refused before anything is played. Split a larger study into
#: runs with different seeds.
MAX_DEALS = 1_000_000

#: The most local worker processes a run starts per usable core (:func:`max_jobs`): a deal is
#: all CPU, so more workers than cores only add process starts and memory (5,000 jobs once
#: started a worker per chunk, 100 on 2 cores).
JOBS_PER_CORE = 4

#: The most chunks sent to workers at once (per worker, at least 16 in all): the chunks are
#: made and submitted as workers free up, never all up front.
IN_FLIGHT = 4


class Chunks(Sequence[Task]):
    """A run's tasks, each made when asked for: ``items`` items cut ``size`` at a time.

    Args:
        plan: What every task plays.
        mode: ``"deals"`` or ``"sessions"``.
        items: Deals (or sessions) in the run.
        size: Items per chunk (:func:`chunk_size`).
    """

    plan: Plan
    mode: str
    items: int

    def __init__(self, plan: Plan, mode: str, items: int, size: int) -> None:
        self.plan, self.mode, self.items = plan, mode, items
        self._starts = range(0, items, size)
        self._size = size

    def __len__(self) -> int:
        return len(self._starts)

    @overload
    def __getitem__(self, index: int) -> Task: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Task]: ...

    def __getitem__(self, index: int | slice) -> Task | Sequence[Task]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        start = self._starts[index]
        return Task(self.plan, self.mode, start, min(self.items, start + self._size))

    def __iter__(self) -> Iterator[Task]:
        for start in self._starts:
            yield Task(self.plan, self.mode, start, min(self.items, start + self._size))


def chunk_size(items: int) -> int:
    """Items per chunk: depends on the number of items only (never on the workers)."""
    return max(1, min(200, math.ceil(items / 100)))


def show_progress(progress: bool | None, total: int) -> bool:
    """Whether a run shows a progress bar.

    Args:
        progress: ``True`` or ``False`` as the caller asked; ``None`` decides by the run.
        total: The run's deals (for a session run, sessions times deals per session).

    Returns:
        ``progress`` when given; else whether ``total`` is at least
        :data:`PROGRESS_THRESHOLD` and standard error is a terminal.
    """
    if progress is not None:
        return progress
    return total >= PROGRESS_THRESHOLD and sys.stderr.isatty()


def execute_chunks(tasks: Sequence[Task], *, jobs: int, executor: Executor | None,
                   progress: bool, description: str, weight: Callable[[Task], int]) \
        -> list[list[DealResult]]:
    """Run the tasks (here, in a local process pool, or on ``executor``); results in order.

    Args:
        tasks: The run's chunks, in order.
        jobs: Local worker processes; ``1`` (or a single chunk) plays here, and no more are
            started than there are chunks. Ignored with ``executor``.
        executor: Any executor to submit the chunks to; the caller keeps it open.
        progress: Show a progress bar on standard error.
        description: The bar's label.
        weight: A chunk's share of the bar (its deals).

    Returns:
        Each chunk's records, in chunk order whatever order the workers finish in.

    Raises:
        WorkerError: a worker process died, or a chunk raised anything but a
            :class:`~primero.errors.PrimeroError` (which passes through as it is); one line,
            naming the cause and what was kept (nothing).
    """
    results: list[list[DealResult] | None] = [None] * len(tasks)
    bar = progress_bar() if progress else None
    owned: Executor | None = None
    if executor is None and jobs > 1 and len(tasks) > 1:
        # here only: it imports multiprocessing, which a one-process run never needs
        from concurrent.futures import ProcessPoolExecutor

        # never more workers than chunks: a worker with no chunk only costs a process start
        owned = executor = ProcessPoolExecutor(max_workers=min(jobs, len(tasks)),
                                               initializer=_leave_interrupts_to_the_parent)
    interrupted = False
    try:
        if executor is None:
            with bar or _nothing():
                job = bar.add_task(description, total=sum(map(weight, tasks))) if bar else None
                for i, task in enumerate(tasks):
                    results[i] = run_task(task)
                    if bar is not None and job is not None:
                        bar.advance(job, weight(task))
        else:
            waiting = iter(enumerate(tasks))
            # the workers started, not the workers asked for: a 20-digit --jobs would make
            # the window too large for islice
            window = max(16, IN_FLIGHT * min(jobs, len(tasks)))
            futures: dict[Future[list[DealResult]], int] = {}

            finished = 0

            def submit() -> None:  # keep ``window`` chunks at work; make the next ones only now
                for i, task in itertools.islice(waiting, window - len(futures)):
                    try:
                        futures[executor.submit(run_task, task)] = i
                    except Exception as exc:  # the pool broke (a worker died) before it went
                        for other in futures:
                            other.cancel()
                        raise _failed(exc, executor, i, finished, tasks) from exc

            with bar or _nothing():
                job = bar.add_task(description, total=sum(map(weight, tasks))) if bar else None
                submit()
                while futures:
                    done, _ = wait(futures, return_when=FIRST_COMPLETED)
                    for future in done:
                        i = futures.pop(future)
                        try:
                            results[i] = future.result()
                        except PrimeroError:  # the rules' own refusal: one line already
                            raise
                        except Exception as exc:  # a worker died, or a chunk raised
                            for other in futures:
                                other.cancel()
                            raise _failed(exc, executor, i, finished, tasks) from exc
                        finished += 1
                        if bar is not None and job is not None:
                            bar.advance(job, weight(tasks[i]))
                    submit()
    except BaseException as exc:
        # Ctrl-C (or an exit): the chunks at work are not waited for
        interrupted = not isinstance(exc, Exception)
        raise
    finally:
        if owned is not None:
            if interrupted:
                _stop_workers(owned)
            owned.shutdown(wait=True, cancel_futures=True)
    return [r for r in results if r is not None]


def _leave_interrupts_to_the_parent() -> None:
    """A worker's start: it ignores ``SIGINT`` and ends at once on ``SIGTERM``.

    Ctrl-C at a terminal reaches the whole process group; the parent alone answers it (it
    stops the workers). ``SIGTERM`` is how the parent stops them: a handler a forked worker
    inherits from the parent (the ``primero`` command's, which raises where the parent is)
    would be caught by the pool's worker loop and keep the worker alive.
    """
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _stop_workers(executor: Executor, timeout: float = 5.0) -> None:
    """Stop a local process pool's workers now, in the middle of their chunks.

    For an interrupted run: ``shutdown(wait=True)`` alone waits for every running chunk
    (seconds each). The workers get ``SIGTERM`` and are joined (killed if still alive after
    ``timeout`` seconds), so none is left behind. Does nothing for an executor that is not a
    process pool.

    Args:
        executor: The pool whose workers to stop.
        timeout: Seconds to wait for each worker after ``SIGTERM``.
    """
    processes = list((getattr(executor, "_processes", None) or {}).values())
    for process in processes:  # (a ProcessPoolExecutor's)
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout)
        if process.is_alive():
            process.kill()
            process.join()


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def progress_bar() -> Any:
    """A rich progress bar on standard error, gone when it ends: label, bar, count, times.

    Use it as a context manager: ``with progress_bar() as bar: job = bar.add_task(label,
    total=n)``, then ``bar.advance(job)`` per item (rich's :class:`~rich.progress.Progress`).
    """
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


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it), 1 or more.

    ``os.cpu_count()`` counts the machine's cores, also those a container or ``taskset``
    keeps the process off.
    """
    counted = getattr(os, "process_cpu_count", None)  # Python 3.13: the affinity's cores
    if counted is not None:  # pragma: no cover - Python 3.13 and later
        return int(counted() or 1)
    if hasattr(os, "sched_getaffinity"):  # Python 3.11 and 3.12 on Linux
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1  # pragma: no cover - other systems before Python 3.13


def max_jobs() -> int:
    """The most local worker processes a run takes: :data:`JOBS_PER_CORE` per usable core."""
    return JOBS_PER_CORE * usable_cores()


def check_jobs(jobs: int, *, local: bool = True) -> None:
    """Refuse a worker count a run cannot use, before anything is played.

    A count above the run's chunks is fine: no more workers start than there are chunks.

    Args:
        jobs: Local worker processes asked for (``0``: one per usable core).
        local: Whether the run starts local workers (``False`` with an executor of the
            caller's, which ignores ``jobs``: then only a negative count is refused).

    Raises:
        PrimeroError: ``jobs`` is negative, or (``local``) above :func:`max_jobs`.
    """
    if jobs < 0:
        raise PrimeroError(f"jobs must be 0 (every core) or more, got {jobs}")
    if local and jobs > (most := max_jobs()):
        cores = usable_cores()
        shown = f"{jobs:,}" if jobs < 10 ** 30 else f"a {len(str(jobs))}-digit number"
        raise PrimeroError(
            f"jobs must be at most {most:,} ({JOBS_PER_CORE} worker processes per core, "
            f"{cores:,} core{'' if cores == 1 else 's'} here), got {shown}; 0 starts one "
            "per core")


def job_count(jobs: int) -> int:
    """The worker processes a run asks for: ``jobs``, or one per usable core for ``0``.

    Args:
        jobs: Workers asked for, 0 or more (``1`` plays in this process).
    """
    return usable_cores() if jobs == 0 else jobs



"""A worker pool that breaks while chunks are still being sent out is one ``WorkerError``.

A worker that died could break the pool between two chunks: the next ``submit`` raised
``BrokenProcessPool`` outside the check of the chunks' results, and ``primero simulate -j 2``
ended in a traceback (seen under load) instead of its one ``error:`` line.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from primero.simulation import simulate
from primero.simulation.executor import WorkerError


class BreaksAfter(Executor):
    """Runs the first ``good`` chunks here, then is broken, as a pool whose worker died."""

    def __init__(self, good: int) -> None:
        self.good = good

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self.good == 0:
            raise BrokenProcessPool("A child process terminated abruptly, the process pool is "
                                    "not usable anymore")
        self.good -= 1
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def test_a_pool_broken_before_a_chunk_is_sent_is_a_worker_error() -> None:
    with pytest.raises(WorkerError) as caught:
        simulate("waks", players=2, deals=120, agents="random", executor=BreaksAfter(17),
                 progress=False)
    assert str(caught.value).startswith(
        "a worker process stopped abruptly (killed, or out of memory), after ")
    assert "chunks had finished: nothing is kept, the run stops with no result" in str(
        caught.value)

"""A worker count beyond :data:`MAX_JOBS` is refused in one line, never a traceback.

Before, ``primero simulate -j 99999999999999999999`` ended in a ``ValueError`` traceback from
``itertools.islice``, and ``-j 100000`` asked for a process per chunk.
"""

from __future__ import annotations

import pytest

from cli_helpers import run
from primero import PrimeroError
from primero.simulation import simulate
from primero.simulation.executor import MAX_JOBS


@pytest.mark.parametrize("jobs", [MAX_JOBS + 1, 10 ** 19])
def test_simulate_refuses_more_workers_than_max_jobs(jobs: int) -> None:
    with pytest.raises(PrimeroError) as caught:
        simulate("waks", deals=2, jobs=jobs)
    assert str(caught.value) == (f"jobs: at most {MAX_JOBS} worker processes, got {jobs:,} "
                                 "(0: one per core)")


def test_the_command_refuses_a_huge_worker_count_in_one_line() -> None:
    result = run("simulate", "-d", "2", "-j", "99999999999999999999", "--no-progress")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == ("error: jobs: at most 256 worker processes, got "
                             "99,999,999,999,999,999,999 (0: one per core)\n")

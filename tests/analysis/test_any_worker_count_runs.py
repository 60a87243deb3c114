"""A worker count of any size runs (no more workers start than chunks), never a traceback.

Before, ``primero simulate -j 99999999999999999999`` ended in a ``ValueError`` traceback from
``itertools.islice``: the window of chunks at work was counted from the workers asked for.
"""

from __future__ import annotations

from cli_helpers import ok


def test_a_twenty_digit_worker_count_runs_as_one_worker_per_chunk() -> None:
    args = ("simulate", "-d", "2", "-n", "2", "--agent", "random", "--no-progress", "--json")
    assert ok(*args, "-j", "99999999999999999999") == ok(*args)

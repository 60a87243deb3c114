"""``--jobs`` takes at most four worker processes per usable core, for simulate and compare.

Before, ``primero simulate --jobs 5000`` started a worker for each of the run's 100 chunks on a
2-core machine: 100 processes, every one importing primero, for no gain. Now a count past the
bound is a usage error naming ``--jobs`` and the bound (exit status 2) before anything starts;
``simulate(jobs=...)`` refuses it alike, unless an executor of the caller's plays the run (it
ignores ``jobs``).
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import pytest

from cli_helpers import run
from primero.errors import PrimeroError
from primero.simulation import executor as executor_module
from primero.simulation import simulate

#: The cores this process may run on, read independently of primero.
CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
BOUND = (f"must be at most {4 * CORES:,} (4 worker processes per core, {CORES:,} "
         f"core{'' if CORES == 1 else 's'} here; 0 starts one per core)")


@pytest.mark.parametrize("command", [["simulate"], ["compare", "waks", "losing"]])
@pytest.mark.parametrize(("jobs", "shown"), [("5000", "5000"), (str(4 * CORES + 1),
                                                                 str(4 * CORES + 1)),
                                             ("9" * 40, "a 40-digit number"),
                                             # ran as one worker per chunk before (it had
                                             # been a traceback from islice before that)
                                             ("9" * 20, "a 20-digit number")])
def test_jobs_past_four_per_core_is_a_usage_error_naming_the_option(
        command: list[str], jobs: str, shown: str) -> None:
    result = run(*command, "--deals", "10", "--jobs", jobs)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"error: invalid value for '--jobs': {BOUND}, got {shown}\n"


def test_jobs_at_four_per_core_runs() -> None:
    result = run("simulate", "--deals", "10", "--jobs", str(4 * CORES), "--json")
    assert result.exit_code == 0, result.output
    assert '"deals": 10' in result.stdout


def test_the_help_says_the_bound() -> None:
    help_text = " ".join(run("simulate", "--help").stdout.split())
    assert "Worker processes (0: one per core), at most 4 per core." in help_text


def test_simulate_refuses_more_jobs_than_four_per_core_and_names_the_cores(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(executor_module, "usable_cores", lambda: 3)
    with pytest.raises(PrimeroError) as caught:
        simulate("waks", deals=10, jobs=13)
    assert str(caught.value) == ("jobs must be at most 12 (4 worker processes per core, 3 "
                                 "cores here), got 13; 0 starts one per core")
    monkeypatch.setattr(executor_module, "usable_cores", lambda: 1)
    with pytest.raises(PrimeroError, match=r"at most 4 \(4 worker processes per core, 1 core "
                                           r"here\), got 5;"):
        simulate("waks", deals=10, jobs=5)


def test_an_executor_of_the_callers_ignores_jobs_so_any_count_passes() -> None:
    with ThreadPoolExecutor(1) as pool:
        sim = simulate("waks", deals=3, jobs=10_000, executor=pool, progress=False)
    assert len(sim) == 3
    assert sim.results == simulate("waks", deals=3, progress=False).results

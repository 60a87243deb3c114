"""The conformance kit never fails for the machine's speed.

On a loaded machine (a busy CI runner, other processes on the same cores) every example takes
longer on the wall clock while spending the same CPU time. The kit's budgets are CPU time
(:func:`time.process_time`) and hypothesis' wall-clock deadline is off in every run of the
kit, whatever settings a plug-in's tests pass. Here the wall clock is made to run absurdly
fast (every read of ``time.perf_counter``, ``time.monotonic`` or ``time.time`` is 5 seconds
later than the one before, as if each step of the kit waited seconds for the CPU): a kit that
measured wall time anywhere (its own budget, or hypothesis' 200 ms deadline) fails every
example; this one passes.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from datetime import timedelta

import pytest
from hypothesis import settings

from primero.testing import run_deal_machine, variant_state_machine
from primero.testing.machine import _Clock

#: hypothesis' own default deadline (this suite's profiles turn it off).
DEFAULT_DEADLINE = timedelta(milliseconds=200)
#: How far the slow clock jumps at every read (seconds): past the kit's default budget of 10
#: CPU seconds in three reads, 25x hypothesis' default deadline of 200 ms in one.
JUMP = 5.0


@pytest.fixture
def loaded(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[], int]]:
    """Every wall-clock read of the kit and of hypothesis is JUMP seconds after the last one.

    Yields how many times the slow clocks were read (so the test knows they were).
    """
    reads = itertools.count()
    seen = [0]

    def slow(real: Callable[[], float]) -> Callable[[], float]:
        def read() -> float:
            seen[0] += 1
            return real() + JUMP * next(reads)

        return read

    for name in ("perf_counter", "monotonic", "time"):
        monkeypatch.setattr(time, name, slow(getattr(time, name)))
    yield lambda: seen[0]


def test_the_kit_passes_on_a_loaded_machine_with_a_plugin_authors_settings(
        loaded: Callable[[], int]) -> None:
    # settings of a plug-in's own tests that keep hypothesis' default deadline (200 ms)
    mine = settings(max_examples=3, stateful_step_count=12, database=None,
                    deadline=DEFAULT_DEADLINE)
    run_deal_machine("waks", settings=mine)
    assert loaded() > 5  # the clocks were read, and ran far past every wall-clock limit


def test_the_machines_testcase_passes_on_a_loaded_machine(loaded: Callable[[], int]) -> None:
    machine = variant_state_machine("cardano", check_records=False)
    # as the plug-in guide writes it, but without deadline=None
    machine.TestCase.settings = settings(max_examples=2, stateful_step_count=10,
                                         database=None, deadline=DEFAULT_DEADLINE)
    machine.TestCase("runTest").runTest()
    assert loaded() > 5


def test_the_budget_counts_cpu_time_not_the_wall_clock(loaded: Callable[[], int]) -> None:
    clock = _Clock(1.0, str)
    clock.start()
    time.sleep(0.2)  # waiting, as for the CPU on a loaded machine: no CPU time spent
    time.monotonic(), time.perf_counter()  # and the wall clock runs 10 s on
    clock.stop()
    assert clock.elapsed() < 0.2
    spin_until = time.process_time() + 0.05
    clock.start()
    while time.process_time() < spin_until:
        pass
    clock.stop()
    assert 0.05 <= clock.elapsed() < 1.0

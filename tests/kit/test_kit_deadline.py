"""The kit fails within its budget on a hook that never returns, naming the hook.

The machine's time budget was checked only between actions: a loop inside one hook call hung
``run_deal_machine(..., time_budget=3)`` for ever. Each example now also runs under a
deadline (:mod:`primero.testing.deadline`) that interrupts it ``GRACE`` CPU seconds after its
budget with :class:`~primero.testing.KitTimeout`, naming the hook, the plug-in and the line.
Budget and deadline are CPU time: waiting (for the CPU on a loaded machine, or asleep) never
counts.
The loops below end by themselves after a minute, so a broken deadline fails these tests
instead of hanging them.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import attrs
import pytest

import primero
from primero import hookimpl
from primero.testing.deadline import GRACE, Deadline, KitTimeout, stuck_in
from primero.variants.waks import WAKS

SRC = Path(primero.__file__).resolve().parent.parent
#: How long the test loops spin at most when nothing interrupts them.
SPIN = 60.0


def _spin() -> None:
    until = time.monotonic() + SPIN
    while time.monotonic() < until:
        pass


class SlowPoints:
    """A card-points hook stuck in a loop (for a minute at most)."""

    @hookimpl
    def primero_card_points(self, variant: Any, card: Any) -> int:
        _spin()
        return 1


posix_main = pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no SIGPROF timers")


@posix_main
def test_a_deadline_interrupts_a_hook_and_names_it() -> None:
    rules = attrs.evolve(WAKS, name="slowpoints", aliases=(),
                         plugins=(SlowPoints(),)).configure().rules
    card = next(iter(rules.pack))
    deadline = Deadline(0.2, lambda where: f"stuck {where}")
    try:
        with pytest.raises(KitTimeout) as info:
            rules.card_points(card)
    finally:
        deadline.cancel()
    loop = _spin.__code__
    first = loop.co_firstlineno
    match = re.fullmatch(
        rf"stuck inside hook primero_card_points \(plug-in {__name__}\.SlowPoints, "
        rf"SlowPoints\.primero_card_points, at {re.escape(__file__)}:(\d+)\)", str(info.value))
    assert match is not None, str(info.value)
    assert first < int(match[1]) <= first + 3  # a line of _spin's loop
    assert not isinstance(info.value, Exception)  # neither the façade nor a plug-in eats it


@posix_main
def test_outside_any_hook_the_function_is_named() -> None:
    deadline = Deadline(0.2, lambda where: where)
    try:
        with pytest.raises(KitTimeout) as info:
            _spin()
    finally:
        deadline.cancel()
    assert str(info.value).startswith(f"outside any hook, in _spin (at {__file__}:")
    assert stuck_in(None) == "outside any hook"


@posix_main
def test_a_timer_set_before_is_put_back() -> None:
    def before(signum: int, frame: object) -> None: ...

    old = signal.signal(signal.SIGPROF, before)
    try:
        signal.setitimer(signal.ITIMER_PROF, 100.0)
        Deadline(5.0, str).cancel()
        left, _ = signal.getitimer(signal.ITIMER_PROF)
        assert 90.0 < left <= 100.1  # (the CPU timer rounds to its tick)
        assert signal.getsignal(signal.SIGPROF) is before
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)


@posix_main
def test_time_spent_waiting_is_not_counted() -> None:
    """A loaded machine makes an example wait, not compute: 0.5 s asleep under a 0.1 s
    deadline is no timeout (the deadline counts CPU time); the wall clock has no say."""
    deadline = Deadline(0.1, str)
    try:
        start = time.process_time()
        time.sleep(0.5)
        assert time.process_time() - start < 0.1
    finally:
        deadline.cancel()
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # no wall-clock timer armed


def test_in_another_thread_no_deadline_is_armed() -> None:
    armed: list[str] = []

    def run() -> None:
        deadline = Deadline(30.0, str)
        armed.append(deadline._armed)
        deadline.cancel()
        armed.append(deadline._armed)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(60)
    assert armed == ["", ""]
    assert Deadline(float("inf"), str)._armed == ""  # no budget: no deadline


CHILD = r'''
import attrs
from hypothesis import settings
from primero import hookimpl
from primero.testing import run_deal_machine
from primero.variants.waks import WAKS

class Spin:
    @hookimpl
    def primero_end_step(self, state, variant, step):
        if state.step_index >= 3:
            import time
            until = time.monotonic() + 60
            while time.monotonic() < until:
                pass
        return None

variant = attrs.evolve(WAKS, name="spin", aliases=(), plugins=(Spin(),)).configure()
try:
    run_deal_machine(variant, check_records=False, time_budget=0.5,
                     settings=settings(max_examples=5, deadline=None, database=None))
except BaseException as exc:
    print(type(exc).__name__, str(exc).splitlines()[0])
# the kit still works in the same interpreter afterwards
run_deal_machine("waks", settings=settings(max_examples=2, deadline=None, database=None))
print("then the kit on waks passed")
'''


@posix_main
def test_the_kit_fails_on_a_hook_that_never_returns() -> None:
    env = dict(os.environ, PYTHONPATH=str(SRC), PRIMERO_DISABLE_PLUGIN_AUTOLOAD="1")
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                          env=env, timeout=120)  # a guard against a hang, not a timing
    assert done.returncode == 0, done.stderr[-2000:]
    first, then = done.stdout.splitlines()[-2:]
    assert re.fullmatch(
        r"KitTimeout spin, [a-z ]+\d*, after \d+ actions: the example ran past its time budget "
        rf"of 0\.5 s \(and {GRACE:g} s more\) of CPU time inside hook primero_end_step \(plug-in "
        r"__main__\.Spin, Spin\.primero_end_step, at <string>:\d+\): a call that does not "
        r"return", first), first
    assert then == "then the kit on waks passed"

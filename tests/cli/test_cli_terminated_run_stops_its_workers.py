"""``SIGTERM`` during ``primero simulate --jobs 2`` stops the run and its workers.

Python's default for ``SIGTERM`` ended the command at once, no ``finally`` run: the worker
processes were left behind, orphaned, waiting forever for chunks. Now the command stops as on
Ctrl-C (the workers stopped in the middle of their chunks), says so in one line and exits
with status 143 (128 + SIGTERM).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from cli_helpers import alive, children, run

LINE = "error: terminated (SIGTERM) before the command finished\n"


def _started(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "primero", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            env={**os.environ, "PYTHONWARNINGS": "ignore"})


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads processes from /proc")
def test_a_sigterm_stops_the_workers_and_says_so() -> None:
    process = _started("simulate", "--agent", "search", "--deals", "20000", "--jobs", "2",
                       "--no-progress")
    try:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while process.poll() is None and time.monotonic() < deadline:
            workers = [w for w in children(process.pid) if alive(w)]
            if len(workers) >= 2:
                break
            time.sleep(0.05)
        assert process.poll() is None and len(workers) >= 2, "the workers never started"
        time.sleep(0.5)  # the workers at their chunks
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert (process.returncode, out, err) == (143, "", LINE)
    deadline = time.monotonic() + 10
    while any(alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [w for w in workers if alive(w)] == []


def test_a_sigterm_in_one_process_says_so_in_json_with_json() -> None:
    process = _started("simulate", "--agent", "search", "--deals", "20000", "--no-progress",
                       "--json")
    try:
        time.sleep(3)  # imported and playing
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert (process.returncode, out) == (143, "")
    assert err == ('{"format": 1, "error": "terminated (SIGTERM) before the command '
                   'finished"}\n')


def test_sigterm_is_python_s_own_again_after_a_command() -> None:
    before = signal.getsignal(signal.SIGTERM)
    assert run("evaluate", "7s", "6h", "Ad", "Kc").exit_code == 0
    assert signal.getsignal(signal.SIGTERM) is before

"""Ctrl-C during ``primero simulate --jobs 2`` stops at once: the workers are stopped in the
middle of their chunks (not waited for), none is left behind, and the command ends as every
interrupted command does (exit status 130, one ``error:`` line).

The chunks here are 200 deals of the ``search`` agent (about a second of CPU each deal), so
waiting for a running chunk would take minutes; the test allows 30 s.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from cli_helpers import alive, children

LINE = "error: interrupted (Ctrl-C) before the command finished\n"


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads processes from /proc")
@pytest.mark.parametrize("whom", ["the command", "the process group"])
def test_a_sigint_stops_the_workers_at_once(whom: str) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "primero", "simulate", "--agent", "search", "--deals", "20000",
         "--jobs", "2", "--no-progress"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env={**os.environ, "PYTHONWARNINGS": "ignore"})
    try:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        # both workers are playing once each has used 0.5 s of CPU
        while process.poll() is None and time.monotonic() < deadline:
            workers = children(process.pid)
            if len(workers) >= 2 and all(_cpu_seconds(w) > 0.5 for w in workers
                                         if alive(w)):
                break
            time.sleep(0.05)
        assert process.poll() is None and len(workers) >= 2, "the workers never started"
        if whom == "the command":
            process.send_signal(signal.SIGINT)
        else:  # Ctrl-C at a terminal
            os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert process.returncode == 130
    assert out == ""
    assert err == LINE
    assert [w for w in workers if alive(w)] == []

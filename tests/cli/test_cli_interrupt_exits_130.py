"""Ctrl-C ends a command with exit status 130 (128 + SIGINT, the shell's convention), not 1.

Wherever the interrupt lands: while click and the app load (the console script's entry
point), while the command line is read, or while the command runs (a real SIGINT sent to a
running ``primero simulate``). One ``error:`` line each time, never a traceback.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import types

import pytest

import primero.cli.core
import primero.cli.launch
from cli_helpers import run

LINE = "error: interrupted (Ctrl-C) before the command finished\n"


def _interrupted(*_args: object, **_kwargs: object) -> object:
    raise KeyboardInterrupt


class _LoadingApp(types.ModuleType):
    """An app module that is still loading when Ctrl-C comes."""

    def __getattr__(self, name: str) -> object:
        raise KeyboardInterrupt


def test_an_interrupt_while_the_app_loads_exits_130(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "loading_app", _LoadingApp("loading_app"))
    monkeypatch.setattr(primero.cli.launch, "APP_MODULE", "loading_app")
    with pytest.raises(SystemExit) as stopped:
        primero.cli.launch.main(["simulate"])
    assert stopped.value.code == 130
    assert capsys.readouterr().err == LINE


def test_an_interrupt_while_the_line_is_read_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(primero.cli.core.click.Group, "make_context", _interrupted)
    result = run("simulate")
    assert result.exit_code == 130
    assert result.stderr == LINE


def _cpu_seconds(pid: int) -> float:
    """The CPU time a process has used so far (Linux's /proc)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads the CPU time from /proc")
def test_a_sigint_to_a_running_simulation_exits_130() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "primero", "simulate", "--deals", "100000", "--no-progress"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONWARNINGS": "ignore"})
    try:
        # the command is playing once it has used 1.5 s of CPU (loading takes well under)
        while process.poll() is None and _cpu_seconds(process.pid) < 1.5:
            time.sleep(0.05)
        assert process.poll() is None, "100,000 deals finished in 1.5 s of CPU"
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 130
    assert out == ""
    assert err == LINE

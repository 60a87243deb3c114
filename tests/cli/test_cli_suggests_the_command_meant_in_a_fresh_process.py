"""A mistyped command gets "Did you mean ...?" in a fresh process too, and a command's start.

Before, click looked for the command meant only among the commands imported so far: in a
fresh ``primero`` process (the command modules are imported when asked for) there were none,
so ``primero evaluat`` was "no such command 'evaluat'" with no hint, though the test suite,
having imported every command, saw one; ``primero sim`` never got one.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from cli_helpers import run


@pytest.mark.parametrize(("typed", "meant"), [("evaluat", "evaluate"), ("sim", "simulate")])
def test_a_fresh_process_names_the_command_meant(typed: str, meant: str) -> None:
    done = subprocess.run([sys.executable, "-m", "primero", typed], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (f"error: no such command {typed!r}. Did you mean {meant!r}? "
                           "(see 'primero --help')\n")


@pytest.mark.parametrize(("typed", "message"), [
    ("SIM", "no such command 'SIM'. Did you mean 'simulate'?"),
    ("plya", "no such command 'plya'. Did you mean 'play'?"),
    ("xyz", "no such command 'xyz'"),  # nothing close: no guess
])
def test_a_command_is_meant_by_its_start_or_a_near_miss(typed: str, message: str) -> None:
    result = run(typed)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"error: {message} (see 'primero --help')\n"

"""Running the ``primero`` command in-process, for the CLI tests (imported by bare name)."""

from __future__ import annotations

import os
from typing import Any

from click.testing import CliRunner

from primero.cli.core import app

#: A wide terminal with no colour, so rich tables and messages print on whole lines.
ENV = {"COLUMNS": "220", "FORCE_COLOR": None, "TTY_COMPATIBLE": None, "NO_COLOR": "1"}


def run(*args: str, input: str | None = None) -> Any:
    """Invoke ``primero ARGS`` (``input``: standard input); the click result (exit code,
    stdout, stderr)."""
    return CliRunner().invoke(app, list(args), input=input, env=ENV)


def ok(*args: str) -> str:
    """Invoke ``primero ARGS``, check it succeeded silently on stderr, return its stdout."""
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    return str(result.stdout)


def table_rows(text: str) -> list[list[str]]:
    """The body rows of a rich table, as stripped cells."""
    return [[cell.strip() for cell in line.split("│")[1:-1]]
            for line in text.splitlines() if line.startswith("│")]


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (exists and is no zombie; Linux's /proc)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False

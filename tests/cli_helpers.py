"""Running the ``primero`` command in-process, for the CLI tests (imported by bare name)."""

from __future__ import annotations

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

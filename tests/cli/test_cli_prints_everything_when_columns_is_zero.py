"""``COLUMNS=0`` (or ``00``) is no width: every command prints as at the terminal's, else 80.

Before, rich took ``COLUMNS=0`` as a width of 0: ``primero frequencies`` printed nothing at all
and exited 0, and ``primero simulate`` printed blank lines; the help pages already ignored it.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cli_helpers import ENV, table_rows
from primero.cli.core import app


def _run(columns: str, *args: str) -> str:
    result = CliRunner().invoke(app, list(args), env={**ENV, "COLUMNS": columns})
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    return str(result.stdout)


@pytest.mark.parametrize("columns", ["0", "00"])
def test_the_class_table_is_printed_whole_at_columns_zero(columns: str) -> None:
    out = _run(columns, "frequencies")
    assert out.splitlines()[0].strip() == "waks over italian40: 91,390 hands"
    rows = table_rows(out)
    # RULES.md section 11: the italian40 census
    assert [(row[0], row[1]) for row in rows] == [
        ("Chorus", "10"), ("Fluxus", "840"), ("Supremus", "120"), ("Primero", "9,990"),
        ("Numerus", "80,430"), ("Total", "91,390")]
    assert max(map(len, out.splitlines())) <= 80


def test_a_simulation_prints_as_at_80_columns() -> None:
    args = ("simulate", "-d", "3", "-n", "2", "--agent", "random", "--no-progress")
    assert _run("0", *args) == _run("80", *args)

"""``primero variants`` in a narrow terminal: the names you type are never clipped or broken."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import primero
from cli_helpers import ENV
from primero.cli.core import app


def _table(columns: int) -> list[str]:
    result = CliRunner().invoke(app, ["variants"], env={**ENV, "COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return str(result.stdout).splitlines()


def _cells(lines: list[str], column: int) -> list[str]:
    return [line.split("│")[column + 1].strip() for line in lines if line.startswith("│")]


@pytest.mark.parametrize("columns", [80, 100])
def test_every_name_and_alias_appears_whole_within_the_width(columns: int) -> None:
    lines = _table(columns)
    assert max(map(len, lines)) <= columns
    names = [cell for cell in _cells(lines, 0) if cell]
    assert names == primero.registry().names()
    aliases = " ".join(_cells(lines, 2)).replace(",", " ").split()
    assert aliases == [a for spec in primero.registry().specs() for a in spec.aliases]


def test_module_names_are_not_broken_at_100_columns() -> None:
    plugins = _cells(_table(100), 4)
    registry = primero.registry()
    for spec in registry.specs():
        assert any(registry.provider(spec) in cell.split() for cell in plugins), spec.name

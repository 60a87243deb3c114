"""A summary table too wide for the terminal is stacked, never cut (``COLUMNS=40``)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cli_helpers import ENV
from primero.cli.core import app

NARROW = {**ENV, "COLUMNS": "40"}


def narrow(*args: str) -> str:
    result = CliRunner().invoke(app, list(args), env=NARROW)
    assert result.exit_code == 0, result.output
    return result.output


def test_simulate_in_40_columns_keeps_every_seat_label_and_whole_figures() -> None:
    out = narrow("simulate", "--deals", "20", "--seed", "1", "--agent", "random",
                 "--no-progress")
    data = json.loads(CliRunner().invoke(app, ["simulate", "--deals", "20", "--seed", "1",
                                               "--agent", "random", "--json"],
                                         env=NARROW).output)
    assert "…" not in out
    assert all(len(line) <= 40 for line in out.splitlines())
    lines = out.splitlines()
    assert "Deals: 20" in lines
    assert f"  Showdowns: {data['showdowns']} (" in out
    assert lines.index("Seat: 0 (eldest)") < lines.index("Seat: 1") < lines.index("Seat: 3")
    assert "Class: Numerus" in lines


@pytest.mark.parametrize("args", [
    ("compare", "waks", "losing", "--deals", "10", "--seed", "1", "--no-progress"),
    ("odds", "Kh", "Qh", "Jh", "2s", "--discard", "2s"),
    ("match", "random", "heuristic", "--deals", "4", "--seed", "1", "--no-progress"),
])
def test_tables_in_40_columns_cut_no_cell(args: tuple[str, ...]) -> None:
    out = narrow(*args)
    assert "…" not in out, out
    assert not any(line.startswith("┃┃") for line in out.splitlines()), out


def test_simulate_in_a_wide_terminal_still_prints_a_table() -> None:
    result = CliRunner().invoke(app, ["simulate", "--deals", "5", "--seed", "1",
                                      "--no-progress"], env={**ENV, "COLUMNS": "120"})
    assert "┃ Seat       ┃" in result.output
    assert "Seat: 0" not in result.output

"""Command names are read in any case, as variant and agent names are."""

from __future__ import annotations

from cli_helpers import run


def test_a_command_in_capitals_is_the_command() -> None:
    result = run("EVALUATE", "7s", "6h", "Ad", "Kc")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "Primero 65  (waks)"


def test_an_unknown_command_in_capitals_is_still_refused() -> None:
    result = run("NONSENSE")
    assert result.exit_code == 2
    assert result.stderr == "error: no such command 'NONSENSE' (see 'primero --help')\n"

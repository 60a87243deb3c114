"""Help texts that describe a behaviour describe the one the command has."""

from __future__ import annotations

from pathlib import Path

import click
import pytest

from cli_helpers import ok
from primero.cli.core import app


def option_help(command: str, name: str) -> str:
    """The help text of option ``name`` of ``primero COMMAND``, on one line."""
    found = app.commands[command]
    option = next(p for p in found.params if p.name == name)
    assert isinstance(option, click.Option) and option.help is not None
    return " ".join(option.help.split())


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_the_agent_help_describes_every_agent_it_accepts(command: str) -> None:
    found = app.commands[command]
    option = next(p for p in found.params if p.name == "agent")
    assert isinstance(option.type, click.Choice)
    assert list(option.type.choices) == ["random", "heuristic", "odds", "search", "equilibrium"]
    text = option_help(command, "agent")
    for agent in option.type.choices:
        assert f"{agent} (" in text or f"{agent}," in text, agent


def test_the_save_help_names_the_files_a_session_writes(tmp_path: Path) -> None:
    ok("play", "--auto", "--seed", "3", "--deals", "3", "--save", str(tmp_path / "deal.toml"))
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == ["deal-2.toml", "deal-3.toml", "deal.toml"]
    assert "after deal.toml, deal-2.toml, deal-3.toml..." in option_help("play", "save")

"""Ctrl-C during a command is one ``error:`` line (a JSON line with ``--json``), status 130."""

from __future__ import annotations

from pathlib import Path

import pytest

import primero.cli.replay
from cli_helpers import run

CASE = str(Path(__file__).resolve().parents[1] / "cases" / "waks_example.toml")


def _interrupted(*_args: object, **_kwargs: object) -> object:
    raise KeyboardInterrupt


def test_an_interrupt_is_one_error_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(primero.cli.replay, "load_record", _interrupted)
    result = run("replay", CASE)
    assert result.exit_code == 130
    assert result.stderr == "error: interrupted (Ctrl-C) before the command finished\n"


def test_an_interrupt_with_json_is_one_json_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(primero.cli.replay, "load_record", _interrupted)
    result = run("replay", CASE, "--json")
    assert result.exit_code == 130
    assert result.stdout == ""
    assert result.stderr == ('{"format": 1, "error": "interrupted (Ctrl-C) before the command '
                             'finished"}\n')

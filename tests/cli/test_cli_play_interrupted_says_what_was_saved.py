"""Ctrl-C in the middle of a deal ends ``primero play`` with one line saying what was saved.

The deal was saved (``--save``), but the terminal said only click's "Aborted!": now the line
says the deal is unfinished and where the deal so far is, as at the end of input.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cli_helpers import run
from primero.agents.heuristic import HeuristicAgent
from primero.records import load_record, replay


def interrupt_at_the_third_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer players act twice, then the user presses Ctrl-C."""
    real = HeuristicAgent.act
    calls = []

    def act(self: HeuristicAgent, *args: Any) -> Any:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(self, *args)

    monkeypatch.setattr(HeuristicAgent, "act", act)


def test_an_interrupted_deal_says_where_the_deal_so_far_is_saved(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    interrupt_at_the_third_action(monkeypatch)
    target = tmp_path / "deal.toml"
    result = run("play", "--auto", "--seed", "3", "--save", str(target))
    assert result.exit_code == 130
    assert result.stderr == (f"error: interrupted: the deal is left unfinished; the deal so "
                             f"far is saved to {target}\n")
    saved = load_record(target)
    assert len(saved.actions) == 2
    assert not replay(saved).over


def test_an_interrupted_deal_without_save_says_it_is_unfinished(
        monkeypatch: pytest.MonkeyPatch) -> None:
    interrupt_at_the_third_action(monkeypatch)
    result = run("play", "--auto", "--seed", "3")
    assert result.exit_code == 130
    assert result.stderr == "error: interrupted: the deal is left unfinished\n"

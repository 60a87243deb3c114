"""A long duplicate match shows a progress bar on a terminal, as a long simulation does.

Before, ``primero match`` and :func:`duplicate_match` ran silent for minutes with a slow agent.
"""

from __future__ import annotations

import pytest

from cli_helpers import run
from primero.analysis.duplicate import duplicate_match
from primero.testing import check_agent_holds_up


def test_progress_bar_counts_the_deals_and_is_off_elsewhere(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    duplicate_match("waks", "random", "random", deals=100)  # long enough; stderr no terminal
    assert capsys.readouterr().err == ""
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # rich: treat stderr as a terminal
    monkeypatch.setenv("TTY_INTERACTIVE", "1")
    shown = duplicate_match("waks", "random", "random", deals=3, progress=True)
    err = capsys.readouterr().err
    assert "random against random" in err and "3/3" in err
    hidden = duplicate_match("waks", "random", "random", deals=3, progress=False)
    assert capsys.readouterr().err == ""
    assert shown.scores == hidden.scores  # the bar changes no number


def test_check_agent_holds_up_passes_progress_on(capsys: pytest.CaptureFixture[str]) -> None:
    check_agent_holds_up("waks", "random", deals=2, exploiters=["fold"], strict=False,
                         progress=False)
    assert capsys.readouterr().err == ""


def test_match_command_takes_no_progress() -> None:
    result = run("match", "random", "random", "-d", "2", "--no-progress", "--json")
    assert (result.exit_code, result.stderr) == (0, "")

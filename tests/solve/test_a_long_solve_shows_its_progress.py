"""A solve that can take minutes shows a progress bar on standard error, and solves once."""

from __future__ import annotations

from typing import Any

import pytest

from cli_helpers import run
from primero import get_variant
from primero.analysis.duplicate import duplicate_match
from primero.cli import solve as cli_solve
from primero.solve import TableParameters, solvable_game, solving
from primero.solve import cache as solve_cache
from primero.solve.cache import cached_strategy

TOY_TABLE = ("--variant", "toy", "--chips", "3", "--stake", "1", "--rest", "1", "--ante", "1")


@pytest.fixture
def solves(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every solve's iteration limit, with no strategy kept on disk or in memory before.

    Standard error counts as a terminal for rich (a bar asked for is drawn).
    """
    monkeypatch.setenv("PRIMERO_NO_CACHE", "1")
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # rich: treat stderr as a terminal
    monkeypatch.setenv("TTY_INTERACTIVE", "1")
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setattr(solve_cache, "_KEPT", {})
    calls: list[int] = []
    real = solving.solve

    def counted(*args: object, **kwargs: object) -> solving.Solved:
        calls.append(int(kwargs["iterations"]))  # type: ignore[call-overload]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(solve_cache, "solve", counted)
    return calls


def test_solve_calls_step_after_every_iteration() -> None:
    game = solvable_game(get_variant("toy"), TableParameters(chips=3, stake=1, rest=1, ante=1))
    steps: list[int] = []
    solving.solve(game, target=0.0, iterations=7, block=3, step=steps.append)
    assert steps == [1, 2, 3, 4, 5, 6, 7]


def test_cached_strategy_shows_the_iterations_and_the_exploitability_when_asked(
        solves: list[int], capsys: pytest.CaptureFixture[str]) -> None:
    game = solvable_game(get_variant("toy"), TableParameters(chips=3, stake=1, rest=1, ante=1))
    cached_strategy(game, target=0.0, iterations=30, progress=True)
    err = capsys.readouterr().err
    assert "solving toy heads-up" in err
    assert "30/30" in err
    assert "exploitability 0.0" in err and "(target 0)" in err
    cached_strategy(game, target=0.0, iterations=30, progress=True)  # kept in memory
    assert capsys.readouterr().err == ""
    assert solves == [30]


def test_match_with_the_equilibrium_solves_once_before_the_deals_with_a_bar(
        solves: list[int], capsys: pytest.CaptureFixture[str]) -> None:
    duplicate_match("toy", "equilibrium", "equilibrium", deals=2, chips=3, stake=1, rest=1,
                    ante=1, progress=True)
    err = capsys.readouterr().err
    assert "solving toy heads-up" in err
    assert err.index("solving toy heads-up") < err.index("equilibrium against equilibrium")
    assert solves == [1000]


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[bool | None]:
    """The ``progress`` every solve's bar was asked with (the cache's and the command's)."""
    seen: list[bool | None] = []

    def recorder(real: Any) -> Any:
        def recorded(*args: Any, progress: bool | None = None) -> Any:
            seen.append(progress)
            return real(*args, progress=progress)
        return recorded

    monkeypatch.setattr(solve_cache, "solve_progress", recorder(solving.solve_progress))
    monkeypatch.setattr(cli_solve, "solve_progress", recorder(solving.solve_progress))
    return seen


def test_match_command_passes_no_progress_to_the_solve(solves: list[int],
                                                       asked: list[bool | None]) -> None:
    result = run("match", "equilibrium", "odds", *TOY_TABLE, "--deals", "2", "--no-progress")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert (solves, asked) == ([1000], [False])
    solve_cache._KEPT.clear()
    shown = run("match", "equilibrium", "odds", *TOY_TABLE, "--deals", "2")
    assert shown.exit_code == 0, shown.output
    assert (solves, asked) == ([1000, 1000], [False, None])  # None: a bar on a terminal


def test_solve_command_passes_no_progress_and_prints_the_blocks(
        solves: list[int], asked: list[bool | None]) -> None:
    for flag, expected in ((["--no-progress"], False), ([], None)):
        result = run("solve", *TOY_TABLE, "--iterations", "4", "--block", "2", *flag)
        assert result.exit_code == 0, result.output
        assert result.stderr == ""  # (the test's stderr is no terminal)
        assert [line.split()[0] for line in result.stdout.splitlines()[3:5]] == ["2", "4"]
        assert asked[-1] is expected


def test_lines_printed_under_the_bar_stay_on_standard_output_when_it_is_a_file(
        solves: list[int], capsys: pytest.CaptureFixture[str]) -> None:
    # stderr a terminal, stdout not (primero solve > out.txt): the blocks' lines stay in it
    with solving.solve_progress("solving toy", 10, 0.0, progress=True):
        print("a block's line")
    captured = capsys.readouterr()
    assert captured.out == "a block's line\n"
    assert "a block's line" not in captured.err and "solving toy" in captured.err

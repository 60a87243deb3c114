"""Every example script refuses a bad argument with a usage line and exit status 2.

Before, ``python examples/pettingzoo_training_loop.py x`` died with a ``ValueError``
traceback, ``0`` episodes with a ``ZeroDivisionError``, a negative seed with numpy's
"expected non-negative integer"; ``openspiel_mccfr.py --iterations 0`` quietly ran the
default 2,000 iterations; ``solve_toy.py -3`` "solved" in no iteration; a ``--plot`` path in
a missing folder was a ``FileNotFoundError`` after the whole run, and ``--plot /tmp`` wrote
``/tmp.png``.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from conftest import ROOT

EXAMPLES = ROOT / "examples"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _refusal(name: str, entry: str, argv: list[str],
             capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The stderr lines of ``entry(argv)``, which must exit with status 2 and print nothing."""
    with pytest.MonkeyPatch.context() as patch, pytest.raises(SystemExit) as exited:
        patch.setattr(sys, "argv", [str(EXAMPLES / f"{name}.py")])  # the usage line's name
        getattr(_load(name), entry)(argv)
    assert exited.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert lines[0].startswith(f"usage: {name}.py ")
    return lines


def test_the_training_loop_names_a_bad_episode_count_as_a_usage_error() -> None:
    done = subprocess.run([sys.executable, str(EXAMPLES / "pettingzoo_training_loop.py"), "x"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "usage: pettingzoo_training_loop.py [-h] [episodes] [seed]",
        "pettingzoo_training_loop.py: error: argument episodes: expected a whole number in "
        "ASCII digits, got 'x'"]


@pytest.mark.parametrize(("argv", "message"), [
    (["0"], "argument episodes: expected a whole number from 1, got 0"),
    (["-5"], "argument episodes: expected a whole number from 1, got -5"),
    (["２"], "argument episodes: expected a whole number in ASCII digits, got '２'"),
    (["3", "-1"], "argument seed: expected a whole number from 0, got -1"),
    (["3", "1.5"], "argument seed: expected a whole number in ASCII digits, got '1.5'"),
])
def test_the_training_loop_refuses_counts_and_seeds_it_cannot_play(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pettingzoo")
    lines = _refusal("pettingzoo_training_loop", "cli", argv, capsys)
    assert lines[-1] == f"pettingzoo_training_loop.py: error: {message}"


def test_the_training_loop_function_refuses_no_episodes() -> None:
    pytest.importorskip("pettingzoo")
    with pytest.raises(ValueError, match=r"^episodes must be 1 or more, got 0$"):
        _load("pettingzoo_training_loop").main(0, 0)


@pytest.mark.parametrize(("argv", "message"), [
    (["--iterations", "0"], "argument --iterations: expected a whole number from 1, got 0"),
    (["--deals", "1"], "argument --deals: expected a whole number from 2, got 1"),
    (["--seed", "-1"], "argument --seed: expected a whole number from 0 to 2,147,483,647, "
                       "got -1"),
    (["--seed", "4294967296"], "argument --seed: expected a whole number from 0 to "
                               "2,147,483,647, got 4294967296"),
])
def test_the_mccfr_example_refuses_counts_and_seeds_its_solver_cannot_take(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    lines = _refusal("openspiel_mccfr", "main", argv, capsys)
    assert lines[-1] == f"openspiel_mccfr.py: error: {message}"


@pytest.mark.parametrize(("argv", "message"), [
    (["-3"], "argument iterations: expected a whole number from 1, got -3"),
    (["0"], "argument iterations: expected a whole number from 1, got 0"),
    (["1", "--plot", "plot.jpg"], "argument --plot: expected a file name ending .png, got "
                                  "'plot.jpg'"),
    (["1", "--plot", "missing/plot.png"], "argument --plot: no folder 'missing' to write "
                                          "into"),
    (["1", "--plot", "folder.png"], "argument --plot: 'folder.png' is a folder, not a file"),
])
def test_the_toy_solver_refuses_no_iterations_and_a_plot_it_cannot_write(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str],
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pyspiel")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder.png").mkdir()
    lines = _refusal("solve_toy", "main", argv, capsys)
    assert lines[-1] == f"solve_toy.py: error: {message}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder.png"]  # nothing written


@pytest.mark.parametrize(("argv", "message"), [
    (["--iterations", "-1"], "argument --iterations: expected a whole number from 1, got -1"),
    (["--seed", "-1"], "argument --seed: expected a whole number from 0, got -1"),
    (["--plot", "."], "argument --plot: expected a file name ending .png, got '.'"),
])
def test_the_policy_gradient_example_refuses_bad_counts_seeds_and_plots(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    lines = _refusal("batch_policy_gradient", "main", argv, capsys)
    assert lines[-1] == f"batch_policy_gradient.py: error: {message}"

"""Hostile input to the solver: bad limits, a tampered or unwritable cache, the CLI's errors."""

from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from primero import get_variant
from primero.cli.core import app
from primero.errors import PrimeroError, UnknownVariantError
from primero.solve import TableParameters, solvable_game, solve, tabulate
from primero.solve.cache import cached_strategy, strategy_file
from primero.solve.game import RangeGame
from primero.solve.tree import NotSolvableError

TOY = TableParameters(chips=3, stake=1, rest=1, ante=1)


@pytest.fixture(scope="module")
def toy() -> RangeGame:
    return solvable_game(get_variant("toy"), TOY)


@pytest.mark.parametrize(("limits", "named"), [
    ({"target": math.nan}, "target"), ({"target": -1.0}, "target"), ({"target": "x"}, "target"),
    ({"iterations": 0}, "iterations"), ({"iterations": -5}, "iterations"),
    ({"iterations": 1.5}, "iterations"), ({"block": 0}, "block"),
])
def test_solve_refuses_a_limit_it_cannot_stop_on(toy: RangeGame, limits: dict[str, object],
                                                 named: str) -> None:
    with pytest.raises(PrimeroError, match=f"^{named} must be"):
        solve(toy, **limits)  # type: ignore[arg-type]


def test_an_exchange_step_is_named_with_its_article() -> None:
    with pytest.raises(NotSolvableError, match="its deal has an 'exchange' step"):
        solvable_game(get_variant("waks"), TableParameters(chips=3, stake=1, rest=1, ante=0))


def _kept(toy: RangeGame, cache: Path,
          monkeypatch: pytest.MonkeyPatch) -> tuple[Path, dict[str, np.ndarray]]:
    monkeypatch.setenv("PRIMERO_CACHE_DIR", str(cache))
    monkeypatch.delenv("PRIMERO_NO_CACHE", raising=False)
    cached_strategy(toy, target=0.05, iterations=20)
    path = strategy_file(toy, 0.05, 20)
    assert path is not None and path.is_file()
    with np.load(path) as archive:
        return path, {k: archive[k] for k in archive.files}


def _tamper(kept: dict[str, np.ndarray], how: str) -> dict[str, np.ndarray]:
    node = sorted(k for k in kept if k.startswith("node"))[0]
    table = kept[node]
    changed = {"nan": np.full_like(table, np.nan), "zero": np.zeros_like(table),
               "negative": -table, "swapped": table[:, ::-1].copy(),
               "text": table.astype("<U3")}[how]
    return {**kept, node: changed}


@pytest.mark.parametrize("how", ["nan", "zero", "negative", "swapped", "text"])
def test_a_tampered_cached_strategy_is_solved_again_never_loaded(
        toy: RangeGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    path, kept = _kept(toy, tmp_path, monkeypatch)
    honest = solve(toy, target=0.05, iterations=20).strategy
    np.savez_compressed(path, **_tamper(kept, how))  # type: ignore[arg-type]
    loaded = cached_strategy(toy, target=0.05, iterations=20)
    for mine, theirs in zip(loaded.tables, honest.tables, strict=True):
        assert (mine is None) == (theirs is None)
        if mine is not None and theirs is not None:
            assert np.array_equal(mine, theirs)
    with np.load(path) as archive:  # and the file is rewritten honest
        assert all(np.array_equal(archive[k], kept[k]) for k in kept)


def test_a_truncated_cached_strategy_is_solved_again(
        toy: RangeGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, kept = _kept(toy, tmp_path, monkeypatch)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    loaded = cached_strategy(toy, target=0.05, iterations=20)
    node = sorted(k for k in kept if k.startswith("node"))[0]
    assert np.array_equal(loaded.tables[int(node[4:])], kept[node])  # type: ignore[arg-type]


def test_a_cache_that_cannot_be_written_still_gives_the_strategy(
        toy: RangeGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("PRIMERO_CACHE_DIR", str(blocker))
    monkeypatch.delenv("PRIMERO_NO_CACHE", raising=False)
    strategy = cached_strategy(toy, target=0.05, iterations=20)
    honest = solve(toy, target=0.05, iterations=20).strategy
    assert all(np.array_equal(a, b) for a, b in zip(strategy.tables, honest.tables, strict=True)
               if a is not None and b is not None)
    assert blocker.read_text() == "not a directory"


@pytest.mark.parametrize(("target", "shown"), [("nan", "nan"), ("NaN", "nan"), ("inf", "inf"),
                                               ("Infinity", "inf")])
def test_solve_command_refuses_a_nan_or_infinite_target_in_one_line(target: str,
                                                                     shown: str) -> None:
    result = CliRunner().invoke(app, ["solve", "-V", "toy", "--target", target])
    assert result.exit_code == 2  # a usage error naming the option, as --target -1 is
    assert result.output.strip().splitlines() == [
        f"error: invalid value for '--target': must be a finite number of chips per deal, "
        f"got {shown}"]


def test_solvable_game_takes_a_name_and_names_what_is_no_variant_or_table() -> None:
    assert solvable_game("toy", TOY).describe() == (
        "17 public nodes (6 decisions, 11 ends), 15 hands per player, 90 information sets, "
        "90 deals")
    with pytest.raises(UnknownVariantError, match="variant must be a Variant or its name"):
        solvable_game(None, TOY)  # type: ignore[arg-type]
    with pytest.raises(PrimeroError, match="table must be a TableParameters"):
        solvable_game("toy", None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("answer", "message"), [
    (None, "gave NoneType, not a mapping"),
    ({}, "gave no action a positive weight"),
    ({"pass": math.nan}, "gave the weight nan"),
    ({"pass": -1.0, "fold": 2.0}, "gave the weight -1.0"),
    ({"pass": 1.0, "zzz": 1.0}, "gave weight to 'zzz', not an action there"),
])
def test_tabulate_refuses_a_policy_answer_that_is_no_distribution(
        toy: RangeGame, answer: object, message: str) -> None:
    with pytest.raises(PrimeroError, match=r"^the policy at seat 0, history \[\], hand "):
        tabulate(toy, lambda seat, history, hand: answer)  # type: ignore[arg-type,return-value]
    with pytest.raises(PrimeroError, match=re.escape(message)):
        tabulate(toy, lambda seat, history, hand: answer)  # type: ignore[arg-type,return-value]


def test_tabulate_takes_zero_weights_on_actions_not_there_and_normalises(toy: RangeGame) -> None:
    strategy = tabulate(toy, lambda seat, history, hand: {
        "pass": 3.0, "fold": 1.0, "vie 1": 0, "hold": 0.0} if not history else {"fold": 1.0})
    root = strategy.at(0)
    actions = toy.tree.nodes[0].actions
    assert actions == ("pass", "vie 1", "fold")
    assert np.allclose(root, [0.75, 0.0, 0.25])


def test_a_tree_too_large_names_the_chips_and_the_raise_cap_given(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("primero.solve.tree.MAX_NODES", 30)  # (the toy at 3 chips has 17)
    with pytest.raises(NotSolvableError, match=r"lower the chips \(50\) or lower the raise cap "
                                               r"\(100\)$"):
        solvable_game("toy", TableParameters(chips=50, stake=1, rest=3, ante=1, raise_cap=100))
    with pytest.raises(NotSolvableError, match=r"lower the chips \(50\) or set a raise cap$"):
        solvable_game("toy", TableParameters(chips=50, stake=1, rest=3, ante=1))

"""The class summary of a strategy and the ``primero solve`` command, on the toy."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from primero import get_variant
from primero.cli.core import app
from primero.solve import TableParameters, solvable_game, uniform
from primero.solve.summary import summarise


def test_the_eldest_s_first_decision_holds_the_hand_counted_classes() -> None:
    # The eldest's 15 hidden pairs (docs/adapters/toy.md): one Supremus (A♠ 6♠), two
    # Primeros (6♥ 5♣, A♥ 5♣), twelve Numerus; each equally likely at the first decision.
    game = solvable_game(get_variant("toy"), TableParameters(chips=3, stake=1, rest=1, ante=1))
    summary = summarise(uniform(game), 0)
    shares = {name: share for name, share, _ in summary.classes}
    assert shares == pytest.approx({"Numerus": 12 / 15, "Primero": 2 / 15, "Supremus": 1 / 15})
    assert summary.chance == pytest.approx(1.0)
    for _, _, freq in summary.classes:
        assert freq == pytest.approx((1 / 3, 1 / 3, 1 / 3))  # the uniform strategy
    # after a uniform pass the dealer's node is reached in a third of the deals
    assert summarise(uniform(game), game.tree.node_of(["pass"])).chance == pytest.approx(1 / 3)


def test_primero_solve_prints_size_value_and_exploitability_per_block() -> None:
    result = CliRunner().invoke(app, ["solve", "-V", "toy", "--chips", "3", "--rest", "1",
                                      "--ante", "1", "--iterations", "40", "--block", "20",
                                      "--target", "0"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "17 public nodes (6 decisions, 11 ends), 15 hands per player, 90 information " \
           "sets, 90 deals" in lines[1]
    blocks = [line.split() for line in lines if line.strip().split(" ")[0] in ("20", "40")]
    assert [b[0] for b in blocks] == ["20", "40"]
    assert float(blocks[1][3]) < float(blocks[0][3])  # exploitability falls


def test_primero_solve_names_what_disqualifies_a_variant() -> None:
    result = CliRunner().invoke(app, ["solve", "-V", "waks"])
    assert result.exit_code == 1
    assert "'exchange' step" in result.output

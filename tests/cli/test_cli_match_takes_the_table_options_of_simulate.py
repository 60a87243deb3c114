"""``primero match`` takes ``--ante`` and ``--raise-cap`` as ``simulate`` does."""

from __future__ import annotations

import json

from cli_helpers import run


def test_a_raise_cap_lets_the_equilibrium_player_solve_a_deep_toy_table() -> None:
    uncapped = run("match", "equilibrium", "random", "-V", "toy", "-d", "2")
    assert uncapped.exit_code == 1
    assert "set a raise cap" in uncapped.stderr
    capped = run("match", "equilibrium", "random", "-V", "toy", "-d", "2", "--raise-cap", "1")
    assert capped.exit_code == 0, capped.output
    assert capped.stdout.splitlines()[0].endswith("rest 3, raise cap 1")


def test_the_ante_is_played_and_shown() -> None:
    result = run("match", "random", "random", "-V", "revival", "-d", "2", "--ante", "2",
                 "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["variant"] == "revival"
    text = run("match", "random", "random", "-V", "revival", "-d", "2", "--ante", "2")
    assert "rest 3, ante 2" in text.stdout


def test_an_ante_where_the_variant_has_none_is_a_usage_error() -> None:
    result = run("match", "random", "random", "-d", "2", "--ante", "2")
    assert result.exit_code == 2
    assert result.stderr == ("error: invalid value for '--ante': waks has no ante: ante must be "
                             "0, got 2\n")

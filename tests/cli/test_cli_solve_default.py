"""``primero solve`` without ``--variant`` solves the toy, a variant the solver takes.

Waks, every other command's default, has an exchange, which the solver refuses
(docs/solve.md "What qualifies"); a bare ``primero solve`` must not end in that error.
"""

from __future__ import annotations

from click.testing import CliRunner

from primero.cli.core import app

#: A small table: 17 public nodes, 90 deals (tests/solve/test_solve_summary.py counts them).
SMALL = ["--chips", "3", "--rest", "1", "--ante", "1", "--iterations", "20", "--block", "20",
         "--target", "0"]


def test_solve_without_a_variant_solves_the_toy() -> None:
    bare = CliRunner().invoke(app, ["solve", *SMALL])
    assert bare.exit_code == 0, bare.output
    lines = bare.output.splitlines()
    assert lines[0] == "toy: chips 3, stake 1, rest 1, ante 1, raise cap none"
    assert lines[1].startswith("size: 17 public nodes (6 decisions, 11 ends), 15 hands per "
                               "player, 90 information sets, 90 deals")
    named = CliRunner().invoke(app, ["solve", "-V", "toy", *SMALL])
    assert named.exit_code == 0, named.output
    other = named.output.splitlines()
    assert lines[2] == other[2]  # the heading of the blocks
    # the first block's iterations, value and exploitability (not its CPU time)
    assert [lines[3].split()[i] for i in (0, 2, 3)] == [other[3].split()[i] for i in (0, 2, 3)]


def test_solve_help_names_the_toy_as_its_default_and_other_commands_keep_waks() -> None:
    solve_help = CliRunner().invoke(app, ["solve", "--help"], env={"COLUMNS": "200"}).output
    assert "[default: toy]" in solve_help
    play_help = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200"}).output
    assert "[default: waks]" in play_help


def test_the_default_table_is_the_documented_toy_and_its_value() -> None:
    # docs/solve.md: the toy at chips 3, stake 1, rest 1, ante 1 is worth +0.0219 chips a deal
    # to the eldest; a bare ``primero solve`` solves that same table
    bare = CliRunner().invoke(app, ["solve", "--target", "0.001"])
    assert bare.exit_code == 0, bare.output
    lines = bare.output.splitlines()
    assert lines[0] == "toy: chips 3, stake 1, rest 1, ante 1, raise cap none"
    value = float(lines[-1].split()[2])
    assert abs(value - 0.0219) < 0.001


def test_a_named_variant_with_an_exchange_is_still_refused() -> None:
    result = CliRunner().invoke(app, ["solve", "-V", "waks"])
    assert result.exit_code == 1
    assert "'exchange' step" in result.output

"""A table whose betting can run longer than the solver's walks allow is refused in one line.

With the rest at one chip and no raise cap, a betting line is about as long as the stacks are
deep: 1,000 chips make a line of a thousand raises, deeper than Python's stack lets the tree,
CFR+ or a best response recurse. Such a table is refused naming the chips and the raise cap,
before any line is valued.
"""

from __future__ import annotations

import pytest

from cli_helpers import run
from primero.plugins.registry import get_variant
from primero.solve import NotSolvableError, TableParameters, solvable_game
from primero.solve.tree import MAX_DEPTH, build_tree


@pytest.mark.parametrize(("table", "advice"), [
    (TableParameters(chips=1000), "lower the chips (1000) or set a raise cap"),
    (TableParameters(chips=2000, raise_cap=800),
     "lower the chips (2000) or lower the raise cap (800)"),
])
def test_a_betting_line_longer_than_the_bound_is_refused_naming_chips_and_cap(
        table: TableParameters, advice: str) -> None:
    with pytest.raises(NotSolvableError) as info:
        solvable_game("toy", table)
    assert str(info.value) == f"toy: a betting line is longer than 500 actions: {advice}"


def test_the_longest_line_allowed_is_the_bound() -> None:
    # at the rest of one chip the longest line is one action per chip and a last one
    tree = build_tree(get_variant("toy"), TableParameters(chips=MAX_DEPTH - 1))
    assert MAX_DEPTH == 500
    assert max(len(node.history) for node in tree.nodes) == MAX_DEPTH
    with pytest.raises(NotSolvableError, match="longer than 500 actions"):
        build_tree(get_variant("toy"), TableParameters(chips=MAX_DEPTH))


def test_the_solve_command_refuses_a_deep_table_in_one_line() -> None:
    result = run("solve", "--chips", "99999999999")
    assert result.exit_code == 1
    assert result.stderr == ("error: toy: a betting line is longer than 500 actions: lower the "
                             "chips (99999999999) or set a raise cap\n")

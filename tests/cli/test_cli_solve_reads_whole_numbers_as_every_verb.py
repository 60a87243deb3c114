"""``primero solve`` reads its counts as every other verb does: bounded, in ASCII digits."""

from __future__ import annotations

import pytest

from cli_helpers import run


@pytest.mark.parametrize(("option", "value", "message"), [
    ("--chips", "0", "must be at least 1, got 0"),
    ("--chips", "9" * 23, "must be at most 1,000,000,000,000,000 chips (the most a deal "
                          "takes), got a 23-digit number"),
    ("--iterations", "２", "expected a whole number in ASCII digits (0-9), got '２'"),
    ("--ante", "-1", "must be at least 0, got -1"),
    ("--classes", "x", "expected a whole number in ASCII digits (0-9), got 'x'"),
])
def test_solve_refuses_a_bad_count_naming_the_option(option: str, value: str,
                                                     message: str) -> None:
    result = run("solve", option, value)
    assert result.exit_code == 2
    assert result.stderr == f"error: invalid value for '{option}': {message}\n"

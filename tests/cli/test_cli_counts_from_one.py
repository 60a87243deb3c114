"""A count of deals is 1 or more in every verb: ``simulate -d 0`` printed "0.0% ±50.0"."""

from __future__ import annotations

import pytest

from cli_helpers import run


@pytest.mark.parametrize(("args", "option", "low"), [
    (("simulate", "-d", "0"), "--deals", 1),
    (("simulate", "--deals", "-3"), "--deals", 1),
    (("compare", "waks", "cardano", "-d", "0"), "--deals", 1),
    (("match", "random", "odds", "-d", "0"), "--deals", 2),
    (("play", "--auto", "--deals", "0"), "--deals", 1),
    (("simulate", "-n", "0"), "--players", 2),
    (("match", "random", "odds", "-n", "-1"), "--players", 2),
    (("solve", "--iterations", "0"), "--iterations", 1),
])
def test_a_count_below_its_least_is_a_usage_error(args: tuple[str, ...], option: str,
                                                  low: int) -> None:
    result = run(*args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (f"error: invalid value for '{option}': must be at least {low}, "
                             f"got {args[-1]}\n")

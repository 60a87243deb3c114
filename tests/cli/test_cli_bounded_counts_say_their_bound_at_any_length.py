"""A bounded count says its bound however long the number typed, as the line is read.

``--chips`` past ``MAX_CHIPS`` said its bound at 20 digits but "expected at most 20 digits" at
21; ``--deals`` past the 1,000,000 a run keeps was refused only after the table was checked,
with exit status 1. Both are usage errors naming the option and its bound (exit status 2).
"""

from __future__ import annotations

import pytest

from cli_helpers import run

RUN = ("must be at most 1,000,000 deals in one run (every deal's record is kept: split a "
       "larger study into runs with different seeds)")
MATCH = ("must be at most 1,000,000 deals in one match (each played once per seat: split a "
         "larger study into matches with different seeds)")
CHIPS = "must be at most 1,000,000,000,000,000 chips (the most a deal takes)"


@pytest.mark.parametrize(("args", "option", "message"), [
    (["simulate", "--deals", "1000001"], "--deals", f"{RUN}, got 1000001"),
    (["simulate", "--deals", "9" * 24], "--deals", f"{RUN}, got a 24-digit number"),
    (["compare", "waks", "cardano", "--deals", "2000000"], "--deals", f"{RUN}, got 2000000"),
    (["match", "random", "heuristic", "--deals", "2000000"], "--deals",
     f"{MATCH}, got 2000000"),
    (["match", "random", "heuristic", "--deals", "9" * 30], "--deals",
     f"{MATCH}, got a 30-digit number"),
    (["solve", "--chips", "9" * 23], "--chips", f"{CHIPS}, got a 23-digit number"),
    (["play", "--auto", "--stake", "9" * 21], "--stake", f"{CHIPS}, got a 21-digit number"),
], ids=lambda v: v if isinstance(v, str) else " ".join(v)[:40])
def test_a_count_past_its_bound_names_the_option_and_the_bound(
        args: list[str], option: str, message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr == f"error: invalid value for '{option}': {message}\n"


def test_an_unbounded_count_still_says_the_digits_it_takes() -> None:
    result = run("simulate", "--seed", "9" * 21)
    assert result.exit_code == 2
    assert result.stderr == ("error: invalid value for '--seed': expected at most 20 digits, "
                             "got a 21-digit number\n")


def test_a_negative_count_of_many_digits_is_not_called_past_the_bound() -> None:
    result = run("simulate", "--deals", "-" + "9" * 24)
    assert result.exit_code == 2
    assert result.stderr == ("error: invalid value for '--deals': expected at most 20 digits, "
                             "got a 24-digit number\n")

"""A huge bad value given to start_deal or an option is quoted by its start, never whole.

A message quotes a bad value through ``named``: a long text shows its first 40 characters
and its length, so a 5,000-character value cannot flood a terminal or a log.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from primero import PrimeroError, get_variant, start_deal

LONG = "x" * 5000
START = f"{'x' * 40!r}... (5,000 characters)"

CASES: dict[str, Callable[[], object]] = {
    "players": lambda: start_deal("waks", LONG, 20),  # type: ignore[arg-type]
    "chips": lambda: start_deal("waks", ["Anna", "Ben"], LONG),  # type: ignore[arg-type]
    "stake": lambda: start_deal("waks", ["Anna", "Ben"], 20, stake=LONG),  # type: ignore[arg-type]
    "dealing": lambda: start_deal("waks", ["Anna", "Ben"], 20, dealing=LONG),  # type: ignore[arg-type]
    "reshuffles": lambda: start_deal("waks", ["Anna", "Ben"], 20,
                                     reshuffles=LONG),  # type: ignore[arg-type]
    "seed": lambda: start_deal("waks", ["Anna", "Ben"], 20, seed=LONG),  # type: ignore[arg-type]
    "cardano understatements": lambda: get_variant("cardano", understatements=LONG[1:] + ">"),
}


@pytest.mark.parametrize("door", sorted(CASES))
def test_a_huge_bad_value_is_quoted_by_its_start(door: str) -> None:
    with pytest.raises(PrimeroError) as info:
        CASES[door]()
    message = str(info.value)
    assert len(message) < 300 and START in message


def test_a_short_bad_value_is_quoted_whole() -> None:
    with pytest.raises(PrimeroError) as info:
        start_deal("waks", ["Anna", "Ben"], 20, stake="2")  # type: ignore[arg-type]
    assert str(info.value) == "stake must be a whole number of chips, got '2'"

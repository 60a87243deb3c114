"""start_deal refuses values that are not whole numbers of chips (regression: booleans passed)."""

from __future__ import annotations

import pytest

import primero
from primero.engine import start_deal


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"chips": [True, 5]}, "A has True chips"),
        ({"chips": [3, 5], "stake": True}, "stake must be a whole number of chips, got True"),
        ({"chips": [3, 5], "rest": 2.5}, "rest must be a whole number of chips, got 2.5"),
        ({"chips": [3, 5], "carry": True}, "carry-over must be a whole number of chips"),
        ({"chips": [3, 5], "ante": 1.5}, "ante must be a whole number of chips, got 1.5"),
    ],
)
def test_non_whole_chip_values_are_refused(kwargs: dict[str, object], message: str) -> None:
    chips = kwargs.pop("chips")
    with pytest.raises(primero.PrimeroError, match=message.replace("(", r"\(")):
        start_deal(primero.get_variant("waks"), ["A", "B"], chips, seed=1,  # type: ignore[arg-type]
                   **kwargs)  # type: ignore[arg-type]


def test_variant_ante_is_the_default() -> None:
    revival = primero.get_variant("revival")
    state = start_deal(revival, ["A", "B", "C"], 10, seed=3)
    assert state.table.ante == 1
    assert [s.contributed for s in state.seats] == [1, 1, 1]
    explicit = start_deal(revival, ["A", "B", "C"], 10, seed=3, ante=2)
    assert [s.contributed for s in explicit.seats] == [2, 2, 2]
    assert start_deal(primero.get_variant("waks"), ["A", "B"], 10, seed=3).table.ante == 0

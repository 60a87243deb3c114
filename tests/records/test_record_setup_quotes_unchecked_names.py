"""A record made in code names its unchecked dealer and players quoted and short."""

from __future__ import annotations

import pytest

from primero.errors import RecordError
from primero.records import DealRecord


def test_unchecked_names_are_quoted_and_a_long_dealer_by_its_start() -> None:
    record = DealRecord(variant="waks", players=("Anna", "B\x1b[31m"), dealer="Z" * 500,
                        chips=(5, 5), seed=1)
    with pytest.raises(RecordError) as info:
        _ = record.setup
    assert str(info.value) == (f"the dealer {'Z' * 40!r}... (500 characters) is not one of the "
                               "players ('Anna', 'B\\x1b[31m')")


def test_checked_names_are_listed_as_written() -> None:
    record = DealRecord(variant="waks", players=("Anna", "Ben"), dealer="Zed", chips=(5, 5),
                        seed=1)
    with pytest.raises(RecordError) as info:
        _ = record.setup
    assert str(info.value) == "the dealer 'Zed' is not one of the players (Anna, Ben)"

"""An empty player name is called empty, and a name that is not text is called so, by seat.

Both used to be told they "must be one word (no spaces)", which says nothing of what is wrong.
"""

from __future__ import annotations

from typing import Any

import pytest

from primero import start_deal
from primero.errors import PrimeroError
from primero.setup import player_names_problem


def test_an_empty_name_is_called_empty_by_the_table_check() -> None:
    assert player_names_problem(["Ann", ""]) == (
        "a player name is empty: a name is one word of printable text")


@pytest.mark.parametrize(("players", "message"), [
    (["Ann", ""], "player name of seat 1 is empty: a name is one word of printable text"),
    ([1, "Ben"], "player name of seat 0 is not text (got int): a name is one word of printable "
                 "text"),
    (["Ann", "Ben Jonson"], "player name 'Ben Jonson' must be one word (no spaces)"),
])
def test_the_start_names_the_seat_of_an_empty_or_non_text_name(players: list[Any],
                                                                message: str) -> None:
    with pytest.raises(PrimeroError) as caught:
        start_deal("waks", players=players, chips=[20, 20], seed=1)
    assert str(caught.value) == message

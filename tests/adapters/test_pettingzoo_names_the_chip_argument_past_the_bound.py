"""An amount of chips past ``MAX_CHIPS`` is refused naming the environment's argument.

The engine refuses it too, but names a seat (``p0 (seat 0)``) or the carry-over; the user
passed ``chips``, ``stacks`` or ``carry_in`` and should read that name.
"""

from __future__ import annotations

import numpy as np
import pytest

from primero.errors import InvalidParameterError
from primero.pettingzoo import env

BOUND = "at most 1,000,000,000,000,000 chips"  # primero.deal.start.MAX_CHIPS, 10**15


@pytest.mark.parametrize(("kwargs", "parameter", "tail"), [
    ({"chips": 10**30}, "chips", "a seat (primero.deal.start.MAX_CHIPS, the most a deal "
                                 "takes), got a 31-digit number"),
    ({"chips": np.int64(10**15 + 1)}, "chips", "got a 16-digit number"),
    ({"chips": [5, 10**30, 5, 5]}, "chips", "got a 31-digit number for player_1 (seat 1)"),
    ({"chips": iter([5, 5, 10**16, 5])}, "chips", "got a 17-digit number for player_2 (seat 2)"),
    ({"stacks": np.array([1, 2, 3, 10**18])}, "stacks",
     "got a 19-digit number for player_3 (seat 3)"),
    ({"carry_in": 10**30}, "carry_in", "(primero.deal.start.MAX_CHIPS, the most a deal "
                                       "takes), got a 31-digit number"),
], ids=["chips", "numpy-chips", "list", "iterator", "stacks", "carry_in"])
def test_chips_past_the_bound_name_the_argument(kwargs: dict[str, object], parameter: str,
                                                tail: str) -> None:
    with pytest.raises(InvalidParameterError) as caught:
        env(**kwargs)
    assert caught.value.parameter == parameter
    message = str(caught.value)
    assert message.startswith(f"{parameter}: {BOUND}") and message.endswith(tail)
    assert "p0" not in message and "carry-over" not in message


def test_chips_at_the_bound_and_an_iterator_of_stacks_still_build_a_table() -> None:
    table = env(chips=10**15, players=2)
    assert table.unwrapped.table.stacks == (10**15, 10**15)
    table = env(chips=iter([7, 9]), players=2)  # read once, checked, then built from
    assert table.unwrapped.table.stacks == (7, 9)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"chips": [True, 5, 5, 5]}, "chips: player_0 (seat 0) needs a whole number of chips >= 1, "
                                 "got True"),
    ({"chips": (5, 5, 2.5, 5)}, "chips: player_2 (seat 2) needs a whole number of chips >= 1, "
                                "got 2.5"),
    ({"stacks": [5, 0, 5, 5]}, "stacks: player_1 (seat 1) needs a whole number of chips >= 1, "
                               "got 0"),
], ids=["bool", "float", "zero"])
def test_a_bad_seat_in_a_list_of_chips_names_chips_not_stacks(kwargs: dict[str, object],
                                                              message: str) -> None:
    with pytest.raises(InvalidParameterError) as caught:
        env(**kwargs)
    assert (str(caught.value), caught.value.parameter) == (message, next(iter(kwargs)))


@pytest.mark.parametrize("name", ["chips", "stacks"])
def test_a_list_of_another_length_than_the_players_names_the_argument(name: str) -> None:
    with pytest.raises(InvalidParameterError) as caught:
        env(players=4, **{name: [5, 5]})
    assert (str(caught.value), caught.value.parameter) == (
        f"{name}: 2 seats' chips for 4 players (one per seat, seat 0 first)", name)

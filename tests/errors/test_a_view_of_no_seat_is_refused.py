"""``primero.views.state_view`` of a seat the deal does not have is refused, as ``state.view``.

``state_view(state, -1)`` returned the last seat's cards in a view numbered -1, and a bool, a
name or a seat past the table gave an ``IndexError`` or a view with ``seat=True``; now every
such seat gets the engine's :class:`~primero.errors.UnknownSeatError`, and numpy's integers a
view with a plain seat number.
"""

from __future__ import annotations

import numpy as np
import pytest

from primero import start_deal
from primero.errors import UnknownSeatError
from primero.views import state_view

STATE = start_deal("waks", ["Anna", "Ben", "Carla"], 10, seed=1)


@pytest.mark.parametrize(("seat", "message"), [
    (-1, "seat -1 is not one of the 3 seats (0..2)"),
    (3, "seat 3 is not one of the 3 seats (0..2)"),
    (10 ** 40, f"seat {10 ** 40} is not one of the 3 seats (0..2)"),
    (True, "True is not a seat number: give an int 0..2 (state.seat_of(name) gives a player's)"),
    ("Anna", "'Anna' is not a seat number: give an int 0..2 (state.seat_of(name) gives a "
             "player's)"),
    (1.0, "1.0 is not a seat number: give an int 0..2 (state.seat_of(name) gives a player's)"),
])
def test_a_seat_the_deal_does_not_have_is_refused_as_by_state_view(seat: object,
                                                                    message: str) -> None:
    with pytest.raises(UnknownSeatError) as info:
        state_view(STATE, seat)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_a_numpy_seat_gives_that_players_view_with_a_plain_number() -> None:
    view = state_view(STATE, np.int64(1))  # type: ignore[arg-type]
    assert type(view.seat) is int and view.seat == 1
    assert view.hand == STATE.seats[1].hand

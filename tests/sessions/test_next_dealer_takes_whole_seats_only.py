"""``next_dealer_seat`` takes a whole-number dealer of the table and a whole number of seats.

A float dealer made a fractional seat (1.5 -> 2.5), a bool counted as seat 1, and no seats at
all were reported as "0 to -1": each is now one line naming the bad value.
"""

from __future__ import annotations

import numpy as np
import pytest

from primero import get_variant
from primero.errors import PrimeroError
from primero.seating import next_dealer_seat

WAKS = get_variant("waks")


@pytest.mark.parametrize(("dealer", "seats", "message"), [
    (1.5, 4, "dealer seat 1.5 is not one of 4 seats (0 to 3)"),
    (True, 4, "dealer seat True is not one of 4 seats (0 to 3)"),
    (4, 4, "dealer seat 4 is not one of 4 seats (0 to 3)"),
    (0, 0, "seats must be a whole number of 1 or more, got 0"),
    (0, "4", "seats must be a whole number of 1 or more, got '4'"),
])
def test_a_dealer_or_seat_count_that_is_not_whole_is_refused(dealer: object, seats: object,
                                                             message: str) -> None:
    with pytest.raises(PrimeroError) as info:
        next_dealer_seat(WAKS, dealer, seats)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_numpy_seats_give_a_plain_seat() -> None:
    # waks passes the deal with play: after seat 3 of 4 comes seat 0
    nxt = next_dealer_seat(WAKS, np.int64(3), np.int64(4))  # type: ignore[arg-type]
    assert type(nxt) is int and nxt == 0

"""``max_outcomes`` bounds the showdown walk: NaN or a negative bound is refused, not ignored."""

from __future__ import annotations

import pytest

from primero.analysis import showdown_odds
from primero.errors import PrimeroError

#: Four, two and three cards known: one player needs two cards and one needs one, so the
#: general walk counts the deals and max_outcomes applies; 31 unseen: C(31, 2) * 29 = 13,485.
HANDS = ["7s 6h Ad Kc", "7h 6s", "5d 5c Qs"]


@pytest.mark.parametrize(("bound", "shown"), [(float("nan"), "nan"), (-1, "-1")])
def test_a_bound_that_bounds_nothing_is_refused(bound: float, shown: str) -> None:
    with pytest.raises(PrimeroError) as info:
        showdown_odds(HANDS, max_outcomes=bound)
    assert str(info.value) == f"max_outcomes is {shown}: give a number of deals, 0 or more"


def test_a_small_bound_stops_the_walk() -> None:
    with pytest.raises(PrimeroError, match=r"^13,485 deals to walk, more than max_outcomes=10"):
        showdown_odds(HANDS, max_outcomes=10)

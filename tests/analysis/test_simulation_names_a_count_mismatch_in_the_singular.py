"""A run given the wrong number of agents or chip counts says so in words, singular included.

Before, ``simulate("waks", agents=["random"])`` was "4 players but 1 agents" and
``chips=[5]`` "4 players but 1 chip counts", with no word of what to give.
"""

from __future__ import annotations

import pytest

from primero.errors import PrimeroError
from primero.simulation import simulate


@pytest.mark.parametrize(("given", "message"), [
    ({"agents": ["random"]}, "4 players but 1 agent: give one per seat (a list in seat order), "
                             "or one for all"),
    ({"agents": ["random"] * 3}, "4 players but 3 agents: give one per seat (a list in seat "
                                 "order), or one for all"),
    ({"chips": [5]}, "4 players but 1 chip count: give one per seat, or one number for all"),
    ({"chips": [5, 5]}, "4 players but 2 chip counts: give one per seat, or one number for all"),
])
def test_a_count_that_is_not_one_per_seat_is_named_with_what_to_give(
        given: dict[str, object], message: str) -> None:
    with pytest.raises(PrimeroError) as caught:
        simulate("waks", deals=2, progress=False, **given)  # type: ignore[arg-type]
    assert str(caught.value) == message

"""A ``stacks`` entry past ``MAX_CHIPS`` is refused naming ``stacks``, not the engine's seat."""

from __future__ import annotations

import pytest

from primero.errors import InvalidParameterError
from primero.openspiel import PrimeroGame


@pytest.mark.parametrize(("stacks", "digits", "seat"), [
    (f"1;2;3;{10**30}", 31, 3), (f"{10**15 + 1};20", 16, 0)])
def test_a_stack_past_the_bound_names_stacks_and_the_seat(stacks: str, digits: int,
                                                          seat: int) -> None:
    players = len(stacks.split(";"))
    with pytest.raises(InvalidParameterError) as caught:
        PrimeroGame({"players": players, "stacks": stacks})
    assert caught.value.parameter == "stacks"
    assert str(caught.value) == (
        "stacks: at most 1,000,000,000,000,000 chips a seat (primero.deal.start.MAX_CHIPS, "
        f"the most a deal takes), got a {digits}-digit number for seat {seat}")


def test_a_stack_at_the_bound_builds_the_game() -> None:
    # a raise cap keeps max_game_length within OpenSpiel's C int
    game = PrimeroGame({"players": 2, "stacks": f"{10**15};20", "raise_cap": 4})
    assert game.table.stacks == (10**15, 20)

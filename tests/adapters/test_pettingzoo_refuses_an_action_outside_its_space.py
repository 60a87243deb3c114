"""``env().step`` refuses an action outside the action space with a precise error.

PettingZoo's ``AssertOutOfBoundsWrapper`` raised a bare ``AssertionError`` ("action is not in
action space") naming neither the action nor the space, and vanishing under ``python -O``.
An id inside the space but off the mask stays a forfeit (tests/adapters/test_pettingzoo.py).
"""

from __future__ import annotations

import numpy as np
import pytest

from primero.errors import IllegalActionError, PrimeroError
from primero.pettingzoo import env


@pytest.mark.parametrize(("action", "shown"), [
    (-1, "-1"), (25, "25"), (10**6, "1000000"), (1.5, "1.5"), (True, "True"),
    ("fold", "'fold'"), (None, "None (an agent still to act must act)"),
], ids=repr)
def test_an_action_outside_the_space_names_the_agent_the_action_and_the_ids(
        action: object, shown: str) -> None:
    table = env(players=4)  # waks, 4 players: 25 action ids
    table.reset(seed=1)
    assert table.action_space("player_0").n == 25
    with pytest.raises(IllegalActionError) as caught:
        table.step(action)
    assert str(caught.value) == (
        f"player_0 cannot play action {shown}: not in its action space, the whole numbers "
        "0 .. 24 (the legal ones are the action mask's ones)")
    assert isinstance(caught.value, PrimeroError) and isinstance(caught.value, ValueError)
    assert not isinstance(caught.value, AssertionError)


def test_a_refused_action_changes_nothing_and_the_agent_may_step_again() -> None:
    table = env(players=3)
    table.reset(seed=4)
    before = table.unwrapped.deal
    with pytest.raises(IllegalActionError):
        table.step(-1)
    assert table.unwrapped.deal is before and table.agent_selection == "player_0"
    assert not any(table.terminations.values())
    legal = int(np.flatnonzero(table.observe("player_0")["action_mask"])[0])
    table.step(legal)
    assert table.unwrapped.deal is not before


def test_an_id_in_the_space_but_off_the_mask_is_still_a_forfeit() -> None:
    table = env(players=3)
    table.reset(seed=7)
    off_mask = next(i for i in range(25) if table.observe("player_0")["action_mask"][i] == 0)
    table.step(off_mask)
    assert all(table.terminations.values())
    assert table.infos["player_0"]["illegal_action"] is True


def test_none_steps_an_agent_whose_deal_is_over() -> None:
    table = env(players=2)
    table.reset(seed=3)
    for _agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            table.step(None)
        else:
            table.step(int(np.flatnonzero(observation["action_mask"])[-1]))  # fold, last
    assert table.agents == []

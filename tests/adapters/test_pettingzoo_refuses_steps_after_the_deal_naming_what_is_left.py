"""Once a deal is over, a step that is not ``step(None)`` is refused naming what is left.

Before, an action for an agent whose deal was over was PettingZoo's bare ``ValueError`` ("when
an agent is dead, the only valid action is None", naming no agent), and the bare env stepped
once more after every agent had left raised ``KeyError: 'player_1'``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from primero.errors import IllegalActionError, PrimeroError
from primero.pettingzoo import env, raw_env


def _finished(make: Any) -> Any:
    table = make(players=2)
    table.reset(seed=1)
    while not all(table.terminations.values()):
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(int(np.flatnonzero(mask)[-1]))
    return table


@pytest.mark.parametrize("make", [env, raw_env])
def test_an_action_for_an_agent_whose_deal_is_over_is_refused_and_changes_nothing(
        make: Any) -> None:
    table = _finished(make)
    agent = table.agent_selection
    rewards = dict(table.rewards)
    with pytest.raises(IllegalActionError) as caught:
        table.step(0)
    assert isinstance(caught.value, ValueError)  # as PettingZoo's own refusal
    assert str(caught.value) == (f"{agent} cannot play action 0: the deal is over for it, "
                                 "and the only step left is step(None)")
    assert (table.agent_selection, table.rewards) == (agent, rewards)
    table.step(None)  # the step that is left still works
    assert agent not in table.agents


def test_the_bare_env_stepped_after_every_agent_left_says_to_reset() -> None:
    table = _finished(raw_env)
    while table.agents:
        table.step(None)
    with pytest.raises(PrimeroError) as caught:
        table.step(None)
    assert str(caught.value) == ("the deal is over and every agent has stepped out of it: call "
                                 "reset() for the next deal")
    table.reset(seed=2)
    assert table.agents == ["player_0", "player_1"]

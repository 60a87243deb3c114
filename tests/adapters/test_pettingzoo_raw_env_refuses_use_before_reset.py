"""The bare PettingZoo environment refuses to observe or step before its first reset.

Before, ``raw_env().observe(...)`` raised an ``AttributeError`` about a private field and
``raw_env().step(0)`` silently ended an undealt table as a forfeit with rewards; an unknown
agent was a bare ``KeyError``.
"""

from __future__ import annotations

import pytest

from primero.errors import PrimeroError
from primero.pettingzoo import raw_env


def test_observe_and_step_before_reset_are_refused_and_change_nothing() -> None:
    env = raw_env(players=2)
    with pytest.raises(PrimeroError) as caught:
        env.observe("player_0")
    assert str(caught.value) == ("reset() needs to be called before observe: the environment "
                                 "deals its first deal on reset")
    with pytest.raises(PrimeroError, match=r"^reset\(\) needs to be called before step"):
        env.step(0)
    assert env.rewards == {"player_0": 0.0, "player_1": 0.0}
    assert env.terminations == {"player_0": False, "player_1": False}
    env.reset(seed=1)
    assert env.observe("player_0")["action_mask"].sum() >= 1  # dealt: the eldest acts


def test_an_unknown_agent_is_named_with_the_agents() -> None:
    env = raw_env(players=2)
    env.reset(seed=1)
    with pytest.raises(KeyError) as caught:
        env.observe("nobody")
    assert caught.value.args[0] == ("'nobody' is not an agent of this environment: player_0, "
                                    "player_1")

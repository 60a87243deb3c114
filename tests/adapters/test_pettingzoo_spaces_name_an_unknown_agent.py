"""The PettingZoo environment's spaces, asked for an agent it does not have, name its agents."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
from primero.pettingzoo import env

AGENTS = "player_0, player_1, player_2"


@pytest.mark.parametrize("space", ["action_space", "observation_space"])
@pytest.mark.parametrize(("agent", "shown"), [("player_9", "'player_9'"), (3, "3")])
def test_a_space_of_an_unknown_agent_names_the_agents(space: str, agent: object,
                                                      shown: str) -> None:
    table = env(variant="waks", players=3)
    with pytest.raises(KeyError) as info:
        getattr(table, space)(agent)
    assert info.value.args[0] == f"{shown} is not an agent of this environment: {AGENTS}"


def test_a_space_of_a_known_agent_is_the_same_for_every_agent() -> None:
    table = env(variant="waks", players=3)
    assert table.action_space("player_2") == table.action_space("player_0")
    assert table.observation_space("player_1") == table.observation_space("player_0")

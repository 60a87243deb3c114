"""A run's agent that raises or plays an illegal action is named with the deal and its seat.

Before, ``simulate`` let an agent's ``ValueError`` out bare and refused an illegal action with
the engine's words alone ("None is not an action"), where ``duplicate_match`` named the deal,
the seat and the agent.
"""

from __future__ import annotations

import random

import pytest

from primero.actions import Action
from primero.errors import AgentFailedError, IllegalActionError
from primero.simulation import simulate, simulate_sessions
from primero.views import PlayerView


class Raises:
    name = "raiser"

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        raise ValueError("no idea")


class PlaysNone:
    name = "none-player"

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        return None  # type: ignore[return-value]


def test_an_agent_that_raises_is_named_with_the_deal_and_its_player() -> None:
    with pytest.raises(AgentFailedError) as caught:
        simulate("waks", deals=2, agents=["random", "random", Raises()], players=3,
                 progress=False)
    assert str(caught.value) == "deal 0: P2's agent (raiser) raised ValueError: no idea"
    assert isinstance(caught.value.__cause__, ValueError)


def test_an_illegal_action_is_named_with_the_deal_and_its_player() -> None:
    with pytest.raises(IllegalActionError) as caught:
        simulate("waks", deals=2, agents=[PlaysNone(), "random"], players=2, progress=False)
    assert str(caught.value) == ("deal 0: P0's agent (none-player) played an illegal action: "
                                 "None is not an action")


def test_a_session_run_names_the_player_whatever_its_seat() -> None:
    with pytest.raises(AgentFailedError) as caught:
        simulate_sessions("waks", sessions=1, deals_per_session=2, players=3,
                          agents=[Raises(), "random", "random"], progress=False)
    assert str(caught.value).startswith("deal 0: P0's agent (raiser) raised ValueError")


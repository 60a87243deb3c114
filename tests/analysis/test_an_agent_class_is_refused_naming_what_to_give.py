"""An agent class given where an agent goes is refused before anything is played.

Before, ``simulate("waks", agents=RandomAgent)`` (the class, not ``RandomAgent()``) passed the
check, since a class has its method ``act`` too, and every run failed at its first turn:
``AgentFailedError: deal 0: P0's agent (random) raised TypeError: RandomAgent.act() missing 1
required positional argument: 'rng'``; ``duplicate_match`` alike.
"""

from __future__ import annotations

import random

import pytest

from primero.actions import Action
from primero.agents import HeuristicAgent, RandomAgent
from primero.analysis import duplicate_match
from primero.errors import PrimeroError
from primero.simulation import compare, simulate
from primero.views import PlayerView


class Mine:
    """A user's own agent (any class with ``act``)."""

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        return rng.choice(view.legal)


RANDOM = "RandomAgent is an agent class, not an agent: give RandomAgent() or its name 'random'"
HEURISTIC = ("HeuristicAgent is an agent class, not an agent: give HeuristicAgent() or its name "
             "'heuristic'")
MINE = "Mine is an agent class, not an agent: give Mine()"


@pytest.mark.parametrize(("agents", "message"), [
    (RandomAgent, RANDOM), (Mine, MINE), (["random", HeuristicAgent, "random", "random"],
                                          HEURISTIC)])
def test_simulate_refuses_a_class_naming_the_agent_to_give(agents: object, message: str) -> None:
    with pytest.raises(PrimeroError) as caught:
        simulate("waks", deals=2, agents=agents, progress=False)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_compare_and_duplicate_match_refuse_a_class_alike() -> None:
    with pytest.raises(PrimeroError) as caught:
        compare(["waks", "losing"], deals=2, agents=[RandomAgent], progress=False)  # type: ignore[list-item]
    assert str(caught.value) == RANDOM
    with pytest.raises(PrimeroError) as caught:
        duplicate_match("waks", RandomAgent, "random", deals=2)  # type: ignore[arg-type]
    assert str(caught.value) == RANDOM
    with pytest.raises(PrimeroError) as caught:
        duplicate_match("waks", "random", Mine, deals=2)  # type: ignore[arg-type]
    assert str(caught.value) == MINE


def test_an_instance_of_the_same_classes_plays() -> None:
    assert len(simulate("waks", deals=2, agents=Mine(), progress=False)) == 2
    assert len(simulate("waks", deals=2, agents=RandomAgent(), progress=False)) == 2

"""``make_agent(level=k)`` builds rung ``k`` of the strength ladder, weakest first."""

from __future__ import annotations

import pytest

import primero
from primero.agents import (
    LADDER,
    HeuristicAgent,
    OddsAgent,
    RandomAgent,
    SearchAgent,
    make_agent,
)
from primero.errors import UnknownAgentError


def test_each_level_builds_its_rung_from_random_to_search() -> None:
    assert LADDER == ("random", "heuristic", "odds", "search")
    built = [type(make_agent(level=k)) for k in range(4)]
    assert built == [RandomAgent, HeuristicAgent, OddsAgent, SearchAgent]
    assert isinstance(primero.make_agent(level=1), HeuristicAgent)


def test_a_level_takes_the_rungs_options() -> None:
    agent = make_agent(level=2, samples=12)
    assert isinstance(agent, OddsAgent)
    assert agent.samples == 12


def test_a_level_off_the_ladder_names_the_levels() -> None:
    for level in (4, -1):
        with pytest.raises(UnknownAgentError) as info:
            make_agent(level=level)
        assert str(info.value) == (f"no level {level} on the ladder; levels: 0 random, "
                                   "1 heuristic, 2 odds, 3 search")


def test_a_name_and_a_level_together_or_neither_are_refused() -> None:
    with pytest.raises(TypeError, match=r"^make_agent takes a name or a level, not both"):
        make_agent("odds", level=2)
    with pytest.raises(TypeError, match=r"^make_agent needs an agent's name or a level"):
        make_agent()
    with pytest.raises(TypeError, match=r"^level must be a whole number, got True$"):
        make_agent(level=True)
    with pytest.raises(TypeError, match=r"^level must be a whole number, got '2'$"):
        make_agent(level="2")  # type: ignore[arg-type]

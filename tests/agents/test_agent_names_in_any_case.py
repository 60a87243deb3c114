"""Agent names are read in any case, as the command line reads them; unknown names are quoted."""

from __future__ import annotations

import pytest

from primero.agents import HeuristicAgent, OddsAgent, make_agent
from primero.errors import UnknownAgentError


def test_an_agent_name_is_read_in_any_case() -> None:
    assert isinstance(make_agent("Heuristic"), HeuristicAgent)
    assert isinstance(make_agent("ODDS"), OddsAgent)


def test_an_unknown_agent_name_is_quoted_short_with_the_known_ones() -> None:
    with pytest.raises(UnknownAgentError) as info:
        make_agent("z" * 5000)
    assert str(info.value).startswith(f"unknown agent {'z' * 40!r}... (5,000 characters); "
                                      "known agents: random, heuristic, odds, search")
    with pytest.raises(UnknownAgentError, match=r"^unknown agent ' random '; known agents"):
        make_agent(" random ")

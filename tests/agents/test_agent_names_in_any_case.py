"""Agent names are read in any case and without surrounding spaces, as the command line reads
them; unknown names are quoted; options an agent does not take, or refuses, are named."""

from __future__ import annotations

import pytest

from primero.agents import HeuristicAgent, OddsAgent, RandomAgent, make_agent
from primero.errors import UnknownAgentError


def test_an_agent_name_is_read_in_any_case() -> None:
    assert isinstance(make_agent("Heuristic"), HeuristicAgent)
    assert isinstance(make_agent("ODDS"), OddsAgent)


def test_an_unknown_agent_name_is_quoted_short_with_the_known_ones() -> None:
    with pytest.raises(UnknownAgentError) as info:
        make_agent("z" * 5000)
    assert str(info.value).startswith(f"unknown agent {'z' * 40!r}... (5,000 characters); "
                                      "known agents: random, heuristic, odds, search")
    with pytest.raises(UnknownAgentError, match=r"^unknown agent ' '; known agents"):
        make_agent(" ")


def test_an_agent_name_is_read_without_surrounding_spaces() -> None:
    assert type(make_agent(" random ")) is RandomAgent
    assert isinstance(make_agent("\tOdds \n"), OddsAgent)


def test_an_option_the_agent_does_not_take_names_the_agent_and_its_options() -> None:
    with pytest.raises(TypeError) as info:
        make_agent(" Odds ", budget=3)
    assert str(info.value) == ("agent 'odds' takes no option 'budget'; "
                               "its options: samples, exchange_samples, margin")
    with pytest.raises(TypeError, match=r"^agent 'random' takes no option 'samples'; "
                                        r"its options: none$"):
        make_agent("random", samples=5)


@pytest.mark.parametrize(("options", "message"), [
    ({"samples": 0}, "samples must be a whole number from 1, got 0"),
    ({"samples": -5}, "samples must be a whole number from 1, got -5"),
    ({"samples": "x"}, "samples must be a whole number from 1, got 'x'"),
    ({"samples": True}, "samples must be a whole number from 1, got True"),
    ({"exchange_samples": 2.5}, "exchange_samples must be a whole number from 1, got 2.5"),
    ({"margin": float("nan")}, "margin must be a finite number, got nan"),
    ({"margin": "0.1"}, "margin must be a finite number, got '0.1'"),
])
def test_the_odds_player_refuses_counts_and_margins_it_cannot_use(
        options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError) as info:
        make_agent("odds", **options)
    assert str(info.value) == message

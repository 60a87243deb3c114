"""Agent and exploiter names read the same in every function: any case, spaces around dropped.

Before, ``simulate(agents="ODDS")`` recorded the population "ODDS" (the command line says
"odds"), ``duplicate_match(" odds", ...)`` was "unknown agent", and an exploiter factory that made
no agent was refused without naming the exploiter.
"""

from __future__ import annotations

import pytest

from primero import PrimeroError
from primero.analysis.duplicate import duplicate_match
from primero.simulation import simulate
from primero.simulation.play import agent_key
from primero.testing import check_agent_holds_up


def test_simulate_records_agent_names_as_the_registry_spells_them() -> None:
    run = simulate("waks", players=3, deals=2, agents=[" Odds", "RANDOM", "heuristic "])
    assert run.agents == ("odds", "random", "heuristic")
    assert run.population == "odds/random/heuristic"


def test_duplicate_match_reads_agent_names_with_spaces_and_capitals() -> None:
    match = duplicate_match("waks", " Random ", "RANDOM", deals=2)
    assert (match.candidate, match.opponent) == ("random", "random")


def test_exploiter_names_are_read_with_spaces() -> None:
    report = check_agent_holds_up("waks", "random", deals=2, exploiters=[" Call "],
                                  strict=False)
    assert list(report.matches) == ["call"]


def test_an_exploiter_factory_that_makes_no_agent_is_named() -> None:
    with pytest.raises(PrimeroError) as caught:
        check_agent_holds_up("waks", "random", deals=2, exploiters={"lazy": lambda: 5})
    assert str(caught.value) == ("exploiter 'lazy': its factory made 5, which is not an agent "
                                 "(it has no act(view, rng) method)")


def test_an_unknown_name_is_left_for_make_agent_to_refuse() -> None:
    assert agent_key(" nobody ") == " nobody "

"""The equilibrium player refuses a target or an iteration count when it is made.

``make_agent("equilibrium", target=-1)`` used to make a player that failed at its first
decision, in the middle of a deal (or of a simulation); the limits are now checked as
:func:`~primero.solve.solving.check_solve_limits` checks them for ``solve``.
"""

from __future__ import annotations

import pytest

from primero import make_agent
from primero.errors import PrimeroError
from primero.solve.player import EquilibriumAgent


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"target": -1}, "target must be a finite exploitability of 0 or more chips per deal, "
                     "got -1"),
    ({"target": float("nan")}, "target must be a finite exploitability of 0 or more chips per "
                               "deal, got nan"),
    ({"target": "x"}, "target must be a finite exploitability of 0 or more chips per deal, "
                      "got 'x'"),
    ({"iterations": 0}, "iterations must be a whole number of at least 1, got 0"),
    ({"iterations": 1.5}, "iterations must be a whole number of at least 1, got 1.5"),
    ({"iterations": True}, "iterations must be a whole number of at least 1, got True"),
])
def test_bad_limits_are_refused_when_the_player_is_made(kwargs: dict[str, object],
                                                        message: str) -> None:
    for make in (lambda: EquilibriumAgent(**kwargs),  # type: ignore[arg-type]
                 lambda: make_agent("equilibrium", **kwargs)):
        with pytest.raises(PrimeroError) as info:
            make()
        assert str(info.value) == message


def test_sound_limits_make_a_player() -> None:
    agent = EquilibriumAgent(target=0, iterations=1)
    assert (agent.target, agent.iterations) == (0, 1)

"""An agent object that cannot be copied is refused before any deal, naming it and why.

Every seat of a run or a match plays a deep copy of an agent object. Before, one holding a
lock failed with a bare ``TypeError: cannot pickle '_thread.lock' object`` from ``deepcopy``.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

import pytest

from primero.actions import Action
from primero.analysis.duplicate import duplicate_match
from primero.errors import PrimeroError
from primero.simulation import simulate
from primero.views import PlayerView


class Locked:
    name = "locked"

    def __init__(self) -> None:
        self.lock = threading.Lock()

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        return view.legal[0]


RUNS: dict[str, Callable[[], object]] = {
    "simulate": lambda: simulate("waks", deals=2, agents=[Locked(), "random"], players=2,
                                 progress=False),
    "duplicate_match": lambda: duplicate_match("waks", Locked(), "random", deals=2,
                                               progress=False),
}


@pytest.mark.parametrize("run", sorted(RUNS))
def test_an_agent_holding_a_lock_is_named_with_the_reason(run: str) -> None:
    with pytest.raises(PrimeroError) as caught:
        RUNS[run]()
    assert str(caught.value) == (
        "agent 'locked' (Locked) cannot be copied (TypeError: cannot pickle '_thread.lock' "
        "object): every seat plays a copy of an agent object (copy.deepcopy), so it must "
        "copy; give its name, or make it copyable")
    assert isinstance(caught.value.__cause__, TypeError)

"""``primero.pettingzoo.env()`` refuses use before ``reset()`` with a primero error naming it.

Before, ``env().step(0)`` raised PettingZoo's bare ``AssertionError`` ("reset() needs to be
called before step."): ``OrderEnforcingWrapper`` is outermost, so the bare env's own
``PrimeroError`` was never reached. Now every call PettingZoo refuses before ``reset()`` is a
``PrimeroError`` naming the method and ``reset()``, as the bare env says it; nothing changes,
and after ``reset()`` the environment plays as ever (its API test is ``test_pettingzoo.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

from primero.errors import PrimeroError
from primero.pettingzoo import env

CALLS: list[tuple[str, Callable[[Any], Any]]] = [
    ("step", lambda table: table.step(0)),
    ("observe", lambda table: table.observe("player_0")),
    ("last", lambda table: table.last()),
    ("agent_iter", lambda table: table.agent_iter()),
    ("render", lambda table: table.render()),
    ("state", lambda table: table.state()),
]


@pytest.mark.parametrize(("method", "call"), CALLS, ids=[m for m, _ in CALLS])
def test_a_call_before_reset_is_a_primero_error_naming_reset(
        method: str, call: Callable[[Any], Any]) -> None:
    table = env(players=2, render_mode="ansi")
    with pytest.raises(PrimeroError) as caught:
        call(table)
    assert not isinstance(caught.value, AssertionError)
    assert str(caught.value) == (f"reset() needs to be called before {method}: the "
                                 "environment deals its first deal on reset")


def test_a_refused_step_changes_nothing_and_reset_then_plays() -> None:
    table = env(players=2)
    with pytest.raises(PrimeroError):
        table.step(0)
    with pytest.raises(AttributeError, match=r"^rewards cannot be accessed before reset$"):
        table.rewards  # noqa: B018  # PettingZoo's own refusal, left as it is
    table.reset(seed=3)
    assert table.agent_selection == "player_0"  # the eldest acts first, as in any deal
    observation, reward, termination, truncation, _ = table.last()
    assert (reward, termination, truncation) == (0.0, False, False)
    assert observation["action_mask"].sum() >= 1

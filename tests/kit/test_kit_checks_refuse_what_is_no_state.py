"""The kit's checks that take a deal's state refuse anything else, naming the check.

Before, ``play_random_deal("oldpips", rng)`` or ``check_deal_invariants(None)`` (a plug-in
author's first try) failed deep inside with an ``AttributeError`` about a field.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import primero.testing as kit
from primero import start_deal
from primero.errors import PrimeroError

CHECKS: dict[str, Callable[[Any], object]] = {
    "action_bound": kit.action_bound,
    "action_pool": kit.action_pool,
    "check_action_ids": kit.check_action_ids,
    "check_chance": kit.check_chance,
    "check_deal_invariants": kit.check_deal_invariants,
    "check_out_of_turn": kit.check_out_of_turn,
    "check_view_hides": lambda s: kit.check_view_hides(s, 0),
    "external_replay": kit.external_replay,
    "hidden_twins": lambda s: kit.hidden_twins(s, 0, random.Random(0)),
    "play_random_deal": lambda s: kit.play_random_deal(s, random.Random(0)),
}


@pytest.mark.parametrize("name", sorted(CHECKS))
@pytest.mark.parametrize(("value", "shown"), [("oldpips", "str 'oldpips'"),
                                              (None, "NoneType None")])
def test_a_check_given_no_state_names_itself_and_the_value(name: str, value: object,
                                                           shown: str) -> None:
    with pytest.raises(PrimeroError) as caught:
        CHECKS[name](value)
    assert str(caught.value) == (f"{name} takes a deal's GameState (start_deal(...) gives "
                                 f"one), got {shown}")


def test_a_view_is_refused_where_the_state_goes() -> None:
    state = start_deal("oldpips", ("Ann", "Bob"), 10, seed=1)
    with pytest.raises(PrimeroError, match=r"^check_deal_invariants takes a deal's GameState"):
        kit.check_deal_invariants(state.view(0))
    kit.check_deal_invariants(state)  # the state itself passes

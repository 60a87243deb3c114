"""A settlement read from JSON pays what its layers hold: its awards and carry-over are checked."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from primero import make_agent, start_deal
from primero.errors import RecordError
from primero.serialize import settlement_from_dict, to_dict


def _finished_settlement() -> dict[str, Any]:
    state = start_deal("waks", ["Anna", "Ben"], 20, seed=3)
    agent, rng = make_agent("random"), random.Random(0)
    while state.to_act is not None:
        state = state.apply(agent.act(state.view(state.to_act), rng))
    data = to_dict(state.settlement)
    assert settlement_from_dict(data, "waks") == state.settlement
    return data


SETTLED = _finished_settlement()


def test_the_worked_settlement_is_one_pot_of_28_to_seat_1() -> None:
    assert SETTLED["awards"] == [{"seat": 1, "amount": 28, "value": None}]
    assert SETTLED["layers"][0]["shares"] == [28]


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["awards"][0].update(amount=1_000_000),
     "settlement: seat 1 is awarded 1000000 chips but its shares of the layers are 28: chips "
     "are not conserved"),
    (lambda d: d.update(carry=5),
     "settlement: key 'carry' is 5 but the layers nobody won hold 0 chips: chips are not "
     "conserved"),
    (lambda d: d["awards"][0].update(seat=9),  # the award to a seat of no layer is named
     "settlement: award 1: seat 9 wins no layer (the layers' winners: 1): chips are not "
     "conserved"),
])
def test_awards_or_carry_the_layers_do_not_hold_are_refused(change: Any, message: str) -> None:
    data = copy.deepcopy(SETTLED)
    change(data)
    with pytest.raises(RecordError) as info:
        settlement_from_dict(data, "waks")
    assert str(info.value) == message


def test_a_huge_format_is_named_briefly() -> None:
    data = dict(SETTLED, format="9" * 5000)
    with pytest.raises(RecordError) as info:
        settlement_from_dict(data, "waks")
    assert str(info.value).startswith(f"settlement: key 'format': {'9' * 40!r}... (5,000 "
                                      "characters); ")


def test_a_key_that_is_not_a_settlements_is_refused_by_name() -> None:
    data = dict(SETTLED, cary=5)  # a misspelt 'carry' beside the real one
    with pytest.raises(RecordError) as info:
        settlement_from_dict(data, "waks")
    assert str(info.value) == ("settlement: unknown key 'cary'; known keys: format, awards, "
                               "returns, layers, carry, showdown, values, reason")
    many = dict(SETTLED, **{f"x{k}": 0 for k in range(7)})
    with pytest.raises(RecordError) as info:
        settlement_from_dict(many, "waks")
    assert str(info.value).startswith("settlement: unknown keys 'x0', 'x1', 'x2', 'x3', 'x4', …;")

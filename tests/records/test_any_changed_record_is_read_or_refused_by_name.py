"""Any one key of a deal record or a settlement changed to any JSON value: read, or refused.

The property a hostile file must meet: reading (and replaying) a record, or reading a
settlement back, either works or raises a :class:`~primero.errors.PrimeroError` with one short
printable message; never a ``TypeError`` from deep inside. Each example changes one value at
one place of a real record (the worked Waks example) or settlement, or deletes it.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from primero import PrimeroError, load_record, replay
from primero.serialize import record_from_dict, settlement_from_dict, to_dict

_EXAMPLE = Path(__file__).resolve().parents[1] / "cases" / "waks_example.toml"
RECORD = to_dict(load_record(_EXAMPLE))
FINAL = replay(load_record(_EXAMPLE))
SETTLEMENT = to_dict(FINAL.settlement)

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-10 ** 30, max_value=10 ** 30)
    | st.floats(allow_nan=True) | st.text(max_size=12)
    | st.sampled_from(["7s", "Anna", "Anna pass", "vie 2", "waks", "x" * 3000, "\x1b[2J"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=6)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for k, item in enumerate(value):
            found += _paths(item, (*path, k))
    return found


def _changed(data: dict[str, Any], path: tuple[Any, ...], new: Any,
             delete: bool) -> Any:
    data = copy.deepcopy(data)
    if not path:
        return new
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return data


def _refused_well(error: PrimeroError) -> None:
    message = str(error)
    assert len(message) < 600, message[:200]
    assert "\x1b" not in message and "\n" not in message.strip()


@settings(max_examples=80, deadline=None)
@given(path=st.sampled_from(_paths(RECORD)), new=JSON, delete=st.booleans())
def test_a_changed_record_is_read_and_replayed_or_refused_by_name(
        path: tuple[Any, ...], new: Any, delete: bool) -> None:
    data = _changed(RECORD, path, new, delete and bool(path))
    try:
        record = record_from_dict(data)
        state = replay(record)
    except PrimeroError as error:
        _refused_well(error)
        return
    json.dumps(to_dict(record))  # what was read writes back as JSON
    on_table = state.settlement.carry if state.settlement is not None else state.pot
    assert sum(state.stacks) + on_table == sum(record.chips) + record.carry  # conserved


@settings(max_examples=80, deadline=None)
@given(path=st.sampled_from(_paths(SETTLEMENT)), new=JSON, delete=st.booleans())
def test_a_changed_settlement_is_read_or_refused_by_name(path: tuple[Any, ...], new: Any,
                                                         delete: bool) -> None:
    data = _changed(SETTLEMENT, path, new, delete and bool(path))
    try:
        settlement = settlement_from_dict(data, "waks")
    except PrimeroError as error:
        _refused_well(error)
        return
    if settlement.layers:  # what was read pays out exactly its layers
        awarded = sum(a.amount for a in settlement.awards)
        assert awarded + settlement.carry == sum(layer.amount for layer in settlement.layers)
    assert all(a.amount >= 1 for a in settlement.awards)
    assert all(c >= 0 for _, c in settlement.returns) and settlement.carry >= 0

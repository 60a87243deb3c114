"""Check a replayed deal file against its ``[expect]`` table (docs/reference/deal-files.md format).

Keys understood in ``[expect]`` (all optional):

* ``awards`` — ``[{player, amount, value?}]`` in seat order; no ``value``: won unseen;
* ``chips`` — final stacks in playing order; ``carry`` — chips left for the next deal;
* ``returns`` — ``{player = chips}`` given back unmatched (not awards);
* ``values`` / ``hands`` — each player's final hand value (``"Primero 65"``) / cards;
* ``call`` — the standing call at the end; ``ended_by``; ``pot_after_round1``;
* ``reason`` — why chips carry over (``settlement.reason``);
* ``[[expect.illegal]]`` — ``after`` (actions replayed), ``action`` (``"<player> <verb>"``),
  ``reason`` (text the refusal's reason must contain); the state must stay unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from primero import IllegalActionError, parse_cards
from primero.deal.state import GameState
from primero.records import DealRecord, load_record, replay
from primero.testing.snapshots import snapshot

HERE = Path(__file__).resolve().parent


def deal_files(variant: str) -> list[Path]:
    """The deal files of ``variant`` in this directory, by name."""
    return sorted(p for p in HERE.glob("*.toml") if load_record(p).variant == variant)


def _round1_end(record: DealRecord) -> int:
    """How many actions round 1 takes (the state after them is past round 1)."""
    for k in range(len(record.actions) + 1):
        state = replay(record, stop_after=k)
        step = state.step
        if state.over or step is None or (step.kind, step.number) != ("bet", 1):
            return k
    raise AssertionError("round 1 never ends")


def check_expect(record: DealRecord) -> GameState:
    """Replay ``record`` and assert everything its ``[expect]`` table states."""
    expect: Mapping[str, Any] = record.expect
    state = replay(record)
    assert state.over, "the deal file does not finish the deal"
    settlement = state.settlement
    assert settlement is not None
    names = state.players
    if "awards" in expect:
        got = [
            {"player": names[a.seat], "amount": a.amount,
             **({"value": a.value.label} if a.value is not None else {})}
            for a in settlement.awards
        ]
        assert got == list(expect["awards"])
    if "chips" in expect:
        assert list(state.stacks) == list(expect["chips"])
    if "carry" in expect:
        assert settlement.carry == expect["carry"]
    if "returns" in expect:
        assert {names[s]: c for s, c in settlement.returns} == dict(expect["returns"])
    if "values" in expect:
        assert {names[s]: state.value(s).label for s in state.live} == dict(expect["values"])
    if "hands" in expect:
        for name, cards in expect["hands"].items():
            assert set(state.seats[state.seat_of(name)].hand) == set(parse_cards(cards))
    if "call" in expect:
        assert str(state.extra("call")) == expect["call"]
    if "ended_by" in expect:
        assert state.ended_by == expect["ended_by"]
    if "reason" in expect:
        assert settlement.reason == expect["reason"]
    if "pot_after_round1" in expect:
        assert replay(record, stop_after=_round1_end(record)).pot == expect["pot_after_round1"]
    # chips are conserved: stacks + what stays on the table = starting chips + carry-in
    assert sum(state.stacks) + settlement.carry == sum(record.chips) + record.carry
    for case in expect.get("illegal", ()):
        check_illegal(record, case["after"], case["action"], case["reason"])
    return state


def check_illegal(record: DealRecord, after: int, action: str, reason: str) -> None:
    """After ``after`` actions, ``action`` is refused with ``reason`` and changes nothing."""
    state = replay(record, stop_after=after)
    player, _, text = action.partition(" ")
    assert state.to_act is not None and state.seats[state.to_act].name == player
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(text)
    assert reason in info.value.reason, info.value.reason
    assert info.value.legal == state.legal_actions()
    assert snapshot(state) == before

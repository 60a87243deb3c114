"""Deal records from setups, and what a setup's equality means."""

from __future__ import annotations

import math
import random

import pytest

import primero
from primero import DealRecord, DealSetup, PrimeroError, RecordError, start_deal
from primero.records import dump_record, load_record, record_from_state, replay
from primero.testing.deadline import MAX_TIMER, Deadline


def _random_deal(name: str, players: int, seed: int, **kwargs: object) -> primero.GameState:
    state = start_deal(name, [f"P{i}" for i in range(players)], 30, seed=seed, **kwargs)
    rng = random.Random(seed)
    while not state.over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("seed", [0, 5])
def test_a_record_of_a_seeded_setup_replays_its_reshuffles(seed: int) -> None:
    """``DealRecord.of(variant, state.setup, actions)`` keeps the seed, which shuffles the
    reshuffles the setup does not give."""
    state = _random_deal("suzuki", 6, 0)
    if seed:
        state = next(s for s in (_random_deal("suzuki", 6, k) for k in range(seed, seed + 40))
                     if s.reshuffles)
    assert state.reshuffles  # the stock ran out: the case is exercised
    actions = [(state.setup.players[s], str(a)) for s, a in state.history]
    record = DealRecord.of(state.variant, state.setup, actions)
    assert record.seed == state.setup.seed and record.stock == ()
    assert replay(record) == state
    assert replay(load_record(dump_record(record))) == state


def test_a_record_of_an_external_setup_is_refused() -> None:
    state = start_deal("waks", ["A", "B", "C"], 10, dealing="external")
    with pytest.raises(RecordError, match="a deal dealt from outside has no stock order to "
                                          r"write: record it with record_from_state\(state\)"):
        DealRecord.of(state.variant, state.setup)


def test_an_external_deal_at_a_chance_node_is_not_saved() -> None:
    state = start_deal("waks", ["A", "B", "C"], 10, dealing="external")
    assert state.chance is not None
    with pytest.raises(RecordError, match="cannot be saved at a chance node"):
        record_from_state(state)
    while state.chance is not None:  # dealt up to the first decision: it saves and replays
        state = state.deal(state.chance.cards[0])
    assert replay(record_from_state(state)).legal_actions() == state.legal_actions()


def test_setups_without_a_stock_are_equal_only_with_the_same_seed() -> None:
    one = DealSetup(players=("A", "B"), chips=(5, 5), dealer=0, seed=1)
    two = DealSetup(players=("A", "B"), chips=(5, 5), dealer=0, seed=2)
    assert one != two and len({one, two}) == 2
    assert one == DealSetup(players=("A", "B"), chips=(5, 5), dealer=0, seed=1)
    dealt_one = start_deal("waks", one).setup
    dealt_again = start_deal("waks", ["A", "B"], 5, dealer=0, seed=1).setup
    assert dealt_one == dealt_again and hash(dealt_one) == hash(dealt_again)
    assert dealt_one != start_deal("waks", two).setup


def test_a_seed_too_large_for_a_deal_file_is_refused() -> None:
    assert start_deal("waks", ["A", "B"], 5, seed=2**128).setup.seed == 2**128
    with pytest.raises(PrimeroError, match="seed must be at most 2\\*\\*128 in size"):
        start_deal("waks", ["A", "B"], 5, seed=2**128 + 1)
    state = start_deal("waks", ["A", "B"], 5, seed=2**70)
    record = DealRecord.of(state.variant, state.setup)
    assert load_record(dump_record(record)).seed == 2**70


def test_a_kit_budget_longer_than_a_timer_sets_no_deadline() -> None:
    """``time_budget=1e12`` was an OverflowError from the OS timer."""
    for seconds in (MAX_TIMER * 2, 1e12, math.inf):
        deadline = Deadline(seconds, str)
        assert deadline._armed == ""
        deadline.cancel()

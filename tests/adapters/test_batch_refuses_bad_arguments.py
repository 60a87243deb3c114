"""Hostile input to the batched engine: every bad argument is a PrimeroError naming it."""

from __future__ import annotations

import random

import numpy as np
import pytest

from primero.batch import BatchEngine, observation_tensors
from primero.batch.agents import RandomBatchAgent
from primero.batch.engine import MAX_BATCH_DEALS
from primero.errors import PrimeroError, UnknownAgentError, UnknownVariantError
from primero.simulation import simulate


def test_a_batch_beyond_the_cap_is_refused_before_any_array_is_allocated() -> None:
    with pytest.raises(PrimeroError, match=r"at most 1,048,576 deals in one batch"):
        BatchEngine("waks", deals=10 ** 12, players=2)
    with pytest.raises(PrimeroError, match="at most"):
        BatchEngine("waks", deals=MAX_BATCH_DEALS + 1, players=2)


@pytest.mark.parametrize("deal", [3, -1, -4, 1.5, "0", True])
def test_actions_of_a_deal_outside_the_batch_name_the_deal(deal: object) -> None:
    batch = BatchEngine("waks", deals=3, players=2)
    batch.reset(seed=1)
    with pytest.raises(PrimeroError, match=r"deal must be a deal number 0\.\.2"):
        batch.actions(deal)  # type: ignore[arg-type]


def test_actions_of_a_deal_list_its_history_in_order() -> None:
    batch = BatchEngine("waks", deals=2, players=2)
    batch.reset(seed=1)
    batch.step(np.array([1, 1]))  # both eldests pass
    assert [seat for seat, _ in batch.actions(1)] == [0]
    assert [seat for seat, _ in batch.actions(np.int64(0))] == [0]  # type: ignore[arg-type]


def test_actions_and_observations_before_reset_ask_for_reset() -> None:
    batch = BatchEngine("waks", deals=2, players=2)
    assert batch.ready is False
    with pytest.raises(PrimeroError, match=r"call reset\(seed\) first"):
        observation_tensors(batch, 0)
    with pytest.raises(PrimeroError, match=r"call reset\(seed\) first"):
        batch.actions(0)
    batch.reset(seed=0)
    assert batch.ready is True
    assert observation_tensors(batch, 0).shape[0] == 2


def test_a_refused_step_changes_nothing() -> None:
    batch = BatchEngine("waks", deals=4, players=2)
    batch.reset(seed=7)
    before = (batch.to_act.copy(), batch.stacks.copy(), batch.legal_mask().copy())
    for ids in (np.full(4, 10 ** 6), np.full(4, -1), np.full(4, np.nan), np.ones(4, bool)):
        with pytest.raises(PrimeroError):
            batch.step(ids)
    assert np.array_equal(batch.to_act, before[0])
    assert np.array_equal(batch.stacks, before[1])
    assert np.array_equal(batch.legal_mask(), before[2])


@pytest.mark.parametrize("agents", [None, 5, {"random": 1}])
def test_batch_simulate_with_agents_that_are_no_names_is_a_primero_error(agents: object) -> None:
    with pytest.raises(PrimeroError, match="engine='batch' plays batched agents by name"):
        simulate("waks", players=2, deals=2, engine="batch", agents=agents)  # type: ignore[arg-type]


def test_batch_simulate_with_the_default_agents_says_which_agents_the_batch_plays() -> None:
    with pytest.raises(UnknownAgentError,
                       match="'heuristic': engine='batch' plays 'random' or 'strength'"):
        simulate("waks", players=2, deals=2, engine="batch")


@pytest.mark.parametrize("chips", [2 ** 62, [5, 2 ** 62],
                                   np.full((2, 2), 2 ** 64 - 1, np.uint64)])
def test_chips_past_what_64_bits_hold_are_refused_not_wrapped(chips: object) -> None:
    with pytest.raises(PrimeroError, match=r"at most 72,057,594,037,927,936 \(2\*\*56\)"):
        BatchEngine("waks", deals=2, players=2, chips=chips)  # type: ignore[arg-type]


@pytest.mark.parametrize("carry", [2.7, float("nan"), 2 ** 62,
                                   np.array([2 ** 64 - 1, 0], np.uint64)])
def test_a_carry_that_is_no_whole_number_of_chips_is_refused_not_truncated(carry: object) -> None:
    with pytest.raises(PrimeroError, match="carry must be a whole number of chips"):
        BatchEngine("waks", deals=2, players=2, carry=carry)  # type: ignore[arg-type]


def test_records_with_auto_reset_are_refused_not_all_none() -> None:
    batch = BatchEngine("waks", deals=2, players=2, auto_reset=True)
    batch.reset(seed=1)
    with pytest.raises(PrimeroError, match="records are kept only without auto_reset"):
        batch.records()


@pytest.mark.parametrize("players", ["ab", 2.0, None])
def test_players_that_are_no_count_or_list_of_names_are_refused(players: object) -> None:
    with pytest.raises(PrimeroError, match="players must be a number of players or a list"):
        BatchEngine("waks", deals=2, players=players)  # type: ignore[arg-type]


def test_a_variant_that_is_no_variant_or_name_is_an_unknown_variant() -> None:
    with pytest.raises(UnknownVariantError, match="variant must be a Variant or its name"):
        BatchEngine(None, deals=2)  # type: ignore[arg-type]


def test_numpy_seeds_and_counts_read_as_the_same_ints() -> None:
    by_list = BatchEngine("waks", deals=2, players=2)
    by_list.reset(seeds=[11, 12])
    by_array = BatchEngine("waks", deals=np.int64(2), players=2)  # type: ignore[arg-type]
    by_array.reset(seeds=np.array([11, 12]))
    assert by_array.deals == 2
    assert np.array_equal(by_list.legal_mask(), by_array.legal_mask())
    assert [r for r in by_list.state.seeds] == [11, 12] == by_array.state.seeds
    generated, from_numpy = (BatchEngine("waks", deals=2, players=2) for _ in range(2))
    generated.reset(seed=3)
    from_numpy.reset(seed=np.int64(3))
    assert generated.state.seeds == from_numpy.state.seeds
    with pytest.raises(PrimeroError, match="seeds must be 2 whole numbers"):
        by_list.reset(seeds=5)  # type: ignore[arg-type]


def test_a_random_batch_agent_given_a_python_random_names_the_generator_it_needs() -> None:
    batch = BatchEngine("waks", deals=2, players=2)
    batch.reset(seed=1)
    with pytest.raises(PrimeroError, match=r"rng must be a numpy\.random\.Generator .* got Random"):
        RandomBatchAgent().act(batch, random.Random(0))  # type: ignore[arg-type]
    ids = RandomBatchAgent().act(batch, np.random.default_rng(0))
    assert batch.legal_mask()[np.arange(2), ids].all()

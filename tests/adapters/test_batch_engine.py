"""The batched engine ends every deal exactly as the engine does (primero.batch).

Differential: random legal ids in a batch, then the same cards (stock or seed) and ids through
start_deal/apply, deal by deal: stacks, settlement (awards, returns, carry, showdown) and
history must be equal. Odd tables are included: 3 to 6 players, short stacks (all-ins and side
pots), other stakes and rests, a raise cap, carry-overs, other dealers, every option that
changes the plan. benchmarks/bench_batch.py --differential runs the large counts.
"""

from __future__ import annotations

import numpy as np
import pytest

from batch_differential import differential, random_ids
from primero import get_variant
from primero.batch import BatchEngine
from primero.errors import IllegalActionError, PrimeroError, UnknownVariantError
from primero.records import dump_record, load_record, replay

#: (variant, options and table) per case; each plays DEALS deals.
CASES: list[tuple[str, dict[str, object]]] = [
    ("waks", {"players": 2}),
    ("waks", {"players": 2, "seeded": True}),
    ("waks", {"players": 3, "chips": 5, "dealer": 0}),
    ("waks", {"players": 6, "chips": 4, "rest": 4, "stake": 2}),
    ("waks", {"players": 4, "chips": [3, 9, 1, 20], "carry": 5, "raise_cap": 2}),
    ("waks", {"players": 5, "chips": 6, "tie": "split"}),
    ("roman", {"players": 4, "chips": 6}),
    ("roman", {"players": 2, "supremus": True}),
    ("losing", {"players": 3, "chips": 7}),
    ("losing", {"players": 2, "seeded": True}),
    ("revival", {"players": 3, "chips": 5}),
    ("revival", {"players": 6, "chips": 6, "rounds": 3, "exchange": "every_round",
                 "exchange_first": True}),
    ("revival", {"players": 4, "chips": 4, "rounds": 2, "deal_packets": 1, "tie": "eldest"}),
    ("revival", {"players": 2, "chips": 1}),
    ("italian-primiera", {"players": 5, "chips": 5}),
    ("spanish-primera", {"players": 6, "chips": 8, "exchange_first": True,
                         "exchange": "every_round"}),
    ("french-prime", {"players": 3, "chips": 4, "carry": 3}),
    ("english-primero", {"players": 2, "chips": 3, "ante": 2}),
    ("toy", {"players": 2, "chips": 3}),
    ("toy", {"players": 2, "chips": [2, 5], "tie": "eldest", "seeded": True}),
]
DEALS = 700


@pytest.mark.parametrize(("variant", "table"), CASES,
                         ids=[f"{v}-{k}" for k, (v, _) in enumerate(CASES)])
def test_every_batched_deal_ends_as_the_engine_ends_it(variant: str,
                                                       table: dict[str, object]) -> None:
    assert differential(variant, DEALS, 11, **table) == []  # type: ignore[arg-type]


def test_the_differential_finds_a_wrong_settlement() -> None:
    """The comparison can fail: a batch whose settlement is tampered with is caught."""
    batch = BatchEngine("waks", 50, 2)
    batch.reset(seed=1)
    rng = np.random.default_rng(1)
    while not batch.done.all():
        batch.step(random_ids(batch.legal_mask(), rng))
    record = batch.records()[0]
    assert record is not None
    batch.state.stack[0] += 1
    assert list(replay(record).stacks) != [int(c) for c in batch.stacks[0]]


def test_reshuffles_happen_and_match_the_engine() -> None:
    """Six revival players with three exchanges run the stock out: the engine's reshuffle."""
    variant = get_variant("revival", rounds=3, exchange="every_round", exchange_first=True)
    batch = BatchEngine(variant, 200, 6, 6)
    batch.reset(seed=5)
    rng = np.random.default_rng(5)
    while not batch.done.all():
        batch.step(random_ids(batch.legal_mask(), rng))
    assert len(batch.state.reshuffles) > 50
    for k, record in enumerate(batch.records()):
        assert record is not None
        assert len(record.reshuffles) == len(batch.state.reshuffles.get(k, []))
        if k < 40:
            assert list(replay(load_record(dump_record(record))).stacks) == \
                [int(c) for c in batch.stacks[k]]


@pytest.mark.parametrize("seeded", [False, True])
def test_records_replay_to_the_batch_final_stacks(seeded: bool) -> None:
    batch = BatchEngine("waks", 300, 3, 6, carry=2)
    if seeded:
        batch.reset(seeds=list(range(1000, 1300)))
    else:
        batch.reset(seed=9)
    rng = np.random.default_rng(9)
    while not batch.done.all():
        batch.step(random_ids(batch.legal_mask(), rng))
    records = batch.records()
    assert all(r is not None for r in records)
    for k, record in enumerate(records):
        assert record is not None
        assert (record.seed is not None) == seeded
        state = replay(load_record(dump_record(record)))
        assert state.over
        assert list(state.stacks) == [int(c) for c in batch.stacks[k]]
        assert state.settlement is not None
        assert state.settlement.carry == int(batch.state.carry_out[k])


def test_chips_are_conserved_and_rewards_sum_to_the_carry_change() -> None:
    batch = BatchEngine("waks", 500, 4, 5, carry=3)
    batch.reset(seed=2)
    rng = np.random.default_rng(2)
    while not batch.done.all():
        batch.step(random_ids(batch.legal_mask(), rng))
    st = batch.state
    assert (st.stack.sum(axis=1) + st.carry_out == 4 * 5 + 3).all()
    assert (batch.rewards.sum(axis=1) == 3 - st.carry_out).all()
    assert set(np.unique(st.carry_out).tolist()) >= {0}


def test_a_hand_worked_heads_up_deal() -> None:
    """Seat 0 vies 2, seat 1 folds: seat 0 wins seat 1's nothing and takes its 2 back."""
    batch = BatchEngine("waks", 1, 2, 10)
    batch.reset(seeds=[4])
    assert batch.to_act.tolist() == [0]
    mask = batch.legal_mask()[0]
    # pass 1, vie 1..3 (ids 3..5) and fold 0; no hold, no raise, no exchange
    assert np.flatnonzero(mask).tolist() == [0, 1, 3, 4, 5]
    batch.step(np.array([4]))  # vie 2
    assert batch.to_act.tolist() == [1]
    # seat 1 speaks last before the vier and nobody held: bound to hold (hold or raise only)
    assert np.flatnonzero(batch.legal_mask()[0]).tolist() == [2, 6, 7, 8]
    batch.step(np.array([2]))  # hold
    assert batch.to_act.tolist() == [0]  # the exchange: seat 0 first, masks over 2 cards
    assert np.flatnonzero(batch.legal_mask()[0]).tolist() == [9, 10, 11, 12]
    batch.step(np.array([9]))  # keep both
    batch.step(np.array([9]))
    assert batch.stacks.tolist() == [[8, 8]]
    batch.step(np.array([4]))  # round 2: seat 0 vies 2
    batch.step(np.array([0]))  # seat 1 folds (no must-hold in round 2)
    assert batch.done.tolist() == [True]
    assert batch.stacks.tolist() == [[12, 8]]
    assert batch.rewards.tolist() == [[2, -2]]
    assert batch.state.returned.tolist() == [[2, 0]]


def test_an_illegal_id_names_the_deal_and_changes_nothing() -> None:
    batch = BatchEngine("waks", 3, 2)
    batch.reset(seed=0)
    before = batch.stacks.copy(), batch.to_act.copy()
    with pytest.raises(IllegalActionError, match=r"deal 1: action id 2 is not legal for seat 0"):
        batch.step(np.array([1, 2, 1]))  # a hold with nothing to hold
    assert (batch.stacks == before[0]).all() and (batch.to_act == before[1]).all()
    with pytest.raises(PrimeroError, match=r"action_ids must be \(3,\) integers"):
        batch.step(np.array([1.0, 1.0, 1.0]))


@pytest.mark.parametrize(("name", "why"), [
    ("cardano", "names a call"),
    ("suzuki", "a pass is an exchange"),
    ("primiera", "declarations"),
])
def test_unsupported_variants_are_refused_with_the_reason(name: str, why: str) -> None:
    with pytest.raises(UnknownVariantError, match=why):
        BatchEngine(name, 4, 2)


def test_bad_tables_are_refused_as_start_deal_refuses_them() -> None:
    with pytest.raises(PrimeroError, match="waks is played by 2 to 6 players; got 7"):
        BatchEngine("waks", 4, 7)
    with pytest.raises(PrimeroError, match="deals must be a whole number of at least 1"):
        BatchEngine("waks", 0, 2)
    with pytest.raises(PrimeroError, match="call reset"):
        BatchEngine("waks", 2, 2).legal_mask()


def test_auto_reset_deals_again_and_keeps_the_finished_results() -> None:
    batch = BatchEngine("waks", 64, 2, auto_reset=True)
    batch.reset(seed=3)
    rng = np.random.default_rng(3)
    finished = 0
    total = 0
    for _ in range(200):
        batch.step(random_ids(batch.legal_mask(), rng))
        finished += int(batch.done.sum())
        total += int(batch.rewards.sum())
        assert (batch.to_act >= 0).all()  # every deal is running again
    assert finished > 100
    assert total <= 0  # chips leave only as carry-overs

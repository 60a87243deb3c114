"""The batch's observation tensors equal the adapters' (primero.batch.observation)."""

from __future__ import annotations

import numpy as np
import pytest

from batch_differential import random_ids
from primero import get_variant
from primero.adapters import AdapterTable, Encoder
from primero.batch import BatchEngine
from primero.batch.observation import observation_tensors
from primero.deal.engine import start_deal
from primero.errors import UnknownSeatError


@pytest.mark.parametrize(("variant", "players", "chips", "options"), [
    ("waks", 2, 50, {}),
    ("waks", 3, 5, {}),
    ("revival", 4, 6, {"rounds": 2}),
    ("toy", 2, 3, {}),
])
def test_every_deal_s_observation_equals_the_adapters_at_every_decision(
        variant: str, players: int, chips: int, options: dict[str, object]) -> None:
    v = get_variant(variant, **options)
    deals = 40
    batch = BatchEngine(v, deals, players, chips)
    batch.reset(seed=3)
    table = AdapterTable(variant=v, players=players, stacks=(chips,) * players,
                         dealer=players - 1, stake=1, rest=3, ante=batch.rules.table.ante)
    encoder = Encoder(table)
    pack = v.pack.cards
    states = [start_deal(v, list(batch.players), chips, stock=[pack[p] for p in row],
                         seed=batch.state.seeds[k], ante=batch.rules.table.ante)
              for k, row in enumerate(batch.state.original)]
    rng = np.random.default_rng(3)
    compared = 0
    while True:
        for seat in range(players):
            tensors = observation_tensors(batch, seat)
            for k, state in enumerate(states):
                want = encoder.observation_array(state, seat)
                assert tensors[k].tobytes() == want.tobytes(), (k, seat)
                compared += 1
        if batch.done.all():
            break
        ids = random_ids(batch.legal_mask(), rng)
        acting = batch.to_act >= 0
        batch.step(ids)
        states = [s.apply(int(i)) if a else s for s, i, a in zip(states, ids, acting,
                                                                 strict=True)]
    assert compared >= 4 * deals * players  # the start, every decision, the end


def test_a_bad_seat_is_refused() -> None:
    batch = BatchEngine("waks", 2, 2)
    batch.reset(seed=0)
    with pytest.raises(UnknownSeatError, match="player 2 is not one of the 2 seats"):
        observation_tensors(batch, 2)

"""Exchange ids come from a mask table per order of the hand's cards: each id is still the
encoding of its exchange.

``state.legal_action_ids()`` at an exchange reads the ids of the whole subset table from a
table of masks kept per order of the hand's cards (the hand's places sorted into pack order);
the independent reference is the action space's own encoding of each legal exchange
(:meth:`~primero.deal.action_space.ActionSpace.encode`, a mask worked out from the cards),
and applying an id must apply the very exchange it encodes.
"""

from __future__ import annotations

import random

import pytest

from primero import get_variant
from primero.actions import Exchange
from primero.deal.engine import start_deal

PLAYERS = ["Anna", "Ben", "Carla", "Dan"]


@pytest.mark.parametrize("name", ["waks", "roman", "primiera"])
def test_exchange_ids_are_the_encodings_of_the_legal_exchanges(name: str) -> None:
    variant = get_variant(name)
    rng = random.Random(11)
    checked = 0
    for k in range(40):
        state = start_deal(variant, PLAYERS, 50, dealer=k % 4, seed=500 + k)
        while not state.over:
            legal = state.legal_actions()
            if legal and all(isinstance(a, Exchange) for a in legal):
                space = state.action_space
                by_encoding = {space.encode(state, a): a for a in legal}
                assert state.legal_action_ids() == tuple(sorted(by_encoding))
                pick = rng.choice(sorted(by_encoding))
                assert state.apply(pick) == state.apply(by_encoding[pick])
                state = state.apply(pick)
                checked += 1
            else:
                state = state.apply(rng.choice(legal))
    assert checked > 20  # exchanges were met, with the cards in many orders

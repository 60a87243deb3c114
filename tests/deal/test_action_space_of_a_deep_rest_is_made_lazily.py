"""A table whose rest is millions of chips has its action space without a million actions.

The vie and raise blocks hold one id per chip amount up to the rest; beyond
``MADE_AMOUNTS`` an amount's action is made when its id is decoded, so a deal with
``stake = rest = 10**6`` reads its space, legal ids and actions at once.
"""

from __future__ import annotations

import tracemalloc

from primero import Hold, Vie, start_deal
from primero.deal.action_space import MADE_AMOUNTS

DEEP = 10**6


def test_a_deep_rest_space_is_made_without_an_action_per_amount() -> None:
    state = start_deal("waks", ["Anna", "Ben"], 10**7, stake=DEEP, rest=DEEP, seed=1)
    tracemalloc.start()
    try:
        space = state.action_space
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert DEEP > MADE_AMOUNTS
    assert space.size == 3 + 2 * DEEP + 2**4
    assert peak < 1_000_000  # a tuple of a million actions alone is 8 MB


def test_deep_amounts_decode_and_encode_as_the_core_numbers_them() -> None:
    state = start_deal("waks", ["Anna", "Ben"], 10**7, stake=DEEP, rest=DEEP, seed=1)
    space = state.action_space
    assert state.legal_action_ids() == (0, 1, 3 + DEEP - 1)
    assert space.decode(state, 3 + DEEP - 1) == Vie(DEEP)
    assert space.decode(state, 3) == Vie(1)
    assert space.decode(state, 3 + DEEP) == Hold(1)
    assert space.decode(state, 3 + 2 * DEEP - 1) == Hold(DEEP)
    assert space.encode(state, Vie(DEEP)) == 3 + DEEP - 1
    assert space.encode(state, Hold(DEEP)) == 3 + 2 * DEEP - 1
    after = state.apply(3 + DEEP - 1)
    assert after.seats[0].stack == 10**7 - DEEP  # the eldest vied the whole rest
    assert after.seats[0].stack + after.seats[1].stack + after.pot == 2 * 10**7

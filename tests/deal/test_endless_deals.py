"""A deal whose actions move nothing is stopped after a bound that does not grow with the chips.

the engine's only guard was ``steps * (2n + 1) * (chips + n + 1)``
actions, 252,168 for 3 seats of 2,000 chips (minutes) and endless at 10**9 chips. The bound
(:func:`primero.plugins.checks.deal_action_bound`) is now also ``4 * (n + 1)`` actions for each
unit of progress (a chip put in or paid, a fold, a step begun) and one, never below
``64 * (n + 1)``.
"""

from __future__ import annotations

import attrs
import pytest

import broken_hook_plugins
from primero import EndlessDealError, Pass, start_deal
from primero.deal.copying import replace
from primero.plugins.checks import deal_action_bound, deal_progress
from primero.variants.waks import WAKS


@pytest.mark.parametrize("chips", [20, 2000, 10**9])
def test_passes_that_move_nothing_are_stopped_whatever_the_chips(chips: int) -> None:
    """Passes that never end the round (PassesForEver): stopped at the same count, any chips."""
    variant = attrs.evolve(WAKS, name=f"passes{chips}", aliases=(),
                           plugins=(broken_hook_plugins.PassesForEver(),)).configure()
    state = start_deal(variant, ["A", "B", "C"], chips, seed=1)
    passes = 0
    with pytest.raises(EndlessDealError) as info:
        while passes < 10_000:  # the old bound: 2,688 actions at 20 chips, far more above
            state = state.apply(Pass())
            passes += 1
    # 3 players: never fewer than 64 * 4 = 256 actions; progress: no chip, no fold, 2 steps
    # (the deal, the first betting round): 4 * 4 * (1 + 2) = 48 actions, below the floor
    assert passes == 256
    label = f"{broken_hook_plugins.__name__}.PassesForEver"
    assert str(info.value) == (
        f"plug-in {label}, hook primero_apply_action (variant 'passes{chips}'): "
        "the deal did not end within 256 actions (the bound for 3 players and what the deal "
        "moved: 0 chips, 0 folds and 2 steps begun)")
    assert (info.value.hook, info.value.plugin) == ("primero_apply_action", label)


def test_the_bound_grows_with_what_the_deal_moved() -> None:
    state = start_deal("waks", ["A", "B", "C"], 1000, seed=1)
    assert deal_progress(state) == (0, 0, 2)  # Waks deals, then its first betting round
    assert deal_action_bound(state) == 256  # max(64 * 4, 4 * 4 * 3)
    seats = (state.replace_seat(0, stack=900, contributed=100)[0],
             *state.replace_seat(1, stack=950, contributed=50)[1:2],
             *state.replace_seat(2, stack=1000, folded=True)[2:])
    moved = replace(state, seats=seats)
    assert deal_progress(moved) == (150, 1, 2)
    assert deal_action_bound(moved) == 4 * 4 * (1 + 150 + 1 + 2)  # 2464
    # chips paid from one stack to another count too: A paid B 30 chips outside the pot
    paid = replace(state, seats=(state.replace_seat(0, stack=970)[0],
                                 *state.replace_seat(1, stack=1030)[1:]))
    assert deal_progress(paid) == (60, 0, 2)
    # the table's bound stays when it is the smaller: 2 seats of 1 chip, 6 steps
    small = start_deal("waks", ["A", "B"], 1, seed=1)
    assert deal_action_bound(small) == 6 * 5 * (2 + 2 + 1)  # steps (2n+1) (chips + n + 1)


def test_whole_deals_with_big_stacks_end_as_before() -> None:
    import random

    from primero.agents import RandomAgent, play_deal

    for seed in range(20):
        state = start_deal("waks", ["A", "B", "C"], 10**9, seed=seed)
        final = play_deal(state, [RandomAgent()] * 3, random.Random(seed))
        assert final.over and final.ended_by in ("showdown", "folds", "carry")

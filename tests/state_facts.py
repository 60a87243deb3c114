"""Every field of a deal's state a rule can change, and random deals at varied tables, for the
tests that hold a fast path to the checked hooks (imported by bare name)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from primero import get_variant
from primero.deal.engine import start_deal
from primero.deal.state import GameState

PLAYERS = ["Anna", "Ben", "Carla", "Dan"]


def facts(state: GameState) -> tuple[Any, ...]:
    """Every field a rule can change, the history and the chance node."""
    return (state.seats, state.stock, state.discards, state.pending, state.reshuffles,
            state.step_index, state.to_act, state.high, state.opener, state.held, state.bets,
            state.skipped, state.over, state.ended_by, state.variant_state, state.history,
            state.chance, state.settlement)


def varied_states(variant_name: str, count: int) -> Iterator[GameState]:
    """Every state before the end of ``count`` random deals (each a decision: dealt from seeds).

    The tables vary with the seed: 2 to 4 players, short and uneven stacks every third deal
    (all-ins), rests of 1 to 3 chips, a raise cap of 2 every fourth deal.
    """
    variant = get_variant(variant_name)
    for seed in range(count):
        rng = random.Random(seed)
        players = PLAYERS[:2 + seed % 3]
        chips: int | list[int] = [2, 9, 30, 4][:len(players)] if seed % 3 == 0 else 30
        state = start_deal(variant, players, chips, dealer=seed % len(players), seed=seed,
                           rest=1 + seed % 3, raise_cap=2 if seed % 4 == 1 else None)
        while not state.over:
            yield state
            state = state.apply(rng.choice(state.legal_actions()))

"""Every field of a deal's state a rule can change, for the tests that hold a fast path to the
checked hooks (imported by bare name)."""

from __future__ import annotations

from typing import Any

from primero.deal.state import GameState


def facts(state: GameState) -> tuple[Any, ...]:
    """Every field a rule can change, the history and the chance node."""
    return (state.seats, state.stock, state.discards, state.pending, state.reshuffles,
            state.step_index, state.to_act, state.high, state.opener, state.held, state.bets,
            state.skipped, state.over, state.ended_by, state.variant_state, state.history,
            state.chance, state.settlement)

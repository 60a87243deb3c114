"""The kit's failure: :class:`DealInvariantError`, raised with the step and the state described."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from primero.cards import Card
    from primero.state import GameState

__all__ = ["DealInvariantError"]


class DealInvariantError(AssertionError):
    """A state breaks one of the engine's invariants; the message says which and where."""


def fail(state: GameState, message: str) -> DealInvariantError:
    step = state.step or ("over" if state.over else "start")
    return DealInvariantError(f"{state.variant}, {step}, after {len(state.history)} actions: "
                              f"{message}\n{state.describe()}")


def card_list(cs: Iterable[Card]) -> str:
    return " ".join(c.ascii for c in cs)


"""The kit's failure: :class:`DealInvariantError`, raised with the step and the state described."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from primero.cards import Card
    from primero.deal.state import GameState

__all__ = ["DealInvariantError"]


class DealInvariantError(AssertionError):
    """A state breaks one of the engine's invariants; the message says which and where."""


def fail(state: GameState, message: str) -> DealInvariantError:
    """The error for a broken invariant, for the caller to raise.

    The message reads ``"<variant>, <step>, after <n> actions: <message>"`` (the step is
    ``over`` or ``start`` where the state has none), then the state's
    :meth:`~primero.deal.state.GameState.describe` on the lines below.

    Args:
        state: The state that breaks the invariant.
        message: What is wrong, in a sentence.
    """
    step = state.step or ("over" if state.over else "start")
    return DealInvariantError(f"{state.variant}, {step}, after {len(state.history)} actions: "
                              f"{message}\n{state.describe()}")


def card_list(cs: Iterable[Card]) -> str:
    """Cards in ASCII notation, space-separated, in the order given: ``"7h 6h As"``."""
    return " ".join(c.ascii for c in cs)


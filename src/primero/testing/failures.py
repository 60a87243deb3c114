"""The kit's failure: :class:`DealInvariantError`, raised with the step and the state described."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from primero.deal.state import GameState
from primero.errors import PrimeroError, typed_name

if TYPE_CHECKING:
    from primero.cards import Card

__all__ = ["DealInvariantError"]


def need_state(state: object, function: str) -> None:
    """Refuse a kit check given something that is not a deal's state, naming both.

    A variant's name or a view where the state goes would otherwise fail deep in the
    check as an ``AttributeError`` about a field.

    Raises:
        PrimeroError: ``state`` is not a :class:`~primero.deal.state.GameState`.
    """
    if not isinstance(state, GameState):
        raise PrimeroError(f"{function} takes a deal's GameState (start_deal(...) gives one), "
                           f"got {typed_name(state)}")


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


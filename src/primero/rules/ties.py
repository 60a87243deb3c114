"""The tie rule (docs/rules/ties.md): its option and how a tied pot is shared.

The option ``tie`` (:data:`TIE_OPTION`) is read at the showdown by
:func:`primero.rules.settling.settle_showdown`, which shares each pot among its tied best hands
by :func:`share_layer`. It imports no deal code, not even for its annotations: a variant's spec
declares the option without loading the deal (a ranking's cold start), and the module stays
below the variant in the import graph.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from primero.options import Option

__all__ = ["TIE_OPTION", "PlayingOrder", "distance_from_eldest", "share_layer"]


class PlayingOrder(Protocol):
    """What the tie rule reads of a deal (a :class:`~primero.deal.state.GameState` has both)."""

    @property
    def eldest(self) -> int:
        """The eldest's seat: the first to act."""

    @property
    def n(self) -> int:
        """The number of seats."""

#: The tie policies of docs/rules/ties.md.
TIE_OPTION = Option(
    name="tie", affects_ranking=False, default="eldest", choices=("eldest", "split"),
    doc="Tied hands: eldest — the one nearest the dealer in playing order takes the pot "
        "[seed-DE][ZOR-C]; split — they share each pot, its odd chips one by one from the "
        "eldest (the library's reading: no sheet gives a rule for them, "
        "docs/rules/ties.md#odd-chip). [seed-FR] splits ties but gives equal Primeros to the "
        "eldest; the revival game keeps that exception, the Waks family's split does not.",
)


def distance_from_eldest(state: PlayingOrder, seat: int) -> int:
    """0 for the eldest, 1 for the next in playing order, and so on."""
    return (seat - state.eldest) % state.n


def share_layer(state: PlayingOrder, amount: int, winners: Sequence[int], tie: str) \
        -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Share a pot's ``amount`` among tied ``winners`` by the tie policy.

    Args:
        state: The deal (for playing order).
        amount: Chips in the pot (a whole pot: docs/rules/ties.md settles a tie once per pot).
        winners: The seats with the best hand (one or more).
        tie: ``"eldest"`` — the winner nearest the dealer in playing order takes it all;
            ``"split"`` — equal shares, odd chips one by one from the eldest.

    Returns:
        ``(winners, shares)`` aligned, in playing order from the eldest.
    """
    ordered = sorted(winners, key=lambda s: distance_from_eldest(state, s))
    if tie == "eldest" or len(ordered) == 1:
        return (ordered[0],), (amount,)
    base, odd = divmod(amount, len(ordered))
    return tuple(ordered), tuple(base + (1 if k < odd else 0) for k in range(len(ordered)))

"""A strategy profile over range vectors: one ``(hands, actions)`` table per decision node."""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Mapping

import numpy as np
from attrs import frozen

from primero.errors import PrimeroError
from primero.solve.game import RangeGame
from primero.solve.ranges import FloatArray

__all__ = ["Strategy", "tabulate", "uniform"]


@frozen(eq=False)
class Strategy:
    """Both seats' behaviour: for every decision node, each hand's action probabilities.

    Attributes:
        game: The game.
        tables: By node id, ``(n, a)`` probabilities of the actor's ``n`` hands over the
            node's ``a`` actions (rows sum to 1), or ``None`` at an end.
    """

    game: RangeGame
    tables: tuple[FloatArray | None, ...]

    def at(self, node: int) -> FloatArray:
        """The ``(n, a)`` table of decision ``node``."""
        table = self.tables[node]
        assert table is not None
        return table


def uniform(game: RangeGame) -> Strategy:
    """Every legal action equally likely, everywhere."""
    tables: list[FloatArray | None] = []
    for node in game.tree.nodes:
        if node.actor is None:
            tables.append(None)
        else:
            n, a = len(game.ranges[node.actor]), len(node.actions)
            tables.append(np.full((n, a), 1.0 / a))
    return Strategy(game, tuple(tables))


def tabulate(game: RangeGame,
             policy: Callable[[int, tuple[str, ...], str], dict[str, float]]) -> Strategy:
    """Tabulate any policy: ``policy(seat, history, hand)`` gives action probabilities.

    Args:
        game: The game.
        policy: For a seat, the public history (action texts) and the face-down hand as text
            (:meth:`~primero.solve.ranges.HandRange.label`), a mapping from action text to
            probability; missing actions get 0.

    Returns:
        The strategy, every row normalised to sum 1.

    Raises:
        PrimeroError: a policy's answer is not a mapping, gives a positive weight to an
            action that is not legal there, gives a weight that is negative, NaN or infinite,
            or gives no legal action a positive weight; the message names the seat, the
            history and the hand.
    """
    tables: list[FloatArray | None] = []
    for node in game.tree.nodes:
        if node.actor is None:
            tables.append(None)
            continue
        hands = game.ranges[node.actor]
        table = np.zeros((len(hands), len(node.actions)))
        for h in range(len(hands)):
            probs = policy(node.actor, node.history, hands.label(h))
            table[h] = _row(probs, node.actions, node.actor, node.history, hands.label(h))
        table /= table.sum(axis=1, keepdims=True)
        tables.append(table)
    return Strategy(game, tuple(tables))


def _row(probs: object, actions: tuple[str, ...], seat: int, history: tuple[str, ...],
         hand: str) -> list[float]:
    """One hand's weights over ``actions`` from a policy's answer, checked."""
    where = f"the policy at seat {seat}, history {list(history)}, hand {hand}"
    if not isinstance(probs, Mapping):
        raise PrimeroError(f"{where} gave {type(probs).__name__}, not a mapping from action "
                           f"text to probability")
    weights = list(probs.values())
    bad = [w for w in weights if not isinstance(w, numbers.Real) or not 0 <= float(w) < math.inf]
    if bad:
        raise PrimeroError(f"{where} gave the weight {bad[0]!r:.40}: weights are finite "
                           f"numbers of 0 or more")
    unknown = [a for a, w in probs.items() if a not in actions and w > 0]
    if unknown:
        raise PrimeroError(f"{where} gave weight to {unknown[0]!r:.40}, not an action "
                           f"there; the actions: {', '.join(actions)}")
    row = [float(probs.get(a, 0.0)) for a in actions]
    if not sum(row) > 0:
        raise PrimeroError(f"{where} gave no action a positive weight")
    return row

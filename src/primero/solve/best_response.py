"""Exact best responses and exploitability over the whole game, never sampled.

A best response of seat ``p`` to a strategy walks the public tree once with the opponent's
reach vector (their chance of reaching each node with each hand) and takes, for each of
``p``'s hands at each of ``p``'s decisions, the action of highest counterfactual value; card
removal is exact (:class:`~primero.solve.ranges.CardRemoval`). In a heads-up zero-sum game the
exploitability is the mean of the two best responses' values: ``(BR_0 + BR_1) / 2`` in chips
per deal, as OpenSpiel's ``exploitability.exploitability`` defines it (``nash_conv / 2``).
"""

from __future__ import annotations

import numpy as np

from primero.solve.game import RangeGame
from primero.solve.ranges import FloatArray, Sums
from primero.solve.strategy import Strategy

#: Sums shared by sibling ends in one walk (see RangeGame.end_values).
Memo = dict[int, tuple[FloatArray, Sums | FloatArray]]

__all__ = ["Memo", "best_response_value", "exploitability", "game_value", "values"]


def values(strategy: Strategy, seat: int, node: int, reach: FloatArray, *,
           best: bool = False, memo: Memo | None = None) -> FloatArray:
    """``(n,)`` counterfactual chips of ``seat``'s hands at ``node`` (summed over deals).

    Args:
        strategy: Both seats' strategy.
        seat: The seat whose hands are valued.
        node: The node.
        reach: ``(m,)`` the opponent's reach of ``node`` with each of their hands.
        best: ``seat`` plays a best response (its own strategy is ignored).
        memo: Sums shared by sibling ends (see :meth:`~primero.solve.game.RangeGame.end_values`).
    """
    memo = {} if memo is None else memo
    game = strategy.game
    here = game.tree.nodes[node]
    if here.actor is None:
        return game.end_values(node, seat, reach, memo)
    table = strategy.at(node)
    if here.actor == seat:
        children = np.stack([values(strategy, seat, c, reach, best=best, memo=memo)
                             for c in here.children], axis=1)
        best_value: FloatArray = children.max(axis=1) if best else (children * table).sum(axis=1)
        return best_value
    total = np.zeros(len(game.ranges[seat]))
    for a, child in enumerate(here.children):
        total += values(strategy, seat, child, reach * table[:, a], best=best, memo=memo)
    return total


def _root(game: RangeGame, seat: int) -> FloatArray:
    return np.ones(len(game.ranges[1 - seat]))


def best_response_value(strategy: Strategy, seat: int) -> float:
    """Chips per deal ``seat`` wins by best-responding to the other seat's strategy."""
    game = strategy.game
    return float(values(strategy, seat, 0, _root(game, seat), best=True).sum() / game.pairs)


def game_value(strategy: Strategy) -> float:
    """Chips per deal the eldest (seat 0) wins when both seats play ``strategy``."""
    game = strategy.game
    return float(values(strategy, 0, 0, _root(game, 0)).sum() / game.pairs)


def exploitability(strategy: Strategy) -> float:
    """``(BR_0 + BR_1) / 2``: chips per deal, 0 exactly at an equilibrium.

    Args:
        strategy: Any strategy profile of the game (a solver's average, a tabulated agent).

    Returns:
        The exploitability in chips per deal (OpenSpiel's ``exploitability`` definition).
    """
    return (best_response_value(strategy, 0) + best_response_value(strategy, 1)) / 2

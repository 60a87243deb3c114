"""What a strategy does, by hand class: how often each class takes each action at a node.

At a decision node the actor's hands are weighted by how likely they are there: their own
reach under the strategy times the reach of the opponent's hands that can face them (card
removal exact, :meth:`~primero.solve.ranges.CardRemoval.totals`). A *bluff* is a vie or a
raise made with a hand from the weakest third of the hands that reach the node (by strength,
weighted as above): the share of an action's weight that comes from them.
"""

from __future__ import annotations

import numpy as np
from attrs import frozen

from primero.solve.ranges import FloatArray
from primero.solve.strategy import Strategy

__all__ = ["NodeSummary", "reach", "summarise"]


@frozen
class NodeSummary:
    """One decision node, by class of the actor's hand.

    Attributes:
        history: The public line to the node.
        actor: 0 eldest, 1 dealer.
        actions: The actions' texts.
        chance: The probability the node is reached (chips-free: a share of deals).
        classes: ``(class, share of the hands here, frequency of each action)``, weakest
            class first, classes with no hand here left out.
        weakest_third: Per action, the share of its weight from the weakest third of the hands.
    """

    history: tuple[str, ...]
    actor: int
    actions: tuple[str, ...]
    chance: float
    classes: tuple[tuple[str, float, tuple[float, ...]], ...]
    weakest_third: tuple[float, ...]


def reach(strategy: Strategy) -> list[tuple[FloatArray, FloatArray]]:
    """Per node, each seat's own reach of it with each hand, ``(seat 0's, seat 1's)``."""
    game = strategy.game
    out: list[tuple[FloatArray, FloatArray]] = [
        (np.ones(len(game.ranges[0])), np.ones(len(game.ranges[1])))
    ] * len(game.tree.nodes)
    for i, node in enumerate(game.tree.nodes):
        if node.actor is None:
            continue
        table = strategy.at(i)
        for a, child in enumerate(node.children):
            mine = list(out[i])
            mine[node.actor] = out[i][node.actor] * table[:, a]
            out[child] = (mine[0], mine[1])
    return out


def summarise(strategy: Strategy, node: int,
              reaches: list[tuple[FloatArray, FloatArray]] | None = None) -> NodeSummary:
    """The :class:`NodeSummary` of decision ``node`` under ``strategy``."""
    game = strategy.game
    here = game.tree.nodes[node]
    assert here.actor is not None
    reaches = reach(strategy) if reaches is None else reaches
    seat = here.actor
    own, other = reaches[node][seat], reaches[node][1 - seat]
    weight = own * game.removal[seat].totals(other)
    total = float(weight.sum())
    hands = game.ranges[seat]
    table = strategy.at(node)
    rows = []
    for c, name in enumerate(hands.classes):
        mask = hands.class_id == c
        w = float(weight[mask].sum())
        if w <= 0:
            continue
        freq = tuple(float(x) for x in (weight[mask, None] * table[mask]).sum(axis=0) / w)
        rows.append((name, w / total, freq))
    order = np.argsort(hands.strength, kind="stable")
    cumulative = np.cumsum(weight[order])
    weak = np.zeros(len(hands), dtype=bool)
    weak[order[cumulative <= total / 3]] = True
    mass = (weight[:, None] * table).sum(axis=0)
    third = (weight[weak, None] * table[weak]).sum(axis=0) / np.where(mass > 0, mass, 1.0)
    return NodeSummary(history=here.history, actor=seat, actions=here.actions,
                       chance=total / game.pairs, classes=tuple(rows),
                       weakest_third=tuple(float(x) for x in third))

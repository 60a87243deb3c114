"""CFR+ over range vectors, update for update OpenSpiel's ``CFRPlusSolver``.

One iteration ``t`` (OpenSpiel's ``evaluate_and_update_policy``, alternating updates): for seat
0 and then seat 1, walk the public tree with the current strategies; at each of the seat's
decisions add to every hand's cumulative regret ``v(a) - v`` (counterfactual chips of the
action and of the node, card removal exact) and to its cumulative strategy ``t · reach ·
σ`` (linear averaging); then floor the regrets at 0 (regret matching+) and set the seat's
current strategy by regret matching (uniform where no regret is positive). Seat 1's walk
already sees seat 0's new strategy. OpenSpiel's values carry the chance probability of each
deal, a constant factor here (every deal is equally likely) to which regret matching is blind,
so both solvers take the same strategies iteration for iteration.
"""

from __future__ import annotations

import numpy as np

from primero.solve.game import RangeGame
from primero.solve.ranges import FloatArray, Sums
from primero.solve.strategy import Strategy, uniform

__all__ = ["SNAP", "CFRPlus"]

#: Cumulative regrets at or below this many chips per deal are set to 0 (regret matching+'s
#: floor, raised from 0 by rounding's size): where two actions are worth exactly the same,
#: rounding leaves a regret of 1e-17 or 1e-15 that would swing the next strategy from mixed to
#: pure at random.
SNAP = 1e-12


class CFRPlus:
    """The CFR+ solver of a :class:`~primero.solve.game.RangeGame`.

    Args:
        game: The game to solve.
        snap: Regrets at or below ``snap`` chips per deal count as 0 (:data:`SNAP`).

    Attributes:
        iteration: Iterations done.
    """

    def __init__(self, game: RangeGame, *, snap: float = SNAP) -> None:
        self.game = game
        self._floor = snap * game.pairs
        self.iteration = 0
        self._current = list(uniform(game).tables)
        self._regret = [None if t is None else np.zeros_like(t) for t in self._current]
        self._average = [None if t is None else np.zeros_like(t) for t in self._current]

    def current(self) -> Strategy:
        """The current strategy (not the one that converges)."""
        return Strategy(self.game, tuple(self._current))

    def average(self) -> Strategy:
        """The linear average of the strategies: it converges to an equilibrium.

        Hands that never reach a node (cumulative weight 0) play uniformly there.
        """
        tables: list[FloatArray | None] = []
        for total in self._average:
            if total is None:
                tables.append(None)
                continue
            sums = total.sum(axis=1, keepdims=True)
            n_actions = total.shape[1]
            safe = np.where(sums > 0, sums, 1.0)
            tables.append(np.where(sums > 0, total / safe, 1.0 / n_actions))
        return Strategy(self.game, tuple(tables))

    def _walk(self, seat: int, node: int, own: FloatArray, other: FloatArray,
              memo: dict[int, tuple[FloatArray, Sums | FloatArray]]) -> FloatArray:
        game = self.game
        here = game.tree.nodes[node]
        if here.actor is None:
            return game.end_values(node, seat, other, memo)
        sigma = self._current[node]
        assert sigma is not None
        if here.actor != seat:
            total = np.zeros(len(game.ranges[seat]))
            for a, child in enumerate(here.children):
                total += self._walk(seat, child, own, other * sigma[:, a], memo)
            return total
        children = np.stack([self._walk(seat, child, own * sigma[:, a], other, memo)
                             for a, child in enumerate(here.children)], axis=1)
        value: FloatArray = (children * sigma).sum(axis=1)
        regret = self._regret[node]
        average = self._average[node]
        assert regret is not None and average is not None
        regret += children - value[:, None]
        average += self.iteration * own[:, None] * sigma
        return value

    def _match(self, seat: int) -> None:
        for node in self.game.tree.decisions:
            if self.game.tree.nodes[node].actor != seat:
                continue
            regret = self._regret[node]
            assert regret is not None
            regret[regret <= self._floor] = 0.0
            sums = regret.sum(axis=1, keepdims=True)
            n_actions = regret.shape[1]
            self._current[node] = np.where(sums > 0, regret / np.where(sums > 0, sums, 1.0),
                                           1.0 / n_actions)

    def step(self) -> None:
        """One iteration: seat 0's walk and update, then seat 1's."""
        self.iteration += 1
        for seat in (0, 1):
            game = self.game
            self._walk(seat, 0, np.ones(len(game.ranges[seat])),
                       np.ones(len(game.ranges[1 - seat])), {})
            self._match(seat)

"""The equilibrium as a player: ``make_agent("equilibrium")``.

:class:`EquilibriumAgent` plays the solved strategy of the table it sits at: on its first
decision at a table (variant, options, chips, stake, rest, ante, raise cap) it builds the game
(:func:`~primero.solve.game.solvable_game`), solves it to ``target`` chips per deal or takes
the strategy kept on disk (:func:`~primero.solve.cache.cached_strategy`), and from then on
looks up the public betting line and its face-down hand and draws an action with the
strategy's probabilities. A table the solver cannot take (an exchange, more than two players,
unequal chips, a pot carried in) is refused with :class:`~primero.solve.tree.NotSolvableError`
naming why. The full game (the 40-card pack) takes minutes to solve the first time.
"""

from __future__ import annotations

import random

from primero.actions import Action
from primero.deal.engine import public_text
from primero.solve.cache import cached_strategy
from primero.solve.game import RangeGame, solvable_game
from primero.solve.solving import check_solve_limits
from primero.solve.strategy import Strategy
from primero.solve.tree import NotSolvableError, TableParameters
from primero.variant import Variant
from primero.views import PlayerView

__all__ = ["EquilibriumAgent"]


class EquilibriumAgent:
    """Plays the equilibrium strategy of heads-up games :mod:`primero.solve` can solve.

    Args:
        target: Exploitability to solve to, chips per deal.
        iterations: The most CFR+ iterations.
        progress: Show a progress bar on standard error while a table is solved;
            ``None``: when standard error is a terminal (a strategy read from disk or
            memory shows none).

    Raises:
        PrimeroError: ``target`` is not a finite number of 0 or more, or ``iterations`` not
            a whole number of at least 1 (refused here, not at the first decision).
    """

    name = "equilibrium"

    def __init__(self, *, target: float = 0.005, iterations: int = 1000,
                 progress: bool | None = None) -> None:
        check_solve_limits(target, iterations)
        self.target = target
        self.iterations = iterations
        self.progress = progress
        self._solved: dict[tuple[object, ...], tuple[RangeGame, Strategy,
                                                     dict[tuple[int, ...], int]]] = {}

    def _table(self, view: PlayerView) -> TableParameters:
        if len(view.seats) != 2:
            raise NotSolvableError(f"the equilibrium player plays heads-up only; this table "
                                   f"has {len(view.seats)} players")
        chips = [s.stack + s.contributed for s in view.seats]
        if chips[0] != chips[1]:
            raise NotSolvableError(f"the equilibrium player needs equal chips; the players "
                                   f"started with {chips[0]} and {chips[1]}")
        if view.pot != sum(s.contributed for s in view.seats):
            raise NotSolvableError("the equilibrium player cannot play a pot carried in "
                                   "from an earlier deal")
        t = view.table
        return TableParameters(chips=chips[0], stake=t.stake, rest=t.rest, ante=t.ante,
                               raise_cap=t.raise_cap)

    def strategy_for(self, view: PlayerView) -> tuple[RangeGame, Strategy]:
        """The solved game and strategy of ``view``'s table (solved on first use).

        Raises:
            NotSolvableError: the table is not one the solver takes; the message says why.
        """
        game, strategy, _ = self._entry(view)
        return game, strategy

    def prepare(self, variant: Variant, table: TableParameters) -> None:
        """Solve ``variant`` at ``table`` now (or read its strategy), before any play.

        A run calls it before its first deal so that the solve shows its own progress and
        is not timed as a decision; without it the first decision at a table solves.

        Raises:
            NotSolvableError: the table is not one the solver takes; the message says why.
        """
        self._solved_at(variant, table)

    def _entry(self, view: PlayerView) -> tuple[RangeGame, Strategy, dict[tuple[int, ...], int]]:
        return self._solved_at(view.variant, self._table(view))

    def _solved_at(self, variant: Variant, table: TableParameters) \
            -> tuple[RangeGame, Strategy, dict[tuple[int, ...], int]]:
        key = (variant, table)
        entry = self._solved.get(key)
        if entry is None:
            game = solvable_game(variant, table)
            strategy = cached_strategy(game, target=self.target, iterations=self.iterations,
                                       progress=self.progress)
            hands = {tuple(row): h for h, row in enumerate(game.ranges[0].cards.tolist())}
            entry = self._solved[key] = (game, strategy, hands)
        return entry

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """An action drawn from the equilibrium strategy at this betting line and hand.

        Raises:
            NotSolvableError: the table is not one the solver takes, or the line is not in
                its tree; the message says why.
        """
        game, strategy, hands = self._entry(view)
        eldest = (view.dealer + 1) % 2
        seat = 0 if view.seat == eldest else 1
        node = game.tree.node_of([text for _, text in view.history])
        here = game.tree.nodes[node]
        if here.actor != seat:
            raise NotSolvableError("the betting line does not give this player the turn in "
                                   "the solved tree")
        opened = set(game.tree.open_cards[seat])
        pool = game.tree.pool
        hidden = tuple(sorted(pool.index(c) for c in view.hand if c not in opened))
        probabilities = strategy.at(node)[hands[hidden]]
        legal = {public_text(a): a for a in view.legal}
        choice = rng.choices(range(len(here.actions)), weights=probabilities.tolist())[0]
        return legal[here.actions[choice]]

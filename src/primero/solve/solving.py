"""Solving a game to a target exploitability, in blocks of CFR+ iterations.

:func:`solve` runs :class:`~primero.solve.cfr.CFRPlus` and, after every block of iterations,
measures the average strategy exactly (:func:`~primero.solve.best_response.exploitability`,
:func:`~primero.solve.best_response.game_value`) and the CPU time used
(``time.process_time``); it stops at the target or the iteration limit.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from attrs import frozen

from primero.solve.best_response import exploitability, game_value
from primero.solve.cfr import CFRPlus
from primero.solve.game import RangeGame
from primero.solve.strategy import Strategy

__all__ = ["Block", "Solved", "solve"]


@frozen
class Block:
    """The measurements after a block of iterations.

    Attributes:
        iterations: Iterations done so far.
        seconds: CPU seconds so far (CFR+ and the measurements).
        value: Chips per deal the eldest wins under the average strategy.
        exploitability: Chips per deal, exact.
    """

    iterations: int
    seconds: float
    value: float
    exploitability: float


@frozen(eq=False)
class Solved:
    """A solved game.

    Attributes:
        strategy: The average strategy.
        blocks: The measurements, one per block, the last one the strategy's.
    """

    strategy: Strategy
    blocks: tuple[Block, ...]

    @property
    def value(self) -> float:
        """Chips per deal to the eldest."""
        return self.blocks[-1].value

    @property
    def exploitability(self) -> float:
        """Chips per deal."""
        return self.blocks[-1].exploitability


def solve(game: RangeGame, *, target: float = 0.005, iterations: int = 1000, block: int = 25,
          report: Callable[[Block], None] | None = None) -> Solved:
    """Run CFR+ until the exploitability is at most ``target`` or ``iterations`` are done.

    Args:
        game: The game.
        target: Chips per deal; ``0`` runs all ``iterations``.
        iterations: The most iterations.
        block: Iterations between two measurements.
        report: Called with every block's measurements (e.g. to print them).

    Returns:
        The average strategy and the measurements.
    """
    start = time.process_time()
    solver = CFRPlus(game)
    blocks: list[Block] = []
    while solver.iteration < iterations:
        for _ in range(min(block, iterations - solver.iteration)):
            solver.step()
        average = solver.average()
        measured = Block(solver.iteration, time.process_time() - start, game_value(average),
                         exploitability(average))
        blocks.append(measured)
        if report is not None:
            report(measured)
        if measured.exploitability <= target:
            break
    return Solved(solver.average(), tuple(blocks))

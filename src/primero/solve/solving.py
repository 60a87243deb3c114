"""Solving a game to a target exploitability, in blocks of CFR+ iterations.

:func:`solve` runs :class:`~primero.solve.cfr.CFRPlus` and, after every block of iterations,
measures the average strategy exactly (:func:`~primero.solve.best_response.exploitability`,
:func:`~primero.solve.best_response.game_value`) and the CPU time used
(``time.process_time``); it stops at the target or the iteration limit.
"""

from __future__ import annotations

import contextlib
import math
import numbers
import sys
import time
from collections.abc import Callable, Iterator

from attrs import frozen

from primero.errors import PrimeroError
from primero.solve.best_response import exploitability, game_value
from primero.solve.cfr import CFRPlus
from primero.solve.game import RangeGame
from primero.solve.strategy import Strategy

__all__ = ["Block", "Solved", "check_solve_limits", "solve", "solve_progress"]


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


def check_solve_limits(target: float, iterations: int, block: int = 1) -> None:
    """Refuse a target or an iteration count :func:`solve` cannot stop on, naming it.

    Raises:
        PrimeroError: ``target`` not a finite real number of 0 or more (NaN, infinity and
            text included: NaN would never stop the run, infinity would stop it after the
            first block whatever the exploitability), ``iterations`` or ``block`` not a whole
            number of at least 1.
    """
    if isinstance(target, bool) or not isinstance(target, numbers.Real) \
            or not 0 <= target < math.inf:
        raise PrimeroError(f"target must be a finite exploitability of 0 or more chips per deal, "
                           f"got {target!r:.40}")
    for name, value in (("iterations", iterations), ("block", block)):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
            raise PrimeroError(f"{name} must be a whole number of at least 1, got {value!r:.40}")


def solve(game: RangeGame, *, target: float = 0.005, iterations: int = 1000, block: int = 25,
          report: Callable[[Block], None] | None = None,
          step: Callable[[int], None] | None = None) -> Solved:
    """Run CFR+ until the exploitability is at most ``target`` or ``iterations`` are done.

    Args:
        game: The game.
        target: Chips per deal; ``0`` runs all ``iterations``.
        iterations: The most iterations.
        block: Iterations between two measurements.
        report: Called with every block's measurements (e.g. to print them).
        step: Called with the iterations done after every iteration (e.g. to move a
            progress bar: a block of the full game takes a minute).

    Returns:
        The average strategy and the measurements.

    Raises:
        PrimeroError: ``target`` not a number of 0 or more (NaN included), ``iterations`` or
            ``block`` not a whole number of at least 1.
    """
    check_solve_limits(target, iterations, block)
    start = time.process_time()
    solver = CFRPlus(game)
    blocks: list[Block] = []
    while solver.iteration < iterations:
        for _ in range(min(block, iterations - solver.iteration)):
            solver.step()
            if step is not None:
                step(solver.iteration)
        average = solver.average()
        measured = Block(solver.iteration, time.process_time() - start, game_value(average),
                         exploitability(average))
        blocks.append(measured)
        if report is not None:
            report(measured)
        if measured.exploitability <= target:
            break
    return Solved(solver.average(), tuple(blocks))


@contextlib.contextmanager
def solve_progress(description: str, iterations: int, target: float, *,
                   progress: bool | None = None) \
        -> Iterator[tuple[Callable[[Block], None] | None, Callable[[int], None] | None]]:
    """A progress bar on standard error for a solve: the ``report`` and ``step`` of :func:`solve`.

    The bar counts iterations of ``iterations`` and shows the last block's exploitability
    against ``target`` (chips per deal); it is gone when the solve ends.

    Args:
        description: What is solved, shown before the bar.
        iterations: The most iterations (the bar's total; a solve that reaches the target
            stops before).
        target: The exploitability sought, chips per deal.
        progress: Show the bar; ``None``: when standard error is a terminal.

    Yields:
        ``(report, step)`` to give :func:`solve`, both ``None`` when no bar is shown.
    """
    if not (sys.stderr.isatty() if progress is None else progress):
        yield None, None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("{task.fields[measured]}"), TimeElapsedColumn(),
                   console=Console(stderr=True), transient=True,
                   # lines printed meanwhile go above the bar on a terminal, to their file else
                   redirect_stdout=sys.stdout.isatty())
    with bar:
        job = bar.add_task(description, total=iterations,
                           measured=f"exploitability … (target {target:g})")

        def report(measured: Block) -> None:
            bar.update(job, measured=f"exploitability {measured.exploitability:.6f} "
                                     f"(target {target:g})")

        def step(done: int) -> None:
            bar.update(job, completed=done)

        yield report, step

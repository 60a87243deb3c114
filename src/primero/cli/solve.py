"""The ``primero solve`` command: a heads-up game solved by range-vector CFR+.

Registered on :data:`primero.cli.core.app`::

    primero solve [--variant V] [-o KEY=VALUE...] [--chips N] [--stake N] [--rest N]
                  [--ante N] [--raise-cap N] [--target CHIPS] [--iterations N] [--block N]
                  [--classes N] [--no-progress]

The variant is the toy unless given: the solver takes no exchange, which Waks has
(docs/solve.md "What qualifies"). Prints the game's size, then after every block of
iterations the CPU time, the eldest's game value and the exact exploitability, in chips per
deal (docs/solve.md). A progress bar on standard error counts the iterations between two
measurements when it is a terminal (``--no-progress``: never).
"""

from __future__ import annotations

import time

import click

from primero.cli.core import (
    DecimalNumber,
    WholeNumber,
    app,
    console,
    fail,
    load_variant,
    variant_options_for,
)
from primero.cli.game import chip_amount
from primero.cli.pages import SHORT_HELP
from primero.errors import PrimeroError
from primero.solve.game import solvable_game
from primero.solve.solving import Block, check_solve_limits, solve, solve_progress
from primero.solve.summary import reach, summarise
from primero.solve.tree import TableParameters

__all__ = ["solve_command"]

#: The table solved unless told otherwise: the API's default, the toy of docs/solve.md.
DEFAULT_TABLE = TableParameters()


@app.command("solve", short_help=SHORT_HELP["solve"])
@variant_options_for("toy")  # the built-in variant it can solve
@click.option("--chips", type=chip_amount(1), default=DEFAULT_TABLE.chips,
              show_default=True,
              help="Each player's chips.")
@click.option("--stake", type=chip_amount(1), default=DEFAULT_TABLE.stake,
              show_default=True,
              help="The smallest bet or raise.")
@click.option("--rest", type=chip_amount(1), default=DEFAULT_TABLE.rest,
              show_default=True,
              help="The largest bet or raise.")
@click.option("--ante", type=chip_amount(0), default=None,
              help="Each player's ante (default: the variant's).")
@click.option("--raise-cap", "raise_cap", type=WholeNumber(1), default=None,
              help="The most vies plus raises a round allows (house rule; default: no cap).")
@click.option("--target", type=DecimalNumber(0, unit="chips per deal"), default=0.005,
              show_default=True,
              help="Stop at this exploitability, chips per deal.")
@click.option("--iterations", type=WholeNumber(1), default=1000, show_default=True,
              help="The most CFR+ iterations.")
@click.option("--block", type=WholeNumber(1), default=25, show_default=True,
              help="Iterations between two measurements.")
@click.option("--classes", "depth", type=WholeNumber(0), default=0,
              help="Then print, for every decision this many actions deep or less, how "
                   "often each hand class takes each action.")
@click.option("--no-progress", is_flag=True,
              help="Never show the progress bar (iterations between two measurements).")
def solve_command(variant: str, option: tuple[str, ...], chips: int, stake: int, rest: int,
                  ante: int | None, raise_cap: int | None, target: float, iterations: int,
                  block: int, depth: int, no_progress: bool) -> None:
    """Solve a heads-up game with CFR+ over range vectors and print its convergence."""
    out = console()
    configured = load_variant(variant, option)
    table = TableParameters(chips=chips, stake=stake, rest=rest, ante=ante, raise_cap=raise_cap)
    start = time.process_time()
    try:
        check_solve_limits(target, iterations, block)
        game = solvable_game(configured, table)
    except PrimeroError as error:
        fail(str(error))
    out.print(f"{configured}: chips {chips}, stake {stake}, rest {rest}, ante "
              f"{configured.spec.ante if ante is None else ante}, raise cap "
              f"{'none' if raise_cap is None else raise_cap}",
              soft_wrap=True)
    out.print(f"size: {game.describe()}; built in {time.process_time() - start:.1f} s CPU",
              soft_wrap=True)
    out.print(f"{'iterations':>10} {'CPU s':>8} {'value (eldest)':>15} {'exploitability':>15}")

    def report(b: Block) -> None:
        out.print(f"{b.iterations:>10} {b.seconds:>8.1f} {b.value:>+15.6f} "
                  f"{b.exploitability:>15.6f}")

    with solve_progress(f"solving {configured}", iterations, target,
                        progress=False if no_progress else None) as (measured, step):

        def both(b: Block) -> None:
            report(b)
            if measured is not None:
                measured(b)

        solved = solve(game, target=target, iterations=iterations, block=block, report=both,
                       step=step)
    done = solved.blocks[-1].iterations
    out.print(f"game value {solved.value:+.6f} chips per deal to the eldest, exploitability "
              f"{solved.exploitability:.6f} chips per deal after {done} "
              f"iteration{'' if done == 1 else 's'} ({time.process_time() - start:.1f} s CPU in "
              "all)", soft_wrap=True)
    if depth:
        reaches = reach(solved.strategy)
        for node in game.tree.decisions:
            if len(game.tree.nodes[node].history) >= depth:
                continue
            summary = summarise(solved.strategy, node, reaches)
            who = "eldest" if summary.actor == 0 else "dealer"
            out.print(f"\n{who} after {' | '.join(summary.history) or 'the deal'} "
                      f"(reached in {summary.chance:.1%} of deals):", soft_wrap=True)
            out.print(f"  {'class':<9} {'share':>6} " + " ".join(f"{a:>13}"
                                                            for a in summary.actions))
            for name, share, freq in summary.classes:
                out.print(f"  {name:<9} {share:>6.1%} " + " ".join(f"{f:>13.1%}" for f in freq))
            out.print(f"  {'weakest third':<16} " + " ".join(f"{f:>13.1%}"
                                                         for f in summary.weakest_third))

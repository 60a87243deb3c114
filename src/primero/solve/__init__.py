"""Heads-up Primero solved: range-vector CFR+ with exact best responses (docs/solve.md).

For two-player games in which each player's only private information is the hand dealt and
every action is public (no exchange), poker-solver style: the public betting tree is walked
once through the engine (:mod:`primero.solve.tree`), each player's range is a vector over every
hand they can hold (:mod:`primero.solve.ranges`, card removal exact by inclusion–exclusion),
the ends pay what the engine's settlement pays (:mod:`primero.solve.game`), CFR+ iterates as
OpenSpiel's ``CFRPlusSolver`` does (:mod:`primero.solve.cfr`), best responses and
exploitability are exact (:mod:`primero.solve.best_response`), and the solved strategy plays
as ``make_agent("equilibrium")`` (:mod:`primero.solve.player`, cached by
:mod:`primero.solve.cache`)::

    from primero import get_variant
    from primero.solve import TableParameters, exploitability, solvable_game, solve

    game = solvable_game(get_variant("toy"), TableParameters(chips=3, stake=1, rest=1, ante=1))
    solved = solve(game, target=0.001)
    exploitability(solved.strategy)  # chips per deal
"""

from __future__ import annotations

from primero.solve.best_response import best_response_value, exploitability, game_value
from primero.solve.cfr import CFRPlus
from primero.solve.game import RangeGame, solvable_game
from primero.solve.solving import Solved, solve
from primero.solve.strategy import Strategy, tabulate, uniform
from primero.solve.tree import NotSolvableError, TableParameters

__all__ = [
    "CFRPlus",
    "NotSolvableError",
    "RangeGame",
    "Solved",
    "Strategy",
    "TableParameters",
    "best_response_value",
    "exploitability",
    "game_value",
    "solvable_game",
    "solve",
    "tabulate",
    "uniform",
]

"""Solve the toy Primero with OpenSpiel's tabular CFR+ and say what the equilibrium does.

The game is ``pyspiel.load_game("python_primero", primero.openspiel.TOY_PARAMETERS)``: the
``toy`` variant heads-up (docs/adapters/toy.md). The script

* counts the tree (histories, chance nodes, decisions, ends, information states per player);
* runs ``open_spiel.python.algorithms.cfr.CFRPlusSolver`` for the iterations asked for,
  measuring the exploitability of the average policy (``exploitability.exploitability``, in
  chips) after each of a set of iterations, and the CPU seconds spent in CFR+ alone;
* writes the exploitability-per-iteration plot (``--plot PATH``, a PNG; needs matplotlib);
* prints, for every hidden pair of each player, the average policy at each of their three
  decisions, and the game's value to the eldest.

Run:  python examples/solve_toy.py [iterations] [--plot docs/img/toy-exploitability.png]
"""

from __future__ import annotations

import argparse
import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

import pyspiel
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

from primero import format_cards, get_variant, parse_cards
from primero.openspiel import TOY_PARAMETERS
from primero.variants.toy import OPEN_CARDS, STOCK

#: Each player's decisions, by the public actions before them (as the information states
#: write them), with a short name for the table.
DECISIONS = (
    (0, "", "first"),
    (0, "p0 pass | p1 vie 1", "after pass, vie"),
    (0, "p0 vie 1 | p1 hold raise 1", "after vie, raise"),
    (1, "p0 pass", "after pass"),
    (1, "p0 vie 1", "after vie"),
    (1, "p0 pass | p1 vie 1 | p0 hold raise 1", "after pass, vie, raise"),
)


def count_tree(game: Any) -> dict[str, Any]:
    """Histories, chance nodes, decisions, ends and information states per player."""
    counts: Counter[str] = Counter()
    infos: tuple[set[str], set[str]] = (set(), set())
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        counts["histories"] += 1
        if state.is_terminal():
            counts["ends"] += 1
        elif state.is_chance_node():
            counts["chance"] += 1
            stack.extend(state.child(a) for a, _ in state.chance_outcomes())
        else:
            counts["decisions"] += 1
            infos[state.current_player()].add(state.information_state_string())
            stack.extend(state.child(a) for a in state.legal_actions())
    return {**counts, "information states": (len(infos[0]), len(infos[1]))}


def checkpoints(iterations: int) -> list[int]:
    """1..10, then about four per decade up to ``iterations``."""
    points = {k for k in range(1, min(10, iterations) + 1)}
    k = 10.0
    while k < iterations:
        k *= 10 ** 0.25
        points.add(min(iterations, round(k)))
    points.add(iterations)
    return sorted(points)


def solve(game: Any, iterations: int) -> tuple[Any, list[tuple[int, float, float]]]:
    """Run CFR+; return the solver and (iteration, exploitability, CFR+ seconds so far)."""
    solver = cfr.CFRPlusSolver(game)
    marks = set(checkpoints(iterations))
    curve: list[tuple[int, float, float]] = []
    spent = 0.0
    for i in range(1, iterations + 1):
        start = time.process_time()
        solver.evaluate_and_update_policy()
        spent += time.process_time() - start
        if i in marks:
            gap = exploitability.exploitability(game, solver.average_policy())
            curve.append((i, gap, spent))
            print(f"iteration {i:4d}  exploitability {gap:.5f} chips  CFR+ {spent:6.1f} s",
                  flush=True)
    return solver, curve


def hand_label(seat: int, hidden: tuple[Any, ...]) -> str:
    """The hidden pair and the class and points of the four-card hand it makes."""
    ranking = get_variant(TOY_PARAMETERS["variant"]).ranking
    value = ranking.evaluate(parse_cards(" ".join(OPEN_CARDS[seat])) + hidden)
    return f"{format_cards(hidden, ascii=True)}  {value.hand_class} {value.points}"


def policy_table(game: Any, solver: Any) -> list[str]:
    """For every hidden pair of each player, the average policy at each of their decisions."""
    policy = solver.average_policy()
    lines: list[str] = []
    for seat in (0, 1):
        open_text = " ".join(OPEN_CARDS[seat])
        lines.append(f"p{seat} (open {open_text})")
        for hidden in combinations(STOCK, 2):
            cells = []
            for who, public, name in DECISIONS:
                if who != seat:
                    continue
                mine = sorted((*parse_cards(open_text), *hidden), key=lambda c: c.index)
                got = format_cards(mine, ascii=True)
                key = f"p{seat} | got {got} | " + (f"{public} | " if public else "")
                found = [s for s in _infostates(game, seat) if s.startswith(key)
                         and s[len(key):].startswith("hand ")]
                assert len(found) == 1, (key, found)
                probs = policy.policy_for_key(found[0])
                state = _states(game)[found[0]]
                actions = state.legal_actions()
                text = ", ".join(f"{state.action_to_string(seat, a)} {probs[a]:.2f}"
                                 for a in actions if probs[a] >= 0.005)
                cells.append(f"{name}: {text}")
            lines.append(f"  {hand_label(seat, hidden):24s} " + " | ".join(cells))
    return lines


_STATES: dict[str, Any] = {}


def _states(game: Any) -> dict[str, Any]:
    """One state per information state (the first met)."""
    if not _STATES:
        stack = [game.new_initial_state()]
        while stack:
            state = stack.pop()
            if state.is_terminal():
                continue
            if state.is_chance_node():
                stack.extend(state.child(a) for a, _ in state.chance_outcomes())
                continue
            _STATES.setdefault(state.information_state_string(), state)
            stack.extend(state.child(a) for a in state.legal_actions())
    return _STATES


def _infostates(game: Any, seat: int) -> list[str]:
    return [key for key in _states(game) if key.startswith(f"p{seat} ")]


def plot(curve: list[tuple[int, float, float]], path: str | Path) -> None:
    """The exploitability per iteration, log-log, with the 0.02-chip target."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 3.8), dpi=110)
    ax.loglog([c[0] for c in curve], [c[1] for c in curve], marker="o", markersize=3)
    ax.axhline(0.02, color="#b00", linestyle="--", linewidth=1, label="0.02 chips")
    ax.set_xlabel("CFR+ iterations")
    ax.set_ylabel("exploitability (chips)")
    ax.set_title("Toy Primero: CFR+ average policy")
    ax.grid(True, which="both", linewidth=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)


def whole(least: int, most: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in ASCII digits, ``least`` to ``most``.

    A bad value is a usage error naming the argument (exit status 2), not a traceback.
    """

    def read(text: str) -> int:
        if not re.fullmatch(r"[+-]?[0-9]{1,30}", text.strip()):
            raise argparse.ArgumentTypeError(
                f"expected a whole number in ASCII digits, got {text[:30]!r}")
        number = int(text)
        if number < least or (most is not None and number > most):
            bound = f"from {least:,}" if most is None else f"from {least:,} to {most:,}"
            raise argparse.ArgumentTypeError(f"expected a whole number {bound}, got {number}")
        return number

    return read


def png_file(text: str) -> Path:
    """An argparse type: the path of a PNG file to write, in a folder that exists."""
    path = Path(text)
    if path.suffix.lower() != ".png":
        raise argparse.ArgumentTypeError(f"expected a file name ending .png, got {text[:60]!r}")
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text[:60]!r} is a folder, not a file")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"no folder {str(path.parent)[:60]!r} to write into")
    return path


def main(argv: Sequence[str] | None = None) -> None:
    """Count, solve, plot and describe; a bad argument is a usage error (exit status 2)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("iterations", nargs="?", type=whole(1), default=200,
                        help="CFR+ iterations, from 1 (200)")
    parser.add_argument("--plot", type=png_file,
                        help="write the exploitability plot to this PNG file")
    args = parser.parse_args(argv)
    game = pyspiel.load_game("python_primero", TOY_PARAMETERS)
    print(game)
    start = time.process_time()
    print(count_tree(game), f"(counted in {time.process_time() - start:.2f} s)")
    solver, curve = solve(game, args.iterations)
    if args.plot:
        plot(curve, args.plot)
        print("plot written to", args.plot)
    value = expected_game_score.policy_value(game.new_initial_state(),
                                             [solver.average_policy()] * 2)
    print(f"value to the eldest (p0): {value[0]:+.4f} chips a deal")
    for line in policy_table(game, solver):
        print(line)


if __name__ == "__main__":
    main()

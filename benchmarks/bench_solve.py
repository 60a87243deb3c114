"""primero.solve against OpenSpiel, side by side in one process (CPU time: time.process_time).

1. The toy (TOY_PARAMETERS): primero.solve's CFR+ and OpenSpiel's (``_CFRSolver`` with CFR+'s
   settings and the same regret floor, ``SNAP``; and the stock ``CFRPlusSolver``), the same
   iterations; the exploitability of both average strategies at checkpoints, their difference,
   and the CPU time per iteration of each.
2. Duplicate matches on the toy: the odds, heuristic and random players against the
   equilibrium (make_agent("equilibrium")), each seed dealt twice with the seats swapped.
3. A middle game: the toy's ten cards at a deeper table (6 chips, stake 1, rest 2, raise cap
   2) with every tie to the eldest (``tie=eldest``): primero.solve's strategy after N
   iterations, tabulated as an OpenSpiel policy, its exploitability by both.

    python benchmarks/bench_solve.py [--iterations 200] [--middle 100] [--duplicate 2000]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import policy as os_policy
from open_spiel.python.algorithms import cfr
from open_spiel.python.algorithms import exploitability as os_exploitability

import primero.openspiel  # noqa: F401  (registers python_primero)
from primero import get_variant, parse_cards
from primero.openspiel import GAME_NAME, TOY_PARAMETERS
from primero.solve import CFRPlus, RangeGame, TableParameters, exploitability, solvable_game
from primero.solve import game_value as solve_value
from primero.solve.cfr import SNAP

CHECKPOINTS = (1, 2, 3, 5, 10, 20, 50, 100, 200, 500, 1000)


class SnappedCFRPlus(cfr._CFRSolver):  # type: ignore[misc]
    def __init__(self, game: Any) -> None:
        super().__init__(game, regret_matching_plus=True, alternating_updates=True,
                         linear_averaging=True)

    def evaluate_and_update_policy(self) -> None:
        self._iteration += 1
        for player in range(2):
            self._compute_counterfactual_regret_for_player(
                self._root_node, policies=None, reach_probabilities=np.ones(3), player=player)
            for node in self._info_state_nodes.values():
                for action, regret in node.cumulative_regret.items():
                    if regret <= SNAP:
                        node.cumulative_regret[action] = 0.0
            cfr._update_current_policy(self._current_policy, self._info_state_nodes)


def information_states(game: RangeGame, spiel: Any) -> dict[str, tuple[int, int, list[int]]]:
    found: dict[str, tuple[int, int, list[int]]] = {}

    def walk(state: Any, history: tuple[str, ...]) -> None:
        if state.is_terminal():
            return
        if state.is_chance_node():
            for outcome, _ in state.chance_outcomes():
                walk(state.child(outcome), history)
            return
        seat = state.current_player()
        key = state.information_state_string(seat)
        if key not in found:
            node = game.tree.node_of(history)
            hand = parse_cards(key.split("| hand ")[1].split(" |")[0])
            hidden = sorted(game.tree.pool.index(c) for c in hand
                            if c not in game.tree.open_cards[seat])
            h = game.ranges[seat].cards.tolist().index(hidden)
            ids = {state.action_to_string(a): a for a in state.legal_actions()}
            found[key] = (node, h, [ids[t] for t in game.tree.nodes[node].actions])
        for action in state.legal_actions():
            walk(state.child(action), (*history, state.action_to_string(action)))

    walk(spiel.new_initial_state(), ())
    return found


def toy_curve(iterations: int) -> None:
    game = solvable_game(get_variant("toy"), TableParameters(chips=3, stake=1, rest=1, ante=1))
    spiel = pyspiel.load_game(GAME_NAME, TOY_PARAMETERS)
    ours, snapped, stock = CFRPlus(game), SnappedCFRPlus(spiel), cfr.CFRPlusSolver(spiel)
    times = [0.0, 0.0, 0.0]
    print(f"toy: {game.describe()}")
    print(f"{'iter':>5} {'primero.solve':>14} {'OpenSpiel snap':>14} {'difference':>11} "
          f"{'OpenSpiel stock':>15} {'value (eldest)':>15}")
    worst = 0.0
    for t in range(1, iterations + 1):
        for k, step in enumerate((ours.step, snapped.evaluate_and_update_policy,
                                  stock.evaluate_and_update_policy)):
            start = time.process_time()
            step()
            times[k] += time.process_time() - start
        if t in CHECKPOINTS or t == iterations:
            mine = exploitability(ours.average())
            theirs = os_exploitability.exploitability(spiel, snapped.average_policy())
            plain = os_exploitability.exploitability(spiel, stock.average_policy())
            worst = max(worst, abs(mine - theirs))
            print(f"{t:>5} {mine:>14.9f} {theirs:>14.9f} {mine - theirs:>11.1e} {plain:>15.9f} "
                  f"{solve_value(ours.average()):>+15.9f}")
    print(f"largest difference {worst:.1e} chips; CPU s per iteration: primero.solve "
          f"{times[0] / iterations:.5f}, OpenSpiel {times[1] / iterations:.4f} "
          f"(snapped), {times[2] / iterations:.4f} (stock): OpenSpiel/primero.solve "
          f"{times[2] / times[0]:.0f}x")


def middle(iterations: int) -> None:
    variant = get_variant("toy", tie="eldest")
    table = TableParameters(chips=6, stake=1, rest=2, ante=1, raise_cap=2)
    game = solvable_game(variant, table)
    spiel = pyspiel.load_game(GAME_NAME, {**TOY_PARAMETERS, "chips": 6, "rest": 2,
                                          "raise_cap": 2, "options": "tie:eldest"})
    solver = CFRPlus(game)
    start = time.process_time()
    for _ in range(iterations):
        solver.step()
    seconds = time.process_time() - start
    average = solver.average()
    policy = os_policy.TabularPolicy(spiel)
    states = information_states(game, spiel)
    for key, (node, h, ids) in states.items():
        row = policy.policy_for_key(key)
        row[:] = 0.0
        row[ids] = average.at(node)[h]
    mine = exploitability(average)
    start = time.process_time()
    theirs = os_exploitability.exploitability(spiel, policy)
    spiel_seconds = time.process_time() - start
    print(f"middle game (toy, tie=eldest, chips 6, stake 1, rest 2, raise cap 2): "
          f"{game.describe()}, {len(states)} OpenSpiel information states")
    print(f"after {iterations} iterations ({seconds:.2f} s CPU): game value "
          f"{solve_value(average):+.9f}; exploitability primero.solve {mine:.12f}, OpenSpiel "
          f"{theirs:.12f} ({spiel_seconds:.1f} s CPU), difference {mine - theirs:.1e}")


def duplicate(deals: int) -> None:
    """Each opponent against the equilibrium on the toy, in duplicate: every seed is dealt
    twice with the seats swapped; the opponent's chips per deal with a 95% interval."""
    from primero import start_deal
    from primero.agents import make_agent, play_deal

    equilibrium = make_agent("equilibrium")
    for name in ("odds", "heuristic", "random"):
        rng = random.Random(1)
        results = []
        start = time.process_time()
        for seed in range(deals):
            net = 0
            for seat in (0, 1):
                agents = [equilibrium, equilibrium]
                agents[seat] = make_agent(name)
                state = start_deal("toy", ("p0", "p1"), 3, stake=1, rest=1, ante=1, seed=seed)
                state = play_deal(state, agents, rng)
                net += state.stacks[seat] - 3
            results.append(net / 2)
        mean = float(np.mean(results))
        half = 1.96 * float(np.std(results, ddof=1)) / np.sqrt(deals)
        print(f"{name} against the equilibrium on the toy, {deals} duplicate pairs: "
              f"{mean:+.4f} ± {half:.4f} chips per deal ({time.process_time() - start:.1f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--middle", type=int, default=100)
    parser.add_argument("--duplicate", type=int, default=2000)
    args = parser.parse_args()
    duplicate(args.duplicate)
    middle(args.middle)
    toy_curve(args.iterations)


if __name__ == "__main__":
    main()

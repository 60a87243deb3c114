"""Deals per second: the engine's own loop vs python_primero (OpenSpiel) vs the PettingZoo env.

Uniform random play over whole Waks deals, 4 players, 20 chips, stake 1, rest 3, the cards
dealt from outside (``dealing="external"``) in every case, so the loops do the same work plus
their adapter's (PettingZoo's: an observation and a mask at every turn, through its wrappers
and bare; the agent picks among the mask's ids, ``np.flatnonzero``). CPU time
(``time.process_time``), the best of ``REPEATS`` runs of each loop taken in turn (the machine
is shared: the best run is the one least disturbed).

Run:  python benchmarks/bench_adapters.py [deals]
"""

from __future__ import annotations

import functools
import random
import sys
import time
from typing import Any

import numpy as np
import pyspiel

import primero
import primero.openspiel  # registers python_primero
from primero.pettingzoo.env import env, raw_env

TABLE = {"variant": "waks", "players": 4, "chips": 20, "stake": 1, "rest": 3}


def engine_deals(deals: int, rng: random.Random) -> None:
    for _ in range(deals):
        state = primero.start_deal("waks", ["a", "b", "c", "d"], 20, dealing="external")
        while not state.over:
            if state.chance is not None:
                state = state.deal(rng.choice(state.chance.cards))
            else:
                state = state.apply(rng.choice(state.legal_action_ids()))


def openspiel_deals(deals: int, rng: random.Random) -> None:
    game = pyspiel.load_game("python_primero", TABLE)
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def openspiel_python_side(deals: int, rng: random.Random) -> None:
    """The OpenSpiel loop less pyspiel's C++ ``apply_action`` (the adapter's Python alone).

    The two calls the C++ makes back into Python at every action, ``current_player`` (for its
    history) and ``_apply_action``, made directly: the gap to the line above is OpenSpiel's.
    """
    game = pyspiel.load_game("python_primero", TABLE)
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = rng.choice(state.chance_outcomes())[0]
            else:
                action = rng.choice(state.legal_actions())
            state.current_player()
            state._apply_action(action)


def openspiel_with_tensors(deals: int, rng: random.Random) -> None:
    game = pyspiel.load_game("python_primero", TABLE)
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                player = state.current_player()
                state.information_state_tensor(player)
                state.apply_action(rng.choice(state.legal_actions()))


def pettingzoo_deals(deals: int, rng: random.Random, make: Any = env) -> None:
    """The PettingZoo loop: ``make`` is ``env`` (wrapped) or ``raw_env`` (the adapter alone)."""
    table = make(**TABLE)
    for episode in range(deals):
        table.reset(seed=episode)
        for _agent in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
            else:
                table.step(rng.choice(np.flatnonzero(observation["action_mask"])))


def tensor_call_vs_step(deals: int, rng: random.Random) -> tuple[float, float]:
    """CPU seconds per information-state tensor call and per engine step, same decisions."""
    game = pyspiel.load_game("python_primero", TABLE)
    states = []
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                states.append((state.clone(), rng.choice(state.legal_actions())))
                state.apply_action(states[-1][1])
    start = time.process_time()
    for state, _ in states:
        state.information_state_tensor(state.current_player())
    tensor = (time.process_time() - start) / len(states)
    start = time.process_time()
    for state, action in states:
        state.deal.apply(action)
    step = (time.process_time() - start) / len(states)
    return tensor, step


def every_players_tensor(deals: int, rng: random.Random) -> float:
    """CPU seconds per tensor when every player's is asked at each decision (rl_environment)."""
    game = pyspiel.load_game("python_primero", TABLE)
    states = []
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                states.append(state.clone())
                state.apply_action(rng.choice(state.legal_actions()))
    players = game.num_players()
    start = time.process_time()
    for state in states:
        for player in range(players):
            state.information_state_tensor(player)
    return (time.process_time() - start) / (len(states) * players)


#: How many times each loop runs; the best run counts.
REPEATS = 5


def seconds(loop: object, deals: int) -> float:
    start = time.process_time()
    loop(deals, random.Random(1))  # type: ignore[operator]
    return time.process_time() - start


def main(deals: int = 300) -> None:
    engine_deals(20, random.Random(0))  # build the ranking once
    loops = {"engine, external dealing, ids": engine_deals,
             "OpenSpiel python_primero": openspiel_deals,
             "OpenSpiel + info-state tensor": openspiel_with_tensors,
             "PettingZoo env (wrapped)": pettingzoo_deals,
             "PettingZoo raw_env": functools.partial(pettingzoo_deals, make=raw_env),
             "python_primero less its C++": openspiel_python_side}
    best = dict.fromkeys(loops, float("inf"))
    for _ in range(REPEATS):
        for name, loop in loops.items():
            best[name] = min(best[name], seconds(loop, deals))
    base = deals / best["engine, external dealing, ids"]
    for name in loops:
        r = deals / best[name]
        print(f"{name:<30} {r:8.0f} deals/s  ({r / base:.2f} x the engine)")
    # the best (least disturbed) run of each, taken apart: the best ratio would pick the run
    # whose steps were the most disturbed
    runs = [tensor_call_vs_step(deals // 3, random.Random(2)) for _ in range(REPEATS)]
    tensor, step = min(run[0] for run in runs), min(run[1] for run in runs)
    print(f"info-state tensor call {tensor * 1e6:8.1f} us, engine step {step * 1e6:8.1f} us "
          f"({tensor / step:.2f} x a step)")
    each = min(every_players_tensor(deals // 3, random.Random(3)) for _ in range(REPEATS))
    print(f"every player's tensor at each decision: {each * 1e6:8.1f} us a tensor "
          f"({each / step:.2f} x a step)")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:2]))

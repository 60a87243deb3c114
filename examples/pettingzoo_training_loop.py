"""A training-loop skeleton over primero.pettingzoo: one agent learns, the others play at random.

The AEC loop of PettingZoo's classic games: ``agent_iter()``, ``last()``, a masked action,
``step()``. Rewards are the chips each player won or lost in the deal, paid when it ends.
``Learner`` is where a real method goes (a DQN, PPO with action masking, ...): here it keeps
a running mean of its returns per first move and prefers the best one, which is enough to
show where observations, masks, actions and rewards flow.

Run:  python examples/pettingzoo_training_loop.py [episodes] [seed]
"""

from __future__ import annotations

import argparse
import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from primero.pettingzoo.env import env


class Learner:
    """A placeholder learner: epsilon-greedy over the mean return of its first move."""

    def __init__(self, rng: np.random.Generator, epsilon: float = 0.2) -> None:
        self.rng = rng
        self.epsilon = epsilon
        self.totals: dict[int, float] = defaultdict(float)
        self.counts: dict[int, int] = defaultdict(int)
        self.first: int | None = None

    def act(self, observation: np.ndarray, mask: np.ndarray) -> int:
        legal = np.flatnonzero(mask)
        if self.first is None:  # the deal's first decision: the one this learner learns
            known = [a for a in legal if self.counts[a]]
            if known and self.rng.random() > self.epsilon:
                choice = max(known, key=lambda a: self.totals[a] / self.counts[a])
            else:
                choice = int(self.rng.choice(legal))
            self.first = int(choice)
            return self.first
        return int(self.rng.choice(legal))

    def end_episode(self, chips: float) -> None:
        if self.first is not None:
            self.totals[self.first] += chips
            self.counts[self.first] += 1
        self.first = None


def main(episodes: int = 200, seed: int = 0) -> dict[str, float]:
    """Play ``episodes`` deals (1 or more); return every agent's mean chips per deal."""
    if episodes < 1:
        raise ValueError(f"episodes must be 1 or more, got {episodes}")
    table = env(variant="waks", players=3, chips=10, stake=1, rest=2)
    rng = np.random.default_rng(seed)
    learner = Learner(rng)
    totals: dict[str, float] = defaultdict(float)
    for episode in range(episodes):
        table.reset(seed=seed + episode)
        for agent in table.agent_iter():
            observation, reward, termination, truncation, _ = table.last()
            totals[agent] += reward
            if termination or truncation:
                if agent == "player_0":
                    learner.end_episode(reward)
                action: Any = None
            elif agent == "player_0":
                action = learner.act(observation["observation"], observation["action_mask"])
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            table.step(action)
    table.close()
    means = {agent: totals[agent] / episodes for agent in table.possible_agents}
    print(f"{episodes} deals: mean chips per deal " +
          ", ".join(f"{agent} {mean:+.2f}" for agent, mean in means.items()))
    return means


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


def cli(argv: Sequence[str] | None = None) -> dict[str, float]:
    """Read the command line (a usage error exits with status 2), then :func:`main`."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("episodes", nargs="?", type=whole(1), default=200,
                        help="deals to play, from 1 (200)")
    parser.add_argument("seed", nargs="?", type=whole(0), default=0,
                        help="seeds the first deal and the players, from 0 (0)")
    args = parser.parse_args(argv)
    return main(args.episodes, args.seed)


if __name__ == "__main__":
    cli()

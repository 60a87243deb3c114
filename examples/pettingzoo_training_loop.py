"""A training-loop skeleton over primero.pettingzoo: one agent learns, the others play at random.

The AEC loop of PettingZoo's classic games: ``agent_iter()``, ``last()``, a masked action,
``step()``. Rewards are the chips each player won or lost in the deal, paid when it ends.
``Learner`` is where a real method goes (a DQN, PPO with action masking, ...): here it keeps
a running mean of its returns per first move and prefers the best one, which is enough to
show where observations, masks, actions and rewards flow.

Run:  python examples/pettingzoo_training_loop.py [episodes] [seed]
"""

from __future__ import annotations

import sys
from collections import defaultdict
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
    """Play ``episodes`` deals; return every agent's mean chips per deal."""
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


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))

"""Every primero variant as a PettingZoo AEC environment (needs the ``pettingzoo`` extra).

::

    from primero.pettingzoo import env

    table = env(variant="waks", players=4, render_mode="ansi")
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        mask = observation["action_mask"] if observation is not None else None
        action = None if termination or truncation else table.action_space(agent).sample(mask)
        table.step(action)

See :class:`~primero.pettingzoo.env.raw_env` for the spaces, rewards and seeding.
"""

from __future__ import annotations

from primero.pettingzoo.env import DecisionlessTableError, env, raw_env

__all__ = ["DecisionlessTableError", "env", "raw_env"]

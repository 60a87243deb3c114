"""The agents by name: the table :func:`make_agent` builds from, as the CLI offers them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from primero.agents.heuristic import HeuristicAgent
from primero.agents.odds import OddsAgent
from primero.agents.protocol import Agent, RandomAgent
from primero.agents.search import SearchAgent
from primero.errors import UnknownAgentError, named
from primero.solve.player import EquilibriumAgent

__all__ = ["AGENTS", "LADDER", "make_agent"]

#: The agents by name: each a factory taking the agent's keyword options.
AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "odds": OddsAgent,
    "search": SearchAgent,
    "equilibrium": EquilibriumAgent,
}

#: The strength ladder, weakest first (docs/agents.md gives each rung's duplicate figure
#: against the rung below).
LADDER: tuple[str, ...] = ("random", "heuristic", "odds", "search")


def make_agent(name: str, **options: Any) -> Agent:
    """A new agent by name (a key of :data:`AGENTS`, in any case), with its keyword options.

    Args:
        name: ``"random"``, ``"heuristic"``, ``"odds"``, ... (:data:`AGENTS`); read in any
            case (``"Odds"`` is ``"odds"``), as the command line reads it.
        **options: Passed to the agent's constructor (e.g. ``samples=400`` for ``"odds"``).

    Raises:
        UnknownAgentError: (a ``ValueError``) unknown name; the message lists the known ones.
        TypeError: an option the agent does not take.
    """
    factory = AGENTS.get(name) or (AGENTS.get(name.lower()) if isinstance(name, str) else None)
    if factory is None:
        raise UnknownAgentError(f"unknown agent {named(name)}; known agents: "
                                f"{', '.join(AGENTS)}")
    return factory(**options)

"""The agents by name: the table :func:`make_agent` builds from, as the CLI offers them."""

from __future__ import annotations

import inspect
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

#: The strength ladder, weakest first: ``make_agent(level=k)`` builds rung ``k`` (0 ``random``,
#: 1 ``heuristic``, 2 ``odds``, 3 ``search``); docs/agents.md gives each rung's duplicate figure
#: against the rung below.
LADDER: tuple[str, ...] = ("random", "heuristic", "odds", "search")


def make_agent(name: str | None = None, *, level: int | None = None, **options: Any) -> Agent:
    """A new agent by name (a key of :data:`AGENTS`, in any case) or by its rung on the ladder.

    ``make_agent("odds")`` and ``make_agent(level=2)`` build the same player: a game that wants
    an easier or harder computer opponent picks a rung of :data:`LADDER`, weakest first.

    Args:
        name: ``"random"``, ``"heuristic"``, ``"odds"``, ... (:data:`AGENTS`); read in any
            case and without surrounding spaces (``" Odds "`` is ``"odds"``), as the command
            line reads it.
        level: Instead of ``name``, the rung of :data:`LADDER`: 0 (``random``) to
            ``len(LADDER) - 1`` (``search``).
        **options: Passed to the agent's constructor (e.g. ``samples=400`` for ``"odds"``).

    Raises:
        UnknownAgentError: (a ``ValueError``) unknown name, the message listing the known
            ones; or a level off the ladder, the message listing its rungs.
        TypeError: both ``name`` and ``level`` given, or neither; a level that is not a whole
            number; an option the agent does not take (the message names the agent and the
            options it takes).
        ValueError: an option's value the agent refuses (e.g. ``samples=0``).
    """
    if level is not None:
        if name is not None:
            raise TypeError(f"make_agent takes a name or a level, not both (got {named(name)} "
                            f"and level {named(level)})")
        if isinstance(level, bool) or not isinstance(level, int):
            raise TypeError(f"level must be a whole number, got {named(level)}")
        if not 0 <= level < len(LADDER):
            rungs = ", ".join(f"{i} {rung}" for i, rung in enumerate(LADDER))
            raise UnknownAgentError(f"no level {level} on the ladder; levels: {rungs}")
        name = LADDER[level]
    elif name is None:
        raise TypeError("make_agent needs an agent's name or a level on the ladder")
    factory = AGENTS.get(name) or (AGENTS.get(name.strip().lower())
                                   if isinstance(name, str) else None)
    if factory is None:
        raise UnknownAgentError(f"unknown agent {named(name)}; known agents: "
                                f"{', '.join(AGENTS)}")
    taken = _options_of(factory)
    unknown = [key for key in options if key not in taken]
    if unknown:
        agent = name.strip().lower() if isinstance(name, str) else name
        offer = ", ".join(taken) if taken else "none"
        raise TypeError(f"agent {agent!r} takes no option {named(unknown[0])}; "
                        f"its options: {offer}")
    return factory(**options)


def _options_of(factory: Callable[..., Agent]) -> tuple[str, ...]:
    """The keyword options an agent's factory takes, in its signature's order."""
    parameters = inspect.signature(factory).parameters.values()
    return tuple(p.name for p in parameters
                 if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))

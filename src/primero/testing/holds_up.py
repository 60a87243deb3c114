"""Does a computer player hold up? :func:`check_agent_holds_up` plays it against every exploiter.

A variant author runs it on their own variant and agent::

    from primero.testing import check_agent_holds_up

    report = check_agent_holds_up("myvariant", "odds", players=2, deals=200, seed=1)
    print(report)  # one line per exploiter: chips per deal with the 95 % interval

Each match is :func:`~primero.analysis.duplicate.duplicate_match` (every deal once per seat,
the same cards and generator seeds in every rotation; the agent's chips per deal less the
table's mean, so chips carried over count for no one) against one exploiter of
:data:`~primero.testing.exploiters.EXPLOITERS` in every other seat. The agent holds up when
every interval lies above zero; otherwise :class:`AgentExploitedError` names the exploiters it
does not beat and their figures.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from attrs import frozen

from primero.agents import AGENTS, Agent
from primero.analysis.duplicate import DuplicateMatch, duplicate_match
from primero.errors import PrimeroError, UnknownVariantError, exception_text, named, typed_name
from primero.plugins.registry import registry
from primero.simulation.play import AgentSpec
from primero.testing.exploiters import EXPLOITERS
from primero.variant import Variant

__all__ = ["MATCH_ARGUMENTS", "AgentExploitedError", "HoldsUp", "check_agent_holds_up"]

#: The further arguments of :func:`~primero.analysis.duplicate.duplicate_match` that
#: :func:`check_agent_holds_up` passes on.
MATCH_ARGUMENTS = frozenset({"chips", "stake", "rest", "ante", "raise_cap", "options",
                             "confidence", "progress"})


@frozen
class HoldsUp:
    """The matches of :func:`check_agent_holds_up`, by exploiter name.

    Attributes:
        matches: Per exploiter name, its :class:`~primero.analysis.duplicate.DuplicateMatch`
            (``overall``: the agent's chips per deal with the interval).
    """

    matches: Mapping[str, DuplicateMatch]

    @property
    def beaten(self) -> tuple[str, ...]:
        """The exploiters whose interval lies wholly above zero (the agent beats them)."""
        return tuple(n for n, m in self.matches.items() if m.overall.low > 0)

    @property
    def failures(self) -> tuple[str, ...]:
        """The exploiters the agent does not beat (interval not above zero)."""
        return tuple(n for n, m in self.matches.items() if m.overall.low <= 0)

    @property
    def holds(self) -> bool:
        """Whether the agent beats every exploiter."""
        return not self.failures

    def __str__(self) -> str:
        lines = []
        for name, m in self.matches.items():
            o = m.overall
            mark = "beaten" if o.low > 0 else "NOT beaten"
            lines.append(f"{m.candidate} vs {name}: {o.estimate:+.3f} chips per deal, "
                         f"{o.confidence:.0%} interval [{o.low:+.3f}, {o.high:+.3f}] "
                         f"({m.deals} deals x {m.players} seats, {m.variant}): {mark}")
        return "\n".join(lines)


class AgentExploitedError(PrimeroError, AssertionError):
    """An agent does not beat every exploiter in duplicate (the message lists them).

    Attributes:
        report: The :class:`HoldsUp` with every match.
    """

    def __init__(self, report: HoldsUp) -> None:
        failed = [f"{name} ({report.matches[name].overall.estimate:+.3f} chips per deal, "
                  f"interval [{report.matches[name].overall.low:+.3f}, "
                  f"{report.matches[name].overall.high:+.3f}])" for name in report.failures]
        super().__init__("the agent does not beat every exploiter in duplicate: "
                         + "; ".join(failed))
        self.report = report


def check_agent_holds_up(
    variant: str | Variant,
    agent: AgentSpec,
    *,
    players: int = 2,
    deals: int = 200,
    seed: int = 0,
    exploiters: Sequence[str] | Mapping[str, Callable[[], Agent]] | None = None,
    strict: bool = True,
    **match: Any,
) -> HoldsUp:
    """Play ``agent`` in duplicate against each exploiter; it must beat every one.

    Args:
        variant: A variant, a name, or ``"name:key=value,..."``.
        agent: The agent checked: a name for :func:`~primero.agents.make_agent` or an object
            with ``act(view, rng)`` (copied, never changed).
        players: Seats at the table (the exploiter fills every other seat).
        deals: Deals per exploiter (each played once per seat).
        seed: The seed of every match (the same seed, the same report).
        exploiters: Names of :data:`~primero.testing.exploiters.EXPLOITERS`, or a mapping of
            names to factories; default every exploiter.
        strict: Raise when the agent does not beat one (else only report it).
        **match: More arguments of :func:`~primero.analysis.duplicate.duplicate_match`
            (``chips``, ``stake``, ``rest``, ``ante``, ``raise_cap``, ``options``,
            ``confidence``, ``progress``).

    Returns:
        The :class:`HoldsUp` report: per exploiter, the agent's chips per deal with its
        interval.

    Raises:
        AgentExploitedError: (with ``strict``) an exploiter's interval is not wholly above
            zero; the message names each such exploiter and its figure.
        UnknownVariantError: ``variant`` names no installed variant (an agent's name given
            as the variant, the arguments swapped, says so).
        PrimeroError: an unknown exploiter name (names are read in any case, without the
            spaces around them), no exploiter
            at all, ``exploiters`` neither names nor a mapping, a factory that is not
            callable or that raises (named with the exploiter), a keyword
            ``duplicate_match`` does not take, or what ``duplicate_match`` raises (a bad
            variant, player count, table or agent; an agent that raises or plays an illegal
            action, named with its deal).
    """
    if isinstance(variant, str) and isinstance(agent, str):
        name = variant.split(":", 1)[0].strip()
        if name.lower() in AGENTS and name not in registry():
            raise UnknownVariantError(
                f"unknown variant {named(variant)}: that is an agent's name; the variant comes "
                f"first, check_agent_holds_up(variant, agent), e.g. "
                f"check_agent_holds_up({agent!r}, {variant!r})")
    unknown_args = sorted(set(match) - MATCH_ARGUMENTS)
    if unknown_args:
        raise PrimeroError(f"check_agent_holds_up takes no argument {named(unknown_args[0])}; "
                           f"more match arguments: {', '.join(sorted(MATCH_ARGUMENTS))}")
    if isinstance(exploiters, str):
        exploiters = [exploiters]  # one name, not its letters
    if exploiters is None:
        chosen: Mapping[str, Callable[[], Agent]] = EXPLOITERS
    elif isinstance(exploiters, Mapping):
        chosen = exploiters
        uncallable = [n for n, f in chosen.items() if not callable(f)]
        if uncallable:
            raise PrimeroError(f"exploiter {named(uncallable[0])} must be a factory that makes "
                               f"an agent (called with no arguments)")
    elif isinstance(exploiters, Iterable):
        by_key = {name.lower(): name for name in EXPLOITERS}  # names in any case
        names = list(exploiters)
        unknown = [n for n in names
                   if not isinstance(n, str) or n.strip().lower() not in by_key]
        if unknown:
            raise PrimeroError(f"unknown exploiter {named(unknown[0])}; known: "
                               f"{', '.join(EXPLOITERS)}")
        chosen = {by_key[n.strip().lower()]: EXPLOITERS[by_key[n.strip().lower()]]
                  for n in names}
    else:
        raise PrimeroError(f"exploiters is {typed_name(exploiters)}: give names of "
                           f"exploiters ({', '.join(EXPLOITERS)}) or a mapping of names to "
                           "factories")
    if not chosen:
        raise PrimeroError("give at least one exploiter: an agent checked against none would "
                           "hold up by default")
    matches = {name: duplicate_match(variant, agent, _made(name, factory), players=players,
                                     deals=deals, seed=seed, **match)
               for name, factory in chosen.items()}
    report = HoldsUp(matches)
    if strict and not report.holds:
        raise AgentExploitedError(report)
    return report


def _made(name: str, factory: Callable[[], Agent]) -> Agent:
    """The exploiter ``factory`` makes; its failure is named with the exploiter."""
    try:
        made = factory()
    except Exception as exc:
        raise PrimeroError(f"exploiter {named(name)}: its factory raised "
                           f"{type(exc).__name__}: {exception_text(exc, 200)}") from exc
    if not callable(getattr(made, "act", None)):
        raise PrimeroError(f"exploiter {named(name)}: its factory made {named(made)}, which is "
                           "not an agent (it has no act(view, rng) method)")
    return made

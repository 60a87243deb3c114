"""Playing a chunk of a run: plans, tasks, seeds and agents.

Module-level records and functions, so that process and Dask workers can unpickle them (a task
pickles as ``primero.simulation.play.Task``). Deal ``i`` of a run seeded ``s`` is shuffled
from :func:`derive_seed` ``(s, i)`` alone, and its agents draw from a generator derived the same
way, so a deal's outcome never depends on which worker played it.
"""

from __future__ import annotations

import contextlib
import copy
import random
from collections.abc import Callable, Iterator, Mapping, Sequence

from attrs import frozen

from primero.actions import Action
from primero.agents import AGENTS, Agent, Strength, make_agent, play_deal
from primero.agents.protocol import observe_or_fail
from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.errors import AgentFailedError, IllegalActionError, PrimeroError, named
from primero.session import Session
from primero.setup import DealSetup, Table
from primero.simulation.records import DealResult, deal_result
from primero.solve.player import EquilibriumAgent
from primero.solve.tree import NotSolvableError, TableParameters
from primero.variant import Variant
from primero.views import PlayerView

__all__ = ["AgentSpec", "derive_seed", "seat_names"]

#: An agent given by name (``"random"``, ``"heuristic"``, ``"odds"``) or as an object.
AgentSpec = str | Agent


def derive_seed(seed: int, index: int, purpose: str = "deal") -> int:
    """The 64-bit seed of item ``index`` of a run seeded with ``seed``.

    Depends on ``(seed, index, purpose)`` only — never on the worker, the chunk or the order in
    which items are played — which is what makes a run's results independent of the number of
    workers. Purposes used: ``"deal"`` (a deal's shuffle), ``"agents"`` (its agents' choices),
    ``"session"`` and ``"session-agents"``.
    """
    return random.Random(f"primero-simulation:{purpose}:{seed}:{index}").getrandbits(64)


def seat_names(players: int) -> tuple[str, ...]:
    """The player names used in simulations: ``P0``, ``P1``, ... (seat 0 first)."""
    return tuple(f"P{i}" for i in range(players))


def check_whole(name: str, value: object) -> None:
    """Refuse a count that is not a whole number (``True``, ``1.5``, ``"3"``; numpy ints pass).

    Raises:
        PrimeroError: naming ``name`` and the value.
    """
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise PrimeroError(f"{name} must be a whole number, got {named(value)}")


def table_stacks(variant: Variant, players: int, chips: int | Sequence[int]) \
        -> tuple[int, ...]:
    """A run's stacks, one per seat: ``chips`` for everyone, or one per seat.

    Raises:
        PrimeroError: ``players`` not a whole number within the variant's range, or
            ``chips`` neither a whole number nor a sequence of one per seat (text is neither);
            each stack is checked when the table is (``start_deal``).
    """
    check_whole("players", players)
    low, high = variant.spec.players
    if not low <= players <= high:
        raise PrimeroError(f"{variant.name} is played by "
                           f"{low if low == high else f'{low} to {high}'} players; got {players}")
    stacks: tuple[int, ...]
    if isinstance(chips, Sequence) and not isinstance(chips, (str, bytes)):
        stacks = tuple(chips)
    elif hasattr(type(chips), "__index__") and not isinstance(chips, (str, bytes)):
        stacks = (chips,) * players
    else:
        raise PrimeroError(f"chips must be a whole number or one per seat (a list or tuple), "
                           f"got {named(chips)}")
    if len(stacks) != players:
        raise PrimeroError(f"{players} players but {len(stacks)} chip "
                           f"count{'' if len(stacks) == 1 else 's'}: give one per seat, or one "
                           "number for all")
    return stacks


def check_options(options: object) -> None:
    """Refuse variant options that are not a mapping (``"supremus=false"`` is text).

    Raises:
        PrimeroError: ``options`` is neither ``None`` nor a mapping.
    """
    if options is not None and not isinstance(options, Mapping):
        raise PrimeroError(f"options must be a mapping of option names to values, e.g. "
                           f"{{'supremus': False}}, got {named(options)}")


@frozen(kw_only=True)
class Plan:
    """What a run plays: the variant, the table (a setup with no cards), seeds and agents.

    ``setup`` is the :class:`~primero.setup.DealSetup` of every deal of a ``"deals"``
    run (seat names ``P0``…, the last seat deals); deal ``i`` is that setup with the seed
    :func:`derive_seed` ``(seed, i)``. A session run seats the same players at the same table.
    """

    variant: Variant
    label: str
    setup: DealSetup
    seed: int
    agents: tuple[AgentSpec, ...]
    deals_per_session: int = 0

    @classmethod
    def of(cls, variant: Variant, label: str, *, players: int, chips: tuple[int, ...],
           stake: int, rest: int, ante: int, seed: int, agents: tuple[AgentSpec, ...],
           deals_per_session: int = 0, raise_cap: int | None = None) -> Plan:
        """The plan of a run at one table, seats named by :func:`seat_names`, the last dealing.

        Args:
            variant: The configured variant every deal plays.
            label: The run's name in its records (the variant's text, usually).
            players: Seats at the table.
            chips: Each seat's stack at the start (of every deal, or of every session), in
                seat order, in chips.
            stake: The smallest bet or raise, in chips.
            rest: The largest single bet or raise, in chips.
            ante: Each player's ante, in chips (0: none).
            seed: The run's seed (see :func:`derive_seed`).
            agents: One agent per seat, in seat order.
            deals_per_session: Deals in each session of a session run; 0 for a run of deals.
            raise_cap: House rule: the most vies plus raises in one betting round
                (docs/rules/waks.md); ``None`` for no cap.
        """
        table = Table(stake=stake, rest=rest, ante=ante, raise_cap=raise_cap)
        return cls(variant=variant, label=label, seed=seed, agents=agents,
                   deals_per_session=deals_per_session,
                   setup=DealSetup(players=seat_names(players), chips=chips,
                                   dealer=players - 1, table=table))

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.setup.players)


@frozen
class Task:
    """One chunk of a run, as sent to a worker: play items ``start`` to ``stop - 1``.

    Attributes:
        plan: What the run plays.
        mode: ``"deals"`` (items are deals) or ``"sessions"`` (items are sessions).
        start: The chunk's first item, counted from 0 in the run.
        stop: One past the chunk's last item.
    """

    plan: Plan
    mode: str
    start: int
    stop: int


def agent_key(spec: AgentSpec) -> AgentSpec:
    """An agent's name as :data:`~primero.agents.AGENTS` spells it; an agent object unchanged.

    Names read the same everywhere, as on the command line: in any case and without the
    spaces around them (``" Odds "`` is ``"odds"``). A name no agent has is returned as
    given, for :func:`~primero.agents.make_agent` to refuse.
    """
    if isinstance(spec, str):
        key = spec.strip().lower()
        if key in AGENTS:
            return key
    return spec


def agent_specs(agents: Sequence[AgentSpec] | AgentSpec, players: int) -> list[AgentSpec]:
    """One agent spec per seat, checked before anything is played.

    Args:
        agents: One spec for every seat, or a sequence of one spec per seat in seat order.
        players: Seats at the table.

    Returns:
        ``players`` specs, in seat order (a single spec repeated); names as
        :func:`agent_key` spells them (``"Odds"`` is ``"odds"``).

    Raises:
        PrimeroError: the sequence does not hold one spec per seat, or a spec is neither a
            name nor an :class:`~primero.agents.Agent`, or an agent object cannot be copied
            (the message names it).
        UnknownAgentError: a name is no known agent; the message lists the known ones.
    """
    if isinstance(agents, str) or not isinstance(agents, Sequence):
        specs: list[AgentSpec] = [agents] * players
    else:
        specs = list(agents)
    specs = [agent_key(spec) for spec in specs]
    if len(specs) != players:
        raise PrimeroError(f"{players} players but {len(specs)} "
                           f"agent{'' if len(specs) == 1 else 's'}: give one per seat (a list "
                           "in seat order), or one for all")
    for spec in specs:
        if isinstance(spec, str):
            make_agent(spec)  # raises ValueError naming the known agents
        else:
            check_agent(spec)
            copied_agent(spec)  # every seat and chunk plays a copy: refused now, not mid-run
    return specs


def check_agent(agent: object) -> None:
    """Refuse an object that cannot play a seat: it has no ``act(view, rng)``, or is a class.

    A class has its method ``act`` too (``RandomAgent`` passes ``isinstance(RandomAgent,
    Agent)``), but calling it lacks the ``self``: every deal's first turn failed with
    "act() missing 1 required positional argument".

    Raises:
        PrimeroError: naming the object, and for a class what to give instead.
    """
    if isinstance(agent, type):
        key = next((name for name, made in AGENTS.items() if made is agent), None)
        instead = f"{agent.__name__}()" + (f" or its name {key!r}" if key else "")
        raise PrimeroError(f"{agent.__name__} is an agent class, not an agent: give {instead}")
    if not isinstance(agent, Agent):
        raise PrimeroError(f"{named(agent)} is not an agent (it has no act(view, rng) method)")


def copied_agent(agent: Agent) -> Agent:
    """A deep copy of an agent object, as a run or a match seats it.

    Raises:
        PrimeroError: the agent cannot be copied (it holds a lock, a file, a generator...);
            the message names it and the reason, the copy's error is the cause.
    """
    try:
        return copy.deepcopy(agent)
    except Exception as error:
        raise PrimeroError(f"agent {named(agent_name(agent))} ({type(agent).__name__}) cannot be "
                           f"copied ({type(error).__name__}: {error!s:.100}): every seat plays "
                           "a copy of an agent object (copy.deepcopy), so it must copy; give "
                           "its name, or make it copyable") from error


def agent_name(spec: AgentSpec) -> str:
    """The name a run records for an agent: as :func:`agent_key` spells it, or its ``name``."""
    if isinstance(spec, str):
        return str(agent_key(spec))
    return str(getattr(spec, "name", type(spec).__name__))


def population_name(agents: Sequence[str]) -> str:
    """A population's name, e.g. ``"heuristic"`` or ``"heuristic/odds/odds"``.

    The agent's name when every seat had the same agent, else each seat's agent in seat order
    joined by ``/``.
    """
    return agents[0] if agents and len(set(agents)) == 1 else "/".join(agents)


class SeatAgent:
    """A run's agent at one seat: what it raises is named with its player and its name.

    Attributes:
        inner: The agent.
        player: The player it plays for (``P0``, ...).
        last: Shared by the run's agents: the player who was last asked to act.
        observe: Shows the inner agent the end of each deal (:meth:`seen_end`), or ``None``
            when it has no ``observe`` (:class:`~primero.agents.protocol.Observer`).
    """

    __slots__ = ("inner", "last", "observe", "player")

    observe: Callable[[PlayerView], None] | None

    def __init__(self, inner: Agent, player: str, last: list[str]) -> None:
        self.inner = inner
        self.player = player
        self.last = last
        self.observe = self.seen_end if getattr(inner, "observe", None) is not None else None

    def seen_end(self, view: PlayerView) -> None:
        """Show the inner agent the end of a deal (its ``observe``).

        Raises:
            AgentFailedError: the inner agent raised something other than a
                :class:`~primero.errors.PrimeroError` (its exception is the cause).
        """
        observe_or_fail(self.inner, view, f"{self.player}'s agent ({agent_name(self.inner)})")

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """The inner agent's action.

        Raises:
            AgentFailedError: the inner agent raised something other than a
                :class:`~primero.errors.PrimeroError` (its exception is the cause).
        """
        self.last[0] = self.player
        try:
            return self.inner.act(view, rng)
        except PrimeroError:
            raise
        except Exception as error:
            raise AgentFailedError(f"{self.player}'s agent ({agent_name(self.inner)}) raised "
                                   f"{type(error).__name__}: {error!s:.200}") from error


def _make_agents(specs: Sequence[AgentSpec]) -> list[SeatAgent]:
    # A fresh agent per seat and per chunk, whichever executor runs it: an agent that learns
    # (the odds player's reading of its opponents) learns from one seat's view only.
    last = [""]
    names = seat_names(len(specs))
    return [SeatAgent(make_agent(spec) if isinstance(spec, str) else copied_agent(spec),
                      name, last)
            for spec, name in zip(specs, names, strict=True)]


def _play(state: GameState, agents: Sequence[SeatAgent], rng: random.Random,
          deal: int) -> GameState:
    """``play_deal``, an agent's illegal action or failure named with the deal and the player.

    Raises:
        IllegalActionError: an agent played an illegal action: ``deal N: P1's agent (name)
            played an illegal action: ...``.
        AgentFailedError: an agent's ``act`` raised: ``deal N: P1's agent (name) raised ...``
            (its exception the cause).
    """
    last = agents[0].last
    last[0] = ""
    try:
        return play_deal(state, agents, rng)
    except IllegalActionError as error:
        who = next((a for a in agents if a.player == last[0]), None)
        named_by = f"{who.player}'s agent ({agent_name(who.inner)})" if who else "an agent"
        raise IllegalActionError(f"deal {deal}: {named_by} played an illegal action: {error}",
                                 reason=error.reason, legal=error.legal) from error
    except AgentFailedError as error:
        raise AgentFailedError(f"deal {deal}: {error}") from error.__cause__


def play_deals(plan: Plan, start: int, stop: int) \
        -> Iterator[tuple[int, int, int, tuple[int, ...], GameState]]:
    """Yield ``(deal, session, session_deal, seats, final state)`` for deals start..stop-1."""
    agents = _make_agents(plan.agents)
    seats = tuple(range(plan.players))
    setup = plan.setup
    for index in range(start, stop):
        state = start_deal(plan.variant, replace(setup, seed=derive_seed(plan.seed, index)))
        rng = random.Random(derive_seed(plan.seed, index, "agents"))
        yield index, index, 0, seats, _play(state, agents, rng, index)


def play_sessions(plan: Plan, start: int, stop: int) \
        -> Iterator[tuple[int, int, int, tuple[int, ...], GameState]]:
    """Yield ``(deal, session, session_deal, seats, final state)`` for sessions start..stop-1."""
    setup = plan.setup
    names, table = setup.players, setup.table
    agents = _make_agents(plan.agents)
    for number in range(start, stop):
        session = Session.new(
            plan.variant, names, setup.chips, stake=table.stake, rest=table.rest,
            ante=table.ante, seed=derive_seed(plan.seed, number, "session"),
            raise_cap=table.raise_cap,
        )
        rng = random.Random(derive_seed(plan.seed, number, "session-agents"))
        for k in range(plan.deals_per_session):
            if session.finished:
                break
            state = session.start_deal()
            seats = tuple(names.index(p) for p in state.players)
            deal = number * plan.deals_per_session + k
            final = _play(state, [agents[s] for s in seats], rng, deal)
            yield deal, number, k, seats, final
            session = session.after(final)


def run_task(task: Task) -> list[DealResult]:
    """Play one chunk and return its records (runs in whichever worker gets the chunk)."""
    plan = task.plan
    play = play_deals if task.mode == "deals" else play_sessions
    return [
        deal_result(state, variant=plan.label, deal=deal, session=session, session_deal=k,
                    seats=seats, table_size=plan.players)
        for deal, session, k, seats, state in play(plan, task.start, task.stop)
    ]


def warm_up(variant: Variant, agents: Sequence[AgentSpec], setup: DealSetup | None = None,
            *, progress: bool | None = None) -> None:
    """Build the ranking table (and the heuristic's strength table) before workers fork.

    With the run's ``setup``, an equilibrium player's table is solved here too (or its
    strategy read), once, with its own progress bar (``progress``: as a run's); a table the
    solver refuses is left to the first decision, which raises as it always does.
    """
    ranking = variant.ranking
    _ = ranking.hand_table
    if any(agent_name(a) == "heuristic" for a in agents):
        Strength.of(ranking)
    if setup is not None:
        prepare_equilibrium(variant, agents, setup, progress=progress)


def prepare_equilibrium(variant: Variant, agents: Sequence[AgentSpec], setup: DealSetup, *,
                        progress: bool | None = None) -> None:
    """Solve the table of every equilibrium player among ``agents`` before any deal.

    The strategies are kept in memory (:func:`primero.solve.cache.cached_strategy`), so the
    players made later (one per seat, per chunk or per forked worker) find them there.

    Args:
        variant: The configured variant.
        agents: The run's agents, by name or as objects.
        setup: The table every deal starts from (chips, stake, rest, ante, raise cap).
        progress: Show the solve's progress bar; ``None``: as an equilibrium player given
            as an object asks, else when standard error is a terminal.
    """
    chips = set(setup.chips)
    if len(setup.chips) != 2 or len(chips) != 1:
        return  # refused at the first decision, with the player's reason
    t = setup.table
    table = TableParameters(chips=chips.pop(), stake=t.stake, rest=t.rest, ante=t.ante,
                            raise_cap=t.raise_cap)
    done: set[tuple[float, int]] = set()
    for spec in agents:
        if isinstance(spec, EquilibriumAgent):
            player = spec
        elif isinstance(spec, str) and agent_name(spec) == "equilibrium":
            player = EquilibriumAgent()
        else:
            continue
        limits = (player.target, player.iterations)
        if limits in done:
            continue
        done.add(limits)
        # a fresh player: the run's own are copied per seat, and copy what they hold
        with contextlib.suppress(NotSolvableError):
            EquilibriumAgent(target=player.target, iterations=player.iterations,
                             progress=player.progress if progress is None else progress,
                             ).prepare(variant, table)


"""The run API: :func:`simulate`, :func:`simulate_sessions`, :func:`compare` and their results.

A :class:`Simulation` is a finished run (its parameters and one record per deal); a
:class:`Comparison` is several runs on the same seeds.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

from attrs import field, frozen

from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.errors import PrimeroError, named
from primero.json_schema import FORMAT
from primero.plugins.registry import resolve_variant
from primero.session import has_ante_step
from primero.setup import check_seed
from primero.simulation.executor import (
    MAX_DEALS,
    Chunks,
    check_jobs,
    chunk_size,
    execute_chunks,
    job_count,
    show_progress,
)
from primero.simulation.play import (
    AgentSpec,
    Plan,
    agent_name,
    agent_specs,
    check_options,
    check_whole,
    play_deals,
    play_sessions,
    population_name,
    seat_names,
    table_stacks,
    warm_up,
)
from primero.simulation.records import DealResult, Summary
from primero.variant import Variant

__all__ = ["Comparison", "Simulation", "compare", "simulate", "simulate_sessions"]


@frozen(kw_only=True)
class Simulation:
    """A finished run: its parameters and one :class:`DealResult` per deal, in deal order.

    Attributes:
        variant: The configured variant.
        label: The variant label used in the records.
        mode: ``"deals"`` (independent deals) or ``"sessions"``.
        players: Seats at the table.
        seed: The run's seed.
        agents: Each seat's agent name.
        chips: Each seat's starting chips.
        stake: The smallest bet, in chips.
        rest: The largest single bet or raise, in chips.
        ante: Each player's ante per deal, in chips.
        deals_per_session: Deals per session (sessions only; 0 for independent deals).
        results: The records, in deal order.
        raise_cap: The house rule ``raise_cap`` of every deal (docs/rules/waks.md), or ``None``.
    """

    variant: Variant = field(repr=False, eq=False)
    label: str
    mode: str
    players: int
    seed: int
    agents: tuple[str, ...]
    chips: tuple[int, ...]
    stake: int
    rest: int
    ante: int
    deals_per_session: int
    results: tuple[DealResult, ...] = field(repr=False)
    raise_cap: int | None = None

    def __len__(self) -> int:
        return len(self.results)

    @property
    def pays_ante(self) -> bool:
        """Whether the variant's deal has an ante step (``ante`` is then paid by everyone)."""
        return has_ante_step(self.variant)

    @property
    def population(self) -> str:
        """Who played, as every table names it (see :func:`population_name`)."""
        return population_name(self.agents)

    def summary(self) -> Summary:
        """The run's :class:`Summary` (every figure with its 95 % interval)."""
        return Summary.of(self.results, variant=self.label, players=self.players,
                          classes=self.variant.ranking.strongest_first,
                          agents=self.population, by_session=self.mode == "sessions")

    def _repr_html_(self) -> str:
        return self.summary().to_html(eldest=self.mode == "deals")

    def rows(self) -> list[dict[str, Any]]:
        """One plain dict per deal (see :meth:`DealResult.as_dict`)."""
        return [r.as_dict() for r in self.results]

    def state(self, deal: int, agents: Sequence[AgentSpec] | AgentSpec | None = None) \
            -> GameState:
        """Play deal ``deal`` of this run again and return its finished state.

        The state can be saved as a deal record (:func:`primero.records.save_record`) or
        inspected. ``agents`` defaults to the run's agents by name; give the agent objects if
        the run used custom ones.

        Raises:
            KeyError: the run has no deal with that index.
        """
        if not any(r.deal == deal for r in self.results):
            raise KeyError(f"this run has no deal {deal}")
        specs = tuple(agent_specs(agents if agents is not None else self.agents,
                                   self.players))
        plan = self._plan(specs)
        if self.mode == "deals":
            for _, _, _, _, state in play_deals(plan, deal, deal + 1):
                return state
        session, number = divmod(deal, self.deals_per_session)
        for _, _, k, _, state in play_sessions(plan, session, session + 1):
            if k == number:
                return state
        raise AssertionError("unreachable")  # pragma: no cover

    def _plan(self, agents: tuple[AgentSpec, ...]) -> Plan:
        return Plan.of(self.variant, self.label, players=self.players, chips=self.chips,
                        stake=self.stake, rest=self.rest, ante=self.ante, seed=self.seed,
                        agents=agents, deals_per_session=self.deals_per_session,
                        raise_cap=self.raise_cap)


@frozen(kw_only=True)
class Comparison:
    """Several runs on the same seeds: every variant under every agent population.

    Deal ``i`` of every run is shuffled from the same seed, so figures can be compared deal by
    deal (paired: :func:`primero.analysis.paired_differences`).

    Attributes:
        simulations: The runs, population by population (in the order asked), and within a
            population variant by variant (in the order asked).
    """

    simulations: tuple[Simulation, ...]

    @property
    def labels(self) -> list[str]:
        """The variant labels, in the order asked (once each)."""
        return list(dict.fromkeys(s.label for s in self.simulations))

    @property
    def populations(self) -> list[str]:
        """The agent populations' names (:attr:`Simulation.population`), in the order asked."""
        return list(dict.fromkeys(s.population for s in self.simulations))

    def run(self, label: str, population: str | None = None) -> Simulation:
        """The run of variant ``label`` under ``population`` (default: the first).

        Raises:
            KeyError: no such run; the message lists the variants and populations.
        """
        population = self.populations[0] if population is None else population
        for sim in self.simulations:
            if sim.label == label and sim.population == population:
                return sim
        raise KeyError(f"no run of {named(label)} with {named(population)} agents; variants: "
                       f"{', '.join(self.labels)}; populations: {', '.join(self.populations)}")

    def summaries(self) -> list[Summary]:
        """Each run's :class:`Summary`, in the order of :attr:`simulations`."""
        return [s.summary() for s in self.simulations]

    def to_json(self) -> dict[str, Any]:
        """The ``primero compare --json`` object (without differences; the command adds them).

        Keys: ``format`` (:data:`primero.json_schema.FORMAT`), the run parameters (``deals``,
        ``seed``, ``players``, ``populations``: the agent populations' names) and, under
        ``variants``, one ``primero simulate --json`` object per run without its ``format``
        (its ``agents`` key names the population).
        """
        first = self.simulations[0] if self.simulations else None
        return {
            "format": FORMAT,
            "deals": len(first) if first else 0,
            "seed": first.seed if first else 0,
            "players": first.players if first else 0,
            "populations": self.populations,
            "variants": [{k: v for k, v in s.to_json().items() if k != "format"}
                         for s in self.summaries()],
        }

    def _repr_html_(self) -> str:
        n = len(self.simulations[0]) if self.simulations else 0
        parts = [f"<p>{n} deal{'' if n == 1 else 's'} per run on the same seeds; agents: "
                 f"{html.escape(', '.join(self.populations))}.</p>"]
        parts += [s.summary().to_html(eldest=s.mode == "deals") for s in self.simulations]
        return "".join(parts)


def _check_run(variant: Variant, players: int, chips: int | Sequence[int], jobs: int,
               progress: bool | None = None) -> tuple[int, ...]:
    """The run's stacks, once players, chips (:func:`table_stacks`), jobs and progress pass."""
    stacks = table_stacks(variant, players, chips)
    check_whole("jobs", jobs)
    check_jobs(jobs, local=False)  # the bound, in _run: an executor of the caller's ignores it
    if progress is not None and not isinstance(progress, bool):
        raise PrimeroError(f"progress must be True, False or None, got {named(progress)}")
    return stacks


def _check_table(variant: Variant, stacks: tuple[int, ...], stake: int, rest: int,
                 ante: int | None, raise_cap: int | None = None) -> None:
    """Set one deal up to check the table before any work is sent out (nothing is played)."""
    start_deal(variant, seat_names(len(stacks)), stacks, stake=stake, rest=rest, ante=ante,
               seed=0, raise_cap=raise_cap)


def _check_size(what: str, deals: int) -> None:
    """Refuse a run of more than :data:`MAX_DEALS` deals, before anything is played."""
    if deals > MAX_DEALS:
        shown = f"{deals:,}" if deals < 10 ** 30 else f"a {len(str(deals))}-digit number"
        raise PrimeroError(f"{what}: at most {MAX_DEALS:,} deals in one run (every deal's "
                           f"record is kept), got {shown}; split the study into runs with "
                           "different seeds")


def _run(tasks: Chunks, *, jobs: int, executor: Executor | None, progress: bool | None,
         description: str) -> Simulation:
    """Play a checked run's chunks and gather the :class:`Simulation` (records in deal order).

    The progress bar counts deals (a session chunk weighs its sessions times deals per one).
    """
    check_jobs(jobs, local=executor is None)  # before a deal is played (warm_up plays none)
    plan = tasks.plan
    table = plan.setup.table
    per_item = plan.deals_per_session or 1  # a "deals" run's items are deals
    warm_up(plan.variant, plan.agents, plan.setup, progress=progress)
    parts = execute_chunks(tasks, jobs=job_count(jobs), executor=executor,
                           progress=show_progress(progress, tasks.items * per_item),
                           description=description, weight=lambda t: (t.stop - t.start) * per_item)
    return Simulation(
        variant=plan.variant, label=plan.label, mode=tasks.mode, players=plan.players,
        seed=plan.seed, agents=tuple(agent_name(a) for a in plan.agents),
        chips=plan.setup.chips, stake=table.stake, rest=table.rest, ante=table.ante,
        deals_per_session=plan.deals_per_session,
        results=tuple(r for part in parts for r in part), raise_cap=table.raise_cap,
    )


def simulate(
    variant: str | Variant = "waks",
    *,
    players: int = 4,
    deals: int = 1000,
    seed: int = 0,
    agents: Sequence[AgentSpec] | AgentSpec = "heuristic",
    chips: int | Sequence[int] = 50,
    stake: int = 1,
    rest: int = 3,
    ante: int | None = None,
    raise_cap: int | None = None,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    progress: bool | None = None,
    engine: str = "engine",
) -> Simulation:
    """Play ``deals`` independent deals with computer players; one record per deal.

    Every deal starts from the same table: each player with ``chips``, the last seat deals (so
    seat 0 is the eldest), no carry-in. Deal ``i`` is shuffled from ``derive_seed(seed, i)``.

    Args:
        variant: A variant, a name, or ``"name:key=value,..."`` (see :func:`resolve_variant`).
        players: Seats at the table.
        deals: How many deals.
        seed: The run's seed; the same seed gives the same records.
        agents: One agent for every seat (``"random"``, ``"heuristic"``, ``"odds"`` or an
            object with ``act(view, rng)``) or one per seat.
        chips: Each player's chips at the start of every deal (one number or one per seat).
        stake: The smallest bet, in chips.
        rest: The largest single bet or raise, in chips.
        ante: Each player's ante per deal, in chips; default the variant's own
            (``variant.spec.ante``, 0 for the Waks family). A variant whose deal has no
            ante step (:func:`has_ante_step`) refuses any other ante than 0.
        raise_cap: House rule (docs/rules/waks.md): the most vies and raises a round; None: none.
        options: Variant options (with a variant name).
        jobs: Worker processes (1: here; 0: one per core), at most 4 per core (``max_jobs()``).
        executor: Any :class:`concurrent.futures.Executor` to play the chunks on (e.g. a Dask
            ``client.get_executor()``; ``jobs`` is then ignored); the caller keeps it open.
        progress: Show a progress bar; default: for runs of 100+ deals on a terminal.
        engine: ``"engine"`` (one state at a time) or ``"batch"``: the batched engine
            (docs/batch.md) with batched agents (``"random"``, ``"strength"``), for the
            variants it plays; the cards are the same, ``jobs``, ``executor`` and ``progress``
            are not used.

    Returns:
        The :class:`Simulation` (records in deal order).

    Raises:
        UnknownVariantError: no such variant.
        InvalidOptionError: a bad option.
        PrimeroError: a bad number of players, chips or agents, a bad table (an ante where
            the variant has none), ``deals`` not a whole number from 0 to ``MAX_DEALS``
            (1,000,000), ``jobs`` below 0 or (with no ``executor``) above ``max_jobs()``,
            ``seed`` not a whole number from 0 (``-5``, ``1.5``, ``True``, ``"1"``),
            ``options`` not a mapping, or ``progress`` not a ``bool`` or ``None``.
        ValueError: an unknown agent name.
        IllegalActionError, AgentFailedError: an agent played an illegal action or its
            ``act`` raised, named with the deal and its player (``deal 3: P1's agent (…)``).
    """
    check_options(options)
    configured = resolve_variant(variant, options)
    stacks = _check_run(configured, players, chips, jobs, progress)
    ante = configured.spec.ante if ante is None else ante
    check_whole("deals", deals)
    if deals < 0:
        raise PrimeroError(f"deals must not be negative, got {deals}")
    _check_size("deals", deals)
    seed = check_seed(seed)  # a whole number from 0, as --seed takes it
    if engine == "batch":
        from primero.batch.play import batch_agents, batch_results  # (numpy on demand)
        players_agents = batch_agents(agents, players)
        _check_table(configured, stacks, stake, rest, ante, raise_cap)
        return Simulation(
            variant=configured, label=str(configured), mode="deals", players=players,
            seed=seed, agents=tuple(a.name for a in players_agents), chips=stacks,
            stake=stake, rest=rest, ante=ante, deals_per_session=0, raise_cap=raise_cap,
            results=batch_results(configured, str(configured), players=players, deals=deals,
                                  seed=seed, agents=players_agents, chips=stacks, stake=stake,
                                  rest=rest, ante=ante, raise_cap=raise_cap))
    if engine != "engine":
        raise PrimeroError(f"engine must be 'engine' or 'batch', got {named(engine)}")
    specs = tuple(agent_specs(agents, players))
    _check_table(configured, stacks, stake, rest, ante, raise_cap)
    plan = Plan.of(configured, str(configured), players=players, chips=stacks, stake=stake,
                    rest=rest, ante=ante, seed=seed, agents=specs, raise_cap=raise_cap)
    tasks = Chunks(plan, "deals", deals, chunk_size(deals))
    return _run(tasks, jobs=jobs, executor=executor, progress=progress,
                description=f"Simulating {configured}")


def simulate_sessions(
    variant: str | Variant = "waks",
    *,
    sessions: int = 100,
    deals_per_session: int = 20,
    players: int = 4,
    seed: int = 0,
    agents: Sequence[AgentSpec] | AgentSpec = "heuristic",
    chips: int | Sequence[int] = 50,
    stake: int = 1,
    rest: int = 3,
    ante: int | None = None,
    raise_cap: int | None = None,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    progress: bool | None = None,
) -> Simulation:
    """Play ``sessions`` sessions of up to ``deals_per_session`` deals; one record per deal.

    Each session draws for the first dealer, passes the deal on, carries unwon pots over and
    drops players with no chips (a session that falls below the variant's fewest players ends
    early, so a run may hold fewer than ``sessions * deals_per_session`` deals). Session ``k``
    is seeded from ``derive_seed(seed, k, "session")``. Arguments as in :func:`simulate`.

    Raises:
        UnknownVariantError: no such variant.
        InvalidOptionError: a bad option.
        PrimeroError: bad players, chips, agents, sessions or deals per session, or more
            than :data:`~primero.simulation.executor.MAX_DEALS` deals in all (sessions times
            deals per session), ``seed`` not a whole number from 0, ``options`` not a mapping
            or ``progress`` not a ``bool`` or ``None``.
        ValueError: an unknown agent name; and as :func:`simulate` for a failing agent.
    """
    check_options(options)
    configured = resolve_variant(variant, options)
    stacks = _check_run(configured, players, chips, jobs, progress)
    ante = configured.spec.ante if ante is None else ante
    check_whole("sessions", sessions)
    check_whole("deals_per_session", deals_per_session)
    if sessions < 0 or deals_per_session < 1:
        raise PrimeroError(
            f"need sessions >= 0 and deals_per_session >= 1, got {sessions} and "
            f"{deals_per_session}"
        )
    _check_size("sessions * deals_per_session", sessions * deals_per_session)
    seed = check_seed(seed)  # a whole number from 0, as --seed takes it
    specs = tuple(agent_specs(agents, players))
    _check_table(configured, stacks, stake, rest, ante, raise_cap)
    plan = Plan.of(configured, str(configured), players=players, chips=stacks, stake=stake,
                    rest=rest, ante=ante, seed=seed, agents=specs,
                    deals_per_session=deals_per_session, raise_cap=raise_cap)
    size = max(1, chunk_size(sessions * deals_per_session) // deals_per_session)
    tasks = Chunks(plan, "sessions", sessions, size)
    return _run(tasks, jobs=jobs, executor=executor, progress=progress,
                description=f"Simulating {configured} sessions")


def compare(
    variants: Sequence[str | Variant],
    *,
    players: int = 4,
    deals: int = 1000,
    seed: int = 0,
    agents: Sequence[AgentSpec | Sequence[AgentSpec]] | AgentSpec = "heuristic",
    chips: int | Sequence[int] = 50,
    stake: int = 1,
    rest: int = 3,
    ante: int | None = None,
    raise_cap: int | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    progress: bool | None = None,
) -> Comparison:
    """Simulate every variant under every agent population on the same seeds.

    Deal ``i`` of each run is shuffled from the same seed, whatever the variant or the agents,
    so two runs can be compared deal by deal; a figure that moves with the population rather
    than with the variant is the bots', not the rules' (:func:`primero.analysis.verdicts`).

    Args:
        variants: Variants, names, or ``"name:key=value,..."`` option sets, e.g.
            ``["waks", "waks:supremus=false", "suzuki"]``; each label must be distinct.
        players: Seats at the table (every variant must allow it).
        deals: Deals per variant and population.
        seed: The seed shared by every run.
        agents: One population (``"heuristic"``: every seat) or a list of populations, e.g.
            ``["random", "heuristic", "odds"]``; a population with different agents per seat
            is a tuple inside the list, ``[("heuristic", "odds", "odds", "odds")]``. Each
            population plays every variant.
        chips: As in :func:`simulate`.
        stake: As in :func:`simulate`.
        rest: As in :func:`simulate`.
        ante: As in :func:`simulate`.
        raise_cap: As in :func:`simulate`.
        jobs: As in :func:`simulate`.
        executor: As in :func:`simulate`.
        progress: As in :func:`simulate`.

    Raises:
        PrimeroError: no variants (or one text instead of a list), the same variant or
            agent population twice, or a bad run parameter (e.g. ``ante`` for a variant that
            has none), found before any deal is played.
    """
    if isinstance(variants, str):
        raise PrimeroError(f"variants is one text {named(variants)}: give a list of variants, "
                           f"e.g. [{named(variants)}, 'losing']")
    configured = [resolve_variant(v) for v in variants]
    if not configured:
        raise PrimeroError("give at least one variant to compare")
    check_seed(seed)  # from 0, as --seed takes it
    labels = [str(v) for v in configured]
    twice = next((label for label in labels if labels.count(label) > 1), None)
    if twice is not None:
        raise PrimeroError(f"variant {twice!r} is listed twice")
    for v in configured:  # every run's table is checked before the first deal is played
        _check_table(v, _check_run(v, players, chips, jobs, progress), stake, rest, ante,
                     raise_cap)
    populations = population_specs(agents, players)
    return Comparison(simulations=tuple(
        simulate(v, players=players, deals=deals, seed=seed, agents=population, chips=chips,
                 stake=stake, rest=rest, ante=ante, raise_cap=raise_cap, jobs=jobs,
                 executor=executor, progress=progress)
        for population in populations for v in configured
    ))


def population_specs(agents: Sequence[AgentSpec | Sequence[AgentSpec]] | AgentSpec,
                     players: int) -> list[list[AgentSpec]]:
    """The populations :func:`compare` plays, each one agent spec per seat, checked.

    Raises:
        PrimeroError: no population, a population that does not hold one agent per seat or
            an agent that is no agent, or the same population twice.
        UnknownAgentError: an unknown agent name.
    """
    listed = [agents] if isinstance(agents, str) or not isinstance(agents, Sequence) \
        else list(agents)
    if not listed:
        raise PrimeroError("give at least one agent population")
    populations = [agent_specs(p, players) for p in listed]
    names = [population_name([agent_name(a) for a in p]) for p in populations]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice is not None:
        raise PrimeroError(f"agent population {twice!r} is listed twice")
    return populations

"""Simulate many deals or sessions with computer players: one result record per deal.

Pure Python (no pandas): :mod:`primero.analysis` turns the records into DataFrames and plots,
and ``primero simulate`` prints their summary on a base install.

* :func:`simulate` plays independent deals: every deal starts from the same table (each player
  with ``chips``; the last seat deals, so **seat 0 is always the eldest** and a seat's win share
  is the worth of its position) and nothing carries into the next deal.
* :func:`simulate_sessions` plays sessions: the first dealer is drawn for, the deal passes on,
  a pot not won carries over, players with no chips leave (RULES.md §5 "Session"); seats are
  the players' places at the start of the session.
* :func:`compare` simulates several variants (or one variant under several option sets) on the
  same seeds.

**Reproducible whatever the number of workers.** Deal ``i`` of a run with seed ``s`` is shuffled
from a seed derived from ``(s, i)`` alone (:func:`derive_seed`), and its agents draw from a
generator derived the same way, so a deal's outcome never depends on which worker played it or
in what order. The work is cut into chunks whose size depends only on the number of deals;
``jobs=1`` plays them in this process, ``jobs > 1`` in a local
:class:`~concurrent.futures.ProcessPoolExecutor`, and ``executor=`` takes any
:class:`concurrent.futures.Executor` — e.g. a Dask cluster's ``client.get_executor()``::

    from dask.distributed import Client
    client = Client("tcp://scheduler:8786")          # or Client(LocalCluster(...))
    sim = simulate("waks", deals=100_000, executor=client.get_executor())

The results are the same records in the same order in every case. Agents must be picklable
(the built-in ones are) and should keep no state between deals; a fresh copy plays each chunk.

A rich progress bar is shown on standard error for long runs when it is a terminal (or when
``progress=True``).
"""

from __future__ import annotations

import copy
import math
import os
import random
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any

from attrs import field, frozen

from primero.agents import Agent, Strength, make_agent, play_deal
from primero.engine import start_deal
from primero.errors import InvalidOptionError, PrimeroError
from primero.hands import Ranking
from primero.options import parse_option_value
from primero.plugins import get_variant
from primero.session import Session
from primero.state import GameState
from primero.variant import Variant

__all__ = [
    "AgentSpec",
    "Comparison",
    "DealResult",
    "Simulation",
    "Summary",
    "compare",
    "derive_seed",
    "has_ante_step",
    "resolve_variant",
    "seat_names",
    "simulate",
    "simulate_sessions",
    "strongest_first",
]

#: An agent given by name (``"random"``, ``"heuristic"``) or as an object.
AgentSpec = str | Agent

#: Runs of at least this many deals show a progress bar (when standard error is a terminal).
PROGRESS_THRESHOLD = 100


# --------------------------------------------------------------------------------------------
# Seeds, names, variants


def derive_seed(seed: int, index: int, purpose: str = "deal") -> int:
    """The 64-bit seed of item ``index`` of a run seeded with ``seed``.

    Depends on ``(seed, index, purpose)`` only — never on the worker, the chunk or the order in
    which items are played — which is what makes a run's results independent of the number of
    workers. Purposes used: ``"deal"`` (a deal's shuffle), ``"agents"`` (its agents' choices),
    ``"session"`` and ``"session-agents"``.
    """
    return random.Random(f"primero-simulation:{purpose}:{seed}:{index}").getrandbits(64)


def strongest_first(ranking: Ranking) -> tuple[str, ...]:
    """The ranking's classes, strongest first by the ranking's own order.

    The ranking states it (:attr:`primero.hands.Ranking.strongest_first`): classes are ordered
    by their weakest hand's strength, so an inverted ranking (``losing``) lists Numerus first
    and Zorli's high Primero does not lift Primero above Fluxus.
    """
    return ranking.strongest_first


def seat_names(players: int) -> tuple[str, ...]:
    """The player names used in simulations: ``P0``, ``P1``, ... (seat 0 first)."""
    return tuple(f"P{i}" for i in range(players))


def resolve_variant(variant: str | Variant, options: Mapping[str, Any] | None = None) -> Variant:
    """A configured variant from a variant, a name, or ``"name:key=value,key=value"``.

    Args:
        variant: A :class:`~primero.variant.Variant`, a registered name or alias, or a name
            with options after a colon, e.g. ``"waks:supremus=false,tie=split"`` (a ``-`` in a
            key reads as ``_``; values are read as on the command line).
        options: More options (they win over those in the text).

    Raises:
        UnknownVariantError: no such variant.
        InvalidOptionError: a malformed, unknown or badly valued option.
    """
    if isinstance(variant, Variant):
        return variant.with_options(**options) if options else variant
    name, _, text = variant.partition(":")
    given: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, sep, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise InvalidOptionError(
                f"bad option {item!r} in {variant!r}: expected name:key=value,key=value"
            )
        given[key] = parse_option_value(value)
    given.update(options or {})
    return get_variant(name.strip(), **given)


# --------------------------------------------------------------------------------------------
# Records


@frozen(kw_only=True)
class DealResult:
    """The outcome of one simulated deal.

    Seats are numbered in playing order at the start of the run (in a session: the players'
    places when the session began, even after someone has left).

    Attributes:
        variant: The variant and its non-default options, e.g. ``"waks (supremus=false)"``.
        deal: The deal's index in the run (in sessions: ``session * deals_per_session +
            session_deal``).
        session: The session's index (independent deals: equal to ``deal``).
        session_deal: The deal's number within its session, from 0 (independent deals: 0).
        seed: The deal's shuffle seed (``start_deal(seed=...)``).
        players: Players at the table for this deal.
        dealer: The dealer's seat.
        eldest: The eldest's seat.
        pot: Chips contested: everything put in plus the carry-in, less chips returned
            unmatched (so: chips awarded plus chips carried over), in chips.
        carry_in: Chips carried into this deal from the one before.
        showdown: Hands were shown.
        ended_by: How the deal ended (``"showdown"``, ``"folds"``, ``"carry"``, or a variant's
            own reason such as ``"cancel"``).
        winners: Seats that took chips from the pot, in seat order (several with split ties
            or side pots; empty when the whole pot carried over).
        winner_positions: Each winner's place in playing order from the eldest (0 = eldest).
        winning_class: Class of the best hand that took chips at a showdown, else ``None``.
        winning_points: Its points, else ``None``.
        carry: Chips carried over to the next deal.
        net: Each seat's chips after the deal less before it (0 for a seat that has left).
        actions: Decisions taken during the deal.
    """

    variant: str
    deal: int
    session: int
    session_deal: int
    seed: int
    players: int
    dealer: int
    eldest: int
    pot: int
    carry_in: int
    showdown: bool
    ended_by: str
    winners: tuple[int, ...]
    winner_positions: tuple[int, ...]
    winning_class: str | None
    winning_points: int | None
    carry: int
    net: tuple[int, ...]
    actions: int

    @property
    def carried_over(self) -> bool:
        """Some chips were left on the table for the next deal."""
        return self.carry > 0

    def as_dict(self) -> dict[str, Any]:
        """The record as a plain dict (tuples kept), e.g. for JSON or a DataFrame row."""
        return {
            "variant": self.variant, "deal": self.deal, "session": self.session,
            "session_deal": self.session_deal, "seed": self.seed, "players": self.players,
            "dealer": self.dealer, "eldest": self.eldest, "pot": self.pot,
            "carry_in": self.carry_in, "showdown": self.showdown, "ended_by": self.ended_by,
            "winners": self.winners, "winner_positions": self.winner_positions,
            "winning_class": self.winning_class, "winning_points": self.winning_points,
            "carry": self.carry, "net": self.net, "actions": self.actions,
        }


def deal_result(state: GameState, *, variant: str, deal: int, session: int, session_deal: int,
                seats: Sequence[int], table_size: int) -> DealResult:
    """Make the record of a finished deal.

    Args:
        state: The finished deal (``state.over``).
        variant: The variant label to record.
        deal: The deal's index in the run.
        session: The session's index.
        session_deal: The deal's number within its session.
        seats: The run's seat number of each of the deal's seats.
        table_size: Seats at the start of the run (the length of ``net``).

    Raises:
        PrimeroError: the deal is not over.
    """
    settlement = state.settlement
    if not state.over or settlement is None:
        raise PrimeroError("the deal is not over: only finished deals make a record")
    net = [0] * table_size
    for i, (before, after) in enumerate(zip(state.setup.chips, state.stacks, strict=True)):
        net[seats[i]] = after - before
    awards = [a for a in settlement.awards if a.amount > 0]
    values = [a.value for a in awards if a.value is not None]
    best = max(values, key=lambda v: v.key) if values else None
    return DealResult(
        variant=variant, deal=deal, session=session, session_deal=session_deal,
        seed=state.setup.seed, players=state.n, dealer=seats[state.dealer],
        eldest=seats[state.eldest],
        pot=sum(a.amount for a in awards) + settlement.carry,
        carry_in=state.carry_in, showdown=settlement.showdown, ended_by=state.ended_by,
        winners=tuple(seats[a.seat] for a in awards),
        winner_positions=tuple((a.seat - state.eldest) % state.n for a in awards),
        winning_class=best.hand_class if best is not None else None,
        winning_points=best.points if best is not None else None,
        carry=settlement.carry, net=tuple(net), actions=len(state.history),
    )


# --------------------------------------------------------------------------------------------
# Summaries


@frozen(kw_only=True)
class Summary:
    """What a run of deals shows, in numbers (the ``primero simulate`` table and JSON).

    Attributes:
        variant: The variant label.
        players: Seats at the table.
        deals: Deals played.
        showdowns: Deals that reached a showdown.
        carried_over: Deals that left chips on the table for the next deal.
        mean_pot: Mean chips contested per deal (see :attr:`DealResult.pot`).
        pot_sd: Sample standard deviation of the pot, in chips.
        max_pot: The largest pot, in chips.
        win_share: Per seat, the share of the deals with a winner that the seat won (a deal
            shared by ``k`` winners counts ``1/k`` to each); sums to 1.
        mean_net: Per seat, mean chips won (or lost, negative) per deal.
        winning_classes: Class of the best hand taking chips at a showdown → deals, every class
            of the variant listed, strongest first.
        ended_by: How deals ended → deals.
    """

    variant: str
    players: int
    deals: int
    showdowns: int
    carried_over: int
    mean_pot: float
    pot_sd: float
    max_pot: int
    win_share: tuple[float, ...]
    mean_net: tuple[float, ...]
    winning_classes: Mapping[str, int] = field(factory=dict)
    ended_by: Mapping[str, int] = field(factory=dict)

    @classmethod
    def of(cls, results: Sequence[DealResult], *, variant: str, players: int,
           classes: Sequence[str] = ()) -> Summary:
        """Summarise ``results``.

        Args:
            results: The deals.
            variant: The variant label.
            players: Seats at the table (the length of each ``net``).
            classes: The variant's classes, strongest first (listed even when no hand of the
                class won); classes met in ``results`` but not listed are appended.
        """
        pots = [r.pot for r in results]
        wins = [0.0] * players
        won_deals = 0
        for r in results:
            if r.winners:
                won_deals += 1
                for seat in r.winners:
                    wins[seat] += 1 / len(r.winners)
        counts = Counter(r.winning_class for r in results if r.winning_class is not None)
        ordered = list(classes) + sorted(c for c in counts if c not in classes)
        deals = len(results)
        return cls(
            variant=variant, players=players, deals=deals,
            showdowns=sum(r.showdown for r in results),
            carried_over=sum(r.carried_over for r in results),
            mean_pot=statistics.fmean(pots) if pots else 0.0,
            pot_sd=statistics.stdev(pots) if len(pots) > 1 else 0.0,
            max_pot=max(pots, default=0),
            win_share=tuple(w / won_deals if won_deals else 0.0 for w in wins),
            mean_net=tuple(
                statistics.fmean(r.net[s] for r in results) if results else 0.0
                for s in range(players)
            ),
            winning_classes={c: counts.get(c, 0) for c in ordered},
            ended_by=dict(sorted(Counter(r.ended_by for r in results).items())),
        )

    def to_json(self) -> dict[str, Any]:
        """The ``primero simulate --json`` object.

        Keys: ``variant``, ``players``, ``deals``, ``showdowns``, ``carried_over``,
        ``mean_pot`` (3 decimals), ``win_share`` (one per seat, 4 decimals), and
        ``winning_classes`` (class → deals). The text table prints these same numbers.
        """
        return {
            "variant": self.variant,
            "players": self.players,
            "deals": self.deals,
            "showdowns": self.showdowns,
            "carried_over": self.carried_over,
            "mean_pot": round(self.mean_pot, 3),
            "win_share": [round(w, 4) for w in self.win_share],
            "winning_classes": dict(self.winning_classes),
        }


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
        raise_cap: The house rule ``raise_cap`` of every deal (RULES.md §5), or ``None``.
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

    def summary(self) -> Summary:
        """The run's :class:`Summary`."""
        return Summary.of(self.results, variant=self.label, players=self.players,
                          classes=strongest_first(self.variant.ranking))

    def rows(self) -> list[dict[str, Any]]:
        """One plain dict per deal (see :meth:`DealResult.as_dict`)."""
        return [r.as_dict() for r in self.results]

    def state(self, deal: int, agents: Sequence[AgentSpec] | AgentSpec | None = None) \
            -> GameState:
        """Play deal ``deal`` of this run again and return its finished state.

        The state can be saved as a deal record (:func:`primero.history.save_record`) or
        inspected. ``agents`` defaults to the run's agents by name; give the agent objects if
        the run used custom ones.

        Raises:
            KeyError: the run has no deal with that index.
        """
        if not any(r.deal == deal for r in self.results):
            raise KeyError(f"this run has no deal {deal}")
        specs = tuple(_agent_specs(agents if agents is not None else self.agents,
                                   self.players))
        plan = self._plan(specs)
        if self.mode == "deals":
            for _, _, _, _, state in _play_deals(plan, deal, deal + 1):
                return state
        session, number = divmod(deal, self.deals_per_session)
        for _, _, k, _, state in _play_sessions(plan, session, session + 1):
            if k == number:
                return state
        raise AssertionError("unreachable")  # pragma: no cover

    def _plan(self, agents: tuple[AgentSpec, ...]) -> _Plan:
        return _Plan(variant=self.variant, label=self.label, players=self.players,
                     chips=self.chips, stake=self.stake, rest=self.rest, ante=self.ante,
                     seed=self.seed, agents=agents, deals_per_session=self.deals_per_session,
                     raise_cap=self.raise_cap)


@frozen(kw_only=True)
class Comparison:
    """Several runs on the same seeds, one per variant or option set (see :func:`compare`).

    Attributes:
        simulations: The runs, in the order asked.
    """

    simulations: tuple[Simulation, ...]

    @property
    def labels(self) -> list[str]:
        """Each run's variant label."""
        return [s.label for s in self.simulations]

    def summaries(self) -> list[Summary]:
        """Each run's :class:`Summary`."""
        return [s.summary() for s in self.simulations]

    def to_json(self) -> dict[str, Any]:
        """The ``primero compare --json`` object.

        Keys: the run parameters (``deals``, ``seed``, ``players``, ``agents``) and, under
        ``variants``, one ``primero simulate --json`` object per variant.
        """
        first = self.simulations[0] if self.simulations else None
        return {
            "deals": len(first) if first else 0,
            "seed": first.seed if first else 0,
            "players": first.players if first else 0,
            "agents": list(first.agents) if first else [],
            "variants": [s.to_json() for s in self.summaries()],
        }


# --------------------------------------------------------------------------------------------
# Playing: plans and tasks (module-level, so that process and Dask workers can unpickle them)


@frozen(kw_only=True)
class _Plan:
    variant: Variant
    label: str
    players: int
    chips: tuple[int, ...]
    stake: int
    rest: int
    ante: int
    seed: int
    agents: tuple[AgentSpec, ...]
    deals_per_session: int = 0
    raise_cap: int | None = None


@frozen
class _Task:
    plan: _Plan
    mode: str
    start: int
    stop: int


def _agent_specs(agents: Sequence[AgentSpec] | AgentSpec, players: int) -> list[AgentSpec]:
    if isinstance(agents, str) or not isinstance(agents, Sequence):
        specs: list[AgentSpec] = [agents] * players
    else:
        specs = list(agents)
    if len(specs) != players:
        raise PrimeroError(f"{players} players but {len(specs)} agents")
    for spec in specs:
        if isinstance(spec, str):
            make_agent(spec)  # raises ValueError naming the known agents
        elif not isinstance(spec, Agent):
            raise PrimeroError(f"{spec!r} is not an agent (it has no act(view, rng) method)")
    return specs


def _agent_name(spec: AgentSpec) -> str:
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "name", type(spec).__name__))


def _make_agents(specs: Sequence[AgentSpec]) -> list[Agent]:
    # A fresh copy per chunk, whichever executor runs it: the same semantics in every case.
    made: dict[int, Agent] = {}
    agents: list[Agent] = []
    for spec in specs:
        key = id(spec)
        if key not in made:
            made[key] = make_agent(spec) if isinstance(spec, str) else copy.deepcopy(spec)
        agents.append(made[key])
    return agents


def _play_deals(plan: _Plan, start: int, stop: int) \
        -> Iterator[tuple[int, int, int, tuple[int, ...], GameState]]:
    """Yield ``(deal, session, session_deal, seats, final state)`` for deals start..stop-1."""
    names = seat_names(plan.players)
    agents = _make_agents(plan.agents)
    seats = tuple(range(plan.players))
    for index in range(start, stop):
        state = start_deal(
            plan.variant, names, plan.chips, dealer=plan.players - 1, stake=plan.stake,
            rest=plan.rest, ante=plan.ante, seed=derive_seed(plan.seed, index),
            raise_cap=plan.raise_cap,
        )
        rng = random.Random(derive_seed(plan.seed, index, "agents"))
        yield index, index, 0, seats, play_deal(state, agents, rng)


def _play_sessions(plan: _Plan, start: int, stop: int) \
        -> Iterator[tuple[int, int, int, tuple[int, ...], GameState]]:
    """Yield ``(deal, session, session_deal, seats, final state)`` for sessions start..stop-1."""
    names = seat_names(plan.players)
    agents = _make_agents(plan.agents)
    for number in range(start, stop):
        session = Session.new(
            plan.variant, names, plan.chips, stake=plan.stake, rest=plan.rest,
            ante=plan.ante, seed=derive_seed(plan.seed, number, "session"),
            raise_cap=plan.raise_cap,
        )
        rng = random.Random(derive_seed(plan.seed, number, "session-agents"))
        for k in range(plan.deals_per_session):
            if session.finished:
                break
            state = session.start_deal()
            seats = tuple(names.index(p) for p in state.players)
            final = play_deal(state, [agents[s] for s in seats], rng)
            yield number * plan.deals_per_session + k, number, k, seats, final
            session = session.after(final)


def _run_task(task: _Task) -> list[DealResult]:
    """Play one chunk and return its records (runs in whichever worker gets the chunk)."""
    plan = task.plan
    play = _play_deals if task.mode == "deals" else _play_sessions
    return [
        deal_result(state, variant=plan.label, deal=deal, session=session, session_deal=k,
                    seats=seats, table_size=plan.players)
        for deal, session, k, seats, state in play(plan, task.start, task.stop)
    ]


def _warm(variant: Variant, agents: Sequence[AgentSpec]) -> None:
    """Build the ranking table (and the heuristic's strength table) before workers fork."""
    ranking = variant.ranking
    _ = ranking.hand_table
    if any(_agent_name(a) == "heuristic" for a in agents):
        Strength.of(ranking)


def chunk_size(items: int) -> int:
    """Items per chunk: depends on the number of items only (never on the workers)."""
    return max(1, min(200, math.ceil(items / 100)))


def _show_progress(progress: bool | None, total: int) -> bool:
    if progress is not None:
        return progress
    return total >= PROGRESS_THRESHOLD and sys.stderr.isatty()


def _execute(tasks: Sequence[_Task], *, jobs: int, executor: Executor | None,
             progress: bool, description: str, weight: Callable[[_Task], int]) \
        -> list[list[DealResult]]:
    """Run the tasks (here, in a local process pool, or on ``executor``); results in order."""
    results: list[list[DealResult] | None] = [None] * len(tasks)
    bar = _progress_bar() if progress else None
    owned: Executor | None = None
    if executor is None and jobs > 1 and len(tasks) > 1:
        owned = executor = ProcessPoolExecutor(max_workers=jobs)
    try:
        if executor is None:
            with bar or _nothing():
                job = bar.add_task(description, total=sum(map(weight, tasks))) if bar else None
                for i, task in enumerate(tasks):
                    results[i] = _run_task(task)
                    if bar is not None and job is not None:
                        bar.advance(job, weight(task))
        else:
            futures: dict[Future[list[DealResult]], int] = {
                executor.submit(_run_task, task): i for i, task in enumerate(tasks)
            }
            with bar or _nothing():
                job = bar.add_task(description, total=sum(map(weight, tasks))) if bar else None
                for future in as_completed(futures):
                    i = futures[future]
                    results[i] = future.result()
                    if bar is not None and job is not None:
                        bar.advance(job, weight(tasks[i]))
    finally:
        if owned is not None:
            owned.shutdown(wait=True, cancel_futures=True)
    return [r for r in results if r is not None]


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def _progress_bar() -> Any:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), TimeRemainingColumn(),
        console=Console(stderr=True), transient=True,
    )


def _check_run(variant: Variant, players: int, chips: int | Sequence[int], jobs: int) \
        -> tuple[int, ...]:
    low, high = variant.spec.players
    if not low <= players <= high:
        raise PrimeroError(f"{variant.name} is played by {low} to {high} players; got {players}")
    stacks = (chips,) * players if isinstance(chips, int) else tuple(chips)
    if len(stacks) != players:
        raise PrimeroError(f"{players} players but {len(stacks)} chip counts")
    if jobs < 0:
        raise PrimeroError(f"jobs must be 0 (every core) or more, got {jobs}")
    return stacks


def has_ante_step(variant: Variant) -> bool:
    """Whether ``variant``'s deal plan has an ante step (revival does; the Waks family not).

    :func:`~primero.engine.start_deal` refuses a non-zero ante for a variant without one.
    """
    return any(step.kind == "ante" for step in variant.rules.deal_plan())


def _check_table(variant: Variant, stacks: tuple[int, ...], stake: int, rest: int,
                 ante: int | None, raise_cap: int | None = None) -> None:
    """Set one deal up to check the table before any work is sent out (nothing is played)."""
    start_deal(variant, seat_names(len(stacks)), stacks, stake=stake, rest=rest, ante=ante,
               seed=0, raise_cap=raise_cap)


def _jobs(jobs: int) -> int:
    return (os.cpu_count() or 1) if jobs == 0 else jobs


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
) -> Simulation:
    """Play ``deals`` independent deals with computer players; one record per deal.

    Every deal starts from the same table: each player with ``chips``, the last seat deals (so
    seat 0 is the eldest), no carry-in. Deal ``i`` is shuffled from ``derive_seed(seed, i)``.

    Args:
        variant: A variant, a name, or ``"name:key=value,..."`` (see :func:`resolve_variant`).
        players: Seats at the table.
        deals: How many deals.
        seed: The run's seed; the same seed gives the same records.
        agents: One agent for every seat (``"random"``, ``"heuristic"`` or an object with
            ``act(view, rng)``) or one per seat.
        chips: Each player's chips at the start of every deal (one number or one per seat).
        stake: The smallest bet, in chips.
        rest: The largest single bet or raise, in chips.
        ante: Each player's ante per deal, in chips; default the variant's own
            (``variant.spec.ante``, 0 for the Waks family). A variant whose deal has no
            ante step (:func:`has_ante_step`) refuses any other ante than 0.
        raise_cap: House rule (RULES.md §5): at most this many vies and raises per betting
            round; ``None`` (default): no cap.
        options: Variant options (with a variant name).
        jobs: Local worker processes (1: play here; 0: one per core). Ignored with ``executor``.
        executor: Any :class:`concurrent.futures.Executor` to play the chunks on (e.g. a Dask
            ``client.get_executor()``); the caller keeps it open.
        progress: Show a progress bar; default: for runs of 100+ deals on a terminal.

    Returns:
        The :class:`Simulation` (records in deal order).

    Raises:
        UnknownVariantError: no such variant.
        InvalidOptionError: a bad option.
        PrimeroError: a bad number of players, chips or agents, a bad table (e.g. an ante
            for a variant that has none), or ``deals < 0``.
        ValueError: an unknown agent name.
    """
    configured = resolve_variant(variant, options)
    stacks = _check_run(configured, players, chips, jobs)
    ante = configured.spec.ante if ante is None else ante
    if deals < 0:
        raise PrimeroError(f"deals must not be negative, got {deals}")
    specs = tuple(_agent_specs(agents, players))
    plan = _Plan(variant=configured, label=str(configured), players=players, chips=stacks,
                 stake=stake, rest=rest, ante=ante, seed=seed, agents=specs,
                 raise_cap=raise_cap)
    _check_table(configured, stacks, stake, rest, ante, raise_cap)
    size = chunk_size(deals)
    tasks = [_Task(plan, "deals", k, min(deals, k + size)) for k in range(0, deals, size)]
    workers = _jobs(jobs)
    _warm(configured, specs)
    parts = _execute(tasks, jobs=workers, executor=executor,
                     progress=_show_progress(progress, deals),
                     description=f"Simulating {configured}",
                     weight=lambda t: t.stop - t.start)
    return Simulation(
        variant=configured, label=plan.label, mode="deals", players=players, seed=seed,
        agents=tuple(_agent_name(a) for a in specs), chips=stacks, stake=stake, rest=rest,
        ante=ante, deals_per_session=0, results=tuple(r for part in parts for r in part),
        raise_cap=raise_cap,
    )


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
        PrimeroError: bad players, chips, agents, sessions or deals per session.
        ValueError: an unknown agent name.
    """
    configured = resolve_variant(variant, options)
    stacks = _check_run(configured, players, chips, jobs)
    ante = configured.spec.ante if ante is None else ante
    if sessions < 0 or deals_per_session < 1:
        raise PrimeroError(
            f"need sessions >= 0 and deals_per_session >= 1, got {sessions} and "
            f"{deals_per_session}"
        )
    specs = tuple(_agent_specs(agents, players))
    plan = _Plan(variant=configured, label=str(configured), players=players, chips=stacks,
                 stake=stake, rest=rest, ante=ante, seed=seed, agents=specs,
                 deals_per_session=deals_per_session, raise_cap=raise_cap)
    _check_table(configured, stacks, stake, rest, ante, raise_cap)
    size = max(1, chunk_size(sessions * deals_per_session) // deals_per_session)
    tasks = [_Task(plan, "sessions", k, min(sessions, k + size))
             for k in range(0, sessions, size)]
    _warm(configured, specs)
    parts = _execute(tasks, jobs=_jobs(jobs), executor=executor,
                     progress=_show_progress(progress, sessions * deals_per_session),
                     description=f"Simulating {configured} sessions",
                     weight=lambda t: (t.stop - t.start) * deals_per_session)
    return Simulation(
        variant=configured, label=plan.label, mode="sessions", players=players, seed=seed,
        agents=tuple(_agent_name(a) for a in specs), chips=stacks, stake=stake, rest=rest,
        ante=ante, deals_per_session=deals_per_session,
        results=tuple(r for part in parts for r in part), raise_cap=raise_cap,
    )


def compare(
    variants: Sequence[str | Variant],
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
    jobs: int = 1,
    executor: Executor | None = None,
    progress: bool | None = None,
) -> Comparison:
    """Simulate every variant on the same seeds (deal ``i`` of each run from the same seed).

    Args:
        variants: Variants, names, or ``"name:key=value,..."`` option sets, e.g.
            ``["waks", "waks:supremus=false", "suzuki"]``; each label must be distinct.
        players: Seats at the table (every variant must allow it).
        deals: Deals per variant.
        seed: The seed shared by every run.
        agents: As in :func:`simulate`.
        chips: As in :func:`simulate`.
        stake: As in :func:`simulate`.
        rest: As in :func:`simulate`.
        ante: As in :func:`simulate`.
        raise_cap: As in :func:`simulate`.
        jobs: As in :func:`simulate`.
        executor: As in :func:`simulate`.
        progress: As in :func:`simulate`.

    Raises:
        PrimeroError: no variants, the same variant twice, or a bad run parameter (e.g.
            ``ante`` for a variant that has none), found before any deal is played.
    """
    configured = [resolve_variant(v) for v in variants]
    if not configured:
        raise PrimeroError("give at least one variant to compare")
    labels = [str(v) for v in configured]
    twice = next((label for label in labels if labels.count(label) > 1), None)
    if twice is not None:
        raise PrimeroError(f"variant {twice!r} is listed twice")
    for v in configured:  # every run's table is checked before the first deal is played
        _check_table(v, _check_run(v, players, chips, jobs), stake, rest, ante, raise_cap)
    return Comparison(simulations=tuple(
        simulate(v, players=players, deals=deals, seed=seed, agents=agents, chips=chips,
                 stake=stake, rest=rest, ante=ante, raise_cap=raise_cap, jobs=jobs,
                 executor=executor, progress=progress)
        for v in configured
    ))

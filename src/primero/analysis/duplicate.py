"""Duplicate play: one agent against another with the cards' luck taken out.

:func:`duplicate_match` deals each deal once and plays it once per seat rotation: the
candidate sits in seat 0 (the eldest), then seat 1, … up to the last seat (the dealer), the
opponent's copies in every other seat, with the **same cards** (the same shuffle seed) and
the **same generator seeds** in every rotation. Over a deal's rotations the candidate has held
every seat's cards in every position, so what is left of its result is its play.

**Scoring.** In one play, the candidate's chips are its net (chips after the deal less
before) less the mean net of all the seats at the table::

    score = net_candidate − (Σ net_seat) / players = net_candidate + carried / players

so chips carried over (lost to everyone at the table) count for no one, and two players' scores
are ``(net_candidate − net_opponent) / 2``. A deal's score is the mean of its rotations'
scores; the match's figure is the mean over deals with its Student t interval from the
per-deal spread (:func:`primero.analysis.intervals.mean_interval`). Per seat, the figure is
the candidate's score when it sat in that seat (a paired mean over the same deals). Two copies
of one agent score 0 on average, and exactly 0 in every deal when the agent draws nothing at
random.

**Agents.** The candidate is one object over the whole match; every opponent seat has an
object of its own (a copy of the opponent), kept over the match, so an agent that learns from
what it sees learns from one seat's views, as at a table.

**Generators.** The candidate draws from its own generator and the opponents from one shared
generator, both seeded from ``(seed, deal)`` alone and fresh for every rotation
(:func:`~primero.simulation.derive_seed` purposes ``"duplicate-candidate"`` and
``"duplicate-opponent"``); the deal is shuffled from ``derive_seed(seed, deal)``, the same seed
as deal ``deal`` of ``simulate(seed=seed)``.

**Decision time.** Every decision is timed in CPU time (:func:`time.process_time`); the result
gives each agent's median, in seconds.

Pure Python (no pandas): the testing kit and ``primero match`` use it on a base install.
"""

from __future__ import annotations

import contextlib
import html
import random
import statistics
import time
from collections.abc import Callable, Mapping
from typing import Any

from attrs import field, frozen

from primero.actions import Action
from primero.agents import Agent, make_agent, play_deal
from primero.agents.protocol import observe_or_fail
from primero.analysis.intervals import CONFIDENCE, Interval, mean_interval
from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.errors import AgentFailedError, IllegalActionError, PrimeroError, named
from primero.json_schema import FORMAT
from primero.plugins.registry import resolve_variant
from primero.setup import DealSetup, Table, check_seed
from primero.simulation.executor import MAX_DEALS, progress_bar, show_progress
from primero.simulation.play import (
    AgentSpec,
    agent_name,
    check_agent,
    copied_agent,
    derive_seed,
    prepare_equilibrium,
    seat_names,
)
from primero.variant import Variant
from primero.views import PlayerView

__all__ = ["DuplicateMatch", "duplicate_match"]


class TimedAgent:
    """An agent playing from its own generator, each decision timed in CPU seconds.

    Attributes:
        inner: The agent.
        rng: The generator it draws from (the one :func:`~primero.agents.play_deal` passes
            is ignored).
        times: CPU seconds of each decision so far.
        observe: Shows the inner agent the end of each deal (:meth:`seen_end`), or ``None``
            when it has no ``observe`` (:class:`~primero.agents.protocol.Observer`).
    """

    observe: Callable[[PlayerView], None] | None

    def __init__(self, inner: Agent, role: str = "agent", turns: list[str] | None = None) \
            -> None:
        self.inner = inner
        self.role = role
        self.turns = [] if turns is None else turns
        self.rng = random.Random(0)
        self.times: list[float] = []
        self.observe = self.seen_end if getattr(inner, "observe", None) is not None else None

    def seen_end(self, view: PlayerView) -> None:
        """Show the inner agent the end of a deal (its ``observe``), untimed.

        Raises:
            AgentFailedError: the inner agent raised something other than a
                :class:`~primero.errors.PrimeroError` (its exception is the cause).
        """
        observe_or_fail(self.inner, view, f"the {self.role} ({agent_name(self.inner)})")

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """The inner agent's action from its own generator, timed.

        Raises:
            AgentFailedError: the inner agent raised something other than a
                :class:`~primero.errors.PrimeroError` (its exception is the cause).
        """
        self.turns.append(self.role)
        start = time.process_time()
        try:
            action = self.inner.act(view, self.rng)
        except PrimeroError:
            raise
        except Exception as error:
            raise AgentFailedError(f"the {self.role} ({agent_name(self.inner)}) raised "
                                   f"{type(error).__name__}: {error!s:.200}") from error
        self.times.append(time.process_time() - start)
        return action


@frozen(kw_only=True)
class DuplicateMatch:
    """The result of :func:`duplicate_match`: the candidate's chips per deal, in duplicate.

    Attributes:
        variant: The variant label, e.g. ``"waks"``.
        candidate: The candidate agent's name.
        opponent: The opponent agent's name (every other seat).
        players: Seats at the table.
        seed: The match's seed.
        chips: Each seat's stack at the start of every play, in chips.
        scores: Per deal, the candidate's chips (the mean over the rotations), in deal order.
        seat_scores: Per seat (0 = eldest), the candidate's chips in each deal when it sat
            there.
        overall: The mean of ``scores`` with its interval (chips per deal).
        by_seat: Per seat, the mean of ``seat_scores[seat]`` with its interval.
        candidate_time: The median CPU time of one candidate decision, in seconds.
        opponent_time: The median CPU time of one opponent decision, in seconds.
        decisions: Decisions taken by the candidate and by the opponents, in all plays.
    """

    variant: str
    candidate: str
    opponent: str
    players: int
    seed: int
    chips: int
    scores: tuple[float, ...] = field(repr=False)
    seat_scores: tuple[tuple[float, ...], ...] = field(repr=False)
    overall: Interval
    by_seat: tuple[Interval, ...]
    candidate_time: float
    opponent_time: float
    decisions: tuple[int, int]

    @property
    def deals(self) -> int:
        """Deals played (each once per seat)."""
        return len(self.scores)

    @property
    def verdict(self) -> str:
        """``"candidate ahead"``, ``"opponent ahead"`` or ``"no clear difference"`` (95 %)."""
        side = self.overall.side_of(0.0)
        return {1: "candidate ahead", -1: "opponent ahead"}.get(side, "no clear difference")

    def to_json(self) -> dict[str, Any]:
        """The ``primero match --json`` object.

        Keys: ``format`` (:data:`primero.json_schema.FORMAT`), ``variant``, ``candidate``,
        ``opponent``, ``players``, ``deals``, ``seed``,
        ``chips``, ``overall`` and ``by_seat`` (each ``{"value", "ci_low", "ci_high",
        "deals"}`` in chips per deal), ``verdict``, ``candidate_ms`` and ``opponent_ms`` (median
        CPU milliseconds per decision), ``decisions``.
        """
        return {
            "format": FORMAT,
            "variant": self.variant, "candidate": self.candidate, "opponent": self.opponent,
            "players": self.players, "deals": self.deals, "seed": self.seed,
            "chips": self.chips, "overall": self.overall.as_dict(),
            "by_seat": [s.as_dict() for s in self.by_seat], "verdict": self.verdict,
            "candidate_ms": round(self.candidate_time * 1000, 4),
            "opponent_ms": round(self.opponent_time * 1000, 4),
            "decisions": {"candidate": self.decisions[0], "opponent": self.decisions[1]},
        }

    def _repr_html_(self) -> str:
        e = html.escape
        head = (f"<p><b>{e(self.candidate)}</b> against <b>{e(self.opponent)}</b> in duplicate, "
                f"{e(self.variant)}, {self.players} players, {self.deals} deals × "
                f"{self.players} seats (seed {self.seed}): <b>{self.overall.estimate:+.3f}</b> "
                f"chips per deal, 95 % interval [{self.overall.low:+.3f}, "
                f"{self.overall.high:+.3f}] — {e(self.verdict)}.</p>")
        rows = "".join(
            f"<tr><td>{seat}{' (eldest)' if seat == 0 else ''}</td>"
            f"<td>{s.estimate:+.3f}</td><td>{s.low:+.3f}</td><td>{s.high:+.3f}</td></tr>"
            for seat, s in enumerate(self.by_seat))
        table = ("<table><thead><tr><th>candidate's seat</th><th>chips per deal</th>"
                 f"<th>ci_low</th><th>ci_high</th></tr></thead><tbody>{rows}</tbody></table>")
        times = (f"<p>Median CPU time per decision: {e(self.candidate)} "
                 f"{self.candidate_time * 1000:.3f} ms, {e(self.opponent)} "
                 f"{self.opponent_time * 1000:.3f} ms.</p>")
        return head + table + times


def duplicate_match(
    variant: str | Variant,
    candidate: AgentSpec,
    opponent: AgentSpec,
    *,
    players: int = 2,
    deals: int = 200,
    seed: int = 0,
    chips: int = 50,
    stake: int = 1,
    rest: int = 3,
    ante: int | None = None,
    raise_cap: int | None = None,
    options: Mapping[str, Any] | None = None,
    confidence: float = CONFIDENCE,
    progress: bool | None = None,
) -> DuplicateMatch:
    """Play ``candidate`` against ``opponent`` in duplicate: every deal once per seat.

    Deal ``i`` is shuffled from ``derive_seed(seed, i)`` and played ``players`` times, the
    candidate in seat 0 (the eldest), 1, …, ``players − 1`` (the dealer) and the opponent in
    every other seat, the cards and the generator seeds the same each time. The candidate's
    chips in one play are its net less the table's mean net (chips carried over count for no
    one); see the module's docstring for the formula.

    Args:
        variant: A variant, a name, or ``"name:key=value,..."``.
        candidate: The agent measured (``"random"``, ``"heuristic"``, ``"odds"`` or an object
            with ``act(view, rng)``; an object is copied, never changed).
        opponent: The agent in every other seat (copied likewise).
        players: Seats at the table.
        deals: Deals to play (each ``players`` times); at least 2, for an interval.
        seed: The match's seed; the same seed gives the same result.
        chips: Each seat's stack at the start of every play, in chips.
        stake: The smallest bet, in chips.
        rest: The largest single bet or raise, in chips.
        ante: Each player's ante, in chips; default the variant's own.
        raise_cap: House rule: the most vies and raises per betting round; ``None``: no cap.
        options: Variant options (with a variant name).
        confidence: The intervals' confidence level.
        progress: Show a progress bar on standard error (deals played of ``deals``);
            ``None``: for a match of :data:`~primero.simulation.PROGRESS_THRESHOLD` (100)
            deals or more when standard error is a terminal.

    Returns:
        The :class:`DuplicateMatch` (chips per deal with intervals, overall and per seat).

    Raises:
        UnknownVariantError: no such variant.
        InvalidOptionError: a bad option.
        UnknownAgentError: an unknown agent name (a ``ValueError``).
        PrimeroError: a player count the variant does not allow, fewer than 2 deals or more
            than :data:`~primero.simulation.executor.MAX_DEALS` (1,000,000), a
            count that is not a whole number, a negative seed, an agent that is no agent, or
            a bad table (each named in the message), found before any deal is played.
        IllegalActionError: an agent played an illegal action; the message names the deal,
            the candidate's seat and which agent (candidate or opponent).
        AgentFailedError: an agent's ``act`` raised; named likewise, its exception the cause.
    """
    configured = resolve_variant(variant, options)
    low, high = configured.spec.players
    for name, value in (("players", players), ("deals", deals), ("seed", seed),
                        ("chips", chips)):
        if isinstance(value, bool) or not hasattr(type(value), "__index__"):
            raise PrimeroError(f"{name} must be a whole number, got {named(value)}")
    if not low <= players <= high:
        counts = f"{low}" if low == high else f"{low} to {high}"
        raise PrimeroError(f"{configured.name} is played by {counts} players; got {players}")
    if deals > MAX_DEALS:
        raise PrimeroError(f"deals: at most {MAX_DEALS:,} deals in one match (each played "
                           f"once per seat), got {deals:,}; split it into matches with "
                           f"different seeds")
    if deals < 2:
        raise PrimeroError(f"a duplicate match needs at least 2 deals for an interval, "
                           f"got {deals}")
    seed = check_seed(seed)  # from 0, as start_deal and --seed take it
    ante = configured.spec.ante if ante is None else ante
    setup = DealSetup(players=seat_names(players), chips=(int(chips),) * players,
                      dealer=players - 1,
                      table=Table(stake=stake, rest=rest, ante=ante, raise_cap=raise_cap))
    start_deal(configured, replace(setup, seed=0))  # checks the table before any play
    # An equilibrium player's table is solved before the first deal, with its own bar.
    prepare_equilibrium(configured, (candidate, opponent), setup, progress=progress)
    turns: list[str] = []
    mine = TimedAgent(_agent(candidate), "candidate", turns)
    # One opponent per seat, kept over the match: an opponent that learns learns from its
    # own seat's views, as at a real table.
    rivals = [TimedAgent(_agent(opponent), "opponent", turns) for _ in range(players)]
    seat_scores: list[list[float]] = [[] for _ in range(players)]
    scores: list[float] = []
    with contextlib.ExitStack() as stack:
        bar = stack.enter_context(progress_bar()) \
            if show_progress(progress, deals) else None
        job = bar.add_task(f"{agent_name(candidate)} against {agent_name(opponent)}",
                           total=deals) if bar is not None else None
        for index in range(deals):
            scores.append(_play_duplicate(
                configured, setup, index, seed=seed, mine=mine, rivals=rivals, turns=turns,
                seat_scores=seat_scores))
            if bar is not None:
                bar.advance(job)
    their_times = [t for rival in rivals for t in rival.times]
    return DuplicateMatch(
        variant=str(configured), candidate=agent_name(candidate),
        opponent=agent_name(opponent), players=players, seed=seed, chips=int(chips),
        scores=tuple(scores), seat_scores=tuple(tuple(s) for s in seat_scores),
        overall=mean_interval(scores, confidence),
        by_seat=tuple(mean_interval(s, confidence) for s in seat_scores),
        candidate_time=statistics.median(mine.times) if mine.times else 0.0,
        opponent_time=statistics.median(their_times) if their_times else 0.0,
        decisions=(len(mine.times), len(their_times)),
    )


def _play_duplicate(configured: Variant, setup: DealSetup, index: int, *, seed: int,
                    mine: TimedAgent, rivals: list[TimedAgent], turns: list[str],
                    seat_scores: list[list[float]]) -> float:
    """Deal ``index`` played once per seat; each seat's score appended; their mean returned."""
    players = len(rivals)
    dealt = start_deal(configured, replace(setup, seed=derive_seed(seed, index)))
    total = 0.0
    for seat in range(players):
        mine.rng = random.Random(derive_seed(seed, index, "duplicate-candidate"))
        shared = random.Random(derive_seed(seed, index, "duplicate-opponent"))
        for rival in rivals:
            rival.rng = shared
        agents: list[Agent] = list(rivals)
        agents[seat] = mine
        try:
            final = play_deal(dealt, agents, mine.rng)
        except IllegalActionError as error:
            who = mine if turns and turns[-1] == "candidate" else rivals[0]
            raise IllegalActionError(
                f"deal {index} (the candidate in seat {seat}): the {who.role} "
                f"({agent_name(who.inner)}) played an illegal action: {error}",
                reason=error.reason, legal=error.legal) from error
        except AgentFailedError as error:
            raise AgentFailedError(f"deal {index} (the candidate in seat {seat}): "
                                   f"{error}") from error.__cause__
        nets = [after - before
                for before, after in zip(final.setup.chips, final.stacks, strict=True)]
        score = nets[seat] - sum(nets) / players
        seat_scores[seat].append(score)
        total += score
    return total / players


def _agent(spec: AgentSpec) -> Agent:
    if isinstance(spec, str):
        return make_agent(spec)  # (read as everywhere: " Odds " is "odds")
    check_agent(spec)
    return copied_agent(spec)


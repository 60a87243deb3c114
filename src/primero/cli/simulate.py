"""The ``primero simulate`` command, and the table options and text it shares with ``compare``.

Registered on :data:`primero.cli.core.app`::

    primero simulate [--variant V] [--players N] [--deals N] [--seed N]
                     [--agent random|heuristic|odds|search|equilibrium] [--jobs N] [--json]
    primero compare VARIANT... [--deals N] [--seed N] [--agents A,B] [--jobs N]
                    [--plot FILE.png] [--json]

``compare`` (:mod:`primero.cli.compare`) takes its options and columns from here.
``simulate`` needs no more than a base install; ``compare --plot`` needs matplotlib (the
``analysis`` extra). Text tables print the same numbers as ``--json``, each figure with the
half-width of its 95 % interval (``24.3% ±4.1``: Wilson for shares, Student t for means);
every share is a percentage (the JSON gives fractions with ``ci_low`` and ``ci_high``).
Tables fit the terminal by wrapping text (variant names, headers), never by cutting a number.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click
from rich.table import Table

from primero.agents import AGENTS
from primero.analysis.intervals import Interval
from primero.cli.core import (
    NameChoice,
    WholeNumber,
    app,
    console,
    json_option,
    load_variant,
    print_json,
    print_table,
    variant_options,
)
from primero.cli.game import check_table, chip_amount, table_players
from primero.cli.pages import SHORT_HELP
from primero.simulation.executor import JOBS_PER_CORE, MAX_DEALS, max_jobs, usable_cores
from primero.simulation.records import Summary
from primero.simulation.run import Simulation, simulate

__all__ = ["simulate_command"]

F = TypeVar("F", bound=Callable[..., Any])

#: The agents' names, read in any case as variant names are.
AGENT_NAMES = NameChoice(list(AGENTS))


#: What the bound on ``--deals`` is, as its error says it.
RUN_BOUND = ("deals in one run (every deal's record is kept: split a larger study into runs "
             "with different seeds)")


#: What the bound on ``--jobs`` is, as its error says it.
JOBS_BOUND = (f"({JOBS_PER_CORE} worker processes per core, {usable_cores():,} "
              f"core{'' if usable_cores() == 1 else 's'} here; 0 starts one per core)")


def table_options(function: F) -> F:
    """The options every simulating command shares: table, run and progress."""
    options = [
        click.option("--players", "-n", type=WholeNumber(2), default=4, show_default=True,
                     help="Players at the table, within the variant's range (see "
                          "'primero variants')."),
        click.option("--deals", "-d", default=1000, show_default=True,
                     type=WholeNumber(1, maximum=MAX_DEALS, unit=RUN_BOUND),
                     help="Deals to simulate, 1 to 1,000,000 in one run (every deal's "
                          "record is kept)."),
        click.option("--seed", "-s", type=WholeNumber(0), default=0, show_default=True,
                     help="Seed of the run (same seed, same deals)."),
        click.option("--agent", "-a", type=AGENT_NAMES, default="heuristic",
                     show_default=True,
                     help="Computer players: heuristic (plays on exact hand strength), odds "
                          "(plays on its sampled chance to win, with pot odds), random, "
                          "search (plays out sampled deals through the engine) or "
                          "equilibrium (the CFR+ solution of a heads-up table with no "
                          "exchange; docs/solve.md)."),
        click.option("--jobs", "-j", type=WholeNumber(0, maximum=max_jobs(), unit=JOBS_BOUND),
                     default=1, show_default=True,
                     help=f"Worker processes (0: one per core), at most {JOBS_PER_CORE} per "
                          "core. Results do not depend on it."),
        click.option("--chips", type=chip_amount(1), default=50, show_default=True,
                     help="Each player's chips at the start of every deal."),
        click.option("--stake", type=chip_amount(1), default=1, show_default=True,
                     help="Smallest bet, in chips."),
        click.option("--rest", type=chip_amount(1), default=3, show_default=True,
                     help="Largest single bet or raise, in chips."),
        click.option("--ante", type=chip_amount(0), default=None,
                     help="Ante per player, in chips; default the variant's own."),
        click.option("--raise-cap", "raise_cap", type=WholeNumber(1), default=None,
                     help="House rule: at most N vies and raises per betting round "
                          "(docs/rules/waks.md)."),
        click.option("--no-progress", is_flag=True, help="Never show a progress bar."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def progress(no_progress: bool) -> bool | None:
    """The run's ``progress`` argument from ``--no-progress``.

    Returns:
        ``False`` (never a bar) when the flag is given, else ``None`` (a bar for a long run
        when standard error is a terminal: :func:`primero.simulation.simulate`).
    """
    return False if no_progress else None


def percent(share: float, digits: int = 2) -> str:
    """A fraction printed as a percentage: ``percent(0.2432)`` is ``"24.32%"``.

    Args:
        share: A fraction, 0 to 1.
        digits: Decimals after the point.
    """
    return f"{100 * share:.{digits}f}%"


def share_text(interval: Interval) -> str:
    """A share and its 95 % half-width in percentage points: ``"24.3% ±4.1"``.

    Printed from the JSON's numbers (:meth:`~primero.analysis.Interval.as_dict`, 4
    decimals), so the text and ``--json`` never round apart.
    """
    shown = interval.as_dict()
    value, low, high = (float(shown[k] or 0.0) for k in ("value", "ci_low", "ci_high"))
    return f"{100 * value:.1f}% ±{100 * (high - low) / 2:.1f}"


def chips_text(interval: Interval, sign: bool = False) -> str:
    """A mean in chips and its 95 % half-width: ``"11.27 ±0.84"`` (``"+0.12 ±0.40"``).

    Printed from the JSON's numbers (3 decimals); ``±?`` where the interval is unbounded
    (fewer than 2 deals).
    """
    shown = interval.as_dict(3)
    value = float(shown["value"] or 0.0)
    text = f"{value:+.2f}" if sign else f"{value:.2f}"
    if shown["ci_low"] is None or shown["ci_high"] is None:
        return f"{text} ±?"
    return f"{text} ±{(float(shown['ci_high']) - float(shown['ci_low'])) / 2:.2f}"


def count(n: int, of: int) -> str:
    """A count with its share of ``of``: ``count(12, 40)`` is ``"12 (30.0%)"``.

    Args:
        n: How many (deals, say).
        of: The whole; ``0`` prints ``n`` alone, with no share.
    """
    return f"{n} ({100 * n / of:.1f}%)" if of else str(n)


def seat_label(seat: int, sim: Simulation) -> str:
    """A seat's number as a table prints it: seat 0 of a ``"deals"`` run is ``"0 (eldest)"``.

    In a run of independent deals the last seat deals every deal, so seat 0 is the eldest
    (RULES.md §4); in a session run the deal passes round and no seat is always eldest.

    Args:
        seat: The seat, 0 to ``sim.players - 1``, in playing order.
        sim: The run the seat sits in.
    """
    return f"{seat} (eldest)" if seat == 0 and sim.mode == "deals" else str(seat)


def table_text(sim: Simulation, populations: Sequence[str] = ()) -> str:
    """The run's table in words: players, agents, seed, stake and rest (in chips).

    E.g. ``"4 players, heuristic agents, seed 0, stake 1, rest 3"``; the agents are the run's
    population (:attr:`~primero.simulation.Simulation.population`), or ``populations``
    joined by ``", "`` when given.
    """
    agents = ", ".join(populations) if populations else sim.population
    return (f"{sim.players} players, {agents} agents, "
            f"seed {sim.seed}, stake {sim.stake}, rest {sim.rest}")


def ante_text(sims: Sequence[Simulation]) -> str:
    """``, ante N`` for the runs whose deal has an ante step; nothing where none is paid."""
    paying = [s for s in sims if s.pays_ante]
    if not paying:
        return ""
    if len(paying) == len(sims) and len({s.ante for s in sims}) == 1:
        return f", ante {sims[0].ante}"
    return ", ante " + ", ".join(
        f"{s.label} {s.ante}" if s.pays_ante else f"{s.label} none" for s in sims)


def number_column(table: Table, header: str) -> None:
    """Add a right-aligned column of numbers to ``table``, headed ``header``.

    Numbers never wrap nor shrink: text columns (names, headers) give way instead, so a
    narrow terminal never cuts a number.
    """
    table.add_column(header, justify="right", no_wrap=True)


def carry_note(summary: Summary) -> str:
    """How mean net per seat relates to the pots carried out of independent deals."""
    carried = round(-sum(summary.mean_net) * summary.deals)
    total = sum(summary.mean_net)
    if not carried:
        return "Mean net per seat sums to 0 chips per deal: no chips were carried over."
    deals = summary.carried_over
    return (f"Each deal starts afresh, so the {carried} chip{'' if carried == 1 else 's'} "
            f"carried over by {deals} deal{'' if deals == 1 else 's'} leave the run: mean net "
            f"per seat sums to {total:+.3f} chips per deal, not 0.")


def head_row(summary: Summary) -> list[str]:
    """The summary's cells under :data:`HEAD`, in its order.

    Showdowns and carried over as counts with their share of the deals and its 95 %
    half-width, deals nobody won as a count, then the mean pot in chips with its half-width.
    """
    return [f"{summary.showdowns} ({share_text(summary.showdown_share)})",
            f"{summary.carried_over} ({share_text(summary.carried_over_share)})",
            str(summary.no_winner), chips_text(summary.pot)]


HEAD = ("Showdowns", "Carried over", "No winner", "Mean pot (chips)")


def _summary_tables(summary: Summary, sim: Simulation) -> list[Table]:
    head = Table()
    for column in ("Deals", *HEAD):
        number_column(head, column)
    head.add_row(str(summary.deals), *head_row(summary))
    seats = Table(title="By seat")
    seats.add_column("Seat")
    number_column(seats, f"Win share (of {summary.deals_won} won)")
    number_column(seats, "Mean net (chips/deal)")
    for seat, share in enumerate(summary.win_shares):
        seats.add_row(seat_label(seat, sim), share_text(share),
                      chips_text(summary.nets[seat], sign=True))
    classes = Table(title="Winning class, every deal won")
    classes.add_column("Class")
    number_column(classes, "Deals")
    number_column(classes, "Share of deals won")
    for cls, n in summary.winning_classes.items():
        classes.add_row(cls, str(n), share_text(summary.class_shares[cls])
                        if summary.deals_won else "-")
    return [head, seats, classes]


#: What the summary's columns mean, printed under it.
COLUMNS_NOTE = ("± is the half-width of the 95 % interval (Wilson for shares, Student t "
                "from the per-deal spread for means). Carried over: deals that left 1 chip or "
                "more on the table for a next deal, for any reason (nobody vied with chips in "
                "the pot, a standing call nobody met) — the same count as carried_over in "
                "--json and in the analysis tables. No winner: deals nobody won. Win share "
                "and winning class: of the deals won; 'unseen': won without a showdown.")


@app.command("simulate", short_help=SHORT_HELP["simulate"])
@variant_options
@table_options
@json_option
def simulate_command(variant: str, option: Sequence[str], players: int, deals: int,
                     seed: int, agent: str, jobs: int, chips: int, stake: int, rest: int,
                     ante: int | None, raise_cap: int | None, no_progress: bool,
                     json_output: bool) -> None:
    """Simulate deals between computer players and summarise them.

    Every deal starts from the same table; seat 0 is the eldest.

    Deal i is shuffled from a seed derived from --seed and i: --jobs changes no number.
    """
    configured = load_variant(variant, option)
    players = table_players(configured, players)
    check_table(configured, players=players, stake=stake, rest=rest, ante=ante)
    sim = simulate(configured, players=players, deals=deals, seed=seed, agents=agent,
                   chips=chips, stake=stake, rest=rest, ante=ante, raise_cap=raise_cap,
                   jobs=jobs, progress=progress(no_progress))
    summary = sim.summary()
    if json_output:
        print_json(summary.to_json())
        return
    out = console(soft_wrap=False)
    counted = f"{summary.deals} deal{'' if summary.deals == 1 else 's'}"
    out.print(f"{sim.label}: {counted}, {table_text(sim)}" + ante_text([sim]))
    for table in _summary_tables(summary, sim):
        print_table(out, table)
    out.print(carry_note(summary))
    out.print(COLUMNS_NOTE)

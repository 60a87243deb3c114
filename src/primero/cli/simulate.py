"""The ``primero simulate`` command, and the table options and text it shares with ``compare``.

Registered on :data:`primero.cli.core.app`::

    primero simulate [--variant V] [--players N] [--deals N] [--seed N]
                     [--agent random|heuristic|odds|search] [--jobs N] [--json]
    primero compare VARIANT... [--deals N] [--seed N] [--jobs N] [--plot FILE.png] [--json]

``compare`` (:mod:`primero.cli.compare`) takes its options and columns from here.
``simulate`` needs no more than a base install; ``compare --plot`` needs matplotlib (the
``analysis`` extra). Text tables print the same numbers as ``--json``; every share is a
percentage (the JSON gives fractions: ``0.2432`` is printed ``24.32%``). Tables fit the
terminal by wrapping text (variant names, headers), never by cutting a number.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click
from rich.table import Table

from primero.agents import AGENTS
from primero.cli.core import (
    WholeNumber,
    app,
    console,
    json_option,
    load_variant,
    print_json,
    variant_options,
)
from primero.cli.game import check_table
from primero.cli.pages import SHORT_HELP
from primero.simulation.records import Summary
from primero.simulation.run import Simulation, simulate

__all__ = ["simulate_command"]

F = TypeVar("F", bound=Callable[..., Any])


def table_options(function: F) -> F:
    """The options every simulating command shares: table, run and progress."""
    options = [
        click.option("--players", "-n", type=WholeNumber(2), default=4, show_default=True,
                     help="Players at the table, within the variant's range (see "
                          "'primero variants')."),
        click.option("--deals", "-d", type=WholeNumber(0), default=1000, show_default=True,
                     help="Deals to simulate, at most 1,000,000 in one run (every deal's "
                          "record is kept)."),
        click.option("--seed", "-s", type=WholeNumber(0), default=0, show_default=True,
                     help="Seed of the run (same seed, same deals)."),
        click.option("--agent", "-a", type=click.Choice(list(AGENTS)), default="heuristic",
                     show_default=True,
                     help="Computer players: heuristic (plays on exact hand strength), odds "
                          "(plays on its sampled chance to win, with pot odds) or random."),
        click.option("--jobs", "-j", type=WholeNumber(0), default=1, show_default=True,
                     help="Worker processes (0: one per core). Results do not depend on it."),
        click.option("--chips", type=WholeNumber(1), default=50, show_default=True,
                     help="Each player's chips at the start of every deal."),
        click.option("--stake", type=WholeNumber(1), default=1, show_default=True,
                     help="Smallest bet, in chips."),
        click.option("--rest", type=WholeNumber(1), default=3, show_default=True,
                     help="Largest single bet or raise, in chips."),
        click.option("--ante", type=WholeNumber(0), default=None,
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


def table_text(sim: Simulation) -> str:
    """The run's table in words: players, agents, seed, stake and rest (in chips).

    E.g. ``"4 players, heuristic agents, seed 0, stake 1, rest 3"``; the agents' names are
    listed once each, sorted, joined by ``/``.
    """
    return (f"{sim.players} players, {'/'.join(sorted(set(sim.agents)))} agents, "
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
    return (f"Each deal starts afresh, so the {carried} chips carried over by "
            f"{summary.carried_over} deals leave the run: mean net per seat sums to "
            f"{total:+.3f} chips per deal, not 0.")


def head_row(summary: Summary) -> list[str]:
    """The summary's cells under :data:`HEAD`, in its order.

    Showdowns, carry-overs and pots carried as counts with their share of the deals
    (:func:`count`), then the mean pot in chips to three decimals.
    """
    deals = summary.deals
    return [count(summary.showdowns, deals), count(summary.ended_by.get("carry", 0), deals),
            count(summary.carried_over, deals), f"{summary.mean_pot:.3f}"]


HEAD = ("Showdowns", "Carry-overs", "Pots carried", "Mean pot")


def _summary_tables(summary: Summary, sim: Simulation) -> list[Table]:
    head = Table()
    for column in ("Deals", *HEAD):
        number_column(head, column)
    head.add_row(str(summary.deals), *head_row(summary))
    seats = Table(title="By seat")
    seats.add_column("Seat")
    number_column(seats, "Win share")
    number_column(seats, "Mean net (chips/deal)")
    for seat, share in enumerate(summary.win_share):
        seats.add_row(seat_label(seat, sim), percent(share),
                      f"{summary.mean_net[seat]:+.3f}")
    classes = Table(title="Winning class at the showdown")
    classes.add_column("Class")
    number_column(classes, "Deals")
    number_column(classes, "Share")
    shown = sum(summary.winning_classes.values())
    for cls, n in summary.winning_classes.items():
        classes.add_row(cls, str(n), percent(n / shown) if shown else "-")
    return [head, seats, classes]


#: What the summary's columns mean, printed under it.
COLUMNS_NOTE = ("Carry-overs: deals that ended without a winner (nobody vied), pots of 0 "
                "chips included. Pots carried: deals that left 1 chip or more on the table for "
                "a next deal, for any reason (a carry-over with chips in the pot, a standing "
                "call nobody met). Win share: of the deals with a winner.")


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
    check_table(configured, players=players, stake=stake, rest=rest, ante=ante)
    sim = simulate(configured, players=players, deals=deals, seed=seed, agents=agent,
                   chips=chips, stake=stake, rest=rest, ante=ante, raise_cap=raise_cap,
                   jobs=jobs, progress=progress(no_progress))
    summary = sim.summary()
    if json_output:
        print_json(summary.to_json())
        return
    out = console(soft_wrap=False)
    out.print(f"{sim.label}: {summary.deals} deals, {table_text(sim)}" + ante_text([sim]))
    for table in _summary_tables(summary, sim):
        out.print(table)
    out.print(carry_note(summary))
    out.print(COLUMNS_NOTE)

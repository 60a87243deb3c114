"""The simulation commands of the ``primero`` command line: ``simulate`` and ``compare``.

Registered on :data:`primero.cli.core.app`::

    primero simulate [--variant V] [--players N] [--deals N] [--seed N]
                     [--agent random|heuristic] [--jobs N] [--json]
    primero compare VARIANT... [--deals N] [--seed N] [--jobs N] [--plot FILE.png] [--json]

``simulate`` needs no more than a base install; ``compare --plot`` needs matplotlib (the
``analysis`` extra). Text tables print the same numbers as ``--json``; every share is a
percentage (the JSON gives fractions: ``0.2432`` is printed ``24.32%``). Tables fit the
terminal by wrapping text (variant names, headers), never by cutting a number.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click
from rich.table import Table

from primero.agents import AGENTS
from primero.cli.core import (
    WholeNumber,
    app,
    console,
    fail,
    json_option,
    load_variant,
    print_json,
    suggest_variant,
    variant_options,
)
from primero.cli.game import check_table
from primero.options import resolve_variant
from primero.simulation.records import Summary
from primero.simulation.run import Comparison, Simulation, compare, simulate

__all__ = ["compare_command", "simulate_command"]

F = TypeVar("F", bound=Callable[..., Any])


def table_options(function: F) -> F:
    """The options every simulating command shares: table, run and progress."""
    options = [
        click.option("--players", "-n", type=WholeNumber(2), default=4, show_default=True,
                     help="Players at the table, within the variant's range (see "
                          "'primero variants')."),
        click.option("--deals", "-d", type=WholeNumber(0), default=1000, show_default=True,
                     help="Deals to simulate."),
        click.option("--seed", "-s", type=WholeNumber(0), default=0, show_default=True,
                     help="Seed of the run (same seed, same deals)."),
        click.option("--agent", "-a", type=click.Choice(list(AGENTS)), default="heuristic",
                     show_default=True,
                     help="Computer players: heuristic (plays on exact hand strength) or "
                          "random."),
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
                          "(RULES.md §5)."),
        click.option("--no-progress", is_flag=True, help="Never show a progress bar."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def _progress(no_progress: bool) -> bool | None:
    return False if no_progress else None


def _percent(share: float, digits: int = 2) -> str:
    return f"{100 * share:.{digits}f}%"


def _count(n: int, of: int) -> str:
    return f"{n} ({100 * n / of:.1f}%)" if of else str(n)


def _seat_label(seat: int, sim: Simulation) -> str:
    return f"{seat} (eldest)" if seat == 0 and sim.mode == "deals" else str(seat)


def _table_text(sim: Simulation) -> str:
    return (f"{sim.players} players, {'/'.join(sorted(set(sim.agents)))} agents, "
            f"seed {sim.seed}, stake {sim.stake}, rest {sim.rest}")


def _ante_text(sims: Sequence[Simulation]) -> str:
    """``, ante N`` for the runs whose deal has an ante step; nothing where none is paid."""
    paying = [s for s in sims if s.pays_ante]
    if not paying:
        return ""
    if len(paying) == len(sims) and len({s.ante for s in sims}) == 1:
        return f", ante {sims[0].ante}"
    return ", ante " + ", ".join(
        f"{s.label} {s.ante}" if s.pays_ante else f"{s.label} none" for s in sims)


def _number_column(table: Table, header: str) -> None:
    # numbers never wrap nor shrink: text columns (names, headers) give way instead
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


def _head_row(summary: Summary) -> list[str]:
    deals = summary.deals
    return [_count(summary.showdowns, deals), _count(summary.ended_by.get("carry", 0), deals),
            _count(summary.carried_over, deals), f"{summary.mean_pot:.3f}"]


_HEAD = ("Showdowns", "Carry-overs", "Pots carried", "Mean pot")


def _summary_tables(summary: Summary, sim: Simulation) -> list[Table]:
    head = Table()
    for column in ("Deals", *_HEAD):
        _number_column(head, column)
    head.add_row(str(summary.deals), *_head_row(summary))
    seats = Table(title="By seat")
    seats.add_column("Seat")
    _number_column(seats, "Win share")
    _number_column(seats, "Mean net (chips/deal)")
    for seat, share in enumerate(summary.win_share):
        seats.add_row(_seat_label(seat, sim), _percent(share),
                      f"{summary.mean_net[seat]:+.3f}")
    classes = Table(title="Winning class at the showdown")
    classes.add_column("Class")
    _number_column(classes, "Deals")
    _number_column(classes, "Share")
    shown = sum(summary.winning_classes.values())
    for cls, n in summary.winning_classes.items():
        classes.add_row(cls, str(n), _percent(n / shown) if shown else "-")
    return [head, seats, classes]


#: What the summary's columns mean, printed under it.
COLUMNS_NOTE = ("Carry-overs: deals that ended without a winner (nobody vied), pots of 0 "
                "chips included. Pots carried: deals that left 1 chip or more on the table for "
                "a next deal, for any reason (a carry-over with chips in the pot, a standing "
                "call nobody met). Win share: of the deals with a winner.")


@app.command("simulate")
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
                   jobs=jobs, progress=_progress(no_progress))
    summary = sim.summary()
    if json_output:
        print_json(summary.to_json())
        return
    out = console(soft_wrap=False)
    out.print(f"{sim.label}: {summary.deals} deals, {_table_text(sim)}" + _ante_text([sim]))
    for table in _summary_tables(summary, sim):
        out.print(table)
    out.print(carry_note(summary))
    out.print(COLUMNS_NOTE)


# --------------------------------------------------------------------------------------------
# compare


def _comparison_tables(cmp: Comparison) -> list[Table]:
    summaries = cmp.summaries()
    first = cmp.simulations[0]
    main = Table(title=f"Same seeds, side by side ({len(first)} deals each)")
    main.add_column("Variant", overflow="fold")
    for column in _HEAD:
        _number_column(main, column)
    for summary in summaries:
        main.add_row(summary.variant, str(summary.showdowns),
                     str(summary.ended_by.get("carry", 0)), str(summary.carried_over),
                     f"{summary.mean_pot:.3f}")
    shares = Table(title="Win share by seat")
    shares.add_column("Variant", overflow="fold")
    for seat in range(first.players):
        _number_column(shares, _seat_label(seat, first))
    for summary in summaries:
        shares.add_row(summary.variant, *(_percent(w) for w in summary.win_share))
    classes: list[str] = []
    for summary in summaries:
        classes += [c for c in summary.winning_classes if c not in classes]
    labels = [s.variant for s in summaries]
    width = console().width
    need = max(map(len, classes), default=5) + sum(max(len(x), 5) for x in labels) \
        + 3 * (len(labels) + 1) + 1
    numbered = need > width  # too wide: number the variants and give a legend under it
    heads = [f"#{k}" for k in range(1, len(labels) + 1)] if numbered else labels
    caption = ", ".join(f"#{k} {x}" for k, x in enumerate(labels, start=1)) if numbered \
        else None
    table = Table(title="Winning class at the showdown (deals)", caption=caption,
                  caption_justify="left")
    table.add_column("Class", no_wrap=True)
    for head in heads:
        _number_column(table, head)
    for cls in classes:
        table.add_row(cls, *(str(s.winning_classes.get(cls, "-")) for s in summaries))
    return [main, shares, table]


def _plot_target(path: Path) -> tuple[Path, str]:
    """Check a ``--plot`` path before any work and return the file to write and its format.

    The extension picks the format among matplotlib's (png, svg, pdf, ...; any case); a path
    without an extension gets ``.png`` (``--plot out`` writes ``out.png``, and says so).

    Raises:
        click.ClickException: via :func:`~primero.cli.core.fail` — a folder that does not
            exist or cannot be written to, a path that is a directory, or a format matplotlib
            cannot write.
    """
    from matplotlib.backend_bases import FigureCanvasBase

    if path.is_dir():
        fail(f"cannot save the plot to {path}: it is a directory; give a file name such as "
             f"{path / 'compare.png'}")
    if not path.suffix:
        path = path.with_name(path.name + ".png")
        if path.is_dir():
            fail(f"cannot save the plot to {path}: it is a directory")
    fmt = path.suffix[1:].lower()
    supported = FigureCanvasBase.get_supported_filetypes()
    if fmt not in supported:
        fail(f"cannot save the plot to {path}: unsupported format {fmt!r}; use one of "
             f"{', '.join(sorted(supported))}")
    folder = path.parent
    if not folder.is_dir():
        fail(f"cannot save the plot to {path}: folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        fail(f"cannot save the plot to {path}: folder {folder} is not writable")
    return path, fmt


@app.command("compare", short_help="Compare variants side by side on the same seeds.")
@click.argument("variants", nargs=-1, required=True, metavar="VARIANT...")
@table_options
@click.option("--plot", type=click.Path(path_type=Path), metavar="FILE.png", default=None,
              help="Save a picture: winning classes, win share by seat, pot sizes (needs "
                   "matplotlib). The extension picks the format (png, svg, pdf...); without "
                   "one, FILE.png is written.")
@json_option
def compare_command(variants: Sequence[str], players: int, deals: int, seed: int, agent: str,
                    jobs: int, chips: int, stake: int, rest: int, ante: int | None,
                    raise_cap: int | None, plot: Path | None, no_progress: bool,
                    json_output: bool) -> None:
    """Simulate several variants on the same seeds and compare them side by side.

    VARIANT: a variant name, or a variant with options as name:key=value,key=value
    (e.g. waks:supremus=false).

    --plot FILE is checked before any deal is played.
    """
    for text in variants:
        suggest_variant(text.partition(":")[0].strip())
    for text in variants:
        check_table(resolve_variant(text), players=players, stake=stake, rest=rest, ante=ante)
    plot_format = ""
    if plot is not None:
        try:
            from primero.analysis.plots import plot_comparison
        except ImportError:  # pragma: no cover - depends on the install
            fail("--plot needs matplotlib: pip install 'primero[analysis]'")
        plot, plot_format = _plot_target(plot)
    cmp = compare(list(variants), players=players, deals=deals, seed=seed, agents=agent,
                  chips=chips, stake=stake, rest=rest, ante=ante, raise_cap=raise_cap,
                  jobs=jobs, progress=_progress(no_progress))
    if plot is not None:
        try:
            figure = plot_comparison(cmp)
        except ImportError as exc:  # pragma: no cover - depends on the install
            fail(str(exc))
        try:
            figure.savefig(plot, dpi=110, format=plot_format)
        except OSError as exc:  # e.g. the folder vanished or filled up while simulating
            fail(f"cannot save the plot to {plot}: {exc.strerror or exc}")
    if json_output:
        print_json(cmp.to_json())
        return
    out = console(soft_wrap=False)
    if cmp.simulations:
        first = cmp.simulations[0]
        out.print(f"{len(first)} deals of each variant on the same seeds: "
                  + _table_text(first) + _ante_text(cmp.simulations))
    for table in _comparison_tables(cmp):
        out.print(table)
    out.print(COLUMNS_NOTE)
    if plot is not None:
        out.print(f"Plot saved to {plot}", soft_wrap=True)

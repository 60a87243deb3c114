"""The ``primero compare`` command: variants side by side on the same seeds.

``--plot FILE`` draws the comparison with :mod:`primero.analysis` (the ``analysis`` extra:
matplotlib), so this command's module is apart from ``simulate``'s.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from rich.table import Table

from primero.agents import AGENTS
from primero.analysis.differences import paired_differences, verdicts
from primero.analysis.intervals import Interval
from primero.analysis.plots import plot_comparison
from primero.cli.core import (
    FileName,
    app,
    console,
    fail,
    json_option,
    print_json,
    print_table,
    printable,
    suggest_variant,
)
from primero.cli.game import check_table
from primero.cli.pages import SHORT_HELP
from primero.cli.simulate import (
    COLUMNS_NOTE,
    HEAD,
    ante_text,
    chips_text,
    number_column,
    progress,
    seat_label,
    share_text,
    table_options,
    table_text,
)
from primero.errors import named
from primero.plugins.registry import resolve_variant
from primero.simulation.records import Summary
from primero.simulation.run import Comparison, compare

__all__ = ["PLOT_INSTALL", "compare_command", "comparison_json"]


#: The figures whose differences ``primero compare`` prints (the JSON gives them all).
SHOWN_FIGURES = ("showdown_share", "carried_over_share", "mean_pot", "win_share_0",
                 "mean_net_0")

#: A figure's name in the text tables.
FIGURE_NAMES = {"showdown_share": "showdown share", "carried_over_share": "carried over",
                "mean_pot": "mean pot (chips)", "win_share_0": "seat 0 win share",
                "mean_net_0": "seat 0 net (chips)"}


def _figure_name(figure: str) -> str:
    if figure in FIGURE_NAMES:
        return FIGURE_NAMES[figure]
    name, _, seat = figure.rpartition("_")
    return f"seat {seat} {'win share' if name == 'win_share' else 'net (chips)'}"


def _difference_text(figure: str, interval: Interval) -> str:
    if figure.startswith(("win_share", "showdown", "carried")):
        return f"{100 * interval.estimate:+.1f} pts ±{100 * interval.half_width:.1f}"
    return f"{interval.estimate:+.2f} ±{interval.half_width:.2f}"


def _comparison_tables(cmp: Comparison) -> list[Table]:
    summaries = cmp.summaries()
    first = cmp.simulations[0]
    several = len(cmp.populations) > 1

    def name(summary: Summary) -> str:
        return f"{summary.variant} ({summary.agents})" if several else summary.variant

    deals = f"{len(first)} deal{'' if len(first) == 1 else 's'}"
    main = Table(title=f"Same seeds, side by side ({deals} each, "
                       f"{', '.join(cmp.populations)} agents)")
    main.add_column("Variant", overflow="fold")
    for column in HEAD:
        number_column(main, column)
    for summary in summaries:
        main.add_row(name(summary), share_text(summary.showdown_share),
                     share_text(summary.carried_over_share), str(summary.no_winner),
                     chips_text(summary.pot))
    labels = [name(s) for s in summaries]
    width = console().width
    cells = [[share_text(w) for w in summary.win_shares] for summary in summaries]
    cell = max((len(c) for row in cells for c in row), default=10)
    seat_heads = [seat_label(seat, first) for seat in range(first.players)]
    need = max(map(len, labels), default=7) + sum(max(cell, len(h)) for h in seat_heads) \
        + 3 * (len(seat_heads) + 1) + 1
    by_number = need > width  # too wide: number the runs and give a legend under it
    shares = Table(title="Win share by seat (of the deals won)",
                   caption=", ".join(f"#{k} {x}" for k, x in enumerate(labels, start=1))
                   if by_number else None, caption_justify="left")
    shares.add_column("Variant", overflow="fold")
    for head in seat_heads:
        number_column(shares, head)
    for k, (label, row) in enumerate(zip(labels, cells, strict=True), start=1):
        shares.add_row(f"#{k}" if by_number else label, *row)
    classes: list[str] = []
    for summary in summaries:
        classes += [c for c in summary.winning_classes if c not in classes]
    need = max(map(len, classes), default=5) + sum(max(len(x), 5) for x in labels) \
        + 3 * (len(labels) + 1) + 1
    numbered = need > width  # too wide: number the variants and give a legend under it
    heads = [f"#{k}" for k in range(1, len(labels) + 1)] if numbered else labels
    caption = ", ".join(f"#{k} {x}" for k, x in enumerate(labels, start=1)) if numbered \
        else None
    table = Table(title="Winning class, every deal won (deals)", caption=caption,
                  caption_justify="left")
    table.add_column("Class", no_wrap=True)
    for head in heads:
        number_column(table, head)
    for cls in classes:
        table.add_row(cls, *(str(s.winning_classes.get(cls, "-")) for s in summaries))
    out = [main, shares, table]
    found = [d for d in paired_differences(cmp) if d.figure in SHOWN_FIGURES]
    if found:
        diffs = Table(title=f"Differences from {found[0].baseline}, deal by deal (paired)")
        diffs.add_column("Figure", overflow="fold")
        diffs.add_column("Variant", overflow="fold")
        if several:
            diffs.add_column("Agents", overflow="fold")
        number_column(diffs, "Difference")
        diffs.add_column("Clear of 0", no_wrap=True)
        for d in found:
            diffs.add_row(_figure_name(d.figure), d.variant,
                          *([d.agents] if several else []),
                          _difference_text(d.figure, d.interval),
                          "yes" if d.clear_of_zero else "no")
        out.append(diffs)
    if several:
        held = Table(title="Does it hold under every population of agents?")
        held.add_column("Figure", overflow="fold")
        held.add_column("Variant", overflow="fold")
        held.add_column("Conclusion", overflow="fold")
        held.add_column("Holds", no_wrap=True)
        for v in verdicts(cmp):
            if v.against == "fair share" or v.figure in SHOWN_FIGURES:
                held.add_row(_figure_name(v.figure), v.variant, v.conclusion,
                             "yes (rules)" if v.holds else
                             "no (bots)" if v.whose == "bots" else "no")
        out.append(held)
    return out


def comparison_json(cmp: Comparison) -> dict[str, Any]:
    """The ``primero compare --json`` object.

    :meth:`~primero.simulation.Comparison.to_json` with ``differences`` (every figure less
    the first variant's, paired deal by deal, per population: ``figure``, ``variant``,
    ``baseline``, ``agents``, ``value``, ``ci_low``, ``ci_high``, ``deals``,
    ``clear_of_zero``) and ``verdicts`` (``figure``, ``variant``, ``against``,
    ``conclusion``, ``holds``, ``whose``, ``moves_with_agents``, ``agents``).
    """
    data = cmp.to_json()
    data["differences"] = [
        {"figure": d.figure, "variant": d.variant, "baseline": d.baseline, "agents": d.agents,
         **d.interval.as_dict(), "clear_of_zero": d.clear_of_zero}
        for d in paired_differences(cmp)]
    data["verdicts"] = [
        {"figure": v.figure, "variant": v.variant, "against": v.against,
         "conclusion": v.conclusion, "holds": v.holds, "whose": v.whose,
         "moves_with_agents": v.moves_with_agents,
         "agents": list(v.agents)}
        for v in verdicts(cmp)]
    return data


#: What to run for ``--plot`` where matplotlib is missing (the ``analysis`` extra).
PLOT_INSTALL = "pip install 'primero[analysis]'"


def _plot_target(path: Path, *, force: bool = False) -> tuple[Path, str]:
    """Check a ``--plot`` path before any work and return the file to write and its format.

    The extension picks the format among matplotlib's (png, svg, pdf, ...; any case); a path
    without an extension gets ``.png`` (``--plot out`` writes ``out.png``, and says so).
    A file already there is kept unless ``force`` (``--force``), as ``play --save`` keeps one.

    Raises:
        click.ClickException: via :func:`~primero.cli.core.fail` — a folder that does not
            exist or cannot be written to, a path that is a directory, a file that exists
            (without ``force``), or a format matplotlib cannot write; or no matplotlib (one
            line naming the ``pip install`` to run).
    """
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        fail(f"--plot needs matplotlib, which is not installed: {PLOT_INSTALL}")

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
    if not force and path.exists():
        fail(f"cannot save the plot to {path}: the file exists; give --force to overwrite it")
    return path, fmt


@app.command("compare", short_help=SHORT_HELP["compare"])
@click.argument("variants", nargs=-1, required=True, metavar="VARIANT...")
@table_options
@click.option("--plot", type=FileName(), metavar="FILE.png", default=None,
              help="Save a picture: winning classes, win share by seat, pot sizes (needs "
                   "matplotlib). The extension picks the format (png, svg, pdf...); without "
                   "one, FILE.png is written. A file already there is refused unless --force.")
@click.option("--force", is_flag=True, help="Overwrite the --plot file if it exists.")
@click.option("--agents", "populations", default=None, metavar="A,B,...",
              help="Agent populations to compare the variants under, e.g. "
                   "random,heuristic,odds: every variant is played by each on the same "
                   "seeds, and a table says which conclusions hold under every one (the "
                   "rules') and which do not (the bots'). Overrides --agent.")
@json_option
def compare_command(variants: Sequence[str], players: int, deals: int, seed: int, agent: str,
                    jobs: int, chips: int, stake: int, rest: int, ante: int | None,
                    raise_cap: int | None, plot: Path | None, force: bool,
                    populations: str | None, no_progress: bool, json_output: bool) -> None:
    """Simulate several variants on the same seeds and compare them side by side.

    VARIANT: a variant name, or a variant with options as name:key=value,key=value
    (e.g. waks:supremus=false).

    --plot FILE is checked before any deal is played.
    """
    for text in variants:
        suggest_variant(text.partition(":")[0].strip())
    for text in variants:
        check_table(resolve_variant(text), players=players, stake=stake, rest=rest, ante=ante)
    agents = [agent]
    if populations is not None:
        typed = [a.strip() for a in populations.split(",") if a.strip()]
        unknown = [a for a in typed if a.lower() not in AGENTS]  # names in any case
        if unknown or not typed:
            fail(f"--agents: unknown agent {named(unknown[0])}; known agents: "
                 f"{', '.join(AGENTS)}" if unknown else "--agents: give at least one agent")
        agents = [a.lower() for a in typed]
        if len(set(agents)) != len(agents):
            fail(f"--agents: an agent is listed twice in {named(populations)}")
    plot_format = ""
    if plot is not None:
        plot, plot_format = _plot_target(plot, force=force)
    cmp = compare(list(variants), players=players, deals=deals, seed=seed, agents=agents,
                  chips=chips, stake=stake, rest=rest, ante=ante, raise_cap=raise_cap,
                  jobs=jobs, progress=progress(no_progress))
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
        print_json(comparison_json(cmp))
        return
    out = console(soft_wrap=False)
    if cmp.simulations:
        first = cmp.simulations[0]
        counted = f"{len(first)} deal{'' if len(first) == 1 else 's'}"
        out.print(f"{counted} of each variant on the same seeds: "
                  + table_text(first, cmp.populations) + ante_text(cmp.simulations))
    for table in _comparison_tables(cmp):
        print_table(out, table)
    out.print(COLUMNS_NOTE)
    if plot is not None:
        out.print(f"Plot saved to {printable(str(plot))}", soft_wrap=True)

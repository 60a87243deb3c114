"""The ``primero compare`` command: variants side by side on the same seeds.

``--plot FILE`` draws the comparison with :mod:`primero.analysis` (the ``analysis`` extra:
matplotlib), so this command's module is apart from ``simulate``'s.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import click
from rich.table import Table

from primero.analysis.plots import plot_comparison
from primero.cli.core import (
    app,
    console,
    fail,
    json_option,
    print_json,
    suggest_variant,
)
from primero.cli.game import check_table
from primero.cli.pages import SHORT_HELP
from primero.cli.simulate import (
    COLUMNS_NOTE,
    HEAD,
    ante_text,
    number_column,
    percent,
    progress,
    seat_label,
    table_options,
    table_text,
)
from primero.plugins.registry import resolve_variant
from primero.simulation.run import Comparison, compare

__all__ = ["PLOT_INSTALL", "compare_command"]


def _comparison_tables(cmp: Comparison) -> list[Table]:
    summaries = cmp.summaries()
    first = cmp.simulations[0]
    main = Table(title=f"Same seeds, side by side ({len(first)} deals each)")
    main.add_column("Variant", overflow="fold")
    for column in HEAD:
        number_column(main, column)
    for summary in summaries:
        main.add_row(summary.variant, str(summary.showdowns),
                     str(summary.ended_by.get("carry", 0)), str(summary.carried_over),
                     f"{summary.mean_pot:.3f}")
    shares = Table(title="Win share by seat")
    shares.add_column("Variant", overflow="fold")
    for seat in range(first.players):
        number_column(shares, seat_label(seat, first))
    for summary in summaries:
        shares.add_row(summary.variant, *(percent(w) for w in summary.win_share))
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
        number_column(table, head)
    for cls in classes:
        table.add_row(cls, *(str(s.winning_classes.get(cls, "-")) for s in summaries))
    return [main, shares, table]


#: What to run for ``--plot`` where matplotlib is missing (the ``analysis`` extra).
PLOT_INSTALL = "pip install 'primero[analysis]'"


def _plot_target(path: Path) -> tuple[Path, str]:
    """Check a ``--plot`` path before any work and return the file to write and its format.

    The extension picks the format among matplotlib's (png, svg, pdf, ...; any case); a path
    without an extension gets ``.png`` (``--plot out`` writes ``out.png``, and says so).

    Raises:
        click.ClickException: via :func:`~primero.cli.core.fail` — a folder that does not
            exist or cannot be written to, a path that is a directory, or a format matplotlib
            cannot write; or no matplotlib (one line naming the ``pip install`` to run).
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
    return path, fmt


@app.command("compare", short_help=SHORT_HELP["compare"])
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
        plot, plot_format = _plot_target(plot)
    cmp = compare(list(variants), players=players, deals=deals, seed=seed, agents=agent,
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
        print_json(cmp.to_json())
        return
    out = console(soft_wrap=False)
    if cmp.simulations:
        first = cmp.simulations[0]
        out.print(f"{len(first)} deals of each variant on the same seeds: "
                  + table_text(first) + ante_text(cmp.simulations))
    for table in _comparison_tables(cmp):
        out.print(table)
    out.print(COLUMNS_NOTE)
    if plot is not None:
        out.print(f"Plot saved to {plot}", soft_wrap=True)

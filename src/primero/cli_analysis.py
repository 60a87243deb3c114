"""The analysis commands of the ``primero`` command line: ``simulate``, ``odds`` and ``compare``.

Registered on :data:`primero.cli.app`::

    primero simulate [--variant V] [--players N] [--deals N] [--seed S]
                     [--agent random|heuristic] [--jobs N] [--json]
    primero odds CARDS [--discard CARDS] [--dead CARDS] [--target CLASS | --beat CARDS]
                 [--variant V] [--detail] [--json]
    primero compare V1 V2 ... [--deals N] [--seed S] [--jobs N] [--plot FILE.png] [--json]

``simulate`` and ``odds`` need no more than a base install; ``compare --plot`` needs
matplotlib (the ``analysis`` extra). Text tables print the same numbers as ``--json``.
"""

from __future__ import annotations

import enum
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from primero.analysis import (
    class_order,
    draw_distribution,
    exchange_options,
    fewer_points_better,
    hand_class_name,
)
from primero.cards import Card, format_cards, parse_cards
from primero.cli import JsonFlag, OptionList, VariantName, app, fail, load_variant, print_json
from primero.errors import PrimeroError
from primero.simulation import Comparison, Simulation, Summary, compare, simulate

__all__ = ["compare_command", "odds_command", "simulate_command"]


class AgentName(enum.StrEnum):
    """The computer players the commands offer."""

    heuristic = "heuristic"
    random = "random"


def _console() -> Console:
    return Console(file=sys.stdout, highlight=False, soft_wrap=False)


Players = Annotated[int, typer.Option("--players", "-n", min=2, help="Players at the table.")]
Deals = Annotated[int, typer.Option("--deals", "-d", min=0, help="Deals to simulate.")]
Seed = Annotated[int, typer.Option("--seed", "-s", help="Seed of the run (same seed, same "
                                                        "deals).")]
AgentOption = Annotated[AgentName, typer.Option(
    "--agent", "-a", help="Computer players: heuristic (plays on exact hand strength) or random.",
)]
Jobs = Annotated[int, typer.Option(
    "--jobs", "-j", min=0, help="Worker processes (0: one per core). Results do not depend on it.",
)]
Stake = Annotated[int, typer.Option("--stake", min=1, help="Smallest bet, in chips.")]
Rest = Annotated[int, typer.Option("--rest", min=1, help="Largest bet or raise, in chips.")]
Ante = Annotated[int | None, typer.Option(
    "--ante", min=0, help="Ante per player, in chips; default the variant's own.",
)]
Chips = Annotated[int, typer.Option("--chips", min=1, help="Each player's chips at the start "
                                                           "of every deal.")]
NoProgress = Annotated[bool, typer.Option("--no-progress", help="Never show a progress bar.")]


def _progress(no_progress: bool) -> bool | None:
    return False if no_progress else None


# --------------------------------------------------------------------------------------------
# simulate


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


def _header(sim: Simulation, deals: int) -> str:
    return f"{sim.label}: {deals} deals, {_table_text(sim)}" + _ante_text([sim])


def _summary_tables(summary: Summary, sim: Simulation) -> list[Table]:
    data = summary.to_json()
    deals = data["deals"]
    head = Table()
    for column in ("Deals", "Showdowns", "Carried over", "Mean pot"):
        head.add_column(column, justify="right")
    head.add_row(str(deals), _count(data["showdowns"], deals), _count(data["carried_over"], deals),
                 f"{data['mean_pot']:.3f}")
    seats = Table(title="By seat")
    seats.add_column("Seat")
    seats.add_column("Win share", justify="right")
    seats.add_column("Mean net (chips/deal)", justify="right")
    for seat, share in enumerate(data["win_share"]):
        seats.add_row(_seat_label(seat, sim), f"{share:.4f}", f"{summary.mean_net[seat]:+.3f}")
    classes = Table(title="Winning class at the showdown")
    classes.add_column("Class")
    classes.add_column("Deals", justify="right")
    shown = sum(data["winning_classes"].values())
    classes.add_column("Share", justify="right")
    for cls, n in data["winning_classes"].items():
        classes.add_row(cls, str(n), f"{n / shown:.4f}" if shown else "-")
    return [head, seats, classes]


def _count(n: int, of: int) -> str:
    return f"{n} ({100 * n / of:.1f}%)" if of else str(n)


@app.command("simulate")
def simulate_command(
    variant: VariantName = "waks",
    option: OptionList = None,
    players: Players = 4,
    deals: Deals = 1000,
    seed: Seed = 0,
    agent: AgentOption = AgentName.heuristic,
    jobs: Jobs = 1,
    chips: Chips = 50,
    stake: Stake = 1,
    rest: Rest = 3,
    ante: Ante = None,
    no_progress: NoProgress = False,
    json_output: JsonFlag = False,
) -> None:
    """Simulate deals between computer players and summarise them.

    Every deal starts from the same table; seat 0 is the eldest.
    Deal i is shuffled from a seed derived from --seed and i: --jobs changes no number.
    """
    configured = load_variant(variant, option)
    sim = simulate(configured, players=players, deals=deals, seed=seed, agents=agent.value,
                   chips=chips, stake=stake, rest=rest, ante=ante, jobs=jobs,
                   progress=_progress(no_progress))
    summary = sim.summary()
    if json_output:
        print_json(summary.to_json())
        return
    console = _console()
    console.print(_header(sim, summary.deals))
    for table in _summary_tables(summary, sim):
        console.print(table)


# --------------------------------------------------------------------------------------------
# odds


def _card_list(items: Sequence[str] | None) -> tuple[Card, ...]:
    return tuple(c for item in items or () for c in parse_cards(item))


def _fraction(count: int, total: int) -> str:
    return f"{count / total:.4f}" if total else "-"


@app.command("odds")
def odds_command(
    cards: Annotated[list[str], typer.Argument(
        metavar="CARDS", help="The hand (up to four cards), as arguments or one quoted string.",
    )],
    discard: Annotated[list[str] | None, typer.Option(
        "--discard", "-x", metavar="CARDS",
        help="Cards to throw (repeat or quote a list). Without it: every discard ranked.",
    )] = None,
    dead: Annotated[list[str] | None, typer.Option(
        "--dead", metavar="CARDS", help="Cards known not to be in the stock.",
    )] = None,
    target: Annotated[str | None, typer.Option(
        "--target", metavar="CLASS",
        help="Without --discard: rank discards by the chance of this class or better (any "
             "case) instead of by mean points.",
    )] = None,
    beat: Annotated[list[str] | None, typer.Option(
        "--beat", metavar="CARDS",
        help="Without --discard: rank discards by the chance of beating this hand.",
    )] = None,
    variant: VariantName = "waks",
    option: OptionList = None,
    detail: Annotated[bool, typer.Option(
        "--detail", help="With --discard: one row per resulting class and points.",
    )] = False,
    json_output: JsonFlag = False,
) -> None:
    """Exact draw odds: every possible draw after throwing --discard, counted.

    Without --discard, every possible discard is ranked by the mean points of the resulting hand.
    More points rank first, or fewer where the ranking prefers fewer points (losing).
    --target or --beat rank by the chance of that class or better, or of beating that hand.
    """
    configured = load_variant(variant, option)
    hand = parse_cards(" ".join(cards))
    if not hand:
        fail("no cards given: name the hand, e.g. primero odds Kh Qh Jh 2s")
    dead_cards = _card_list(dead)
    if discard is not None:
        if target is not None or beat:
            fail("--target and --beat rank the possible discards, so they go without "
                 "--discard (with --discard every class is shown already)")
        _draw_report(hand, _card_list(discard), dead_cards, configured, detail, json_output)
        return
    if detail:
        fail("--detail lists the outcomes of one discard: give it with --discard")
    if target is not None and beat:
        fail("give --target or --beat, not both")
    if target is not None:
        try:
            target = hand_class_name(target, class_order(configured.ranking), configured)
        except PrimeroError as exc:
            fail(f"--target: {exc}")
    criterion = "class" if target is not None else "beat" if beat else "points"
    goal: str | tuple[Card, ...] | None = target if target is not None else \
        (_card_list(beat) if beat else None)
    found = exchange_options(hand, configured, criterion=criterion, target=goal,
                             dead=dead_cards)
    if json_output:
        print_json({
            "variant": str(configured), "hand": [c.ascii for c in hand],
            "dead": [c.ascii for c in dead_cards], "criterion": criterion,
            "fewer_points_better": fewer_points_better(configured.ranking),
            "target": [c.ascii for c in goal] if isinstance(goal, tuple) else goal,
            "exchanges": [
                {"discard": [c.ascii for c in o.discard], "draws": o.distribution.total,
                 "score": round(float(o.score), 6),
                 "expected_points": round(float(o.distribution.expected_points()), 4),
                 "classes": {cls: round(n / o.distribution.total, 6)
                             for cls, n in o.distribution.class_counts().items()}}
                for o in found
            ],
        })
        return
    fewer = fewer_points_better(configured.ranking)
    what = {"points": "(lowest) mean points" if fewer else "mean points",
            "class": f"P({target} or better)",
            "beat": f"P(beat {format_cards(goal) if isinstance(goal, tuple) else ''})"}[criterion]
    console = _console()
    console.print(f"{format_cards(hand)} ({configured}): every discard, best {what} first; "
                  "chance of each class in %")
    table = Table()
    table.add_column("Discard", no_wrap=True)
    if criterion != "points":
        table.add_column(f"P({target}+)" if criterion == "class" else "P(beat)",
                         justify="right")
    table.add_column("Mean points", justify="right")
    classes = list(found[0].distribution.classes) if found else []
    for cls in classes:
        table.add_column(cls, justify="right")
    for o in found:
        dist = o.distribution
        counts = dist.class_counts()
        score = [] if criterion == "points" else [f"{float(o.score):.4f}"]
        table.add_row(format_cards(o.discard) or "(none)", *score,
                      f"{float(dist.expected_points()):.2f}",
                      *(f"{100 * counts[c] / dist.total:.1f}" for c in classes))
    console.print(table)


def _draw_report(hand: tuple[Card, ...], thrown: tuple[Card, ...], dead: tuple[Card, ...],
                 configured: Any, detail: bool, json_output: bool) -> None:
    dist = draw_distribution(hand, thrown, configured, dead=dead)
    rows: list[dict[str, Any]] = []
    for cls, n in dist.class_counts().items():
        points = [(o.points, o.count) for o in dist.outcomes if o.hand_class == cls]
        rows.append({
            "class": cls, "draws": n, "probability": round(n / dist.total, 6),
            "min_points": min((p for p, _ in points), default=None),
            "mean_points": round(sum(p * c for p, c in points) / n, 4) if n else None,
            "max_points": max((p for p, _ in points), default=None),
        })
    if json_output:
        data: dict[str, Any] = {
            "variant": str(configured), "hand": [c.ascii for c in hand],
            "discard": [c.ascii for c in thrown], "dead": [c.ascii for c in dead],
            "drawn": dist.drawn, "unseen": dist.unseen, "draws": dist.total,
            "expected_points": round(float(dist.expected_points()), 4), "classes": rows,
        }
        if detail:
            data["outcomes"] = [
                {"class": o.hand_class, "points": o.points, "draws": o.count,
                 "probability": round(o.count / dist.total, 6)} for o in dist.outcomes
            ]
        print_json(data)
        return
    console = _console()
    kept = [c for c in hand if c not in thrown]
    console.print(f"{format_cards(kept) or 'nothing'} kept, {format_cards(thrown) or 'nothing'} "
                  f"thrown ({configured}): {dist.drawn} drawn from {dist.unseen} unseen cards, "
                  f"{dist.total:,} draws")
    if detail:
        table = Table()
        for column in ("Class", "Points"):
            table.add_column(column)
        table.add_column("Draws", justify="right")
        table.add_column("Probability", justify="right")
        for o in dist.outcomes:
            table.add_row(o.hand_class, str(o.points), str(o.count),
                          f"{o.count / dist.total:.6f}")
    else:
        table = Table()
        table.add_column("Class")
        for column in ("Draws", "Probability", "Points"):
            table.add_column(column, justify="right")
        table.add_column("Mean points", justify="right")
        for row in rows:
            low, high = row["min_points"], row["max_points"]
            span = "-" if low is None else str(low) if low == high else f"{low}–{high}"
            table.add_row(row["class"], str(row["draws"]), f"{row['probability']:.6f}", span,
                          "-" if row["mean_points"] is None else f"{row['mean_points']:.4f}")
    console.print(table)
    console.print(f"Expected points: {float(dist.expected_points()):.4f}")


# --------------------------------------------------------------------------------------------
# compare


def _comparison_tables(cmp: Comparison) -> list[Table]:
    data = cmp.to_json()
    players = data["players"]
    first = cmp.simulations[0]
    main = Table(title="Same seeds, side by side")
    main.add_column("Variant")
    for column in ("Deals", "Showdowns", "Carried over", "Mean pot"):
        main.add_column(column, justify="right")
    for seat in range(players):
        main.add_column(f"Win share {_seat_label(seat, first)}", justify="right")
    for run in data["variants"]:
        main.add_row(run["variant"], str(run["deals"]), _count(run["showdowns"], run["deals"]),
                     _count(run["carried_over"], run["deals"]), f"{run['mean_pot']:.3f}",
                     *(f"{w:.4f}" for w in run["win_share"]))
    classes: list[str] = []
    for run in data["variants"]:
        classes += [c for c in run["winning_classes"] if c not in classes]
    table = Table(title="Winning class at the showdown (deals)")
    table.add_column("Class")
    for run in data["variants"]:
        table.add_column(run["variant"], justify="right")
    for cls in classes:
        table.add_row(cls, *(str(run["winning_classes"].get(cls, "-"))
                             for run in data["variants"]))
    return [main, table]


def _plot_target(path: Path) -> tuple[Path, str]:
    """Check a ``--plot`` path before any work and return the file to write and its format.

    The extension picks the format among matplotlib's (png, svg, pdf, ...; any case); a path
    without an extension gets ``.png`` (``--plot out`` writes ``out.png``, and says so).

    Raises:
        typer.Exit: via :func:`~primero.cli.fail` — a folder that does not exist or cannot be
            written to, a path that is a directory, or a format matplotlib cannot write.
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


@app.command("compare")
def compare_command(
    variants: Annotated[list[str], typer.Argument(
        metavar="VARIANT...",
        help="Variants to compare; a variant with options as name:key=value,key=value "
             "(e.g. waks:supremus=false).",
    )],
    players: Players = 4,
    deals: Deals = 1000,
    seed: Seed = 0,
    agent: AgentOption = AgentName.heuristic,
    jobs: Jobs = 1,
    chips: Chips = 50,
    stake: Stake = 1,
    rest: Rest = 3,
    ante: Ante = None,
    plot: Annotated[Path | None, typer.Option(
        "--plot", metavar="FILE.png",
        help="Save a picture: winning classes, win share by seat, pot sizes (needs matplotlib). "
             "The extension picks the format (png, svg, pdf...); without one, FILE.png is "
             "written.",
    )] = None,
    no_progress: NoProgress = False,
    json_output: JsonFlag = False,
) -> None:
    """Simulate several variants on the same seeds and compare them side by side.

    --plot FILE is checked before any deal is played.
    """
    if plot is not None:
        try:
            from primero.analysis import plot_comparison
        except ImportError:  # pragma: no cover - depends on the install
            fail("--plot needs matplotlib: pip install 'primero[analysis]'")
        plot, plot_format = _plot_target(plot)
    cmp = compare(variants, players=players, deals=deals, seed=seed, agents=agent.value,
                  chips=chips, stake=stake, rest=rest, ante=ante, jobs=jobs,
                  progress=_progress(no_progress))
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
    console = _console()
    if cmp.simulations:
        first = cmp.simulations[0]
        console.print(f"{len(first)} deals of each variant on the same seeds: "
                      + _table_text(first) + _ante_text(cmp.simulations))
    for table in _comparison_tables(cmp):
        console.print(table)
    if plot is not None:
        console.print(f"Plot saved to {plot}")

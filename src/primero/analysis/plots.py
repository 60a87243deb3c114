"""Plots of exact frequencies and of simulation runs, as matplotlib figures.

Each function returns a :class:`~matplotlib.figure.Figure` (``fig.savefig("out.png")``);
matplotlib comes with the ``analysis`` extra.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from primero.analysis.common import VariantLike, _figure
from primero.analysis.frequencies import hand_frequencies
from primero.analysis.tables import _runs
from primero.simulation import Comparison, Simulation
from primero.variant import Variant

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "plot_class_frequencies",
    "plot_comparison",
    "plot_pot_sizes",
    "plot_win_share",
    "plot_winning_classes",
]

_COLOURS = ("#1f4e79", "#c55a11", "#548235", "#7030a0", "#bf9000", "#2e75b6", "#a5a5a5",
            "#843c0c")


def _grouped_bars(ax: Axes, groups: Sequence[str], series: Mapping[str, Sequence[float]],
                  *, ylabel: str, log: bool = False) -> None:
    width = 0.8 / max(1, len(series))
    for k, (label, values) in enumerate(series.items()):
        offsets = [i - 0.4 + width * (k + 0.5) for i in range(len(groups))]
        ax.bar(offsets, values, width=width, label=label, color=_COLOURS[k % len(_COLOURS)])
    ax.set_xticks(range(len(groups)), list(groups))
    ax.set_ylabel(ylabel)
    if log:
        ax.set_yscale("log")
    ax.grid(axis="y", alpha=0.3)
    ax.set_axisbelow(True)
    if len(series) > 1:
        ax.legend(fontsize="small")


def _union(orders: Iterable[Sequence[str]]) -> list[str]:
    seen: list[str] = []
    for order in orders:
        for item in order:
            if item not in seen:
                seen.append(item)
    return seen


def plot_class_frequencies(variants: Sequence[VariantLike] | VariantLike = "waks",
                           *, ax: Axes | None = None) -> Figure:
    """Exact class probabilities over the pack, one bar per class and variant (log scale)."""
    chosen = [variants] if isinstance(variants, str | Variant) else list(variants)
    tables = [hand_frequencies(v) for v in chosen]
    classes = _union(t["class"].tolist() for t in tables)
    series = {
        str(t["variant"].iloc[0]): [
            float(t.loc[t["class"] == c, "probability"].sum()) for c in classes
        ] for t in tables
    }
    fig, axes = _axes(ax)
    _grouped_bars(axes, classes, series, ylabel="probability (log scale)", log=True)
    axes.set_title("Hands of each class (exact)")
    return fig


def _axes(ax: Axes | None, **kwargs: Any) -> tuple[Figure, Axes]:
    if ax is not None:
        figure = ax.get_figure()
        assert figure is not None
        return figure, ax  # type: ignore[return-value]
    fig = _figure(figsize=kwargs.get("figsize", (7, 4)), layout="constrained")
    return fig, fig.add_subplot()


def plot_winning_classes(source: Simulation | Comparison, *, ax: Axes | None = None) -> Figure:
    """Share of each class among the winning hands shown, per variant."""
    runs = _runs(source)
    summaries = [r.summary() for r in runs]
    classes = [c for c in _union(list(s.winning_classes) for s in summaries)
               if any(s.winning_classes.get(c, 0) for s in summaries)]
    series = {}
    for s in summaries:
        shown = sum(s.winning_classes.values()) or 1
        series[s.variant] = [s.winning_classes.get(c, 0) / shown for c in classes]
    fig, axes = _axes(ax)
    _grouped_bars(axes, classes, series, ylabel="share of winning hands shown")
    axes.set_title("Winning class at the showdown")
    return fig


def plot_win_share(source: Simulation | Comparison, *, ax: Axes | None = None) -> Figure:
    """Win share by seat, per variant, with the fair share ``1 / players`` marked.

    In independent deals seat 0 is the eldest and the last seat deals.
    """
    runs = _runs(source)
    summaries = [r.summary() for r in runs]
    players = max(s.players for s in summaries)
    fixed = all(r.mode == "deals" for r in runs)
    seats = [f"seat {i}" + (" (eldest)" if fixed and i == 0 else
                            " (dealer)" if fixed and i == players - 1 else "")
             for i in range(players)]
    series = {s.variant: list(s.win_share) + [0.0] * (players - s.players) for s in summaries}
    fig, axes = _axes(ax)
    axes.axhline(1 / players, color="black", linestyle="--", linewidth=1,
                 label=f"fair share 1/{players}")
    _grouped_bars(axes, seats, series, ylabel="share of deals won")
    top = max([1 / players, *(w for values in series.values() for w in values)])
    axes.set_ylim(0, top * 1.3)  # room for the legend above the bars
    axes.legend(fontsize="small", loc="upper center", ncols=min(4, len(series) + 1))
    axes.set_title("Win share by seat")
    return fig


def plot_pot_sizes(source: Simulation | Comparison, *, ax: Axes | None = None) -> Figure:
    """Distribution of pot sizes (chips contested per deal): a box per variant, means marked."""
    runs = _runs(source)
    fig, axes = _axes(ax)
    data = [[r.pot for r in run.results] for run in runs]
    labels = [run.label for run in runs]
    boxes = axes.boxplot(data, showmeans=True, patch_artist=True, widths=0.6,
                         medianprops={"color": "black"},
                         meanprops={"marker": "D", "markerfacecolor": "white",
                                    "markeredgecolor": "black"})
    for k, patch in enumerate(boxes["boxes"]):
        patch.set_facecolor(_COLOURS[k % len(_COLOURS)])
        patch.set_alpha(0.6)
    axes.set_xticks(range(1, len(labels) + 1), labels)
    axes.set_ylabel("pot (chips); line: median, diamond: mean")
    axes.grid(axis="y", alpha=0.3)
    axes.set_axisbelow(True)
    axes.set_title("Pot sizes")
    return fig


def plot_comparison(source: Simulation | Comparison) -> Figure:
    """Three panels side by side: winning classes, win share by seat, pot sizes."""
    runs = _runs(source)
    fig = _figure(figsize=(16, 5), layout="constrained")
    left, middle, right = fig.subplots(1, 3)
    plot_winning_classes(source, ax=left)
    plot_win_share(source, ax=middle)
    plot_pot_sizes(source, ax=right)
    first = runs[0] if runs else None
    if first is not None:
        fig.suptitle(
            f"{', '.join(r.label for r in runs)} — {len(first)} deals each, "
            f"{first.players} players, {'/'.join(sorted(set(first.agents)))} agents, "
            f"seed {first.seed}"
        )
    return fig

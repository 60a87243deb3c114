"""Plots of exact frequencies and of simulation runs, as matplotlib figures.

Each function returns a :class:`~matplotlib.figure.Figure` (``fig.savefig("out.png")``);
matplotlib comes with the ``analysis`` extra.

The plots stay readable up to eight variants (the colours run out after that): the figure
grows with the number of classes, seats and variants (up to 18 inches),
tick labels wrap at word boundaries and turn upright when they still would not fit side by
side, and the legends sit outside the axes, so they never cover a bar or a tick.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING

from primero.analysis.common import VariantLike, new_figure
from primero.analysis.frequencies import hand_frequencies
from primero.analysis.intervals import Interval, mean_interval, share_interval
from primero.analysis.tables import runs_of
from primero.simulation.records import Summary
from primero.simulation.run import Comparison, Simulation
from primero.variant import Variant

if TYPE_CHECKING:
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    #: Draws bars by class on the axes: ``(axes, classes, series, width in inches or None)``.
    _DrawBars = Callable[[Axes, Sequence[str], Mapping[str, Sequence[float]], float | None], None]

__all__ = [
    "plot_class_frequencies",
    "plot_comparison",
    "plot_pot_sizes",
    "plot_win_share",
    "plot_winning_classes",
]

_COLOURS = ("#1f4e79", "#c55a11", "#548235", "#7030a0", "#bf9000", "#2e75b6", "#a5a5a5",
            "#843c0c")

# Figure geometry, in inches.
_MIN_WIDTH = 6.4  # the narrowest figure
_MAX_WIDTH = 18.0  # the widest; past it, tick labels turn upright instead
_HEIGHT = 4.0  # one panel
_Y_MARGIN = 1.1  # y tick labels and the y label, left of the axes
_GAP = 0.2  # between neighbouring tick labels
_BAR = 0.1  # the narrowest bar
_WRAP = 12  # tick labels wrap at whole words past this many characters
_LEGEND_WRAP = 28  # legend entries wrap past this many characters


def _wrap(label: str, width: int = _WRAP) -> str:
    """``label`` broken at spaces into lines of about ``width`` characters (words whole)."""
    lines = textwrap.wrap(label, width, break_long_words=False, break_on_hyphens=False)
    return "\n".join(lines) or label


@cache
def _text_width(text: str, size: str | float) -> float:
    """The width in inches of the widest line of ``text`` at font ``size``."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextToPath

    prop = FontProperties(size=size)
    measure = TextToPath()
    return max(measure.get_text_width_height_descent(line, prop, ismath=False)[0]
               for line in text.split("\n")) / 72


def _tick_size() -> str | float:
    from matplotlib import rcParams

    return rcParams["xtick.labelsize"]  # type: ignore[no-any-return]


def _slot(labels: Sequence[str], wrap: bool = True) -> float:
    """Inches each tick needs for its label (wrapped or not) to sit level beside the others."""
    size = _tick_size()
    return max((_text_width(_wrap(label) if wrap else label, size) for label in labels),
               default=0.0) + _GAP


def _legend_width(labels: Sequence[str]) -> float:
    """Inches a legend of ``labels`` takes right of the axes (0 without a legend)."""
    if not labels:
        return 0.0
    return max(_text_width(_wrap(label, _LEGEND_WRAP), "small") for label in labels) + 0.9


def _bars_width(groups: Sequence[str], series: int) -> float:
    """Inches of axes that ``groups`` of ``series`` bars each need (labels on one line)."""
    return len(groups) * max(_slot(groups, wrap=False), _BAR * series / 0.8, 0.5)


def _set_ticks(ax: Axes, positions: Sequence[float], labels: Sequence[str],
               width: float | None = None) -> None:
    """Put ``labels`` at ``positions``, level if they fit side by side, else upright.

    Level labels are wrapped at word boundaries when they do not fit on one line. ``width``
    is the axes' width in inches when known (the figures drawn here), else it is read from
    the axes' position in its figure. Upright labels stay on one line, so each takes one
    line's height of the axis.
    """
    if width is None:
        figure = ax.get_figure()
        assert figure is not None
        width = ax.get_position().width * figure.bbox.width / figure.dpi
    if not labels or _slot(labels, wrap=False) * len(labels) <= width:
        ax.set_xticks(list(positions), list(labels))
    elif _slot(labels) * len(labels) <= width:
        ax.set_xticks(list(positions), [_wrap(label) for label in labels])
    else:
        ax.set_xticks(list(positions), list(labels), rotation=90)


def _legend_outside(ax: Axes, handles: Sequence[Artist] | None = None) -> None:
    """The axes' legend right of the axes, top aligned, entries wrapped."""
    if handles is None:
        found, labels = ax.get_legend_handles_labels()
        handles = found
    else:
        labels = [str(h.get_label()) for h in handles]
    ax.legend(handles, [_wrap(label, _LEGEND_WRAP) for label in labels], fontsize="small",
              loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0)


def _grouped_bars(ax: Axes, groups: Sequence[str], series: Mapping[str, Sequence[float]],
                  *, ylabel: str, log: bool = False, width: float | None = None,
                  errors: Mapping[str, Sequence[Interval]] | None = None) -> None:
    """Bars by group, one colour per series; ``errors`` draws each bar's 95 % interval."""
    bar = 0.8 / max(1, len(series))
    for k, (label, values) in enumerate(series.items()):
        offsets = [i - 0.4 + bar * (k + 0.5) for i in range(len(groups))]
        yerr = None
        if errors is not None:
            bounds = errors[label]
            yerr = [[max(v - i.low, 0.0) for v, i in zip(values, bounds, strict=True)],
                    [max(i.high - v, 0.0) for v, i in zip(values, bounds, strict=True)]]
        ax.bar(offsets, values, width=bar, label=label, color=_COLOURS[k % len(_COLOURS)],
               yerr=yerr, capsize=2 if yerr is not None else 0,
               error_kw={"elinewidth": 0.8, "ecolor": "black"})
    _set_ticks(ax, range(len(groups)), groups, width)
    ax.set_xlim(-0.5, max(len(groups), 1) - 0.5)  # no groups (no deal won): an empty panel
    ax.set_ylabel(ylabel)
    if log:
        ax.set_yscale("log")
    ax.grid(axis="y", alpha=0.3)
    ax.set_axisbelow(True)


def _union(orders: Iterable[Sequence[str]]) -> list[str]:
    seen: list[str] = []
    for order in orders:
        for item in order:
            if item not in seen:
                seen.append(item)
    return seen


def _axes(ax: Axes | None, needed: float, legend: Sequence[str] = ()) \
        -> tuple[Figure, Axes, float | None]:
    """The figure and axes to draw on, and the axes' width in inches when drawn here.

    A new figure is as wide as ``needed`` inches of axes plus the y labels and the legend
    right of the axes, between 6.4 and 18 inches.
    """
    if ax is not None:
        figure = ax.get_figure()
        assert figure is not None
        return figure, ax, None  # type: ignore[return-value]
    margins = _Y_MARGIN + _legend_width(legend)
    width = min(max(needed + margins, _MIN_WIDTH), _MAX_WIDTH)
    fig = new_figure(figsize=(width, _HEIGHT), layout="constrained")
    return fig, fig.add_subplot(), width - margins


# --------------------------------------------------------------------------------------------
# What each panel shows


def _class_frequency_series(variants: Sequence[VariantLike] | VariantLike) \
        -> tuple[list[str], dict[str, list[float]]]:
    chosen = [variants] if isinstance(variants, str | Variant) else list(variants)
    tables = [hand_frequencies(v) for v in chosen]
    classes = _union(t["class"].tolist() for t in tables)
    series = {
        str(t["variant"].iloc[0]): [
            float(t.loc[t["class"] == c, "probability"].sum()) for c in classes
        ] for t in tables
    }
    return classes, series


def _series_names(runs: Sequence[Simulation]) -> list[str]:
    """Each run's name in a legend: its variant, with its agents when populations differ."""
    several = len({r.population for r in runs}) > 1
    return [f"{r.label} ({r.population})" if several else r.label for r in runs]


def _agents_text(runs: Sequence[Simulation]) -> str:
    """Who played, for a title: ``"heuristic agents"`` or ``"agents: random; heuristic"``."""
    populations = list(dict.fromkeys(r.population for r in runs))
    if len(populations) == 1:
        return f"{populations[0]} agents"
    return "agents: " + "; ".join(populations)


_NO_DEALS = share_interval(0, 0)


def _winning_class_series(runs: Sequence[Simulation], summaries: Sequence[Summary]) \
        -> tuple[list[str], dict[str, list[float]], dict[str, list[Interval]]]:
    classes = [c for c in _union(list(s.winning_classes) for s in summaries)
               if any(s.winning_classes.get(c, 0) for s in summaries)]
    series, errors = {}, {}
    for name, s in zip(_series_names(runs), summaries, strict=True):
        shares = [s.class_shares.get(c, _NO_DEALS) for c in classes]
        series[name] = [i.estimate if c in s.class_shares else 0.0
                        for c, i in zip(classes, shares, strict=True)]
        errors[name] = shares
    return classes, series, errors


def _win_share_series(runs: Sequence[Simulation], summaries: Sequence[Summary]) \
        -> tuple[list[str], dict[str, list[float]], dict[str, list[Interval]], int]:
    players = max(s.players for s in summaries)
    fixed = all(r.mode == "deals" for r in runs)
    seats = [f"seat {i}" + (" (eldest)" if fixed and i == 0 else
                            " (dealer)" if fixed and i == players - 1 else "")
             for i in range(players)]
    series, errors = {}, {}
    for name, s in zip(_series_names(runs), summaries, strict=True):
        series[name] = list(s.win_share) + [0.0] * (players - s.players)
        errors[name] = list(s.win_shares) + [_NO_DEALS] * (players - s.players)
    return seats, series, errors, players


# --------------------------------------------------------------------------------------------
# Drawing one panel


def _draw_class_frequencies(ax: Axes, classes: Sequence[str],
                            series: Mapping[str, Sequence[float]], width: float | None) -> None:
    _grouped_bars(ax, classes, series, ylabel="probability (log scale)", log=True, width=width)
    ax.set_title("Hands of each class (exact)")


def _draw_winning_classes(ax: Axes, classes: Sequence[str],
                          series: Mapping[str, Sequence[float]], width: float | None,
                          errors: Mapping[str, Sequence[Interval]] | None = None) -> None:
    _grouped_bars(ax, classes, series, ylabel="share of deals won", width=width,
                  errors=errors)
    ax.set_title("Winning class, every deal won (95 % intervals)")


def _draw_win_share(ax: Axes, seats: Sequence[str], series: Mapping[str, Sequence[float]],
                    players: int, width: float | None,
                    errors: Mapping[str, Sequence[Interval]] | None = None) -> Artist:
    """Draw the win share panel; return the fair-share line (for a legend)."""
    fair = ax.axhline(1 / players, color="black", linestyle="--", linewidth=1,
                      label=f"fair share 1/{players}")
    _grouped_bars(ax, seats, series, ylabel="share of deals won", width=width, errors=errors)
    tops = [w for values in series.values() for w in values]
    if errors is not None:
        tops += [i.high for bounds in errors.values() for i in bounds if i.deals]
    top = max([1 / players, *tops])
    ax.set_ylim(0, min(1.0, top * 1.1) if top > 0 else 1.0)
    ax.set_title("Win share by seat (95 % intervals)")
    return fair


def _draw_pot_sizes(ax: Axes, runs: Sequence[Simulation], width: float | None) -> None:
    data = [[r.pot for r in run.results] for run in runs]
    labels = _series_names(runs)
    boxes = ax.boxplot(data, showmeans=True, patch_artist=True, widths=0.6,
                       medianprops={"color": "black"},
                       meanprops={"marker": "D", "markerfacecolor": "white",
                                  "markeredgecolor": "black"})
    for k, patch in enumerate(boxes["boxes"]):
        patch.set_facecolor(_COLOURS[k % len(_COLOURS)])
        patch.set_alpha(0.6)
    for k, run in enumerate(runs, start=1):
        pot = mean_interval([float(r.pot) for r in run.results])
        if pot.deals > 1:
            ax.errorbar([k], [pot.estimate], yerr=[[pot.estimate - pot.low],
                                                   [pot.high - pot.estimate]],
                        color="black", capsize=4, linewidth=1.2, zorder=5)
    _set_ticks(ax, range(1, len(labels) + 1), labels, width)
    ax.set_ylabel("pot (chips); line: median,\ndiamond: mean ± 95 % interval")
    ax.grid(axis="y", alpha=0.3)
    ax.set_axisbelow(True)
    ax.set_title("Pot sizes")


def _pots_width(runs: Sequence[Simulation]) -> float:
    return len(runs) * max(_slot(_series_names(runs), wrap=False), 0.6)


# --------------------------------------------------------------------------------------------
# The plots


def _class_bars(ax: Axes | None, classes: Sequence[str], series: Mapping[str, Sequence[float]],
                draw: _DrawBars) -> Figure:
    """Bars by class drawn by ``draw`` on ``ax`` or a new figure; a legend for 2+ series."""
    legend = list(series) if len(series) > 1 else []
    fig, axes, width = _axes(ax, _bars_width(classes, len(series)), legend)
    draw(axes, classes, series, width)
    if legend:
        _legend_outside(axes)
    return fig


def plot_class_frequencies(variants: Sequence[VariantLike] | VariantLike = "waks",
                           *, ax: Axes | None = None) -> Figure:
    """Exact class probabilities over the pack, one bar per class and variant (log scale).

    The figure widens with the classes and variants; the legend (several variants) sits right
    of the axes.
    """
    classes, series = _class_frequency_series(variants)
    return _class_bars(ax, classes, series, _draw_class_frequencies)


def plot_winning_classes(source: Simulation | Comparison, *, ax: Axes | None = None) -> Figure:
    """Share of each class among every deal won, per run, with 95 % error bars (Wilson).

    A deal won without a showdown counts as ``"unseen"``; the title names the agents.
    """
    runs = runs_of(source)
    classes, series, errors = _winning_class_series(runs, [r.summary() for r in runs])
    legend = list(series) if len(series) > 1 else []
    fig, axes, width = _axes(ax, _bars_width(classes, len(series)), legend)
    _draw_winning_classes(axes, classes, series, width, errors)
    axes.set_title(f"Winning class, every deal won ({_agents_text(runs)}, 95 % intervals)")
    if legend:
        _legend_outside(axes)
    return fig


def plot_win_share(source: Simulation | Comparison, *, ax: Axes | None = None) -> Figure:
    """Win share by seat, per variant, with the fair share ``1 / players`` marked.

    In independent deals seat 0 is the eldest and the last seat deals. The legend sits right
    of the axes.
    """
    runs = runs_of(source)
    seats, series, errors, players = _win_share_series(runs, [r.summary() for r in runs])
    legend = [f"fair share 1/{players}", *series]
    fig, axes, width = _axes(ax, _bars_width(seats, len(series)), legend)
    _draw_win_share(axes, seats, series, players, width, errors)
    axes.set_title(f"Win share by seat ({_agents_text(runs)}, 95 % intervals)")
    _legend_outside(axes)
    return fig


def plot_pot_sizes(source: Simulation | Comparison, *, ax: Axes | None = None) -> Figure:
    """Pot sizes (chips contested per deal): a box per run, the mean with its 95 % interval."""
    runs = runs_of(source)
    fig, axes, width = _axes(ax, _pots_width(runs))
    _draw_pot_sizes(axes, runs, width)
    axes.set_title(f"Pot sizes ({_agents_text(runs)})")
    return fig


def plot_comparison(source: Simulation | Comparison) -> Figure:
    """Three panels: winning classes, win share by seat, pot sizes; one legend for all.

    Side by side when they fit in 18 inches, else one above the other (many variants or
    long labels); the shared legend (a colour per variant, and the fair share) sits right of
    the panels.
    """
    runs = runs_of(source)
    summaries = [r.summary() for r in runs]
    classes, class_series, class_errors = _winning_class_series(runs, summaries)
    seats, share_series, share_errors, players = _win_share_series(runs, summaries)
    needed = [_bars_width(classes, len(runs)), _bars_width(seats, len(runs)), _pots_width(runs)]
    wrapped = [len(classes) * _slot(classes), len(seats) * _slot(seats),
               len(runs) * _slot(_series_names(runs))]
    legend = [f"fair share 1/{players}", *share_series]
    side = _legend_width(legend)
    widths = [max(w, 3.0) for w in needed]
    if sum(max(w, 3.0) for w in wrapped) + 3 * _Y_MARGIN + side <= _MAX_WIDTH:
        width = min(max(16.0, sum(widths) + 3 * _Y_MARGIN + side), _MAX_WIDTH)
        # each panel's share of the width; its axes get at least its wrapped labels' width
        spare = width - side - 3 * _Y_MARGIN
        widths = [spare * w / sum(widths) for w in widths]
        fig = new_figure(figsize=(width, 5.0), layout="constrained")
        panels = fig.subplots(1, 3, width_ratios=[w + _Y_MARGIN for w in widths])
    else:
        width = min(max(max(needed) + _Y_MARGIN + side, 10.0), _MAX_WIDTH)
        widths = [width - _Y_MARGIN - side] * 3
        fig = new_figure(figsize=(width, 3 * _HEIGHT + 0.6), layout="constrained")
        panels = fig.subplots(3, 1)
    left, middle, right = panels
    _draw_winning_classes(left, classes, class_series, widths[0], class_errors)
    fair = _draw_win_share(middle, seats, share_series, players, widths[1], share_errors)
    _draw_pot_sizes(right, runs, widths[2])
    handles, _ = middle.get_legend_handles_labels()
    bars = [h for h in handles if h is not fair]
    fig.legend([fair, *bars], [_wrap(str(h.get_label()), _LEGEND_WRAP) for h in [fair, *bars]],
               fontsize="small", loc="outside right upper")
    first = runs[0] if runs else None
    if first is not None:
        title = (f"{', '.join(dict.fromkeys(r.label for r in runs))} — {len(first)} "
                 f"deal{'' if len(first) == 1 else 's'} each, {first.players} players, "
                 f"{_agents_text(runs)}, seed {first.seed}; "
                 "error bars: 95 % intervals")
        fig.suptitle(textwrap.fill(title, int((fig.get_figwidth() - side) * 8.5)))
    return fig

"""Simulation runs as tidy DataFrames: deals, seats, winning classes and summaries.

Pure records come from :mod:`primero.simulation`; these tables need pandas (the ``analysis``
extra).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from primero.analysis.common import VariantLike, data_frame
from primero.analysis.differences import paired_differences, verdicts
from primero.analysis.intervals import Interval
from primero.simulation.run import Comparison, Simulation, compare

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["class_table", "compare_variants", "deal_table", "difference_table", "figure_table",
           "seat_table", "summary_table", "verdict_table"]


def runs_of(source: Simulation | Comparison) -> tuple[Simulation, ...]:
    """The runs a table or plot reads: ``(source,)`` for one run, a comparison's runs in order.

    Raises:
        TypeError: ``source`` is neither a :class:`~primero.simulation.Simulation` nor a
            :class:`~primero.simulation.Comparison`; the message names its type.
    """
    if isinstance(source, Simulation):
        return (source,)
    if isinstance(source, Comparison):
        return source.simulations
    raise TypeError(f"expected a Simulation or a Comparison, got {type(source).__name__}")


def deal_table(source: Simulation | Comparison) -> pd.DataFrame:
    """One row per simulated deal (runs stacked, told apart by ``variant`` and ``agents``).

    Columns: the fields of :class:`~primero.simulation.DealResult` (``winners`` and
    ``winner_positions`` as tuples), with ``net`` spread into ``net_0`` … ``net_{n-1}``, and
    ``agents`` (the run's population) after ``variant``. A run of no deals gives no rows
    under the same columns.
    """
    rows = []
    for run in runs_of(source):
        for r in run.results:
            row = r.as_dict()
            row = {"variant": row.pop("variant"), "agents": run.population, **row}
            net = row.pop("net")
            for seat, chips in enumerate(net):
                row[f"net_{seat}"] = chips
            rows.append(row)
    if rows:
        return data_frame(rows)
    players = max((run.players for run in runs_of(source)), default=0)
    return data_frame([], columns=[*DEAL_COLUMNS, *(f"net_{seat}" for seat in range(players))])


#: The columns of :func:`deal_table` before the net chips, so a run of no deals keeps them.
DEAL_COLUMNS = ("variant", "agents", "deal", "session", "session_deal", "seed", "players",
                "dealer", "eldest", "pot", "carry_in", "showdown", "ended_by", "winners",
                "winner_positions", "winning_class", "winning_points", "carry", "actions")


def seat_table(source: Simulation | Comparison) -> pd.DataFrame:
    """One row per run and seat, each figure with its 95 % interval.

    Columns: ``variant``, ``agents`` (the population), ``seat`` (0 = the eldest in a run of
    independent deals), ``win_share`` (of the deals won) with ``ci_low``, ``ci_high`` (Wilson)
    and ``deals_won`` (the deals it rests on), ``mean_net`` (chips per deal) with
    ``mean_net_ci_low``, ``mean_net_ci_high`` (Student t from the per-deal spread) and
    ``deals``, and ``total_net`` (chips over the run).
    """
    rows = []
    for run in runs_of(source):
        summary = run.summary()
        for seat in range(run.players):
            share, net = summary.win_shares[seat], summary.nets[seat]
            rows.append({
                "variant": run.label, "agents": run.population, "seat": seat,
                "win_share": share.estimate, "ci_low": share.low, "ci_high": share.high,
                "deals_won": share.deals,
                "mean_net": net.estimate, "mean_net_ci_low": net.low,
                "mean_net_ci_high": net.high, "deals": net.deals,
                "total_net": sum(r.net[seat] for r in run.results),
            })
    return data_frame(rows)


def class_table(source: Simulation | Comparison) -> pd.DataFrame:
    """The class of the winning hand in every deal won, per run, strongest class first.

    Every deal won counts, shown or not: a deal won at a showdown under the class of the best
    hand that took chips, a deal won without a showdown (everyone else folded) under
    ``"unseen"`` (last). Deals nobody won (the pot carried over) are not counted.

    Columns: ``variant``, ``agents``, ``class``, ``deals`` (deals won with that class),
    ``share`` (of the deals won) with its Wilson ``ci_low`` and ``ci_high``, and
    ``deals_won`` (the deals the share rests on).
    """
    rows = []
    for run in runs_of(source):
        summary = run.summary()
        for cls, n in summary.winning_classes.items():
            share = summary.class_shares[cls]
            rows.append({"variant": run.label, "agents": run.population, "class": cls,
                         "deals": n, "share": share.estimate, "ci_low": share.low,
                         "ci_high": share.high, "deals_won": summary.deals_won})
    return data_frame(rows)


def figure_table(source: Simulation | Comparison) -> pd.DataFrame:
    """Every figure of every run, one row each, with its 95 % interval (a tidy table).

    Columns: ``variant``, ``agents``, ``figure`` (see
    :func:`primero.analysis.differences.figure_names`), ``value``, ``ci_low``, ``ci_high``,
    ``deals`` (the deals it rests on: the deals won for win shares) and ``interval``
    (``"wilson"`` for shares, ``"t"`` for means).
    """
    rows = []
    for run in runs_of(source):
        s = run.summary()
        figures = [("showdown_share", s.showdown_share),
                   ("carried_over_share", s.carried_over_share), ("mean_pot", s.pot)]
        figures += [(f"win_share_{seat}", i) for seat, i in enumerate(s.win_shares)]
        figures += [(f"mean_net_{seat}", i) for seat, i in enumerate(s.nets)]
        for name, i in figures:
            rows.append({"variant": run.label, "agents": run.population, "figure": name,
                         "value": i.estimate, "ci_low": i.low, "ci_high": i.high,
                         "deals": i.deals, "interval": "wilson" if i.kind == "share" else "t"})
    return data_frame(rows)


def summary_table(source: Simulation | Comparison) -> pd.DataFrame:
    """One row per run: the :class:`~primero.simulation.Summary` numbers with intervals.

    Columns: ``variant``, ``agents`` (the population, e.g. ``"heuristic"`` or
    ``"heuristic/odds/odds/odds"`` seat by seat), ``players``, ``deals``, ``showdowns``,
    ``showdown_share`` with ``showdown_share_ci_low``/``_ci_high``, ``carried_over`` (deals
    that left chips for a next deal) and ``carried_over_share`` with its bounds,
    ``no_winner``, ``deals_won``, ``mean_pot`` with ``mean_pot_ci_low``/``_ci_high``,
    ``pot_sd``, ``max_pot``, ``win_share_<seat>`` and ``mean_net_<seat>`` for every seat, each
    with its ``_ci_low``/``_ci_high``, and ``top_class`` (the commonest class among the deals
    won, ``"unseen"`` included). Shares: Wilson; means: Student t from the per-deal spread;
    win shares rest on ``deals_won``, the rest on ``deals``.
    """
    rows = []
    for run in runs_of(source):
        s = run.summary()
        row: dict[str, Any] = {
            "variant": s.variant, "agents": run.population,
            "players": s.players, "deals": s.deals, "showdowns": s.showdowns,
        }
        _with_interval(row, "showdown_share", s.showdown_share)
        row["carried_over"] = s.carried_over
        _with_interval(row, "carried_over_share", s.carried_over_share)
        row["no_winner"], row["deals_won"] = s.no_winner, s.deals_won
        _with_interval(row, "mean_pot", s.pot)
        row["pot_sd"], row["max_pot"] = s.pot_sd, s.max_pot
        for seat, share in enumerate(s.win_shares):
            _with_interval(row, f"win_share_{seat}", share)
        for seat, net in enumerate(s.nets):
            _with_interval(row, f"mean_net_{seat}", net)
        classes = [(n, c) for c, n in s.winning_classes.items() if n]
        row["top_class"] = max(classes)[1] if classes else None
        rows.append(row)
    return data_frame(rows)


def _with_interval(row: dict[str, Any], name: str, interval: Interval) -> None:
    row[name] = interval.estimate
    row[f"{name}_ci_low"] = interval.low
    row[f"{name}_ci_high"] = interval.high


def difference_table(comparison: Comparison, baseline: str | None = None) -> pd.DataFrame:
    """Every figure's difference from the baseline variant, paired deal by deal.

    Columns: ``figure``, ``variant``, ``baseline``, ``agents`` (the population that played
    both runs), ``difference`` (variant − baseline, in the figure's unit) with its paired t
    ``ci_low`` and ``ci_high``, ``deals`` (the pairs it rests on) and ``clear_of_zero``
    (``True`` where the interval excludes 0). See :func:`primero.analysis.paired_differences`.

    Raises:
        PrimeroError: an unknown baseline.
    """
    rows = [{"figure": d.figure, "variant": d.variant, "baseline": d.baseline,
             "agents": d.agents, "difference": d.interval.estimate, "ci_low": d.interval.low,
             "ci_high": d.interval.high, "deals": d.interval.deals,
             "clear_of_zero": d.clear_of_zero}
            for d in paired_differences(comparison, baseline)]
    return data_frame(rows, columns=["figure", "variant", "baseline", "agents", "difference",
                                     "ci_low", "ci_high", "deals", "clear_of_zero"])


def verdict_table(comparison: Comparison, baseline: str | None = None) -> pd.DataFrame:
    """Per figure, whether its conclusion holds under every agent population.

    Columns: ``figure``, ``variant``, ``against`` (``"fair share"`` or the baseline),
    ``conclusion``, ``holds`` (under every population), ``whose`` (``"rules"``, ``"bots"``
    or ``"unsettled"``: see :class:`primero.analysis.differences.Verdict`),
    ``moves_with_agents`` (the figure differs between populations, paired), ``agents`` (the
    populations, joined by ``", "``) and, per population, ``<population>`` as ``"value
    [ci_low, ci_high]"``.
    """
    rows = []
    for v in verdicts(comparison, baseline):
        row: dict[str, Any] = {"figure": v.figure, "variant": v.variant, "against": v.against,
                               "conclusion": v.conclusion, "holds": v.holds,
                               "whose": v.whose, "moves_with_agents": v.moves_with_agents,
                               "agents": ", ".join(v.agents)}
        for name, i in zip(v.agents, v.intervals, strict=True):
            row[name] = f"{i.estimate:+.3f} [{i.low:+.3f}, {i.high:+.3f}]"
        rows.append(row)
    return data_frame(rows)


def compare_variants(variants: Sequence[VariantLike], **kwargs: Any) -> pd.DataFrame:
    """Simulate several variants (or option sets) on the same seeds; one row per variant.

    Keyword arguments go to :func:`primero.simulation.compare` (``deals``, ``seed``,
    ``players``, ``agents``, ``jobs``, ``executor`` ...). The table is
    :func:`summary_table` of the comparison; keep the :class:`~primero.simulation.Comparison`
    (``compare(...)``) for the other tables and the plots.
    """
    return summary_table(compare(variants, **kwargs))

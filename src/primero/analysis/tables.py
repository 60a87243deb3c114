"""Simulation runs as tidy DataFrames: deals, seats, winning classes and summaries.

Pure records come from :mod:`primero.simulation`; these tables need pandas (the ``analysis``
extra).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from primero.analysis.common import VariantLike, data_frame
from primero.simulation.run import Comparison, Simulation, compare

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["class_table", "compare_variants", "deal_table", "seat_table", "summary_table"]


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
    """One row per simulated deal (several runs stacked, told apart by ``variant``).

    Columns: the fields of :class:`~primero.simulation.DealResult` (``winners`` and
    ``winner_positions`` as tuples), with ``net`` spread into ``net_0`` … ``net_{n-1}``.
    """
    rows = []
    for run in runs_of(source):
        for r in run.results:
            row = r.as_dict()
            net = row.pop("net")
            for seat, chips in enumerate(net):
                row[f"net_{seat}"] = chips
            rows.append(row)
    return data_frame(rows)


def seat_table(source: Simulation | Comparison) -> pd.DataFrame:
    """One row per variant and seat.

    Columns: ``variant``, ``seat``, ``win_share``, ``mean_net`` (chips per deal),
    ``total_net`` (chips over the run).
    """
    rows = []
    for run in runs_of(source):
        summary = run.summary()
        for seat in range(run.players):
            rows.append({
                "variant": run.label, "seat": seat, "win_share": summary.win_share[seat],
                "mean_net": summary.mean_net[seat],
                "total_net": sum(r.net[seat] for r in run.results),
            })
    return data_frame(rows)


def class_table(source: Simulation | Comparison) -> pd.DataFrame:
    """The class of the best hand taking chips at a showdown, per variant.

    Columns: ``variant``, ``class``, ``deals``, ``share`` (of the deals with a winning hand
    shown); strongest class first.
    """
    rows = []
    for run in runs_of(source):
        counts = run.summary().winning_classes
        shown = sum(counts.values())
        for cls, n in counts.items():
            rows.append({"variant": run.label, "class": cls, "deals": n,
                         "share": n / shown if shown else 0.0})
    return data_frame(rows)


def summary_table(source: Simulation | Comparison) -> pd.DataFrame:
    """One row per run: the :class:`~primero.simulation.Summary` numbers.

    Columns: ``variant``, ``agents`` (who played, e.g. ``"heuristic"`` or
    ``"heuristic/odds"``), ``players``, ``deals``, ``showdowns``, ``showdown_rate``,
    ``carried_over``, ``carry_rate``, ``mean_pot``, ``pot_sd``, ``max_pot``, ``win_share_<seat>``
    and ``mean_net_<seat>`` for every seat, and ``top_class`` (the commonest winning class).
    """
    rows = []
    for run in runs_of(source):
        s = run.summary()
        row: dict[str, Any] = {
            "variant": s.variant, "agents": "/".join(sorted(set(run.agents))),
            "players": s.players, "deals": s.deals,
            "showdowns": s.showdowns, "showdown_rate": s.showdowns / s.deals if s.deals else 0.0,
            "carried_over": s.carried_over,
            "carry_rate": s.carried_over / s.deals if s.deals else 0.0,
            "mean_pot": s.mean_pot, "pot_sd": s.pot_sd, "max_pot": s.max_pot,
        }
        for seat, share in enumerate(s.win_share):
            row[f"win_share_{seat}"] = share
        for seat, net in enumerate(s.mean_net):
            row[f"mean_net_{seat}"] = net
        classes = [(n, c) for c, n in s.winning_classes.items() if n]
        row["top_class"] = max(classes)[1] if classes else None
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

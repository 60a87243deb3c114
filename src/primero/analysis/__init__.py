"""Rules comparison for notebooks: exact odds, simulation tables, comparisons and plots.

Exact where the game is small enough, simulated where it is not, for every registered variant
and option set (plug-ins included: everything goes through the variant's ranking table and
rules, never through a variant's name).

Exact (each has a pure-Python core returning exact :class:`~fractions.Fraction` s, and a
DataFrame wrapper):

* :func:`hand_frequencies` — hands of each class over the pack, probability, points range
  (docs/rules/figures.md); :func:`frequency_table` for several variants.
* :func:`draw_odds` / :func:`draw_distribution` — for a hand and the cards to discard, the
  distribution of the resulting class and points over every possible draw from the unseen
  cards; :func:`best_exchange` ranks every possible discard by a criterion (expected points,
  probability of reaching a class, probability of beating a given hand).
* :func:`showdown_odds` / :func:`showdown_probabilities` — for known partial hands (e.g. two
  cards each after round 1), the probability that each player ends with the best hand once
  the second deal is dealt, enumerated exactly.
* :func:`fact_check` — the rule sheets' numeric tips against the exact figures.
* :func:`showdown_counter` — whether the compiled showdown kernel or numpy counts (and why).

Simulated (see :mod:`primero.simulation`): :func:`deal_table`, :func:`seat_table`,
:func:`class_table`, :func:`summary_table` and :func:`compare_variants` turn runs into tidy
DataFrames; :func:`plot_class_frequencies`, :func:`plot_winning_classes`,
:func:`plot_win_share`, :func:`plot_pot_sizes` and :func:`plot_comparison` return matplotlib
:class:`~matplotlib.figure.Figure` s (``fig.savefig("out.png")``).

pandas and matplotlib come with the ``analysis`` extra (``pip install 'primero[analysis]'``);
the pure cores (and ``primero odds``) work without them.

Intervals and duplicate play (pure Python, no pandas): :class:`Interval` and
:func:`share_interval` (Wilson), :func:`mean_interval` (Student t from the per-deal spread),
:func:`paired_interval`, :func:`cluster_interval`, :func:`cluster_share_interval` and
:func:`deals_needed` (:mod:`~primero.analysis.intervals`);
:func:`duplicate_match` (:mod:`~primero.analysis.duplicate`).

One module per concept, every public name re-exported here (``from primero.analysis import
draw_odds``) and imported on first use (PEP 562), so ``from primero.analysis.duplicate import
duplicate_match`` loads neither pandas nor the exact-odds modules:
:mod:`~primero.analysis.common` (shared helpers and ranking facts),
:mod:`~primero.analysis.frequencies`, :mod:`~primero.analysis.draws` (draw and exchange
odds), :mod:`~primero.analysis.showdown`, :mod:`~primero.analysis.rule_sheets` (the
fact-check), :mod:`~primero.analysis.intervals`, :mod:`~primero.analysis.duplicate`,
:mod:`~primero.analysis.tables` and :mod:`~primero.analysis.plots`.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from primero.analysis.common import (
        Cards as Cards,
    )
    from primero.analysis.common import (
        VariantLike as VariantLike,
    )
    from primero.analysis.common import (
        class_order,
        fewer_points_better,
        hand_class_name,
    )
    from primero.analysis.differences import Difference, Verdict, paired_differences, verdicts
    from primero.analysis.draws import (
        DrawDistribution,
        DrawOutcome,
        ExchangeOption,
        best_exchange,
        draw_distribution,
        draw_odds,
        exchange_options,
    )
    from primero.analysis.duplicate import DuplicateMatch, duplicate_match
    from primero.analysis.frequencies import (
        frequency_table,
        hand_frequencies,
    )
    from primero.analysis.frequencies import (
        hand_frequencies_counts as hand_frequencies_counts,
    )
    from primero.analysis.intervals import (
        Interval,
        cluster_interval,
        cluster_share_interval,
        deals_needed,
        mean_interval,
        paired_interval,
        share_interval,
    )
    from primero.analysis.plots import (
        plot_class_frequencies,
        plot_comparison,
        plot_pot_sizes,
        plot_win_share,
        plot_winning_classes,
    )
    from primero.analysis.rule_sheets import (
        fact_check,
        fact_check_rows,
        p_class_among_hands,
        p_rank_complete_among_cards,
    )
    from primero.analysis.showdown import ShowdownOdds, showdown_odds, showdown_probabilities
    from primero.analysis.showdown_halves import ShowdownCounter, showdown_counter
    from primero.analysis.tables import (
        class_table,
        compare_variants,
        deal_table,
        difference_table,
        figure_table,
        seat_table,
        summary_table,
        verdict_table,
    )
    from primero.simulation.run import Comparison as Comparison
    from primero.simulation.run import Simulation as Simulation
    from primero.simulation.run import compare as compare

#: Each public name and the module that defines it (imported on first use). The simulation
#: API is here too for notebooks (``analysis.compare(...)``).
_EXPORTS = {
    "Cards": "primero.analysis.common",
    "VariantLike": "primero.analysis.common",
    "class_order": "primero.analysis.common",
    "fewer_points_better": "primero.analysis.common",
    "hand_class_name": "primero.analysis.common",
    "DrawDistribution": "primero.analysis.draws",
    "DrawOutcome": "primero.analysis.draws",
    "ExchangeOption": "primero.analysis.draws",
    "best_exchange": "primero.analysis.draws",
    "draw_distribution": "primero.analysis.draws",
    "draw_odds": "primero.analysis.draws",
    "exchange_options": "primero.analysis.draws",
    "DuplicateMatch": "primero.analysis.duplicate",
    "duplicate_match": "primero.analysis.duplicate",
    "frequency_table": "primero.analysis.frequencies",
    "hand_frequencies": "primero.analysis.frequencies",
    "hand_frequencies_counts": "primero.analysis.frequencies",
    "Interval": "primero.analysis.intervals",
    "cluster_interval": "primero.analysis.intervals",
    "cluster_share_interval": "primero.analysis.intervals",
    "deals_needed": "primero.analysis.intervals",
    "mean_interval": "primero.analysis.intervals",
    "paired_interval": "primero.analysis.intervals",
    "share_interval": "primero.analysis.intervals",
    "plot_class_frequencies": "primero.analysis.plots",
    "plot_comparison": "primero.analysis.plots",
    "plot_pot_sizes": "primero.analysis.plots",
    "plot_win_share": "primero.analysis.plots",
    "plot_winning_classes": "primero.analysis.plots",
    "fact_check": "primero.analysis.rule_sheets",
    "fact_check_rows": "primero.analysis.rule_sheets",
    "p_class_among_hands": "primero.analysis.rule_sheets",
    "p_rank_complete_among_cards": "primero.analysis.rule_sheets",
    "ShowdownOdds": "primero.analysis.showdown",
    "showdown_odds": "primero.analysis.showdown",
    "showdown_probabilities": "primero.analysis.showdown",
    "ShowdownCounter": "primero.analysis.showdown_halves",
    "showdown_counter": "primero.analysis.showdown_halves",
    "class_table": "primero.analysis.tables",
    "compare_variants": "primero.analysis.tables",
    "difference_table": "primero.analysis.tables",
    "figure_table": "primero.analysis.tables",
    "verdict_table": "primero.analysis.tables",
    "Difference": "primero.analysis.differences",
    "Verdict": "primero.analysis.differences",
    "paired_differences": "primero.analysis.differences",
    "verdicts": "primero.analysis.differences",
    "deal_table": "primero.analysis.tables",
    "seat_table": "primero.analysis.tables",
    "summary_table": "primero.analysis.tables",
    "Comparison": "primero.simulation.run",
    "Simulation": "primero.simulation.run",
    "compare": "primero.simulation.run",
}

__all__ = [
    "Difference",
    "DrawDistribution",
    "DrawOutcome",
    "DuplicateMatch",
    "ExchangeOption",
    "Interval",
    "ShowdownCounter",
    "ShowdownOdds",
    "Verdict",
    "best_exchange",
    "class_order",
    "class_table",
    "cluster_interval",
    "cluster_share_interval",
    "compare_variants",
    "deal_table",
    "deals_needed",
    "difference_table",
    "draw_distribution",
    "draw_odds",
    "duplicate_match",
    "exchange_options",
    "fact_check",
    "fact_check_rows",
    "fewer_points_better",
    "figure_table",
    "frequency_table",
    "hand_class_name",
    "hand_frequencies",
    "mean_interval",
    "p_class_among_hands",
    "p_rank_complete_among_cards",
    "paired_differences",
    "paired_interval",
    "plot_class_frequencies",
    "plot_comparison",
    "plot_pot_sizes",
    "plot_win_share",
    "plot_winning_classes",
    "seat_table",
    "share_interval",
    "showdown_counter",
    "showdown_odds",
    "showdown_probabilities",
    "summary_table",
    "verdict_table",
    "verdicts",
]


def __getattr__(name: str) -> Any:
    """Import a public name on first access (PEP 562)."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'primero.analysis' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later look-ups are plain module attributes
    return value


def __dir__() -> list[str]:
    """The public names and the submodules imported so far (not the module's own imports)."""
    loaded = {name for name, value in globals().items()
              if isinstance(value, ModuleType) and value.__name__ == f"{__name__}.{name}"}
    return sorted(set(_EXPORTS) | loaded)

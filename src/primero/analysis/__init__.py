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

One module per concept, every public name re-exported here (``from primero.analysis import
draw_odds``): :mod:`~primero.analysis.common` (shared helpers and ranking facts),
:mod:`~primero.analysis.frequencies`, :mod:`~primero.analysis.draws` (draw and exchange
odds), :mod:`~primero.analysis.showdown`, :mod:`~primero.analysis.rule_sheets` (the
fact-check), :mod:`~primero.analysis.tables` and :mod:`~primero.analysis.plots`.
"""

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
from primero.analysis.draws import (
    DrawDistribution,
    DrawOutcome,
    ExchangeOption,
    best_exchange,
    draw_distribution,
    draw_odds,
    exchange_options,
)
from primero.analysis.frequencies import (
    frequency_table,
    hand_frequencies,
)
from primero.analysis.frequencies import (
    hand_frequencies_counts as hand_frequencies_counts,
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
    seat_table,
    summary_table,
)

# The simulation API, importable from here too for notebooks (``analysis.compare(...)``).
from primero.simulation import Comparison as Comparison
from primero.simulation import Simulation as Simulation
from primero.simulation import compare as compare

__all__ = [
    "DrawDistribution",
    "DrawOutcome",
    "ExchangeOption",
    "ShowdownCounter",
    "ShowdownOdds",
    "best_exchange",
    "class_order",
    "class_table",
    "compare_variants",
    "deal_table",
    "draw_distribution",
    "draw_odds",
    "exchange_options",
    "fact_check",
    "fact_check_rows",
    "fewer_points_better",
    "frequency_table",
    "hand_class_name",
    "hand_frequencies",
    "p_class_among_hands",
    "p_rank_complete_among_cards",
    "plot_class_frequencies",
    "plot_comparison",
    "plot_pot_sizes",
    "plot_win_share",
    "plot_winning_classes",
    "seat_table",
    "showdown_counter",
    "showdown_odds",
    "showdown_probabilities",
    "summary_table",
]

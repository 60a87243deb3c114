"""A simulation of no deals gives empty tables under the usual columns, and plots quietly."""

from __future__ import annotations

import warnings

import pytest

from primero.simulation import compare, simulate

pytest.importorskip("pandas")
from primero import analysis


def test_deal_table_of_no_deals_has_the_columns_of_one_deal() -> None:
    empty = analysis.deal_table(simulate("waks", deals=0, seed=1, agents="random"))
    one = analysis.deal_table(simulate("waks", deals=1, seed=1, agents="random"))
    assert len(empty) == 0
    assert list(empty.columns) == list(one.columns)
    assert list(empty.columns)[-4:] == ["net_0", "net_1", "net_2", "net_3"]


def test_deal_table_of_a_comparison_of_no_deals_has_columns_for_the_most_players() -> None:
    cmp = compare(["waks", "losing"], deals=0, seed=1, agents="random", players=3)
    table = analysis.deal_table(cmp)
    assert len(table) == 0
    assert list(table.columns)[:3] == ["variant", "agents", "deal"]
    assert list(table.columns)[-3:] == ["net_0", "net_1", "net_2"]


def test_plot_comparison_of_no_deals_draws_empty_panels_without_a_warning() -> None:
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    cmp = compare(["waks", "losing"], deals=0, seed=1, agents="random")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fig = analysis.plot_comparison(cmp)
    assert len(fig.axes) == 3
    assert fig.axes[0].get_xlim() == (-0.5, 0.5)

"""Comparison tables with intervals, paired differences and verdicts across agent populations."""

from __future__ import annotations

import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("matplotlib")

from primero import analysis  # noqa: E402
from primero.analysis.differences import figure_values  # noqa: E402
from primero.analysis.intervals import paired_interval, share_interval  # noqa: E402
from primero.errors import PrimeroError  # noqa: E402
from primero.simulation import Comparison, compare  # noqa: E402


@pytest.fixture(scope="module")
def two() -> Comparison:
    return compare(["waks", "suzuki"], deals=40, seed=3,
                   agents=["random", ("heuristic", "random", "random", "random")],
                   progress=False)


def test_every_table_figure_carries_its_interval_and_its_deals(two: Comparison) -> None:
    seats = analysis.seat_table(two)
    assert {"win_share", "ci_low", "ci_high", "deals_won", "mean_net", "mean_net_ci_low",
            "mean_net_ci_high", "deals", "agents"} <= set(seats.columns)
    assert ((seats.ci_low <= seats.win_share) & (seats.win_share <= seats.ci_high)).all()
    run = two.run("waks", "random")
    first = seats[(seats.variant == "waks") & (seats.agents == "random") & (seats.seat == 0)]
    wins = sum(1 / len(r.winners) for r in run.results if 0 in r.winners)
    won = sum(1 for r in run.results if r.winners)
    expected = share_interval(wins, won)
    assert first.ci_low.item() == expected.low and first.deals_won.item() == won
    summary = analysis.summary_table(two)
    for name in ("showdown_share", "carried_over_share", "mean_pot", "win_share_0",
                 "mean_net_3"):
        assert (summary[f"{name}_ci_low"] <= summary[name]).all()
        assert (summary[name] <= summary[f"{name}_ci_high"]).all()
    assert summary.agents.tolist() == ["random", "random", "heuristic/random/random/random",
                                       "heuristic/random/random/random"]
    deals = analysis.deal_table(two)
    assert list(deals.columns[:2]) == ["variant", "agents"]
    assert len(deals.groupby(["variant", "agents"])) == 4
    figures = analysis.figure_table(two)
    assert set(figures.interval) == {"wilson", "t"}
    assert len(figures) == 4 * (3 + 2 * 4)


def test_the_class_table_counts_every_deal_won_with_unseen_last(two: Comparison) -> None:
    classes = analysis.class_table(two)
    for (variant, agents), rows in classes.groupby(["variant", "agents"], sort=False):
        run = two.run(str(variant), str(agents))
        won = [r for r in run.results if r.winners]
        assert rows["deals"].sum() == len(won) == rows.deals_won.iloc[0]
        assert rows["class"].iloc[-1] == "unseen"
        assert rows.loc[rows["class"] == "unseen", "deals"].item() == sum(
            r.winning_class is None for r in won)
    waks = classes[(classes.variant == "waks") & (classes.agents == "random")]
    assert waks["class"].tolist() == ["Chorus", "Fluxus", "Supremus", "Primero", "Numerus",
                                      "unseen"]


def test_differences_pair_deal_i_of_each_variant(two: Comparison) -> None:
    table = analysis.difference_table(two)
    row = table[(table.figure == "showdown_share") & (table.agents == "random")]
    suzuki, waks = two.run("suzuki", "random"), two.run("waks", "random")
    by_hand = paired_interval([float(r.showdown) for r in suzuki.results],
                              [float(r.showdown) for r in waks.results])
    assert row.difference.item() == pytest.approx(
        suzuki.summary().showdown_share.estimate - waks.summary().showdown_share.estimate)
    assert (row.ci_low.item(), row.ci_high.item()) == (by_hand.low, by_hand.high)
    assert row.clear_of_zero.item() == (by_hand.low > 0 or by_hand.high < 0)
    assert set(table.baseline) == {"waks"} and set(table.variant) == {"suzuki"}
    with pytest.raises(PrimeroError, match="baseline 'losing' is not among"):
        analysis.difference_table(two, baseline="losing")


def test_a_linearised_win_share_averages_to_the_share(two: Comparison) -> None:
    run = two.run("suzuki", "random")
    values = figure_values(run, "win_share_0")
    assert sum(values) / len(values) == pytest.approx(run.summary().win_share[0])
    with pytest.raises(PrimeroError, match="unknown figure 'win_share_9'"):
        figure_values(run, "win_share_9")


def test_a_verdict_holds_only_when_every_population_agrees() -> None:
    fake = analysis.Verdict
    above = share_interval(40, 100)
    below = share_interval(10, 100)
    across = share_interval(25, 100)
    rules = fake(figure="win_share_0", variant="v", against="fair share",
                 conclusion="above the fair share", holds=True, intervals=(above, above),
                 agents=("a", "b"), reference=0.25)
    bots = fake(figure="win_share_0", variant="v", against="fair share", conclusion="x",
                holds=False, intervals=(above, below), agents=("a", "b"), reference=0.25)
    open_ = fake(figure="win_share_0", variant="v", against="fair share", conclusion="x",
                 holds=False, intervals=(above, across), agents=("a", "b"), reference=0.25)
    assert (rules.whose, bots.whose, open_.whose) == ("rules", "bots", "unsettled")
    # clear under one population only, and the populations differ on the same cards: the bots'
    apart = paired_interval([0.3, 0.5, 0.4, 0.6], [0.0, 0.1, 0.0, 0.1])
    together = paired_interval([0.3, 0.5, 0.4, 0.6], [0.4, 0.3, 0.6, 0.5])
    moved = fake(figure="win_share_0", variant="v", against="fair share", conclusion="x",
                 holds=False, intervals=(above, across), agents=("a", "b"), reference=0.25,
                 agent_gaps=(apart,))
    unmoved = fake(figure="win_share_0", variant="v", against="fair share", conclusion="x",
                   holds=False, intervals=(above, across), agents=("a", "b"), reference=0.25,
                   agent_gaps=(together,))
    assert apart.clear_of_zero and not together.clear_of_zero
    assert (moved.whose, unmoved.whose) == ("bots", "unsettled")


def test_the_verdict_table_names_the_populations(two: Comparison) -> None:
    table = analysis.verdict_table(two)
    assert {"figure", "variant", "against", "conclusion", "holds", "whose", "agents",
            "moves_with_agents",
            "random", "heuristic/random/random/random"} <= set(table.columns)
    fair = table[table.against == "fair share"]
    assert len(fair) == 2 * 4
    assert (table.holds == (table.whose == "rules")).all()


def test_plots_draw_error_bars_and_name_the_agents(two: Comparison) -> None:
    fig = analysis.plot_win_share(two)
    ax = fig.axes[0]
    assert "agents: random; heuristic/random/random/random" in ax.get_title()
    # one error bar per bar: 4 runs × 4 seats
    assert sum(len(c.lines[2][0].get_segments()) for c in ax.containers
               if hasattr(c, "lines") and c.lines[2]) == 16
    legend = ax.get_legend()
    assert legend is not None
    labels = [t.get_text() for t in legend.get_texts()]
    assert any("waks (random)" in label.replace("\n", " ") for label in labels)


def test_runs_and_comparisons_show_their_intervals_as_html(two: Comparison) -> None:
    run = two.run("suzuki", "random")
    shown = run._repr_html_()
    s = run.summary()
    assert "<table>" in shown and "random agents" in shown and "ci_low" in shown
    assert f"{100 * s.showdown_share.low:.1f}" in shown
    assert "seat 0 (eldest) win share" in shown and "won with unseen" in shown
    whole = two._repr_html_()
    assert whole.count("<table>") == 4
    assert "agents: random, heuristic/random/random/random" in whole

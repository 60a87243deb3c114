"""A run of one deal, or one deal carried over, is "1 deal" wherever a run is described.

Before: the notebook tables said "2 players, 1 deals", a comparison "1 deals per run", its
plot's title "1 deals each", and ``primero simulate`` "the 6 chips carried over by 1 deals".
Seed 13 of heads-up Waks between random players is one deal whose pot of 6 carries over
(found by running the seeds from 0; the count is checked here, not assumed).
"""

from __future__ import annotations

import pytest

from cli_helpers import ok
from primero.simulation import compare, simulate


def test_the_carry_note_and_the_notebook_tables_say_one_deal() -> None:
    sim = simulate("waks", deals=1, players=2, seed=13, agents="random", progress=False)
    assert sim.summary().carried_over == 1 and sim.results[0].carry == 6
    out = " ".join(ok("simulate", "-d", "1", "-n", "2", "--seed", "13", "--agent",
                      "random").split())
    assert "so the 6 chips carried over by 1 deal leave the run" in out
    assert "2 players, 1 deal (95 % intervals" in sim.summary()._repr_html_()
    both = compare(["waks", "losing"], deals=1, players=2, seed=13, agents="random",
                   progress=False)
    assert both._repr_html_().startswith("<p>1 deal per run on the same seeds")


def test_a_comparison_plot_of_one_deal_says_one_deal_each() -> None:
    pytest.importorskip("matplotlib")
    from primero.analysis import plot_comparison

    both = compare(["waks", "losing"], deals=1, players=2, seed=13, agents="random",
                   progress=False)
    title = " ".join(plot_comparison(both).get_suptitle().split())
    assert "waks, losing — 1 deal each, 2 players" in title

"""The search reports the estimated gain of a departure from the odds player's choice."""

from __future__ import annotations

import random
from statistics import NormalDist

from primero.agents import SearchAgent
from primero.deal.engine import start_deal
from primero.views import state_view


def test_a_departure_reports_a_gain_above_the_bar_for_its_three_rivals() -> None:
    # Waks heads-up, seed 0, the eldest's first decision: pass, vies of 1 to 3 (no fold with
    # nothing owed): four candidates, three rivals to the odds player's pass
    state = start_deal("waks", ["Anna", "Ben"], 30, seed=0)
    view = state_view(state, state.to_act or 0)
    search = SearchAgent(budget_ms=None, simulations=24)
    chosen = search.act(view, random.Random(1))
    assert str(search.last_base) == "pass" and chosen != search.last_base
    # two standard errors for one rival, Bonferroni for three: the 1 - 0.02275 / 3 quantile
    bar = NormalDist().inv_cdf(1 - NormalDist().cdf(-2.0) / 3)
    assert round(bar, 2) == 2.43
    assert search.last_error > 0
    assert search.last_gain > bar * search.last_error


def test_no_departure_reports_no_gain_even_after_one() -> None:
    state = start_deal("waks", ["Anna", "Ben"], 30, seed=0)
    view = state_view(state, state.to_act or 0)
    search = SearchAgent(budget_ms=None, simulations=24)
    search.act(view, random.Random(1))
    assert search.last_gain > 0
    # the next decision has fewer worlds than min_worlds: the odds player's choice stands
    search.simulations = 4
    assert search.act(view, random.Random(1)) == search.last_base
    assert (search.last_gain, search.last_error) == (0.0, 0.0)

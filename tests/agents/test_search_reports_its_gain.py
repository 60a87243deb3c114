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


def test_the_bar_is_the_normal_quantile_of_the_tail_split_among_the_rivals() -> None:
    # textbook normal quantiles: 1.96 leaves 0.025 above it; split over two rivals, 0.0125
    # each, whose quantile is 2.241
    search = SearchAgent(confidence=1.959964)
    assert round(search.bar(1, 10), 3) == 1.960
    assert round(search.bar(2, 10), 3) == 2.241
    assert search.bar(2, 10) == search.bar(2, 200)  # the worlds do not count


def test_a_student_bar_is_students_t_and_rises_when_few_worlds_were_played() -> None:
    # textbook t quantiles leaving 0.025 above: 2.776 with 4 degrees of freedom (5 worlds),
    # 2.228 with 10 (11 worlds); near the normal 1.960 with many
    search = SearchAgent(confidence=1.959964, student=True)
    assert round(search.bar(1, 5), 2) == 2.78
    assert round(search.bar(1, 11), 3) == 2.228
    assert 1.96 < search.bar(1, 400) < 1.97

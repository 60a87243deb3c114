"""The search's budget where much is at stake (``SearchAgent(deep=f)``)."""

from __future__ import annotations

import random

import pytest

from primero.agents import SearchAgent
from primero.agents.search import DEEP, DEEP_FROM, DEEP_SHARE, SCREEN_TRIES
from primero.deal.engine import start_deal
from primero.views import PlayerView, state_view


def first_view() -> PlayerView:
    """Waks heads-up, the dealer facing the eldest's vie of 2: a pot of 2, 2 owed."""
    state = start_deal("waks", ["Anna", "Ben"], 30, seed=5).apply("vie 2")
    view = state_view(state, state.to_act or 0)
    assert (view.pot, view.owed) == (2, 2)
    return view


def test_the_documented_share_and_start_are_a_third_after_twelve_decisions() -> None:
    assert (DEEP_SHARE, DEEP_FROM) == (1 / 3, 12)


def test_the_search_defaults_to_three_deep_budgets_and_screened_worlds() -> None:
    search = SearchAgent()
    assert (DEEP, SCREEN_TRIES) == (3.0, 24)
    assert (search.deep, search.screen_tries) == (3.0, 24)


def test_a_decision_above_two_thirds_of_the_sessions_stakes_gets_deep_budgets() -> None:
    view = first_view()
    at_stake = view.pot + view.owed
    search = SearchAgent(budget_ms=4.0, deep=3.0)
    # twelve decisions so far, eight below this one's stake and four above it: the line at
    # two thirds (index 8 of the sorted twelve) is above it, so the budget stays
    search.stakes = [at_stake - 1] * 8 + [at_stake + 5] * 4
    search.act(view, random.Random(1))
    assert search.last_budget_ms == 4.0
    # nine below and three above: the line (index 8) is below this stake, so three budgets
    search.stakes = [at_stake - 1] * 9 + [at_stake + 5] * 3
    search.act(view, random.Random(1))
    assert search.last_budget_ms == 12.0


def test_no_deep_budget_before_twelve_decisions_nor_with_deep_of_one() -> None:
    view = first_view()
    at_stake = view.pot + view.owed
    early = SearchAgent(budget_ms=4.0, deep=3.0)
    early.stakes = [at_stake - 1] * 11
    early.act(view, random.Random(1))
    assert early.last_budget_ms == 4.0
    flat = SearchAgent(budget_ms=4.0, deep=1.0)
    flat.stakes = [at_stake - 1] * 20
    flat.act(view, random.Random(1))
    assert flat.last_budget_ms == 4.0


def test_each_decision_with_a_choice_records_its_stake_in_order() -> None:
    view = first_view()
    search = SearchAgent(budget_ms=2.0, deep=2.0)
    search.stakes = [0, 50]
    search.act(view, random.Random(1))
    assert search.stakes == sorted([0, 50, view.pot + view.owed])


def test_a_deep_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match=r"deep must be at least 1, got 0\.5"):
        SearchAgent(deep=0.5)

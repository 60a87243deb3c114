"""The search's rollout opponents fold to a bet as often as the real ones have been seen to."""

from __future__ import annotations

import random

import pytest

from primero.actions import Fold, Hold
from primero.agents import SearchAgent
from primero.agents.reading import Counts, Reading
from primero.agents.rollout import TableOdds
from primero.deal.engine import start_deal
from primero.views import PlayerView, state_view


def facing_a_vie_of_three() -> PlayerView:
    """Revival heads-up, seed 0: Anna vies 3; Ben holds 3h 2d Qc 5c, and the odds player folds."""
    state = start_deal("revival", ["Anna", "Ben"], 30, seed=0).apply("vie 3")
    return state_view(state, state.to_act or 0)


def never_folded(answers: int) -> Reading:
    """A session in which Ben held every one of ``answers`` bets."""
    return Reading(past={"Ben": Counts(holds=answers, total=answers)})


def test_a_seat_seen_to_fold_as_the_prior_folds_as_the_odds_player() -> None:
    view = facing_a_vie_of_three()
    assert isinstance(TableOdds().act(view, random.Random(0)), Fold)
    # no reading of the seat, or one that folds more than the prior: every fold is kept
    assert TableOdds().keeps_fold(view) == 1.0
    folder = Reading(past={"Ben": Counts(folds=16, total=16)})
    assert TableOdds(seen=folder).keeps_fold(view) == 1.0
    assert all(isinstance(TableOdds(seen=folder).act(view, random.Random(s)), Fold)
               for s in range(10))


def test_a_seat_that_never_folded_keeps_a_fold_as_often_as_its_fold_rate_allows() -> None:
    view = facing_a_vie_of_three()
    # 16 holds, no fold: fold rate (0 + 0.5 * 4) / (16 + 4) = 0.1, a fifth of the prior's 0.5
    seen = never_folded(16)
    assert TableOdds(seen=seen).keeps_fold(view) == pytest.approx(0.2)
    for s in range(20):
        action = TableOdds(seen=seen).act(view, random.Random(s))
        held = random.Random(s).random() >= 0.2
        assert isinstance(action, Hold if held else Fold), s
        if held:
            assert isinstance(action, Hold) and action.raise_by == 0


def test_the_searchs_rollout_opponents_read_the_sessions_folds_and_its_own_seat_does_not() -> None:
    search = SearchAgent(budget_ms=None, simulations=1)
    players = search.rollout_players(2, 0)
    assert isinstance(players[1], TableOdds) and players[1].seen is search.table_reading
    assert isinstance(players[0], TableOdds) and players[0].seen is None
    off = SearchAgent(budget_ms=None, simulations=1, seen_folds=False).rollout_players(2, 0)
    assert all(isinstance(p, TableOdds) and p.seen is None for p in off)

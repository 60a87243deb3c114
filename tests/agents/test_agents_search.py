"""The search player: worlds that agree with the view, legal play in every variant, its budget."""

from __future__ import annotations

import random

import pytest

import primero
from primero.actions import Action
from primero.agents import (
    AGENTS,
    OddsAgent,
    RandomAgent,
    SearchAgent,
    make_agent,
    play_deal,
    sample_world,
)
from primero.deal.engine import start_deal
from primero.views import PlayerView, state_view

BUILT_IN = ("waks", "cardano", "suzuki", "roman", "losing", "primiera", "revival", "toy")


def names(variant: str) -> list[str]:
    return ["Anna", "Ben"] if variant == "toy" else ["Anna", "Ben", "Cleo"]


@pytest.mark.parametrize("variant", BUILT_IN)
def test_every_world_drawn_shows_the_player_the_same_view(variant: str) -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(2):
        state = start_deal(variant, names(variant), 30, seed=seed)
        while not state.over:
            seat = state.to_act
            assert seat is not None
            view = state_view(state, seat)
            world = sample_world(view, rng)
            assert world is not None
            seen = state_view(world, seat)
            assert (seen.hand, seen.history, seen.extras, seen.pot, seen.seats) \
                == (view.hand, view.history, view.extras, view.pot, view.seats)
            assert seen.legal == view.legal
            checked += 1
            state = state.apply(rng.choice(view.legal))
    assert checked > 0


def test_worlds_redraw_the_cards_the_player_cannot_see() -> None:
    state = start_deal("waks", ["Anna", "Ben", "Cleo"], 30, seed=3)
    view = state_view(state, state.to_act or 0)
    rng = random.Random(1)
    others = set()
    for _ in range(10):
        world = sample_world(view, rng)
        assert world is not None
        others.add(tuple(sorted(c.index for s in world.seats if s is not world.seats[view.seat]
                                for c in s.hand)))
    assert len(others) > 1  # the other hands differ from world to world


class Recorder:
    def __init__(self, inner: primero.Agent) -> None:
        self.inner = inner
        self.played: list[tuple[PlayerView, Action]] = []

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        action = self.inner.act(view, rng)
        self.played.append((view, action))
        return action


@pytest.mark.parametrize("variant", BUILT_IN)
def test_the_search_player_plays_legally_in_every_variant(variant: str) -> None:
    search = Recorder(SearchAgent(budget_ms=None, simulations=2, min_worlds=2))
    players = len(names(variant))
    final = play_deal(start_deal(variant, names(variant), 30, seed=1),
                      [search, *[RandomAgent()] * (players - 1)], random.Random(1))
    assert final.over
    assert all(action in view.legal for view, action in search.played)


def test_a_search_without_a_time_budget_is_deterministic() -> None:
    state = start_deal("cardano", ["Anna", "Ben"], 30, seed=2)
    view = state_view(state, state.to_act or 0)
    first = SearchAgent(budget_ms=None, simulations=3, min_worlds=2).act(view, random.Random(5))
    again = SearchAgent(budget_ms=None, simulations=3, min_worlds=2).act(view, random.Random(5))
    assert first == again and first in view.legal


def test_the_search_player_is_made_by_name_with_its_budget() -> None:
    agent = make_agent("search", budget_ms=50)
    assert isinstance(agent, SearchAgent) and agent.budget_ms == 50
    assert AGENTS["search"] is SearchAgent
    with pytest.raises(ValueError, match="budget_ms"):
        SearchAgent(budget_ms=0)


@pytest.mark.parametrize("variant", ["waks", "cardano", "revival"])
def test_a_search_with_too_few_worlds_plays_the_odds_players_choice(variant: str) -> None:
    state = start_deal(variant, names(variant), 30, seed=4)
    view = state_view(state, state.to_act or 0)
    # four worlds, fewer than min_worlds: no candidate may replace the odds player's choice
    # (made first, from the same generator)
    search = SearchAgent(budget_ms=None, simulations=4, min_worlds=8)
    assert search.act(view, random.Random(7)) == OddsAgent().act(view, random.Random(7))


def test_the_search_player_rejects_a_min_worlds_below_one() -> None:
    with pytest.raises(ValueError, match="min_worlds must be at least 1, got 0"):
        SearchAgent(min_worlds=0)

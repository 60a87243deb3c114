"""The search player: worlds that agree with the view, legal play in every variant, its budget."""

from __future__ import annotations

import random

import pytest

import primero
from primero.actions import Action, Fold
from primero.agents import (
    AGENTS,
    OddsAgent,
    RandomAgent,
    SearchAgent,
    Strength,
    make_agent,
    play_deal,
    sample_world,
)
from primero.agents.search import fits_betting
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


@pytest.mark.parametrize("variant", [*BUILT_IN, "oldpips"])
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


def test_a_search_without_a_time_budget_plays_exactly_its_worlds_and_rollouts() -> None:
    # Waks, the eldest's first decision: pass, vies of 1 to 3 chips and a fold; with nothing
    # owed the fold is no candidate, so four are left, and five worlds are twenty rollouts
    # (each world plays every candidate once)
    state = start_deal("waks", ["Anna", "Ben", "Cleo"], 30, seed=5)
    view = state_view(state, state.to_act or 0)
    assert len(view.legal) == 5 and view.owed == 0
    search = SearchAgent(budget_ms=None, simulations=5, min_worlds=2)
    search.act(view, random.Random(3))
    assert (search.worlds, search.rollouts) == (5, 20)


def test_a_searchs_worlds_and_rollouts_are_counted_afresh_each_decision() -> None:
    state = start_deal("waks", ["Anna", "Ben", "Cleo"], 30, seed=5)
    view = state_view(state, state.to_act or 0)
    search = SearchAgent(budget_ms=None, simulations=3, min_worlds=2)
    search.act(view, random.Random(3))
    search.act(view, random.Random(4))
    assert (search.worlds, search.rollouts) == (3, 12)


def nothing_owed_with_a_fold(variant: str) -> PlayerView:
    """The first view of a Cardano deal where nothing is owed and a fold is legal."""
    rng = random.Random(0)
    for seed in range(20):
        state = start_deal(variant, ["Anna", "Ben"], 30, seed=seed)
        while not state.over:
            view = state_view(state, state.to_act or 0)
            if view.owed == 0 and any(isinstance(a, Fold) for a in view.legal):
                return view
            state = state.apply(rng.choice(view.legal))
    raise AssertionError("no such view in 20 deals")


def test_the_search_never_weighs_a_fold_when_nothing_is_owed() -> None:
    view = nothing_owed_with_a_fold("cardano")
    search = SearchAgent(budget_ms=None, simulations=2, min_worlds=2)
    base = OddsAgent().act(view, random.Random(1))
    chosen = search.candidates(view, random.Random(1), base)
    assert not isinstance(base, Fold) and base in chosen
    assert not any(isinstance(a, Fold) for a in chosen)
    assert set(chosen) < set(view.legal)


def test_every_world_fits_no_betting_floor_and_none_fits_a_floor_of_one() -> None:
    # a hand's strength is the share of the pack's hands it beats, ties half: always below 1
    state = start_deal("waks", ["Anna", "Ben", "Cleo"], 30, seed=2)
    view = state_view(state, state.to_act or 0)
    table = Strength.of(view.variant.ranking)
    rng = random.Random(2)
    for _ in range(5):
        world = sample_world(view, rng)
        assert world is not None
        assert fits_betting(world, view, [0.0, 0.0], table)
        assert not fits_betting(world, view, [0.0, 1.0], table)
        assert not fits_betting(world, view, [1.0, 0.0], table)

"""The equilibrium player (make_agent("equilibrium")): legal play, its cache, its refusals."""

from __future__ import annotations

import random

import numpy as np
import pytest

from primero import start_deal
from primero.agents import make_agent
from primero.solve import NotSolvableError
from primero.solve.cache import strategy_file
from primero.solve.player import EquilibriumAgent


def test_the_equilibrium_player_plays_only_legal_actions_from_either_seat() -> None:
    agent = make_agent("equilibrium")
    rng = random.Random(3)
    decisions = 0
    for deal in range(60):
        state = start_deal("toy", ("Ann", "Bob"), 3, stake=1, rest=1, ante=1, seed=deal,
                           dealer=deal % 2)
        while not state.over:
            view = state.view(state.to_act)
            action = agent.act(view, rng)
            assert action in view.legal
            state = state.apply(action)
            decisions += 1
        assert sum(state.stacks) == 6  # chips conserved
    assert decisions > 60


def test_the_player_draws_with_the_strategy_s_probabilities() -> None:
    agent = EquilibriumAgent()
    state = start_deal("toy", ("Ann", "Bob"), 3, stake=1, rest=1, ante=1, seed=11)
    view = state.view(state.to_act)
    game, strategy = agent.strategy_for(view)
    hidden = tuple(sorted(game.tree.pool.index(c) for c in view.hand
                          if c not in game.tree.open_cards[0]))
    row = strategy.at(0)[game.ranges[0].cards.tolist().index(list(hidden))]
    rng = random.Random(5)
    draws = 4000
    counts = dict.fromkeys(game.tree.nodes[0].actions, 0)
    for _ in range(draws):
        counts[str(agent.act(view, rng))] += 1
    for action, p in zip(game.tree.nodes[0].actions, row, strict=True):
        # four standard errors of a binomial proportion
        assert abs(counts[action] / draws - p) <= 4 * np.sqrt(p * (1 - p) / draws) + 1e-9


def test_the_solved_strategy_is_kept_on_disk_and_read_back() -> None:
    first = EquilibriumAgent()
    view = start_deal("toy", ("Ann", "Bob"), 3, stake=1, rest=1, ante=1, seed=1).view(0)
    game, solved = first.strategy_for(view)
    path = strategy_file(game, first.target, first.iterations)
    assert path is not None and path.is_file()
    _, again = EquilibriumAgent().strategy_for(view)
    for a, b in zip(solved.tables, again.tables, strict=True):
        assert (a is None and b is None) or np.array_equal(a, b)


def test_tables_the_solver_cannot_take_are_refused_with_the_reason() -> None:
    agent = make_agent("equilibrium")
    waks = start_deal("waks", ("Ann", "Bob"), 10, seed=1)
    with pytest.raises(NotSolvableError, match="exchange"):
        agent.act(waks.view(waks.to_act), random.Random(1))
    three = start_deal("revival", ("Ann", "Bob", "Cy"), 10, seed=1)
    with pytest.raises(NotSolvableError, match="heads-up only"):
        agent.act(three.view(three.to_act), random.Random(1))
    uneven = start_deal("toy", ("Ann", "Bob"), (3, 4), stake=1, rest=1, ante=1, seed=1)
    with pytest.raises(NotSolvableError, match="equal chips"):
        agent.act(uneven.view(uneven.to_act), random.Random(1))

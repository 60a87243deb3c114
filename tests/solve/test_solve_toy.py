"""The range-vector solver on the toy, checked against OpenSpiel on ``python_primero``.

OpenSpiel walks the toy's 6,277 histories one by one; primero.solve walks its 17 public nodes
with a vector of 15 hidden pairs per player. The two must agree: the tree's lines (worked by
hand in tests/solve/test_openspiel_toy.py), the best response to the uniform strategy, the value of
the uniform strategy, and CFR+ iteration for iteration (OpenSpiel's ``_CFRSolver`` with
CFR+'s settings and the same regret floor, :data:`primero.solve.cfr.SNAP`).
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel
from open_spiel.python import policy as os_policy
from open_spiel.python.algorithms import best_response, cfr

import primero.openspiel  # noqa: F401  (registers python_primero)
from primero import get_variant, parse_cards
from primero.errors import PrimeroError
from primero.openspiel import GAME_NAME, TOY_PARAMETERS
from primero.solve import (
    CFRPlus,
    NotSolvableError,
    RangeGame,
    TableParameters,
    best_response_value,
    solvable_game,
    uniform,
)
from primero.solve.cfr import SNAP

TOY_TABLE = TableParameters(chips=3, stake=1, rest=1, ante=1)

#: The toy's eleven betting lines (tests/solve/test_openspiel_toy.py, worked from the rules).
LINES = {
    ("fold",), ("pass", "fold"), ("pass", "pass"), ("pass", "vie 1", "fold"),
    ("pass", "vie 1", "hold"), ("pass", "vie 1", "hold raise 1", "fold"),
    ("pass", "vie 1", "hold raise 1", "hold"), ("vie 1", "fold"), ("vie 1", "hold"),
    ("vie 1", "hold raise 1", "fold"), ("vie 1", "hold raise 1", "hold"),
}


@pytest.fixture(scope="module")
def toy() -> RangeGame:
    return solvable_game(get_variant("toy"), TOY_TABLE)


@pytest.fixture(scope="module")
def spiel() -> pyspiel.Game:
    return pyspiel.load_game(GAME_NAME, TOY_PARAMETERS)


class SnappedCFRPlus(cfr._CFRSolver):  # type: ignore[misc]
    """OpenSpiel's CFR+ (alternating updates, regret matching+, linear averaging) with
    cumulative regrets at or below ``SNAP`` chips per deal set to 0 (its floor is 0)."""

    def __init__(self, game: pyspiel.Game) -> None:
        super().__init__(game, regret_matching_plus=True, alternating_updates=True,
                         linear_averaging=True)

    def evaluate_and_update_policy(self) -> None:
        self._iteration += 1
        for player in range(2):
            self._compute_counterfactual_regret_for_player(
                self._root_node, policies=None, reach_probabilities=np.ones(3), player=player)
            for node in self._info_state_nodes.values():
                for action, regret in node.cumulative_regret.items():
                    if regret <= SNAP:
                        node.cumulative_regret[action] = 0.0
            cfr._update_current_policy(self._current_policy, self._info_state_nodes)


def information_states(game: RangeGame, spiel: pyspiel.Game) \
        -> dict[str, tuple[int, int, list[int]]]:
    """OpenSpiel information state -> (public node, hand index, action ids in node order)."""
    found: dict[str, tuple[int, int, list[int]]] = {}

    def walk(state: pyspiel.State, history: tuple[str, ...]) -> None:
        if state.is_terminal():
            return
        if state.is_chance_node():
            for outcome, _ in state.chance_outcomes():
                walk(state.child(outcome), history)
            return
        seat = state.current_player()
        key = state.information_state_string(seat)
        if key not in found:
            node = game.tree.node_of(history)
            hand = parse_cards(key.split("| hand ")[1].split(" |")[0])
            hidden = sorted(game.tree.pool.index(c) for c in hand
                            if c not in game.tree.open_cards[seat])
            h = game.ranges[seat].cards.tolist().index(hidden)
            ids = {state.action_to_string(a): a for a in state.legal_actions()}
            found[key] = (node, h, [ids[t] for t in game.tree.nodes[node].actions])
        for action in state.legal_actions():
            walk(state.child(action), (*history, state.action_to_string(action)))

    walk(spiel.new_initial_state(), ())
    return found


def test_the_toy_tree_is_the_hand_worked_one(toy: RangeGame) -> None:
    ends = {toy.tree.nodes[i].history for i in toy.tree.ends}
    assert ends == LINES
    assert len(toy.tree.nodes) == 17 and len(toy.tree.decisions) == 6
    assert len(toy.ranges[0]) == len(toy.ranges[1]) == 15  # C(6, 2) hidden pairs
    assert toy.pairs == 90  # 15 * C(4, 2)


def test_uniform_best_responses_equal_openspiel(toy: RangeGame, spiel: pyspiel.Game) -> None:
    random_policy = os_policy.UniformRandomPolicy(spiel)
    root = spiel.new_initial_state()
    for seat in (0, 1):
        theirs = best_response.BestResponsePolicy(spiel, seat, random_policy).value(root)
        assert best_response_value(uniform(toy), seat) == pytest.approx(theirs, abs=1e-12)


def test_cfr_plus_matches_openspiel_iteration_for_iteration(toy: RangeGame,
                                                           spiel: pyspiel.Game) -> None:
    # Three iterations: the third is where a regret of exactly 0 (rounded to 1e-17 or 1e-15)
    # first decides a strategy; the whole 200-iteration curve is benchmarks/bench_solve.py's.
    ours, theirs = CFRPlus(toy), SnappedCFRPlus(spiel)
    states = information_states(toy, spiel)
    assert len(states) == 90  # 45 a player
    for _ in range(3):
        ours.step()
        theirs.evaluate_and_update_policy()
        current, average = ours.current(), ours.average()
        tabulated = theirs.average_policy()
        for key, (node, h, ids) in states.items():
            assert np.allclose(current.at(node)[h],
                               theirs.current_policy().policy_for_key(key)[ids], atol=1e-12)
            assert np.allclose(average.at(node)[h], tabulated.policy_for_key(key)[ids],
                               atol=1e-12)
    root = spiel.new_initial_state()
    for seat in (0, 1):
        value = best_response.BestResponsePolicy(spiel, seat, tabulated).value(root)
        assert best_response_value(average, seat) == pytest.approx(value, abs=1e-12)


def test_games_the_solver_cannot_take_are_refused_by_name() -> None:
    with pytest.raises(NotSolvableError, match="'exchange' step"):
        solvable_game(get_variant("waks"), TableParameters(chips=5))
    with pytest.raises(NotSolvableError, match="'declare' step"):
        solvable_game(get_variant("primiera"), TableParameters(chips=5))
    with pytest.raises(NotSolvableError, match="'exchange' step"):
        solvable_game(get_variant("revival", exchange_first=True), TableParameters(chips=5))
    assert issubclass(NotSolvableError, PrimeroError)

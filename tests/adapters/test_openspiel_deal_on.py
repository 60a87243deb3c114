"""python_primero's deal_on: OpenSpiel's rl_environment never resets to a finished deal."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
rl_environment = pytest.importorskip("open_spiel.python.rl_environment")

import primero.openspiel  # noqa: E402  (registers python_primero)
from primero.errors import PrimeroError  # noqa: E402


def _loop(players: int, deal_on: bool, episodes: int, seed: int) \
        -> tuple[int, int, list[float]]:
    """The standard rl_environment loop with random agents: (finished resets, episodes, sum).

    Returns the resets that handed out a finished deal, the episodes played to their end and
    the returns' total of the last one.
    """
    game = pyspiel.load_game("python_primero", {"variant": "primiera", "players": players,
                                                "deal_on": deal_on})
    env = rl_environment.Environment(game, seed=seed)
    rng = np.random.default_rng(seed)
    finished = played = 0
    last: list[float] = []
    for _ in range(episodes):
        step = env.reset()
        if step.last() or step.observations["current_player"] < 0:
            finished += 1
            continue
        while not step.last():
            player = step.observations["current_player"]
            assert 0 <= player < players  # a seat: never TERMINAL (-4) on the way
            legal = step.observations["legal_actions"][player]
            step = env.step([int(rng.choice(legal))])
        played += 1
        last = list(step.rewards)
    return finished, played, last


@pytest.mark.parametrize("players", [2, 3])
def test_the_training_loop_never_gets_a_finished_deal_with_deal_on(players: int) -> None:
    finished, played, last = _loop(players, True, 150, 7)
    assert finished == 0
    assert played == 150
    assert sum(last) == pytest.approx(0.0)  # the payoff is delivered (zero-sum, refund)


def test_without_deal_on_a_reset_can_hand_out_a_finished_deal() -> None:
    """The default keeps the one-deal game tree: a quarter of heads-up Primiera resets end."""
    finished, played, _ = _loop(2, False, 200, 3)
    assert 20 < finished < 90
    assert finished + played == 200


def test_skipped_deals_are_reported_with_their_returns() -> None:
    game = pyspiel.load_game("python_primero", {"variant": "primiera", "players": 3,
                                                "deal_on": True})
    rng = np.random.default_rng(1)
    skipped = 0
    for _ in range(60):
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
        assert state.current_player() >= 0
        for paid in state.skipped_deals:
            assert len(paid) == 3 and sum(paid) == pytest.approx(0.0)
            assert max(paid) > 0  # someone was served a combination and won the antes
        skipped += len(state.skipped_deals)
        assert state.clone().skipped_deals == state.skipped_deals
    assert skipped > 10


def test_deal_on_takes_a_truth_value_only() -> None:
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter deal_on"):
        pyspiel.load_game("python_primero", {"variant": "primiera", "deal_on": "yes"})
    for bad in ("yes", 1, None):
        with pytest.raises(PrimeroError, match="deal_on: true or false"):
            primero.openspiel.PrimeroGame({"variant": "primiera", "deal_on": bad})

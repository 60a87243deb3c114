"""The adapters' fast paths give exactly what the plain ones give.

python_primero's ``information_state_tensor`` / ``observation_tensor`` build a numpy array
straight from the state, the public history kept per decision on a shared trail; the plain
path fills the named views from ``state.view(seat)`` and the whole list of moves
(:meth:`Encoder.fill_information_state`). Both are compared, value for value, at every node of
random deals of every variant, at tables with unequal stacks, a dealer and a carried-in pot,
and through OpenSpiel's own observer route (``pyspiel.State.information_state_tensor``).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

import primero  # noqa: E402
from primero import openspiel as primero_openspiel  # noqa: E402
from primero.adapters import (  # noqa: E402
    Encoder,
    observation_layout,
    views,
)
from primero.pettingzoo.env import raw_env  # noqa: E402
from tensor_helpers import every_state, plain_information_state, plain_observation  # noqa: E402

GAME = primero_openspiel.GAME_NAME
VARIANTS = primero.registry().names()


def _check_every_seat(state: Any, players: int) -> None:
    for seat in range(players):
        fast = state.information_state_tensor(seat)
        assert isinstance(fast, np.ndarray) and fast.dtype == np.float32
        assert np.array_equal(fast, plain_information_state(state, seat))
        assert np.array_equal(state.observation_tensor(seat), plain_observation(state, seat))
        # OpenSpiel's own route: the C++ state asks the observer (set_from)
        via_observer = pyspiel.State.information_state_tensor(state, seat)
        assert np.array_equal(np.asarray(via_observer, np.float32), fast)


def _play(game: Any, rng: random.Random, players: int) -> None:
    state = game.new_initial_state()
    while True:
        _check_every_seat(state, players)
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            if rng.random() < 0.2:  # a clone shares the trail and gives the same
                clone = state.clone()
                seat = state.current_player()
                assert np.array_equal(clone.information_state_tensor(seat),
                                      state.information_state_tensor(seat))
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("variant", VARIANTS)
def test_fast_tensors_are_the_plain_ones(variant: str) -> None:
    rng = random.Random(f"fast {variant}")
    most = primero.get_variant(variant).spec.players[1]
    for players in (2, 3)[:most - 1]:
        game = pyspiel.load_game(GAME, {"variant": variant, "players": players, "chips": 6})
        for _ in range(3):
            _play(game, rng, players)


def test_fast_tensors_with_stacks_dealer_and_carry_in() -> None:
    rng = random.Random(7)
    for variant in ("waks", "suzuki", "cardano"):
        game = pyspiel.load_game(GAME, {"variant": variant, "players": 4,
                                        "stacks": "2;9;5;14", "dealer": 1, "carry_in": 3})
        for _ in range(4):
            _play(game, rng, 4)


def test_the_recent_window_slides_alike_in_long_deals() -> None:
    # rest 1 and many chips: long betting rounds, more decisions than the window holds
    game = pyspiel.load_game(GAME, {"variant": "waks", "players": 2, "chips": 30, "rest": 1})
    rng = random.Random(3)
    longest = 0
    for _ in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            legal = state.legal_actions()
            vies = [a for a in legal if a >= 3]  # vie or raise by the stake: keep it going
            state.apply_action(vies[0] if vies and rng.random() < 0.7 else rng.choice(legal))
            _check_every_seat(state, 2)
        longest = max(longest, len(state.moves))
    assert longest > 2 * 2 * 2  # past RECENT_MOVES * n rows


@pytest.mark.parametrize("variant", ["waks", "suzuki", "primiera", "cardano"])
def test_tensors_asked_in_any_order_are_the_plain_ones(variant: str) -> None:
    # the public pieces are patched from the last state asked for: states of other deals,
    # earlier states of the same deal (a step back, as a search does) and the same state
    # again, in a shuffled order, each for a random seat, the observation's in between
    game = pyspiel.load_game(GAME, {"variant": variant, "players": 3, "chips": 8})
    rng = random.Random(f"any order {variant}")
    states = every_state(game, rng, 5)
    asked = states + [rng.choice(states) for _ in range(len(states))]
    rng.shuffle(asked)
    for state in asked:
        seat = rng.randrange(3)
        assert np.array_equal(state.information_state_tensor(seat),
                              plain_information_state(state, seat))
        if rng.random() < 0.3:
            assert np.array_equal(state.observation_tensor(seat),
                                  plain_observation(state, seat))


def test_tensor_of_a_bad_player_is_refused() -> None:
    state = pyspiel.load_game(GAME).new_initial_state()
    with pytest.raises(primero.PrimeroError, match=r"player must be a seat 0\.\.1"):
        state.information_state_tensor(2)
    with pytest.raises(primero.PrimeroError, match="player must be a seat"):
        state.observation_tensor(-1)  # at a chance node there is no player to default to


def test_moves_are_made_once_and_shared_by_clones() -> None:
    game = pyspiel.load_game(GAME)
    state = game.new_initial_state()
    for outcome in (0, 1, 2, 3):
        state.apply_action(outcome)
    state.apply_action(1)  # p0 passes
    clone = state.clone()  # OpenSpiel's clone deep-copies the attributes: the trail is kept
    assert clone.trail is state.trail
    assert state.moves is clone.moves and [m.text for m in state.moves] == ["pass"]
    copied = copy.deepcopy(state)  # pyspiel replays the history: equal, not shared
    assert [m.text for m in copied.moves] == ["pass"]
    assert np.array_equal(copied.information_state_tensor(1), state.information_state_tensor(1))


def _plain_env_observation(encoder: Encoder, deal: Any, seat: int) -> np.ndarray:
    pieces = observation_layout(encoder.table)
    tensor = np.zeros(sum(p.size for p in pieces), np.float32)
    encoder.fill_observation(views(tensor, pieces), deal, seat)
    return tensor


@pytest.mark.parametrize("variant", ["waks", "suzuki", "primiera", "cardano"])
def test_pettingzoo_observations_are_the_plain_ones(variant: str) -> None:
    env = raw_env(variant=variant, players=3, chips=[4, 9, 6], dealer=0, carry_in=2)
    rng = random.Random(variant)
    encoder = Encoder(env.table)  # a fresh one: nothing shared with the env's
    for episode in range(4):
        env.reset(seed=episode)
        for _agent in env.agent_iter():
            for other in env.possible_agents:
                seat = env.possible_agents.index(other)
                assert np.array_equal(env.observe(other)["observation"],
                                      _plain_env_observation(encoder, env.deal, seat))
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
            else:
                mask = observation["action_mask"]
                env.step(rng.choice([i for i, bit in enumerate(mask) if bit]))
        assert [m.seat for m in env.moves] and env.moves[-1].text

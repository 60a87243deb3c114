"""python_primero's tensors: a fixed size whatever the chips, every value in [0, 1]."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import primero  # noqa: E402
from primero import openspiel as primero_openspiel  # noqa: E402

GAME = primero_openspiel.GAME_NAME

# heads-up Waks, italian40: player 2, hand 40, discarded 40, received 40 x 7 (the plan's 6
# steps + 1), to_act 2, step 3 (two betting rounds and the exchange), stacks, contributed,
# round_bet, folded, cards 2 each, pot, high, over 1 each, shown 2 x 40, step_moves 3 x 2 x 8,
# step_chips and step_cards 3 x 2 each, recent 4 x (2 + 8 + 2)
WAKS_HEADS_UP = 2 + 40 + 40 + 280 + 2 + 3 + 5 * 2 + 3 + 80 + 48 + 6 + 6 + 48


@pytest.mark.parametrize("chips", [20, 1000])
def test_information_state_size_does_not_grow_with_chips(chips: int) -> None:
    game = pyspiel.load_game(GAME, {"chips": chips, "rest": min(chips - 1, 999)})
    assert game.information_state_tensor_shape() == [WAKS_HEADS_UP]
    assert len(game.new_initial_state().information_state_tensor(0)) == WAKS_HEADS_UP


def test_cardano_tensor_stays_small_at_a_thousand_chips() -> None:
    small = pyspiel.load_game(GAME, {"variant": "cardano", "players": 4})
    large = pyspiel.load_game(GAME, {"variant": "cardano", "players": 4, "chips": 1000,
                                     "rest": 999})
    assert small.information_state_tensor_shape() == large.information_state_tensor_shape()
    assert large.information_state_tensor_size() < 1000
    state = large.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert len(state.information_state_tensor(0)) == large.information_state_tensor_size()


@pytest.mark.parametrize("variant", primero.registry().names())
def test_every_tensor_value_is_between_zero_and_one(variant: str) -> None:
    players = min(3, primero.registry().spec(variant).players[1])
    game = pyspiel.load_game(GAME, {"variant": variant, "players": players, "chips": 6})
    rng = random.Random(variant)
    for _ in range(3):
        state = game.new_initial_state()
        while True:
            if not state.is_chance_node():
                for player in range(players):
                    for tensor in (state.information_state_tensor(player),
                                   state.observation_tensor(player)):
                        values = np.asarray(tensor)
                        assert values.min() >= 0.0 and values.max() <= 1.0
            if state.is_terminal():
                break
            options = ([o for o, _ in state.chance_outcomes()] if state.is_chance_node()
                       else state.legal_actions())
            state.apply_action(rng.choice(options))


def test_chips_are_fractions_of_the_table() -> None:
    game = pyspiel.load_game(GAME, {"chips": 20})
    state = game.new_initial_state()
    pack = state.deal.variant.pack.cards
    for card in primero.parse_cards(["7h", "Ks", "6c", "2d"]):
        state.apply_action(pack.index(card))
    state.apply_action(5)  # p0 vies 3 of the table's 40 chips
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, 1)
    named = observer.dict
    assert list(named["contributed"]) == pytest.approx([3 / 40, 0.0])
    assert list(named["stacks"]) == pytest.approx([17 / 40, 20 / 40])
    assert named["pot"][0] == pytest.approx(3 / 40)
    # betting round 1 is deciding step 0: p0 made one vie (kind 3), putting in 3 chips
    assert named["step_moves"][0, 0, 3] == pytest.approx(1 / 3)
    assert named["step_chips"][0, 0] == pytest.approx(3 / 40)
    assert list(named["recent"][0]) == pytest.approx([1, 0, 0, 0, 0, 1, 0, 0, 0, 0,
                                                      3 / 40, 0])

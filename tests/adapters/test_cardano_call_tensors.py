"""Cardano's calls in the adapters' tensors: the standing call and each seat's last call."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import primero.openspiel  # noqa: E402  (registers python_primero)
from primero.adapters import information_state_layout, observation_layout, views  # noqa: E402

GAME = primero.openspiel.GAME_NAME


def _dealt(players: int, seed: int = 5) -> Any:
    game = pyspiel.load_game(GAME, {"variant": "cardano", "players": players})
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
    return state


def _play(state: Any, text: str) -> Any:
    """``state`` after the legal action whose text is ``text``."""
    after = state.clone()
    (action,) = [a for a in state.legal_actions()
                 if state.action_to_string(state.current_player(), a) == text]
    after.apply_action(action)
    return after


def test_two_calls_give_the_other_players_different_tensors() -> None:
    first = _dealt(3)
    chorus, supremus = _play(first, "vie 2 call Chorus 40"), _play(first, "vie 2 call Supremus")
    assert len(chorus.legal_actions()) != len(supremus.legal_actions())
    for seat in (1, 2):
        assert not np.array_equal(chorus.information_state_tensor(seat),
                                  supremus.information_state_tensor(seat))
        assert not np.array_equal(chorus.observation_tensor(seat),
                                  supremus.observation_tensor(seat))


def test_the_call_piece_holds_the_class_and_the_points() -> None:
    """Hand-worked: classes weakest first Numerus, Primero, Supremus, Fluxus, Chorus; the most
    a call names over italian40 is 84 (Chorus of four 7s); Supremus is worth 55."""
    state = _play(_dealt(3), "vie 2 call Chorus 40")
    state = _play(state, "hold raise 1 call Chorus 84")
    encoder = state.encoder
    for layout, tensor in ((information_state_layout(encoder.table),
                            state.information_state_tensor(2)),
                           (observation_layout(encoder.table), state.observation_tensor(2))):
        call = views(tensor, layout)["call"]
        assert call.shape == (4, 6)
        expected = np.zeros((4, 6), np.float32)
        expected[0, 4], expected[0, 5] = 1.0, np.float32(84 / 84)  # standing: Chorus 84
        expected[1, 4], expected[1, 5] = 1.0, np.float32(40 / 84)  # seat 0: Chorus 40
        expected[2, 4], expected[2, 5] = 1.0, np.float32(84 / 84)  # seat 1: Chorus 84
        assert call.tobytes() == expected.tobytes()
    supremus = views(_play(_dealt(3), "vie 1 call Supremus").observation_tensor(1),
                     observation_layout(encoder.table))["call"]
    assert supremus[0, 2] == 1.0 and supremus[0, 5] == np.float32(55 / 84)


@pytest.mark.parametrize(("players", "deals"), [(2, 150), (3, 120)])
def test_no_two_information_states_share_a_tensor_in_random_cardano_deals(
        players: int, deals: int) -> None:
    game = pyspiel.load_game(GAME, {"variant": "cardano", "players": players})
    rng = np.random.default_rng(players)
    seen: dict[bytes, set[str]] = {}
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
                continue
            for seat in range(players):
                key = state.information_state_tensor(seat).tobytes()
                seen.setdefault(key, set()).add(state.information_state_string(seat))
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(seen) > 1000 * players
    assert [strings for strings in seen.values() if len(strings) > 1] == []


def test_variants_without_calls_keep_their_layout() -> None:
    game = pyspiel.load_game(GAME, {"variant": "waks", "players": 2})
    assert game.information_state_tensor_size() == 568
    assert "call" not in views(np.zeros(568, np.float32),
                               information_state_layout(game.encoder.table))

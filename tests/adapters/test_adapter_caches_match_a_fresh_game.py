"""The adapters' caches under hostile use: each answer is the one a fresh game gives.

The reference is always a fresh game (``PrimeroGame`` built again from the parameters, its
own encoder) replaying the same history, or the plain fill functions of
:class:`~primero.adapters.Encoder`.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.observation import make_observation  # noqa: E402

import primero  # noqa: E402
from primero import openspiel as primero_openspiel  # noqa: E402

GAME = primero_openspiel.GAME_NAME

#: p0 7h 6c, p1 Ks 2d (pack positions), heads-up Waks at 5 chips: p0 to act.
PARAMETERS = {"players": 2, "chips": 5}
CARDS = ("7h", "Ks", "6c", "2d")

OBSERVATION_TYPES = [
    pyspiel.IIGObservationType(perfect_recall=recall, public_info=public, private_info=private)
    for recall in (True, False)
    for public in (True, False)
    for private in (pyspiel.PrivateInfoType.SINGLE_PLAYER, pyspiel.PrivateInfoType.NONE)
]


def _dealt(game: Any) -> Any:
    state = game.new_initial_state()
    pack = state.deal.variant.pack.cards
    for card in CARDS:
        state.apply_action(pack.index(primero.Card.parse(card)))
    return state


def _fresh(state: Any) -> Any:
    game = primero_openspiel.PrimeroGame(dict(state.get_game().get_parameters()))
    replayed = game.new_initial_state()
    for action in state.history():
        replayed.apply_action(action)
    return replayed


def _fresh_observer_tensor(state: Any, kind: Any, player: int) -> np.ndarray:
    replayed = _fresh(state)
    observer = make_observation(replayed.get_game(), kind)
    observer.set_from(replayed, player)
    return observer.tensor.copy()


@pytest.mark.parametrize("kind", OBSERVATION_TYPES,
                         ids=lambda t: f"recall{t.perfect_recall}-public{t.public_info}-"
                                       f"{t.private_info.name}")
def test_observer_refills_after_the_caller_wrote_into_its_tensor(kind: Any) -> None:
    game = pyspiel.load_game(GAME, PARAMETERS)
    state = _dealt(game)
    observer = make_observation(game, kind)
    observer.set_from(state, 0)
    expected = _fresh_observer_tensor(state, kind, 0)
    assert np.array_equal(observer.tensor, expected)
    observer.tensor[:] = 0.5  # in-place use of the tensor (normalising, a network's buffer)
    observer.set_from(state, 0)  # the same deal, decisions and player again
    assert np.array_equal(observer.tensor, expected)
    observer.dict["player"][:] = 0.0  # through the named views too
    observer.set_from(state, 0)
    assert observer.dict["player"].tolist() == [1.0, 0.0]
    assert np.array_equal(observer.tensor, expected)


def test_observer_refuses_a_bad_player_every_time() -> None:
    game = pyspiel.load_game(GAME, PARAMETERS)
    state = _dealt(game)
    observer = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, 0)
    for _ in range(2):  # the second call used to return p0's tensor, silently
        with pytest.raises(primero.PrimeroError, match=r"player must be a seat 0\.\.1"):
            observer.set_from(state, 7)
    for _ in range(2):  # -1 used to give the last seat's cards with a stray 1 at the end
        with pytest.raises(primero.PrimeroError, match=r"player must be a seat 0\.\.1"):
            observer.set_from(state, -1)
    observer.set_from(state, 1)
    assert np.array_equal(observer.tensor, _fresh(state).information_state_tensor(1))


def test_pickled_and_deep_copied_states_give_the_fresh_answers() -> None:
    game = pyspiel.load_game(GAME, PARAMETERS)
    state = _dealt(game)
    state.apply_action(state.legal_actions()[2])  # vie 1
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        replayed = _fresh(copied)
        for player in (1, 0, 1):
            assert np.array_equal(copied.information_state_tensor(player),
                                  replayed.information_state_tensor(player))
            assert np.array_equal(copied.observation_tensor(player),
                                  replayed.observation_tensor(player))
            assert copied.information_state_string(player) == \
                replayed.information_state_string(player)


def test_a_pickled_state_does_not_carry_the_caches_of_other_states() -> None:
    game = pyspiel.load_game(GAME, {"players": 4, "chips": 5})
    state = game.new_initial_state()
    for action in range(8):
        state.apply_action(action)
    size = len(pickle.dumps(state))
    # tensors of many other states fill the shared encoder's caches
    for first in range(0, 32, 4):
        other = game.new_initial_state()
        for action in range(first, first + 8):
            other.apply_action(action)
            for player in range(4):
                other.information_state_tensor(player)
                other.observation_tensor(player)
    assert len(pickle.dumps(state)) == size  # was 15,336 then 31,188 bytes: every cache
    copied = copy.deepcopy(state)
    assert np.array_equal(copied.information_state_tensor(2),
                          _fresh(state).information_state_tensor(2))


def test_pettingzoo_reports_what_a_deal_that_ends_at_reset_would_have_paid() -> None:
    pytest.importorskip("pettingzoo")
    from primero.pettingzoo import env

    table = env(variant="primiera", players=2, chips=4)
    table.reset(seed=3)  # the first deal is over at once (no decision): skipped, reported
    assert table.unwrapped.infos["player_0"]["skipped_deals"] == (
        {"player_0": 1.0, "player_1": -1.0},)  # what it would have paid
    assert not table.unwrapped.deal.over  # the episode is the next deal, which has a decision

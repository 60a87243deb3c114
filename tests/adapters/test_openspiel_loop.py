"""python_primero's per-node answers, as fast as they are, are the engine's.

The chance outcomes come from pairs made once per game and number of cards; they are checked
against the engine's own chance node (``state.deal.chance.cards``) and the variant's pack, at
every chance node of random deals, from the stock, from reshuffled discards and down to a single
card. The lists handed out are the caller's own, and what a game's states share (the encoder,
the pairs) is shared by clones and made anew by deserialization, with the same answers.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from primero import openspiel as primero_openspiel  # noqa: E402

GAME = primero_openspiel.GAME_NAME


def expected_outcomes(state: Any) -> list[tuple[int, float]]:
    """The plain path: the engine's chance node, each card by its index in the pack."""
    cards = state.deal.chance.cards
    pack = list(state.deal.variant.pack.cards)
    return [(pack.index(card), 1.0 / len(cards)) for card in cards]


def chance_nodes(game: Any, seed: int, deals: int) -> Iterator[Any]:
    """Every chance node of ``deals`` uniformly random deals (the state, before its card)."""
    rng = random.Random(seed)
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                yield state
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("variant", "players"), [("waks", 4), ("primiera", 6), ("suzuki", 6),
                                                  ("cardano", 3), ("toy", 2)])
def test_chance_outcomes_are_the_engines_cards_each_equally_likely(variant: str,
                                                                   players: int) -> None:
    game = pyspiel.load_game(GAME, {"variant": variant, "players": players})
    seen = 0
    for state in chance_nodes(game, seed=3, deals=6):
        outcomes = state.chance_outcomes()
        assert outcomes == expected_outcomes(state)
        assert all(type(action) is int and type(chance) is float for action, chance in outcomes)
        assert state.legal_actions() == [action for action, _ in outcomes]
        seen += 1
    assert seen > 0


def test_chance_outcomes_from_the_reshuffled_discards() -> None:
    # suzuki, six players: the stock runs out in the first deal and the discards come back
    game = pyspiel.load_game(GAME, {"variant": "suzuki", "players": 6})
    reshuffled = 0
    for state in chance_nodes(game, seed=0, deals=1):
        if not state.deal.stock:
            assert state.chance_outcomes() == expected_outcomes(state)
            reshuffled += 1
    assert reshuffled > 0


def test_a_single_card_that_can_come_is_one_outcome_that_surely_comes() -> None:
    game = pyspiel.load_game(GAME, {"variant": "suzuki", "players": 6})
    single = 0
    for state in chance_nodes(game, seed=0, deals=1):
        if len(state.deal.chance.cards) == 1:
            (card,) = state.deal.chance.cards
            position = list(state.deal.variant.pack.cards).index(card)
            assert state.chance_outcomes() == [(position, 1.0)]
            assert state.legal_actions() == [position]
            single += 1
    assert single > 0


def test_the_lists_handed_out_are_the_callers_own() -> None:
    game = pyspiel.load_game(GAME, {"variant": "waks", "players": 4})
    rng = random.Random(1)
    state = game.new_initial_state()
    checked = {"chance": 0, "decision": 0}
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            expected = expected_outcomes(state)
            outcomes.reverse()
            outcomes.append((-1, 1.0))
            state.legal_actions().clear()
            assert state.chance_outcomes() == expected
            assert state.legal_actions() == [action for action, _ in expected]
            checked["chance"] += 1
            state.apply_action(rng.choice(expected)[0])
        else:
            actions = state.legal_actions()
            expected_ids = list(state.deal.legal_action_ids())
            actions.reverse()
            actions.append(-1)
            assert state.legal_actions() == expected_ids
            assert state.deal.legal_action_ids() == tuple(expected_ids)
            checked["decision"] += 1
            state.apply_action(rng.choice(expected_ids))
    assert checked["chance"] > 0 and checked["decision"] > 0


def _halfway(game: Any, seed: int) -> tuple[Any, random.Random]:
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(12):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state, rng


def _finish(state: Any, rng: random.Random) -> list[Any]:
    """Play ``state`` out; every node's outcomes or legal actions, and the returns."""
    seen: list[Any] = []
    while not state.is_terminal():
        if state.is_chance_node():
            seen.append(state.chance_outcomes())
            state.apply_action(rng.choice(seen[-1])[0])
        else:
            seen.append(state.legal_actions())
            state.apply_action(rng.choice(seen[-1]))
    return [*seen, state.returns()]


def test_a_games_states_and_their_clones_share_its_encoder_and_outcome_pairs() -> None:
    game = pyspiel.load_game(GAME, {"variant": "waks", "players": 4})
    state, _ = _halfway(game, seed=2)
    assert state.encoder is game.encoder
    assert state.shared is game.new_initial_state().shared
    clone = state.clone()
    assert clone.shared is state.shared
    assert clone.encoder is game.encoder


@pytest.mark.parametrize("how", ["deserialize", "pickle", "deepcopy", "copy",
                                 "serialize_game_and_state"])
def test_a_state_made_again_answers_as_the_original(how: str) -> None:
    game = pyspiel.load_game(GAME, {"variant": "waks", "players": 4})
    state, rng = _halfway(game, seed=4)
    if how == "deserialize":
        again = game.deserialize_state(state.serialize())
    elif how == "pickle":
        again = pickle.loads(pickle.dumps(state))
    elif how == "deepcopy":  # (pyspiel copies a state through its pickled attributes)
        again = copy.deepcopy(state)
    elif how == "copy":
        again = copy.copy(state)
    else:
        _, again = pyspiel.deserialize_game_and_state(
            pyspiel.serialize_game_and_state(game, state))
    assert again.history() == state.history()
    assert again.shared is not state.shared  # made anew from the pickled encoder's table
    assert again.shared.pack == state.shared.pack
    seed = rng.random()
    assert _finish(again, random.Random(seed)) == _finish(state, random.Random(seed))


def test_a_clone_moves_on_alone() -> None:
    game = pyspiel.load_game(GAME, {"variant": "waks", "players": 4})
    state, rng = _halfway(game, seed=5)
    deal, trail, player = state.deal, state.trail, state.current_player()
    history = state.history()
    for other in (state.clone(), copy.deepcopy(state)):
        _finish(other, random.Random(rng.random()))
        assert other.is_terminal()
        assert state.deal is deal and state.trail is trail
        assert state.current_player() == player and state.history() == history
    seed = rng.random()
    clone = state.clone()
    assert _finish(clone, random.Random(seed)) == _finish(state, random.Random(seed))


def test_setting_the_deal_sets_who_is_to_act() -> None:
    game = pyspiel.load_game(GAME, {"variant": "waks", "players": 4})
    state, _ = _halfway(game, seed=6)
    other = game.new_initial_state()
    assert other.is_chance_node()
    other.deal = state.deal
    assert other.deal is state.deal
    assert other.current_player() == state.current_player() == state.deal.to_act
    assert other.legal_actions() == state.legal_actions()
    other.trail = state.trail
    assert other.moves == state.moves

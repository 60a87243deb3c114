"""resample_from_infostate: hidden cards drawn anew, uniformly, never from unseen cards."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import primero  # noqa: E402
from primero import openspiel as primero_openspiel  # noqa: E402

GAME = primero_openspiel.GAME_NAME


def _dealt(game: Any, cards: list[str]) -> Any:
    state = game.new_initial_state()
    pack = state.deal.variant.pack.cards
    for card in primero.parse_cards(cards):
        state.apply_action(pack.index(card))
    return state


def _hands(state: Any) -> list[list[str]]:
    return [[c.ascii for c in seat.hand] for seat in state.deal.seats]


@pytest.mark.parametrize("variant", primero.registry().names())
def test_resampled_worlds_agree_with_the_players_information(variant: str) -> None:
    players = min(3, primero.registry().spec(variant).players[1])
    game = pyspiel.load_game(GAME, {"variant": variant, "players": players, "chips": 5})
    rng = random.Random(variant)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        for player in range(players):
            world = state.resample_from_infostate(player, rng.random)
            assert world.information_state_string(player) == \
                state.information_state_string(player)
            assert list(world.information_state_tensor(player)) == \
                list(state.information_state_tensor(player))
            assert world.current_player() == state.current_player()
            assert _hands(world)[player] == _hands(state)[player]
        state.apply_action(rng.choice(state.legal_actions()))


def test_resampling_never_reads_the_cards_the_player_cannot_see() -> None:
    # two deals that differ only in p1's cards (p0 never sees them): the same draws must give
    # the same world for p0, whatever p1 really holds
    game = pyspiel.load_game(GAME, {"chips": 20})
    first = _dealt(game, ["7h", "Ks", "6c", "2d"])
    second = _dealt(game, ["7h", "Qd", "6c", "3s"])
    for state in (first, second):
        state.apply_action(1)  # p0 passes
    worlds = []
    for state in (first, second):
        draws = random.Random(5)
        worlds.append([_hands(state.resample_from_infostate(0, draws.random))
                       for _ in range(20)])
    assert worlds[0] == worlds[1]
    assert all(hands[0] == ["7h", "6c"] for hands in worlds[0])


def test_resampled_opponent_cards_are_uniform_over_the_unseen_cards() -> None:
    game = pyspiel.load_game(GAME, {"chips": 20})
    state = _dealt(game, ["7h", "Ks", "6c", "2d"])
    draws = random.Random(11)
    counts: Counter[str] = Counter()
    samples = 1900
    for _ in range(samples):
        counts.update(_hands(state.resample_from_infostate(0, draws.random))[1])
    # p1 holds 2 of the 38 cards p0 has not got, each card with chance 2/38: 100 expected
    assert set(counts) == {c.ascii for c in state.deal.variant.pack.cards} - {"7h", "6c"}
    assert all(55 <= n <= 145 for n in counts.values()), counts  # > 4.5 sd from 100: a bug


def test_ismcts_plays_a_deal() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(GAME, {"chips": 3})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=None)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=20,
                           random_state=None)
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert sum(state.returns()) == 0.0

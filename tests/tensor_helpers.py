"""The adapters' tensors filled the plain way, and every state of random deals, for the tensor
tests (imported by bare name).

The plain way fills zeroed named views from the player's view and the deal's moves made afresh
from the trail (:meth:`primero.adapters.Encoder.fill_information_state`,
:meth:`~primero.adapters.Encoder.fill_observation`): nothing kept, no template, no compiled
code, the reference the fast paths are held to.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from primero.adapters import Encoder, Move, information_state_layout, observation_layout, views


def plain_information_state_of(encoder: Encoder, deal: Any, trail: Any,
                               seat: int) -> np.ndarray:
    """``seat``'s information-state tensor of the engine state ``deal`` after ``trail``."""
    pieces = information_state_layout(encoder.table)
    tensor = np.zeros(sum(p.size for p in pieces), np.float32)
    # the moves made afresh from the trail, not the trail's own cached ones
    moves, node = [], trail
    while node is not None:
        moves.append(Move.make(node.before, node.action, node.after))
        node = node.parent
    encoder.fill_information_state(views(tensor, pieces), deal, seat, moves[::-1])
    return tensor


def plain_observation_of(encoder: Encoder, deal: Any, seat: int) -> np.ndarray:
    """``seat``'s observation tensor of the engine state ``deal``."""
    pieces = observation_layout(encoder.table)
    tensor = np.zeros(sum(p.size for p in pieces), np.float32)
    encoder.fill_observation(views(tensor, pieces), deal, seat)
    return tensor


def plain_information_state(state: Any, seat: int) -> np.ndarray:
    """``seat``'s information-state tensor of a ``python_primero`` state, the plain way."""
    return plain_information_state_of(state.encoder, state.deal, state.trail, seat)


def plain_observation(state: Any, seat: int) -> np.ndarray:
    """``seat``'s observation tensor of a ``python_primero`` state, the plain way."""
    return plain_observation_of(state.encoder, state.deal, seat)


def every_state(game: Any, rng: random.Random, deals: int) -> list[Any]:
    """Every state (chance, decision and end) of ``deals`` deals played at random."""
    states = []
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            states.append(state.clone())
            options = ([o for o, _ in state.chance_outcomes()] if state.is_chance_node()
                       else state.legal_actions())
            state.apply_action(rng.choice(options))
        states.append(state)
    return states

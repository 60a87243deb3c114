"""The ids path: the legal ids a bet's fast path gives the next state are the encodings.

Where a deal's ids are read (its action space asked for), the core's betting fast path
hands the next state its legal ids and the action of each id with its legal actions, and
``state.apply(i)`` reads them there. The independent reference is the action space's own
encoding of each legal action (:meth:`~primero.deal.action_space.ActionSpace.encode`): the
ids must be exactly those encodings, sorted, and an id must apply as the action it encodes,
on every decision of whole deals played by ids. An exchange's ids belong to one hand: they
are kept by the state that asked, never in the shared table of encodings.
"""

from __future__ import annotations

import random

import pytest

from primero import get_variant
from primero.actions import Exchange
from primero.deal.action_space import ENCODINGS
from primero.deal.engine import start_deal

PLAYERS = ["Anna", "Ben", "Carla", "Dan"]


@pytest.mark.parametrize(("name", "players"), [("waks", 4), ("waks", 2), ("losing", 3)])
def test_ids_of_every_decision_are_the_encodings_of_the_legal_actions(name: str,
                                                                     players: int) -> None:
    variant = get_variant(name)
    rng = random.Random(5)
    decisions = 0
    for k in range(25):
        state = start_deal(variant, PLAYERS[:players], 20, dealer=k % players, seed=900 + k)
        while not state.over:
            space = state.action_space
            by_encoding = {space.encode(state, a): a for a in state.legal_actions()}
            ids = state.legal_action_ids()
            assert ids == tuple(sorted(by_encoding))
            pick = rng.choice(ids)
            after = state.apply(pick)
            assert after == state.apply(by_encoding[pick])
            assert after.history[-1][1] == by_encoding[pick]
            state = after
            decisions += 1
    assert decisions > 100


def test_exchange_encodings_are_not_kept_in_the_shared_table() -> None:
    variant = get_variant("waks")
    rng = random.Random(3)
    met = 0
    for k in range(10):
        state = start_deal(variant, PLAYERS, 50, seed=70 + k)
        while not state.over:
            legal = state.legal_actions()
            ids = state.legal_action_ids()
            if all(isinstance(a, Exchange) for a in legal):
                hand = state.seats[state.to_act].hand  # type: ignore[index]
                assert len(ids) == 2 ** len(hand)  # every subset of the hand
                assert id(legal) not in ENCODINGS
                met += 1
            state = state.apply(rng.choice(ids))
    assert met >= 10

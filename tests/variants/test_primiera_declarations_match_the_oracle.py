"""Each Primiera declaration holds exactly the served hands, as an independent classifier says.

The declarations are made by the rules in the declaration's own step, from the hands as they
are then, and end the deal where the sheet says (docs/rules/primiera.md): any declarer ends it
at a showdown, nobody served at the second declaration cancels it. The expected declarations
come from ``oracle.classify`` (written apart from the library), Chorus off, its classes
renamed: Primero is a Primiera, Supremus a Fifty-five, Fluxus a Flush; anything else is not
served.
"""

from __future__ import annotations

import random

import pytest

from oracle import classify
from primero import start_deal
from primero.deal.state import GameState
from primero.variants.primiera import declarations

NAMES = ["Anna", "Ben", "Carla", "Dan", "Eva", "Finn", "Greta", "Hugo"]
RENAMED = {"Primero": "Primiera", "Supremus": "Fifty-five", "Fluxus": "Flush"}


def _expected(state: GameState) -> list[tuple[int, str, str, int]]:
    """(seat, player, class, points) of every served hand, in playing order from the eldest."""
    served = []
    n = len(state.seats)
    for k in range(n):
        seat = (state.eldest + k) % n
        player = state.seats[seat]
        hand = tuple((int(c.rank), int(c.suit)) for c in player.hand)
        hand_class, points = classify(hand, chorus=False)
        if hand_class in RENAMED:
            served.append((seat, player.name, RENAMED[hand_class], points))
    return served


def _made(state: GameState, number: int) -> list[tuple[int, str, str, int]]:
    return [(d.seat, d.player, d.hand_class, d.points) for d in declarations(state, number)]


@pytest.mark.parametrize("players", [2, 3, 4, 8])
def test_declarations_and_the_end_of_random_deals_match_the_oracle(players: int) -> None:
    rng = random.Random(players)
    ends = set()
    for seed in range(150):
        state = start_deal("primiera", NAMES[:players], 5, dealer=seed % players, seed=seed)
        first = _expected(state)
        assert _made(state, 1) == first
        if first:
            assert state.over and state.ended_by == "showdown"
            assert declarations(state, 2) == ()
            ends.add("first")
            continue
        assert not state.over and state.to_act == state.eldest
        while not state.over:
            state = state.apply(rng.choice(state.legal_actions()))
        second = _expected(state)
        assert _made(state, 2) == second
        assert state.ended_by == ("showdown" if second else "cancel")
        ends.add("second" if second else "cancel")
    assert ends == {"first", "second", "cancel"}  # every way a deal ends was seen

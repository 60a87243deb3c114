"""An agent object plays one seat: duplicate matches and simulations give each seat its own."""

from __future__ import annotations

import itertools
import random

import pytest

from primero.actions import Action
from primero.agents import AGENTS
from primero.analysis.duplicate import duplicate_match
from primero.simulation.run import simulate
from primero.views import PlayerView

SEEN: list[tuple[int, int]] = []
TOKENS = itertools.count()


class OneSeat:
    """Plays at random; records (its own token, the seat it plays) at every decision.

    Every copy draws a token of its own (``id`` may be reused once an object is freed).
    """

    def __init__(self) -> None:
        self.token = next(TOKENS)

    def __deepcopy__(self, memo: dict[int, object]) -> OneSeat:
        return OneSeat()

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        SEEN.append((self.token, view.seat))
        return rng.choice(view.legal)


def _seats_per_object() -> dict[int, set[int]]:
    seats: dict[int, set[int]] = {}
    for who, seat in SEEN:
        seats.setdefault(who, set()).add(seat)
    return seats


def test_every_opponent_seat_of_a_duplicate_match_has_an_object_of_its_own() -> None:
    SEEN.clear()
    duplicate_match("waks", "random", OneSeat(), players=3, deals=4, seed=7)
    seats = _seats_per_object()
    # seats 0, 1 and 2 are each played by the opponent in two rotations of every deal
    assert sorted(seat for played in seats.values() for seat in played) == [0, 1, 2]
    assert all(len(played) == 1 for played in seats.values())


def test_a_simulation_gives_each_seat_its_own_agent_for_a_name_given_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(AGENTS, "one-seat", OneSeat)
    SEEN.clear()
    simulate("waks", players=3, agents="one-seat", deals=3, seed=5)
    seats = _seats_per_object()
    assert set().union(*seats.values()) == {0, 1, 2}
    assert all(len(played) == 1 for played in seats.values())

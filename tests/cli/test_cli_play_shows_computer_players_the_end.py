"""``primero play``: the computer players see each deal's end, as agents do in a match.

An agent with ``observe`` (:class:`primero.agents.protocol.Observer`) is shown its own seat's
view of every finished deal at the terminal too, so that it reads its opponents over a session
there as it does in ``play_session`` or a duplicate match; the human's seat has no agent.
"""

from __future__ import annotations

import random

import pytest

import primero.cli.game as game
from cli_helpers import ok
from primero.actions import Action
from primero.agents import RandomAgent
from primero.views import PlayerView


class Watching(RandomAgent):
    """Random play that keeps every end it is shown."""

    ends: list[PlayerView]

    def __init__(self) -> None:
        self.ends = []

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        assert not view.over
        return super().act(view, rng)

    def observe(self, view: PlayerView) -> None:
        self.ends.append(view)


def test_each_computer_player_sees_its_own_view_of_every_deal_end(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[Watching] = []

    def make(name: str) -> Watching:
        made.append(Watching())
        return made[-1]

    monkeypatch.setattr(game, "make_agent", make)
    ok("play", "--auto", "--seed", "3", "--deals", "2")
    assert len(made) == 4  # one per seat, all computer players with --auto
    for seat, agent in enumerate(made):
        assert len(agent.ends) == 2
        assert all(end.over and end.seat == seat for end in agent.ends)

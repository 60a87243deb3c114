"""primero.openspiel_bots: a bridged agent that observes deal ends is shown each game's end.

OpenSpiel's ``evaluate_bots`` (Python and C++) asks the bot to act at its turns and tells it
every other action (``inform_action``, chance included) before applying it; the bot shows its
agent the end, once per game, whichever action ends it. What is shown is checked against the
finished game's own state and by the kit's privacy check, not by the bridge.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402

import primero.openspiel  # noqa: E402, F401  (registers python_primero)
from primero.actions import Action  # noqa: E402
from primero.agents import OddsAgent  # noqa: E402
from primero.openspiel_bots import AgentBot  # noqa: E402
from primero.testing.privacy import check_view_hides  # noqa: E402
from primero.views import PlayerView  # noqa: E402


class Watcher:
    """Plays at random; keeps every view of a deal's end it is shown and counts its turns."""

    def __init__(self) -> None:
        self.ends: list[PlayerView] = []

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        return rng.choice(view.legal)

    def observe(self, view: PlayerView) -> None:
        self.ends.append(view)


class Plain:
    """Plays at random and has no ``observe``."""

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        return rng.choice(view.legal)


@pytest.mark.parametrize("variant", ["waks", "revival"])
def test_each_bot_is_shown_the_end_of_each_game_once(variant: str) -> None:
    game = pyspiel.load_game("python_primero", {"variant": variant, "players": 3, "chips": 6})
    watchers = [Watcher(), Watcher(), Watcher()]
    bots = [AgentBot(w, seat, seed=seat) for seat, w in enumerate(watchers)]
    rng = np.random.default_rng(4)
    last_movers = set()
    for games in range(1, 13):
        state = game.new_initial_state()
        evaluate_bots(state, bots, rng)
        assert state.is_terminal()
        final = state.deal
        last_movers.add(final.public_log[-1][0])
        for seat, watcher in enumerate(watchers):
            assert len(watcher.ends) == games  # once a game, whoever ended it
            view = watcher.ends[-1]
            assert view.over and view.seat == seat and view.legal == ()
            assert view.history == final.public_log
            assert view == check_view_hides(final, seat)  # nothing hidden in it
    assert len(last_movers) >= 2  # games ended on the bots' own actions and on others'


class CountedOdds(OddsAgent):
    """The odds player, counting the ends it is shown."""

    def __init__(self) -> None:
        super().__init__(samples=16, exchange_samples=8)
        self.ends = 0

    def observe(self, view: PlayerView) -> None:
        self.ends += 1
        super().observe(view)


def test_an_odds_bot_reads_the_hands_shown_in_the_games_it_plays() -> None:
    game = pyspiel.load_game("python_primero", {"variant": "revival", "players": 2,
                                                "chips": 10})
    odds = CountedOdds()
    bots = [AgentBot(odds, 0, seed=1), AgentBot(Plain(), 1, seed=2)]
    expected = 0
    for seed in range(10):
        state = game.new_initial_state()
        pyspiel.evaluate_bots(state, bots, seed)  # OpenSpiel's C++ driver
        assert odds.ends == seed + 1  # shown each game's end, once
        final = state.deal
        # the opponent's hand shown behind a vie or a hold of its own: one strength read
        betted = any(s == 1 and text.startswith(("vie", "hold")) for s, text in final.public_log)
        if final.settlement is not None and final.settlement.showdown and betted:
            expected += 1
    odds.reading.observe(game.new_initial_state().deal.view(0))  # a new deal: the past folded
    seen = odds.reading.past[final.players[1]]
    assert len(seen.shown_bets) + len(seen.shown_holds) == expected > 0

"""Agents are shown how each deal ended (``observe``), once per seat, and read it once.

The expected counts are worked by hand from the deals' public logs and the reading's priors
(the comments show the sums); the privacy of the views shown is checked by the kit's
:func:`~primero.testing.privacy.check_view_hides`, not by the code under test.
"""

from __future__ import annotations

import random
from typing import ClassVar

import pytest

import primero
from primero.actions import Action
from primero.agents import HeuristicAgent, OddsAgent, RandomAgent, SearchAgent, play_session
from primero.agents.protocol import Agent, Observer, play_deal, show_end
from primero.agents.reading import PRIOR_FOLD_BET, Reading
from primero.analysis.duplicate import duplicate_match
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.errors import PrimeroError
from primero.session import Session
from primero.simulation.run import simulate
from primero.testing.privacy import check_view_hides
from primero.views import PlayerView

REVIVAL = primero.get_variant("revival")


class Watcher:
    """Plays at random and keeps every view it is shown at a deal's end."""

    name = "watcher"

    def __init__(self) -> None:
        self.ends: list[PlayerView] = []
        self.acted = 0

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        self.acted += 1
        return rng.choice(view.legal)

    def observe(self, view: PlayerView) -> None:
        self.ends.append(view)


class Counted:
    """Plays at random; every copy's calls to ``observe`` are kept in one class-wide list."""

    name = "counted"
    ends: ClassVar[list[tuple[int, bool]]] = []

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        return rng.choice(view.legal)

    def observe(self, view: PlayerView) -> None:
        Counted.ends.append((view.seat, view.over))


def vied_and_held() -> tuple[GameState, GameState]:
    """Revival heads-up: Anna (eldest) vies 1, Ben holds, and the deal is over (a showdown).

    Returns the deal before Anna's vie and the deal's end.
    """
    start = start_deal(REVIVAL, ("Anna", "Ben"), 50, dealer=1, seed=5)
    end = start.apply("vie 1").apply("hold")
    assert end.over and end.public_log == ((0, "vie 1"), (1, "hold"))
    return start, end


def test_each_seat_is_shown_the_end_of_each_deal_once_and_nothing_hidden() -> None:
    waks = primero.get_variant("waks")
    watchers = [Watcher(), Watcher(), Watcher()]
    session = Session.new(waks, ["A", "B", "C"], (50, 50, 50), seed=11)
    _, finished = play_session(session, watchers, 12, random.Random(4))
    assert len(finished) == 12 and len(finished[-1].players) == 2  # one player went out
    showdowns = 0
    for name, watcher in zip(["A", "B", "C"], watchers, strict=True):
        played = [final for final in finished if name in final.players]  # till it is out
        assert len(watcher.ends) == len(played)  # once per deal, not per decision
        for final, view in zip(played, watcher.ends, strict=True):
            seat = final.players.index(name)
            assert view.over and view.seat == seat and view.legal == ()
            assert view.history == final.public_log  # every answer, to the last
            # the kit's privacy check: the same view, and no hidden card of another seat
            assert view == check_view_hides(final, seat)
            shown = [s.shown for s in view.seats]
            if final.settlement is not None and final.settlement.showdown:
                showdowns += 1
                assert any(shown)
            else:
                assert not any(shown)
    assert showdowns > 0  # the deals covered both ends: a showdown and a fold


def test_an_agent_without_observe_still_plays_beside_one_with_it() -> None:
    start, _ = vied_and_held()
    watcher = Watcher()
    plain: Agent = RandomAgent()
    assert not isinstance(plain, Observer) and isinstance(watcher, Observer)
    final = play_deal(start, [plain, watcher], random.Random(2))
    # the watcher draws as random play does: the same deal as two random players'
    assert final == play_deal(start, [RandomAgent(), RandomAgent()], random.Random(2))
    assert final.over and watcher.acted >= 1
    assert [v.seat for v in watcher.ends] == [1] and watcher.ends[0].history == final.public_log


def test_play_deal_shows_no_end_when_told_not_to_and_show_end_refuses_a_deal_in_play() -> None:
    start, _ = vied_and_held()
    watcher = Watcher()
    play_deal(start, [Watcher(), watcher], random.Random(2), observe=False)
    assert watcher.ends == []
    with pytest.raises(PrimeroError, match="not over"):
        show_end(start, [watcher, watcher])
    assert watcher.ends == []


def test_the_reading_counts_an_answer_seen_only_at_the_end_and_only_once() -> None:
    start, end = vied_and_held()
    reading = Reading()
    reading.observe(start.view(0))  # Anna's decision: Ben has done nothing yet
    assert reading.fold_rate("Ben") == pytest.approx(0.9)  # the prior alone
    reading.observe(end.view(0))
    reading.observe(end.view(0))  # the same end shown again counts nothing more
    # Ben held one bet, folded none: (0 + 0.9 * 4) / (0 + 1 + 0 + 4)
    assert reading.fold_rate("Ben") == pytest.approx(3.6 / 5)
    next_deal = start_deal(REVIVAL, ("Anna", "Ben"), 50, dealer=0, seed=6)
    reading.observe(next_deal.view(next_deal.to_act or 0))
    seen = reading.past["Ben"]
    assert (seen.holds, seen.bets, seen.total, seen.deals) == (1, 0, 1, 1)
    assert reading.fold_rate("Ben") == pytest.approx(3.6 / 5)


def test_the_odds_heuristic_and_search_players_read_the_answer_to_their_last_vie() -> None:
    start, end = vied_and_held()
    odds, heuristic, search = OddsAgent(samples=8, exchange_samples=4), HeuristicAgent(), \
        SearchAgent(budget_ms=None, simulations=2)
    for player in (odds, heuristic):
        player.act(start.view(0), random.Random(1))
        player.observe(end.view(0))
        # Ben's hold: (0 + 0.9 * 4) / (1 + 4), counted once though the deal was seen twice
        assert player.reading.fold_rate("Ben") == pytest.approx(3.6 / 5)
    search.observe(end.view(0))
    assert search.odds.reading.fold_rate("Ben") == pytest.approx(3.6 / 5)
    # the table's reading, which the rollouts' opponents fold by: (0 + 0.5 * 4) / (1 + 4)
    assert search.table_reading.fold_rate("Ben", PRIOR_FOLD_BET) == pytest.approx(2 / 5)
    assert search.table_reading.current["Anna"].bets == 1  # its own vie, as the table saw it


def test_a_duplicate_match_shows_every_seat_the_end_of_every_play() -> None:
    Counted.ends.clear()
    match = duplicate_match("revival", Counted(), Counted(), players=3, deals=4, seed=3)
    assert match.deals == 4
    # 4 deals x 3 rotations x 3 seats, each end seen once, every view of a finished deal
    assert len(Counted.ends) == 36 and all(over for _, over in Counted.ends)
    assert sorted(seat for seat, _ in Counted.ends) == [0] * 12 + [1] * 12 + [2] * 12


def test_a_simulation_shows_every_seat_the_end_of_every_deal() -> None:
    Counted.ends.clear()
    simulate("waks", players=3, deals=5, seed=2, agents=Counted(), progress=False)
    assert sorted(Counted.ends) == [(0, True)] * 5 + [(1, True)] * 5 + [(2, True)] * 5

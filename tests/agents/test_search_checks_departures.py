"""A departure is checked in fresh worlds with the search's own seat played by its odds player."""

from __future__ import annotations

import random

import pytest

from primero.actions import Action
from primero.agents import Agent, OddsAgent, SearchAgent
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.views import PlayerView, state_view


def _waks_first_view() -> PlayerView:
    # Waks heads-up, seed 0, the eldest's first decision: the odds player passes, the search
    # (24 worlds) departs to a vie (test_search_reports_its_gain.py)
    state = start_deal("waks", ["Anna", "Ben"], 30, seed=0)
    return state_view(state, state.to_act or 0)


class _Scored(SearchAgent):
    """A search whose checks score an action by a fixed table (chips), not by a rollout.

    ``worth[(action, by_odds)]``: the chips of ``action`` when its own seat is played by a
    copy of the odds player (``by_odds``) or by the rollouts' player; 0 when not listed.
    """

    def __init__(self, worth: dict[tuple[str, bool], float], **options: object) -> None:
        super().__init__(budget_ms=None, simulations=24, **options)  # type: ignore[arg-type]
        self.worth = worth
        self.checking = False
        self.own_seats: list[object] = []

    def _verified(self, view: PlayerView, rng: random.Random, action: Action, base: Action,
                  own: Agent, budget: float | None) -> bool:
        self.checking = True
        try:
            return super()._verified(view, rng, action, base, own, budget)
        finally:
            self.checking = False

    def value(self, world: GameState, action: Action, seat: int, seed: int,
              players: object = None) -> float:
        if not self.checking:
            return super().value(world, action, seat, seed, players)  # type: ignore[arg-type]
        assert isinstance(players, list)
        self.own_seats.append(players[seat])
        return self.worth.get((str(action), isinstance(players[seat], OddsAgent)), 0.0)


def _unchecked(view: PlayerView) -> tuple[Action, float, float]:
    """The departure the search makes without checks, its estimated gain and error."""
    search = SearchAgent(budget_ms=None, simulations=24)
    chosen = search.act(view, random.Random(1))
    return chosen, search.last_gain, search.last_error


def test_a_departure_whose_gain_is_own_seat_bias_is_refuted() -> None:
    view = _waks_first_view()
    _, gain, _ = _unchecked(view)
    assert 0 < gain < 10
    # with the odds player in its own seat the pass is worth 10 chips more than anything
    # else; with the rollouts' player, the same: a bias of +10 in every world
    search = _Scored({("pass", True): 10.0}, verify=5)
    chosen = search.act(view, random.Random(1))
    assert str(search.last_base) == "pass"
    assert chosen == search.last_base
    assert search.refuted == 1
    assert search.checks == 5
    assert search.last_bias == 10.0
    assert search.last_check == pytest.approx(gain - 10.0)
    assert (search.last_gain, search.last_error) == (0.0, 0.0)


def test_a_departure_with_no_own_seat_bias_is_played_with_its_estimate() -> None:
    view = _waks_first_view()
    unchecked, gain, error = _unchecked(view)
    assert str(unchecked) != "pass"
    # the same worth whoever plays its own seat: nil bias, the gain stands as estimated
    search = _Scored({("pass", True): 3.0, ("pass", False): 3.0}, verify=3)
    chosen = search.act(view, random.Random(1))
    assert chosen == unchecked
    assert search.refuted == 0
    assert (search.checks, search.last_bias) == (3, 0.0)
    assert search.last_check == gain
    assert (search.last_gain, search.last_error) == (gain, error)


def test_a_check_plays_its_own_seat_by_the_rollout_player_and_a_fresh_odds_copy() -> None:
    view = _waks_first_view()
    search = _Scored({}, verify=2)
    search.act(view, random.Random(1))
    # two worlds, each played with the departure and with the pass by both own players
    assert len(search.own_seats) == 8
    copies = [p for p in search.own_seats if isinstance(p, OddsAgent)]
    rollout = [p for p in search.own_seats if not isinstance(p, OddsAgent)]
    assert len(copies) == 4 and len({id(p) for p in copies}) == 4
    assert all(p is not search.odds for p in copies)
    assert len(rollout) == 4 and len({id(p) for p in rollout}) == 1
    assert search.refuted == 0


def test_a_copy_of_the_odds_player_answers_as_it_does() -> None:
    view = _waks_first_view()
    search = SearchAgent(budget_ms=None, simulations=8)
    search.odds = OddsAgent(samples=40, exchange_samples=12, margin=0.1)
    search.odds.act(view, random.Random(3))
    copy = search.own_player()
    assert (copy.samples, copy.exchange_samples, copy.margin) == (40, 12, 0.1)
    assert copy.reading is not search.odds.reading
    assert copy.reading.past == search.odds.reading.past
    assert copy.pooled == search.odds.pooled and copy.pooled is not search.odds.pooled
    assert copy.act(view, random.Random(3)) == search.odds.act(view, random.Random(3))


def test_without_checks_no_departure_is_refuted() -> None:
    view = _waks_first_view()
    search = SearchAgent(budget_ms=None, simulations=24, verify=0)
    chosen = search.act(view, random.Random(1))
    assert chosen != search.last_base
    assert (search.refuted, search.checks) == (0, 0)


def test_a_negative_number_of_checked_worlds_is_refused() -> None:
    with pytest.raises(ValueError, match="verify must not be negative, got -1"):
        SearchAgent(verify=-1)

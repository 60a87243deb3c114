"""The search reads an opponent's bets against how often it makes them (``SearchAgent(loose=)``).

Expected values are worked by hand from the mixture in ``SearchAgent.looseness``: the search's
own share ``m`` of a kind of decision, the opponent's ``o = (n + 8 m) / (N + 8)`` (its counts
with this player's share as a prior worth 8 decisions), the chance ``(o - m) / (1 - m)``.
"""

from __future__ import annotations

import pytest

from primero.agents.reading import Counts, Reading
from primero.agents.search import SearchAgent
from primero.deal.engine import start_deal
from primero.views import PlayerView, state_view


def _view_and_search(own: Counts, other: Counts) -> tuple[PlayerView, SearchAgent]:
    state = start_deal("waks", ["P0", "P1"], 50, seed=3)
    seat = state.to_act
    assert seat is not None
    view = state_view(state, seat)
    search = SearchAgent(budget_ms=None, simulations=1, loose=True)
    names = [s.name for s in view.seats]
    search.table_reading = Reading(past={names[seat]: own, names[1 - seat]: other})
    return view, search


def test_an_opponent_that_vies_every_time_shows_little_by_a_vie() -> None:
    # own: 3 vies in 10 decisions (m = 0.3); opponent: 20 in 20, o = (20 + 2.4) / 28 = 0.8
    view, search = _view_and_search(Counts(bets=3, holds=2, total=10),
                                     Counts(bets=20, total=20))
    other = 1 - view.seat
    assert search.looseness(view, other, "bet") == pytest.approx(5 / 7)


def test_an_opponent_that_bets_as_this_player_does_is_read_fully() -> None:
    view, search = _view_and_search(Counts(bets=3, holds=2, total=10),
                                     Counts(bets=3, holds=2, total=10))
    other = 1 - view.seat
    for kind in ("bet", "hold", "neither"):
        assert search.looseness(view, other, kind) == pytest.approx(0.0)


def test_a_tighter_opponent_is_read_fully_and_a_folder_shows_little_by_a_pass() -> None:
    # own: 5 passes or folds in 10 (m = 0.5); opponent: 12 in 12, o = (12 + 4) / 20 = 0.8
    view, search = _view_and_search(Counts(bets=3, holds=2, total=10), Counts(total=12))
    other = 1 - view.seat
    assert search.looseness(view, other, "bet") == 0.0
    assert search.looseness(view, other, "neither") == pytest.approx(0.6)


def test_no_looseness_before_this_player_has_made_a_betting_decision() -> None:
    view, search = _view_and_search(Counts(), Counts(bets=20, total=20))
    other = 1 - view.seat
    assert search.looseness(view, other, "bet") == 0.0


def test_looseness_is_off_by_default() -> None:
    assert SearchAgent(budget_ms=None).loose is False

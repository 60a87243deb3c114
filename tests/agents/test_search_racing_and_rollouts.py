"""The search player's paired worlds, its racing of candidates, its budget and its rollouts."""

from __future__ import annotations

import random
import statistics
import time

from primero.actions import Action
from primero.agents import OddsAgent, SearchAgent, Strength
from primero.agents.reading import Counts
from primero.agents.rollout import TableOdds
from primero.agents.search import RACE_FROM
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.views import PlayerView, state_view


def eldest_view() -> PlayerView:
    """Waks, three players, the eldest's first decision: pass, vie 1-3, fold (nothing owed)."""
    state = start_deal("waks", ["Anna", "Ben", "Cleo"], 30, seed=5)
    return state_view(state, state.to_act or 0)


class Scripted(SearchAgent):
    """A search whose rollouts are replaced by a fixed score per candidate, recording calls."""

    def __init__(self, scores: dict[str, float], **options: object) -> None:
        super().__init__(budget_ms=None, **options)  # type: ignore[arg-type]
        self.scores = scores
        self.calls: list[tuple[str, object, int]] = []

    def value(self, world: GameState, action: Action, seat: int, seed: int,
              players: object = None) -> float:
        hands = tuple(tuple(sorted(c.index for c in seat.hand)) for seat in world.seats)
        self.calls.append((str(action), hands, seed))
        return self.scores.get(str(action), 0.0)


def test_every_candidate_is_played_in_the_same_worlds_with_the_same_seeds() -> None:
    search = Scripted({}, simulations=5, min_worlds=2, prune=None)
    search.act(eldest_view(), random.Random(3))
    # no fold with nothing owed: pass and the three vies, each in all five worlds
    played = {name for name, _, _ in search.calls}
    assert played == {"pass", "vie 1", "vie 2", "vie 3"}
    by_candidate = {name: [(w, s) for n, w, s in search.calls if n == name] for name in played}
    worlds = by_candidate["pass"]
    assert len(worlds) == 5 and len({w for w, _ in worlds}) == 5  # five different deals
    assert all(rows == worlds for rows in by_candidate.values())


def test_a_rival_clearly_behind_the_odds_choice_is_dropped_after_the_first_worlds() -> None:
    view = eldest_view()
    base = str(OddsAgent().act(view, random.Random(3)))
    # the odds player's choice scores 1 in every world, every rival 0: after RACE_FROM
    # worlds each rival's gain is -1 with no spread, so every one is dropped and the
    # search stops there (3 rivals and the base in each of those worlds)
    search = Scripted({base: 1.0}, simulations=50, min_worlds=2)
    assert search.act(view, random.Random(3)) == next(a for a in view.legal
                                                       if str(a) == base)
    assert (search.worlds, search.rollouts) == (RACE_FROM, 4 * RACE_FROM)


def test_a_rival_that_ties_the_odds_choice_in_every_world_is_dropped_too() -> None:
    search = Scripted({}, simulations=50, min_worlds=2)
    search.act(eldest_view(), random.Random(3))
    assert (search.worlds, search.rollouts) == (RACE_FROM, 4 * RACE_FROM)


def test_a_rival_ahead_of_the_odds_choice_stays_in_every_world_and_replaces_it() -> None:
    view = eldest_view()
    base = str(OddsAgent().act(view, random.Random(3)))
    rival = "vie 3" if base != "vie 3" else "pass"
    # the rival scores 2 and the base 1 in every world: it is never dropped, the others
    # (0, behind the base) are, and it clears any bar with a gain of 1 and no spread
    search = Scripted({base: 1.0, rival: 2.0}, simulations=12, min_worlds=2)
    chosen = search.act(view, random.Random(3))
    assert str(chosen) == rival
    assert search.worlds == 12
    assert search.rollouts == 4 * RACE_FROM + 2 * (12 - RACE_FROM)


def test_without_pruning_every_candidate_is_played_in_every_world() -> None:
    search = Scripted({}, simulations=11, min_worlds=2, prune=None)
    search.act(eldest_view(), random.Random(3))
    assert (search.worlds, search.rollouts) == (11, 44)


def test_the_budget_holds_on_the_median_decision() -> None:
    budget = 40.0
    search = SearchAgent(budget_ms=budget)
    Strength.of(eldest_view().variant.ranking)  # warm the strength table's cache
    state = start_deal("waks", ["Anna", "Ben", "Cleo"], 30, seed=8)
    search.act(state_view(state, state.to_act or 0), random.Random(0))  # warm the rest
    times = []
    rng = random.Random(1)
    others = [OddsAgent(), OddsAgent()]
    for seed in range(3):
        state = start_deal("waks", ["Anna", "Ben", "Cleo"], 30, seed=seed)
        while not state.over:
            seat = state.to_act or 0
            view = state_view(state, seat)
            if seat == 0:
                start = time.process_time()
                action = search.act(view, rng)
                times.append((time.process_time() - start) * 1000)
            else:
                action = others[seat - 1].act(view, rng)
            state = state.apply(action)
    assert times
    # no world is begun that the mean world so far says would overrun the budget; the odds
    # player's own choice comes first and costs a little more
    assert statistics.median(times) <= 1.5 * budget


def test_the_table_reading_counts_the_players_own_bets_as_the_opponents_see_them() -> None:
    state = start_deal("waks", ["Anna", "Ben", "Cleo"], 30, seed=5)
    state = state.apply("vie 1").apply("hold")  # Anna vies, Ben holds (free: not bound)
    view = state_view(state, 2)
    search = SearchAgent(budget_ms=None, simulations=1)  # remember: the default
    search.act(view, random.Random(0))
    counted = search.table_reading.current
    assert counted["Anna"] == Counts(bets=1, holds=0, total=1)
    assert counted["Ben"] == Counts(bets=0, holds=1, total=1)
    assert counted["Cleo"] == Counts()  # Cleo has not acted yet
    # a new deal: this one's counts move to the session's, which the rollouts' opponents get
    fresh = start_deal("waks", ["Anna", "Ben", "Cleo"], 30, seed=6)
    cleo = state_view(fresh.apply("pass").apply("pass"), 2)
    search.act(cleo, random.Random(0))
    assert search.table_reading.past["Anna"] == Counts(bets=1, holds=0, total=1)
    players = search.rollout_players(3, 2)
    assert all(isinstance(p, TableOdds) for p in players)  # every seat a table-odds player
    readings = [p.reading for i, p in enumerate(players) if i != 2 and isinstance(p, TableOdds)]
    assert all(r.past == search.table_reading.past and r.current == {} for r in readings)
    assert all(r.past is not search.table_reading.past for r in readings)
    # its own seat starts from its odds player's reading of the opponents
    own = players[2]
    assert isinstance(own, TableOdds) and own.reading.past == search.odds.reading.past
    assert own.reading.past is not search.odds.reading.past
    # without remember they start from the prior
    search.remember = False
    assert all(isinstance(p, TableOdds) and p.reading.past == {}
               for p in search.rollout_players(3, 2))

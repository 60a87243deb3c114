"""Facing a vie naming a call, the rollout player holds or names its own as the odds player does.

Cardano heads-up, the eldest vies 3 naming Numerus 20 on two cards; the other holds two
cards, an exchange and two more cards ahead, and may only hold or raise (naming a call). With
cards still to come a hand meets a call by ranking at or above it: every hand of the pack
meets Numerus 20, and only the weakest 2 % miss Numerus 22 (counted over the pack below), far
below what a vie of 3 shows, so naming Numerus 22 changes no chance: the odds player's raise to
name it comes from its sampling noise (its own call weighed for the cards held, against the
best cards to keep), and it mostly holds.
"""

from __future__ import annotations

import random

import pytest

from primero.actions import Call, Hold, Vie
from primero.agents import OddsAgent, Strength
from primero.agents.calling import calls_of, meets_by_index
from primero.agents.rollout import TableOdds
from primero.deal.engine import start_deal
from primero.views import PlayerView, state_view

NUMERUS_20 = Call("Numerus", 20)
NUMERUS_22 = Call("Numerus", 22)


def answer_to_a_named_vie(seed: int) -> PlayerView:
    """Seed ``seed``, dealer 0: the eldest vies 3 naming Numerus 20; the other's view."""
    state = start_deal("cardano", ["Anna", "Ben"], 50, dealer=0, seed=seed)
    view = state_view(state, state.to_act or 0)
    vie = next(a for a in view.legal if isinstance(a, Vie) and a.amount == 3
               and a.call == NUMERUS_20)
    state = state.apply(vie)
    return state_view(state, state.to_act or 0)


def test_with_cards_to_come_only_the_weakest_hands_miss_numerus_22() -> None:
    view = answer_to_a_named_vie(0)
    book = calls_of(view)
    assert book is not None
    table = Strength.of(view.variant.ranking)
    assert bool(meets_by_index(book, table, NUMERUS_20, by_rank=True).all())
    missed = ~meets_by_index(book, table, NUMERUS_22, by_rank=True)
    assert int(missed.sum()) == 3654  # of the pack's 91,390 hands
    assert float(table.share_array[missed].max()) < 0.02


# the odds player's choices over ten generators (seeds 0..9): holds of ten, measured
ODDS_HOLDS = {0: 8, 2: 7, 4: 10, 5: 8, 17: 6}


@pytest.mark.parametrize("seed", sorted(ODDS_HOLDS))
def test_the_rollout_player_holds_where_the_odds_player_mostly_holds(seed: int) -> None:
    view = answer_to_a_named_vie(seed)
    assert len(view.hand) == 2
    assert {type(a) for a in view.legal} == {Hold}
    odds = [OddsAgent().act(view, random.Random(s)) for s in range(10)]
    holds = sum(isinstance(a, Hold) and a.raise_by == 0 for a in odds)
    assert holds == ODDS_HOLDS[seed]
    mine = TableOdds().act(view, random.Random(0))
    assert isinstance(mine, Hold) and mine.raise_by == 0 and mine.call is None


@pytest.mark.parametrize("seed", sorted(ODDS_HOLDS))
def test_the_hands_chance_is_the_same_under_either_call(seed: int) -> None:
    view = answer_to_a_named_vie(seed)
    table = Strength.of(view.variant.ranking)
    player = TableOdds()
    player.reading.observe(view)
    under_20, _ = player.chance(view, table, random.Random(0), NUMERUS_20)
    under_22, _ = player.chance(view, table, random.Random(0), NUMERUS_22)
    assert under_22.chance == pytest.approx(under_20.chance, abs=1e-12)

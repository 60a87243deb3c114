"""The rollout player reads its chances over evenly spread final hands and presses calls.

* :func:`spread_hands` takes the completions at the middles of equal slices of every
  completion ranked by strength, checked against a walk over the completions here;
* :func:`keep_chance` is the chance over every final hand, checked against a walk with the odds
  module's scalar :func:`caller_chance`; heads-up against any hand it is the mean strength;
* in Cardano's last round the odds player names a call its Numerus cannot meet (Primero 40)
  to make Ben fold (``pressure_call``); the rollout player does so too, and does not without
  it (``TableOdds(pressure=False)``).
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

import primero
from primero.agents import OddsAgent
from primero.agents.odds import caller_chance, caller_chances
from primero.agents.rollout import TableOdds, keep_chance
from primero.agents.strength import Strength, mask_of, spread_hands
from primero.cards import Card, parse_cards
from primero.deal.engine import start_deal
from primero.views import PlayerView

TABLE = Strength.of(primero.get_variant("cardano").ranking)
PACK = list(TABLE.ranking.pack.cards)


def completions(keep: tuple[Card, ...]) -> list[float]:
    """The strengths of every four-card hand holding ``keep``, by a walk over the pack."""
    rest = [c for c in PACK if c not in keep]
    return [TABLE.share_of_mask(mask_of(keep) | mask_of(extra))
            for extra in itertools.combinations(rest, 4 - len(keep))]


@pytest.mark.parametrize("keep", ["7h", "7h Qd", "2c 3c"])
def test_spread_hands_are_the_middles_of_equal_slices_of_every_completion(keep: str) -> None:
    cards = tuple(parse_cards(keep))
    every = sorted(completions(cards))
    spread = spread_hands(TABLE, cards, PACK, limit=64)
    assert len(spread) == 64
    assert all(m & mask_of(cards) == mask_of(cards) for m in spread)
    expected = [every[int((i + 0.5) * len(every) / 64)] for i in range(64)]
    assert sorted(TABLE.share_of_mask(m) for m in spread) == pytest.approx(expected)
    # an even grid is within a slice of the mean; every completion when there are few
    assert np.mean([TABLE.share_of_mask(m) for m in spread]) \
        == pytest.approx(np.mean(every), abs=1 / 64)
    three = tuple(parse_cards("7h Qd 2c"))
    assert sorted(spread_hands(TABLE, three, PACK, limit=64)) \
        == sorted(mask_of(three) | c.bit for c in PACK if c not in three)


@pytest.mark.parametrize("keep", ["7h", "7h Qd", "Ks"])
def test_keep_chance_is_the_chance_over_every_final_hand(keep: str) -> None:
    cards = tuple(parse_cards(keep))
    every = completions(cards)
    floors = [0.3, 0.0]
    walked = sum(caller_chance(s, 0.3) * caller_chance(s, 0.0) for s in every) / len(every)
    assert keep_chance(TABLE, cards, floors) == pytest.approx(walked)
    # heads-up against any hand: the mean strength, as Strength.of_hand averages it
    assert keep_chance(TABLE, cards, [0.0]) == pytest.approx(sum(every) / len(every))
    assert keep_chance(TABLE, cards, [0.0]) == pytest.approx(TABLE.of_hand(cards))


def test_caller_chances_is_caller_chance_in_bulk() -> None:
    beats = np.linspace(0.0, 1.0, 41)
    for fold in (0.0, 0.25, 0.6, 1.0):
        assert caller_chances(beats, fold).tolist() \
            == pytest.approx([caller_chance(float(b), fold) for b in beats])


def last_round(seed: int) -> PlayerView:
    """Cardano heads-up, dealer Ben: Anna vies naming Numerus 20, Ben holds, both stand pat."""
    state = start_deal("cardano", ("Anna", "Ben"), 50, dealer=1, seed=seed) \
        .apply("vie 1 call Numerus 20").apply("hold").apply("exchange").apply("exchange")
    assert state.to_act == 0
    return state.view(0)


@pytest.mark.parametrize("seed", [3, 5, 8])
def test_the_rollout_player_bluffs_a_call_in_the_last_round_where_the_odds_player_does(
        seed: int) -> None:
    view = last_round(seed)
    # not a Primero (one card of each suit): Primero 40 is a call its hand cannot meet
    assert len({c.suit for c in view.hand}) < 4
    odds = {str(OddsAgent().act(view, random.Random(s))) for s in range(10)}
    assert odds == {"vie 1 call Primero 40"}
    assert str(TableOdds().act(view, random.Random(0))) == "vie 1 call Primero 40"
    assert str(TableOdds(pressure=False).act(view, random.Random(0))) != "vie 1 call Primero 40"

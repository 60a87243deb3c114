"""The odds player prices a vie on the measured chance to beat one opponent and the funders.

Beating each of several opponents is not independent of beating the others (a strong hand
beats them all), so the root of the chance to beat them all overstates the chance to beat
one. The figures below are worked by hand or enumerated exactly.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import primero
from primero.agents.odds import showdown_chance, vie_worth
from primero.agents.strength import Strength
from primero.deal.engine import start_deal
from primero.deal.state import PublicSeat
from primero.views import PlayerView

WAKS = primero.get_variant("waks")
SUZUKI = primero.get_variant("suzuki")
NAMES = ("Anna", "Ben", "Carla", "Dan")


def seat(name: str, stack: int, contributed: int) -> PublicSeat:
    return PublicSeat(name=name, stack=stack, contributed=contributed, round_bet=0,
                      folded=False, cards=2)


def anna_view(variant: Any, **changes: Any) -> PlayerView:
    state = start_deal(variant, NAMES, 50, dealer=3, rng=random.Random(0))
    view = state.view(0)
    return attrs.evolve(PlayerView(**{f.name: getattr(view, f.name)
                                      for f in attrs.fields(PlayerView)}), **changes)


def test_a_measured_chance_to_beat_one_replaces_the_root() -> None:
    # Suzuki: Dan alone holds (bound), Ben and Carla pass and funded nothing, the pot 2.
    # A 25 % chance against all three: the root says 0.63 against Dan, and the vie of 3 is
    # worth 0.63 * 2 + 0.63 * 3 - 0.37 * 3 = 2.04; measured, 0.5 against one:
    # 0.5 * 2 + 0.5 * 3 - 0.5 * 3 = 1.0 (the pot won against the funder Dan alone)
    seats = (seat("Anna", 50, 0), seat("Ben", 50, 0), seat("Carla", 50, 0),
             seat("Dan", 48, 2))
    view = anna_view(SUZUKI, seats=seats, pot=2)
    root = 0.25 ** (1 / 3)
    assert vie_worth(view, 3, 0.25, [1.0, 1.0, 0.0], 0.0) == pytest.approx(
        root * 2 + root * 3 - (1 - root) * 3)
    assert vie_worth(view, 3, 0.25, [1.0, 1.0, 0.0], 0.0, 0.5) == pytest.approx(1.0)


def test_heads_up_the_chance_to_beat_one_is_the_chance_exactly() -> None:
    # round 2, Anna's four cards whole: every hand Ben can hold is enumerated (fewer than
    # the samples asked), so each figure is exact; against one opponent beating one is
    # beating them all, and the funders are Ben when Ben put chips in, else nobody (1.0)
    state = start_deal(WAKS, NAMES[:2], 50, dealer=1, rng=random.Random(3))
    state = state.apply("pass").apply("pass").apply("exchange").apply("exchange")
    view = state.view(state.to_act)
    assert len(view.hand) == 4
    table = Strength.of(WAKS.ranking)
    each: list[float] = []
    chance = showdown_chance(view, table, view.hand, random.Random(0), 60_000, each=each)
    assert 0 < chance < 1
    assert each[0] == pytest.approx(chance)
    assert each[1] == 1.0  # nobody put chips in: no funder to beat
    ben = 1 - view.seat
    paid = tuple(attrs.evolve(s, contributed=2) if i == ben else s
                 for i, s in enumerate(view.seats))
    funded = attrs.evolve(PlayerView(**{f.name: getattr(view, f.name)
                                        for f in attrs.fields(PlayerView)}), seats=paid)
    each = []
    assert showdown_chance(funded, table, view.hand, random.Random(0), 60_000,
                           each=each) == pytest.approx(chance)
    assert each == pytest.approx([chance, chance])


def test_with_three_opponents_a_hand_beats_one_more_often_than_the_root_says() -> None:
    # four-player Waks, round 1: an even share of four is about 25 %, and against one of
    # three opponents about 50 % (every hand as good as any other), never the root's 63 %
    state = start_deal(WAKS, NAMES, 50, dealer=3, rng=random.Random(0))
    view = state.view(0)
    table = Strength.of(WAKS.ranking)
    each: list[float] = []
    chance = showdown_chance(view, table, (), random.Random(1), 20_000, each=each)
    assert chance == pytest.approx(0.25, abs=0.015)
    assert each[0] == pytest.approx(0.5, abs=0.015)
    assert each[0] < chance ** (1 / 3) - 0.1


def fold_seat(name: str, stack: int, contributed: int, folded: bool = False) -> PublicSeat:
    return PublicSeat(name=name, stack=stack, contributed=contributed, round_bet=0,
                      folded=folded, cards=2)


def test_the_player_bound_to_hold_folds_its_weak_hands_to_the_next_bet() -> None:
    # Waks: Carla folded; Ben folds half the bets, Dan is bound to hold and folds 90 % of the
    # bets he answers. Beating each 0.75 of the time, the pot 4, the vie 3. Dan's hold is no
    # choice: he holds any hand now and lets the next bet take 0.9 of them, so the vie wins
    # against him max(0.75, 0.9) = 0.9 of the time.
    seats = (fold_seat("Anna", 48, 2), fold_seat("Ben", 49, 1),
             fold_seat("Carla", 50, 0, folded=True), fold_seat("Dan", 49, 1))
    view = anna_view(WAKS, seats=seats, pot=4)
    # Dan alone holds (1/2): 0.9 * 4 + 0.9 * 3 - 0.1 * 3 = 6.0
    # Ben holds too (1/2): Ben beaten 0.5, both 0.45: 0.45 * 4 + 0.45 * 6 - 0.55 * 3 = 2.85
    assert vie_worth(view, 3, 0.5625, [0.5, 0.0], 4.0, 0.75, [0.0, 0.9]) == pytest.approx(
        0.5 * 6.0 + 0.5 * 2.85)
    # folding less often than the viewer beats him: the showdown decides, as before
    assert vie_worth(view, 3, 0.5625, [0.5, 0.0], 4.0, 0.75, [0.0, 0.5]) == pytest.approx(
        vie_worth(view, 3, 0.5625, [0.5, 0.0], 4.0))
    # where nobody folds (Suzuki) a later pass gives up nothing it funded: no such gain
    suzuki = anna_view(SUZUKI, seats=(seat("Anna", 49, 1), seat("Ben", 49, 1),
                                      seat("Carla", 50, 0), seat("Dan", 50, 0)), pot=2)
    assert vie_worth(suzuki, 1, 0.125, [1.0, 1.0, 0.0], 0.0, None, [0.0, 0.0, 0.9]) \
        == pytest.approx(0.5)

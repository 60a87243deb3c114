"""The odds player's pricing of a hold and its reading of what opponents do.

Every expected figure is worked by hand from the chips on the table (the comments show the
sums); the odds player's decision is checked with its chance fixed, so that only the pricing
decides it.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import primero
from primero.actions import Fold, Hold, Pass, Vie
from primero.agents import OddsAgent
from primero.agents import odds as odds_module
from primero.agents.odds import (
    all_in_odds,
    all_in_stake,
    carry_share,
    expected_stake,
    funders_chance,
    hold_worth,
    last_round,
)
from primero.agents.reading import Counts, Reading, bound_holds, count
from primero.deal.engine import start_deal
from primero.deal.state import PublicSeat
from primero.setup import Step
from primero.views import PlayerView

WAKS = primero.get_variant("waks")
NAMES = ("Anna", "Ben", "Carla", "Dan")


def seat(name: str, stack: int, contributed: int, round_bet: int = 0,
         folded: bool = False) -> PublicSeat:
    return PublicSeat(name=name, stack=stack, contributed=contributed, round_bet=round_bet,
                      folded=folded, cards=4)


def table_view(**changes: Any) -> PlayerView:
    """A four-player Waks view of seat 0, its public fields replaced by ``changes``."""
    state = start_deal(WAKS, NAMES, 50, dealer=3, rng=random.Random(0))
    seat_to_act = state.to_act
    assert seat_to_act is not None
    view = state.view(seat_to_act)
    base: dict[str, Any] = {"seat": 0, "history": (), "high": 0, "pot": 0}
    base.update(changes)
    return attrs.evolve(PlayerView(**{f.name: getattr(view, f.name)
                                      for f in attrs.fields(PlayerView)}), **base)


# Anna (seat 0) has 40 chips left and 10 in; Ben 30 left, 20 in; Carla folded; Dan 10 left,
# 10 in. The pot is 45; the round's highest total is 10 and Anna has 2 in this round: 8 owed.
SEATS = (seat("Anna", 40, 10, 2), seat("Ben", 30, 20, 10), seat("Carla", 45, 5, folded=True),
         seat("Dan", 10, 10, 10))


def test_all_in_stake_is_the_whole_stack_against_what_each_live_opponent_can_match() -> None:
    view = table_view(seats=SEATS, pot=45, high=10)
    # Anna's total would be 10 + 40 = 50: Ben adds min(30, 50 - 20) = 30, Dan min(10, 40) =
    # 10, Carla has folded: 45 + 40 + 30 + 10 = 125
    assert all_in_stake(view) == (40, 125)
    assert all_in_odds(view) == pytest.approx(40 / 125)


def test_a_hold_nobody_raises_is_worth_its_pot_odds() -> None:
    view = table_view(seats=SEATS, pot=45, high=10)
    assert view.owed == 8
    # 0.3 * (45 + 8) - 8 = 7.9 chips
    assert hold_worth(view, 0.3, 0.0) == pytest.approx(7.9)


def test_a_hold_an_opponent_raises_half_the_time_is_priced_half_at_the_expected_stake() -> None:
    view = table_view(seats=SEATS, pot=45, high=10)
    assert view.table.rest == 3
    # raised again: 8 owed and 1 / (1 - 0.5) = 2 raises of the rest, 3: 14 chips; Anna's total
    # 24, Ben adds 4, Dan 10: pot 45 + 14 + 4 + 10 = 73, 0.2 * 73 - 14 = 0.6;
    # not raised: 0.2 * 53 - 8 = 2.6; 0.5 * 2.6 + 0.5 * 0.6 = 1.6 chips
    assert expected_stake(view, 0.5) == 14
    assert hold_worth(view, 0.2, 0.5) == pytest.approx(1.6)


def test_a_hold_always_raised_to_the_stack_loses_what_is_owed_below_the_all_in_odds() -> None:
    view = table_view(seats=SEATS, pot=45, high=10)
    # 0.2 is below 40/125 = 0.32: raised every time, the hold is folded later: -8 chips,
    # though its pot odds 8/53 = 15 % alone would hold
    assert 0.2 * 53 - 8 > 0
    assert hold_worth(view, 0.2, 1.0) == pytest.approx(-8.0)


def test_odds_player_folds_a_chance_above_the_pot_odds_to_an_opponent_who_always_raises(
        monkeypatch: pytest.MonkeyPatch) -> None:
    history = ((1, "vie 2"), (0, "hold raise 2"), (1, "hold raise 8"))
    view = table_view(seats=SEATS, pot=45, high=10, history=history,
                      legal=(Fold(), Hold(), Hold(raise_by=3)))
    monkeypatch.setattr(odds_module, "showdown_chance", lambda *args, **kwargs: 0.2)
    agent = OddsAgent()
    agent.reading.past["Ben"] = Counts(raises=40, total=40)  # raised all 40 bets he answered
    # Ben: (41 + 0.1 * 4) / (41 + 4) = 0.92; Dan has answered nothing: 0.1. Someone raises
    # again: 1 - 0.08 * 0.9 = 0.928; then 8 + 3 / 0.072 is above the stack: all 40 chips in,
    # 0.2 * 125 - 40 = -15, worse than folding then: -8.
    # 0.072 * (0.2 * 53 - 8) + 0.928 * -8 = -7.24 chips: fold; the odds 40 / 125 = 32 %
    action, chance, why = agent.advise(view, random.Random(0))
    assert agent.reading.raise_again(view) == pytest.approx(0.928)
    assert (action, chance) == (Fold(), 0.2)
    assert why == "a 20% chance is below the pot odds of 32%: fold"


def test_odds_player_holds_the_same_chance_against_opponents_who_never_raise(
        monkeypatch: pytest.MonkeyPatch) -> None:
    history = ((1, "vie 2"), (0, "hold raise 2"), (1, "hold"))
    view = table_view(seats=SEATS, pot=45, high=10, history=history,
                      legal=(Fold(), Hold(), Hold(raise_by=3)))
    monkeypatch.setattr(odds_module, "showdown_chance", lambda *args, **kwargs: 0.2)
    agent = OddsAgent()
    # Ben held: 0.4 / 5 = 0.08; Dan 0.1: 1 - 0.92 * 0.9 = 0.172 raise again; raised, 8 + 3 /
    # 0.828 = 11.62 chips in, Ben adds 1.62 and Dan 10: 0.2 * 68.25 - 11.62 = 2.03;
    # 0.828 * 2.6 + 0.172 * 2.03 = 2.50 > 0: hold
    action, _, why = agent.advise(view, random.Random(0))
    assert action == Hold()
    assert why == "a 20% chance beats the pot odds of 15%: hold"


def test_raise_rate_moves_from_the_prior_toward_what_the_opponent_does() -> None:
    reading = Reading()
    assert reading.raise_rate("Ben") == pytest.approx(0.1)
    history = ((1, "vie 1"), (0, "hold raise 1"), (1, "hold raise 1"), (0, "hold raise 1"),
               (1, "hold raise 1"))
    reading.observe(table_view(seats=SEATS, history=history))
    # two raises, no fold or hold: (2 + 0.4) / (2 + 4)
    assert reading.raise_rate("Ben") == pytest.approx(0.4)


def test_the_hold_of_the_player_bound_to_hold_says_nothing() -> None:
    # must hold (docs/rules/waks.md): Dan speaks last before Anna, the vier
    bound = ((0, "vie 1"), (1, "fold"), (2, "fold"), (3, "hold"))
    free = ((0, "vie 1"), (1, "hold"), (2, "fold"), (3, "hold"))
    assert bound_holds(table_view(history=bound)) == {3}
    assert bound_holds(table_view(history=free)) == set()
    assert count(table_view(history=bound), 3).holds == 0
    assert count(table_view(history=free), 3).holds == 1
    assert count(table_view(history=free), 1).holds == 1


def test_the_bound_hold_sets_no_floor_on_the_holder_s_hand() -> None:
    seats = (seat("Anna", 49, 1), seat("Ben", 50, 0, folded=True),
             seat("Carla", 50, 0, folded=True), seat("Dan", 49, 1))
    view = table_view(seats=seats, history=((0, "vie 1"), (1, "fold"), (2, "fold"),
                                            (3, "hold")))
    assert Reading().floors(view) == [0.0]


def test_a_last_round_pass_is_worth_an_even_share_of_the_carried_pot() -> None:
    view = table_view(pot=6, step=Step("bet", 2))
    assert len(view.hand) < 4 or last_round(view)
    full = attrs.evolve(view, hand=(*view.hand, *view.hand)[:4])
    assert last_round(full)
    assert not last_round(attrs.evolve(full, step=Step("bet", 1)))
    assert carry_share(full) == 1.5  # 6 chips over 4 seats


def test_a_showdown_among_the_funders_counts_only_the_opponents_who_put_chips_in() -> None:
    seats = (seat("Anna", 49, 1), seat("Ben", 50, 0), seat("Carla", 50, 0), seat("Dan", 49, 1))
    view = table_view(seats=seats, pot=2)
    # 0.125 against three opponents, only Dan funded: 0.125 ** (1 / 3) = 0.5
    assert funders_chance(view, 0.125) == pytest.approx(0.5)


def test_odds_player_vies_in_the_last_round_rather_than_let_its_chips_carry_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Suzuki: nobody folds; Anna vied 1 in round 1, Dan was bound to hold, Ben and Carla
    # passed. In round 2 a pass by everyone carries the pot of 2 over: 2 / 4 = 0.5 chips to
    # Anna later. Against folders (they pass every vie), a vie leaves the 2 chips to a showdown
    # with Dan alone: 0.125 ** (1 / 3) * 2 = 1.0 chips.
    suzuki = primero.get_variant("suzuki")
    state = start_deal(suzuki, NAMES, 50, dealer=3, rng=random.Random(0))
    assert state.to_act is not None
    view = state.view(state.to_act)
    seats = (seat("Anna", 49, 1), seat("Ben", 50, 0), seat("Carla", 50, 0), seat("Dan", 49, 1))
    history = ((0, "vie 1"), (1, "pass exchange 1 card"), (2, "pass exchange 1 card"),
               (3, "hold"), (0, "exchange 1 card"), (1, "exchange 0 cards"),
               (2, "exchange 0 cards"), (3, "exchange 1 card"))
    hand = (*view.hand, *view.hand)[:4]
    passes = tuple(Pass(exchange=(c,)) for c in hand[:2])
    view = attrs.evolve(PlayerView(**{f.name: getattr(view, f.name)
                                      for f in attrs.fields(PlayerView)}),
                        seat=0, seats=seats, pot=2, high=0, hand=hand, history=history,
                        step=Step("bet", 2), legal=(*passes, Vie(1), Vie(2), Vie(3)))
    monkeypatch.setattr(odds_module, "showdown_chance", lambda *args, **kwargs: 0.125)
    agent = OddsAgent()
    for name in ("Ben", "Carla", "Dan"):  # a session of folders: 80 passes answering vies
        agent.reading.past[name] = attrs.evolve(count(view, 9), folds=80, total=80)
    # each folds (80 + 0.5 * 4) / (80 + 4) = 0.97619 of the time, all three 0.93025 of the
    # time: the 2 chips go to a showdown with Dan, who funded them, won 0.125 ** (1 / 3) = 0.5
    # of the time: 1.0 chips. One who holds keeps its best 2.4 % of hands, which a hand beating
    # half of Dan's never beats: the vie is lost. A vie of 1: 0.93025 * 1.0 - 0.06975 * 1 =
    # 0.8605 chips (of 2: 0.7907, of 3: 0.7210). Raised again (each raises (0 + 0.4) / 84 of
    # the time, one of three 1 - (1 - 0.4 / 84) ** 3 = 0.0142), a 12.5 % chance never pays for
    # the hold and the vie is lost: 0.9858 * 0.8605 - 0.0142 * 1 = 0.834 chips, above the
    # carried share 0.5 by more than the edge of 0.25
    action, _, why = agent.advise(view, random.Random(0))
    assert action == Vie(1)
    assert why == "they fold 93% of the time: a vie of 1 is worth +0.8 chips against +0.5: vie"


@pytest.mark.slow
def test_odds_player_beats_a_table_of_folders_in_suzuki() -> None:
    # three players, every pass a fold: the odds player vies in the last round rather than
    # let the pot carry over, and reads the bound hold as no hand
    from primero.testing import check_agent_holds_up

    report = check_agent_holds_up("suzuki", "odds", players=3, deals=120, seed=1,
                                  exploiters=["fold"])
    assert report.holds


def test_a_hold_of_the_whole_stack_is_priced_as_it_stands() -> None:
    seats = (seat("Anna", 8, 10, 2), seat("Ben", 30, 20, 10), seat("Dan", 10, 10, 10),
             seat("Carla", 45, 5, folded=True))
    view = table_view(seats=seats, pot=45, high=10)
    # 8 owed and 8 left: nothing for anyone to raise; 0.2 * 53 - 8 = 2.6 chips
    assert hold_worth(view, 0.2, 1.0) == pytest.approx(2.6)

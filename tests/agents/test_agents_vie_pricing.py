"""The odds player's pricing of a vie against what each opponent does with a bet.

Every expected figure is worked by hand from the chips on the table (the comments show the
sums); where the odds player decides, its chance is fixed so that only the pricing decides.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import primero
from primero.actions import Vie
from primero.agents import OddsAgent
from primero.agents import odds as odds_module
from primero.agents.odds import bound_to_hold, caller_chance, vie_worth
from primero.deal.engine import start_deal
from primero.deal.state import PublicSeat
from primero.setup import Step
from primero.views import PlayerView

WAKS = primero.get_variant("waks")
SUZUKI = primero.get_variant("suzuki")
NAMES = ("Anna", "Ben", "Carla", "Dan")


def seat(name: str, stack: int, contributed: int, folded: bool = False) -> PublicSeat:
    return PublicSeat(name=name, stack=stack, contributed=contributed, round_bet=0,
                      folded=folded, cards=2)


def anna_view(variant: Any, **changes: Any) -> PlayerView:
    """Anna's (seat 0) view at a four-player table, its public fields replaced by ``changes``."""
    state = start_deal(variant, NAMES, 50, dealer=3, rng=random.Random(0))
    assert state.to_act == 0
    view = state.view(0)
    return attrs.evolve(PlayerView(**{f.name: getattr(view, f.name)
                                      for f in attrs.fields(PlayerView)}), **changes)


def test_a_holder_who_folds_half_the_bets_holds_the_better_half() -> None:
    # beating 3/4 of its hands, and it holds only the best half: (0.75 - 0.5) / 0.5
    assert caller_chance(0.75, 0.5) == pytest.approx(0.5)
    assert caller_chance(0.4, 0.5) == 0.0
    assert caller_chance(0.6, 0.0) == pytest.approx(0.6)  # bound to hold: any hand
    assert caller_chance(0.99, 1.0) == 0.0


def test_the_player_bound_to_hold_is_the_last_before_the_vier_who_can_act() -> None:
    view = anna_view(WAKS)
    assert view.step == Step("bet", 1)
    assert bound_to_hold(view) == 3  # Dan, the dealer, speaks last before Anna
    folded = (seat("Anna", 50, 0), seat("Ben", 50, 0), seat("Carla", 50, 0),
              seat("Dan", 50, 0, folded=True))
    assert bound_to_hold(attrs.evolve(view, seats=folded)) == 2
    all_in = (*folded[:2], seat("Carla", 0, 50), folded[3])
    assert bound_to_hold(attrs.evolve(view, seats=all_in)) == 1
    assert bound_to_hold(attrs.evolve(view, step=Step("bet", 2))) is None  # round 1 only


def test_a_vie_is_worth_the_showdowns_against_each_set_of_holders() -> None:
    # Carla folded; Ben folds half the bets, Dan is bound to hold. Beating both 0.5625 of the
    # time is beating each 0.75 of the time; the pot is 4, the vie 3.
    seats = (seat("Anna", 48, 2), seat("Ben", 49, 1), seat("Carla", 50, 0, folded=True),
             seat("Dan", 49, 1))
    view = anna_view(WAKS, seats=seats, pot=4)
    # Dan alone holds (1/2): 0.75 * 4 + 0.75 * 3 - 0.25 * 3 = 4.5
    # Ben holds too (1/2): Ben beaten (0.75 - 0.5) / 0.5 = 0.5 of the time, both 0.375:
    #   0.375 * 4 + 0.375 * 6 - 0.625 * 3 = 1.875
    # 0.5 * 4.5 + 0.5 * 1.875 = 3.1875
    assert vie_worth(view, 3, 0.5625, [0.5, 0.0], 4.0) == pytest.approx(3.1875)
    # nobody holds a vie everyone lets go: the chips it wins unanswered
    assert vie_worth(view, 3, 0.5625, [1.0, 1.0], 2.5) == pytest.approx(2.5)


def test_where_nobody_folds_a_passer_who_funded_the_pot_still_contests_it() -> None:
    # Suzuki: Ben put 1 in and passes every vie, Carla put nothing in and passes every vie,
    # Dan is bound to hold. Beating all three 0.125 of the time is beating each 0.5 of it.
    seats = (seat("Anna", 49, 1), seat("Ben", 49, 1), seat("Carla", 50, 0),
             seat("Dan", 50, 0))
    view = anna_view(SUZUKI, seats=seats, pot=2)
    # Dan holds the vie of 1: the new chips are won against Dan, 0.5 * 1 - 0.5 * 1 = 0;
    # the pot of 2 against Dan and Ben: 0.5 * 0.5 * 2 = 0.5
    assert vie_worth(view, 1, 0.125, [1.0, 1.0, 0.0], 0.0) == pytest.approx(0.5)


def test_odds_player_vies_the_most_for_value_against_a_player_bound_to_hold(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Heads-up Waks, round 1, nothing in the pot: Ben must hold any vie of Anna's. A 55 %
    # chance is below an even share and the margin (0.58), yet each vie is worth
    # 0.55 * 2 * bet - bet = 0.1 * bet: 0.3 chips for the most, 3, above passing (0) by
    # more than the edge of 0.25
    state = start_deal(WAKS, NAMES[:2], 50, dealer=1, rng=random.Random(0))
    assert state.to_act == 0
    view = state.view(0)
    assert bound_to_hold(view) == 1
    assert {Vie(1), Vie(2), Vie(3)} <= set(view.legal)
    monkeypatch.setattr(odds_module, "showdown_chance", lambda *args, **kwargs: 0.55)
    action, _, why = OddsAgent().advise(view, random.Random(0))
    assert action == Vie(3)
    assert why == "they fold 0% of the time: a vie of 3 is worth +0.3 chips against +0.0: vie"


def test_before_the_exchange_the_chance_is_that_of_the_best_cards_to_keep() -> None:
    view = anna_view(WAKS)
    a, b = view.hand
    assert len(view.hand) == 2
    assert odds_module.keeps_ahead(view) == [(a, b), (a,), (b,), ()]
    # once an exchange is in the log the cards to keep are the hand
    exchanged = attrs.evolve(view, history=((1, "pass"), (2, "exchange 1 card")))
    assert odds_module.keeps_ahead(exchanged) == [(a, b)]


def test_the_same_question_in_a_deal_is_answered_by_the_estimates_pooled(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # round 2 (no exchange ahead): each estimate is one showdown_chance; the second answer is
    # the mean of both, (0.2 + 0.4) / 2, and so is the pot carried over, (0.1 + 0.3) / 2
    view = anna_view(WAKS, step=Step("bet", 2),
                     history=((0, "pass"), (1, "pass"), (2, "pass"), (3, "pass"),
                              (0, "exchange 0 cards")))
    answers = iter([(0.2, 0.1), (0.4, 0.3)])

    def fake(*args: Any, out: list[float] | None = None, **kwargs: Any) -> float:
        chance, carried = next(answers)
        assert out is not None
        out.append(carried)
        return chance

    monkeypatch.setattr(odds_module, "showdown_chance", fake)
    agent = OddsAgent()
    agent.reading.observe(view)
    carry: list[float] = []
    assert agent.pooled_chance(view, odds_module.Strength.of(WAKS.ranking), random.Random(0),
                         carry) == pytest.approx(0.2)
    assert agent.pooled_chance(view, odds_module.Strength.of(WAKS.ranking), random.Random(0),
                         carry) == pytest.approx(0.3)
    assert carry == pytest.approx([0.1, 0.2])

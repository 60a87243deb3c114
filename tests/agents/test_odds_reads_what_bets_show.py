"""The odds player's reading of bets from what each opponent does, and its holds before the
hand is whole.

Expected figures are worked by hand from the counts and the chips (the comments show the sums).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import primero
from primero.actions import Fold, Hold
from primero.agents import OddsAgent
from primero.agents import odds as odds_module
from primero.agents.odds import later_worth
from primero.agents.reading import Counts, Reading, count
from primero.cards import parse_cards
from primero.deal.engine import start_deal
from primero.deal.state import GameState

WAKS = primero.get_variant("waks")
NAMES = ("Anna", "Ben", "Carla")


def first_round(hand: str) -> GameState:
    """Waks, three players, Carla dealt ``hand``; Anna vies 1, Ben holds, Carla to act."""
    mine = parse_cards(hand)
    other = [c for c in WAKS.pack.cards if c not in mine]
    first = [other[0], other[1], mine[0], other[2], other[3], mine[1]]
    stock = (*first, *(c for c in other if c not in first))
    state = start_deal(WAKS, NAMES, 50, dealer=2, stock=stock)
    state = state.apply("vie 1").apply("hold")
    assert state.to_act == 2
    return state


def test_bets_that_ignore_the_cards_are_read_as_showing_little() -> None:
    reading = Reading()
    # folds 5 of 20 answers after its own bet and 5 of 20 facing one: as often either way
    # after = (5 + 0.05 * 4) / 24, facing = (5 + 0.5 * 4) / 24: 1 - 5.2 / 7
    reading.past["Anna"] = Counts(answers_after_bet=20, folds_after_bet=5,
                                  answers_facing=20, folds_facing=5)
    assert reading.follows_cards("Anna") == pytest.approx(1 - 5.2 / 7)
    # never folds after its own bet, folds 12 of 20 facing one: 1 - 0.2 / 14
    reading.past["Ben"] = Counts(answers_after_bet=20, folds_after_bet=0,
                                 answers_facing=20, folds_facing=12)
    assert reading.follows_cards("Ben") == pytest.approx(1 - 0.2 / 14)
    # nothing seen: the prior, 1 - 0.05 / 0.5
    assert reading.follows_cards("Carla") == pytest.approx(0.9)


def test_a_bet_is_read_against_the_share_of_deals_with_a_bet() -> None:
    reading = Reading()
    # bets in 9 deals of 10, holds only in 1 more: (9 + 0.35 * 4) / 14, (10 + 0.55 * 4) / 14
    reading.past["Anna"] = Counts(bets=9, total=30, deals=10, bet_deals=9, held_deals=10)
    bet, hold = reading.frequencies("Anna")
    assert bet == pytest.approx(10.4 / 14)
    assert hold == pytest.approx(12.2 / 14 - 10.4 / 14)


def test_counts_answers_after_its_own_bet_and_facing_one() -> None:
    state = first_round("6s Jh").apply("hold raise 1")  # Carla raises
    state = state.apply("fold")  # Anna, raised after her own vie, folds
    view = state.view(1)
    anna = count(view, 0)
    assert (anna.answers_after_bet, anna.folds_after_bet) == (1, 1)
    assert (anna.deals, anna.bet_deals, anna.held_deals) == (1, 1, 1)
    ben = count(view, 1)
    assert (ben.answers_facing, ben.folds_facing, ben.answers_after_bet) == (1, 0, 0)


def test_a_vie_from_one_whose_bets_ignore_its_cards_sets_no_floor() -> None:
    view = first_round("6s Jh").view(2)
    blind, steady = Reading(), Reading()
    blind.past["Anna"] = Counts(answers_after_bet=40, folds_after_bet=10, answers_facing=40,
                                folds_facing=8, deals=10, bet_deals=3)
    steady.past["Anna"] = Counts(answers_after_bet=40, folds_after_bet=0, answers_facing=40,
                                 folds_facing=20, deals=10, bet_deals=3)
    blind.observe(view)
    steady.observe(view)
    # after (10 + 0.2) / 44 against facing (8 + 2) / 44: more folds after its bet, trust 0
    assert blind.floors(view)[0] == 0.0
    # p_bet (3 + 1 + 1.4) / 15 with this deal's vie; trust 1 - (0.2 / 44) / (22 / 44)
    assert steady.floors(view)[0] == pytest.approx((1 - 0.2 / 22) * (1 - 5.4 / 15))


def test_later_worth_folds_the_groups_that_cannot_pay_a_later_bet() -> None:
    view = first_round("6s Jh").view(2)  # pot 2, three players in
    # six final hands, the two strongest won outright: each group of one
    spread = [(1.0, s, 1.0 if s >= 5 else 0.0) for s in range(1, 7)]
    # a hold of 1 makes the pot 3; a later bet of 3 held by all three: a won group is worth
    # 1 * (3 + 9) - 3 = 9 played on against 1 * 3 at a showdown with no bet, 6 more; a lost
    # one 0 folded against 0: (6 + 6) / 6 = 2 chips when someone bets later for sure
    assert later_worth(view, spread, 1, 3.0, 1.0) == pytest.approx(2.0)
    assert later_worth(view, spread, 1, 3.0, 0.5) == pytest.approx(1.0)
    # a group that wins a third: 1/3 * 12 - 3 = 1 played on, against 1/3 * 3 = 1: no gain;
    # folding a group that wins a quarter loses its 0.75 at a showdown with no bet
    third = [(3.0, 1, 1 / 3)] * 6
    assert later_worth(view, third, 1, 3.0, 1.0) == pytest.approx(0.0)
    quarter = [(1.0, 1, 0.25)] * 6
    assert later_worth(view, quarter, 1, 3.0, 1.0) == pytest.approx(-0.75)
    assert later_worth(view, [], 1, 3.0, 1.0) == 0.0


def test_holds_a_first_round_vie_below_the_pot_odds_as_it_decides_again_later(
        monkeypatch: Any) -> None:
    """6c Ac facing a vie of 1 into a pot of 2: a 34 % chance, about the pot odds of 33 %.

    Priced as a showdown now, against the chance of a raise, it folds; with two cards and the
    exchange to come it decides again once its hand is whole, folding then the hands that
    cannot pay for a bet, so it holds. (2,000 samples: the chance steady to a point or two.)
    """
    view = first_round("6c Ac").view(2)
    action, chance, why = OddsAgent(samples=2000).advise(view, random.Random(4))
    assert action == Hold()
    assert 0.32 < chance < 0.36
    assert "decides again with the whole hand" in why
    monkeypatch.setattr(odds_module, "later_worth", lambda *args, **kwargs: 0.0)
    assert OddsAgent(samples=2000).advise(view, random.Random(4))[0] == Fold()

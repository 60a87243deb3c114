"""The odds player against raisers, its reading of exchanges, and its sampling in bulk.

Expected figures are worked by hand from the chips and the counts (the comments show the sums);
the sampled hands are checked against the pack's own look-ups.
"""

from __future__ import annotations

import random
from math import comb

import numpy as np
import pytest

import primero
from primero.actions import Fold, Hold
from primero.agents import OddsAgent, Strength, showdown_chance
from primero.agents import odds as odds_module
from primero.agents.odds import STACK_EDGE, every_deal, reraised_worth
from primero.agents.reading import Counts, Reading, exchanges_of, held_at, thrown_in
from primero.cards import parse_cards
from primero.deal.engine import start_deal
from primero.deal.state import GameState

WAKS = primero.get_variant("waks")
SUZUKI = primero.get_variant("suzuki")
NAMES = ("Anna", "Ben", "Carla", "Dora")


def eldest(hand: str) -> GameState:
    """Four-player Waks, Anna (the eldest) dealt ``hand``, nobody has acted; no ante."""
    mine = parse_cards(hand)
    other = [c for c in WAKS.pack.cards if c not in mine]
    first = [mine[0], other[0], other[1], other[2], mine[1], other[3], other[4], other[5]]
    stock = (*first, *(c for c in other if c not in first))
    return start_deal(WAKS, NAMES, 50, dealer=3, stock=stock)


def test_a_vie_raised_again_is_held_only_where_the_hold_pays_by_the_edge() -> None:
    view = eldest("7h Kd").view(0)
    assert (view.pot, view.stack) == (0, 50)
    # raised every time: the whole stack, matched by three stacks of 50, a pot of 200;
    # 0.3 * 200 - 50 = 10 clears 0.1 * 50, 0.27 * 200 - 50 = 4 does not: the vie of 3 is lost
    assert STACK_EDGE == 0.1
    assert reraised_worth(view, 3, 0.3, 1.0) == pytest.approx(10.0)
    assert reraised_worth(view, 3, 0.27, 1.0) == -3
    # raised half the time: 2 + 3 / 0.5 = 8 chips each, a pot of 32; 0.3 * 32 - 8 = 1.6 clears
    # 0.8, 0.25 * 32 - 8 = 0 does not
    assert reraised_worth(view, 2, 0.3, 0.5) == pytest.approx(1.6)
    assert reraised_worth(view, 2, 0.25, 0.5) == -2


def test_every_deal_lists_each_way_to_deal_the_groups_once() -> None:
    ways = every_deal(5, [1, 2], 30)
    assert ways is not None
    assert ways.shape == (5 * comb(4, 2), 3)
    assert len({(int(r[0]), frozenset(r[1:].tolist())) for r in ways}) == 30
    assert all(len(set(r.tolist())) == 3 for r in ways)
    assert every_deal(5, [1, 2], 29) is None  # more ways than samples: sample instead
    assert every_deal(3, [], 1) is not None


def test_hands_looked_up_by_card_positions_match_the_look_up_by_mask() -> None:
    table = Strength.of(WAKS.ranking)
    rng = random.Random(3)
    hands = [rng.sample(WAKS.pack.cards, 4) for _ in range(200)]
    positions = np.array([[table.positions[c.index] for c in h] for h in hands])
    found = table.indices_of(positions)
    assert found.tolist() == [table.index_of_mask(sum(c.bit for c in h)) for h in hands]


def test_a_single_card_to_keep_is_ranked_by_the_mean_of_the_hands_holding_it() -> None:
    table = Strength.of(WAKS.ranking)
    cards = WAKS.pack.ordered
    means = [round(table.of_hand([c]), 9) for c in cards]
    quantiles = table.keep_quantiles(1)
    for i, mean in enumerate(means):
        below = sum(m < mean for m in means)
        tied = sum(m == mean for m in means)
        assert quantiles[i] == pytest.approx((below + tied / 2) / len(means))
    # 7 and 6 of a suit with the ace: the best pair to keep of 7s 6s As Kh is 7s 6s
    best = table.best_keep(np.array([[table.positions[c.index]
                                      for c in parse_cards("7s 6s As Kh")]]), 2)
    pair = table.keep_quantiles(2)[table.subset_indices(
        np.array(sorted(table.positions[c.index] for c in parse_cards("7s 6s"))), (0, 1))]
    assert best[0] == pair


def test_exchange_entries_are_read_with_the_cards_then_held() -> None:
    assert thrown_in("exchange 0 cards") == 0
    assert thrown_in("exchange 1 card") == 1
    assert thrown_in("pass exchange 2 cards") == 2
    assert thrown_in("vie 3") is None
    state = eldest("7h Kd")
    for move in ("vie 1", "hold", "hold", "hold", "exchange"):
        state = state.apply(move)
    one = next(a for a in state.view(1).legal if len(getattr(a, "discards", ())) == 1)
    view = state.apply(one).view(2)
    # two cards each before the exchange: Anna kept both and stood, Ben threw one and kept one
    assert held_at(view, 4) == 2
    assert exchanges_of(view, 0) == [(2, 2, False)]
    assert exchanges_of(view, 1) == [(1, 2, False)]
    assert exchanges_of(view, 2) == []


def test_the_share_of_exchanges_kept_and_how_far_they_follow_the_cards() -> None:
    reading = Reading()
    # nothing seen: the prior, 1 - 0.8 * share, and a trust of (0.5 - 0.3) / 0.4
    assert reading.keep_share("Anna", 1.0) == pytest.approx(0.2)
    assert reading.keep_share("Anna", 0.5) == pytest.approx(0.6)
    assert reading.keeps_follow_cards("Anna") == pytest.approx(0.5)
    # stood pat in 2 of 10 exchanges, each followed by a bet; drew in 8, bet after 1 of them:
    # stood (2 + 0.2 * 4) / 14; bets after keeping (2 + 2) / 6, after drawing (1 + 1.2) / 12
    reading.past["Anna"] = Counts(keeps=((1.0, True),) * 2 + ((0.0, False),) * 7
                                  + ((0.0, True),))
    assert reading.keep_share("Anna", 1.0) == pytest.approx(2.8 / 14)
    assert reading.keeps_follow_cards("Anna") == pytest.approx(min(1.0, (4 / 6 - 2.2 / 12) / 0.4))
    # one that bets after every exchange, whatever it keeps, shows little by keeping, and
    # less the more it is seen: (5 + 2) / 9 against (5 + 1.2) / 9, then (50 + 2) / 54 against
    # (50 + 1.2) / 54
    reading.past["Ben"] = Counts(keeps=((1.0, True),) * 5 + ((0.0, True),) * 5)
    assert reading.keeps_follow_cards("Ben") == pytest.approx(0.8 / 9 / 0.4)
    reading.past["Ben"] = Counts(keeps=((1.0, True),) * 50 + ((0.0, True),) * 50)
    assert reading.keeps_follow_cards("Ben") == pytest.approx(0.8 / 54 / 0.4)


def suzuki_stood_pat() -> GameState:
    """Two-player Suzuki, the first round passed (each pass exchanging): the eldest to exchange."""
    state = start_deal(SUZUKI, NAMES[:2], 50, seed=11)
    while state.to_act is not None and not any(
            str(a).startswith("exchange") for a in state.view(state.to_act).legal):
        state = state.apply(state.view(state.to_act).legal[0])
    return state


def test_an_opponent_that_rarely_stands_pat_is_dealt_hands_worth_standing_on() -> None:
    state = suzuki_stood_pat()
    assert state.to_act == 0
    state = state.apply("exchange")  # Anna stands pat
    view = state.view(1)
    table = Strength.of(SUZUKI.ranking)
    rare, always = Reading(), Reading()
    # stands pat in 1 of 20 exchanges and bets after it; bets after 2 of its 19 draws
    rare.past["Anna"] = Counts(keeps=((1.0, True),) + ((0.25, False),) * 17 + ((0.0, True),) * 2)
    always.past["Anna"] = Counts(keeps=((1.0, True),) * 10 + ((1.0, False),) * 10)
    assert rare.keep_floors(view)[0][0] == 2  # two cards each before the second deal
    assert rare.keep_floors(view)[0][1] > 0.5
    # always stands pat: (20 + 0.8) / 24 of its exchanges keep all, trust (12 / 24 - 0.3) / 0.4
    assert always.keep_floors(view)[0][1] == pytest.approx(0.5 * (1 - 20.8 / 24))
    seen = showdown_chance(view, table, view.hand, random.Random(2), 2000, reading=rare)
    blind = showdown_chance(view, table, view.hand, random.Random(2), 2000, reading=always)
    assert seen < blind - 0.1


#: An opponent that vies or raises at every turn and never folds: 30 raises in 34 answers.
RAISER = Counts(bets=40, total=40, raises=30, deals=10, bet_deals=10, held_deals=10,
                answers_after_bet=30, answers_facing=10)


def waks_raised(hand: str) -> GameState:
    """Three-player Waks, Carla (the dealer) dealt ``hand``: Anna vies 3, Ben raises 3."""
    mine = parse_cards(hand)
    other = [c for c in WAKS.pack.cards if c not in mine]
    first = [other[0], other[1], mine[0], other[2], other[3], mine[1]]
    stock = (*first, *(c for c in other if c not in first))
    state = start_deal(WAKS, NAMES[:3], 50, dealer=2, stock=stock)
    return state.apply("vie 3").apply("hold raise 3")


def raisers_read(samples: int = 2000) -> OddsAgent:
    agent = OddsAgent(samples=samples)
    for name in NAMES[:3]:
        agent.reading.past[name] = RAISER
    return agent


def test_against_raisers_a_hold_that_stakes_the_stack_must_clear_the_edge(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """6h 6s, a 34 % chance: above the 33 % of a stack of 50 matched by two (50 / 150).

    Held to the stack, 0.34 * 150 - 50 is about +1 chip, short of the 5 (a tenth of the
    stack) a sampled chance must clear; 7h Kd, 39 %, clears it.
    """
    view = waks_raised("6h 6s").view(2)
    # a generator whose estimate (from 16 x 2000 samples: the stack is at stake) lands above
    # the odds; the chance is about 33.5 %, so some land below and fold on the odds alone
    action, chance, why = raisers_read().advise(view, random.Random(2))
    assert action == Fold()
    assert 1 / 3 < chance < 0.367
    assert "short of the 4.9 it must clear" in why
    monkeypatch.setattr(odds_module, "STACK_EDGE", 0.0)
    assert raisers_read().advise(view, random.Random(2))[0] == Hold()
    monkeypatch.undo()
    action, _, why = raisers_read().advise(waks_raised("7h Kd").view(2), random.Random(1))
    assert action == Hold()
    assert why.endswith("of a hold raised to 50 chips: hold")


def test_a_call_nobody_can_meet_is_held_against_raisers_as_the_pot_carries_over() -> None:
    """Cardano, round 2: Anna vies naming Chorus 84, which no other hand can meet either.

    Held to the stack against a raiser, the chips go to a pot that carries over, shared
    evenly later: nothing is staked on a chance, so no edge is asked and Ben holds.
    """
    state = start_deal("cardano", NAMES[:2], 50, seed=5)
    state = state.apply("pass").apply("pass").apply("exchange").apply("exchange")
    view = state.apply("vie 3 call Chorus 84").view(1)
    agent = OddsAgent(samples=1000)
    agent.reading.past["Anna"] = RAISER
    action, chance, why = agent.advise(view, random.Random(1))
    assert (action, chance) == (Hold(), 0.0)
    assert "the pot carries over 100% of the time" in why

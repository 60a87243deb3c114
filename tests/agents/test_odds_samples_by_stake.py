"""The odds player samples its chance more where a decision may put more chips at stake.

The sample counts are worked by hand from the table (stake 1, rest 3, stacks of 50): one
``samples`` for each rest the hold may cost (:func:`expected_stake`), from 1 to 16 times.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import primero
from primero.agents import OddsAgent
from primero.agents import odds as odds_module
from primero.agents.odds import MAX_SAMPLE_SCALE, samples_at_stake
from primero.deal.engine import start_deal
from primero.views import PlayerView

WAKS = primero.get_variant("waks")
NAMES = ("Anna", "Ben", "Carla", "Dan")


def test_samples_grow_with_the_chips_a_hold_may_cost() -> None:
    state = start_deal(WAKS, NAMES, 50, dealer=3, rng=random.Random(0))
    view = state.view(0)
    assert view.owed == 0 and view.stack == 50
    # nobody raises: a vie of the rest, 3 chips, one rest: the ordinary samples
    assert samples_at_stake(view, 160, 0.0) == 160
    # raised half the time: 3 / (1 - 0.5) = 6 chips, two rests
    assert samples_at_stake(view, 160, 0.5) == 320
    # raised every time: the whole stack, 50 chips, 16 rests (and no more: the cap)
    assert MAX_SAMPLE_SCALE == 16
    assert samples_at_stake(view, 160, 1.0) == 160 * 16
    # Ben faces Anna's vie of 3: owed 3 and a raise of 3 after it, two rests
    facing = state.apply("vie 3").view(1)
    assert facing.owed == 3
    assert samples_at_stake(facing, 100, 0.0) == 200


def _round_two_view() -> PlayerView:
    """The acting player's view in the second betting round of a Waks deal in which everyone
    passed and stood pat: no exchange ahead."""
    state = start_deal(WAKS, NAMES, 50, dealer=3, rng=random.Random(0))
    for text in ("pass", "pass", "pass", "pass"):
        state = state.apply(text)
    while state.view(state.to_act).step.kind == "exchange":
        state = state.apply("exchange")
    assert state.to_act is not None
    return state.view(state.to_act)


def test_pooled_estimates_count_by_their_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    # round 2 (no exchange ahead): one showdown_chance per answer, drawn from the samples
    # asked; pooled by samples, (0.2 * 100 + 0.6 * 300) / 400 = 0.5
    view = _round_two_view()
    assert view.step.kind == "bet" and len(view.hand) == 4
    answers = iter([0.2, 0.6])
    asked: list[int] = []

    def fake(view: Any, table: Any, keep: Any, rng: Any, samples: int, *args: Any,
             out: list[float] | None = None, **kwargs: Any) -> float:
        asked.append(samples)
        assert out is not None
        out.append(0.0)
        return next(answers)

    monkeypatch.setattr(odds_module, "showdown_chance", fake)
    agent = OddsAgent()
    agent.reading.observe(view)
    table = odds_module.Strength.of(WAKS.ranking)
    carry: list[float] = []
    assert agent.pooled_chance(view, table, random.Random(0), carry, 100) == pytest.approx(0.2)
    assert agent.pooled_chance(view, table, random.Random(0), carry, 300) == pytest.approx(0.5)
    assert asked == [100, 300]


def test_a_chance_whose_deals_the_betting_leaves_out_draws_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # 100 samples asked, 30 deals kept each batch: drawn again until 50 are kept (two
    # batches, 60), pooled by the deals kept, (0.1 * 30 + 0.4 * 30) / 60 = 0.25; a batch
    # keeping 10 stops at TOP_UP batches
    view = _round_two_view()
    batches = iter([(0.1, 30.0), (0.4, 30.0)] + [(0.5, 10.0)] * 4)

    def fake(*args: Any, out: list[float] | None = None, weighed: list[float] | None = None,
             **kwargs: Any) -> float:
        chance, kept = next(batches)
        assert out is not None and weighed is not None
        out.append(0.0)
        weighed.append(kept)
        return chance

    monkeypatch.setattr(odds_module, "showdown_chance", fake)
    agent = OddsAgent()
    agent.reading.observe(view)
    table = odds_module.Strength.of(WAKS.ranking)
    assert odds_module.TOP_UP == 4
    assert agent.pooled_chance(view, table, random.Random(0), [], 100) == pytest.approx(0.25)
    # a question asked before in the deal: pooled with the 60 deals kept before,
    # (0.25 * 60 + 0.5 * 40) / 100 = 0.35, after four batches of 10 (short of 50)
    assert agent.pooled_chance(view, table, random.Random(0), [], 100) == pytest.approx(0.35)
    assert next(batches, None) is None

"""Hostile input to duplicate play and the intervals: named errors, never a bare one."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from primero.actions import Action, Vie
from primero.analysis import duplicate_match
from primero.analysis.intervals import (
    cluster_interval,
    deals_needed,
    mean_interval,
    paired_interval,
    share_interval,
)
from primero.errors import AgentFailedError, IllegalActionError, PrimeroError, UnknownVariantError
from primero.views import PlayerView


class Raising:
    name = "raising"

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        raise RuntimeError("boom")


class Oversized:
    name = "oversized"

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        return Vie(999)


@pytest.mark.parametrize("values", [[1.0, math.nan, 2.0], [1.0, math.inf], ["a", "b"], [None, 1.0]])
def test_a_mean_interval_of_a_value_that_is_no_finite_number_names_its_place(
        values: list[object]) -> None:
    with pytest.raises(PrimeroError, match=r"values\[\d\] must be a finite number"):
        mean_interval(values)  # type: ignore[arg-type]


def test_paired_and_cluster_intervals_name_a_nan_value() -> None:
    with pytest.raises(PrimeroError, match=r"^second\[1\] must be a finite number"):
        paired_interval([1.0, 2.0], [1.0, math.nan])
    with pytest.raises(PrimeroError, match=r"^values\[0\] must be a finite number"):
        cluster_interval([math.inf, 2.0, 3.0], [0, 0, 1])


def test_intervals_still_take_numpy_numbers_and_flags() -> None:
    interval = mean_interval(np.array([1, 2, 3]))  # type: ignore[arg-type]
    assert (interval.estimate, interval.spread) == (2.0, 1.0)
    assert mean_interval([True, False, True, False]).estimate == 0.5


def test_an_agent_that_raises_in_a_match_is_named_with_its_role_and_deal() -> None:
    with pytest.raises(AgentFailedError,
                       match=r"^deal 0 \(the candidate in seat 0\): the candidate \(raising\) "
                             r"raised RuntimeError: boom$") as caught:
        duplicate_match("waks", Raising(), "random", deals=2)
    assert isinstance(caught.value.__cause__, RuntimeError)


def test_an_opponent_that_plays_an_illegal_action_is_named_as_the_opponent() -> None:
    with pytest.raises(IllegalActionError,
                       match=r"^deal 0 \(the candidate in seat [01]\): the opponent "
                             r"\(oversized\) played an illegal action: P[01] cannot vie 999"):
        duplicate_match("waks", "random", Oversized(), deals=2)


@pytest.mark.parametrize("variant", [None, 5, Raising()])
def test_a_variant_that_is_no_name_is_an_unknown_variant(variant: object) -> None:
    with pytest.raises(UnknownVariantError, match="a variant is a Variant or its name, got"):
        duplicate_match(variant, "random", "random", deals=2)  # type: ignore[arg-type]


def test_a_player_count_of_a_fixed_size_variant_reads_as_the_engine_says_it() -> None:
    with pytest.raises(PrimeroError, match=r"^toy is played by 2 players; got 3$"):
        duplicate_match("toy", "random", "random", players=3, deals=2)


def test_deals_needed_refuses_what_it_cannot_answer_by_name() -> None:
    pilot = mean_interval([1.0, 2.0, 3.0])
    with pytest.raises(PrimeroError, match=r"^half_width must be positive \(a finite number\), "
                                           r"got inf$"):
        deals_needed(pilot, math.inf)
    with pytest.raises(PrimeroError, match="half_width 1e-300 needs more than 1e"):
        deals_needed(pilot, 1e-300)
    with pytest.raises(PrimeroError, match="half_width 1e-300 needs more than 1e"):
        deals_needed(share_interval(0, 10), 1e-300)
    with pytest.raises(PrimeroError, match=r"^pilot must be an Interval"):
        deals_needed(None, 0.1)  # type: ignore[arg-type]
    # the figures it does answer are unchanged: ⌈(1.96·1/0.1)²⌉ = 385
    assert deals_needed(pilot, 0.1) == 385
    assert deals_needed(mean_interval([1.0, 1.0, 1.0]), 0.1) == 2  # no spread: the floor


def test_a_share_or_a_value_past_what_a_float_holds_is_named() -> None:
    with pytest.raises(PrimeroError, match="0 <= successes <= deals, got inf of inf"):
        share_interval(math.inf, math.inf)
    with pytest.raises(PrimeroError, match=r"^values\[0\] must be a finite number"):
        mean_interval([10 ** 400, 1])


def test_a_match_past_the_run_cap_is_refused_before_any_deal() -> None:
    with pytest.raises(PrimeroError, match=r"^deals: at most 1,000,000 deals in one match"):
        duplicate_match("waks", "random", "random", deals=10 ** 11)

"""The intervals of simulated figures: coverage of known values, edges, deals needed.

Coverage is checked on quantities whose true value is known by counting hands: four cards
from a seeded shuffle of the 40-card pack (the deals' own shuffle, :func:`seeded_stock`) hold
one card of each suit in 10⁴ of the C(40, 4) = 91,390 hands, and hold one heart on average
(4 × 10/40).
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

import primero
from primero.analysis.intervals import (
    Interval,
    cluster_interval,
    cluster_share_interval,
    deals_needed,
    mean_interval,
    paired_interval,
    share_interval,
    t_quantile,
)
from primero.cards import Suit
from primero.errors import PrimeroError
from primero.setup import seeded_stock
from primero.simulation import derive_seed

RUNS = 400
DEALS = 100
#: one card of each suit: 10 ranks to choose in each of the 4 suits, of C(40, 4) hands
ONE_OF_EACH_SUIT = Fraction(10 ** 4, math.comb(40, 4))


def _hands() -> list[list[tuple[int, int, int]]]:
    """Per run, per deal: (one of each suit, hearts, spades) in the first four cards dealt."""
    pack = primero.get_variant("waks").pack.cards
    runs = []
    for run in range(RUNS):
        rows = []
        for deal in range(DEALS):
            hand = seeded_stock(pack, derive_seed(run, deal))[:4]
            suits = [c.suit for c in hand]
            rows.append((int(len(set(suits)) == 4), suits.count(Suit.HEARTS),
                         suits.count(Suit.SPADES)))
        runs.append(rows)
    return runs


@pytest.fixture(scope="module")
def hands() -> list[list[tuple[int, int, int]]]:
    return _hands()


def test_the_draws_are_the_hand_count(hands: list[list[tuple[int, int, int]]]) -> None:
    # the pooled share of 40,000 hands lies within 4 standard errors of 10,000 / 91,390
    pooled = sum(r[0] for run in hands for r in run) / (RUNS * DEALS)
    p = float(ONE_OF_EACH_SUIT)
    assert abs(pooled - p) < 4 * math.sqrt(p * (1 - p) / (RUNS * DEALS))
    assert abs(sum(r[1] for run in hands for r in run) / (RUNS * DEALS) - 1) < 0.02


def test_wilson_interval_covers_a_hand_counted_share_in_95_percent_of_runs(
        hands: list[list[tuple[int, int, int]]]) -> None:
    p = float(ONE_OF_EACH_SUIT)
    covered = sum(share_interval(sum(r[0] for r in run), DEALS).covers(p) for run in hands)
    assert 0.93 * RUNS <= covered <= 0.97 * RUNS


def test_mean_interval_covers_a_hand_counted_mean_in_95_percent_of_runs(
        hands: list[list[tuple[int, int, int]]]) -> None:
    covered = sum(mean_interval([r[1] for r in run]).covers(1.0) for run in hands)
    assert 0.93 * RUNS <= covered <= 0.97 * RUNS


def test_paired_interval_covers_a_zero_difference_in_95_percent_of_runs(
        hands: list[list[tuple[int, int, int]]]) -> None:
    # hearts less spades in the same hand: 0 on average by symmetry of the suits
    covered = sum(paired_interval([r[1] for r in run], [r[2] for r in run]).covers(0.0)
                  for run in hands)
    assert 0.93 * RUNS <= covered <= 0.97 * RUNS


def test_a_share_of_no_deal_or_every_deal_has_a_non_empty_interval() -> None:
    z2 = 1.959963984540054 ** 2
    none = share_interval(0, 40)
    assert none.low == 0.0 and none.high == pytest.approx(z2 / (40 + z2))
    every = share_interval(40, 40)
    assert every.high == 1.0 and every.low == pytest.approx(40 / (40 + z2))
    assert none.high > none.low and every.high > every.low
    assert none.covers(0.0) and every.covers(1.0)


def test_wilson_interval_matches_a_worked_value() -> None:
    # 12 of 40 at 95 %, by hand: z² = 3.8415, centre (0.3 + z²/80) / (1 + z²/40) = 0.31752,
    # half z/(1 + z²/40) · √(0.21/40 + z²/6400) = 1.78826 × 0.076487 = 0.13678
    got = share_interval(12, 40)
    assert got.estimate == 0.3
    assert (round(got.low, 4), round(got.high, 4)) == (0.1807, 0.4543)


def test_t_quantiles_match_the_tables() -> None:
    # Student t, two-sided 95 %: 12.706 (1), 4.303 (2), 3.182 (3), 2.776 (4), 2.228 (10),
    # 2.045 (29), 1.984 (100)
    for df, table, tolerance in ((1, 12.706, 5e-4), (2, 4.303, 5e-4), (3, 3.182, 4e-3),
                                 (4, 2.776, 1e-3), (10, 2.228, 5e-4), (29, 2.045, 5e-4),
                                 (100, 1.984, 5e-4)):
        assert t_quantile(0.95, df) == pytest.approx(table, abs=tolerance)


def test_mean_interval_of_a_worked_sample() -> None:
    # 1, 2, 3, 4, 5: mean 3, sd √2.5, t(4) = 2.7764: 3 ± 1.9632
    got = mean_interval([1, 2, 3, 4, 5])
    assert got.estimate == 3 and got.deals == 5
    assert got.half_width == pytest.approx(2.7764 * math.sqrt(2.5) / math.sqrt(5), abs=1e-3)


def test_a_mean_of_one_deal_has_an_unbounded_interval() -> None:
    one = mean_interval([4.0])
    assert one.estimate == 4.0 and one.low == -math.inf and one.high == math.inf


def test_paired_figures_must_rest_on_the_same_deals() -> None:
    with pytest.raises(PrimeroError, match="same deals: 3 against 2"):
        paired_interval([1, 2, 3], [1, 2])


def test_clear_of_zero_and_side_of_a_value() -> None:
    above = Interval(estimate=0.3, low=0.1, high=0.5, deals=10, spread=1.0, kind="mean")
    across = Interval(estimate=0.1, low=-0.1, high=0.3, deals=10, spread=1.0, kind="mean")
    assert above.clear_of_zero and not across.clear_of_zero
    assert above.side_of(0.25) == 0 and above.side_of(0.05) == 1 and above.side_of(0.6) == -1


def test_deals_needed_for_a_share_and_a_mean() -> None:
    # a share of 0.3: z² p(1-p)/h² = 3.8415 × 0.21 / 0.0001 = 8,067.2, Wilson needs ~8,068
    pilot = share_interval(300, 1000)
    needed = deals_needed(pilot, 0.01)
    assert abs(needed - 8068) <= 5
    assert share_interval(0.3 * needed, needed).half_width <= 0.01
    assert share_interval(0.3 * (needed - 1), needed - 1).half_width > 0.01
    # a mean with a per-deal sd of 10 chips, ± 0.5 chips: (1.96 × 10 / 0.5)² = 1,536.6
    spread = Interval(estimate=0.0, low=-1.0, high=1.0, deals=100, spread=10.0, kind="mean")
    assert deals_needed(spread, 0.5) == 1537
    # a share of 0 still needs deals: Wilson's upper bound z²/(n+z²) <= 2h
    assert deals_needed(share_interval(0, 100), 0.01) == math.ceil(3.8415 / 0.02 - 3.8415)


def test_deals_needed_refuses_a_bad_half_width_or_an_unknown_spread() -> None:
    with pytest.raises(PrimeroError, match="half_width must be positive"):
        deals_needed(share_interval(3, 10), 0)
    with pytest.raises(PrimeroError, match="spread is unknown"):
        deals_needed(mean_interval([1.0]), 0.1)


def test_bad_shares_and_confidences_are_refused() -> None:
    with pytest.raises(PrimeroError, match="0 <= successes <= deals, got 11 of 10"):
        share_interval(11, 10)
    with pytest.raises(PrimeroError, match="confidence must be strictly between 0 and 1"):
        mean_interval([1.0, 2.0], confidence=1.0)


def test_a_cluster_interval_with_one_deal_per_cluster_is_the_plain_interval() -> None:
    values = [1.0, 0.0, 3.0, 2.0, 5.0]
    assert cluster_interval(values, range(5)) == mean_interval(values)
    flags = [1.0, 0.0, 0.0, 1.0, 1.0]
    assert cluster_share_interval(flags, list(range(5))) == share_interval(3, 5)


def test_a_cluster_interval_counts_whole_sessions_as_the_draws() -> None:
    # four sessions of three deals, each session all 1 or all 0: the session means 1 0 1 0,
    # mean 0.5, sd √(1/3), t(3) = 3.182: 0.5 ± 3.182 × 0.57735 / 2 = 0.5 ± 0.9186
    values = [1.0] * 3 + [0.0] * 3 + [1.0] * 3 + [0.0] * 3
    sessions = [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    got = cluster_interval(values, sessions)
    assert got.estimate == 0.5 and got.deals == 12
    assert got.half_width == pytest.approx(3.182 * math.sqrt(1 / 3) / 2, abs=3e-3)
    assert got.half_width > mean_interval(values).half_width
    # as a share: Wilson at the effective number of deals, wider than at twelve
    share = cluster_share_interval(values, sessions)
    assert share.estimate == 0.5 and share.half_width > share_interval(6, 12).half_width


def test_a_session_share_of_none_is_not_empty() -> None:
    # no spread to measure the design effect: each of the 4 sessions counts as one deal,
    # Wilson's upper bound z²/(4 + z²) = 3.8415 / 7.8415
    got = cluster_share_interval([0.0] * 12, [k // 3 for k in range(12)])
    assert got.low == 0.0 and got.high == pytest.approx(3.8415 / 7.8415, abs=1e-4)
    with pytest.raises(PrimeroError, match="one cluster per deal: 2 values, 3 clusters"):
        cluster_interval([1.0, 2.0], [0, 0, 1])

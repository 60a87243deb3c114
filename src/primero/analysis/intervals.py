"""95 % intervals for simulated figures: shares, means, paired differences, deals needed.

A figure read from simulated deals is an estimate; an :class:`Interval` carries it with the
bounds of its confidence interval and the number of deals it rests on. Three kinds:

* a **share** (a proportion of deals: the eldest's win share, the showdown share) gets the
  Wilson score interval (:func:`share_interval`), which stays inside [0, 1] and is never empty,
  even for a share of 0 or of every deal (where the textbook ``p ± z·√(p(1−p)/n)`` collapses
  to a point);
* a **mean** of a per-deal quantity (chips won per deal, the pot) gets the Student t
  interval from the per-deal spread (:func:`mean_interval`):
  ``mean ± t(n−1) · sd / √n``;
* a **paired difference** (deal ``i`` of two runs on the same seeds, or the same deal played
  twice) gets the t interval of the per-deal differences (:func:`paired_interval`), far
  narrower than two independent intervals when the runs share their cards;
* deals that come in dependent groups (the deals of a session) get cluster-robust intervals
  (:func:`cluster_interval`, :func:`cluster_share_interval`).

:func:`deals_needed` says how many deals a figure needs for a given half-width, from the
interval of a pilot run.

Pure Python (the standard library's :class:`statistics.NormalDist`); no numpy or pandas.
"""

from __future__ import annotations

import math
import numbers
import statistics
from collections.abc import Sequence

from attrs import frozen

from primero.errors import PrimeroError

__all__ = [
    "Interval",
    "cluster_interval",
    "cluster_share_interval",
    "deals_needed",
    "mean_interval",
    "paired_interval",
    "share_interval",
    "t_quantile",
]

#: The confidence level of every interval unless told otherwise.
CONFIDENCE = 0.95


@frozen(kw_only=True)
class Interval:
    """A figure with its confidence interval.

    Attributes:
        estimate: The figure (a share in [0, 1], or a mean in the figure's unit, e.g. chips).
        low: The interval's lower bound (``ci_low`` in tables and JSON).
        high: The interval's upper bound (``ci_high``).
        deals: How many deals (or pairs of deals) the figure rests on.
        spread: The per-deal standard deviation the interval was made from (for a share,
            ``√(p(1−p))``), in the figure's unit; :func:`deals_needed` reads it.
        kind: ``"share"`` (Wilson score interval) or ``"mean"`` (Student t interval; paired
            differences are means of differences).
        confidence: The interval's confidence level, e.g. 0.95.
    """

    estimate: float
    low: float
    high: float
    deals: int
    spread: float
    kind: str
    confidence: float = CONFIDENCE

    @property
    def half_width(self) -> float:
        """Half the interval's width (the ``±`` printed beside the figure)."""
        return (self.high - self.low) / 2

    def covers(self, value: float) -> bool:
        """Whether ``value`` lies in the interval (bounds included)."""
        return self.low <= value <= self.high

    @property
    def clear_of_zero(self) -> bool:
        """Whether the whole interval lies on one side of 0 (a difference's sign is settled)."""
        return self.low > 0 or self.high < 0

    def side_of(self, value: float) -> int:
        """``1`` if the interval lies wholly above ``value``, ``-1`` wholly below, else 0."""
        if self.low > value:
            return 1
        if self.high < value:
            return -1
        return 0

    def as_dict(self, digits: int = 4) -> dict[str, float | int | None]:
        """``{"value", "ci_low", "ci_high", "deals"}``, rounded to ``digits`` (JSON output).

        An unbounded side (a mean of fewer than 2 deals) is ``None``.
        """
        def rounded(x: float) -> float | None:
            return round(x, digits) if math.isfinite(x) else None

        return {"value": rounded(self.estimate), "ci_low": rounded(self.low),
                "ci_high": rounded(self.high), "deals": self.deals}

    def format(self, digits: int = 3, *, percent: bool = False) -> str:
        """The figure and its half-width, e.g. ``"0.412 ± 0.031"`` or ``"41.2 % ± 3.1"``."""
        if percent:
            return f"{100 * self.estimate:.{max(digits - 2, 0)}f} % ± " \
                   f"{100 * self.half_width:.{max(digits - 2, 0)}f}"
        return f"{self.estimate:.{digits}f} ± {self.half_width:.{digits}f}"


#: The most deals :func:`deals_needed` answers (beyond, it refuses the half-width).
MAX_DEALS_NEEDED = 10 ** 15


def z_quantile(confidence: float) -> float:
    """The two-sided standard normal quantile of ``confidence`` (1.959964 for 0.95).

    Raises:
        PrimeroError: ``confidence`` is not strictly between 0 and 1.
    """
    _check_confidence(confidence)
    return statistics.NormalDist().inv_cdf(0.5 + confidence / 2)


def t_quantile(confidence: float, df: int) -> float:
    """The two-sided Student t quantile with ``df`` degrees of freedom (2.776 for 0.95, 4).

    Exact for 1 and 2 degrees of freedom; from 3 on, the Cornish–Fisher expansion in the
    normal quantile (Abramowitz & Stegun 26.7.5), within 4·10⁻³ of the exact value at 3
    degrees of freedom (3.179 for 3.182) and within 10⁻³ from 4 on.

    Raises:
        PrimeroError: ``confidence`` not strictly between 0 and 1, or ``df`` < 1.
    """
    _check_confidence(confidence)
    if df < 1:
        raise PrimeroError(f"a t quantile needs at least 1 degree of freedom, got {df}")
    p = 0.5 + confidence / 2
    if df == 1:
        return math.tan(math.pi * (p - 0.5))
    if df == 2:
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    z = statistics.NormalDist().inv_cdf(p)
    z2 = z * z
    terms = (
        z * (z2 + 1) / 4,
        z * ((5 * z2 + 16) * z2 + 3) / 96,
        z * (((3 * z2 + 19) * z2 + 17) * z2 - 15) / 384,
        z * ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) / 92160,
    )
    return z + math.fsum(term / df ** (k + 1) for k, term in enumerate(terms))


def share_interval(successes: float, deals: float, confidence: float = CONFIDENCE) \
        -> Interval:
    """The Wilson score interval of a share: ``successes`` of ``deals``.

    ``successes`` may be fractional (a deal won by ``k`` players counts ``1/k`` to each), and
    so may ``deals`` (an effective number of deals, :func:`cluster_share_interval`). The
    interval is never empty and stays inside [0, 1]: a share of 0 of ``n`` deals gives
    ``[0, z²/(n+z²)]``. With no deals the share is 0 and the interval the whole of [0, 1].

    Raises:
        PrimeroError: ``successes`` below 0 or above ``deals``, ``deals`` negative, either not
            a finite number, or a bad ``confidence``.
    """
    z = z_quantile(confidence)
    if not (_finite(successes) and _finite(deals)) or deals < 0 \
            or not 0 <= successes <= deals:
        raise PrimeroError(f"a share needs 0 <= successes <= deals, got {successes} of {deals}")
    if deals == 0:
        return Interval(estimate=0.0, low=0.0, high=1.0, deals=0, spread=0.5, kind="share",
                        confidence=confidence)
    p = successes / deals
    z2 = z * z
    centre = (p + z2 / (2 * deals)) / (1 + z2 / deals)
    half = z / (1 + z2 / deals) * math.sqrt(p * (1 - p) / deals + z2 / (4 * deals * deals))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == deals else min(1.0, centre + half)
    return Interval(estimate=p, low=low, high=high,
                    deals=round(deals), spread=math.sqrt(p * (1 - p)), kind="share",
                    confidence=confidence)


def mean_interval(values: Sequence[float], confidence: float = CONFIDENCE) -> Interval:
    """The Student t interval of the mean of per-deal ``values``: ``mean ± t·sd/√n``.

    ``sd`` is the sample standard deviation of the values and ``t`` the quantile with
    ``n − 1`` degrees of freedom. With one value the interval is unbounded
    (``-inf``, ``inf``); with none, the mean is 0 and the interval unbounded.

    Raises:
        PrimeroError: a bad ``confidence``, or a value that is not a finite number (NaN,
            infinity, text); the message names the first such value's place.
    """
    _check_confidence(confidence)
    _check_values("values", values)
    n = len(values)
    if n == 0:
        return Interval(estimate=0.0, low=-math.inf, high=math.inf, deals=0, spread=math.nan,
                        kind="mean", confidence=confidence)
    mean = statistics.fmean(values)
    if n == 1:
        return Interval(estimate=mean, low=-math.inf, high=math.inf, deals=1, spread=math.nan,
                        kind="mean", confidence=confidence)
    sd = statistics.stdev(values, mean)
    half = t_quantile(confidence, n - 1) * sd / math.sqrt(n)
    return Interval(estimate=mean, low=mean - half, high=mean + half, deals=n, spread=sd,
                    kind="mean", confidence=confidence)


def paired_interval(first: Sequence[float], second: Sequence[float],
                    confidence: float = CONFIDENCE) -> Interval:
    """The interval of ``mean(first − second)`` from the per-deal differences (paired t).

    Deal ``i`` of ``first`` and of ``second`` must be the same deal (the same seed in two runs
    of :func:`primero.simulation.compare`, or the same cards played twice), so the cards'
    luck cancels in each difference. For a share, give 0/1 (or ``1/k``) per deal.

    Raises:
        PrimeroError: the two sequences differ in length, a value is not a finite number, or
            a bad ``confidence``.
    """
    _check_values("first", first)
    _check_values("second", second)
    if len(first) != len(second):
        raise PrimeroError(f"paired figures need the same deals: {len(first)} against "
                           f"{len(second)} deals")
    return mean_interval([a - b for a, b in zip(first, second, strict=True)], confidence)


def cluster_interval(values: Sequence[float], clusters: Sequence[int],
                     confidence: float = CONFIDENCE) -> Interval:
    """The interval of the mean of per-deal ``values`` that come in dependent groups.

    Deals of one session depend on each other (stacks, carry-overs), so they are not
    independent draws. The mean of all deals is a ratio of per-cluster sums,
    ``r = Σ x_c / Σ n_c``; its interval is the Student t interval (``C − 1`` degrees of
    freedom, ``C`` clusters) of the linearised cluster values ``(x_c − r·n_c) / n̄`` (the
    cluster-robust, delta-method interval). With one deal per cluster it is
    :func:`mean_interval`.

    Args:
        values: One value per deal.
        clusters: Each deal's cluster (e.g. its session), in the same order.
        confidence: The confidence level.

    Raises:
        PrimeroError: the two sequences differ in length, or a bad ``confidence``.
    """
    if len(values) != len(clusters):
        raise PrimeroError(f"one cluster per deal: {len(values)} values, {len(clusters)} "
                           "clusters")
    _check_values("values", values)
    sums: dict[int, list[float]] = {}
    for value, cluster in zip(values, clusters, strict=True):
        total = sums.setdefault(cluster, [0.0, 0.0])
        total[0] += value
        total[1] += 1
    if len(sums) == len(values):
        return mean_interval(values, confidence)
    ratio = sum(values) / len(values)
    size = len(values) / len(sums)
    linear = [ratio + (x - ratio * n) / size for x, n in sums.values()]
    spread = mean_interval(linear, confidence)
    return Interval(estimate=ratio, low=spread.low, high=spread.high, deals=len(values),
                    spread=spread.spread * math.sqrt(size), kind="mean",
                    confidence=confidence)


def cluster_share_interval(values: Sequence[float], clusters: Sequence[int],
                           confidence: float = CONFIDENCE) -> Interval:
    """The Wilson interval of a share whose deals come in dependent groups (sessions).

    The Wilson interval of ``sum(values)`` of ``len(values)`` deals, taken at the effective
    number of deals ``n / d``, ``d`` the design effect: the variance of the mean from
    :func:`cluster_interval` over the variance independent deals would give (at least 1). A
    share of 0 or of every deal has no spread to measure ``d`` from; it is then taken as large
    as it can be, the deals per cluster (each cluster counted as one deal). With one deal per
    cluster it is :func:`share_interval`.

    Raises:
        PrimeroError: the two sequences differ in length, a value is not a share of one deal
            (a number from 0 to 1), or a bad ``confidence``.
    """
    _check_confidence(confidence)
    _check_values("values", values)
    for i, value in enumerate(values):
        if not 0 <= value <= 1:
            raise PrimeroError(f"values[{i}] must be a deal's share, from 0 to 1, got {value}")
    n = len(values)
    successes = float(sum(values))
    clustered = cluster_interval(values, clusters, confidence)
    independent = mean_interval(values, confidence)
    groups = len(set(clusters))
    if n == 0 or groups == n:
        return share_interval(successes, n, confidence)
    if independent.half_width > 0 and math.isfinite(clustered.half_width):
        effect = max(1.0, (clustered.half_width / independent.half_width) ** 2)
    else:
        effect = n / groups
    effective = n / effect
    wilson = share_interval(successes / n * effective, effective, confidence) \
        if effective >= 1 else share_interval(0, 0, confidence)
    return Interval(estimate=successes / n, low=wilson.low, high=wilson.high, deals=n,
                    spread=wilson.spread * math.sqrt(effect), kind="share",
                    confidence=confidence)


def deals_needed(pilot: Interval, half_width: float) -> int:
    """How many deals a figure needs for an interval of ``± half_width``, from a pilot run.

    For a mean (or a paired difference): ``⌈(z·sd/h)²⌉`` with the pilot's per-deal spread
    ``sd``. For a share: the fewest deals whose Wilson interval, at the pilot's share, is no
    wider than ``± h`` (about ``z²·p(1−p)/h²``; a pilot share of 0 or 1 still needs about
    ``z²/(2h)`` deals). The pilot's own confidence level is kept. Example: a share near 0.3
    needs 8,068 deals for ± 0.01, 323 for ± 0.05.

    Args:
        pilot: The figure's :class:`Interval` from a pilot run.
        half_width: The half-width wanted, in the figure's unit (a share: 0.01 is ± 1 point).

    Raises:
        PrimeroError: ``half_width`` is not a positive finite number or so small that the
            figure needs more than :data:`MAX_DEALS_NEEDED` deals, ``pilot`` is no
            :class:`Interval`, or the pilot's spread is unknown (a mean of fewer than 2 deals).
    """
    if not isinstance(pilot, Interval):
        raise PrimeroError(f"pilot must be an Interval (a pilot run's figure), got "
                           f"{type(pilot).__name__}")
    if not _finite(half_width) or not half_width > 0:
        raise PrimeroError(f"half_width must be positive (a finite number), got "
                           f"{half_width!r:.40}")
    z = z_quantile(pilot.confidence)
    ratio = z * pilot.spread / half_width if math.isfinite(pilot.spread) else 0.0
    rough = ratio * ratio if ratio < 1e100 else math.inf
    if pilot.kind == "share":  # a share of 0 or 1 still needs about z²/(2h) deals
        rough = max(rough, z * z / (2 * half_width))
    if rough > MAX_DEALS_NEEDED:
        raise PrimeroError(f"half_width {half_width:g} needs more than {MAX_DEALS_NEEDED:.0e} "
                           f"deals at the pilot's spread {pilot.spread:g}: ask for a wider one")
    if pilot.kind == "share":
        p = pilot.estimate

        def wide(n: int) -> bool:
            return share_interval(p * n, n, pilot.confidence).half_width > half_width

        high = max(1, math.ceil(z * z * max(p * (1 - p), 0.0) / half_width ** 2))
        while wide(high):
            high *= 2
        low = 0
        while high - low > 1:  # the smallest n that is not too wide, by bisection
            mid = (low + high) // 2
            if wide(mid):
                low = mid
            else:
                high = mid
        return high
    if math.isnan(pilot.spread):
        raise PrimeroError(f"the pilot rests on {pilot.deals} deal(s): its spread is unknown; "
                           "run a pilot of at least 2 deals")
    return max(2, math.ceil((z * pilot.spread / half_width) ** 2))


def _finite(value: object) -> bool:
    """Whether ``value`` is a real number a float holds (not NaN, infinite, text, 10**400)."""
    if not isinstance(value, numbers.Real):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def _check_values(name: str, values: Sequence[float]) -> None:
    """Refuse a value that is not a finite real number, naming its place (never the list)."""
    for i, value in enumerate(values):
        if not _finite(value):
            raise PrimeroError(f"{name}[{i}] must be a finite number of chips or a share, "
                               f"got {value!r:.40}")


def _check_confidence(confidence: float) -> None:
    """Refuse a confidence that is not a number strictly between 0 and 1 (text, ``None``...)."""
    if not (_finite(confidence) and 0 < confidence < 1):
        shown = f"{confidence}" if isinstance(confidence, numbers.Real) else f"{confidence!r:.40}"
        raise PrimeroError(f"confidence must be strictly between 0 and 1, got {shown}")

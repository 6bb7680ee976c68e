"""Confidence intervals for simulation results, standard library only.

* a proportion (how often something happened): the **Wilson** interval,
  which behaves well even when the count is 0 or close to the number of trials;
* a mean (average game length, average number of placements): the
  **Student t** interval, mean ± t · s/√n.

>>> est = wilson(28, 80)
>>> round(est.value, 4), round(est.low, 4), round(est.high, 4)
(0.35, 0.2545, 0.4592)
>>> est.contains(7 / 20)
True
>>> round(t_value(0.95, 10), 3), round(z_value(0.95), 3)
(2.228, 1.96)
>>> m = mean_interval([2, 4, 4, 4, 5, 5, 7, 9])
>>> m.value, round(m.low, 3), round(m.high, 3)
(5.0, 3.213, 6.787)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist, fmean, stdev

__all__ = ["Estimate", "wilson", "mean_interval", "z_value", "t_value"]


@dataclass(frozen=True)
class Estimate:
    """A simulated value with its confidence interval [low, high]."""

    value: float
    low: float
    high: float
    n: int
    confidence: float = 0.95
    method: str = ""

    def contains(self, x: float | Fraction) -> bool:
        """Is ``x`` inside the interval?"""
        return self.low <= float(x) <= self.high

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def __str__(self) -> str:
        digits = 4 if self.high <= 1.5 else 3
        return (f"{self.value:.{digits}f} ({self.confidence:.0%} interval {self.low:.{digits}f} to "
                f"{self.high:.{digits}f}; {self.n} trials, {self.method})")

    def _repr_html_(self) -> str:
        return f"<code>{self}</code>"


def z_value(confidence: float = 0.95) -> float:
    """The normal quantile z with P(−z ≤ Z ≤ z) = ``confidence``."""
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: int, n: int, confidence: float = 0.95) -> Estimate:
    """The Wilson score interval for a proportion ``successes`` / ``n``.

    Its centre is pulled slightly towards 1/2, so with 0 successes the
    interval is [0, something] rather than the useless [0, 0].

    >>> str(wilson(0, 20))
    '0.0000 (95% interval 0.0000 to 0.1611; 20 trials, Wilson)'
    """
    if n <= 0:
        raise ValueError("a proportion needs at least one trial")
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be between 0 and {n}, not {successes}")
    z = z_value(confidence)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact ends: no rounding crumbs
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Estimate(p, low, high, n, confidence, "Wilson")


def _t_two_sided(t: float, df: int) -> float:
    """P(|T| ≤ t) for Student's t with a whole number ``df`` of degrees of freedom.

    The finite series of Abramowitz & Stegun 26.7.3–4 (exact for whole df).
    """
    theta = math.atan(t / math.sqrt(df))
    s, c2 = math.sin(theta), math.cos(theta) ** 2
    if df % 2 == 1:
        total, term = 0.0, 0.0
        if df > 1:
            term = math.cos(theta)
            total = term
            for k in range(3, df - 1, 2):
                term *= c2 * (k - 1) / k
                total += term
        return 2 / math.pi * (theta + s * total)
    term, total = 1.0, 1.0
    for k in range(2, df - 1, 2):
        term *= c2 * (k - 1) / k
        total += term
    return s * total


def t_value(confidence: float, df: int) -> float:
    """The t quantile with P(−t ≤ T ≤ t) = ``confidence`` (bisection on the exact CDF)."""
    if df < 1:
        raise ValueError("a t interval needs at least two values")
    if df > 1000:  # the normal curve is then as good as exact
        return z_value(confidence)
    low, high = 0.0, 1.0
    while _t_two_sided(high, df) < confidence:
        high *= 2
    for _ in range(100):
        mid = (low + high) / 2
        if _t_two_sided(mid, df) < confidence:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> Estimate:
    """The mean of ``values`` with its t interval: mean ± t · s / √n."""
    n = len(values)
    if n < 2:
        raise ValueError("an interval for a mean needs at least two values")
    mean = fmean(values)
    half = t_value(confidence, n - 1) * stdev(values) / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n, confidence, "t interval")

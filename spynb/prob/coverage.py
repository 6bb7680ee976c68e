"""Interval coverage: how often does a 95% interval miss the exact value?

A 95% interval promises to contain the true value in about 95 of every 100
simulations — not in every one.  Run many seeded simulations of a trial
whose exact answer is known, and count the misses.

>>> import random
>>> coin = lambda rng: rng.random() < 0.5
>>> result = misses(coin, 0.5, runs=40, trials=50, seed=1)
>>> result.runs, 0 <= result.missed <= 40
(40, True)
>>> expected_misses(40)
Fraction(2, 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .simulate import simulate
from .stats import Estimate, wilson

__all__ = ["Coverage", "misses", "expected_misses"]


@dataclass(frozen=True)
class Coverage:
    """``missed`` of ``runs`` intervals (each from ``trials`` trials) left out the exact value."""

    runs: int
    trials: int
    missed: int
    intervals: tuple[Estimate, ...]

    @property
    def miss_rate(self) -> Estimate:
        """The share of intervals that missed, with its own (Wilson) interval."""
        return wilson(self.missed, self.runs)

    def __str__(self) -> str:
        return f"{self.missed} of {self.runs} intervals missed; miss rate {self.miss_rate}"


def misses(trial: Callable[[random.Random], Any], exact: Any, *, runs: int, trials: int, seed: int,
           confidence: float = 0.95) -> Coverage:
    """Run ``runs`` simulations of ``trials`` trials (seeds ``seed``, ``seed`` + 1, …); count the misses.

    ``exact`` is a number or an exercise's id (its answer is used without being shown)."""
    if isinstance(exact, str):
        from .answers import exact_answer

        exact = exact_answer(exact)
    intervals = tuple(simulate(trial, trials, seed=seed + i, confidence=confidence, progress=False).estimate
                      for i in range(runs))
    return Coverage(runs, trials, sum(not e.contains(exact) for e in intervals), intervals)


def expected_misses(runs: int, confidence: Fraction | float = Fraction(95, 100)) -> Fraction:
    """How many of ``runs`` intervals should miss on average: runs × (1 − confidence)."""
    level = Fraction(str(confidence)) if isinstance(confidence, float) else Fraction(confidence)
    return runs * (1 - level)

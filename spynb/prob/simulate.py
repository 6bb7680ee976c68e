"""Seeded simulations: repeat a random trial, summarise it with an interval.

A *trial* is a function of one argument, a ``random.Random``: it plays
something out using only that generator and returns what happened (``True``
/ ``False`` for "did it happen?", a number for "how many?").  The seed makes
the whole simulation repeatable: the same seed gives the same numbers on any
computer and in the browser.

>>> import random
>>> coin = lambda rng: rng.random() < 0.5
>>> sim = simulate(coin, 2000, seed=1)
>>> sim.kind, sim.trials
('proportion', 2000)
>>> sim.estimate.contains(0.5)
True
>>> simulate(coin, 2000, seed=1).values == sim.values      # same seed, same results
True
>>> dice = simulate(lambda rng: rng.randint(1, 6), 3000, seed=2)
>>> dice.kind, dice.estimate.contains(3.5)
('mean', True)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .progress import Progress
from .stats import Estimate, mean_interval, wilson

if TYPE_CHECKING:
    from spynb.engine import Action, State

__all__ = ["Simulation", "simulate", "running_means", "frequencies", "random_playout", "random_action",
           "checkpoints"]


@dataclass(frozen=True)
class Simulation:
    """The results of ``trials`` seeded trials and what they estimate."""

    values: tuple[Any, ...]
    seed: int
    kind: str
    """``'proportion'`` for True/False trials, ``'mean'`` for numbers."""
    confidence: float = 0.95
    label: str = ""

    @property
    def trials(self) -> int:
        return len(self.values)

    @property
    def estimate(self) -> Estimate:
        """The proportion (Wilson interval) or the mean (t interval)."""
        if self.kind == "proportion":
            return wilson(sum(1 for v in self.values if v), len(self.values), self.confidence)
        return mean_interval([float(v) for v in self.values], self.confidence)

    def running(self) -> list[float]:
        """The estimate after 1, 2, …, n trials (the law of large numbers at work)."""
        return running_means(self.values)

    def frequencies(self) -> dict[Any, Fraction]:
        """How often each value came up, as fractions of the trials."""
        return frequencies(self.values)

    def __str__(self) -> str:
        what = "proportion" if self.kind == "proportion" else "mean"
        name = f"{self.label}: " if self.label else ""
        return f"{name}{what} {self.estimate} — seed {self.seed}"

    __repr__ = __str__


def simulate(trial: Callable[[random.Random], Any], trials: int, *, seed: int, label: str = "",
             confidence: float = 0.95, progress: bool = True) -> Simulation:
    """Run ``trial`` ``trials`` times with one ``random.Random(seed)``; a :class:`Simulation`.

    If every result is ``True``/``False`` the simulation estimates a
    proportion, otherwise a mean.  A progress line appears in a notebook when
    the run takes more than half a second.
    """
    if trials < 2:
        raise ValueError("a simulation needs at least two trials")
    rng = random.Random(seed)
    values = []
    with Progress(trials, label or "simulating", show=progress) as bar:
        for i in range(trials):
            values.append(trial(rng))
            bar.update(i + 1)
    kind = "proportion" if all(isinstance(v, bool) for v in values) else "mean"
    return Simulation(tuple(values), seed, kind, confidence, label)


def running_means(values: Sequence[Any]) -> list[float]:
    """The average of the first 1, 2, …, n values (True counts as 1).

    >>> running_means([True, False, True, True])
    [1.0, 0.5, 0.6666666666666666, 0.75]
    """
    total, out = 0.0, []
    for i, v in enumerate(values, start=1):
        total += float(v)
        out.append(total / i)
    return out


def checkpoints(n: int, points: int = 60) -> list[int]:
    """About ``points`` trial counts from 1 to ``n``, evenly spread on a log scale.

    >>> checkpoints(1000, 5)
    [1, 6, 32, 178, 1000]
    """
    if n <= points:
        return list(range(1, n + 1))
    marks = {max(1, round(math.exp(math.log(n) * i / (points - 1)))) for i in range(points)}
    return sorted(marks | {n})


def frequencies(values: Sequence[Any]) -> dict[Any, Fraction]:
    """Each distinct value with the fraction of trials that gave it, sorted by value.

    >>> frequencies([1, 2, 2, 3])
    {1: Fraction(1, 4), 2: Fraction(1, 2), 3: Fraction(1, 4)}
    """
    counts = Counter(values)
    return {v: Fraction(counts[v], len(values)) for v in sorted(counts)}


def random_action(state: State, rng: random.Random) -> tuple[int | None, Action]:
    """One uniformly random step: a chance outcome with its probability, or a random legal action.

    Returns ``(seat, action)``; ``seat`` is ``None`` for chance.  With several
    seats pending (simultaneous choices) the first pending seat acts.  The
    draw is the game's own (simulation mode, :mod:`spynb.engine.simulate`).

    :raises ValueError: when the game is over (there is no step to take).
    """
    from spynb.engine.simulate import random_step

    step = random_step(state, rng)
    if step is None:
        raise ValueError("the game is over: there is no step to take")
    return step


def random_playout(state: State, rng: random.Random, *, stop: Callable[[State], bool] | None = None,
                   max_steps: int = 1_000_000, quiet: bool = False) -> State:
    """Play ``state`` on with random legal actions (seats) and sampled outcomes (chance).

    Changes ``state`` in place and returns it, when the game is over or
    ``stop(state)`` is true.  Give the game a ``turn_limit`` so it ends.  It
    runs in simulation mode (:func:`spynb.engine.simulate.playout`): the
    game's own fast draws, applied without checking again; with ``quiet`` the
    game also stops logging events (for trials that read only the outcome).

    :raises RuntimeError: when the game has not ended within ``max_steps``.
    """
    from spynb.engine.simulate import playout

    playout(state, rng, stop=stop, limit=max_steps, quiet=quiet)
    if not state.over and (stop is None or not stop(state)):
        raise RuntimeError(f"the playout did not end within {max_steps} steps")
    return state

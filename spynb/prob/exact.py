"""Exact probabilities as fractions: walk the engine's chance points, or count.

Every chance point of a game lists its outcomes with exact probabilities
(``state.chance_outcomes()``), so a question like "what is the chance that
the first card placed is a document?" can be answered by following every
branch and adding up fractions — no sampling, no rounding.

>>> from fractions import Fraction
>>> dist = {"win": Fraction(2, 5), "lose": Fraction(3, 5)}
>>> probability(dist, lambda v: v == "win")
Fraction(2, 5)
>>> expectation({1: Fraction(1, 2), 3: Fraction(1, 2)})
Fraction(2, 1)
>>> hypergeometric(24, 9, 2, 2)          # two cards from 24, 9 of them documents: both are
Fraction(3, 23)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spynb.engine import Action, State

__all__ = [
    "outcome_distribution", "probability", "expectation", "variance", "hypergeometric",
    "hypergeometric_distribution", "draws_until", "as_fraction_table",
]

Distribution = dict[Any, Fraction]


def outcome_distribution(state: State, value: Callable[[State], Hashable], *,
                         stop: Callable[[State], bool] | None = None,
                         choose: Callable[[State], Action | None] | None = None,
                         key: Callable[[State], Hashable] | None = None) -> Distribution:
    """Follow every chance outcome from ``state``; the exact distribution of ``value``.

    The walk goes step by step from a copy of ``state`` (the original is
    never changed):

    * where ``stop(state)`` is true, or the game is over, it records
      ``value(state)`` with the probability of the path that led there;
    * at a chance point it branches over ``state.chance_outcomes()``,
      multiplying the probabilities along each path;
    * at a seat's turn it plays ``choose(state)`` (a fixed script: the
      action to take, or ``None`` to stop here); without ``choose`` it stops.

    ``key(state)``, if given, names what the rest of the walk depends on:
    two states with the same key are explored once (memoised).  Only use it
    when you are sure the future really depends on nothing else.

    >>> import spynb
    >>> spec = spynb.get_spec("cloak-dagger")
    >>> first_cut = lambda s: s.events[0].get("card") in "abc"   # the first card cut is a double agent
    >>> outcome_distribution(spec.new_state(seats=2), first_cut, stop=lambda s: bool(s.events))
    {False: Fraction(7, 8), True: Fraction(1, 8)}
    """
    memo: dict[Hashable, Distribution] = {}

    def walk(node: State) -> Distribution:
        while True:
            if node.over or (stop is not None and stop(node)):
                return {value(node): Fraction(1)}
            if node.turn.chance:
                break
            action = choose(node) if choose is not None else None
            if action is None:
                return {value(node): Fraction(1)}
            node.apply(action)
        name = key(node) if key is not None else None
        if name is not None and name in memo:
            return memo[name]
        result: Distribution = {}
        for outcome, p in node.chance_outcomes():
            branch = node.clone()
            branch.apply(outcome)
            for v, q in walk(branch).items():
                result[v] = result.get(v, Fraction(0)) + p * q
        if name is not None:
            memo[name] = result
        return result

    return dict(sorted(walk(state.clone()).items(), key=lambda item: repr(item[0])))


def probability(dist: Mapping[Any, Fraction], event: Callable[[Any], bool] = bool) -> Fraction:
    """The total probability of the values for which ``event(value)`` is true."""
    return sum((p for v, p in dist.items() if event(v)), Fraction(0))


def expectation(dist: Mapping[Any, Fraction], f: Callable[[Any], Any] = lambda v: v) -> Fraction:
    """The exact mean of ``f(value)``: the sum of value × probability."""
    return sum((Fraction(f(v)) * p for v, p in dist.items()), Fraction(0))


def variance(dist: Mapping[Any, Fraction]) -> Fraction:
    """E[(V − E[V])²], exactly."""
    mean = expectation(dist)
    return sum(((Fraction(v) - mean) ** 2 * p for v, p in dist.items()), Fraction(0))


def hypergeometric(population: int, successes: int, draws: int, k: int) -> Fraction:
    """The chance of exactly ``k`` successes in ``draws`` cards dealt without replacement.

    >>> hypergeometric(5, 2, 2, 1)     # pick 2 of 5 cards, 2 of them marked: exactly one marked
    Fraction(3, 5)
    """
    return Fraction(math.comb(successes, k) * math.comb(population - successes, draws - k),
                    math.comb(population, draws))


def hypergeometric_distribution(population: int, successes: int, draws: int) -> Distribution:
    """Every possible number of successes with its exact probability (zeros left out)."""
    table = {k: hypergeometric(population, successes, draws, k) for k in range(draws + 1)}
    return {k: p for k, p in table.items() if p}


def draws_until(counts: Mapping[str, int], done: Callable[[frozenset[str]], bool]) -> Distribution:
    """Cards are drawn one by one, without replacement, from a pile with ``counts``;
    the exact distribution of the number of draws until ``done(kinds seen so far)``.

    Worked by following the pile: at each step every kind still in the pile
    is drawn with chance (its count) / (cards left).  Cards of kinds that
    ``done`` ignores are lumped together.

    >>> draws_until({"X": 1, "other": 1}, lambda seen: "X" in seen)
    {1: Fraction(1, 2), 2: Fraction(1, 2)}
    """
    kinds = sorted(counts)
    memo: dict[tuple[tuple[int, ...], frozenset[str]], Distribution] = {}

    def walk(left: tuple[int, ...], seen: frozenset[str]) -> Distribution:
        if done(seen):
            return {0: Fraction(1)}
        total = sum(left)
        if total == 0:
            raise ValueError("the pile ran out before the condition was met")
        if (left, seen) in memo:
            return memo[left, seen]
        result: Distribution = {}
        for i, n in enumerate(left):
            if not n:
                continue
            rest = left[:i] + (n - 1,) + left[i + 1:]
            for steps, q in walk(rest, seen | {kinds[i]}).items():
                result[steps + 1] = result.get(steps + 1, Fraction(0)) + Fraction(n, total) * q
        memo[left, seen] = result
        return result

    return dict(sorted(walk(tuple(counts[k] for k in kinds), frozenset()).items()))


def as_fraction_table(dist: Mapping[Any, Fraction], digits: int = 4) -> str:
    """A small text table: value, exact fraction, decimal.

    >>> print(as_fraction_table({0: Fraction(2, 5), 1: Fraction(3, 5)}))
    value  probability   decimal
    0      2/5            0.4000
    1      3/5            0.6000
    """
    rows = [("value", "probability", "decimal")]
    rows += [(str(v), str(p), f"{float(p):.{digits}f}") for v, p in dist.items()]
    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    lines = [f"{a:<{w0}}  {b:<{w1}}  {c:>{digits + 4}}" for a, b, c in rows]
    return "\n".join(line.rstrip() for line in lines)


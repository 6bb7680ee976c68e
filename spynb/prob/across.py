"""Across the games: how many games a simulation needs, win rates by seat, game lengths.

>>> games_for_half_width(0.05)
385
>>> scale_games(100, 0.10, 0.025)
1600
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

from spynb.games import get_spec

from .simulate import random_playout
from .stats import z_value

__all__ = ["games_for_half_width", "scale_games", "random_game_trial", "win_rates", "LIMITS"]

LIMITS = {"kloak": 150, "target": 40, "cloak-dagger": 400}
"""Turn limits for random-player games (the rulebooks have no other end, CD-9, KL-9, TG-14)."""


def games_for_half_width(half_width: float, confidence: float = 0.95, p: float = 0.5) -> int:
    """The fewest games n with z·√(p(1−p)/n) ≤ ``half_width`` (p = 1/2 is the worst case)."""
    z = z_value(confidence)
    return math.ceil(z * z * p * (1 - p) / (half_width * half_width) - 1e-9)


def scale_games(games: int, half_width: float, target: float) -> int | Fraction:
    """An interval's half-width shrinks like 1/√n: n games for ``half_width`` → how many for ``target``?"""
    result = Fraction(games) * (Fraction(str(half_width)) / Fraction(str(target))) ** 2
    return int(result) if result.denominator == 1 else result


def random_game_trial(game: str, seats: int, turn_limit: int | None = None,
                      variant: str | None = None) -> Any:
    """A trial: random players play one game; returns ``(winning seats, turns played)``."""
    limit = LIMITS.get(game, 200) if turn_limit is None else turn_limit

    def trial(rng: random.Random) -> tuple[tuple[int, ...], int]:
        state = random_playout(get_spec(game).new_state(variant, seats, {"turn_limit": limit}), rng, quiet=True)
        return state.winners, state.view(None)["turn_number"]

    return trial


def win_rates(results: list[tuple[tuple[int, ...], int]], seats: int) -> dict[str, Any]:
    """Wilson intervals for each seat's share of the games (and for games with no winner)."""
    from .stats import wilson

    table = {f"seat {s}": wilson(sum(1 for w, _ in results if s in w), len(results)) for s in range(1, seats + 1)}
    table["no winner"] = wilson(sum(1 for w, _ in results if not w), len(results))
    return table

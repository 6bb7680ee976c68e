"""Across the games: how many games a simulation needs, win rates by seat, game lengths.

Whole-game experiments use players that finish games: each game's rule-of-thumb
bot (``spynb.bots``); every experiment reports how many games hit the turn limit.

>>> games_for_half_width(0.1)
97
>>> scale_games(100, 0.10, 0.05)
400
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from spynb.games import get_spec

from .simulate import random_playout
from .stats import Estimate, wilson, z_value

__all__ = ["games_for_half_width", "scale_games", "random_game_trial", "win_rates", "LIMITS", "BotGame",
           "bot_game_trial", "FirstPlayerRow", "first_player_table"]

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
    table = {f"seat {s}": wilson(sum(1 for w, _ in results if s in w), len(results)) for s in range(1, seats + 1)}
    table["no winner"] = wilson(sum(1 for w, _ in results if not w), len(results))
    return table


BOT_LIMITS = {"cloak-dagger": 200, "kloak": 150, "target": 60}
"""Turn limits for rules-bot games: far above a finished game's usual length."""


def first_mover(game: str, view: Any) -> int:
    """The seat that acts first, from a new game's public view: Cloak & Dagger's cut (CD-2), KLOAK's
    first seat, The Target's first Target (TG-1: the marker starts next to the KGB headquarters)."""
    if game == "cloak-dagger":
        return int(view["first_player"])
    if game == "target":
        return int(view["marker"])
    return int(view["to_move"][0])


@dataclass(frozen=True)
class BotGame:
    """One rules-bot game: who won, who moved first, how long, and whether the turn limit stopped it."""

    winners: tuple[int, ...]
    first: int
    turns: int
    limited: bool


def bot_game_trial(game: str, seats: int, turn_limit: int | None = None, variant: str | None = None) -> Any:
    """A trial: every seat a rules bot, in ``variant`` (the game's default if ``None``); returns a :class:`BotGame`."""
    from spynb.bots import make_bot, play_match
    from spynb.engine import Game

    spec = get_spec(game)
    limit = BOT_LIMITS.get(game, 200) if turn_limit is None else turn_limit

    def trial(rng: random.Random) -> BotGame:
        seed = rng.randrange(2**31)
        bots = {s: make_bot("rules", spec, seed + s) for s in range(1, seats + 1)}
        options = {"turn_limit": limit}
        first = first_mover(game, Game(spec, variant=variant, seats=seats, seed=seed, options=options).view(None))
        result = play_match(spec, bots, seed=seed, variant=variant, options=options)
        return BotGame(result.winners, first, result.turns, not result.winners)

    return trial


@dataclass(frozen=True)
class FirstPlayerRow:
    """One game's line of the first-player table."""

    game: str
    seats: int
    games: int
    limited: int
    first_wins: Estimate
    """The first mover's share of the decided games (Wilson interval)."""
    fair: float
    """That share if every seat were equally likely to be among the winners."""

    def __str__(self) -> str:
        return (f"{get_spec(self.game).title:<15} {self.seats} seats  {self.games:>4} games  "
                f"{self.limited:>3} hit the turn limit  first mover won {self.first_wins}  "
                f"(equal seats: {self.fair:.3f})")


def first_player_table(plan: dict[str, tuple[int, int]], seed: int = 1) -> list[FirstPlayerRow]:
    """For each game, ``(seats, games)`` of rules bots: the first mover's share of the decided games."""
    from .simulate import simulate

    rows = []
    for index, (game, (seats, games)) in enumerate(plan.items()):
        results = simulate(bot_game_trial(game, seats), games, seed=seed + index, label=game).values
        decided = [r for r in results if not r.limited]
        winners = sum(len(r.winners) for r in decided)
        fair = winners / len(decided) / seats if decided else float("nan")
        rows.append(FirstPlayerRow(game, seats, games, len(results) - len(decided),
                                   wilson(sum(1 for r in decided if r.first in r.winners), len(decided)), fair))
    return rows

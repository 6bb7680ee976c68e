"""Seeded tournaments between bots: win rates with confidence intervals, seat effects, game length.

>>> table = tournament("cloak-dagger", ["rules", "random"], games=6, seed=1)
>>> [row.bot for row in table.rows], table.games
(['rules', 'random'], 6)
>>> table.rows[0].wins >= table.rows[1].wins
True
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import spynb
from spynb.engine import whole_number
from spynb.prob.stats import mean_interval, wilson

from .base import play_match
from .registry import make_bot

__all__ = ["tournament", "Tournament", "BotRow", "wilson_interval"]

def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate (see :func:`spynb.prob.stats.wilson`).

    >>> tuple(round(x, 3) for x in wilson_interval(5, 10))
    (0.237, 0.763)
    """
    estimate = wilson(successes, trials)
    return (estimate.low, estimate.high)


@dataclass(frozen=True)
class BotRow:
    """One bot's results: ``games`` counts the seats it played (one per game unless it held several)."""

    bot: str
    games: int
    wins: int
    win_rate: float
    interval: tuple[float, float]


@dataclass(frozen=True)
class Tournament:
    """The results as data; ``str()`` prints the table."""

    game: str
    games: int
    seed: int
    rows: tuple[BotRow, ...]
    seat_wins: tuple[int, ...]
    """Wins by seat number, whoever sat there: the seat-order effect."""
    no_winner: int
    mean_length: float
    length_interval: tuple[float, float]

    def __str__(self) -> str:
        lines = [f"{self.game}: {self.games} games, seed {self.seed}",
                 f"{'bot':<10} {'seats':>6} {'wins':>6} {'win rate':>9}  95% interval"]
        for row in self.rows:
            lo, hi = row.interval
            lines.append(f"{row.bot:<10} {row.games:>6} {row.wins:>6} {row.win_rate:>9.3f}  [{lo:.3f}, {hi:.3f}]")
        lines.append("wins by seat: " + "  ".join(f"seat {i}: {w}" for i, w in enumerate(self.seat_wins, 1))
                     + f"  no winner: {self.no_winner}")
        lo, hi = self.length_interval
        lines.append(f"mean game length: {self.mean_length:.1f} turns [{lo:.1f}, {hi:.1f}]")
        return "\n".join(lines)


def tournament(game: str, bots: Sequence[str], *, games: int = 100, seed: int = 0, seats: int | None = None,
               variant: str | None = None, turn_limit: int = 300,
               progress: Callable[[int, int], None] | None = None) -> Tournament:
    """Play ``games`` seeded games, rotating the bots round the seats.

    :raises SpynbError: for an unknown game or bot, or ``games``, ``seed`` or ``turn_limit`` not a whole number
        (``games`` and ``turn_limit`` at least 1).
    """
    spec = spynb.get_spec(game)
    for name, value, least in (("games", games, 1), ("the seed", seed, None), ("turn_limit", turn_limit, 1)):
        whole_number(name, value, least)
    seats = seats or len(bots)
    labels = [name if bots.count(name) == 1 else f"{name} #{bots[:i + 1].count(name)}" for i, name in enumerate(bots)]
    wins = {label: 0 for label in labels}
    played = {label: 0 for label in labels}
    seat_wins = [0] * seats
    lengths = []
    no_winner = 0
    for index in range(games):
        lineup = {seat: labels[(seat - 1 + index) % len(bots)] for seat in range(1, seats + 1)}
        players = {seat: make_bot(label.split(" #")[0], spec, seed * 100_003 + index * 11 + seat)
                   for seat, label in lineup.items()}
        result = play_match(spec, players, seed=seed * 100_003 + index, variant=variant,
                            options={"turn_limit": turn_limit})
        for seat, label in lineup.items():  # per seat: fair when several seats win together (teams)
            played[label] += 1
            wins[label] += seat in result.winners
        for seat in result.winners:
            seat_wins[seat - 1] += 1
        no_winner += not result.winners
        lengths.append(result.turns)
        if progress:
            progress(index + 1, games)
    rows = tuple(BotRow(label, played[label], wins[label], wins[label] / max(played[label], 1),
                        wilson_interval(wins[label], played[label])) for label in labels)
    length = mean_interval(lengths) if len(lengths) > 1 else None
    mean = length.value if length else float(lengths[0])
    return Tournament(game, games, seed, rows, tuple(seat_wins), no_winner, mean,
                      (length.low, length.high) if length else (mean, mean))


def text_progress(done: int, total: int) -> None:
    """A progress bar on standard error, for the command line."""
    filled = 30 * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} games")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()

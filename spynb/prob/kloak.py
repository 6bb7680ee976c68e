"""KLOAK probability exercises: counting valid setups (ruling KL-2), rejection sampling.

The small-piece area is ranks 2–4 × files a–e: 15 squares, 5 pieces of each
of 3 colours (KL-1).  A setup is valid when no three adjacent squares in a
line (rank, file or diagonal) share a colour (KL-2).  The engine's own count
is ``spynb.kloak.layouts.count_layouts`` (row by row); this module counts
again by a different method — filling the squares one by one and backing
out of any line of three — and simulates rejection sampling.

>>> colourings() == math.comb(15, 5) * math.comb(10, 5)
True
>>> count_valid()                 # by backtracking, independent of the engine's counter
164316
>>> expected_tries() == Fraction(colourings(), count_valid())
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from spynb.kloak.board import VARIANTS
from spynb.kloak.layouts import count_layouts

__all__ = [
    "SQUARES", "COUNTS", "colourings", "is_valid", "count_valid", "count_valid_by_engine", "valid_fraction",
    "expected_tries", "rejection_trial", "valid_layout_trial", "same_colour_shuffle", "same_colour_valid",
    "same_colour_valid_by_engine", "same_colour_shuffle_trial", "same_colour_valid_trial",
    "brute_force_count", "engine_setup_trial",
]

FILES, RANKS = "abcde", (2, 3, 4)
SQUARES = tuple(f"{f}{r}" for r in RANKS for f in FILES)
"""The 15 small-piece squares, rank by rank: a2 … e2, a3 … e4."""
COUNTS: tuple[int, ...] = tuple(n for _, n in VARIANTS["standard"].colours)
"""Pieces per colour in the standard set (5, 5, 5)."""


def _lines(files: int, ranks: int) -> tuple[tuple[int, int, int], ...]:
    """Every three adjacent squares in a line, as indices into the rank-by-rank order."""
    out: list[tuple[int, int, int]] = []
    for r in range(ranks):
        for f in range(files):
            for dr, df in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, f + k * df) for k in range(3)]
                if all(0 <= rr < ranks and 0 <= ff < files for rr, ff in cells):
                    first, middle, last = (rr * files + ff for rr, ff in cells)
                    out.append((first, middle, last))
    return tuple(out)


LINES = _lines(len(FILES), len(RANKS))


def colourings(counts: Sequence[int] = COUNTS) -> int:
    """All ways to colour the squares with these counts: the multinomial 15! / (5! 5! 5!)."""
    return math.factorial(sum(counts)) // math.prod(math.factorial(n) for n in counts)


def is_valid(layout: Sequence[Any], lines: Sequence[tuple[int, int, int]] = LINES) -> bool:
    """No line of three equal colours (KL-2); ``layout`` lists colours rank by rank."""
    return not any(layout[i] == layout[j] == layout[k] for i, j, k in lines)


@cache
def _backtrack(files: int, ranks: int, counts: tuple[int, ...], condition: Any = None) -> int:
    """Count valid layouts by filling squares one at a time, backing out of any line of three.

    ``condition``, if given, is ``(square index, square index)``: count only
    layouts where those two squares share a colour.
    """
    lines = _lines(files, ranks)
    ending = {i: [(a, b) for a, b, c in lines if c == i] for i in range(files * ranks)}
    left = list(counts)
    layout = [-1] * (files * ranks)

    def fill(i: int) -> int:
        if i == len(layout):
            return 1 if condition is None or layout[condition[0]] == layout[condition[1]] else 0
        total = 0
        for colour, n in enumerate(left):
            if not n or any(layout[a] == layout[b] == colour for a, b in ending[i]):
                continue
            left[colour] -= 1
            layout[i] = colour
            total += fill(i + 1)
            left[colour] += 1
        layout[i] = -1
        return total

    return fill(0)


def count_valid(files: int = 5, ranks: int = 3, counts: Sequence[int] = COUNTS) -> int:
    """The number of valid setups, by backtracking (a second method, independent of the engine)."""
    return _backtrack(files, ranks, tuple(counts))


def count_valid_by_engine() -> int:
    """The engine's own count (KLOAK's row-by-row transfer count)."""
    return count_layouts()


def brute_force_count(files: int, ranks: int, counts: Sequence[int]) -> int:
    """Check every distinct colouring (only for small boards): the third, slowest method."""
    from itertools import permutations

    pieces = [c for c, n in enumerate(counts) for _ in range(n)]
    lines = _lines(files, ranks)
    return sum(1 for layout in set(permutations(pieces)) if is_valid(layout, lines))


def valid_fraction() -> Fraction:
    """The chance that a plain shuffle of the 15 pieces is a valid setup."""
    return Fraction(count_valid_by_engine(), colourings())


def expected_tries() -> Fraction:
    """Rejection sampling shuffles until the layout is valid: a geometric wait, mean 1/p."""
    return 1 / valid_fraction()


def _shuffle(rng: random.Random, counts: Sequence[int] = COUNTS) -> list[int]:
    pieces = [c for c, n in enumerate(counts) for _ in range(n)]
    rng.shuffle(pieces)
    return pieces


def valid_layout_trial(rng: random.Random) -> bool:
    """One plain shuffle: is it a valid setup?"""
    return is_valid(_shuffle(rng))


def rejection_trial(rng: random.Random) -> int:
    """Shuffle until valid (KL-2's rejection sampling); how many shuffles it took."""
    tries = 1
    while not is_valid(_shuffle(rng)):
        tries += 1
    return tries


def _rejection_layout(rng: random.Random) -> list[int]:
    while True:
        layout = _shuffle(rng)
        if is_valid(layout):
            return layout


A2, A3 = SQUARES.index("a2"), SQUARES.index("a3")


def same_colour_shuffle() -> Fraction:
    """In a plain shuffle, a2 and a3 share a colour: whatever a2 is, 4 of the other 14 pieces match it."""
    n = COUNTS[0]
    return Fraction(n - 1, sum(COUNTS) - 1) if len(set(COUNTS)) == 1 else sum(
        (Fraction(c, sum(COUNTS)) * Fraction(c - 1, sum(COUNTS) - 1) for c in COUNTS), Fraction(0))


def same_colour_valid() -> Fraction:
    """In a valid setup, a2 and a3 share a colour: count the valid layouts where they do (backtracking)."""
    return Fraction(_backtrack(5, 3, COUNTS, (A2, A3)), count_valid())


def same_colour_valid_by_engine() -> Fraction:
    """The same, by walking the engine's setup: it places a2 first and a3 second (file by file,
    KL-2), each colour weighted by how many valid layouts it leaves, so two chance points suffice."""
    from spynb.games import get_spec

    from .exact import outcome_distribution, probability

    def colours(state: Any) -> dict[str, str]:
        return {e.get("square"): e.get("colour") for e in state.events if e.kind == "place"}

    dist = outcome_distribution(get_spec("kloak").new_state(), lambda s: colours(s)["a2"] == colours(s)["a3"],
                                stop=lambda s: {"a2", "a3"} <= set(colours(s)))
    return probability(dist)


def same_colour_shuffle_trial(rng: random.Random) -> bool:
    layout = _shuffle(rng)
    return layout[A2] == layout[A3]


def same_colour_valid_trial(rng: random.Random) -> bool:
    layout = _rejection_layout(rng)
    return layout[A2] == layout[A3]


def engine_setup_trial(rng: random.Random, test: Callable[[dict[str, str]], bool]) -> bool:
    """Let the engine deal a setup through its chance points; apply ``test`` to the colours by square."""
    from spynb.games import get_spec

    from .simulate import random_playout

    state = random_playout(get_spec("kloak").new_state(), rng, stop=lambda s: not s.turn.chance)
    colours = {e.get("square"): e.get("colour") for e in state.events if e.kind == "place"}
    return test(colours)

"""KLOAK's components as data: the board, its lines, the layouts and the colour sets.

The board is 5×5, files ``a``–``e`` and ranks ``1``–``5`` (ruling KL-1).  Big
pieces belong to no one; small pieces carry a colour, written as one capital
letter so every display is colour-blind safe.  Layouts and colour sets are data
tables: a variant picks one of each, and the ``colours`` / ``big_squares``
options replace them without touching code.

>>> len(SQUARES), NEIGHBOURS["a1"]
(25, ('a2', 'b1', 'b2'))
>>> len(LINES), LINES_THROUGH["c3"][:2]
(48, (('a1', 'b2', 'c3'), ('a3', 'b3', 'c3')))
>>> [len(VARIANTS[v].big_squares) for v in VARIANTS]
[10, 6, 10, 10, 10]
>>> VARIANTS["four-colours"].colours
(('O', 4), ('S', 4), ('G', 4), ('P', 3))
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "FILES", "RANKS", "SQUARES", "NEIGHBOURS", "LINES", "LINES_THROUGH", "SMALL_ROWS", "SMALL_SQUARES",
    "TWO_PLAYER_BIG", "SIMPLER_BIG", "THREE_COLOURS", "FOUR_COLOURS", "COLOUR_NAMES", "PALETTE",
    "Variant", "VARIANTS", "adjacent", "in_line", "line_key", "square_at",
]

FILES = "abcde"
RANKS = (1, 2, 3, 4, 5)
SQUARES = tuple(f"{f}{r}" for r in RANKS for f in FILES)
"""a1 … e1, a2 … e5: rank by rank (KL-1)."""

_COORDS = {sq: (FILES.index(sq[0]), int(sq[1])) for sq in SQUARES}
_DIRECTIONS = tuple((df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0))


def square_at(file_index: int, rank: int) -> str | None:
    """The square at (file 0–4, rank 1–5), or None off the board."""
    return f"{FILES[file_index]}{rank}" if 0 <= file_index < 5 and 1 <= rank <= 5 else None


def line_key(square: str) -> tuple[int, int]:
    """Sort key of a square: file, then rank (how a line's squares are written)."""
    return _COORDS[square]


NEIGHBOURS: dict[str, tuple[str, ...]] = {
    sq: tuple(sorted((n for df, dr in _DIRECTIONS
                      if (n := square_at(_COORDS[sq][0] + df, _COORDS[sq][1] + dr))), key=line_key))
    for sq in SQUARES
}
"""KL-3: one step in any of the 8 directions."""


def adjacent(a: str, b: str) -> bool:
    return b in NEIGHBOURS.get(a, ())


def _in_order(a: str, b: str, c: str) -> tuple[str, str, str]:
    """Three squares in line order (file, then rank)."""
    first, second, third = sorted((a, b, c), key=line_key)
    return first, second, third


def _lines() -> tuple[tuple[str, str, str], ...]:
    found = set()
    for sq in SQUARES:
        f, r = _COORDS[sq]
        for df, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            a, b, c = (square_at(f + i * df, r + i * dr) for i in range(3))
            if a is not None and b is not None and c is not None:
                found.add(_in_order(a, b, c))
    return tuple(sorted(found, key=lambda line: [line_key(s) for s in line]))


LINES: tuple[tuple[str, str, str], ...] = _lines()
"""Every three adjacent squares in a line: rank, file or diagonal (48 on 5×5)."""
LINES_THROUGH: dict[str, tuple[tuple[str, str, str], ...]] = {
    sq: tuple(line for line in LINES if sq in line) for sq in SQUARES
}
_LINE_SET = frozenset(LINES)


def in_line(squares: tuple[str, ...]) -> tuple[str, str, str] | None:
    """The three squares written in line order, if they are three adjacent squares in a line."""
    distinct = set(squares)
    if len(distinct) != 3:
        return None
    ordered = _in_order(*distinct)
    return ordered if ordered in _LINE_SET else None


SMALL_ROWS: tuple[tuple[str, ...], ...] = tuple(tuple(f"{f}{r}" for f in FILES) for r in (2, 3, 4))
"""KL-1: the small pieces fill ranks 2–4; setup fills them rank 2, 3, 4, files a to e."""
SMALL_SQUARES = tuple(sq for row in SMALL_ROWS for sq in row)

TWO_PLAYER_BIG = tuple(f"{f}{r}" for r in (1, 5) for f in FILES)
"""KL-1: ten big pieces fill ranks 1 and 5."""
SIMPLER_BIG = tuple(sq for sq in TWO_PLAYER_BIG if sq not in ("a1", "e1", "a5", "e5"))
"""KL-10: the simpler game removes the four corner big pieces."""

THREE_COLOURS = (("O", 5), ("S", 5), ("G", 5))
"""KL-1: 15 small pieces, 3 colours × 5."""
FOUR_COLOURS = (("O", 4), ("S", 4), ("G", 4), ("P", 3))
"""RULINGS (KLOAK public facts): the 4-colour set, 4/4/4/3."""

COLOUR_NAMES = {"O": "orange", "S": "sky blue", "G": "green", "P": "purple",
                "Y": "yellow", "U": "blue", "V": "vermilion", "K": "black"}
"""The letters a colour set may use (``B`` is kept for big-piece notation)."""
PALETTE = {"O": "#E69F00", "S": "#56B4E9", "G": "#009E73", "P": "#CC79A7",
           "Y": "#F0E442", "U": "#0072B2", "V": "#D55E00", "K": "#000000"}
"""Okabe–Ito colour-blind-safe colours; every piece also shows its letter."""


@dataclass(frozen=True)
class Variant:
    """One way to play: the big-piece layout, the colour set and who may sit down."""

    name: str
    title: str
    big_squares: tuple[str, ...]
    colours: tuple[tuple[str, int], ...]
    seat_counts: tuple[int, ...]
    rule: str
    """The ruling that describes it (cited in docs and tests)."""


VARIANTS: dict[str, Variant] = {v.name: v for v in (
    Variant("standard", "two-player game", TWO_PLAYER_BIG, THREE_COLOURS, (2,), "KL-1"),
    Variant("simpler", "simpler game (four corner big pieces removed)", SIMPLER_BIG, THREE_COLOURS, (2,), "KL-10"),
    Variant("three-player", "three-player game", TWO_PLAYER_BIG, THREE_COLOURS, (3,), "KL-11"),
    Variant("four-player", "four-player team game", TWO_PLAYER_BIG, THREE_COLOURS, (4,), "KL-12"),
    Variant("four-colours", "four colours: the published 4-colour set, 4 + 4 + 4 + 3 small pieces", TWO_PLAYER_BIG,
            FOUR_COLOURS, (2, 3, 4), "KL-1"),
)}
"""The variants, default first.  With 4 seats play is in teams (KL-12) whatever the variant."""

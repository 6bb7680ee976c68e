"""Counting KLOAK's setup layouts exactly (ruling KL-2).

A *layout* colours a grid of ``rows × cols`` squares with exactly ``counts[i]``
pieces of colour ``i`` so that no three adjacent squares in a line (rank, file
or diagonal) share a colour.  The real setup is 3 rows (ranks 2–4) × 5 files
with counts 5/5/5.

The count is a transfer count, row by row: a row is valid on its own when it
has no three equal in a row; whether it may follow the two rows before it
depends only on which colour each of its squares must avoid (a column or a
diagonal whose two earlier squares agree).  So the state carried from row to
row is the previous row, that tuple of forbidden colours, and the multiset of
colours still to place — nothing is typed in, everything is counted.

>>> count_layouts()                      # the real board, 3 colours × 5
164316
>>> count_colourings((3, 3, 3))          # every colouring of 9 squares, lines or not
1680
>>> count_layouts(rows=3, cols=3, counts=(3, 3, 3))
1224
>>> valid_fraction() == Fraction(count_layouts(), count_colourings((5, 5, 5)))
True

``count_completions`` counts the layouts that begin with given colours (in
row-major order).  The setup's chance point places pieces one square at a
time with exactly the uniform distribution over valid layouts: it carries a
``Progress`` (what the count needs of the squares placed so far, from
``start`` and ``advance``) and weighs each colour by ``next_counts``.  (The
setup fills the board file by file — a2 a3 a4, b2 … — so it counts a 5×3 grid
whose "rows" are the files: short rows make the transfer count fast, and the
rule is the same turned a quarter turn.)

>>> sum(count_completions((c,)) for c in range(3)) == count_layouts()
True
>>> next_counts(advance(start(5, 3, (5, 5, 5)), 0)) == tuple(count_completions((0, c), 5, 3) for c in range(3))
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Any

__all__ = ["count_layouts", "count_colourings", "valid_fraction", "count_completions", "Progress", "start", "advance",
           "layouts_after", "next_counts", "random_layout", "has_layout", "count_work", "MAX_COUNT_WORK"]

Counts = tuple[int, ...]
Row = tuple[int, ...]


def _as_counts(counts: Mapping[str, int] | Sequence[int]) -> Counts:
    values = tuple(counts.values()) if isinstance(counts, Mapping) else tuple(counts)
    if not values or any(not isinstance(n, int) or n < 0 for n in values):
        raise ValueError(f"colour counts must be non-negative whole numbers, not {counts!r}")
    return values


@cache
def _rows(cols: int, colours: int) -> tuple[Row, ...]:
    """Every row of ``cols`` squares with no three equal neighbours."""
    return tuple(row for row in product(range(colours), repeat=cols)
                 if not any(row[j] == row[j + 1] == row[j + 2] for j in range(cols - 2)))


def _forbidden(before: Row | None, last: Row | None, cols: int, colours: int) -> int:
    """For each column of the next row, a bit mask of colours that would make three in a line (packed:
    column ``j``'s mask at bit ``colours * j``)."""
    if before is None or last is None:
        return 0
    forbidden = 0
    for j in range(cols):
        if before[j] == last[j]:  # file
            forbidden |= 1 << colours * j + last[j]
        if j >= 2 and before[j - 2] == last[j - 1]:  # diagonal from the lower left
            forbidden |= 1 << colours * j + last[j - 1]
        if j + 2 < cols and before[j + 2] == last[j + 1]:  # diagonal from the lower right
            forbidden |= 1 << colours * j + last[j + 1]
    return forbidden


class _Grid:
    """The valid rows of one length and number of colours, numbered, and the counts made of them.

    Colour counts are packed ``width`` bits a colour, the top bit of each field a guard: taking a
    row's colours from what is left clears a guard exactly when a colour runs out.  A grid is a
    cache shared by every count of its kind, so copies of it are itself.
    """

    def __init__(self, cols: int, colours: int, width: int) -> None:
        self.cols, self.colours, self.width = cols, colours, width
        self.rows = _rows(cols, colours)
        self.index = {row: i for i, row in enumerate(self.rows)}
        self.guard = sum(1 << width * c + width - 1 for c in range(colours))
        self.used = [self.pack([row.count(c) for c in range(colours)]) for row in self.rows]
        self.allowed: dict[int, tuple[int, ...]] = {}
        """Forbidden colours (packed) -> the rows that avoid them."""
        self.last_rows: dict[int, dict[int, int]] = {}
        """Forbidden colours -> how many rows that avoid them use each packed count of colours."""
        self.follows: dict[int | None, tuple[int, ...]] = {}
        self.counted: dict[tuple[int, int | None, int, int], int] = {}
        self.beginnings: dict[tuple[int, Row], tuple[int, ...]] = {}

    def __copy__(self) -> _Grid:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _Grid:
        return self

    def __reduce__(self) -> tuple[Any, tuple[int, int, int]]:
        return _grid, (self.cols, self.colours, self.width)

    def pack(self, counts: Sequence[int]) -> int:
        return sum(n << self.width * c for c, n in enumerate(counts))

    def take(self, left: int, row: int) -> int | None:
        """The colours ``left`` (packed) once ``row`` takes its own, or ``None`` if one runs out."""
        rest = (left | self.guard) - self.used[row]
        return rest ^ self.guard if rest & self.guard == self.guard else None

    def know(self, forbidden: int) -> int:
        """``forbidden``, once the rows that avoid it are worked out."""
        if forbidden not in self.allowed:
            allowed = tuple(i for i, row in enumerate(self.rows) if not any(
                forbidden >> self.colours * j + colour & 1 for j, colour in enumerate(row)))
            ways: dict[int, int] = {}
            for i in allowed:
                ways[self.used[i]] = ways.get(self.used[i], 0) + 1
            self.allowed[forbidden], self.last_rows[forbidden] = allowed, ways
        return forbidden

    def follow(self, last: int | None) -> tuple[int, ...]:
        """For each row, what the row after it must avoid when ``last`` came before it."""
        found = self.follows.get(last)
        if found is None:
            before = None if last is None else self.rows[last]
            found = self.follows[last] = tuple(self.know(_forbidden(before, row, self.cols, self.colours))
                                               for row in self.rows)
        return found

    def count(self, rows_left: int, last: int | None, forbidden: int, left: int) -> int:
        """Ways to fill ``rows_left`` more rows after row ``last``, the next avoiding ``forbidden``, using
        exactly ``left``."""
        if rows_left == 1:  # the last row must use exactly what is left
            return self.last_rows[forbidden].get(left, 0)
        key = (rows_left, last, forbidden, left)
        found = self.counted.get(key)
        if found is None:
            follow = self.follow(last)
            found = 0
            for row in self.allowed[forbidden]:
                rest = self.take(left, row)
                if rest is not None:
                    found += self.count(rows_left - 1, row, follow[row], rest)
            self.counted[key] = found
        return found

    def finish(self, rows_left: int, last: int | None, row: int, left: int) -> int:
        """Ways to fill ``rows_left`` more rows after row ``last`` when the first of them is ``row``."""
        rest = self.take(left, row)
        if rest is None:
            return 0
        if rows_left == 1:
            return int(rest == 0)
        return self.count(rows_left - 1, row, self.follow(last)[row], rest)

    def beginning(self, forbidden: int, partial: Row) -> tuple[int, ...]:
        """The rows that avoid ``forbidden`` and begin with the colours ``partial``."""
        key = (forbidden, partial)
        found = self.beginnings.get(key)
        if found is None:
            found = self.beginnings[key] = tuple(
                row for row in self.allowed[forbidden] if self.rows[row][:len(partial)] == partial)
        return found


@cache
def _grid(cols: int, colours: int, width: int) -> _Grid:
    return _Grid(cols, colours, width)


Progress = tuple[_Grid, int, int | None, int, int, Row]
"""A setup under way, as much as the count needs: (the grid, rows still to fill, the last full row,
the colours the next row must avoid, the colours left to place (packed), the colours of the row begun)."""


def start(rows: int, cols: int, counts: Counts) -> Progress:
    """Nothing placed yet."""
    grid = _grid(cols, len(counts), max(*counts, cols).bit_length() + 1)  # a field holds any count or row's use
    return (grid, rows, None, grid.know(0), grid.pack(counts), ())


def advance(progress: Progress | None, colour: int) -> Progress | None:
    """``progress`` with one more square coloured; ``None`` once a full row breaks the rule or the counts."""
    if progress is None or not progress[1]:
        return None
    grid, rows_left, last, forbidden, left, partial = progress
    partial += (colour,)
    if len(partial) < grid.cols:  # a row begun is checked when it is counted
        return (grid, rows_left, last, forbidden, left, partial)
    row = grid.index.get(partial)
    if row is None or row not in grid.allowed[forbidden]:
        return None
    rest = grid.take(left, row)
    if rest is None:
        return None
    return (grid, rows_left - 1, row, grid.follow(last)[row], rest, ())


def layouts_after(progress: Progress | None) -> int:
    """How many valid layouts complete ``progress``."""
    if progress is None:
        return 0
    grid, rows_left, last, forbidden, left, partial = progress
    if not rows_left:
        return int(not left)
    if not partial:
        return grid.count(rows_left, last, forbidden, left)
    return sum(grid.finish(rows_left, last, row, left) for row in grid.beginning(forbidden, partial))


def next_counts(progress: Progress) -> tuple[int, ...]:
    """For each colour, how many valid layouts follow if it goes on the next square (KL-2's weights)."""
    grid, rows_left, last, forbidden, left, partial = progress
    counts = [0] * grid.colours
    if rows_left:
        for row in grid.beginning(forbidden, partial):
            counts[grid.rows[row][len(partial)]] += grid.finish(rows_left, last, row, left)
    return tuple(counts)


MAX_COUNT_WORK = 10_000_000
"""The most :func:`count_work` a colour set may cost: the exact count then takes well under a second."""


def count_work(cols: int, counts: Counts) -> int:
    """An upper bound on the exact count's work, in row pairs tried: every multiset of colours left
    (``prod(n + 1)``) times every valid row, each tried after every valid row.  Cheap to work out, so a
    colour set is refused before its count starts (option ``colours``).

    >>> count_work(3, (5, 5, 5)) <= MAX_COUNT_WORK < count_work(3, (3, 3, 3, 3, 3))
    True
    """
    rows = len(_rows(cols, len(counts)))
    return math.prod(n + 1 for n in counts) * rows * rows


def count_completions(prefix: Sequence[int] = (), rows: int = 3, cols: int = 5,
                      counts: Mapping[str, int] | Sequence[int] = (5, 5, 5)) -> int:
    """The valid layouts whose first squares (row-major) have colours ``prefix``.

    Colours are numbered ``0 … len(counts) - 1``; rows are filled one after the
    other, each from column 0.  A prefix that already breaks the rule has none.

    >>> count_completions((0, 0, 0))
    0
    >>> count_completions((), rows=1, cols=3, counts=(2, 1))    # 001 010 100, minus none
    3
    """
    counts = _as_counts(counts)
    colours = len(counts)
    prefix = tuple(prefix)
    if len(prefix) > rows * cols or any(not 0 <= c < colours for c in prefix):
        raise ValueError(f"a prefix of {len(prefix)} colours does not fit {rows}×{cols} with {colours} colours")
    progress: Progress | None = start(rows, cols, counts)
    for colour in prefix:
        progress = advance(progress, colour)
    return layouts_after(progress)


def count_layouts(rows: int = 3, cols: int = 5, counts: Mapping[str, int] | Sequence[int] = (5, 5, 5)) -> int:
    """How many valid setups there are (KL-2): no three same-coloured in a line.

    ``counts`` may be a sequence or a mapping such as ``{"O": 4, "S": 4, "G": 4, "P": 3}``.

    >>> count_layouts(rows=2, cols=2, counts=(2, 2))     # no lines of three at all: 4!/(2!2!)
    6
    """
    counts = _as_counts(counts)
    if sum(counts) != rows * cols:
        raise ValueError(f"{sum(counts)} pieces do not fill {rows}×{cols} = {rows * cols} squares")
    if cols > rows:  # the rule is the same turned a quarter turn, and short rows count faster
        rows, cols = cols, rows
    return count_completions((), rows, cols, counts)


def count_colourings(counts: Mapping[str, int] | Sequence[int] = (5, 5, 5)) -> int:
    """Every way to put the pieces on their squares, lines or not: a multinomial coefficient.

    >>> count_colourings({"O": 4, "S": 4, "G": 4, "P": 3})
    15765750
    """
    counts = _as_counts(counts)
    return math.factorial(sum(counts)) // math.prod(math.factorial(n) for n in counts)


def valid_fraction(rows: int = 3, cols: int = 5, counts: Mapping[str, int] | Sequence[int] = (5, 5, 5)) -> Fraction:
    """The share of all colourings that are valid setups: the chance that a shuffle needs no redo."""
    return Fraction(count_layouts(rows, cols, counts), count_colourings(counts))


@cache
def _grid_lines(rows: int, cols: int) -> tuple[tuple[int, int, int], ...]:
    """The lines of three of a ``rows × cols`` grid (row-major indices): along rows, columns and both diagonals.

    >>> len(_grid_lines(5, 3))      # the setup area: 5 files of 3 ranks
    20
    """
    lines: list[tuple[int, int, int]] = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if 0 <= r + 2 * dr < rows and 0 <= c + 2 * dc < cols:
                    start, step = r * cols + c, dr * cols + dc
                    lines.append((start, start + step, start + 2 * step))
    return tuple(lines)


def random_layout(rows: int, cols: int, counts: Counts, rng: random.Random, tries: int = 200) -> list[int] | None:
    """A whole valid layout drawn uniformly (KL-2), by shuffling until no line of three shares a colour.

    Colours by square, row-major (the order :func:`advance` takes them); ``None`` if ``tries`` shuffles in a
    row all made a line (then draw square by square with :func:`next_counts`, which keeps the layouts
    equally likely).  Every valid layout is one shuffle's outcome as often as any other, so an accepted
    shuffle is uniform over them: the rejection sampling the rulebook's "shuffle again" describes.

    >>> layout = random_layout(5, 3, (5, 5, 5), random.Random(1))
    >>> sorted(layout) == [0] * 5 + [1] * 5 + [2] * 5, count_completions(layout, 5, 3)
    (True, 1)
    """
    pieces = [colour for colour, n in enumerate(counts) for _ in range(n)]
    lines = _grid_lines(rows, cols)
    shuffle = rng.shuffle
    for _ in range(tries):
        shuffle(pieces)
        if not any(pieces[a] == pieces[b] == pieces[c] for a, b, c in lines):
            return pieces
    return None


def has_layout(rows: int, cols: int, counts: Counts) -> bool:
    """Whether any valid layout exists (KL-2): one shuffle without a line proves it at once, and only when
    :func:`random_layout` finds none is the exact count asked (with many colours it is slow to work out).

    >>> has_layout(5, 3, (5, 5, 5)), has_layout(5, 3, (3, 2, 2, 2, 2, 2, 2)), has_layout(1, 3, (3,))
    (True, True, False)
    """
    found = random_layout(rows, cols, counts, random.Random(0))
    return found is not None or layouts_after(start(rows, cols, counts)) > 0

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
>>> count_colourings((5, 5, 5))          # every colouring, lines or not
756756
>>> count_layouts(rows=3, cols=3, counts=(3, 3, 3))
1224
>>> valid_fraction() == Fraction(count_layouts(), 756756)
True

``count_completions`` counts the layouts that begin with given colours (in
row-major order); the setup's chance point uses it to place pieces one square
at a time with exactly the uniform distribution over valid layouts.  (The
setup fills the board file by file — a2 a3 a4, b2 … — so it counts a 5×3 grid
whose "rows" are the files: short rows make the transfer count fast, and the
rule is the same turned a quarter turn.)

>>> sum(count_completions((c,)) for c in range(3)) == count_layouts()
True
"""

from __future__ import annotations

import math
import operator
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import product

__all__ = ["count_layouts", "count_colourings", "valid_fraction", "count_completions"]

Counts = tuple[int, ...]
Row = tuple[int, ...]


def _as_counts(counts: Mapping[str, int] | Sequence[int]) -> Counts:
    values = tuple(counts.values()) if isinstance(counts, Mapping) else tuple(counts)
    if not values or any(not isinstance(n, int) or n < 0 for n in values):
        raise ValueError(f"colour counts must be non-negative whole numbers, not {counts!r}")
    return values


@lru_cache(maxsize=None)
def _rows(cols: int, colours: int) -> tuple[Row, ...]:
    """Every row of ``cols`` squares with no three equal neighbours."""
    return tuple(row for row in product(range(colours), repeat=cols)
                 if not any(row[j] == row[j + 1] == row[j + 2] for j in range(cols - 2)))


@lru_cache(maxsize=None)
def _row_counts(cols: int, colours: int) -> dict[Row, Counts]:
    return {row: tuple(row.count(c) for c in range(colours)) for row in _rows(cols, colours)}


@lru_cache(maxsize=None)
def _forbidden(before: Row | None, last: Row | None, cols: int) -> Row:
    """For each column of the next row, a bit mask of colours that would make three in a line."""
    if before is None or last is None:
        return (0,) * cols
    masks = []
    for j in range(cols):
        mask = 0
        if before[j] == last[j]:  # file
            mask |= 1 << last[j]
        if j >= 2 and before[j - 2] == last[j - 1]:  # diagonal from the lower left
            mask |= 1 << last[j - 1]
        if j + 2 < cols and before[j + 2] == last[j + 1]:  # diagonal from the lower right
            mask |= 1 << last[j + 1]
        masks.append(mask)
    return tuple(masks)


def _fits(row: Row, forbidden: Row) -> bool:
    return not any(forbidden[j] >> colour & 1 for j, colour in enumerate(row))


def _minus(counts: Counts, used: Counts) -> Counts | None:
    left = tuple(map(operator.sub, counts, used))
    return None if min(left) < 0 else left


@lru_cache(maxsize=None)
def _allowed(cols: int, colours: int, forbidden: Row) -> dict[Counts, tuple[Row, ...]]:
    """The valid rows that avoid ``forbidden``, grouped by the colours they use."""
    table: dict[Counts, list[Row]] = {}
    for row, used in _row_counts(cols, colours).items():
        if _fits(row, forbidden):
            table.setdefault(used, []).append(row)
    return {used: tuple(rows) for used, rows in table.items()}


@lru_cache(maxsize=None)
def _complete(rows_left: int, cols: int, last: Row | None, forbidden: Row, counts: Counts) -> int:
    """Ways to fill ``rows_left`` more rows after ``last`` using exactly ``counts``."""
    colours = len(counts)
    groups = _allowed(cols, colours, forbidden)
    if rows_left == 1:  # the last row must use exactly what is left
        return len(groups.get(counts, ()))
    total = 0
    for used, rows in groups.items():
        left = _minus(counts, used)
        if left is None:
            continue
        if rows_left == 2:  # inline the last row: count the rows that use exactly ``left``
            total += sum(len(_allowed(cols, colours, _forbidden(last, row, cols)).get(left, ())) for row in rows)
        else:
            total += sum(_complete(rows_left - 1, cols, row, _forbidden(last, row, cols), left) for row in rows)
    return total


def _next(rows_left: int, cols: int, before: Row | None, row: Row, left: Counts) -> int:
    if rows_left == 0:
        return int(not any(left))
    # The last row needs only what it must avoid; dropping ``row`` there shares the cache.
    return _complete(rows_left, cols, row if rows_left > 1 else None, _forbidden(before, row, cols), left)


@lru_cache(maxsize=1 << 16)
def completions(prefix: Row, rows: int, cols: int, counts: Counts) -> int:
    """``count_completions`` without its checks, cached: for the setup's chance point (tuples only)."""
    colours = len(counts)
    full = len(prefix) // cols
    valid_rows = _row_counts(cols, colours)
    before: Row | None = None
    last: Row | None = None
    left: Counts | None = counts
    for k in range(full):
        row = prefix[k * cols:(k + 1) * cols]
        if row not in valid_rows or not _fits(row, _forbidden(before, last, cols)):
            return 0
        left = _minus(left, valid_rows[row])
        if left is None:
            return 0
        before, last = last, row
    if full == rows:
        return int(not any(left))
    partial = prefix[full * cols:]
    start = len(partial)
    total = 0
    for used, allowed in _allowed(cols, colours, _forbidden(before, last, cols)).items():
        after = _minus(left, used)
        if after is not None:
            total += sum(_next(rows - full - 1, cols, last, row, after) for row in allowed if row[:start] == partial)
    return total


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
    return completions(prefix, rows, cols, counts)


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

"""The layout count of ruling KL-2, checked against independent brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from spynb.kloak import count_colourings, count_completions, count_layouts, valid_fraction
from spynb.kloak.board import LINES, SMALL_SQUARES


def grid_lines(rows: int, cols: int) -> list[tuple[int, int, int]]:
    """Every three adjacent cells in a line on a rows × cols grid, as row-major indices."""
    lines = []
    for r, c in itertools.product(range(rows), range(cols)):
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            cells = [(r + i * dr, c + i * dc) for i in range(3)]
            if all(0 <= a < rows and 0 <= b < cols for a, b in cells):
                lines.append(tuple(a * cols + b for a, b in cells))
    return lines


def brute_force(rows: int, cols: int, counts: tuple[int, ...]) -> int:
    """Try every colouring of the grid and keep the valid ones with the right counts."""
    lines = grid_lines(rows, cols)
    total = 0
    for colouring in itertools.product(range(len(counts)), repeat=rows * cols):
        if tuple(colouring.count(c) for c in range(len(counts))) != counts:
            continue
        total += not any(colouring[a] == colouring[b] == colouring[c] for a, b, c in lines)
    return total


@pytest.mark.parametrize("rows, cols, counts", [
    (3, 3, (3, 3, 3)), (3, 3, (4, 3, 2)), (2, 5, (4, 3, 3)), (5, 2, (4, 3, 3)), (1, 5, (3, 2)),
    (4, 3, (4, 4, 4)), (3, 4, (4, 4, 4)), (3, 3, (3, 2, 2, 2)), (2, 2, (2, 2)), (3, 3, (9,)),
])
def test_KL_2_layout_count_matches_brute_force_on_smaller_boards(rows: int, cols: int, counts: tuple) -> None:
    assert count_layouts(rows, cols, counts) == brute_force(rows, cols, counts)


def test_KL_2_full_board_count_matches_a_backtracking_count_over_the_real_board() -> None:
    """An independent count on the real squares (a2 … e4) and the board's own lines."""
    lines_at: dict[str, list[tuple[str, ...]]] = {sq: [] for sq in SMALL_SQUARES}
    order = sorted(SMALL_SQUARES, key=lambda sq: (int(sq[1]), sq[0]))  # rank by rank this time
    for line in LINES:
        if all(sq in lines_at for sq in line):
            last = max(line, key=order.index)  # check each line once, when its last square is filled
            lines_at[last].append(line)
    colour: dict[str, int] = {}
    left = [5, 5, 5]

    def fill(i: int) -> int:
        if i == len(order):
            return 1
        square, found = order[i], 0
        for c in range(3):
            if not left[c]:
                continue
            colour[square] = c
            if not any(colour[a] == colour[b] == colour[d] for a, b, d in lines_at[square]):
                left[c] -= 1
                found += fill(i + 1)
                left[c] += 1
        del colour[square]
        return found

    assert count_layouts() == fill(0) == 164316


def test_KL_2_the_fraction_of_all_colourings_that_are_valid() -> None:
    assert count_colourings((5, 5, 5)) == 756756
    assert valid_fraction() == Fraction(164316, 756756) == Fraction(13693, 63063)
    assert valid_fraction(counts={"O": 4, "S": 4, "G": 4, "P": 3}) == Fraction(8509194, 15765750)


def test_KL_2_the_count_is_the_same_turned_a_quarter_turn_and_completions_add_up() -> None:
    assert count_layouts(3, 5, (5, 5, 5)) == count_completions((), 5, 3, (5, 5, 5)) == count_completions((), 3, 5)
    for prefix in ((), (0,), (0, 1), (0, 1, 1), (2, 2, 0, 1)):
        assert sum(count_completions(prefix + (c,), 5, 3) for c in range(3)) == count_completions(prefix, 5, 3)
    assert count_completions((0, 0, 0), 5, 3) == 0  # a file of three is never a layout


def test_KL_2_bad_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="do not fill"):
        count_layouts(3, 5, (5, 5, 4))
    with pytest.raises(ValueError, match="non-negative"):
        count_layouts(3, 3, (10, -1))

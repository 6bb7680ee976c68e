"""KLOAK's board as bit masks: the tables and tricks that list moves and claims fast.

Two layouts of the 25 squares, each a Python int; :class:`spynb.kloak.pieces.Board` keeps both in step.

**Moves: one bit a square.**  Bit ``i`` is the ``i``-th square *by name* — a1, a2 … a5, b1 … e5 (file by file) —
so that going up the bits follows the canonical order of the legal actions.  Each square's moves of one kind are
tabled once per mask of destinations (``table[free & near]`` is the tuple of its moves to the free neighbours),
so listing a piece's moves is one dictionary lookup; and a board keeps each square's moves (:func:`refresh`),
working out again after a change only those of the squares it :data:`AFFECTS`.

**Claims: four lanes a square.**  Square ``i`` is bit ``4i``; bit ``4i + k`` (lane ``k``) stands for the line
of three starting at square ``i`` in direction ``k``.  A line's squares are in name order, so its direction is
the difference of its first two indices (+1 up a file, +5 along a rank, +6 and +4 the diagonals), and the
directions are numbered in the order the lines from one square sort in.  Multiplying by :data:`SECOND` and
shifting by 24 copies every square's bit into the lane of the line whose second square it is (at the line's
first square); :data:`THIRD` and 48 do the same for third squares.  ANDing the three (and the starts of real
lines, so nothing wraps round the board's edge) marks every line whose three squares all hold a small piece, in
all four directions at once.

>>> [square_bits(["a1"]), square_bits(["a2"]), square_bits(["b1"])]
[1, 2, 32]
>>> lane_bits(["a1", "a2"]) == 1 | 1 << 4
True
>>> claims(lane_bits(["a1", "a2", "a3"]), lane_bits(["a2"]))
(Claim('a1', 'a2', 'a3'),)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from spynb.engine import Action

from .actions import Big, Claim, Kloak, Pass, Slide, Step
from .board import LINES, LINES_THROUGH, NEIGHBOURS, SQUARES

__all__ = ["BIT", "LANE", "NEAR", "LINE_BITS", "LINES_AT", "AFFECTS", "EVERY_SQUARE", "Segments", "square_bits",
           "lane_bits", "refresh", "can_move", "reaches", "claims", "PASS_ACTION",
           "SLOTS", "SLOT_BITS", "PAIR", "CLAIM", "PASS"]

_BY_NAME = tuple(sorted(SQUARES))
BIT = {sq: 1 << i for i, sq in enumerate(_BY_NAME)}
"""Square -> its bit in the move layout."""
LANE = {sq: 1 << 4 * i for i, sq in enumerate(_BY_NAME)}
"""Square -> its bit (lane 0) in the claim layout."""


def square_bits(squares: Iterable[str]) -> int:
    """The move-layout mask of ``squares``."""
    return sum(map(BIT.__getitem__, squares))


def lane_bits(squares: Iterable[str]) -> int:
    """The claim-layout mask of ``squares``."""
    return sum(map(LANE.__getitem__, squares))


NEAR = {sq: square_bits(NEIGHBOURS[sq]) for sq in SQUARES}
"""Square -> the mask of its neighbours (KL-3)."""
LINE_BITS = {line: square_bits(line) for line in LINES}
"""Line (in line order) -> its mask."""
LINES_AT = {sq: tuple((square_bits(line), line, tuple(o for o in line if o != sq)) for line in LINES_THROUGH[sq])
            for sq in SQUARES}
"""Square -> (mask, squares, the other two squares) of every line through it."""


_EVERY_MOVE: dict[tuple[type, str, str], Action] = {
    (kind, frm, to): kind(frm, to) for frm in SQUARES for to in NEIGHBOURS[frm] for kind in (Step, Big, Slide, Kloak)}
"""Every move there can be, made once: the listing, the draw and the validation all use these same objects."""
_CLAIMS = {line: Claim(*line) for line in LINES}
"""Every claim there can be, made once."""
PASS_ACTION = Pass()


def _table(square: str, kind: type[Step | Big | Slide | Kloak]) -> dict[int, tuple[Action, ...]]:
    """Mask of the squares it may go to -> ``square``'s moves of one kind, by destination name."""
    table: dict[int, tuple[Action, ...]] = {0: ()}
    for to in sorted(NEIGHBOURS[square]):  # each destination's bit is above all before it
        bit, action = BIT[to], _EVERY_MOVE[kind, square, to]
        for targets, found in list(table.items()):
            table[targets | bit] = found + (action,)
    return table


Tables = tuple[int, int, int, dict[int, tuple[Action, ...]], dict[int, tuple[Action, ...]],
               dict[int, tuple[Action, ...]], dict[int, tuple[Action, ...]]]
"""A square's index, bit and neighbours, and its steps, big moves, big moves then slides, and kloaks."""


def _tables(index: int, square: str) -> Tables:
    """``square``'s tables (see :data:`Tables`)."""
    bigs, slides = _table(square, Big), _table(square, Slide)
    return (index, BIT[square], NEAR[square], _table(square, Step), bigs, {t: bigs[t] + slides[t] for t in bigs},
            _table(square, Kloak))


_TABLES = tuple(_tables(i, sq) for i, sq in enumerate(_BY_NAME))
EVERY_SQUARE = (1 << len(_BY_NAME)) - 1
"""The move-layout mask of the whole board."""
AFFECTS = {sq: BIT[sq] | NEAR[sq] for sq in SQUARES}
"""Square -> the squares whose moves change when a piece comes to it or leaves it (itself and its neighbours)."""
Segments = list[tuple[Action, ...]]
"""Each square's moves (by square name): the canonical listing is their concatenation."""


@lru_cache(maxsize=1 << 12)
def _tables_of(squares: int) -> tuple[Tables, ...]:
    """The tables of the squares in the mask ``squares`` (cached: a move changes the same few squares)."""
    return tuple(tables for tables in _TABLES if tables[1] & squares)


def refresh(segments: Segments, stale: int, small: int, big: int) -> None:
    """Work out again the moves of the squares in ``stale``, in ``segments``: by square name; big before small;
    move, slide, kloak; then by destination.  ``small`` and ``big`` are in the move layout."""
    free = ~(small | big)
    uncovered = small & ~big
    for index, bit, near, steps, lifts, slides, kloaks in _tables_of(stale):
        if big & bit:  # KL-5: only a kloaking big piece slides; a big piece kloaks an uncovered small piece
            segments[index] = (slides if small & bit else lifts)[free & near] + kloaks[uncovered & near]
        elif small & bit:  # KL-4: a kloaked small piece cannot move on its own
            segments[index] = steps[free & near]
        else:
            segments[index] = ()


def can_move(small: int, big: int) -> bool:
    """Whether any piece has a move (KL-4, KL-5), read off the move layout without listing a square's moves.

    The squares are all connected by steps (KL-3), so when one is open and any piece is on the board some piece
    stands beside an open square, and every piece can move there (a big one moves, an uncovered small one steps);
    on a full board the same goes for the uncovered small pieces and the big pieces: if there are both, a big
    piece stands beside an uncovered small one and kloaks it.
    """
    pieces, uncovered = small | big, small & ~big
    return bool(pieces and (pieces != EVERY_SQUARE or uncovered and big))


def reaches(action: Step | Big | Slide | Kloak, pieces: int, squares: int) -> bool:
    """Whether ``action`` moves one of ``pieces`` to an adjacent square among ``squares`` (move layout)."""
    frm = action.frm
    return bool(BIT.get(frm, 0) & pieces and NEAR.get(frm, 0) & BIT.get(action.to, 0) & squares)


def _claim_tables() -> tuple[int, int, int, dict[int, Claim]]:
    """The multipliers ``second`` and ``third`` (see the module's docstring), the bits of the lines (lane k of
    their first square) and the claim of each."""
    index = {sq: i for i, sq in enumerate(_BY_NAME)}
    steps = sorted({index[line[1]] - index[line[0]] for line in LINES})  # a line's squares are in name order
    lane = {step: k for k, step in enumerate(steps)}
    second = sum(1 << 24 - (4 * step - lane[step]) for step in steps)
    third = sum(1 << 48 - (8 * step - lane[step]) for step in steps)
    found = {1 << 4 * index[line[0]] + lane[index[line[1]] - index[line[0]]]: _CLAIMS[line] for line in LINES}
    return second, third, sum(found), found


SECOND, THIRD, _LINE_STARTS, _CLAIM_AT = _claim_tables()


def claims(small: int, big: int) -> tuple[Claim, ...]:
    """KL-7: three squares in a line, each with a small piece, at least one covered (in line order).

    ``small`` and ``big`` are in the claim layout, where each lane checks one direction's lines at once.
    """
    covered = small & big
    if not covered:
        return ()
    return _claims_from(small * 15 & (small * SECOND) >> 24 & (small * THIRD) >> 48 & _LINE_STARTS
                        & (covered * 15 | (covered * SECOND) >> 24 | (covered * THIRD) >> 48))


@lru_cache(maxsize=1 << 10)
def _claims_from(lines: int) -> tuple[Claim, ...]:
    """The claims of the lines set in ``lines``, in line order (cached: after most moves they are as before)."""
    found = []
    while lines:
        low = lines & -lines
        found.append(_CLAIM_AT[low])
        lines ^= low
    return tuple(found)


# -- simulation mode: every action a turn of play can have, as slots drawn at random (spynb.kloak.pieces) --
PAIR, CLAIM, PASS = range(3)
"""Slot kinds: the moves between two neighbours, a claim, the pass."""

Slot = tuple[int, int, int, tuple[Action, ...]]
"""(kind, mask of origin, mask of destination, the actions): a claim's origin is its line's mask."""


def _slots() -> tuple[Slot | None, ...]:
    """Every possible action of a turn of play, in slots that each hold at most one legal action at a time.

    From one square to a neighbour at most one of a step (KL-4), a big piece's move, a kloak (KL-5) and the
    slide back (KL-5) is legal — the first three need a piece on the origin (an uncovered small one or a big
    one), the slide needs it open and a kloaking piece on the destination; the first two need the destination
    open, the kloak an uncovered small piece there — so they share a slot.
    Padded with ``None`` (never legal, skipped before any test) to a power of two, so a draw is one
    ``getrandbits`` (uniform, no rounding).
    """
    slots: list[Slot] = []
    for frm in _BY_NAME:
        for to in NEIGHBOURS[frm]:
            moves = tuple(_EVERY_MOVE[kind, frm, to] for kind in (Step, Big, Kloak))
            slots.append((PAIR, BIT[frm], BIT[to], (*moves, _EVERY_MOVE[Slide, to, frm])))
    slots += [(CLAIM, LINE_BITS[line], 0, (_CLAIMS[line],)) for line in LINES]
    slots.append((PASS, 0, 0, (PASS_ACTION,)))
    size = 1 << (len(slots) - 1).bit_length()
    return (*slots, *(None,) * (size - len(slots)))


SLOTS = _slots()
"""The universe of a turn's actions: a random action is a slot drawn until one holds a legal action."""
SLOT_BITS = (len(SLOTS) - 1).bit_length()
"""``getrandbits(SLOT_BITS)`` draws a slot."""

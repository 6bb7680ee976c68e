"""Where KLOAK's pieces stand: the one owner of the board.

A square holds at most one small and one big piece; a small piece with a big piece on its square is *kloaked*
(covered).  :class:`Board` holds the pieces (square -> colour of each small piece, and the big pieces' squares)
together with their bit masks in both layouts of :mod:`spynb.kloak.bits`, and is the only thing that changes
them, so the four never disagree.  Outside it the pieces are read-only.

>>> board = Board({"a2": "O", "b2": "S"}, ["a1", "b2"])
>>> board.covered("b2"), board.uncovered_small("a2"), board.is_open("c3")
(True, True, True)
>>> board.small["a2"] = "G"
Traceback (most recent call last):
...
TypeError: 'mappingproxy' object does not support item assignment
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from itertools import chain, repeat
from types import MappingProxyType
from typing import Any

from spynb.engine import Action, SpynbError

from .actions import Big, Claim, Kloak, Slide, Step
from .bits import (AFFECTS, BIT, CLAIM, EVERY_SQUARE, LANE, LINE_BITS, LINES_AT, NEAR, PAIR, PASS, PASS_ACTION,
                   SLOT_BITS, SLOTS, Segments, can_move, claims, lane_bits, reaches, refresh, square_bits)
from .board import LINES, NEIGHBOURS, SQUARES

__all__ = ["Board"]

_SQUARE_SET = frozenset(SQUARES)


class Board:
    """The pieces on KLOAK's board, and their bit masks kept in step by every change made here."""

    __slots__ = ("_small", "_small_view", "_big", "_small_bits", "_big_bits", "_small_lanes", "_big_lanes",
                 "_segments", "_stale")

    def __init__(self, small: Mapping[str, str], big: Iterable[str]) -> None:
        """Exactly these pieces: square -> colour of each small piece, and the big pieces' squares.

        :raises SpynbError: when a piece is not on a square a1 … e5.
        """
        small, big = dict(small), set(big)
        if not big <= _SQUARE_SET or not small.keys() <= _SQUARE_SET:
            raise SpynbError("pieces go on squares a1 … e5")
        self._small, self._small_view, self._big = small, MappingProxyType(small), big
        self._small_bits, self._big_bits = square_bits(small), square_bits(big)
        self._small_lanes, self._big_lanes = lane_bits(small), lane_bits(big)
        self._segments: Segments = [()] * len(SQUARES)
        """Each square's moves, as :func:`~spynb.kloak.bits.refresh` lists them (a cache: equality ignores it)."""
        self._stale = EVERY_SQUARE
        """The squares whose moves are to be worked out again before they are read (the move layout)."""

    @property
    def small(self) -> Mapping[str, str]:
        """Square -> the colour of the small piece on it (read-only)."""
        return self._small_view

    @property
    def big(self) -> frozenset[str]:
        """The squares with a big piece (a copy)."""
        return frozenset(self._big)

    def copy(self) -> Board:
        other = object.__new__(Board)
        other._small = small = self._small.copy()
        other._small_view, other._big = MappingProxyType(small), set(self._big)
        other._small_bits, other._big_bits = self._small_bits, self._big_bits
        other._small_lanes, other._big_lanes = self._small_lanes, self._big_lanes
        other._segments, other._stale = self._segments[:], self._stale
        return other

    def _fields(self) -> tuple[object, ...]:
        return self._small, self._big, self._small_bits, self._big_bits, self._small_lanes, self._big_lanes

    def __eq__(self, other: object) -> bool:
        """The same pieces and the same masks."""
        return isinstance(other, Board) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # changes as the game goes on

    def __deepcopy__(self, memo: dict[int, Any]) -> Board:
        return self.copy()  # colours and squares are strings: nothing deeper to copy

    def __reduce__(self) -> tuple[type, tuple[dict[str, str], set[str]]]:
        return Board, (dict(self._small), self._big)

    def __repr__(self) -> str:
        return f"Board({dict(self._small)!r}, {sorted(self._big)!r})"

    # -- reading -----------------------------------------------------------
    def is_open(self, square: str) -> bool:
        """KL-4: no piece of either size."""
        return square not in self._small and square not in self._big

    def covered(self, square: str) -> bool:
        return square in self._small and square in self._big

    def uncovered_small(self, square: str) -> bool:
        return square in self._small and square not in self._big

    def covered_squares(self) -> list[str]:
        """The squares where a big piece kloaks a small piece, in order."""
        return sorted(sq for sq in self._small if sq in self._big)

    def consistent(self) -> bool:
        """Whether the bit masks show exactly the pieces (they always should: a check on this class itself)."""
        return (self._small_bits, self._big_bits, self._small_lanes, self._big_lanes) == (
            square_bits(self._small), square_bits(self._big), lane_bits(self._small), lane_bits(self._big))

    # -- what the pieces allow ---------------------------------------------------
    def _fresh_segments(self) -> Segments:
        """Each square's moves, the stale ones worked out again."""
        if self._stale:
            refresh(self._segments, self._stale, self._small_bits, self._big_bits)
            self._stale = 0
        return self._segments

    def moves(self) -> list[Action]:
        """Every piece move (KL-4, KL-5), in the canonical order."""
        return list(chain.from_iterable(self._fresh_segments()))

    def claims(self) -> tuple[Claim, ...]:
        """Every claim (KL-7), in line order."""
        return claims(self._small_lanes, self._big_lanes)

    def actions(self) -> tuple[Action, ...]:
        """A turn's actions in the canonical order: every move, then every claim; the pass only when no piece
        can move (KL-9)."""
        segments, lines = self._fresh_segments(), claims(self._small_lanes, self._big_lanes)
        if not any(segments):
            return (*lines, PASS_ACTION)
        # the 25 squares' moves joined in one step: half the cost of chaining them, on the contract's hottest path
        (a1, a2, a3, a4, a5, b1, b2, b3, b4, b5, c1, c2, c3, c4, c5,
         d1, d2, d3, d4, d5, e1, e2, e3, e4, e5) = segments
        return (*a1, *a2, *a3, *a4, *a5, *b1, *b2, *b3, *b4, *b5, *c1, *c2, *c3, *c4, *c5,
                *d1, *d2, *d3, *d4, *d5, *e1, *e2, *e3, *e4, *e5, *lines)

    def allows(self, action: Action) -> bool:
        """Whether the pieces allow ``action``, a move or a claim, tested on the bit masks."""
        test = _TESTS.get(type(action))
        return test is not None and test(self, action)

    def _can_step(self, action: Step) -> bool:
        small, big = self._small_bits, self._big_bits
        return reaches(action, small & ~big, ~(small | big))  # KL-4: an uncovered small piece, to an open square

    def _can_move_big(self, action: Big) -> bool:
        return reaches(action, self._big_bits, ~(self._small_bits | self._big_bits))  # KL-5: to an open square

    def _can_slide(self, action: Slide) -> bool:
        small, big = self._small_bits, self._big_bits
        return reaches(action, small & big, ~(small | big))  # KL-5: a kloaking big piece, to an open square

    def _can_kloak(self, action: Kloak) -> bool:
        small, big = self._small_bits, self._big_bits
        return reaches(action, big, small & ~big)  # KL-5: onto an uncovered small piece

    def _can_claim(self, action: Claim) -> bool:
        """KL-7: a line of small pieces, at least one of them covered."""
        bits = LINE_BITS.get(action.squares, 0)
        return bool(bits) and self._small_bits & bits == bits and bool(bits & self._small_bits & self._big_bits)

    # -- simulation mode: drawing a turn's action without listing them all --------------
    def first_legal(self, indices: Iterable[int]) -> Action | None:
        """The legal action held by the first of the slots numbered ``indices`` that holds one, or ``None``.

        The one test of a slot: its legal actions are exactly the moves and claims that :meth:`moves` and
        :meth:`claims` list, and the pass when there are no moves.  A plain loop that returns: a generator, or
        C-level ``map``/``filter`` steps over the slots, cost a third more per draw.
        """
        small, big = self._small_bits, self._big_bits
        free, uncovered, covered = ~(small | big), small & ~big, small & big
        for index in indices:
            slot = SLOTS[index]
            if slot is None:
                continue  # padding
            kind, frm, to, actions = slot
            if kind == PAIR:
                if to & free:
                    if frm & uncovered:
                        return actions[0]  # KL-4: an uncovered small piece steps to an open square
                    if frm & big:
                        return actions[1]  # KL-5: a big piece moves to an open square
                elif to & uncovered:
                    if frm & big:
                        return actions[2]  # KL-5: a big piece kloaks an uncovered small piece
                elif to & covered and frm & free:
                    return actions[3]  # KL-5: only a kloaking big piece slides (back along the pair), to open
            elif kind == CLAIM:
                if small & frm == frm and covered & frm:
                    return actions[0]  # KL-7: three small pieces in a line, at least one covered
            elif kind == PASS and not can_move(small, big):
                return actions[0]  # KL-9: pass only when no piece can move
        return None

    def drawable(self) -> tuple[Action, ...]:
        """The actions :meth:`draw` can return here, in slot order (the same set as the legal actions)."""
        found = (self.first_legal((index,)) for index in range(len(SLOTS)))
        return tuple(action for action in found if action is not None)

    def draw(self, rng: random.Random, tries: int = 256) -> Action | None:
        """A move, claim or pass drawn uniformly among the legal ones, by drawing slots until one holds a legal
        action; ``None`` if ``tries`` slots in a row did not (then the caller draws from the listed actions,
        which keeps every legal action equally likely)."""
        return self.first_legal(map(rng.getrandbits, repeat(SLOT_BITS, tries)))

    def scoring(self) -> list[Action]:
        """The actions that score now: a claim of one colour (KL-7) and a small step that makes a line (KL-6),
        for a searching player's rollouts (every colour is read, so only a determinised state may ask)."""
        small, bits = self._small, self._small_bits
        found: list[Action] = [c for c in self.claims() if small[c.a] == small[c.b] == small[c.c]]
        uncovered, free = bits & ~self._big_bits, ~(bits | self._big_bits)
        for line_bits, squares, bits_of in _LINE_SQUARES:
            if (line_bits & uncovered).bit_count() != 2 or not line_bits & free:
                continue
            gap = next(sq for sq, bit in zip(squares, bits_of) if bit & free)
            colour, other = (small[sq] for sq in squares if sq != gap)
            if colour != other:
                continue
            for frm in _NEIGHBOURS_OF[gap]:
                if BIT[frm] & uncovered & ~line_bits and small[frm] == colour:
                    found.append(Step(frm, gap))
        return found

    def lines_made(self, square: str) -> tuple[tuple[str, str, str], ...]:
        """KL-6: lines of three uncovered small pieces of one colour through ``square``."""
        uncovered = self._small_bits & ~self._big_bits
        if not uncovered & BIT.get(square, 0):
            return ()
        small = self._small
        colour = small[square]
        made: tuple[tuple[str, str, str], ...] = ()
        for bits, line, (a, b) in LINES_AT[square]:
            if uncovered & bits == bits and small[a] == colour == small[b]:
                made += (line,)
        return made

    # -- changing: the only writers ------------------------------------------------
    def place(self, square: str, colour: str) -> None:
        """A small piece of ``colour`` on the empty ``square`` (KL-2's setup)."""
        self._small[square] = colour
        self._small_bits |= BIT[square]
        self._small_lanes |= LANE[square]
        self._stale |= AFFECTS[square]

    def step(self, frm: str, to: str) -> None:
        """Move the small piece on ``frm`` to ``to`` (KL-4)."""
        bits, lanes, stale = _CHANGES[frm][to]
        self._small[to] = self._small.pop(frm)
        self._small_bits ^= bits
        self._small_lanes ^= lanes
        self._stale |= stale

    def lift(self, frm: str, to: str) -> str | None:
        """Move the big piece on ``frm`` to ``to`` (KL-5); the colour of the small piece it uncovers, if any."""
        bits, lanes, stale = _CHANGES[frm][to]
        self._big.remove(frm)
        self._big.add(to)
        self._big_bits ^= bits
        self._big_lanes ^= lanes
        self._stale |= stale
        return self._small.get(frm)

    def slide(self, frm: str, to: str) -> None:
        """Move the big piece on ``frm`` and the small piece under it to ``to`` together (KL-5)."""
        self.step(frm, to)
        self.lift(frm, to)

    def remove(self, squares: Iterable[str]) -> None:
        """Take the small pieces on ``squares`` off the board (KL-9: a score)."""
        for sq in squares:
            del self._small[sq]
            self._small_bits &= ~BIT[sq]
            self._small_lanes &= ~LANE[sq]
            self._stale |= AFFECTS[sq]

    def recolour(self, colours: Mapping[str, str]) -> None:
        """Change the colours of small pieces already on the board (re-dealing what a seat cannot see)."""
        if not colours.keys() <= self._small.keys():
            raise SpynbError("only small pieces on the board can be recoloured")
        self._small.update(colours)


_CHANGES = {frm: {to: (BIT[frm] | BIT[to], LANE[frm] | LANE[to], AFFECTS[frm] | AFFECTS[to]) for to in NEIGHBOURS[frm]}
            for frm in SQUARES}
"""A move to a neighbouring square: the masks of the two squares, in both layouts, and the squares it affects."""
_LINE_SQUARES = tuple((LINE_BITS[line], line, tuple(BIT[sq] for sq in line)) for line in LINES)
_NEIGHBOURS_OF = {sq: tuple(o for o in SQUARES if NEAR[sq] & BIT[o]) for sq in SQUARES}

_TESTS: dict[type, Callable[[Board, Any], bool]] = {
    Step: Board._can_step, Big: Board._can_move_big, Slide: Board._can_slide, Kloak: Board._can_kloak,
    Claim: Board._can_claim}

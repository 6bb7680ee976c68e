"""KLOAK: is a claim worth it?  The chance a covered line is one colour (KL-7, KL-8, KL-13).

A claim (KL-7) names three squares in a line, at least one under a big
piece; it scores if the three small pieces share a colour, and a wrong
claim hands the next player two turns in a row (KL-8).  The board shows
``?`` under every big piece, but every move is public (KL-13): a seat that
watched a piece being covered knows its colour.  What a seat does not know
is what it did not watch (or forgot): ``known`` below is what it remembers,
square → colour (the memory aid's form, :func:`spynb.kloak.memory_aid`, or
:func:`known_since` for a seat that watched from some point on).  Which
colours are covered is public — every colour minus those in sight and those
scored — so the covered pieces it does not remember hold the rest.  Two ways
to reason from there:

* **the board as seen** — every arrangement of the unremembered colours on
  the unremembered squares is equally likely (the model of the engine's own
  ``resample_hidden``): the chance is a ratio of counts;
* **the setup as well** — while no small piece has moved, every piece is
  where the setup put it, and the setup never makes three in a row (KL-2):
  keep only the arrangements that make a valid setup.

>>> state = claim_position()
>>> view = state.view(1)
>>> sorted(covered_colours(view).elements())
['O', 'O', 'S', 'S']
>>> line_chance(view, ("c4", "d4", "e4")) == line_chance_by_listing(view, ("c4", "d4", "e4"))
True
>>> from spynb.kloak import memory_aid
>>> line_chance(view, ("c4", "d4", "e4"), memory_aid(view))  # seat 1 watched every covering
Fraction(0, 1)
>>> line_chance_after_setup(view, ("c4", "d4", "e4"))      # three unmoved pieces: KL-2 rules it out
Fraction(0, 1)
>>> break_even(Fraction(1, 10))
Fraction(1, 11)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import permutations
from typing import TYPE_CHECKING

from spynb.engine import SpynbError, State, View
from spynb.kloak.board import LINES, SMALL_SQUARES, in_line

if TYPE_CHECKING:
    from .deduce import Deduction

__all__ = [
    "CLAIM_MOVES", "Known", "claim_position", "known_since", "covered_colours", "unremembered", "line_chance", "line_chance_by_listing",
    "line_chance_after_setup", "line_chance_after_setup_by_walk", "arrangements", "square_chances",
    "square_chance_by_counting", "covered_table",
    "claim_value", "break_even", "one_colour", "holds", "board_trial", "remembered_trial", "setup_trial",
]

Known = Mapping[str, str | None]
"""What a seat remembers: square → colour (``None``, or no entry, for a piece it never saw)."""
BoardTest = Callable[[Mapping[str, str]], bool]
"""A test of a trial's board: given the colour on each small square, whether it holds."""

CLAIM_MOVES = ("B a1xa2", "B e5xe4", "B b1xb2", "B d5xd4")
"""Four big moves from the seeded setup of :func:`claim_position`: a2, b2, d4 and e4 are kloaked."""
_SETUP_LINES = tuple(line for line in LINES if all(sq in SMALL_SQUARES for sq in line))


def claim_position(seed: int = 3, moves: Sequence[str] = CLAIM_MOVES) -> State:
    """A seeded two-player game after ``moves`` (only big pieces have moved)."""
    import spynb

    game = spynb.new_game("kloak", seed=seed)
    for move in moves:
        game.play(move)
    return game.state


def _line(squares: Iterable[str]) -> tuple[str, str, str]:
    line = in_line(tuple(squares))
    if line is None:
        raise SpynbError(f"{tuple(squares)!r} are not three adjacent squares in a line (KL-7)")
    return line


def covered_colours(view: View) -> Counter[str]:
    """The colours under the big pieces, as everyone knows them (KL-13): the set minus what is seen."""
    left = Counter(view["colours"])
    left.subtract(c for c in view["small"].values() if c != "?")
    for scores in view["scores"].values():
        for score in scores:
            left[score["colour"]] -= len(score["squares"])
    return +left


def known_since(then: View, now: View) -> dict[str, str | None]:
    """What a seat knows at ``now`` if it saw the board at ``then`` and watched every move since (KL-13).

    Both are the seat's views of one game, ``then`` the earlier: the board as
    seen then, followed through the moves ``now`` holds after ``then``'s.
    """
    from spynb.kloak.memory import remember

    if then.seat != now.seat or list(now["events"])[:len(then["events"])] != list(then["events"]):
        raise SpynbError("two views of one seat in one game are needed, the earlier first")
    seen = [{"kind": "place", "square": sq, "colour": c} for sq, c in then["small"].items() if c != "?"]
    return remember([*seen, *list(now["events"])[len(then["events"]):]])


def _remembered(view: View, known: Known | None) -> dict[str, str]:
    """The covered squares whose colour the seat remembers."""
    return {sq: c for sq in view["covered"] if (c := (known or {}).get(sq)) is not None}


def unremembered(view: View, known: Known | None = None) -> Counter[str]:
    """The colours under the big pieces the seat does not remember: the covered colours less the remembered."""
    pool = covered_colours(view)
    pool.subtract(_remembered(view, known).values())
    if any(n < 0 for n in pool.values()):
        raise SpynbError("the memory names more covered pieces of a colour than are covered (KL-13)")
    return +pool


def _claimable(view: View, line: tuple[str, str, str]) -> list[str]:
    """The covered squares of ``line``; a typed error if a claim could not name it (KL-7)."""
    small = view["small"]
    if any(sq not in small for sq in line):
        raise SpynbError(f"a claim needs a small piece on each of {' '.join(line)} (KL-7)")
    covered = [sq for sq in line if small[sq] == "?"]
    if not covered:
        raise SpynbError(f"{' '.join(line)} has no covered piece: there is nothing to claim (KL-7)")
    return covered


def line_chance(view: View, squares: Iterable[str], known: Known | None = None) -> Fraction:
    """The chance the line is one colour, the colours the seat does not remember in a random arrangement.

    The line's pieces in sight or remembered must share a colour c; then every
    one of its k other covered squares must hold a c, out of m unremembered
    pieces with n of colour c: (n/m)·((n−1)/(m−1))··· — k factors.
    """
    line = _line(squares)
    remembered = _remembered(view, known)
    covered = [sq for sq in _claimable(view, line) if sq not in remembered]
    seen = {remembered.get(sq, view["small"][sq]) for sq in line} - {"?"}
    pool = unremembered(view, known)
    total = sum(pool.values())
    colours = seen if seen else set(pool)
    if len(colours) > 1:
        return Fraction(0)
    k = len(covered)
    return sum((Fraction(math.perm(pool[c], k), math.perm(total, k)) for c in colours), Fraction(0))


def arrangements(view: View, known: Known | None = None) -> list[dict[str, str]]:
    """Every distinct way to put the covered colours back on the covered squares, the remembered ones kept
    (equally likely)."""
    remembered = _remembered(view, known)
    squares = [sq for sq, c in view["small"].items() if c == "?" and sq not in remembered]
    pool = sorted(unremembered(view, known).elements())
    return [{**remembered, **dict(zip(squares, order))} for order in sorted(set(permutations(pool)))]


def _one_colour(view: View, line: tuple[str, str, str], guess: dict[str, str]) -> bool:
    return len({guess.get(sq, view["small"][sq]) for sq in line}) == 1


def line_chance_by_listing(view: View, squares: Iterable[str], known: Known | None = None) -> Fraction:
    """The same chance by listing every arrangement (a second method)."""
    line = _line(squares)
    _claimable(view, line)
    every = arrangements(view, known)
    return Fraction(sum(_one_colour(view, line, guess) for guess in every), len(every))


def _unmoved(view: View) -> None:
    """The setup model needs every small piece on its setup square: no step, slide or score yet."""
    moved = [e["kind"] for e in view["events"] if e["kind"] in ("step", "slide", "score")]
    if moved:
        raise SpynbError(f"a small piece has moved ({moved[0]}): the setup no longer says where the colours are")


def _valid_setup(view: View, guess: dict[str, str]) -> bool:
    colours = {sq: guess.get(sq, view["small"][sq]) for sq in SMALL_SQUARES}
    return not any(colours[a] == colours[b] == colours[c] for a, b, c in _SETUP_LINES)


def line_chance_after_setup(view: View, squares: Iterable[str]) -> Fraction:
    """Knowing also that no small piece has moved: only arrangements that make a valid setup (KL-2).

    :raises SpynbError: if a small piece has moved since the setup.
    """
    line = _line(squares)
    _claimable(view, line)
    _unmoved(view)
    valid = [guess for guess in arrangements(view) if _valid_setup(view, guess)]
    return Fraction(sum(_one_colour(view, line, guess) for guess in valid), len(valid))


def line_chance_after_setup_by_walk(view: View, squares: Iterable[str]) -> Fraction:
    """The same, by walking the engine's setup chance points (KL-2) and keeping what matches the view.

    The setup places one square at a time, each colour with its exact chance;
    a visible square may only get the colour in sight.  The answer is
    P(line one colour and the view) / P(the view).
    """
    from spynb.games import get_spec

    line = _line(squares)
    _claimable(view, line)
    _unmoved(view)
    shown = view["small"]
    agree, total = Fraction(0), Fraction(0)
    stack = [(get_spec("kloak").new_state(), Fraction(1))]
    while stack:
        state, p = stack.pop()
        if not state.turn.chance:
            total += p
            colours = {e.get("square"): e.get("colour") for e in state.events if e.kind == "place"}
            agree += p if len({colours[sq] for sq in line}) == 1 else 0
            continue
        for outcome, q in state.chance_outcomes():
            square, colour = str(outcome).split()[1:]  # "place a2 O"
            if shown[square] in ("?", colour):
                branch = state.clone()
                branch.apply(outcome)
                stack.append((branch, p * q))
    return agree / total


def square_chances(view: View, after_setup: bool = False,
                   known: Known | None = None) -> dict[str, dict[str, Fraction]]:
    """For each covered square, the chance of each colour under it: what the seat remembers (``known``) kept,
    the rest as the board shows it, or (``after_setup``) keeping only the arrangements that make a valid
    setup (KL-2).

    :raises SpynbError: with ``after_setup``, if a small piece has moved since the setup.
    """
    if after_setup:
        _unmoved(view)
    every = [g for g in arrangements(view, known) if not after_setup or _valid_setup(view, g)]
    squares = [sq for sq, c in view["small"].items() if c == "?"]
    colours = sorted(covered_colours(view))
    return {sq: {c: Fraction(sum(g[sq] == c for g in every), len(every)) for c in colours} for sq in squares}


def square_chance_by_counting(view: View, colour: str) -> Fraction:
    """The board as seen, by counting: a covered square holds ``colour`` with chance n / m."""
    pool = covered_colours(view)
    return Fraction(pool[colour], sum(pool.values()))


def covered_table(view: View, after_setup: bool = False, known: Known | None = None) -> Deduction:
    """The deduction table: the chance of each colour under each big piece (see :func:`square_chances`)."""
    from spynb.kloak.board import COLOUR_NAMES

    from .deduce import Deduction, seat_of

    chances = square_chances(view, after_setup, known)
    colours = sorted(covered_colours(view))
    cells = {sq: {COLOUR_NAMES.get(c, c): p for c, p in row.items()} for sq, row in chances.items()}
    how, rule = (("only arrangements that make a valid setup: no small piece has moved", "KL-2") if after_setup
                 else ("the board as seen: every arrangement of the covered colours alike", "KL-13"))
    notes: tuple[str, ...] = (how,)
    rules: tuple[str, ...] = (rule,)
    if _remembered(view, known):
        notes, rules = (*notes, "the pieces the seat watched being covered are kept"), (*rules, "KL-13")
    return Deduction(f"Seat {view.seat}: the colour under each big piece", seat_of(view),
                     tuple(COLOUR_NAMES.get(c, c) for c in colours), cells, True, notes, rules)


def claim_value(p: Fraction | float, penalty: Fraction | float, move: Fraction | float = 0) -> Fraction:
    """Expected gain of a claim, in scores: win one with chance p, lose ``penalty`` (the worth of the
    rival's extra turn, KL-8) with chance 1 − p, and give up an ordinary ``move`` worth ``move``."""
    p, penalty, move = Fraction(p), Fraction(penalty), Fraction(move)
    return p - (1 - p) * penalty - move


def break_even(penalty: Fraction | float, move: Fraction | float = 0) -> Fraction:
    """The chance above which a claim is worth it: p − (1 − p)·penalty = move, so p = (move + penalty)/(1 + penalty)."""
    penalty, move = Fraction(penalty), Fraction(move)
    return (move + penalty) / (1 + penalty)


def one_colour(squares: Iterable[str]) -> BoardTest:
    """A test for a trial: the line's three pieces share a colour."""
    line = _line(squares)
    return lambda small: len({small[sq] for sq in line}) == 1


def holds(square: str, colour: str) -> BoardTest:
    """A test for a trial: ``square`` holds a piece of ``colour``."""
    return lambda small: small.get(square) == colour


def board_trial(state: State, seat: int, test: BoardTest) -> Callable[[random.Random], bool]:
    """A trial: re-deal what ``seat`` cannot see (the engine's ``resample_hidden``), then ``test`` the colours."""
    return remembered_trial(state, seat, {}, test)


def remembered_trial(state: State, seat: int, known: Known, test: BoardTest) -> Callable[[random.Random], bool]:
    """A trial: re-deal what ``seat`` cannot see (``resample_hidden``) until the re-deal agrees with what it
    remembers (rejection sampling, KL-13), then ``test`` the colours."""
    remembered = _remembered(state.view(seat), known)

    def trial(rng: random.Random) -> bool:
        while True:
            small = (state.resample_hidden(seat, rng) or state).view(None)["small"]
            if all(small[sq] == c for sq, c in remembered.items()):
                return test(small)

    return trial


def setup_trial(state: State, seat: int, test: BoardTest) -> Callable[[random.Random], bool]:
    """A trial: re-deal until the board is a valid setup again (rejection sampling, KL-2), then ``test``."""
    _unmoved(state.view(seat))

    def trial(rng: random.Random) -> bool:
        while True:
            small = (state.resample_hidden(seat, rng) or state).view(None)["small"]
            if not any(small[a] == small[b] == small[c] for a, b, c in _SETUP_LINES):
                return test(small)

    return trial

"""Positions for KLOAK's rule tests, drawn as diagrams.

A diagram is five lines, rank 5 at the top, five tokens each: ``.`` an empty
square, ``O`` a small piece of colour O, ``[]`` a big piece alone, ``[O]`` a big
piece kloaking an O.  Positions are set directly on a fresh state (test use only:
they need not hold a whole piece set).
"""

from __future__ import annotations

from spynb.kloak import SPEC, KloakState, parse
from spynb.kloak.state import PLAY

__all__ = ["position", "play", "board_of"]


def position(diagram: str, *, variant: str = "standard", seats: int = 2, current: int = 1,
             scored: tuple = (), options: dict | None = None) -> KloakState:
    state = SPEC.new_state(variant, seats, options)
    rows = [line.split() for line in diagram.strip().splitlines()]
    assert len(rows) == 5 and all(len(row) == 5 for row in rows), "a diagram is 5 ranks of 5 squares"
    small, big = {}, set()
    for rank, row in zip((5, 4, 3, 2, 1), rows):
        for file, token in zip("abcde", row):
            square = f"{file}{rank}"
            if token.startswith("["):
                big.add(square)
                token = token[1:-1]
            if token not in ("", "."):
                small[square] = token
    state.set_board(small, big)
    state.phase, state.current, state.turn_number = PLAY, current, 1
    state.scored = list(scored)
    return state


def play(state: KloakState, *moves: str) -> KloakState:
    """Play each move for the seat whose turn it is."""
    for text in moves:
        state.apply(parse(text))
    return state


def board_of(state: KloakState) -> str:
    """The board part of ``str(state)`` (rank 5 first)."""
    return "\n".join(str(state).splitlines()[3:8])

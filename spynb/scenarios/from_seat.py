"""What a seat may know: the worlds it cannot tell from the real one, for checking walkthroughs from its seat.

A walkthrough told from a seat may state only what that seat knows.  A fact it knows comes out the
same in every world the seat cannot tell apart: the real one and each re-deal of what the seat has
not seen (:meth:`spynb.engine.State.resample_hidden`, the no-leak check's machinery).  A fact that
changes between them was read from the full state.

>>> import spynb
>>> game = spynb.new_game("target", seats=4, seed=3)
>>> worlds = redeals(game.state, 1)
>>> len(worlds), {w.view(1) == game.view(1) for w in worlds}
(6, {True})
>>> possible(game.state, 1, lambda w: w.view(None)["affiliations"]["1"] == game.view(1)["affiliation"])
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from spynb.engine import State

__all__ = ["REDEALS", "POSSIBLE_WORLDS", "redeals", "possible"]

REDEALS = 6
"""Re-deals a claim is checked in: a fact read from hidden cards changes in one of them all but never."""
POSSIBLE_WORLDS = 48
"""Worlds a ``possible`` query looks through for one where its value is found."""


def redeals(state: State, seat: int, count: int = REDEALS, seed: object = "from-seat") -> list[State]:
    """``count`` seeded re-deals of what ``seat`` has not seen (none when nothing is hidden from it).

    In KLOAK a seat that remembers every move knows more than its board shows (KL-13): a re-deal there
    changes what the board hides, so a fact known only from memory is one a step must mark."""
    rng = random.Random(str(seed))
    worlds = []
    for _ in range(count):
        world = state.resample_hidden(seat, rng)
        if world is None:
            return []
        worlds.append(world)
    return worlds


def possible(state: State, seat: int, found: Callable[[State], bool], count: int = POSSIBLE_WORLDS) -> bool:
    """Can ``seat`` not rule out a world where ``found`` holds: the real one or one of ``count`` re-deals?"""
    return found(state) or any(found(world) for world in redeals(state, seat, count, seed="possible"))

"""Simulation mode: random playouts where nobody reads the events.

The contract (sorted tuples of action objects, a validated ``apply``, an event log) is what the teaching
reads.  Random playouts, exercise simulations, tournaments and a search bot's rollouts read none of it but
the outcome, so :func:`playout` plays them another way, beside the contract:

* the seat to move draws with the game's :meth:`~spynb.engine.State.random_action` (uniform over exactly the
  legal actions; a game without a faster draw picks from ``legal_actions``), chance with
  :meth:`~spynb.engine.State.random_outcome`;
* the action is applied **without validating it again**: the engine drew it from the legal actions itself.
  This is the only place that does so;
* with ``quiet``, the game logs into a null history (:meth:`~spynb.engine.State.stop_logging`);
* the garbage collector is paused while the loop runs (:func:`paused_gc`), and restored after, even when
  the loop raises: a game's long-lived objects otherwise set off full collections that find nothing.

>>> import random, spynb
>>> state = spynb.get_spec("kloak").new_state(options={"turn_limit": 60})
>>> taken = []
>>> steps = playout(state, random.Random(1), quiet=True, taken=taken)
>>> state.over, steps == len(taken), state.events
(True, True, ())
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from .core import Action, State

__all__ = ["playout", "random_step", "paused_gc"]


@contextmanager
def paused_gc() -> Iterator[None]:
    """The garbage collector off inside the block, and as it was after it (exceptions included).

    >>> with paused_gc():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def random_step(state: State, rng: random.Random) -> tuple[int | None, Action] | None:
    """The next random step of a playout: ``(seat, action)``, ``seat`` ``None`` for chance, or ``None`` when the
    game is over.  With several seats pending (simultaneous choices) the first one acts."""
    turn = state.turn
    if turn.chance:
        return None, state.random_outcome(rng)
    if not turn.seats:
        return None
    return turn.seats[0], state.random_action(rng)


def playout(state: State, rng: random.Random, *, stop: Callable[[State], bool] | None = None,
            limit: int | None = None, quiet: bool = False,
            taken: list[tuple[int | None, Action]] | None = None,
            prefer: Callable[[State, random.Random], Action | None] | None = None) -> int:
    """Play ``state`` on in place with random actions and sampled chance; the number of actions applied.

    It stops when the game is over, when ``stop(state)`` is true (asked before each action), or after
    ``limit`` actions.  ``quiet`` puts the game into simulation mode's null history first (where it has one:
    the state then logs no more events).  ``taken``, if given, receives each ``(seat, action)`` applied, so
    the same game can be replayed through the contract.  The actions are the engine's own draws from the
    legal actions, so they are applied without validation (the game's ``_apply``): give only states of a
    game whose ``random_action`` and ``random_outcome`` keep their promise (the conformance suite checks it).
    ``prefer(state, rng)``, if given, may name the seat's action instead of the draw (a searching bot's rule
    of thumb); that action is not the engine's own, so it goes through the validating ``apply``.
    """
    if quiet:
        state.stop_logging()
    steps, todo = 0, -1 if limit is None else limit
    do, draw, chance = state._apply, state.random_action, state.random_outcome  # bound once: the loop is hot
    with paused_gc():
        while steps != todo and (stop is None or not stop(state)):
            turn = state.turn
            if turn.chance:
                seat, action = None, chance(rng)
            elif turn.seats:
                seat = turn.seats[0]  # as random_step: the first pending seat acts
                chosen = None if prefer is None else prefer(state, rng)
                if chosen is not None:
                    state.apply(chosen, seat)
                    steps += 1
                    if taken is not None:
                        taken.append((seat, chosen))
                    continue
                action = draw(rng)
            else:
                break
            do(action, seat)
            if taken is not None:
                taken.append((seat, action))
            steps += 1
    return steps

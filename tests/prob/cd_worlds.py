"""Test helpers for the Cloak & Dagger aid: seeded games whose every action is kept, and every world a seat cannot
tell from the real one, by replaying every history that shows the seat the same events."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import spynb
from spynb.cloak_dagger.actions import Open
from spynb.cloak_dagger.bot import CollectorBot
from spynb.cloak_dagger.state import CloakDaggerState
from spynb.engine import Action, sample_chance
from spynb.prob.deduce import Deduction
from spynb.prob.envelopes import table_columns

Step = tuple[int | None, Action]
"""Who acted (None for chance) and what."""


@dataclass
class Played:
    """A game's position and every step that led to it from its first state."""

    start: CloakDaggerState
    state: CloakDaggerState
    steps: list[Step]


def playouts(seats: int, seed: int, turn_limit: int = 160, rules_share: float = 0.5) -> Iterator[Played]:
    """A seeded game, each position after each step: each seat moves by the rule-of-thumb bot (which takes and
    tracks) ``rules_share`` of the time, else at random."""
    rng = random.Random(seed)
    spec = spynb.get_spec("cloak-dagger")
    start = spec.new_state(seats=seats, options={"turn_limit": turn_limit})
    assert isinstance(start, CloakDaggerState)
    state, steps = start.clone(), []
    bots = {s: CollectorBot(spec, seed * 10 + s) for s in range(1, seats + 1)}
    while not state.turn.over:
        if state.turn.chance:
            seat, action = None, sample_chance(state, rng)
        else:
            seat = state.turn.seats[0]
            legal = state.legal_actions(seat)
            action = bots[seat].choose(state.view(seat), legal) if rng.random() < rules_share else rng.choice(legal)
        state.apply(action, seat)
        steps.append((seat, action))
        yield Played(start, state, steps)


def _key(state: CloakDaggerState) -> tuple[object, ...]:
    """What the rest of a game depends on (two worlds with the same key are one)."""
    return (tuple(state.envelopes), tuple(state.hands), tuple(sorted(state.stack_hidden.items())),
            tuple(state.stack_bottom), state.phase, state.current, state.selected, state.turn_number,
            tuple(state.cutters), tuple(sorted(state.cuts.items())), tuple(sorted((s, tuple(t)) for s, t in state.owed.items())))


def _seen_since(state: CloakDaggerState, start: int, seat: int) -> list[tuple[object, ...]]:
    """The events from the ``start``-th that ``seat`` saw, as their facts."""
    return [(e.kind, e.actor, e.data) for e in state.events_since(start) if e.visible_to(seat)]


def _options(world: CloakDaggerState, seat: int, step: Step, wanted: list[tuple[object, ...]]) -> tuple[Action, ...]:
    """The actions worth trying in ``world``: all but where the events the seat saw name the envelope (an empty one
    shown for a placement, CD-5, or a finish shown to a tracker, CD-7), which no other opening would show."""
    mover, action = step
    if mover == seat:  # the seat's own move: it knows what it did
        return (action,)
    if mover is None:
        return tuple(a for a, _ in world.chance_outcomes())
    named = {dict(data)["envelope"] for kind, _, data in wanted if kind in ("show_empty", "shown")}
    if named and isinstance(action, Open):
        return (Open(named.pop()),)
    return world.legal_actions(mover)


def worlds(played: Played, seat: int, cap: int) -> list[CloakDaggerState] | None:
    """Every world (a state, up to what the rest of the game depends on) reached by a history that shows ``seat``
    exactly the events the real one showed it, step by step; None when there are more than ``cap``."""
    real = played.start.clone()
    found = {_key(real): real.clone()}
    for step in played.steps:
        count = real.event_count
        real.apply(step[1], step[0])
        wanted = _seen_since(real, count, seat)
        following: dict[tuple[object, ...], CloakDaggerState] = {}
        for world in found.values():
            for action in _options(world, seat, step, wanted):
                other = world.clone()
                start = other.event_count
                other.apply(action, step[0])
                if _seen_since(other, start, seat) == wanted:
                    following.setdefault(_key(other), other)
        if len(following) > cap:
            return None
        found = following
    return list(found.values())


def wrong_cells(table: Deduction, world: CloakDaggerState) -> list[tuple[int, str, object, str]]:
    """The cells ``world`` contradicts: a 0 for a kind its envelope holds, a 1 for one it lacks."""
    columns = table_columns(world.seats)
    wrong = []
    for envelope, row in table.cells.items():
        inside = world.envelopes[envelope]
        for name, letters in columns.items():
            holds = any(card in letters for card in inside)
            if row[name] == (0 if holds else 1):
                wrong.append((envelope, name, row[name], inside))
    return wrong

"""Small helpers for The Target's rule tests: build a scene, play a pile, script chance.

Scenes come from :meth:`TargetState.scenario` (the notebooks use it too):
four seats sit ``KGB HQ, 1, 2, CIA HQ, 3, 4`` (TG-2).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from spynb import Game, new_game
from spynb.engine import Event, sample_chance
from spynb.target import Deal, Discard, Draw, Play, Resolve, TargetState

FILL = ("informant", "defector", "german", "french")
"""A hand with no set and no counter in it (padding for scenes)."""


def scene(seats: int = 4, hands: Mapping[int, Iterable[str]] | None = None, **kwargs: object) -> TargetState:
    """A scenario at the start of turn 1; hands shorter than 4 are padded from ``FILL``."""
    padded = {}
    for seat, cards in (hands or {}).items():
        cards = list(cards)
        padded[seat] = cards + [c for c in FILL][: max(0, 4 - len(cards))]
    return TargetState.scenario(seats, padded, **kwargs)  # type: ignore[arg-type]


def position(state: TargetState) -> dict[str, object]:
    """Every field of the position: all but the spec and the caches the state declares (``CACHES``)."""
    return {k: v for k, v in vars(state).items() if k != "spec" and k not in TargetState.CACHES}


def play(state: TargetState, plays: Mapping[int, str]) -> TargetState:
    """Every seat plays its card; seats left out play their first card."""
    while state.stage in ("surveilled", "play"):
        for seat in state.turn.seats:
            card = plays.get(seat, state.hands[seat][0])
            state.apply(Play(card), seat)
            if state.stage == "surveilled":
                break
    return state


def deal(state: TargetState, *cards: str) -> TargetState:
    """Script the next chance outcomes: the cards the decks give."""
    for card in cards:
        assert state.turn.chance, f"no chance point for {card}: {state.turn}"
        state.apply(Deal(card))
    return state


def settle(state: TargetState, seed: int = 0) -> TargetState:
    """Resolve pending chance points with a seeded sampler."""
    rng = random.Random(seed)
    while state.turn.chance:
        state.apply(sample_chance(state, rng))
    return state


def resolve(state: TargetState) -> TargetState:
    """The Target presses 'resolve' through every remaining pause of the resolution."""
    while state.stage in ("deflect", "operatives", "espionage", "movement") and not state.turn.chance:
        state.apply(Resolve())
    return state


def restore(state: TargetState, seed: int = 0) -> TargetState:
    """Finish the restore step: discard the first card above 4, draw from the Rookie deck below 4."""
    rng = random.Random(seed)
    while state.stage == "restore":
        if state.turn.chance:
            state.apply(sample_chance(state, rng))
            continue
        seat = state.turn.seats[0]
        state.apply(Discard(state.hands[seat][0]) if len(state.hands[seat]) > 4 else Draw("rookie"), seat)
    return state


def finish_turn(state: TargetState, seed: int = 0) -> TargetState:
    return restore(settle(resolve(settle(state, seed)), seed), seed)


def random_game(seats: int, seed: int, turns: int = 12) -> Game:
    """A seeded game of random legal moves, played to its turn limit (or a win)."""
    game = new_game("target", seats=seats, seed=seed, options={"turn_limit": turns})
    rng = random.Random(seed)
    while not game.over:
        seat = rng.choice(game.turn.seats)
        game.play(rng.choice(game.legal_actions(seat)), seat)
    return game


def kinds(state: TargetState, seat: int | None = None) -> list[str]:
    """The kinds of the events ``seat`` saw, in order."""
    return [e.kind for e in state.events_seen_by(seat)]


def last(state: TargetState, kind: str) -> Event:
    return [e for e in state.events if e.kind == kind][-1]

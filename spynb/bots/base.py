"""Players that choose through the public contract: a view and the legal actions, nothing else."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from spynb.engine import Action, GameSpec, SpynbError, View

__all__ = ["Bot", "RandomBot", "MatchResult", "choices", "play_match"]


class Bot(Protocol):
    """Anything that picks one of the legal actions from a seat's view."""

    name: str

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The action to take; ``view`` is all the bot may know."""
        ...


def choices(legal: Sequence[Action]) -> Sequence[Action]:
    """``legal`` if a bot can choose from it; :class:`SpynbError` when it is empty (nobody chooses from nothing)."""
    if not legal:
        raise SpynbError("a bot chooses one of the legal actions, and there are none: the seat is not to move")
    return legal


class RandomBot:
    """Picks uniformly among the legal actions.

    >>> import spynb
    >>> game = spynb.new_game("cloak-dagger", seats=2, seed=1)
    >>> RandomBot(seed=3).choose(game.view(1), game.legal_actions(1))
    Open(8)
    """

    name = "random"

    def __init__(self, spec: GameSpec | None = None, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """One of ``legal`` at random.

        :raises SpynbError: when ``legal`` is empty.
        """
        return self.rng.choice(choices(legal))


@dataclass(frozen=True)
class MatchResult:
    """How one game between bots ended."""

    winners: tuple[int, ...]
    turns: int
    actions: int
    record: Any


def play_match(spec: GameSpec, bots: Mapping[int, Bot], *, seed: int, variant: str | None = None,
               options: Mapping[str, Any] | None = None) -> MatchResult:
    """Play one seeded game; each seat's bot sees only that seat's view."""
    from spynb.engine import Game

    game = Game(spec, variant=variant, seats=len(bots), seed=seed, options=options)
    actions = 0
    while not game.over:
        seat = game.turn.seats[0]  # with several pending seats, any order gives the same result
        game.play(bots[seat].choose(game.view(seat), game.legal_actions(seat)), seat)
        actions += 1
    turns = game.view(None).data.get("turn_number", actions)
    return MatchResult(game.winners, turns, actions, game.record())

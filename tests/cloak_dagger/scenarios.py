"""Scripted Cloak & Dagger positions for the rule tests."""

from __future__ import annotations

import spynb


def scripted(seats: int = 2, cuts: str = "aK") -> spynb.Game:
    """A game whose chance is scripted: seats cut ``cuts`` in order (the earliest letter starts)."""
    game = spynb.new_game("cloak-dagger", seats=seats, seed=0, auto_chance=False)
    for card in cuts:
        game.play(f"cut {card}")
    return game


def play(game: spynb.Game, *moves: str) -> spynb.Game:
    """Play notations in order; chance outcomes (``draw X``) are written where they fall."""
    for move in moves:
        game.play(move)
    return game


def started(seats: int = 2) -> spynb.Game:
    """Seat 1 starts; every seat has deposited its cloak and dagger in envelope 10 + seat."""
    game = scripted(seats, "a" + "KLMNP"[: seats - 1])
    return play(game, *(str(10 + seat) for seat in range(1, seats + 1)))


def documents_apart() -> spynb.Game:
    """Two seats; X in 3, Y in 4, Z in 5 (placed by seats 1, 2, 1); seat 2 to move."""
    game = started(2)
    return play(game, "3", "draw X", "4", "draw Y", "5", "draw Z")


def seen_by(game: spynb.Game, seat: int) -> str:
    """Everything ``seat``'s view holds, as JSON text."""
    return game.view(seat).to_json()

"""Helpers for the board tests: messages as the browser sends them, snapshots, random positions."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import spynb
from spynb.engine import Game

OWN_TRAITS = ("view", "legal", "status", "error", "viewer", "teaching", "cover", "players", "names", "setup",
              "history", "changed", "glossary", "pace", "thinking", "narration", "log")
WALK_TRAITS = ("walk", "feedback")
"""The traits a walkthrough player syncs besides its board's."""


def front_end_sends(board, content) -> None:
    """Deliver a custom message exactly as one from the browser arrives."""
    board._handle_custom_msg(content, [])


def bots_until_a_person(board, limit: int = 2_000) -> int:
    """Step the bots, one action per message as the front end's timer sends them, until none may move."""
    steps = 0
    while board.thinking is not None:
        assert steps < limit, "the bots did not stop"
        played = len(board.game.actions)
        front_end_sends(board, {"kind": "bot", "at": played})
        assert board.error == {} and len(board.game.actions) == played + 1, board.error
        steps += 1
    return steps


def snapshot(board) -> str:
    """Everything that matters about a board: its synced traits (but the error) and the game's record."""
    state = {name: getattr(board, name) for name in OWN_TRAITS + WALK_TRAITS
             if name != "error" and board.has_trait(name)}
    return json.dumps([state, board.game.record().to_json()], sort_keys=True, default=str)


def synced(board) -> dict:
    """The traits as the browser receives them (without the layout widget's id, which differs per widget)."""
    state = board.get_state()
    state.pop("layout", None)
    return json.loads(json.dumps(state, sort_keys=True, default=str))


def random_positions(name: str, count: int, *, seats: int | None = None, variant: str | None = None,
                     max_steps: int = 200, first_seed: int = 0) -> Iterator[tuple[Game, int]]:
    """Seeded random games stopped at a random step where some seat is to move: (game, that seat).

    A game that ends before its random step (every game of a short one) is stopped instead before one of its
    own moves, picked at random, so a game of any length gives ``count`` positions.
    """
    for seed in range(first_seed, first_seed + count):
        rng = random.Random(seed)
        game = spynb.new_game(name, seats=seats, variant=variant, seed=seed)
        for _ in range(rng.randrange(max_steps)):
            if game.over:
                break
            seat = rng.choice(game.turn.seats)
            game.play(rng.choice(game.legal_actions(seat)), seat)
        if game.over:
            moves = [step for step, (seat, _) in enumerate(game.actions) if seat is not None]
            if not moves:
                continue
            game = game.at(rng.choice(moves))
        yield game, game.turn.seats[0]


MOST_SEEDS = 200
"""How many seeded games a check that counts what it saw may play: a short game plays more of them than the
handful a long one needs, to see as much."""


def play_a_few(board, moves: int = 3) -> int:
    """Play up to ``moves`` moves on a board (its first legal action each time) and the bots' replies, stopping
    at the end of the game; how many were played (at least one)."""
    played = 0
    while played < moves and board.legal and not board.game.over:
        assert board.play(board.legal[0]), board.error
        bots_until_a_person(board)
        played += 1
    assert played, "the board offered no move"
    return played


def hidden_twin(game: Game, seat: int, seed: int) -> Game | None:
    """The same game with everything ``seat`` has not seen dealt again (None if nothing is hidden)."""
    other = game.state.resample_hidden(seat, random.Random(seed))
    if other is None:
        return None
    twin = game.at(len(game.actions))
    twin.state = other
    return twin


def hidden_twin_boards(make: Callable[..., Any], name: str, count: int, *, seats: int,
                       max_steps: int) -> Iterator[tuple[Any, Any, int]]:
    """Boards (made by ``make``, every seat a person, uncovered) of seeded random positions and of their hidden
    twins, each showing the seat to move: (board, twin's board, seat); positions with nothing hidden are skipped."""
    for game, seat in random_positions(name, count, seats=seats, max_steps=max_steps):
        twin = hidden_twin(game, seat, seed=len(game.actions))
        if twin is None:
            continue
        boards = []
        for shown in (game, twin):
            board = make(shown, players=["human"] * seats)
            board.uncover()
            assert board.viewer == seat
            boards.append(board)
        yield boards[0], boards[1], seat

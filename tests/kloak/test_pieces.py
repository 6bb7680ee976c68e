"""KLOAK's board has one owner: the pieces and their bit masks change together, or not at all."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import spynb
from spynb import SpynbError
from spynb.kloak.pieces import Board

from .helpers import play, position


def test_the_pieces_are_read_only_outside_the_board() -> None:
    state = spynb.new_game("kloak", seed=4).state
    with pytest.raises(TypeError):
        state.small["a2"] = "G"  # type: ignore[index]
    with pytest.raises(AttributeError):
        state.small = {}  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.big.discard("a1")  # type: ignore[attr-defined]
    assert state.validate() == []


def test_set_board_refuses_a_piece_off_the_board_and_keeps_the_position() -> None:
    state = spynb.new_game("kloak", seed=4).state
    before = state.view(None)
    with pytest.raises(SpynbError, match="a1 … e5"):
        state.set_board({"f6": "O"}, state.big)
    with pytest.raises(SpynbError, match="a1 … e5"):
        state.set_board(state.small, {"a0"})
    assert state.view(None) == before and state.validate() == []


def test_set_board_lists_the_moves_of_the_new_position() -> None:
    state = position("""
    .  .  .  .  .
    .  .  .  .  .
    .  .  .  .  .
    .  .  .  .  .
    O  .  .  .  .
    """)
    assert [str(a) for a in state.legal_actions()] == ["a1-a2", "a1-b1", "a1-b2"]
    six = {sq: "O" for sq in ("a3", "b3", "c3", "a5", "b5", "c5")}  # two scores still possible: alive (KL-15)
    state.set_board({**six, "e5": "O"}, set(six))
    assert [str(a) for a in state.legal_actions() if str(a).startswith("e5")] == ["e5-d4", "e5-d5", "e5-e4"]


def test_a_clone_moves_its_own_pieces() -> None:
    state = spynb.new_game("kloak", seed=5).state
    other = state.clone()
    play(other, str(other.legal_actions()[0]))
    assert (other.small, other.big) != (state.small, state.big)
    assert state.validate() == [] and other.validate() == []


def test_a_board_survives_copying_and_pickling_with_its_masks() -> None:
    board = Board({"a2": "O", "b3": "S"}, ["a2", "c1"])
    for again in (copy.deepcopy(board), pickle.loads(pickle.dumps(board)), board.copy()):
        assert again == board and again.consistent() and again.moves() == board.moves()
    before = board.copy()
    board.slide("a2", "a3")
    assert board != before and board == Board({"a3": "O", "b3": "S"}, ["a3", "c1"])


def test_the_masks_kept_in_step_by_every_move_equal_masks_built_afresh() -> None:
    rng = random.Random(6)
    for seed in range(4):
        game = spynb.new_game("kloak", seed=seed, options={"turn_limit": 60})
        while not game.over:
            state = game.state
            afresh = Board(dict(state.small), state.big)
            assert state._board == afresh  # the same pieces and the same masks in both layouts
            if state.phase == "play":
                assert set(state.legal_actions()) >= {*afresh.moves(), *afresh.claims()}
            game.play(rng.choice(game.legal_actions()))


def test_the_moves_kept_square_by_square_equal_the_moves_of_a_fresh_board_in_order() -> None:
    """A board works out again only the moves of the squares beside a change; the listing stays exactly a fresh
    board's (same actions, same order), in the board and in a copy played on apart from it."""
    rng = random.Random(7)
    for seed in range(6):
        game = spynb.new_game("kloak", seed=seed, options={"turn_limit": 80})
        while not game.over:
            state = game.state
            if state.phase == "play":
                listed = state.legal_actions()
                assert listed == Board(dict(state.small), state.big).actions()
                other = state.clone()
                other.apply(rng.choice(listed))
                assert state._board.actions() == listed
                if other.phase == "play":
                    assert other.legal_actions() == Board(dict(other.small), other.big).actions()
            game.play(rng.choice(game.legal_actions()))

"""The generic board, Python side: traits, intentions, refusals (no browser needed)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("anywidget")

import traitlets  # noqa: E402

import spynb  # noqa: E402
from spynb.widgets import GameBoard  # noqa: E402

OWN_TRAITS = ("view", "legal", "status", "error", "seat", "last_action")


def front_end_sends(board: GameBoard, content) -> None:
    """Deliver a custom message exactly as one from the browser arrives."""
    board._handle_custom_msg(content, [])


def snapshot(board: GameBoard) -> tuple:
    return (board.view, board.legal, board.status, board.last_action, len(board.game.actions))


@pytest.fixture
def board() -> GameBoard:
    return GameBoard("cloak-dagger", seats=3, seed=7)


def test_every_trait_is_synced_and_documented(board):
    synced = board.traits(sync=True)
    for name in OWN_TRAITS:
        assert name in synced, name
        assert synced[name].help, f"{name} has no help"


def test_the_board_sends_the_seat_view_only():
    game = spynb.new_game("cloak-dagger", seats=3, seed=7)
    board = GameBoard(game, seat=1)
    assert board.view == game.view(1).to_dict()
    assert board.view["omniscient"] is False
    assert not {"state", "game_state", "record"} & set(board.get_state())
    teaching = GameBoard(game)
    assert teaching.view == game.view(None).to_dict()
    assert teaching.view["omniscient"] is True


def test_legal_is_the_engine_notation_for_the_seat_to_move(board):
    seat = board.game.turn.seats[0]
    assert board.legal == [str(action) for action in board.game.legal_actions(seat)]
    assert board.status == f"Seat {seat} to play."
    assert board.error == {}


def test_an_intention_from_the_front_end_is_played_through_the_engine(board):
    first = board.legal[0]
    front_end_sends(board, {"kind": "play", "action": first})
    assert board.error == {}
    assert board.last_action == first
    assert len(board.game.actions) >= 1
    assert board.view == board.game.view(None).to_dict()
    seat = board.game.turn.seats[0]
    assert board.legal == [str(action) for action in board.game.legal_actions(seat)]


@pytest.mark.parametrize("content", [
    {"kind": "play", "action": "no such action"},
    {"kind": "play", "action": ""},
    {"kind": "play", "action": 7},
    {"kind": "play"},
    {"kind": "teleport", "action": "1"},
    "1",
    None,
])
def test_a_refused_or_malformed_intention_sets_error_and_changes_nothing(board, content):
    before = snapshot(board)
    front_end_sends(board, content)
    assert board.error
    assert snapshot(board) == before


@pytest.mark.parametrize("content", [
    "x" * 1_000_000,
    ["x" * 1_000_000],
    {"kind": "x" * 1_000_000},
    {"kind": "play", "action": "x" * 1_000_000},
    {"kind": "play", "action": ["x" * 1_000_000]},
    {"kind": "play", "action": {"x": "y" * 1_000_000}},
])
def test_a_huge_hostile_message_is_quoted_briefly_and_changes_nothing(board, content):
    before = snapshot(board)
    front_end_sends(board, content)
    assert 0 < len(board.error["message"]) < 500 and 0 < len(json.dumps(board.error)) < 2_000
    assert snapshot(board) == before


def test_an_illegal_action_reports_the_engine_message(board):
    try:
        board.game.play("no such action", seat=board.acting_seat())
    except spynb.SpynbError as err:
        expected = str(err)
    assert board.play("no such action") is False
    assert board.error["message"] == expected and board.error["kind"] == "notation"


def test_the_next_accepted_intention_clears_the_error(board):
    board.play("no such action")
    assert board.error
    assert board.play(board.legal[0]) is True
    assert board.error == {}


def test_a_seated_board_cannot_act_out_of_turn():
    game = spynb.new_game("cloak-dagger", seats=3, seed=7)
    waiting = next(seat for seat in range(1, 4) if seat not in game.turn.seats)
    board = GameBoard(game, seat=waiting)
    assert board.legal == []
    assert board.status.startswith("Waiting for seat")
    before = snapshot(board)
    assert board.play("1") is False
    assert "was not played" in board.error["message"]
    assert snapshot(board) == before


def test_constructor_rejects_unknown_keywords():
    with pytest.raises(TypeError, match="unknown keyword argument.*colour"):
        GameBoard("cloak-dagger", colour="red")


def test_constructor_rejects_start_options_for_a_running_game():
    game = spynb.new_game("cloak-dagger", seats=3, seed=7)
    with pytest.raises(TypeError, match="seed only apply"):
        GameBoard(game, seed=3)


@pytest.mark.parametrize("seat", [0, 4, "1", True])
def test_constructor_rejects_a_seat_outside_the_table(seat):
    with pytest.raises(ValueError, match="seat must be"):
        GameBoard("cloak-dagger", seats=3, seat=seat)


def test_seat_is_read_only(board):
    with pytest.raises(traitlets.TraitError):
        board.seat = 2


def test_the_same_seed_gives_the_same_board():
    one = GameBoard("cloak-dagger", seats=3, seed=11)
    two = GameBoard("cloak-dagger", seats=3, seed=11)
    assert one.view == two.view and one.legal == two.legal


def test_refresh_redraws_after_play_on_the_game(board):
    seat = board.acting_seat()
    board.game.play(board.legal[0], seat=seat)
    board.refresh()
    assert board.view == board.game.view(None).to_dict()

"""Issue 50 item 9: a refusal's text is the board's or the engine's sentence, never a Python class name."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

import spynb  # noqa: E402
from spynb.engine import SEED_RANGE, IllegalActionError, SpynbError  # noqa: E402
from spynb.widgets.play import board_class  # noqa: E402

from .helpers import front_end_sends, snapshot  # noqa: E402
from .test_play_common import BOARDS  # noqa: E402


def _all_bots(game_name: str):
    spec = spynb.get_spec(game_name)
    seats = spec.allowed_seats(spec.default_variant)[0]
    return board_class(game_name)(seats=seats, seed=1, players=["random"] * seats)


def _later_action(game_name: str, seats: int) -> str:
    """An action some seat may play later in a seed-1 game but the first seat may not play at the start."""
    game = spynb.new_game(game_name, seats=seats, seed=1)
    first = game.turn.seats[0]
    now = {str(action) for action in game.legal_actions(first)}
    while not game.over:
        seat = game.turn.seats[0]
        for action in game.legal_actions(seat):
            if str(action) not in now:
                return str(action)
        game.play(game.legal_actions(seat)[0], seat)
    raise AssertionError("no action of the game is ever new")


class _WrongBot:
    """A bot that answers with an action the rules forbid now."""

    def __init__(self, notation: str) -> None:
        self.notation = notation

    def choose(self, _view, _legal):
        return self.notation


@pytest.mark.parametrize("game_name", BOARDS)
def test_a_bot_refused_by_the_engine_says_the_engine_sentence_not_its_class(game_name: str) -> None:
    board = _all_bots(game_name)
    seat = board.thinking
    board._bots[seat] = _WrongBot(_later_action(game_name, board.game.seats))
    front_end_sends(board, {"kind": "bot", "at": 0})
    message = board.error["message"]
    assert f"The bot at seat {seat} could not move" in message and "the bots are stopped" in message
    assert "Error)" not in message and "Error" not in message
    assert len(board.game.actions) == 0 and board.pace == "step"


@pytest.mark.parametrize("err", [IllegalActionError("ENG-1", "Not now"), SpynbError("that cannot be"), KeyError("x")])
def test_an_error_no_check_caught_is_refused_without_a_class_name(monkeypatch, err: Exception) -> None:
    board = _all_bots(BOARDS[0])
    before = snapshot(board)

    def fails(_content):
        raise err

    monkeypatch.setattr(board, "_pace_message", fails)
    front_end_sends(board, {"kind": "pace", "pace": "slow"})
    message = board.error["message"]
    assert message.startswith("the board could not handle that message")
    assert "Error)" not in message and type(err).__name__ not in message
    assert snapshot(board) == before


@pytest.mark.parametrize("seed", [-1, 10**70, True])
def test_new_game_on_the_board_states_the_seed_range_the_engine_checks(seed: object) -> None:
    board = _all_bots(BOARDS[0])
    assert not board.new_game(seed=seed) and SEED_RANGE in board.error["message"]

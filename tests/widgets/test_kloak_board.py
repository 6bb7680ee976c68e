"""The KLOAK board: touch-move (KL-14), the kloaking big piece's three moves, claims, penalty, memory modes."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

import spynb  # noqa: E402
from spynb.kloak.widget import KloakBoard, move_from  # noqa: E402

from .helpers import front_end_sends, snapshot  # noqa: E402


@pytest.fixture
def board() -> KloakBoard:
    return KloakBoard(seed=1)


def test_KL_14_touching_a_piece_with_a_move_commits_the_seat(board):
    front_end_sends(board, {"kind": "touch", "square": "a1"})
    assert board.touched == "a1" and board.error == {}
    before = snapshot(board)
    other = next(n for n in board.legal if move_from(n) not in (None, "a1"))
    assert board.play(other) is False
    assert board.error["rule"] == "KL-14" and "must move it" in board.error["reason"]
    front_end_sends(board, {"kind": "touch", "square": "b1"})
    assert board.error["rule"] == "KL-14" and board.touched == "a1"
    front_end_sends(board, {"kind": "release"})
    assert board.error["rule"] == "KL-14"
    assert snapshot(board) == before
    assert board.play(next(n for n in board.legal if move_from(n) == "a1"))
    assert board.touched == ""


def test_KL_14_practice_setting_lets_a_piece_go(board):
    front_end_sends(board, {"kind": "touch_move", "on": False})
    assert board.touch("a1") and board.touch("b1") and board.touched == "b1"
    front_end_sends(board, {"kind": "release"})
    assert board.touched == "" and board.error == {}
    assert KloakBoard(seed=1, touch_move=False).touch_move is False


def test_touching_a_piece_without_a_move_commits_nothing(board):
    assert board.touch("c3") is False  # a small piece in the middle, hemmed in at the start
    assert board.error["rule"] and board.touched == ""
    for bad in ("z9", 3, None):
        front_end_sends(board, {"kind": "touch", "square": bad})
        assert board.error and board.touched == ""


def test_KL_5_a_kloaking_big_piece_has_three_kinds_of_move():
    from .helpers import random_positions

    for game, seat in random_positions("kloak", 30, max_steps=60):
        board = KloakBoard(game, players=["human" if s == seat else "random" for s in (1, 2)])
        for square in board.view["covered"]:
            moves = [n for n in board.legal if move_from(n) == square]
            kinds = {n.split(" ")[1][2] for n in moves}
            if kinds == {"-", "x", "="}:
                assert board.touch(square)
                return
    pytest.fail("no kloaking big piece with all three kinds of move found")


def test_a_wrong_claim_gives_the_penalty_and_the_view_shows_it():
    for seed in range(40):
        game = spynb.new_game("kloak", seed=seed)
        game.play("B a1xa2")
        board = KloakBoard(game, players=["random", "human"], teaching=True)
        claims = [n for n in board.legal if n.startswith("claim") and "a2" in n]
        truth = board.view["small"]
        wrong = [c for c in claims if len({truth[sq] for sq in c.split()[1:]}) > 1]
        if wrong:
            board.play(wrong[0])
            assert board.view["extra_turns"] >= 1 or any(e["kind"] == "penalty" for e in board.view["events"])
            return
    pytest.skip("no wrong claim found")


def test_KL_13_memory_modes_hide_and_reveal_only_what_the_public_moves_tell():
    game = spynb.new_game("kloak", seed=3)
    game.play("B a1xa2")
    board = KloakBoard(game, players=["random", "human"])
    assert board.viewer == 2
    assert board.view["small"]["a2"] == "?" and "remembered" not in board.view
    front_end_sends(board, {"kind": "reveal", "on": True})
    assert board.reveal and board.view["remembered"]["a2"] == game.view(None)["small"]["a2"]
    front_end_sends(board, {"kind": "reveal", "on": "yes"})
    assert board.error


def test_claim_mode_plays_a_claim_through_the_engine(board):
    claims = [n for n in board.legal if n.startswith("claim")]
    if claims:
        assert board.play(claims[0])
    before = snapshot(board)
    assert board.play("claim a1 a2 a3") is False or board.error == {}
    if board.error:
        assert board.error["rule"]
        assert snapshot(board) == before


def test_undo_never_takes_back_a_lift_that_showed_the_colour_under_a_big_piece():
    """Issue (KLOAK's undo let a learner peek): lifting a big piece off shows the small piece it kloaked (KL-5), so
    that move cannot be taken back; a slide, which uncovers nothing, can."""
    from spynb.widgets.play import controller_class

    def kloaked_a2():
        board = controller_class("kloak")(seed=1, players=["human", "rules"], touch_move=False)
        assert board.play("B a1xa2")
        board.handle({"kind": "bot"})
        return board

    board = kloaked_a2()
    assert board.play("B a2-a1") and board.game.state.events[-1].get("revealed")
    assert board.history["can_undo"] is False and "seen something new" in board.history["undo_note"]
    assert board.undo() is False and board.error["kind"] == "undo"
    slid = kloaked_a2()
    assert slid.play("B a2=a1") and slid.undo()

"""The KLOAK board: touch-move (KL-14), the kloaking big piece's three moves, claims, penalty, memory modes.

A click on a square goes to ``click`` (the front end's ``{"kind": "square"}``): a square the touched piece
reaches two ways (KL-5) offers both there.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("anywidget")

import spynb  # noqa: E402
from spynb import scenarios  # noqa: E402
from spynb.kloak.board import SQUARES  # noqa: E402
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
    front_end_sends(board, {"kind": "square", "square": "a1"})  # the touched piece's square: it stays touched
    assert board.touched == "a1" and board.release() is False and board.error["rule"] == "KL-14"
    assert snapshot(board) == before
    assert board.play(next(n for n in board.legal if move_from(n) == "a1"))
    assert board.touched == ""


def test_KL_14_practice_setting_lets_a_piece_go(board):
    front_end_sends(board, {"kind": "touch_move", "on": False})
    assert board.touch("a1") and board.touch("b1") and board.touched == "b1"
    front_end_sends(board, {"kind": "square", "square": "b1"})  # clicked again: put down
    assert board.touched == "" and board.reach == [] and board.error == {}
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


CLAIM_AHEAD = ("1:B c1xd2", "2:B a1xb2", "1:B d2-c1", "2:B b1xa2", "1:B a2=a1", "2:B b5xa4", "1:B b2xa3", "2:B d5xd4",
               "1:B d1xd2", "2:B e5xe4", "1:B c5xc4", "2:B c1xb2", "1:B d4=c5", "2:claim a3 b4 c5", "1:B c4xb3",
               "2:B e1xe2", "1:B e4-e5", "2:B c5xc4", "1:B d2-e1", "2:B e5xe4", "1:B c4=b5", "2:B e1xd2",
               "1:B b5-c5", "2:B a5xb5", "1:B e4=d4", "2:B b5=b4")
"""A two-seat game (seed 0) after which seat 1's claim b4 c3 d2 is correct and lifts covered pieces."""


def test_undo_never_takes_back_a_claim_that_lifted_covered_pieces():
    """Issue 50 item 3: a claim lifts its covered pieces for everyone to see (KL-7), correct or not, so Undo cannot
    take it back and cover them again."""
    from spynb.widgets.play import controller_class

    game = spynb.load_record(json.dumps({"game": "kloak", "variant": "standard", "seats": 2, "seed": 0,
                                         "actions": list(CLAIM_AHEAD)}))
    board = controller_class("kloak")(game, players=["human", "rules"], touch_move=False)
    assert board.play("claim b4 c3 d2")
    claim = next(e for e in reversed(board.game.state.events) if e.kind == "claim")
    assert claim.get("correct") and claim.get("lifted"), "the claim this test needs: correct, lifting pieces"
    assert board.history["can_undo"] is False and "seen something new" in board.history["undo_note"]
    assert board.undo() is False and board.error["kind"] == "undo"
    assert len(board.game.actions) == len(CLAIM_AHEAD) + 1

def two_way_board() -> KloakBoard:
    """Seat 1's big piece on c2 kloaks the green piece; c1 is open: lift off to c1, or slide there."""
    game = scenarios.load("kloak-big-pieces").game_at(3)
    return KloakBoard(game, players=["human", "random"])


def test_KL_5_a_square_reached_two_ways_offers_both_at_the_square():
    board = two_way_board()
    front_end_sends(board, {"kind": "square", "square": "c2"})
    ways = [move for move in board.reach if move["to"] == "c1"]
    assert [move["action"] for move in ways] == ["B c2-c1", "B c2=c1"]
    assert ways[0]["words"].startswith("Lift the big piece off alone") and ways[1]["words"].startswith("Slide")
    played = len(board.game.actions)
    front_end_sends(board, {"kind": "square", "square": "c1"})
    assert board.offer == "c1" and board.error == {} and len(board.game.actions) == played
    front_end_sends(board, {"kind": "square", "square": "c1"})  # clicked again: the offer is taken back
    assert board.offer == "" and board.touched == "c2"
    front_end_sends(board, {"kind": "square", "square": "c1"})
    front_end_sends(board, {"kind": "play", "action": "B c2=c1"})
    assert str(board.game.actions[played][1]) == "B c2=c1"
    assert board.touched == board.offer == "" and board.reach == []


def test_a_square_reached_one_way_plays_that_move_at_once():
    board = two_way_board()
    board.click("c2")
    one_way = next(move for move in board.reach if sum(m["to"] == move["to"] for m in board.reach) == 1)
    played = len(board.game.actions)
    assert board.click(one_way["to"]) and str(board.game.actions[played][1]) == one_way["action"]


def test_a_square_the_touched_piece_cannot_reach_is_refused_and_changes_nothing():
    board = two_way_board()
    board.click("c2")
    before = snapshot(board)
    far = next(sq for sq in SQUARES if sq not in {m["to"] for m in board.reach} | {"c2"}
               and sq not in board.view["small"] and sq not in board.view["big"])
    assert board.click(far) is False
    assert board.error["rule"] == "KL-5" and f"cannot move to {far}" in board.error["reason"]
    assert snapshot(board) == before and board.touched == "c2" and board.offer == ""


def test_putting_the_piece_down_takes_the_offer_back():
    board = two_way_board()
    board.click("c2")
    board.click("c1")
    assert board.offer == "c1"
    assert board.undo() is False  # touch-move holds the seat to the touched piece
    board.touch_move = False
    board.click("c2")  # put down: no piece touched, no offer
    assert board.touched == board.offer == "" and board.reach == []


def test_a_walkthrough_step_that_slides_is_played_from_the_offer():
    from spynb.widgets.walkthrough_player import walkthrough

    tour = walkthrough("kloak-big-pieces", start=4)
    assert tour.walk["step"]["kind"] == "your-turn"
    front_end_sends(tour, {"kind": "square", "square": "c2"})
    front_end_sends(tour, {"kind": "square", "square": "c1"})
    assert tour.offer == "c1"
    front_end_sends(tour, {"kind": "play", "action": "B c2-c1"})  # legal, but this step slides
    assert tour.feedback["ok"] is False and tour.walk["at"] == 3 and tour.touched == ""
    for square in ("c2", "c1"):
        front_end_sends(tour, {"kind": "square", "square": square})
    front_end_sends(tour, {"kind": "play", "action": "B c2=c1"})
    assert tour.feedback["ok"] is True and tour.walk["at"] == 4 and tour.offer == ""

"""Cloak & Dagger's board: what another seat's move changed is marked even when only counts changed; a
transfer starts on the cards in the open envelope (CD-6)."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

from spynb import scenarios  # noqa: E402
from spynb.cloak_dagger.widget import CloakDaggerBoard  # noqa: E402
from spynb.widgets.walkthrough_player import walkthrough  # noqa: E402

from .helpers import front_end_sends, snapshot  # noqa: E402


def test_another_seats_move_marks_its_hand_size_and_the_stack_when_they_change():
    board = CloakDaggerBoard(seats=3, seed=3, players=["human", "rules", "rules"])
    board.pace = "step"
    marked = set()
    for _ in range(30):
        if board.game.over:
            break
        if board.thinking is None:
            board.play(board.legal[0])
            continue
        before = dict(board.view["hand_sizes"]), board.view["stack_size"]
        assert board.bot_step()
        sizes, stack = board.view["hand_sizes"], board.view["stack_size"]
        expected = {f"hands-{s}" for s, n in sizes.items() if before[0][s] != n} | (
            {"stack"} if stack != before[1] else set())
        assert expected <= set(board.changed), (expected, board.changed)
        marked |= expected
    assert any(key.startswith("hands-") for key in marked) and "stack" in marked


def endgame_board() -> CloakDaggerBoard:
    """Seat 1 has just opened envelope 6: the binocular b, its dagger D, the hazard L and the report Y."""
    tour = scenarios.load("cloak-dagger-endgame")
    game = tour.game_at(6)
    board = CloakDaggerBoard(game, players=["human"] + ["rules"] * (game.seats - 1))
    assert board.view["opened"] == {"envelope": 6, "contents": "bDLY"}
    return board


def test_CD_6_a_transfer_starts_on_the_cards_agent_first_then_one_card_to_take():
    board = endgame_board()
    front_end_sends(board, {"kind": "pick", "card": "b"})
    assert (board.showing, board.taking, board.error) == ("b", "", {})
    front_end_sends(board, {"kind": "pick", "card": "L"})
    front_end_sends(board, {"kind": "pick", "card": "Y"})  # one card only: Y replaces L
    assert (board.showing, board.taking) == ("b", "Y")
    front_end_sends(board, {"kind": "pick", "card": "Y"})  # again: left in the envelope
    assert (board.showing, board.taking) == ("b", "")
    front_end_sends(board, {"kind": "pick", "card": "D"})  # the other agent may go along unseen
    front_end_sends(board, {"kind": "pick", "card": "b"})  # the shown agent again: both go back
    assert (board.showing, board.taking) == ("", "")
    for card in ("D", "Y"):
        front_end_sends(board, {"kind": "pick", "card": card})
    played = len(board.game.actions)
    front_end_sends(board, {"kind": "transfer"})
    assert str(board.game.actions[played][1]) == "take D+Y" and board.error == {}
    assert sorted(board.view["hand"]) == ["D", "Y"] and (board.showing, board.taking) == ("", "")


@pytest.mark.parametrize("card, says", [("L", "only start a transfer"), ("Y", "only start a transfer"),
                                         ("Q", "no Q in the envelope"), ("bY", "one letter")])
def test_CD_6_a_card_that_cannot_be_picked_is_refused_and_changes_nothing(card, says):
    board = endgame_board()
    before = snapshot(board)
    front_end_sends(board, {"kind": "pick", "card": card})
    assert says in board.error["reason"]
    assert board.error["rule"] == ("CD-6" if says.startswith("only") else "")
    assert snapshot(board) == before and (board.showing, board.taking) == ("", "")


def test_a_transfer_with_no_agent_picked_is_refused():
    board = endgame_board()
    before = snapshot(board)
    assert board.start_transfer() is False and board.error["rule"] == "CD-6"
    assert snapshot(board) == before


def test_no_card_can_be_picked_before_an_envelope_is_opened():
    board = CloakDaggerBoard(seed=1)
    assert board.pick("d") is False and board.error["rule"] == "CD-6" and board.showing == ""


def test_the_picks_go_when_the_transfer_they_make_is_no_longer_legal():
    board = endgame_board()
    board.pick("b")
    board.pick("Y")
    board.review(0)
    assert (board.showing, board.taking) == ("", "")


def test_a_walkthrough_step_that_starts_a_transfer_is_played_on_the_cards():
    tour = walkthrough("cloak-dagger-first-game", start=10)
    assert tour.view["opened"]["contents"] == "dD"
    front_end_sends(tour, {"kind": "pick", "card": "D"})
    front_end_sends(tour, {"kind": "transfer"})  # legal, but this step sends the cloak d
    assert tour.feedback["ok"] is False and tour.walk["at"] == 9 and tour.showing == "D"
    for card in ("D", "d", "D"):  # D back, then d to show with D along
        front_end_sends(tour, {"kind": "pick", "card": card})
    assert (tour.showing, tour.taking) == ("d", "D")
    front_end_sends(tour, {"kind": "transfer"})
    assert tour.feedback["ok"] is True and tour.walk["at"] == 10 and tour.showing == ""

"""Once a game is over every board shows what it hid (issue 54 item 4): the seat's view gains ``revealed``
(Cloak & Dagger: every envelope and hand; KLOAK: the colour under every big piece), read from the final
omniscient view; while the game runs, in a review of an earlier step and in the teaching view it is absent."""

from __future__ import annotations

from typing import Any

import pytest

import spynb
from spynb.scenarios import load, names
from spynb.widgets.play import controller_class
from spynb.widgets.walkthrough_player import walkthrough

GAMES = ("cloak-dagger", "kloak")


def expected(game: spynb.Game, view: dict[str, Any]) -> dict[str, Any]:
    """What the end reveals to ``view``, from the finished game's omniscient view."""
    final = game.view(None).to_dict()
    if game.spec.name == "cloak-dagger":
        return {"envelopes": dict(final["envelopes"]), "hands": dict(final["hands"])}
    return {sq: final["small"][sq] for sq, colour in view["small"].items() if colour == "?"}


def played_to_the_end(game: str) -> Any:
    """A board on which seat 1 (its first legal move each turn) plays the rule-of-thumb bots to the end,
    checking at every step that nothing is revealed while the game runs."""
    board = controller_class(game)(seed=3)
    for _ in range(5_000):
        if board.game.over:
            return board
        assert "revealed" not in board.view
        if board.thinking is not None:
            assert board.bot_step()
        else:
            assert board.play(board.legal[0]), board.error
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", GAMES)
def test_the_end_reveals_everything_and_nothing_before(game: str) -> None:
    board = played_to_the_end(game)
    assert board.view["revealed"] == expected(board.game, board.view)
    if game == "kloak":
        assert board.view["revealed"], "the game ended with pieces covered"
    assert board.review(len(board.game.actions) - 1) and "revealed" not in board.view  # an earlier step: as then
    assert board.review(-1) and board.view["revealed"] == expected(board.game, board.view)
    board.show_teaching(True)
    assert board.view["omniscient"] and "revealed" not in board.view  # the teaching view hides nothing


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_record_loaded_on_a_board_reveals_everything(game: str) -> None:
    record = played_to_the_end(game).save()
    board = controller_class(game)(seed=1)
    assert "revealed" not in board.view
    assert board.load(record), board.error
    assert board.game.over and board.view["revealed"] == expected(board.game, board.view)


ENDING = [n for n in names() if load(n).game in GAMES and load(n).game_at(len(load(n).steps) - 1).over]


def test_some_walkthroughs_end_their_game() -> None:
    assert {load(n).game for n in ENDING} == set(GAMES)


@pytest.mark.parametrize("name", ENDING)
def test_a_walkthrough_that_ends_its_game_reveals_everything_at_its_end_only(name: str) -> None:
    tour = walkthrough(name)
    for number in range(1, tour.walk["count"] + 1):
        assert tour.walk_jump(number)
        if tour.game.over:
            assert tour.view["revealed"] == expected(tour.game, tour.view), number
        else:
            assert "revealed" not in tour.view, number
    assert "revealed" in tour.view

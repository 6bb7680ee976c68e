"""New game with every field of the form left as it is, on every notebook board (Python side).

The form's Seed box is empty by default; the front end then leaves the seed out, and a null that does arrive
(JupyterLite's kernel turns JavaScript's null into Pyodide's ``jsnull``) counts as left out: a random seed is
drawn, and shown once the game is over, so that the same deal can be played again.
"""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

from spynb.widgets.play import board_class  # noqa: E402

from .helpers import front_end_sends  # noqa: E402

GAMES = ("cloak-dagger", "kloak", "target")


class JsNull:
    """Stands for Pyodide's ``jsnull``: what a JavaScript null becomes in JupyterLite's kernel."""

    def __repr__(self) -> str:
        return "jsnull"


def form_defaults(board) -> dict:
    """The new-game message as the front end's form sends it with nothing changed (board_common.js drawSetup)."""
    setup = board.setup
    return {"kind": "new", "variant": setup["variant"], "seats": setup["seats"],
            "names": list(board.names), "players": list(board.players)}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [None, JsNull(), ""], ids=["left-out", "jsnull", "empty"])
def test_new_game_with_the_default_fields_starts_a_random_game(game, seed):
    board = board_class(game)(seed=1)
    message = form_defaults(board) | ({} if seed is None else {"seed": seed})
    seeds = set()
    for _ in range(3):
        front_end_sends(board, message)
        assert board.error == {}, board.error
        assert board.players == message["players"] and len(board.game.actions) <= 1
        seeds.add(board.game.seed)
    assert len(seeds) > 1, "each new game draws its own seed"
    assert board.setup["seed"] is None, "a running game's seed stays hidden (it would deal every hidden card)"


@pytest.mark.parametrize("game", GAMES)
def test_the_seed_shown_at_the_end_deals_the_same_game_again(game):
    board = board_class(game)(seed=1)
    front_end_sends(board, form_defaults(board))
    seed, first = board.game.seed, board.view
    front_end_sends(board, {"kind": "new", "seed": seed})
    assert board.error == {} and board.game.seed == seed and board.view == first


def test_a_seed_that_is_not_a_whole_number_is_refused_and_changes_nothing():
    board = board_class("kloak")(seed=1)
    before = board.game.seed
    front_end_sends(board, {"kind": "new", "seed": "soon"})
    assert board.error["kind"] == "setup" and "whole number" in board.error["reason"]
    assert board.game.seed == before

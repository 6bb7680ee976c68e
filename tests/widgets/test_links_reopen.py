"""Every link a board gives reopens (issue 50): the same position for that seat, on a fresh board.

At every step of seeded random games, for every game, variant and seat count, the board's
own link to the position shown is opened on a new board of the game, which must show that
seat exactly what the first board showed (the shared position's label aside, which says it
is shared).  Every step of every walkthrough is linked from a play board at the same point (a walkthrough's own link is to its step, ``#step=n``).

The suite plays ``SPYNB_LINK_GAMES`` games (default 2) per game and seat count; the full run
(200, see ``benchmarks/README.md``) is the same test with the variable set.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import spynb
from spynb import scenarios
from spynb.widgets.play import controller_class

GAMES_PER_SETTING = int(os.environ.get("SPYNB_LINK_GAMES", "2"))
MAX_STEPS = 120
"""Actions played in each game at most (a link is taken at every one)."""


def _settings() -> list[tuple[str, str, int]]:
    return [(name, variant, seats) for name in spynb.game_names()
            for variant in spynb.get_spec(name).variants
            for seats in spynb.get_spec(name).allowed_seats(variant)]


def _link(board: Any) -> str:
    heard: list[dict[str, Any]] = []
    board.subscribe(heard.append)
    board.handle({"kind": "link"})
    links = [news["content"] for news in heard if news["kind"] == "message" and news["content"]["kind"] == "link"]
    assert links and board.error == {}, board.error
    return str(links[-1]["fragment"])


def _shown(board: Any) -> dict[str, Any]:
    """What the board shows its seat, but the label (a shared position says it is one)."""
    return {key: value for key, value in board.view.items() if key != "label"}


def _reopens(board: Any) -> None:
    fresh = controller_class(board.GAME)()
    fresh.handle({"kind": "position", "link": _link(board)})
    assert fresh.error == {}, (fresh.error, board.game.record().to_json())
    assert fresh.viewer == board.viewer and _shown(fresh) == _shown(board), board.game.record().to_json()


@pytest.mark.parametrize(("name", "variant", "seats"), _settings())
def test_every_link_the_board_gives_reopens_to_the_same_position(name: str, variant: str, seats: int) -> None:
    linked = 0
    for seed in range(GAMES_PER_SETTING):
        board = controller_class(name)(seed=seed, seats=seats, variant=variant)
        rng = random.Random(seed)
        for _ in range(MAX_STEPS):
            if board.viewer is not None:
                _reopens(board)
                linked += 1
            if board.game.over:
                break
            if board.thinking is not None:
                board.handle({"kind": "bot", "at": len(board.game.actions)})
            elif board.legal:
                board.handle({"kind": "play", "action": rng.choice(board.legal)})
            else:
                break
            assert board.error == {}, board.error
    assert linked >= GAMES_PER_SETTING


@pytest.mark.parametrize("scenario_id", scenarios.names())
def test_every_step_of_every_walkthrough_links_and_reopens(scenario_id: str) -> None:
    scenario = scenarios.load(scenario_id)
    if scenario.seat is None:
        pytest.skip("a walkthrough watched from the teaching view has no seat to link")
    for at in range(len(scenario.steps)):
        game = scenario.game_at(at, {})
        if game.turn.chance:
            continue  # a walkthrough may pause before chance acts; a play board never stops there
        players = ["human" if s == scenario.seat else "rules" for s in range(1, game.seats + 1)]
        board = controller_class(game.spec.name)(game, players=players)
        if board.viewer == scenario.seat:
            _reopens(board)

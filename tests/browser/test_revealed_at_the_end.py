"""The end reveals everything, in a real browser: a finished Cloak & Dagger or KLOAK game loaded on a board,
and a walkthrough that ends its game, show every hidden envelope, hand and covered piece, each marked as
revealed at the end in visible text; screenshots at 1280 and 390 px wide."""

from __future__ import annotations

import pytest

from spynb.widgets.play import controller_class

from .browser_helpers import own_site_check
from .test_boards import python_json
from .test_moves_at_pieces import draw, shoot_widths

pytestmark = pytest.mark.browser

WIDTHS = (1280, 390)
MARKS = {"cloak-dagger": (".cd-env.is-revealed", ".cd-env .cd-end", "end", ".cd-box"),
         "kloak": (".kl-square.is-revealed", ".kl-square .kl-end", "end", ".kl-board")}
"""Per game: a square or envelope revealed, its mark, the mark's words, and the part screenshotted."""


@pytest.fixture(scope="module")
def notebook(browser, site_url):
    opened = own_site_check(browser, site_url)
    yield opened
    opened.page.context.close()


def finished_record(game: str) -> tuple[int, str]:
    """Seats and record of a game seat 1 (its first legal move) plays against the rule-of-thumb bots to its end."""
    board = controller_class(game)(seed=3)
    while not board.game.over:
        assert board.bot_step() if board.thinking is not None else board.play(board.legal[0]), board.error
    return board.game.seats, board.save()


def check_marks(notebook, board, game: str, name: str) -> None:
    revealed_cls, mark_cls, mark, _ = MARKS[game]
    revealed = python_json(notebook, f"{name}.view['revealed']")
    shown = len(revealed["envelopes"]) if game == "cloak-dagger" else len(revealed)
    assert shown and board.locator(revealed_cls).count() == shown
    marks = board.locator(mark_cls)
    assert marks.count() == shown and all(t.strip() == mark for t in marks.all_inner_texts())  # text, not a hover
    assert "Revealed at the end" in board.locator('[data-key="revealed"]').inner_text()
    if game == "kloak":  # every covered square shows its colour, no "?"
        assert board.locator(".kl-square.is-covered .kl-letter").all_inner_texts().count("?") == 0


@pytest.mark.parametrize("game", sorted(MARKS))
def test_a_finished_game_loaded_on_a_board_shows_what_it_hid(notebook, game):
    seats, record = finished_record(game)
    name = f"end_{game.replace('-', '_')}"
    board = draw(notebook, f"from spynb.widgets.play import board_class\n{name} = board_class({game!r})(seats={seats})\n"
                           f"_ = {name}.load({record!r})\n{name}")
    board.locator('[data-key="revealed"]').wait_for(timeout=30_000)
    check_marks(notebook, board, game, name)
    shoot_widths(board, f"revealed-{game}", MARKS[game][3], WIDTHS)


def test_a_walkthrough_that_ends_its_game_shows_what_it_hid(notebook):
    board = draw(notebook, "from spynb.widgets.walkthrough_player import walkthrough\n"
                           "end_tour = walkthrough('kloak-first-game')\n"
                           "_ = end_tour.walk_jump(end_tour.walk['count'])\nend_tour")
    board.locator('[data-key="revealed"]').wait_for(timeout=30_000)
    check_marks(notebook, board, "kloak", "end_tour")
    shoot_widths(board, "revealed-kloak-walkthrough", MARKS["kloak"][3], WIDTHS)

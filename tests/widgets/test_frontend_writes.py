"""Only messages change a board (issue 50): a page that writes a synced trait (``model.set`` then
``save_changes``) changes nothing, on the board or in what any later redraw shows."""

from __future__ import annotations

import pytest

import spynb
from spynb import scenarios
from spynb.widgets.base import GameBoard
from spynb.widgets.frontend_writes import WRITABLE
from spynb.widgets.play import board_class, walkthrough
from tests.widgets.helpers import bots_until_a_person, front_end_sends, snapshot, synced

GAMES = tuple(spynb.game_names())


def _page_writes(board, state: dict) -> None:
    """Deliver a page's write exactly as ipywidgets receives one from the browser."""
    board._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []})


def _other_value(value):
    """A value of the same shape as ``value`` that differs from it."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return [*value, "x"]
    if isinstance(value, dict):
        return {**value, "x": 1}
    return 1 if value is None else None


def _boards(name: str):
    yield "shared screen", board_class(name)(seed=2, players=["human"] * spynb.get_spec(name).default_seats)
    yield "against bots", board_class(name)(seed=2)
    for scenario in [s for s in scenarios.names() if s.startswith(name)][:1]:
        yield "walkthrough", walkthrough(scenario)


def test_no_trait_is_writable_from_the_page() -> None:
    assert WRITABLE == frozenset()


@pytest.mark.parametrize("name", GAMES)
def test_a_page_writing_any_trait_changes_nothing(name: str) -> None:
    for label, board in _boards(name):
        bots_until_a_person(board)
        for trait in sorted(board.keys):
            if trait in ("comm", "layout"):
                continue
            before, shown = snapshot(board), synced(board)
            sent: list[dict] = []
            board.comm.send = lambda data=None, _sent=sent, **_kw: _sent.append(data)
            _page_writes(board, {trait: _other_value(shown.get(trait))})
            assert snapshot(board) == before, (label, trait)
            assert {k: v for k, v in synced(board).items() if k != "error"} == \
                   {k: v for k, v in shown.items() if k != "error"}, (label, trait)
            assert board.error["message"].startswith(f"the page may not set {trait!r}"), (label, trait)
            assert any(trait in (data or {}).get("state", {}) for data in sent), f"{label}: the page was not told {trait}"


@pytest.mark.parametrize("name", GAMES)
def test_teaching_written_from_a_shared_screen_never_shows_the_omniscient_view(name: str) -> None:
    seats = spynb.get_spec(name).default_seats
    board = board_class(name)(seed=4, players=["human"] * seats)
    front_end_sends(board, {"kind": "uncover"})
    _page_writes(board, {"teaching": True, "viewer": None})
    front_end_sends(board, {"kind": "play", "action": board.legal[0]})
    assert board.teaching is False
    assert board.view["omniscient"] is False


def test_a_page_writing_the_generic_boards_seat_is_refused() -> None:
    board = GameBoard("kloak", seat=1, seed=3)
    before = dict(board.view)
    _page_writes(board, {"seat": None, "view": {"x": 1}})
    assert board.seat == 1 and board.view == before
    assert board.error["message"].startswith("the page may not set 'seat', 'view'")

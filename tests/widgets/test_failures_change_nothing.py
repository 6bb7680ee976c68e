"""Any error inside a board part becomes a typed refusal that changes nothing, on the screen either (issue 50).

A part that raises while the board redraws after a move (the deduction aid, the
narration, the ending) must not leave the move played in Python but never
shown: the board puts its game and every value it keeps back, the front end is
told the old values again, and the message is refused.
"""

from __future__ import annotations

import random

import pytest

import spynb
from spynb.widgets.aid import DeductionAid
from spynb.widgets.base import GameBoard
from spynb.widgets.checkpoint import kept_names
from spynb.widgets.narration import Narration
from spynb.widgets.play import board_class, controller_class, walkthrough
from tests.widgets.helpers import bots_until_a_person, front_end_sends, snapshot, synced

GAMES = tuple(spynb.game_names())


class PartFailed(RuntimeError):
    """What the broken part raises (a class no check of the board knows)."""


def _fail(*_args, **_kwargs):
    raise PartFailed("a bug in a part")


def _first_person_move(board) -> str:
    """A move for the person, once the bots before them have moved."""
    bots_until_a_person(board)
    assert board.legal, board.status
    return board.legal[0]


@pytest.mark.parametrize("game_name", GAMES)
def test_a_part_failing_as_the_board_redraws_a_move_is_refused_and_changes_nothing(monkeypatch, game_name):
    board = board_class(game_name)(seed=3)
    move = _first_person_move(board)
    played, before, shown = len(board.game.actions), snapshot(board), synced(board)
    told: list[dict] = []
    board.observe(lambda change: told.append(change), names=["view", "legal", "history"])
    monkeypatch.setattr(Narration, "_draw_part", _fail)
    front_end_sends(board, {"kind": "play", "action": move})
    assert board.error["message"].endswith("something went wrong inside the board; nothing changed")
    assert "PartFailed" not in board.error["message"]
    assert snapshot(board) == before
    after = synced(board)
    assert {k: v for k, v in after.items() if k != "error"} == {k: v for k, v in shown.items() if k != "error"}
    assert all(change["new"] == shown[change["name"]] for change in told[-1:]), "the screen was told the old values"
    monkeypatch.undo()
    front_end_sends(board, {"kind": "play", "action": move})
    assert board.error == {} and len(board.game.actions) == played + 1, board.error


def test_a_bot_whose_move_cannot_be_shown_does_not_play_it_and_the_bots_stop(monkeypatch):
    board = next(b for seed in range(20)
                 if (b := board_class("cloak-dagger")(seats=3, seed=seed)).thinking is not None)
    bot = board.thinking
    before = len(board.game.actions)
    monkeypatch.setattr(Narration, "_draw_part", _fail)
    front_end_sends(board, {"kind": "bot", "at": before})
    monkeypatch.undo()
    assert len(board.game.actions) == before, "the move nobody saw is not played"
    assert board.pace == "step" and "could not move" in board.error["message"]
    assert board.thinking == bot and board.history["length"] == before


def test_a_walkthrough_step_that_fails_stays_the_step_on_screen(monkeypatch):
    tour = walkthrough("cloak-dagger-first-steps")
    before = snapshot(tour)
    monkeypatch.setattr(Narration, "_draw_part", _fail)
    front_end_sends(tour, {"kind": "walk", "move": "next"})
    monkeypatch.undo()
    assert "nothing changed" in tour.error["message"]
    assert snapshot(tour) == before and tour.walk["at"] == 0


def test_the_aid_failing_says_so_in_its_panel_and_the_game_goes_on(monkeypatch):
    board = board_class("target")(seats=4, seed=2)
    front_end_sends(board, {"kind": "aid", "on": True})
    assert board.aid["rows"], board.aid
    monkeypatch.setattr("spynb.widgets.aid.panel", _fail)
    move = _first_person_move(board)
    front_end_sends(board, {"kind": "play", "action": move})
    assert board.error == {} and len(board.game.actions) >= 1
    assert board.aid == {"open": True, "note": board.aid["note"]} and "could not work" in board.aid["note"]
    assert DeductionAid.KEEPS == ("_aid_open",)


def test_the_generic_board_puts_its_game_back_when_its_redraw_fails(monkeypatch):
    board = GameBoard("kloak", seat=1, seed=1)
    move, before = board.legal[0], board.view
    monkeypatch.setattr(GameBoard, "_refresh", _fail)
    board._on_message(board, {"kind": "play", "action": move}, [])
    monkeypatch.undo()
    assert "nothing changed" in board.error["message"]
    assert len(board.game.actions) == 0 and board.view == before


def _private(board) -> dict[str, object]:
    return {name: repr(value) for name, value in vars(board).items()
            if name.startswith("_") and name not in ("_spynb_outbox", "_spec", "_game")}


@pytest.mark.parametrize("game_name", GAMES)
def test_every_private_value_a_message_changes_is_one_the_board_puts_back(game_name):
    """A new private value a part keeps but does not name in ``KEEPS`` would survive a failed message."""
    board = controller_class(game_name)(seed=4)  # a person on seat 1, the rule-of-thumb bot on the others
    rng, kept, start = random.Random(4), set(kept_names(type(board))), _private(board)
    changed: set[str] = set()
    for _ in range(60):
        if board.thinking is not None:
            board.handle({"kind": "bot", "at": len(board.game.actions)})
        elif board.legal:
            board.handle({"kind": "play", "action": rng.choice(board.legal)})
        else:
            board.handle({"kind": rng.choice(["undo", "review", "aid"]), "step": 0, "on": True})
        now = _private(board)
        changed |= {name for name, value in now.items() if start.get(name) != value}
    assert changed, "the walk changed nothing private: it tests nothing"
    assert changed <= kept, f"not put back by a failed message: {sorted(changed - kept)}"

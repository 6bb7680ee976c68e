"""The boards' plain-Python controller: no widget machinery, the same state as the notebook's widget.

The welcome page hosts a controller in Pyodide without IPython or ipywidgets
(``lite/welcome_board.js``), so the controller must import none of the widget
stack, and the anywidget board must be the controller and nothing more: the
same messages give the same state on both.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import spynb
from spynb.widgets.play import BoardController, controller_class

from .helpers import OWN_TRAITS

REPO = Path(__file__).resolve().parents[2]
WIDGET_STACK = ("IPython", "ipywidgets", "anywidget", "traitlets", "comm")
GAMES = spynb.game_names()


def test_the_controllers_import_no_widget_machinery():
    script = f"""
import json, sys
from tests.games import register_all
register_all()
import spynb.widgets
from spynb.widgets.play import BoardController, controller_class
for game in {GAMES!r}:
    board = controller_class(game)(seed=2)
    board.handle({{"kind": "play", "action": board.legal[0] if board.legal else "pass"}})
    board.handle({{"kind": "bot", "at": len(board.game.actions)}})
    json.dumps(board.front_state())
print(json.dumps(sorted(m for m in {WIDGET_STACK!r} if m in sys.modules)))
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=REPO)
    assert json.loads(result.stdout) == []


def test_a_controller_holds_every_field_the_front_end_reads():
    board = controller_class("kloak")(seed=1)
    state = board.front_state()
    assert set(OWN_TRAITS) | {"touched", "touch_move", "reveal"} <= set(state)
    assert all(field.help for field in board.fields().values())
    assert state["viewer"] == 1 and json.loads(json.dumps(state)) == state


def _script(board) -> None:
    """The same messages to any board: a refusal, legal moves, the bots, undo, review, a bad message."""
    board.handle({"kind": "play", "action": "not a move"})
    for _ in range(6):
        if board.legal:
            board.handle({"kind": "play", "action": board.legal[-1]})
        elif board.thinking is not None:
            board.handle({"kind": "bot", "at": len(board.game.actions)})
    board.handle({"kind": "undo"})
    board.handle({"kind": "review", "step": 1})
    board.handle({"kind": "review", "step": None})
    board.handle(["no", "dict"])


@pytest.mark.parametrize("game", GAMES)
def test_the_notebook_widget_and_the_controller_agree(game):
    pytest.importorskip("anywidget")
    from spynb.widgets import board_class

    plain, widget = controller_class(game)(seed=4), board_class(game)(seed=4)
    _script(plain)
    _script(widget)
    assert isinstance(widget, BoardController) and not hasattr(plain, "get_state")
    widget_state = {name: value for name, value in widget.get_state().items() if name in plain.fields()}
    assert json.dumps(plain.front_state(), sort_keys=True) == json.dumps(widget_state, sort_keys=True)
    assert plain.game.actions == widget.game.actions


def test_one_message_is_one_batch_of_changes():
    board = controller_class("kloak")(seed=1)
    heard: list[dict] = []
    board.subscribe(heard.append)
    board.handle({"kind": "play", "action": board.legal[0]})
    assert len(heard) == 1 and heard[0]["kind"] == "change"
    assert {"view", "legal", "history"} <= set(heard[0]["state"])
    assert heard[0]["state"] == {name: board.front_state()[name] for name in heard[0]["state"]}


def test_a_refusal_changes_only_the_error():
    board = controller_class("kloak")(seed=1)
    before = board.front_state()
    heard: list[dict] = []
    board.subscribe(heard.append)
    board.handle({"kind": "touch", "square": "c3"})  # no piece of seat 1 there (KL-4)
    assert [set(news["state"]) for news in heard] == [{"error"}]
    assert board.error["rule"] == "KL-4"
    assert {k: v for k, v in board.front_state().items() if k != "error"} == \
        {k: v for k, v in before.items() if k != "error"}


def test_a_record_leaves_as_a_one_off_message_never_as_state():
    board = controller_class("kloak")(seed=1)
    heard: list[dict] = []
    board.subscribe(heard.append)
    board.handle({"kind": "save"})
    messages = [news["content"] for news in heard if news["kind"] == "message"]
    assert [m["kind"] for m in messages] == ["record"]
    assert spynb.load_record(messages[0]["json"]).seed == 1
    assert "record" not in json.dumps(board.front_state())


def test_the_seat_fields_travel_as_zero_for_none():
    board = controller_class("cloak-dagger")(seed=1, teaching=True)
    assert board.viewer is None and board.front_state()["viewer"] == 0

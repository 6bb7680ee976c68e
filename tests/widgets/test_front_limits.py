"""Issue 50: a long game does not bloat a board.  The page receives recent history only, a record has a stated
size limit, a board stops taking moves before its record would pass it, and opening, loading and moving on the
longest game a board keeps stay under 2 s of CPython."""

from __future__ import annotations

import json
import random
import time

import pytest

import spynb
from spynb.engine import MAX_RECORD_ACTIONS, MAX_RECORD_CHARS, Record, RecordError, sample_chance
from spynb.widgets import front_limits
from spynb.widgets.front_limits import FRONT_EVENTS, FRONT_TURNS, MAX_BOARD_ACTIONS
from spynb.widgets.play import board_class
from tests.widgets.helpers import front_end_sends, snapshot

BOUND_S = 2.0


def shuttle_game(actions: int, seed: int = 0) -> spynb.Game:
    """A KLOAK game kept going: each seat moves a piece back where it came from whenever it can."""
    game = spynb.new_game("kloak", seats=2, seed=seed)
    rng, last = random.Random(seed), {}
    state = game.state
    while len(game.actions) < actions and not game.over:
        if state.turn.chance:
            game.play(sample_chance(state, rng))
            continue
        seat = state.turn.seats[0]
        legal = {str(a): a for a in state.legal_actions(seat)}
        back = "-".join(reversed(last.get(seat, "").split("-")))
        plain = [n for n in legal if "-" in n and "x" not in n]
        chosen = back if back in legal else rng.choice(plain or list(legal))
        last[seat] = chosen if "-" in chosen else ""
        game.play(legal[chosen], seat)
    assert len(game.actions) == actions, "the shuttle game ended early"
    return game


@pytest.fixture(scope="module")
def long_game() -> spynb.Game:
    return shuttle_game(3_000)


def _shown(game: spynb.Game):
    """A shared-screen board of ``game``, the device passed to the seat to move."""
    board = board_class("kloak")(game, players=["human", "human"])
    front_end_sends(board, {"kind": "uncover"})
    assert board.legal, board.status
    return board


def _cpu(call):
    start = time.process_time()
    result = call()
    return time.process_time() - start, result


def test_the_page_receives_the_latest_events_and_turns_only(long_game):
    board = _shown(long_game)
    sent = board.front_state()
    events = board.view["events"]
    assert len(events) > FRONT_EVENTS  # Python keeps all of it
    assert sent["view"]["events"] == events[-FRONT_EVENTS:]
    assert sent["view"]["events_before"] == len(events) - FRONT_EVENTS
    assert len(sent["log"]) == FRONT_TURNS + 1 and sent["log"][-1] == board.log[-1]
    assert sent["log"][0]["title"] == "Earlier turns" and "record" in sent["log"][0]["events"][0]["text"]
    assert len(json.dumps(sent)) < 150_000


def test_the_notebook_widget_sends_the_same_trimmed_state(long_game):
    board = _shown(long_game)
    state = board.get_state()
    assert len(state["view"]["events"]) == FRONT_EVENTS and len(state["log"]) == FRONT_TURNS + 1
    assert state["view"] == board.front_state()["view"]


def test_a_record_over_the_action_limit_is_refused_at_once_saying_where():
    payload = json.loads(spynb.new_game("kloak", seed=1).record().to_json())
    payload["actions"] = ["1: a1-b2"] * (MAX_RECORD_ACTIONS + 1)
    text = json.dumps(payload)
    start = time.process_time()
    with pytest.raises(RecordError) as refused:
        Record.from_json(text)
    spent = time.process_time() - start
    assert refused.value.where == "field 'actions'" and f"{MAX_RECORD_ACTIONS:,}" in str(refused.value)
    assert spent < BOUND_S


def test_a_record_text_over_the_length_limit_is_refused_before_it_is_read():
    text = '{"game": "kloak", "pad": "' + "x" * MAX_RECORD_CHARS + '"}'
    with pytest.raises(RecordError) as refused:
        Record.from_json(text)
    assert refused.value.where == "the record" and f"{MAX_RECORD_CHARS:,}" in str(refused.value)


def test_a_board_refuses_the_move_past_its_limit_and_changes_nothing(monkeypatch, long_game):
    monkeypatch.setattr(front_limits, "MAX_BOARD_ACTIONS", len(long_game.actions))
    board = _shown(long_game)
    before = snapshot(board)
    front_end_sends(board, {"kind": "play", "action": board.legal[0]})
    assert board.error["message"].startswith(f"This game has reached {len(long_game.actions):,} actions")
    assert snapshot(board) == before


def test_the_longest_game_a_board_keeps_loads_opens_and_moves_within_the_bound():
    game = shuttle_game(MAX_BOARD_ACTIONS - 1)
    text = game.record().to_json()
    assert len(text) < MAX_RECORD_CHARS
    board = board_class("kloak")(seed=3, players=["human", "human"])
    spent_load, loaded = _cpu(lambda: board.load(text))
    assert loaded, board.error
    front_end_sends(board, {"kind": "uncover"})
    spent_move, _ = _cpu(lambda: front_end_sends(board, {"kind": "play", "action": board.legal[0]}))
    assert board.error == {} and len(board.game.actions) == MAX_BOARD_ACTIONS
    front_end_sends(board, {"kind": "uncover"})
    spent_json, sent = _cpu(lambda: json.dumps(board.front_state()))
    assert max(spent_load, spent_move, spent_json) < BOUND_S
    assert len(sent) < 150_000

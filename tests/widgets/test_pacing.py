"""Bots at the learner's pace: one action per message, waiting for people, narrated from the seat shown."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

import spynb  # noqa: E402
from spynb.widgets.play import board_class  # noqa: E402

from .helpers import (MOST_SEEDS, OWN_TRAITS, bots_until_a_person, front_end_sends, hidden_twin,  # noqa: E402
                      random_positions, snapshot, synced)
from .test_play_common import BOARDS  # noqa: E402


@pytest.fixture(params=BOARDS)
def game_name(request) -> str:
    return request.param


def smallest(game_name: str) -> int:
    spec = spynb.get_spec(game_name)
    return spec.allowed_seats(spec.default_variant)[0]


def all_bots(game_name: str, bot: str = "random", seed: int = 1):
    seats = smallest(game_name)
    return board_class(game_name)(seats=seats, seed=seed, players=[bot] * seats)


def test_a_game_of_bots_waits_for_step_and_says_what_to_press(game_name):
    board = all_bots(game_name)
    assert board.pace == "step" and len(board.game.actions) == 0
    assert board.thinking == board.game.turn.seats[0]
    assert "press Step" in board.status and "bot: random" in board.status


def test_each_bot_message_plays_exactly_one_action_and_narrates_it(game_name):
    board = all_bots(game_name)
    for n in range(5):
        if board.game.over:  # a short game ends sooner
            assert n > 0 and board.thinking is None
            break
        seat = board.thinking
        front_end_sends(board, {"kind": "bot", "at": n})
        assert board.error == {} and len(board.game.actions) == n + 1
        assert board.game.actions[-1][0] == seat
        assert board.narration["seat"] == seat and board.narration["step"] == n + 1
        assert board.narration["text"]


def test_a_late_tick_from_the_timer_does_nothing(game_name):
    board = all_bots(game_name)
    front_end_sends(board, {"kind": "bot", "at": 0})
    before = snapshot(board)
    front_end_sends(board, {"kind": "bot", "at": 0})  # a second view's tick, or one sent before the answer
    assert snapshot(board) == before and board.error == {}


def test_a_timer_tick_that_finds_a_person_to_move_leaves_the_refusal_they_read(game_name):
    """The turn passed to a person while a tick was on its way: the tick does nothing, and the refusal of
    the person's wrong click stays (only a press of Step is refused when no bot may move)."""
    seats = smallest(game_name)
    board = board_class(game_name)(seats=seats, seed=2, players=["human"] + ["random"] * (seats - 1))
    bots_until_a_person(board)
    front_end_sends(board, {"kind": "play", "action": "no such move"})
    refused = board.error
    assert refused["message"]
    before = snapshot(board)
    front_end_sends(board, {"kind": "bot", "at": len(board.game.actions), "tick": True})
    assert board.error == refused and snapshot(board) == before
    front_end_sends(board, {"kind": "bot", "at": len(board.game.actions)})  # Step pressed
    assert board.error["message"].startswith("No bot moves now") and snapshot(board) == before


def test_no_bot_to_move_reaches_the_browser_as_0_not_as_a_none_the_kernel_would_drop(game_name):
    """JupyterLite's kernel drops a key whose value is None, so the browser would keep the last bot seat and
    its timer would go on ticking; the seat traits travel as 0 for none."""
    seats = smallest(game_name)
    board = board_class(game_name)(seats=seats, seed=2, players=["human"] + ["random"] * (seats - 1))
    bots_until_a_person(board)
    assert board.thinking is None and synced(board)["thinking"] == 0
    board.show_teaching(True)
    assert board.viewer is None and synced(board)["viewer"] == 0
    state = synced(board)
    assert [name for name in OWN_TRAITS if state[name] is None] == []


def test_bots_wait_while_a_person_is_to_move(game_name):
    seats = smallest(game_name)
    board = board_class(game_name)(seats=seats, seed=2, players=["human"] + ["random"] * (seats - 1))
    bots_until_a_person(board)
    if board.game.over:
        pytest.skip("the bots ended the game")
    assert board.thinking is None and 1 in board.game.turn.seats
    before = snapshot(board)
    front_end_sends(board, {"kind": "bot", "at": len(board.game.actions)})
    assert "No bot moves now" in board.error["message"] and snapshot(board) == before


def test_a_person_move_leaves_the_bots_reply_to_the_pace(game_name):
    seats = smallest(game_name)
    board = board_class(game_name)(seats=seats, seed=2, players=["human"] + ["random"] * (seats - 1))
    bots_until_a_person(board)
    assert board.pace == "fast"  # a game with a person: the bots reply by themselves
    for _ in range(20):
        if board.game.over or board.thinking is not None:
            break
        played = len(board.game.actions)
        assert board.play(board.legal[0])
        assert len(board.game.actions) == played + 1, "the handler played a bot's move too"
    if board.thinking is not None:
        assert "is thinking" in board.status and "Stop" in board.status


def test_the_pace_is_set_from_the_front_end_and_stop_waits_for_step(game_name):
    board = all_bots(game_name)
    front_end_sends(board, {"kind": "pace", "pace": "slow"})
    assert board.pace == "slow" and "is thinking" in board.status and board.error == {}
    front_end_sends(board, {"kind": "pace", "pace": "step"})
    assert board.pace == "step" and "press Step" in board.status
    before = snapshot(board)
    front_end_sends(board, {"kind": "pace", "pace": "warp"})
    assert board.error["message"] and snapshot(board) == before


def test_a_new_game_of_bots_waits_and_a_game_with_a_person_runs(game_name):
    seats = smallest(game_name)
    board = all_bots(game_name)
    front_end_sends(board, {"kind": "new", "seed": 3, "seats": seats, "players": ["human"] + ["random"] * (seats - 1)})
    assert board.pace == "fast"
    front_end_sends(board, {"kind": "pace", "pace": "slow"})
    front_end_sends(board, {"kind": "new", "seed": 3, "seats": seats, "players": ["human"] + ["random"] * (seats - 1)})
    assert board.pace == "slow", "a pace the learner chose stays"
    front_end_sends(board, {"kind": "new", "seed": 3, "seats": seats, "players": ["random"] * seats})
    assert board.pace == "step"


def test_the_narration_holds_only_the_new_events_of_the_seat_shown(game_name):
    """The narration is the sentences of the events the seat shown saw (the engine's ``events_seen_by``)."""
    seats = smallest(game_name)
    told = 0
    for seed in range(MOST_SEEDS):
        if seed >= 4 and told >= 10:
            break
        board = board_class(game_name)(seats=seats, seed=seed, players=["human"] + ["random"] * (seats - 1))
        for _ in range(30):
            if board.game.over:
                break
            if board.thinking is None:
                board.play(board.legal[-1])
                continue
            seen_before = len(board.game.state.events_seen_by(1))
            assert board.bot_step()
            events = board.game.state.events_seen_by(1)[seen_before:]
            others = [e for e in events if not (e.actor == 1 and e.seen_by == {1})]  # not seat 1's own card
            new = [e.text for e in others or events]
            text = board.narration["text"]
            if new:
                assert text.startswith(" ".join(new[:3])), (text, new)
                told += 1
            else:  # a choice kept face down at a simultaneous turn is said to be made and hidden
                assert "nothing of it shows" in text or "stays hidden until every seat has chosen" in text
    assert told >= 10


def test_under_the_cover_the_narration_tells_only_what_everyone_saw():
    from spynb.cloak_dagger.widget import CloakDaggerBoard

    boards = (CloakDaggerBoard(seats=3, seed=seed, players=["random", "human", "human"]) for seed in range(30))
    board = next(b for b in boards if b.game.turn.seats == (1,))  # the bot moves first
    assert board.cover and board.view.get("covered") and board.thinking is None, "bots wait for the cover"
    assert "seat 2" in board.cover, "the first person's seat watches the bots"
    front_end_sends(board, {"kind": "uncover"})
    assert board.viewer == 2 and board.view["omniscient"] is False and board.thinking == 1
    covered = 0
    for _ in range(60):
        if board.game.over:
            break
        if board.cover:
            entry = board._entries[-1]
            if not entry.human:
                public = [e.text for e in board.game.state.events[entry.first_event:entry.last_event]
                          if e.seen_by is None]
                assert board.narration["text"] == " ".join(public[:3]) + (
                    " (more in the event log)" if len(public) > 3 else "") or "nothing of it shows" in \
                    board.narration["text"]
                covered += 1
            front_end_sends(board, {"kind": "uncover"})
        elif board.thinking is not None:
            assert board.bot_step()
        else:
            assert board.play(board.legal[0])
        assert board.view.get("omniscient") is not True, "a shared screen never shows every seat's cards"
    assert covered >= 1


def test_no_hidden_information_in_the_bot_traits(game_name):
    """Twins that differ only in what the seat has not seen give identical traits with bots at the table."""
    seats = smallest(game_name)
    checked = 0
    for game, _ in random_positions(game_name, 30, seats=seats, first_seed=100, max_steps=60):
        bot_seat = game.turn.seats[0]
        seat = next(s for s in range(1, seats + 1) if s != bot_seat)
        twin = hidden_twin(game, seat, seed=len(game.actions))
        if twin is None:
            continue
        players = ["human" if s == seat else "random" for s in range(1, seats + 1)]
        one, two = (synced(board_class(game_name)(g, players=players)) for g in (game, twin))
        assert one == two, f"seat {seat}'s board tells the two games apart"
        assert one["thinking"] in (bot_seat, 0)  # no bot to move travels as 0 (spynb/widgets/wire.py)
        checked += 1
    assert checked >= 8


def test_after_an_undo_a_person_move_is_never_told_as_a_bot_move():
    from spynb.kloak.widget import KloakBoard

    board = KloakBoard(seed=4, players=["human", "random"], teaching=True)
    bots_until_a_person(board)
    assert board.play(board.legal[0])
    assert board.bot_step() and board.narration
    front_end_sends(board, {"kind": "undo"})  # the teaching view: undo is free
    assert board.error == {} and board.narration == {}
    assert board.play(board.legal[0]) and board.narration == {}

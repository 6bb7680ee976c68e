"""What just happened: every move by another seat told in a sentence, and the log of every turn."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("anywidget")

import spynb  # noqa: E402
from spynb.widgets.narration import turn_log  # noqa: E402
from spynb.widgets.play import board_class  # noqa: E402

from .helpers import bots_until_a_person, front_end_sends, MOST_SEEDS  # noqa: E402
from .test_play_common import BOARDS  # noqa: E402


def smallest(game_name: str) -> int:
    spec = spynb.get_spec(game_name)
    return spec.allowed_seats(spec.default_variant)[0]


@pytest.fixture(params=BOARDS)
def game_name(request) -> str:
    return request.param


def hot_seat_moves(game_name: str, seed: int, moves: int):
    """A shared screen of people only, played at random through the board as the browser does; after each
    move by a person, yields the board (covered) and then again once the next seat has the device."""
    seats = smallest(game_name)
    board = board_class(game_name)(seats=seats, seed=seed, players=["human"] * seats)
    rng = random.Random(seed)
    for _ in range(moves):
        if board.game.over:
            return
        if board.cover:
            front_end_sends(board, {"kind": "uncover"})
            if board._entries:
                yield board
            continue
        mover = board.viewer
        front_end_sends(board, {"kind": "play", "action": rng.choice(board.legal)})
        assert board.error == {}, board.error
        yield board
        assert board._entries[-1].seat == mover


def test_a_person_move_at_a_shared_screen_is_told_to_the_next_seat_in_what_it_saw(game_name):
    """Hot-seat: once the device has passed, the seat shown reads the other person's move, in the
    sentences of the events it saw of it, nothing more."""
    told = 0
    for seed in range(MOST_SEEDS):
        if seed >= 3 and told >= 5:
            break
        for board in hot_seat_moves(game_name, seed, 30):
            entry = board._entries[-1]
            events = board.game.state.events[entry.first_event:entry.last_event]
            if board.cover:
                seen = [e.text for e in events if e.seen_by is None]
            elif board.viewer != entry.seat:
                visible = [e for e in events if e.visible_to(board.viewer)]
                others = [e for e in visible if not (e.actor == board.viewer and e.seen_by == {board.viewer})]
                seen = [e.text for e in others or visible]  # its own secret card is in its log, not the news
            else:
                assert board.narration == {}, "a seat's own move is not told back to it"
                continue
            text = board.narration["text"]
            assert board.narration["seat"] == entry.seat and board.narration["bot"] is False
            if seen:
                assert text.startswith(" ".join(seen[:3]))
            else:
                assert "nothing of it shows" in text or "stays hidden until every seat has chosen" in text
            told += not board.cover
    assert told >= 5


def test_the_narration_of_a_person_move_names_the_move_in_cloak_and_dagger():
    from spynb.cloak_dagger.widget import CloakDaggerBoard

    board = CloakDaggerBoard(seats=2, seed=3, players=["human", "human"])
    front_end_sends(board, {"kind": "uncover"})
    first = board.viewer
    front_end_sends(board, {"kind": "play", "action": "7"})
    assert board.cover and board.narration["text"].startswith(f"Seat {first} ")
    assert "envelope" in board.narration["text"]
    front_end_sends(board, {"kind": "uncover"})
    assert board.viewer != first and board.narration["seat"] == first
    assert f"Seat {first}" in board.narration["text"]


def test_the_log_keeps_every_turn_of_the_target_not_only_the_latest_events():
    """The Target's view carries only this turn's latest events; the board's log holds the whole game."""
    board = board_class("target")(seats=4, seed=2, players=["human", "rules", "rules", "rules"])
    for _ in range(40):
        if board.thinking is not None:
            bots_until_a_person(board)
        elif board.legal:
            board.play(board.legal[0])
    turns = [t["turn"] for t in board.log]
    assert turns == sorted(set(turns)) and len(turns) >= 3, turns
    texts = [e["text"] for t in board.log for e in t["events"]]
    assert texts == [e.text for e in board.game.state.events_seen_by(1)]
    assert len(texts) > len(board.view["events"])
    assert any("takes the pile" in t or "receives" in t or "pile" in t for t in texts)


def test_the_log_marks_the_told_move_as_new(game_name):
    seats = smallest(game_name)
    board = board_class(game_name)(seats=seats, seed=1, players=["human"] + ["rules"] * (seats - 1))
    bots_until_a_person(board)
    if not board.legal:
        pytest.skip("the game ended before a person moved")
    board.play(board.legal[0])
    assert all(not e["new"] for t in board.log for e in t["events"]), "a person's own move is not new to them"
    if board.thinking is None:
        return
    front_end_sends(board, {"kind": "bot", "at": len(board.game.actions)})
    new = [e["text"] for t in board.log for e in t["events"] if e["new"]]
    entry = board._entries[-1]
    assert new == [e.text for e in board.game.state.events[entry.first_event:entry.last_event] if e.visible_to(1)]


def test_the_log_is_empty_under_the_cover_and_follows_a_review(game_name):
    seats = smallest(game_name)
    board = board_class(game_name)(seats=seats, seed=4, players=["human"] * seats)
    assert board.cover and board.log == []
    front_end_sends(board, {"kind": "uncover"})
    board.play(board.legal[0])
    front_end_sends(board, {"kind": "uncover"})
    front_end_sends(board, {"kind": "review", "step": 0})
    then = board.game.at(0).state.events_seen_by(board.viewer)
    assert [e["text"] for t in board.log for e in t["events"]] == [e.text for e in then]


def test_turn_log_groups_by_turn_and_titles_the_setup():
    log = turn_log([({"turn": 0, "text": "a"}, False), ({"turn": 0, "text": "b"}, False),
                    ({"turn": 2, "text": "c"}, True)])
    assert [t["title"] for t in log] == ["Before the first turn", "Turn 2"]
    assert [len(t["events"]) for t in log] == [2, 1] and log[1]["events"][0]["new"] is True


def test_a_choice_still_hidden_at_a_simultaneous_turn_is_told_as_made_and_hidden():
    """The Target: everyone plays a card face down at once (TG-3); a bot's choice shows nothing until the last
    seat has chosen, and the narration says so instead of a bare 'moved'."""
    board = board_class("target")(seats=4, seed=3, players=["human", "rules", "rules", "rules"])
    board.pace = "step"
    board.play(board.legal[0])
    assert board.game.turn.simultaneous and board.thinking is not None
    front_end_sends(board, {"kind": "bot", "at": len(board.game.actions)})
    seat = board._entries[-1].seat
    assert board.narration["text"] == (f"Seat {seat} has made its choice; it stays hidden until every seat has "
                                       "chosen.")
    while board.thinking is not None and board.game.turn.simultaneous:
        front_end_sends(board, {"kind": "bot", "at": len(board.game.actions)})
    assert "stays hidden" not in board.narration["text"], "once all have chosen, the choices are told"

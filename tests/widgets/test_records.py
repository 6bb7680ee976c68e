"""Saving at a shared screen and links to a position: no seed and no other seat's card while the game runs."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

pytest.importorskip("anywidget")

import spynb  # noqa: E402
from spynb.widgets.play import board_class  # noqa: E402
from spynb.widgets.records import MAX_JSON, decode_link, encode_link  # noqa: E402

from .helpers import bots_until_a_person, front_end_sends, hidden_twin, random_positions, snapshot  # noqa: E402
from .test_play_common import BOARDS, two_humans  # noqa: E402


@pytest.fixture(params=BOARDS)
def game_name(request) -> str:
    return request.param


def sent_by(board) -> list[dict]:
    sent: list[dict] = []
    board.send = lambda content, buffers=None: sent.append(content)
    return sent


def uncovered(board):
    front_end_sends(board, {"kind": "uncover"})
    assert not board.cover
    return board


def finished_hot_seat(game_name: str):
    """A hot-seat game played to its end (a short turn limit), the device passed at each cover."""
    seats = spynb.get_spec(game_name).allowed_seats(spynb.get_spec(game_name).default_variant)[0]
    game = spynb.new_game(game_name, seats=seats, seed=4, options={"turn_limit": 6})
    board = board_class(game_name)(game, players=["human"] * seats)
    for _ in range(2_000):
        if board.game.over:
            return board
        if board.cover:
            front_end_sends(board, {"kind": "uncover"})
        else:
            assert board.play(board.legal[0]), board.error
    raise AssertionError("the game did not end")


def test_a_shared_screen_saves_the_record_only_once_the_game_is_over(game_name):
    board = uncovered(two_humans(game_name))
    sent = sent_by(board)
    before = snapshot(board)
    front_end_sends(board, {"kind": "save"})
    assert sent == [] and board.error["kind"] == "record" and "seed" in board.error["message"]
    assert snapshot(board) == before
    done = finished_hot_seat(game_name)
    sent = sent_by(done)
    front_end_sends(done, {"kind": "save"})
    assert done.error == {} and json.loads(sent[0]["json"])["seed"] == 4


def test_one_person_against_bots_saves_the_whole_record_mid_game(game_name):
    board = board_class(game_name)(seed=9)
    sent = sent_by(board)
    front_end_sends(board, {"kind": "save"})
    assert board.error == {} and json.loads(sent[0]["json"])["seed"] == 9


def link_of(board) -> dict:
    sent = sent_by(board)
    front_end_sends(board, {"kind": "link"})
    assert board.error == {}, board.error
    assert sent[0]["kind"] == "link" and sent[0]["fragment"].startswith("position=")
    assert sent[0]["fragment"][9:60] not in json.dumps(board.get_state(), default=str), "a link is no trait"
    return decode_link(sent[0]["fragment"])


def test_a_running_game_links_the_seat_view_and_no_seed_or_record(game_name):
    board = uncovered(two_humans(game_name, seed=918_273_645))
    payload = link_of(board)
    seat = board.viewer
    assert set(payload) == {"v", "game", "variant", "seats", "seat", "step", "names", "view"}
    assert payload["seat"] == seat and payload["view"] == board.game.view(seat).to_dict()
    assert payload["view"]["omniscient"] is False
    assert "918273645" not in json.dumps(payload)


def test_a_running_game_link_cannot_tell_two_deals_apart(game_name):
    """Two games that differ only in what the seat has not seen give that seat the same link."""
    spec = spynb.get_spec(game_name)
    seats = spec.allowed_seats(spec.default_variant)[0]
    checked = 0
    for game, seat in random_positions(game_name, 30, seats=seats, first_seed=50, max_steps=60):
        twin = hidden_twin(game, seat, seed=len(game.actions) + 1)
        if twin is None:
            continue
        links = []
        for g in (game, twin):
            board = board_class(game_name)(g, players=["human"] * seats)
            uncovered(board)
            links.append(board.position_link())
        assert links[0] == links[1]
        checked += 1
    assert checked >= 8


def test_no_link_while_the_device_passes_or_from_every_seat_cards(game_name):
    board = two_humans(game_name)
    before = snapshot(board)
    front_end_sends(board, {"kind": "link"})
    assert board.cover and "passes" in board.error["message"] and snapshot(board) == before
    uncovered(board).show_teaching(True)  # from Python: every seat's cards, two people playing
    front_end_sends(board, {"kind": "link"})
    assert "one seat's view" in board.error["message"]


def test_opening_a_running_game_link_shows_that_seat_view_to_look_at(game_name):
    board = uncovered(two_humans(game_name))
    board.play(board.legal[0])
    uncovered(board) if board.cover else None
    fragment, seat, view = board.position_link(), board.viewer, board.view
    other = board_class(game_name)(seed=1)
    front_end_sends(other, {"kind": "position", "link": "#step=3&" + fragment})
    assert other.error == {}, other.error
    assert other.viewer == seat and other.legal == [] and other.thinking is None
    assert {k: v for k, v in other.view.items() if k != "label"} == {k: v for k, v in view.items() if k != "label"}
    assert "shared position" in other.view["label"] and "cannot go on" in other.status
    before = snapshot(other)
    for content in ({"kind": "play", "action": board.legal[0] if board.legal else "1"},
                    {"kind": "undo"}, {"kind": "bot"}, {"kind": "save"}, {"kind": "teaching", "on": True}):
        other.error = {}
        front_end_sends(other, content)
        assert snapshot(other) == before and other.error, content
    assert other.position_link() == fragment
    front_end_sends(other, {"kind": "new", "seed": 2})
    assert other.error == {} and other.game.seed == 2 and "shared" not in other.view["label"]


def test_a_finished_game_links_the_whole_record_and_opens_it(game_name):
    done = finished_hot_seat(game_name)
    payload = link_of(done)
    assert payload["record"] == json.loads(done.game.record().to_json())
    other = board_class(game_name)(seed=1)
    assert other.restore_position(encode_link(payload))
    assert other.game.record() == done.game.record() and other.game.over


BAD_LINKS = [
    5,
    None,
    "position=%%%",
    "position=" + "A" * 300_000,
    encode_link({"v": 2, "game": "kloak"}),
    "position=" + base64.urlsafe_b64encode(zlib.compress(b"[1, 2]")).decode(),
    "position=" + base64.urlsafe_b64encode(zlib.compress(b"0" * (MAX_JSON + 10))).decode(),
]


@pytest.mark.parametrize("link", BAD_LINKS, ids=range(len(BAD_LINKS)))
def test_a_bad_link_says_so_and_changes_nothing(game_name, link):
    board = board_class(game_name)(seed=3)
    before = snapshot(board)
    front_end_sends(board, {"kind": "position", "link": link})
    assert board.error["kind"] == "record" and board.error["message"]
    assert len(json.dumps(board.error)) < 1_200
    assert snapshot(board) == before


def test_a_link_of_another_game_or_a_forged_view_is_refused(game_name):
    source = uncovered(two_humans(game_name))
    payload = decode_link(source.position_link())
    other_game = next(n for n in BOARDS if n != game_name)
    board = board_class(other_game)(seed=3)
    before = snapshot(board)
    assert board.restore_position(encode_link(payload)) is False and "field 'game'" in board.error["where"]
    assert snapshot(board) == before
    board = board_class(game_name)(seed=3)
    before = snapshot(board)
    for forged in ({"view": payload["view"] | {"omniscient": True}}, {"seat": 99}, {"seats": 1000},
                   {"names": ["x"]}, {"step": -1}, {"variant": "x" * 5000}):
        assert board.restore_position(encode_link(payload | forged)) is False, forged
        assert snapshot(board) == before and len(board.error["message"]) < 500


def _crafted(view: dict) -> list[dict]:
    """Views a hand could write into a link: malformed events, a seat count, a bare view, each field mangled."""
    game_keys = ("game", "seat", "label", "omniscient", "events")
    crafted = [view | {"events": "x"}, view | {"events": [{"text": 5}]}, view | {"events": [1, 2]},
               view | {"events": [{"kind": "k", "text": "t", "actor": 99, "step": 1}]},
               view | {"seats": 99}, {k: view[k] for k in ("game", "seat", "label", "omniscient")}]
    for key in sorted(set(view) - set(game_keys)):
        value = view[key]
        crafted += [view | {key: "wrong"}, view | {key: None}] + ([view | {key: [value]}] if value else [])
    return [v for v in crafted if v != view]


def test_a_crafted_view_in_a_link_is_refused_where_it_is_wrong_and_changes_nothing(game_name):
    """Issue: a link is validated in full before anything changes: a view no game of these seats can show (its
    events malformed, a field of the wrong type or value) is refused, saying where, and the board stays as it was."""
    source = uncovered(two_humans(game_name))
    payload = decode_link(source.position_link())
    board = board_class(game_name)(seed=3)
    before = snapshot(board)
    for view in _crafted(payload["view"]):
        board.error = {}
        front_end_sends(board, {"kind": "position", "link": encode_link(payload | {"view": view})})
        assert board.error.get("kind") == "record", sorted(set(view) ^ set(payload["view"])) or view.get("events")
        assert board.error["where"].startswith("field 'view"), board.error
        assert snapshot(board) == before
    front_end_sends(board, {"kind": "position", "link": encode_link(payload)})
    assert board.error == {} and board.view["seat"] == payload["seat"]
    for content in ({"kind": "aid", "on": True}, {"kind": "review", "step": 0}, {"kind": "link"}):
        front_end_sends(board, content)  # a restored view works everywhere the board reads it
        assert "could not handle" not in board.error.get("message", ""), content


def test_a_record_link_on_a_shared_screen_keeps_the_cover_and_shows_no_seat(game_name):
    """Issue 50: a link holding a running game's record, opened where several people share the screen, must not
    show the link's seat under the cover (the device has not been passed to anyone yet)."""
    board = two_humans(game_name)
    seats = board.game.seats
    running = board_class(game_name)(seats=seats, seed=6)
    bots_until_a_person(running)
    assert running.play(running.legal[0]) and not running.game.over
    record = json.loads(running.game.record().to_json())
    link = encode_link({"v": 1, "game": game_name, "seat": seats, "names": list(board.names),
                        "players": ["human"] * seats, "record": record})
    assert board.restore_position(link), board.error
    fresh = two_humans(game_name)
    assert board.cover and board.viewer is None
    assert board.view == fresh.view and board.view["covered"] is True

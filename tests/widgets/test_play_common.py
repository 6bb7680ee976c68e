"""What every board shares, Python side: traits, intentions, refusals, hot-seat, bots, undo, review, records.

Run on every board class there is (Cloak & Dagger always; KLOAK and The Target once their boards exist).
"""

from __future__ import annotations

import functools
import json
import random

import pytest

pytest.importorskip("anywidget")

import spynb  # noqa: E402
from spynb.widgets.frontend import board_module, board_styles  # noqa: E402
from spynb.widgets.play import PlayBoard, board_class  # noqa: E402

from .helpers import (MOST_SEEDS, OWN_TRAITS, bots_until_a_person, front_end_sends,  # noqa: E402
                      hidden_twin_boards, play_a_few, snapshot, synced)



def _boards() -> list[str]:
    names = []
    for name in spynb.game_names():
        try:
            board_class(name)
        except spynb.SpynbError:
            continue
        names.append(name)
    return names


BOARDS = _boards()


def two_humans(name: str, seed: int = 3) -> PlayBoard:
    spec = spynb.get_spec(name)
    seats = spec.allowed_seats(spec.default_variant)[0]
    return board_class(name)(seats=seats, seed=seed, players=["human"] * seats)


@pytest.fixture(params=BOARDS)
def game_name(request) -> str:
    return request.param


@pytest.fixture
def board(game_name) -> PlayBoard:
    board = board_class(game_name)(seed=5, teaching=True, players=None)
    bots_until_a_person(board)
    return board


def test_every_trait_is_synced_and_documented(board):
    synced_traits = board.traits(sync=True)
    for name in OWN_TRAITS:
        assert name in synced_traits, name
        assert synced_traits[name].help, f"{name} has no help"
    json.dumps(board.get_state(), default=str)


def test_the_module_is_the_common_prelude_and_the_game_module(game_name):
    cls = board_class(game_name)
    esm, css = board_module(cls.GAME), board_styles(cls.GAME)
    assert esm.index("function mountBoard") < esm.rindex("\nexport default mountBoard(")
    assert esm.count("\nexport default") == 1
    assert ".spynb-play" in css
    code = esm.replace("http://www.w3.org/2000/svg", "")  # the SVG namespace names, it loads nothing
    assert "http://" not in code and "https://" not in code and "import(" not in code and "fetch(" not in code, \
        "the board must load nothing from the network"


def test_constructor_rejects_unknown_keywords(game_name):
    with pytest.raises(TypeError, match="colour"):
        board_class(game_name)(colour="red")


def test_constructor_rejects_a_game_of_another_kind(game_name):
    other = next(n for n in spynb.game_names() if n != game_name)
    with pytest.raises(TypeError, match="plays"):
        board_class(game_name)(spynb.new_game(other))


def test_the_teaching_view_is_labelled_and_plays_for_the_seat_to_move(board):
    assert board.teaching and board.viewer is None
    assert board.view["omniscient"] is True and "omniscient" in board.view["label"]
    seat = board.game.turn.seats[0]
    assert board.legal == [str(a) for a in board.game.legal_actions(seat)]


def test_an_intention_is_played_through_the_engine(board):
    before = len(board.game.actions)
    front_end_sends(board, {"kind": "play", "action": board.legal[0]})
    assert board.error == {}
    assert len(board.game.actions) > before
    assert board.view == board.game.view(None).to_dict() | {}


HOSTILE = [
    {"kind": "play", "action": "no such action"},
    {"kind": "play", "action": ""},
    {"kind": "play", "action": 7},
    {"kind": "play", "action": "x" * 10_000},
    {"kind": "play", "action": ["1"]},
    {"kind": "play"},
    {"kind": "teleport"},
    {"kind": 3},
    {"kind": "teaching", "on": "yes"},
    {"kind": "review", "step": "two"},
    {"kind": "review", "step": 10_000},
    {"kind": "review", "step": True},
    {"kind": "new", "seed": "abc"},
    {"kind": "new", "seed": -1},
    {"kind": "new", "seats": 99},
    {"kind": "new", "seats": "2"},
    {"kind": "new", "variant": "no such variant"},
    {"kind": "new", "variant": 4},
    {"kind": "new", "players": ["nobody"]},
    {"kind": "new", "players": "human"},
    {"kind": "new", "names": ["<b>x</b>" * 20]},
    {"kind": "load", "json": "{"},
    {"kind": "load", "json": 12},
    {"kind": "load"},
    {"kind": "walk", "move": "next"},
    {"kind": "uncover"},
    "play 1",
    None,
    [],
    {"kind": "play", "action": {"__class__": "x"}},
    {"kind": "bot"},
    {"kind": "bot", "at": "0"},
    {"kind": "pace", "pace": "warp"},
    {"kind": "pace", "pace": ["fast"]},
    {"kind": "position", "link": "not a link"},
    {"kind": "position"},
]


@pytest.mark.parametrize("content", HOSTILE, ids=range(len(HOSTILE)))
def test_a_hostile_or_malformed_message_sets_error_and_changes_nothing(board, content):
    before = snapshot(board)
    front_end_sends(board, content)  # must not raise
    assert board.error and board.error["message"]
    assert snapshot(board) == before


MEGA = "x" * 1_000_000


def _nested(depth: int) -> list:
    inner: list = []
    for _ in range(depth):
        inner = [inner]
    return inner


@functools.cache  # built once a game: a hundred tests would otherwise spend most of their time building it
def _huge(game: str) -> tuple:
    record = {"game": game, "variant": "standard", "seats": 2, "seed": 0, "actions": []}
    return (
        MEGA, [MEGA], {MEGA: 1}, {"kind": MEGA}, {"kind": "play", "action": MEGA},
        {"kind": "play", "action": [MEGA]}, {"kind": "teaching", "on": MEGA}, {"kind": "review", "step": MEGA},
        {"kind": "new", "seed": MEGA}, {"kind": "new", "variant": MEGA}, {"kind": "new", "players": [MEGA] * 3},
        {"kind": "new", "names": [MEGA] * 3}, {"kind": "new", "seats": 10**300}, {"kind": "new", "seats": 10**18},
        {"kind": "new", "seats": 3 * 10**7},
        {"kind": "load", "json": MEGA}, {"kind": "load", "json": json.dumps(record | {"seats": MEGA})},
        {"kind": "load", "json": json.dumps(record | {"actions": ["1: " + MEGA]})},
        {"kind": "load", "json": json.dumps(record | {"game": MEGA})},
        {"kind": "bot", "at": MEGA}, {"kind": "pace", "pace": MEGA}, {"kind": "position", "link": MEGA},
        {"kind": "walk", "move": MEGA}, _nested(100_000), {"kind": "play", "action": _nested(100_000)},
    )


@pytest.mark.parametrize("index", range(len(_huge("x"))))
def test_a_huge_hostile_message_is_quoted_briefly_and_changes_nothing(board, index):
    content = _huge(board.GAME)[index]
    before = snapshot(board)
    front_end_sends(board, content)  # must not raise
    assert board.error and board.error["message"]
    assert len(json.dumps(board.error)) < 1_200, "the error echoes the payload"
    assert snapshot(board) == before


@pytest.mark.parametrize("seats", [10**18, 3 * 10**7, 10**6])
def test_a_huge_seat_count_is_refused_before_anything_is_built(board, seats):
    import tracemalloc

    before = snapshot(board)
    tracemalloc.start()
    try:
        front_end_sends(board, {"kind": "new", "seats": seats})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert board.error["kind"] == "setup" and "seats" in board.error["message"]
    assert peak < 1_000_000, f"{peak} bytes allocated before the refusal"
    assert snapshot(board) == before


def test_an_illegal_action_comes_back_as_the_rule_and_a_sentence(board):
    seat = board.game.turn.seats[0]
    legal = {str(a) for a in board.game.legal_actions(seat)}
    # find an action that parses but is illegal now: try every legal action of another position
    candidates: list[str] = []
    for seed in range(99, 99 + MOST_SEEDS):
        if seed > 99 and any(c not in legal for c in candidates):
            break
        probe = spynb.new_game(board.GAME, seats=board.game.seats, variant=board.game.variant, seed=seed)
        rng = random.Random(seed)
        for _ in range(60):  # a short game is probed again, at random, until it reaches other actions
            if probe.over:
                break
            s = probe.turn.seats[0]
            candidates += [str(a) for a in probe.legal_actions(s)]
            probe.play(probe.legal_actions(s)[-1] if seed == 99 else rng.choice(probe.legal_actions(s)), s)
    illegal = next(c for c in candidates if c not in legal)
    before = snapshot(board)
    assert board.play(illegal) is False
    assert board.error["rule"], board.error
    assert board.error["reason"] and board.error["kind"] in ("illegal", "notation")
    assert spynb.lookup(board.error["rule"])
    assert snapshot(board) == before


def test_hot_seat_covers_between_seats_and_holds_no_seat_view_while_covered(game_name):
    board = two_humans(game_name)
    assert board.cover and board.viewer is None
    assert board.legal == []
    assert set(board.view) == {"covered", "game", "label", "seat", "omniscient"}
    assert board.status == board.cover
    first = board.game.turn.seats[0]
    front_end_sends(board, {"kind": "uncover"})
    assert not board.cover and board.viewer == first
    assert board.view["seat"] == first and board.legal
    # play until another seat must move: the board covers again before showing it
    for _ in range(50):
        if board.cover or board.game.over:
            break
        assert board.play(board.legal[0]), board.error
    assert board.cover and board.view.get("covered")
    assert "seat" in board.cover


def test_bots_play_their_seats(game_name):
    spec = spynb.get_spec(game_name)
    seats = spec.allowed_seats(spec.default_variant)[0]
    board = board_class(game_name)(seats=seats, seed=2, players=["human"] + ["random"] * (seats - 1))
    assert board.viewer == 1
    if not board.game.over:
        assert 1 in board.game.turn.seats
        assert board.legal == [str(a) for a in board.game.legal_actions(1)]


def test_seats_no_one_names_are_played_by_the_rule_of_thumb_bot(game_name):
    spec = spynb.get_spec(game_name)
    seats = spec.allowed_seats(spec.default_variant)[-1]
    board = board_class(game_name)(seats=seats, seed=5)
    assert board.players == ["human"] + ["rules"] * (seats - 1)
    assert board.setup["opponent"] == "rules" and "rules" in board.setup["bots"]
    front_end_sends(board, {"kind": "new", "seed": 6, "seats": spec.allowed_seats(spec.default_variant)[0]})
    assert board.players[1:] == ["rules"] * (len(board.players) - 1) and not board.error


@pytest.mark.parametrize("seed", range(3))
def test_a_game_of_bots_runs_to_the_end(game_name, seed):
    spec = spynb.get_spec(game_name)
    seats = spec.allowed_seats(spec.default_variant)[0]
    game = spynb.new_game(game_name, seats=seats, seed=seed, options={"turn_limit": 40})
    board = board_class(game_name)(game, players=["random"] * seats)
    assert len(board.game.actions) == 0 and board.pace == "step"  # a game of bots waits for Step
    bots_until_a_person(board)  # one action per message
    assert board.game.over
    assert board.status.startswith("Game over")


def test_no_hidden_information_in_any_synced_trait(game_name):
    """Two games that differ only in what a seat has not seen give that seat's board identical traits."""
    checked = 0
    spec = spynb.get_spec(game_name)
    seats = spec.allowed_seats(spec.default_variant)[0]
    for *boards, seat in hidden_twin_boards(board_class(game_name), game_name, 40, seats=seats, max_steps=60):
        one, two = (synced(b) for b in boards)
        assert one == two, f"seat {seat}'s board tells the two games apart"
        assert not {"envelopes", "hands", "stack_hidden"} & set(one["view"])
        assert one["view"]["omniscient"] is False
        assert one["log"] and one["log"] == two["log"], "the log of every turn is part of what is compared"
        assert one["glossary"] == two["glossary"]
        checked += 1
    assert checked >= 10


def test_undo_is_free_in_the_teaching_view(board):
    first = board.view
    board.play(board.legal[0])
    assert board.history["can_undo"]
    front_end_sends(board, {"kind": "undo"})
    assert board.error == {}
    assert board.view == first


def test_review_steps_back_through_the_shown_seat_view_and_plays_nothing(board):
    play_a_few(board)
    n = len(board.game.actions)
    live = board.view
    front_end_sends(board, {"kind": "review", "step": n - 1})
    assert board.history["review"] == n - 1
    assert board.view == board.game.at(n - 1).view(None).to_dict()
    assert board.legal == [] and "Reviewing" in board.status
    assert board.play("pass") is False
    front_end_sends(board, {"kind": "review", "step": -1})
    assert board.view == live and board.history["review"] == -1


def test_new_game_from_the_front_end(board, game_name):
    spec = spynb.get_spec(game_name)
    variant = spec.variants[-1]
    seats = spec.allowed_seats(variant)[-1]
    front_end_sends(board, {"kind": "new", "seed": 11, "variant": variant, "seats": seats,
                            "players": ["human"] + ["random"] * (seats - 1), "names": [f"P{i}" for i in range(seats)]})
    assert board.error == {}, board.error
    assert board.game.seed == 11 and board.game.variant == variant and board.game.seats == seats
    assert board.names[0] == "P0" and board.setup["seed"] is None  # shown only once the game is over


def test_save_and_load_round_trip(board):
    play_a_few(board)
    text = board.save()
    view = board.view
    sent = []
    board.send = lambda content, buffers=None: sent.append(content)
    front_end_sends(board, {"kind": "save"})
    assert sent and sent[0]["kind"] == "record" and json.loads(sent[0]["json"])["actions"]
    assert "record" not in board.get_state(), "the record never lives in a trait"
    board.new_game(seed=123)
    front_end_sends(board, {"kind": "load", "json": text})
    assert board.error == {}
    assert board.view == view


@pytest.mark.parametrize("text, where", [
    ("{", "line 1 column 2"),
    ('{"game": "cloak-dagger", "variant": "standard", "seats": "two", "seed": 0, "actions": []}', "field 'seats'"),
    ('[1, 2]', "the record"),
])
def test_a_malformed_record_says_where_and_changes_nothing(board, text, where):
    before = snapshot(board)
    assert board.load(text) is False
    assert board.error["kind"] == "record" and where in board.error["where"]
    assert snapshot(board) == before


def test_a_record_of_another_game_or_with_a_bad_action_is_refused(board, game_name):
    record = json.loads(board.save())
    other = next(n for n in spynb.game_names() if n != game_name)
    before = snapshot(board)
    assert board.load(json.dumps(record | {"game": other})) is False
    assert "field 'game'" in board.error["where"]
    assert board.load(json.dumps(record | {"actions": ["1: fly away"]})) is False
    assert "actions[0]" in board.error["where"]
    assert snapshot(board) == before


def test_names_are_checked(game_name):
    spec = spynb.get_spec(game_name)
    seats = spec.allowed_seats(spec.default_variant)[0]
    with pytest.raises(spynb.SpynbError, match="names"):
        board_class(game_name)(seats=seats, names=["x" * 41] + ["y"] * (seats - 1))
    board = board_class(game_name)(seats=seats, names=["<b>A</b>"] + ["B"] * (seats - 1),
                                   players=["human"] * seats)
    assert board.names[0] == "<b>A</b>"  # kept as text: the front end only ever sets textContent


def test_the_teaching_view_stays_shut_at_a_shared_screen_until_the_game_is_over(game_name):
    board = two_humans(game_name)
    before = snapshot(board)
    front_end_sends(board, {"kind": "teaching", "on": True})
    assert board.error["kind"] == "refused" and not board.teaching
    assert snapshot(board) == before
    sent = []
    board.send = lambda content, buffers=None: sent.append(content)
    front_end_sends(board, {"kind": "save"})
    assert sent == [] and board.error["kind"] == "record"


def test_undo_never_takes_back_what_the_seat_has_seen():
    from spynb.cloak_dagger.widget import CloakDaggerBoard

    board = CloakDaggerBoard(seats=2, seed=4, players=["human", "random"])
    assert board.play(board.legal[0])  # the first envelope: the agents go in
    assert bots_until_a_person(board) >= 1  # the bot replies
    assert not board.history["can_undo"]
    before = snapshot(board)
    front_end_sends(board, {"kind": "undo"})
    assert board.error["kind"] == "undo" and "Undo stops here" in board.error["message"]
    assert snapshot(board) == before

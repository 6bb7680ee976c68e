"""The Target board: the six steps, simultaneous play passed seat to seat, the circle's facts."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("anywidget")

import spynb  # noqa: E402
from spynb.engine import sample_chance  # noqa: E402
from spynb.target.widget import STEPS, TargetBoard  # noqa: E402

from .helpers import front_end_sends, snapshot  # noqa: E402


def test_the_six_resolution_steps_cover_every_resolution_stage():
    board = TargetBoard(seed=2)
    assert [s["title"][0] for s in board.glossary["steps"]] == list("123456")
    stages = {stage for stages, _, _ in STEPS for stage in stages}
    assert stages == {"deflect", "operatives", "espionage", "outed", "intel", "movement", "take", "restore"}
    for _, _, rule in STEPS:
        assert spynb.lookup(rule)


def test_TG_3_simultaneous_play_passes_the_device_and_hides_choices():
    board = TargetBoard(seats=4, seed=2, players=["human"] * 4)
    seen = []
    for _ in range(6):
        if not board.cover:
            break
        front_end_sends(board, {"kind": "uncover"})
        seat = board.viewer
        seen.append(seat)
        plays = [n for n in board.legal if n.startswith("play")]
        if not plays:
            break
        assert board.play(plays[0])
        if board.view.get("covered"):
            assert "hand" not in board.view
    assert len(set(seen)) >= 2


def test_the_teaching_view_stops_at_resolution_steps_with_a_choice():
    import random

    rng = random.Random(1)
    board = TargetBoard(seats=4, seed=5, teaching=True, players=["human"] * 4)
    stages = set()
    steps = {stage for stages_, _, _ in STEPS for stage in stages_}
    for _ in range(600):
        if board.game.over or not board.legal:
            break
        stages.add(board.view["stage"])
        assert board.play(rng.choice(board.legal)), board.error
    assert stages & steps, stages  # some step stopped for a decision, and the board names it


def test_the_pile_is_marked_changed_when_a_card_leaves_it():
    """Cards leave the revealed pile (countered, deposited, taken) while what was revealed stays: the pile's
    section is outlined all the same."""
    board = TargetBoard(seed=2)
    game = spynb.new_game("target", seats=4, seed=3)
    rng = random.Random(3)
    checked = 0
    while not game.over and checked < 5:
        before = game.view(1).to_dict()
        seat = game.turn.seats[0] if game.turn.seats else None
        game.play(rng.choice(game.legal_actions(seat)) if seat else sample_chance(game.state, rng), seat)
        after = game.view(1).to_dict()
        if before["revealed"] == after["revealed"] and before["pile"] != after["pile"]:
            assert "revealed" in board.changed_keys(before, after)
            checked += 1
    assert checked == 5


# -- moves made on the cards they concern ----------------------------------------------------------------------
def _teaching_boards(count: int, wanted: tuple[str, ...] = ()):
    """Boards (every seat a person, the teaching view, which plays for the seat to move) of positions of seeded
    random games of five; with ``wanted``, only positions where the seat to move may make such a move."""
    made = 0
    for seed in range(count):
        rng = random.Random(seed)
        game = spynb.new_game("target", seats=5, seed=seed)
        while not game.over and made < count:
            seat = game.turn.seats[0] if game.turn.seats else None
            if seat is None:
                game.play(sample_chance(game.state, rng))
                continue
            legal = [str(a) for a in game.legal_actions(seat)]
            if not wanted or any(n.startswith(wanted) for n in legal):
                made += 1
                yield TargetBoard(game.copy(), players=["human"] * 5, teaching=True)
                if wanted:
                    break
            game.play(rng.choice(legal), seat)


def test_every_move_of_a_card_or_seat_is_offered_on_it_and_only_legal_moves_are():
    on_table = ("play ", "discard ", "counter ", "evade ", "reveal ", "remove ")
    kinds = set()
    for board in _teaching_boards(40, ("counter", "evade", "reveal", "remove")):
        offered = {n for moves in board.moves_at.values() for n in moves}
        assert offered <= set(board.legal)
        assert offered == {n for n in board.legal if n.startswith(on_table)}, board.legal
        kinds |= {key.partition(":")[0] for key in board.moves_at}
    assert kinds == {"hand", "pile", "front", "seat"}, kinds


def test_clicking_a_card_of_the_hand_plays_it():
    board = TargetBoard(seats=4, seed=2, players=["human"] + ["rules"] * 3)
    card = board.view["hand"][0]
    front_end_sends(board, {"kind": "card", "at": f"hand:{card}"})
    assert board.error == {}
    assert [str(a) for s, a in board.game.actions if s == 1] == [f"play {card}"]


def test_clicking_a_card_in_the_pile_counters_it_or_offers_the_ways():
    found = set()
    for board in _teaching_boards(60, ("counter", "evade")):
        piles = {key: moves for key, moves in board.moves_at.items() if key.startswith("pile:")}
        for key, moves in piles.items():
            played = len(board.game.actions)
            if len(moves) == 1:
                assert board.click(key) and str(board.game.actions[-1][1]) == moves[0]
                found.add("one")
            else:
                assert not board.click(key) and len(board.game.actions) == played
                assert "choose one of those shown at the card" in board.error["reason"]
                found.add("several")
            break
        if found == {"one", "several"}:
            break
    assert found == {"one", "several"}, found


def test_a_wrong_click_on_the_table_says_which_rule_forbids_it_and_changes_nothing():
    board = TargetBoard(seats=4, seed=2, players=["human"] + ["rules"] * 3)
    before = snapshot(board)
    board.click("pile:shot")  # nothing is countered while everyone plays
    assert board.error["rule"] == "TG-6" and "Counters are used while the Target resolves" in board.error["reason"]
    board.click("pile:intel-a")
    assert board.error["rule"] == "TG-6" and board.error["reason"].startswith("Nothing is done with Intel A")
    board.click("seat:3")
    assert board.error["rule"] == "TG-7"
    front_end_sends(board, {"kind": "card", "at": {"not": "a place"}})
    assert "a place on the table is written like 'hand:kevlar'" in board.error["reason"]
    assert snapshot(board) == before

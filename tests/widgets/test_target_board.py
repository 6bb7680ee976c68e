"""The Target board: the six steps, simultaneous play passed seat to seat, the circle's facts."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("anywidget")

import spynb  # noqa: E402
from spynb.engine import sample_chance  # noqa: E402
from spynb.target.widget import STEPS, TargetBoard  # noqa: E402

from .helpers import front_end_sends  # noqa: E402


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

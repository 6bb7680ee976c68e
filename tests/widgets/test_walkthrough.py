"""The walkthrough player: next, previous, jump, changes highlighted, your-turn steps."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

from spynb import scenarios  # noqa: E402
from spynb.widgets.cloak_dagger import CloakDaggerBoard  # noqa: E402
from spynb.widgets.play import walkthrough  # noqa: E402

from .helpers import front_end_sends, snapshot  # noqa: E402


@pytest.fixture
def tour():
    return walkthrough("cloak-dagger-first-steps")


def to_first_your_turn(tour):
    while not tour.walk["waiting"]:
        front_end_sends(tour, {"kind": "walk", "move": "next"})


def test_the_walkthrough_shows_its_scenario_on_the_right_board(tour):
    assert isinstance(tour, CloakDaggerBoard)
    assert tour.walk["title"].startswith("Cloak & Dagger") and tour.walk["at"] == 0
    assert tour.viewer == 1 and tour.legal == []
    assert all(step["citation"] for step in tour.walk["steps"])
    assert tour.setup["walkthrough"] is True


def test_next_previous_and_jump_replay_the_steps(tour):
    front_end_sends(tour, {"kind": "walk", "move": "next"})
    assert tour.walk["at"] == 1
    front_end_sends(tour, {"kind": "walk", "move": "previous"})
    assert tour.walk["at"] == 0
    front_end_sends(tour, {"kind": "walk", "move": "jump", "step": 8})
    example = scenarios.load("cloak-dagger-first-steps")
    assert tour.walk["at"] == 8
    assert tour.view == example.game_at(8).view(1).to_dict()


def test_each_step_highlights_what_changed(tour):
    front_end_sends(tour, {"kind": "walk", "move": "jump", "step": 4})
    front_end_sends(tour, {"kind": "walk", "move": "next"})  # envelope 7 is shown empty and gets a card
    assert "env-7" in tour.changed


def test_a_your_turn_step_waits_and_explains_a_wrong_legal_move(tour):
    to_first_your_turn(tour)
    assert tour.walk["at"] == 2 and "Your turn" in tour.status
    assert tour.legal  # the learner's seat may move
    before = (tour.view, tour.legal, tour.walk, len(tour.game.actions))
    front_end_sends(tour, {"kind": "play", "action": "5"})
    assert tour.feedback["ok"] is False and "envelope 11" in tour.feedback["text"]
    assert (tour.view, tour.legal, tour.walk, len(tour.game.actions)) == before
    front_end_sends(tour, {"kind": "walk", "move": "next"})
    assert tour.error["kind"] == "walk" and tour.walk["at"] == 2
    front_end_sends(tour, {"kind": "play", "action": "11"})
    assert tour.feedback["ok"] is True and tour.walk["at"] == 3


def test_an_illegal_move_at_a_your_turn_step_shows_the_rule(tour):
    front_end_sends(tour, {"kind": "walk", "move": "jump", "step": 9})
    assert tour.walk["waiting"]
    front_end_sends(tour, {"kind": "play", "action": "take e"})
    assert tour.error["rule"] == "CD-6"
    assert tour.walk["at"] == 9


def test_any_accepted_move_satisfies_the_step_and_the_rest_still_plays(tour):
    front_end_sends(tour, {"kind": "walk", "move": "jump", "step": 9})
    assert tour.play("take D")  # the scenario shows d; the step accepts either agent
    for _ in range(3):
        if tour.walk["waiting"]:
            break
        front_end_sends(tour, {"kind": "walk", "move": "next"})
    assert tour.walk["at"] == 12 and tour.walk["waiting"]
    assert tour.play("7")
    assert "D" in tour.game.view(None)["envelopes"]["7"]


def test_show_me_plays_the_scenario_move(tour):
    to_first_your_turn(tour)
    front_end_sends(tour, {"kind": "walk", "move": "show"})
    assert tour.walk["at"] == 3 and tour.feedback["ok"]


@pytest.mark.parametrize("content", [
    {"kind": "walk", "move": "jump", "step": 99},
    {"kind": "walk", "move": "jump", "step": "3"},
    {"kind": "walk", "move": "fly"},
    {"kind": "walk", "move": "previous"},
    {"kind": "walk", "move": "show"},
    {"kind": "play", "action": "7"},
    {"kind": "new", "seed": 3},
    {"kind": "load", "json": "{}"},
    {"kind": "undo"},
    {"kind": "review", "step": 0},
])
def test_walkthrough_refusals_change_nothing(tour, content):
    before = snapshot(tour)
    front_end_sends(tour, content)
    assert tour.error
    assert snapshot(tour) == before


def test_a_walkthrough_needs_a_real_scenario_of_its_game():
    with pytest.raises(Exception, match="no such scenario"):
        walkthrough("no-such-scenario")
    with pytest.raises(TypeError, match="walkthrough"):
        CloakDaggerBoard(scenario="cloak-dagger-example", players=["human", "human"])


def test_a_kloak_walkthrough_plays_on_the_kloak_board_with_touch_move():
    from spynb.widgets.kloak import KloakBoard

    tour = walkthrough("kloak-first-kloak")
    assert isinstance(tour, KloakBoard)
    while not tour.walk["waiting"]:
        front_end_sends(tour, {"kind": "walk", "move": "next"})
    front_end_sends(tour, {"kind": "touch", "square": "a2"})
    assert tour.touched == "a2"
    front_end_sends(tour, {"kind": "play", "action": "B b1xb2"})
    assert tour.error["rule"] == "KL-14"
    front_end_sends(tour, {"kind": "play", "action": "B a2-a1"})
    assert tour.feedback["ok"] is False and "orange piece would show" in tour.feedback["text"]
    assert tour.touched == "" and tour.walk["at"] == 2  # explained, nothing played: pick again
    front_end_sends(tour, {"kind": "touch", "square": "c1"})
    front_end_sends(tour, {"kind": "play", "action": "B c1xc2"})
    assert tour.feedback["ok"] is True and tour.walk["at"] == 3 and tour.touched == ""


def test_a_target_walkthrough_starts_on_the_dealt_hands_and_teaches_a_clearance():
    from spynb.widgets.target import TargetBoard

    tour = walkthrough("target-first-turns")
    assert isinstance(tour, TargetBoard)
    assert tour.walk["waiting"] and len(tour.view["hand"]) == 4  # chance dealt before the learner's first move
    assert tour.play("play technology")  # any card is accepted at the first step
    while not tour.walk["waiting"]:
        front_end_sends(tour, {"kind": "walk", "move": "next"})
    front_end_sends(tour, {"kind": "play", "action": "discard firearms"})
    assert tour.feedback["ok"] is False and "three Training cards" in tour.feedback["text"]
    assert tour.play("clear firearms+deception+deception")
    assert tour.feedback["ok"] and tour.view["tokens"]["1"]

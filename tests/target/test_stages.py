"""The stages of a turn are a named vocabulary (rulebook *Play*): a typo is an error, views carry plain strings."""

from __future__ import annotations

import json
import random

import pytest

import spynb
from spynb.engine import sample_chance
from spynb.target import STAGE_TITLES, STAGES, Stage
from spynb.target.state import _STEPS as STEPS
from spynb.target.stages import NEXT, RESOLUTION


def test_a_mistyped_stage_is_an_error_not_a_silent_branch() -> None:
    with pytest.raises(ValueError):
        Stage("deflekt")
    with pytest.raises(AttributeError):
        Stage.DEFLEKT  # type: ignore[attr-defined]  # noqa: B018


def test_every_resolution_step_has_a_handler_and_a_next_stage() -> None:
    assert set(STEPS) == set(RESOLUTION) == set(NEXT)
    assert [NEXT[s] for s in RESOLUTION] == [*RESOLUTION[1:], Stage.RESTORE]
    assert set(STAGE_TITLES) == set(STAGES) == set(Stage)


def test_views_and_events_carry_the_stage_as_a_plain_string() -> None:
    state = spynb.get_spec("target").new_state("standard", 5, {"turn_limit": 3})
    rng, seen = random.Random(4), set()
    while not state.over:
        assert isinstance(state.stage, Stage)
        for seat in (None, 1):
            view = state.view(seat)
            assert type(view["stage"]) is str and Stage(view["stage"]) is state.stage
            assert all(type(e["stage"]) is str for e in view["events"])
            assert json.loads(view.to_json())["stage"] == state.stage.value
        seen.add(state.stage)
        seat = None if state.turn.chance else rng.choice(state.turn.seats)
        state.apply(sample_chance(state, rng) if seat is None else rng.choice(state.legal_actions(seat)), seat)
    assert {Stage.PICK, Stage.DEAL, Stage.PLAY, Stage.RESTORE} <= seen


def test_a_stage_that_is_not_a_stage_member_breaks_an_invariant() -> None:
    state = spynb.new_game("target", seats=4, seed=1).state.clone()
    assert state.validate() == []
    state.stage = "play"  # type: ignore[assignment]  # white box: the string, not the member
    assert state.validate() == ["the stage 'play' is not a Stage"]

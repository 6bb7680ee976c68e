"""KLOAK's phases are a named vocabulary: a typo is an error, views carry plain strings."""

from __future__ import annotations

import random

import pytest

import spynb
from spynb.engine import sample_chance
from spynb.kloak import Phase


def test_a_mistyped_phase_is_an_error() -> None:
    with pytest.raises(ValueError):
        Phase("plai")


def test_views_carry_the_phase_as_a_plain_string() -> None:
    seen = set()
    for seed in range(6):
        state = spynb.get_spec("kloak").new_state("standard", 2, {"turn_limit": 60})
        rng = random.Random(seed)
        while not state.over:
            assert isinstance(state.phase, Phase)
            view = state.view(1)
            assert type(view["phase"]) is str and Phase(view["phase"]) is state.phase
            seen.add(state.phase)
            seat = None if state.turn.chance else state.turn.seats[0]
            state.apply(sample_chance(state, rng) if seat is None else rng.choice(state.legal_actions(seat)), seat)
        assert state.view(None)["phase"] == Phase.DONE.value == "over"
    assert {Phase.SETUP, Phase.PLAY} <= seen


def test_a_phase_that_is_not_a_phase_member_breaks_an_invariant() -> None:
    state = spynb.new_game("kloak", seats=2, seed=1).state.clone()
    assert state.validate() == []
    state.phase = "play"  # type: ignore[assignment]  # white box: the string, not the member
    assert state.validate() == ["the phase 'play' is not a Phase"]

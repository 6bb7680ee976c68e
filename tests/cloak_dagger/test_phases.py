"""Cloak & Dagger's phases are a named vocabulary: a typo is an error, views carry plain strings."""

from __future__ import annotations

import random

import pytest

import spynb
from spynb.cloak_dagger import Phase
from spynb.engine import sample_chance


def test_a_mistyped_phase_is_an_error() -> None:
    with pytest.raises(ValueError):
        Phase("selekt")


def test_views_carry_the_phase_as_a_plain_string() -> None:
    state = spynb.get_spec("cloak-dagger").new_state("standard", 3, {"turn_limit": 20})
    rng, seen = random.Random(2), set()
    while not state.over:
        assert isinstance(state.phase, Phase)
        view = state.view(state.current)
        assert type(view["phase"]) is str and Phase(view["phase"]) is state.phase
        seen.add(state.phase)
        seat = None if state.turn.chance else state.turn.seats[0]
        state.apply(sample_chance(state, rng) if seat is None else rng.choice(state.legal_actions(seat)), seat)
    assert {Phase.CUT, Phase.SELECT, Phase.DECIDE} <= seen
    assert state.view(None)["phase"] == Phase.DONE.value == "over"


def test_a_phase_that_is_not_a_phase_member_breaks_an_invariant() -> None:
    state = spynb.new_game("cloak-dagger", seats=3, seed=1).state.clone()
    assert state.validate() == []
    state.phase = "select"  # type: ignore[assignment]  # white box: the string, not the member
    assert state.validate() == ["the phase 'select' is not a Phase"]

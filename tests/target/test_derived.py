"""What a position works out once (whose move, legal actions, chance weights) and event texts written on reading."""

from __future__ import annotations

import spynb
from spynb.target import Deal, Draw, Play, TargetState
from tests.conftest import playout

from .helpers import play, scene


def _played(seats: int, seed: int, turns: int = 6) -> TargetState:
    state = None
    for state, _seat, _action in playout(spynb.get_spec("target"), "standard", seats, seed, turn_limit=turns):
        pass  # playout applies each step to the same state
    assert isinstance(state, TargetState) and state.over
    return state


def test_whose_move_and_the_choices_are_worked_out_once_per_position() -> None:
    state = scene(4, {1: ["kevlar"]})
    assert state.turn is state.turn and state.legal_actions(1) is state.legal_actions(1)
    state.apply(Play("kevlar"), 1)
    assert 1 not in state.turn.seats and state.legal_actions(1) == ()
    settled = play(scene(4), {})
    settled.apply(Draw("rookie"), 2)  # TG-S11: every seat below 4 draws for itself; a chance point follows
    assert settled.turn.chance and settled.chance_weights() is settled.chance_weights()


def test_a_clone_works_its_own_position_out() -> None:
    state = scene(4, {1: ["kevlar"]})
    before = state.turn
    other = state.clone()
    other.apply(Play("kevlar"), 1)
    assert state.turn is before and state.legal_actions(1) and other.turn != before


def test_is_legal_accepts_an_equal_action_not_only_the_listed_one() -> None:
    state = scene(4, {1: ["kevlar"]})
    listed = state.legal_actions(1)
    assert state.is_legal(Play("kevlar"), 1) and Play("kevlar") in listed
    assert not state.is_legal(Play("shot"), 1) and not state.is_legal(Deal("kevlar"), None)


def test_a_simulated_game_writes_no_event_text_until_one_is_read() -> None:
    state = _played(5, seed=3)
    events = state.events
    assert events and not any(isinstance(e.narration, str) for e in events)
    texts = [e.text for e in events]
    assert all(isinstance(t, str) and t for t in texts) and texts == [e.text for e in state.events]

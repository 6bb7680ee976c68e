"""ENG-1: only chance plays a chance outcome, in every game, through ``State.apply``, ``Game.play`` and records.

A seat used to be able to play a chance outcome at a chance point (Cloak & Dagger's seats chose their own cuts,
The Target's seat 2 chose the card dealt to seat 1), and the record then could not be loaded.
"""

from __future__ import annotations

import json
import random

import pytest

import spynb
from spynb.engine import IllegalActionError, RecordError, State


def _chance_point(name: str) -> State:
    """A state of ``name`` waiting for chance (the first one of a seeded random game)."""
    state = spynb.get_spec(name).new_state()
    assert state.turn.chance
    return state


@pytest.mark.parametrize("name", spynb.game_names())
def test_ENG_1_a_seat_cannot_play_a_chance_outcome_and_nothing_changes(name: str) -> None:
    state = _chance_point(name)
    outcome = state.chance_outcomes()[0][0]
    before, events = state.view(None), state.events
    for seat in range(1, state.seats + 1):
        with pytest.raises(IllegalActionError) as caught:
            state.apply(outcome, seat)
        assert caught.value.rule_id == "ENG-1" and "chance" in caught.value.reason
        assert state.view(None) == before and state.events == events
    state.apply(outcome)  # chance itself may


@pytest.mark.parametrize("name", spynb.game_names())
def test_ENG_1_game_play_refuses_a_seat_playing_chance(name: str) -> None:
    game = spynb.new_game(name, seed=0, auto_chance=False)
    outcome = game.state.chance_outcomes()[0][0]
    before = game.view(None), game.record()
    with pytest.raises(IllegalActionError) as caught:
        game.play(str(outcome), 1)
    assert caught.value.rule_id == "ENG-1"
    assert (game.view(None), game.record()) == before
    game.play(str(outcome))
    assert spynb.load_record(game.record().to_json()).view(None) == game.view(None)


@pytest.mark.parametrize("name", spynb.game_names())
def test_ENG_1_a_chance_outcome_played_by_a_seat_at_its_own_turn_names_the_rule(name: str) -> None:
    """At a seat's turn a chance outcome is refused the same way, whatever the game's own explanations say."""
    game = spynb.new_game(name, seed=0)
    outcome = spynb.new_game(name, seed=0, auto_chance=False).state.chance_outcomes()[0][0]
    seat = game.turn.seats[0]
    with pytest.raises(IllegalActionError) as caught:
        game.play(outcome, seat)
    assert caught.value.rule_id == "ENG-1" and "only chance" in caught.value.reason


@pytest.mark.parametrize("name", spynb.game_names())
def test_ENG_1_a_record_with_a_seat_playing_chance_is_refused_saying_where(name: str) -> None:
    game = spynb.new_game(name, seed=0, auto_chance=False)
    outcome = game.state.chance_outcomes()[0][0]
    record = json.loads(game.record().to_json())
    record["actions"] = [f"1: {outcome}"]
    with pytest.raises(RecordError, match=r"actions\[0\] .*only chance plays it"):
        spynb.load_record(json.dumps(record))


def test_the_issue_s_cloak_and_dagger_cuts_are_refused() -> None:
    game = spynb.new_game("cloak-dagger", seats=2, seed=0, auto_chance=False)
    with pytest.raises(IllegalActionError, match="only chance plays cut a, not seat 1"):
        game.play("cut a", 1)
    game.play("cut a")
    game.play("cut K")
    assert spynb.load_record(game.record().to_json()).view(None) == game.view(None)


def test_the_target_s_seat_cannot_choose_another_seat_s_deal() -> None:
    game = spynb.new_game("target", seats=4, seed=0, auto_chance=False)
    rng = random.Random(0)
    while not any(type(o).__name__ == "Deal" for o, _ in game.state.chance_outcomes()):
        game.play(rng.choice(game.state.chance_outcomes())[0])
    deal = game.state.chance_outcomes()[0][0]
    with pytest.raises(IllegalActionError, match="only chance plays"):
        game.play(deal, 2)


@pytest.mark.parametrize("name", spynb.game_names())
def test_ENG_1_a_seat_out_of_turn_is_told_so_whatever_is_hidden(name: str) -> None:
    """``explain_illegal`` for a seat not to move used to explain by the mover's hidden cards (Cloak & Dagger:
    'take a is not allowed here' where the envelope held a, 'a is not in this envelope' where it held X)."""
    spec = spynb.get_spec(name)
    state = spec.new_state(spec.default_variant, spec.default_seats, {"turn_limit": 20})
    rng = random.Random(2)
    asked = 0
    while not state.over:
        turn = state.turn
        if not turn.chance:
            mover = turn.seats[0]
            for idle in (s for s in range(1, state.seats + 1) if s not in turn.seats):
                for action in state.legal_actions(mover)[:5]:
                    explained = state.explain_illegal(action, idle)
                    assert explained.rule_id == "ENG-1" and f"not seat {idle}'s turn" in explained.reason
                    asked += 1
            state.apply(rng.choice(state.legal_actions(mover)), mover)
        else:
            outcome = state.chance_outcomes()[0][0]
            assert state.explain_illegal(outcome, 1).rule_id == "ENG-1"
            state.apply(rng.choice(state.chance_outcomes())[0])
    assert asked > 0


def test_the_issue_s_out_of_turn_take_names_the_turn_not_the_envelope() -> None:
    game = spynb.new_game("cloak-dagger", seats=2, seed=0)
    while game.state.phase != "decide":
        game.play(game.legal_actions(game.turn.seats[0])[0])
    idle = 3 - game.turn.seats[0]
    assert game.state.explain_illegal(spynb.get_spec("cloak-dagger").parse("take a"), idle).rule_id == "ENG-1"

"""What each seat knows, notation, errors and display of The Target (TG-4, TG-S10, TG-S11)."""

from __future__ import annotations

import json
import random

import pytest

import spynb
from spynb.engine import IllegalActionError, NotationError
from spynb.render import svg_for
from spynb.target.svg import draw
from spynb.target import (
    Assign, Counter, Deal, Discard, Draw, Evade, Pick, Play, Remove, Resolve, Reveal, TargetState, TurnIn, parse,
)

from .helpers import play, random_game, scene, settle


def test_TG_S10_what_is_public_and_what_is_private() -> None:
    state = play(scene(4, {2: ["mole"]}, tokens={3: ["intel"]}, front={4: ["outed"]}), {2: "mole"})
    settle(state)
    state.apply(Draw("intel"), 3)
    settle(state)
    view = state.view(1)
    assert set(view["hand_sizes"]) == {"1", "2", "3", "4"} and view["tokens"]["3"] == ("intel",)
    assert view["front"]["4"] == ("outed",) and "discards" in view.data and "deck_sizes" in view.data
    assert "hands" not in view.data and "affiliations" not in view.data and "decks" not in view.data
    drew = [e for e in state.events_seen_by(1) if e.kind == "drew" and e.actor == 3]
    assert drew[-1].get("deck") == "intel" and not [e for e in state.events_seen_by(1)
                                                    if e.kind == "card" and e.actor == 3]
    omniscient = state.view(None)
    assert omniscient.omniscient and "omniscient" in omniscient.label and "hands" in omniscient.data


def test_TG_S11_restoring_seats_act_together_one_card_per_action() -> None:
    state = settle(play(scene(4, {1: ["mole"], 2: ["kevlar"]}, tokens={3: ["intel"], 4: ["operative"]}),
                        {1: "mole", 2: "kevlar"}))
    assert state.turn.seats == (1, 2, 3, 4) and state.turn.simultaneous  # seat 2 too: a Rookie draw is a choice
    assert len(state.hands[2]) == 3 and state.legal_actions(2) == (Draw("rookie"),)
    state.apply(Draw("operative"), 4)
    assert state.turn.chance and state.draws == [(4, "operative")]
    settle(state)
    assert state.turn.seats == (1, 2, 3)


def test_views_report_the_stage_and_the_resolution_receiver() -> None:
    state = play(scene(4, {2: ["deflect-forward"], 3: ["shot"]}), {2: "deflect-forward", 3: "shot"})
    assert [state.view(s)["stage"] for s in (None, 1, 2)] == ["deflect"] * 3
    assert state.view(3)["stage_title"].startswith("Step 1")
    state.apply(Resolve())
    assert state.view(4)["stage"] == "operatives" and state.view(4)["receiver"] == 2 and state.turn.seats == (2,)


def test_a_seat_sees_its_affiliation_hand_and_what_outed_showed_it() -> None:
    state = scene(4, affiliations={1: "kgb", 2: "cia", 3: "double-agent", 4: "kgb"}, outed_seen={3: {2: "cia"}})
    view = state.view(2)
    assert view["affiliation"] == "cia" and view["hand"] == tuple(state.hands[2])
    assert view["shown_to_me"] == {"3": "cia"} and state.view(1)["shown_to_me"] == {}
    assert state.view(1)["outed"] == {"3": (2,)}


@pytest.mark.parametrize("seats", [4, 7, 11])
def test_resampled_states_look_the_same_to_the_seat(seats: int) -> None:
    game = random_game(seats, seed=seats, turns=6)
    rng = random.Random(1)
    for step in range(0, len(game), 9):
        state = game.at(step).state
        for seat in range(1, seats + 1):
            other = state.resample_hidden(seat, rng)
            assert other is not None and other.validate() == []
            assert other.view(seat) == state.view(seat)


def test_views_are_json_and_frozen() -> None:
    game = random_game(6, seed=2, turns=5)
    for seat in (None, 1, 6):
        data = json.loads(game.view(seat).to_json())
        assert data["seat"] == seat and data["game"] == "target"
    with pytest.raises(TypeError):
        game.view(1).data["hand"] = ()  # type: ignore[index]


def test_records_replay_a_whole_game() -> None:
    game = random_game(5, seed=8, turns=8)
    again = spynb.load_record(game.record().to_json())
    assert again.view(None) == game.view(None)


def test_scripted_chance_with_auto_chance_off() -> None:
    game = spynb.new_game("target", seats=4, seed=0, auto_chance=False)
    assert game.turn.chance
    game.play("pick cia")
    game.play("pick double-agent")
    for affiliation in ("double-agent", "cia", "kgb", "cia"):
        game.play(f"assign {affiliation}")
    assert game.state.affiliation[1:] == ["double-agent", "cia", "kgb", "cia"]
    with pytest.raises(IllegalActionError) as caught:
        game.play("deal intel-a")  # the Rookie deck has no Intel
    assert caught.value.rule_id == "ENG-1"
    game.play("deal kevlar")
    assert game.state.hands[1] == ["kevlar"]
    game.resolve_chance()
    assert game.turn.seats == (1, 2, 3, 4)


def test_notation_round_trips_and_errors_quote_the_text() -> None:
    actions = [Play("kevlar"), Counter("shot", (("hand", "firearms"), ("pile", "kevlar"))), Evade("tailed"),
               Reveal(3), Reveal(3, "kgb"), Resolve(), TurnIn(("french", "german", "russian")),
               Remove("tailed", ("slip",)), Remove("all", ("deep-cover",)),
               Remove("tailed", ("martial-arts", "kevlar")),
               Discard("mole"), Draw("intel"), Pick("cia"), Assign("double-agent"), Deal("intel-a")]
    for action in actions:
        assert parse(str(action)) == action and eval(repr(action)) == action
    for text in ("play", "play laser", "draw bank", "counter shot firearms kevlar", "reveal x", "frobnicate"):
        with pytest.raises(NotationError) as caught:
            parse(text)
        assert repr(text) in str(caught.value)


def test_illegal_actions_cite_rules_and_change_nothing() -> None:
    state = scene(4, {1: ["mole"]})
    before = state.view(None)
    cases = [(Discard("mole"), "TG-12"), (Draw("rookie"), "TG-12"), (Resolve(), "TG-3"), (Reveal(2), "TG-7"),
             (Counter("shot", (("hand", "firearms"), ("hand", "kevlar"))), "TG-6"), (Evade("tailed"), "TG-7"),
             (Remove("tailed", ("slip",)), "TG-7"), (TurnIn(("mole", "mole", "mole")), "TG-11")]
    for action, rule in cases:
        with pytest.raises(IllegalActionError) as caught:
            state.apply(action, 1)
        assert caught.value.rule_id == rule, action
        assert rule in str(caught.value) or "ruling" in str(caught.value) or "rulebook" in str(caught.value)
    assert state.view(None) == before


def test_str_is_a_table_of_the_circle_and_text_follows_a_seat() -> None:
    state = scene(5, front={2: ["tailed"]}, tokens={1: ["intel"]}, deposits={"CIA": ["intel-a"]}, marker=3)
    table = str(state)
    for expected in ("KGB HQ", "CIA HQ", "seat 5", "<==", "tailed", "intel a", "clockwise", "omniscient"):
        assert expected in table, expected
    lines = table.splitlines()
    assert [ln.split()[0] + (" " + ln.split()[1] if ln.split()[0] in ("seat",) else "")
            for ln in lines[3:10]] == ["KGB", "seat 1", "seat 2", "seat 3", "CIA", "seat 4", "seat 5"]
    mine = state.text(2)
    assert "what seat 2 knows" in mine and "you (KGB)" in mine and "CIA:" not in mine.split("you")[0]


def test_draw_makes_an_svg_of_the_circle() -> None:
    state = play(scene(6, {2: ["tailed"]}, tokens={1: ["operative", "intel"]}, deposits={"KGB": ["dirty-b"]}),
                 {2: "tailed"})
    svg = draw(state.view(3))
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg.count("<title>") >= 9 and "seat 6" in svg and "KGB HQ" in svg and "Tailed" in svg
    assert svg_for(state, None) == draw(state.view(None)) and state._repr_svg_() == svg_for(state)
    assert "#0072B2" in svg  # the Operative token, in the colour-blind-safe palette


def test_scenarios_start_a_turn_and_keep_every_card() -> None:
    state = TargetState.scenario(11, {5: ["intel-a", "deflect-forward", "slip", "shot"]}, marker="CIA",
                                 direction=-1, front={1: ["blown-cover"]}, tokens={5: ["intel"]})
    assert state.validate() == [] and state.target == "CIA" and state.direction == -1
    assert state.play_order == [1] and state.hands[5] == ["shot", "slip", "intel-a", "deflect-forward"]

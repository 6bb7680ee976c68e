"""The game-agnostic engine pieces: sampling, records, undo, rule citations, frozen views."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction

import pytest

import spynb
from spynb.engine import FrozenDict, Game, IllegalActionError, Record, RecordError, freeze, sample_outcome
from spynb.engine.game import sample_chance


def test_the_sampler_follows_the_exact_weights() -> None:
    state = spynb.get_spec("cloak-dagger").new_state(seats=2)
    weights = dict((str(a), w) for a, w in state.chance_weights())
    rng = random.Random(0)
    counts = Counter(str(sample_chance(state, rng)) for _ in range(24_000))
    for outcome, weight in weights.items():
        expected = 24_000 * weight / sum(weights.values())
        assert abs(counts[outcome] - expected) < 5 * expected ** 0.5, outcome


def test_outcomes_and_weights_describe_the_same_chance_point() -> None:
    state = spynb.get_spec("cloak-dagger").new_state(seats=3)
    total = sum(w for _, w in state.chance_weights())
    assert [(a, Fraction(w, total)) for a, w in state.chance_weights()] == list(state.chance_outcomes())
    assert sample_outcome(state.chance_outcomes(), random.Random(1)) in dict(state.chance_outcomes())


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    views = [spynb.new_game("target", seats=5, seed=seed).view(None) for seed in (3, 3, 4)]
    assert views[0] == views[1] != views[2]


def test_undo_takes_back_exactly_one_action() -> None:
    game = spynb.new_game("kloak", seed=2)
    before = game.view(None)
    action = game.legal_actions()[0]
    game.play(action)
    assert game.undo() == action
    assert game.view(None) == before and len(game) == 0
    with pytest.raises(spynb.SpynbError):
        game.undo()


@pytest.mark.parametrize("field, value, where", [
    ("seats", True, "field 'seats'"),
    ("actions", "1: 7", "field 'actions'"),
    ("options", [], "field 'options'"),
    ("colour", "red", "field 'colour'"),
])
def test_each_malformed_field_is_named(field: str, value: object, where: str) -> None:
    good = json.loads(spynb.new_game("cloak-dagger", seats=2).record().to_json())
    with pytest.raises(RecordError) as caught:
        Record.from_json(json.dumps({**good, field: value}))
    assert caught.value.where == where


def test_a_record_entry_for_the_wrong_seat_fails_at_that_entry() -> None:
    game = spynb.new_game("cloak-dagger", seats=2, seed=1)
    game.play("7")
    entries = list(game.record().actions) + [f"{game.turn.seats[0] % 2 + 1}: 8"]
    text = json.dumps({**json.loads(game.record().to_json()), "actions": entries})
    with pytest.raises(RecordError, match=r"actions\[1\]"):
        spynb.load_record(text)


def test_errors_cite_the_rulebook_section_and_the_ruling() -> None:
    game = spynb.new_game("cloak-dagger", seats=2, seed=1)
    with pytest.raises(IllegalActionError) as caught:
        game.play("pass")
    assert caught.value.rule_id == "CD-3"
    assert str(caught.value).endswith("(rulebook: Procedure in Outline; ruling CD-3)")


def test_frozen_views_survive_copying_and_pickling() -> None:
    import copy
    import pickle

    data = freeze({"a": [1, {"b": 2}]})
    assert isinstance(data, FrozenDict) and data["a"][1]["b"] == 2
    assert copy.deepcopy(data) is data and pickle.loads(pickle.dumps(data)) == data


def test_a_game_cannot_be_built_for_a_seat_count_or_option_it_does_not_have() -> None:
    spec = spynb.get_spec("kloak")
    with pytest.raises(spynb.SpynbError, match="seats"):
        Game(spec, variant="four-player", seats=3)
    with pytest.raises(spynb.SpynbError, match="no option"):
        spynb.new_game("cloak-dagger", options={"speed": 2})
    with pytest.raises(spynb.SpynbError, match="no game"):
        spynb.new_game("chess")


def test_a_replay_waiting_for_a_seats_entry_resolves_chance_first_and_for_a_chance_entry_does_not() -> None:
    game = spynb.new_game("cloak-dagger", seats=2, seed=4, auto_chance=False)
    game.resolve_chance()
    seat = game.turn.seats[0]
    move = f"{seat}: {game.legal_actions(seat)[0]}"
    record = Record("cloak-dagger", "standard", 2, 4, (move,), {}, False, game.spec)
    assert record.replay(0).turn.chance
    assert record.replay(0, waiting=True).turn.seats == (seat,)
    assert record.replay(1, waiting=True).actions == record.replay(1).actions
    cut = str(spynb.get_spec("cloak-dagger").new_state(seats=2).chance_weights()[0][0])
    assert Record("cloak-dagger", "standard", 2, 4, (f"chance: {cut}",), {}, False,
                  game.spec).replay(0, waiting=True).turn.chance


@pytest.mark.parametrize("name", spynb.game_names())
def test_replays_leaves_the_game_as_replay_waiting_does_at_every_stop(name: str) -> None:
    game = spynb.new_game(name, seed=5, auto_chance=False)
    for _ in range(12):
        game.resolve_chance()
        if game.over:
            break
        seat = game.turn.seats[0]
        game.play(game.legal_actions(seat)[0], seat)
    record = game.record()
    stops = list(range(len(record.actions) + 1))
    for stop, replayed in zip(stops, record.replays(stops), strict=True):
        alone = record.replay(stop, waiting=True)
        assert replayed.view(None) == alone.view(None) and replayed.actions == alone.actions


def test_a_copied_game_goes_on_by_itself_with_the_same_chance() -> None:
    game = spynb.new_game("target", seats=4, seed=9)
    twin = game.copy()
    seat = game.turn.seats[0]
    move = game.legal_actions(seat)[0]
    game.play(move, seat)
    assert twin.actions == () and twin.view(None) != game.view(None)
    twin.play(move, seat)
    assert twin.view(None) == game.view(None) and twin.record() == game.record()

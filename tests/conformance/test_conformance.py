"""The contract every game keeps, checked over seeded random playouts.

Parametrised over every game, variant and seat count the specs declare, so a
new game joins by existing.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

import spynb
from spynb.engine import IllegalActionError, SpynbError, State
from spynb.soak import LeakTally, check_no_leak_at, checks_leaks, replay_steps
from tests.conftest import config_id, configurations, playout, random_step

pytestmark = pytest.mark.slow  # started first in a parallel run (tests/conftest.py)
CONFIGS = configurations()
GAMES = spynb.game_names()
PLAYOUTS_PER_GAME = 1000
LEAK_EVERY = 7
LEAK_SEATS = 3


@pytest.mark.parametrize("name", GAMES)
def test_a_thousand_random_games_keep_every_invariant(name: str) -> None:
    spec = spynb.get_spec(name)
    configs = [c for c in CONFIGS if c[0] == name]
    ended = 0
    for seed in range(PLAYOUTS_PER_GAME):
        _, variant, seats = configs[seed % len(configs)]
        state = None
        for state, _seat, _action in playout(spec, variant, seats, seed, turn_limit=40):
            pass
        assert state is not None
        problems = state.validate()
        assert problems == [], f"{variant} {seats} seats seed {seed}: {problems}"
        ended += 1
    assert ended == PLAYOUTS_PER_GAME


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_invariants_and_views_hold_after_every_step(config: tuple[str, str, int]) -> None:
    name, variant, seats = config
    spec = spynb.get_spec(name)
    round_tripped: set[object] = set()  # each distinct action's notation and repr are checked once
    for seed in range(3):
        last = None
        for state, seat, action in playout(spec, variant, seats, seed):
            assert state.validate() == []
            if seat is not None:
                legal = state.legal_actions(seat)
                assert len(set(legal)) == len(legal), "legal actions repeat"
                new = set(legal) - round_tripped
                assert all(str(spec.parse(str(a))) == str(a) for a in new), "notation must round-trip"
                assert all(eval(repr(a), vars(__import__(type(a).__module__, fromlist=["*"]))) == a for a in new)
                round_tripped |= new
            for s in (None, *range(1, seats + 1)):
                view = state.view(s)
                assert json.loads(view.to_json())["seat"] == s
            last = state
        assert last is not None and last.over
        assert last.validate() == []


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_no_seat_can_tell_apart_states_that_differ_only_in_what_it_has_not_seen(config: tuple[str, str, int]) -> None:
    """Re-deal what a seat has not seen, then play on: the turn, its view, its legal actions and the
    numbering of the events it saw stay the same, and both states stay sound (spynb.soak.check_no_leak)."""
    name, variant, seats = config
    spec = spynb.get_spec(name)
    tally = LeakTally()
    problems = []
    for seed in range(4):
        entries = [(seat, action) for _state, seat, action in playout(spec, variant, seats, seed)]
        for step, state in replay_steps(spec, variant, seats, {"turn_limit": 120}, entries):
            if not checks_leaks(step, len(entries), LEAK_EVERY):
                continue
            # every seat is re-dealt; LEAK_SEATS of them a time, in rotation, are played on (affordable at 11 seats)
            played_on = {(step // LEAK_EVERY * LEAK_SEATS + i) % seats + 1 for i in range(LEAK_SEATS)}
            problems += [f"seed {seed} step {step}: {p}" for p in check_no_leak_at(
                state, entries[step:], f"{seed}/{step}", tally, played_on=played_on)]
    assert not problems, f"{len(problems)} found, the first: " + "\n".join(problems[:5])
    assert tally.changed > 0, "the hidden parts were never re-dealt: the leak test tested nothing"
    assert tally.steps > 0, "no re-dealt state was ever played on beside the real one"


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_record_round_trip_and_replay_rebuild_every_step(config: tuple[str, str, int]) -> None:
    name, variant, seats = config
    game = spynb.new_game(name, variant=variant, seats=seats, seed=11, options={"turn_limit": 30})
    rng = random.Random(5)
    snapshots = [game.view(None)]
    while not game.over:
        seat = rng.choice(game.turn.seats)
        game.play(rng.choice(game.legal_actions(seat)), seat)
        snapshots.append(game.view(None))
    text = game.record().to_json()
    replayed = spynb.load_record(text)
    assert replayed.view(None) == game.view(None)
    assert replayed.record().to_json() == text
    for step in sorted({0, 1, len(snapshots) // 2, len(snapshots) - 1}):
        assert game.at(step).view(None) == snapshots[step]


def _internals(state: State) -> dict:
    """A deep copy of the position: every field but the spec and the caches the state declares (``CACHES``)."""
    return copy.deepcopy({k: v for k, v in vars(state).items() if k != "spec" and k not in state.CACHES})


@pytest.mark.parametrize("name", GAMES)
def test_the_caches_a_state_declares_are_its_fields(name: str) -> None:
    """What ``_internals`` leaves out must be fields the state has, or a renamed cache would slip into it."""
    spec = spynb.get_spec(name)
    for state, _seat, _action in playout(spec, spec.default_variant, spec.default_seats, 5, turn_limit=3):
        state.view(None)
        assert state.CACHES <= set(vars(state))


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_action_changes_nothing(name: str) -> None:
    spec = spynb.get_spec(name)
    seen_actions: set = set()
    rng = random.Random(3)
    refused = 0
    for state, seat, _action in playout(spec, spec.default_variant, spec.default_seats, 21):
        if seat is not None:
            seen_actions.update(state.legal_actions(seat))
            wrong = [a for a in seen_actions if a not in state.legal_actions(seat)]
            for action in rng.sample(wrong, min(3, len(wrong))):
                before, events = state.view(None), state.events
                snapshot = _internals(state)
                with pytest.raises(IllegalActionError) as caught:
                    state.apply(action, seat)
                assert caught.value.rule_id and caught.value.reason
                assert state.view(None) == before and state.events == events
                assert _internals(state) == snapshot
                refused += 1
    assert refused > 0


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_is_legal_agrees_with_the_legal_actions_everywhere(config: tuple[str, str, int]) -> None:
    """A game's fast legality test must say exactly what membership in legal_actions says."""
    name, variant, seats = config
    spec = spynb.get_spec(name)
    seen_actions: set = set()
    checked = 0
    for seed in range(3):
        for step, (state, seat, _action) in enumerate(playout(spec, variant, seats, seed)):
            if seat is None:
                outcomes = {outcome for outcome, _ in state.chance_weights()}
                seen_actions |= outcomes
                assert all(state.is_legal(a, None) == (a in outcomes) for a in seen_actions)
                continue
            for pending in state.turn.seats:
                legal = set(state.legal_actions(pending))
                seen_actions |= legal
                assert all(state.is_legal(a, pending) == (a in legal) for a in seen_actions), \
                    f"seed {seed} step {step}: is_legal disagrees for seat {pending}"
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("name", GAMES)
def test_acting_out_of_turn_or_after_the_end_is_refused(name: str) -> None:
    spec = spynb.get_spec(name)
    state = spec.new_state(spec.default_variant, spec.default_seats, {"turn_limit": 3})
    rng = random.Random(1)
    while not state.over:
        turn = state.turn
        if not turn.chance:
            idle = [s for s in range(1, state.seats + 1) if s not in turn.seats]
            if idle:
                any_action = state.legal_actions(turn.seats[0])[0]
                with pytest.raises(IllegalActionError) as caught:
                    state.apply(any_action, idle[0])
                assert caught.value.rule_id == "ENG-1"
        state.apply(*reversed(random_step(state, rng)))
    with pytest.raises(IllegalActionError) as caught:
        state.apply(spec.parse(str(any_action)))
    assert caught.value.rule_id == "ENG-2"


@pytest.mark.parametrize("name", GAMES)
def test_malformed_records_fail_with_a_message_saying_where(name: str) -> None:
    game = spynb.new_game(name, seed=2)
    seat = game.turn.seats[0]
    game.play(game.legal_actions(seat)[0], seat)
    good = json.loads(game.record().to_json())
    cases = {
        "not json": ("{", "line 1"),
        "missing seed": (json.dumps({k: v for k, v in good.items() if k != "seed"}), "'seed'"),
        "bad action": (json.dumps({**good, "actions": [*good["actions"], "1: no such move"]}), "actions[1]"),
        "bad game": (json.dumps({**good, "game": "chess"}), "header"),
    }
    for label, (text, where) in cases.items():
        with pytest.raises(SpynbError) as caught:
            spynb.load_record(text)
        assert where in str(caught.value), label


@pytest.mark.parametrize("name", GAMES)
def test_views_are_frozen(name: str) -> None:
    view = spynb.new_game(name, seed=4).view(1)
    with pytest.raises(TypeError):
        view.data["seats"] = 99  # type: ignore[index]


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_an_imagined_world_gives_the_seat_the_same_view_and_legal_actions(config: tuple[str, str, int]) -> None:
    """``determinise`` imagines only worlds the seat cannot tell from the real one: at each decision, the imagined
    state's turn, the seat's legal actions and its view (all but the events, which an imagined state has not lived
    through) are the real ones.  Cloak & Dagger's once put cards in the envelope the seat was looking into."""
    name, variant, seats = config
    spec = spynb.get_spec(name)
    if spec.determinise is None:
        pytest.skip(f"{name} imagines no worlds")
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        for step, (state, seat, _action) in enumerate(playout(spec, variant, seats, seed)):
            if seat is None:
                continue
            view = state.view(seat)
            imagined = spec.determinise(view, rng)
            where = f"seed {seed} step {step} seat {seat}"
            assert imagined.validate() == [], where
            assert imagined.turn == state.turn, where
            assert imagined.legal_actions(seat) == state.legal_actions(seat), where
            mine, theirs = dict(view.data), dict(imagined.view(seat).data)
            mine.pop("events"), theirs.pop("events")
            assert theirs == mine, where
            checked += 1
    assert checked > 0

"""Simulation mode (``spynb.engine.simulate``): fast draws that keep the contract's promise, and a playout loop.

The conformance part runs over every game whose state draws its own random actions or chance outcomes
(a game without them falls back to the contract, checked at the end).
"""

from __future__ import annotations

import gc
import math
import random
from collections import Counter
from collections.abc import Iterator

import pytest

import spynb
from spynb.engine import NULL_HISTORY, Action, NullHistory, State, sample_chance
from spynb.cloak_dagger import CloakDaggerState
from spynb.engine.simulate import paused_gc, playout, random_step

GAMES = spynb.game_names()
FAST_ACTIONS = [name for name in GAMES if type(spynb.get_spec(name).new_state()).random_action
                is not State.random_action]
FAST_CHANCE = [name for name in GAMES if type(spynb.get_spec(name).new_state()).random_outcome
               is not State.random_outcome]
QUIET = [name for name in GAMES if spynb.get_spec(name).new_state().stop_logging()]


def chi_square_limit(df: int, z: float = 3.09) -> float:
    """The chi-square statistic exceeded with probability about 0.001 (Wilson–Hilferty; z of the 99.9th
    percentile): a fair draw passes a fixed-seed test at this limit, a biased one of the sizes below fails."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def chi_square(counts: Counter[Action], expected: dict[Action, float]) -> float:
    return sum((counts[a] - e) ** 2 / e for a, e in expected.items())


def decisions(name: str, games: int, seats: int | None = None) -> Iterator[State]:
    """Every position of seeded random games where a seat is to move, played by the contract."""
    spec = spynb.get_spec(name)
    for seed in range(games):
        rng = random.Random(seed)
        state = spec.new_state(seats=seats, options={"turn_limit": 60})
        while not state.over:
            if state.turn.chance:
                state.apply(sample_chance(state, rng))
                continue
            yield state
            state.apply(rng.choice(state.legal_actions(state.turn.seats[0])), state.turn.seats[0])


@pytest.mark.parametrize("name", FAST_ACTIONS)
def test_the_fast_draw_chooses_among_exactly_the_legal_actions(name: str) -> None:
    checked = 0
    for state in decisions(name, 40):
        universe = state.random_universe()
        legal = state.legal_actions(state.turn.seats[0])
        assert len(set(universe)) == len(universe), "a legal action sits in two slots"
        assert set(universe) == set(legal), f"{state!r}: {set(universe) ^ set(legal)}"
        assert state.random_action(random.Random(checked)) in legal
        checked += 1
    assert checked > 1000


@pytest.mark.parametrize("name", FAST_ACTIONS)
def test_the_fast_draw_is_uniform(name: str) -> None:
    choices = (state for state in decisions(name, 3) if len(state.legal_actions(state.turn.seats[0])) > 1)
    positions = [state.clone() for i, state in enumerate(choices) if i % 37 == 5][:4]
    rng = random.Random(2026)
    for state in positions:
        legal = state.legal_actions(state.turn.seats[0])
        draws = 60 * len(legal)
        counts = Counter(state.random_action(rng) for _ in range(draws))
        assert set(counts) <= set(legal)
        statistic = chi_square(counts, {a: draws / len(legal) for a in legal})
        assert statistic < chi_square_limit(len(legal) - 1), f"{state!r}: chi-square {statistic:.1f}"


SAME_DRAWS = ["cloak-dagger", "target"]
"""The games whose fast draws take exactly the contract's draw (``rng.choice`` of the legal actions,
``sample_chance``), only faster: seeded simulations come out the same with or without them."""


def chance_points(name: str, games: int) -> Iterator[State]:
    """Every chance point of seeded random games played by the contract."""
    spec = spynb.get_spec(name)
    for seed in range(games):
        rng = random.Random(seed)
        state = spec.new_state(options={"turn_limit": 30})
        while not state.over:
            if state.turn.chance:
                yield state
                state.apply(sample_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions(state.turn.seats[0])), state.turn.seats[0])


@pytest.mark.parametrize("name", SAME_DRAWS)
def test_the_fast_draw_is_the_contracts_draw(name: str) -> None:
    checked = 0
    for state in decisions(name, 12):
        legal = state.legal_actions(state.turn.seats[0])
        assert state.random_action(random.Random(checked)) is random.Random(checked).choice(legal)
        checked += 1
    assert checked > 1000


@pytest.mark.parametrize("name", [name for name in SAME_DRAWS if name in FAST_CHANCE])
def test_the_fast_chance_draw_is_the_contracts_draw(name: str) -> None:
    """At every chance point: The Target's deals from a deck (TG-1) and its setup's picks."""
    kinds: Counter[str] = Counter()
    for checked, state in enumerate(chance_points(name, 10)):
        drawn = state.random_outcome(random.Random(checked))
        assert drawn == sample_chance(state, random.Random(checked))
        kinds[type(drawn).__name__] += 1
    assert len(kinds) >= 2 and min(kinds.values()) >= 10, kinds


@pytest.mark.parametrize("name", FAST_CHANCE)
def test_the_fast_chance_draw_follows_the_exact_probabilities(name: str) -> None:
    """The first two chance points, drawn together by the fast path from fresh states, against the products of
    the exact probabilities the contract lists."""
    spec = spynb.get_spec(name)
    rng = random.Random(7)
    draws = 3000
    counts: Counter[tuple[Action, Action]] = Counter()
    for _ in range(draws):
        state = spec.new_state()
        first = state.random_outcome(rng)
        state.apply(first)
        counts[first, state.random_outcome(rng)] += 1
    expected: dict[tuple[Action, Action], float] = {}
    start = spec.new_state()
    for first, p in start.chance_outcomes():
        after = start.clone()
        after.apply(first)
        expected.update({(first, second): draws * float(p * q) for second, q in after.chance_outcomes()})
    assert set(counts) <= set(expected)
    statistic = chi_square(counts, expected)  # type: ignore[arg-type]
    assert statistic < chi_square_limit(len(expected) - 1), f"chi-square {statistic:.1f} over {len(expected)} cells"


@pytest.mark.parametrize("name", GAMES)
def test_a_simulation_mode_game_ends_where_the_contract_does(name: str) -> None:
    """Simulation mode (fast draws, no validation, null history, the collector paused) reaches the same final
    position as the contract fed the same actions, and the contract accepts every one of them."""
    spec = spynb.get_spec(name)
    for seed in range(12):
        fast = spec.new_state(options={"turn_limit": 40})
        taken: list[tuple[int | None, Action]] = []
        steps = playout(fast, random.Random(seed), quiet=True, taken=taken)
        assert fast.over and steps == len(taken)
        slow = spec.new_state(options={"turn_limit": 40})
        for seat, action in taken:
            slow.apply(action, seat)
        assert slow.over and slow.winners == fast.winners and slow.validate() == fast.validate() == []
        fast_view, slow_view = dict(fast.view(None).data), dict(slow.view(None).data)
        assert fast_view.pop("events") == () if name in QUIET else fast_view.pop("events") == slow_view["events"]
        slow_view.pop("events")
        assert fast_view == slow_view


class PlainCloakDagger(CloakDaggerState):
    """Cloak & Dagger as a game without simulation mode's fast paths (every game of spynb has some)."""

    random_action, random_universe = State.random_action, State.random_universe
    random_outcome, stop_logging = State.random_outcome, State.stop_logging


def test_a_game_without_fast_paths_draws_from_its_legal_actions_and_keeps_logging() -> None:
    spec = spynb.get_spec("cloak-dagger")
    state = PlainCloakDagger(spec, spec.default_variant, spec.default_seats, {})
    assert state.random_outcome(random.Random(4)) == sample_chance(state, random.Random(4))
    playout(state, random.Random(4), stop=lambda s: not s.turn.chance)
    seat = state.turn.seats[0]
    assert state.random_action(random.Random(5)) == random.Random(5).choice(state.legal_actions(seat))
    assert state.random_universe() == state.legal_actions(seat)
    logged = len(state.events)
    assert state.stop_logging() is False
    playout(state, random.Random(6), limit=3, quiet=True)
    assert len(state.events) > logged


def test_a_quiet_state_logs_into_the_null_history() -> None:
    state = spynb.get_spec("kloak").new_state()
    assert state.stop_logging() is True
    playout(state, random.Random(1), limit=20)
    assert state.events == () and state.validate() == []


def test_a_playout_stops_when_asked_or_at_its_limit() -> None:
    state = spynb.get_spec("kloak").new_state()
    assert playout(state, random.Random(1), limit=5) == 5 and len(state.events) == 5
    assert playout(state, random.Random(1), stop=lambda s: not s.turn.chance) == 10
    assert not state.turn.chance
    assert random_step(state, random.Random(1))[0] == state.turn.seats[0]  # type: ignore[index]


def test_the_collector_is_paused_inside_a_playout_and_restored_after() -> None:
    seen: list[bool] = []
    state = spynb.get_spec("kloak").new_state()
    playout(state, random.Random(1), stop=lambda s: seen.append(gc.isenabled()) or False, limit=3)
    assert seen == [False] * 3 and gc.isenabled()


def test_the_collector_is_restored_when_a_playout_raises() -> None:
    def broken(state: State) -> bool:
        raise KeyError("stop")

    with pytest.raises(KeyError):
        playout(spynb.get_spec("kloak").new_state(), random.Random(1), stop=broken)
    assert gc.isenabled()


def test_a_paused_collector_stays_off_when_it_was_off() -> None:
    gc.disable()
    try:
        with paused_gc():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_null_history_keeps_nothing_and_is_shared() -> None:
    history = NullHistory({"a": "A."})
    history.entries.append((1, "a", None, None, ()))
    history.seal()
    assert len(history) == 0 and history.events() == [] and history.copy() is history
    assert history.seen_by(1) is history and isinstance(NULL_HISTORY, NullHistory)


def test_spynb_prob_plays_its_random_playouts_in_simulation_mode() -> None:
    from spynb.prob import random_action, random_playout

    spec = spynb.get_spec("kloak")
    ours = random_playout(spec.new_state(options={"turn_limit": 30}), random.Random(8), quiet=True)
    engine = spec.new_state(options={"turn_limit": 30})
    playout(engine, random.Random(8))
    assert ours.view(None).data["small"] == engine.view(None).data["small"] and ours.events == ()
    with pytest.raises(ValueError, match="over"):
        random_action(ours, random.Random(1))
    with pytest.raises(RuntimeError, match="within 3 steps"):
        random_playout(spec.new_state(), random.Random(1), max_steps=3)

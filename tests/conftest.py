"""Shared test helpers: random playouts through the public contract."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from fractions import Fraction

import pytest

import spynb
from spynb.engine import Action, GameSpec, State, sample_chance
from tests.games import register_all

register_all()  # the fixture games join the registry for the test run only


def random_step(state: State, rng: random.Random) -> tuple[int | None, Action]:
    """One random legal step: a chance outcome, or a random pending seat's random action."""
    turn = state.turn
    if turn.chance:
        outcomes = state.chance_outcomes()
        assert sum((p for _, p in outcomes), Fraction(0)) == 1, "chance probabilities must sum to 1"
        assert all(p > 0 for _, p in outcomes)
        assert len({a for a, _ in outcomes}) == len(outcomes), "chance outcomes repeat"
        return None, sample_chance(state, rng)
    seat = rng.choice(turn.seats)
    return seat, rng.choice(state.legal_actions(seat))


def playout(spec: GameSpec, variant: str, seats: int, seed: int, turn_limit: int = 120,
            max_steps: int = 200_000) -> Iterator[tuple[State, int | None, Action]]:
    """Yield (state before, seat, action) for every step of a seeded random game; applies each step."""
    rng = random.Random(seed)
    state = spec.new_state(variant, seats, {"turn_limit": turn_limit})
    for _ in range(max_steps):
        if state.over:
            return
        seat, action = random_step(state, rng)
        yield state, seat, action
        state.apply(action, seat)
    raise AssertionError(f"game did not end within {max_steps} steps")


def configurations() -> list[tuple[str, str, int]]:
    """Every (game, variant, seat count) the specs allow."""
    configs = []
    for name in spynb.game_names():
        spec = spynb.get_spec(name)
        for variant in spec.variants:
            configs.extend((name, variant, seats) for seats in spec.allowed_seats(variant))
    return configs


def config_id(config: tuple[str, str, int]) -> str:
    return "-".join(map(str, config))


@pytest.fixture
def new_cd() -> Callable[..., spynb.Game]:
    def make(seats: int = 3, seed: int = 0, **kwargs: object) -> spynb.Game:
        return spynb.new_game("cloak-dagger", seats=seats, seed=seed, **kwargs)  # type: ignore[arg-type]
    return make


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Groups for a parallel run (``pytest -n N --dist loadgroup``, as ``./build.sh test`` runs it): the browser
    tests share one Chromium and one served site, the tests of the teacher's site one build of it, and every other
    file runs on one worker, so that a module's fixtures are made once."""
    root = config.rootpath
    for item in items:
        path = item.path.relative_to(root)
        if path.parts[:2] == ("tests", "browser"):
            group = "browser"
        elif "teacher_build" in getattr(item, "fixturenames", ()):
            group = "teacher-build"
        else:
            group = str(path)
        item.add_marker(pytest.mark.xdist_group(group))

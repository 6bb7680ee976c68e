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
        assert sums_to_one([p for _, p in outcomes]), "chance probabilities must sum to 1"
        assert all(p.numerator > 0 for _, p in outcomes)  # a Fraction's denominator is positive
        assert len({a for a, _ in outcomes}) == len(outcomes), "chance outcomes repeat"
        return None, sample_chance(state, rng)
    seat = rng.choice(turn.seats)
    return seat, rng.choice(state.legal_actions(seat))


def sums_to_one(probabilities: list[Fraction]) -> bool:
    """Whether the fractions add up to exactly 1: by their numerators when they share a denominator (as a chance
    node's mostly do; adding Fractions one by one costs a gcd each, in every random playout of the suite)."""
    denominators = {p.denominator for p in probabilities}
    if len(denominators) == 1:
        return sum(p.numerator for p in probabilities) == denominators.pop()
    return sum(probabilities, Fraction(0)) == 1


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


SHARED_ONCE = ("teacher_build", "site_check")
"""Session fixtures too costly to make on every worker (a site build, a notebook run in Chromium): their tests run
together, on one."""


def _group(item: pytest.Item) -> str | None:
    """The group a test runs in, or None when it may run on any worker by itself."""
    names = getattr(item, "fixturenames", ())
    for name in SHARED_ONCE:
        if name in names:
            return name
    info = getattr(item, "_fixtureinfo", None)
    shared = info is not None and any(fixture.scope in ("module", "class", "package")
                                      for fixtures in info.name2fixturedefs.values() for fixture in fixtures)
    return str(item.path.relative_to(item.config.rootpath)) if shared else None


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Groups for a parallel run (``pytest -n N --dist loadgroup``, as ``./build.sh test`` runs it).

    Most tests run wherever a worker is free, so the long ones spread over every core. A test that shares a
    module's fixture runs with the rest of its file, so the fixture is made once; the tests of a costly session
    fixture (:data:`SHARED_ONCE`) run together. Each worker starts its own Chromium for the browser tests it runs
    (a second or two). The tests marked ``slow`` or ``browser`` are handed out first.
    """
    for item in items:
        group = _group(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
    items.sort(key=_starts_late)  # stable: the long tests first, so none is left running alone at the end


def _starts_late(item: pytest.Item) -> bool:
    return item.get_closest_marker("slow") is None and item.get_closest_marker("browser") is None

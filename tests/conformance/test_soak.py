"""The soak (spynb.soak): a few seeded bot games of every game, and proof that each of its checks can fail."""

from __future__ import annotations

import pytest

import spynb
from spynb.engine import Action, State, View, freeze
from spynb.soak import LINEUPS, SoakReport, configurations, setup, soak

pytestmark = pytest.mark.slow  # started first in a parallel run (tests/conftest.py)
GAMES_PER_GAME = 3


@pytest.mark.parametrize("name", spynb.game_names())
def test_a_short_soak_of_every_game_finds_nothing(name: str) -> None:
    report = soak(name, games=GAMES_PER_GAME, seed=0, every=10)
    assert report.violations == [], "\n".join(map(str, report.violations[:5]))
    assert report.games == GAMES_PER_GAME and report.actions > 0
    assert report.leaks.changed > 0 and report.leaks.steps > 0, "the no-leak check never ran"


@pytest.mark.parametrize("name", spynb.game_names())
def test_the_seed_picks_every_variant_seat_count_and_lineup_in_turn(name: str) -> None:
    spec = spynb.get_spec(name)
    configs = configurations(spec)
    assert set(configs) == {(variant, seats) for variant in spec.variants for seats in spec.allowed_seats(variant)}
    setups = {setup(spec, seed) for seed in range(len(configs) * len(LINEUPS))}
    assert setups == {(variant, seats, lineup) for variant, seats in configs for lineup in LINEUPS}


def _broken_soak(name: str, seed: int, method: str, replacement: object) -> SoakReport:
    """A one-game soak of ``name`` with one method of its state class replaced."""
    state_class = type(spynb.get_spec(name).new_state())
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(state_class, method, replacement)
        return soak(name, games=1, seed=seed, every=1000)


def test_broken_invariants_are_reported_with_what_reproduces_them() -> None:
    report = _broken_soak("kloak", 7, "validate", lambda self: ["a card went missing"])
    first = report.violations[0]
    assert (first.game, first.seed, first.step, first.check) == ("kloak", 7, 0, "invariants")
    assert str(first).startswith(f"kloak {first.variant} {first.seats} seats, seed 7, step 0 [invariants]: "
                                 "a card went missing")


def test_a_clone_that_shares_the_original_is_reported() -> None:
    report = _broken_soak("kloak", 0, "clone", lambda self: self)
    assert {v.check for v in report.violations} >= {"clone"}


def test_a_replay_that_goes_another_way_is_reported() -> None:
    original = type(spynb.get_spec("kloak").new_state()).view

    def view(self: State, seat: int | None) -> View:  # each state object tells itself apart: no replay matches
        view = original(self, seat)
        return View(view.game, view.seat, view.label, freeze({**view.data, "object": id(self)}))

    report = _broken_soak("kloak", 0, "view", view)
    assert "replay" in {v.check for v in report.violations}


@pytest.mark.parametrize("name", spynb.game_names())
def test_a_game_shorter_than_the_leak_interval_is_checked_at_every_step(name: str) -> None:
    """With the interval longer than the game, only step 0 (nothing dealt yet) used to be checked."""
    report = soak(name, games=1, seed=0, every=10**6, horizon=1)
    assert report.violations == []
    assert report.leaks.changed > 0 and report.leaks.steps > 0


def test_a_seat_allowed_to_play_chance_is_reported() -> None:
    state_class = type(spynb.get_spec("cloak-dagger").new_state())
    original = state_class.apply

    def apply(self: State, action: Action, seat: int | None = None) -> None:  # the seat is ignored at chance
        original(self, action, None if self.turn.chance else seat)

    report = _broken_soak("cloak-dagger", 0, "apply", apply)
    found = [v for v in report.violations if v.check == "chance-seat"]
    assert found and "was allowed to play chance's cut" in found[0].what

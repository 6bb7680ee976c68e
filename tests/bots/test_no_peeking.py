"""Every bot of every game chooses from its own view only.

A bot given two states that differ only in what its seat cannot see (the
hidden parts re-dealt by ``resample_hidden``) must choose the same action.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

import spynb
from spynb.bots import Bot, ISMCTSBot, bot_names, make_bot
from tests.conftest import playout


@dataclass(frozen=True)
class Setting:
    """Where a game's no-peeking check looks, and how hard its search bot thinks (kept quick)."""

    seats: int
    seeds: tuple[int, ...]
    turn_limit: int
    sampled: float
    """The share of decision points compared."""
    search: tuple[int, int]
    """The search bot's iterations and rollout depth."""
    at_least: int
    """Comparisons the check must make, so it cannot pass by comparing nothing."""


SETTINGS = {
    "cloak-dagger": Setting(seats=3, seeds=(6,), turn_limit=40, sampled=0.2, search=(20, 6), at_least=6),
    "kloak": Setting(seats=2, seeds=(4, 5), turn_limit=40, sampled=0.3, search=(12, 4), at_least=5),
    "target": Setting(seats=5, seeds=(3,), turn_limit=12, sampled=0.15, search=(6, 4), at_least=8),
}
"""Settings tuned to keep the long games quick."""


def setting_of(game: str) -> Setting:
    """Where the check looks for ``game``: its tuned setting, else every decision of a few short games at the
    default seat count (a game of any length is compared at least once a game)."""
    if game in SETTINGS:
        return SETTINGS[game]
    seeds = tuple(range(6))
    return Setting(seats=spynb.get_spec(game).default_seats, seeds=seeds, turn_limit=40, sampled=1.0,
                   search=(20, 6), at_least=len(seeds))


def _bot(name: str, spec: spynb.GameSpec, setting: Setting) -> Bot:
    if name == "ismcts":
        iterations, depth = setting.search
        return ISMCTSBot(spec, 7, iterations=iterations, rollout_depth=depth)
    return make_bot(name, spec, 7)


def test_the_tuned_settings_are_of_registered_games() -> None:
    assert set(SETTINGS) <= set(spynb.game_names())


@pytest.mark.parametrize("bot_name", bot_names())
@pytest.mark.parametrize("game", spynb.game_names())
def test_a_bot_chooses_the_same_in_states_that_differ_only_in_what_it_cannot_see(game: str, bot_name: str) -> None:
    spec, setting = spynb.get_spec(game), setting_of(game)
    rng = random.Random(1)
    compared = 0
    for seed in setting.seeds:
        for state, seat, _action in playout(spec, spec.default_variant, setting.seats, seed=seed,
                                            turn_limit=setting.turn_limit):
            if seat is None or rng.random() > setting.sampled:
                continue
            other = state.resample_hidden(seat, rng)
            if other is None:
                continue
            assert other.view(seat) == state.view(seat)
            first = _bot(bot_name, spec, setting).choose(state.view(seat), state.legal_actions(seat))
            second = _bot(bot_name, spec, setting).choose(other.view(seat), other.legal_actions(seat))
            assert first == second, f"{bot_name} chose differently in {game} seed {seed}"
            compared += 1
    assert compared >= setting.at_least

"""Re-dealing what a seat has not seen (``resample_hidden``, ``determinise``): every imagined position is a
valid game, agrees with all the seat saw — its hand and side, cards shown to it (TG-8), Blown Cover plays,
Outed colours (TG-7) — and stays valid as play goes on."""

from __future__ import annotations

import random

import pytest

import spynb
from spynb.target import TargetState
from tests.conftest import random_step

from .helpers import random_game

SPEC = spynb.get_spec("target")


def _plays_on_validly(state: TargetState, rng: random.Random, steps: int = 30) -> None:
    for _ in range(steps):
        if state.over:
            return
        seat, action = random_step(state, rng)
        state.apply(action, seat)
        assert state.validate() == []


def _agrees(imagined: TargetState, truth: TargetState, seat: int) -> None:
    assert imagined.validate() == []
    assert imagined.hands[seat] == truth.hands[seat] and imagined.affiliation[seat] == truth.affiliation[seat]
    for owner, seen in truth.outed_seen.items():
        if seat in seen:
            assert imagined.outed_seen[owner][seat] == seen[seat]
            assert imagined.affiliation[owner] in (seen[seat], "double-agent")
    seen_plays = {s: c for s, c in truth.plays.items() if s in truth.face_up or seat in truth.shown.get(s, ())}
    assert all(imagined.plays[s] == c for s, c in seen_plays.items())


@pytest.mark.parametrize("seats,seed", [(4, 1), (5, 2), (7, 3), (9, 4), (11, 5)])
def test_every_re_deal_is_valid_agrees_with_the_seat_and_plays_on(seats: int, seed: int) -> None:
    game = random_game(seats, seed, turns=8)
    rng = random.Random(seed)
    checked = 0
    for step in range(0, len(game), 13):
        truth = game.at(step).state
        for seat in range(1, seats + 1):
            other = truth.resample_hidden(seat, rng)
            assert other is not None and other.view(seat) == truth.view(seat)
            _agrees(other, truth, seat)
            _plays_on_validly(other, random.Random(step))
            if not truth.over and not truth.turn.chance and seat in truth.turn.seats and truth.turn_number:
                imagined = SPEC.determinise(truth.view(seat), rng)
                assert imagined.legal_actions(seat) == truth.legal_actions(seat)
                _agrees(imagined, truth, seat)
                _plays_on_validly(imagined, random.Random(step))
            checked += 1
    assert checked >= 20


def _outed_to_seat_1_by_everyone(seats: int, seed: int) -> TargetState:
    """A real deal in which every other seat's Outed showed seat 1 its colour (a Double Agent's: its choice)."""
    state = spynb.new_game("target", seats=seats, seed=seed).state.clone()
    for s in range(2, seats + 1):
        side = state.affiliation[s]
        state.outed_seen[s] = {1: side if side != "double-agent" else ("cia", "kgb")[s % 2]}
    state._forget()
    assert state.validate() == []
    return state


@pytest.mark.parametrize("seats", [6, 11])
def test_TG_7_re_deals_keep_every_outed_colour_even_where_few_deals_fit(seats: int) -> None:
    state = _outed_to_seat_1_by_everyone(seats, seed=3)
    rng = random.Random(0)
    changed = 0
    for _ in range(15):
        other = state.resample_hidden(1, rng)
        _agrees(other, state, 1)
        changed += other.affiliation != state.affiliation
        imagined = SPEC.determinise(state.view(1), rng)
        _agrees(imagined, state, 1)
    assert changed  # a Double Agent's shown colour leaves room: the re-deal really re-deals

"""Nothing hidden leaks through whose turn it is (CD-3).

Whose turn it is, the phase and the step numbers of the events a seat sees
may depend only on public facts and on what the acting seat knows, never on
what the envelope it opened holds.
"""

from __future__ import annotations

import random

import spynb
from spynb.cloak_dagger import Open, Pass
from tests.conftest import playout

from .scenarios import scripted


def _observed(game: spynb.Game, seat: int) -> tuple[object, ...]:
    """Everything ``seat`` observes: its view, whose turn, the phase and the numbering of its events."""
    view = game.view(seat)
    return view, game.turn, view["phase"], tuple(e["step"] for e in view["events"])


def _observations(envelope: int) -> list[tuple[object, ...]]:
    """Seat 2's observations while seat 1 examines ``envelope`` and play goes on (seed 0, 2 seats)."""
    game = scripted(2, "aK")
    game.play("11")  # seat 1 hides d D in 11
    game.play("12")  # seat 2 hides e E in 12
    seen = [_observed(game, 2)]
    game.play(str(envelope))
    seen.append(_observed(game, 2))
    if game.turn.seats == (1,):
        game.play("pass")
    for move in ("3", "draw X", "5", "draw Y", "12", "pass", "6", "draw Z"):
        seen.append(_observed(game, 2))
        game.play(move)
    seen.append(_observed(game, 2))
    return seen


def test_CD_3_examining_without_acting_looks_the_same_to_others_whatever_the_envelope_held() -> None:
    """Seat 1 examines its own agents (it could take one) or seat 2's (it could not): seat 2 sees no difference."""
    own, rivals = _observations(11), _observations(12)
    assert len(own) == len(rivals)
    for step, (a, b) in enumerate(zip(own, rivals)):
        assert a == b, f"seat 2 tells the two histories apart at observation {step}"


def test_CD_3_every_examination_that_neither_finishes_nor_places_offers_a_logged_pass() -> None:
    spec = spynb.get_spec("cloak-dagger")
    checked = 0
    for seed in range(12):
        for state, seat, action in playout(spec, "standard", 2 + seed % 5, seed, turn_limit=80):
            if not isinstance(action, Open) or state.view(None)["hands"][str(seat)]:
                continue
            after = state.clone()
            after.apply(action, seat)
            if after.turn.chance:  # a public placement (CD-5)
                continue
            assert after.turn.seats == (seat,) and Pass() in after.legal_actions(seat)
            after.apply(Pass(), seat)
            assert after.events[-1].kind == "pass" or after.over
            checked += 1
    assert checked > 200


def test_CD_3_what_follows_an_examination_is_the_same_in_every_re_deal_another_seat_cannot_tell_apart() -> None:
    """Re-deal what a watching seat has not seen, let the actor open the same envelope: the watcher sees the same
    (unless the envelope is empty in one and not in the other, which placing shows to all, CD-5)."""
    spec = spynb.get_spec("cloak-dagger")
    rng = random.Random(3)
    compared = 0
    for seed in range(10):
        seats = 2 + seed % 5
        for state, seat, action in playout(spec, "standard", seats, seed, turn_limit=80):
            if not isinstance(action, Open) or rng.random() > 0.3:
                continue
            watcher = seat % seats + 1
            other = state.resample_hidden(watcher, rng)
            if other is None or bool(other.envelopes[action.envelope]) != bool(state.envelopes[action.envelope]):
                continue  # an empty envelope places for all to see (CD-5): a finish the watcher was not shown may
                # lie elsewhere in the re-deal, so emptiness may differ, but nothing else that follows may
            first, second = state.clone(), other
            first.apply(action, seat)
            second.apply(action, seat)
            assert first.view(watcher) == second.view(watcher)
            if first.turn.seats == (seat,):
                first.apply(Pass(), seat)
                second.apply(Pass(), seat)
                assert first.view(watcher) == second.view(watcher)
            compared += 1
    assert compared > 100

"""ENG-4: every entry point that takes a seat refuses one the game does not have, in every game alike.

``view(-1)`` used to give the last seat's hand (and in The Target its affiliation) by Python's negative
indexing; ``view(99)`` raised IndexError and ``view("1")`` TypeError.  Now each is a :class:`SeatError`
that says why, and nothing changes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import spynb
from spynb.bots.registry import make_bot
from spynb.engine import SeatError, View, check_seat

GAMES = [("cloak-dagger", 3), ("kloak", 2), ("target", 5)]


def _game(name: str, seats: int) -> spynb.Game:
    return spynb.new_game(name, seats=seats, seed=5)


def _some_action(game: spynb.Game) -> Any:
    seat = game.turn.seats[0]
    return game.legal_actions(seat)[0]


ENTRY_POINTS: dict[str, Callable[[spynb.Game, Any], object]] = {
    "State.view": lambda g, s: g.state.view(s),
    "State.legal_actions": lambda g, s: g.state.legal_actions(s),
    "State.legal_actions(seat=)": lambda g, s: g.state.legal_actions(seat=s),
    "State.text": lambda g, s: g.state.text(s),
    "State.events_seen_by": lambda g, s: g.state.events_seen_by(s),
    "State.resample_hidden": lambda g, s: g.state.resample_hidden(s, random.Random(0)),
    "State.is_legal": lambda g, s: g.state.is_legal(_some_action(g), s),
    "State.explain_illegal": lambda g, s: g.state.explain_illegal(_some_action(g), s),
    "State.apply": lambda g, s: g.state.apply(_some_action(g), s),
    "Game.view": lambda g, s: g.view(s),
    "Game.legal_actions": lambda g, s: g.legal_actions(s),
    "Game.play": lambda g, s: g.play(_some_action(g), s),
    "View (what a bot's choose reads)": lambda g, s: View(g.spec.name, s, "a seat", g.view(1).data),
}
NONE_MEANS_SOMETHING = {"State.view", "State.legal_actions", "State.legal_actions(seat=)", "State.text",
                        "State.events_seen_by", "State.is_legal", "State.apply", "Game.view", "Game.legal_actions",
                        "Game.play", "View (what a bot's choose reads)"}
"""Where ``None`` is a real choice: the omniscient onlooker, chance, or the seat to move."""


def _bad_seats(seats: int) -> list[object]:
    return [-1, 0, seats + 1, 99, "1", True, False, 1.0, 2.0, [1]]


@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
@pytest.mark.parametrize(("name", "seats"), GAMES)
def test_ENG_4_every_entry_point_refuses_a_seat_the_game_does_not_have(name: str, seats: int, entry: str) -> None:
    game = _game(name, seats)
    before, record = game.view(None), game.record()
    bad = _bad_seats(seats) + ([] if entry in NONE_MEANS_SOMETHING else [None])
    for seat in bad:
        with pytest.raises(SeatError) as caught:
            ENTRY_POINTS[entry](game, seat)
        assert caught.value.rule_id == "ENG-4" and repr(seat) in str(caught.value), (entry, seat)
        assert f"1 to {seats}" in str(caught.value)
    assert game.view(None) == before and game.record() == record, "a refused seat changed the game"


@pytest.mark.parametrize(("name", "seats"), GAMES)
def test_ENG_4_minus_one_is_not_the_last_seat(name: str, seats: int) -> None:
    game = _game(name, seats)
    last = game.view(seats)
    assert last.seat == seats  # the last seat itself is fine
    with pytest.raises(SeatError, match="no seat -1: seats are numbered 1 to"):
        game.view(-1)


def test_ENG_4_in_the_target_minus_one_no_longer_shows_the_last_seats_hand_and_affiliation() -> None:
    game = _game("target", 5)
    with pytest.raises(SeatError):
        game.state.view(-1)
    with pytest.raises(SeatError):
        game.state.text(-1)


@pytest.mark.parametrize(("seat", "why"), [
    (99, "numbered 1 to 3"), ("1", "not str"), (True, "not bool"), (1.0, "not float"), (None, "not NoneType"),
])
def test_ENG_4_the_error_says_why(seat: object, why: str) -> None:
    with pytest.raises(SeatError, match=why) as caught:
        check_seat(seat, 3)
    assert isinstance(caught.value, spynb.SpynbError) and caught.value.seat == seat


@pytest.mark.parametrize(("name", "seats"), GAMES)
def test_ENG_4_a_bot_is_never_handed_a_view_of_a_seat_that_does_not_exist(name: str, seats: int) -> None:
    game = _game(name, seats)
    seat = game.turn.seats[0]
    bot = make_bot("random", game.spec, seed=1)
    assert bot.choose(game.view(seat), game.legal_actions(seat)) in game.legal_actions(seat)
    with pytest.raises(SeatError):
        bot.choose(View(name, seats + 1, "nobody", game.view(seat).data), game.legal_actions(seat))


@pytest.mark.parametrize(("name", "seats"), GAMES)
def test_ENG_4_applying_a_chance_outcome_refuses_a_named_seat_the_game_does_not_have(name: str, seats: int) -> None:
    spec = spynb.get_spec(name)
    state = spec.new_state(spec.default_variant, seats, {})
    assert state.turn.chance, "every game starts with chance (a shuffle, a deal or a setup)"
    outcome = state.chance_outcomes()[0][0]
    before = state.view(None)
    for seat in _bad_seats(seats):
        with pytest.raises(SeatError):
            state.apply(outcome, seat)  # type: ignore[arg-type]  # the wrong seats are the point
    assert state.view(None) == before
    state.apply(outcome)
    assert state.view(None) != before


@pytest.mark.parametrize(("name", "seats"), GAMES)
def test_ENG_4_a_checked_method_keeps_its_parameters_and_defaults(name: str, seats: int) -> None:
    state = _game(name, seats).state
    mover = state.turn.seats[0]
    assert state.legal_actions() == state.legal_actions(None) and state.legal_actions(seat=mover)
    action = state.legal_actions(mover)[0]
    assert state.is_legal(action, seat=mover) and state.is_legal(action, mover)
    with pytest.raises(TypeError):
        state.view()  # type: ignore[call-arg]  # the seat (or None) must be named, as the game defines it

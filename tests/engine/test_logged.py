"""What the base of a history-keeping state guarantees (spynb.engine.logged), on a small game and on every game."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

import spynb
from spynb.engine import (CHANCE_TURN, OVER, NULL_HISTORY, Action, GameSpec, IllegalActionError, LoggedState, RuleBook,
                          SeatError, Turn, View, freeze)
from spynb.engine.simulate import playout


@dataclass(frozen=True, slots=True, repr=False)
class Add(Action):
    amount: int

    def __str__(self) -> str:
        return f"+{self.amount}"


@dataclass(frozen=True, slots=True, repr=False)
class Secret(Action):
    number: int
    is_chance = True

    def __str__(self) -> str:
        return f"secret {self.number}"


class Race(LoggedState):
    """Two seats add 1 or 2 in turn; the first whose total reaches 5 wins.  Chance first deals seat 1 a secret
    number that only seat 1 sees."""

    NARRATORS = {"secret": "Seat 1 got a secret number.", "add": lambda e: f"Seat {e.actor} added {e.get('amount')}.",
                 "win": "A win.", "limit": "The turn limit."}
    CITES = {"add": "RACE-1"}
    OMNISCIENT_SHOWS = "the secret"

    def __init__(self, spec: GameSpec, variant: str, seats: int, options: Any) -> None:
        super().__init__(spec, variant, seats, options)
        self.totals = [0] * (seats + 1)
        self.secret = 0
        self.done = False

    @property
    def turn(self) -> Turn:
        if self.done:
            return OVER
        return CHANCE_TURN if not self.secret else Turn((self.turn_number % 2 + 1,))

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        return (Add(1), Add(2)) if self.turn.seats == (seat or self.turn_number % 2 + 1,) else ()

    def chance_weights(self) -> tuple[tuple[Action, int], ...]:
        return ((Secret(3), 1), (Secret(4), 1)) if not self.secret and not self.done else ()

    def _apply(self, action: Action, seat: int | None) -> None:
        self.step += 1
        self._forget()
        if isinstance(action, Secret):
            self.secret = action.number
            self._log("secret", None, frozenset((1,)), ("number", action.number))
            return
        assert isinstance(action, Add) and seat is not None
        self.totals[seat] += action.amount
        self._log("add", seat, None, ("amount", action.amount))
        if self.totals[seat] >= 5:
            self._end_game((seat,))
            self._log("win", seat, None)
        elif not self._ends_at_turn_limit():
            self.turn_number += 1

    def _set_over(self) -> None:
        self.done = True

    def _copy_parts(self, other: Race) -> None:
        other.totals = self.totals[:]

    def _explain_illegal(self, action: Action, seat: int) -> IllegalActionError:
        return self.spec.rules.illegal("ENG-1", "not now", action)

    def _resample_hidden(self, seat: int, rng: random.Random) -> Race | None:
        return None

    def view(self, seat: int | None) -> View:
        self._cache[seat] = data = self._cache.get(seat) or freeze({
            "seats": self.seats, "totals": self.totals[1:], "secret": self.secret if seat in (None, 1) else None,
            "events": [e.frozen() for e in self.events_seen_by(seat)]})
        return View(self.spec.name, seat, self.view_label(seat), data)

    def validate(self) -> list[str]:
        return []

    def text(self, seat: int | None = None) -> str:
        return str(self.view(seat).data)


SPEC = GameSpec(name="race", title="Race", min_seats=2, max_seats=2, default_seats=2, variants=("standard",),
                rules=RuleBook("race", []), create=Race, parse=lambda text: Add(int(text)), options=("turn_limit",))


def _race(turn_limit: int | None = None) -> Race:
    state = SPEC.new_state(options={} if turn_limit is None else {"turn_limit": turn_limit})
    assert isinstance(state, Race)
    state.apply(Secret(4))
    return state


def test_events_are_logged_with_the_step_and_turn_and_cite_their_rule() -> None:
    state = _race()
    state.apply(Add(2), 1)
    secret, added = state.events
    assert (secret.step, secret.kind, secret.seen_by, secret.data) == (1, "secret", frozenset((1,)),
                                                                       (("number", 4), ("turn", 0)))
    assert (added.text, added.rule, added.get("turn")) == ("Seat 1 added 2.", "RACE-1", 0)


def test_a_seat_sees_only_the_events_shown_to_it() -> None:
    state = _race()
    state.apply(Add(1), 1)
    assert [e.kind for e in state.events_seen_by(1)] == ["secret", "add"]
    assert [e.kind for e in state.events_seen_by(2)] == ["add"]
    seen = state._copy_seen_by(2)
    assert [e.kind for e in seen.events] == ["add"] and seen.totals == state.totals
    assert len(state.events) == 2  # the original keeps everything


def test_the_first_to_five_wins_and_the_game_is_over() -> None:
    state = _race()
    for amount in (2, 1, 2, 1, 2):
        state.apply(Add(amount))
    assert state.over and state.winners == (1,) and state.events[-1].kind == "win"


def test_the_turn_limit_ends_the_game_with_no_winner_and_says_so() -> None:
    state = _race(turn_limit=2)
    state.apply(Add(1))
    state.apply(Add(1))
    assert not state.over
    state.apply(Add(1))
    assert state.over and state.winners == () and state.legal_actions(2) == ()
    assert (state.events[-1].kind, state.events[-1].get("limit")) == ("limit", 2)


def test_a_clone_is_independent_of_its_original() -> None:
    state = _race()
    state.apply(Add(2))
    state.view(1)
    copy = state.clone()
    assert type(copy) is Race and copy._cache == {} and copy.view(1) == state.view(1)
    copy.apply(Add(2))
    assert state.totals == [0, 2, 0] and copy.totals == [0, 2, 2]
    assert len(state.events) == 2 and len(copy.events) == 3 and state.turn.seats == (2,)


def test_a_quiet_state_logs_nothing_and_its_copies_stay_quiet() -> None:
    state = _race()
    assert state.stop_logging() is True
    state.apply(Add(2))
    copy = state.clone()
    copy.apply(Add(1))
    assert state._history is NULL_HISTORY and state.events == () and copy.events == ()
    assert copy.totals == [0, 2, 1]


def test_the_label_names_the_game_and_what_the_view_shows() -> None:
    state = _race()
    assert state.view(None).label == "Race — omniscient teaching view (shows the secret)"
    assert state.view(2).label == "Race — what seat 2 knows"


@pytest.mark.parametrize("name", spynb.game_names())
def test_every_game_keeps_its_history_through_the_base(name: str) -> None:
    state = spynb.new_game(name, seed=3).state
    assert isinstance(state, LoggedState)
    copy = state.clone()
    playout(copy, random.Random(3), limit=30)
    assert len(copy.events) > len(state.events) and copy.view(None) != state.view(None)
    assert state.view(None) == spynb.new_game(name, seed=3).view(None)  # the original did not move
    seat = state.turn.seats[0]
    assert state._copy_seen_by(seat).events == state.events_seen_by(seat)


@pytest.mark.parametrize("name", spynb.game_names())
def test_the_events_since_a_point_and_the_steps_a_seat_saw_agree_with_the_whole_log(name: str) -> None:
    state = spynb.new_game(name, seed=4).state.clone()
    playout(state, random.Random(4), limit=30)
    events = state.clone().events  # read from a copy: the state's own history stays unread
    assert state.event_count == len(events) > 2
    assert state.events_since(2) == events[2:] and state.events_since(len(events)) == ()
    for seat in range(1, state.seats + 1):
        assert state.steps_seen_by(seat) == [e.step for e in state.events_seen_by(seat)]
    with pytest.raises(SeatError):
        state.steps_seen_by(state.seats + 1)

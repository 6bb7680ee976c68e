"""The no-leak check itself (spynb.soak.check_no_leak), on a toy game made to leak in one way at a time.

The toy: four cards 1-4; chance deals one face down to each of two seats; then they take turns
(seat 1 goes, seat 2 goes, boasts if it holds the 4, or shows its card to everyone), five moves in
all.  A shown card of 3 or more gives seat 2 another move: the turn depends on a public fact, fair.
Each leaky version breaks the rule that the turn and event numbering depend only on public facts
and the acting seat's knowledge, or re-deals impossibly; the check must name each.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

import pytest

from spynb.engine import Action, Event, State, Turn, View, freeze
from spynb.engine.core import CHANCE_TURN, OVER
from spynb.engine.errors import IllegalActionError
from spynb.soak import Entry, LeakTally, check_no_leak

CARDS = frozenset({1, 2, 3, 4})


@dataclass(frozen=True, slots=True, repr=False)
class Deal(Action):
    card: int
    is_chance: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"deal {self.card}"


@dataclass(frozen=True, slots=True, repr=False)
class Move(Action):
    kind: str

    def __str__(self) -> str:
        return self.kind


class Toy(State):
    """The toy game; ``leak`` names the one thing this copy gets wrong ('' for none)."""

    seats = 2
    variant = "standard"

    def __init__(self, leak: str = "") -> None:
        self.leak, self.step, self.moves, self.to_move = leak, 0, 0, 1
        self.cards: dict[int, int] = {}
        self.again = False  # an extra move was given
        self.log: list[Event] = []

    @property
    def turn(self) -> Turn:
        if len(self.cards) < 2:
            return CHANCE_TURN
        return OVER if self.moves >= 5 else Turn((self.to_move,))

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        if seat != self.to_move or self.turn != Turn((seat,)):
            return ()
        if seat == 1:
            return (Move("go"),)
        return tuple(Move(k) for k in ("go", "show", "boast") if k != "boast" or self.cards[2] == 4)

    def chance_weights(self) -> tuple[tuple[Action, int], ...]:
        return tuple((Deal(c), 1) for c in sorted(CARDS - set(self.cards.values())))

    def _apply(self, action: Action, seat: int | None) -> None:
        self.step += 1
        if isinstance(action, Deal):
            dealt = len(self.cards) + 1
            self.cards[dealt] = action.card
            self._log("deal", dealt, frozenset({dealt}), card=action.card)
            self._log("dealt", dealt, None)
            return
        assert isinstance(action, Move) and seat is not None
        shown = {"card": self.cards[seat]} if action.kind == "show" else {}
        self._log(action.kind, seat, None, **shown)
        self.moves += 1
        high = self.cards[seat] >= 3
        if self.leak == "numbering" and seat == 1 and high:
            self.step += 1  # an unlogged step, only when seat 1's hidden card is high
        extra = (action.kind == "show" and high) or (self.leak == "turn" and seat == 1 and high)
        if extra and not self.again:
            self.again = True
        else:
            self.to_move = 3 - seat

    def _log(self, kind: str, actor: int, seen_by: frozenset[int] | None, **data: int) -> None:
        self.log.append(Event(self.step, kind, actor, seen_by, kind, tuple(data.items())))

    def _explain_illegal(self, action: Action, seat: int) -> IllegalActionError:
        raise AssertionError("the check applies only legal actions")

    def clone(self) -> Toy:
        other = Toy(self.leak)
        other.cards, other.step, other.moves = dict(self.cards), self.step, self.moves
        other.to_move, other.again, other.log = self.to_move, self.again, self.log[:]
        return other

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self.log)

    def view(self, seat: int | None) -> View:
        data = {"to_move": list(self.turn.seats), "moves": self.moves,
                "cards": {s: c for s, c in self.cards.items() if seat in (None, s)},
                "events": [e.to_dict() for e in self.events_seen_by(seat)]}
        return View("toy", seat, "toy", freeze({str(k): v for k, v in data.items()}))

    @property
    def winners(self) -> tuple[int, ...]:
        return ()

    def _resample_hidden(self, seat: int, rng: random.Random) -> Toy | None:
        other = self.clone()
        other.log = [e for e in self.log if e.visible_to(seat)]
        unseen = [s for s in self.cards if s != seat]
        pool = sorted(CARDS - {self.cards[seat]} if seat in self.cards else CARDS)
        rng.shuffle(pool)
        other.cards.update(zip(unseen, pool))
        if self.leak == "invalid" and unseen:
            other.cards[unseen[0]] = other.cards.get(seat, pool[0])  # the same card twice
        return other

    def validate(self) -> list[str]:
        held = list(self.cards.values())
        return [] if len(set(held)) == len(held) and set(held) <= CARDS else [f"cards held twice: {held}"]

    def text(self, seat: int | None = None) -> str:
        return str(self.view(seat).data)


def _play(leak: str, cards: tuple[int, int], moves: list[tuple[int, str]]) -> tuple[Toy, list[Entry]]:
    """The toy dealt ``cards``, and its entries: the deal, then ``moves``."""
    entries: list[Entry] = [(None, Deal(cards[0])), (None, Deal(cards[1]))]
    entries += [(seat, Move(kind)) for seat, kind in moves]
    return Toy(leak), entries


def _check(leak: str, cards: tuple[int, int], moves: list[tuple[int, str]], seat: int,
           redeals: int = 20) -> tuple[list[str], LeakTally]:
    """Re-deal for ``seat`` after the deal, ``redeals`` times; the problems found and the tally."""
    state, entries = _play(leak, cards, moves)
    for seat_, action in entries[:2]:
        state.apply(action, seat_)
    tally = LeakTally()
    found = [check_no_leak(state, seat, entries[2:], random.Random(n), tally) for n in range(redeals)]
    return [problem for problem in found if problem], tally


def test_a_sound_game_passes_and_the_check_shows_it_compared_states() -> None:
    problems, tally = _check("", (3, 4), [(1, "go"), (2, "go"), (1, "go"), (2, "go"), (1, "go")], seat=2)
    assert problems == []
    assert tally.redeals == 20 and tally.changed > 0 and tally.steps == 20 * 5


def test_a_public_reveal_ends_the_comparison_without_a_finding() -> None:
    problems, tally = _check("", (1, 3), [(1, "go"), (2, "show"), (2, "go"), (1, "go")], seat=1)
    assert problems == []
    assert tally.revealed > 0  # seat 2's shown card differs in most re-deals: fair, and counted


def test_an_action_the_re_deal_does_not_allow_stops_the_continuation_and_is_counted() -> None:
    problems, tally = _check("", (1, 4), [(1, "go"), (2, "boast"), (1, "go")], seat=1)
    assert problems == []
    assert tally.not_legal > 0  # seat 2 boasts only with the 4, which most re-deals move


def test_a_turn_that_depends_on_a_hidden_card_is_found() -> None:
    problems, _ = _check("turn", (3, 1), [(1, "go"), (1, "go"), (2, "go")], seat=2)
    assert problems and all("the turn differs" in p for p in problems)
    assert "1 step(s) after seat 2's re-deal, after seat 1: go" in problems[0]


def test_event_numbering_that_depends_on_a_hidden_card_is_found() -> None:
    problems, _ = _check("numbering", (4, 1), [(1, "go"), (2, "go"), (1, "go")], seat=2)
    assert problems
    assert any("differ in count or numbering" in p or "view(2) differs" in p for p in problems)


def test_an_impossible_re_deal_is_found() -> None:
    problems, _ = _check("invalid", (1, 2), [(1, "go")], seat=1)
    assert problems and all("the re-dealt state is invalid: cards held twice" in p for p in problems)


@pytest.mark.parametrize("leak", ["turn", "numbering"])
def test_a_seat_that_holds_the_card_in_question_sees_no_leak(leak: str) -> None:
    """Seat 1 knows its own card, so re-dealing for it cannot change what depends on that card."""
    problems, tally = _check(leak, (4, 1), [(1, "go"), (1, "go"), (2, "go")] if leak == "turn"
                             else [(1, "go"), (2, "go"), (1, "go")], seat=1)
    assert problems == [] and tally.steps > 0

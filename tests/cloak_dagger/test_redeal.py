"""Re-dealing what a seat has not seen gives a valid state it cannot tell from the real one.

``resample_hidden(seat, rng)`` is the no-leak test's and the searching bots'
imagined world: it must be a position the rules can reach (``validate()``
finds nothing), stay one as play goes on, agree with everything the seat
observed (CD-10 notes, placements, shown cards, hand sizes, tracking) and
leave the seat's view exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import spynb
from spynb.cloak_dagger import CloakDaggerState, Pass, Take, Track
from spynb.cloak_dagger.cards import HAZARDS, owner_of
from spynb.cloak_dagger.notes import hidden_finishes, notebook
from spynb.cloak_dagger.state import DECIDE
from spynb.engine import Action, sample_chance
from tests.conftest import random_step

from .scenarios import play, started

pytestmark = pytest.mark.slow  # started first in a parallel run (tests/conftest.py)
FURTHER = 6
"""How many actions each re-dealt position is played on."""


def _positions(seats: int, seed: int, share: float) -> Iterator[tuple[CloakDaggerState, list[tuple[int | None, Action]]]]:
    """Positions of a seeded random game, each with the actions that followed it in that game."""
    rng = random.Random(seed)
    state = spynb.get_spec("cloak-dagger").new_state("standard", seats, {"turn_limit": 150})
    saved: list[tuple[int, CloakDaggerState]] = []
    actions: list[tuple[int | None, Action]] = []
    while not state.over:
        if rng.random() < share:
            saved.append((len(actions), state.clone()))
        seat, action = random_step(state, rng)
        state.apply(action, seat)
        actions.append((seat, action))
    for index, position in saved:
        yield position, actions[index:index + FURTHER]


def _play_on(state: CloakDaggerState, following: list[tuple[int | None, Action]], rng: random.Random) -> None:
    """Play the real game's next actions where they are legal here, random legal ones where not; check each."""
    for seat, action in following:
        if state.over:
            return
        turn = state.turn
        if turn.chance:
            seat, action = (None, action) if state.is_legal(action, None) else (None, sample_chance(state, rng))
        elif seat not in turn.seats or not state.is_legal(action, seat):
            seat, action = random_step(state, rng)
        state.apply(action, seat)
        assert state.validate() == [], f"after {action} by {seat}"


def _kept(state: CloakDaggerState, other: CloakDaggerState, seat: int) -> None:
    """What ``seat`` observed and still holds true is true in the re-deal too."""
    book = notebook(seat, state.events)
    truth, dealt = state.view(None), other.view(None)
    for key in ("hand_sizes", "stack_size", "stack_bottom", "owed", "phase", "to_move", "turn_number"):
        assert dealt[key] == truth[key], key
    assert dealt["hands"][str(seat)] == truth["hands"][str(seat)]
    for envelope, note in book.notes.items():
        real, imagined = truth["envelopes"][str(envelope)], dealt["envelopes"][str(envelope)]
        for card in set(note.letters):
            assert imagined.count(card) >= min(real.count(card), note.letters.count(card)), (envelope, card)
        if not book.may_hold_unseen(envelope):  # else a finish the seat was not shown may have gone elsewhere
            assert sorted(owner_of(c) is None for c in real) == sorted(owner_of(c) is None for c in imagined)
    real_cards, dealt_cards = "".join(truth["envelopes"].values()), "".join(dealt["envelopes"].values())
    assert sorted(owner_of(c) is None for c in real_cards) == sorted(owner_of(c) is None for c in dealt_cards)
    for other_seat in range(1, state.seats + 1):
        shown = book.known_in_hand(other_seat)
        if other_seat != seat and shown in truth["hands"][str(other_seat)]:
            assert all(card in dealt["hands"][str(other_seat)] for card in shown)


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_every_re_deal_is_valid_keeps_what_the_seat_saw_and_stays_valid_in_play(seats: int) -> None:
    rng = random.Random(seats)
    dealt = changed = 0
    for seed in range(6):
        for state, following in _positions(seats, 100 * seats + seed, share=0.12):
            for seat in range(1, seats + 1):
                other = state.resample_hidden(seat, rng)
                if other is None:
                    continue
                assert other.validate() == []
                assert other.view(seat) == state.view(seat)
                _kept(state, other, seat)
                changed += other.view(None)["envelopes"] != state.view(None)["envelopes"]
                _play_on(other, following, rng)
                dealt += 1
    assert dealt > 150 and changed > dealt // 4


def test_a_re_deal_in_the_middle_of_a_decision_offers_what_the_envelope_now_holds() -> None:
    game = play(started(2), "1", "draw K", "2", "draw X", "1")  # seat 1 opened 1 and may track K
    assert game.state.phase == DECIDE and Track("K") in game.legal_actions()
    seen = set()
    for seed in range(40):
        other = game.state.resample_hidden(2, random.Random(seed))
        assert other is not None and other.validate() == []
        inside = other.envelopes[1]
        expected = {Track(inside)} if inside in HAZARDS else {Take(inside)} if inside in "abc" else set()
        assert set(other.legal_actions(1)) == expected | {Pass()}
        seen.add(inside)
    assert len(seen) > 3, "seat 2 never saw the card in envelope 1, so the re-deal varies it"


def _broken(game: spynb.Game, change: str) -> list[str]:
    state = game.state.clone()
    if change == "stale decision":
        state.envelopes[1], state.envelopes[2] = state.envelopes[2], state.envelopes[1]
    elif change == "document at the bottom":
        state.stack_hidden["X"] -= 1
        state.stack_bottom.append("X")
    elif change == "agents before the first turn":
        state.hands[2], state.envelopes[11] = state.envelopes[11], state.hands[2]
    elif change == "owing with an empty hand":
        state.owed[2] = [1]
    return state.validate()


@pytest.mark.parametrize("change", ["stale decision", "document at the bottom", "agents before the first turn",
                                    "owing with an empty hand"])
def test_validate_finds_positions_the_rules_cannot_reach(change: str) -> None:
    game = play(started(2), "1", "draw K", "2", "draw X", "1")
    assert game.state.validate() == []
    if change == "agents before the first turn":
        game = play(spynb.new_game("cloak-dagger", seats=2, seed=0, auto_chance=False), "cut a", "cut K", "11")
        assert game.state.validate() == []
    assert _broken(game, change) != []


def _finished_unseen() -> spynb.Game:
    """Seat 2 finishes its cloak and dagger, unseen by seat 1, into envelope 11, which seat 1 had seen hold d D.

    Seat 1 also saw envelope 3 in full (it placed X there) before that finish; seat 1 is to move."""
    game = play(started(2), "3", "draw X", "12", "take e+E", "4", "draw Y", "11")
    assert game.state.envelopes[11] == "deDE" and game.turn.seats == (1,)
    notes = {n["envelope"]: n for n in game.view(1)["notes"]}
    assert notes[11]["complete"] and notes[11]["letters"] == "dD" and notes[3]["complete"]
    return game


def _where_e_lies(state: CloakDaggerState) -> int:
    return next(e for e, cards in enumerate(state.envelopes) if "e" in cards)


def test_the_cards_of_a_finish_the_seat_was_not_shown_may_lie_in_any_envelope_it_has_not_looked_into_since() -> None:
    """CD-4, CD-7, CD-10: seat 1 cannot tell where seat 2 finished, even into envelopes it had seen in full."""
    game = _finished_unseen()
    view, rng = game.view(1), random.Random(3)
    worlds = [game.state.resample_hidden(1, rng) for _ in range(60)]
    for world in worlds:
        assert world is not None and world.validate() == [] and world.view(1) == view
    places = {_where_e_lies(world) for world in worlds if world is not None}
    assert {3, 11} < places, "seat 1's complete notes of 3 and 11 predate the finish"
    assert any(world is not None and world.envelopes[11] == "dD" for world in worlds)
    imagined = [spynb.get_spec("cloak-dagger").determinise(view, random.Random(seed)) for seed in range(60)]
    for state in imagined:
        mine, theirs = dict(state.view(1).data), dict(view.data)
        mine.pop("events"), theirs.pop("events")
        assert mine == theirs and state.legal_actions(1) == game.legal_actions()
    assert {3, 11} < {_where_e_lies(state) for state in imagined}


def test_a_complete_look_after_the_finish_rules_its_envelope_out() -> None:
    game = play(_finished_unseen(), "3")  # seat 1 looks into 3 again: only X
    rng = random.Random(5)
    worlds = [game.state.resample_hidden(1, rng) for _ in range(40)]
    assert all(world is not None and world.envelopes[3] == "X" for world in worlds)
    assert len({_where_e_lies(world) for world in worlds if world is not None}) > 2


def test_only_the_finishes_the_seat_was_not_shown_leave_its_notes_uncertain() -> None:
    """CD-7: seat 1 tracks seat 2, so it is shown where seat 2 finishes; seat 2's first finish stays unseen."""
    game = play(started(2), "3", "draw K", "12", "take e+E", "3", "track K", "11")
    book = notebook(1, game.state.events)
    assert [(finish.seat, finish.count, finish.turn) for finish in book.finishes] == [(2, 2, 2)]
    assert not book.may_hold_unseen(3) and book.may_hold_unseen(11)
    assert hidden_finishes(1, game.view(1)["events"]) == book.finishes

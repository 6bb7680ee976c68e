"""What each seat's view holds (and never holds) in Cloak & Dagger."""

from __future__ import annotations

import random

import spynb
from tests.conftest import playout

PRIVATE_KINDS = {"open", "placed", "took", "deposit", "tracked"}


def test_a_seat_sees_private_events_only_of_its_own_actions() -> None:
    spec = spynb.get_spec("cloak-dagger")
    checked = 0
    for seed in range(30):
        for state, _seat, _action in playout(spec, "standard", 2 + seed % 5, seed, turn_limit=60):
            pass
        for seat in range(1, state.seats + 1):
            for event in state.view(seat)["events"]:
                if event["kind"] in PRIVATE_KINDS:
                    assert event["actor"] == seat, event
                    checked += 1
    assert checked > 100


def test_a_seat_view_never_holds_the_box_the_other_hands_or_the_stack_order() -> None:
    game = spynb.new_game("cloak-dagger", seats=4, seed=8, options={"turn_limit": 80})
    rng = random.Random(8)
    while not game.over:
        game.play(rng.choice(game.legal_actions()))
        view = game.view(game.turn.seats[0] if game.turn.seats else 1)
        assert {"envelopes", "hands", "stack_hidden"}.isdisjoint(view.data)


def test_the_omniscient_view_is_labelled_as_such() -> None:
    game = spynb.new_game("cloak-dagger", seats=3, seed=1)
    assert game.view(None).omniscient and "omniscient" in game.view(None).label
    assert not game.view(2).omniscient and "seat 2" in game.view(2).label


def test_an_unseen_second_card_is_not_in_the_other_seats_notes() -> None:
    from tests.cloak_dagger.scenarios import play, started

    game = play(started(2), "3", "draw X", "12", "pass", "11", "take d", "12", "pass", "3", "12", "pass",
                "3", "take d+X")
    # seat 2 never saw X: it was placed and carried away unseen by seat 2
    notes_of_2 = "".join(n["letters"] for n in game.view(2)["notes"])
    assert "X" not in notes_of_2 and "d" not in notes_of_2
    assert "X" in "".join(n["gone"] for n in game.view(1)["notes"])


def test_hand_sizes_are_public_and_always_true() -> None:
    spec = spynb.get_spec("cloak-dagger")
    for seed in range(10):
        for state, _seat, _action in playout(spec, "standard", 2 + seed % 5, seed, turn_limit=50):
            truth = state.view(None)
            sizes = {s: len(cards) for s, cards in truth["hands"].items()}
            for seat in range(1, state.seats + 1):
                assert dict(state.view(seat)["hand_sizes"]) == sizes

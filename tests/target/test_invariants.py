"""``validate()`` sees every broken invariant the conformance suite relies on."""

from __future__ import annotations

import random

import spynb
from spynb.engine import sample_chance

from .helpers import play, scene, settle


def test_validate_counts_every_card_of_the_four_decks_and_the_affiliations() -> None:
    state = scene(5)
    assert state.validate() == []
    state.hands[2].append("shot")  # a card out of nowhere
    assert any("shot" in p and "TG-1" in p for p in state.validate())
    state.hands[2].pop()
    state.affiliation[3] = "double-agent"
    assert any("affiliation" in p for p in state.validate())


def test_validate_sees_a_turn_that_began_without_four_cards_each() -> None:
    state = scene(4)
    state.start_hands = (4, 3, 4, 4)
    assert any("TG-12" in p for p in state.validate())


def test_validate_sees_deposited_intel_leaving() -> None:
    state = settle(play(scene(4, {1: ["intel-a"]}, marker="CIA"), {1: "intel-a"}))
    assert state.validate() == []
    state.deposits["CIA"].pop()
    state.discards["intel"]["intel-a"] = 1
    assert any("TG-9" in p for p in state.validate())


def test_every_turn_of_a_random_game_starts_with_four_cards_each_and_keeps_its_deposits() -> None:
    for seats, seed in ((4, 1), (8, 2), (11, 3)):
        state = spynb.get_spec("target").new_state(seats=seats, options={"turn_limit": 25})
        rng = random.Random(seed)
        deposits = {"KGB": [], "CIA": []}
        while not state.over:
            if state.turn.chance:
                state.apply(sample_chance(state, rng))
            else:
                seat = rng.choice(state.turn.seats)
                state.apply(rng.choice(state.legal_actions(seat)), seat)
            for hq in deposits:
                assert state.deposits[hq][:len(deposits[hq])] == deposits[hq]
                deposits[hq] = list(state.deposits[hq])
            if state.stage in ("play", "surveilled"):
                assert state.start_hands == (4,) * seats  # sets turned in since may have shrunk a hand
            assert state.validate() == []


def test_validate_sees_a_hand_or_a_front_out_of_rulebook_order() -> None:
    state = scene(4, {1: ["mole", "kevlar"]}, front={2: ["tailed", "staked-out"]})
    assert state.hands[1] == ["kevlar", "defector", "informant", "mole"] and state.front[2] == ["staked-out", "tailed"]
    assert state.validate() == []
    state.front[2].reverse()
    assert any("rulebook order" in p for p in state.validate())

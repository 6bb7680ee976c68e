"""The Target's components and setup: rulebook *Components*, *Setup*; rulings TG-1, TG-2."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

import spynb
from spynb.engine import sample_chance
from spynb.target import Assign, Pick, TargetState
from spynb.target.cards import (
    AFFILIATION_COUNTS, CATEGORY, COUNTERS, DECK_COUNTS, SETUP_CHART, circle,
)

SPEC = spynb.get_spec("target")


def _setup_until(state: TargetState, stage: str, seed: int = 0) -> TargetState:
    rng = random.Random(seed)
    while state.stage != stage:
        state.apply(sample_chance(state, rng))
    return state


def test_TG_Components_1_decks_affiliations_and_tokens_have_the_rulebook_totals() -> None:
    totals = {deck: sum(counts.values()) for deck, counts in DECK_COUNTS.items()}
    assert totals == {"rookie": 96, "operative": 36, "espionage": 40, "intel": 34}
    assert sum(AFFILIATION_COUNTS.values()) == 16
    assert len(circle(11)) - 2 <= 12  # 12 envelopes: at most 12 players would fit; the game allows 11


def test_TG_1_deck_counts_are_the_rulings_data() -> None:
    rookie = DECK_COUNTS["rookie"]
    assert [rookie[c] for c in ("firearms", "martial-arts", "deception", "explosives")] == [6] * 4
    assert [rookie[c] for c in ("kevlar", "chemicals", "technology", "audio-visual")] == [6] * 4
    assert [rookie[c] for c in ("defector", "informant", "mole", "french", "german", "russian")] == [8] * 6
    assert DECK_COUNTS["operative"] == {"shot": 6, "stabbed": 6, "poisoned": 6, "bombed": 6, "missed": 12}
    assert DECK_COUNTS["espionage"] == {"staked-out": 5, "tailed": 5, "wiretapped": 5, "blown-cover": 5,
                                        "outed": 6, "slip": 10, "deep-cover": 4}
    assert DECK_COUNTS["intel"]["intel-a"] == 4 and DECK_COUNTS["intel"]["dirty-d"] == 2
    assert AFFILIATION_COUNTS == {"cia": 6, "kgb": 6, "double-agent": 4}
    assert SETUP_CHART[11] == ((("cia", 4), ("kgb", 4)), (("cia", 1), ("kgb", 1), ("double-agent", 3)), 3)


def test_TG_Affiliation_Setup_Chart_1_each_row_makes_as_many_cards_as_players() -> None:
    for players, (pile1, pile2, picks) in SETUP_CHART.items():
        assert sum(n for _, n in pile1) + picks == players
        assert picks <= sum(n for _, n in pile2)
    assert SETUP_CHART[4][1] == (("cia", 1), ("kgb", 1), ("double-agent", 1)) and SETUP_CHART[4][2] == 2
    assert SETUP_CHART[9] == ((("cia", 3), ("kgb", 3)), (("cia", 2), ("kgb", 2), ("double-agent", 3)), 3)


def test_TG_Setup_Steps_1_the_affiliation_deck_is_split_into_two_piles() -> None:
    state = SPEC.new_state(seats=6)
    assert state.pile1 == {"cia": 2, "kgb": 2} and state.pile2 == {"cia": 1, "kgb": 1, "double-agent": 2}
    assert state.validate() == []  # the 16 cards: pile 1, pile 2 and the unused rest


def test_TG_Setup_Steps_2_pile_1_is_equal_cia_and_kgb_and_always_included() -> None:
    for seed in range(20):
        state = _setup_until(SPEC.new_state(seats=8), "deal", seed)
        dealt = Counter(state.affiliation[1:])
        assert dealt["cia"] >= 3 and dealt["kgb"] >= 3


def test_TG_Setup_Steps_3_only_some_of_pile_2_reaches_the_combined_pile() -> None:
    state = _setup_until(SPEC.new_state(seats=5), "assign")
    assert sum(state.removed.values()) == 2 and sum(state.combined.values()) == 5


def test_TG_Setup_Steps_4_pile_2_picks_are_chance_points_over_its_remaining_cards() -> None:
    state = SPEC.new_state(seats=4)
    assert state.stage == "pick"
    assert state.chance_outcomes() == ((Pick("cia"), Fraction(1, 3)), (Pick("double-agent"), Fraction(1, 3)),
                                       (Pick("kgb"), Fraction(1, 3)))
    state.apply(Pick("double-agent"))
    assert state.chance_outcomes() == ((Pick("cia"), Fraction(1, 2)), (Pick("kgb"), Fraction(1, 2)))
    state.apply(Pick("kgb"))
    assert state.stage == "assign" and state.removed == {"cia": 1}
    assert state.combined == {"cia": 1, "kgb": 2, "double-agent": 1}
    assert state.chance_outcomes()[0] == (Assign("cia"), Fraction(1, 4))


def test_TG_Setup_Steps_5_the_seven_player_example() -> None:
    state = SPEC.new_state(seats=7)
    assert state.pile1 == {"cia": 2, "kgb": 2}
    assert state.pile2 == {"cia": 2, "kgb": 2, "double-agent": 2} and state.picks_left == 3
    for picked in ("double-agent", "cia", "double-agent"):
        state.apply(Pick(picked))
    assert state.removed == {"cia": 1, "kgb": 2}  # the cards not picked leave play
    assert state.combined == {"cia": 3, "kgb": 2, "double-agent": 2}  # 3 added to pile 1 and shuffled
    assert sum(state.combined.values()) == 7
    # each of the 7 seats then draws one card of the combined pile: exact chances, no permutations listed
    assert dict((a.affiliation, p) for a, p in state.chance_outcomes()) == {
        "cia": Fraction(3, 7), "kgb": Fraction(2, 7), "double-agent": Fraction(2, 7)}


def test_TG_Setup_Steps_6_each_player_secretly_draws_one_affiliation() -> None:
    state = _setup_until(SPEC.new_state(seats=5), "deal", seed=3)
    assert all(state.affiliation[s] for s in range(1, 6))
    for seat in range(1, 6):
        assert state.view(seat)["affiliation"] == state.affiliation[seat]
        assert "affiliations" not in state.view(seat).data
    seen = [e for e in state.events if e.kind == "affiliation"]
    assert [sorted(e.seen_by) for e in seen] == [[1], [2], [3], [4], [5]]


def test_TG_Setup_Steps_7_envelopes_in_a_circle_with_the_hqs_opposite() -> None:
    assert circle(4) == ("KGB", 1, 2, "CIA", 3, 4)
    assert circle(7) == ("KGB", 1, 2, 3, 4, "CIA", 5, 6, 7)
    for seats in range(4, 12):
        positions = circle(seats)
        gap = positions.index("CIA") - positions.index("KGB")
        assert abs(gap - len(positions) / 2) <= 0.5  # evenly distributed, HQs on opposite ends


def test_TG_Setup_Steps_8_four_rookie_cards_each_dealt_one_at_a_time() -> None:
    state = _setup_until(SPEC.new_state(seats=4), "deal")
    draws = 0
    rng = random.Random(2)
    while state.turn.chance:
        outcomes = state.chance_outcomes()
        remaining = sum(state.decks["rookie"].values())
        assert sum(p for _, p in outcomes) == 1
        assert all(p == Fraction(state.decks["rookie"][a.card], remaining) for a, p in outcomes)
        state.apply(sample_chance(state, rng))
        draws += 1
    assert draws == 16 and [len(h) for h in state.hands[1:]] == [4, 4, 4, 4]
    assert all(CATEGORY.get(c) for h in state.hands[1:] for c in h)
    assert {d: sum(c.values()) for d, c in state.decks.items()} == {"rookie": 80, "operative": 36,
                                                                      "espionage": 40, "intel": 34}


def test_TG_Setup_Steps_9_the_marker_goes_from_the_kgb_hq_to_seat_1() -> None:
    game = spynb.new_game("target", seats=6, seed=5)
    assert game.view(None)["marker"] == 1 and game.view(None)["marker_index"] == 1
    assert any(e.kind == "marker" for e in game.state.events)


def test_TG_2_circle_positions_and_first_target() -> None:
    assert circle(5) == ("KGB", 1, 2, 3, "CIA", 4, 5)
    assert circle(11) == ("KGB", 1, 2, 3, 4, 5, 6, "CIA", 7, 8, 9, 10, 11)
    game = spynb.new_game("target", seats=5, seed=0)
    assert game.state.target == 1 and game.view(3)["direction"] == "clockwise"


@pytest.mark.parametrize("seats", range(4, 12))
def test_every_seat_count_sets_up_and_accounts_for_every_card(seats: int) -> None:
    game = spynb.new_game("target", seats=seats, seed=seats)
    state = game.state
    assert state.validate() == []
    assert sorted(state.affiliation[1:]) == sorted(state.affiliation[1:])
    assert len(state.affiliation) - 1 == seats and state.stage in ("play", "surveilled")


def test_counters_name_two_rookie_cards_of_training_and_materials() -> None:
    for card, (training, materials) in COUNTERS.items():
        assert CATEGORY[training] == "training" and CATEGORY[materials] == "materials", card


def test_scenario_helper_refuses_cards_the_box_does_not_have() -> None:
    with pytest.raises(ValueError, match="no 'deep-cover' left"):
        TargetState.scenario(4, {1: ["deep-cover"] * 5})

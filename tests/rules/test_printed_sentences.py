"""The rulebook sentences that first got an id when the rules page came to quote the rulebooks word for word.

Each test is named after its id (``tests/test_rule_coverage.py``); the other sentences are tested beside their
game's rules (``tests/<game>/``).
"""

from __future__ import annotations

from collections import Counter

import spynb
from spynb.kloak import SPEC as KLOAK
from spynb.kloak import Big, Kloak, Step
from spynb.target import Resolve, TargetState
from spynb.target.cards import DECK_OF
from spynb.target.svg import card_face
from tests.cloak_dagger.scenarios import play, started
from tests.target.helpers import finish_turn, play as play_pile, resolve, scene, settle


# -- Cloak & Dagger -------------------------------------------------------------------------------------------
def test_CD_Contents_6_the_lists_for_notes_are_kept_for_every_envelope() -> None:
    notes = started().view(1).to_dict()["notes"]
    assert [note["envelope"] for note in notes] == list(range(1, 21))
    assert notes[10]["text"] == "d D" and notes[11]["text"] == "?"  # seat 1 saw only its own deposit


def test_CD_Example_4_a_rival_agent_may_carry_off_your_cloak_from_your_document() -> None:
    """Confiscation and capture: seat 2 brings its cloak to seat 1's cloak and document, and takes seat 1's cloak."""
    game = play(started(), "7", "draw X", "12", "take e", "11", "take d", "7", "7")
    assert sorted(game.view(None)["envelopes"]["7"]) == ["X", "d", "e"]
    game = play(game, "7", "take e+d")
    assert game.view(None)["envelopes"]["7"] == "X" and sorted(game.view(None)["hands"]["2"]) == ["d", "e"]


def test_CD_Note_Taking_2_notes_are_numbered_1_to_20_and_name_your_own_letters() -> None:
    for seat, agents in ((1, "dD"), (2, "eE")):
        view = started().view(seat).to_dict()
        assert [note["envelope"] for note in view["notes"]] == list(range(1, 21)) and view["agents"] == agents


# -- KLOAK ------------------------------------------------------------------------------------------------------
def test_KL_Setup_3_the_foam_feet_are_the_physical_boards_own_setting_up_is_the_layout_alone() -> None:
    """Nothing of the foam feet is in play: chance lays out the pieces, then seat 1 moves at once."""
    game = spynb.new_game("kloak", seed=1, auto_chance=False)
    assert game.state.turn.chance
    game = spynb.new_game("kloak", seed=1)
    assert game.state.turn.seats == (1,)
    assert {type(action) for action in game.legal_actions()} <= {Kloak, Step, Big}


def test_KL_Setup_4_three_and_four_players_play_the_other_games() -> None:
    assert KLOAK.allowed_seats("standard") == (2,)
    assert (KLOAK.allowed_seats("three-player"), KLOAK.allowed_seats("four-player")) == ((3,), (4,))
    for seats in (3, 4):
        try:
            spynb.new_game("kloak", seats=seats)
        except spynb.SpynbError as refused:
            assert "2 seats" in str(refused)
        else:
            raise AssertionError(f"the two-player game took {seats} seats")


# -- The Target -------------------------------------------------------------------------------------------------
def _pile(plays: dict[int, str], **kwargs: object) -> TargetState:
    return play_pile(scene(4, {seat: [card] for seat, card in plays.items()}, **kwargs), plays)


def test_TG_Missed_3_all_attacks_on_the_target_have_missed() -> None:
    state = _pile({2: "missed", 3: "shot", 4: "poisoned"}, tokens={1: ["espionage"]})
    kept = Counter(state.hands[1])
    state.apply(Resolve())
    assert state.tokens[1] == ["espionage"] and state.draws == []
    assert kept <= Counter(state.hands[1])  # neither attack discarded the hand


def test_TG_Intel_7_the_manual_shows_a_dirty_intel_a_and_an_intel_d() -> None:
    assert {"dirty-a", "intel-d"} <= set(DECK_OF)
    assert (card_face("dirty-a")["name"], card_face("intel-d")["name"]) == ("Dirty Intel A", "Intel D")


def test_TG_Reverse_3_direction_of_play_reverses_on_the_next_turn() -> None:
    """This turn's pile still goes to seat 1; the next Target is the one before it (KGB HQ), not seat 2."""
    assert resolve(settle(_pile({2: "reverse"}))).view(None)["receiver"] == 1
    after = finish_turn(_pile({2: "reverse"}))
    assert after.view(None)["direction"] == "counter-clockwise" and after.target == "KGB"
    assert finish_turn(_pile({2: "missed"})).target == 2  # without a Reverse: clockwise, seat 2


def test_TG_Advance_to_HQ_3_the_target_moves_to_the_next_hq_on_the_next_turn() -> None:
    during = resolve(settle(_pile({4: "advance-hq"}, marker=2)))
    assert during.view(None)["receiver"] == 2 and during.view(None)["next_target"] == "CIA"
    assert finish_turn(_pile({4: "advance-hq"}, marker=2)).target == "CIA"

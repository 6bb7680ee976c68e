"""Winning The Target (rulebook *Winning the Game*, *Double Agents*, *Intel*; TG-14, TG-FAQ-7)."""

from __future__ import annotations

import spynb
from spynb.target import TargetState

from .helpers import finish_turn, last, play, scene

CIA_KGB = {1: "cia", 2: "kgb", 3: "cia", 4: "kgb"}
WITH_DA = {1: "cia", 2: "kgb", 3: "double-agent", 4: "kgb"}


def _deposit(card: str, hq: str, deposits: dict[str, list[str]],
             affiliations: dict[int, str] = CIA_KGB) -> TargetState:
    return play(scene(4, {2: [card]}, marker=hq, deposits=deposits, affiliations=affiliations), {2: card})


def test_TG_Winning_the_Game_1_on_an_hq_the_cards_are_revealed_and_intel_stays() -> None:
    state = _deposit("intel-b", "KGB", {})
    assert state.deposits["KGB"] == ["intel-b"] and "intel-b" in state.revealed
    finish_turn(state)
    assert state.deposits["KGB"] == ["intel-b"]


def test_TG_Winning_the_Game_2_three_intel_of_one_letter_at_the_team_hq_wins() -> None:
    state = _deposit("intel-a", "CIA", {"CIA": ["intel-a", "intel-a"]})
    assert state.over and state.win_team == "cia" and state.winners == (1, 3)
    assert state.view(2)["winner"] == "cia" and last(state, "win").get("winners") == (1, 3)


def test_TG_14_dirty_counts_by_its_letter_and_only_the_own_hq_counts() -> None:
    dirty = _deposit("dirty-c", "KGB", {"KGB": ["intel-c", "intel-c"]})
    assert dirty.win_team == "kgb" and dirty.winners == (2, 4)
    mixed = _deposit("intel-c", "KGB", {"KGB": ["intel-a", "intel-c"], "CIA": ["intel-c"]})
    assert not mixed.over  # two Cs at the KGB HQ and one at the CIA HQ do not add up
    no_da = _deposit("dirty-c", "KGB", {"KGB": ["dirty-a"], "CIA": ["dirty-b"]})
    assert not no_da.over  # three Dirty Intel, but no Double Agent in the game


def test_TG_Double_Agents_1_double_agents_aim_for_three_dirty_intel_at_either_hq() -> None:
    state = _deposit("dirty-d", "KGB", {"KGB": ["dirty-a"], "CIA": ["dirty-b"]}, WITH_DA)
    assert state.win_team == "double-agent" and state.winners == (3,)


def test_TG_Double_Agents_2_two_at_the_cia_hq_and_one_at_the_kgb_hq_win() -> None:
    state = _deposit("dirty-c", "KGB", {"CIA": ["dirty-a", "dirty-b"]}, WITH_DA)
    assert state.win_team == "double-agent"


def test_TG_Double_Agents_3_otherwise_play_continues_until_cia_or_kgb_wins() -> None:
    state = _deposit("dirty-c", "KGB", {"CIA": ["dirty-a"]}, WITH_DA)
    assert not state.over
    team = _deposit("intel-b", "KGB", {"KGB": ["intel-b", "dirty-b"]}, WITH_DA)
    assert team.win_team == "kgb" and team.winners == (2, 4)


def test_TG_Intel_1_four_letters() -> None:
    from spynb.target.cards import INTEL, letter_of

    assert sorted({letter_of(c) for c in INTEL}) == ["a", "b", "c", "d"]


def test_TG_Intel_2_three_matching_intel_deposited_win() -> None:
    state = _deposit("intel-d", "CIA", {"CIA": ["intel-d", "dirty-d"]})
    assert state.win_team == "cia"


def test_TG_Intel_3_intel_passes_from_player_to_player_through_the_pile() -> None:
    state = play(scene(4, {3: ["intel-a"]}), {3: "intel-a"})
    assert "intel-a" in state.hands[1] and state.view(1)["hand"].count("intel-a") == 1


def test_TG_Intel_4_dirty_intel_counts_as_intel() -> None:
    state = _deposit("dirty-a", "CIA", {"CIA": ["intel-a", "intel-a"]}, WITH_DA)
    assert state.win_team == "cia"


def test_TG_Intel_5_double_agents_win_with_three_dirty_deposited() -> None:
    state = _deposit("dirty-b", "CIA", {"CIA": ["dirty-a"], "KGB": ["dirty-c"]}, WITH_DA)
    assert state.win_team == "double-agent"


def test_TG_Intel_6_double_agents_win_a_simultaneous_finish() -> None:
    state = _deposit("dirty-c", "KGB", {"KGB": ["intel-c", "intel-c"], "CIA": ["dirty-a", "dirty-b"]}, WITH_DA)
    assert state.win_team == "double-agent" and state.winners == (3,)


def test_TG_FAQ_7_the_last_intel_dirty_both_goals_reached_double_agents_win() -> None:
    state = _deposit("dirty-a", "CIA", {"CIA": ["intel-a", "dirty-b", "intel-a"], "KGB": ["dirty-c"]}, WITH_DA)
    assert state.win_team == "double-agent"
    win = last(state, "win")
    assert "Double Agent" in win.text and win.rule == "TG-14"


def test_a_turn_limit_ends_the_game_with_no_winner() -> None:
    game = spynb.new_game("target", seats=4, seed=1, options={"turn_limit": 2})
    import random

    rng = random.Random(0)
    while not game.over:
        seat = rng.choice(game.turn.seats)
        game.play(rng.choice(game.legal_actions(seat)), seat)
    assert game.winners == () and game.state.turn_number == 2 and game.view(None)["winner"] is None
    assert "no winner" in str(game.state)

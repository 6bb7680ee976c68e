"""One test per rule sentence of the Cloak & Dagger rulebook and per ruling CD-1 … CD-10.

Each test is named after the rule id it checks (see ``spynb.cloak_dagger.RULES``).
"""

from __future__ import annotations

import json

import pytest

import spynb
from spynb.cloak_dagger import Open, Pass, Take, Track, parse
from spynb.cloak_dagger.cards import CUT_ORDER, DOCUMENTS, HAZARDS, STACK_COUNTS
from spynb.engine import IllegalActionError, NotationError

from .scenarios import documents_apart, play, scripted, seen_by, started


def envelopes(game: spynb.Game) -> dict[int, str]:
    return {int(e): cards for e, cards in game.view(None)["envelopes"].items()}


def hand(game: spynb.Game, seat: int) -> str:
    return game.view(None)["hands"][str(seat)]


def refused(game: spynb.Game, move: str) -> IllegalActionError:
    before = game.view(None)
    with pytest.raises(IllegalActionError) as caught:
        game.play(move)
    assert game.view(None) == before
    return caught.value


# -- Contents ---------------------------------------------------------------------------
def test_CD_Contents_1_envelopes_are_numbered_1_to_20_and_no_card_is_I_or_O() -> None:
    assert [str(a) for a in started().legal_actions()] == [str(n) for n in range(1, 21)]
    for text in ("0", "21", "take I", "track O"):
        with pytest.raises(NotationError):
            parse(text)
    assert "I" not in CUT_ORDER and "O" not in CUT_ORDER


def test_CD_Contents_2_a_b_c_are_implements_that_also_act_as_double_agents() -> None:
    game = play(documents_apart(), "6", "draw a", "7", "draw Q", "6")  # seat 2 finds the pistol
    assert Take("a") in game.legal_actions()


def test_CD_Contents_3_each_player_has_a_cloak_and_a_dagger_agent() -> None:
    game = scripted(3, "abc")
    assert [hand(game, s) for s in (1, 2, 3)] == ["dD", "eE", "fF"]


def test_CD_Contents_4_character_cards_K_to_W_are_hazards() -> None:
    assert HAZARDS == "KLMNPQRSTUVW"
    game = play(started(), "1", "draw K", "2", "draw X", "1")
    assert Track("K") in game.legal_actions()
    game = play(game, "pass", "2")
    assert not any(isinstance(a, Track) for a in game.legal_actions())


def test_CD_Contents_5_documents_X_Y_Z_come_in_threes() -> None:
    assert {doc: STACK_COUNTS[doc] for doc in DOCUMENTS} == {"X": 3, "Y": 3, "Z": 3}


# -- Aim ------------------------------------------------------------------------------------
def walk_documents_together(rival_agent: bool = False) -> spynb.Game:
    """X in 3, Y in 4, Z in 5; seat 1 walks its cloak to gather them in 4, seat 2 passing.

    Returns the game just before seat 1's last move (finishing d+Z into 4).
    With ``rival_agent`` seat 2 first leaves its cloak ``e`` in envelope 4.
    """
    game = documents_apart()
    seat2 = ["12", "pass"]
    if rival_agent:
        game = play(game, "12", "take e", "11", "take d", "4", "3")
    else:
        game = play(game, *seat2, "11", "take d", *seat2, "3")
    game = play(game, *seat2, "3", "take d+X", *seat2, "4")
    assert not game.over, "two documents and an agent are not enough"
    return play(game, *seat2, "4", "take d", *seat2, "5", *seat2, "5", "take d+Z", *seat2)


def test_CD_Aim_1_win_by_bringing_all_three_documents_and_an_own_agent_together() -> None:
    game = walk_documents_together()
    assert envelopes(game)[4] == "XY" and hand(game, 1) == "dZ"
    game = play(game, "4")
    assert game.over and game.winners == (1,)


# -- Procedure in Outline ------------------------------------------------------------------
def test_CD_Procedure_in_Outline_1_others_are_not_told_which_envelope_was_chosen() -> None:
    game = play(started(), "12")  # seat 1 looks at seat 2's agents and can do nothing with them
    examine = [e for e in game.view(2)["events"] if e["actor"] == 1 and e["turn"] == 3]
    assert [e["kind"] for e in examine] == ["examine"]
    assert "envelope" not in examine[0] and "12" not in examine[0]["text"]


def test_CD_Procedure_in_Outline_2_place_transfer_finish_or_track_are_the_choices() -> None:
    game = play(started(), "1", "draw K", "2", "draw X", "11", "take d", "12", "pass", "1", "2", "pass", "1")
    assert envelopes(game)[1] == "dK"
    assert game.legal_actions() == (Take("d"), Take("d", "K"), Track("K"), Pass())


def test_CD_Procedure_in_Outline_3_a_transfer_takes_two_turns_with_the_cards_in_hand_between() -> None:
    game = play(started(), "11", "take d")
    assert hand(game, 1) == "d" and game.view(2)["hand_sizes"]["1"] == 1
    game = play(game, "12", "pass", "7")
    assert hand(game, 1) == "" and envelopes(game)[7] == "d"


def test_CD_Procedure_in_Outline_4_otherwise_a_player_is_empty_handed_between_turns() -> None:
    game = play(started(), "1", "draw K", "2", "draw L", "1", "track K", "11", "pass")
    assert hand(game, 1) == "" and hand(game, 2) == "" and game.turn.seats == (1,)


def test_CD_Procedure_in_Outline_5_only_one_action_in_a_turn() -> None:
    game = play(started(), "1", "draw K", "2", "draw L", "1", "track K")
    assert game.turn.seats == (2,)
    with pytest.raises(IllegalActionError) as caught:
        game.play("take d", seat=1)
    assert caught.value.rule_id == "ENG-1"


# -- Preparation -------------------------------------------------------------------------
def test_CD_Preparation_1_players_begin_holding_their_own_cloak_and_dagger() -> None:
    game = scripted(4, "abcK")
    assert [game.view(s)["hand"] for s in range(1, 5)] == ["dD", "eE", "fF", "gG"]


def test_CD_Preparation_2_the_other_24_cards_are_shuffled_face_down() -> None:
    game = spynb.new_game("cloak-dagger", seats=3, seed=5)
    assert game.view(1)["stack_size"] == 24
    assert "stack_hidden" not in game.view(1).data and len(game.view(None)["stack_hidden"]) == 24


def test_CD_Preparation_3_the_twenty_envelopes_start_empty_and_in_order() -> None:
    assert envelopes(scripted()) == {n: "" for n in range(1, 21)}


def test_CD_Preparation_4_the_earliest_letter_cut_plays_first_after_reshuffling() -> None:
    game = scripted(3, "XKb")
    assert game.turn.seats == (3,) and game.view(1)["first_player"] == 3
    assert game.view(1)["stack_size"] == 24


# -- Examining ---------------------------------------------------------------------------------
def test_CD_Examining_1_players_take_turns_in_order_again_and_again() -> None:
    game = scripted(3, "KaL")  # seat 2 cut the pistol
    order = []
    for envelope in range(1, 7):
        order.append(game.turn.seats[0])
        game.play(str(envelope))
        if game.turn.chance:
            game.play("draw X")
    assert order == [2, 3, 1, 2, 3, 1]


def test_CD_Examining_2_the_first_envelope_gets_the_cloak_and_dagger_and_contents_are_seen() -> None:
    game = play(scripted(), "9")
    assert envelopes(game)[9] == "dD" and hand(game, 1) == ""
    game = play(game, "9")  # seat 2 looks into 9 and sees seat 1's agents
    opened = [e for e in game.view(2)["events"] if e["kind"] == "open" and e["actor"] == 2][-1]
    assert opened["contents"] == "dD" and "opened" not in game.view(1).data


# -- Placing -------------------------------------------------------------------------------------
def test_CD_Placing_1_an_empty_envelope_is_shown_and_filled_from_the_stack_unseen_by_others() -> None:
    game = play(started(), "4")
    assert game.turn.chance
    game = play(game, "draw Y")
    assert envelopes(game)[4] == "Y" and game.view(2)["stack_size"] == 23
    public = [e for e in game.view(2)["events"] if e["kind"] == "place"]
    assert public[-1]["envelope"] == 4
    assert '"Y"' not in seen_by(game, 2) and "drew Y" in seen_by(game, 1)


# -- Starting a Transfer ---------------------------------------------------------------------------
def test_CD_Starting_a_Transfer_1_only_own_agents_or_a_double_agent_may_be_taken_and_shown() -> None:
    game = play(started(), "11", "take d", "12", "pass", "12", "2", "draw X", "12")  # seat 1 finds d e E in 12
    assert envelopes(game)[12] == "deE"
    assert [str(a) for a in game.legal_actions()] == ["take d", "take d+e", "take d+E", "pass"]
    assert refused(game, "take e").rule_id == "CD-6"
    game = play(game, "take d")
    assert [e["shown"] for e in game.view(2)["events"] if e["kind"] == "take"] == ["d", "d"]


def test_CD_Starting_a_Transfer_2_a_second_card_may_come_along_unseen_but_no_more() -> None:
    game = play(started(), "11", "take d+D")
    assert hand(game, 1) == "dD"
    assert "D" not in [e.get("shown") for e in game.view(2)["events"]]
    with pytest.raises(NotationError):
        parse("take d+D+X")


# -- Finishing a Transfer ------------------------------------------------------------------------
def test_CD_Finishing_a_Transfer_1_held_cards_go_into_the_next_envelope_selected() -> None:
    game = play(documents_apart(), "12", "take E", "3", "pass", "3")  # seat 1 only looks at X; seat 2 finishes into 3
    assert envelopes(game)[3] == "EX" and hand(game, 2) == ""


# -- Tracking --------------------------------------------------------------------------------------
def test_CD_Tracking_1_a_hazard_found_may_be_exposed_and_returned_to_the_bottom_of_the_stack() -> None:
    game = play(started(), "1", "draw K", "2", "draw L", "1", "track K")
    assert envelopes(game)[1] == "" and game.view(2)["stack_bottom"] == "K"
    assert game.view(2)["stack_size"] == 23


def test_CD_Tracking_2_holders_must_show_the_tracker_their_next_envelope() -> None:
    game = play(started(3), "1", "draw K", "12", "take e", "13", "take f", "1", "track K")
    assert game.view(1).to_dict()["owed"] == {"2": [1], "3": [1]}
    game = play(game, "7")  # seat 2 finishes into 7
    assert "envelope 7" in seen_by(game, 1) and "envelope 7" not in seen_by(game, 3)


# -- Winning ----------------------------------------------------------------------------------------
def test_CD_Winning_1_documents_and_own_agent_and_no_rival_agent_win_on_replacing() -> None:
    game = play(walk_documents_together(rival_agent=True), "4")
    assert envelopes(game)[4] == "deXYZ" and not game.over  # seat 2's cloak blocks the win
    game = play(walk_documents_together(rival_agent=False), "4")
    assert envelopes(game)[4] == "dXYZ" and game.winners == (1,)


# -- Reminder ---------------------------------------------------------------------------------------
def _public(game: spynb.Game, seat: int, kind: str) -> list[dict]:
    return [e for e in game.view(seat)["events"] if e["kind"] == kind]


def test_CD_Reminder_1_the_envelope_is_shown_when_drawing_for_it() -> None:
    game = play(started(3), "6", "draw N")
    assert [e["envelope"] for e in _public(game, 3, "show_empty")] == [6]


def test_CD_Reminder_2_the_agent_is_shown_when_a_transfer_begins() -> None:
    game = play(started(3), "11", "take D+d")
    assert [e["shown"] for e in _public(game, 2, "take")] == ["D"]
    assert "envelope" not in _public(game, 2, "take")[0]


def test_CD_Reminder_3_the_envelope_is_shown_to_trackers_when_a_transfer_ends() -> None:
    game = play(started(3), "1", "draw K", "12", "take e", "3", "draw X", "1", "track K", "13")
    assert [e["envelope"] for e in _public(game, 1, "shown")] == [13]
    assert _public(game, 3, "shown") == []


def test_CD_Reminder_4_the_hazard_is_shown_when_returned_to_the_stack() -> None:
    game = play(started(), "1", "draw T", "2", "draw X", "1", "track T")
    assert [e["hazard"] for e in _public(game, 2, "track")] == ["T"]


# -- Example --------------------------------------------------------------------------------------
def test_CD_Example_1_collect_by_moving_your_own_cloak_to_a_document_in_two_turns() -> None:
    game = play(started(), "7", "draw X", "12", "pass", "11", "take d")
    assert hand(game, 1) == "d"
    game = play(game, "12", "pass", "7")
    assert envelopes(game)[7] == "dX"


def test_CD_Example_2_later_both_can_be_shifted_together() -> None:
    game = play(started(), "7", "draw X", "9", "draw Z", "11", "take d", "12", "pass", "7", "12", "pass")
    assert envelopes(game)[7] == "dX"
    game = play(game, "7", "take d+X", "12", "pass", "9")
    assert envelopes(game)[7] == "" and envelopes(game)[9] == "dXZ"


def test_CD_Example_3_a_hazard_between_your_turns_reveals_where_you_went() -> None:
    game = play(started(), "7", "draw X", "1", "draw K", "11", "take d", "1", "track K", "7")
    assert [e["envelope"] for e in _public(game, 2, "shown")] == [7]
    assert "d" in game.view(2)["notes"][6]["letters"]  # seat 2 now knows the cloak went to 7


# -- Note Taking -------------------------------------------------------------------------------------
def test_CD_Note_Taking_1_notes_hold_seen_letters_question_marks_and_crossed_out_cards() -> None:
    game = play(started(), "1", "draw K", "2", "draw L", "1", "track K")
    notes = {n["envelope"]: n for n in game.view(1).to_dict()["notes"]}
    assert notes[1]["text"] == "~K~" and notes[1]["gone"] == "K"
    assert (notes[2]["text"], notes[2]["unknown"], notes[2]["seen_turn"]) == ("?", 1, 4)
    assert (notes[20]["text"], notes[20]["seen_turn"]) == ("?", None)
    assert notes[11]["text"] == "d D"


# -- Rulings -------------------------------------------------------------------------------------------
def test_CD_1_seat_agents_the_24_card_stack_and_two_to_six_players() -> None:
    assert sum(STACK_COUNTS.values()) == 24
    assert scripted(6, "abcKLM").view(6)["hand"] == "jJ"
    for seats in (1, 7):
        with pytest.raises(spynb.SpynbError):
            spynb.new_game("cloak-dagger", seats=seats)


def test_CD_2_the_cut_is_a_seeded_chance_event_and_ties_cut_again() -> None:
    a = spynb.new_game("cloak-dagger", seats=5, seed=42)
    b = spynb.new_game("cloak-dagger", seats=5, seed=42)
    assert a.view(None) == b.view(None)
    game = scripted(3, "XXY")
    assert game.turn.chance and [e["kind"] for e in game.view(3)["events"]][-1] == "recut"
    game = play(game, "cut Z", "cut K")
    assert game.turn.seats == (2,)
    state = spynb.new_game("cloak-dagger", seats=2, auto_chance=False).state
    assert dict((str(a), p) for a, p in state.chance_outcomes())["cut X"] == pytest.approx(3 / 24)


def test_CD_3_one_envelope_per_turn_then_at_most_one_action() -> None:
    game = play(started(), "1", "draw K", "2", "draw X", "1")
    error = refused(game, "5")
    assert error.rule_id == "CD-3"
    assert Pass() in game.legal_actions()


def test_CD_4_finishing_is_compulsory_and_the_first_turn_deposits_cloak_and_dagger() -> None:
    game = play(scripted(), "8")
    assert envelopes(game)[8] == "dD" and game.turn.seats == (2,)
    game = play(game, "8")  # seat 2 must deposit into 8 as well, although it is occupied
    assert envelopes(game)[8] == "deDE" and hand(game, 2) == ""


def test_CD_5_placing_is_compulsory_when_possible() -> None:
    game = play(started(), "1")
    assert game.turn.chance and game.legal_actions(1) == ()


def test_CD_6_a_transfer_starts_only_with_an_empty_hand_from_an_allowed_card() -> None:
    game = play(started(3), "11")
    error = refused(game, "take e")
    assert error.rule_id == "CD-6" and "own cloak or dagger" in error.reason
    game = play(game, "take d+D")
    assert game.view(3)["hand_sizes"]["1"] == 2


def test_CD_7_tracking_obligations_accumulate() -> None:
    game = play(started(3), "1", "draw K", "2", "draw L", "13", "take f", "1", "track K", "2", "track L")
    assert game.view(3).to_dict()["owed"] == {"3": [1, 2]}
    game = play(game, "5")  # seat 3 finishes f into 5 and must show both trackers
    for seat in (1, 2, 3):
        assert [e["envelope"] for e in _public(game, seat, "shown")] == [5]
    assert game.view(1).to_dict()["owed"] == {}


def test_CD_8_double_agents_do_not_block_and_only_the_actor_wins() -> None:
    game = play(started(2), "3", "draw X", "4", "draw Y", "5", "draw Z", "6", "draw a")
    game = play(game, "11", "take d", "6", "take a", "5", "3", "5", "take d+Z", "3", "take a+X", "4")
    assert envelopes(game)[4] == "dYZ" and not game.over
    game = play(game, "4")  # seat 2 completes the set with the pistol: seat 2 is acting but has no agent there
    assert envelopes(game)[4] == "adXYZ" and not game.over
    game = play(game, "4")  # seat 1 looks inside with an empty hand …
    assert not game.over
    game = play(game, "pass")  # … and replaces it: the pistol does not block
    assert game.winners == (1,)


def test_CD_9_an_exhausted_stack_stops_placing_and_a_turn_limit_ends_without_winner() -> None:
    game = spynb.new_game("cloak-dagger", seats=2, seed=1, options={"turn_limit": 6})
    while not game.over:
        game.play(game.legal_actions()[0])
    assert game.winners == () and game.view(1)["turn_number"] == 6
    state = started().state
    state.stack_hidden = {card: 0 for card in STACK_COUNTS}
    state.apply(Open(1))
    assert envelopes_of(state)[1] == "" and not state.turn.chance
    assert state.legal_actions() == (Pass(),)  # only examined, like any envelope with nothing to do (CD-3)


def envelopes_of(state: object) -> dict[int, str]:
    return {int(e): c for e, c in state.view(None)["envelopes"].items()}  # type: ignore[attr-defined]


def test_CD_10_notes_are_stamped_with_the_turn_and_hold_only_what_was_seen() -> None:
    game = play(started(), "5", "draw X", "6", "draw Y")
    notes = game.view(1)["notes"]
    assert notes[4]["letters"] == "X" and notes[4]["seen_turn"] == 3
    assert notes[5]["letters"] == "" and notes[5]["unknown"] == 1  # seat 1 saw only that a card went in
    assert "Y" not in json.dumps(notes)

"""A turn of The Target: playing, the reveal, surveillance (rulebook *Play*, *Surveillance Cards*;
TG-3, TG-4, TG-8, TG-FAQ-3, TG-FAQ-4)."""

from __future__ import annotations

import copy

import pytest

from spynb.engine import IllegalActionError
from spynb.target import Play, Resolve, TurnIn

from .helpers import FILL, finish_turn, kinds, play, position, scene, settle


def test_TG_Play_1_all_players_place_one_card_face_down() -> None:
    state = scene(4)
    assert state.stage == "play" and state.turn.seats == (1, 2, 3, 4) and state.turn.simultaneous
    state.apply(Play(state.hands[3][0]), 3)
    assert state.turn.seats == (1, 2, 4) and state.view(1)["played"] == (3,)
    assert state.view(1)["known_plays"] == {} and len(state.hands[3]) == 3


def test_TG_3_everyone_plays_exactly_one_card_the_target_included_also_on_an_hq() -> None:
    state = scene(4, marker=1)
    assert 1 in state.turn.seats
    state.apply(Play(state.hands[1][0]), 1)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Play(state.hands[1][0]), 1)
    assert caught.value.rule_id == "ENG-1"
    on_hq = scene(4, marker="CIA")
    assert on_hq.turn.seats == (1, 2, 3, 4)
    with pytest.raises(IllegalActionError) as caught:
        on_hq.apply(Play("shot"), 2)
    assert caught.value.rule_id == "TG-3" and "do not hold" in caught.value.reason


def test_TG_Play_2_the_player_under_the_marker_receives_the_pile() -> None:
    state = play(scene(4, marker=2), {})
    assert state.stage == "restore"
    assert len(state.hands[2]) == 3 + 4 and state.view(None)["receiver"] == 2


def test_TG_Play_3_the_pile_is_revealed_to_all_and_dealt_with_in_order() -> None:
    state = play(scene(4, {1: ["tailed"], 2: ["deflect-forward"], 3: ["shot"]}), {1: "tailed", 2: "deflect-forward",
                                                                              3: "shot"})
    assert state.stage == "deflect"
    revealed = state.view(4)["revealed"]
    assert sorted(revealed) == sorted(["tailed", "deflect-forward", "shot", state.plays[4]])
    stages = [state.stage]
    while state.stage in ("deflect", "operatives", "espionage"):
        state.apply(Resolve())
        if state.turn.chance:
            break
        stages.append(state.stage)
    assert stages == ["deflect", "operatives"]  # the attack hits the receiver, who now draws
    assert state.stage == "espionage" and state.turn.chance


def test_TG_4_the_pile_is_a_multiset_nobody_knows_who_played_what() -> None:
    state = play(scene(4, {1: ["mole"], 2: ["kevlar"], 3: ["firearms"], 4: ["mole"]}),
                 {1: "mole", 2: "kevlar", 3: "firearms", 4: "mole"})
    for seat in range(1, 5):
        view = state.view(seat)
        assert list(view["revealed"]) == ["firearms", "kevlar", "mole", "mole"]  # sorted, not in play order
        assert dict(view["known_plays"]) == {str(seat): state.plays[seat]}
    assert dict(state.view(None)["plays"]) == {"1": "mole", "2": "kevlar", "3": "firearms", "4": "mole"}


def test_TG_FAQ_4_the_played_cards_are_shuffled_so_submission_order_leaves_no_trace() -> None:
    cards = {1: "mole", 2: "kevlar", 3: "firearms", 4: "defector"}
    first, second = scene(4, {s: [c] for s, c in cards.items()}), scene(4, {s: [c] for s, c in cards.items()})
    for seat in (1, 2, 3, 4):
        first.apply(Play(cards[seat]), seat)
    for seat in (4, 2, 3, 1):
        second.apply(Play(cards[seat]), seat)
    assert first.view(None) == second.view(None)
    assert position(first) == position(second)


def test_a_simultaneous_choice_is_invisible_to_the_others_before_the_reveal() -> None:
    a, b = scene(4, {3: ["mole", "kevlar"]}), scene(4, {3: ["mole", "kevlar"]})
    a.apply(Play("mole"), 3)
    b.apply(Play("kevlar"), 3)
    for seat in (1, 2, 4):
        assert a.view(seat) == b.view(seat)
    assert a.view(3) != b.view(3) and a.view(None) != b.view(None)


def test_TG_Play_4_deflect_is_the_first_step() -> None:
    state = play(scene(4, {2: ["deflect-forward"]}), {2: "deflect-forward"})
    assert state.stage == "deflect" and state.turn.seats == (1,)
    state.apply(Resolve())
    assert state.view(None)["receiver"] == 2 and state.discards["intel"] == {"deflect-forward": 1}


def test_TG_Play_5_operatives_are_the_second_step_and_go_to_their_discard() -> None:
    state = play(scene(4, {2: ["missed"], 3: ["shot"]}), {2: "missed", 3: "shot"})
    assert state.stage == "operatives"
    state.apply(Resolve())
    assert state.discards["operative"] == {"shot": 1, "missed": 1} and state.stage == "restore"


def test_TG_Play_6_surveillance_is_the_third_step() -> None:
    state = play(scene(4, {2: ["wiretapped"]}), {2: "wiretapped"})
    assert state.stage == "espionage"
    state.apply(Resolve())
    assert state.front[1] == ["wiretapped"]


def test_TG_Play_7_intel_on_an_hq_is_the_fourth_step() -> None:
    state = play(scene(4, {1: ["intel-b"]}, marker="KGB"), {1: "intel-b"})
    assert state.deposits["KGB"] == ["intel-b"]
    assert [e.get("stage") for e in state.events if e.kind == "deposit"] == ["intel"]


def test_TG_Play_8_reverse_and_advance_are_noted_for_the_next_turn() -> None:
    state = play(scene(4, {2: ["advance-hq"]}), {2: "advance-hq"})
    assert state.stage == "movement"
    state.apply(Resolve())
    assert state.view(None)["next_target"] == "CIA" and state.target == 1


def test_TG_Play_9_the_target_takes_the_rest_everyone_restores_then_the_marker_moves() -> None:
    state = play(scene(4, {1: ["mole"], 2: ["mole"], 3: ["mole"], 4: ["kevlar"]}),
                 {1: "mole", 2: "mole", 3: "mole", 4: "kevlar"})
    assert state.stage == "restore" and len(state.hands[1]) == 7 and not state.turn.chance
    settle(state)
    assert state.turn.seats == (1, 2, 3, 4)  # TG-S11: every seat not at 4 is asked, whatever its hand holds
    assert all(len(state.hands[s]) == 3 for s in (2, 3, 4))
    finish_turn(state)
    assert state.target == 2 and state.turn_number == 2 and all(len(h) == 4 for h in state.hands[1:])


def test_TG_8_surveilled_players_show_their_card_before_playing() -> None:
    state = scene(5, {1: ["mole"], 2: ["kevlar"]}, front={1: ["staked-out", "wiretapped"]}, marker=2)
    # circle: KGB 1 2 3 CIA 4 5 ; seat 1 shows to 1 seat clockwise (seat 2) and 3 seats clockwise (seat 4)
    assert state.stage == "surveilled" and state.turn.seats == (1,)
    state.apply(Play("mole"), 1)
    assert state.view(2)["known_plays"] == {"1": "mole"} and state.view(4)["known_plays"] == {"1": "mole"}
    assert state.view(3)["known_plays"] == {} and state.view(3)["shown"] == {"1": (2, 4)}
    assert "show" in kinds(state, 2) and "show" not in kinds(state, 3)


def test_TG_8_blown_cover_plays_face_up() -> None:
    state = scene(4, {3: ["mole"]}, front={3: ["blown-cover"]})
    state.apply(Play("mole"), 3)
    for seat in (1, 2, 4):
        assert state.view(seat)["face_up"] == {"3": "mole"} and state.view(seat)["known_plays"] == {"3": "mole"}


def test_TG_FAQ_3_blown_cover_first_then_other_surveillance_then_everyone() -> None:
    state = scene(4, front={1: ["tailed"], 3: ["blown-cover"], 4: ["staked-out"]}, marker=2)
    # from the Target (seat 2) clockwise: 2, CIA, 3, 4, KGB, 1 -> Blown Cover 3; then 4, 1; then seat 2
    order = []
    while state.stage == "surveilled":
        seat = state.turn.seats[0]
        order.append(seat)
        state.apply(Play(state.hands[seat][0]), seat)
    assert order == [3, 4, 1] and state.stage == "play" and state.turn.seats == (2,)
    reversed_play = scene(4, front={1: ["tailed"], 3: ["blown-cover"], 4: ["staked-out"]}, marker=2, direction=-1)
    assert reversed_play.play_order == [3, 1, 4]  # counter-clockwise from seat 2: 2, 1, KGB, 4, 3


def test_TG_S7_surveilled_seats_play_one_at_a_time_and_are_shown_at_once() -> None:
    state = scene(4, {1: ["kevlar"]}, front={1: ["staked-out"], 2: ["tailed"]}, marker=3)
    assert state.play_order == [1, 2] and state.turn.seats == (1,)
    state.apply(Play("kevlar"), 1)
    assert state.turn.seats == (2,) and state.view(2)["known_plays"] == {"1": "kevlar"}  # seen before playing


def test_TG_Surveillance_Cards_1_surveillance_acts_every_turn_until_removed() -> None:
    state = scene(4, front={2: ["staked-out"]})
    for _ in range(2):
        assert state.stage == "surveilled" and state.play_order == [2]
        play(state, {})
        finish_turn(state)
    assert state.front[2] == ["staked-out"]


def test_TG_Surveillance_Cards_2_staked_out_shows_to_the_player_on_the_left() -> None:
    state = play(scene(4, {4: ["mole"]}, front={4: ["staked-out"]}), {4: "mole"})
    assert state.shown == {4: [1]}  # 4 -> KGB HQ skipped -> seat 1


def test_TG_Surveillance_Cards_3_tailed_shows_two_to_the_left() -> None:
    state = play(scene(4, {2: ["mole"]}, front={2: ["tailed"]}), {2: "mole"})
    assert state.shown == {2: [4]}  # 2 -> 3 -> 4 (the CIA HQ is skipped)


def test_TG_Surveillance_Cards_4_wiretapped_shows_three_to_the_left() -> None:
    state = play(scene(5, {1: ["mole"]}, front={1: ["wiretapped"]}), {1: "mole"})
    assert state.shown == {1: [4]}  # circle KGB 1 2 3 CIA 4 5: 1 -> 2 -> 3 -> 4


def test_TG_Surveillance_Cards_5_blown_cover_plays_face_up_and_is_countered_by_explosives_and_chemicals() -> None:
    state = play(scene(4, {2: ["kevlar"]}, front={2: ["blown-cover"]}), {2: "kevlar"})
    assert state.face_up == {2: "kevlar"}
    held = scene(4, {2: ["explosives", "chemicals"]}, front={2: ["blown-cover"]})
    assert any(str(a) == "remove blown-cover with explosives+chemicals" for a in held.legal_actions(2))


def test_an_idle_seat_cannot_play_and_views_say_who_is_pending() -> None:
    state = scene(4, front={2: ["tailed"]})
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Play(state.hands[1][0]), 1)
    assert caught.value.rule_id == "ENG-1"
    assert state.view(1)["to_move"] == (2,) and state.view(1)["stage"] == "surveilled"


def test_sets_while_playing_keep_a_card_to_play() -> None:
    state = scene(4, {1: ["firearms", "martial-arts", "deception", "slip"]}, front={1: ["tailed"]})
    turn_in = TurnIn(("firearms", "martial-arts", "deception"))
    assert turn_in in state.legal_actions(1)
    before = copy.deepcopy(state.hands)
    state.apply(turn_in, 1)
    assert state.hands[1] == ["slip"] and before[1] != state.hands[1]
    assert [str(a) for a in state.legal_actions(1)] == ["play slip"]  # removing the Tailed would leave nothing
    assert FILL

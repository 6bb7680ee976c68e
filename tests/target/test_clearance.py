"""Security clearance (rulebook *Security Clearance*, *Security Clearance Guide*, *Operative
Clearance*, *Intel Clearance*; TG-11, TG-FAQ-1, readings TG-S2, TG-S3, TG-S9)."""

from __future__ import annotations

import pytest

from spynb.engine import IllegalActionError
from spynb.target import Counter, Draw, Play, Remove, TurnIn, parse
from spynb.target.cards import COUNTERS, DECK_COUNTS

from .helpers import finish_turn, play, resolve, restore, scene, settle

TRAINING = ("firearms", "martial-arts", "deception")


def test_TG_Security_Clearance_1_draws_only_from_decks_you_have_clearance_for() -> None:
    state = settle(play(scene(4, {2: ["mole"]}, tokens={3: ["espionage"]}), {2: "mole"}))
    assert state.legal_actions(3) == (Draw("rookie"), Draw("espionage"))
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Draw("intel"), 3)
    assert caught.value.rule_id == "TG-11" and "clearance" in caught.value.reason


def test_TG_Security_Clearance_2_three_rookie_cards_of_one_colour_go_to_the_rookie_discard() -> None:
    state = scene(4, {2: ["kevlar", "chemicals", "kevlar", "mole"]})
    state.apply(TurnIn(("kevlar", "chemicals", "kevlar")), 2)
    assert state.discards["rookie"] == {"kevlar": 2, "chemicals": 1} and state.tokens[2] == ["espionage"]
    with pytest.raises(IllegalActionError) as caught:
        scene(4, {2: ["kevlar", "mole", "french", "german"]}).apply(TurnIn(("kevlar", "mole", "french")), 2)
    assert caught.value.rule_id == "TG-11"


def test_TG_Security_Clearance_Guide_1_training_opens_the_operative_deck() -> None:
    state = scene(4, {3: [*TRAINING, "mole"]})
    state.apply(TurnIn(TRAINING), 3)
    assert state.tokens[3] == ["operative"]


def test_TG_Security_Clearance_Guide_2_materials_open_the_espionage_deck() -> None:
    state = scene(4, {3: ["kevlar", "technology", "audio-visual", "mole"]})
    state.apply(TurnIn(("kevlar", "technology", "audio-visual")), 3)
    assert state.tokens[3] == ["espionage"]


def test_TG_Security_Clearance_Guide_3_contacts_open_the_intel_deck() -> None:
    state = scene(4, {3: ["defector", "informant", "mole", "kevlar"]})
    state.apply(TurnIn(("defector", "informant", "mole")), 3)
    assert state.tokens[3] == ["intel"]
    play(state, {3: "kevlar"})
    settle(state)
    assert Draw("intel") in state.legal_actions(3)


def test_TG_Security_Clearance_Guide_4_a_token_shows_the_clearance_to_all() -> None:
    state = scene(4, {3: ["defector", "informant", "mole", "kevlar"]})
    state.apply(TurnIn(("defector", "informant", "mole")), 3)
    assert all(state.view(seat)["tokens"]["3"] == ("intel",) for seat in (None, 1, 2, 4))


def test_TG_Security_Clearance_Guide_5_languages_give_a_one_time_pass_and_no_token() -> None:
    state = scene(4, {3: ["french", "german", "russian", "kevlar"]})
    state.apply(TurnIn(("french", "german", "russian")), 3)
    assert state.tokens[3] == [] and state.language_pass == [3]
    text = [e for e in state.events if e.kind == "clearance"][-1].text
    assert "no token" in text and "clearance token" not in text
    play(state, {3: "kevlar"})
    settle(state)
    assert state.legal_actions(3)[:4] == (Draw("rookie"), Draw("operative"), Draw("espionage"), Draw("intel"))
    state.apply(Draw("intel"), 3)
    finish_turn(state)
    assert state.language_pass == [] and state.turn_number == 2


def test_TG_S9_the_languages_pass_lasts_until_the_end_of_this_turns_restore() -> None:
    state = scene(4, {3: ["french", "german", "russian", "kevlar"]})
    state.apply(TurnIn(("french", "german", "russian")), 3)
    assert TurnIn(("french", "german", "russian")) not in state.legal_actions(3)
    finish_turn(play(state, {3: "kevlar"}))
    assert state.language_pass == [] and state.view(1)["language_pass"] == ()


def test_TG_Security_Clearance_Guide_6_sets_whoever_is_the_target_and_hands_back_to_four() -> None:
    state = scene(4, {4: [*TRAINING, "mole"]}, marker=1)
    assert TurnIn(TRAINING) in state.legal_actions(4)  # seat 4 is not the Target
    state.apply(TurnIn(TRAINING), 4)
    finish_turn(play(state, {4: "mole"}))
    assert len(state.hands[4]) == 4 and state.target == 2


def test_TG_FAQ_1_sets_may_be_turned_in_at_any_time() -> None:
    state = scene(4, {1: ["firearms", "deception", "explosives", "mole"], 3: ["shot"], 4: [*TRAINING, "kevlar"]})
    state.apply(TurnIn(TRAINING), 4)  # while playing, not being the Target
    play(state, {1: "mole", 3: "shot", 4: "kevlar"})
    assert state.stage == "operatives"  # the Target, at a pause of the resolution
    state.apply(TurnIn(("explosives", "deception", "firearms")))  # any order of the three cards
    assert state.tokens[1] == ["operative"] and state.tokens[4] == ["operative"]
    assert state.stage == "operatives"


def test_TG_11_a_token_is_kept_until_an_attack() -> None:
    state = scene(4, {1: ["mole"], 2: ["shot"]}, tokens={1: ["operative", "intel"]})
    finish_turn(play(state, {1: "mole", 2: "shot"}))
    assert state.tokens[1] == []
    kept = scene(4, tokens={1: ["intel"]})
    for _ in range(3):
        finish_turn(play(kept, {}))
    assert kept.tokens[1] == ["intel"]


def test_TG_S2_any_time_actions_are_offered_to_pending_seats_only() -> None:
    state = scene(4, {2: ["slip"]}, front={2: ["tailed"], 1: ["staked-out"]})
    assert state.turn.seats == (1,)
    assert state.legal_actions(2) == ()  # seat 2 waits for seat 1, who is surveilled and plays first
    state.apply(Play(state.hands[1][0]), 1)
    assert Remove("tailed", ("slip",)) in state.legal_actions(2)


def test_TG_11_a_seat_holding_the_token_may_still_turn_in_a_set_of_that_category() -> None:
    """TG-11 (revised; TG-S3 used to refuse this set as giving nothing)."""
    state = scene(4, {3: [*TRAINING, "mole"]}, tokens={3: ["operative"]})
    assert TurnIn(TRAINING) in state.legal_actions(3)
    state.apply(TurnIn(TRAINING), 3)
    assert state.tokens[3] == ["operative"] and state.hands[3] == ["mole"]  # no second token
    assert state.discards["rookie"] == {"firearms": 1, "martial-arts": 1, "deception": 1}
    clearance = [e for e in state.events if e.kind == "clearance"][-1]
    assert clearance.get("gains") is False and "no second clearance" in clearance.text


def test_TG_11_a_set_already_cleared_restores_the_hand_from_the_decks_it_may_draw_from() -> None:
    state = scene(4, {3: [*TRAINING, "mole"]}, tokens={3: ["operative"]})
    state.apply(TurnIn(TRAINING), 3)
    settle(play(state, {3: "mole"}))
    assert len(state.hands[3]) == 0 and state.legal_actions(3)[:2] == (Draw("rookie"), Draw("operative"))
    for _ in range(4):
        state.apply(Draw("operative"), 3)
        settle(state)
    assert len(state.hands[3]) == 4 and all(c in DECK_COUNTS["operative"] for c in state.hands[3])


def test_TG_S3_a_languages_set_with_an_unused_pass_gives_no_second_pass() -> None:
    languages = ["french", "german", "russian"]
    state = scene(5, {1: [*languages, "kevlar"], **{s: [c] for s, c in zip((2, 3, 4), languages)}})
    state.apply(TurnIn(tuple(languages)), 1)  # type: ignore[arg-type]
    play(state, {1: "kevlar", 2: "french", 3: "german", 4: "russian", 5: "informant"})
    settle(state)
    assert state.stage == "restore" and len(state.hands[1]) == 5 and state.language_pass == [1]
    assert TurnIn(tuple(languages)) in state.legal_actions(1)  # type: ignore[arg-type]
    state.apply(TurnIn(tuple(languages)), 1)  # type: ignore[arg-type]
    assert state.language_pass == [1] and len(state.hands[1]) == 2 and state.tokens[1] == []
    assert [e.get("gains") for e in state.events if e.kind == "clearance"] == [True, False]


def test_TG_Operative_Clearance_1_the_operative_deck_kills_and_protects() -> None:
    from spynb.target.cards import ATTACKS, DECK_COUNTS

    assert set(DECK_COUNTS["operative"]) == {*ATTACKS, "missed"}



def test_TG_Intel_Clearance_1_the_intel_deck_holds_intel_and_cards_that_steer_the_target() -> None:
    from spynb.target.cards import INTEL

    def steered(card: str) -> tuple[object, object]:
        """Who receives seat 3's ``card`` this turn, and who is the Target next turn."""
        state = resolve(play(scene(4, {3: [card]}), {3: card}))
        return state.view(None)["receiver"], finish_turn(state).target

    plain = steered("informant")
    changes = {card: steered(card) != plain for card in DECK_COUNTS["intel"]}
    assert changes == {card: card not in INTEL for card in DECK_COUNTS["intel"]}

def test_restoring_the_target_can_turn_in_a_set_it_just_received() -> None:
    state = scene(4, {1: ["mole"], 2: ["firearms"], 3: ["deception"], 4: ["explosives"]})
    play(state, {1: "mole", 2: "firearms", 3: "deception", 4: "explosives"})
    settle(state)
    turn_in = TurnIn(("firearms", "deception", "explosives"))
    assert turn_in in state.legal_actions(1)
    state.apply(turn_in, 1)
    assert state.tokens[1] == ["operative"]
    restore(state)
    assert len(state.hands[1]) == 4


def test_cards_named_in_any_order_make_the_same_action_kept_in_rulebook_order() -> None:
    assert TurnIn(("kevlar", "chemicals", "kevlar")) == TurnIn(("kevlar", "kevlar", "chemicals"))
    assert str(parse("clear kevlar+chemicals+kevlar")) == "clear kevlar+kevlar+chemicals"
    assert Remove("shot", ("kevlar", "firearms")).using == COUNTERS["shot"]
    paid = Counter("shot", (("pile", "kevlar"), ("hand", "firearms")))
    assert [card for _, card in paid.pay] == list(COUNTERS["shot"]) and ("pile", "kevlar") in paid.pay
    assert Remove("shot", ("slip",)).using == ("slip",)  # not the named pair: as written

"""Resolving the pile, step by step: Deflect, Operatives, Surveillance and Outed, Intel, movement,
restore (rulebook *Play* 1–6 and the card sections; TG-5 … TG-13, TG-FAQ-2, -5, -6)."""

from __future__ import annotations

import pytest

from spynb.engine import IllegalActionError
from spynb.target import Counter, Deal, Discard, Draw, Evade, Play, Remove, Resolve, Reveal
from spynb.target.resolution import next_marker

from .helpers import deal, finish_turn, last, play, resolve, restore, scene, settle

# Four seats sit KGB HQ, 1, 2, CIA HQ, 3, 4 (clockwise).


def _pile(plays: dict[int, str], seats: int = 4, **kwargs: object):  # type: ignore[no-untyped-def]
    return play(scene(seats, {s: [c] for s, c in plays.items()}, **kwargs), plays)


# -- Deflect (step 1) ---------------------------------------------------------------
def test_TG_Deflect_1_the_pile_goes_to_the_player_after_or_before_the_intended_target() -> None:
    forward = resolve(_pile({3: "deflect-forward"}))
    assert forward.view(None)["receiver"] == 2 and len(forward.hands[2]) > 3
    backward = resolve(_pile({3: "deflect-backward"}))
    assert backward.view(None)["receiver"] == 4  # seat 1 back over the KGB HQ to seat 4


def test_TG_Deflect_2_multiple_deflects_combine_and_cancel() -> None:
    combined = resolve(_pile({2: "deflect-forward", 3: "deflect-forward"}))
    assert combined.view(None)["receiver"] == 3  # 1 -> 2 -> (CIA skipped) 3
    cancelled = resolve(_pile({2: "deflect-forward", 3: "deflect-backward"}))
    assert cancelled.view(None)["receiver"] == 1 and last(cancelled, "deflect").get("net") == 0
    net = resolve(_pile({2: "deflect-forward", 3: "deflect-forward", 4: "deflect-backward"}))
    assert net.view(None)["receiver"] == 2 and net.discards["intel"] == {"deflect-forward": 2,
                                                                         "deflect-backward": 1}


def test_TG_Deflect_3_forward_is_the_next_target_backward_the_previous() -> None:
    state = resolve(_pile({1: "deflect-forward"}, marker=2))
    assert state.view(None)["receiver"] == 3
    assert state.view(None)["next_target"] == 3  # TG-5 (revised): the receiver, not the CIA HQ between them


def test_TG_5_deflect_counts_players_only_and_from_an_hq_starts_at_the_neighbour() -> None:
    from_hq = settle(_pile({1: "deflect-forward"}, marker="KGB"))
    assert last(from_hq, "deflect").get("receiver") == "1"
    back_from_hq = settle(_pile({1: "deflect-backward"}, marker="CIA"))
    assert last(back_from_hq, "deflect").get("receiver") == "2"
    assert from_hq.deposits == {"KGB": [], "CIA": []}
    deflected_intel = settle(_pile({1: "deflect-forward", 2: "intel-a"}, marker="KGB"))
    assert "intel-a" in deflected_intel.hands[1] and deflected_intel.deposits["KGB"] == []


def test_TG_S5_forward_follows_the_direction_of_play() -> None:
    state = resolve(_pile({3: "deflect-forward"}, direction=-1))
    assert state.view(None)["receiver"] == 4  # counter-clockwise from seat 1


def test_TG_FAQ_6_after_a_deflect_forward_the_receiver_is_the_next_target() -> None:
    state = finish_turn(_pile({3: "deflect-forward"}))
    assert state.target == 2 and state.turn_number == 2


def test_TG_5_after_a_net_forward_deflect_the_receiver_is_next_even_past_an_hq() -> None:
    """TG-5 (revised): the CIA HQ between seat 2 and seat 3 no longer becomes the next Target."""
    state = finish_turn(_pile({1: "deflect-forward"}, marker=2))
    assert state.target == 3 and state.turn_number == 2
    two_on = finish_turn(_pile({2: "deflect-forward", 4: "deflect-forward"}))  # 1 -> 2 -> (CIA) 3
    assert two_on.target == 3
    from_hq = finish_turn(_pile({2: "deflect-forward"}, marker="KGB"))
    assert from_hq.target == 1


def test_TG_5_after_a_net_backward_deflect_the_marker_moves_on_from_the_intended_target() -> None:
    state = _pile({3: "deflect-backward"})
    state.apply(Resolve())
    assert state.view(None)["receiver"] == 4 and state.view(None)["next_target"] == 2
    finish_turn(state)
    assert state.target == 2


def test_TG_5_deflects_that_cancel_move_the_marker_on_from_the_intended_target() -> None:
    state = finish_turn(_pile({1: "deflect-forward", 3: "deflect-backward"}, marker=2))
    assert last(state, "deflect").get("net") == 0 and state.target == "CIA"


def test_TG_5_a_reverse_in_the_pile_overrides_the_deflect_from_the_intended_target() -> None:
    state = finish_turn(_pile({1: "deflect-forward", 3: "reverse"}, marker=2))
    assert last(state, "deflect").get("receiver") == "3"
    assert state.direction == -1 and state.target == 1  # back from seat 2, not on from seat 3
    even = finish_turn(_pile({1: "deflect-forward", 3: "reverse", 4: "reverse"}, marker=2))
    assert even.direction == 1 and even.target == "CIA"  # a Reverse in the pile overrides, even an even number


def test_TG_5_an_advance_to_hq_in_the_pile_overrides_the_deflect_from_the_intended_target() -> None:
    state = finish_turn(_pile({2: "deflect-forward", 4: "advance-hq"}))
    assert last(state, "deflect").get("receiver") == "2" and state.target == "CIA"


def test_TG_5_with_reverse_and_advance_reverse_comes_first_then_advance_from_the_intended_target() -> None:
    state = finish_turn(_pile({1: "deflect-forward", 3: "reverse", 4: "advance-hq"}, marker=2))
    assert last(state, "deflect").get("receiver") == "3"
    assert state.direction == -1 and state.target == "KGB"


# -- Operatives (step 2) ---------------------------------------------------------------
def test_TG_Attacks_1_an_uncountered_attack_discards_the_hand_and_draws_four_rookies() -> None:
    state = scene(4, {1: ["mole", "intel-a", "slip", "missed"], 2: ["shot"]}, tokens={1: ["intel"]})
    play(state, {1: "mole", 2: "shot"})
    state.apply(Resolve())
    assert state.hands[1] == [] and state.turn.chance
    assert {"intel-a": 1} == state.discards["intel"] and state.discards["operative"] == {"missed": 1, "shot": 1}
    deal(state, "kevlar", "kevlar", "french", "german")
    hand = list(state.hands[1])
    for card in ("kevlar", "kevlar", "french", "german"):
        hand.remove(card)
    assert "intel-a" not in hand and "slip" not in hand  # the old hand is gone; the rest is the pile


def test_TG_Attacks_2_an_attacked_target_returns_every_token() -> None:
    state = _pile({2: "stabbed"}, tokens={1: ["operative", "intel"]})
    state.apply(Resolve())
    assert state.tokens[1] == [] and last(state, "attack").get("tokens") == ("operative", "intel")


def test_TG_Attacks_3_espionage_cards_in_front_stay_after_an_attack() -> None:
    state = _pile({2: "poisoned"}, front={1: ["tailed"]})
    assert state.stage == "surveilled" or state.stage == "operatives"
    state.apply(Resolve())
    assert state.front[1] == ["tailed"]


def test_TG_Attacks_4_each_attack_has_its_own_two_card_counter() -> None:
    state = scene(4, {1: ["deception", "mole"], 2: ["technology"], 3: ["poisoned"]})
    play(state, {1: "mole", 2: "technology", 3: "poisoned"})
    counters = [a for a in state.legal_actions(1) if isinstance(a, Counter)]
    assert counters == [Counter("poisoned", (("hand", "deception"), ("pile", "technology")))]
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Counter("poisoned", (("hand", "deception"), ("pile", "kevlar"))))
    assert caught.value.rule_id == "TG-6" and "Deception + Technology" in caught.value.reason


def test_TG_Attacks_5_missed_avoids_the_attack() -> None:
    state = _pile({2: "missed", 3: "bombed"})
    state.apply(Resolve())
    assert 1 not in {seat for seat, _ in state.draws} and len(state.hands[1]) > 4 and last(state, "operatives")


def test_TG_Attacks_6_shot_stabbed_poisoned_name_their_counters() -> None:
    from spynb.target.cards import COUNTERS

    assert COUNTERS["shot"] == ("firearms", "kevlar") and COUNTERS["stabbed"] == ("martial-arts", "audio-visual")
    assert COUNTERS["poisoned"] == ("deception", "technology")


def test_TG_6_missed_cancels_every_attack_in_the_pile() -> None:
    state = _pile({2: "shot", 3: "stabbed", 4: "missed"}, seats=5)
    assert [a for a in state.legal_actions(1) if isinstance(a, Counter)] == []  # nothing to counter
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Counter("shot", (("hand", "firearms"), ("hand", "kevlar"))))
    assert caught.value.rule_id == "TG-6"
    hand = list(state.hands[1])
    state.apply(Resolve())
    assert state.hands[1][:len(hand)] == hand or set(hand) <= set(state.hands[1])
    assert state.discards["operative"] == {"shot": 1, "stabbed": 1, "missed": 1}
    assert 1 not in {seat for seat, _ in state.draws}


def test_TG_FAQ_2_a_two_card_counter_takes_one_card_from_hand_and_one_from_the_pile() -> None:
    state = scene(4, {1: ["firearms", "mole"], 2: ["kevlar"], 3: ["shot"]})
    play(state, {1: "mole", 2: "kevlar", 3: "shot"})
    counter = Counter("shot", (("hand", "firearms"), ("pile", "kevlar")))
    assert counter in state.legal_actions(1) and str(counter) == "counter shot hand:firearms pile:kevlar"
    state.apply(counter)
    assert "firearms" not in state.hands[1] and "kevlar" not in state.pile and "shot" not in state.pile
    assert state.discards["rookie"] == {"firearms": 1, "kevlar": 1}
    state.apply(Resolve())
    assert 1 not in {seat for seat, _ in state.draws}  # countered: no attack, no redraw


def test_TG_S4_several_uncountered_attacks_hit_once() -> None:
    state = _pile({2: "shot", 3: "stabbed"})
    state.apply(Resolve())
    assert len(state.draws) == 4 and last(state, "attack").get("attacks") == ("shot", "stabbed")


def test_TG_Missed_1_missed_protects_the_target() -> None:
    state = _pile({2: "missed", 3: "shot"}, tokens={1: ["espionage"]})
    state.apply(Resolve())
    assert state.tokens[1] == ["espionage"]


def test_TG_Missed_2_missed_protects_intel_from_bombed() -> None:
    state = settle(_pile({1: "missed", 2: "bombed", 3: "intel-c"}, marker="CIA"))
    assert state.deposits["CIA"] == ["intel-c"]


def test_TG_Bombed_1_bombs_may_hit_a_headquarters() -> None:
    state = settle(_pile({2: "bombed", 3: "intel-c"}, marker="KGB"))
    assert last(state, "operatives").get("bombed") is True


def test_TG_Bombed_2_bombed_on_an_hq_destroys_the_intel_played() -> None:
    state = settle(_pile({2: "bombed", 3: "intel-c", 4: "dirty-a"}, marker="KGB"))
    assert state.deposits["KGB"] == [] and state.discards["intel"] == {"intel-c": 1, "dirty-a": 1}


def test_TG_Bombed_3_with_a_missed_the_intel_is_preserved() -> None:
    state = settle(_pile({1: "missed", 2: "bombed", 3: "intel-c"}, marker="KGB"))
    assert state.deposits["KGB"] == ["intel-c"] and state.discards["operative"] == {"missed": 1, "bombed": 1}


def test_TG_Bombed_4_bombs_never_destroy_earlier_deposits() -> None:
    state = settle(_pile({2: "bombed", 3: "intel-d"}, marker="CIA", deposits={"CIA": ["intel-a"]}))
    assert state.deposits["CIA"] == ["intel-a"] and state.validate() == []


def test_TG_Bombed_5_bombed_on_a_player_is_an_attack_countered_by_explosives_and_chemicals() -> None:
    state = scene(4, {1: ["explosives", "chemicals", "mole"], 3: ["bombed"]})
    play(state, {1: "mole", 3: "bombed"})
    assert Counter("bombed", (("hand", "explosives"), ("hand", "chemicals"))) in state.legal_actions(1)
    hit = _pile({3: "bombed"})
    hit.apply(Resolve())
    assert hit.hands[1] == [] and len(hit.draws) == 4


# -- Surveillance and Outed (step 3) -----------------------------------------------------
def test_TG_Espionage_Clearance_1_espionage_cards_tell_affiliations() -> None:
    from spynb.target.cards import DECK_COUNTS

    assert "outed" in DECK_COUNTS["espionage"] and "tailed" in DECK_COUNTS["espionage"]


def test_TG_Espionage_Clearance_2_surveillance_stays_in_front_until_removed() -> None:
    state = finish_turn(_pile({2: "tailed"}))
    assert state.front[1] == ["tailed"] and state.turn_number == 2
    finish_turn(play(state, {}))
    assert state.front[1] == ["tailed"]


def test_TG_Espionage_Clearance_3_both_named_rookie_cards_remove_a_surveillance_card() -> None:
    state = scene(4, {1: ["martial-arts", "kevlar"]}, front={1: ["tailed"]})
    remove = Remove("tailed", ("martial-arts", "kevlar"))
    assert remove in state.legal_actions(1)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Remove("tailed", ("martial-arts", "chemicals")), 1)
    assert caught.value.rule_id == "TG-7"
    state.apply(remove, 1)
    assert state.front[1] == [] and state.discards["rookie"] == {"martial-arts": 1, "kevlar": 1}


def test_TG_7_pile_evasion_rookie_counters_and_outed() -> None:
    state = scene(4, {1: ["mole", "martial-arts"], 2: ["kevlar"], 3: ["tailed"], 4: ["outed"]})
    play(state, {1: "mole", 2: "kevlar", 3: "tailed", 4: "outed"})
    assert state.stage == "espionage"
    state.apply(Counter("tailed", (("hand", "martial-arts"), ("pile", "kevlar"))))
    state.apply(Resolve())
    assert state.front[1] == ["outed"] and state.stage == "outed"
    assert [str(a) for a in state.legal_actions(1) if isinstance(a, Reveal)] == ["reveal 2", "reveal 3", "reveal 4"]
    state.apply(Reveal(3))
    assert state.view(3)["shown_to_me"] == {"1": "cia"} and state.view(2)["shown_to_me"] == {}
    assert state.view(2)["outed"] == {"1": (3,)}


def test_TG_Evasion_Cards_1_evasion_in_the_pile_cancels_and_both_are_discarded() -> None:
    state = _pile({2: "staked-out", 3: "slip"})
    state.apply(Resolve())
    assert state.front[1] == [] and state.discards["espionage"] == {"staked-out": 1, "slip": 1}


def test_TG_Evasion_Cards_2_the_slip_removes_one() -> None:
    held = scene(4, {1: ["slip"]}, front={1: ["tailed", "wiretapped"]})
    held.apply(Remove("wiretapped", ("slip",)), 1)
    assert held.front[1] == ["tailed"]


def test_TG_Evasion_Cards_3_deep_cover_removes_all() -> None:
    held = scene(4, {1: ["deep-cover"]}, front={1: ["tailed", "wiretapped", "outed"]})
    held.apply(Remove("all", ("deep-cover",)), 1)
    assert held.front[1] == [] and held.discards["espionage"] == {"tailed": 1, "wiretapped": 1, "outed": 1,
                                                                  "deep-cover": 1}
    in_pile = _pile({2: "tailed", 3: "outed", 4: "deep-cover"})
    in_pile.apply(Resolve())
    assert in_pile.front[1] == [] and in_pile.stage == "restore"


def test_TG_S6_fewer_slips_than_cards_the_target_chooses_first() -> None:
    state = _pile({2: "tailed", 3: "blown-cover", 4: "slip"})
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Resolve())
    assert caught.value.rule_id == "TG-S6"
    assert [str(a) for a in state.legal_actions() if isinstance(a, Evade)] == ["evade tailed", "evade blown-cover"]
    state.apply(Evade("blown-cover"))
    state.apply(Resolve())
    assert state.front[1] == ["tailed"]
    unused = _pile({2: "slip", 3: "mole"})
    assert unused.stage == "restore" and "slip" in unused.hands[1]  # an unused Slip goes to the hand


def test_TG_Outed_1_the_outed_target_shows_a_player_of_their_choice() -> None:
    state = _pile({2: "outed"}, affiliations={1: "kgb"})
    state.apply(Resolve())
    state.apply(Reveal(4))
    assert state.view(4)["shown_to_me"] == {"1": "kgb"} and state.outed_seen == {1: {4: "kgb"}}
    assert state.stage == "restore"


def test_TG_Outed_2_outed_never_reveals_to_the_same_player_twice() -> None:
    state = _pile({2: "outed", 3: "outed"}, outed_seen={1: {2: "cia"}})
    state.apply(Resolve())
    assert [a.seat for a in state.legal_actions(1) if isinstance(a, Reveal)] == [3, 4]
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Reveal(2))
    assert caught.value.rule_id == "TG-7" and "new player" in caught.value.reason
    state.apply(Reveal(3))
    assert [a.seat for a in state.legal_actions(1) if isinstance(a, Reveal)] == [4]
    state.apply(Reveal(4))
    assert state.outed_seen[1] == {2: "cia", 3: "cia", 4: "cia"}
    again = _pile({2: "outed"}, outed_seen={1: {2: "cia", 3: "cia", 4: "cia"}})
    again.apply(Resolve())  # everyone has seen it: no effect, no choice
    assert again.stage == "restore" and last(again, "outed_void")


def test_TG_Outed_3_outed_is_countered_only_by_evasion() -> None:
    state = _pile({2: "outed", 3: "slip"})
    state.apply(Resolve())
    assert state.outed_seen == {} and state.front[1] == []
    from spynb.target.cards import COUNTERS

    assert "outed" not in COUNTERS


def test_TG_7_a_double_agent_chooses_the_colour_it_shows() -> None:
    state = _pile({2: "outed"}, affiliations={1: "double-agent"})
    state.apply(Resolve())
    assert {str(a) for a in state.legal_actions(1) if isinstance(a, Reveal)} >= {"reveal 2 as cia",
                                                                                 "reveal 2 as kgb"}
    with pytest.raises(IllegalActionError):
        state.apply(Reveal(2))
    state.apply(Reveal(2, "kgb"))
    assert state.view(2)["shown_to_me"] == {"1": "kgb"}


def test_TG_S8_an_outed_card_in_front_has_no_further_effect() -> None:
    state = _pile({2: "outed"})
    state.apply(Resolve())
    state.apply(Reveal(2))
    finish_turn(state)
    assert state.front[1] == ["outed"] and state.stage == "play" and state.play_order == []


# -- Intel at an HQ (step 4) ------------------------------------------------------------
def test_TG_9_intel_on_an_hq_is_deposited_and_every_other_card_discarded() -> None:
    state = _pile({1: "intel-a", 2: "dirty-b", 3: "tailed", 4: "kevlar"}, marker="CIA")
    assert state.deposits["CIA"] == ["intel-a", "dirty-b"]
    assert state.discards["espionage"] == {"tailed": 1} and state.discards["rookie"] == {"kevlar": 1}
    assert all(len(h) == 3 for h in state.hands[1:]) and state.stage == "restore"
    assert state.view(2)["deposits"]["CIA"] == ("intel-a", "dirty-b")
    deposit = last(state, "deposit")  # the ruling is cited beside the text, which says Intel stays
    assert deposit.rule == "TG-9" and "never lost" in deposit.text and "for good" not in deposit.text


def test_deposited_intel_never_leaves_over_many_turns() -> None:
    from spynb.engine import sample_chance
    import random

    state = settle(_pile({1: "intel-a"}, marker="CIA"))
    rng = random.Random(4)
    for _ in range(400):
        if state.over:
            break
        if state.turn.chance:
            state.apply(sample_chance(state, rng))
        else:
            seat = rng.choice(state.turn.seats)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
        assert state.deposits["CIA"][:1] == ["intel-a"]


# -- Movement (step 5) ------------------------------------------------------------------
def test_TG_Reverse_1_reverse_flips_the_rotation() -> None:
    state = finish_turn(_pile({2: "reverse"}))
    assert state.direction == -1 and state.target == "KGB"


def test_TG_Reverse_2_the_change_takes_place_on_the_next_turn() -> None:
    state = _pile({2: "reverse", 3: "deflect-forward"})
    state.apply(Resolve())
    assert state.view(None)["receiver"] == 2  # this turn's deflect still goes clockwise
    state.apply(Resolve())
    assert state.view(None)["direction"] == "counter-clockwise" and state.view(None)["next_target"] == "KGB"


def test_TG_10_an_even_number_of_reverses_changes_nothing() -> None:
    state = finish_turn(_pile({2: "reverse", 3: "reverse"}, seats=5))
    assert state.direction == 1 and state.target == 2


def test_TG_Advance_to_HQ_1_advance_sends_the_marker_to_the_next_hq() -> None:
    state = finish_turn(_pile({4: "advance-hq"}))
    assert state.target == "CIA"
    again = finish_turn(_pile({4: "advance-hq"}, marker="CIA"))
    assert again.target == "KGB"  # from an HQ: the next one


def test_TG_Advance_to_HQ_2_reverse_is_applied_before_advance() -> None:
    state = finish_turn(_pile({3: "reverse", 4: "advance-hq"}, marker=2))
    assert state.target == "KGB" and state.direction == -1


def test_TG_FAQ_5_deflect_then_reverse_then_advance_in_one_pile() -> None:
    state = _pile({2: "deflect-forward", 3: "reverse", 4: "advance-hq"}, seats=5)
    assert state.stage == "deflect"
    state.apply(Resolve())
    assert state.view(None)["receiver"] == 2 and state.stage == "movement"  # step 1 first
    state.apply(Resolve())
    order = [e.kind for e in state.events if e.kind in ("deflect", "movement")]
    assert order == ["deflect", "movement"]
    assert state.direction == -1 and state.circle[next_marker(state)] == "KGB"  # reverse, then advance
    finish_turn(state)
    assert state.target == "KGB"


# -- Restore (step 6) -------------------------------------------------------------------
def test_TG_12_everyone_ends_the_turn_with_four_cards() -> None:
    state = settle(_pile({1: "mole", 2: "kevlar", 3: "mole", 4: "slip"}))
    assert state.turn.seats == (1, 2, 3, 4) and len(state.hands[1]) == 7  # TG-S11: each seat restores itself
    assert [str(a) for a in state.legal_actions(1)][:2] == ["discard kevlar", "discard defector"]
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Draw("rookie"), 1)
    assert caught.value.rule_id == "TG-12"
    restore(state)
    assert [len(h) for h in state.hands[1:]] == [4, 4, 4, 4] and state.validate() == []


def test_TG_12_draws_with_a_choice_are_the_players_actions() -> None:
    state = settle(_pile({2: "mole"}, tokens={3: ["intel"]}))
    assert 3 in state.turn.seats
    assert state.legal_actions(3) == (Draw("rookie"), Draw("intel"))
    state.apply(Draw("intel"), 3)
    assert state.turn.chance and all(isinstance(a, Deal) for a, _ in state.chance_outcomes())
    assert {a.card for a, _ in state.chance_outcomes()} <= set(state.decks["intel"])


def test_TG_13_an_empty_deck_is_refilled_from_its_discards() -> None:
    state = settle(_pile({2: "mole"}, tokens={3: ["operative"]}))
    state.discards["operative"] = dict(state.decks["operative"])  # white box: move the deck to its discards
    state.decks["operative"] = {}
    state._forget()
    assert Draw("operative") in state.legal_actions(3)
    state.apply(Draw("operative"), 3)
    assert last(state, "reshuffle").get("deck") == "operative"
    assert state.discards["operative"] == {} and sum(state.decks["operative"].values()) == 36
    settle(state)
    assert state.validate() == []


def test_TG_S12_a_seat_with_nothing_to_draw_stops_below_four() -> None:
    state = settle(_pile({2: "mole"}, tokens={3: ["intel"]}))
    state.decks["intel"], state.discards["intel"] = {}, {}
    state.decks["rookie"], state.discards["rookie"] = {}, {}
    state._forget()
    assert 3 not in state.turn.seats
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Draw("intel"), 1)
    assert caught.value.rule_id in ("TG-12", "ENG-1")


def test_TG_S1_steps_with_nothing_to_do_do_not_pause() -> None:
    state = _pile({2: "mole"})
    assert state.stage == "restore"
    paused = _pile({2: "shot"})
    assert paused.stage == "operatives" and paused.turn.seats == (1,)
    assert paused.legal_actions(1)[-1] == Resolve() or Resolve() in paused.legal_actions(1)
    on_hq = _pile({2: "shot", 3: "tailed", 4: "reverse"}, marker="KGB")
    assert on_hq.stage == "restore"  # an HQ decides nothing: every step runs at once, each logged
    steps = [e.kind for e in on_hq.events if e.kind in ("operatives", "espionage", "hq_discard", "movement")]
    assert steps == ["operatives", "espionage", "hq_discard", "movement"]


def test_discarding_is_only_for_a_hand_above_four() -> None:
    state = settle(_pile({2: "mole"}, tokens={3: ["intel"]}))
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Discard(state.hands[3][0]), 3)
    assert caught.value.rule_id == "TG-12"


def test_playing_after_the_reveal_is_refused_with_the_rule() -> None:
    state = _pile({2: "shot"})
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Play(state.hands[1][0]), 1)
    assert caught.value.rule_id == "TG-3"
